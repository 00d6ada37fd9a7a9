"""PokerStars text hand histories of any year: Hold'em and Omaha (hi and hi-lo; four or five
cards), no-limit, pot-limit and fixed-limit, cash games (Zoom too) and tournaments, into
replayed hands (and so into PHH).

A PokerStars file holds hands one after another, each starting with a line
``PokerStars Hand #...`` (``PokerStars Game #...`` before about 2010) and laid out in
sections (seats and forced bets, ``*** HOLE CARDS ***``, ``*** FLOP ***``, ``*** TURN
***``, ``*** RIVER ***``, ``*** SHOW DOWN ***``, ``*** SUMMARY ***``). Each hand becomes
the fields of a PHH hand (amounts in the file's money, ``????`` for cards nobody showed,
``winnings`` from the ``collected`` lines) and is replayed by
`pokerforge.game.phh.replay()`, which checks every action and the recorded result.

What the room writes, and how the replay takes it:

- **Encodings**: UTF-8 (with or without a byte-order mark), UTF-16 and the cp1252 of older
  clients, detected line by line ([`pokerforge.histories.encoding`][pokerforge.histories.encoding]);
  bytes that are no text are a problem of their hand, never an exception that stops the file.
- **Forced bets**: antes; the small and big blind; a big blind posted by a player coming
  in (live) and a missed small blind (``posts small & big blinds``: the small blind dead),
  as PHH's ``_posts`` (rule 29b); a dead small blind; a straddle left of the big blind.
  A player the seat line calls *sitting out* who still posts (tournaments deal to absent
  players) is dealt in: his chips stay in the pot.
- **Fixed-limit**: the first line's stakes are the small and big bet; the big blind is the
  small bet. **Capped no-limit** (``$20 Cap``): a player who has put the cap in is all-in,
  so each stack plays up to the cap.
- **Rake**: PokerStars rakes every pot in proportion to its size; a hand with raked side
  pots is replayed with ``Rake(split="proportional")`` (PHH ``_rake_split``), and when
  the record disagrees, with the main pot raked first (a rake at its cap: in the fixtures,
  the $5 of a $300/$600 hand came from the main pot alone); the record must agree with one
  of them exactly.
- **Shown cards**: a player who shows one card of two keeps the other unknown.
- **Run it twice**: the streets of each board (``*** FIRST RIVER ***``, ``*** SECOND
  RIVER ***``, ...) are dealt runout after runout, and the hand replays with the board
  run that many times (rule 26b), each pot split between the boards.
- **Not replayed, counted by cause** (``reader.causes``, with ``skip_bad``): games
  other than Hold'em and Omaha (``"game"``), a hand cashed out (``"cash out"``), bytes
  that are no text (``"encoding"``), forced bets no rule explains (``"blinds"``), text
  that no hand header starts (``"no hand"``), a record that disagrees with the replay
  (``"mismatch"``: the collected amounts, or the summary's total pot and rake, which are
  checked too).
  Cancelled hands are counted apart (``reader.cancelled``).

Examples:
    >>> text = '''PokerStars Hand #1001:  Hold'em No Limit ($0.50/$1 USD) - 2024/01/02 10:00:00 ET
    ... Table 'Alpha' 6-max Seat #1 is the button
    ... Seat 1: Ann ($100 in chips)
    ... Seat 2: Bob ($80.50 in chips)
    ... Seat 3: Cid ($120 in chips)
    ... Bob: posts small blind $0.50
    ... Cid: posts big blind $1
    ... *** HOLE CARDS ***
    ... Dealt to Ann [Ah Kd]
    ... Ann: raises $2 to $3
    ... Bob: folds
    ... Cid: folds
    ... Uncalled bet ($2) returned to Ann
    ... Ann collected $2.50 from pot
    ... *** SUMMARY ***
    ... Total pot $2.50 | Rake $0
    ... '''
    >>> [record] = read_pokerstars(text.splitlines())
    >>> record.number, record.players, record.hand.net, record.hand.chip_value
    (1001, ('Ann', 'Bob', 'Cid'), (150, -50, -100), Decimal('0.01'))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

from pokerforge.errors import BadHandError, PokerStarsError
from pokerforge.game.phh.reading import Problem, Read
from pokerforge.histories.encoding import Undecodable, check_encoding, decoded_lines
from pokerforge.histories.phhs import PhhReader, _Table
from pokerforge.histories.pokerstars_hand import (
    START,
    Money,
    hand_fields,
    parse_pokerstars,
    read_hand,
)
from pokerforge.histories.record import HandRecord

__all__ = ["PokerStarsError", "PokerStarsReader", "parse_pokerstars", "read_pokerstars"]


def _cancelled(chunk: list[str]) -> bool:
    return any(line.startswith("Hand cancelled") for line in chunk)


def _blank(chunk: list[str]) -> bool:
    return not any(line.strip(" \t\r\n\ufeff") for line in chunk)


def _hands(lines: Iterable[str]) -> Iterator[tuple[int, list[str]]]:
    """``(first line number, lines)`` of each hand: a hand starts at its first line. Text
    before the first hand (not blank) comes as a chunk of its own, which no hand starts:
    a file cut in the middle of a hand is a named problem, never read as no hands."""
    chunk: list[str] = []
    start = 1
    for number, line in enumerate(lines, 1):
        text = line.lstrip("\ufeff")
        if text.startswith("PokerStars ") and START.match(text):
            if start > 1 or not _blank(chunk):
                yield start, chunk
            chunk, start = [line if isinstance(line, Undecodable) else text], number
        else:
            chunk.append(line)
    if not _blank(chunk):
        yield start, chunk


class PokerStarsReader(PhhReader):
    """An iterable over the hands of a PokerStars file, replayed lazily (see
    [`read_pokerstars()`][pokerforge.histories.read_pokerstars]); ``hands``, ``skipped``,
    ``mismatches``, ``problems`` as for
    [`PhhReader`][pokerforge.histories.PhhReader], and:

    Attributes:
        cancelled: hands the room cancelled (no cards dealt, nothing won): counted, never
            replayed, neither read nor skipped.
        causes: the skipped hands by cause (a `collections.Counter`): ``"run it
            twice"``, ``"game"``, ``"encoding"``, ``"blinds"``, ``"mismatch"``, ...
    """

    def __init__(
        self,
        source: str | Path | Iterable[str],
        *,
        encoding: str | None = None,
        skip_bad: bool = False,
        keep: int = 100,
    ) -> None:
        super().__init__(source, skip_bad=skip_bad, keep=keep)
        self._encoding = check_encoding(encoding)
        self.cancelled = 0
        self.causes: Counter[str] = Counter()
        self._cause = "replay"
        self._fields: dict[str, Any] | None = None  # the fields of the hand last read
        self._summary: tuple[Money, Money] | None = None  # and its total pot and rake

    def __iter__(self) -> Iterator[HandRecord]:
        if isinstance(self._source, str | Path):
            yield from self._records(decoded_lines(self._source, self._encoding))
        else:
            yield from self._records(self._source)

    def _tables(self, lines: Iterable[str]) -> Iterator[_Table]:
        for start, chunk in _hands(lines):
            if _cancelled(chunk):
                self.cancelled += 1
                continue
            yield None, start, chunk, None, None, None

    def _parse(self, chunk: Any) -> dict[str, Any]:
        self._cause, self._fields, self._summary = "replay", None, None
        try:
            hand = read_hand(chunk)
            self._summary = hand.summary
            self._fields = hand_fields(hand)
        except PokerStarsError as err:
            self._cause = err.cause
            raise
        return self._fields

    def _replay(
        self,
        name: str | None,
        first_line: int,
        chunk: Any,
        doc: dict[str, Any] | None,
        *,
        read: Read | None,
        problem: Problem | None,
    ) -> HandRecord:
        try:
            record = self._checked(
                super()._replay(name, first_line, chunk, doc, read=read, problem=problem),
                first_line,
            )
        except BadHandError as err:
            fields = self._fields
            if not (err.mismatch and fields is not None and "_rake_split" in fields):
                self._count(err)
                raise
            # A rake at its cap comes from the main pot first (see the module's notes): the
            # record must then agree with that split, exactly.
            main_first = {k: v for k, v in fields.items() if k != "_rake_split"}
            try:
                record = self._checked(
                    super()._replay(name, first_line, chunk, main_first, read=None, problem=None),
                    first_line,
                )
            except BadHandError:
                self._count(err)
                raise err from None
        return record

    def _count(self, err: BadHandError) -> None:
        if self._skip_bad:
            self.causes["mismatch" if err.mismatch else self._cause] += 1

    def _checked(self, record: HandRecord, first_line: int) -> HandRecord:
        """The record, whose replay must have the summary's total pot and rake."""
        hand = record.hand
        if self._summary is None or not (hand.is_over and hand.result_known):
            return record
        unit = hand.chip_value
        rake = hand.rake * unit
        total = sum(hand.payouts) * unit + rake
        want_total, want_rake = (Decimal(x) for x in self._summary)
        if (total, rake) != (want_total, want_rake):
            raise BadHandError(
                f"{self.name} (hand {record.number}), from line {first_line}: the summary's "
                f"total pot {want_total} and rake {want_rake} are not the replay's "
                f"{total} and {rake}",
                mismatch=True,
            )
        return record


def read_pokerstars(
    source: str | Path | Iterable[str],
    *,
    encoding: str | None = None,
    skip_bad: bool = False,
    keep: int = 100,
) -> PokerStarsReader:
    """The hands of a PokerStars text hand history (a path, or its lines), replayed one at a
    time as [`HandRecord`][pokerforge.histories.HandRecord] objects; export one to PHH with
    [`pokerforge.game.phh.to_phh()`][pokerforge.game.phh.to_phh] (``record.to_phh()``).

    Args:
        source: a path, or the file's lines (text).
        encoding: the file's encoding; ``None`` detects UTF-8 (with or without a
            byte-order mark), UTF-16 and cp1252, line by line
            ([`pokerforge.histories.encoding`][pokerforge.histories.encoding]).
        skip_bad: count and skip bad hands (``reader.skipped``, by cause in
            ``reader.causes``) instead of raising.
        keep: how many messages of skipped hands to keep (``reader.problems``).

    Raises:
        PokerStarsError: ``encoding`` is no text encoding Python knows (at once).
        BadHandError: (while iterating, without ``skip_bad``) a hand that cannot be read,
            replayed, or whose collected amounts disagree with the replay; a line whose
            bytes are no text in the encoding.
    """
    return PokerStarsReader(source, encoding=encoding, skip_bad=skip_bad, keep=keep)
