"""Short-deck (6+) Hold'em equity: spots where the short deck's order decides, the switch
between three of a kind and a straight, its named errors, and Monte Carlo against exact.

The core's suite checks exact enumeration against a brute force over every opponent hand
and runout (rust/core/tests/short_deck_equity.rs); pokerkit's own short-deck equity is
compared in test_equity_short_deck_pokerkit.py.
"""

from __future__ import annotations

import re

import pytest

from pokerforge import Category, equity
from pokerforge.errors import InvalidCardError, InvalidRangeError, InvalidSpecError


def shares(players: list[str], board: str, **options: object) -> list[float]:
    result = equity(players, board, game="short-deck", method="exact", **options)  # type: ignore[arg-type]
    assert result.exact
    return [p.equity for p in result.players]


def test_a_flush_beats_a_full_house() -> None:
    # Queen-high hearts against nines full of kings: the full house wins in Hold'em.
    players, board = ["QhJh", "9dKd"], "AhKh9h9s6c"
    assert shares(players, board) == [1.0, 0.0]
    holdem = equity(players, board, method="exact")
    assert [p.equity for p in holdem.players] == [0.0, 1.0]
    flush = equity(players, board, game="short-deck", method="exact").players[0]
    assert flush.categories[Category.FLUSH] == 1.0


def test_ace_six_seven_eight_nine_is_a_straight() -> None:
    # A-6-7-8-9 is the short deck's lowest straight; in Hold'em it is ace high.
    players, board = ["Ah9s", "KhQh"], "6c7d8hKsQd"
    assert shares(players, board) == [1.0, 0.0]
    result = equity(players, board, game="short-deck", method="exact")
    assert result.players[0].categories[Category.STRAIGHT] == 1.0
    assert [p.equity for p in equity(players, board, method="exact").players] == [0.0, 1.0]


def test_the_switch_orders_three_of_a_kind_and_a_straight() -> None:
    # Six to ten against three kings.
    players, board = ["7c6c", "KdKh"], "Ts9d8hKcAd"
    assert shares(players, board) == [0.0, 1.0]  # default: trips above a straight
    assert shares(players, board, trips_beat_straight=True) == [0.0, 1.0]
    assert shares(players, board, trips_beat_straight=False) == [1.0, 0.0]


def test_the_deck_has_36_cards() -> None:
    # On the turn 36 - 4 - 4 = 28 rivers are left; a dead card takes one more.
    result = equity(["AhKh", "QsQd"], "6h7hQc9s", game="short-deck", method="exact")
    assert result.deals == 28
    assert equity(["AhKh", "QsQd"], "6h7hQc9s", "Tc", game="short-deck").deals == 27
    # A random hand is dealt from the 30 cards left: 30 * 29 / 2 hands, 28 rivers each.
    random = equity(["AhKh", "random"], "6h7hQc9s", game="short-deck", method="exact")
    assert random.deals == 30 * 29 // 2 * 28


def test_ranges_drop_their_combos_below_the_six() -> None:
    wide = shares(["AhKh", "22+"], "6h7hQc")
    assert wide == shares(["AhKh", "66+"], "6h7hQc")
    assert wide == shares(["AhKh", "AA,KK,QQ,JJ,TT,99,88,77,66"], "6h7hQc")


@pytest.mark.parametrize(
    ("players", "board", "dead", "where", "card"),
    [
        (["AhKh", "5c6c"], "", "", "players[1]", "5c"),
        (["AhKh", "random"], "2d7h8h", "", "board", "2d"),
        (["AhKh", "QQ"], "", "4s", "dead", "4s"),
    ],
)
def test_a_card_below_the_six_is_named(
    players: list[str], board: str, dead: str, where: str, card: str
) -> None:
    message = f"{re.escape(where)}: the card {card} is not in the short deck"
    with pytest.raises(InvalidCardError, match=message):
        equity(players, board, dead, game="short-deck")


def test_a_range_with_no_short_deck_combo_is_refused() -> None:
    with pytest.raises(InvalidRangeError, match="player 1's range leaves no possible hand"):
        equity(["AhKh", "22-55"], game="short-deck")


@pytest.mark.parametrize("value", [1, "yes", None])
def test_the_switch_is_a_bool_for_short_deck_alone(value: object) -> None:
    if value is None:
        with pytest.raises(InvalidSpecError, match=r"trips_beat_straight.*short-deck"):
            equity(["AhKh", "QsQd"], trips_beat_straight=False)
        return
    with pytest.raises(InvalidSpecError, match=f"trips_beat_straight.*{value!r}"):
        equity(["AhKh", "QsQd"], game="short-deck", trips_beat_straight=value)  # type: ignore[arg-type]


def test_every_short_deck_name_is_the_game() -> None:
    turn = ["AhKh", "QsQd"], "6h7hQc9s"
    want = shares(*turn)
    for name in ("6+", "Six_Plus_Holdem", "shortdeck", "NS"):
        got = equity(*turn, game=name, method="exact")  # type: ignore[arg-type]
        assert [p.equity for p in got.players] == want


@pytest.mark.parametrize("trips_beat_straight", [True, False])
def test_monte_carlo_agrees_with_exact(trips_beat_straight: bool) -> None:
    players, board = ["9c8c", "QQ+, 66, AJs", "random"], "Td7hJh"
    exact = equity(
        players,
        board,
        game="short-deck",
        method="exact",
        trips_beat_straight=trips_beat_straight,
    )
    sampled = equity(
        players,
        board,
        game="short-deck",
        samples=40_000,
        seed=3,
        trips_beat_straight=trips_beat_straight,
    )
    assert sampled.method == "monte-carlo" and sampled.deals == 40_000
    for e, m in zip(exact.players, sampled.players, strict=True):
        assert abs(m.equity - e.equity) <= 4 * m.stderr
        for category in Category:
            assert abs(m.categories[category] - e.categories[category]) <= 0.02


def test_auto_does_not_answer_from_the_holdem_table() -> None:
    # Heads-up pre-flop against a random hand, where Hold'em answers from its shipped
    # table (0.6704 for AKs): short deck enumerates its own 561 hands.
    result = equity(["AhKh", "random"], game="short-deck")
    assert result.exact and result.deals == 561 * 201_376  # C(34, 2) hands, C(32, 5) boards
    assert round(equity(["AhKh", "random"]).players[0].equity, 4) == 0.6704
    assert round(result.players[0].equity, 4) == 0.6108
