"""What a simulation finds: totals per chunk, added up into a
[`SimResult`][pokerforge.sim.SimResult].

Every total is an integer sum (or a maximum), so adding chunks up in any order gives the
same result: the order in which workers finish never shows.

Examples:
    >>> from pokerforge.game import GameSpec, Hand
    >>> tally = Tally.empty(2)
    >>> hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100], seed=1)
    >>> _ = hand.fold()
    >>> tally.add(hand), tally.net, tally.actions
    ((False, 2), [-1, 1], 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeAlias

from pokerforge.game import Bet, Call, Check, Fold, Hand, Raise

__all__ = ["ActionRow", "ChunkResult", "HandRow", "SeatResult", "SimResult", "Tally"]

HandRow: TypeAlias = tuple[
    int, int, int, str, bool, int, int, tuple[int, ...], tuple[str, ...], tuple[str, ...]
]
"""``(hand, seed, button, board, showdown, pot, rake, net per seat, hole cards per seat,
position per seat)``."""

ActionRow: TypeAlias = tuple[int, int, int, int, str, int, int, bool]
"""``(hand, index, street, seat, action, chips put in, the seat's street total after it,
all-in)``; the actions are the forced bets (``"ante"``, ``"small_blind"``,
``"big_blind"``, ``"straddle"``) and then ``"fold"``, ``"check"``, ``"call"``, ``"bet"``
and ``"raise"``."""

_ACTIONS = (Fold, Check, Call, Bet, Raise)


@dataclass
class Tally:
    """Running totals over hands (mutable; one per chunk, then one per run)."""

    hands: int
    net: list[int]
    showdowns: int
    showdowns_won: list[int]
    pot_total: int
    pot_max: int
    rake: int
    actions: int

    @classmethod
    def empty(cls, players: int) -> Tally:
        """Totals of no hands."""
        return cls(0, [0] * players, 0, [0] * players, 0, 0, 0, 0)

    def add(self, hand: Hand) -> tuple[bool, int]:
        """Counts a finished hand; returns whether it reached a showdown and its pot."""
        self.hands += 1
        for seat, chips in enumerate(hand.net):
            self.net[seat] += chips
        payouts = hand.payouts
        pot = sum(payouts) + hand.rake
        showdown = hand.folded.count(False) > 1
        if showdown:
            self.showdowns += 1
            for seat, chips in enumerate(payouts):
                if chips:
                    self.showdowns_won[seat] += 1
        self.pot_total += pot
        self.pot_max = max(self.pot_max, pot)
        self.rake += hand.rake
        self.actions += sum(1 for rec in hand.history if type(rec) in _ACTIONS)
        return showdown, pot

    def merge(self, other: Tally) -> None:
        """Adds another tally's totals to this one."""
        self.hands += other.hands
        self.net = [a + b for a, b in zip(self.net, other.net, strict=True)]
        self.showdowns += other.showdowns
        self.showdowns_won = [
            a + b for a, b in zip(self.showdowns_won, other.showdowns_won, strict=True)
        ]
        self.pot_total += other.pot_total
        self.pot_max = max(self.pot_max, other.pot_max)
        self.rake += other.rake
        self.actions += other.actions


@dataclass
class ChunkResult:
    """One chunk's totals and, when the run records them, its hands.

    Attributes:
        chunk: The chunk's number.
        tally: Its totals.
        hands: One row per hand (when recording rows).
        actions: One row per player action (when recording rows).
        phh: One PHH text per hand (when recording PHH).
    """

    chunk: int
    tally: Tally
    hands: list[HandRow] = field(default_factory=list)
    actions: list[ActionRow] = field(default_factory=list)
    phh: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class SeatResult:
    """One seat's results.

    Attributes:
        seat: The seat.
        policy: Its policy's name.
        net: Chips won (negative: lost) over all hands.
        bb_per_100: ``net`` in big blinds per 100 hands.
        showdowns_won: Showdowns in which the seat won chips.
    """

    seat: int
    policy: str
    net: int
    bb_per_100: float
    showdowns_won: int


@dataclass(frozen=True)
class SimResult:
    """The result of [`pokerforge.sim.run()`][pokerforge.sim.run].

    Two results compare equal when they played the same hands to the same totals; how
    (backend, workers) and how fast are kept but not compared.

    Attributes:
        hands: Hands played.
        players: Seats at the table.
        policies: The policy name of each seat.
        seed: The run's seed.
        chunk_size: Hands per chunk.
        big_blind: The big blind, for ``bb_per_100`` (in games without blinds the unit
            [GameSpec.rate_unit][pokerforge.game.GameSpec.rate_unit] gives).
        stack: Every seat's stack at the start of every hand.
        net: Chips won (negative: lost) per seat.
        showdowns: Hands that reached a showdown.
        showdowns_won: Per seat, showdowns in which the seat won chips.
        pot_total: The pots of all hands added up (rake included).
        pot_max: The largest pot.
        rake: Chips the house took.
        actions: Player actions (fold, check, call, bet, raise) over all hands.
        seconds: Wall time, worker start-up included.
        backend: ``"inline"``, ``"processes"`` or ``"dask"``.
        workers: Worker processes used (for an existing Dask cluster: its workers then).
        outputs: Files written.
    """

    hands: int
    players: int
    policies: tuple[str, ...]
    seed: int
    chunk_size: int
    big_blind: int
    stack: int
    net: tuple[int, ...]
    showdowns: int
    showdowns_won: tuple[int, ...]
    pot_total: int
    pot_max: int
    rake: int
    actions: int
    seconds: float = field(default=0.0, compare=False)
    backend: str = field(default="inline", compare=False)
    workers: int = field(default=1, compare=False)
    outputs: tuple[str, ...] = field(default=(), compare=False)

    @property
    def hands_per_second(self) -> float:
        """Hands played per second of wall time."""
        return self.hands / max(self.seconds, 1e-9)

    @property
    def showdown_share(self) -> float:
        """The fraction of hands that reached a showdown."""
        return self.showdowns / self.hands

    @property
    def mean_pot(self) -> float:
        """The average pot in chips."""
        return self.pot_total / self.hands

    @property
    def seats(self) -> list[SeatResult]:
        """Per-seat results."""
        return [
            SeatResult(
                seat=seat,
                policy=self.policies[seat],
                net=self.net[seat],
                bb_per_100=self.net[seat] / self.big_blind * 100 / self.hands,
                showdowns_won=self.showdowns_won[seat],
            )
            for seat in range(self.players)
        ]

    def _policy_text(self) -> str:
        names = dict.fromkeys(self.policies)
        return (
            f"policy {self.policies[0]}"
            if len(names) == 1
            else "policies " + ", ".join(self.policies)
        )

    def as_dict(self) -> dict[str, Any]:
        """The result as JSON-ready values."""
        return {
            "summary": True,
            "hands": self.hands,
            "players": self.players,
            "policies": list(self.policies),
            "seed": self.seed,
            "chunk_size": self.chunk_size,
            "backend": self.backend,
            "workers": self.workers,
            "seconds": round(self.seconds, 3),
            "hands_per_second": round(self.hands_per_second, 1),
            "showdown_share": self.showdown_share,
            "mean_pot": self.mean_pot,
            "max_pot": self.pot_max,
            "actions_per_hand": self.actions / self.hands,
            "rake": self.rake,
            "seats": [vars(seat) for seat in self.seats],
        }

    def table(self) -> str:
        """A readable summary table."""
        lines = [
            f"{self.hands:,} hands, {self.players} players, {self._policy_text()}, "
            f"seed {self.seed}: {self.seconds:.2f} s, {self.hands_per_second:,.0f} hands/s "
            f"({self.backend}, {self.workers} worker{'s' if self.workers > 1 else ''})",
            f"showdown share: {self.showdown_share:.1%} of hands; pots: mean "
            f"{self.mean_pot:,.1f} chips, largest {self.pot_max:,}",
            "",
            "seat  policy      chips won    bb/100   showdowns won",
        ]
        for row in self.seats:
            lines.append(
                f"{row.seat:>4}  {row.policy:<10} {row.net:>10,} {row.bb_per_100:>9.2f}"
                f" {row.showdowns_won:>15,}"
            )
        return "\n".join(lines)

    @classmethod
    def of(cls, tally: Tally, *, job: Any, **how: Any) -> SimResult:
        """The result of ``job`` from its total tally; ``how``: seconds, backend, ..."""
        return cls(
            hands=tally.hands,
            players=job.players,
            policies=job.names,
            seed=job.seed,
            chunk_size=job.chunk_size,
            big_blind=job.spec.rate_unit,
            stack=job.stack,
            net=tuple(tally.net),
            showdowns=tally.showdowns,
            showdowns_won=tuple(tally.showdowns_won),
            pot_total=tally.pot_total,
            pot_max=tally.pot_max,
            rake=tally.rake,
            actions=tally.actions,
            **how,
        )
