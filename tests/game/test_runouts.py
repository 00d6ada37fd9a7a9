"""Multiple runouts (rule 26b): the players' choice, the boards, and each pot split between
the runouts, in exact chips."""

from __future__ import annotations

import pickle
from collections import Counter

import pytest

from pokerforge.cards import Card
from pokerforge.errors import IllegalActionError, InvalidHistoryError, InvalidSpecError, PolicyError
from pokerforge.game import (
    Award,
    DealBoard,
    Decision,
    GameSpec,
    Hand,
    RuleProfile,
    RunIt,
    Runout,
    Show,
    Street,
    loads_phh,
    play,
    to_phh,
)
from pokerforge.game.pots import split_hilo, split_runouts


def spec(runouts: int = 2, **kwargs: object) -> GameSpec:
    return GameSpec(blinds=(1, 2), rules=RuleProfile(runouts=runouts), **kwargs)  # type: ignore[arg-type]


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card(text[i : i + 2]) for i in range(0, len(text), 2))


def run_twice_example() -> Hand:
    """docs/rules.md, rule 26b: three players 1/2, stacks 100; the button shoves, the small
    blind folds, the big blind calls: a pot of 201 run twice."""
    hand = Hand(
        spec(),
        stacks=[100, 100, 100],
        button=0,
        hole_cards=["AsAd", "7h2h", "KsKd"],
        board="2c7d9h3s4c" + "Kh8c5dJh2d",
    )
    hand.raise_to(100)
    hand.fold()
    hand.call()
    return hand


def test_the_worked_example_splits_the_pot_between_two_boards() -> None:
    hand = run_twice_example()
    assert not hand.is_over and hand.street == Street.PREFLOP
    assert (hand.actor, hand.max_runouts) == (2, 2)  # left of the button first: seat 2
    hand.run_it(2)
    assert (hand.actor, hand.max_runouts) == (0, 2)
    hand.run_it(2)
    assert hand.is_over and hand.runouts == 2
    # 201 in two: 101 to the first board (AA holds), 100 to the second (KK makes a set).
    assert hand.runout_payouts == ((101, 0, 0), (0, 0, 100))
    assert hand.payouts == (101, 0, 100)
    assert hand.stacks == (101, 99, 100)
    assert hand.boards == (cards("2c7d9h3s4c"), cards("Kh8c5dJh2d"))
    assert hand.board == cards("2c7d9h3s4c")  # the state's board: the first runout's
    assert hand.street == Street.SHOWDOWN


def test_the_history_shows_each_runout_then_its_showdown() -> None:
    hand = run_twice_example()
    hand.run_it(2)
    hand.run_it(2)
    tail = hand.history[-16:]
    assert tail[:2] == (RunIt(seat=2, times=2), RunIt(seat=0, times=2))
    kinds = [type(r).__name__ for r in tail[2:]]
    assert kinds == [
        *["Runout", "DealBoard", "DealBoard", "DealBoard", "Show", "Show", "Award"],
        *["Runout", "DealBoard", "DealBoard", "DealBoard", "Show", "Show", "Award"],
    ]
    first, second = (r for r in tail if isinstance(r, Runout))
    assert (first.number, first.cards) == (1, cards("2c7d9h3s4c"))
    assert (second.number, second.cards) == (2, cards("Kh8c5dJh2d"))
    boards = [r for r in tail if isinstance(r, DealBoard)]
    assert [b.street for b in boards] == [Street.FLOP, Street.TURN, Street.RIVER] * 2
    assert boards[3].cards == cards("Kh8c5d")
    awards = [r for r in tail if isinstance(r, Award)]
    assert awards == [Award(0, 0, 101, "all"), Award(0, 2, 100, "all")]
    # Each runout's shows rank the hands on its own board.
    shows = [(r.seat, r.rank) for r in tail if isinstance(r, Show)]
    assert [seat for seat, _ in shows] == [2, 0, 2, 0]  # left of the button first (rule 22)
    assert shows[1][1] > shows[0][1] and shows[2][1] > shows[3][1]


def test_side_pots_are_split_between_three_runouts() -> None:
    hand = Hand(
        spec(3),
        stacks=[50, 100, 100],
        button=0,
        hole_cards=["AsAd", "KsKd", "QsQd"],
        board="2c7d9h3s4c" + "Kh8c5dJh2d" + "Qh8d5cJc3d",
    )
    hand.raise_to(50)
    hand.raise_to(100)
    hand.call()
    for seat in (1, 2, 0):  # clockwise from the left of the button
        assert hand.actor == seat
        hand.run_it(3)
    # Main pot 150: 50 a runout; side pot 100 (seats 1, 2): 34, 33, 33.
    assert [p.amount for p in hand.pots] == [150, 100]
    assert hand.runout_payouts == ((50, 34, 0), (0, 83, 0), (0, 0, 83))
    assert hand.stacks == (50, 117, 83)
    awards = [(r.pot, r.seat, r.amount) for r in hand.history if isinstance(r, Award)]
    assert awards == [(0, 0, 50), (1, 1, 34), (0, 1, 50), (1, 1, 33), (0, 2, 50), (1, 2, 33)]


def test_an_all_in_on_the_flop_runs_only_the_turn_and_river_again() -> None:
    hand = Hand(
        spec(),
        stacks=[100, 100],
        button=0,
        hole_cards=["AsAd", "KsKd"],
        board="2c7d9h" + "3s4c" + "Kh8c",
    )
    hand.call()
    hand.check()
    assert hand.street == Street.FLOP
    hand.raise_to(98)
    hand.call()
    hand.run_it(2)
    hand.run_it(2)
    assert hand.boards == (cards("2c7d9h3s4c"), cards("2c7d9hKh8c"))
    assert hand.stacks == (100, 100)  # one board each
    dealt = [r for r in hand.history if isinstance(r, DealBoard)]
    assert [d.street for d in dealt] == [Street.FLOP, Street.TURN, Street.RIVER] * 1 + [
        Street.TURN,
        Street.RIVER,
    ]


def test_one_player_asking_for_once_settles_it() -> None:
    hand = run_twice_example()
    hand.run_it(1)
    assert hand.is_over and hand.runouts == 1
    assert [r for r in hand.history if isinstance(r, RunIt)] == [RunIt(2, 1)]
    assert hand.boards == (cards("2c7d9h3s4c"),)
    assert hand.runout_payouts == (hand.payouts,) == ((201, 0, 0),)


def test_players_who_disagree_run_it_once() -> None:
    hand = Hand(spec(3), stacks=[100, 100, 100], button=0, seed=9)
    hand.raise_to(100)
    hand.call()
    hand.call()
    hand.run_it(3)
    hand.run_it(2)  # not what seat 1 asked for: once
    assert hand.is_over and hand.runouts == 1
    assert sum(hand.stacks) == 300


def test_the_default_profile_deals_the_board_once_without_asking() -> None:
    hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100], seed=3)
    hand.raise_to(100)
    hand.call()
    assert hand.is_over and hand.runouts == 1
    assert not any(isinstance(r, RunIt | Runout) for r in hand.history)


def test_nobody_is_asked_when_all_in_on_the_river_or_when_one_player_is_left() -> None:
    hand = Hand(spec(), stacks=[100, 100], seed=3)
    hand.call()
    for _ in range(3):
        hand.check()
        hand.check()
    hand.raise_to(98)
    hand.call()
    assert hand.is_over and hand.runouts == 1
    folded = Hand(spec(), stacks=[100, 100, 100], seed=3)
    folded.raise_to(100)
    folded.fold()
    folded.fold()
    assert folded.is_over and folded.runouts == 1


def test_refused_choices_name_the_rule_and_change_nothing() -> None:
    hand = run_twice_example()
    before = hand.history
    for times, seat, words in (
        (3, None, r"from 1 to 2 is needed \(the rule profile allows 2; rule 26b\)"),
        (0, None, "from 1 to 2"),
        (True, None, "from 1 to 2"),
        (2.0, None, "from 1 to 2"),
        (2, 0, "seat 0 cannot choose the runouts: it is seat 2's turn"),
    ):
        assert not hand.can_run_it(times, seat=seat)  # type: ignore[arg-type]
        with pytest.raises(IllegalActionError, match=words):
            hand.run_it(times, seat=seat)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="choose how many times to run the board"):
        hand.check()
    assert hand.history == before and hand.actor == 2
    fresh = Hand(spec(), stacks=[100, 100], seed=1)
    with pytest.raises(IllegalActionError, match="nobody is asked how many times"):
        fresh.run_it(2)


def test_the_profile_refuses_a_count_below_one() -> None:
    for bad in (0, -1, True, 1.5, "2"):
        with pytest.raises(InvalidSpecError, match=f"runouts must be .* not {bad!r}"):
            RuleProfile(runouts=bad)  # type: ignore[arg-type]


def test_the_deck_limits_the_runouts() -> None:
    hand = Hand(spec(10), stacks=[100] * 10, button=0, seed=5)
    while hand.max_runouts is None:
        hand.call() if hand.legal_actions().call else hand.raise_to(100)
    assert hand.max_runouts == 4  # 52 - 20 hole cards = 32: 8 cards a runout with burns
    with pytest.raises(IllegalActionError, match="the deck has cards for 4"):
        hand.run_it(5)
    while not hand.is_over:
        hand.run_it(4)
    used = [c for board in hand.boards for c in board]
    used += [c for seat in range(10) for c in hand.hole_cards[seat]]
    assert len(used) == len(set(used)) == 40
    assert hand.runouts == 4 and sum(hand.stacks) == 1000


def test_a_seeded_hand_deals_the_same_runouts_every_time() -> None:
    def boards(seed: int) -> tuple[tuple[Card, ...], ...]:
        hand = Hand(spec(), stacks=[50, 50], seed=seed)
        hand.raise_to(50)
        hand.call()
        hand.run_it(2)
        hand.run_it(2)
        return hand.boards

    assert boards(12) == boards(12)
    first, second = boards(12)
    # The first runout is the hand's own board, as dealt once.
    once = Hand(GameSpec(blinds=(1, 2)), stacks=[50, 50], seed=12)
    once.raise_to(50)
    once.call()
    assert once.board == first and not set(first) & set(second)


def test_a_copy_or_pickle_during_the_choice_plays_on_alone() -> None:
    hand = run_twice_example()
    hand.run_it(2)
    twin = hand.copy()
    thawed = pickle.loads(pickle.dumps(hand))
    twin.run_it(1)
    assert twin.runouts == 1 and not hand.is_over and hand.actor == 0
    thawed.run_it(2)
    hand.run_it(2)
    assert thawed.history == hand.history and thawed.stacks == hand.stacks


def test_views_show_the_choice_and_every_board() -> None:
    hand = run_twice_example()
    assert hand.view(2).max_runouts == 2 and hand.view(0).max_runouts is None
    hand.run_it(2)
    hand.run_it(2)
    view = hand.view(1)
    assert view.boards == hand.boards and len(view.boards) == 2
    assert view.hole_cards[0] is not None  # shown on both boards


def test_policies_choose_the_runouts_with_decisions() -> None:
    asked: list[int] = []

    def policy(view, legal):  # type: ignore[no-untyped-def]
        if view.max_runouts is not None:
            asked.append(view.seat)
            return Decision.run_it(view.max_runouts)
        return "all_in"

    hand = play(Hand(spec(), stacks=[60, 80], seed=7), policy)
    assert hand.is_over and hand.runouts == 2 and sorted(asked) == [0, 1]
    with pytest.raises(PolicyError, match="a runout count needs an int"):
        Decision.run_it("2")  # type: ignore[arg-type]


def test_hilo_pots_split_per_runout_then_per_half() -> None:
    spec_hilo = spec(2, variant="omaha-hilo", betting="pot-limit")
    hand = Hand(
        spec_hilo,
        stacks=[40, 40],
        button=0,
        hole_cards=["Ah2h3cKd", "AdKsQhJc"],
        board="4c5d6sTcKh" + "6d7sQdJdTh",
    )
    while hand.max_runouts is None:
        legal = hand.legal_actions()
        hand.raise_to(legal.max_raise_to) if legal.max_raise_to else hand.call()
    hand.run_it(2)
    hand.run_it(2)
    assert hand.runouts == 2 and sum(hand.stacks) == 80
    pot = hand.pots[0].amount
    halves: Counter[tuple[int, str]] = Counter()
    runout = 0
    for record in hand.history:
        if isinstance(record, Runout):
            runout = record.number
        elif isinstance(record, Award):
            halves[runout, record.half] += record.amount
    shares = split_runouts(pot, 2)
    # The first board has a low (A-2-3-4-5 for seat 0): its share splits high and low.
    assert (halves[1, "high"], halves[1, "low"]) == split_hilo(shares[0])
    # The second has none (6-7-Q-J-T leaves no three cards of 8 or lower): it goes high.
    assert halves[2, "all"] == shares[1]


def test_phh_writes_every_runout_and_reads_it_back() -> None:
    hand = run_twice_example()
    hand.run_it(2)
    hand.run_it(2)
    text = to_phh(hand)
    boards = [line.strip().strip('",') for line in text.splitlines() if '"d db' in line]
    assert boards == ["d db 2c7d9h", "d db 3s", "d db 4c", "d db Kh8c5d", "d db Jh", "d db 2d"]
    shows = [line for line in text.splitlines() if " sm " in line]
    assert len(shows) == 2  # each hand shown once, before the runouts
    assert "_rules" not in text  # runouts are read from the boards, not from a field
    back = loads_phh(text)
    assert back.history == hand.history and back.stacks == hand.stacks
    assert back.boards == hand.boards and back.runout_payouts == hand.runout_payouts


def test_phh_board_cards_that_make_no_runouts_are_refused() -> None:
    hand = run_twice_example()
    hand.run_it(2)
    hand.run_it(2)
    text = to_phh(hand)
    short = text.replace('  "d db 2d",\n', "")
    with pytest.raises(InvalidHistoryError, match=r"the 9 board cards dealt after the all-in"):
        loads_phh(short)
    once = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100], hole_cards=["AsAd", "KsKd"], seed=2)
    once.call()
    while not once.is_over:
        once.check()
    river = f'"d db {once.board[4]}",'
    text = to_phh(once).replace(river, river + ' "d db 2h",')
    with pytest.raises(
        InvalidHistoryError, match="more than five board cards, and the board is not run again"
    ):
        loads_phh(text)
