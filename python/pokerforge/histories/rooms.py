"""Every room's hand histories, one entry point: :func:`read_histories` finds each file's
room, layout and client language, has the core read its hands
(``pokerforge._core.rooms_read``: PokerStars' every game, GGPoker, Winamax, WPN/ACR,
888, PartyPoker, iPoker's and Merge's XML, Bovada/Ignition, Full Tilt and the rooms that
write PokerStars' layout) and replays each with the game layer, as
:func:`~pokerforge.histories.read_phhs` does PHH.

The rooms and layouts the core reads (each room's conventions are a row of its table,
``rust/core/src/rooms/table.rs``; a translated client's words a row of
``rust/core/src/rooms/languages.rs``):

- ``PS`` PokerStars (cash, Zoom, tournaments, home games; the English and Portuguese
  clients), every game: Hold'em, Omaha (4, 5, 6 cards, hi-lo), 6+ Hold'em, Courchevel,
  stud, stud hi-lo, razz, 2-7 single and triple draw, five-card draw, badugi, mixed games.
- ``GG`` GGPoker (``PLO-5``, ``ShortDeck``, straddles, missed blinds posted dead),
  ``WPN`` Winning Poker Network/ACR (winnings from the summary's ``won`` lines), ``WMX``
  Winamax (total pot written after rake, uncalled bets paid with the pot), ``FTP``,
  ``RIO``, ``PM``, ``PB``, ``BOL`` (Full Tilt, Run It Once, PokerMaster, PokerBros,
  BetOnline): PokerStars' text layout.
- ``BOV`` Bovada, Ignition and Bodog: PokerStars' layout in their own words; players
  named by position, seats not dealt in listed, no rake written.
- ``888`` 888poker (Pacific, Cassava) and ``PTY`` PartyPoker: the ``#Game No`` layout,
  amounts in brackets, no total pot or rake written.
- ``IPN`` the iPoker network's XML: each player's stated bet is checked too; ``MRG`` the
  Merge network's XML (Carbon).
- ``FTP`` Full Tilt's older layout (``Full Tilt Poker Game #``), its words as data.

The core checks each hand's actions against the totals its file states (total pot,
rake and fees, what was collected; iPoker: what each player put in) and refuses a hand
that disagrees (``"totals"``).

No hand is lost from the counts: a hand the core refuses (cut off, without its section
markers, a game it does not know, totals that disagree with its actions) and one the
replay refuses are skipped by cause (``reader.causes``) with ``skip_bad=True``, else
raise :class:`~pokerforge.errors.BadHandError` naming the file, the hand and the cause.
Games the core reads that the engine does not play (no row of the variant table) are
refused with the cause ``"game"``.

Examples:
    >>> import tempfile
    >>> from pathlib import Path
    >>> text = '''PokerStars Hand #1001:  Hold'em No Limit ($0.50/$1 USD) - 2024/01/02 ET
    ... Table 'Alpha' 6-max Seat #1 is the button
    ... Seat 1: Ann ($100 in chips)
    ... Seat 2: Bob ($80.50 in chips)
    ... Seat 3: Cid ($120 in chips)
    ... Bob: posts small blind $0.50
    ... Cid: posts big blind $1
    ... *** HOLE CARDS ***
    ... Ann: raises $2 to $3
    ... Bob: folds
    ... Cid: folds
    ... Uncalled bet ($2) returned to Ann
    ... Ann collected $2.50 from pot
    ... *** SUMMARY ***
    ... Total pot $2.50 | Rake $0
    ... '''
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "hands.txt").write_text(text)
    >>> reader = read_histories(folder)
    >>> [(r.site, r.players, r.hand.net) for r in reader]
    [('PS', ('Ann', 'Bob', 'Cid'), (15, -5, -10))]
    >>> reader.hands, reader.rooms
    (1, Counter({'PS': 1}))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

from pokerforge._core import rooms_read
from pokerforge.errors import BadHandError
from pokerforge.histories.phhs import PhhReader
from pokerforge.histories.record import HandRecord

__all__ = ["RoomsReader", "read_histories"]

# The fields whose entries are amounts in chips of the hand's places.
_LISTS = ("antes", "blinds_or_straddles", "starting_stacks", "winnings")
_SINGLES = ("small_bet", "big_bet", "bring_in")


def _money(chips: int, places: int) -> int | Decimal:
    return chips if places == 0 else Decimal(chips).scaleb(-places)


def phh_doc(fields: dict[str, Any]) -> dict[str, Any]:
    """The PHH fields of one hand the core read (amounts in the room's money).

    Examples:
        >>> doc = phh_doc({"variant": "NT", "places": 2, "antes": [0, 0],
        ...     "blinds_or_straddles": [50, 100], "starting_stacks": [8240, 19700],
        ...     "winnings": [0, 150], "actions": ["d dh p1 ????", "d dh p2 ????", "p1 f"],
        ...     "players": ["Ann", "Bob"], "seats": [1, 2], "hand": "7", "table": "T",
        ...     "venue": "PS"})
        >>> doc["starting_stacks"], doc["min_bet"], doc["hand"]
        ([Decimal('82.40'), Decimal('197.00')], Decimal('1.00'), 7)
    """
    places = int(fields["places"])
    doc: dict[str, Any] = {"variant": fields["variant"]}
    for key in _LISTS:
        doc[key] = [_money(x, places) for x in fields[key]]
    for key in _SINGLES:
        if fields.get(key) is not None:
            doc[key] = _money(fields[key], places)
    if "small_bet" not in doc:
        blinds = fields["blinds_or_straddles"]
        big = blinds[1] if len(blinds) > 2 and blinds[1] else max(blinds, default=0)
        if big:
            doc["min_bet"] = _money(big, places)
    if fields.get("_posts"):
        doc["_posts"] = [
            [p, _money(live, places), _money(dead, places)] for p, live, dead in fields["_posts"]
        ]
    doc["actions"] = list(fields["actions"])
    doc["players"] = list(fields["players"])
    doc["seats"] = list(fields["seats"])
    number = str(fields["hand"])
    doc["hand"] = int(number) if number.isdigit() else number
    doc["table"] = fields["table"]
    doc["venue"] = fields["venue"]
    if fields.get("tournament"):
        doc["tournament"] = fields["tournament"]
    return doc


class RoomsReader(PhhReader):
    """An iterable over the hands of a history file or folder, read by the core and
    replayed lazily (see :func:`read_histories`); ``hands``, ``skipped``, ``problems`` as
    for :class:`~pokerforge.histories.PhhReader`, and:

    Attributes:
        causes: the skipped hands by cause (a :class:`collections.Counter`): the core's
            (``"cut off"``, ``"no sections"``, ``"game"``, ``"totals"``, ...) and the
            replay's (``"mismatch"``, ``"replay"``).
        rooms: the hands read by room code.
        files: the files read.
    """

    def __init__(self, source: str | Path, *, skip_bad: bool = False, keep: int = 100) -> None:
        super().__init__(source, skip_bad=skip_bad, keep=keep, site=None)
        self.causes: Counter[str] = Counter()
        self.rooms: Counter[str] = Counter()
        self.files = 0

    def _paths(self) -> list[Path]:
        path = Path(self._source) if isinstance(self._source, str | Path) else Path()
        if path.is_dir():
            return sorted(p for p in path.rglob("*") if p.is_file())
        return [path]

    def __iter__(self) -> Iterator[HandRecord]:
        for path in self._paths():
            self.files += 1
            yield from self._file(path)

    def _skip(self, message: str, cause: str, *, mismatch: bool = False) -> None:
        if not self._skip_bad:
            raise BadHandError(message, mismatch=mismatch, cause=cause)
        self.skipped += 1
        self.mismatches += mismatch
        self.causes[cause] += 1
        if len(self.problems) < self._keep:
            self.problems.append(message)

    def _file(self, path: Path) -> Iterator[HandRecord]:
        _, _, hands = rooms_read(path.read_bytes())
        for ok, entry in hands:
            if not ok:
                cause, _, _, _, message = entry
                self._skip(f"{path}: {message}", cause)
                continue
            if entry["variant"] is None:
                self._skip(
                    f"{path} (hand {entry['hand']}): {entry['game_text']} is read but not yet "
                    "replayed",
                    "game",
                )
                continue
            doc = phh_doc(entry)
            try:
                record = self._replay(None, 1, [], doc, read=None, problem=None)
            except BadHandError as err:
                self._skip(
                    f"{path}: {err}",
                    "mismatch" if err.mismatch else "replay",
                    mismatch=err.mismatch,
                )
                continue
            self.hands += 1
            self.rooms[entry["venue"]] += 1
            yield HandRecord(
                record.hand,
                record.players,
                record.number,
                str(path),
                record.table,
                record.fields,
                entry["venue"],
                record.repaired,
                record.stacks_known,
            )


def read_histories(
    path_or_folder: str | Path, *, skip_bad: bool = False, keep: int = 100
) -> RoomsReader:
    """The hands of a history file, or of every file in a folder (and its subfolders),
    each file's room found from its first lines, replayed one at a time as
    :class:`~pokerforge.histories.HandRecord` objects (``record.site`` the room's code).

    Args:
        path_or_folder: a file or a folder.
        skip_bad: count and skip the hands that cannot be read or replayed
            (``reader.causes``) instead of raising.
        keep: how many messages of skipped hands to keep (``reader.problems``).

    Raises:
        BadHandError: (while iterating, without ``skip_bad``) a hand the core refuses, or
            one the replay refuses or whose recorded result disagrees with it.
    """
    return RoomsReader(path_or_folder, skip_bad=skip_bad, keep=keep)
