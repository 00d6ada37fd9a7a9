"""Chunks of hands with derived seeds, and playing them.

A run of ``hands`` hands is cut into chunks of ``chunk_size`` hands. Chunk ``k`` gets its
own seed, derived from the run's seed and ``k`` alone (a hash, so neighbouring chunks are
unrelated), and draws one 63-bit seed per hand from it. A hand's seed fixes its cards and
the random streams its policies draw from (each reseeded with it before the hand, see
`pokerforge.sim.policies`); hand ``n`` has the button at seat
``n % players``. So every hand, and therefore every total, is the same whichever worker
plays which chunk, in whatever order: results never depend on the number of workers or the
backend (they do depend on ``chunk_size``, which is part of the run's definition).

Examples:
    >>> job = Job.build(None, players=3, hands=5, policies="call", seed=1, chunk_size=2)
    >>> job.chunks, [number for number, _ in hand_seeds(job, 2)]
    (3, [4])
    >>> play_chunk(job, 0).tally.hands
    2
    >>> chunk_seed(1, 0) == chunk_seed(1, 0) != chunk_seed(1, 1)
    True
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from pokerforge.errors import InvalidSpecError, PolicyError, TimeLimitError
from pokerforge.game import (
    Bet,
    Call,
    Check,
    DealBoard,
    Decision,
    Fold,
    GameSpec,
    Hand,
    LazyHandView,
    PostAnte,
    PostBlind,
    Raise,
)
from pokerforge.game.arguments import MAX_SEATS, MIN_SEATS, player_count
from pokerforge.game.phh import to_phh
from pokerforge.game.positions import seat_order
from pokerforge.sim.policies import (
    LegacyPolicy,
    Policies,
    Policy,
    Turn,
    resolve,
    seeded,
    takes_turn,
    turn_seats,
)
from pokerforge.sim.results import ActionRow, ChunkResult, HandRow, Tally

__all__ = ["Job", "Record", "chunk_seed", "hand_seeds", "play_chunk", "play_hand"]

Record = Literal["rows", "phh"]
"""What a chunk keeps besides its totals: table rows (Parquet, JSON lines) or PHH text."""

_MAX_HANDS = 10**12


def chunk_seed(seed: int, chunk: int) -> int:
    """The 63-bit seed of chunk ``chunk`` of a run seeded ``seed``."""
    digest = hashlib.blake2b(f"pokerforge.sim:{seed}:{chunk}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little") >> 1


@dataclass(frozen=True)
class Job:
    """Everything a worker needs to play any chunk of a run (small, and it pickles).

    Attributes:
        spec: The game.
        players: Seats at the table.
        stack: Every seat's stack at the start of every hand.
        names: The policy name of each seat.
        policies: The policy of each seat.
        turns: Whether each seat's policy is the deprecated ``policy(turn, rng)``.
        seed: The run's seed.
        hands: Hands in the run.
        chunk_size: Hands per chunk.
        record: What each chunk keeps besides its totals.
        deadline: When a run with a time limit must stop, as ``time.time()`` counts (a
            clock the run's processes share): a chunk asks it after each hand.
    """

    spec: GameSpec
    players: int
    stack: int
    names: tuple[str, ...]
    policies: tuple[Policy | LegacyPolicy, ...]
    seed: int
    hands: int
    chunk_size: int
    record: Record | None = None
    turns: tuple[bool, ...] = ()
    deadline: float | None = None

    def __post_init__(self) -> None:
        if not self.turns:  # a job made without build(): the forms read from the policies
            object.__setattr__(self, "turns", tuple(takes_turn(p) for p in self.policies))

    @classmethod
    def build(
        cls,
        spec: GameSpec | None,
        *,
        players: int,
        hands: int,
        policies: Policies,
        seed: int,
        stack: int | None = None,
        chunk_size: int = 1000,
        record: Record | None = None,
    ) -> Job:
        """A checked job (``spec=None``: no-limit Hold'em, blinds 1/2).

        Raises:
            InvalidSpecError: A bad number of players, hands, stack, chunk size or seed, or
                an unknown policy.
        """
        spec = GameSpec(blinds=(1, 2)) if spec is None else spec
        if not isinstance(spec, GameSpec):
            raise InvalidSpecError(f"spec must be a GameSpec, not {spec!r}")
        for name, value, low, high in (
            ("players", players, MIN_SEATS, MAX_SEATS),
            ("hands", hands, 1, _MAX_HANDS),
            ("chunk_size", chunk_size, 1, 10**7),
        ):
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                if name == "players":
                    player_count(value, what="a table needs")
                raise InvalidSpecError(f"{name} must be at least {low}, not {value!r}")
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise InvalidSpecError(f"seed must be a whole number of at least 0, not {seed!r}")
        # The blinds' size, or in games without them the button blind or the small bet.
        unit = spec.rate_unit
        stack = unit * 100 if stack is None else stack
        if isinstance(stack, bool) or not isinstance(stack, int) or stack <= unit:
            what = "the big blind" if spec.big_blind else "the game's unit bet"
            raise InvalidSpecError(f"stack must be more than {what} ({unit} chips), not {stack!r}")
        seats = resolve(policies, players=players)
        names = tuple(name for name, _ in seats)
        chosen = tuple(policy for _, policy in seats)
        return cls(
            spec=spec,
            players=players,
            stack=stack,
            names=names,
            policies=chosen,
            seed=seed,
            hands=hands,
            chunk_size=chunk_size,
            record=record,
            turns=turn_seats(chosen, names),
        )

    @property
    def chunks(self) -> int:
        """Chunks in the run."""
        return -(-self.hands // self.chunk_size)


def hand_seeds(job: Job, chunk: int) -> list[tuple[int, int]]:
    """``(hand number, hand seed)`` for every hand of chunk ``chunk``."""
    rng = random.Random(chunk_seed(job.seed, chunk))
    start = chunk * job.chunk_size
    stop = min(job.hands, start + job.chunk_size)
    return [(number, rng.getrandbits(63)) for number in range(start, stop)]


def play_hand(
    job: Job,
    *,
    seed: int,
    button: int,
    number: int | None = None,
    policies: tuple[list[Any], list[Callable[[int], None]]] | None = None,
) -> Hand:
    """Plays one hand of ``job`` from its seed and button, as the run does.

    ``policies`` are the chunk's copies (`seeded()`), made
    here when not given; each copy with a random stream is reseeded with the hand's seed.

    Raises:
        PolicyError: A policy raised an exception or chose an illegal action; the message
            names the hand's number, seed and button.
    """
    hand = Hand(job.spec, stacks=[job.stack] * job.players, button=button, seed=seed)
    seats, reseeds = seeded(job.policies) if policies is None else policies
    for reseed in reseeds:
        reseed(seed)
    turns = job.turns
    # The old form's generator: one per hand, shared by every old-form seat, as it was.
    rng = random.Random(seed) if True in turns else None
    actions = {"fold": hand.fold, "check": hand.check, "call": hand.call}
    legal_actions = hand.legal_actions
    while not hand.is_over:
        seat = hand.actor
        if seat is None:  # only betting decisions are asked of policies
            raise InvalidSpecError("the hand waits for a decision that is not a bet")
        try:
            if turns[seat]:
                decision = seats[seat](Turn(hand, seat), rng)
            else:
                legal = legal_actions()
                decision = seats[seat](LazyHandView(hand, seat, legal), legal)
            act = actions.get(decision) if type(decision) is str else None
            if act is not None:
                act()
            elif type(decision) is int:
                hand.raise_to(decision)
            else:  # a Decision, "check_or_call", "all_in", a NumPy integer...
                Decision.of(decision).apply(hand)
        except Exception as err:  # a policy's bug, whatever it is, names the hand
            where = f"hand {number} " if number is not None else "the hand "
            raise PolicyError(
                f"policy {job.names[seat]!r} of seat {seat} failed in {where}(seed {seed}, "
                f"button {button}): {type(err).__name__}: {err}; replay it with "
                f"pokerforge.sim.replay(..., seed={seed}, button={button})"
            ) from err
    return hand


def _action_rows(hand: Hand, number: int) -> list[ActionRow]:
    rows: list[ActionRow] = []
    append = rows.append
    street = 0
    n = hand.num_seats
    # Each seat's chips in on this street (every row's "to"), and behind (the forced bets'
    # all-in, which their records do not carry).
    bets = [0] * n
    behind = list(hand.starting_stacks)
    record: Any  # one of the kinds below, told apart by a table: cheaper than isinstance
    for record in hand.history:
        kind = _ROW_KINDS.get(type(record))
        if kind is None:
            continue
        seat = record[0]
        if kind == _BOARD:
            street = int(record.street)
            bets = [0] * n
        elif kind <= _CHECK:
            name = "fold" if kind == _FOLD else "check"
            append((number, len(rows), street, seat, name, 0, bets[seat], False))
        elif kind == _CALL:
            bets[seat] += record.amount
            append((number, len(rows), street, seat, "call", record.amount, bets[seat],
                    record.all_in))  # fmt: skip
        elif kind <= _RAISE:
            bets[seat] = record.to
            append((number, len(rows), street, seat, "bet" if kind == _BET else "raise",
                    record.amount, record.to, record.all_in))  # fmt: skip
        else:  # a forced bet: a blind counts toward the street's bet, an ante is dead money
            amount = record.amount
            behind[seat] -= amount
            if kind == _BLIND:
                bets[seat] += amount
                name = _BLINDS.get(record.blind, record.blind)
            else:
                name = "ante"
            append((number, len(rows), street, seat, name, amount,
                    bets[seat] if kind == _BLIND else 0, not behind[seat]))  # fmt: skip
    return rows


_FOLD, _CHECK, _CALL, _BET, _RAISE, _BLIND, _ANTE, _BOARD = range(8)
_ROW_KINDS: dict[type, int] = {
    Fold: _FOLD, Check: _CHECK, Call: _CALL, Bet: _BET, Raise: _RAISE, PostBlind: _BLIND,
    PostAnte: _ANTE, DealBoard: _BOARD,
}  # fmt: skip


_BLINDS = {"SB": "small_blind", "BB": "big_blind"}
# Card index -> text, to write hole cards without making Card objects.
_CARD_TEXT = tuple(r + s for r in "23456789TJQKA" for s in "cdhs")


def player_names(job: Job) -> list[str]:
    """A name per seat for records: its policy's name, with the seat added where several
    seats play the same policy (``["tag", "random-1", "random-2"]``)."""
    names = job.names
    return [n if names.count(n) == 1 else f"{n}-{seat}" for seat, n in enumerate(names)]


def play_chunk(job: Job, chunk: int) -> ChunkResult:
    """Plays chunk ``chunk`` of ``job``: its totals, and its records when asked."""
    if not 0 <= chunk < job.chunks:
        raise InvalidSpecError(f"chunk must be 0 to {job.chunks - 1}, not {chunk}")
    tally = Tally.empty(job.players)
    hands: list[HandRow] = []
    actions: list[ActionRow] = []
    phh: list[str] = []
    players = job.players
    names = player_names(job) if job.record == "phh" else []
    seen_positions: dict[int, tuple[str, ...]] = {}
    policies = seeded(job.policies)  # the chunk's own copies of policies with a stream
    for number, seed in hand_seeds(job, chunk):
        if job.deadline is not None and time.time() >= job.deadline:
            # The run stops; this chunk, cut short, counts for nothing (see run()).
            raise TimeLimitError(f"the time limit passed in chunk {chunk}")
        button = number % players
        hand = play_hand(job, seed=seed, button=button, number=number, policies=policies)
        showdown, pot = tally.add(hand)
        if job.record == "rows":
            board = "".join(_CARD_TEXT[i] for i in hand.board_indices)
            holes = tuple("".join(_CARD_TEXT[i] for i in hole) for hole in hand.hole_indices)
            positions = seen_positions.get(button)
            if positions is None:  # one per button: the names depend on nothing else here
                positions = seen_positions[button] = hand.positions
            hands.append(
                (number, seed, button, board, showdown, pot, hand.rake, hand.net, holes,
                 positions)
            )  # fmt: skip
            actions += _action_rows(hand, number)
        elif job.record == "phh":
            order = [names[s] for s in seat_order(players, button)]  # PHH order
            phh.append(to_phh(hand, hand_number=number, players=order, fields={"_seed": seed}))
    return ChunkResult(chunk, tally, hands, actions, phh)
