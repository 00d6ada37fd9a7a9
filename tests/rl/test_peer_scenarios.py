"""The situations other RL poker environments get wrong, played through pokerforge's envs.

RLCard (and PettingZoo, which wraps it) pays side pots wrongly, accepts raises below the
minimum and lets the small blind act first heads-up on every street; OpenSpiel lets a short
all-in reopen the betting. Here each is played through the environments' own ``step``.
"""

from __future__ import annotations

import numpy as np
import pytest

from pokerforge.errors import IllegalActionError
from pokerforge.game import GameSpec

pytest.importorskip("pettingzoo")

from pokerforge.rl import PokerEnv, aec_env

FOLD, CALL, MIN, HALF, POT, ALLIN = range(6)


def test_side_pots_50_200_200() -> None:
    """Three all-ins: the short stack wins the main pot, the second best the side pot."""
    env = aec_env(seats=3, stacks=[50, 200, 200], button=0)
    env.reset(seed=1, options={"hole_cards": ["AhAs", "KhKs", "QhQs"], "board": "2c7d9cTd3s"})
    assert env.agent_selection == "player_0"  # three-handed, the button acts first
    env.step(ALLIN)  # to 50
    env.step(ALLIN)  # small blind to 200
    env.step(CALL)  # big blind calls 198, all-in
    assert all(env.terminations.values())
    assert env.infos["player_0"]["net"] == 100
    assert env.infos["player_1"]["net"] == 100
    assert env.infos["player_2"]["net"] == -200
    assert env.rewards == {"player_0": 50.0, "player_1": 50.0, "player_2": -100.0}


def test_short_all_in_does_not_reopen_the_betting() -> None:
    """A raise to 20, a short all-in to 30 (less than a full raise): the first raiser may
    only call or fold (rule 13)."""
    env = aec_env(seats=3, stacks=[200, 30, 200], button=0)
    env.reset(seed=2)
    env.step(("raise_to", 20))  # button
    # Small blind: all-in to 30, an incomplete raise of 10; "min" is that all-in, and
    # "allin" (the same chips) is masked as its repeat.
    assert env.observe("player_1")["action_mask"].tolist() == [1, 1, 1, 0, 0, 0]
    env.step(MIN)
    env.step(CALL)  # big blind calls 30
    assert env.agent_selection == "player_0"
    obs = env.observe("player_0")
    assert obs["action_mask"].tolist() == [1, 1, 0, 0, 0, 0]
    before = env.hand.copy()
    with pytest.raises(IllegalActionError, match="not reopened"):
        env.step(("raise_to", 60))
    with pytest.raises(IllegalActionError, match="not legal now"):
        env.step(ALLIN)
    assert env.hand.history == before.history and env.hand.bets == before.bets
    np.testing.assert_array_equal(env.observe("player_0")["observation"], obs["observation"])
    env.step(CALL)
    assert env.hand.street.name == "FLOP"


def test_heads_up_order_on_every_street() -> None:
    """Heads-up the button posts the small blind and acts first pre-flop, last after."""
    env = aec_env(seats=2, stacks=100, button=1)
    env.reset(seed=3)
    assert env.hand.bets == (2, 1)  # seat 1 is button and small blind
    order = []
    for street in ("PREFLOP", "FLOP", "TURN", "RIVER"):
        assert env.hand.street.name == street
        first = env.agent_selection
        env.step(CALL)
        second = env.agent_selection
        env.step(CALL)
        order.append((first, second))
    assert order[0] == ("player_1", "player_0")
    assert order[1:] == [("player_0", "player_1")] * 3
    assert all(env.terminations.values())


def test_raise_below_the_minimum_is_refused() -> None:
    env = PokerEnv(GameSpec(blinds=(1, 2)), seats=2, seed=4)
    obs, _ = env.reset(seed=4)
    snapshot = env.hand.copy()
    with pytest.raises(IllegalActionError, match="minimum is 4"):
        env.step(("raise_to", 3))
    assert env.hand.history == snapshot.history
    np.testing.assert_array_equal(env.tables.obs[0], obs["observation"])
    env.step(("raise_to", 4))
    raises = [r for r in env.hand.history if type(r).__name__ == "Raise"]
    assert [(r.seat, r.to) for r in raises] == [(env.seat, 4)]


def test_any_bet_size_is_available_exactly() -> None:
    """No-limit is not five abstract sizes: every legal total can be played exactly."""
    for total in (4, 5, 17, 99, 100):
        env = PokerEnv(GameSpec(blinds=(1, 2)), seats=2, stacks=100, seed=5)
        env.reset(seed=5)
        env.step(("raise_to", total))
        raises = [r for r in env.hand.history if type(r).__name__ == "Raise"]
        assert raises[0].to == total
