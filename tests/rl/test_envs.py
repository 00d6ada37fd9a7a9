"""Seeds, resets, auto-reset, splitting tables, illegal actions and variants in the envs."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from pokerforge.errors import IllegalActionError, InvalidSpecError, PolicyError
from pokerforge.game import GameSpec, RuleProfile
from pokerforge.rl import RandomPolicy, Tables, VectorPokerEnv, call_policy, hand_seed

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from pettingzoo import AECEnv

from pokerforge.rl import PokerAECEnv, PokerEnv, aec_env


def play_gym(env: PokerEnv, seed: int, hands: int) -> list[tuple[int, ...]]:
    """Play ``hands`` hands with a seeded random learner; the sequence of what happened."""
    learner = RandomPolicy(seed=seed)
    out = []
    obs, _ = env.reset(seed=seed)
    for _ in range(hands):
        done = False
        while not done:
            action = learner(obs["observation"], obs["action_mask"])
            obs, _, done, _, _ = env.step(action)
        out.append((env.hand.seed, env.hand.button, *env.hand.net))
        obs, _ = env.reset()
    return out


_M64 = (1 << 64) - 1


def splitmix_reference(seed: int, table: int, hand: int) -> int:
    """SplitMix64's output mix of ``seed * gamma + table * c1 + hand``, in Python ints."""
    z = (seed * 0x9E3779B97F4A7C15 + table * 0xBF58476D1CE4E5B9 + hand) & _M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return z ^ (z >> 31)


def test_hand_seed_is_splitmix_of_the_three_numbers_modulo_2_64() -> None:
    rng = random.Random(5)
    cases = [(0, 0, 0), (1, 0, 0), (7, -1, 0), (-3, 2, 9), (2**70 + 5, 2**64 + 1, 3)]
    for _ in range(500):
        cases.append(
            (rng.randrange(-(2**70), 2**70), rng.randrange(-(2**66), 2**66), rng.randrange(2**64))
        )
    for seed, table, hand in cases:
        assert hand_seed(seed, table, hand) == splitmix_reference(seed, table, hand)


def test_gym_reset_with_a_seed_is_reproducible() -> None:
    env = PokerEnv(seats=4, opponents=RandomPolicy(seed=9), stacks=[50, 100, 150, 200])
    first = play_gym(env, 11, 20)
    again = play_gym(env, 11, 20)
    assert first == again
    assert first != play_gym(env, 12, 20)
    # An unseeded opponent follows the environment's seed alone: reproducible too.
    unseeded = PokerEnv(seats=4, opponents=RandomPolicy(), stacks=[50, 100, 150, 200])
    assert play_gym(unseeded, 11, 20) == play_gym(unseeded, 11, 20)
    assert env.hand.starting_stacks == (50, 100, 150, 200)
    # Any int seeds, as the other environments take it (a negative one once leaked
    # Gymnasium's own error); anything else is refused by name.
    assert play_gym(env, -1, 20) == play_gym(env, -1, 20) != first
    assert play_gym(env, np.int64(11), 20) == first  # type: ignore[arg-type]
    for bad in ["x", 1.5]:
        with pytest.raises(InvalidSpecError, match="seed must be an int or None"):
            env.reset(seed=bad)  # type: ignore[arg-type]


def test_gym_button_moves_and_reward_is_the_net_in_big_blinds() -> None:
    env = PokerEnv(GameSpec(blinds=(5, 10)), seats=3, opponents=call_policy, seed=1)
    buttons = []
    env.reset(seed=1)
    for _ in range(6):
        buttons.append(env.hand.button)
        done = False
        while not done:
            _, reward, done, _, info = env.step(1)
        assert reward == info["net"] / 10 == env.hand.net[0] / 10
        env.reset()
    assert buttons == [0, 1, 2, 0, 1, 2]


def test_gym_illegal_actions_change_nothing() -> None:
    env = PokerEnv(seats=2, seed=3)
    obs, _ = env.reset(seed=3)
    before = (env.hand.history, obs["observation"].copy(), obs["action_mask"].copy())
    for bad, match in [
        (6, "not an action index"),
        (-1, "not an action index"),
        (("raise_to", 1), "cannot raise to 1"),
        (("raise_to", 1.5), "whole number"),
        (("jump",), "is not an action"),
        (("fold", 3), "takes no amount"),
        (("raise_to",), "exactly one amount"),
    ]:
        with pytest.raises(IllegalActionError, match=match):
            env.step(bad)  # type: ignore[arg-type]
        assert env.hand.history == before[0]
    np.testing.assert_array_equal(env.tables.obs[0], before[1])
    # Half the pot (1 + 2 + 1.5 -> 4) is the minimum raise's 4: masked as its repeat.
    assert env.action_masks().tolist() == [True, True, True, False, True, True]
    with pytest.raises(InvalidSpecError, match="learning seat"):
        PokerEnv(seats=2, seat=2)
    with pytest.raises(InvalidSpecError, match="opponents"):
        PokerEnv(seats=3, opponents=[call_policy] * 5)


def test_masked_index_names_the_legal_actions() -> None:
    env = aec_env(seats=3, stacks=[200, 30, 200], button=0)
    env.reset(seed=2)
    env.step(("raise_to", 20))
    env.step(2)  # all-in for 30: the minimum raise (the all-in, index 5, is its repeat)
    env.step(1)
    with pytest.raises(
        IllegalActionError, match=r"action 2 \('min'\) is not legal now.*'fold', 'call'"
    ):
        env.step(2)


def test_aec_reset_seed_reproduces_hands() -> None:
    def run(seed: int) -> list[tuple[int, ...]]:
        env = aec_env(seats=3, stacks=100)
        env.reset(seed=seed)
        policy = RandomPolicy(seed=seed)
        out = []
        for _ in range(10):
            for _agent in env.agent_iter():
                obs, _, term, trunc, _ = env.last()
                env.step(None if term or trunc else policy(obs["observation"], obs["action_mask"]))
            out.append(env.hand.net)
            env.reset()
        return out

    assert run(5) == run(5) != run(6)


def vector_run(
    env: VectorPokerEnv, steps: int, first: int
) -> tuple[list[npt.NDArray[np.float32]], list[npt.NDArray[np.float32]], list[int]]:
    """Step with actions that depend only on each table's number and observation."""
    obs, _ = env.reset()
    seen, paid, hands = [obs.copy()], [], []
    for step in range(steps):
        actions = np.zeros(env.num_tables, dtype=np.int64)
        for t in range(env.num_tables):
            legal = np.flatnonzero(env.action_mask[t])
            actions[t] = legal[(first + t + step) % len(legal)]
        obs, rewards, dones, _ = env.step(actions)
        seen.append(obs.copy())
        paid.append(rewards.copy())
        hands.append(int(dones.sum()))
    return seen, paid, hands


def test_vector_results_do_not_depend_on_the_split() -> None:
    whole = VectorPokerEnv(num_tables=6, seats=3, stacks=[40, 80, 120], seed=21)
    a = VectorPokerEnv(num_tables=2, seats=3, stacks=[40, 80, 120], seed=21, first_table=0)
    b = VectorPokerEnv(num_tables=4, seats=3, stacks=[40, 80, 120], seed=21, first_table=2)
    obs, rewards, hands = vector_run(whole, 60, 0)
    obs_a, rewards_a, _ = vector_run(a, 60, 0)
    obs_b, rewards_b, _ = vector_run(b, 60, 2)
    for full, left, right in zip(obs, obs_a, obs_b, strict=True):
        np.testing.assert_array_equal(full, np.concatenate([left, right]))
    for full, left, right in zip(rewards, rewards_a, rewards_b, strict=True):
        np.testing.assert_array_equal(full, np.concatenate([left, right]))
    assert sum(hands) > 20  # many auto-resets happened


def test_vector_auto_reset_conserves_chips_and_reports_rewards() -> None:
    env = VectorPokerEnv(num_tables=8, seats=6, seed=4)
    env.reset()
    policy = np.random.default_rng(0)
    total = np.zeros(6)
    finished = 0
    for _ in range(300):
        masks = env.action_mask
        actions = np.array([policy.choice(np.flatnonzero(m)) for m in masks])
        obs, rewards, dones, _ = env.step(actions)
        assert obs is env.obs
        for t in np.flatnonzero(dones):
            hand = env.finished[t]
            assert hand is not None and hand.is_over
            np.testing.assert_allclose(rewards[t], np.array(hand.net) / 2)
            assert sum(hand.net) == -hand.rake
            finished += 1
        assert not rewards[~dones].any()
        total += rewards.sum(axis=0)
        assert all(env.hands[t].actor == env.actor[t] for t in range(8))
    assert finished > 30
    assert abs(total.sum()) < 1e-3  # no rake: chips only change hands


def test_vector_refuses_bad_actions() -> None:
    env = VectorPokerEnv(num_tables=3, seats=2, seed=1)
    env.reset()
    with pytest.raises(InvalidSpecError, match="3 integers"):
        env.step(np.zeros(2, dtype=np.int64))
    with pytest.raises(InvalidSpecError, match="3 integers"):
        env.step(np.zeros(3, dtype=np.float64))
    with pytest.raises(InvalidSpecError, match="num_tables"):
        VectorPokerEnv(num_tables=0)
    twin = VectorPokerEnv(num_tables=3, seats=2, seed=1)
    for e in (env, twin):
        e.step(np.array([5, 5, 5]))  # all-in: the big blinds may only fold or call
    assert env.action_mask.tolist() == [[1, 1, 0, 0, 0, 0]] * 3
    obs, rewards, dones = env.obs.copy(), env.rewards.copy(), env.dones.copy()
    histories = [hand.history for hand in env.hands]
    for actions, match in [
        ([1, 1, 9], "table 2: 9 is not an action index"),
        ([1, -1, 1], "table 1: -1 is not an action index"),
        ([1, 4, 1], "table 1: action 4 .'pot'. is not legal now"),
        (np.array([1, 1, 9], dtype=np.int32), "table 2: 9 is not an action index"),
        (np.array([1, 1, 2**64 - 1], dtype=np.uint64), "table 2: 18446744073709551615 is"),
        (np.array([1, 9, 2, 9, 1, 9])[::2], "table 1: action 2 .* is not legal"),
    ]:
        with pytest.raises(IllegalActionError, match=match):
            env.step(np.array(actions))
    # Nothing was stepped: the hands, observations, rewards and dones are as they were.
    assert [hand.history for hand in env.hands] == histories
    np.testing.assert_array_equal(env.obs, obs)
    np.testing.assert_array_equal(env.rewards, rewards)
    np.testing.assert_array_equal(env.dones, dones)
    # Any integer dtype and a strided view step as a list of ints does.
    stepped = env.step(np.array([1, 7, 1, 7, 1, 7], dtype=np.uint8)[::2])
    for mine, theirs in zip(stepped[:3], twin.step([1, 1, 1])[:3], strict=True):
        np.testing.assert_array_equal(mine, theirs)
    finished = [h.history for h in env.finished if h is not None]
    assert env.dones.all() and len(finished) == 3
    assert finished == [h.history for h in twin.finished if h is not None]


@pytest.mark.parametrize(
    "spec",
    [
        GameSpec(variant="omaha", betting="pot-limit", blinds=(1, 2)),
        GameSpec(
            variant="omaha-hilo", betting="fixed-limit", blinds=(1, 2), small_bet=2, big_bet=4
        ),
        GameSpec(blinds=(1, 2), straddle=4),
        GameSpec(variant="short-deck", blinds=(1, 2)),
    ],
    ids=["plo", "flo8", "straddle", "short-deck"],
)
def test_variants_play_to_the_end(spec: GameSpec) -> None:
    env = VectorPokerEnv(spec, num_tables=4, seats=5, seed=8)
    env.reset()
    rng = np.random.default_rng(1)
    done = 0
    lowest = 6 if spec.variant == "short-deck" else 2  # short deck: six to ace (rule 43)
    for _ in range(150):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in env.action_mask])
        _, rewards, dones, _ = env.step(actions)
        done += int(dones.sum())
        assert abs(rewards.sum()) < 1e-3
        cards = [c for hand in env.hands for s in range(5) for c in hand.hole_cards[s]]
        assert min(c.index for c in cards) >= 4 * (lowest - 2)
    assert done > 10


def test_tables_validate_their_settings() -> None:
    spec = GameSpec()
    for kwargs, match in [
        ({"seats": 1}, "2 to 10 players"),
        ({"seats": 3, "stacks": [1, 2]}, "one stack per seat"),
        ({"seats": 2, "stacks": [0, 5]}, "seat 0's stack"),
        ({"seats": 2, "button": 2}, "button"),
        ({"seats": 6, "layout_seats": 4}, "layout_seats"),
        ({"seats": 2, "seed": "x"}, "seed"),
    ]:
        with pytest.raises(InvalidSpecError, match=match):
            Tables(spec, **kwargs)  # type: ignore[arg-type]
    # Taken once and failed at a run-it-twice vote no discrete action casts (an empty mask).
    other = GameSpec(rules=RuleProfile(runouts=2))
    match = "rules.runouts must be 1, not 2"
    with pytest.raises(InvalidSpecError, match=match):
        Tables(other, seats=3)
    with pytest.raises(InvalidSpecError, match=match):
        PokerEnv(other, seats=3)


def test_an_opponent_returning_no_action_is_a_policy_error_naming_its_seat() -> None:
    # Once an IllegalActionError that read as if the learner's action were bad.
    env = PokerEnv(seats=2, seat=0, button=1, opponents=lambda obs, mask: None, seed=1)
    with pytest.raises(PolicyError, match="seat 1's policy chose None"):
        env.reset(seed=1)


def test_tables_refuse_a_table_number_with_no_hand_and_change_nothing() -> None:
    # These once leaked IndexError, or (a negative number, or table 2 dealt first, filed
    # as table 0) quietly answered for another table.
    tables = Tables(GameSpec(), seats=2, tables=3, seed=1)
    with pytest.raises(InvalidSpecError, match="table 2 cannot be dealt its first hand before"):
        tables.new_hand(2)
    assert tables.hands == [] and tables.hand_numbers == [0, 0, 0]
    tables.new_hand(0)
    tables.new_hand(1)
    before = (tables.hand_numbers.copy(), [hand.history for hand in tables.hands])
    calls: dict[str, Any] = {
        "observe": tables.observe,
        "legal": tables.legal,
        "act": lambda t: tables.act(t, 1),
        "infoset": lambda t: tables.infoset(t, 0),
        "net_bb": tables.net_bb,
        "new_hand": tables.new_hand,
    }
    for name, call in calls.items():
        for table, match in [
            (-1, "table must be a table from 0 to 2, not -1"),
            (3, "table must be a table from 0 to 2, not 3"),
            (2, "table 2 has no hand yet" if name != "new_hand" else "before table 2"),
        ]:
            if (name, table) == ("new_hand", 2):
                continue  # table 2 is the next to deal: allowed
            with pytest.raises(InvalidSpecError, match=match):
                call(table)
    assert (tables.hand_numbers, [hand.history for hand in tables.hands]) == before
    tables.new_hand(2)
    assert tables.legal(2) and tables.hand_numbers == [1, 1, 1]


@pytest.mark.parametrize("stacks", [[200, 1], 1, [200, 2]])
@pytest.mark.parametrize("make", ["gym", "aec", "vector"])
def test_stacks_the_forced_bets_take_whole_are_refused_not_a_hang(
    make: str, stacks: int | list[int]
) -> None:
    # With a stack of at most the big blind every hand could play itself out from the forced
    # bets: reset dealt again for ever (the AEC env stopped with an all-zero mask).
    spec = GameSpec(blinds=(1, 2), ante=1)  # forced bets 3: the big blind and the ante
    with pytest.raises(InvalidSpecError, match="forced bets leave nobody a decision"):
        if make == "gym":
            PokerEnv(spec, seats=2, stacks=stacks).reset(seed=1)
        elif make == "aec":
            aec_env(spec, seats=2, stacks=stacks).reset(seed=1)
        else:
            VectorPokerEnv(spec, num_tables=2, seats=2, stacks=stacks, seed=1).reset()
    assert PokerEnv(spec, seats=2, stacks=[200, 4]).reset(seed=1)[0]["action_mask"].any()
    assert PokerEnv(spec, seats=2, stacks=[3, 200]).reset(seed=1)[0]["action_mask"].any()
    # Three-handed, a 1-chip stack all-in from its ante still leaves two to decide.
    assert PokerEnv(spec, seats=3, stacks=[200, 200, 1]).reset(seed=1)[0]["action_mask"].any()


def _fold(obs: object, mask: object) -> int:
    return 0


def test_a_learning_seat_never_asked_to_act_is_an_error_not_a_hang() -> None:
    # Heads-up, the button fixed, the learning seat in the big blind: an opponent that
    # always folds ends every hand before it.
    env = PokerEnv(seats=2, seat=1, opponents=_fold, button=0, move_button=False)
    with pytest.raises(InvalidSpecError, match=r"10,000 hands in a row .* seat 1"):
        env.reset(seed=1)


def test_the_calling_opponent_calls_by_name_in_any_action_set() -> None:
    # With the actions in another order, index 1 is "fold": the calling opponent folded.
    env = PokerEnv(seats=2, seat=1, actions=("fold", "pot", "call"), button=0, seed=2)
    env.reset(seed=2)
    hand = env.hand
    assert [type(r).__name__ for r in hand.history[4:5]] == ["Call"]  # the button called
    assert repr(env.opponents[0]) == "CallPolicy(index=2)"
    # A set without "call" is refused by the tables, for every opponent: a seat facing an
    # all-in once had no legal action (the random opponent failed with IndexError).
    for actions in [("fold", "pot"), ("allin",)]:
        with pytest.raises(InvalidSpecError, match=r"have no 'call' \(check or call\)"):
            PokerEnv(seats=2, actions=actions, opponents=RandomPolicy(seed=1))
        with pytest.raises(InvalidSpecError, match="have no 'call'"):
            Tables(GameSpec(), seats=2, actions=actions)


def test_registered_ids_make_each_game() -> None:
    import gymnasium  # noqa: PLC0415 - the rl extra

    ids = {
        "pokerforge/HoldemNL-v0": "no-limit",
        "pokerforge/HoldemFL-v0": "fixed-limit",
        "pokerforge/OmahaHiLoPL-v0": "pot-limit",
    }
    for env_id, betting in ids.items():
        env = gymnasium.make(env_id, seats=3)
        obs, _ = env.reset(seed=1)
        assert env.unwrapped.tables.spec.betting == betting and obs["action_mask"].any()


def test_skipped_hands_are_reported_in_big_blinds_as_rewards_are() -> None:
    # The first hand, the opponent on the button folds to the learner's big blind: skipped,
    # the small blind (1 chip, half a big blind) won; the next one the learner acts.
    env = PokerEnv(seats=2, seat=1, opponents=_fold, button=0)
    _, info = env.reset(seed=1)
    assert info["skipped_net"] == 0.5 and env.hand.button == 1


def test_the_gymnasium_vector_env_is_standard_and_credits_every_seat() -> None:
    from gymnasium.utils.env_checker import data_equivalence  # noqa: PLC0415

    from pokerforge.rl import VectorEnv  # noqa: PLC0415 - needs Gymnasium

    env = VectorEnv(num_envs=8, seats=3, seed=4)
    obs, infos = env.reset(seed=4)
    assert env.observation_space.contains(obs) and env.metadata["autoreset_mode"].name == (
        "SAME_STEP"
    )
    rng = np.random.default_rng(1)
    twin = VectorPokerEnv(num_tables=8, seats=3, seed=4)
    twin.reset(seed=4)
    ended = 0
    for _ in range(60):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
        acted = infos["actor"]
        obs, rewards, terminations, truncations, infos = env.step(actions)
        _, seat_rewards, dones, _ = twin.step(actions)  # the same tables, stepped alike
        assert data_equivalence(obs["observation"], twin.obs) and not truncations.any()
        assert np.array_equal(infos["seat_rewards"], seat_rewards)
        assert np.array_equal(terminations, dones)
        assert np.array_equal(rewards, seat_rewards[np.arange(8), acted])
        for t in np.flatnonzero(terminations):
            ended += 1
            # Chips are conserved: the seats' results add up to minus the rake (none here).
            assert abs(float(seat_rewards[t].sum())) < 1e-6
            assert infos["_final_obs"][t] and infos["final_obs"][t].any()
    assert ended > 5


def test_obs_scale_divides_every_chip_slot_and_nothing_else() -> None:
    from pokerforge.rl import ObservationLayout, VectorEnv  # noqa: PLC0415

    plain = VectorPokerEnv(num_tables=4, seats=3, seed=6)
    scaled = VectorPokerEnv(num_tables=4, seats=3, seed=6, obs_scale=100)
    chips = ObservationLayout(seats=3).chip_slots()
    others = np.setdiff1d(np.arange(plain.observation_size), chips)
    plain.reset(), scaled.reset()
    rng = np.random.default_rng(2)
    for _ in range(30):
        assert np.allclose(scaled.obs[:, chips], plain.obs[:, chips] / 100, rtol=1e-6)
        assert np.array_equal(scaled.obs[:, others], plain.obs[:, others])
        assert scaled.obs.max() <= 3.0  # 100 big blinds each: the pot of three at most 3
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in plain.action_mask])
        plain.step(actions), scaled.step(actions)
    gym = PokerEnv(seats=3, seed=6, obs_scale=100, layout_seats=6)
    obs, _ = gym.reset(seed=6)
    assert obs["observation"].shape == (ObservationLayout(seats=6).size,)
    assert obs["observation"].max() <= 2.0
    vec = VectorEnv(num_envs=2, seats=2, seed=1, obs_scale=50)
    assert vec.reset(seed=1)[0]["observation"].max() <= 4.0
    for bad in [0, 1e-39, -1, float("inf"), float("nan")]:
        # 1e-39 once filled the observation with inf and NaN (float32 overflows).
        with pytest.raises(InvalidSpecError, match="obs_scale must be a number of big blinds"):
            PokerEnv(obs_scale=bad)


def test_render_shows_the_learning_seats_view_with_cards_as_text() -> None:
    env = PokerEnv(seats=3, seat=0, render_mode="ansi", seed=2)
    env.reset(seed=2)
    text = env.render()
    assert text is not None
    own = "".join(str(c) for c in env.hand.hole_cards[0])
    lines = [line for line in text.splitlines() if line.startswith("DealHole")]
    assert lines[0] == f"DealHole(seat=0, cards='{own[:2]} {own[2:]}')"
    assert all(line.endswith("cards='')") for line in lines[1:])  # others' hidden


def test_gym_reset_with_a_seed_keeps_differently_seeded_opponents_apart() -> None:
    # reset(seed=) reseeds the opponents: mixed with their own seeds, so that opponents
    # seeded differently still play differently (and the same seeds alike).
    def env(policy_seed: int) -> PokerEnv:
        return PokerEnv(seats=4, opponents=RandomPolicy(seed=policy_seed), stacks=100)

    assert play_gym(env(1), 11, 20) != play_gym(env(2), 11, 20)
    assert play_gym(env(1), 11, 20) == play_gym(env(1), 11, 20)


def test_aec_bookkeeping_matches_pettingzoos_own_helpers() -> None:
    # The AEC env's step and last skip PettingZoo's helpers (_accumulate_rewards,
    # _deads_step_first, _was_dead_step, AECEnv.last) for speed; a subclass that calls
    # them must see the same agents, rewards, terminations, infos and observations.
    class Reference(PokerAECEnv):
        def last(self, observe: bool = True) -> Any:
            return AECEnv.last(self, observe)

        def step(self, action: Any) -> None:
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)
                return
            self.tables.act(0, action)
            self._cumulative_rewards[agent] = 0
            hand = self.tables.hands[0]
            if hand.actor is None:
                self.rewards = dict(zip(self.agents, self.tables.net_bb(0), strict=True))
                self.terminations = dict.fromkeys(self.agents, True)
                self.infos = {a: {"net": n} for a, n in zip(self.agents, hand.net, strict=True)}
            else:
                self.agent_selection = self.possible_agents[hand.actor]
            self._accumulate_rewards()
            self._deads_step_first()

    settings: dict[str, Any] = {"seats": 4, "stacks": [40, 200, 90, 300], "seed": 3}
    envs = [aec_env(**settings), Reference(**settings)]
    rng = random.Random(4)
    for _ in range(25):
        for env in envs:
            env.reset()
        for _agent in envs[0].agent_iter():
            seen = [env.last() for env in envs]
            books = [
                (env.agent_selection, env.agents, env.rewards, env._cumulative_rewards)
                for env in envs
            ]
            assert books[0] == books[1]
            books = [(env.terminations, env.truncations, env.infos) for env in envs]
            assert books[0] == books[1]
            (obs, *rest), (ref_obs, *ref_rest) = seen
            assert rest == ref_rest
            np.testing.assert_array_equal(obs["observation"], ref_obs["observation"])
            np.testing.assert_array_equal(obs["action_mask"], ref_obs["action_mask"])
            legal = np.flatnonzero(obs["action_mask"])
            action = None if rest[1] else int(rng.choice(legal))
            for env in envs:
                env.step(action)
            assert envs[1].agent_selection == envs[0].agent_selection or not envs[0].agents
        assert envs[0].rewards == envs[1].rewards


def test_aec_done_agent_steps_none_only() -> None:
    env = aec_env(seats=2, stacks=100, seed=1)
    env.reset()
    env.step(("fold",))
    agent = env.agent_selection
    before = (list(env.agents), dict(env.rewards), dict(env._cumulative_rewards))
    with pytest.raises(IllegalActionError, match=f"{agent} is done.*not 1"):
        env.step(1)
    assert (list(env.agents), dict(env.rewards), dict(env._cumulative_rewards)) == before
    env.step(None)
    assert env.agents == [a for a in env.possible_agents if a != agent]


def test_no_two_legal_actions_play_the_same_chips() -> None:
    # Blinds 1/2 heads-up, the button's first decision: half the pot after calling
    # (2 + floor(0.5 * 5) = 4) is the minimum raise's 4; both were offered, two indices for
    # one move. The first in the set's order (min) is kept, everywhere the mask is read.
    first = [1, 1, 1, 0, 1, 1]
    tables = Tables(GameSpec(), seats=2, seed=1)
    tables.new_hand(0)
    assert tables.legal(0) == (0, 1, 2, 4, 5)
    obs, _ = PokerEnv(seats=2, seed=1).reset(seed=1)
    assert obs["action_mask"].tolist() == first
    aec = aec_env(seats=2, seed=1)
    aec.reset()
    assert aec.last()[0]["action_mask"].tolist() == first
    vector = VectorPokerEnv(num_tables=2, seats=2, seed=1)
    vector.reset()
    assert vector.action_mask.tolist() == [first, first]
    # Reordered, the half pot comes first and the minimum raise is the repeat.
    tables = Tables(GameSpec(), seats=2, seed=1, actions=("0.5pot", "min", "call"))
    tables.new_hand(0)
    assert tables.legal(0) == (0, 2)
    # Random play in three games: the legal raises' amounts are all different.
    for spec in [
        GameSpec(),
        GameSpec(variant="omaha", betting="pot-limit"),
        GameSpec(betting="fixed-limit", small_bet=2, big_bet=4),
    ]:
        names = ("fold", "call", "min", "0.25pot", "0.5pot", "pot", "2pot", "allin")
        tables = Tables(spec, seats=3, stacks=[40, 100, 300], seed=2, actions=names)
        rng = random.Random(3)
        for _ in range(40):
            tables.new_hand(0)
            while tables.observe(0) >= 0:
                legal = tables.legal(0)
                raises = [int(tables.amounts[0, i]) for i in legal if i > 1]
                assert len(raises) == len(set(raises)), (legal, raises)
                tables.act(0, rng.choice(legal))


def test_aec_agent_iter_gives_at_most_max_iter_agents() -> None:
    env = aec_env(seats=3, stacks=100, seed=2)
    env.reset()
    assert list(env.agent_iter(0)) == list(env.agent_iter(-4)) == []
    first = env.agent_selection
    assert list(env.agent_iter(3)) == [first] * 3  # nobody stepped: the same agent
    taken = []
    for agent in env.agent_iter(2**70):  # past sys.maxsize: as many as the episode has
        taken.append(agent)
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    assert taken[0] == first and not env.agents and len(taken) > 3


def test_illegal_actions_penalized_play_the_default() -> None:
    import gymnasium  # noqa: PLC0415

    env = gymnasium.make("pokerforge/SevenCardStudFL-v0", illegal="penalize", seed=3)
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(3)
    penalized = hands = 0
    for _ in range(3_000):
        action = int(rng.integers(env.action_space.n))
        legal = bool(obs["action_mask"][action])
        obs, reward, done, _, info = env.step(action)
        assert info.get("illegal", False) is (not legal)
        if not legal and not done:
            assert reward == -1.0  # the penalty, in big blinds (the hand goes on)
        penalized += not legal
        if done:
            hands += 1
            obs, _ = env.reset()
    assert penalized > 500 and hands > 100
    with pytest.raises(InvalidSpecError, match="illegal must be 'raise' or 'penalize'"):
        gymnasium.make("pokerforge/HoldemNL-v0", illegal="ignore")
    strict = PokerEnv(seed=1)
    obs, _ = strict.reset()
    masked = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        strict.step(masked)
