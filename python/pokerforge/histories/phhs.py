"""Reading many PHH hands: ``.phhs`` files stream lazily, one ``[n]`` table at a time.

A ``.phhs`` file holds many hands, each a TOML table (``[1]``, ``[2]``, ...). The public
dataset's files run to tens of megabytes, so [`read_phhs()`][pokerforge.histories.read_phhs] never
loads a whole file: it reads it a block at a time and hands each block to the core's PHH reader
(``pokerforge._core.phh_tables``, Rust, without the GIL), which cuts out the tables, reads
their one-line ``key = value`` fields (the form the dataset uses; anything else falls back
to `tomllib`) and reads each hand's amounts, actions and cards once (the one reader of
PHH fields and actions). The game layer
then replays the hand (`pokerforge.game.phh.replay()`), which owns every rule. A
bad hand raises [`BadHandError`][pokerforge.errors.BadHandError] naming the file, the table, the
hand number and the line, or, with ``skip_bad=True``, is counted and skipped.

Examples:
    >>> text = '''[1]
    ... variant = 'NT'
    ... antes = [0, 0]
    ... blinds_or_straddles = [0.50, 1]
    ... starting_stacks = [82.40, 197]
    ... actions = ['d dh p1 ????', 'd dh p2 ????', 'p2 f']
    ... hand = 3017241370
    ... players = ['Ann', 'Bob']
    ... winnings = [1.50, 0]
    ... '''
    >>> [record] = read_phhs(text.splitlines(keepends=True))
    >>> record.number, record.players, record.hand.chip_value, record.hand.stacks
    (3017241370, ('Ann', 'Bob'), Decimal('0.01'), (8290, 19650))
"""

from __future__ import annotations

import io
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from itertools import islice
from operator import methodcaller
from pathlib import Path
from typing import Any

from pokerforge._core import phh_fields, phh_has_header, phh_tables
from pokerforge.errors import BadHandError, InvalidHistoryError, RecordMismatchError
from pokerforge.game.phh import Read, toml_fields
from pokerforge.game.phh.reading import Problem
from pokerforge.game.phh.replay import replay_record
from pokerforge.game.phh.sites import Site, site_for, site_named
from pokerforge.histories.record import HandRecord

__all__ = ["BadHandError", "PhhReader", "parse_table", "read_phhs"]

_BLOCK = 1 << 20  # characters of a file read at a time
_MOST_LINES = 1 << 14  # lines of an iterable source joined at a time, at most
_ENDS_LINE = methodcaller("endswith", "\n")

# One table as the core reads it: (name, first line, text, fields or None when they need
# tomllib, what the replay reads, or what is wrong with the fields; both None when the
# fields need tomllib). Readers of other formats give their own text (lines) and no fields,
# reading or problem.
_Table = tuple[str | None, int, Any, dict[str, Any] | None, Read | None, Problem | None]


def _fields(text: str) -> dict[str, Any]:
    """The fields of one table's text: the core's reader, else `tomllib`."""
    doc = phh_fields(text)
    if doc is not None:
        return dict(doc)
    if text and not text.endswith("\n"):
        text += "\n"
    return toml_fields(text, "valid TOML")


def parse_table(lines: list[str]) -> dict[str, Any]:
    """One hand's fields from its lines (without the ``[n]`` header).

    Floats come back as `Decimal`, exactly as written.

    Raises:
        InvalidHistoryError: the lines are not valid TOML.

    Examples:
        >>> parse_table(["variant = 'NT'", "starting_stacks = [247.10, 14.60, 200]"])
        {'variant': 'NT', 'starting_stacks': [Decimal('247.10'), Decimal('14.60'), 200]}
    """
    return _fields("".join(line if line.endswith("\n") else line + "\n" for line in lines))


def _file_blocks(file: io.TextIOBase) -> Iterator[str]:
    while block := file.read(_BLOCK):
        yield block


def _line_blocks(lines: Iterable[str]) -> Iterator[str]:
    """Lines joined into blocks: 8 lines first, then twice as many each time, so that the
    first hands of a source read line by line (perhaps endless) come at once."""
    source = iter(lines)
    size = 8
    while batch := list(islice(source, size)):
        if not all(map(_ENDS_LINE, batch)):  # a line without its newline (the last, often)
            batch = [line if line.endswith("\n") else line + "\n" for line in batch]
        yield "".join(batch)
        size = min(2 * size, _MOST_LINES)


def _read_tables(blocks: Iterable[str]) -> Iterator[_Table]:
    """Every table of the text made of ``blocks``, read by the core a block at a time.

    The text of the table still open is kept in pieces and joined once, when a header
    closes it (or the text ends): joining it to each new block, and cutting it again, took
    time growing with the square of a long table's length.
    """
    open_text: list[str] = []  # whole lines from the open table's header (or the start)
    open_line: list[str] = []  # the pieces of a line not yet ended
    line = 1  # the line number of the open text's first line
    try:
        for block in blocks:
            cut = block.rfind("\n") + 1
            if not cut:
                open_line.append(block)
                continue
            lines = block[:cut]
            if open_line:
                lines = "".join([*open_line, lines])
                open_line.clear()
            if cut < len(block):
                open_line.append(block[cut:])
            if not phh_has_header(lines):
                open_text.append(lines)
                continue
            open_text.append(lines)
            tables, rest, line = phh_tables("".join(open_text), line, False)
            open_text = [rest]
            yield from tables
        tables, _, _ = phh_tables("".join(open_text + open_line), line, True)
    except UnicodeDecodeError:  # a file's bytes that are no UTF-8: its reader names them
        raise
    except ValueError:  # the core reads UTF-8 only
        raise InvalidHistoryError("the text holds a lone surrogate, which is no text") from None
    yield from tables


# Bytes that are no UTF-8, as ``surrogateescape`` keeps them (U+DC80 to U+DCFF).
_ESCAPED = re.compile("[\udc80-\udcff]")


class _Escapes(io.TextIOBase):
    """A file opened with ``surrogateescape``, read a block at a time as the core's reader
    takes it: each byte that is no UTF-8 becomes U+FFFD (one character for one, so every
    line and offset stays), and the lines that held one are noted, with their bytes."""

    def __init__(self, file: io.TextIOBase) -> None:
        self._file = file
        self._line = 1
        self.bad: dict[int, bytes] = {}

    def read(self, size: int | None = -1) -> str:
        block = self._file.read(size)
        for found in _ESCAPED.finditer(block):
            line = self._line + block.count("\n", 0, found.start())
            self.bad[line] = self.bad.get(line, b"") + found.group().encode(
                "utf-8", "surrogateescape"
            )
        self._line += block.count("\n")
        return _ESCAPED.sub("\ufffd", block) if self.bad else block

    def check(self, source: str, table: str | None, first_line: int, lines: int) -> None:
        """Refuses the hand of ``lines`` lines from ``first_line`` if one held such bytes.

        Raises:
            BadHandError: naming the file, the table, the line and the bytes.
        """
        for line in range(first_line, first_line + lines):
            if line in self.bad:
                where = "" if table is None else f" [{table}]"
                raise BadHandError(
                    f"{source}{where}, from line {first_line}: the bytes "
                    f"{self.bad[line][:8].hex(' ')} on line {line} are not UTF-8 text (PHH "
                    "files are UTF-8)"
                )


def _body_lines(body: str) -> list[str]:
    """A table's text as its lines, each ending in a newline but perhaps the last."""
    parts = body.split("\n")
    return [part + "\n" for part in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


class PhhReader:
    """An iterable over the hands of one PHH source, replayed lazily (see
    [`read_phhs()`][pokerforge.histories.read_phhs]).

    Attributes:
        hands: hands read so far.
        skipped: bad hands skipped so far (with ``skip_bad``).
        mismatches: of those, hands whose recorded result disagrees with the replay.
        repaired: hands read whose record paid nobody, their winnings inferred from the
            replay (with ``repair``).
        problems: the first ``keep`` messages of skipped hands.
        coverage: by site code (``"PHH"`` for a hand of no known room): ``"read"`` (hands
            read), ``"repaired"``, and the hands skipped by the cause of each
            ([`BadHandError.cause`][pokerforge.errors.BadHandError.cause]).
    """

    def __init__(
        self,
        source: str | Path | Iterable[str],
        *,
        skip_bad: bool = False,
        keep: int = 100,
        site: str | Site | None = "auto",
        repair: bool = False,
    ) -> None:
        self._source = source
        self._skip_bad = skip_bad
        self._keep = keep
        self.name = str(source) if isinstance(source, str | Path) else "<lines>"
        # "auto": each hand's room from its venue, else the file's name; None: none.
        self._site = site if site in ("auto", None) else site_named(site)
        self._repair = repair
        self.hands = 0
        self.skipped = 0
        self.mismatches = 0
        self.repaired = 0
        self.problems: list[str] = []
        self.coverage: dict[str, Counter[str]] = {}
        self._failed_site: Site | None = None  # the room of the hand being replayed

    def __iter__(self) -> Iterator[HandRecord]:
        try:
            if isinstance(self._source, str | Path):
                # Skipping bad hands, bytes that are no UTF-8 spoil only the hand that
                # holds them (a whole file was once refused over one byte): they are
                # kept as escapes here and that hand is refused by name.
                errors = "surrogateescape" if self._skip_bad else "strict"
                with open(self._source, encoding="utf-8", errors=errors) as lines:
                    yield from self._records(lines)
            else:
                yield from self._records(self._source)
        except UnicodeDecodeError as err:
            # A file's bytes that are no UTF-8 (a file the caller opened too): once "a lone
            # surrogate", naming neither the file nor the bytes.
            bad = err.object[err.start : min(err.end, err.start + 8)]
            where = f"{self._source}: " if isinstance(self._source, str | Path) else ""
            raise InvalidHistoryError(
                f"{where}the bytes {bad.hex(' ')} are not UTF-8 text (PHH files are UTF-8)"
            ) from None

    def _escaped(self, lines: Iterable[str]) -> Iterable[str]:
        """The source, the bytes kept as escapes (see ``__iter__``) given to the core's
        reader as U+FFFD (it reads valid text only) and their lines noted."""
        if not self._skip_bad or not isinstance(lines, io.TextIOBase):
            return lines
        return _Escapes(lines)

    def _parse(self, chunk: Any) -> dict[str, Any]:
        """The PHH fields of one hand the core's reader left to `tomllib`."""
        return _fields(chunk)

    def _tables(self, lines: Iterable[str]) -> Iterator[_Table]:
        """The hands of the source: ``(name, first line, text, fields, read)``; an open file
        is read a block at a time, other sources line by line."""
        if isinstance(lines, io.TextIOBase):
            return _read_tables(_file_blocks(lines))
        return _read_tables(_line_blocks(lines))

    def _records(self, lines: Iterable[str]) -> Iterator[HandRecord]:
        coverage = self.coverage
        source = self._escaped(lines)
        for name, first_line, chunk, doc, read, problem in self._tables(source):
            try:
                if isinstance(source, _Escapes) and isinstance(chunk, str):
                    source.check(self.name, name, first_line, chunk.count("\n") + 1)
                record = self._replay(name, first_line, chunk, doc, read=read, problem=problem)
            except BadHandError as err:
                if not self._skip_bad:
                    raise
                self.skipped += 1
                self.mismatches += err.mismatch
                site = self._failed_site
                code = "PHH" if site is None else site.code
                counts = coverage.get(code)
                if counts is None:
                    counts = coverage[code] = Counter()
                counts[err.cause] += 1
                if len(self.problems) < self._keep:
                    self.problems.append(str(err))
                continue
            self.hands += 1
            code = record.site or "PHH"
            counts = coverage.get(code)
            if counts is None:
                counts = coverage[code] = Counter()
            counts["read"] += 1
            if record.repaired:
                self.repaired += 1
                counts["repaired"] += 1
            yield record

    def _site_of(self, doc: dict[str, Any] | None) -> Site | None:
        """The room of a hand with the fields ``doc`` (as ``site=`` says)."""
        site = self._site
        if site is None or isinstance(site, Site):
            return site
        return site_for(doc or {}, self.name)

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
        fields: dict[str, Any] = {}
        site = None
        try:
            site = self._site_of(doc) if doc is not None else None
            self._failed_site = site
            fields = self._parse(chunk) if doc is None else doc
            if doc is None:
                self._failed_site = site = self._site_of(fields)
            hand, seat_of, repaired = replay_record(
                fields,
                chunk,
                first_line=first_line,
                read=read,
                problem=problem,
                winnings="collected" if site is None else site.winnings,
                repair=self._repair,
            )
        except InvalidHistoryError as err:
            table = "" if name is None else f" [{name}]"
            number = fields.get("hand")
            label = f" (hand {number})" if number is not None else ""
            raise BadHandError(
                f"{self.name}{table}{label}, from line {first_line}: {err}",
                mismatch=isinstance(err, RecordMismatchError),
                cause=type(err).__name__,
            ) from None
        return HandRecord._seated(
            hand,
            fields,
            seat_of,
            source=self.name,
            table=name,
            site=None if site is None else site.code,
            repaired=repaired,
            stacks_known=None if read is None else None not in read[1],
        )


def _tables(lines: Iterable[str]) -> Iterator[tuple[str | None, int, list[str]]]:
    """``(table name or None, first line number, lines)`` for each hand of a PHH source."""
    for name, first_line, body, *_ in _read_tables(_line_blocks(lines)):
        yield name, first_line, _body_lines(body)


def read_phhs(
    source: str | Path | Iterable[str],
    *,
    skip_bad: bool = False,
    keep: int = 100,
    site: str | Site | None = "auto",
    repair: bool = False,
) -> PhhReader:
    """The hands of a ``.phh`` or ``.phhs`` file (or of its lines), replayed one at a time.

    Args:
        source: a path, or an iterable of lines (an open file, a list).
        skip_bad: count and skip bad hands instead of raising.
        keep: how many messages of skipped hands to keep (``reader.problems``).
        site: whose conventions the records follow (`pokerforge.histories.sites`):
            ``"auto"`` finds each hand's room from its ``venue`` field, else from the
            file's name; a code (``"PTY"``) or a [`Site`][pokerforge.histories.Site]
            applies that room's to every hand; ``None`` reads every hand by the standard.
        repair: a record paying nothing to any player still in the hand
            ([`UnpaidPotError`][pokerforge.errors.UnpaidPotError]) gets its winnings from the replay
            where the replay decides them (``record.repaired``); otherwise it is a bad
            hand.

    Returns:
        A [`PhhReader`][pokerforge.histories.PhhReader]: iterate it for
        [`HandRecord`][pokerforge.histories.HandRecord] objects; afterwards its ``hands``,
        ``skipped`` and ``mismatches`` say how it went.

    Raises:
        BadHandError: (while iterating, without ``skip_bad``) a hand that cannot be read or
            replayed, or whose recorded result disagrees with the replay.
    """
    return PhhReader(source, skip_bad=skip_bad, keep=keep, site=site, repair=repair)
