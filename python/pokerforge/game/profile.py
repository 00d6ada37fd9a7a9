"""Rule profiles: the switches where the rule books disagree.

A [`RuleProfile`][pokerforge.game.RuleProfile] is plain data. The default follows the product's own
rule pages (IT), then Robert's Rules of Poker; `TDA_2024` follows the Poker TDA 2024 rules and the
2024 WSOP tournament rules. Rule numbers in the field descriptions refer to docs/rules.md.

Examples:
    >>> from pokerforge.game import DEFAULT_RULES, TDA_2024, RuleProfile
    >>> DEFAULT_RULES.limit_raise_cap, TDA_2024.limit_raise_cap
    (3, 4)
    >>> RuleProfile(limit_raise_cap=4).name
    'custom'
    >>> RuleProfile.tda_2024() == TDA_2024
    True
    >>> RuleProfile(runouts=2).runouts  # run it twice allowed (rule 26b)
    2
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pokerforge.errors import InvalidSpecError

__all__ = ["DEFAULT_RULES", "TDA_2024", "RuleProfile"]

BigBlindAnteOrder = Literal["blind-first", "ante-first"]
StraddleMinRaise = Literal["double", "increment"]
FlopMisdeal = Literal["redeal", "scramble"]
ShowdownMode = Literal["auto", "ask"]
LimitShortAllIn = Literal["all-in", "full-bet", "completes"]


@dataclass(frozen=True, slots=True, kw_only=True)
class RuleProfile:
    """The rule switches of a game.

    Attributes:
        name: a label for the profile (``"default"``, ``"tda-2024"`` or ``"custom"``).
        limit_raise_cap: fixed-limit raises allowed after the bet on one street: 3 (IT, RR)
            or 4 (WSOP) (rule 17).
        heads_up_uncapped: in fixed-limit, no cap while fewer than three players are able
            to bet: a round that begins heads-up, or one that becomes heads-up (a fold or
            an all-in) before the raising is capped (rule 17).
        big_blind_ante_order: a short big blind posts ``"blind-first"`` (TDA 2024) or
            ``"ante-first"`` (TDA 2019) (rule 8).
        straddle_min_raise: ``"double"``: the minimum raise-to over a straddle is twice the
            straddle (RR); ``"increment"``: the straddle counts as a raise of
            ``straddle - big blind`` (at least the big blind) (rule 9).
        pot_limit_full_blinds: pre-flop, short blinds count at full size in the pot-limit
            maximum (TDA 2024 r.54; rule 15).
        limit_half_bet_rule: in fixed-limit, an all-in raise of at least half a bet counts
            as a full raise and reopens the betting (rule 18).
        limit_short_all_in: where the next raise goes after such an all-in, short of the full
            bet or raise (rule 18): ``"all-in"`` a full bet above the all-in (RR, TDA);
            ``"full-bet"`` a full bet above the bet or raise the all-in stands for, as if it
            were complete (Bovada, iPoker); ``"completes"`` to the level the full raise would
            have reached, the betting reopened (PokerStars).
        fold_when_nothing_owed: a player may fold even when checking is free (binding fold).
        muck_losing_hands: at showdown, a player whose hand cannot win any pot it is
            eligible for mucks instead of showing (rule 22; IT).
        all_in_face_up: when a player is all-in and betting is over, every hand is shown
            (TR 70; rule 22).
        showdown: ``"auto"``: the engine shows and mucks by ``muck_losing_hands``;
            ``"ask"``: each player at showdown, in showdown order, chooses with
            ``hand.show()`` or ``hand.muck()``; a hand beaten by one already shown may muck
            (rule 22).
        dead_button: between hands, a bust player leaves a dead button (RR, TR 85) rather
            than a simplified moving button (rule 29; used by tables).
        flop_misdeal: a flop with too many cards is redealt (``"redeal"``, IT) or scrambled
            (``"scramble"``, WSOP) (rule 34; used by dealer-error handling).
        runouts: the most times the rest of the board may be dealt when betting is over
            because players are all-in (rule 26b; cash games): 1 (the default) deals it
            once; with more, the players still in are asked in turn how many times to run
            it (``hand.run_it(times)``) and every pot is split between the runouts.
        stud_open_pair_double_bet: in seven-card stud (high only), an open pair showing on
            fourth street gives every player the option of the big bet there (RR; rule 39).
            Off: the small bet only, as pokerkit plays it.
    """

    name: str = "custom"
    limit_raise_cap: int = 3
    heads_up_uncapped: bool = True
    big_blind_ante_order: BigBlindAnteOrder = "blind-first"
    straddle_min_raise: StraddleMinRaise = "double"
    pot_limit_full_blinds: bool = True
    limit_half_bet_rule: bool = True
    limit_short_all_in: LimitShortAllIn = "all-in"
    fold_when_nothing_owed: bool = True
    muck_losing_hands: bool = True
    all_in_face_up: bool = True
    dead_button: bool = True
    flop_misdeal: FlopMisdeal = "redeal"
    showdown: ShowdownMode = "auto"
    runouts: int = 1
    stud_open_pair_double_bet: bool = True

    def __post_init__(self) -> None:
        runouts = self.runouts
        if isinstance(runouts, bool) or not isinstance(runouts, int) or runouts < 1:
            raise InvalidSpecError(
                f"runouts must be a whole number of boards of at least 1, not {runouts!r}"
            )
        cap = self.limit_raise_cap
        if isinstance(cap, bool) or not isinstance(cap, int) or cap < 1:
            raise InvalidSpecError(
                f"limit_raise_cap must be a whole number of raises of at least 1, not {cap!r}"
            )
        for name, value, allowed in (
            ("big_blind_ante_order", self.big_blind_ante_order, ("blind-first", "ante-first")),
            ("straddle_min_raise", self.straddle_min_raise, ("double", "increment")),
            ("flop_misdeal", self.flop_misdeal, ("redeal", "scramble")),
            ("showdown", self.showdown, ("auto", "ask")),
            ("limit_short_all_in", self.limit_short_all_in, ("all-in", "full-bet", "completes")),
        ):
            if value not in allowed:
                raise InvalidSpecError(
                    f"{name} must be one of {', '.join(map(repr, allowed))}, not {value!r}"
                )

    @staticmethod
    def default() -> RuleProfile:
        """The default profile: IT's rule pages, then Robert's Rules of Poker."""
        return DEFAULT_RULES

    @staticmethod
    def tda_2024() -> RuleProfile:
        """The tournament preset: Poker TDA 2024 and WSOP 2024 rules."""
        return TDA_2024


DEFAULT_RULES = RuleProfile(name="default")
"""The default rule profile (IT, then RR)."""

TDA_2024 = RuleProfile(
    name="tda-2024",
    limit_raise_cap=4,
    big_blind_ante_order="blind-first",
    flop_misdeal="scramble",
)
"""The TDA 2024 / WSOP 2024 preset: a bet and four raises in limit, scrambled flop misdeals."""
