"""Multi-table tournaments (rule 30b): balancing, breaking, the final table, places."""

from __future__ import annotations

import random

import pytest

from pokerforge.errors import IllegalActionError, InvalidSpecError
from pokerforge.game import (
    Decision,
    GameSpec,
    HandView,
    LegalActions,
    MultiTableTournament,
    Policy,
    TableHand,
)
from pokerforge.game.tournament import BlindSchedule, Level

# Whole multi-table tournaments, the same on every Python: on 3.11 only in the test command.
pytestmark = pytest.mark.slow

LEVELS = BlindSchedule(
    [Level(b, 2 * b, ante=b // 4, length=60) for b in (5, 10, 20, 40, 80, 160, 300)]
    + [Level(500, 1000, 200)]
)


def _policy(rng: random.Random) -> Policy:
    def decide(view: HandView, legal: LegalActions) -> Decision:
        r = rng.random()
        if legal.max_raise_to is not None and legal.min_raise_to is not None and r < 0.25:
            return Decision.raise_to(legal.max_raise_to if r < 0.08 else legal.min_raise_to)
        if legal.check:
            return Decision.check()
        return Decision.call() if r < 0.7 else Decision.fold()

    return decide


def _between(a: int, b: int, seat: int, size: int) -> bool:
    return 0 < (seat - a) % size < (b - a) % size


@pytest.mark.parametrize("seed", range(1, 31))
def test_random_three_table_tournament(seed: int) -> None:
    rng = random.Random(seed)
    players = [(f"P{i:02}", rng.choice((500, 1000, 1500))) for i in range(27)]
    total = sum(chips for _, chips in players)
    event = MultiTableTournament(GameSpec(), LEVELS, players=players, seats=9, seed=seed)
    assert len(event.tables) == 3 and event.final_table is None
    decide = _policy(rng)
    last: dict[int, TableHand] = {}  # each table's previous hand
    last_bb_hand: dict[str, int] = {}  # each player's last hand dealt in as the big blind
    dealt: dict[str, int] = {}  # each player's last hand dealt in
    count = 0
    while not event.is_over:
        for number in sorted(event.tables):
            if event.is_over or number not in event.tables:
                continue
            table = event.tables[number]
            if table.button is None:
                continue
            done = event.play_hand(number, decide)
            count += 1
            assert event.total_chips == total
            sizes = [len(t.players) for t in event.tables.values()]
            assert max(sizes) - min(sizes) <= 1  # balanced after every hand
            bb_name = done.names[done.seats.index(done.big_blind)]
            for name in done.names:
                if name == bb_name:
                    # Nobody posts the big blind in two hands in a row.
                    assert last_bb_hand.get(name, -2) != dealt.get(name, -1)
                    last_bb_hand[name] = count
                dealt[name] = count
            prev = last.get(number)
            if prev is not None:
                assert done.big_blind != prev.big_blind
                for seat in set(prev.seats) & set(done.seats):
                    if prev.names[prev.seats.index(seat)] == done.names[done.seats.index(seat)]:
                        # Nobody at the table skips the big blind.
                        assert not _between(prev.big_blind, done.big_blind, seat, 9)
            last[number] = done
        assert count < 20_000
    assert event.winner is not None and event.places[event.winner] == 1
    places = sorted(event.places.values())
    assert len(places) == 27 and places[0] == 1
    # Competition ranking: equal stacks busting in one hand share the better place.
    assert all(place == 1 + sum(1 for p in places if p < place) for place in places)
    assert event.final_table is not None and len(event.tables) == 1
    assert {m.reason for m in event.moves} == {"balance", "break"}
    assert event.tables[event.final_table].total_chips == total


def test_balancing_moves_the_next_big_blind_to_the_seat_that_pays_the_same() -> None:
    players = [(f"P{i}", 1000) for i in range(10)]
    event = MultiTableTournament(GameSpec(), LEVELS, players=players, seats=6, seed=5)
    assert sorted(len(t.players) for t in event.tables.values()) == [5, 5]
    # Two players at table 1 leave, making it 3 against 5.
    one, two = event.tables[1], event.tables[2]
    for player in list(one.players)[:2]:
        one.leave(player.seat)
    mover = two.big_blind
    target_seat = one.seats_toward_big_blind()[0]
    event._rebalance()  # what finish_hand does after every hand
    (move,) = event.moves
    assert (move.from_table, move.from_seat, move.to_table, move.to_seat) == (
        2, mover, 1, target_seat)  # fmt: skip
    assert move.reason == "balance"
    assert one.big_blind == target_seat  # the moved player pays the big blind next


def test_tables_break_in_the_order_drawn_in_advance() -> None:
    players = [(f"P{i}", 1000) for i in range(12)]
    event = MultiTableTournament(GameSpec(), LEVELS, players=players, seats=5, seed=8)
    assert len(event.tables) == 3 and sorted(event.break_order) == [1, 2, 3]
    first = event.break_order[0]
    # Four players leave: 8 fit at two tables of five, so the first table drawn breaks.
    for _ in range(4):
        table = max(event.tables.values(), key=lambda t: len(t.players))
        table.leave(table.players[0].seat)
    event._rebalance()
    assert first not in event.tables and len(event.tables) == 2
    assert all(m.from_table == first for m in event.moves if m.reason == "break")
    assert event.players_left == 8


def test_bad_tournaments() -> None:
    with pytest.raises(InvalidSpecError, match="at least two players"):
        MultiTableTournament(GameSpec(), LEVELS, players=[("A", 10)])
    with pytest.raises(InvalidSpecError, match="entered twice"):
        MultiTableTournament(GameSpec(), LEVELS, players=[("A", 10), ("A", 10)])
    with pytest.raises(InvalidSpecError, match="do not fit"):
        MultiTableTournament(GameSpec(), LEVELS, players=[(str(i), 10) for i in range(7)],
                             seats=3, tables=2)  # fmt: skip
    event = MultiTableTournament(GameSpec(), LEVELS, players=[("A", 10), ("B", 10)])
    with pytest.raises(InvalidSpecError, match="no table 7"):
        event.start_hand(7)
    event.start_hand(1)
    with pytest.raises(IllegalActionError, match="in progress"):
        event.start_hand(1)
