"""Boards run more than once (rule 26b) in PHH, replayed by pokerkit's engine.

pokerforge writes such a hand as PHH writes every board dealt: the hands shown once, then
each runout's boards in the order dealt, one ``d db`` a street (what pokerkit's own writer
gives for a state run more than once). pokerkit's ``HandHistory`` loader cannot replay
these files: it always answers its runout-count question with no preference, so one runout,
and then finds board cards it cannot deal. Its engine can: the replay below is pokerkit's
own, action by action (``pokerkit.notation.parse_action``), with its ``State`` asking each
player for the count, answered with the runouts the file's board cards make.

Where the two may differ are the odd chips: pokerkit gives all of a pot's odd chips between
the runouts to the first runout, and those of a split share to its first winner; rules 26
and 26b give them one at a time. Those hands are checked to be such splits.
"""

from __future__ import annotations

import random
import warnings
from collections import deque

import pytest
from game_helpers import RandomPlayer
from pokerkit import Automation, HandHistory
from pokerkit.notation import parse_action

from pokerforge.game import Award, GameSpec, Hand, RuleProfile, Runout, to_phh
from pokerforge.game.positions import seat_order
from pokerforge.game.pots import split_runouts

# Long end-to-end checks, the same on every Python: on 3.11 only in the test command.
pytestmark = pytest.mark.slow

SPECS = [
    GameSpec(blinds=(1, 2), rules=RuleProfile(runouts=2)),
    GameSpec(blinds=(1, 2), ante=1, rules=RuleProfile(runouts=4)),
    GameSpec(variant="omaha", betting="pot-limit", blinds=(1, 2), rules=RuleProfile(runouts=3)),
    GameSpec(
        variant="omaha-hilo",
        betting="fixed-limit",
        blinds=(1, 2),
        small_bet=2,
        big_bet=4,
        rules=RuleProfile(runouts=2),
    ),
]


def pokerkit_stacks(text: str) -> tuple[list[int], int]:
    """The final stacks (PHH order) and the runouts of pokerkit's engine replaying ``text``,
    each player asked for the runouts answering with the count the file's boards make."""
    automations = tuple(
        a for a in HandHistory.automations if a != Automation.RUNOUT_COUNT_SELECTION
    )
    history = HandHistory.loads(text, automations=automations)
    actions = deque(history.actions)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns about its own deck's cards
        state = history.create_state()
        while state.status:
            if actions:
                try:
                    parse_action(state, actions[0], history.parse_value)
                except ValueError:
                    pass  # not yet: the dealer or the showdown first
                else:
                    actions.popleft()
                    continue
            if state.can_burn_card():
                state.burn_card("??")
            elif state.can_select_runout_count():
                left = sum(len(a.split()[2]) // 2 for a in actions if a.startswith("d db"))
                showing = sum(1 for cards in state.board_cards if cards)
                state.select_runout_count(left // (5 - showing))
            elif state.can_show_or_muck_hole_cards():
                # The file's own line for the player to show, wherever it is written
                # (pokerkit shows all-in hands before it deals the boards).
                mine = f"p{state.showdown_index + 1} sm"
                line = next((a for a in actions if a.startswith(mine)), None)
                if line is None:
                    state.show_or_muck_hole_cards()
                else:
                    parse_action(state, line, history.parse_value)
                    actions.remove(line)
            elif state.can_kill_hand():
                state.kill_hand()
            elif state.can_push_chips():
                state.push_chips()
            elif state.can_pull_chips():
                state.pull_chips()
            else:  # pragma: no cover - a replay that cannot go on
                raise AssertionError(f"pokerkit is stuck at {list(actions)[:3]}:\n{text}")
    assert not actions, text
    return list(state.stacks), state.runout_count or 1


def play(hand: Hand, rng: random.Random, agree: float) -> None:
    """Random play that goes all-in often; asked for the runouts, a seat asks for the most
    allowed with chance ``agree``, else for a random count."""
    RandomPlayer(rng, raise_share=0.5, fold_share=0.1, sizes="max", runouts_agree=agree).play(hand)


def odd_units_apart(hand: Hand) -> bool:
    """Whether the hand has odd chips that pokerkit places otherwise (see the module): a
    pot with two odd chips or more between its runouts, or a share split between tied
    winners."""
    times = hand.runouts
    for pot in hand.pots:
        shares = split_runouts(pot.amount, times)
        if max(shares) > min(shares) and shares.count(max(shares)) > 1:
            return True  # two odd chips or more: pokerkit gives them all to the first
    winners: dict[tuple[int, int, str], int] = {}
    runout = 1
    for record in hand.history:
        if isinstance(record, Runout):
            runout = record.number
        elif isinstance(record, Award):
            key = (runout, record.pot, record.half)
            winners[key] = winners.get(key, 0) + 1
    return any(count > 1 for count in winners.values())


def test_pokerkits_own_loader_replays_one_runout_only() -> None:
    hand = Hand(SPECS[0], stacks=[100, 100], hole_cards=["AsAd", "KsKd"], seed=1)
    hand.raise_to(100)
    hand.call()
    hand.run_it(2)
    hand.run_it(2)
    text = to_phh(hand)
    with pytest.raises(ValueError, match="Unable to repair"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        list(HandHistory.loads(text))
    assert pokerkit_stacks(text)[1] == 2


def test_pokerkit_replays_random_hands_run_more_than_once() -> None:
    rng = random.Random(26)
    same = odd = runs = 0
    for i in range(400):
        spec = SPECS[i % len(SPECS)]
        n = rng.randint(2, 6)
        hand = Hand(spec, stacks=[rng.randint(10, 120) for _ in range(n)], button=i % n, seed=i)
        play(hand, rng, agree=0.8)
        text = to_phh(hand)
        theirs, times = pokerkit_stacks(text)
        assert times == hand.runouts, text
        runs += times > 1
        order = seat_order(n, hand.button)
        by_seat = tuple(theirs[order.index(s)] for s in range(n))
        if by_seat == hand.stacks:
            same += 1
            continue
        assert sum(by_seat) == sum(hand.stacks) and odd_units_apart(hand), text
        odd += 1
    assert same + odd == 400 and same > 340 and runs > 120
