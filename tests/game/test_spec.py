"""Specs and hands that make no sense raise at construction with a clear sentence."""

from __future__ import annotations

from typing import Any

import pytest

from pokerforge.errors import CardCountError, DuplicateCardError, InvalidSpecError
from pokerforge.game import TDA_2024, GameSpec, Hand, Rake, RuleProfile


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"blinds": (2, 1)}, "big blind"),
        ({"blinds": (1, 0)}, "big blind"),
        ({"blinds": (-1, 2)}, "small blind"),
        ({"blinds": (1.5, 3)}, "whole number"),
        ({"blinds": (1, 2, 3)}, "pair"),
        ({"betting": "fixed-limit"}, "small_bet and big_bet"),
        ({"betting": "fixed-limit", "small_bet": 2}, "small_bet and big_bet"),
        ({"betting": "fixed-limit", "small_bet": 4, "big_bet": 2}, "big bet"),
        ({"small_bet": 2, "big_bet": 4}, "only to fixed-limit"),
        ({"variant": "omaha", "hole_cards": 2}, "Omaha deals 4, 5 or 6"),
        ({"variant": "omaha-hilo", "hole_cards": 7}, "Omaha"),
        ({"hole_cards": 4}, "Hold'em deals 2"),
        ({"variant": "pineapple"}, "variant"),
        ({"variant": "stud"}, "stud is played fixed-limit here"),
        ({"betting": "spread-limit"}, "betting"),
        ({"ante": -1}, "ante"),
        ({"ante_kind": "button"}, "ante_kind"),
        ({"straddle": 2}, "straddle"),
        ({"chip_unit": 0}, "chip_unit"),
        ({"blinds": (5, 10), "chip_unit": 3}, "multiple of the chip unit"),
        ({"rake": 5}, "Rake"),
        ({"rules": "tda"}, "RuleProfile"),
    ],
)
def test_bad_specs(kwargs: dict[str, Any], match: str) -> None:
    with pytest.raises(InvalidSpecError, match=match):
        GameSpec(**kwargs)


def test_spec_is_keyword_only_and_frozen() -> None:
    with pytest.raises(TypeError):
        GameSpec("holdem")  # type: ignore[call-arg]
    spec = GameSpec()
    with pytest.raises(AttributeError):
        spec.ante = 3  # type: ignore[misc]
    assert spec == GameSpec() and hash(spec) == hash(GameSpec())


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [({"percent": 11}, "0 to 10"), ({"percent": -1}, "0 to 10"), ({"percent": "x"}, "number"),
     ({"percent": 5, "cap": -1}, "cap")],
)  # fmt: skip
def test_bad_rake(kwargs: dict[str, Any], match: str) -> None:
    with pytest.raises(InvalidSpecError, match=match):
        Rake(**kwargs)


def test_rake_percent_is_exact() -> None:
    assert Rake(percent=2.5).amount(1000, flop_seen=True) == 25
    assert Rake(percent="0.1").amount(10_000, flop_seen=True) == 10


def test_bad_profile() -> None:
    with pytest.raises(InvalidSpecError, match="limit_raise_cap"):
        RuleProfile(limit_raise_cap=0)
    with pytest.raises(InvalidSpecError, match="big_blind_ante_order"):
        RuleProfile(big_blind_ante_order="whatever")  # type: ignore[arg-type]
    assert TDA_2024.name == "tda-2024"


@pytest.mark.parametrize(
    ("stacks", "match"),
    [([100], "2 to 10"), ([100] * 11, "2 to 10"), ([100, -5], "seat 1"), ([100, 0], "seat 1"),
     ([100, 2.5], "seat 1"), ([100, True], "seat 1")],
)  # fmt: skip
def test_bad_hands(stacks: list[Any], match: str) -> None:
    with pytest.raises(InvalidSpecError, match=match):
        Hand(GameSpec(), stacks=stacks)


def test_bad_button_and_straddle() -> None:
    with pytest.raises(InvalidSpecError, match="button"):
        Hand(GameSpec(), stacks=[100, 100], button=2)
    with pytest.raises(InvalidSpecError, match="three players"):
        Hand(GameSpec(straddle=4), stacks=[100, 100])
    with pytest.raises(InvalidSpecError, match="52 cards"):
        Hand(GameSpec(variant="omaha", hole_cards=6), stacks=[100] * 8)


def test_bad_replay_cards() -> None:
    with pytest.raises(CardCountError, match="one entry per seat"):
        Hand(GameSpec(), stacks=[100, 100], hole_cards=["AhKh"])
    with pytest.raises(CardCountError, match="2 hole cards"):
        Hand(GameSpec(), stacks=[100, 100], hole_cards=["AhKhQh", None])
    with pytest.raises(DuplicateCardError):
        Hand(GameSpec(), stacks=[100, 100], hole_cards=["AhKh", "AhQd"])
    with pytest.raises(DuplicateCardError):
        Hand(GameSpec(), stacks=[100, 100], hole_cards=["AhKh", None], board="Kh2c3d")
    with pytest.raises(CardCountError, match=r"at most 5 cards, not 6: .*\(rule 26b\)"):
        Hand(GameSpec(), stacks=[100, 100], board="2c3c4c5c6c7c")
    runs = GameSpec(rules=RuleProfile(runouts=2))
    with pytest.raises(DuplicateCardError, match="the card 2c is given more than once"):
        Hand(runs, stacks=[100, 100], board="2c3c4c5c6c7c2c")
    with pytest.raises(DuplicateCardError, match="the card Ah is given more than once"):
        Hand(runs, stacks=[100, 100], hole_cards=["AhKh", None], board="2c3c4c5c6c7cAh")
    # Cards given for further runouts are never dealt to a seat whose cards are not given
    # (the second runout's 7c and 8c, on every seed).
    for seed in range(200):
        hand = Hand(runs, stacks=[100, 100], seed=seed, hole_cards=["AhKh", None],
                    board="2c3c4c5c6c7c8c")  # fmt: skip
        assert not {"7c", "8c"} & {str(c) for c in hand.hole_cards[1]}
