"""Showdown records and views describe each hand in its game's words ("Two pair, kings and
nines", "8-6-5-3-2 low", "7-5-3-2 badugi", a hi-lo high with its low or "no low"); the
positions of a button-blind table name no blinds nobody posts."""

from __future__ import annotations

import pytest

from pokerforge.eval import (
    evaluate,
    evaluate_badugi,
    evaluate_low_27,
    evaluate_low_a5,
    evaluate_omaha_hilo,
    evaluate_short_deck,
)
from pokerforge.game import GameSpec, Hand, RuleProfile, Show, Street
from pokerforge.game.showdown import words
from pokerforge.games import ROWS


def _fixed(variant: str) -> GameSpec:
    if ROWS[variant].forced == "bring-in":
        return GameSpec(
            variant=variant, betting="fixed-limit", ante=1, bring_in=1, small_bet=2, big_bet=4
        )
    return GameSpec(variant=variant, betting="fixed-limit", blinds=(1, 2), small_bet=2, big_bet=4)


def _passive(hand: Hand) -> Hand:
    """Every seat brings in, stands pat, checks or calls: every hand reaches the showdown."""
    while not hand.is_over:
        if hand.can_bring_in():
            hand.bring_in()
        elif hand.can_stand_pat():
            hand.stand_pat()
        elif hand.legal_actions().check:
            hand.check()
        else:
            hand.call()
    return hand


def _low(text: str | None) -> str:
    return "no low" if text is None else text


def _expected(variant: str, cards: str, board: str) -> str:
    """The description the game's evaluator gives the shown cards, independently of the
    records: the high (or the only) hand, then a hi-lo game's low."""
    both = cards + board
    match variant:
        case "holdem" | "stud" | "five-card-draw":
            return evaluate(both).describe()
        case "short-deck":
            return evaluate_short_deck(both).describe()
        case "razz":
            return evaluate_low_a5(both).describe()
        case "stud-hilo":
            eight = evaluate_low_a5(both).eight_or_better
            return f"{evaluate(both).describe()}; {_low(eight and eight.describe())}"
        case "omaha-hilo" | "big-o" | "courchevel-hilo":
            high, low = evaluate_omaha_hilo(cards, board)
            return f"{high.describe()}; {_low(low and low.describe())}"
        case "omaha" | "courchevel":
            return evaluate_omaha_hilo(cards, board)[0].describe()
        case "2-7-single-draw" | "2-7-triple-draw":
            return evaluate_low_27(both).describe()
        case "a-5-triple-draw":
            return evaluate_low_a5(both).describe()
        case "badugi":
            return evaluate_badugi(both).describe()
    raise AssertionError(variant)


@pytest.mark.parametrize("variant", list(ROWS))
def test_every_shown_hand_is_described_in_its_games_words(variant: str) -> None:
    shown = 0
    for seed in range(12):
        hand = _passive(Hand(_fixed(variant), stacks=[200] * 3, seed=seed))
        board = "".join(str(c) for c in hand.board)
        for record in hand.history:
            if isinstance(record, Show):
                cards = "".join(str(c) for c in record.cards)
                assert record.description == _expected(variant, cards, board), (seed, cards)
                shown += 1
        # Every seat's view shows the same records (their cards are shown to all).
        seen = [r for r in hand.view(0).history if isinstance(r, Show)]
        assert [r.description for r in seen] == [
            r.description for r in hand.history if isinstance(r, Show)
        ]
    assert shown >= 12


def test_known_hands_in_words() -> None:
    # Hold'em: the board pairs nines, kings in the hand.
    hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100], button=0,
                hole_cards=["KsKh", "7c2d"], board="9c9d4h3s2h")  # fmt: skip
    shows = {r.seat: r.description for r in _passive(hand).history if isinstance(r, Show)}
    assert shows[0] == "Two pair, kings and nines"
    # Omaha hi-lo: a low for one hand, "no low" said for the other.
    hand = Hand(_fixed("omaha-hilo"), stacks=[100, 100], button=0,
                hole_cards=["As2d8h8c", "KsKdQhJc"], board="3c6d7sKhTc")  # fmt: skip
    shows = {r.seat: r.description for r in _passive(hand).history if isinstance(r, Show)}
    assert shows[0] == "Pair of eights; 7-6-3-2-A low"
    assert shows[1] == "Three of a kind, kings; no low"


def test_the_words_of_ranks_by_game() -> None:
    razz = (ROWS["razz"].code, True, True, True)
    assert words(razz, int(evaluate_low_a5("8h6d5c3s2hKsKd")), 0) == "8-6-5-3-2 low"
    badugi = (ROWS["badugi"].code, True, False, False)
    assert words(badugi, int(evaluate_badugi("7h5d3c2s")), 0) == "7-5-3-2 badugi"
    deuce = (ROWS["2-7-triple-draw"].code, True, False, False)
    assert words(deuce, int(evaluate_low_27("8h6d5c3s2h")), 0) == "8-6-5-3-2 low"
    hilo = (ROWS["stud-hilo"].code, True, True, True)
    assert words(hilo, int(evaluate("KsKh9c9d2h")), 1) == "Two pair, kings and nines; 8-7-6-5-4 low"
    six = (ROWS["short-deck"].code, False, False, False)  # a straight above trips
    assert words(six, 1129, 0) == "Straight, nine high"


def test_an_asked_showdown_describes_the_shown_hand() -> None:
    spec = GameSpec(variant="razz", betting="fixed-limit", ante=1, bring_in=1, small_bet=2,
                    big_bet=4, rules=RuleProfile(showdown="ask"))  # fmt: skip
    hand = Hand(spec, stacks=[100, 100], seed=4)
    while hand.street != Street.SHOWDOWN:
        _passive_step(hand)
    record = hand.show()
    assert record.description == evaluate_low_a5("".join(map(str, record.cards))).describe()


def _passive_step(hand: Hand) -> None:
    if hand.can_bring_in():
        hand.bring_in()
    elif hand.legal_actions().check:
        hand.check()
    else:
        hand.call()


def test_a_button_blind_names_no_blinds() -> None:
    spec = GameSpec(variant="short-deck", ante=1, button_blind=2)
    hand = Hand(spec, stacks=[100] * 6, button=5, seed=1)
    assert hand.positions == ("UTG", "UTG+1", "UTG+2", "HJ", "CO", "BTN")
    assert "SB" not in Hand(spec, stacks=[100, 100], button=0, seed=1).positions
    # With blinds, short deck's seats are named as Hold'em's.
    blinds = Hand(GameSpec(variant="short-deck", blinds=(1, 2)), stacks=[100] * 3, button=0)
    assert blinds.positions == ("BTN", "SB", "BB")
