"""Self-play simulations through the hand engine: ``pokerforge simulate``.

Plays complete hands of a cash game (stacks reset every hand, the button moves one seat)
with a simple policy for every seat, and sums chips won per seat and how often hands reach
a showdown. Everything is seeded: the same seed plays the same hands.

Policies:
    ``random``: at each decision pick uniformly among folding (only when facing a bet),
    checking or calling, and raising (to an amount uniform between the minimum and the
    maximum). ``call``: always check or call, so every hand goes to a showdown.

Examples:
    >>> summary = simulate(players=3, hands=200, policy="call", seed=1)
    >>> summary.hands, summary.showdowns, sum(summary.net)
    (200, 200, 0)
    >>> summary.seats[0]["seat"], sorted(summary.seats[0])[:3]
    (0, ['bb_per_100', 'net', 'seat'])
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import IO, Any

from pokerforge.errors import InvalidSpecError
from pokerforge.game import GameSpec, Hand

__all__ = ["POLICIES", "Progress", "Summary", "simulate"]

POLICIES = ("random", "call")
# A policy plays one whole hand (one call per hand keeps the per-action cost down).
Policy = Callable[[Hand, Callable[[], float]], None]


def _random_policy(hand: Hand, rnd: Callable[[], float]) -> None:
    legal_actions = hand.legal_actions
    while not hand.is_over:
        legal = legal_actions()
        low = legal.min_raise_to
        choices = 1 + (legal.call > 0) + (low is not None)
        pick = int(rnd() * choices)
        if low is not None and pick == choices - 1:
            top = legal.max_raise_to if legal.max_raise_to is not None else low
            hand.raise_to(low + int(rnd() * (top - low + 1)))
        elif legal.call and pick == 1:
            hand.fold()
        elif legal.call:
            hand.call()
        else:
            hand.check()


def _call_policy(hand: Hand, _: Callable[[], float]) -> None:
    legal_actions = hand.legal_actions
    while not hand.is_over:
        if legal_actions().call:
            hand.call()
        else:
            hand.check()


_POLICY: dict[str, Policy] = {"random": _random_policy, "call": _call_policy}


class Progress:
    """A progress bar on ``stream`` (default stderr), drawn only when it is a terminal.

    Redraws at most ten times a second, so the cost per step is a counter and a clock read
    every ``check_every`` steps.
    """

    def __init__(self, total: int, *, label: str = "", stream: IO[str] | None = None) -> None:
        self.total = total
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = bool(getattr(self.stream, "isatty", lambda: False)())
        self.start = time.perf_counter()
        self._next_draw = 0.0

    def update(self, done: int, *, final: bool = False) -> None:
        """Shows ``done`` of ``total`` (a no-op off a terminal)."""
        if not self.enabled:
            return
        now = time.perf_counter()
        if not final and now < self._next_draw:
            return
        self._next_draw = now + 0.1
        width = 30
        frac = done / self.total if self.total else 1.0
        filled = int(width * frac)
        rate = done / max(now - self.start, 1e-9)
        bar = "#" * filled + "-" * (width - filled)
        line = f"\r{self.label} [{bar}] {done:,}/{self.total:,} {frac:6.1%} {rate:,.0f}/s"
        self.stream.write(line + ("\n" if final else ""))
        self.stream.flush()


@dataclass
class Summary:
    """What a simulation found.

    Attributes:
        hands: Hands played.
        players: Seats at the table.
        big_blind: The big blind, for ``bb_per_100``.
        net: Chips won (negative: lost) per seat over all hands.
        showdowns: Hands that reached a showdown.
        showdowns_won: Per seat, showdowns in which the seat won chips.
        seconds: Wall time.
        seed: The seed.
        policy: The policy every seat played.
    """

    hands: int
    players: int
    big_blind: int
    net: list[int]
    showdowns: int
    showdowns_won: list[int]
    seconds: float
    seed: int
    policy: str
    seats: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.seats = [
            {
                "seat": seat,
                "net": self.net[seat],
                "bb_per_100": self.net[seat] / self.big_blind * 100 / max(self.hands, 1),
                "showdowns_won": self.showdowns_won[seat],
            }
            for seat in range(self.players)
        ]

    @property
    def hands_per_second(self) -> float:
        """Hands played per second of wall time."""
        return self.hands / max(self.seconds, 1e-9)

    def as_dict(self) -> dict[str, Any]:
        """The summary as JSON-ready values."""
        return {
            "summary": True,
            "hands": self.hands,
            "players": self.players,
            "policy": self.policy,
            "seed": self.seed,
            "seconds": round(self.seconds, 3),
            "hands_per_second": round(self.hands_per_second, 1),
            "showdown_share": self.showdowns / max(self.hands, 1),
            "seats": self.seats,
        }

    def table(self) -> str:
        """A readable summary table."""
        lines = [
            f"{self.hands:,} hands, {self.players} players, policy {self.policy}, "
            f"seed {self.seed}: {self.seconds:.2f} s, {self.hands_per_second:,.0f} hands/s",
            f"showdown share: {self.showdowns / max(self.hands, 1):.1%} of hands",
            "",
            "seat   chips won    bb/100   showdowns won",
        ]
        for row in self.seats:
            lines.append(
                f"{row['seat']:>4} {row['net']:>11,} {row['bb_per_100']:>9.2f}"
                f" {row['showdowns_won']:>15,}"
            )
        return "\n".join(lines)


def simulate(
    *,
    players: int = 6,
    hands: int = 1000,
    policy: str = "random",
    seed: int = 0,
    stack: int = 200,
    blinds: tuple[int, int] = (1, 2),
    out: IO[str] | None = None,
    progress: Progress | None = None,
) -> Summary:
    """Plays ``hands`` complete no-limit Hold'em hands with every seat on ``policy``.

    Args:
        players: Seats, 2 to 10.
        hands: Hands to play.
        policy: ``"random"`` or ``"call"``.
        seed: Seeds the decks and the policy.
        stack: Every seat's stack at the start of every hand.
        blinds: Small and big blind.
        out: Where to write one JSON line per hand (and a last line with the summary).
        progress: A :class:`Progress` to update.

    Raises:
        InvalidSpecError: A bad number of players or hands, or an unknown policy.
    """
    if policy not in _POLICY:
        raise InvalidSpecError(f"{policy!r} is not a policy: expected one of {', '.join(POLICIES)}")
    if not 2 <= players <= 10:
        raise InvalidSpecError(f"a table needs 2 to 10 players, not {players}")
    if hands < 1:
        raise InvalidSpecError(f"hands must be at least 1, not {hands}")
    act = _POLICY[policy]
    rng = random.Random(seed)
    rnd = rng.random
    deal_seed = rng.getrandbits
    spec = GameSpec(blinds=blinds)
    stacks = [stack] * players
    net = [0] * players
    won = [0] * players
    showdowns = 0
    start = time.perf_counter()
    step = 512
    for number in range(hands):
        hand = Hand(spec, stacks=stacks, button=number % players, seed=deal_seed(63))
        act(hand, rnd)
        hand_net = hand.net
        for seat, chips in enumerate(hand_net):
            net[seat] += chips
        at_showdown = hand.folded.count(False) > 1
        if at_showdown:
            showdowns += 1
            for seat, chips in enumerate(hand.payouts):
                if chips:
                    won[seat] += 1
        if out is not None:
            board = "".join(str(card) for card in hand.board)
            line: dict[str, Any] = {"hand": number, "seed": hand.seed, "button": hand.button}
            line |= {"board": board, "net": list(hand_net), "showdown": at_showdown}
            out.write(json.dumps(line) + "\n")
        if progress is not None and number % step == 0:
            progress.update(number)
    seconds = time.perf_counter() - start
    if progress is not None:
        progress.update(hands, final=True)
    summary = Summary(hands, players, blinds[1], net, showdowns, won, seconds, seed, policy)
    if out is not None:
        out.write(json.dumps(summary.as_dict()) + "\n")
    return summary
