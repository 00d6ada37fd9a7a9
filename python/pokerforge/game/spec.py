"""The game specification: variant, betting structure, forced bets, rake and rules.

A [`GameSpec`][pokerforge.game.GameSpec] is immutable data, checked when it is built: a spec that
makes no sense raises `InvalidSpecError` with a sentence naming the bad value. Variants
and betting structures are composed as data, never as a class per combination.

Examples:
    >>> from pokerforge.game import GameSpec
    >>> GameSpec(blinds=(1, 2)).hole_card_count
    2
    >>> spec = GameSpec(variant="omaha", betting="pot-limit", blinds=(5, 10), hole_cards=5)
    >>> spec.hole_card_count, spec.small_blind, spec.big_blind
    (5, 5, 10)
    >>> GameSpec(betting="fixed-limit", blinds=(5, 10), small_bet=10, big_bet=20).bet_size(2)
    20
    >>> GameSpec(blinds=(2, 1))
    Traceback (most recent call last):
    ...
    pokerforge.errors.InvalidSpecError: the big blind (1) must be at least the small blind (2)

The stud family (seven-card stud, stud hi-lo, razz) is fixed-limit with antes and a
bring-in instead of blinds:

    >>> stud = GameSpec(variant="stud", betting="fixed-limit", ante=1, bring_in=2,
    ...                 small_bet=5, big_bet=10)
    >>> stud.blinds, stud.hole_card_count, stud.is_stud
    ((0, 0), 7, True)
    >>> GameSpec(variant="razz", betting="fixed-limit", bring_in=6, small_bet=5, big_bet=10)
    Traceback (most recent call last):
    ...
    pokerforge.errors.InvalidSpecError: the bring-in (6) must not exceed the small bet (5)

Short-deck (6+) Hold'em is dealt from the 36 cards six to ace, and is played with blinds or,
as is most common, with every player anteing and the button posting a blind (rules 43-46):

    >>> six = GameSpec(variant="6+", ante=1, button_blind=2)
    >>> six.variant, six.blinds, six.button_blind, six.trips_beat_straight
    ('short-deck', (0, 0), 2, True)
    >>> GameSpec(variant="short-deck", blinds=(1, 2), trips_beat_straight=False).blinds
    (1, 2)
    >>> GameSpec(variant="short-deck", blinds=(1, 2), button_blind=2)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerforge.errors.InvalidSpecError: a button blind (2) replaces the blinds: leave ...

The draw games (deuce-to-seven single and triple draw, ace-to-five triple draw, badugi,
five-card draw) are played with blinds (and antes where used) in any betting structure;
fixed-limit triple draw bets the small bet before and after the first draw and the big bet
after the second and third (rules 47-52):

    >>> td = GameSpec(variant="2-7-triple-draw", betting="fixed-limit", blinds=(1, 2),
    ...               small_bet=2, big_bet=4)
    >>> td.hole_card_count, td.draw_rounds, [td.bet_size(s) for s in range(10, 14)]
    (5, 3, [2, 2, 4, 4])
    >>> GameSpec(variant="badugi", betting="fixed-limit", small_bet=2, big_bet=4).hole_card_count
    4
    >>> GameSpec(variant="2-7-single-draw", blinds=(5, 10)).draw_rounds
    1
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import accumulate
from typing import Literal

from pokerforge._core import Variant as VariantRow
from pokerforge.errors import InvalidSpecError
from pokerforge.game.arguments import chip_count
from pokerforge.game.profile import DEFAULT_RULES, RuleProfile
from pokerforge.game.rake import Rake
from pokerforge.games import ROWS, Game, game_name

__all__ = ["AnteKind", "Betting", "GameSpec"]

# Integer codes the engine works with (comparing ints is cheaper than comparing strings).
NO_LIMIT = 0
POT_LIMIT = 1
FIXED_LIMIT = 2
HOLDEM = 0
OMAHA = 1
OMAHA_HILO = 2
STUD = 3
STUD_HILO = 4
RAZZ = 5
SHORT_DECK = 6
TWO_SEVEN_SINGLE = 7
TWO_SEVEN_TRIPLE = 8
A5_TRIPLE = 9
BADUGI = 10
FIVE_CARD_DRAW = 11
UNCAPPED = 1 << 60
# The Street numbers of the streets' names, as the variant table writes them (the streets'
# own module imports this one): each game's streets are numbered from its first.
_STREET_NUMBERS = {
    "preflop": 0,
    "flop": 1,
    "turn": 2,
    "river": 3,
    "third street": 5,
    "fourth street": 6,
    "fifth street": 7,
    "sixth street": 8,
    "seventh street": 9,
    "predraw": 10,
    "first draw": 11,
    "second draw": 12,
    "third draw": 13,
}
OPENERS = ("after-blinds", "left-of-button", "bring-in", "best-showing")
"""Who opens a street, as the variant table says; each street's entry of
``EngineConstants.plan`` holds the index here of its opener (ints compare faster than
strings)."""
AFTER_BLINDS, LEFT_OF_BUTTON, BRING_IN, BEST_SHOWING = range(4)
DEAL_BOARD, DEAL_STUD, DEAL_DRAW = range(3)
"""How a hand is dealt (``EngineConstants.deal_kind``): every hole card and the board at
once; street by street to the players still in; the hands, then draws from the stub."""
STUD_MAX_SEATS = ROWS["stud"].max_players
"""Seven cards each for eight players and four burns use the whole deck (RR: stud is
dealt to at most eight)."""

Betting = Literal["no-limit", "pot-limit", "fixed-limit"]
AnteKind = Literal["uniform", "big-blind"]

_BETTINGS = ("no-limit", "pot-limit", "fixed-limit")


class _DefaultBlinds(tuple[int, int]):
    """The blinds left out: (1, 2) in the board games, none in stud. A class of its own so
    that the default is told apart from blinds given as ``(1, 2)``."""

    __slots__ = ()


_DEFAULT_BLINDS: tuple[int, int] = _DefaultBlinds((1, 2))


@dataclass(frozen=True, slots=True)
class EngineConstants:
    """Everything the hand engine needs from a spec, worked out once per spec. Slots, not a
    named tuple: the engine reads them on every turn, and a slot is read faster."""

    structure: int
    variant: int
    unit: int
    hole_count: int
    small: int
    big: int
    uniform_ante: int
    big_blind_ante: int
    ante_first: bool
    straddle: int
    preflop_min_inc: int
    street_min_inc: tuple[int, ...]  # each of the game's streets, from its first
    cap: int
    heads_up_uncapped: bool
    pot_limit_full_blinds: bool
    fold_free: bool
    half_rule: bool
    short_all_in: str  # rule 18's switch: RuleProfile.limit_short_all_in
    bring_in: int
    open_pair_option: bool
    button_blind: bool
    trips_beat_straight: bool
    draw_rounds: int
    deck: int
    first_street: int
    showing_high: bool
    hilo: bool
    # Each street's plan in one tuple, read once a street: its Street number, whether a
    # drawing round begins it, the board cards showing once it is dealt, the cards it
    # deals each player down and up, its fixed-limit bet (or the big blind) and its
    # opener's code (OPENERS).
    plan: tuple[tuple[int, bool, int, int, int, int, int], ...]
    board_at: tuple[int, ...]  # the board cards showing once each street is dealt
    up_cards: bool
    holes_change: bool  # later streets deal down cards, or players draw
    # What the showdown reads, in one tuple: the game's code, short deck's order, whether
    # players hold up cards, whether odd chips go by the cards.
    showdown: tuple[int, bool, bool, bool]
    # How the hand is dealt (game/stub.py: DEAL_BOARD, DEAL_STUD or DEAL_DRAW), the most
    # players its deck deals to, whether players owe blinds (the game has a small and a
    # big blind), and the chips of a "big blind" of a win rate (rate_unit).
    deal_kind: int
    max_players: int
    blinds: bool
    rate_unit: int


@dataclass(frozen=True, slots=True, kw_only=True)
class GameSpec:
    """What game is played: everything about a hand except the players and the cards.

    Attributes:
        variant: ``"holdem"``, ``"omaha"`` or ``"omaha-hilo"`` (8 or better), the stud
            family: ``"stud"`` (seven-card stud), ``"stud-hilo"`` (eight or better) or
            ``"razz"``, ``"short-deck"``, or a draw game: ``"2-7-single-draw"``,
            ``"2-7-triple-draw"``, ``"a-5-triple-draw"``, ``"badugi"`` or
            ``"five-card-draw"``; an alias (``"plo"``, ``"omaha8"``, ``"stud8"``, ``"F7S"``,
            ``"F2L3D"``, ... see [`pokerforge.games`][pokerforge.games]) is stored under its
            canonical name.
        betting: ``"no-limit"``, ``"pot-limit"`` or ``"fixed-limit"`` (the stud family:
            fixed-limit only).
        blinds: ``(small, big)``; the small blind may be any amount up to the big blind
            (half, two-thirds, ...). Left out: ``(1, 2)``, and ``(0, 0)`` in stud, which
            has no blinds.
        bring_in: stud only, and required there: the forced bet of the player showing the
            lowest card on third street (the highest in razz), at most the small bet;
            that player may complete to the small bet instead (rules 36-38).
        button_blind: short-deck only: a blind posted by the button instead of the small
            and big blinds (0: none, the blinds are posted). It plays as the big blind does:
            it is the amount to call and the minimum bet, the player left of the button
            acts first pre-flop and the button last, with the option (rule 44).
        ante: the ante in chips (0: none).
        ante_kind: ``"uniform"`` (every player antes) or ``"big-blind"`` (the big blind
            pays ``ante`` alone, as dead money).
        straddle: a live straddle posted by the player left of the big blind (0: none);
            it must exceed the big blind and needs at least three players.
        small_bet: fixed-limit bet size on pre-flop and flop (required there, else ``None``).
        big_bet: fixed-limit bet size on turn and river (required there, else ``None``).
        hole_cards: hole cards per player: 2 in Hold'em and short-deck; 4 (default), 5 or
            6 in Omaha; 5 in the draw games but badugi's 4.
        trips_beat_straight: short-deck only: whether three of a kind ranks above a
            straight (left out: ``True``, as `evaluate_short_deck()`
            ranks by default); ``False`` keeps Hold'em's order (rule 45).
        chip_unit: the smallest chip in play; bets are whole units (except all-ins) and
            pots are split in units.
        rake: a [`Rake`][pokerforge.game.Rake], or ``None`` for no rake.
        rules: the [`RuleProfile`][pokerforge.game.RuleProfile].

    Raises:
        InvalidSpecError: any value that makes no sense.
    """

    variant: Game = "holdem"
    betting: Betting = "no-limit"
    blinds: tuple[int, int] = _DEFAULT_BLINDS
    bring_in: int | None = None
    button_blind: int = 0
    ante: int = 0
    ante_kind: AnteKind = "uniform"
    straddle: int = 0
    small_bet: int | None = None
    big_bet: int | None = None
    hole_cards: int | None = None
    trips_beat_straight: bool | None = None
    chip_unit: int = 1
    rake: Rake | None = None
    rules: RuleProfile = DEFAULT_RULES
    hole_card_count: int = field(init=False, repr=False, compare=False)
    engine: EngineConstants = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Aliases ("plo", "omaha8", ...) are stored under the canonical name.
        try:
            object.__setattr__(self, "variant", game_name(self.variant))
        except InvalidSpecError as err:
            raise InvalidSpecError(f"variant {err}") from None
        row = self.row
        if self.betting not in _BETTINGS:
            raise InvalidSpecError(
                f"betting must be 'no-limit', 'pot-limit' or 'fixed-limit', not {self.betting!r}"
            )
        if self.betting not in row.structures:
            # The betting left at its default is named as such: the user did not write it.
            given = (
                "betting is 'no-limit' unless given"
                if self.betting == "no-limit"
                else f"not betting={self.betting!r}"
            )
            raise InvalidSpecError(
                f"{self.variant} is played {' or '.join(row.structures)} here: give "
                f"{' or '.join(f'betting={b!r}' for b in row.structures)} ({given})"
            )
        self._check_cards()
        self._check_forced_bets()
        self._check_limits()
        self._check_bring_in()
        self._check_short_deck()
        if self.straddle and not row.straddle:
            raise InvalidSpecError(
                f"{self.variant} is played without a straddle, not {self.straddle}"
            )
        if self.rake is not None and not isinstance(self.rake, Rake):
            raise InvalidSpecError(f"rake must be a Rake or None, not {self.rake!r}")
        if not isinstance(self.rules, RuleProfile):
            raise InvalidSpecError(f"rules must be a RuleProfile, not {self.rules!r}")
        object.__setattr__(self, "engine", self._engine_constants())

    def _engine_constants(self) -> EngineConstants:
        rules = self.rules
        small, big = self.blinds
        if self.button_blind:  # rule 44: it plays as the big blind, posted by the button
            big = self.button_blind
        structure = ("no-limit", "pot-limit", "fixed-limit").index(self.betting)
        straddle = self.straddle
        if structure == FIXED_LIMIT:
            preflop_min_inc = self.bet_size(0)
        elif not straddle:
            preflop_min_inc = big
        elif rules.straddle_min_raise == "double":
            preflop_min_inc = straddle
        else:
            preflop_min_inc = max(big, straddle - big)
        bb_ante = self.ante_kind == "big-blind"
        streets = self.row.streets
        first = _STREET_NUMBERS[streets[0].name]
        return EngineConstants(
            structure=structure,
            variant=self.row.code,
            unit=self.chip_unit,
            hole_count=self.hole_card_count,
            small=small,
            big=big,
            uniform_ante=0 if bb_ante else self.ante,
            big_blind_ante=self.ante if bb_ante else 0,
            ante_first=rules.big_blind_ante_order == "ante-first",
            straddle=straddle,
            preflop_min_inc=preflop_min_inc,
            street_min_inc=tuple(self.bet_size(first + i) for i in range(len(streets))),
            cap=rules.limit_raise_cap + 1 if structure == FIXED_LIMIT else UNCAPPED,
            heads_up_uncapped=rules.heads_up_uncapped,
            pot_limit_full_blinds=rules.pot_limit_full_blinds,
            fold_free=rules.fold_when_nothing_owed,
            half_rule=rules.limit_half_bet_rule,
            short_all_in=rules.limit_short_all_in,
            bring_in=self.bring_in or 0,
            # Rule 39: the open-pair option is seven-card stud high's alone (its row's).
            open_pair_option=self.row.open_pair and rules.stud_open_pair_double_bet,
            button_blind=bool(self.button_blind),
            trips_beat_straight=self.trips_beat_straight is not False,
            draw_rounds=self.draw_rounds,
            deck=self.row.deck,
            first_street=first,
            showing_high=self.row.showing_high,
            hilo=self.row.hi_lo,
            board_at=tuple(accumulate(street.board for street in streets)),
            up_cards=self.row.up_cards,
            holes_change=any(street.down or street.draw for street in streets[1:]),
            plan=tuple(
                (
                    _STREET_NUMBERS[street.name],
                    street.draw,
                    board_at,
                    street.down,
                    street.up,
                    self.bet_size(first + i),
                    OPENERS.index(street.opener),
                )
                for i, (street, board_at) in enumerate(
                    zip(streets, accumulate(street.board for street in streets), strict=True)
                )
            ),
            showdown=(
                self.row.code,
                self.trips_beat_straight is not False,
                self.row.up_cards,
                self.row.odd_chip_by_cards,
            ),
            deal_kind=(
                DEAL_STUD
                if any(street.down or street.up for street in streets[1:])
                else DEAL_DRAW
                if self.row.draw_rounds
                else DEAL_BOARD
            ),
            max_players=self._max_players(),
            blinds=self.row.forced == "blinds",
            rate_unit=self.rate_unit,
        )

    def _max_players(self) -> int:
        """The most players a hand deals to: the row's, and in the board games as many as
        the deck holds with the board and a burn before each later street (rule 43)."""
        row = self.row
        board = row.board_cards
        if not board:
            return row.max_players
        burns = len(row.streets) - 1
        return min(row.max_players, (row.deck - board - burns) // self.hole_card_count)

    def _check_cards(self) -> None:
        count = self.hole_cards
        if count is not None and (isinstance(count, bool) or not isinstance(count, int)):
            raise InvalidSpecError(f"hole_cards must be a whole number, not {count!r}")
        choices = self.row.hole_cards
        if count is None:
            count = choices[0]
        elif count not in choices:
            told = ", ".join(map(str, choices[:-1])) + " or " if len(choices) > 1 else ""
            raise InvalidSpecError(
                f"{self.row.display} deals {told}{choices[-1]} cards to each player, not {count}"
            )
        object.__setattr__(self, "hole_card_count", count)

    def _check_forced_bets(self) -> None:
        blinds = self.blinds
        button_blind = chip_count("the button blind", self.button_blind)
        object.__setattr__(self, "button_blind", button_blind)
        if self.row.forced == "bring-in":
            if type(blinds) is _DefaultBlinds or blinds in ((0, 0), [0, 0]):
                blinds = (0, 0)
            else:
                raise InvalidSpecError(
                    f"{self.variant} has no blinds (antes and a bring-in instead): leave "
                    f"blinds out, not {blinds!r}"
                )
            object.__setattr__(self, "blinds", blinds)
            self._check_ante_and_unit()
            return
        if button_blind and self.row.button_blind:
            if type(blinds) is not _DefaultBlinds and blinds not in ((0, 0), [0, 0]):
                raise InvalidSpecError(
                    f"a button blind ({self.button_blind}) replaces the blinds: leave blinds "
                    f"out, not {blinds!r}"
                )
            object.__setattr__(self, "blinds", (0, 0))
            unit = self._check_ante_and_unit()[0]
            if button_blind % unit:
                raise InvalidSpecError(
                    f"the button blind ({button_blind}) must be a multiple of the chip unit "
                    f"({unit})"
                )
            return
        if not isinstance(blinds, tuple | list) or len(blinds) != 2:
            raise InvalidSpecError(f"blinds must be a pair (small, big), not {blinds!r}")
        small = chip_count("the small blind", blinds[0])
        big = chip_count("the big blind", blinds[1], positive=True)
        if big < small:
            raise InvalidSpecError(
                f"the big blind ({big}) must be at least the small blind ({small})"
            )
        object.__setattr__(self, "blinds", (small, big))
        unit, _, straddle = self._check_ante_and_unit()
        if straddle and straddle <= big:
            raise InvalidSpecError(
                f"a straddle ({straddle}) must be larger than the big blind ({big})"
            )
        for name, value in (("small blind", small), ("big blind", big)):
            if value % unit:
                raise InvalidSpecError(
                    f"the {name} ({value}) must be a multiple of the chip unit ({unit})"
                )

    def _check_ante_and_unit(self) -> tuple[int, int, int]:
        unit = chip_count("chip_unit", self.chip_unit, positive=True)
        ante = chip_count("the ante", self.ante)
        if self.ante_kind not in ("uniform", "big-blind"):
            raise InvalidSpecError(
                f"ante_kind must be 'uniform' or 'big-blind', not {self.ante_kind!r}"
            )
        straddle = chip_count("the straddle", self.straddle)
        # Plain ints kept (chip_count says why), as for the blinds.
        for name, value in (("chip_unit", unit), ("ante", ante), ("straddle", straddle)):
            object.__setattr__(self, name, value)
        for name, value in (("ante", ante), ("straddle", straddle)):
            if value % unit:
                raise InvalidSpecError(
                    f"the {name} ({value}) must be a multiple of the chip unit ({unit})"
                )
        return unit, ante, straddle

    def _check_bring_in(self) -> None:
        """The games with a bring-in (the stud family): a uniform ante, a bring-in up to the
        small bet, no straddle (rules 36-38)."""
        if self.row.forced != "bring-in":
            if self.bring_in is not None:
                raise InvalidSpecError(
                    f"a bring-in is a stud game's forced bet, not {self.variant}'s "
                    f"(bring_in={self.bring_in!r})"
                )
            return
        if self.bring_in is None:
            raise InvalidSpecError(f"{self.variant} needs a bring-in (bring_in=...)")
        bring_in = chip_count("the bring-in", self.bring_in, positive=True)
        object.__setattr__(self, "bring_in", bring_in)
        assert self.small_bet is not None  # _check_limits asked for it
        if bring_in > self.small_bet:
            raise InvalidSpecError(
                f"the bring-in ({bring_in}) must not exceed the small bet ({self.small_bet})"
            )
        if bring_in % self.chip_unit:
            raise InvalidSpecError(
                f"the bring-in ({bring_in}) must be a multiple of the chip unit ({self.chip_unit})"
            )
        if self.ante_kind != "uniform":
            raise InvalidSpecError(
                f"in {self.variant} every player antes: ante_kind must be 'uniform', "
                f"not {self.ante_kind!r}"
            )
        if self.straddle:
            raise InvalidSpecError(f"{self.variant} has no straddle, not {self.straddle}")

    def _check_short_deck(self) -> None:
        """Short-deck's own fields: the button blind and the order of three of a kind and a
        straight (rules 44, 45); ``button_blind`` was read (as a whole number) before the
        blinds."""
        order = self.trips_beat_straight
        switch = self.row.high == "short-deck-high"  # the order is that ranking's switch
        if not switch and order is not None:
            raise InvalidSpecError(
                f"trips_beat_straight is short-deck's switch, not {self.variant}'s "
                f"(trips_beat_straight={order!r})"
            )
        if self.button_blind and not self.row.button_blind:
            raise InvalidSpecError(
                f"a button blind is short-deck's forced bet, not {self.variant}'s "
                f"(button_blind={self.button_blind!r})"
            )
        if switch and order is None:
            object.__setattr__(self, "trips_beat_straight", True)
        elif switch and not isinstance(order, bool):
            raise InvalidSpecError(f"trips_beat_straight must be True or False, not {order!r}")
        if not self.button_blind:
            return
        if self.ante_kind != "uniform":
            raise InvalidSpecError(
                f"with a button blind every player antes: ante_kind must be 'uniform', "
                f"not {self.ante_kind!r}"
            )
        if self.straddle:
            raise InvalidSpecError(
                f"a straddle follows a big blind, not a button blind ({self.button_blind}): "
                f"straddle must be 0, not {self.straddle}"
            )

    @property
    def row(self) -> VariantRow:
        """The game's row of the variant table
        ([`pokerforge.games.ROWS`][pokerforge.games.ROWS])."""
        return ROWS[self.variant]

    @property
    def is_stud(self) -> bool:
        """Whether the variant is of the stud family (no board; up and down cards)."""
        return self.row.up_cards

    @property
    def is_draw(self) -> bool:
        """Whether the variant is a draw game (no board; players discard and draw)."""
        return self.row.draw_rounds > 0

    @property
    def draw_rounds(self) -> int:
        """The drawing rounds of a draw game: 1 in single draw and five-card draw, 3 in
        triple draw and badugi; 0 in the other games."""
        return self.row.draw_rounds

    def _check_limits(self) -> None:
        small_bet, big_bet = self.small_bet, self.big_bet
        if self.betting != "fixed-limit":
            if small_bet is not None or big_bet is not None:
                raise InvalidSpecError(
                    f"small_bet and big_bet apply only to fixed-limit, not {self.betting}"
                )
            return
        if small_bet is None or big_bet is None:
            raise InvalidSpecError("fixed-limit needs both small_bet and big_bet")
        small_bet = chip_count("small_bet", small_bet, positive=True)
        big_bet = chip_count("big_bet", big_bet, positive=True)
        object.__setattr__(self, "small_bet", small_bet)
        object.__setattr__(self, "big_bet", big_bet)
        if big_bet < small_bet:
            raise InvalidSpecError(
                f"the big bet ({big_bet}) must be at least the small bet ({small_bet})"
            )
        if self.blinds[1] > small_bet:
            raise InvalidSpecError(
                f"the big blind ({self.blinds[1]}) must not exceed the small bet ({small_bet})"
            )
        if self.button_blind > small_bet:
            raise InvalidSpecError(
                f"the button blind ({self.button_blind}) must not exceed the small bet "
                f"({small_bet})"
            )
        for name, value in (("small bet", small_bet), ("big bet", big_bet)):
            if value % self.chip_unit:
                raise InvalidSpecError(
                    f"the {name} ({value}) must be a multiple of the chip unit ({self.chip_unit})"
                )

    @property
    def small_blind(self) -> int:
        """The small blind in chips."""
        return self.blinds[0]

    @property
    def big_blind(self) -> int:
        """The big blind in chips."""
        return self.blinds[1]

    @property
    def rate_unit(self) -> int:
        """The chips one "big blind" of a win rate (bb/100) counts: the big blind, else the
        button blind that replaces the blinds in short deck, else (the stud family, with no
        blind) the small bet, as a fixed-limit Hold'em big blind is the small bet.

        Examples:
            >>> GameSpec(blinds=(1, 2)).rate_unit, GameSpec(variant="6+", button_blind=4).rate_unit
            (2, 4)
            >>> GameSpec(variant="razz", betting="fixed-limit", bring_in=1, small_bet=4,
            ...          big_bet=8).rate_unit
            4
        """
        return self.big_blind or self.button_blind or self.small_bet or 1

    def bet_size(self, street: int) -> int:
        """The fixed-limit bet on ``street`` (0 pre-flop .. 3 river; in stud 5 third street
        .. 9 seventh street; in the draw games 10 before the first draw .. 13 after the
        third, as [`Street`][pokerforge.game.Street] numbers them); the big blind (the
        button blind where there is one) otherwise.

        The draw games (rule 48): single draw bets the small bet before the draw and the
        big bet after it; triple draw the small bet before and after the first draw and
        the big bet after the second and the third.

        Examples:
            >>> GameSpec(blinds=(1, 2)).bet_size(3)
            2
            >>> stud = GameSpec(variant="stud", betting="fixed-limit", bring_in=1,
            ...                 small_bet=2, big_bet=4)
            >>> [stud.bet_size(street) for street in range(5, 10)]  # third to seventh
            [2, 2, 4, 4, 4]
        """
        if self.small_bet is None or self.big_bet is None:
            return self.button_blind or self.blinds[1]
        streets = self.row.streets
        # The game's own streets count from its first; the showdown bets as the last.
        index = min(max(street - _STREET_NUMBERS[streets[0].name], 0), len(streets) - 1)
        return self.small_bet if streets[index].bet == "small" else self.big_bet
