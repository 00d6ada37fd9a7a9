"""Coverage of every room's reader on a folder of real hand histories (the fixture folders
of public parsers, or a player's own files): per room and game, the hands the files hold,
those the core reads with exactly the file's totals, those the game layer then replays
(as the file paid them, or with the room's payouts noted), and the rest refused by cause;
"lost" (hands neither read nor refused) must be 0.

The rate is the replayed hands over the dealt ones (cancelled hands, dealt to nobody, and
text where no hand starts are not dealt). A hand the core refuses is counted under the game
its first line names (``?`` where it names none the script knows: an XML hand).

Usage: python benches/rooms_coverage.py FOLDER [--list ROOM]

``--list ROOM`` also prints each of that room's refused or replay-skipped hands: file, line,
cause and message.
"""

from __future__ import annotations

import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from pokerforge._core import rooms_read
from pokerforge.histories.rooms import RoomsReader

# The game a refused hand's first line names (the first phrase found, in this order).
_GAMES = (
    ("courchevel hi/lo", "courchevel-hilo"),
    ("courchevel", "courchevel"),
    ("6+ hold'em", "short-deck"),
    ("6+ holdem", "short-deck"),
    ("short deck", "short-deck"),
    ("shortdeck", "short-deck"),
    ("razz", "razz"),
    ("badugi", "badugi"),
    ("triple draw 2-7", "2-7-triple-draw"),
    ("2-7 triple draw", "2-7-triple-draw"),
    ("triple draw a-5", "a-5-triple-draw"),
    ("a-5 triple draw", "a-5-triple-draw"),
    ("single draw 2-7", "2-7-single-draw"),
    ("2-7 single draw", "2-7-single-draw"),
    ("5 card draw", "five-card-draw"),
    ("stud hi/lo", "stud-hilo"),
    ("stud h/l", "stud-hilo"),
    ("stud", "stud"),
    ("omaha hi/lo", "omaha-hilo"),
    ("omaha h/l", "omaha-hilo"),
    ("omaha", "omaha"),
    ("plo", "omaha"),
    ("hold'em", "holdem"),
    ("holdem", "holdem"),
)
# Refusals of hands nobody was dealt (or of text that holds no hand).
_UNDEALT = ("cancelled", "no hand")


def _game(line: str) -> str:
    low = line.lower()
    return next((game for words, game in _GAMES if words in low), "?")


class _Tracked(RoomsReader):
    """The reader, with each replay-skipped hand's place kept."""

    def __init__(self, folder: str) -> None:
        super().__init__(folder, skip_bad=True)
        self.skips: list[tuple[str, Any, str, str]] = []

    def _skip(self, message: str, cause: str, *, mismatch: bool = False, where: Any = None) -> None:
        super()._skip(message, cause, mismatch=mismatch, where=where)
        if where is not None and where[1] is None:  # the replay's (the core's have a line)
            self.skips.append((str(where[0]), str(where[2]), cause, message))


def main(args: list[str]) -> int:
    show = args[args.index("--list") + 1] if "--list" in args else None
    folders = [
        a for i, a in enumerate(args) if a != "--list" and (i == 0 or args[i - 1] != "--list")
    ]
    files = sorted(p for folder in folders for p in Path(folder).rglob("*") if p.is_file())
    read: Counter[tuple[str, str]] = Counter()
    refused: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    games: dict[tuple[str, str], tuple[str, str]] = {}  # (file, hand) -> (room, game)
    listed: list[str] = []
    hands = 0
    start = time.perf_counter()
    for path in files:
        data = path.read_bytes()
        room, _, entries = rooms_read(data)
        lines: list[str] | None = None
        for ok, entry in entries:
            hands += 1
            if ok:
                read[(entry["venue"], entry["game"])] += 1
                games[(str(path), str(entry["hand"]))] = (entry["venue"], entry["game"])
                continue
            cause, first_line, line, _, message = entry
            if lines is None:
                lines = data.decode("utf-8", "replace").splitlines()
            head = lines[first_line - 1] if 0 < first_line <= len(lines) else ""
            key = (room or "?", _game(head))
            refused[key][cause] += 1
            if show == key[0]:
                listed.append(f"{path}:{line or first_line}: {cause}: {message}")
    seconds = time.perf_counter() - start
    replay = _Tracked(folders[0]) if len(folders) == 1 else None
    replayed: Counter[tuple[str, str]] = Counter()
    noted: Counter[tuple[str, str]] = Counter()
    skipped: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    if replay is not None:
        for record in replay:
            number = record.fields.get("hand", record.number)
            key = games.get((record.source, str(number)), (record.site or "?", "?"))
            replayed[key] += 1
            noted[key] += record.site_convention is not None
        for source, number, cause, message in replay.skips:
            key = games.get((source, number), ("?", "?"))
            skipped[key][cause] += 1
            if show == key[0]:
                listed.append(f"{source} (hand {number}): {cause}: {message}")
    print(f"{len(files)} files, {hands} hands, read by the core in {seconds:.2f} s")
    keys = sorted(set(read) | set(refused) | set(skipped) | set(replayed))
    print(
        f"{'room':5} {'game':16} {'dealt':>5} {'read':>5} {'played':>6} {'noted':>5} "
        f"{'rate':>6}  refused / skipped by the replay"
    )
    totals: dict[str, Counter[str]] = defaultdict(Counter)
    for key in keys:
        undealt = sum(refused[key][c] for c in _UNDEALT)
        dealt = read[key] + sum(refused[key].values()) - undealt
        row = Counter(dealt=dealt, read=read[key], played=replayed[key], noted=noted[key])
        totals[key[0]].update(row)
        causes = refused[key] + skipped[key]
        print(_row(key[0], key[1], row, causes))
    print("per room:")
    for room, row in sorted(totals.items()):
        print(_row(room, "all", row, Counter()))
    if replay is not None:
        print(f"skipped by the replay: {dict(sorted(replay.causes.items()))}")
    lost = hands - sum(read.values()) - sum(sum(c.values()) for c in refused.values())
    print(f"lost: {lost}")
    for line in listed:
        print(line)
    return 0 if lost == 0 else 1


def _row(room: str, game: str, row: Counter[str], causes: Counter[str]) -> str:
    rate = f"{100 * row['played'] / row['dealt']:5.1f}%" if row["dealt"] else "     -"
    said = ", ".join(f"{cause} {n}" for cause, n in sorted(causes.items()) if n)
    return (
        f"{room:5} {game:16} {row['dealt']:5} {row['read']:5} {row['played']:6} "
        f"{row['noted']:5} {rate}  {said}"
    )


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
