"""Checking an equity request field by field and bounding the work it may take.

Every request is checked here before any CPU time is spent: each player, the board and
the dead cards are parsed on their own so that an error names the field at fault
(``players[2]``, ``board``), and the cost of exact enumeration is estimated so that a
request never runs longer than the server allows. The estimate is deliberately
pessimistic (it was fitted to the slowest cases measured on one core): a request that
asks for ``"exact"`` beyond the budget is refused, and ``"auto"`` then picks Monte Carlo,
which stops by itself at the sample or time limit.

Examples:
    >>> limits = Limits()
    >>> plan = plan_equity(["AhAs", "KdKc"], board="", dead="", game="holdem",
    ...                    method="auto", samples=None, time_limit=None, limits=limits)
    >>> plan.method, plan.samples
    ('exact', None)
    >>> plan = plan_equity(["AhKh", "random", "random"], board="", dead="", game="holdem",
    ...                    method="auto", samples=None, time_limit=None, limits=limits)
    >>> plan.method, plan.samples, plan.time_limit
    ('monte-carlo', 200000, 2.0)
    >>> try:
    ...     plan_equity(["AhKh", "AhQd"], board="", dead="", game="holdem", method="auto",
    ...                 samples=None, time_limit=None, limits=limits)
    ... except FieldError as err:
    ...     print(err.field, "-", err.message)
    players[1] - the card Ah is given more than once (also in players[0])
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from pokerforge.cards import CardSet
from pokerforge.equity import Range
from pokerforge.errors import PokerError

__all__ = ["FieldError", "Limits", "Plan", "estimate_exact_seconds", "plan_equity"]

GAMES = ("holdem", "omaha", "omaha-hilo")
METHODS = ("auto", "exact", "monte-carlo")

# Pessimistic costs on one core, fitted to the slowest cases measured: a pre-flop Hold'em
# enumeration costs about 6 ms per distinct deal of hole cards (1.7 million boards, shared
# work across suit-symmetric combos makes it cheaper in practice); later streets and Omaha
# cost up to 150 ns (Hold'em) or 300 ns (Omaha) per hand-combination and runout.
_PREFLOP_SECONDS_PER_DEAL = 1e-3
_PREFLOP_MIN_SECONDS = 6e-3
_SECONDS_PER_RUNOUT = {"holdem": 150e-9, "omaha": 300e-9, "omaha-hilo": 300e-9}


class FieldError(ValueError):
    """A request field that is wrong; ``field`` names it (``players[1]``, ``board``)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


@dataclass(frozen=True, slots=True)
class Limits:
    """Server-wide bounds on the work one request may ask for.

    Attributes:
        max_samples: The most Monte Carlo samples a request may ask for.
        default_samples: Monte Carlo samples when a request names none.
        max_time: The most seconds of CPU a request may take (also the Monte Carlo time
            limit when a request names none); exact enumeration is used only when its
            estimated cost fits in this (or in the request's smaller ``time_limit``).
        workers: Threads computing equities in parallel (the Rust core releases the GIL).
        max_pending: Requests waiting for a worker beyond which the server answers 503.
        cache_size: Results kept for identical requests.
    """

    max_samples: int = 5_000_000
    default_samples: int = 200_000
    max_time: float = 2.0
    workers: int = 2
    max_pending: int = 256
    cache_size: int = 2048


@dataclass(frozen=True, slots=True)
class Plan:
    """What the service will run for one request (``method`` is never ``"auto"``)."""

    players: tuple[str, ...]
    board: str
    dead: str
    game: str
    method: Literal["exact", "monte-carlo"]
    samples: int | None
    time_limit: float | None
    estimate: float


@dataclass(frozen=True, slots=True)
class _Player:
    text: str
    cards: CardSet | None  # a known hand
    combos: int  # possible hole-card combinations (1 for a known hand)
    is_random: bool


def _text_error(field: str, text: str) -> FieldError | None:
    """Text the Rust core cannot take (lone surrogates, NUL) as a field error."""
    if "\0" in text or any("\ud800" <= ch <= "\udfff" for ch in text):
        return FieldError(field, "contains a character that is not valid text")
    return None


def _cards(field: str, text: str) -> CardSet:
    error = _text_error(field, text)
    if error is not None:
        raise error
    try:
        return CardSet(text)
    except PokerError as err:
        raise FieldError(field, str(err)) from None


def _starts_with_card(text: str) -> bool:
    """Whether ``text`` begins like a list of cards (``"Ah..."``) rather than a range."""
    try:
        CardSet(text[:2])
    except PokerError:
        return False
    return True


def _player(field: str, text: str | None, game: str) -> _Player:
    text = (text or "").strip()
    error = _text_error(field, text)
    if error is not None:
        raise error
    if text == "" or text.lower() == "random":
        return _Player("random", None, 0, True)
    try:
        cards = CardSet(text)
    except PokerError as card_error:
        if game != "holdem" or _starts_with_card(text):
            raise FieldError(field, str(card_error)) from None
        try:
            rng = Range(text)
        except PokerError as err:
            raise FieldError(field, str(err)) from None
        return _Player(text, None, len(rng), False)
    size = len(cards)
    if game == "holdem" and size != 2:
        raise FieldError(field, f"a Hold'em hand needs 2 cards, but {size} were given")
    if game != "holdem" and size not in (4, 5, 6):
        raise FieldError(field, f"an Omaha hand needs 4, 5 or 6 cards, but {size} were given")
    return _Player(str(cards), cards, 1, False)


def estimate_exact_seconds(
    players: list[tuple[int, bool]], known: int, board: int, game: str, hole: int
) -> float | None:
    """A pessimistic estimate of exact enumeration's cost on one core, in seconds.

    Args:
        players: For each player, its number of possible combinations (1 when known) and
            whether it is ``"random"``.
        known: Cards out of the deck: known hands, board and dead cards.
        board: Board cards given.
        game: The game.
        hole: Hole cards per player.

    Returns:
        Seconds, or ``None`` when exact enumeration is impossible (Omaha with a random
        player).

    Examples:
        >>> estimate_exact_seconds([(1, False), (1, False)], known=4, board=0,
        ...                        game="holdem", hole=2)
        0.006
        >>> estimate_exact_seconds([(1, False), (0, True)], known=4, board=0,
        ...                        game="omaha", hole=4) is None
        True
    """
    left = 52 - known
    deals = 1
    for combos, is_random in players:
        if is_random:
            if game != "holdem":
                return None
            deals *= math.comb(max(left, 0), hole)
            left -= hole
        else:
            deals *= max(combos, 1)
    if game == "holdem" and board == 0:
        return max(_PREFLOP_MIN_SECONDS, deals * _PREFLOP_SECONDS_PER_DEAL)
    runouts = math.comb(max(left, 0), 5 - board)
    return deals * runouts * _SECONDS_PER_RUNOUT[game]


def plan_equity(
    players: list[str | None],
    *,
    board: str | None,
    dead: str | None,
    game: str,
    method: str,
    samples: int | None,
    time_limit: float | None,
    limits: Limits,
) -> Plan:
    """Checks an equity request and decides how to run it within ``limits``.

    Raises:
        FieldError: naming the field at fault: bad cards, ranges, counts, duplicates,
            limits beyond the server's, or exact enumeration beyond the time budget.
    """
    if game not in GAMES:
        raise FieldError("game", f"{game!r} is not a game: expected one of {', '.join(GAMES)}")
    if method not in METHODS:
        raise FieldError(
            "method", f"{method!r} is not a method: expected one of {', '.join(METHODS)}"
        )
    if not 2 <= len(players) <= 10:
        raise FieldError("players", f"expected 2 to 10 players, not {len(players)}")
    if samples is not None and not 1 <= samples <= limits.max_samples:
        raise FieldError("samples", f"expected 1 to {limits.max_samples} samples, not {samples}")
    if time_limit is not None and not 0 < time_limit <= limits.max_time:
        raise FieldError(
            "time_limit", f"expected more than 0 and at most {limits.max_time} seconds"
        )
    parsed = [_player(f"players[{i}]", text, game) for i, text in enumerate(players)]
    board_cards = _cards("board", board or "")
    if len(board_cards) not in (0, 3, 4, 5):
        raise FieldError(
            "board", f"a board needs 0, 3, 4 or 5 cards, but {len(board_cards)} were given"
        )
    dead_cards = _cards("dead", dead or "")
    seen: dict[str, str] = {}
    named = [(f"players[{i}]", p.cards) for i, p in enumerate(parsed)]
    for field, cards in [*named, ("board", board_cards), ("dead", dead_cards)]:
        for card in cards or ():
            where = seen.setdefault(str(card), field)
            if where != field:
                raise FieldError(
                    field, f"the card {card} is given more than once (also in {where})"
                )
    known_hands = [p.cards for p in parsed if p.cards is not None]
    hole = 2 if game == "holdem" else (len(known_hands[0]) if known_hands else 4)
    if any(len(cards) != hole for cards in known_hands):
        index = next(i for i, p in enumerate(parsed) if p.cards and len(p.cards) != hole)
        raise FieldError(f"players[{index}]", "every Omaha hand needs the same number of cards")
    budget = min(time_limit or limits.max_time, limits.max_time)
    estimate = estimate_exact_seconds(
        [(p.combos, p.is_random) for p in parsed],
        known=len(seen),
        board=len(board_cards),
        game=game,
        hole=hole,
    )
    too_costly = estimate is None or estimate > budget
    if method == "exact" and too_costly:
        why = (
            "exact enumeration of Omaha needs every hand known"
            if estimate is None
            else f"exact enumeration would take up to {estimate:.3g} s, over this "
            f"request's limit of {budget:g} s"
        )
        raise FieldError("method", f"{why}: use 'monte-carlo' or 'auto'")
    run_exact = method == "exact" or (method == "auto" and not too_costly and samples is None)
    return Plan(
        players=tuple(p.text for p in parsed),
        board=str(board_cards),
        dead=str(dead_cards),
        game=game,
        method="exact" if run_exact else "monte-carlo",
        samples=None if run_exact else (samples or limits.default_samples),
        time_limit=None if run_exact else budget,
        estimate=estimate if estimate is not None else math.inf,
    )
