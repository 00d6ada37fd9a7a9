"""Reading many PHH hands: ``.phhs`` files stream lazily, one ``[n]`` table at a time.

A ``.phhs`` file holds many hands, each a TOML table (``[1]``, ``[2]``, ...). The public
dataset's files run to tens of megabytes, so :func:`read_phhs` never loads a whole file: it
reads line by line, cuts out one table, parses it with a small reader for the one-line
``key = value`` form the dataset uses (falling back to :mod:`tomllib` for anything else),
and replays it through :func:`pokerforge.game.history.replay`. A bad hand raises
:class:`BadHandError` naming the file, the table, the hand number and the line, or, with
``skip_bad=True``, is counted and skipped.

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

import re
import sys
from collections.abc import Iterable, Iterator
from datetime import time
from decimal import Decimal
from pathlib import Path
from typing import Any

from pokerforge.errors import BadHandError, InvalidHistoryError, RecordMismatchError
from pokerforge.game.history import replay
from pokerforge.histories.record import HandRecord

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 reads TOML with the tomli backport
    import tomli as tomllib  # type: ignore[import-not-found, unused-ignore]

__all__ = ["BadHandError", "PhhReader", "parse_table", "read_phhs"]

_HEADER = re.compile(r"\[\s*([A-Za-z0-9_.-]+|'[^']*'|\"[^\"]*\")\s*\]\s*(#.*)?\Z")
_BARE_KEY = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
_TIME = re.compile(r"([0-9]{2}):([0-9]{2}):([0-9]{2})\Z")
_STRING_ITEM = re.compile(r"\s*(?:'([^'\n]*)'|\"([^\"\\\n]*)\")\s*(?:,|\Z)")


class _FallbackError(Exception):
    """The fast reader does not handle this value; :mod:`tomllib` reads the table."""


def _scalar(text: str) -> Any:
    first = text[:1]
    if first == "'":
        if len(text) >= 2 and text[-1] == "'" and "'" not in text[1:-1] and text != "'''":
            return text[1:-1]
        raise _FallbackError
    if first == '"':
        if len(text) >= 2 and text[-1] == '"' and '"' not in text[1:-1] and "\\" not in text:
            return text[1:-1]
        raise _FallbackError
    digits = text[1:] if first in "+-" else text
    if digits.isdigit() and digits.isascii():
        return int(text)
    whole, dot, part = digits.partition(".")
    if dot and whole.isdigit() and part.isdigit() and digits.isascii():
        return Decimal(text)
    if text == "true":
        return True
    if text == "false":
        return False
    match = _TIME.match(text)
    if match:
        hour, minute, second = match.groups()
        return time(int(hour), int(minute), int(second))
    raise _FallbackError


def _value(text: str) -> Any:
    if not text.startswith("["):
        return _scalar(text)
    if not text.endswith("]"):
        raise _FallbackError  # an array over several lines
    inner = text[1:-1].strip()
    if not inner:
        return []
    if inner[0] == "'" and inner[-1] == "'" and "\n" not in inner:
        # The dataset's usual list of single-quoted strings: split, then check each item.
        items = inner[1:-1].split("', '")
        if not any("'" in item for item in items):
            return items
    if inner[0] in "'\"":
        out: list[Any] = []
        pos, end = 0, len(inner)
        while pos < end:
            match = _STRING_ITEM.match(inner, pos)
            if match is None:
                raise _FallbackError
            single = match.group(1)
            out.append(single if single is not None else match.group(2))
            pos = match.end()
        return out
    parts = inner.split(",")
    if not parts[-1].strip():
        parts.pop()  # a trailing comma
    out = []
    for raw in parts:
        part = raw.strip()
        out.append(int(part) if part.isdigit() else _scalar(part))
    return out


def parse_table(lines: list[str]) -> dict[str, Any]:
    """One hand's fields from its lines (without the ``[n]`` header).

    Floats come back as :class:`~decimal.Decimal`, exactly as written.

    Raises:
        InvalidHistoryError: the lines are not valid TOML.

    Examples:
        >>> parse_table(["variant = 'NT'", "starting_stacks = [247.10, 14.60, 200]"])
        {'variant': 'NT', 'starting_stacks': [Decimal('247.10'), Decimal('14.60'), 200]}
    """
    doc: dict[str, Any] = {}
    try:
        for line in lines:
            stripped = line.strip()
            if not stripped or stripped[0] == "#":
                continue
            if "#" in stripped:
                raise _FallbackError  # a comment after a value, or a '#' inside a string
            key, equals, value = stripped.partition("=")
            key = key.rstrip()
            if not equals or not _BARE_KEY.issuperset(key) or not key or key in doc:
                raise _FallbackError  # not a one-line bare key, or a duplicate tomllib names
            doc[key] = _value(value.lstrip())
    except _FallbackError:
        try:
            read: dict[str, Any] = tomllib.loads("".join(_lines_ending(lines)), parse_float=Decimal)
        except tomllib.TOMLDecodeError as err:
            raise InvalidHistoryError(f"not valid TOML: {err}") from None
        return read
    return doc


def _lines_ending(lines: list[str]) -> Iterator[str]:
    for line in lines:
        yield line if line.endswith("\n") else line + "\n"


class PhhReader:
    """An iterable over the hands of one PHH source, replayed lazily (see :func:`read_phhs`).

    Attributes:
        hands: hands read so far.
        skipped: bad hands skipped so far (with ``skip_bad``).
        mismatches: of those, hands whose recorded result disagrees with the replay.
        problems: the first ``keep`` messages of skipped hands.
    """

    def __init__(
        self,
        source: str | Path | Iterable[str],
        *,
        skip_bad: bool = False,
        keep: int = 100,
    ) -> None:
        self._source = source
        self._skip_bad = skip_bad
        self._keep = keep
        self.name = str(source) if isinstance(source, str | Path) else "<lines>"
        self.hands = 0
        self.skipped = 0
        self.mismatches = 0
        self.problems: list[str] = []

    def __iter__(self) -> Iterator[HandRecord]:
        if isinstance(self._source, str | Path):
            with open(self._source, encoding="utf-8") as lines:
                yield from self._records(lines)
        else:
            yield from self._records(self._source)

    def _parse(self, chunk: list[str]) -> dict[str, Any]:
        """The PHH fields of one hand."""
        return parse_table(chunk)

    def _chunks(self, lines: Iterable[str]) -> Iterator[tuple[str | None, int, list[str]]]:
        """``(name, first line number, lines)`` of each hand of the source."""
        return _tables(lines)

    def _records(self, lines: Iterable[str]) -> Iterator[HandRecord]:
        for name, first_line, chunk in self._chunks(lines):
            try:
                record = self._replay(name, first_line, chunk)
            except BadHandError as err:
                if not self._skip_bad:
                    raise
                self.skipped += 1
                self.mismatches += err.mismatch
                if len(self.problems) < self._keep:
                    self.problems.append(str(err))
                continue
            self.hands += 1
            yield record

    def _replay(self, name: str | None, first_line: int, chunk: list[str]) -> HandRecord:
        doc: dict[str, Any] = {}
        try:
            doc = self._parse(chunk)
            hand = replay(doc, chunk, first_line=first_line)
        except InvalidHistoryError as err:
            table = "" if name is None else f" [{name}]"
            number = doc.get("hand")
            label = f" (hand {number})" if number is not None else ""
            raise BadHandError(
                f"{self.name}{table}{label}, from line {first_line}: {err}",
                mismatch=isinstance(err, RecordMismatchError),
            ) from None
        return HandRecord.of(hand, doc, source=self.name, table=name)


def _tables(lines: Iterable[str]) -> Iterator[tuple[str | None, int, list[str]]]:
    """``(table name or None, first line number, lines)`` for each hand of a PHH source."""
    name: str | None = None
    start = 1
    chunk: list[str] = []
    seen = False
    number = 0
    for number, line in enumerate(lines, 1):
        if line[:1] == "[" and line[1:2] != "[":
            match = _HEADER.match(line.strip())
            if match is not None:
                if seen or any(x.strip() and not x.lstrip().startswith("#") for x in chunk):
                    yield name, start, chunk
                name = match.group(1).strip("'\"")
                start, chunk, seen = number + 1, [], True
                continue
        chunk.append(line)
    if seen or any(x.strip() and not x.lstrip().startswith("#") for x in chunk):
        yield name, start, chunk
    del number


def read_phhs(
    source: str | Path | Iterable[str], *, skip_bad: bool = False, keep: int = 100
) -> PhhReader:
    """The hands of a ``.phh`` or ``.phhs`` file (or of its lines), replayed one at a time.

    Args:
        source: a path, or an iterable of lines (an open file, a list).
        skip_bad: count and skip bad hands instead of raising.
        keep: how many messages of skipped hands to keep (``reader.problems``).

    Returns:
        A :class:`PhhReader`: iterate it for :class:`HandRecord` objects; afterwards its
        ``hands``, ``skipped`` and ``mismatches`` say how it went.

    Raises:
        BadHandError: (while iterating, without ``skip_bad``) a hand that cannot be read or
            replayed, or whose recorded result disagrees with the replay.
    """
    return PhhReader(source, skip_bad=skip_bad, keep=keep)
