"""The observation encoder on extreme chip counts: every count up to MAX_ENCODED_CHIPS is
encoded and decoded exactly, every count past it is a ChipLimitError naming it, and no sum
the encoder forms wraps (it wrapped silently in release builds: an all-in of 2**62 chips
decoded as a raise to 0, two shoves of 2**62 read as a negative pot)."""

from __future__ import annotations

import numpy as np
import pytest

from pokerforge._core import ObsEncoder
from pokerforge.errors import ChipLimitError, IllegalActionError, InvalidSpecError
from pokerforge.game import GameSpec, Hand, HandState, Raise
from pokerforge.rl import MAX_ENCODED_CHIPS, Tables

SPEC = GameSpec(blinds=(1, 2))
ALLIN = 5  # fold, call, min, 0.5pot, pot, allin
PAST = [MAX_ENCODED_CHIPS + 1, 2**61, 2**62, 2**63 - 1]


def _slots(enc: ObsEncoder, *names: str) -> list[float]:
    where = enc.slot_names()
    return [float(enc.obs[0, where.index(name)]) for name in names]


def _state(hand: Hand, **changes: object) -> HandState:
    """A copy of the hand's state with some fields changed (what a caller may forge)."""
    state = hand.copy().state
    for name, value in changes.items():
        setattr(state, name, value)
    return state


def test_the_limit_leaves_every_sum_far_inside_64_bits() -> None:
    # Ten seats' counts and twice that (the pot beside the bets) stay below 2**63.
    assert MAX_ENCODED_CHIPS == 2**53
    assert 2 * 10 * MAX_ENCODED_CHIPS < 2**63 - 1


@pytest.mark.parametrize("big", [2**31, 2**32, 2**53 - 1, MAX_ENCODED_CHIPS])
def test_counts_up_to_the_limit_are_encoded_and_decoded_exactly(big: int) -> None:
    hand = Hand(SPEC, stacks=[big, big, big], seed=1)
    enc = ObsEncoder(3)
    enc.encode(0, hand.state)
    assert enc.amounts[0, ALLIN] == big
    move = enc.decode(0, hand.state, ALLIN)
    assert (move & 3, move >> 2) == (3, big)
    # Two shoves of the whole stack: the bets on the street add up past 2**32 (and to
    # twice the limit), read exactly before the division by the big blind.
    hand.raise_to(big)
    hand.call()
    enc.encode(0, hand.state)
    pot, bets, call = _slots(enc, "pot", "bets", "legal:call_amount")
    assert (pot, bets) == (0.0, np.float32((2 * big + 2) / 2))
    assert call == np.float32((big - 2) / 2)
    assert enc.amounts[0].tolist() == [0, big - 2, 0, 0, 0, 0]


@pytest.mark.parametrize("big", PAST)
def test_a_stack_past_the_limit_is_a_named_error(big: int) -> None:
    hand = Hand(SPEC, stacks=[big, big], seed=1)
    enc = ObsEncoder(2)
    enc.obs[:] = 7
    with pytest.raises(ChipLimitError, match=f"{big - 1}|{big}") as err:
        enc.encode(0, hand.state)
    assert isinstance(err.value, InvalidSpecError)
    assert "2**53" in str(err.value)
    assert (enc.obs == 7).all() and (enc.observed == -1).all()
    for call in (
        lambda: enc.decode(0, hand.state, ALLIN),
        lambda: enc.observation(0, hand.state, 0),
        lambda: enc.encode_all([hand.state]),
        lambda: enc.infoset(0, hand.state, 0),
    ):
        with pytest.raises(ChipLimitError):
            call()
    assert (enc.obs == 7).all()


def test_the_pot_of_two_shoves_past_2_63_is_refused_not_wrapped() -> None:
    # Each stack fits 64 bits, the pot they make does not: it read -4.6e18 big blinds.
    big = 2**62 + 5
    hand = Hand(SPEC, stacks=[big, big, big], seed=1)
    hand.raise_to(big)
    hand.call()
    with pytest.raises(ChipLimitError, match=str(big)):
        ObsEncoder(3).encode(0, hand.state)


@pytest.mark.parametrize(
    ("field", "value", "forged"),
    [
        ("stacks", 2**62, (2, 2**62, 2)),
        ("stacks", -1, (-1, 8, 7)),
        ("bets", 2**62, (0, 2**62, 2)),
        ("legal", 2**62, (True, False, 2**62, None, None)),
        ("legal", 2**62, (True, False, 2, 4, 2**62)),
        ("legal", -4, (True, False, 2, -4, 9)),
        ("big_blind", 2**62, 2**62),
        ("unit", 2**62, 2**62),
        ("starts", 2**63 - 1, (9, 9, 2**63 - 1)),
    ],
)
def test_forged_counts_in_a_state_are_named_errors(field: str, value: int, forged: object) -> None:
    hand = Hand(SPEC, stacks=[9, 9, 9], seed=1)
    enc = ObsEncoder(3)
    enc.obs[:] = 7
    state = _state(hand, **{field: forged})
    with pytest.raises(ChipLimitError, match=f"= {value} "):
        enc.encode(0, state)
    assert (enc.obs == 7).all()
    if field in ("stacks", "starts"):
        out = np.zeros((1, 3), dtype=np.float32)
        with pytest.raises(ChipLimitError, match=f"= {value} "):
            enc.net_bb([state], [0], out)
        assert not out.any()


def test_a_forged_raise_in_the_log_is_a_named_error() -> None:
    hand = Hand(SPEC, stacks=[9, 9, 9], seed=1)
    state = hand.copy().state
    state.log.append(Raise(0, 2**62, 2**62, True, True))
    with pytest.raises(ChipLimitError, match=str(2**62)):
        ObsEncoder(3).encode(0, state)


def test_an_amount_written_into_the_live_array_is_no_wrapped_move() -> None:
    # The amounts array is handed out live: a count written there past the limit was
    # shifted into the move word and wrapped (2**62 decoded as a raise to 0).
    hand = Hand(SPEC, stacks=[100, 100, 100], seed=1)
    enc = ObsEncoder(3)
    enc.encode(0, hand.state)
    for forged in (2**62, -8):
        enc.amounts[0, ALLIN] = forged
        with pytest.raises(IllegalActionError, match=str(forged)):
            enc.decode(0, hand.state, ALLIN)
        with pytest.raises(IllegalActionError, match=str(forged)):
            enc.decode_all([hand.state], [ALLIN])
    enc.amounts[0, ALLIN] = 100
    assert enc.decode(0, hand.state, ALLIN) == 3 | 100 << 2


def test_tables_refuse_counts_past_the_limit_on_entry() -> None:
    for stacks, value in [(MAX_ENCODED_CHIPS + 1, MAX_ENCODED_CHIPS + 1), ([100, 2**62], 2**62)]:
        with pytest.raises(ChipLimitError, match=str(value)):
            Tables(SPEC, seats=2, stacks=stacks, seed=1)
    for spec in (GameSpec(blinds=(1, 2**62)), GameSpec(blinds=(2**62, 2**62), chip_unit=2**62)):
        with pytest.raises(ChipLimitError, match=str(2**62)):
            Tables(spec, seats=2, stacks=100, seed=1)
    tables = Tables(SPEC, seats=2, stacks=MAX_ENCODED_CHIPS, seed=1)
    tables.new_hand(0)
    tables.observe(0)
    tables.act(0, ALLIN)
    tables.observe(0)
    tables.act(0, 1)  # calls the all-in
    assert tables.hands[0].is_over
    assert sorted(tables.hands[0].stacks) == [0, 2 * MAX_ENCODED_CHIPS]
    assert sorted(tables.net_bb(0)) == [-MAX_ENCODED_CHIPS / 2, MAX_ENCODED_CHIPS / 2]
