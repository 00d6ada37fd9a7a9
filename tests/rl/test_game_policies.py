"""The game's player protocol, ``policy(view, legal)``, as RL opponents (``GamePolicy``):
the same view, legal actions and chips as at a table."""

from __future__ import annotations

import copy
import pickle

import pytest

from pokerforge.errors import InvalidSpecError, PolicyError
from pokerforge.game import Decision, GameSpec, Hand, HandView, LegalActions, play
from pokerforge.rl import GamePolicy, Move, call_policy
from pokerforge.sim import POLICIES, RandomPolicy

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from pokerforge.rl import PokerEnv, aec_env

SPEC = GameSpec(blinds=(1, 2))


def min_raiser(view: HandView, legal: LegalActions) -> object:
    """Always raises the minimum, else checks or calls."""
    assert isinstance(view, HandView) and view.seat == view.actor
    assert view.legal_actions == legal
    return legal.min_raise_to if legal.min_raise_to is not None else "check_or_call"


def station(view: HandView, legal: LegalActions) -> Decision:
    return Decision.check_or_call()


def _exact(legal: LegalActions) -> Move:
    """The learner's move: check or call, as the station does."""
    return ("call",) if legal.call else ("check",)


def _play_learner(env: PokerEnv, seed: int | None) -> tuple[Hand, int]:
    """One hand with the learner checking or calling; the hand and the learner's net. The
    learner's every observation is the one the encoder writes reading the hand afresh."""
    obs, _ = env.reset(seed=seed)
    while True:
        fresh = env.restore(env.snapshot())  # the encoder reads the hand from its start
        assert (fresh["observation"] == obs["observation"]).all()
        assert (fresh["action_mask"] == obs["action_mask"]).all()
        obs, _, done, _, info = env.step(_exact(env.hand.legal_actions()))
        if done:
            return env.hand, info["net"]


@pytest.mark.parametrize("seats", [2, 3, 6])
def test_a_min_raiser_plays_as_an_opponent_with_the_chips_of_a_table(seats: int) -> None:
    env = PokerEnv(SPEC, seats=seats, seat=0, opponents=GamePolicy(min_raiser), stacks=100)
    raised = 0
    for k in range(12):
        hand, net = _play_learner(env, 40 + k if k == 0 else None)
        # The same deal played by the game layer: the learner as the station.
        again = Hand(SPEC, stacks=[100] * seats, button=hand.button, seed=hand.seed)
        play(again, [station, *[min_raiser] * (seats - 1)])
        assert again.history == hand.history
        assert again.net == hand.net and net == hand.net[0]
        raised += sum(1 for rec in hand.history if type(rec).__name__ == "Raise")
    assert raised > 0


def test_game_and_observation_opponents_mix_and_names_are_built_ins() -> None:
    opponents = [GamePolicy("tag"), call_policy]
    env = PokerEnv(SPEC, seats=3, seat=1, opponents=opponents, stacks=200)
    for k in range(10):
        hand, net = _play_learner(env, 7 if k == 0 else None)
        again = Hand(SPEC, stacks=[200] * 3, button=hand.button, seed=hand.seed)
        play(again, [POLICIES["tag"], station, station])
        assert again.history == hand.history and again.net[1] == net


def test_a_random_game_policy_is_reseeded_by_reset() -> None:
    def hands(seed: int) -> list[tuple[int, ...]]:
        env = PokerEnv(SPEC, seats=3, opponents=GamePolicy(RandomPolicy()), stacks=100)
        out = []
        for k in range(8):
            hand, _ = _play_learner(env, seed if k == 0 else None)
            out.append(tuple(hand.net))
        return out

    assert hands(3) == hands(3)
    assert hands(3) != hands(4)


def test_an_illegal_decision_is_a_policy_error_naming_the_seat() -> None:
    env = PokerEnv(SPEC, seats=2, seat=1, opponents=GamePolicy(lambda view, legal: 1))
    with pytest.raises(PolicyError, match="seat 0's decision Decision\\('raise_to', 1\\) failed"):
        env.reset(seed=1)
    env = PokerEnv(SPEC, seats=2, seat=1, opponents=GamePolicy(lambda view, legal: "raise"))
    with pytest.raises(PolicyError, match="the policy of seat 0 returned 'raise' is not"):
        env.reset(seed=1)


def test_bad_game_policies_are_refused() -> None:
    with pytest.raises(InvalidSpecError, match="'bluff' is not a policy"):
        GamePolicy("bluff")
    with pytest.raises(InvalidSpecError, match="a game policy must be callable, not 3"):
        GamePolicy(3)  # type: ignore[arg-type]


def test_moves_let_every_aec_agent_play_a_game_policy() -> None:
    policies = [GamePolicy(min_raiser), GamePolicy("tag"), GamePolicy(station)]
    env = aec_env(SPEC, seats=3, stacks=100)
    for seed in range(6):
        env.reset(seed=seed)
        while not all(env.terminations.values()):
            seat = int(env.agent_selection.split("_")[1])
            env.step(policies[seat].move(env.hand))
        again = Hand(SPEC, stacks=[100] * 3, button=env.hand.button, seed=env.hand.seed)
        play(again, [min_raiser, POLICIES["tag"], station])
        assert again.history == env.hand.history


def test_a_move_is_checked_and_all_in_is_the_largest_raise() -> None:
    hand = Hand(SPEC, stacks=[100, 100], seed=2)
    assert GamePolicy(lambda view, legal: "all_in").move(hand) == ("raise_to", 100)
    assert GamePolicy(lambda view, legal: "check_or_call").move(hand) == ("call",)
    with pytest.raises(PolicyError, match="seat 0's decision Decision\\('check'\\) failed"):
        GamePolicy(lambda view, legal: "check").move(hand)
    with pytest.raises(PolicyError, match="show is not a betting action"):
        GamePolicy(lambda view, legal: "show").move(hand)
    assert hand.bets == (1, 2)  # nothing applied


def test_an_env_with_game_opponents_copies_and_pickles() -> None:
    env = PokerEnv(SPEC, seats=3, opponents=GamePolicy(RandomPolicy(seed=5)), stacks=100)
    env.reset(seed=2)
    saved = env.snapshot()
    twin = pickle.loads(pickle.dumps(env))
    deep = copy.deepcopy(env)
    moves = [_exact(env.hand.legal_actions())]
    first = env.step(moves[0])
    for other in (twin, deep):
        assert other.step(moves[0])[1:4] == first[1:4]
        assert other.hand.history == env.hand.history
    env.restore(saved)
    assert env.step(moves[0])[1:4] == first[1:4]
