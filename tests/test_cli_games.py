"""The command offers the games beyond Hold'em and Omaha: short-deck equity and odds,
every variant's evaluator, and the simulator and ``stats`` over short deck and the stud
family."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import pokerforge
from pokerforge.cli import main
from pokerforge.games import equity_problem


def output(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(args) == 0, capsys.readouterr().err
    return capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "lines"),
    [
        (
            ["--game", "6+", "As9h8d7c6sKdQd"],
            [
                "Straight, nine high",
                "  class 877 of 1404 (straight)",
                "  best five: 9h 8d 7c 6s As",
            ],
        ),
        (
            ["--game", "short-deck", "--straight-beats-trips", "9s8d7h6cAsKdKh"],
            ["Straight, nine high", "  class 1129 of 1404 (straight)"],
        ),
        (["--game", "short-deck", "QhJh9h7h6hAsAd"], ["Flush, queen high"]),
        (["--game", "stud", "As", "Ad", "Ah", "9s", "9d"], ["Full house, aces full of nines"]),
        (
            ["--game", "stud8", "KsKd7h5c3d2sAh"],
            [
                "Pair of kings",
                "  class 3876 of 7462 (pair)",
                "  best five: Ks Kd Ah 7h 5c",
                "  low: 7-5-3-2-A low",
            ],
        ),
        (
            ["--game", "razz", "KsKd7h5c3d2sAh"],
            ["7-5-3-2-A low", "  class 6168 of 6175 (ace-to-five low)"],
        ),
    ],
)
def test_eval_ranks_every_variant(
    args: list[str], lines: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    shown = output(["eval", *args], capsys).splitlines()
    assert shown[: len(lines)] == lines


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["eval", "--game", "6+", "5s8d7h6cAs"], "the card 5s is not in the short deck"),
        (["eval", "--straight-beats-trips", "AsKsQsJsTs"], "--straight-beats-trips is short-deck"),
        (["equity", "AhKh", "QsQd", "--game", "omaha", "--straight-beats-trips"], "short-deck's"),
        (
            ["equity", "AhKh", "5c6c", "--game", "6+"],
            "player 2 (5c6c): the card 5c is not in the short",
        ),
    ],
)
def test_bad_requests_print_one_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    error = capsys.readouterr().err
    assert message in error and error.count("\n") == 1


def test_short_deck_equity_and_odds(capsys: pytest.CaptureFixture[str]) -> None:
    spot = ["9c8c", "JsJd", "--board", "Td7hJh6s", "--game", "6+", "--exact", "--json"]
    for extra, order in (([], True), (["--straight-beats-trips"], False)):
        data = json.loads(output(["equity", *spot, *extra], capsys))
        direct = pokerforge.equity(
            ["9c8c", "JsJd"], "Td7hJh6s", game="short-deck", trips_beat_straight=order
        )
        assert data["game"] == "short-deck"
        assert [p["equity"] for p in data["players"]] == [p.equity for p in direct.players]
    odds = output(["odds", "AhKh", "--game", "short-deck", "--board", "6h7hQc"], capsys)
    assert odds.startswith("AhKh against 1 random opponent (Short-deck Hold'em), board: 6h 7h Qc")
    # The final hands in short deck's order, best first.
    names = [line[:17].strip() for line in odds.splitlines() if line.endswith("%")][4:]
    assert names[2:6] == ["Flush", "Full house", "Three of a kind", "Straight"]


def test_a_stud_board_is_named_before_the_core_is_asked() -> None:
    # The command's check (equity itself learns the stud games on another branch).
    problem = equity_problem("stud", ["AhAd7c", "random"], "2c3d4h")
    assert problem == (
        "board",
        "Seven-card stud has no board: each player's cards are their own, so the board "
        "'2c3d4h' is not allowed",
    )
    assert equity_problem("razz", ["AhAd7c", None], "") is None


@pytest.mark.parametrize("game", ["short-deck", "stud", "stud-hilo", "razz"])
def test_simulate_and_stats_play_the_game(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "hands.phhs"
    args = ["simulate", "--game", game, "--players", "4", "--hands", "40", "--seed", "3"]
    summary = json.loads(
        output([*args, "--policy", "tag,random,call,random", "--out", str(out), "--json"], capsys)
    )
    assert summary["hands"] == 40
    assert sum(seat["net"] for seat in summary["seats"]) == 0  # chips are conserved
    text = out.read_text()
    code = {"short-deck": "NS", "stud": "F7S", "stud-hilo": "F7S/8", "razz": "FR"}[game]
    assert f'variant = "{code}"' in text
    if game != "short-deck":  # fixed-limit with antes, a bring-in and bets from --blinds 1/2
        assert "antes = [1, 1, 1, 1]" in text and "bring_in = 1" in text
        assert "small_bet = 2" in text and "big_bet = 4" in text
    stats = json.loads(output(["stats", str(out), "--json"], capsys))
    assert (stats["hands"], stats["bad_hands"], stats["disagreeing_records"]) == (40, 0, 0)
