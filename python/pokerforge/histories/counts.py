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

from collections.abc import Iterable
from typing import Any

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

COUNTS = (
    "hands",
    "vpip",
    "pfr",
    "three_bet",
    "three_bet_chances",
    "fold_to_three_bet",
    "fold_to_three_bet_chances",
    "aggressive",
    "calls",
    "saw_flop",
    "showdowns",
    "showdowns_known",
    "won_showdowns",
    "results",
    "folds",
    "steal",
    "steal_chances",
    "fold_to_steal",
    "fold_to_steal_chances",
    *(f"cbet_{s}{c}" for s in STREETS for c in ("", "_chances")),
    *(f"fold_to_cbet_{s}{c}" for s in STREETS for c in ("", "_chances")),
    *(f"check_raise_{s}{c}" for s in STREETS for c in ("", "_chances")),
    "won_without_showdown",
    "allin_adjusted",
)
"""The names of the counts kept per player and hand
([`seat_counts()`][pokerforge.histories.counts.seat_counts]), in order (the module's text
defines each)."""

_SLOTS = len(COUNTS)
_AT = {name: k for k, name in enumerate(COUNTS)}
_HANDS, _VPIP, _PFR = _AT["hands"], _AT["vpip"], _AT["pfr"]
_3B, _3B_CHANCES = _AT["three_bet"], _AT["three_bet_chances"]
_F3B, _F3B_CHANCES = _AT["fold_to_three_bet"], _AT["fold_to_three_bet_chances"]
_AGGRESSIVE, _CALLS, _FOLDS = _AT["aggressive"], _AT["calls"], _AT["folds"]
_SAW_FLOP, _SHOWDOWNS = _AT["saw_flop"], _AT["showdowns"]
_SHOWDOWNS_KNOWN, _WON_SHOWDOWNS = _AT["showdowns_known"], _AT["won_showdowns"]
_RESULTS, _WON_NO_SHOWDOWN = _AT["results"], _AT["won_without_showdown"]
_STEAL, _STEAL_CHANCES = _AT["steal"], _AT["steal_chances"]
_FSTEAL, _FSTEAL_CHANCES = _AT["fold_to_steal"], _AT["fold_to_steal_chances"]
_ALLIN = _AT["allin_adjusted"]
# Per street after the flop (1, 2, 3: flop, turn, river), the slot of each count.
_CBET = (0, *(_AT[f"cbet_{s}"] for s in STREETS))
_FCBET = (0, *(_AT[f"fold_to_cbet_{s}"] for s in STREETS))
_XR = (0, *(_AT[f"check_raise_{s}"] for s in STREETS))

_STEALERS = frozenset(("CO", "BTN", "SB"))
_BLINDS = frozenset(("SB", "BB"))

# The records that deal or draw cards: after a betting round has begun, the first of them
# ends it (the flop, fourth street's up cards, the first draw).
_DEALING = (DealBoard, DealUp, DealHole, Discard, StandPat)


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


def hand_counts(hand: Any) -> tuple[list[list[int]], list[Any] | None]:
    """Each seat's counts of one finished hand (as `seat_counts()`), and each seat's
    all-in adjusted result in chips (a `Decimal`) where the hand is all-in adjusted
    ([`allin_results()`][pokerforge.histories.allin.allin_results]), else ``None``."""
    n = hand.num_seats
    flags = [[0] * _SLOTS for _ in range(n)]
    board = _walk(hand.history, flags, n, hand.positions)
    known = hand.result_known
    showdown = hand.street == _Street.SHOWDOWN
    folded = hand.folded
    payouts = hand.payouts
    for seat in range(n):
        f = flags[seat]
        f[_HANDS] = 1
        if showdown and not folded[seat]:
            f[_SHOWDOWNS] = 1
            if known:
                f[_SHOWDOWNS_KNOWN] = 1
                f[_WON_SHOWDOWNS] = 1 if payouts[seat] > 0 else 0
        elif f[_SAW_FLOP] and payouts[seat] > 0:
            f[_WON_NO_SHOWDOWN] = 1
        if known:
            f[_RESULTS] = 1
    adjusted = None
    if board is not None and showdown and known:
        adjusted = allin_results(hand, board)
        if adjusted is not None:
            for seat in range(n):
                if not folded[seat]:
                    flags[seat][_ALLIN] = 1
    return flags, adjusted


def _walk(  # noqa: PLR0915 - one pass over each hand's records, its state in locals
    history: Iterable[Any], flags: list[list[int]], n: int, positions: tuple[str, ...]
) -> tuple[int, ...] | None:
    """Sets each seat's action counts from the hand's records; returns the board as it was
    when the betting ended, where board cards were dealt after that (an all-in before the
    board was complete), else ``None``."""
    street = 0  # the betting round: 0 pre-flop, 1 the flop, 2 the turn, 3 the river, ...
    acted = False  # whether the round's betting has begun
    raises = 0  # voluntary raises so far, pre-flop
    opener = -1
    aggressor = -1  # the last to bet or raise in the round
    faced_one = [False] * n
    faced_three_bet = [False] * n
    folded = [False] * n
    blinds = False  # a game with blinds (stealing them has a meaning)
    entered = False  # someone called or raised pre-flop
    first = [True] * n  # the seat's first action pre-flop
    stealer = -1  # the seat whose steal is still the only voluntary action
    # Per round after the flop: the c-bettor (or candidate), whether it was raised, what
    # each seat did in the round.
    candidate = -1  # the seat that may c-bet this round
    cbettor = -1  # the seat whose c-bet nobody has raised yet this round
    opened = False  # someone bet this round
    checked = [False] * n
    answered = [False] * n  # faced the c-bet (or the check-raise chance) once already
    xr_done = [False] * n
    board: list[int] = []
    board_at_end = 0  # board cards when the last betting action was made
    dealt_after = False  # board cards came after the last betting action
    runouts = False
    for record in history:
        kind = type(record)
        if kind in _DEALING:
            if kind is DealBoard:
                if not runouts:
                    board.extend(record.indices)
                dealt_after = True
                # (Courchevel turns a board card before the first round: not its flop.)
                ends_round = record.street != _Street.PREFLOP
            else:
                ends_round = acted
            if ends_round and (acted or kind is DealBoard):
                if street == 0:
                    for seat in range(n):
                        if not folded[seat]:
                            flags[seat][_SAW_FLOP] = 1
                    candidate = aggressor
                else:
                    candidate = cbettor
                street += 1
                acted = opened = False
                aggressor = cbettor = -1
                checked = [False] * n
                answered = [False] * n
                xr_done = [False] * n
            continue
        if kind is Check:
            acted = True
            seat = record.seat
            board_at_end, dealt_after = len(board), False
            if street:
                if street <= 3 and seat == candidate and not opened:
                    flags[seat][_CBET[street] + 1] = 1  # the chance, not taken
                    candidate = -1
                checked[seat] = True
            elif first[seat]:
                _first_preflop(flags, seat, positions, blinds, entered, kind)
                first[seat] = False
            continue
        if kind is BringIn:
            acted = True
            continue
        if kind is PostBlind:
            blinds = True
            continue
        if kind is Runout:
            if not runouts:  # the first runout's whole board; its deals follow
                runouts, dealt_after = True, True
                board = list(record.indices)
            continue
        if kind is not Fold and kind is not Call and kind is not Raise and kind is not Bet:
            continue  # forced bets, cards and awards
        acted = True
        board_at_end, dealt_after = len(board), False
        seat = record.seat
        f = flags[seat]
        aggressive = kind is Raise or kind is Bet
        if street == 0:
            if raises == 1 and seat != opener and not faced_one[seat]:
                faced_one[seat] = True
                f[_3B_CHANCES] = 1
                if aggressive:
                    f[_3B] = 1
            elif raises >= 2 and seat == opener and not faced_three_bet[seat]:
                faced_three_bet[seat] = True
                f[_F3B_CHANCES] = 1
                if kind is Fold:
                    f[_F3B] = 1
            if (
                stealer >= 0
                and seat != stealer
                and positions[seat] in _BLINDS
                and not answered[seat]
            ):
                answered[seat] = True
                f[_FSTEAL_CHANCES] = 1
                if kind is Fold:
                    f[_FSTEAL] = 1
            if first[seat]:
                first[seat] = False
                if _first_preflop(flags, seat, positions, blinds, entered, kind):
                    stealer = seat
                    answered = [False] * n
                elif kind is not Fold:
                    stealer = -1
            elif kind is not Fold:
                stealer = -1
            if kind is Call:
                f[_VPIP] = 1
                entered = True
            elif aggressive:
                f[_VPIP] = 1
                f[_PFR] = 1
                entered = True
                raises += 1
                aggressor = seat
                if raises == 1:
                    opener = seat
        else:
            if kind is Fold:
                f[_FOLDS] += 1
            elif aggressive:
                f[_AGGRESSIVE] += 1
            else:
                f[_CALLS] += 1
            if street <= 3:
                _after_flop(flags, seat, kind, street, candidate, cbettor, opened, checked,
                            answered, xr_done)  # fmt: skip
                if seat == candidate and not opened:
                    candidate = -1
                    if kind is Bet:
                        cbettor = seat
                elif kind is Raise:
                    cbettor = -1
            if aggressive:
                opened = True
                aggressor = seat
        if kind is Fold:
            folded[seat] = True
    if dealt_after and board_at_end < len(board):
        return tuple(board[:board_at_end])
    return None


def _first_preflop(  # noqa: PLR0917 - positional: called for each first action
    flags: list[list[int]],
    seat: int,
    positions: tuple[str, ...],
    blinds: bool,
    entered: bool,
    kind: type,
) -> bool:
    """Counts a steal chance at the seat's first pre-flop action; whether it stole."""
    if not blinds or entered or positions[seat] not in _STEALERS:
        return False
    f = flags[seat]
    f[_STEAL_CHANCES] = 1
    if kind is Raise or kind is Bet:
        f[_STEAL] = 1
        return True
    return False


def _after_flop(  # noqa: PLR0917 - positional: called for each action after the flop
    flags: list[list[int]],
    seat: int,
    kind: type,
    street: int,
    candidate: int,
    cbettor: int,
    opened: bool,
    checked: list[bool],
    answered: list[bool],
    xr_done: list[bool],
) -> None:
    """Counts the c-bet, fold to c-bet and check-raise of one action after the flop."""
    f = flags[seat]
    if seat == candidate and not opened:
        f[_CBET[street] + 1] = 1
        if kind is Bet:
            f[_CBET[street]] = 1
    if cbettor >= 0 and seat != cbettor and not answered[seat]:
        answered[seat] = True
        f[_FCBET[street] + 1] = 1
        if kind is Fold:
            f[_FCBET[street]] = 1
    if checked[seat] and not xr_done[seat]:
        xr_done[seat] = True
        f[_XR[street] + 1] = 1
        if kind is Raise:
            f[_XR[street]] = 1
