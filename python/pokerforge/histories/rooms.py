"""Every room's hand histories, one entry point:
[`read_histories()`][pokerforge.histories.read_histories] finds each file's room, layout and client
language, has the core read its hands (``pokerforge._core.rooms_read``: PokerStars' every game,
GGPoker, Winamax, WPN/ACR, 888, PartyPoker, iPoker's and Merge's XML, Bovada/Ignition, Full Tilt and
the rooms that write PokerStars' layout) and replays each with the game layer, as
[`read_phhs()`][pokerforge.histories.read_phhs] does PHH.

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
  amounts in brackets, no total pot or rake written; 888's translated clients write their
  cards in their language (``Hc`` the Dutch king of clubs, ``Knh`` the Swedish jack of
  hearts, ``7p`` the Spanish seven of spades), read by the first language that reads every
  card of the hand; PartyPoker writes a fixed-limit game's bets as its stakes.
- ``IPN`` the iPoker network's XML: each player's stated bet is checked too; ``MRG`` the
  Merge network's XML (Carbon).
- ``FTP`` Full Tilt's older layout (``Full Tilt Poker Game #``), its words as data.

The core checks each hand's actions against the totals its file states (total pot,
rake and fees, what was collected; iPoker: what each player put in) and refuses a hand
that disagrees (``"totals"``), but where the room's own chips explain the difference and
the rest adds up: a jackpot drop WPN's older layout leaves out on its jackpot tables, a
rake BetOnline writes as ``Rake 0.00`` (a tenth of the pot at most), the chips Run It Once
adds to a pot ("STP added"); such a hand says so in ``record.site_convention``. A hand
never dealt (a blind posted and given back) is refused as ``"cancelled"``. What each room
writes and how its reader takes it (currency, rake, uncalled bets, all-ins, the notes its
hands carry, anonymous tables, straddles) is
its row of [`CONVENTIONS`][pokerforge.histories.CONVENTIONS]; a hand paid by one of them (a
disconnected player kept all-in, a hand cashed out) says so in ``record.site_convention``.

No hand is lost from the counts: a hand the core refuses (cut off, without its section
markers, a game it does not know, totals that disagree with its actions) and one the
replay refuses are skipped by cause (``reader.causes``) with ``skip_bad=True``, else
raise [`BadHandError`][pokerforge.errors.BadHandError] naming the file, the hand and the cause.
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
from pokerforge.errors import BadHandError, InvalidHistoryError, InvalidSpecError
from pokerforge.game.phh.conventions import CONVENTIONS
from pokerforge.game.phh.reading import Read
from pokerforge.game.phh.sites import SITES
from pokerforge.histories.groups import currency_code
from pokerforge.histories.phhs import PhhReader
from pokerforge.histories.record import HandRecord

__all__ = ["RoomsReader", "read_histories"]

_INF = Decimal("Infinity")  # PHH's inf: a stack not written
# The fields whose entries are amounts in chips of the hand's places.
_LISTS = ("antes", "blinds_or_straddles", "starting_stacks", "winnings")
_SINGLES = ("small_bet", "big_bet", "bring_in")
_PHH = (".phh", ".phhs")


def _money(chips: int, places: int) -> int | Decimal:
    return chips if places == 0 else Decimal(chips).scaleb(-places)


def phh_doc(fields: dict[str, Any], *, amounts: bool = True) -> dict[str, Any]:
    """The PHH fields of one hand the core read (amounts in the room's money); without the
    amounts the replay takes from the core's reading (``amounts=False``: the stacks, forced
    bets, bets and winnings), for a reader whose records never give them back.

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
    if amounts:
        _amounts(doc, fields, places)
    doc["actions"] = list(fields["actions"])
    doc["players"] = list(fields["players"])
    doc["seats"] = list(fields["seats"])
    number = str(fields["hand"])
    doc["hand"] = int(number) if number.isdigit() else number
    doc["table"] = fields["table"]
    doc["venue"] = fields["venue"]
    room = CONVENTIONS.get(doc["venue"])
    if room is not None and room.limit_short_all_in in ("full-bet", "completes"):
        doc["_limit_short_all_in"] = room.limit_short_all_in  # its rule 18 (CONVENTIONS)
    if fields.get("tournament"):
        doc["tournament"] = fields["tournament"]
    currency = currency_code(fields.get("currency"))
    if currency is not None:
        doc["currency"] = currency
    # What the room wrote beyond PHH's fields (for the hand database): kept under names
    # PHH does not use.
    doc["_time"] = fields.get("time") or ""
    doc["_language"] = fields.get("language")
    for key in ("total_pot", "rake"):
        if fields.get(key) is not None:
            doc[f"_{key}"] = _money(fields[key], places)
    return doc


def _amounts(doc: dict[str, Any], fields: dict[str, Any], places: int) -> None:
    """The amounts of ``phh_doc``, put in ``doc``."""
    for key in _LISTS:
        # A stack the file does not write (a player who joined after the seat lines): inf.
        doc[key] = [_INF if x is None else _money(x, places) for x in fields[key]]
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


class RoomsReader(PhhReader):
    """An iterable over the hands of a history file or folder, read by the core and
    replayed lazily (see [`read_histories()`][pokerforge.histories.read_histories]); ``hands``,
    ``skipped``, ``problems``,
    ``repaired`` and ``coverage`` as for [`PhhReader`][pokerforge.histories.PhhReader], and:

    Attributes:
        causes: the skipped hands by cause (a `collections.Counter`; ``coverage``
            counts them by the file's room, ``"none"`` where no hand starts): the core's
            (``"cut off"``, ``"no sections"``, ``"game"``, ``"totals"``, ...), the
            replay's (``"replay"``) and a PHH file's (the name of its error, as
            [PhhReader.coverage][pokerforge.histories.PhhReader] counts).
        conventions: hands whose room paid otherwise than the rules split them (rake per
            pot, an unequal split, its odd chips), kept as the room paid them with the
            difference in ``record.site_convention``.
        rooms: the hands read by room code (``"PHH"`` for a PHH hand of no known room).
        files: the files read.
        pending: hands held back as still being written (only where the reader holds
            back a file's incomplete last hand, as the hand database's import does).
    """

    lean = False
    """Whether the records' ``fields`` may leave out the amounts the core's reading gives
    the replay (see ``phh_doc``): a reader that keeps rows, not records."""

    hold_last = False
    """Whether a file's last hand, refused as incomplete, is held back as still being
    written (``pending``) rather than skipped: where the file does not end as a finished
    file does (a blank line after its last hand; XML: its root element closed)."""

    def __init__(
        self,
        source: str | Path,
        *,
        skip_bad: bool = False,
        keep: int = 100,
        site: str | None = None,
        repair: bool = False,
    ) -> None:
        written, site = site, None if site is None else site.upper()
        core_room = site
        if site is not None:
            try:
                rooms_read(b"", site)
            except ValueError:
                if site not in SITES:
                    raise InvalidSpecError(
                        f"{written!r} is not a site code: no room the readers know, nor one "
                        f"of PHH's conventions ({', '.join(SITES)})"
                    ) from None
                core_room = None  # a room of PHH's conventions alone: the core detects
        super().__init__(source, skip_bad=skip_bad, keep=keep, site=None, repair=repair)
        self._room = site
        self._core_room = core_room
        self.causes: Counter[str] = Counter()
        self.rooms: Counter[str] = Counter()
        self.files = 0
        self.pending = 0
        self.conventions = 0
        self._file_room = "none"  # the room of the file being read, as coverage counts it

    def _paths(self) -> list[Path]:
        path = Path(self._source) if isinstance(self._source, str | Path) else Path()
        if path.is_dir():
            return sorted(p for p in path.rglob("*") if p.is_file())
        return [path]

    def __iter__(self) -> Iterator[HandRecord]:
        for path in self._paths():
            self.files += 1
            if path.suffix in _PHH:
                yield from self._phh_file(path)
            else:
                yield from self._file(path, path.read_bytes())

    def _known(self, keys: list[tuple[str, str]]) -> set[tuple[str, str]]:
        """The hands of ``keys`` (room, hand number) already had, which are passed over
        before their replay (none here; the hand database's import has its own)."""
        return set()

    def _skip(self, message: str, cause: str, *, mismatch: bool = False, where: Any = None) -> None:
        """Counts (or raises) one refused hand; ``where`` is ``(file, first line, hand
        number)`` where known."""
        if not self._skip_bad:
            raise BadHandError(message, mismatch=mismatch, cause=cause)
        self.skipped += 1
        self.mismatches += mismatch
        self.causes[cause] += 1
        self.coverage.setdefault(self._file_room, Counter())[cause] += 1
        if len(self.problems) < self._keep:
            self.problems.append(message)

    def _phh_file(self, path: Path) -> Iterator[HandRecord]:
        """The hands of a PHH file, read as [`read_phhs()`][pokerforge.histories.read_phhs] does
        (``site=`` where the code is a room of [`SITES`][pokerforge.histories.SITES])."""
        self._file_room = "PHH"
        site = self._room if self._room in SITES else "auto"
        reader = PhhReader(
            path, skip_bad=self._skip_bad, keep=self._keep, site=site, repair=self._repair
        )
        try:
            for record in reader:
                self.rooms[record.site or "PHH"] += 1
                yield record
        except InvalidHistoryError as err:  # the file as a whole (no TOML, no UTF-8)
            if not self._skip_bad or isinstance(err, BadHandError):
                raise
            self._skip(f"{path}: the file was skipped: {err}", type(err).__name__)
        finally:
            self.hands += reader.hands
            self.skipped += reader.skipped
            self.mismatches += reader.mismatches
            self.repaired += reader.repaired
            self.problems += reader.problems[: max(0, self._keep - len(self.problems))]
            for code, counts in reader.coverage.items():
                self.coverage.setdefault(code, Counter()).update(counts)
                self.causes.update({c: k for c, k in counts.items() if c not in _READ})

    def _file(self, path: Path, data: bytes) -> Iterator[HandRecord]:
        self.name = str(path)  # the replay's messages name the file
        room, _, hands = rooms_read(data, self._core_room)
        for item in self._entries(path, data, room, hands, None):
            assert not isinstance(item, list)  # (only the import's reading gives others)
            yield item

    def _held(self, hands: list[Any], data: bytes) -> list[Any]:
        """The file's hands less its last, held back as still being written where the
        reader holds back a file's incomplete last hand (``hold_last``)."""
        if (
            self.hold_last
            and hands
            and hands[-1][0] is False
            and hands[-1][1][0] != "no hand"  # a hand started (else text that is none)
            and not _ends_whole(data)
        ):
            self.pending += 1
            return hands[:-1]
        return hands

    def _count_read(self, run: list[int], rooms: list[str], conventions: list[str | None]) -> None:
        """Counts the hands the core replayed itself, ``run`` (their rooms ``rooms``,
        ``conventions`` where the room paid otherwise than the rules split)."""
        for k in run:
            venue = rooms[k]
            self.hands += 1
            self.rooms[venue] += 1
            counts = self.coverage.get(venue)
            if counts is None:
                counts = self.coverage[venue] = Counter()
            counts["read"] += 1
            if conventions[k] is not None:
                self.conventions += 1
                counts["room's payouts"] += 1

    def _replay_entry(
        self, path: Path, entry: dict[str, Any]
    ) -> tuple[HandRecord, str | None] | None:
        """One hand the core read, replayed by the game layer: its record and why its
        payouts are the room's (where they are), or ``None`` where it is refused."""
        # What the replay reads of the hand, read by the core with the hand (as it
        # would read ``doc``); None: the replay reads ``doc`` itself.
        reading = entry.get("reading")
        read, problem = reading or (None, None)
        doc = phh_doc(entry, amounts=not (self.lean and reading))
        read = _with_added(entry, doc, read)
        try:
            try:
                return self._replay(None, 1, [], doc, read=read, problem=problem), None
            except BadHandError as err:
                if not err.mismatch:
                    raise
                # The room paid otherwise than the rules split (rake per pot, unequal
                # splits, odd chips): the record is the room's, kept as it paid.
                record = self._replay(
                    None, 1, [], {**doc, "_paid_as_recorded": True}, read=read, problem=None
                )
                return record, _convention(str(err))
        except BadHandError as err:
            self._skip(
                str(err),
                "mismatch" if err.mismatch else "replay",
                mismatch=err.mismatch,
                where=(path, None, entry["hand"]),
            )
            return None

    def _entries(
        self, path: Path, data: bytes, room: str | None, hands: list[Any], fast: Any
    ) -> Iterator[HandRecord | list[int]]:
        """The file's hands as the core read them (`rooms_read`): each replayed into its
        record, or refused; the hands the core replayed itself (`rooms_import`: entries
        ``(None, k)``, their rows in ``fast``, the `k`-th) are counted and given as a list
        of their ``k`` for each run of them in a row."""
        self._file_room = room or "none"
        hands = self._held(hands, data)
        rooms, numbers, conventions = _fast_keys(fast)
        known = self._known(
            [
                (rooms[e], numbers[e]) if ok is None else (e["venue"], str(e["hand"]))
                for ok, e in hands
                if ok is None or (ok and e["variant"] is not None)
            ]
        )
        run: list[int] = []  # hands replayed by the core, in a row
        for ok, entry in hands:
            if ok is None:
                if not known or (rooms[entry], numbers[entry]) not in known:
                    run.append(entry)
                continue
            if run:
                self._count_read(run, rooms, conventions)
                yield run
                run = []
            if not ok:
                cause, first_line, _, number, message = entry
                self._skip(f"{path}: {message}", cause, where=(path, first_line, number))
                continue
            if known and (entry["venue"], str(entry["hand"])) in known:
                continue
            if entry["variant"] is None:
                self._skip(
                    f"{path} (hand {entry['hand']}): {entry['game_text']} is read but not yet "
                    "replayed",
                    "game",
                    where=(path, None, entry["hand"]),
                )
                continue
            replayed = self._replay_entry(path, entry)
            if replayed is None:
                continue
            record, convention = replayed
            notes = entry.get("notes", ())
            paid = convention is not None or any(n[0] in _PAID_NOTES for n in notes)
            noted = _noted(entry)
            if noted is not None:
                convention = noted if convention is None else f"{convention}; {noted}"
            self.hands += 1
            self.rooms[entry["venue"]] += 1
            counts = self.coverage.get(entry["venue"])
            if counts is None:
                counts = self.coverage[entry["venue"]] = Counter()
            counts["read"] += 1
            if record.repaired:
                self.repaired += 1
                counts["repaired"] += 1
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
                convention,
            )
            if paid:
                self.conventions += 1
                counts["room's payouts"] += 1
        if run:
            self._count_read(run, rooms, conventions)
            yield run


_READ = ("read", "repaired", "room's payouts")


def _fast_keys(fast: Any) -> tuple[list[str], list[str], list[str | None]]:
    """The rooms, numbers and conventions of the hands the core replayed (none where
    ``fast`` is ``None``)."""
    if fast is None:
        return [], [], []
    hands = fast["hands"]
    return hands["room"], hands["hand"], hands["site_convention"]


def _with_added(entry: dict[str, Any], doc: dict[str, Any], read: Read | None) -> Read | None:
    """The chips the room added to a hand's pot (its ``added`` note: a Cash Drop, a splash)
    put back in the pot for the replay (``doc``'s ``_added``) and in the winnings of the
    player paid them, which the core's record leaves out; returns ``read`` so changed.
    (In the pot they count in a pot-limit game's maxima, as the room counted them.)"""
    for kind, player, chips in entry.get("notes", ()):
        if kind != "added":
            continue
        places = int(entry["places"])
        doc["_added"] = _money(chips, places)
        if doc.get("winnings") is not None:
            won = list(doc["winnings"])
            won[player] += _money(chips, places)
            doc["winnings"] = won
        if read is not None and read[6] is not None:
            chips_won = list(read[6])
            chips_won[player] += chips
            read = (*read[:6], chips_won, *read[7:])
    return read


def _convention(mismatch: str) -> str:
    """Why a hand's payouts are the room's: the replay's difference, as the mismatch says
    it (``p3 0.18 in the record, 0.17 in the replay``)."""
    said = mismatch.split("disagrees with the replay: ", 1)[-1]
    return f"the room paid otherwise than the rules split: {said}"


# The notes whose hands were paid by a convention of the room's (its row of CONVENTIONS,
# counted in `conventions`), and those said in `site_convention` (with a record the room
# leaves short: a joiner's stack).
_PAID_NOTES = ("all-in protected", "cashed out", "added", "unwritten fee")
_CONVENTION_NOTES = (*_PAID_NOTES, "joined")


def _noted(entry: dict[str, Any]) -> str | None:
    """What the room's conventions did to a hand, as its notes say (a disconnected player
    kept all-in, a hand cashed out), in the words of its row of
    [`CONVENTIONS`][pokerforge.histories.CONVENTIONS]; ``None`` where nothing.

    Examples:
        >>> _noted({"venue": "IPN", "players": ["Ann", "Bob"], "places": 2,
        ...     "notes": [("all-in protected", 1, 229)]})
        'iPoker kept Bob all-in for what was put in when disconnected (stack 2.29)'
        >>> _noted({"venue": "GG", "players": ["Ann", "Bob"], "places": 2,
        ...     "notes": [("added", 0, 20)]})
        "GGPoker added 0.20 to the pot, paid to Ann beyond the players' pot"
        >>> _noted({"venue": "WPN", "players": ["Ann", "Bob"], "places": 2,
        ...     "notes": [("unwritten fee", None, 25)]})
        'WPN/ACR took 0.25 from the pot that its summary does not write'
    """
    room = CONVENTIONS.get(entry["venue"])
    said = [
        room.describe(
            kind,
            "" if player is None else entry["players"][player],
            str(chips) if kind == "joined" else str(_money(chips, int(entry["places"]))),
        )
        for kind, player, chips in entry.get("notes", ())
        if room is not None and kind in _CONVENTION_NOTES and kind in room.notes
    ]
    return "; ".join(said) or None


def _ends_whole(data: bytes) -> bool:
    """Whether a file ends as a finished one does: its last hand followed by a blank line
    (a room writes one or more after each hand), or an XML file's root element closed."""
    head = data.lstrip()
    if head.startswith(b"<"):
        tags = [t for t in head.split(b"<")[1:] if t[:1] not in (b"?", b"!")]
        if not tags:
            return False
        root = tags[0].split(b">")[0].split()[0] if tags[0].split(b">")[0].split() else b""
        return data.rstrip().endswith(b"</" + root + b">")
    tail = data.rstrip(b" \t\r")
    return tail.endswith(b"\n\n") or tail.endswith(b"\n\r\n")


def read_histories(
    path_or_folder: str | Path,
    site: str | None = None,
    repair: bool = False,
    *,
    skip_bad: bool = False,
    keep: int = 100,
) -> RoomsReader:
    """The hands of a history file, or of every file in a folder (and its subfolders),
    each file's room found from its first lines, replayed one at a time as
    [`HandRecord`][pokerforge.histories.HandRecord] objects (``record.site`` the room's code).
    PHH files (``.phh``, ``.phhs``) among them are read as
    [`read_phhs()`][pokerforge.histories.read_phhs] reads them.

    Args:
        path_or_folder: a file or a folder.
        site: a room's code (``"PS"``, ``"GG"``, ...): every hand is read by that room's
            row of the core's table, without detecting the room (a skin that writes
            another room's layout); PHH files take the room's conventions where
            [`SITES`][pokerforge.histories.SITES] has it. ``None`` (the default) finds each
            file's room.
        repair: a record paying nothing to any player still in the hand gets its winnings
            from the replay where the replay decides them (``record.repaired``), as
            [`read_phhs()`][pokerforge.histories.read_phhs] does; otherwise it is a bad hand.
        skip_bad: count and skip the hands that cannot be read or replayed
            (``reader.causes``) instead of raising.
        keep: how many messages of skipped hands to keep (``reader.problems``).

    Raises:
        InvalidSpecError: ``site`` is no room code the readers know.
        BadHandError: (while iterating, without ``skip_bad``) a hand the core refuses, or
            one the replay refuses or whose recorded result disagrees with it.
    """
    return RoomsReader(path_or_folder, skip_bad=skip_bad, keep=keep, site=site, repair=repair)
