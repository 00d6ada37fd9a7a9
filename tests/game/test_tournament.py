"""Tournaments: schedules by hands and by time (rule 30), places (TR 126b), long random runs."""

from __future__ import annotations

import random

import pytest

from pokerforge.errors import IllegalActionError, InvalidSpecError
from pokerforge.game import (
    Decision,
    GameSpec,
    HandView,
    LegalActions,
    Policy,
    PostAnte,
    RuleProfile,
    TableHand,
)
from pokerforge.game.tournament import BlindSchedule, Level, Tournament

SPEC = GameSpec()


def _fold(view: HandView, legal: LegalActions) -> Decision:
    return Decision.fold()


def test_levels_by_hands() -> None:  # rule 30
    schedule = BlindSchedule([Level(1, 2, length=3), Level(2, 4, length=2), Level(5, 10, ante=1)])
    event = Tournament(SPEC, schedule, players=[("A", 500), ("B", 500), ("C", 500)], seed=1)
    blinds = [(event.play_hand(_fold).hand.spec.blinds, event.level_number) for _ in range(7)]
    assert blinds == [((1, 2), 1)] * 3 + [((2, 4), 2)] * 2 + [((5, 10), 3)] * 2
    assert event.table.hands[-1].hand.spec.ante == 1


def test_levels_by_time_apply_from_the_next_hand() -> None:  # rule 30
    now = [100.0]
    schedule = BlindSchedule([Level(1, 2, length=60), Level(2, 4)], unit="seconds")
    event = Tournament(SPEC, schedule, players=[("A", 500), ("B", 500)], clock=lambda: now[0])
    now[0] = 159.0
    hand = event.start_hand()
    assert hand.spec.blinds == (1, 2)
    now[0] = 170.0  # the level expires during the hand
    hand.call()
    assert hand.spec.blinds == (1, 2)
    hand.check()
    while not hand.is_over:
        hand.check()
    event.finish_hand()
    assert event.start_hand().spec.blinds == (2, 4) and event.level_number == 2


def test_fixed_limit_bets_follow_the_level() -> None:
    spec = GameSpec(betting="fixed-limit", blinds=(1, 2), small_bet=2, big_bet=4)
    schedule = BlindSchedule([Level(5, 10)])
    event = Tournament(spec, schedule, players=[("A", 500), ("B", 500)])
    hand = event.start_hand()
    assert (hand.spec.small_bet, hand.spec.big_bet) == (10, 20)


@pytest.mark.parametrize(
    ("levels", "message"),
    [
        ([Level(1, 2, length=5), Level(1, 2)], "level 2 .* changes nothing on level 1"),
        (
            [Level(1, 2, length=5), Level(2, 4, length=5), Level(1, 8)],
            "level 3 .* lowers the blinds of level 2",
        ),
        ([Level(1, 2), Level(2, 4)], "level 1 needs a length"),
        ([Level(1, 2, length=0), Level(2, 4)], "level 1's length must be above 0"),
        ([Level(4, 2)], "level 1: the big blind"),
        ([], "at least one level"),
    ],
)
def test_bad_schedules(levels: list[Level], message: str) -> None:
    with pytest.raises(InvalidSpecError, match=message):
        BlindSchedule(levels)


def test_a_level_may_lower_or_change_the_ante() -> None:  # rule 30
    schedule = BlindSchedule([
        Level(1, 2, ante=1, length=1),
        Level(2, 4, ante=0, length=1),  # the ante drops
        Level(2, 4, ante=4, ante_kind="big-blind", length=1),  # and comes back as a BB ante
        Level(3, 6, ante=1, ante_kind="uniform"),
    ])  # fmt: skip
    event = Tournament(SPEC, schedule, players=[("A", 500), ("B", 500), ("C", 500)], seed=1)
    seen = []
    for _ in range(4):
        done = event.play_hand(_fold)
        antes = [r.amount for r in done.hand.history if isinstance(r, PostAnte)]
        seen.append((done.hand.spec.ante_kind, antes))
    assert seen == [("uniform", [1, 1, 1]), ("uniform", []), ("big-blind", [4]),
                    ("uniform", [1, 1, 1])]  # fmt: skip
    assert event.table.total_chips == 1500


def test_several_bust_in_one_hand_places() -> None:  # rule 30; TR 126b
    schedule = BlindSchedule([Level(1, 2)])
    players = [("A", 100), ("B", 30), ("C", 20), ("D", 20), ("E", 100)]
    event = Tournament(SPEC, schedule, players=players, seed=4)
    # Button A, blinds B and C; D, B and C go all-in and lose to A; E folds.
    hand = event.table.start_hand(
        hole_cards=["AhAd", "7c2d", "8c3d", "9c4d", "6s5s"], board="KsQdJc4h2s"
    )
    hand.raise_to(20)  # D, all-in
    hand.fold()  # E
    hand.raise_to(100)  # A
    hand.call()  # B, all-in
    hand.call()  # C, all-in
    done = event.finish_hand()
    assert done.eliminated == ("B", "C", "D")
    assert event.places == {"B": 3, "C": 4, "D": 4}  # equal starting chips share a place
    # The two left play to a winner all-in every hand (checking down would take many).
    event.play(lambda view, legal: Decision.all_in() if legal.max_raise_to else Decision.call())
    assert event.is_over and event.winner in ("A", "E")
    assert [place for place, _ in event.standings] == [1, 2, 3, 4, 4]
    with pytest.raises(IllegalActionError, match="over"):
        event.start_hand()


def _random_policy(rng: random.Random) -> Policy:
    def decide(view: HandView, legal: LegalActions) -> Decision:
        r = rng.random()
        if legal.min_raise_to is not None and legal.max_raise_to is not None and r < 0.3:
            all_in = rng.random() < 0.1
            return Decision.raise_to(legal.max_raise_to if all_in else legal.min_raise_to)
        if legal.check:
            return Decision.check()
        if r < 0.75:
            return Decision.call()
        return Decision.fold()

    return decide


def _between(a: int, b: int, seat: int, size: int) -> bool:
    """Whether ``seat`` is strictly between ``a`` and ``b`` going clockwise."""
    return 0 < (seat - a) % size < (b - a) % size


def _check_blinds(prev: TableHand, cur: TableHand, size: int) -> None:
    assert cur.big_blind != prev.big_blind  # nobody posts the big blind twice in a row
    both = set(prev.seats) & set(cur.seats)
    for seat in both:  # nobody skips the big blind
        assert not _between(prev.big_blind, cur.big_blind, seat, size)


@pytest.mark.parametrize("seed", range(12))
def test_long_random_tournament(seed: int) -> None:
    rng = random.Random(seed)
    count = rng.randint(2, 10)
    players = [(f"P{i}", rng.choice((100, 150, 200, 300))) for i in range(count)]
    total = sum(chips for _, chips in players)
    levels = [Level(b, 2 * b, ante=b // 4, length=8) for b in (1, 2, 4, 8, 15, 30, 60, 120)]
    spec = GameSpec(ante_kind="big-blind") if seed % 2 else SPEC
    event = Tournament(
        spec, BlindSchedule([*levels, Level(250, 500, 100)]), players=players, seed=seed
    )
    decide = _random_policy(rng)
    prev: TableHand | None = None
    for _ in range(3000):
        if event.is_over:
            break
        done = event.play_hand(decide)
        assert event.table.total_chips == total
        if prev is not None:
            _check_blinds(prev, done, event.table.num_seats)
        prev = done
    assert event.is_over
    assert event.winner is not None and event.table.chips(event.table.players[0].seat) == total
    assert sorted(event.places.values())[0] == 1 and len(event.places) == count


@pytest.mark.parametrize("seed", range(3))
def test_long_random_tournament_moving_button(seed: int) -> None:
    rng = random.Random(100 + seed)
    players = [(f"P{i}", 200) for i in range(6)]
    spec = GameSpec(rules=RuleProfile(dead_button=False))
    levels = [Level(b, 2 * b, length=10) for b in (2, 5, 10, 25, 50)]
    event = Tournament(spec, BlindSchedule([*levels, Level(100, 200)]), players=players, seed=seed)
    decide = _random_policy(rng)
    while not event.is_over:
        done = event.play_hand(decide)
        assert event.table.total_chips == 1200
        if len(done.seats) == 2 and len(event.table.hands) > 1:
            before = event.table.hands[-2]
            assert done.big_blind != before.big_blind  # TR 87 heads-up
    assert event.winner is not None


def test_standings_is_a_property_and_the_old_call_warns() -> None:
    event = Tournament(SPEC, BlindSchedule([Level(1, 2)]), players=[("A", 50), ("B", 50)], seed=2)
    event.play(lambda view, legal: Decision.all_in() if legal.max_raise_to else Decision.call())
    assert event.standings[0] == (1, event.winner) and len(event.standings) == 2
    with pytest.warns(DeprecationWarning, match="a property now"):
        assert event.standings() == event.standings
