"""Mixed games: a rotation of games at a table and in a tournament (rule 30c)."""

from __future__ import annotations

import warnings

import pytest

from pokerforge.errors import InvalidSpecError
from pokerforge.game import Decision, GameSpec, Rotation, Table, to_phh
from pokerforge.game.positions import seat_order
from pokerforge.game.tournament import BlindSchedule, Level, Tournament
from pokerforge.sim.policies import RandomPolicy

HORSE = ["holdem", "omaha-hilo", "razz", "stud", "stud-hilo"]


def _calls(view: object, legal: object) -> Decision:
    return Decision.check_or_call()


def _table(rotation: Rotation, players: int, chips: int = 1_000) -> Table:
    table = Table(rotation, seats=players, seed=11)
    for seat in range(players):
        table.sit(seat, f"p{seat}", chips)
    return table


def test_a_horse_table_deals_each_game_its_hands_in_turn() -> None:
    table = _table(Rotation.horse(small_bet=4, big_bet=8, hands=3), 6)
    games = [table.play_hand(_calls).hand.spec.variant for _ in range(30)]
    assert games == [game for game in HORSE for _ in range(3)] * 2
    assert all(h.hand.spec.betting == "fixed-limit" for h in table.hands)
    # The button moves one seat a hand through every game, stud's included.
    buttons = [h.button for h in table.hands]
    assert buttons == [(buttons[0] + i) % 6 for i in range(30)]


def test_an_orbit_is_as_many_hands_as_players_dealt_into_the_game_s_first() -> None:
    rotation = Rotation(["holdem-fl", "razz"], every="orbit", small_bet=2)
    table = _table(rotation, 5, chips=12)
    while len(table.players) > 1 and len(table.hands) < 200:
        table.play_hand(RandomPolicy(3))
    # Each turn of a game: its hands, and the players dealt into its first hand.
    turns: list[tuple[str, int, int]] = []
    for done in table.hands:
        game = done.hand.spec.variant
        if turns and turns[-1][0] == game:
            turns[-1] = (game, turns[-1][1] + 1, turns[-1][2])
        else:
            turns.append((game, 1, len(done.seats)))
    assert len(turns) > 3
    assert all(hands == players for _, hands, players in turns[:-1])  # the last may go on
    assert len({players for _, _, players in turns}) > 1  # players busted on the way


def test_a_mixed_tournament_raises_every_game_s_stakes() -> None:
    schedule = BlindSchedule(
        [
            Level(1, 2, ante=1, bring_in=1, small_bet=2, big_bet=4, length=10),
            Level(2, 4, ante=1, bring_in=2, small_bet=4, big_bet=8),
        ]
    )
    rotation = Rotation.horse(small_bet=2, hands=2)
    event = Tournament(rotation, schedule, players=[(f"p{i}", 60) for i in range(4)], seed=5)
    while not event.is_over:
        event.play_hand(RandomPolicy(1))
    first, later = event.table.hands[0].hand.spec, event.table.hands[10].hand.spec
    assert (first.variant, first.blinds, first.ante, first.small_bet) == ("holdem", (1, 2), 0, 2)
    razz = [h.hand.spec for h in event.table.hands if h.hand.spec.variant == "razz"]
    assert (razz[0].ante, razz[0].bring_in) == (1, 1)
    assert later.small_bet == 4 and event.winner is not None


def test_rotations_are_checked() -> None:
    with pytest.raises(InvalidSpecError, match="give one of them"):
        Rotation(["holdem-fl"], small_bet=2)
    with pytest.raises(InvalidSpecError, match="needs its limits"):
        Rotation(["razz"], hands=2)
    with pytest.raises(InvalidSpecError, match="'pineapple' is not a game"):
        Rotation(["pineapple"], hands=2, small_bet=2)
    with pytest.raises(InvalidSpecError, match="hands must be a whole number"):
        Rotation([GameSpec()], hands=0)
    spec = Rotation(["holdem-nl", "omaha"], hands=1, small_bet=10).games
    assert [(s.variant, s.betting, s.blinds) for s in spec] == [
        ("holdem", "no-limit", (5, 10)),
        ("omaha", "pot-limit", (5, 10)),
    ]


@pytest.mark.slow  # pokerkit's work, the same on every Python: 3.11 only in the test command
def test_a_horse_table_s_histories_replay_in_pokerkit() -> None:
    # Every player checks or calls: no raise, so neither pokerkit's heads-up cap nor the
    # open pair (rule 39) comes in; pokerkit pays split pots' odd chips in its own order.
    # (pokerkit needs Python 3.11: imported here, in a test the other versions leave out.)
    from pokerkit import HandHistory  # noqa: PLC0415

    table = _table(Rotation.horse(small_bet=4, big_bet=8, hands=6), 5)
    for _ in range(60):
        done = table.play_hand(_calls)
        hand = done.hand
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)
            state = tuple(HandHistory.loads(to_phh(hand)))[-1]
        order = list(seat_order(len(done.seats), hand.button))
        theirs = tuple(state.stacks[order.index(s)] for s in range(len(done.seats)))
        assert sum(theirs) == sum(hand.stacks)
        assert all(abs(a - b) <= 1 for a, b in zip(theirs, hand.stacks, strict=True)), hand
    assert {h.hand.spec.variant for h in table.hands} == set(HORSE)
