"""Server policy for an equity request: the limits one request may ask for.

The Rust core owns every rule of an equity request (`pokerforge._core.plan_equity()`):
it checks players, board and dead cards and says which one is at fault
(``players[2]``), estimates the cost, picks the method and enforces the deadline. This
module adds only what belongs to the server: the most samples and seconds a request may
ask for, the default sample count, and the estimate of the work the request will take.
A draw game's request (each player's ``draws``) has no plan in the core: a
`DrawPlan` checks it with one sample of the core's draw equity, and counts an exact
answer at once when it is cheap.

Examples:
    >>> limits = Limits()
    >>> job = plan_equity(["AhAs", "KdKc"], board="", dead="", game="holdem",
    ...                   method="auto", samples=None, time_limit=None, limits=limits)
    >>> job.method, job.samples, job.time_limit
    ('exact', None, 2.0)
    >>> job = plan_equity(["AhKh", "random", "random"], board="", dead="", game="holdem",
    ...                   method="auto", samples=None, time_limit=None, limits=limits)
    >>> job.method, job.samples, job.time_limit
    ('monte-carlo', 1000000, 2.0)
    >>> try:
    ...     plan_equity(["AhKh", "AhQd"], board="", dead="", game="holdem", method="auto",
    ...                 samples=None, time_limit=None, limits=limits)
    ... except FieldError as err:
    ...     print(err.field, "-", err.message)
    players[1] - players[1]: the card Ah is given more than once
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from pokerforge._core import EquityPlan
from pokerforge._core import plan_equity as core_plan
from pokerforge.defaults import SAMPLES
from pokerforge.equity import EquityResult, equity
from pokerforge.errors import FieldError, InvalidSpecError, PokerError
from pokerforge.games import SHAPES, Game, equity_problem

__all__ = [
    "MAX_SEED",
    "DrawPlan",
    "FieldError",
    "Job",
    "Limits",
    "fresh_seed",
    "part_seed",
    "plan_equity",
]

MAX_SEED = 2**64 - 1
"""The largest seed a request may give (seeds are 0 to 2**64 - 1, as in the core)."""


def fresh_seed() -> int:
    """A seed for a Monte Carlo request that names none (reported in the answer, so that
    the answer can be replayed).

    Examples:
        >>> 0 <= fresh_seed() <= MAX_SEED
        True
    """
    return secrets.randbits(64)


def part_seed(seed: int, part: int) -> int:
    """The seed of part ``part`` of a request seeded ``seed`` (the calculator's classes):
    ``seed + part``, wrapping within the seed range, so every seed of the range gives its
    own parts and the same seed always gives the same ones.

    Examples:
        >>> part_seed(7, 2), part_seed(MAX_SEED, 1), part_seed(2**63, 0)
        (9, 0, 9223372036854775808)
    """
    return (seed + part) % (MAX_SEED + 1)


@dataclass(frozen=True, slots=True)
class Limits:
    """Server-wide bounds on the work one request may ask for.

    Attributes:
        max_samples: The most Monte Carlo samples a request may ask for.
        default_samples: Monte Carlo samples when a request names none.
        max_time: The most seconds of CPU a request may take (also its time limit when
            it names none): Monte Carlo stops there, exact enumeration is stopped there.
        workers: Threads computing equities in parallel (the Rust core releases the GIL).
        max_pending: Unused; the queue is bounded by ``max_wait`` (kept so that existing
            callers keep working).
        cache_size: Results kept for identical requests.
        max_wait: The most seconds of estimated work queued ahead of a request; beyond it
            the server answers 503 with ``Retry-After``.
        max_client_wait: The most seconds of estimated work one client may have queued;
            beyond it the server answers 429 with ``Retry-After``.
        cheap_cost: Requests estimated at most this many seconds run on a lane of their
            own, so they never wait behind expensive ones.
        api_key_header: A header whose value identifies the client for fairness (e.g.
            ``"X-API-Key"``); by default the client's address does (see
            `pokerforge.service.clients`).
        max_body: The largest request body in bytes (413 beyond, however it is sent).
        max_stats_body: The largest body of ``POST /v1/stats`` (hand-history files).
        api_keys: A file of the API keys the server knows (one a line): a listed key is a
            client of its own, any other key is refused with 401. Without it a key only
            tells clients of one network apart.
    """

    max_samples: int = 5_000_000
    default_samples: int = SAMPLES
    max_time: float = 2.0
    workers: int = 2
    max_pending: int = 256
    cache_size: int = 2048
    max_wait: float = 30.0
    max_client_wait: float = 20.0
    cheap_cost: float = 0.05
    api_key_header: str | None = None
    max_body: int = 64 * 1024
    api_keys: str | None = None
    max_stats_body: int = 2 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class Job:
    """One checked request and the budget the server gives it.

    Attributes:
        plan: The core's plan (a `DrawPlan` in the draw games).
        key: What identifies the answer of a run that finished (for the cache), without
            the seed.
        players: Each player as text: a hand's cards, a range as given, or ``"random"``.
        game: The game.
        method: ``"exact"`` or ``"monte-carlo"``: what runs first.
        samples: Monte Carlo samples at most (``None`` for exact).
        time_limit: Seconds of work at most.
        cost: Estimated seconds of work on one thread (at most ``time_limit``).
    """

    plan: EquityPlan | DrawPlan
    key: tuple[object, ...]
    players: tuple[str, ...]
    game: str
    method: str
    samples: int | None
    time_limit: float
    cost: float
    trips_beat_straight: bool | None = None


# One Monte Carlo deal of draw equity on one thread, per player: a million heads-up
# triple-draw deals take about 0.13 s on one core of the reference machine, three-handed
# five-card draw about a third more per player; rounded up, as queue estimates are.
_DRAW_DEAL_SECONDS = 1.5e-7
# The most an exact draw count may take while the request is checked: exact draw equity
# is one draw of every set of replacement cards, most often a few thousand deals.
_DRAW_EXACT_SECONDS = 0.05


@dataclass(frozen=True, slots=True)
class DrawPlan:
    """A checked draw-game request and how it runs (what the core's plan is to a board or
    stud game's): an exact answer counted while checking, or an exact count (asked for by
    name) or Monte Carlo to come.

    Attributes:
        players: Each player as text (a hand's cards, or ``"random"``).
        method: ``"exact"`` or ``"monte-carlo"``.
        arguments: What [`equity()`][pokerforge.equity] takes besides the seed, the time limit
            and the threads.
        exact: The exact answer, when the check counted it.

    Examples:
        >>> plan = _draw_plan(["7c5d4h3s2c", "KsKdKhQsQd"], "", "", game="2-7-single-draw",
        ...                   draws=None, draw_rounds=None, method="exact", samples=None,
        ...                   limits=Limits())
        >>> plan.method, plan.exact, plan.estimated_seconds(0.5)
        ('exact', None, 0.5)
    """

    players: tuple[str, ...]
    method: str
    arguments: dict[str, Any]
    exact: EquityResult | None = None

    def estimated_seconds(self, time_limit: float | None = None) -> float:
        """Seconds of work on one thread (at most ``time_limit``)."""
        if self.exact is not None:
            return 0.0
        if self.method == "exact":  # counted on the queue: up to the whole time limit
            return math.inf if time_limit is None else time_limit
        cost = (self.arguments["samples"] or 0) * len(self.players) * _DRAW_DEAL_SECONDS
        return cost if time_limit is None else min(cost, time_limit)

    def run(
        self,
        *,
        seed: int | None = None,
        time_limit: float | None = None,
        threads: int | None = None,
        cancel: object = None,
    ) -> EquityResult:
        """The answer: the exact count, or Monte Carlo seeded ``seed`` (``cancel`` is not
        watched: the time limit bounds the run, at most the server's seconds)."""
        if self.exact is not None:
            return self.exact
        if self.method == "exact":  # no seed: nothing is drawn
            seed = None
        return equity(
            list(self.players), seed=seed, time_limit=time_limit, threads=threads,
            **self.arguments,
        )  # fmt: skip


def _draw_plan(
    players: list[str],
    board: str,
    dead: str,
    *,
    game: str,
    draws: Sequence[int | str | None] | None,
    draw_rounds: int | None,
    method: str,
    samples: int | None,
    limits: Limits,
) -> DrawPlan:
    """A draw game's request checked by the core (one deal), exact when that is cheap."""
    arguments: dict[str, Any] = {
        "board": board or None,
        "dead": dead or None,
        "game": game,
        "draws": None if draws is None else list(draws),
        "draw_rounds": draw_rounds,
    }
    try:
        equity(players, **arguments, method="monte-carlo", samples=1, seed=0, threads=1)
        if method == "exact":
            # Asked for by name: counted on the queue within the request's own time limit
            # (the quick count below once refused it after a few milliseconds).
            return DrawPlan(tuple(players), "exact", {**arguments, "method": "exact"})
        if method != "monte-carlo" and samples is None:
            try:
                exact = equity(
                    players, **arguments, method="exact", threads=1,
                    time_limit=_DRAW_EXACT_SECONDS,
                )  # fmt: skip
                return DrawPlan(tuple(players), "exact", arguments, exact)
            except InvalidSpecError:
                pass  # too long to count while checking: Monte Carlo on the queue
    except PokerError as err:
        raise FieldError(err.location or "players", str(err)) from None
    if samples is None:
        samples = limits.default_samples
    return DrawPlan(
        tuple(players),
        "monte-carlo",
        {**arguments, "method": "monte-carlo", "samples": samples},
    )


def _core_plan(
    players: list[str],
    board: str,
    dead: str,
    *,
    game: str,
    method: str,
    samples: int | None,
    by_hand: bool = False,
    trips_beat_straight: bool | None = None,
) -> EquityPlan:
    try:
        return core_plan(
            players,
            board or None,
            dead or None,
            game=game,
            method=method,
            samples=samples,
            by_hand=by_hand,
            trips_beat_straight=trips_beat_straight,
        )
    except PokerError as err:
        field = err.location or "players"
        raise FieldError(field, str(err)) from None


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
    by_hand: bool = False,
    trips_beat_straight: bool | None = None,
    draws: Sequence[int | str | None] | None = None,
    draw_rounds: int | None = None,
) -> Job:
    """Checks an equity request (the shape the game asks for, the core's rules, then the
    server's limits). A draw game takes each player's ``draws`` and the ``draw_rounds``
    left (see [`equity()`][pokerforge.equity]); other games refuse them by name.

    Raises:
        FieldError: naming the field at fault.
    """
    if samples is not None and not 1 <= samples <= limits.max_samples:
        raise FieldError("samples", f"expected 1 to {limits.max_samples} samples, not {samples}")
    if time_limit is not None and not 0 < time_limit <= limits.max_time:
        raise FieldError(
            "time_limit", f"expected more than 0 and at most {limits.max_time} seconds"
        )
    problem = equity_problem(game, players, board)
    if problem is not None:
        raise FieldError(*problem)
    texts = [(p or "").strip() or "random" for p in players]
    board, dead = board or "", dead or ""
    order = trips_beat_straight
    budget = time_limit if time_limit is not None else limits.max_time
    shape = SHAPES.get(cast("Game", game))  # the model's game: a canonical name
    draw_game = shape is not None and shape.draw
    if draw_game or draws is not None or draw_rounds is not None:
        if not draw_game:
            field = "draws" if draws is not None else "draw_rounds"
            raise FieldError(field, f"{field} is only for the draw games, not {game}")
        if by_hand or order is not None:
            field = "by_hand" if by_hand else "trips_beat_straight"
            raise FieldError(field, f"{field} is not for {game}: it has no board")
        draw = _draw_plan(
            texts, board, dead, game=game, draws=draws, draw_rounds=draw_rounds,
            method=method, samples=samples, limits=limits,
        )  # fmt: skip
        return Job(
            plan=draw,
            key=(tuple(texts), board, dead, game, method, draw.arguments.get("samples"),
                 repr(draws), draw_rounds),
            players=draw.players,
            game=game,
            method=draw.method,
            samples=draw.arguments.get("samples"),
            time_limit=budget,
            cost=draw.estimated_seconds(budget),
        )  # fmt: skip
    plan = _core_plan(
        texts,
        board,
        dead,
        game=game,
        method=method,
        samples=samples,
        by_hand=by_hand,
        trips_beat_straight=order,
    )
    if plan.method == "monte-carlo" and samples is None:
        samples = limits.default_samples
        plan = _core_plan(
            texts,
            board,
            dead,
            game=game,
            method=method,
            samples=samples,
            trips_beat_straight=order,
        )
    return Job(
        plan=plan,
        key=(tuple(texts), board, dead, game, method, samples, by_hand, order),
        players=tuple(plan.players),
        game=game,
        method=plan.method,
        samples=samples if plan.method == "monte-carlo" else None,
        time_limit=budget,
        cost=plan.estimated_seconds(budget),
        trips_beat_straight=order,
    )
