"""Chip units, and the hand's hooks for recorded hands (unknown cards, recorded results)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerforge.errors import InvalidSpecError
from pokerforge.game import GameSpec, Hand
from pokerforge.money import UnitError, chip_unit, to_chips, to_money

SPEC = GameSpec(blinds=(1, 2))


@given(st.lists(st.decimals(min_value=0, max_value=10**6, places=2, allow_nan=False), min_size=1))
def test_money_round_trips_exactly(amounts: list[Decimal]) -> None:
    unit = chip_unit(amounts)
    assert unit in (Decimal(1), Decimal("0.1"), Decimal("0.01"))
    for amount in amounts:
        assert to_money(to_chips(amount, unit), unit) == amount


def test_units_as_written() -> None:
    assert chip_unit([Decimal("1.00"), 3]) == Decimal("0.01")  # the file counts cents
    assert chip_unit([1250, 2500]) == 1
    assert chip_unit([Decimal("1259450.25"), Decimal("678473.5")]) == Decimal("0.01")


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ([0.5], "not an amount of money"),
        ([Decimal("NaN")], "not an amount of money"),
        ([Decimal("0.000000001")], "more than 8 decimal places"),
    ],
)
def test_bad_amounts_are_named(values: list[object], message: str) -> None:
    with pytest.raises(UnitError, match=message):
        chip_unit(values)  # type: ignore[arg-type]


def test_unknown_hole_cards_are_never_invented() -> None:
    hand = Hand(
        SPEC, stacks=[100, 100, 100], hole_cards=["AhKh", None, None], unknown_hole_cards=[1, 2]
    )
    assert hand.hole_cards[1] == () and len(hand.hole_cards[0]) == 2
    assert [r.indices for r in hand.history[:3]] == [hand.history[0].indices, (), ()]
    hand.call()
    hand.call()
    hand.check()
    while not hand.is_over:
        hand.check()
    assert not hand.result_known  # three hands at showdown, two unknown: undecided
    assert sum(hand.payouts) == 0 and sum(p.amount for p in hand.pots) == 6
    assert sum(hand.stacks) + 6 == 300
    twin = hand.copy()
    assert not twin.result_known and twin.unknown_hole_cards == {1, 2}


def _checked_down(hand: Hand) -> Hand:
    hand.call()
    hand.call()
    hand.check()
    while not hand.is_over:
        hand.check()
    return hand


def test_untabled_unknown_hands_lose_to_the_tabled_ones() -> None:
    # Seats 1 and 2 did not table their hands (a record's ????): they cannot win (rule
    # 22), so seat 0's shown hand takes the pot; no card is invented for them.
    hand = _checked_down(
        Hand(
            SPEC,
            stacks=[100, 100, 100],
            hole_cards=["2c7d", None, None],
            unknown_hole_cards=[1, 2],
            unshown_hole_cards=[1, 2],
        )
    )
    assert hand.result_known and hand.payouts == (6, 0, 0) and hand.stacks == (104, 98, 98)
    # In showing order from the button's left: seats 1 and 2 muck, seat 0 shows.
    assert [type(r).__name__ for r in hand.history[-4:]] == ["Muck", "Muck", "Show", "Award"]
    assert hand.hole_cards[1] == hand.hole_cards[2] == ()
    assert hand.copy().payouts == hand.payouts
    # One untabled hand of two unknown ones: the other could still win, so undecided.
    half = _checked_down(
        Hand(
            SPEC,
            stacks=[100, 100, 100],
            hole_cards=["2c7d", None, None],
            unknown_hole_cards=[1, 2],
            unshown_hole_cards=[1],
        )
    )
    assert not half.result_known and sum(half.payouts) == 0
    # A record paying an untabled hand decides (the room knew what it did not write).
    paid = _checked_down(
        Hand(
            SPEC,
            stacks=[100, 100, 100],
            hole_cards=["2c7d", None, None],
            unknown_hole_cards=[1, 2],
            unshown_hole_cards=[1, 2],
            recorded_winnings=[0, 6, 0],
        )
    )
    assert paid.result_known and paid.payouts == (0, 6, 0)
    # A seat whose cards are known is not "unshown": it is shown and ranked as dealt.
    known = _checked_down(
        Hand(
            SPEC,
            stacks=[100, 100, 100],
            hole_cards=["2c7d", "AhAd", None],
            board="KsQs3h4d9c",  # the aces win
            unknown_hole_cards=[2],
            unshown_hole_cards=[1, 2],
        )
    )
    assert known.result_known and known.payouts == (0, 6, 0)
    # A side pot only untabled hands could win went to one of them without a show: the
    # showdown stays undecided rather than give those chips to the tabled short stack.
    side = Hand(
        SPEC,
        stacks=[10, 100, 100],
        hole_cards=["2c7d", None, None],
        unknown_hole_cards=[1, 2],
        unshown_hole_cards=[1, 2],
    )
    side.raise_to(10)  # the button, all-in
    side.raise_to(40)
    side.call()
    while not side.is_over:
        side.check()
    assert not side.result_known and sum(side.payouts) == 0


def test_recorded_winnings_settle_an_unknown_showdown_and_set_the_rake() -> None:
    hand = Hand(SPEC, stacks=[100, 100], unknown_hole_cards=[0, 1], recorded_winnings=[0, 3])
    hand.call()
    while not hand.is_over:
        hand.check()
    assert hand.result_known and hand.rake == 1 and hand.payouts == (0, 3)
    assert sum(hand.stacks) + hand.rake == 200


def test_a_known_showdown_pays_by_the_cards_after_the_recorded_rake() -> None:
    hand = Hand(
        SPEC,
        stacks=[100, 100],
        hole_cards=["AhAd", "2c7d"],
        board="KsQs3h4d9c",
        recorded_winnings=[0, 3],  # the record pays the worse hand: the check reports it
    )
    hand.call()
    while not hand.is_over:
        hand.check()
    assert hand.rake == 1 and hand.payouts == (3, 0)


def test_recorded_stacks() -> None:
    hand = Hand(SPEC, stacks=[100, 100], unknown_hole_cards=[0, 1], recorded_stacks=[98, 101])
    hand.call()
    while not hand.is_over:
        hand.check()
    assert hand.stacks == (98, 101) and hand.rake == 1


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"unknown_hole_cards": [2]}, "outside 0 to 1"),
        ({"recorded_winnings": [1, 2], "recorded_stacks": [1, 2]}, "not both"),
        ({"recorded_winnings": [1]}, "2 whole numbers"),
        ({"recorded_winnings": [1, -2]}, "2 whole numbers"),
    ],
)
def test_bad_replay_settings_are_named(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidSpecError, match=message):
        Hand(SPEC, stacks=[100, 100], **kwargs)  # type: ignore[arg-type]
