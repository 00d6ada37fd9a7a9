"""Random hands played side by side by pokerforge and pokerkit, compared at every step.

Both engines play the same cards and the same actions. Before each action the two must
agree on the seat to act, the amount to call and the raise range (minimum and maximum
raise-to, or no raise at all); at the end they must agree on every stack. The actions are
drawn at random among those both engines allow: fold, check or call, the minimum and the
maximum raise and one amount between them.

Where pokerkit is known to break a rule, the comparison checks pokerforge against the rule
instead and counts the spot as a known pokerkit fault (see :data:`KNOWN_FAULTS`).

Used by ``tests/game/test_pokerkit_differential.py`` (a seeded sample) and by
``scripts/pokerkit_differential.py`` (the full 10,000-hand run).
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from pokerkit_limits import LIMIT_FAULTS, limit_fault

from pokerforge.cards import Deck
from pokerforge.errors import IllegalActionError
from pokerforge.game import GameSpec, Hand
from pokerforge.game.actions import Award, Bet, Call, Check, DealBoard, Fold, Raise

KNOWN_FAULTS = {
    **LIMIT_FAULTS,
    "reraise-after-incomplete-all-in": (
        "pokerkit lets a player who already acted re-raise when the only bet or raise since "
        "was an incomplete all-in (a bet of less than the big blind, a raise of less than a "
        "full raise); rule 13 reopens the betting only after a full bet or raise, or when "
        "short all-ins add up to one"
    ),
    "short-all-ins-add-up": (
        "pokerkit refuses a re-raise to a player whose own raise was followed by several "
        "incomplete all-ins that add up to a full raise (rule 13 reopens the betting then, "
        "example H)"
    ),
    "covered-player-asked": (
        "pokerkit asks a player whose bet already covers every other player left, all "
        "all-in, to check when the covering comes from the others' actions (it skips such a "
        "player only when a round begins); rule 14 does not ask them at all"
    ),
    "odd-chips": (
        "pokerkit merges side pots whose remaining contenders are the same once losing hands "
        "are killed, and gives all of a split pot's odd chips to its first winner; rule 26 "
        "splits each pot separately, one odd chip at a time in seat order left of the button"
    ),
    "side-pot-without-low": (
        "in a hi-lo game pokerkit splits half of a pot none of whose contenders has a "
        "qualifying low among those contenders, when another pot of the hand has a low; "
        "rule 25 gives such a pot whole to the best high hand"
    ),
}
"""Known pokerkit faults: name -> what pokerkit does wrong."""

_AUTOMATIONS: Any = None


def _automations() -> Any:
    global _AUTOMATIONS  # noqa: PLW0603 - pokerkit is imported lazily, once
    if _AUTOMATIONS is None:
        from pokerkit import Automation  # noqa: PLC0415

        _AUTOMATIONS = (
            Automation.ANTE_POSTING,
            Automation.BET_COLLECTION,
            Automation.BLIND_OR_STRADDLE_POSTING,
            Automation.CARD_BURNING,
            Automation.RUNOUT_COUNT_SELECTION,
            Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
            Automation.HAND_KILLING,
            Automation.CHIPS_PUSHING,
            Automation.CHIPS_PULLING,
        )
    return _AUTOMATIONS


@dataclass
class Outcome:
    """What one or many compared hands found."""

    hands: int = 0
    steps: int = 0
    differences: list[str] = field(default_factory=list)
    faults: Counter[str] = field(default_factory=Counter)

    def add(self, other: Outcome) -> None:
        """Fold another outcome into this one."""
        self.hands += other.hands
        self.steps += other.steps
        self.differences += other.differences
        self.faults.update(other.faults)


GAMES = {
    "holdem": ("holdem", "no-limit"),
    "omaha": ("omaha", "pot-limit"),
    "short-deck": ("short-deck", "no-limit"),
    "holdem-fl": ("holdem", "fixed-limit"),
    "omaha-hilo": ("omaha-hilo", "pot-limit"),
}
"""The board games compared: name -> (pokerforge's variant, betting). pokerkit plays each
with its own game of that structure; Omaha hi-lo is compared pot-limit, as pokerkit 0.7.7
plays its "fixed-limit" Omaha hi-lo (the class takes the pot-limit structure), with the
small and the big bet both the big blind, which makes them its pot-limit minimum bets."""


@dataclass(frozen=True)
class Deal:
    """One random hand's setting: the game (a key of :data:`GAMES`), the blinds (the
    fixed-limit bets are the big blind and twice it), the stacks, the button, the seed."""

    game: str
    blinds: tuple[int, int]
    stacks: tuple[int, ...]
    button: int
    seed: int

    @staticmethod
    def draw(rng: random.Random, seed: int, game: str | None = None) -> Deal:
        """A random setting: 2-9 players, a game of :data:`GAMES` (``game`` if given, else
        no-limit Hold'em or pot-limit Omaha), mixed stacks."""
        n = rng.randint(2, 9)
        game = game or rng.choice(("holdem", "omaha"))
        small = rng.choice((1, 1, 2, 5))
        big = small * 2
        depth = rng.choice(("short", "deep", "mixed"))
        stacks = []
        for _ in range(n):
            kind = depth if depth != "mixed" else rng.choice(("short", "deep"))
            if kind == "short":
                stacks.append(rng.randint(big, 30 * big))
            else:
                stacks.append(rng.randint(50 * big, 300 * big))
        return Deal(game, (small, big), tuple(stacks), rng.randrange(n), seed)

    def spec(self) -> GameSpec:
        """pokerforge's game for this deal (the short deck with pokerkit's order of three of
        a kind and a straight, rule 45)."""
        variant, betting = GAMES[self.game]
        if variant == "short-deck":
            return GameSpec(variant=variant, blinds=self.blinds, trips_beat_straight=False)
        if betting == "fixed-limit":
            big = self.blinds[1]
            return GameSpec(variant=variant, betting=betting, blinds=self.blinds,  # type: ignore[arg-type]
                            small_bet=big, big_bet=2 * big)  # fmt: skip
        return GameSpec(variant=variant, betting=betting, blinds=self.blinds)  # type: ignore[arg-type]


def _pokerkit_state(deal: Deal, pk_stacks: tuple[int, ...]) -> Any:
    import pokerkit  # noqa: PLC0415

    games: dict[str, Any] = {
        "holdem": pokerkit.NoLimitTexasHoldem,
        "omaha": pokerkit.PotLimitOmahaHoldem,
        "short-deck": pokerkit.NoLimitShortDeckHoldem,
        "holdem-fl": pokerkit.FixedLimitTexasHoldem,
        "omaha-hilo": pokerkit.FixedLimitOmahaHoldemHighLowSplitEightOrBetter,
    }
    game = games[deal.game]
    big = deal.blinds[1]
    if deal.game == "omaha-hilo":
        return game.create_state(
            _automations(), True, 0, deal.blinds, big, big, pk_stacks, len(pk_stacks)
        )
    if GAMES[deal.game][1] == "fixed-limit":
        return game.create_state(
            _automations(), True, 0, deal.blinds, big, 2 * big, pk_stacks, len(pk_stacks)
        )
    return game.create_state(_automations(), True, 0, deal.blinds, big, pk_stacks, len(pk_stacks))


def _reopened_for(hand: Hand, seat: int) -> bool:
    """Rule 13 read from the history alone: may ``seat`` raise again on this street?

    A seat that has not acted on this street may raise. A seat that has acted may raise
    again only when a full raise came after its last action, or when the raises since add
    up to at least the last full raise.
    """
    history = hand.history
    # The records of the current street: everything after the last board card dealt.
    start = 0
    for i, record in enumerate(history):
        if type(record) is DealBoard:
            start = i + 1
    street = history[start:]
    last = max(
        (
            i
            for i, r in enumerate(street)
            if type(r) in (Fold, Check, Call, Bet, Raise) and r.seat == seat
        ),
        default=-1,
    )
    if last < 0:
        return True
    # The level the seat matched when it last acted, and the last full increment then.
    level = hand.spec.big_blind if hand.street == 0 else 0
    full_inc = hand.spec.big_blind
    for record in street[: last + 1]:
        if type(record) in (Bet, Raise):
            inc = record.to - level
            if type(record) is Bet or record.full:
                full_inc = max(full_inc, inc) if type(record) is Bet else inc
            level = record.to
    seen = level
    since_full = False
    for record in street[last + 1 :]:
        # A bet is full when it is at least the big blind: an all-in for less is not.
        full_bet = type(record) is Bet and record.to - level >= full_inc
        if full_bet or (type(record) is Raise and record.full):
            since_full = True
        if type(record) in (Bet, Raise):
            level = max(level, record.to)
    return since_full or level - seen >= full_inc


def _covered(state: Any, index: int) -> bool:
    """Rule 14 read from pokerkit's table: player ``index``'s bet covers all any other
    player still in the hand can put in on this street (so it has no decision to make)."""
    bets, stacks, live = state.bets, state.stacks, state.statuses
    return all(
        bets[o] + stacks[o] <= bets[index] for o in range(len(bets)) if o != index and live[o]
    )


def _short_all_ins_add_up(hand: Hand, seat: int | None) -> bool:
    """Rule 13 (example H): since ``seat`` last acted only incomplete all-in raises came,
    and together they add up to a full raise, so the betting is reopened for it."""
    if seat is None or not _reopened_for(hand, seat):
        return False
    history = hand.history
    start = max((i for i, r in enumerate(history) if type(r) is DealBoard), default=-1) + 1
    street = history[start:]
    last = max((i for i, r in enumerate(street) if type(r) in (Fold, Check, Call, Bet, Raise)
                and r.seat == seat), default=-1)  # fmt: skip
    if last < 0:
        return False
    since = [r for r in street[last + 1 :] if type(r) in (Bet, Raise)]
    return bool(since) and all(type(r) is Raise and not r.full and r.all_in for r in since)


def pokerkit_raise_range(state: Any) -> tuple[int | None, int | None]:
    """pokerkit's smallest and largest raise-to now, ``(None, None)`` when it allows none
    (the form of pokerforge's ``legal.min_raise_to`` / ``max_raise_to``)."""
    if not state.can_complete_bet_or_raise_to():
        return (None, None)
    return (
        state.min_completion_betting_or_raising_to_amount,
        state.max_completion_betting_or_raising_to_amount,
    )


def why_no_raise(hand: Hand) -> str:
    """The engine's reason for refusing any raise now (empty if it would allow one)."""
    seat = hand.actor or 0
    try:
        hand.verify_raise_to(hand.bets[seat] + hand.stacks[seat])
    except IllegalActionError as err:
        return str(err)
    return ""


def pokerkit_stacks(text: str) -> list[int]:
    """The final stacks of pokerkit's replay of one PHH hand."""
    from pokerkit import HandHistory  # noqa: PLC0415 - pokerkit only where it is installed

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns about its own deck's cards
        *_, state = HandHistory.loads(text)
    return list(state.stacks)


def odd_chips_only(hand: Hand, theirs: tuple[int, ...]) -> bool:
    """Whether stacks ``theirs`` differ from the hand's only in odd chips, ours by rule 26.

    Rule 26: each pot is split separately; the tied winners get equal shares and the odd
    chips go one at a time to the winners in seat order starting left of the button; of a
    pot split between a high and a low half, the odd chip goes to the high.
    """
    ours = hand.stacks
    if sum(theirs) != sum(ours):
        return False
    n = hand.num_seats
    shares: dict[tuple[int, str], list[tuple[int, int]]] = {}
    for record in hand.history:
        if type(record) is Award:
            shares.setdefault((record.pot, record.half), []).append((record.seat, record.amount))
    splitters: set[int] = set()
    split_pots = 0
    for pot in {p for p, _ in shares}:  # a hi-lo split: the high half has the odd chip
        high, low = shares.get((pot, "high"), []), shares.get((pot, "low"), [])
        if high and low:
            split_pots += 1
            splitters.update(seat for seat, _ in high + low)
            if not 0 <= sum(a for _, a in high) - sum(a for _, a in low) <= 1:
                return False
    for winners in shares.values():
        if len(winners) < 2:
            continue
        split_pots += 1
        splitters.update(seat for seat, _ in winners)
        in_order = sorted(winners, key=lambda w: (w[0] - hand.button - 1) % n)
        amounts = [amount for _, amount in in_order]
        if max(amounts) - min(amounts) > 1 or amounts != sorted(amounts, reverse=True):
            return False
    differing = {seat for seat in range(n) if theirs[seat] != ours[seat]}
    return differing <= splitters and all(
        abs(theirs[seat] - ours[seat]) <= split_pots * n for seat in differing
    )


def side_pot_without_low(hand: Hand, theirs: tuple[int, ...]) -> bool:
    """Whether stacks ``theirs`` differ from the hand's only among the contenders of a hi-lo
    pot paid whole (no contender of it has a low) while another pot has a low half."""
    if sum(theirs) != sum(hand.stacks):
        return False
    halves: dict[int, set[str]] = {}
    for record in hand.history:
        if type(record) is Award:
            halves.setdefault(record.pot, set()).add(record.half)
    whole = [pot for pot, kinds in halves.items() if kinds == {"all"}]
    if not whole or not any("low" in kinds for kinds in halves.values()):
        return False
    eligible = {seat for pot in whole for seat in hand.pots[pot].eligible}
    differing = {s for s in range(hand.num_seats) if theirs[s] != hand.stacks[s]}
    return differing <= eligible


def play(deal: Deal, hand_class: type[Hand] = Hand) -> Outcome:
    """Play one hand in both engines; the differences found.

    ``hand_class`` is the engine under test (a subclass lets the tests plant a fault).
    """
    n = len(deal.stacks)
    button = deal.button
    spec = deal.spec()
    short_deck = spec.variant == "short-deck"
    # The short deck is the seeded order without its twos to fives, as a Hand deals it.
    deck = [c for c in Deck(seed=deal.seed).deal(52) if not short_deck or c.index >= 16]
    cards = [str(c) for c in deck[: n * spec.hole_card_count + 5]]
    hole_count = spec.hole_card_count
    holes = [cards[i * hole_count : (i + 1) * hole_count] for i in range(n)]
    board = cards[n * hole_count :]
    hand = hand_class(spec, stacks=deal.stacks, button=button, hole_cards=holes, board=board)
    # pokerkit numbers players from the small blind (heads-up: from the big blind), so its
    # player i is our seat button + 1 + i.
    seat_of = [(button + 1 + i) % n for i in range(n)]
    state = _pokerkit_state(deal, tuple(deal.stacks[s] for s in seat_of))
    with warnings.catch_warnings():
        # pokerkit warns when a card it burned from its own deck is dealt: the cards here
        # are pokerforge's, so that is expected.
        warnings.simplefilter("ignore", UserWarning)
        return _play(deal, hand=hand, state=state, seat_of=seat_of, holes=holes, board=board)


def _play(
    deal: Deal,
    *,
    hand: Hand,
    state: Any,
    seat_of: list[int],
    holes: list[list[str]],
    board: list[str],
) -> Outcome:
    out = Outcome(hands=1)
    n = len(seat_of)
    rng = random.Random(deal.seed)
    dealt = [0] * n
    shown = 0
    where = f"{deal}"

    def sync_cards() -> None:
        nonlocal shown
        while state.can_deal_hole():
            seat = seat_of[state.hole_dealee_index]
            state.deal_hole(holes[seat][dealt[seat]])
            dealt[seat] += 1
        while state.can_deal_board():
            count = 3 if shown == 0 else 1
            state.deal_board("".join(board[shown : shown + count]))
            shown += count

    def covered_check() -> bool:
        """pokerkit asks a covered player to check where rule 14 asks nobody: check there."""
        pk_actor = state.actor_index
        if pk_actor is None or state.checking_or_calling_amount:
            return False
        if (
            seat_of[pk_actor] == hand.actor
            or state.can_complete_bet_or_raise_to()
            or not _covered(state, pk_actor)
        ):
            return False
        state.check_or_call()
        sync_cards()
        return True

    sync_cards()
    while True:
        while covered_check():
            # pokerkit fault: see KNOWN_FAULTS; our answer is checked against rule 14.
            out.faults["covered-player-asked"] += 1
        if hand.is_over:
            break
        out.steps += 1
        legal = hand.legal_actions()
        pk_actor = state.actor_index
        actor = None if pk_actor is None else seat_of[pk_actor]
        if actor != hand.actor:
            out.differences.append(f"{where}: seat to act {hand.actor}, pokerkit {actor}")
            return out
        pk_call = state.checking_or_calling_amount
        if legal.call != pk_call:
            out.differences.append(
                f"{where}: call {legal.call}, pokerkit {pk_call} ({hand.history})"
            )
            return out
        pk_raise = pokerkit_raise_range(state)
        ours = (legal.min_raise_to, legal.max_raise_to)
        may_raise = ours[0] is not None
        limit = hand.spec.betting == "fixed-limit"
        fault = limit_fault(hand, ours, pk_raise) if limit and ours != pk_raise else None
        if fault is not None:
            # pokerkit fault: see LIMIT_FAULTS; our answer is checked against the rule.
            out.faults[fault[0]] += 1
            ours = fault[1]  # play on with what both allow
            may_raise = ours[0] is not None
        elif ours != pk_raise:
            if ours[0] is None and not _reopened_for(hand, hand.actor):
                # pokerkit fault: see KNOWN_FAULTS; our answer is checked against rule 13.
                out.faults["reraise-after-incomplete-all-in"] += 1
            elif pk_raise[0] is None and _short_all_ins_add_up(hand, hand.actor):
                # pokerkit fault: see KNOWN_FAULTS; our answer is checked against rule 13.
                out.faults["short-all-ins-add-up"] += 1
                may_raise = False  # play on with what both allow
            else:
                out.differences.append(
                    f"{where}: raise range {ours}, pokerkit {pk_raise} ({hand.history})"
                )
                return out
        elif (
            may_raise
            and not limit
            and hand.actor is not None
            and not _reopened_for(hand, hand.actor)
        ):
            out.differences.append(f"{where}: raise offered against rule 13 ({hand.history})")
            return out
        choices = ["call"]
        if legal.call:
            choices.append("fold")
        if may_raise:
            choices += ["min", "max", "between"]
        pick = rng.choice(choices)
        if pick == "fold":
            hand.fold()
            state.fold()
        elif pick == "call":
            if legal.call:
                hand.call()
            else:
                hand.check()
            state.check_or_call()
        else:
            low, high = ours
            assert low is not None and high is not None
            to = low if pick == "min" else high if pick == "max" else rng.randint(low, high)
            hand.raise_to(to)
            state.complete_bet_or_raise_to(to)
        sync_cards()
    sync_cards()
    if state.status:
        out.differences.append(f"{where}: hand over, pokerkit still running ({hand.history})")
        return out
    pk_stacks = tuple(state.stacks[seat_of.index(s)] for s in range(n))
    if pk_stacks != hand.stacks and odd_chips_only(hand, pk_stacks):
        # pokerkit fault: see KNOWN_FAULTS; our split is checked against rule 26.
        out.faults["odd-chips"] += 1
    elif pk_stacks != hand.stacks and side_pot_without_low(hand, pk_stacks):
        # pokerkit fault: see KNOWN_FAULTS; the pot goes whole to the high (rule 25).
        out.faults["side-pot-without-low"] += 1
    elif pk_stacks != hand.stacks:
        out.differences.append(
            f"{where}: stacks {hand.stacks}, pokerkit {pk_stacks} ({hand.history})"
        )
    return out


def run(hands: int, seed: int, game: str | None = None) -> Outcome:
    """Compare ``hands`` random hands drawn from ``seed``, of ``game`` (a key of
    :data:`GAMES`; ``None``: no-limit Hold'em and pot-limit Omaha mixed)."""
    rng = random.Random(seed)
    total = Outcome()
    for i in range(hands):
        total.add(play(Deal.draw(rng, seed * 1_000_003 + i, game)))
    return total
