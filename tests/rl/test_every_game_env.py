"""Every game of the variant table in every environment: its registered ids pass
Gymnasium's and PettingZoo's checkers, random masked play conserves chips, the same seed
plays the same hands, and the observation holds what the game's row deals (up cards by
seat, draws, the draw actions, the bring-in)."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from pokerforge._core import VARIANTS
from pokerforge.errors import IllegalActionError
from pokerforge.game import GameSpec, Hand
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
    Raise,
    StandPat,
)
from pokerforge.rl import ObservationLayout, Tables, VectorPokerEnv

gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium import spaces  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from pokerforge.rl import PokerEnv, RandomPolicy, aec_env  # noqa: E402
from pokerforge.rl.registry import GAMES, id_name, stakes  # noqa: E402

# Every game's environments through the checkers and long random play, the same on every
# Python: on 3.11 only in the test command (tests/rl/test_envs.py runs everywhere).
pytestmark = pytest.mark.slow

# As in test_checkers.py: chip counts are unbounded above by design, and the dict
# observation with an action mask is PettingZoo's convention for card games.
ADVICE = [
    "ignore:.*maximum value is infinity",
    "ignore:Observation space for each agent probably should be",
    "ignore:Observation is not a NumPy array",
]

# One spec per game, in its usual structure (the first its row lists).
USUAL = {v.name: stakes(v, v.structures[0]) for v in VARIANTS}


def test_every_row_in_every_structure_has_an_id() -> None:
    expected = {(v.name, s) for v in VARIANTS for s in v.structures}
    assert {(spec.variant, spec.betting) for spec in GAMES.values()} == expected
    assert len(GAMES) == len(expected)
    for old in ("HoldemNL", "HoldemFL", "OmahaPL", "OmahaHiLoPL"):
        assert f"pokerforge/{old}-v0" in GAMES
    for new in ("SevenCardStudFL", "RazzFL", "SevenCardStudHiLoFL", "ShortDeckHoldemNL",
                "DeuceToSevenTripleDrawFL", "DeuceToSevenSingleDrawNL", "AceToFiveTripleDrawFL",
                "BadugiFL", "FiveCardDrawNL", "CourchevelPL", "BigOPL", "OmahaNL"):  # fmt: skip
        assert f"pokerforge/{new}-v0" in GAMES
    assert len({id_name(v) for v in VARIANTS}) == len(VARIANTS)


class MaskedSample(spaces.Discrete):
    """The environment's action space, sampled by its current mask.

    Gymnasium's checker steps with ``action_space.sample()`` and no mask, and a masked
    index raises by design. With the draw actions most indices are masked at a betting
    decision, so no seed of a plain space samples legal actions throughout; this space
    samples as Gymnasium's masked sampling does (``sample(mask)``), with the mask the
    environment last handed out: check/call when it is legal (it is at every betting
    decision), else a legal action at random (a draw). The checker draws one action
    before a reset and plays it after: the first decision after a reset is a betting one,
    and the opponents of :func:`raising` make the learner's second one a betting one too,
    so that the action drawn there is check/call.
    """

    def __init__(self, env: PokerEnv) -> None:
        super().__init__(env.action_space.n, seed=1)
        self.env = env
        self.call = env.tables.actions.index("call")

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        if mask is not None or probability is not None:
            return super().sample(mask, probability)
        legal = self.env.tables.mask[0]
        if legal[self.call]:
            return np.int64(self.call)
        return super().sample(mask=legal.astype(np.int8))


def raising(obs: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> int:
    """An opponent that raises by the least it may, else checks or calls, else (drawing)
    stands pat: after the learner (the button, first to act in the draw games) calls,
    the betting comes back to it."""
    for index in (2, 1):  # "min", "call" in the default action set
        if mask[index]:
            return index
    return int(mask.argmax())


@pytest.mark.parametrize("env_id", sorted(GAMES))
@pytest.mark.filterwarnings(*ADVICE)
def test_gymnasium_check_env_on_every_id(env_id: str) -> None:
    env = gymnasium.make(env_id, seats=3, opponents=raising, seed=5).unwrapped
    env.action_space = MaskedSample(env)
    check_env(env, skip_render_check=True)


@pytest.mark.parametrize("env_id", sorted(GAMES))
@pytest.mark.filterwarnings(*ADVICE)
def test_pettingzoo_api_test_on_every_id(env_id: str) -> None:
    env = aec_env(GAMES[env_id], seats=3, stacks=[40, 50, 60], seed=2)
    api_test(env, num_cycles=300)


def play(spec: GameSpec, *, seed: int, steps: int, tables: int = 8) -> list[Any]:
    """Random masked play on ``tables`` tables for ``steps`` steps; what each step gave.
    Checks at every step that every table's chips are conserved."""
    env = VectorPokerEnv(spec, num_tables=tables, seats=4, stacks=[30, 40, 50, 60], seed=seed)
    obs, _ = env.reset()
    rng = np.random.default_rng(seed)
    trace: list[Any] = [obs.copy()]
    total = 30 + 40 + 50 + 60
    for _ in range(steps):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in env.action_mask])
        obs, rewards, dones, _ = env.step(actions)
        for hand in env.hands:
            state = hand.state
            assert sum(state.stacks) + state.pot_total == total
        for t in np.flatnonzero(dones):
            finished = env.finished[t]
            assert finished is not None and finished.is_over
            assert sum(finished.state.stacks) == total  # no rake in these specs
            assert abs(float(rewards[t].sum())) < 1e-4
        trace.append((actions, obs.copy(), rewards.copy(), dones.copy()))
    return trace


@pytest.mark.parametrize("game", sorted(USUAL))
def test_random_masked_play_conserves_chips_in_every_game(game: str) -> None:
    spec = USUAL[game]
    trace = play(spec, seed=3, steps=1500)
    ended = sum(int(step[3].sum()) for step in trace[1:])
    assert ended >= 200, ended  # many hands played to their end


@pytest.mark.parametrize("game", sorted(USUAL))
def test_the_same_seed_plays_the_same_trajectory(game: str) -> None:
    spec = USUAL[game]
    first, again = play(spec, seed=11, steps=120), play(spec, seed=11, steps=120)
    other = play(spec, seed=12, steps=120)

    def same(a: Any, b: Any) -> bool:
        if isinstance(a, tuple):
            return all(same(x, y) for x, y in zip(a, b, strict=True))
        return bool(np.array_equal(a, b))

    assert all(same(a, b) for a, b in zip(first, again, strict=True))
    assert not all(same(a, b) for a, b in zip(first, other, strict=True))


@pytest.mark.parametrize("game", sorted(USUAL))
def test_aec_and_gym_play_every_game_to_the_end(game: str) -> None:
    spec = USUAL[game]
    env = aec_env(spec, seats=3, stacks=[40, 50, 60], seed=4)
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    rewards = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(max_iter=600):
        obs, reward, done, truncated, _ = env.last()
        rewards[agent] += reward
        mask = obs["action_mask"]
        env.step(None if done or truncated else int(rng.choice(np.flatnonzero(mask))))
    assert env.tables.hands[0].is_over
    assert abs(sum(rewards.values())) < 1e-6  # what one seat won the others lost
    gym = PokerEnv(spec, seats=3, opponents=RandomPolicy(seed=2), seed=6)
    obs, _ = gym.reset()
    hands = 0
    while hands < 20:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, _, done, _, _ = gym.step(action)
        if done:
            assert sum(gym.hand.net) == 0
            hands += 1
            obs, _ = gym.reset()


STUD = GameSpec(variant="stud", betting="fixed-limit", ante=1, bring_in=1, small_bet=2, big_bet=4)


def slots(tables: Tables, prefix: str) -> dict[str, float]:
    names = tables.encoder.slot_names()
    return {n: float(v) for n, v in zip(names, tables.obs[0], strict=True) if n.startswith(prefix)}


def cards_of(plane: dict[str, float], prefix: str) -> set[str]:
    return {
        name[len(prefix) :]
        for name, value in plane.items()
        if value == 1.0 and name.startswith(prefix)
    }


def test_stud_observes_up_cards_by_seat_and_its_own_down_cards() -> None:
    tables = Tables(STUD, seats=4, stacks=100, seed=3)
    tables.new_hand(0)
    hand = tables.hands[0]
    while hand.state.street < 7:  # everybody checks or calls to fifth street
        tables.act(0, tables.actions.index("call"))
    state = hand.state
    assert not hand.is_over
    for seat in range(4):
        tables.observe(0, seat)
        up = slots(tables, "up:")
        for k in range(4):
            seen = cards_of(up, f"up:seat+{k}:")
            assert seen == {_text(c) for c in state.up[(seat + k) % 4]}
            assert len(seen) == 3
        own = {_text(c) for c in state.holes[seat]}
        assert cards_of(slots(tables, "hole:"), "hole:") == own
    layout = ObservationLayout(seats=4, spec=STUD)
    assert [n for n in layout.describe() if n.startswith("street:")] == [
        "street:third street", "street:fourth street", "street:fifth street",
        "street:sixth street", "street:seventh street", "street:over",
    ]  # fmt: skip


def _text(index: int) -> str:
    from pokerforge.cards import Card  # noqa: PLC0415

    return str(Card.from_index(index))


def test_the_bring_in_is_check_call_and_completing_is_a_raise() -> None:
    tables = Tables(STUD, seats=3, stacks=50, seed=1, actions=("fold", "call", "min"))
    tables.new_hand(0)
    hand = tables.hands[0]
    seat = tables.observe(0)
    assert seat == hand.actor
    # The bring-in may not fold (rule 37): it brings in (call 1) or completes to 2.
    assert tables.mask[0].tolist() == [0, 1, 1]
    assert tables.amounts[0].tolist() == [0, 1, 2]
    tables.act(0, 1)
    assert hand.state.bets[seat] == 1
    tables.observe(0, seat)
    history = slots(tables, "history[0]:")
    assert history["history[0]:kind:raise"] == 1.0  # the bring-in opens the betting
    assert history["history[0]:street:third street"] == 1.0
    assert history["history[0]:amount"] == 0.5  # one chip, half the small bet


TRIPLE = GameSpec(variant="2-7-triple-draw", betting="fixed-limit", small_bet=2, big_bet=4)


def test_a_draw_action_throws_the_cards_its_positions_name() -> None:
    tables = Tables(TRIPLE, seats=3, stacks=60, seed=2)
    tables.new_hand(0)
    hand = tables.hands[0]
    actions = tables.actions
    assert actions[:6] == ("fold", "call", "min", "0.5pot", "pot", "allin")
    assert len(actions) == 6 + 32 and actions[6] == "draw:00000"
    assert all(i < 6 for i in tables.legal(0))  # betting first: no draw is legal
    while hand.state.drawing < 0:
        tables.act(0, actions.index("call"))
    seat = hand.state.drawing
    legal = tables.legal(0)
    assert legal == tuple(range(6, 38))  # every set of cards, standing pat first
    tables.observe(0)
    assert slots(tables, "draws:to_draw")["draws:to_draw"] == 1.0
    held = sorted(hand.state.holes[seat])
    with pytest.raises(IllegalActionError, match="not legal now"):
        tables.act(0, 1)  # nobody bets in a drawing round
    tables.act(0, actions.index("draw:11001"))  # the two lowest cards and the highest
    thrown = {held[0], held[1], held[4]}
    assert hand.state.draws[seat] == (3,)
    assert not thrown & set(hand.state.holes[seat])
    assert {held[2], held[3]} <= set(hand.state.holes[seat])
    # Every seat sees it drew three; the next to draw stands pat.
    nxt = hand.state.drawing
    tables.act(0, actions.index("draw:00000"))
    assert hand.state.draws[nxt] == (0,)
    for observer in range(3):
        tables.observe(0, observer)
        k = (seat - observer) % 3
        draws = slots(tables, f"draws:seat+{k}:round1")
        assert draws == {
            f"draws:seat+{k}:round1:drawn": 1.0,
            f"draws:seat+{k}:round1:cards": 3.0,
        }
        assert slots(tables, f"draws:seat+{k}:round2")[f"draws:seat+{k}:round2:drawn"] == 0.0


def test_the_draw_games_own_cards_follow_the_draws() -> None:
    spec = GameSpec(variant="badugi", betting="fixed-limit", small_bet=2, big_bet=4)
    tables = Tables(spec, seats=2, stacks=80, seed=9)
    tables.new_hand(0)
    hand = tables.hands[0]
    rng = np.random.default_rng(2)
    while hand.actor is not None:
        seat = tables.observe(0)
        own = {_text(c) for c in hand.state.holes[seat]}
        assert cards_of(slots(tables, "hole:"), "hole:") == own
        tables.act(0, int(rng.choice(tables.legal(0))))


def test_short_deck_planes_hold_the_36_cards() -> None:
    spec = GameSpec(variant="short-deck", blinds=(1, 2))
    layout = ObservationLayout(seats=2, history=0, spec=spec)
    assert layout.section("hole") == (0, 36) and layout.section("board") == (36, 36)
    assert layout.describe()[0] == "hole:6c"
    tables = Tables(spec, seats=2, seed=1)
    tables.new_hand(0)
    seat = tables.observe(0)
    holes = {_text(c) for c in tables.hands[0].state.holes[seat]}
    assert cards_of(slots(tables, "hole:"), "hole:") == holes


def test_holdem_layout_is_unchanged_slot_for_slot() -> None:
    # Layout version 2 adds what the other games deal; Hold'em's vector is version 1's.
    layout = ObservationLayout(seats=6, history=16)
    assert layout.size == 445 and layout.version == 2
    assert [name for name, _, _ in layout.sections()] == [
        "hole", "board", "street", "position", "seats", "pot", "legal", "action_mask",
        "action_amount", "history",
    ]  # fmt: skip
    assert layout.index("history[0]:street:river") == 173 + 1 + 6 + 4 + 1 + 3


def _known(hand: Hand, seat: int) -> tuple[object, ...]:
    """What ``seat`` knows of ``hand``, read from its records, not from the key: its
    position, the starting stacks, its first cards, then in order every card turned up,
    its own cards dealt face down, each draw's count (and its own draws' cards) and the
    betting actions (the bring-in a bet)."""
    seen: list[object] = []
    for record in hand.state.log:
        if isinstance(record, DealBoard):
            seen.append(("board", frozenset(record.indices)))
        elif isinstance(record, DealUp):
            seen.append(("up", record.seat, frozenset(record.indices)))
        elif isinstance(record, DealHole) and record.seat == seat:
            seen.append(("down", frozenset(record.indices)))
        elif isinstance(record, Discard):
            thrown = frozenset(record.indices) if record.seat == seat else None
            seen.append(("draw", record.seat, record.number, thrown))
        elif isinstance(record, StandPat):
            seen.append(("draw", record.seat, 0, None))
        elif isinstance(record, Fold | Check | Call):
            seen.append((type(record).__name__, record.seat))
        elif isinstance(record, Bet | Raise):
            seen.append(("raise", record.seat, record.to))
        elif isinstance(record, BringIn):
            seen.append(("raise", record.seat, record.amount))
    n = hand.num_seats
    start = tuple(hand.starting_stacks[(hand.button + k) % n] for k in range(n))
    first = next(r for r in hand.deal_records if r.seat == seat)
    return ((seat - hand.button) % n, start, frozenset(first.indices), tuple(seen))


@pytest.mark.parametrize("game", ["stud", "razz", "2-7-triple-draw", "badugi"])
def test_information_set_keys_have_perfect_recall_in_stud_and_draw_games(game: str) -> None:
    # Same key exactly when the seat knows the same: its cards as dealt, everybody's up
    # cards, its draws and the others' counts, and the actions, street by street.
    rng = np.random.default_rng(5)
    tables = Tables(USUAL[game], seats=3, stacks=[30, 40, 40], seed=3)
    keys: dict[str, tuple[object, ...]] = {}
    knowledge: dict[tuple[object, ...], str] = {}
    for _ in range(150):
        tables.new_hand(0)
        hand = tables.hands[0]
        while hand.actor is not None:
            seat = hand.actor
            key, known = tables.infoset(0, seat), _known(hand, seat)
            assert keys.setdefault(key, known) == known, key
            assert knowledge.setdefault(known, key) == key
            tables.act(0, int(rng.choice(tables.legal(0))))
    assert len(keys) > 500


def test_infoset_keys_name_up_cards_and_draws() -> None:
    tables = Tables(TRIPLE, seats=2, stacks=60, seed=2)
    tables.new_hand(0)
    hand = tables.hands[0]
    while hand.state.drawing < 0:
        tables.act(0, 1)
    seat = hand.state.drawing
    tables.act(0, tables.actions.index("draw:11000"))
    mine, theirs = tables.infoset(0, seat), tables.infoset(0, 1 - seat)
    where = (seat - hand.button) % 2
    assert f"/x{where}:2:" in mine and f"/x{where}:2" in theirs
    assert ",d:" in mine and ",d:" not in theirs  # the replacements: the drawer's alone
    stud = Tables(STUD, seats=3, seed=1)
    stud.new_hand(0)
    assert all(f"u{k}:" in stud.infoset(0, 0) for k in range(3))


def test_courchevel_history_labels_the_first_rounds_actions_preflop() -> None:
    # Its first board card comes before the first round: that deal opens no street.
    tables = Tables(USUAL["courchevel"], seats=3, seed=2)
    tables.new_hand(0)
    tables.act(0, 1)
    tables.observe(0)
    assert slots(tables, "history[0]:street:")["history[0]:street:preflop"] == 1.0


def _mask_int8(mask: npt.NDArray[Any]) -> npt.NDArray[np.int8]:
    return mask.astype(np.int8)


def test_vector_env_draws_at_every_table() -> None:
    env = VectorPokerEnv(TRIPLE, num_tables=6, seats=3, seed=1)
    env.reset()
    draws = 0
    rng = np.random.default_rng(5)
    for _ in range(200):
        choice = [int(rng.choice(np.flatnonzero(_mask_int8(m)))) for m in env.action_mask]
        draws += sum(a >= 6 for a in choice)
        env.step(np.array(choice))
    assert draws > 50


def test_hand_copy_restores_a_drawing_round() -> None:
    tables = Tables(TRIPLE, seats=2, seed=3)
    tables.new_hand(0)
    hand: Hand = tables.hands[0]
    while hand.state.drawing < 0:
        tables.act(0, 1)
    saved = tables.snapshot()
    tables.act(0, tables.actions.index("draw:11111"))
    tables.restore(saved)
    assert tables.legal(0) == tuple(range(6, 38))


@pytest.mark.parametrize("env_id", ["pokerforge/BadugiFL-v0", "pokerforge/RazzFL-v0"])
def test_the_standard_vector_env_plays_stud_and_draw_games(env_id: str) -> None:
    from pokerforge.rl import VectorEnv  # noqa: PLC0415 - needs Gymnasium

    env = VectorEnv(GAMES[env_id], num_envs=4, seats=3, seed=1)
    obs, _ = env.reset(seed=1)
    assert env.single_action_space.n == len(env.tables.actions)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(200):
        legal = [np.flatnonzero(row) for row in obs["action_mask"]]
        obs, _, terminated, _, infos = env.step(np.array([rng.choice(r) for r in legal]))
        ended += int(terminated.sum())
        # Self-play: at each table, every chip won was lost.
        assert np.abs(infos["seat_rewards"].sum(axis=1)).max() < 1e-4
    assert ended > 40


def test_the_sb3_adapter_steps_a_draw_game() -> None:
    from pokerforge.rl.sb3 import PokerVecEnv  # noqa: PLC0415 - needs Gymnasium

    env = PokerVecEnv(num_envs=2, seed=1, spec=TRIPLE, seats=3)
    env.reset()
    assert env.action_space.n == 38
    rng = np.random.default_rng(3)
    drew = 0
    for _ in range(150):
        masks = env.action_masks()
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        drew += int((actions >= 6).sum())
        env.step(actions)
    assert drew > 0


def test_a_stud_common_card_is_on_the_board_plane() -> None:
    # Eight players reach seventh street: the deck runs short and one card is turned up
    # for all (rule 41), which the row's board plane holds.
    tables = Tables(STUD, seats=8, stacks=200, seed=3)
    tables.new_hand(0)
    hand = tables.hands[0]
    while hand.state.street < 9:
        tables.act(0, tables.actions.index("call"))
    (common,) = hand.state.board
    seat = tables.observe(0)
    assert cards_of(slots(tables, "board:"), "board:") == {_text(common)}
    assert cards_of(slots(tables, "hole:"), "hole:") == {_text(c) for c in hand.state.holes[seat]}


def test_a_key_read_between_actions_leaves_no_stale_mask() -> None:
    # infoset() follows the log without encoding; the mask kept from before the action
    # once looked current afterwards, and an index was decoded by the old seat's amounts.
    tables = Tables(GameSpec(betting="fixed-limit", blinds=(1, 2), small_bet=2, big_bet=4),
                    seats=3, seed=1, actions=("fold", "call", "min"))  # fmt: skip
    tables.new_hand(0)
    hand = tables.hands[0]
    assert tables.legal(0) == (0, 1, 2)
    tables.act(0, 2)  # the button raises to 4
    tables.infoset(0, hand.actor)
    assert tables.legal(0) == (0, 1, 2)
    tables.act(0, 2)  # the small blind raises to 6, not to the stale 4
    assert hand.state.bets[1] == 6
