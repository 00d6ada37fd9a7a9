"""The observation encoder, slot by slot: a worked example, and every slot of every seat's
view at every step of random hands compared with an independent Python reference."""

from __future__ import annotations

import random
import re
from pathlib import Path

import numpy as np
import pytest
from obs_reference import card_names, reference

from pokerforge._core import ObsEncoder
from pokerforge.errors import IllegalActionError, InvalidCardError, InvalidSpecError, PokerError
from pokerforge.game import (
    Bet,
    Call,
    Check,
    DealBoard,
    Fold,
    GameSpec,
    Hand,
    HandState,
    Raise,
    RuleProfile,
)
from pokerforge.rl import ObservationLayout, RandomPolicy, Tables

SPECS = {
    "nlhe": GameSpec(blinds=(1, 2)),
    "plo": GameSpec(variant="omaha", betting="pot-limit", blinds=(1, 2)),
    "flo8": GameSpec(
        variant="omaha-hilo", betting="fixed-limit", blinds=(1, 2), small_bet=2, big_bet=4
    ),
    "nlhe-units": GameSpec(blinds=(5, 10), chip_unit=5, ante=5, ante_kind="big-blind"),
}


def test_worked_example() -> None:
    """Three-handed, blinds 1/2, button seat 0: seat 0 raises to 6, seat 1 folds, seat 2
    calls; on the flop seat 2 checks and seat 0 is to act."""
    tables = Tables(GameSpec(blinds=(1, 2)), seats=3, stacks=100, history=3, button=0, seed=0)
    tables.new_hand(0, hole_cards=["AhKh", "2c2d", "7s8s"], board="Qs7d2h5c9c")
    for move in [("raise_to", 6), ("fold",), ("call",), ("check",)]:
        tables.act(0, move)
    assert tables.observe(0) == 0
    layout = ObservationLayout(seats=3, history=3)
    obs = tables.obs[0]

    def slot(name: str) -> float:
        return float(obs[layout.index(name)])

    assert card_names(obs[:52]) == ["Kh", "Ah"]
    assert card_names(obs[52:104]) == ["2h", "7d", "Qs"]
    assert [slot(f"street:{s}") for s in ("preflop", "flop", "turn")] == [0, 1, 0]
    assert [slot(f"position:{k}") for k in range(3)] == [1, 0, 0]
    assert [slot(f"seat+0:{f}") for f in ("present", "stack", "bet", "folded", "acted")] == [
        1, 47, 0, 0, 0,
    ]  # fmt: skip
    assert [slot("seat+1:folded"), slot("seat+1:stack"), slot("seat+2:acted")] == [1, 49.5, 1]
    assert [slot("pot"), slot("bets")] == [6.5, 0]
    # The default rules let a player fold even when checking is free.
    assert [slot("legal:to_act"), slot("legal:check"), slot("legal:fold")] == [1, 1, 1]
    assert [slot("legal:min_raise_to"), slot("legal:max_raise_to")] == [1, 47]
    assert tables.mask[0].tolist() == [1, 1, 1, 1, 1, 1]
    assert tables.amounts[0].tolist() == [0, 0, 2, 6, 13, 94]
    assert [slot("history[0]:kind:check"), slot("history[0]:seat+2")] == [1, 1]
    assert [slot("history[1]:kind:call"), slot("history[1]:amount")] == [1, 2]
    assert [slot("history[2]:kind:fold"), slot("history[2]:street:preflop")] == [1, 1]
    assert tables.infoset(0, 0) == "3:0|100,100,100|KhAh|2h7dQs|r6,f,c/k"
    assert tables.infoset(0, 2) == "3:2|100,100,100|7s8s|2h7dQs|r6,f,c/k"


@pytest.mark.slow  # the core's work, the same on every Python: 3.11 only in the test command
@pytest.mark.parametrize("name", sorted(SPECS))
@pytest.mark.parametrize("seats", [2, 3, 6, 9])
def test_every_slot_matches_the_reference(name: str, seats: int) -> None:
    spec = SPECS[name]
    if spec.variant != "holdem" and seats > 9:
        pytest.skip("too many four-card hands for one deck")
    rng = random.Random(seats)
    stacks = [rng.choice([3, 20, 60, 200, 1000]) * spec.chip_unit for _ in range(seats)]
    layout = ObservationLayout(seats=10, history=6)
    # A layout for ten seats works for smaller tables: the missing seats are not present.
    tables = Tables(
        spec, seats=seats, stacks=stacks, history=6, seed=seats, button=seats - 1, layout_seats=10
    )
    policy = RandomPolicy(seed=seats)
    steps = 0
    for _ in range(25):
        tables.new_hand(0)
        hand = tables.hands[0]
        while True:
            for seat in range(seats):
                tables.observe(0, seat)
                np.testing.assert_array_equal(
                    tables.obs[0], reference(hand, seat, layout), err_msg=f"seat {seat}"
                )
            if hand.is_over:
                break
            tables.observe(0)
            tables.act(0, policy(tables.obs[0], tables.mask[0]))
            steps += 1
    assert steps >= 25


def test_layout_names_every_slot() -> None:
    layout = ObservationLayout(seats=6, history=4, actions=["fold", "call", "pot", "2pot"])
    names = layout.describe()
    assert len(names) == len(set(names)) == layout.size
    assert layout.version == 2
    offset = 0
    for _section, start, length in layout.sections():
        assert start == offset
        offset += length
    assert offset == layout.size
    assert layout.actions == ("fold", "call", "pot", "2pot")
    assert names[layout.section("action_mask")[0] + 3] == "action:2pot:legal"
    assert "| history |" in layout.table()
    with pytest.raises(InvalidSpecError, match="'nope' is not a slot"):
        layout.index("nope")
    with pytest.raises(InvalidSpecError, match="'nope' is not a section"):
        layout.section("nope")


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"seats": 1}, "seats = 1"),
        ({"seats": 11}, "seats = 11"),
        ({"seats": 6, "history": 5000}, "history = 5000"),
        ({"seats": 6, "actions": ["fold", "raise"]}, "'raise'"),
        ({"seats": 6, "actions": ["fold", "fold"]}, "twice"),
        ({"seats": 6, "actions": []}, "1 to 32 actions"),
        ({"seats": 6, "actions": ["-1pot"]}, "'-1pot'"),
    ],
)
def test_bad_layouts_are_named_errors(kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(InvalidSpecError, match=match):
        ObservationLayout(**kwargs)  # type: ignore[arg-type]


def _state(hand: Hand, **changes: object) -> HandState:
    """A copy of the hand's state with some fields changed (bad input for the encoder)."""
    state = hand.copy().state
    for name, value in changes.items():
        setattr(state, name, value)
    return state


def test_encoder_refuses_bad_input_and_writes_nothing() -> None:
    enc = ObsEncoder(3, history=2, tables=2)
    enc.obs[:] = 7
    hand = Hand(GameSpec(blinds=(1, 2)), stacks=[9, 9, 9], seed=1)
    huge = 2**70
    for call, match in [
        (lambda: enc.encode(0, _state(hand, holes=((0, 1), (2, 3), (4, 52)))), "52 is not a card"),
        (lambda: enc.encode(0, _state(hand, holes=((0, 1), (2, 3), (3, 4)))), "more than once"),
        (lambda: enc.encode(0, _state(hand, button=3)), "button = 3"),
        (lambda: enc.encode(2, hand.state), "table = 2"),
        (lambda: enc.encode(-1, hand.state), "table = -1"),
        (lambda: enc.encode(0, hand.state, 3), "seat = 3"),
        (lambda: enc.encode(0, hand.state, huge), f"seat = {huge}"),
        (lambda: enc.encode(0, _state(hand, stacks=[9, 8])), "stacks = 2"),
        (lambda: enc.encode(0, _state(hand, stacks=[9, "x", 7])), "stacks"),
        (lambda: enc.encode(0, _state(hand, board=(60, 1, 2))), "60 is not a card"),
        (lambda: enc.encode(0, _state(hand, street=9)), "street = 9"),
        (lambda: enc.encode(0, _state(hand, actor=-2)), "actor"),
        (lambda: enc.encode(0, _state(hand, legal=(1, 2))), "legal"),
        (lambda: enc.encode(0, (0, (), (9, 8, 7))), "not a hand state this encoder can read"),
        (lambda: ObsEncoder(huge), f"seats = {huge}"),
        (lambda: ObsEncoder(6, tables=0), "tables = 0"),
    ]:
        with pytest.raises(PokerError, match=match):
            call()
    assert (enc.obs == 7).all()
    with pytest.raises(InvalidCardError):
        enc.encode(0, _state(hand, holes=((0, 1), (2, 3), (4, 52))))


def test_the_encoder_reads_only_the_layout_it_knows() -> None:
    """The state's declared layout is checked once per class: another version, fields
    renamed or reordered, or a missing declaration are named errors, never a slow path."""
    enc = ObsEncoder(3)
    hand = Hand(GameSpec(blinds=(1, 2)), stacks=[9, 9, 9], seed=1)

    class Later(HandState):
        __slots__ = ()
        VERSION = HandState.VERSION + 1  # type: ignore[misc]

    class Reordered(HandState):
        __slots__ = ()
        FIELDS = tuple(reversed(HandState.FIELDS))  # type: ignore[misc]

    class NoKinds(HandState):
        __slots__ = ()
        LOG_KINDS = ()  # type: ignore[misc]

    for cls, match in [
        (
            Later,
            f"layout version is {HandState.VERSION + 1}, the encoder reads version "
            f"{HandState.VERSION}",
        ),
        (Reordered, "its FIELDS are"),
        (NoKinds, "LOG_KINDS"),
    ]:
        state = hand.copy().state
        state.__class__ = cls
        with pytest.raises(InvalidSpecError, match=match):
            enc.encode(0, state)
    assert enc.encode(0, hand.state) >= 0


def test_the_encoder_names_no_private_attribute() -> None:
    """The bindings' observation code reads the declared state by its public fields only:
    no name of a private attribute (``"_name"``) appears in its source."""
    # The checkout's sources, wherever the suite runs from (scripts/suite.sh copies tests/).
    here = Path(__file__).resolve()
    root = next(p / "rust/py/src/obs" for p in here.parents if (p / "rust/py/src/obs").is_dir())
    sources = sorted(root.glob("*.rs"))
    assert sources, root
    for path in sources:
        text = path.read_text()
        assert not re.findall(r'"_[a-z]\w*"', text), path.name


@pytest.mark.parametrize("name", sorted(SPECS))
def test_encode_all_writes_what_observe_writes(name: str) -> None:
    """Every table encoded by one call matches each table encoded on its own for its seat
    to act, mask bits included, at every step of random hands at twelve tables."""
    spec = SPECS[name]
    one = Tables(spec, seats=5, stacks=40 * spec.chip_unit, seed=3, tables=12)
    many = Tables(spec, seats=5, stacks=40 * spec.chip_unit, seed=3, tables=12)
    policy = RandomPolicy(seed=4)
    for t in range(12):
        one.new_hand(t)
        many.new_hand(t)
    for _ in range(60):
        seats = many.observe_all()
        for t in range(12):
            actor = one.hands[t].actor
            seat = -1 if actor is None else one.observe(t, actor)  # a given seat's view
            assert seats[t] == seat
            if seat < 0:
                continue
            np.testing.assert_array_equal(many.obs[t], one.obs[t])
            np.testing.assert_array_equal(many.mask[t], one.mask[t])
            np.testing.assert_array_equal(many.amounts[t], one.amounts[t])
            assert many.legal(t) == one.legal(t)
            # Seat and street bits included.
            turn = many.encoder.turn(t, many.states[t])
            assert turn == one.encoder.turn(t, one.states[t]) >= 0
            assert many.observe(t) == seat  # one table, the seat to act
            assert many.encoder.turn(t, many.states[t]) == turn
            np.testing.assert_array_equal(many.obs[t], one.obs[t])
            action = policy(one.obs[t], one.mask[t])
            one.act(t, action)
            many.act(t, action)
        for t in range(12):
            if one.hands[t].is_over:
                assert many.hands[t].is_over
                assert many.hands[t].stacks == one.hands[t].stacks
                one.new_hand(t)
                many.new_hand(t)


def test_encode_all_leaves_finished_tables_and_refuses_bad_states_whole() -> None:
    tables = Tables(GameSpec(blinds=(1, 2)), seats=3, stacks=100, seed=1, tables=3)
    assert tables.encoder.observed.tolist() == [-1, -1, -1]  # no row written yet
    for t in range(3):
        tables.new_hand(t)
    tables.act(1, ("fold",))
    tables.act(1, ("fold",))  # table 1's hand is over
    enc = tables.encoder
    enc.obs[:] = 7
    states = tables.states
    assert enc.encode_all(states) is None
    bits = [enc.turn(t, states[t]) for t in range(3)]
    assert bits[1] == -1 and bits[0] >= 0 and bits[2] >= 0
    assert enc.observed.tolist() == [0, -1, 0]  # the seat each row was written for
    # The seat to act and the street ride along in the high bits.
    assert [b >> 1 & 15 for b in (bits[0], bits[2])] == [0, 0] and bits[0] >> 5 & 7 == 0
    assert (enc.obs[1] == 7).all() and not (enc.obs[0] == 7).all()
    assert enc.encode(1, states[1], 2) >= 0 and enc.observed[1] == 2
    assert enc.encode(1, states[1]) == -1 and enc.observed[1] == -1
    enc.obs[:] = 7
    short = tables.hands[2].copy().state
    short.stacks.pop()  # one seat short
    for call, match in [
        (lambda: enc.encode_all([*states[:2], short]), "stacks = 2"),
        (lambda: enc.encode_all(states[:2]), "states = 2"),
        (lambda: enc.encode_all([*states, states[0]]), "one state per table"),
        (lambda: enc.encode_all([states[0], (1, 2), states[2]]), "not a hand state"),
    ]:
        with pytest.raises(PokerError, match=match):
            call()
    assert (enc.obs == 7).all()


def test_encode_all_reads_states_of_several_classes() -> None:
    """States of a subclass of ``HandState`` that keeps the layout are read the same."""

    class Subclass(HandState):
        __slots__ = ()

    tables = Tables(GameSpec(blinds=(1, 2)), seats=4, stacks=100, seed=8, tables=4)
    for t in range(4):
        tables.new_hand(t)
    tables.act(1, ("call",))
    tables.act(3, ("raise_to", 7))
    states = tables.states
    for subclassed in ((0, 2), (1, 3)):  # the first state of either class
        for t, state in enumerate(states):
            state.__class__ = Subclass if t in subclassed else HandState
        tables.encoder.encode_all(states)
        bits = [tables.encoder.turn(t, states[t]) for t in range(4)]
        rows = tables.obs.copy()
        for t, state in enumerate(states):
            assert tables.encoder.encode(t, state) == bits[t] >= 0
            np.testing.assert_array_equal(tables.obs[t], rows[t])


def test_encode_all_reads_an_asked_showdown_as_public_state_gives_it() -> None:
    """A showdown asking a seat to show or muck: that seat is the actor, with nothing legal.
    (The RL tables refuse that rule profile; the encoder itself reads it.)"""
    spec = GameSpec(blinds=(1, 2), rules=RuleProfile(showdown="ask", all_in_face_up=False))
    enc = ObsEncoder(2, tables=2)
    hands = [Hand(spec, stacks=[100, 100], seed=5 + t) for t in range(2)]
    hand = hands[0]
    while hand.street < 4:
        (hand.check if hand.legal_actions().check else hand.call)()
    public = hand.public_state()
    assert public.actor is not None and not hand.is_over
    assert hand.state.showing == public.actor and hand.state.actor == -1
    enc.encode_all([h.state for h in hands])
    bits = [enc.turn(t, hands[t].state) for t in range(2)]
    row = enc.obs[0].copy()
    assert bits[0] == enc.encode(0, hand.state, public.actor) and bits[0] >> 8 == 0
    np.testing.assert_array_equal(enc.obs[0], row)
    with pytest.raises(IllegalActionError, match=r"legal actions are \[\]"):
        enc.decode(0, hand.state, 0)  # nothing to choose from the discrete actions
    with pytest.raises(InvalidSpecError, match=r"rules\.showdown must be 'auto', not 'ask'"):
        Tables(spec, seats=2)


def test_the_encoder_follows_the_hands_own_log() -> None:
    """The game layer applies every action; the encoder reads what happened from the
    state's log: a table acted on through ``Tables.act`` (indices and exact moves) and one
    whose hand is acted on directly encode alike. The kept mask bits go stale with every
    action, new hand and view of another seat; a refused action changes nothing."""
    spec = GameSpec(blinds=(1, 2))
    acted = Tables(spec, seats=3, stacks=100, seed=2)
    told = Tables(spec, seats=3, stacks=100, seed=2)
    enc = acted.encoder
    for tables in (acted, told):
        tables.new_hand(0)
    hand, state = acted.hands[0], acted.states[0]
    assert enc.turn(0, state) == -1  # nothing encoded since the hand began
    with pytest.raises(IllegalActionError, match="cannot raise to 3"):
        acted.act(0, ("raise_to", 3))
    assert hand.history == told.hands[0].history
    acted.observe(0)
    assert enc.turn(0, state) >= 0
    acted.act(0, ("raise_to", 6))
    assert enc.turn(0, state) == -1
    told.hands[0].raise_to(6)  # behind the encoder's back: it reads the log when it next looks
    assert acted.observe(0) == told.observe(0) == 1
    np.testing.assert_array_equal(acted.obs[0], told.obs[0])
    assert enc.encode(0, state, 2) >= 0 and enc.turn(0, state) == -1  # not the actor
    acted.act(0, 1)  # stale bits: the seat to act is encoded again, then it calls
    told.hands[0].call()
    assert acted.observe(0) == told.observe(0) == 2
    np.testing.assert_array_equal(acted.obs[0], told.obs[0])
    acted.act(0, 0)  # the big blind folds: the flop, seat 1 to act
    told.hands[0].fold()
    for bad, match in [
        (True, "True is not an action"),  # a bool is not an index
        (2**70, "is not an action index: expected 0 to 5"),
        ("fold", "'fold' is not an action"),
        (("check", 0), "takes no amount"),
        (("raise_to",), "needs exactly one amount"),
    ]:
        with pytest.raises(IllegalActionError, match=match):
            acted.act(0, bad)  # type: ignore[arg-type]
    assert acted.infoset(0, 1) == told.infoset(0, 1)
    acted.act(0, ("fold",))
    assert hand.is_over and enc.turn(0, state) == -1
    with pytest.raises(IllegalActionError, match="table 0's hand is over: no seat is to act"):
        acted.act(0, 1)
    with pytest.raises(IllegalActionError, match="table 0's hand is over: no seat is to act"):
        acted.act(0, ("fold",))


def test_a_copy_put_back_is_read_from_its_own_log() -> None:
    """A hand's copy put in a table's place (search, undo) is another state: the encoder
    reads its log from the start, so the observation is the copy's, not a stale history."""
    spec = GameSpec(blinds=(1, 2))
    tables = Tables(spec, seats=3, stacks=100, seed=4)
    fresh = Tables(spec, seats=3, stacks=100, seed=4)
    tables.new_hand(0)
    fresh.new_hand(0)
    saved = tables.hands[0].copy()
    for move in (("raise_to", 6), ("call",), ("fold",)):
        tables.act(0, move)
    tables.observe(0)
    tables.hands[0], tables.states[0] = saved, saved.state  # undo to the deal
    for move in (("call",), ("call",)):
        tables.act(0, move)
        fresh.act(0, move)
    assert tables.observe(0) == fresh.observe(0)
    np.testing.assert_array_equal(tables.obs[0], fresh.obs[0])
    assert tables.infoset(0, 0) == fresh.infoset(0, 0)


def test_decode_all_checks_every_table_before_any_move() -> None:
    tables = Tables(GameSpec(blinds=(1, 2)), seats=2, stacks=[100, 3], seed=1, tables=3)
    for t in range(3):
        tables.new_hand(t)
    enc, states = tables.encoder, tables.states
    tables.observe_all()
    for actions, match in [
        ([1, 1], "3 states and 2 actions"),
        ([1, 1.0, 1], "table 1: 1.0 is not an action index"),
        ([1, 1, 2**64], "table 2: 18446744073709551616 is not an action index"),
        ([1, 1, ("fold",)], "table 2: .'fold',. is not an action index"),
    ]:
        with pytest.raises(PokerError, match=match):
            enc.decode_all(states, actions)
    with pytest.raises(IllegalActionError, match="table 1: 9 is not an action index"):
        enc.decode_all(states, np.array([0, 9, 5]))  # an int64 array, read as it is
    # Table 0 folds, table 1 calls, table 2 raises (all-in) to 100.
    assert enc.decode_all(states, np.array([0, 1, 5])) == ([0], [], [1], [2], [100], [])
    done = np.array([False, True, True])
    with pytest.raises(PokerError, match="done = 2"):
        enc.ended(states, done[:2])
    assert enc.ended(states, done) == [] and done.tolist() == [False] * 3
    tables.hands[0].fold()
    assert enc.ended(states, done) == [0] and done.tolist() == [True, False, False]


def test_net_bb_writes_what_tables_net_bb_gives() -> None:
    """Each finished hand's net in big blinds, written into its table's row; other rows
    and the columns beyond the seats are left; bad input writes nothing."""
    spec = GameSpec(blinds=(5, 10), chip_unit=5)
    tables = Tables(spec, seats=4, stacks=[400, 35, 1000, 85], seed=6, tables=5)
    policy = RandomPolicy(seed=6)
    for t in range(5):
        tables.new_hand(t)
        while tables.observe(t) >= 0:
            tables.act(t, policy(tables.obs[t], tables.mask[t]))
    out = np.full((5, 6), 7.0, dtype=np.float32)
    states = tables.states
    tables.encoder.net_bb(states, [4, 1, 2], out)
    for t in range(5):
        want = tables.net_bb(t) + [7.0] * 2 if t in (1, 2, 4) else [7.0] * 6
        assert out[t].tolist() == pytest.approx(want, rel=1e-7)
    assert sum(tables.net_bb(4)) == 0 and any(tables.net_bb(4))
    out[:] = 7
    wide = np.full((5, 12), 7.0, dtype=np.float32)
    for args, match in [
        ((states, [0, 5], out), "table = 5"),
        ((states, [0, 1], out[:, :3]), "shape"),
        ((states, [0, 4], out[:4]), "shape"),
        ((states, [0, 1], wide[:, ::2]), "contiguous"),
        ((states[:2], [0, 4], out), "index out of range"),
    ]:
        with pytest.raises((PokerError, IndexError), match=match):
            tables.encoder.net_bb(*args)
    assert (out == 7).all() and (wide == 7).all()


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(lambda enc: setattr(enc.amounts, "shape", (enc.amounts.size,)), id="reshape"),
        pytest.param(lambda enc: enc.obs.resize(1, refcheck=False), id="resize"),
        pytest.param(lambda enc: enc.mask.setflags(write=False), id="read-only"),
        pytest.param(lambda enc: setattr(enc.obs, "dtype", np.int32), id="dtype"),
    ],
)
def test_arrays_changed_behind_the_encoders_back_are_refused(change: object) -> None:
    """The arrays are handed out live; one reshaped, resized, given another dtype or made
    read-only is a named error for every call that would write or read it, never a write
    out of bounds or a panic."""
    tables = Tables(GameSpec(blinds=(1, 2)), seats=3, stacks=100, seed=1, tables=30)
    for t in range(30):
        tables.new_hand(t)
    tables.observe_all()
    change(tables.encoder)  # type: ignore[operator]
    for call in (
        tables.observe_all,
        lambda: tables.observe(0),
        lambda: tables.act(0, 1),
        lambda: tables.encoder.decode_all(tables.states, [1] * 30),
    ):
        with pytest.raises(PokerError, match="reshaped, resized, given another dtype"):
            call()


def test_an_array_given_new_memory_of_its_shape_is_written_there() -> None:
    """``__setstate__`` gives an array new memory (NumPy copies the bytes given, so the
    array stays writeable): the encoder writes its rows there, where the caller reads."""
    tables = Tables(GameSpec(blinds=(1, 2)), seats=3, stacks=100, seed=1, tables=2)
    for t in range(2):
        tables.new_hand(t)
    obs = tables.encoder.obs
    obs.__setstate__((1, obs.shape, obs.dtype, False, bytes(obs.nbytes)))
    assert not obs.any()
    tables.observe_all()
    assert obs.flags.writeable and obs[0].any() and obs[1].any()


def _known(hand: Hand, seat: int) -> tuple[object, ...]:
    """What ``seat`` knows of ``hand``, read from its records, not from the key: its
    position, the starting stacks, its cards, each street's board cards and the actions
    in order."""
    seen: list[object] = []
    for record in hand.history:
        if isinstance(record, DealBoard):
            seen.append(("board", frozenset(record.indices)))
        elif isinstance(record, Fold | Check | Call):
            seen.append((type(record).__name__, record.seat))
        elif isinstance(record, Bet | Raise):
            seen.append(("raise", record.seat, record.to))
    n = hand.num_seats
    start = tuple(hand.starting_stacks[(hand.button + k) % n] for k in range(n))
    return ((seat - hand.button) % n, start, frozenset(hand.hole_indices[seat]), tuple(seen))


def test_information_set_keys_have_perfect_recall_over_random_hands() -> None:
    # Same key exactly when the seat knows the same: its cards, each street's board (the
    # same five cards dealt on other streets are another history) and the actions.
    rng = random.Random(5)
    tables = Tables(GameSpec(blinds=(1, 2)), seats=3, stacks=[60, 100, 100], seed=3)
    keys: dict[str, tuple[object, ...]] = {}
    knowledge: dict[tuple[object, ...], str] = {}
    for _ in range(300):
        tables.new_hand(0)
        hand = tables.hands[0]
        while hand.actor is not None:
            seat = hand.actor
            key, known = tables.infoset(0, seat), _known(hand, seat)
            assert keys.setdefault(key, known) == known, key
            assert knowledge.setdefault(known, key) == key
            tables.observe(0, seat)
            legal = np.flatnonzero(tables.mask[0])
            tables.act(0, int(rng.choice(list(legal))))
    assert len(keys) > 1000
    # The street structure: the flop 7h Qh 3s and turn 6h is not the flop 3s 6h 7h and
    # turn Qh, though the board holds the same cards.
    a = Tables(GameSpec(blinds=(1, 2)), seats=2, seed=1)
    b = Tables(GameSpec(blinds=(1, 2)), seats=2, seed=1)
    a.new_hand(0, hole_cards=["AcAd", "KcKd"], board="7hQh3s6h2d")
    b.new_hand(0, hole_cards=["AcAd", "KcKd"], board="3s6h7hQh2d")
    for t in (a, b):
        for _ in range(4):  # call, check; check, check on the flop
            t.act(0, ("check",) if t.hands[0].legal_actions().check else ("call",))
    assert a.hands[0].street == b.hands[0].street == 2
    assert a.infoset(0, 0) != b.infoset(0, 0)
    assert "|3s7hQh/6h|" in a.infoset(0, 0) and "|3s6h7h/Qh|" in b.infoset(0, 0)


def test_observations_of_several_seats_are_each_seats_observation() -> None:
    # observations() reads the state once for several seats (the AEC env's final
    # observations): each must be what observation() gives that seat, in new arrays.
    tables = Tables(GameSpec(blinds=(1, 2)), seats=4, stacks=[30, 200, 80, 200], seed=9)
    encoder = tables.encoder
    rng = random.Random(5)
    for _ in range(6):
        tables.new_hand(0)
        while True:
            state = tables.states[0]
            seats = [3, 0, 2, 1]
            many = encoder.observations(0, state, seats)
            # The row holds the last seat's view; the arrays handed out are copies of it.
            last = many[-1]
            np.testing.assert_array_equal(encoder.obs[0], last["observation"])
            np.testing.assert_array_equal(encoder.mask[0], last["action_mask"])
            assert last["observation"].flags.owndata and last["action_mask"].flags.owndata
            assert not np.shares_memory(last["observation"], encoder.obs)
            assert not np.shares_memory(last["action_mask"], encoder.mask)
            for seat, got in zip(seats, many, strict=True):
                one = encoder.observation(0, state, seat)
                np.testing.assert_array_equal(got["observation"], one["observation"])
                np.testing.assert_array_equal(got["action_mask"], one["action_mask"])
            assert not np.shares_memory(many[0]["observation"], many[1]["observation"])
            if tables.observe(0) < 0:
                break
            tables.act(0, rng.choice(tables.legal(0)))
    assert encoder.observations(0, tables.states[0], []) == []
    with pytest.raises(InvalidSpecError, match="seat 2 twice"):
        encoder.observations(0, tables.states[0], [2, 1, 2])
    with pytest.raises(PokerError, match="seat"):
        encoder.observations(0, tables.states[0], [0, 4])
