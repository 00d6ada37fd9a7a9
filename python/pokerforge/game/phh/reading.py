"""What the core's PHH reader reads of a hand, and its problems phrased where they are.

The Rust core (``pokerforge._core``, ``rust/core/src/phh``) is the one reader of PHH fields
and actions: from a hand's fields it reads the chip unit, every amount in chips, the actions
as typed steps and the cards dealt ([`Read`][pokerforge.game.phh.Read]), or names the first field or
action it cannot read (a problem: the field, the action's index, the message). This module gives
that reading to the replay and turns a problem into an
[`InvalidHistoryError`][pokerforge.errors.InvalidHistoryError] that names the line: ``line 9: 'p1
raise 6': unknown or malformed action 'raise'``.

TOML that is not in the dataset's one-line form is read by `tomllib`
([`toml_fields()`][pokerforge.game.phh.toml_fields]), its values then read by the core like any
others.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from pokerforge._core import PHH_VARIANTS, phh_read
from pokerforge.errors import InvalidHistoryError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 reads TOML with the tomli backport
    import tomli as tomllib  # type: ignore[import-not-found, unused-ignore]

__all__ = [
    "CODES",
    "GAMES",
    "Problem",
    "Read",
    "Step",
    "Where",
    "field_line",
    "problem_error",
    "read_hand",
    "toml_fields",
    "unit_of",
]

#: The PHH variant codes pokerforge plays, as the core lists them: code -> (game, betting).
GAMES: dict[str, tuple[str, str]] = {code: (game, betting) for code, game, betting in PHH_VARIANTS}
#: The other way: (game, betting) -> code.
CODES: dict[tuple[str, str], str] = {game: code for code, game in GAMES.items()}

# (action number, player or -1 for the dealer, verb, argument): chips for "cbr", a tuple of
# card indices (None for "??") for "db", "sm" (() for "sm -"), "sd" (() to stand pat) and
# "dh", "" for "f", "cc", "pb" (stud's bring-in) and a muck. Each player's first step that
# deals hole cards is left out (the cards are in the reading); later ones are stud's next
# streets (in the reading too) or a draw game's replacements.
Step = tuple[int, int, str, Any]

# What a replay reads from a hand before the rules see it, as the core gives it: the chip
# unit's decimal places; each player's starting stack in chips (p1 first; None where the
# record writes inf: not recorded); the steps; each
# player's hole cards (None: never dealt; None for an unknown card) and the board; the hole
# cards per player; the recorded winnings and finishing stacks in chips (None: not
# recorded); the antes and the blinds or straddles (tuples, by position; zeros for a stud
# game without the field); the small bet, big bet, minimum bet, rake cap and bring-in (None
# when not written); the players' own posts
# (player p1 = 0, live, dead).
Read = tuple[
    int,
    list[int | None],
    list[Step],
    list[list[int | None] | None],
    list[int],
    int,
    list[int] | None,
    list[int] | None,
    tuple[int, ...],
    tuple[int, ...],
    tuple[int | None, int | None, int | None, int | None, int | None],
    list[tuple[int, int, int]],
]

# A field or action the core cannot read: (field or None, action index or None, message).
Problem = tuple[str | None, int | None, str]

_UNITS = tuple(Decimal(1).scaleb(-places) if places else Decimal(1) for places in range(9))


def unit_of(places: int) -> Decimal:
    """The chip unit of ``places`` decimal places (the core's reader counts places).

    Examples:
        >>> unit_of(2), unit_of(0)
        (Decimal('0.01'), Decimal('1'))
    """
    return _UNITS[places]


def read_hand(doc: Mapping[str, Any], where: Where) -> Read:
    """The core's reading of the fields ``doc``.

    Raises:
        InvalidHistoryError: a field or action it cannot read, named by its line where
            ``where`` finds it.
    """
    read, problem = phh_read(doc if type(doc) is dict else dict(doc))
    if problem is not None:
        raise problem_error(problem, where)
    assert read is not None  # one of the two, always
    return read


def problem_error(problem: Problem, where: Where) -> InvalidHistoryError:
    """The core's problem as an error naming its line: an action's line and text, or the
    line of the field (when the hand's text has one)."""
    field, action, message = problem
    if action is not None:
        return InvalidHistoryError(f"{where(action)}: {message}")
    if field is not None:
        return InvalidHistoryError(where.at_field(field, message))
    return InvalidHistoryError(message)


def field_line(lines: Sequence[str], field: str) -> int | None:
    """The index of the line that sets ``field`` in one hand's lines (before the next table)."""
    for i, raw in enumerate(lines):
        line = raw.lstrip()
        if i > 0 and line.startswith("["):
            return None  # the next hand's table
        if line.startswith(field) and line[len(field) :].lstrip().startswith("="):
            return i
    return None


def _action_lines(text: str, actions: list[str], first_line: int = 1) -> list[str]:
    """Where each action is, for error messages: 'line N' (or 'action N' if not found),
    counting the text's first line as ``first_line``. Each action is looked for after the
    one before it (on the same line, or on a later one), so an action written twice in a
    row is placed at its own line."""
    lines = text.splitlines()
    at = field_line(lines, "actions") or 0
    column = 0  # where on line ``at`` the previous action ended
    out = []
    for k, action in enumerate(actions):
        found = None
        for i in range(at, len(lines)):
            place = _quoted(lines[i], action, column if i == at else 0)
            if place >= 0:
                found, column = i, place + len(action)
                break
        if found is None:
            out.append(f"action {k + 1}")
        else:
            out.append(f"line {found + first_line}")
            at = found
    return out


def _quoted(line: str, action: str, start: int) -> int:
    """Where ``action`` is written in ``line`` from ``start`` as a whole string (the next
    character a quote: ``"p3 cbr 6"``, not the start of ``"p3 cbr 60"``), or -1."""
    place = line.find(action, start)
    while place >= 0 and line[place + len(action) : place + len(action) + 1] not in "\"'":
        place = line.find(action, place + 1)
    return place


class Where:
    """Places in one hand's text for error messages (``line N: 'p1 cc'``), worked out only
    when one is needed.

    Args:
        text: the hand's text or lines.
        actions: its ``actions`` field as read.
        first_line: the line number of the text's first line in its file.
    """

    __slots__ = ("_actions", "_first", "_places", "_text")

    def __init__(self, text: str | Sequence[str], actions: list[Any], first_line: int) -> None:
        self._text = text
        self._actions = actions
        self._first = first_line
        self._places: list[str] | None = None

    def __call__(self, k: int) -> str:
        """The place and text of action ``k``: ``line 9: 'p1 cc'``."""
        if self._places is None:
            lines = self._text
            text = lines if isinstance(lines, str) else "\n".join(x.rstrip("\n") for x in lines)
            self._places = _action_lines(text, [str(a) for a in self._actions], self._first)
        action = self._actions[k]
        return f"{self._places[k]}: {action.strip() if isinstance(action, str) else action!r}"

    def at_field(self, field: str, message: str) -> str:
        """``message`` about ``field``, after the field's line where the text has one."""
        lines = self._text.splitlines() if isinstance(self._text, str) else list(self._text)
        line = field_line(lines, field)
        return message if line is None else f"line {line + self._first}: {message}"


def _decimal(text: str) -> Decimal:
    """A TOML float as the `Decimal` written (``parse_float``)."""
    try:
        return Decimal(text)
    except ArithmeticError:  # an exponent past 10**18: more than Decimal holds
        raise InvalidHistoryError(
            f"the number {text[:40]}{'...' if len(text) > 40 else ''} is out of range: "
            "its exponent is larger than a decimal holds"
        ) from None


def toml_fields(text: str, what: str = "a valid TOML file") -> dict[str, Any]:
    """The TOML document ``text`` (floats read as `Decimal`), any problem an
    [`InvalidHistoryError`][pokerforge.errors.InvalidHistoryError] saying it is not ``what``.

    Python's reader fails in ways of its own on hostile text: a number too long for an int
    (4,300 digits: ``ValueError``), arrays nested past the recursion limit
    (``RecursionError``); both are named errors here.

    Examples:
        >>> toml_fields("a = [1, 2.50]")
        {'a': [1, Decimal('2.50')]}
        >>> toml_fields("a = " + "[" * 5000 + "]" * 5000)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        pokerforge.errors.InvalidHistoryError: not a valid TOML file: ... nested too deep ...
    """
    try:
        doc: dict[str, Any] = tomllib.loads(text, parse_float=_decimal)
    except InvalidHistoryError:
        raise
    except tomllib.TOMLDecodeError as err:
        raise InvalidHistoryError(f"not {what}: {err}") from None
    except RecursionError:
        raise InvalidHistoryError(
            f"not {what}: arrays or tables are nested too deep for Python's TOML reader"
        ) from None
    except ValueError as err:  # an integer of more digits than Python converts
        raise InvalidHistoryError(f"not {what}: {err}") from None
    return doc
