"""Speed of reinforcement-learning environments, side by side with OpenSpiel, RLCard and
PettingZoo.

Not part of the normal test run. Run:

    .venv/bin/pip install -e '.[bench,rl]'   # pytest-benchmark, rlcard, open_spiel, pettingzoo
    .venv/bin/pytest benches/test_rl_speed.py --benchmark-only -q

Every "6-max" benchmark plays complete 6-player no-limit Hold'em hands (blinds 1/2, stacks
of 200) choosing uniformly among the legal actions of a fold / call / pot / all-in action
set (OpenSpiel's ``fcpa`` abstraction; RLCard's own set adds a half-pot raise), and builds
the acting player's observation at every step: pokerforge's observation vector and mask,
OpenSpiel's information-state tensor, RLCard's and PettingZoo's observations. The summary
at the end gives complete hands per second. Peers that are not installed are skipped.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from pokerforge.game import GameSpec
from pokerforge.rl import Tables, VectorPokerEnv

pytest.importorskip("pytest_benchmark")

Measure = Callable[..., object]

HANDS = 200  # complete hands per benchmark call
PEER_HANDS = 50  # RLCard and PettingZoo are several times slower
FCPA = ("fold", "call", "pot", "allin")
SPEC = GameSpec(blinds=(1, 2))
VECTOR_TABLES = 256
VECTOR_STEPS = 400  # long enough that building the 256 tables is a small part


def play_tables(tables: Tables, rnd: Callable[[], float], hands: int) -> int:
    """Play ``hands`` hands at table 0, encoding the actor's observation every step."""
    steps = 0
    observe, legal, act = tables.observe, tables.legal, tables.act
    for _ in range(hands):
        tables.new_hand(0)
        while observe(0) >= 0:
            choices = legal(0)
            act(0, choices[int(rnd() * len(choices))])
            steps += 1
    return steps


@pytest.mark.benchmark(group="6-max rl")
def test_pokerforge_tables(benchmark: Any, measure: Measure) -> None:
    """pokerforge ``Tables``: ``Hand`` + the Rust encoder, one table."""
    tables = Tables(SPEC, seats=6, stacks=200, actions=FCPA, seed=1)
    rnd = random.Random(1).random
    measure(benchmark, lambda: play_tables(tables, rnd, HANDS), HANDS)


def play_aec(env: Any, rnd: Callable[[], float], hands: int) -> int:
    steps = 0
    for _ in range(hands):
        env.reset()
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            choices = np.flatnonzero(obs["action_mask"])
            env.step(int(choices[int(rnd() * len(choices))]))
            steps += 1
    return steps


@pytest.mark.benchmark(group="6-max rl")
def test_pokerforge_aec(benchmark: Any, measure: Measure) -> None:
    """pokerforge's PettingZoo AEC env (``last()`` copies the observation every step)."""
    pytest.importorskip("pettingzoo")
    from pokerforge.rl import aec_env  # noqa: PLC0415

    env = aec_env(SPEC, seats=6, stacks=200, actions=FCPA, seed=1)
    rnd = random.Random(1).random
    measure(benchmark, lambda: play_aec(env, rnd, PEER_HANDS), PEER_HANDS)


def fresh_vector() -> tuple[VectorPokerEnv, np.random.Generator]:
    """A 256-table environment, reset (256 hands dealt), and the generator of its actions."""
    env = VectorPokerEnv(SPEC, num_tables=VECTOR_TABLES, seats=6, actions=FCPA, seed=1)
    env.reset()
    return env, np.random.default_rng(1)


def step_vector(prepared: tuple[VectorPokerEnv, np.random.Generator], steps: int) -> int:
    """Step a prepared environment ``steps`` times choosing uniformly among the legal
    actions; the hands finished."""
    env, rng = prepared
    finished = 0
    for _ in range(steps):
        choice = np.argmax(rng.random(env.action_mask.shape) * env.action_mask, axis=1)
        finished += int(env.step(choice)[2].sum())
    return finished


@pytest.mark.benchmark(group="6-max rl")
def test_pokerforge_vector_256(benchmark: Any, measure: Measure) -> None:
    """``VectorPokerEnv``, 256 tables stepped by one call, observations in one array.

    Each round steps a freshly built and reset environment (built outside the timing) 400
    times; the same seeds finish the same hands every round.
    """
    hands = step_vector(fresh_vector(), VECTOR_STEPS)
    measure(benchmark, lambda prepared: step_vector(prepared, VECTOR_STEPS), hands, fresh_vector)


def openspiel_game() -> Any:
    pyspiel = pytest.importorskip("pyspiel")
    return pyspiel.load_game(
        "universal_poker",
        {
            "betting": "nolimit",
            "numPlayers": 6,
            "numRounds": 4,
            "blind": "1 2 0 0 0 0",
            "firstPlayer": "3 1 1 1",
            "numSuits": 4,
            "numRanks": 13,
            "numHoleCards": 2,
            "numBoardCards": "0 3 1 1",
            "stack": "200 200 200 200 200 200",
            "bettingAbstraction": "fcpa",
        },
    )


def play_openspiel(game: Any, rnd: Callable[[], float], hands: int) -> int:
    steps = 0
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rnd() * len(outcomes))][0])
                continue
            state.information_state_tensor()
            legal = state.legal_actions()
            state.apply_action(legal[int(rnd() * len(legal))])
            steps += 1
    return steps


@pytest.mark.benchmark(group="6-max rl")
def test_openspiel_fcpa(benchmark: Any, measure: Measure) -> None:
    """OpenSpiel ``universal_poker`` (C++), fcpa, information-state tensor every step."""
    game = openspiel_game()
    rnd = random.Random(1).random
    measure(benchmark, lambda: play_openspiel(game, rnd, HANDS), HANDS)


def play_rlcard(env: Any, rnd: Callable[[], float], hands: int) -> int:
    steps = 0
    for _ in range(hands):
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[int(rnd() * len(legal))])
            steps += 1
    return steps


@pytest.mark.benchmark(group="6-max rl")
def test_rlcard(benchmark: Any, measure: Measure) -> None:
    """RLCard ``no-limit-holdem`` with 6 players (it builds the observation every step)."""
    rlcard = pytest.importorskip("rlcard")
    env = rlcard.make("no-limit-holdem", config={"game_num_players": 6, "seed": 1})
    rnd = random.Random(1).random
    measure(benchmark, lambda: play_rlcard(env, rnd, PEER_HANDS), PEER_HANDS)


@pytest.mark.benchmark(group="6-max rl")
def test_pettingzoo(benchmark: Any, measure: Measure) -> None:
    """PettingZoo ``texas_holdem_no_limit_v6`` with 6 players (RLCard underneath)."""
    pytest.importorskip("rlcard")
    classic = pytest.importorskip("pettingzoo.classic")
    env = classic.texas_holdem_no_limit_v6.env(num_players=6)
    env.reset(seed=1)
    rnd = random.Random(1).random
    measure(benchmark, lambda: play_aec(env, rnd, PEER_HANDS // 5), PEER_HANDS // 5)


# -- the encoder alone ------------------------------------------------------------------


def mid_hand(tables: Tables, table: int) -> None:
    """A flop at ``table``: two callers, then a bet to face."""
    tables.new_hand(table)
    for move in [("raise_to", 6), ("fold",), ("fold",), ("call",), ("fold",), ("call",)]:
        tables.act(table, move)
    tables.act(table, ("raise_to", 10))


@pytest.mark.benchmark(group="rl encoder")
def test_encode_one_observation(benchmark: Any, measure: Measure) -> None:
    """One observation from Python: reading the hand and the Rust encoder (target <= 2 us)."""
    tables = Tables(SPEC, seats=6, stacks=200, seed=1)
    mid_hand(tables, 0)
    observe = tables.observe

    def encode_1000() -> None:
        for _ in range(1000):
            observe(0)

    measure(benchmark, encode_1000, 1000)


def mid_hands(tables: int) -> Tables:
    """``tables`` tables, each at the flop of :func:`mid_hand`."""
    out = Tables(SPEC, seats=6, stacks=200, seed=1, tables=tables)
    for t in range(tables):
        mid_hand(out, t)
    return out


@pytest.mark.benchmark(group="rl encoder")
def test_encode_256_tables(benchmark: Any, measure: Measure) -> None:
    """Every table of a 256-table set observed by one call, as ``VectorPokerEnv.step``
    does: each hand's public state read, then one encoder call for all rows (target <= 0.5
    us per table)."""
    tables = mid_hands(VECTOR_TABLES)
    measure(benchmark, tables.observe_all, VECTOR_TABLES)


@pytest.mark.benchmark(group="rl encoder")
def test_encode_256_tables_one_by_one(benchmark: Any, measure: Measure) -> None:
    """The same 256 tables observed one ``Tables.observe`` call at a time, for scale."""
    tables = mid_hands(VECTOR_TABLES)
    observe = tables.observe

    def encode_all() -> None:
        for t in range(VECTOR_TABLES):
            observe(t)

    measure(benchmark, encode_all, VECTOR_TABLES)


@pytest.mark.benchmark(group="rl encoder")
def test_openspiel_information_state_tensor(benchmark: Any, measure: Measure) -> None:
    """OpenSpiel's information-state tensor of a flop state, for scale."""
    game = openspiel_game()
    state = game.new_initial_state()
    rnd = random.Random(2).random
    while state.is_chance_node() or len(state.information_state_string()) < 0:
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[int(rnd() * len(outcomes))][0])

    def encode_1000() -> None:
        for _ in range(1000):
            state.information_state_tensor()

    measure(benchmark, encode_1000, 1000)


@pytest.mark.benchmark(group="snapshot")
def test_pokerforge_snapshot_and_restore(benchmark: Any) -> None:
    """Snapshot and restore of one 6-max table mid-hand (after the flop's first bet), as a
    search method does at every node."""
    tables = Tables(GameSpec(blinds=(1, 2)), seats=6, seed=5)
    tables.new_hand(0)
    while tables.hands[0].street == 0:
        tables.act(0, ("call",) if tables.hands[0].legal_actions().call else ("check",))
    tables.act(0, ("raise_to", 6))

    def both() -> None:
        tables.restore(tables.snapshot())

    benchmark(both)
