"""The tables behind every environment: hands of [`Hand`][pokerforge.game.Hand], one
observation encoder writing into preallocated NumPy rows, seeds per table and per hand.

The game layer decides every rule and applies every action with the hand's own methods;
the encoder reads each hand's declared state ([`HandState`][pokerforge.game.HandState]) and
translates discrete action indices into moves.
[`Tables`][pokerforge.rl.Tables] is shared by [`PokerEnv`][pokerforge.rl.PokerEnv], the PettingZoo
AEC environment and [`VectorPokerEnv`][pokerforge.rl.VectorPokerEnv].

Examples:
    >>> from pokerforge.game import GameSpec
    >>> tables = Tables(GameSpec(blinds=(1, 2)), seats=3, stacks=100, seed=7)
    >>> tables.new_hand(0)
    >>> seat = tables.observe(0)
    >>> tables.encoder.mask[0].tolist()  # fold, call, min, 0.5pot, pot, allin
    [1, 1, 1, 0, 1, 1]
    >>> tables.amounts[0].tolist()  # half the pot is the minimum raise's 4: masked
    [0, 2, 4, 0, 7, 100]
    >>> tables.act(0, 1)  # the button calls 2
    >>> tables.hands[0].bets
    (2, 1, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from pokerforge._core import MAX_ENCODED_CHIPS, ObsEncoder, seed_of
from pokerforge.errors import ChipLimitError, IllegalActionError, InvalidSpecError
from pokerforge.game import GameSpec, Hand, HandState
from pokerforge.game.actions import Street
from pokerforge.game.arguments import MAX_SEATS, player_count
from pokerforge.games import row

__all__ = [
    "DEFAULT_ACTIONS",
    "MAX_ENCODED_CHIPS",
    "MIN_OBS_SCALE",
    "Move",
    "Tables",
    "TablesSnapshot",
    "apply_draw",
    "apply_move",
    "game_of",
    "hand_seed",
    "street_values",
]

DEFAULT_ACTIONS = ("fold", "call", "min", "0.5pot", "pot", "allin")

#: The smallest ``obs_scale``: the most chips a table encodes (`MAX_ENCODED_CHIPS`,
#: about 9e15) in big blinds, divided by it, stay far inside float32's range (3.4e38).
MIN_OBS_SCALE = 1e-6

# What an exact action is: ("fold",), ("check",), ("call",) or ("raise_to", total).
Move = tuple[str] | tuple[str, int]

# Seeds are taken modulo 2**64 (the core's seeds, NumPy's and Gymnasium's are 64 bits).
SEED_MASK = (1 << 64) - 1
# The encoder's mask bits (ObsEncoder.encode): "may check" in bit 0, the seat to act in
# bits 1-4, the street in bits 5-7, the legal discrete actions from bit 8.
_ACTION_BIT0 = 8
# The encoder's moves (ObsEncoder.decode): the kind in bits 0-1, a raise's total above.
FOLD, CHECK, CALL, RAISE_TO = range(4)
AMOUNT_AT = 2


# The hand's methods for the moves below a raise, by kind: a move below RAISE_TO is its
# kind alone.
MOVE_METHODS: tuple[Callable[[Hand], object], ...] = (Hand.fold, Hand.check, Hand.call)


def apply_move(hand: Hand, move: int) -> None:
    """Apply an encoder move (``ObsEncoder.decode``: ``kind | amount << 2``, kind 0 fold,
    1 check, 2 call, 3 raise to ``amount``; a draw below 0, see `apply_draw()`) with
    the hand's own method.

    Examples:
        >>> from pokerforge._core import ObsEncoder
        >>> from pokerforge.game import GameSpec, Hand
        >>> hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100, 100], seed=1)
        >>> encoder = ObsEncoder(3, actions=["fold", "call", "pot"])
        >>> move = encoder.decode(0, hand.state, 2)  # the seat to act raises the pot
        >>> move & 3, move >> 2
        (3, 7)
        >>> apply_move(hand, move)
        >>> hand.bets
        (7, 1, 2)
    """
    if move >= RAISE_TO:
        hand.raise_to(move >> AMOUNT_AT)
    elif move >= 0:
        MOVE_METHODS[move](hand)
    else:
        apply_draw(hand, move)


def apply_draw(hand: Hand, move: int) -> None:
    """Apply an encoder draw move (``ObsEncoder.decode``: ``-1 - cards``, ``cards`` the
    mask of the card indices thrown away) with the hand's own method: stand pat when it
    throws none, else discard them.

    Examples:
        >>> from pokerforge.game import GameSpec, Hand
        >>> spec = GameSpec(variant="five-card-draw", blinds=(1, 2))
        >>> hand = Hand(spec, stacks=[50, 50], seed=2)
        >>> _ = hand.call(); _ = hand.check()
        >>> seat, cards = hand.state.drawing, hand.state.holes[hand.state.drawing]
        >>> apply_draw(hand, -1 - (1 << min(cards)))
        >>> hand.state.draws[seat]
        (1,)
    """
    cards = -1 - move
    if cards:
        hand.discard([i for i in range(52) if cards >> i & 1])
    else:
        hand.stand_pat()


def game_of(spec: GameSpec) -> dict[str, Any]:
    """What the encoder is told of ``spec``'s game: its row's name, the hole cards dealt,
    the state's value of each of its streets (`street_values()`) and whether bets are
    fixed-limit (a raise then goes only to the smallest or the largest legal total).

    Examples:
        >>> game_of(GameSpec(variant="omaha", betting="pot-limit", hole_cards=5))
        {'game': 'omaha', 'hole_cards': 5, 'streets': [0, 1, 2, 3], 'fixed_limit': False}
    """
    return {
        "game": spec.variant,
        "hole_cards": spec.hole_card_count,
        "streets": street_values(spec.variant),
        "fixed_limit": spec.betting == "fixed-limit",
    }


def street_values(game: str) -> list[int]:
    """The values a hand state's ``street`` takes on each street of ``game``'s row, in
    order (the encoder reads the state's streets as the row's).

    Examples:
        >>> street_values("holdem"), street_values("razz")
        ([0, 1, 2, 3], [5, 6, 7, 8, 9])
    """
    values = {str(street): street.value for street in Street}
    return [values[street.name] for street in row(game).streets]


def _apply_exact(hand: Hand, action: object) -> None:
    """Apply an exact move, ``("fold",)``, ``("check",)``, ``("call",)`` or
    ``("raise_to", total)``, with the hand's own method (which decides whether it is
    legal)."""
    name = action[0] if isinstance(action, tuple) and action else None
    extra = len(action) - 1 if isinstance(action, tuple) else 0
    if name == "raise_to":
        if extra != 1:
            raise IllegalActionError(f"{action!r} needs exactly one amount: ('raise_to', total)")
        hand.raise_to(action[1])  # type: ignore[index]
        return
    if name not in ("fold", "check", "call") or not isinstance(name, str):
        raise IllegalActionError(
            f"{action!r} is not an action: expected an index, ('fold',), ('check',), "
            "('call',) or ('raise_to', total)"
        )
    if extra:
        raise IllegalActionError(f"{action!r} takes no amount")
    getattr(hand, name)()


def hand_seed(seed: int, table: int, hand: int) -> int:
    """The deck seed of hand number ``hand`` at table ``table`` of a run seeded ``seed``.

    A splitmix64 mix of the three numbers (each an int or a NumPy integer, taken modulo
    2**64), so a table's hands depend only on the run's seed and the table's number, never
    on how many tables are stepped together.

    Examples:
        >>> hand_seed(1, 0, 0) == hand_seed(1, 0, 0) != hand_seed(1, 1, 0)
        True
        >>> hex(hand_seed(1, 0, 0))
        '0xe220a8397b1dcdaf'
    """
    return seed_of(int(seed) & SEED_MASK, int(table) & SEED_MASK, int(hand) & SEED_MASK)


def _stacks(stacks: int | Sequence[int], seats: int) -> list[int]:
    if isinstance(stacks, int):
        return [stacks] * seats  # a bool is refused with the other bad stacks
    out = list(stacks)
    if len(out) != seats:
        raise InvalidSpecError(f"stacks must give one stack per seat ({seats}), not {stacks!r}")
    return out


def chip_slots(names: Sequence[str]) -> list[int]:
    """The slots among ``names`` (a layout's slot names) that hold chips in big blinds:
    stacks, bets, the pot, the legal amounts, each action's and each history entry's
    amount; the others are 0 or 1."""
    ends = (":stack", ":bet", ":amount", "call_amount", "raise_to")
    return [i for i, name in enumerate(names) if name.endswith(ends) or name in ("pot", "bets")]


class TablesSnapshot(NamedTuple):
    """What [`Tables.snapshot()`][pokerforge.rl.Tables.snapshot] takes: the seed, each table's hand
    number and hand."""

    seed: int
    hand_numbers: tuple[int, ...]
    hands: tuple[Hand, ...]


class Tables:
    """``tables`` tables of ``seats`` players, each playing one hand at a time.

    Args:
        spec: the game (variant, betting structure, blinds).
        seats: players per table (2 to 10).
        stacks: every seat's stack at the start of each hand: one int, or one per seat.
        history: betting-history entries in the observation.
        actions: the discrete action set, e.g. ``("fold", "call", "min", "0.5pot",
            "pot", "allin")``.
        tables: number of tables.
        seed: the run's seed; hand ``h`` at table ``t`` is dealt from
            [`hand_seed()`][pokerforge.rl.hand_seed] ``(seed, first_table + t, h)``. ``None``: a
            random seed.
        first_table: the number of table 0, so that several runs can split one set of
            tables and give the same hands.
        button: the button's seat for the first hand.
        move_button: whether the button moves one seat clockwise every hand.
        layout_seats: size the observation for this many seats (default ``seats``), so
            that one model can play tables of several sizes; missing seats read as absent.
        obs_scale: ``None`` (the default): chips in big blinds, as the layout says; a
            number: every chip slot (`ObservationLayout.chip_slots()`) divided by that
            many big blinds (the stacks' depth, say, 100), so that every slot lies near 0
            to 1 beside the 0/1 card and flag slots, which learners train better on; at
            least `MIN_OBS_SCALE`, so that no slot passes float32's range.

    Raises:
        InvalidSpecError: a bad seat count, stack, history length or action name, an
            action set without ``"call"``, or a rule profile whose players choose to show
            or muck (``showdown="ask"``) or to run the board more than once
            (``runouts`` above 1).
        ChipLimitError: a stack, the big blind or the chip unit above
            `MAX_ENCODED_CHIPS` (2**53), more than the encoder counts.
    """

    def __init__(
        self,
        spec: GameSpec,
        *,
        seats: int,
        stacks: int | Sequence[int] = 200,
        history: int = 16,
        actions: Sequence[str] = DEFAULT_ACTIONS,
        tables: int = 1,
        seed: int | None = None,
        first_table: int = 0,
        button: int = 0,
        move_button: bool = True,
        layout_seats: int | None = None,
        obs_scale: float | None = None,
    ) -> None:
        if not isinstance(spec, GameSpec):
            raise InvalidSpecError(f"spec must be a GameSpec, not {spec!r}")
        if spec.rules.showdown != "auto":
            # The discrete actions have no show or muck: a hand would wait for one forever.
            raise InvalidSpecError(
                f"the RL tables play every showdown themselves: rules.showdown must be 'auto', "
                f"not {spec.rules.showdown!r}"
            )
        if spec.rules.runouts != 1:
            # The discrete actions have no vote on running the board more than once either.
            raise InvalidSpecError(
                f"the RL tables deal the board once: rules.runouts must be 1, not "
                f"{spec.rules.runouts!r}"
            )
        player_count(seats, what="a table seats")
        if isinstance(button, bool) or not isinstance(button, int) or not 0 <= button < seats:
            raise InvalidSpecError(
                f"the button must be a seat from 0 to {seats - 1}, not {button!r}"
            )
        self.spec = spec
        self.seats = seats
        self.stacks = _stacks(stacks, seats)
        for seat, chips in enumerate(self.stacks):
            if isinstance(chips, bool) or not isinstance(chips, int) or chips <= 0:
                raise InvalidSpecError(
                    f"seat {seat}'s stack must be a whole number of chips above 0, not {chips!r}"
                )
        # The encoder refuses every count past its limit in every state it reads; refused
        # here too, so that a table set up past it fails on entry, not at its first hand.
        counts = [(f"seat {seat}'s stack", chips) for seat, chips in enumerate(self.stacks)]
        counts += [("the big blind", spec.engine.rate_unit), ("the chip unit", spec.chip_unit)]
        for what, chips in counts:
            if chips > MAX_ENCODED_CHIPS:
                raise ChipLimitError(
                    f"{what} = {chips} is not a chip count the observation encoder takes: "
                    f"expected 0 to {MAX_ENCODED_CHIPS} (2**53) chips, so that no sum over "
                    "a table can pass 64 bits"
                )
        width = seats if layout_seats is None else layout_seats
        if isinstance(width, bool) or not isinstance(width, int) or not seats <= width <= MAX_SEATS:
            raise InvalidSpecError(
                f"layout_seats must be from {seats} (the seats) to {MAX_SEATS}, "
                f"not {layout_seats!r}"
            )
        self._layout = (width, history, tuple(actions), tables)
        self._attach_encoder()
        if "call" not in self.actions:
            # Check-or-call is legal at every decision; without it a seat facing an all-in
            # (with only raises in the set) would have no legal action at all.
            raise InvalidSpecError(
                f"the actions {tuple(actions)!r} have no 'call' (check or call), the one "
                "action legal at every decision: add it"
            )
        if obs_scale is not None and (
            isinstance(obs_scale, bool)
            or not isinstance(obs_scale, int | float)
            or not MIN_OBS_SCALE <= obs_scale < float("inf")
        ):
            raise InvalidSpecError(
                f"obs_scale must be a number of big blinds from {MIN_OBS_SCALE:g} up, "
                f"not {obs_scale!r}"
            )
        self.obs_scale = obs_scale
        # The chip slots (in big blinds) and what they are multiplied by, or None.
        self._chips: npt.NDArray[np.intp] | None = None
        self._chip_factor = 1.0
        if obs_scale is not None:
            self._chips = np.array(chip_slots(self.encoder.slot_names()), dtype=np.intp)
            self._chip_factor = 1.0 / obs_scale
        self.first_table = first_table
        self.first_button = button
        self.move_button = move_button
        self.big_blind = spec.engine.rate_unit  # the unit of results: the state's big_blind
        self.unit = spec.chip_unit
        self.hands: list[Hand] = []
        # Each hand's declared state, what the encoder reads (hands[t].state).
        self.states: list[HandState] = []
        self._indices: dict[int, tuple[int, ...]] = {}
        # Per button seat, a hand as dealt before anybody acts, to deal again from new seeds.
        self._fresh: dict[int, Hand] = {}
        self.hand_numbers = [0] * tables
        self.reseed(seed)

    def _attach_encoder(self) -> None:
        """A new encoder for the layout, and the names bound to its arrays and methods."""
        width, history, actions, tables = self._layout
        self.encoder = ObsEncoder(
            width, history=history, actions=list(actions), tables=tables, **game_of(self.spec)
        )
        self.actions: tuple[str, ...] = tuple(self.encoder.actions)
        # Bound once: these run at every step.
        self._encode = self.encoder.encode
        self._turn = self.encoder.turn
        self._decode = self.encoder.decode
        self.obs: npt.NDArray[np.float32] = self.encoder.obs
        self.mask: npt.NDArray[np.int8] = self.encoder.mask
        self.amounts: npt.NDArray[np.int64] = self.encoder.amounts
        # The seat whose view each row of `obs` holds (-1: the hand was over).
        self.observed: npt.NDArray[np.int64] = self.encoder.observed

    # -- snapshots, pickling -------------------------------------------------------------

    def snapshot(self) -> TablesSnapshot:
        """Everything that decides what happens next at every table: each hand as it
        stands (a copy), the hand numbers and the seed. [`restore()`][pokerforge.rl.Tables.restore]
        puts it back, as often as wanted, for search (MCTS, depth-limited solving) and undo.

        Examples:
            >>> tables = Tables(GameSpec(), seats=2, seed=4)
            >>> tables.new_hand(0)
            >>> saved = tables.snapshot()
            >>> tables.act(0, ("fold",)); tables.hands[0].is_over
            True
            >>> tables.restore(saved); tables.hands[0].is_over
            False
        """
        return TablesSnapshot(
            self.seed, tuple(self.hand_numbers), tuple(hand.copy() for hand in self.hands)
        )

    def restore(self, snapshot: TablesSnapshot) -> None:
        """Puts back what [`snapshot()`][pokerforge.rl.Tables.snapshot] took (the snapshot stays
        usable). The encoder reads each restored hand from its start, and observes every table's
        seat to act (as [`observe_all()`][pokerforge.rl.Tables.observe_all]), so observations and
        actions by index after a restore are those of the hand as it was.

        Raises:
            InvalidSpecError: a snapshot of another number of tables.
        """
        if (
            not isinstance(snapshot, TablesSnapshot)
            or len(snapshot.hand_numbers) != len(self.hand_numbers)
            or len(snapshot.hands) > len(self.hand_numbers)
        ):
            raise InvalidSpecError(
                f"not a snapshot of these {len(self.hand_numbers)} tables: {snapshot!r}"
            )
        for table, hand in enumerate(snapshot.hands):
            # Checked before anything changes: a hand the encoder cannot read would fail
            # only once it had replaced the tables' own.
            if not isinstance(hand, Hand) or hand.num_seats != self.seats or hand.spec != self.spec:
                raise InvalidSpecError(
                    f"not a snapshot of these tables: its table {table} holds {hand!r}, not a "
                    f"{self.seats}-seat hand of {self.spec!r}"
                )
        self.seed = snapshot.seed
        self._seed64 = snapshot.seed & SEED_MASK
        self.hand_numbers = list(snapshot.hand_numbers)
        hands = [hand.copy() for hand in snapshot.hands]
        self.hands = hands
        self.states = [hand.state for hand in hands]
        if hands:
            # Each seat to act observed again, so that actions by index follow its mask.
            self.observe_all()

    def __getstate__(self) -> dict[str, Any]:
        # The encoder (Rust) does not pickle: a new one reads every hand from its start.
        names = ("encoder", "obs", "mask", "amounts", "observed", "_encode", "_turn", "_decode")
        return {k: v for k, v in self.__dict__.items() if k not in names}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._attach_encoder()
        if self.hands:
            self.observe_all()

    @classmethod
    def for_env(cls, spec: GameSpec | None, **options: Any) -> Tables:
        """The tables of an environment ([`PokerEnv`][pokerforge.rl.PokerEnv], the AEC
        environment, [`VectorPokerEnv`][pokerforge.rl.VectorPokerEnv]): ``spec``, or no-limit
        Hold'em with blinds 1/2 when it is ``None``, and the other keywords as
        [`Tables`][pokerforge.rl.Tables] takes them.

        An environment deals hand after hand with the stacks reset, waiting for a decision:
        stacks with which a hand at some button seat it deals would play itself out from
        the forced bets, nobody left to decide (``stacks=[200, 1]`` heads-up), are refused.

        Raises:
            InvalidSpecError: As [`Tables`][pokerforge.rl.Tables], and such stacks.

        Examples:
            >>> Tables.for_env(None, seats=2, seed=1).spec == GameSpec()
            True
        """
        tables = cls(GameSpec() if spec is None else spec, **options)
        seats = tables.seats
        buttons = range(seats) if tables.move_button else (tables.first_button,)
        for button in buttons:
            # The forced bets are the same for every deal at a button: one deal tells.
            if Hand(tables.spec, stacks=tables.stacks, button=button, seed=0).actor is None:
                raise InvalidSpecError(
                    f"with stacks {list(tables.stacks)} and the button at seat {button}, "
                    "the forced bets leave nobody a decision: the hand would play itself "
                    "out; an environment needs stacks that leave one at every button seat"
                )
        return tables

    def reseed(self, seed: int | None) -> None:
        """Restart every table's sequence of hands from ``seed`` (``None``: a random one)."""
        if seed is None:
            seed = int(np.random.SeedSequence().entropy) & SEED_MASK  # type: ignore[arg-type]
        if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
            raise InvalidSpecError(f"seed must be an int or None, not {seed!r}")
        self.seed = int(seed)
        self._seed64 = self.seed & SEED_MASK
        self.hand_numbers = [0] * len(self.hand_numbers)

    @property
    def num_tables(self) -> int:
        """The number of tables."""
        return len(self.hand_numbers)

    def _no_table(self, table: object, *, dealing: bool = False) -> InvalidSpecError:
        """The error for a ``table`` argument that names no table with a hand (or, when
        ``dealing``, no table that can be dealt now)."""
        count = len(self.hand_numbers)
        if isinstance(table, bool) or not isinstance(table, int) or not 0 <= table < count:
            return InvalidSpecError(f"table must be a table from 0 to {count - 1}, not {table!r}")
        dealt = len(self.states)
        if dealing:
            return InvalidSpecError(
                f"table {table} cannot be dealt its first hand before table {dealt}: "
                "tables are first dealt in order"
            )
        return InvalidSpecError(f"table {table} has no hand yet: deal one with new_hand({table})")

    def new_hand(
        self, table: int, *, hole_cards: Sequence[object] | None = None, board: object = None
    ) -> None:
        """Deal the next hand at ``table`` (its seed and button follow from the hand number).

        ``hole_cards`` (one entry per seat, ``None`` to deal that seat) and ``board`` fix
        cards as in [`Hand`][pokerforge.game.Hand], for replays and tests.

        Raises:
            InvalidSpecError: ``table`` is not one of the tables, or is dealt its first
                hand before a table below it (tables are first dealt in order).
        """
        if not 0 <= table <= len(self.states) or table >= len(self.hand_numbers):
            raise self._no_table(table, dealing=True)
        number = self.hand_numbers[table]
        button = (self.first_button + (number if self.move_button else 0)) % self.seats
        seed = seed_of(self._seed64, (self.first_table + table) & SEED_MASK, number)
        fixed = hole_cards is not None or board is not None
        template = None if fixed else self._fresh.get(button)
        if template is not None:
            # Every hand at this button posts the same forced bets: only the cards differ.
            hand = template.deal_again(seed=seed)
        else:
            hand = Hand(
                self.spec,
                stacks=self.stacks,
                button=button,
                seed=seed,
                hole_cards=hole_cards,
                board=board,
            )
            if not fixed and not hand.is_over and not hand.board_indices:
                self._fresh[button] = hand.copy()
        self.hand_numbers[table] = number + 1
        if table < len(self.hands):
            self.hands[table] = hand
            self.states[table] = hand.state
        else:
            self.hands.append(hand)
            self.states.append(hand.state)

    def observe(self, table: int, seat: int | None = None) -> int:
        """Encode ``seat``'s view (default: the seat to act) into row ``table``.

        Returns the seat observed (-1 when the hand is over and no seat was given, in which
        case nothing is written).

        Raises:
            InvalidSpecError: ``table`` names no table with a hand.
        """
        if not 0 <= table < len(self.states):
            raise self._no_table(table)
        if seat is None:
            bits = self._encode(table, self.states[table])
            if bits >= 0 and self._chips is not None:
                self.obs[table, self._chips] *= self._chip_factor
            return bits >> 1 & 15 if bits >= 0 else -1
        self._encode(table, self.states[table], seat)
        if self._chips is not None:
            self.obs[table, self._chips] *= self._chip_factor
        return seat

    def observe_all(self) -> npt.NDArray[np.int64]:
        """Encode every table's view of its seat to act, in one call to the encoder.

        Every table must have a hand ([`new_hand()`][pokerforge.rl.Tables.new_hand]). Returns
        `observed`: the seat observed at each table, -1 where the hand is over (that row is left as
        it was).
        """
        self.encoder.encode_all(self.states)
        if self._chips is not None:
            # Rows of finished hands are left as they were: scale only the rows written.
            written = self.observed >= 0
            self.obs[np.ix_(written, self._chips)] *= self._chip_factor
        return self.observed

    def scale(self, rows: npt.NDArray[np.float32]) -> None:
        """Scales observations written elsewhere (rows of this layout) in place as
        ``obs_scale`` scales `obs` (nothing without it)."""
        if self._chips is not None:
            rows[:, self._chips] *= self._chip_factor

    def legal(self, table: int) -> tuple[int, ...]:
        """The legal discrete action indices of the seat to act at ``table`` (empty when
        the hand is over): the mask of [`observe()`][pokerforge.rl.Tables.observe] as a tuple,
        without NumPy.

        Raises:
            InvalidSpecError: ``table`` names no table with a hand.
        """
        if not 0 <= table < len(self.states):
            raise self._no_table(table)
        state = self.states[table]
        bits = self._turn(table, state)
        if bits < 0:
            bits = self._encode(table, state)
            if bits < 0:
                return ()
            if self._chips is not None:
                self.obs[table, self._chips] *= self._chip_factor
        bits >>= _ACTION_BIT0
        cached = self._indices.get(bits)
        if cached is None:
            cached = self._indices[bits] = self._indices_of(bits)
        return cached

    def _indices_of(self, bits: int) -> tuple[int, ...]:
        """The action indices whose bits are set (apart from legal(): a generator there
        would make its locals cells, read more slowly at every step)."""
        return tuple(i for i in range(len(self.actions)) if bits >> i & 1)

    def act(self, table: int, action: int | Move) -> None:
        """Apply ``action`` for the seat to act at ``table``: an index into the discrete
        action set, legal by the mask of the last [`observe()`][pokerforge.rl.Tables.observe] of
        that seat, or an exact move (``("fold",)``, ``("check",)``, ``("call",)``, ``("raise_to",
        total)``).

        The hand's own method applies it (the game layer decides what is legal); the
        encoder reads what it did from the hand's state when it next observes.

        Raises:
            IllegalActionError: nobody is to act, the index is masked or out of range, or
                the move is not legal; nothing changes.
            InvalidSpecError: ``table`` names no table with a hand.
        """
        if not 0 <= table < len(self.states):
            raise self._no_table(table)
        hand = self.hands[table]
        if type(action) is int:
            # apply_move() inlined: a call per action costs more than the choice.
            move = self._decode(table, self.states[table], action)
            if move >= RAISE_TO:
                hand.raise_to(move >> AMOUNT_AT)
            elif move >= 0:
                MOVE_METHODS[move](hand)
            else:
                apply_draw(hand, move)
            return
        if hand.actor is None:
            raise IllegalActionError(f"table {table}'s hand is over: no seat is to act")
        _apply_exact(hand, action)

    def infoset(self, table: int, seat: int) -> str:
        """The information-set key of ``seat`` at ``table`` (what that seat knows)."""
        if not 0 <= table < len(self.states):
            raise self._no_table(table)
        return self.encoder.infoset(table, self.states[table], seat)

    def net_bb(self, table: int) -> list[float]:
        """Each seat's chips won or lost in the hand at ``table``, in big blinds."""
        if not 0 <= table < len(self.states):
            raise self._no_table(table)
        bb = self.big_blind
        return [n / bb for n in self.hands[table].net]
