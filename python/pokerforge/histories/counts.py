"""What each player did in one hand, as the counts statistics add up: the one definition of
every figure, used alike by [`Stats`][pokerforge.histories.Stats] over hands in memory and by
the hand database (which stores these counts with each player's row and sums them in SQL).

A figure is a count over the chances to do it: for each one the player's chance (the
``..._chances`` count) and what the player did with it. Forced bets (blinds, antes, a
stud bring-in) are never voluntary actions.

**Pre-flop**

* ``vpip``: the player called or raised pre-flop (a big blind's check is not voluntary).
* ``pfr``: the player raised pre-flop.
* ``three_bet``: the player re-raised a single pre-flop raise. Chance: the player acted
  facing exactly one raise (the first time it did).
* ``fold_to_three_bet``: the first raiser folded to a re-raise. Chance: the first raiser
  acted facing two raises or more (the first time it did).
* ``steal``: the player opened with a raise from the cutoff, the button or the small blind
  (``CO``, ``BTN``, ``SB``; heads-up the button). Chance: the player's first action, every
  player before having folded (no call, no raise: a limp takes the chance away), in a game
  with blinds.
* ``fold_to_steal``: a blind (``SB``, ``BB``) folded to a steal. Chance: the blind's first
  action after the steal, every player between having folded.

**After the flop**, street by street (``flop``, ``turn``, ``river``)

* ``cbet_flop``: the pre-flop aggressor (the last to raise pre-flop) bet the flop.
  Chance: the aggressor acted on the flop before anyone had bet (it could open the
  betting). ``cbet_turn`` and ``cbet_river``: the player who made the c-bet of the street
  before, and was not raised on it, bet the next street; chance as on the flop.
* ``fold_to_cbet_flop`` (``_turn``, ``_river``): a player folded to a c-bet. Chance: the
  player's first action facing the c-bet, nobody having raised it.
* ``check_raise_flop`` (``_turn``, ``_river``): a player who checked raised later on the
  same street. Chance: the player checked, then acted again on the street (facing a bet).
* ``aggressive``, ``calls``, ``folds``: bets and raises, calls and folds on every street
  after the flop (the aggression factor is ``aggressive / calls``; the aggression
  frequency AFq ``aggressive / (aggressive + calls + folds)``).

**Showdowns and results**

* ``saw_flop``: the player was still in when the flop came.
* ``showdowns``: the player was in the hand at its showdown (the chance: ``saw_flop``);
  ``showdowns_known`` such a showdown whose result is known, ``won_showdowns`` one where
  the player won chips.
* ``won_without_showdown``: the player saw the flop and won chips in a hand that ended
  without a showdown (the chance: ``saw_flop``).
* ``results``: the hand's result is known (it counts for winnings and bb/100).
* ``allin_adjusted``: the player's result counts all-in adjusted
  ([`pokerforge.histories.allin`][pokerforge.histories.allin]).

In the games without a flop the first betting round (third street in stud, the round
before the first draw) counts as pre-flop and the next three rounds as the flop, the turn
and the river (stud: fourth, fifth and sixth streets; triple draw: the rounds after the
first, second and third draws); ``aggressive``, ``calls`` and ``folds`` count every round
after the first.

Examples:
    The button opens, the big blind calls; on the flop the big blind checks, the button
    c-bets and the big blind check-raises; the button folds.

    >>> from pokerforge.game import GameSpec, Hand
    >>> hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100, 100], button=0, seed=3)
    >>> _ = hand.raise_to(6); _ = hand.fold(); _ = hand.call()
    >>> _ = hand.check(); _ = hand.raise_to(4); _ = hand.raise_to(16); _ = hand.fold()
    >>> button, blind = (dict(zip(COUNTS, c)) for c in seat_counts(hand)[::2])
    >>> button["steal"], button["cbet_flop"], button["cbet_flop_chances"], button["folds"]
    (1, 1, 1, 1)
    >>> blind["fold_to_steal_chances"], blind["fold_to_steal"], blind["check_raise_flop"]
    (1, 0, 1)
    >>> blind["fold_to_cbet_flop_chances"], blind["won_without_showdown"]
    (1, 1)
"""

from __future__ import annotations

from typing import Any

from pokerforge._core import count_names, tally_counts
from pokerforge.game.actions import (
    Bet,
    BringIn,
    Call,
    Check,
    DealBoard,
    DealHole,
    DealUp,
    Discard,
    Fold,
    PostBlind,
    Raise,
    Runout,
    StandPat,
)
from pokerforge.game.actions import Street as _Street
from pokerforge.histories.allin import allin_results

__all__ = ["COUNTS", "STREETS", "hand_counts", "seat_counts"]

STREETS = ("flop", "turn", "river")
"""The streets after the flop whose c-bets, folds to c-bets and check-raises are counted."""

COUNTS: tuple[str, ...] = tuple(count_names())
"""The names of the counts kept per player and hand
([`seat_counts()`][pokerforge.histories.counts.seat_counts]), in order (the module's text
defines each; the core counts them, ``rust/core/src/rooms/tally.rs``, for the hands the
game layer replays as for those the import's fast replay reads)."""

_ALLIN = COUNTS.index("allin_adjusted")

# The records the counts read, by the code the core's tally takes (see tally_counts); the
# others (antes, returned bets, shown hands, awards) are left out.
_CODES: dict[type, int] = {
    DealUp: 3,
    DealHole: 3,
    Discard: 3,
    StandPat: 3,
    Check: 4,
    BringIn: 5,
    PostBlind: 6,
    Fold: 7,
    Call: 8,
    Bet: 9,
    Raise: 10,
}
_NO_CARDS: tuple[int, ...] = ()


def seat_counts(hand: Any) -> list[list[int]]:
    """Each seat's counts of one finished hand, in the order of `COUNTS`.

    Examples:
        >>> from pokerforge.game import GameSpec, Hand
        >>> hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100, 100], seed=3)
        >>> _ = hand.raise_to(6); _ = hand.fold(); _ = hand.fold()
        >>> dict(zip(COUNTS, seat_counts(hand)[0]))["pfr"]
        1
    """
    return hand_counts(hand)[0]


def _records(history: Any) -> list[tuple[int, int, tuple[int, ...]]]:
    """The hand's records as the core's tally takes them."""
    out: list[tuple[int, int, tuple[int, ...]]] = []
    codes = _CODES
    for record in history:
        kind = type(record)
        code = codes.get(kind)
        if code is not None:
            out.append((code, record.seat, _NO_CARDS))
        elif kind is DealBoard:
            out.append((1 if record.street == _Street.PREFLOP else 0, 0, record.indices))
        elif kind is Runout:
            out.append((2, 0, record.indices))
    return out


def hand_counts(hand: Any) -> tuple[list[list[int]], list[Any] | None]:
    """Each seat's counts of one finished hand (as `seat_counts()`), and each seat's
    all-in adjusted result in chips (a `Decimal`) where the hand is all-in adjusted
    ([`allin_results()`][pokerforge.histories.allin.allin_results]), else ``None``."""
    known = hand.result_known
    showdown = hand.street == _Street.SHOWDOWN
    folded = hand.folded
    flags, board = tally_counts(
        _records(hand.history),
        list(hand.positions),
        list(folded),
        [p > 0 for p in hand.payouts],
        showdown,
        known,
    )
    adjusted = None
    if board is not None and showdown and known:
        adjusted = allin_results(hand, tuple(board))
        if adjusted is not None:
            for seat in range(hand.num_seats):
                if not folded[seat]:
                    flags[seat][_ALLIN] = 1
    return flags, adjusted
