"""How much of real PokerStars text :func:`read_pokerstars` reads: every file under the
given folders (or the files given), with ``skip_bad``; the hands each file holds (its
``PokerStars Hand #`` / ``PokerStars Game #`` lines), those accepted, the skipped ones by
cause, the cancelled ones, and the hands read per second (parse and replay, one core).

A file whose text is not all hands (a fragment some parser's tests keep) counts its
stray text as one problem of cause ``"no hand"``: a loss named, never silent. The totals
check that every hand of every file is accepted, skipped by cause or cancelled.

Usage: .venv/bin/python benches/pokerstars_coverage.py [--repeat N] PATH [PATH ...]
(the speed: every file read N times over, default 20; the median and best rounds).
"""

from __future__ import annotations

import re
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from pokerforge.histories import read_pokerstars
from pokerforge.histories.encoding import decoded_lines

_HEADER = re.compile(r"^PokerStars (?:Home Game |Zoom )?(?:Hand|Game) #\d+:", re.MULTILINE)


def files(paths: list[str]) -> list[Path]:
    """The ``.txt`` files under each path (a folder), or the path itself (a file)."""
    found: list[Path] = []
    for name in paths:
        path = Path(name)
        found += sorted(path.rglob("*.txt")) if path.is_dir() else [path]
    return found


def speed(paths: list[Path], repeat: int) -> tuple[float, float]:
    """Hands read and replayed per CPU second over every file: (median, best) of rounds."""
    rates = []
    for _ in range(repeat):
        start = time.process_time()
        hands = sum(len(list(read_pokerstars(p, skip_bad=True))) for p in paths)
        rates.append(hands / (time.process_time() - start))
    return statistics.median(rates), max(rates)


def main() -> None:
    args = sys.argv[1:]
    repeat = 20
    if args[:1] == ["--repeat"]:
        repeat, args = int(args[1]), args[2:]
    paths = files(args)
    causes: Counter[str] = Counter()
    headers = accepted = skipped = cancelled = stray = 0
    for path in paths:
        text = "".join(line.lstrip("\ufeff") for line in decoded_lines(path))
        count = len(_HEADER.findall(text))
        reader = read_pokerstars(path, skip_bad=True, keep=1000)
        records = list(reader)
        extra = reader.causes["no hand"]
        if len(records) + reader.skipped - extra + reader.cancelled != count:
            raise SystemExit(
                f"{path}: {count} hands, but {reader.hands} read, "
                f"{reader.skipped} skipped, {reader.cancelled} cancelled"
            )
        headers += count
        accepted += len(records)
        skipped += reader.skipped - extra
        cancelled += reader.cancelled
        stray += extra
        causes.update(reader.causes)
        for problem in reader.problems:
            print(f"  {problem[:160]}")
    dealt = headers - cancelled
    print(
        f"files {len(paths)}, hands {headers}: accepted {accepted} "
        f"({100 * accepted / max(dealt, 1):.1f} % of the {dealt} dealt), "
        f"skipped {skipped}, cancelled {cancelled}; files' text outside hands {stray}"
    )
    print("causes:", ", ".join(f"{cause} {n}" for cause, n in causes.most_common()) or "none")
    median, best = speed(paths, repeat)
    print(f"{median:,.0f} hands/s median, {best:,.0f} best, read and replayed (CPU time)")


if __name__ == "__main__":
    main()
