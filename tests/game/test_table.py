"""Tables: seating, button and blinds between hands (rules 28, 29), eliminations."""

from __future__ import annotations

import pytest

from pokerforge.errors import IllegalActionError, InvalidSpecError, PolicyError
from pokerforge.game import Decision, GameSpec, HandView, LegalActions, RuleProfile, Table, play
from pokerforge.game.tournament import BlindSchedule, Level, Tournament

SPEC = GameSpec(blinds=(1, 2))
MOVING = GameSpec(blinds=(1, 2), rules=RuleProfile(dead_button=False))


def _table(stacks: dict[int, int], spec: GameSpec = SPEC, seats: int = 6) -> Table:
    table = Table(spec, seats=seats, seed=1)
    for seat, chips in stacks.items():
        table.sit(seat, "ABCDEFGHIJ"[seat], chips)
    return table


def _fold_around(view: HandView, legal: LegalActions) -> Decision:
    return Decision.fold()


def _bust(table: Table, loser: int) -> None:
    """Play a hand in which the player at table seat ``loser`` goes all-in and loses to the
    first other player, who calls; everyone else folds."""
    live = [p.seat for p in table.players if not p.sitting_out and p.chips]
    holes: list[object | None] = [None] * len(live)
    loser_i = live.index(loser)
    winner_i = next(i for i in range(len(live)) if i != loser_i)
    holes[loser_i] = "7c2d"
    holes[winner_i] = "AhAd"
    hand = table.start_hand(hole_cards=holes, board="KsQd9c4h3s")
    while not hand.is_over:
        seat = hand.actor
        legal = hand.legal_actions()
        if seat == loser_i and legal.max_raise_to is not None:
            hand.raise_to(legal.max_raise_to)
        elif seat in (loser_i, winner_i):
            hand.call() if legal.call else hand.check()
        else:
            hand.fold()
    table.finish_hand()


def test_button_moves_one_seat_left_with_the_blinds() -> None:  # rule 28
    table = _table({0: 100, 1: 100, 2: 100, 3: 100})
    seen = []
    for _ in range(5):
        done = table.play_hand(_fold_around)
        seen.append((done.button, done.small_blind, done.big_blind))
    assert seen == [(0, 1, 2), (1, 2, 3), (2, 3, 0), (3, 0, 1), (0, 1, 2)]


def test_empty_seats_are_skipped_and_first_button_is_the_next_player() -> None:
    table = Table(SPEC, seats=9, button=1, seed=2)
    for seat in (2, 5, 8):
        table.sit(seat, f"p{seat}", 50)
    hand = table.start_hand()
    assert table.button == 2 and hand.button == 0 and hand.bets == (0, 1, 2)


def test_dead_button_after_the_small_blind_busts() -> None:  # rule 29; RR; TR 85
    table = _table({0: 100, 1: 10, 2: 100, 3: 100})
    _bust(table, 1)  # button 0, small blind 1 busts, big blind 2
    assert table.hands[-1].eliminated == ("B",)
    hand = table.start_hand()
    # The big blind moves one seat to 3, the last big blind posts the small blind,
    # the button moves to the empty seat 1 (a dead button).
    assert table.button == 1
    assert hand.bets == (0, 1, 2)  # live seats 0, 2, 3
    assert hand.actor == 0  # first to act is left of the big blind
    play(hand, _fold_around)
    done = table.finish_hand()
    assert (done.button, done.small_blind, done.big_blind) == (1, 2, 3)
    done = table.play_hand(_fold_around)
    assert (done.button, done.small_blind, done.big_blind) == (2, 3, 0)


def test_dead_small_blind_after_the_big_blind_busts() -> None:  # rule 29
    table = _table({0: 100, 1: 100, 2: 10, 3: 100})
    _bust(table, 2)  # button 0, small blind 1, big blind 2 busts
    hand = table.start_hand()
    # The big blind moves to 3; the small blind's seat (2) is empty, so no small blind;
    # the button moves to the last small blind (1). Nobody skips the big blind.
    assert table.button == 1
    assert hand.bets == (0, 0, 2)  # live seats 0, 1, 3
    assert hand.actor == 0
    hand.call()
    hand.call()
    hand.check()
    assert hand.actor == 2  # after the flop the big blind, first left of the button, acts
    while not hand.is_over:
        hand.check()
    done = table.finish_hand()
    assert (done.button, done.small_blind, done.big_blind) == (1, None, 3)
    done = table.play_hand(_fold_around)
    # The button moves to the empty seat of the last (dead) small blind.
    assert (done.button, done.small_blind, done.big_blind) == (2, 3, 0)


def test_moving_button_switch() -> None:  # rule 29 switch: simplified moving button
    table = _table({0: 100, 1: 10, 2: 100, 3: 100}, spec=MOVING)
    _bust(table, 1)
    done = table.play_hand(_fold_around)
    # The button moves to the next player (2), blinds follow: seat 2, which was big
    # blind, skips the small blind and seat 3 posts it; 0 posts the big blind.
    assert (done.button, done.small_blind, done.big_blind) == (2, 3, 0)


@pytest.mark.parametrize(
    ("loser", "button", "big_blind"),
    [(0, 2, 1), (1, 2, 0), (2, 1, 0)],
)
@pytest.mark.parametrize("spec", [SPEC, MOVING])
def test_three_to_two_players_nobody_posts_the_big_blind_twice(
    loser: int, button: int, big_blind: int, spec: GameSpec
) -> None:  # rule 29; TR 87
    table = _table({0: 100, 1: 100, 2: 100}, spec=spec)
    table.leave(loser)
    table.sit(loser, "L", 10)
    _bust(table, loser)  # button 0, small blind 1, big blind 2
    hand = table.start_hand()
    assert table.button == button
    live = [s for s in (0, 1, 2) if s != loser]
    assert hand.bets[live.index(big_blind)] == 2 and hand.bets[live.index(button)] == 1
    assert big_blind != 2  # the last big blind never posts it again
    assert hand.actor == live.index(button)  # heads-up the button acts first pre-flop


def test_heads_up_blinds_alternate() -> None:  # rule 4
    table = _table({0: 100, 5: 100})
    blinds = [table.play_hand(_fold_around).big_blind for _ in range(4)]
    assert blinds == [5, 0, 5, 0]


def test_several_bust_in_one_hand_more_chips_place_higher() -> None:  # TR 126b
    table = _table({0: 100, 1: 20, 2: 30})
    hand = table.start_hand(hole_cards=["AhAd", "7c2d", "8c3d"], board="KsQd9c4h5s")
    hand.raise_to(100)  # button all-in
    hand.call()
    hand.call()
    done = table.finish_hand()
    assert done.eliminated == ("C", "B")
    assert [p.name for p in table.players] == ["A"] and table.chips(0) == 150


def test_chips_are_conserved_and_bust_players_leave() -> None:
    table = _table({0: 40, 1: 40, 3: 40, 4: 40})
    total = table.total_chips
    for _ in range(30):
        if len(table.players) < 2:
            break
        table.play_hand(lambda view, legal: Decision.check_or_call())
        assert table.total_chips == total
        assert all(p.chips > 0 for p in table.players)


def test_sit_out_is_not_dealt_in() -> None:
    table = _table({0: 100, 1: 100, 2: 100})
    table.sit_out(1)
    hand = table.start_hand()
    assert hand.num_seats == 2
    play(hand, _fold_around)
    table.finish_hand()
    table.sit_in(1)
    assert table.start_hand().num_seats == 3


def test_bad_seating() -> None:
    table = _table({0: 100})
    with pytest.raises(InvalidSpecError, match="seat 0 is taken by 'A'"):
        table.sit(0, "Z", 100)
    with pytest.raises(InvalidSpecError, match="already sits at seat 0"):
        table.sit(1, "A", 100)
    with pytest.raises(InvalidSpecError, match="seat from 0 to 5"):
        table.sit(6, "Z", 100)
    with pytest.raises(InvalidSpecError, match="above 0"):
        table.sit(1, "Z", 0)
    with pytest.raises(InvalidSpecError, match="2 to 10 seats"):
        Table(SPEC, seats=11)
    with pytest.raises(IllegalActionError, match="two players"):
        table.start_hand()


def test_hand_in_progress_rules() -> None:
    table = _table({0: 100, 1: 100})
    hand = table.start_hand()
    with pytest.raises(IllegalActionError, match="in progress"):
        table.start_hand()
    with pytest.raises(IllegalActionError, match="cannot leave"):
        table.leave(0)
    with pytest.raises(IllegalActionError, match="not over"):
        table.finish_hand()
    hand.fold()
    table.finish_hand()
    assert table.leave(0) in (99, 101)


def test_the_tables_repr_counts_in_words() -> None:
    table = Table(GameSpec(blinds=(1, 2)), seed=5)
    table.sit(3, "Ann", 20)
    table.sit(7, "Bob", 20)
    assert repr(table).endswith("0 hands played>")
    table.play_hand(_fold_around)
    assert repr(table).endswith(", 1 hand played>")


def test_built_in_players_by_name_wherever_a_policy_is_taken() -> None:
    table = Table(GameSpec(blinds=(1, 2)), seats=3, seed=5)
    for seat in range(3):
        table.sit(seat, f"p{seat}", 100)
    done = table.play_hand({0: "random", 1: "tag", 2: "call"})
    assert done.hand.is_over and table.total_chips == 300
    table.play_hand("tag")  # one for every seat
    with pytest.raises(PolicyError, match="'nobody' is not a built-in player: one of call"):
        table.play_hand(["tag", "nobody", "call"])
    event = Tournament(GameSpec(blinds=(1, 2)), BlindSchedule([Level(1, 2)]),
                       players=[("a", 6), ("b", 6)], seed=1)  # fmt: skip
    assert event.play("tag") in ("a", "b")
