"""How much of real PokerStars text :func:`read_pokerstars` reads: every file under the
given folders (or the files given), with ``skip_bad``; the hands each file holds (its
``PokerStars Hand #`` / ``PokerStars Game #`` lines), those accepted, the skipped ones by
cause, the cancelled ones, and the hands read per second (parse and replay, one core).

A file whose text is not all hands (a fragment some parser's tests keep) counts its
stray text as one problem of cause ``"no hand"``: a loss named, never silent. The totals
check that every hand of every file is accepted, skipped by cause or cancelled.

Usage: .venv/bin/python benches/pokerstars_coverage.py PATH [PATH ...]
"""

from __future__ import annotations

import re
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


def main() -> None:
    paths = files(sys.argv[1:])
    causes: Counter[str] = Counter()
    headers = accepted = skipped = cancelled = stray = 0
    seconds = 0.0
    for path in paths:
        text = "".join(line.lstrip("\ufeff") for line in decoded_lines(path))
        count = len(_HEADER.findall(text))
        reader = read_pokerstars(path, skip_bad=True, keep=1000)
        start = time.process_time()
        records = list(reader)
        seconds += time.process_time() - start
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
    print(f"{accepted / seconds:,.0f} hands/s read and replayed (CPU time)" if seconds else "")


if __name__ == "__main__":
    main()
