"""The lines of a hand-history file in whatever encoding it was written: UTF-8 (with or
without a byte-order mark), UTF-16 (either byte order, with or without a mark), UTF-32
(with its mark) or the Windows code page 1252 that older PokerStars clients wrote.

With no encoding given, each line is read as UTF-8 and, when its bytes are not UTF-8, as
cp1252: files that were joined from several clients' output mix the two, so the choice is
made line by line, never once for the whole file. UTF-16 is known by its byte-order mark
or by the zero bytes of its ASCII text. A line whose bytes are no text in the encoding is
not an exception that stops the file: it comes back as
[`Undecodable`][pokerforge.histories.encoding.Undecodable] (the text with U+FFFD for the bad bytes,
and the problem in words), which the hand's reader reports as a named problem of that one hand.

Examples:
    >>> import tempfile
    >>> from pathlib import Path
    >>> path = Path(tempfile.mkdtemp()) / "hands.txt"
    >>> _ = path.write_bytes("Seat 7: Ass'e bastò (1500 in chips)\\r\\n".encode("cp1252"))
    >>> list(decoded_lines(path))
    ["Seat 7: Ass'e bastò (1500 in chips)\\n"]
    >>> _ = path.write_bytes("\\ufeffSeat 1: Zoë ($10 in chips)\\n".encode("utf-16-le"))
    >>> list(decoded_lines(path))
    ['Seat 1: Zoë ($10 in chips)\\n']
"""

from __future__ import annotations

import codecs
import io
import re
from collections.abc import Iterator
from pathlib import Path

from pokerforge.errors import PokerStarsError

__all__ = ["Undecodable", "check_encoding", "decoded_lines"]

_WIDE = ("utf-16", "utf-32")  # codecs whose lines cannot be cut at the byte b"\n"
_NEWLINES = re.compile(r"\r\n?|\n")


class Undecodable(str):
    """A line whose bytes are no text in the file's encoding: its text, each bad byte
    read as U+FFFD, and ``problem``, a sentence naming the encoding and the bytes."""

    problem: str

    def __new__(cls, text: str, problem: str) -> Undecodable:
        line = super().__new__(cls, text)
        line.problem = problem
        return line


def check_encoding(encoding: str | None) -> str | None:
    """The codec's canonical name (``None``: detect it).

    Raises:
        PokerStarsError: Python knows no text encoding of that name.

    Examples:
        >>> check_encoding("CP1252"), check_encoding("utf_16")
        ('cp1252', 'utf-16')
    """
    if encoding is None:
        return None
    try:
        info = codecs.lookup(encoding)
    except (LookupError, TypeError, ValueError):
        raise PokerStarsError(
            f"{encoding!r} is not a text encoding Python knows", cause="encoding"
        ) from None
    if not getattr(info, "_is_text_encoding", True):  # base64 and the like: bytes to bytes
        raise PokerStarsError(f"{encoding!r} is not a text encoding", cause="encoding")
    return info.name


def _sniffed(head: bytes) -> tuple[str | None, int]:
    """The encoding a file's first bytes show (``None``: none shown) and the length of its
    byte-order mark."""
    if head.startswith(codecs.BOM_UTF8):
        return "utf-8", len(codecs.BOM_UTF8)
    for bom, name in (
        (codecs.BOM_UTF32_LE, "utf-32-le"),  # before UTF-16's: it starts with the same bytes
        (codecs.BOM_UTF32_BE, "utf-32-be"),
        (codecs.BOM_UTF16_LE, "utf-16-le"),
        (codecs.BOM_UTF16_BE, "utf-16-be"),
    ):
        if head.startswith(bom):
            return name, len(bom)
    # ASCII text in UTF-16 without a mark: every other byte is zero.
    if len(head) >= 4 and head[0] and not head[1] and head[2] and not head[3]:
        return "utf-16-le", 0
    if len(head) >= 4 and not head[0] and head[1] and not head[2] and head[3]:
        return "utf-16-be", 0
    return None, 0


def _problem(encoding: str, raw: bytes, err: UnicodeDecodeError) -> str:
    bad = raw[err.start : min(err.end, err.start + 8)]
    return f"the bytes {bad.hex(' ')} at column {err.start + 1} are not text in {encoding}"


def _decoded(raw: bytes, encoding: str | None) -> str:
    if encoding is not None:
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError as err:
            return Undecodable(raw.decode(encoding, "replace"), _problem(encoding, raw, err))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        pass
    try:
        return raw.decode("cp1252")
    except UnicodeDecodeError as err:  # bytes cp1252 leaves undefined: no text of ours
        return Undecodable(raw.decode("cp1252", "replace"), _problem("UTF-8 or cp1252", raw, err))


def _wide_lines(file: io.BufferedReader, encoding: str) -> Iterator[str]:
    """Lines of a UTF-16 or UTF-32 file; a line with bytes that are no text is marked."""
    text = io.TextIOWrapper(file, encoding=encoding, errors="replace", newline=None)
    for line in text:
        # The decoder writes U+FFFD for bytes that are no text (a character no name holds).
        if "\ufffd" in line:
            yield Undecodable(line, f"the line holds bytes that are not text in {encoding}")
        else:
            yield line


def decoded_lines(path: str | Path, encoding: str | None = None) -> Iterator[str]:
    """The lines of the file at ``path``, each ending in ``"\\n"`` (whatever the file's
    line ends: ``\\r\\n``, ``\\n`` or ``\\r``), without a byte-order mark.

    Args:
        path: the file.
        encoding: its encoding; ``None`` detects it (see the module's description).
    """
    name = check_encoding(encoding)
    with open(path, "rb") as file:
        sniffed, bom = _sniffed(file.peek(4)[:4])
        if name is None and sniffed is not None and sniffed.startswith(_WIDE):
            name = sniffed
        if name is not None and name.startswith(_WIDE):
            if bom and sniffed is not None and sniffed.startswith(name[:6]):  # its own mark
                file.read(bom)
                if name in _WIDE:
                    name = sniffed
            elif name in _WIDE:  # no mark: the byte order the zeros show, else little-endian
                wide = sniffed is not None and sniffed.startswith(_WIDE)
                name += sniffed[-3:] if wide and sniffed is not None else "-le"
            yield from _wide_lines(file, name)
            return
        if bom and sniffed == "utf-8" and name in (None, "utf-8", "utf-8-sig"):
            file.read(bom)
        for raw in file:
            text = _decoded(raw, name)
            if "\r" not in text:
                yield text if text.endswith("\n") else text + "\n"
                continue
            # "\r" alone ends lines in some files (old Mac clients).
            parts = _NEWLINES.split(text)
            if parts[-1] == "":
                parts.pop()
            for part in parts:
                yield (
                    Undecodable(part + "\n", text.problem)
                    if isinstance(text, Undecodable)
                    else part + "\n"
                )
