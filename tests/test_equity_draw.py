"""Draw-game equity from Python: hand-counted spots, the named errors, seeds and threads.

The exhaustive checks (exact against every ordered deal of the stub, Monte Carlo over three
draws against the same brute force) are the Rust suite's (rust/core/tests/draw_equity.rs);
these pin what the Python surface adds: argument conversion, result objects, errors.
"""

from __future__ import annotations

from typing import get_args

import pytest

from pokerforge import CardSet, _core, equity, evaluate_low_27
from pokerforge.equity import draw_policy
from pokerforge.errors import (
    CardCountError,
    DuplicateCardError,
    InvalidCardError,
    InvalidSpecError,
)
from pokerforge.games import DRAW_GAME_NAMES, GAMES, DrawGameName


def count_one_card(pat: str, drawer: str, thrown: str) -> tuple[int, int, int, int]:
    """By hand: every card the drawer can catch, with the pat hand's result against it.

    Answers (unseen cards, drawer wins, ties, drawer's seven-lows)."""
    seen = CardSet(pat) | CardSet(drawer)
    kept = CardSet(drawer) - CardSet(thrown)
    stub = [card for card in CardSet.from_mask((1 << 52) - 1) if card not in seen]
    target = evaluate_low_27(pat)
    wins = ties = sevens = 0
    for card in stub:
        final = evaluate_low_27(kept | CardSet([card]))
        wins += final > target
        ties += final == target
        sevens += str(final).startswith("7") and final.describe().endswith("low")
    return len(stub), wins, ties, sevens


@pytest.mark.parametrize(
    ("pat", "drawer", "thrown"),
    [
        # The nuts against 7-5-4-3 drawing one: only a deuce ties (no flush is possible).
        ("7h5d4c3s2h", "7c5c4d3dKs", "Ks"),
        # A pat 8-6-4-3-2 against 7-5-3-2: a four or a six wins.
        ("8h6d4c3s2h", "7c5c3d2dKs", "Ks"),
        # Drawing to 6-5-4-3: a deuce makes a straight, a seven 7-6-5-4-3 (a straight too).
        ("7h5d4c3s2h", "6c5c4d3dKs", "Ks"),
    ],
)
def test_a_pat_hand_against_one_card_counted_by_hand(pat: str, drawer: str, thrown: str) -> None:
    unseen, wins, ties, sevens = count_one_card(pat, drawer, thrown)
    result = equity([pat, drawer], game="2-7-single-draw", draws=["pat", 1])
    assert result.exact and result.method == "exact" and result.deals == unseen == 42
    p0, p1 = result.players
    assert p1.win == pytest.approx(wins / unseen, abs=1e-12)
    assert p1.tie == pytest.approx(ties / unseen, abs=1e-12)
    assert p1.equity == pytest.approx((wins + ties / 2) / unseen, abs=1e-12)
    assert p0.equity + p1.equity == pytest.approx(1.0, abs=1e-12)
    assert p1.discards == CardSet(thrown) and p0.discards == CardSet()
    assert p1.final_hands is not None
    assert p1.final_hands["7-low"] == pytest.approx(sevens / unseen, abs=1e-12)
    assert sum(p1.final_hands.values()) == pytest.approx(1.0, abs=1e-12)
    # The pat hand keeps its class; no-pair lows are HIGH_CARD in categories.
    assert p0.final_hands is not None and p0.final_hands[f"{pat[0]}-low"] == 1.0


def test_the_same_draw_given_as_a_count_as_cards_and_by_the_policy() -> None:
    hands = ["8h6d4c3s2h", "7c5c3d2dKs"]
    by_count = equity(hands, game="2-7-single-draw", draws=["pat", 1])
    by_cards = equity(hands, game="2-7-single-draw", draws=[0, "Ks"])
    by_policy = equity(hands, game="2_7_Single_Draw")
    assert by_count == by_cards == by_policy
    assert draw_policy("2-7-single-draw", "7c5c3d2dKs") == CardSet("Ks")
    assert draw_policy("badugi", "Kc2d3h4s", draws_left=2) == CardSet("Kc")
    assert draw_policy("badugi", "Kc2d3h4s", draws_left=1) == CardSet()


def test_a_seed_replays_on_any_thread_count() -> None:
    hands = ["7h5d4c3s2h", "random", "9c8c6d2dKs"]
    runs = [equity(hands, game="2-7-triple-draw", samples=8192, seed=11, threads=t) for t in (1, 2)]
    assert runs[0] == runs[1]
    assert runs[0].seed == 11 and runs[0].deals == 8192 and runs[0].method == "monte-carlo"
    assert runs[0].players[1].discards is None
    other = equity(hands, game="2-7-triple-draw", samples=8192, seed=12)
    assert other.players[0].equity != runs[0].players[0].equity


def test_each_game_reports_its_own_final_hands() -> None:
    badugi = equity(["Ac2d3h4s", "random"], game="badugi", samples=4096, seed=1)
    assert badugi.players[0].categories == {}
    assert badugi.players[0].final_hands is not None
    assert badugi.players[0].final_hands["4-high badugi"] == 1.0
    five = equity(["AhAdAcKsKh", "2c3d4h5s7c"], game="five-card-draw", method="exact")
    assert five.players[0].equity == 1.0 and five.players[0].final_hands == {
        "straight flush": 0.0,
        "four of a kind": 0.0,
        "full house": 1.0,
        "flush": 0.0,
        "straight": 0.0,
        "three of a kind": 0.0,
        "two pair": 0.0,
        "pair": 0.0,
        "high card": 0.0,
    }
    a5 = equity(["5h4d3c2sAh", "6c4c3d2dAs"], game="a-5-triple-draw", draw_rounds=0)
    assert a5.exact and a5.players[0].win == 1.0
    assert a5.players[1].final_hands is not None and a5.players[1].final_hands["6-low"] == 1.0


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        (
            {"players": ["7h5d4c3s", "9c8c6d2dKs"]},
            CardCountError,
            r"players\[0\]: a draw-game hand needs 5 cards, but 4 were given",
        ),
        (
            {"players": ["7h5d4c3s2h", "9c8c6d2dKs"], "board": "AhKhQh"},
            InvalidSpecError,
            r"board: board = '\w+' is not allowed: expected no board",
        ),
        (
            {"draws": ["pat", 6]},
            InvalidSpecError,
            r"players\[1\]: draws = 6 is not allowed: expected a draw of 0 to 5 cards",
        ),
        (
            {"draws": [-1, "pat"]},
            InvalidSpecError,
            r"players\[0\]: draws = -1 is not allowed",
        ),
        (
            {"draws": ["pat", "As"]},
            InvalidSpecError,
            r"draws = 'As' \(As not in the hand\)",
        ),
        ({"draws": ["pat"]}, InvalidSpecError, r"one draw per player"),
        ({"draws": ["pat", "Kx"]}, InvalidCardError, r"players\[1\]: 'Kx' is not a card"),
        (
            {"players": ["7h5d4c3s2h", "7h8c6d2dKs"]},
            DuplicateCardError,
            r"players\[1\]: the card 7h is given more than once",
        ),
        ({"draw_rounds": 4}, InvalidSpecError, r"draw_rounds = 4 is not allowed"),
        ({"method": "exact"}, InvalidSpecError, r"exact draw equity needs one drawing round"),
        ({"players": ["QQ+", "9c8c6d2dKs"]}, InvalidSpecError, r"ranges are Hold'em only"),
        (
            {"game": "holdem", "players": ["AhKh", "QsQd"], "draws": [1, 1]},
            InvalidSpecError,
            r"expected a draw game",
        ),
        ({"players": ["random"] * 10}, InvalidSpecError, r"2 to 9"),
        ({"trips_beat_straight": False}, InvalidSpecError, r"is short-deck's switch"),
        (
            {"game": "five-card-draw", "draws": [4, 4], "method": "exact"},
            InvalidSpecError,
            r"sets of replacement cards, past the limit of 2\*\*30 sets",
        ),
    ],
)
def test_bad_requests_raise_named_errors(
    kwargs: dict[str, object], error: type[Exception], message: str
) -> None:
    args: dict[str, object] = {
        "players": ["7h5d4c3s2h", "9c8c6d2dKs"],
        "game": "2-7-triple-draw",
        "draws": None,
    }
    args.update(kwargs)
    players = args.pop("players")
    with pytest.raises(error, match=message):
        equity(players, **args)  # type: ignore[arg-type]


def test_a_draw_game_through_the_board_path_names_the_game() -> None:
    with pytest.raises(InvalidSpecError, match=r"game = \"badugi\" is not allowed"):
        _core.equity(["Ac2d3h4s", "random"], game="badugi")


def test_dead_cards_leave_the_stub() -> None:
    # Two of the three fours are known discards: the drawer's outs are the 4s and three
    # sixes among the 40 unseen cards.
    hands = ["8h6d4c3s2h", "7c5c3d2dKs"]
    result = equity(hands, dead="4d4h", game="2-7-single-draw", draws=["pat", 1])
    assert result.deals == 40
    assert result.players[1].equity == pytest.approx(4 / 40, abs=1e-12)
    with pytest.raises(DuplicateCardError, match=r"dead: the card 2h") as caught:
        equity(hands, dead="2h", game="2-7-single-draw")
    assert getattr(caught.value, "location", None) == "dead"


def test_the_draw_names_are_the_cores() -> None:
    assert set(get_args(DrawGameName)) == set(DRAW_GAME_NAMES)
    canonical = set(DRAW_GAME_NAMES.values())
    assert canonical == {
        "2-7-single-draw",
        "2-7-triple-draw",
        "a-5-triple-draw",
        "badugi",
        "five-card-draw",
    }
    assert canonical <= set(GAMES)  # the equity games, every one
    for name in DRAW_GAME_NAMES:
        result = equity(
            ["Ac2d3h4s", "Ad2c3s4h"]
            if DRAW_GAME_NAMES[name] == "badugi"
            else ["7h5d4c3s2h", "7c5c4d3d2s"],
            game=name.upper(),
            draw_rounds=0,
        )
        assert result.players[0].tie == 1.0
