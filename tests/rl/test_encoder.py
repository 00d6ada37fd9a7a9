"""The observation encoder, slot by slot: a worked example, and every slot of every seat's
view at every step of random hands compared with an independent Python reference."""

from __future__ import annotations

import random
from typing import NamedTuple

import numpy as np
import pytest
from obs_reference import card_names, reference

from pokerforge._core import ObsEncoder
from pokerforge.errors import IllegalActionError, InvalidCardError, InvalidSpecError, PokerError
from pokerforge.game import Bet, Call, GameSpec, Hand, Raise, RuleProfile
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
    assert layout.version == 1
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


def test_encoder_refuses_bad_input_and_writes_nothing() -> None:
    enc = ObsEncoder(3, history=2, tables=2)
    enc.obs[:] = 7
    with pytest.raises(InvalidSpecError, match="call begin"):
        enc.encode(0, 0, (0, (), (1, 1, 1), (0, 0, 0), (False,) * 3, None, None))
    with pytest.raises(InvalidCardError, match="52 is not a card index"):
        enc.begin(
            0, button=0, big_blind=2, unit=1, stacks=[9, 9, 9], holes=[(0, 1), (2, 3), (4, 52)]
        )
    with pytest.raises(PokerError, match="given more than once"):
        enc.begin(
            0, button=0, big_blind=2, unit=1, stacks=[9, 9, 9], holes=[(0, 1), (2, 3), (3, 4)]
        )
    with pytest.raises(InvalidSpecError, match="button = 3"):
        enc.begin(
            0, button=3, big_blind=2, unit=1, stacks=[9, 9, 9], holes=[(0, 1), (2, 3), (4, 5)]
        )
    with pytest.raises(InvalidSpecError, match="table = 2"):
        enc.begin(
            2, button=0, big_blind=2, unit=1, stacks=[9, 9, 9], holes=[(0, 1), (2, 3), (4, 5)]
        )
    enc.begin(0, button=0, big_blind=2, unit=1, stacks=[9, 9, 9], holes=[(0, 1), (2, 3), (4, 5)])
    with pytest.raises(InvalidSpecError, match="seat = 3"):
        enc.encode(0, 3, (0, (), (9, 8, 7), (0, 1, 2), (False,) * 3, None, None))
    with pytest.raises(InvalidSpecError, match="stacks = 2"):
        enc.encode(0, 0, (0, (), (9, 8), (0, 1, 2), (False,) * 3, None, None))
    with pytest.raises(InvalidCardError):
        enc.encode(0, 0, (1, (60, 1, 2), (9, 8, 7), (0, 1, 2), (False,) * 3, None, None))
    with pytest.raises(InvalidSpecError, match="action kind = 9"):
        enc.record(0, 1, 9, 0)
    with pytest.raises(InvalidSpecError, match="seat = 5"):
        enc.record(0, 5, 0, 0)
    huge = 2**70
    for call, match in [
        (lambda: enc.record(-1, 0, 0, 0), "table = -1"),
        (lambda: enc.record(0, huge, 0, 0), f"seat = {huge}"),
        (lambda: enc.record(0, 0, 2, 0, huge), f"amount = {huge}"),
        (lambda: enc.record(0, 0, 0, 7), "street = 7"),
        (
            lambda: enc.encode(0, 0, (9, (), (9, 8, 7), (0, 1, 2), (False,) * 3, 0, None)),
            "street = 9",
        ),
        (lambda: enc.encode(0, 0, (0, (), (9, 8, 7), (0, 1, 2), (False,) * 3, -2, None)), "actor"),
        (lambda: enc.encode(0, 0, (0, (), (9, 8, 7), (0, 1, 2), (False,) * 3, 0, (1, 2))), "legal"),
        (
            lambda: enc.encode(0, 0, (0, (), (9, "x", 7), (0, 1, 2), (False,) * 3, 0, None)),
            "stacks",
        ),
        (lambda: ObsEncoder(huge), f"seats = {huge}"),
        (lambda: ObsEncoder(6, tables=0), "tables = 0"),
        (lambda: enc.encode(0, 0, (0, (), (9, 8, 7))), "Hand.public_state"),
    ]:
        with pytest.raises(PokerError, match=match):
            call()
    assert (enc.obs == 7).all()
    with pytest.raises(InvalidSpecError, match="has no hand"):
        enc.infoset(1, 0, ())


@pytest.mark.parametrize("name", sorted(SPECS))
def test_encode_all_writes_what_observe_writes(name: str) -> None:
    """Every table encoded by one call (reading the hands in place) matches each table
    encoded on its own from ``Hand.public_state()``, mask bits included, at every step of
    random hands at twelve tables."""
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
            seat = -1 if actor is None else one.observe(t, actor)  # via public_state()
            assert seats[t] == seat
            if seat < 0:
                continue
            np.testing.assert_array_equal(many.obs[t], one.obs[t])
            np.testing.assert_array_equal(many.mask[t], one.mask[t])
            np.testing.assert_array_equal(many.amounts[t], one.amounts[t])
            assert many.legal(t) == one.legal(t)
            # Seat and street bits included.
            assert many.encoder.turn(t) == one.encoder.turn(t) >= 0
            assert many.observe(t) == seat  # one table, reading its hand in place
            assert many.encoder.turn(t) == one.encoder.turn(t)
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


def test_encode_all_leaves_finished_tables_and_refuses_bad_hands_whole() -> None:
    tables = Tables(GameSpec(blinds=(1, 2)), seats=3, stacks=100, seed=1, tables=3)
    assert tables.encoder.observed.tolist() == [-1, -1, -1]  # no row written yet
    for t in range(3):
        tables.new_hand(t)
    tables.act(1, ("fold",))
    tables.act(1, ("fold",))  # table 1's hand is over
    enc = tables.encoder
    enc.obs[:] = 7
    hands = tables.hands
    assert enc.encode_all(hands) is None
    bits = [enc.turn(t) for t in range(3)]
    assert bits[1] == -1 and bits[0] >= 0 and bits[2] >= 0
    assert enc.observed.tolist() == [0, -1, 0]  # the seat each row was written for
    # The seat to act and the street ride along in the high bits.
    assert [b >> 1 & 15 for b in (bits[0], bits[2])] == [0, 0] and bits[0] >> 5 & 7 == 0
    assert (enc.obs[1] == 7).all() and not (enc.obs[0] == 7).all()
    assert enc.encode(1, 2, hands[1].public_state()) >= 0 and enc.observed[1] == 2
    assert enc.encode_hand(1, hands[1]) == -1 and enc.observed[1] == -1
    enc.obs[:] = 7
    short = hands[2].copy()
    short._stack = [100, 99]  # the engine's list, one seat short
    for call, match in [
        (lambda: enc.encode_all([*hands[:2], short]), "stacks = 2"),
        (lambda: enc.encode_all(hands[:2]), "hands = 2"),
        (lambda: enc.encode_all([*hands, hands[0]]), "one hand per table"),
        (lambda: enc.encode_all([hands[0], (1, 2), hands[2]]), "pokerforge.game.Hand"),
    ]:
        with pytest.raises(PokerError, match=match):
            call()
    assert (enc.obs == 7).all()


def test_encode_all_reads_hands_of_several_classes() -> None:
    """Slots are read through the first hand's class; a hand of another class (here a
    subclass of ``Hand``) is read by attribute, with the same rows and bits."""

    class Subclass(Hand):
        __slots__ = ()

    tables = Tables(GameSpec(blinds=(1, 2)), seats=4, stacks=100, seed=8, tables=4)
    for t in range(4):
        tables.new_hand(t)
    tables.act(1, ("call",))
    tables.act(3, ("raise_to", 7))
    hands = tables.hands
    for subclassed in ((0, 2), (1, 3)):  # the first hand of either class
        for t, hand in enumerate(hands):
            hand.__class__ = Subclass if t in subclassed else Hand
        tables.encoder.encode_all(hands)
        bits = [tables.encoder.turn(t) for t in range(4)]
        rows = tables.obs.copy()
        for t, hand in enumerate(hands):
            assert tables.encoder.encode_hand(t, hand) == bits[t] >= 0
            np.testing.assert_array_equal(tables.obs[t], rows[t])


def test_encode_all_reads_an_asked_showdown_as_public_state_gives_it() -> None:
    """A showdown asking a seat to show or muck: that seat is the actor, with nothing legal.
    (The RL tables refuse that rule profile; the encoder itself reads it.)"""
    spec = GameSpec(blinds=(1, 2), rules=RuleProfile(showdown="ask", all_in_face_up=False))
    enc = ObsEncoder(2, tables=2)
    hands = [Hand(spec, stacks=[100, 100], seed=5 + t) for t in range(2)]
    for t, hand in enumerate(hands):
        enc.begin(t, 0, 2, 1, [100, 100], hand.hole_indices)
    hand = hands[0]
    while hand.street < 4:
        (hand.check if hand.legal_actions().check else hand.call)()
    state = hand.public_state()
    assert state.actor is not None and not hand.is_over
    enc.encode_all(hands)
    bits = [enc.turn(t) for t in range(2)]
    row = enc.obs[0].copy()
    assert bits[0] == enc.encode(0, state.actor, state) and bits[0] >> 8 == 0
    np.testing.assert_array_equal(enc.obs[0], row)
    with pytest.raises(IllegalActionError, match=r"legal actions are \[\]"):
        enc.act(0, hand, 0)  # nothing to choose from the discrete actions
    with pytest.raises(InvalidSpecError, match=r"rules\.showdown must be 'auto', not 'ask'"):
        Tables(spec, seats=2)


def test_act_applies_through_the_hand_records_it_and_keeps_the_turn() -> None:
    """``ObsEncoder.act`` calls the hand's own method and records what it did: the history
    section then reads as after ``record``. The kept mask bits go stale with every action,
    new hand and view of another seat; a refused action changes neither the hand nor the
    log."""
    spec = GameSpec(blinds=(1, 2))
    acted = Tables(spec, seats=3, stacks=100, seed=2)
    told = Tables(spec, seats=3, stacks=100, seed=2)
    enc = acted.encoder
    for tables in (acted, told):
        tables.new_hand(0)
    assert enc.turn(0) == -1  # nothing encoded since the hand began
    hand = acted.hands[0]
    with pytest.raises(IllegalActionError, match="cannot raise to 3"):
        enc.act(0, hand, ("raise_to", 3))  # encodes the seat to act first, then refuses
    assert enc.turn(0) >= 0 and hand.history == told.hands[0].history
    enc.act(0, hand, ("raise_to", 6))
    assert enc.turn(0) == -1
    told.hands[0].raise_to(6)
    told.encoder.record(0, 0, 3, 0, 6, False)
    assert acted.observe(0) == told.observe(0) == 1
    np.testing.assert_array_equal(acted.obs[0], told.obs[0])
    assert enc.encode(0, 2, hand.public_state()) >= 0 and enc.turn(0) == -1  # not the actor
    enc.act(0, hand, 1)  # stale bits: the seat to act is encoded again, then it calls
    told.hands[0].call()
    told.encoder.record(0, 1, 2, 0, 5, False)
    assert acted.observe(0) == told.observe(0) == 2
    np.testing.assert_array_equal(acted.obs[0], told.obs[0])
    enc.act(0, hand, 0)  # the big blind folds: the flop, seat 1 to act
    for bad, match in [
        (True, "True is not an action"),  # a bool is not an index
        (2**70, "is not an action index: expected 0 to 5"),
        ("fold", "'fold' is not an action"),
        (("check", 0), "takes no amount"),
    ]:
        with pytest.raises(IllegalActionError, match=match):
            enc.act(0, hand, bad)
    enc.act(0, hand, ("fold",))
    assert hand.is_over and enc.turn(0) == -1
    with pytest.raises(IllegalActionError, match="table 0's hand is over: no seat is to act"):
        enc.act(0, hand, 1)


def test_act_all_checks_every_table_before_applying_any() -> None:
    tables = Tables(GameSpec(blinds=(1, 2)), seats=2, stacks=[100, 3], seed=1, tables=3)
    for t in range(3):
        tables.new_hand(t)
    enc, hands = tables.encoder, tables.hands
    tables.observe_all()
    before = [hand.history for hand in hands]
    for actions, match in [
        ([1, 1], "2 hands and 2 actions"),
        ([1, 1.0, 1], "table 1: 1.0 is not an action index"),
        ([1, 1, 2**64], "table 2: 18446744073709551616 is not an action index"),
        ([1, 1, ("fold",)], "table 2: .'fold',. is not an action index"),
    ]:
        with pytest.raises(PokerError, match=match):
            enc.act_all(hands if len(actions) == 3 else hands[:2], actions)
    done = np.array([False, True, True])
    with pytest.raises(PokerError, match="done = 2"):
        enc.act_all(hands, [0, 1, 5], done[:2])
    with pytest.raises(IllegalActionError, match="table 1: 9 is not an action index"):
        enc.act_all(hands, np.array([0, 9, 5]), done)  # an int64 array, read as it is
    assert [hand.history for hand in hands] == before
    assert done.tolist() == [False, True, True]  # written only once every action passed
    # The button folds at table 0 only: `done` rewritten, true there alone.
    assert enc.act_all(hands, np.array([0, 1, 5]), done) == [0]
    assert done.tolist() == [True, False, False]
    assert [enc.turn(t) for t in range(3)] == [-1, -1, -1]
    assert hands[0].is_over and not hands[1].is_over
    assert hands[2].bets == (100, 2) and hands[2].actor == 1  # all-in; the big blind acts


class _Raised(NamedTuple):
    all_in: bool
    to: int


class _OwnRecords(Hand):
    """A hand whose ``call`` and ``raise_to`` return records of other classes than theirs
    (a call as a ``Raise`` whose ``to`` is not the call's chips: read by name)."""

    __slots__ = ()

    def call(self, *, seat: int | None = None) -> Call:
        record = super().call(seat=seat)
        return Raise(record.seat, 999, record.amount, record.all_in, False)  # type: ignore[return-value]

    def raise_to(self, total: int, *, seat: int | None = None) -> Bet | Raise:
        record = super().raise_to(total, seat=seat)
        return _Raised(record.all_in, record.to)  # type: ignore[return-value]


def test_act_all_reads_other_records_and_hands_by_name() -> None:
    """The game layer's own records are read by position; records of other classes, and
    hands of another class than the first table's, are read by name, to the same
    observations and hand ends."""
    spec = GameSpec(blinds=(1, 2))
    plain = Tables(spec, seats=3, stacks=[100, 40, 100], seed=3, tables=3)
    mixed = Tables(spec, seats=3, stacks=[100, 40, 100], seed=3, tables=3)
    for tables in (plain, mixed):
        for t in range(3):
            tables.new_hand(t)
        tables.observe_all()
    for t in (1, 2):
        mixed.hands[t].__class__ = _OwnRecords
    ended: list[int] = []
    while not ended:
        # Min-raises where they are open, else all-in raises, else calls.
        actions = [next(i for i in (2, 5, 1, 0) if plain.mask[t][i]) for t in range(3)]
        ended = plain.encoder.act_all(plain.hands, actions)
        assert mixed.encoder.act_all(mixed.hands, actions) == ended
        plain.observe_all()
        mixed.observe_all()
        np.testing.assert_array_equal(mixed.obs, plain.obs)
    kinds = {type(r) for hand in mixed.hands for r in hand.history}
    assert {Call, Raise} <= kinds
    assert [h.history for h in mixed.hands] == [h.history for h in plain.hands]


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
    tables.encoder.net_bb(tables.hands, [4, 1, 2], out)
    for t in range(5):
        want = tables.net_bb(t) + [7.0] * 2 if t in (1, 2, 4) else [7.0] * 6
        assert out[t].tolist() == pytest.approx(want, rel=1e-7)
    assert sum(tables.net_bb(4)) == 0 and any(tables.net_bb(4))
    out[:] = 7
    wide = np.full((5, 12), 7.0, dtype=np.float32)
    for args, match in [
        ((tables.hands, [0, 5], out), "table = 5"),
        ((tables.hands, [0, 1], out[:, :3]), "shape"),
        ((tables.hands, [0, 4], out[:4]), "shape"),
        ((tables.hands, [0, 1], wide[:, ::2]), "contiguous"),
        ((tables.hands[:2], [0, 4], out), "index out of range"),
    ]:
        with pytest.raises((PokerError, IndexError), match=match):
            tables.encoder.net_bb(*args)
    assert (out == 7).all() and (wide == 7).all()
