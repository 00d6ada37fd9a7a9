"""Coverage of every room's reader on a folder of real hand histories (the fixture folders
of public parsers, or a player's own files): per room and game, the hands the files hold,
those the core reads with exactly the file's totals, those the game layer then replays,
and the rest refused by cause; "lost" (hands neither read nor refused) must be 0.

Usage: python benches/rooms_coverage.py FOLDER [FOLDER ...]
"""

from __future__ import annotations

import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

from pokerforge._core import rooms_read
from pokerforge.histories.rooms import RoomsReader


def main(folders: list[str]) -> int:
    files = sorted(p for folder in folders for p in Path(folder).rglob("*") if p.is_file())
    read: Counter[tuple[str, str]] = Counter()
    refused: dict[str, Counter[str]] = defaultdict(Counter)
    hands = 0
    start = time.perf_counter()
    for path in files:
        room, _, entries = rooms_read(path.read_bytes())
        for ok, entry in entries:
            hands += 1
            if ok:
                read[(entry["venue"], entry["game"])] += 1
            else:
                refused[room or "?"][entry[0]] += 1
    seconds = time.perf_counter() - start
    replay = RoomsReader(folders[0], skip_bad=True) if len(folders) == 1 else None
    replayed: Counter[str] = Counter()
    if replay is not None:
        for record in replay:
            replayed[record.site or "?"] += 1
    print(f"{len(files)} files, {hands} hands, read by the core in {seconds:.2f} s")
    print(f"{'room':6} {'game':18} {'read':>6}")
    for (room, game), count in sorted(read.items()):
        print(f"{room:6} {game:18} {count:6}")
    for room, causes in sorted(refused.items()):
        line = ", ".join(f"{cause} {n}" for cause, n in sorted(causes.items()) if n)
        print(f"{room:6} refused: {line}")
    if replay is not None:
        print(f"replayed by the game layer: {dict(sorted(replayed.items()))}")
        print(f"skipped by the replay: {dict(sorted(replay.causes.items()))}")
    lost = hands - sum(read.values()) - sum(sum(c.values()) for c in refused.values())
    print(f"lost: {lost}")
    return 0 if lost == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
