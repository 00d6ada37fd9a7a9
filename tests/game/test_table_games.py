"""Every game at a table and in a tournament: hands go on through busts, rebuys and
levels, whatever the game's forced bets (blinds, a button blind, antes and a bring-in)."""

from __future__ import annotations

import random

import pytest

from pokerforge.errors import InvalidSpecError
from pokerforge.game import Decision, GameSpec, Table
from pokerforge.game.tournament import BlindSchedule, Level, Tournament
from pokerforge.sim.policies import RandomPolicy

# Long end-to-end play, the same on every Python: on 3.11 only in the test command.
pytestmark = pytest.mark.slow

_STUD = {"betting": "fixed-limit", "ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10}
_LIMIT = {"betting": "fixed-limit", "blinds": (1, 2), "small_bet": 2, "big_bet": 4}
SPECS = {
    "stud": GameSpec(variant="stud", **_STUD),  # type: ignore[arg-type]
    "razz": GameSpec(variant="razz", **_STUD),  # type: ignore[arg-type]
    "stud-hilo": GameSpec(variant="stud-hilo", **_STUD),  # type: ignore[arg-type]
    "2-7-triple-draw": GameSpec(variant="2-7-triple-draw", **_LIMIT),  # type: ignore[arg-type]
    "badugi": GameSpec(variant="badugi", **_LIMIT),  # type: ignore[arg-type]
    "short-deck": GameSpec(variant="short-deck", ante=1, button_blind=2),
    "holdem": GameSpec(blinds=(1, 2)),
}


def _calls(view: object, legal: object) -> Decision:
    return Decision.check_or_call()


@pytest.mark.parametrize("seed", range(40))
def test_a_stud_table_plays_on_after_a_bust(seed: int) -> None:
    # Four players with 20, everybody checking or calling: players bust and the others
    # play on (a stud hand once asked the table for blinds to leave dead).
    table = Table(SPECS["stud"], seats=4, seed=seed)
    for seat in range(4):
        table.sit(seat, f"p{seat}", 20)
    busts = 0
    while len(table.players) > 1:
        done = table.play_hand(_calls)
        busts += len(done.eliminated)
        assert done.hand.is_over
        assert sum(p.chips for p in table.players) == 80 - done.hand.rake
    assert busts == 3


@pytest.mark.parametrize("name", sorted(SPECS))
def test_every_game_plays_on_with_busts_and_rebuys(name: str) -> None:
    spec = SPECS[name]
    rng = random.Random(name)
    table = Table(spec, seats=4, seed=rng.getrandbits(32))
    names = [f"p{seat}" for seat in range(4)]
    for seat in range(4):
        table.sit(seat, names[seat], rng.randint(5, 40))
    policy = RandomPolicy(rng.getrandbits(16))
    rebuys = 0
    for _ in range(150):
        seated = {p.seat for p in table.players}
        for seat in range(4):  # a busted player buys in again
            if seat not in seated:
                table.sit(seat, names[seat], rng.randint(5, 40), wait_for_big_blind=False)
                rebuys += 1
        done = table.play_hand(policy)
        assert done.hand.is_over
    assert rebuys > 5


def test_a_stud_tournament_raises_the_ante_bring_in_and_limits() -> None:
    schedule = BlindSchedule(
        [
            Level(ante=1, bring_in=2, small_bet=5, big_bet=10, length=5),
            Level(ante=2, bring_in=5, small_bet=10, big_bet=20, length=5),
            Level(ante=5, bring_in=10, small_bet=25, big_bet=50),
        ]
    )
    players = [(f"p{i}", 200) for i in range(5)]
    event = Tournament(SPECS["stud"], schedule, players=players, seed=3)
    specs = []
    while not event.is_over:
        done = event.play_hand(RandomPolicy(7))
        specs.append(done.hand.spec)
    assert event.winner is not None and len(event.standings) == 5
    assert (specs[0].ante, specs[0].bring_in, specs[0].small_bet) == (1, 2, 5)
    assert (specs[5].ante, specs[5].bring_in, specs[5].small_bet) == (2, 5, 10)
    assert all(spec.variant == "stud" and spec.blinds == (0, 0) for spec in specs)


def test_levels_must_fit_the_game() -> None:
    blinds = BlindSchedule([Level(1, 2)])
    with pytest.raises(InvalidSpecError, match=r"level 1: .* stud needs a bring-in"):
        Tournament(SPECS["stud"], blinds, players=[("a", 100), ("b", 100)])
    stud = BlindSchedule([Level(ante=1, bring_in=2, small_bet=5, big_bet=10)])
    with pytest.raises(InvalidSpecError, match=r"level 1: .* holdem needs blinds in every level"):
        Tournament(SPECS["holdem"], stud, players=[("a", 100), ("b", 100)])
    with pytest.raises(InvalidSpecError, match="lowers the bring-in or the limits"):
        BlindSchedule(
            [
                Level(ante=1, bring_in=2, small_bet=5, big_bet=10, length=3),
                Level(ante=1, bring_in=2, small_bet=4, big_bet=8),
            ]
        )
