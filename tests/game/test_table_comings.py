"""Players coming and going at a cash table (rule 29b), with exact chips."""

from __future__ import annotations

import pytest

from pokerforge.errors import IllegalActionError, InvalidSpecError
from pokerforge.game import GameSpec, Hand, PostBlind, Table, TableHand, loads_phh

SPEC = GameSpec(blinds=(1, 2))


def _table(seats: list[int]) -> Table:
    table = Table(SPEC, seats=6, seed=1)
    for seat in seats:
        table.sit(seat, f"p{seat}", 100)
    return table


def _fold_hand(table: Table) -> TableHand:
    """Everybody folds to the big blind."""
    hand = table.start_hand()
    while not hand.is_over:
        hand.fold()
    return table.finish_hand()


def _posts(hand: Hand, done_seats: tuple[int, ...]) -> list[tuple[int, int, str]]:
    """(table seat, amount, kind) of every blind posted."""
    return [(done_seats[r.seat], r.amount, r.blind) for r in hand.history
            if isinstance(r, PostBlind)]  # fmt: skip


def test_a_new_player_waits_for_the_big_blind() -> None:
    table = _table([0, 2, 4])
    first = _fold_hand(table)  # button 0, SB 2, BB 4
    assert (first.button, first.big_blind) == (0, 4)
    table.sit(1, "new", 100)
    assert table.waiting(1)
    second = _fold_hand(table)  # the big blind goes to seat 0: seat 1 still waits
    assert second.seats == (0, 2, 4) and second.big_blind == 0
    third = _fold_hand(table)  # the big blind reaches seat 1: dealt in, posting it
    assert third.big_blind == 1 and 1 in third.seats
    assert _posts(third.hand, third.seats) == [(0, 1, "SB"), (1, 2, "BB")]
    assert table.chips(1) == 101 and not table.waiting(1)  # the big blind wins the blinds


def test_a_new_player_posts_a_big_blind_to_play_at_once() -> None:
    table = _table([0, 2, 4])
    _fold_hand(table)  # button 0, SB 2, BB 4; next: button 2, SB 4, BB 0
    table.sit(1, "new", 100, wait_for_big_blind=False)
    hand = table.start_hand()
    done_seats = (0, 1, 2, 4)
    assert _posts(hand, done_seats) == [(4, 1, "SB"), (0, 2, "BB"), (1, 2, "BB")]
    assert hand.actor == 1 and hand.legal_actions().check  # a live blind: the option
    hand.check()
    while not hand.is_over:
        hand.fold()
    done = table.finish_hand()
    assert done.seats == done_seats
    # Everybody else folds: seat 1 wins the small blind and both big blinds.
    assert (table.chips(0), table.chips(1), table.chips(2), table.chips(4)) == (98, 103, 99, 100)


def test_nobody_comes_in_between_the_button_and_the_big_blind() -> None:
    table = _table([0, 2, 4])
    _fold_hand(table)  # next: button 2, SB 4, BB 0
    table.sit(3, "new", 100, wait_for_big_blind=False)  # between the button and the SB
    second = _fold_hand(table)
    assert 3 not in second.seats  # next: button 4, SB 0, BB 2: seat 3 has been passed
    third = _fold_hand(table)
    assert 3 in third.seats
    assert (3, 2, "BB") in _posts(third.hand, third.seats)


def _five_handed() -> Table:
    return _table([0, 1, 2, 3, 4])


def test_missed_blinds_are_posted_on_return() -> None:
    table = _five_handed()
    _fold_hand(table)  # button 0, SB 1, BB 2
    table.sit_out(4)
    for _ in range(4):  # the big blind passes seat 4 (hand 3) and the button moves on
        _fold_hand(table)
    assert table.owes(4) == (True, True)
    table.sit_in(4)
    sixth = _fold_hand(table)  # button 1, SB 2, BB 3: seat 4 posts 2 live and 1 dead
    assert 4 in sixth.seats
    assert (4, 1, "dead") in _posts(sixth.hand, sixth.seats)
    assert (4, 2, "BB") in _posts(sixth.hand, sixth.seats)
    assert table.owes(4) == (False, False)
    assert table.chips(4) == 97  # folded: the dead 1 and the live 2 are lost
    assert table.total_chips == 500


def test_a_returning_player_may_wait_for_the_big_blind_instead() -> None:
    table = _five_handed()
    _fold_hand(table)
    table.sit_out(4)
    for _ in range(4):
        _fold_hand(table)
    table.sit_in(4, wait_for_big_blind=True)
    sixth = _fold_hand(table)  # big blind seat 3
    assert 4 not in sixth.seats and sixth.big_blind == 3
    seventh = _fold_hand(table)  # the big blind reaches seat 4: no dead blind
    assert seventh.big_blind == 4
    assert _posts(seventh.hand, seventh.seats) == [(3, 1, "SB"), (4, 2, "BB")]
    assert table.chips(4) == 101


def test_a_missed_small_blind_alone_is_posted_dead() -> None:
    table = _five_handed()
    first = _fold_hand(table)  # button 0, SB 1, BB 2
    table.sit_out(first.big_blind)  # seat 2 would be the next small blind
    second = _fold_hand(table)
    assert second.small_blind is None and second.big_blind == 3  # a dead small blind
    assert table.owes(2) == (False, True)
    table.sit_in(2)
    third = _fold_hand(table)  # seat 2 is the (dead) button: it waits for it to pass
    assert 2 not in third.seats
    fourth = _fold_hand(table)
    posts = [p for p in _posts(fourth.hand, fourth.seats) if p[0] == 2]
    assert posts == [(2, 1, "dead")]  # the small blind only, dead; no big blind owed
    assert table.owes(2) == (False, False) and table.chips(2) == 101 - 1  # won hand 1
    assert table.total_chips == 500


def test_sitting_out_never_skips_the_big_blind() -> None:
    table = _five_handed()
    _fold_hand(table)  # button 0, SB 1, BB 2; seat 3 would be the next big blind
    table.sit_out(3)
    second = _fold_hand(table)
    assert second.big_blind == 4 and table.owes(3) == (True, True)
    table.sit_in(3)
    third = _fold_hand(table)  # button 2, BB 0: seat 3 is between them and waits
    assert 3 not in third.seats
    fourth = _fold_hand(table)  # the button has passed: seat 3 pays what it skipped
    assert (3, 1, "dead") in _posts(fourth.hand, fourth.seats)
    assert (3, 2, "BB") in _posts(fourth.hand, fourth.seats)
    assert table.total_chips == 500


def test_post_big_blind_needs_a_waiting_player() -> None:
    table = _table([0, 2, 4])
    with pytest.raises(IllegalActionError, match="rule 29b"):
        table.post_big_blind(0)


def test_posts_travel_in_phh() -> None:
    table = _five_handed()
    _fold_hand(table)
    table.sit_out(3)
    for _ in range(3):
        _fold_hand(table)
    table.sit_in(3)
    hand = table.start_hand()
    while not hand.is_over:
        if hand.legal_actions().call:
            hand.call()
        else:
            hand.check()
    done = table.finish_hand()
    assert any(r.blind == "dead" for r in hand.history if isinstance(r, PostBlind))
    text = done.to_phh()
    assert "_posts = [[" in text
    again = loads_phh(text)
    assert again.stacks == hand.stacks and again.history[-6:] == hand.history[-6:]


@pytest.mark.parametrize(
    ("posts", "message"),
    [
        ([(1, 2, 0)], "posts a blind this hand"),
        ([(3, 2, 0), (3, 0, 1)], "more than once"),
        ([(7, 2, 0)], "a seat from 0 to 3"),
        ([(3, -2, 0)], "whole number of chips"),
        ([(3, 2)], r"\(seat, live, dead\)"),
    ],
)
def test_bad_posts_are_refused(posts: list[tuple[int, ...]], message: str) -> None:
    with pytest.raises(InvalidSpecError, match=message):
        Hand(SPEC, stacks=[100] * 4, button=0, posts=posts)  # type: ignore[arg-type]
