"""The command line's draw games: ``equity`` and ``odds`` with each player's draw, ``eval``
of every draw game, ``simulate``'s betting per game."""

from __future__ import annotations

import json
from typing import Any

import pytest

import pokerforge.sim
from pokerforge import equity
from pokerforge.cli import main
from pokerforge.game import GameSpec

PAT, DRAWER = "8h6d4c3s2h", "7c5c3d2dKs"


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def test_equity_takes_each_players_draw(capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(capsys, "equity", "--game", "2-7-single-draw", PAT, DRAWER, "--draws", "pat", "1")
    # Exact: the drawer beats 8-6 with any of the three fours and three sixes among the 42
    # unseen cards (6 of 42 = 14.29%).
    assert f"{DRAWER}   14.29%" in out and "exact: 42 deals" in out
    assert out.splitlines()[1].endswith("pat") and out.splitlines()[2].endswith("Ks")
    # The cards to throw, by name, and JSON with the draws and the final hands.
    data = json.loads(
        _run(capsys, "equity", "--game", "N2L1D", PAT, DRAWER, "--draws", "pat", "Ks", "--json")
    )
    assert data["game"] == "2-7-single-draw" and data["exact"]
    drawer = data["players"][1]
    assert drawer["discards"] == ["Ks"] and drawer["equity"] == pytest.approx(6 / 42)
    assert drawer["final_hands"]["7-low"] == pytest.approx(6 / 42)
    assert data["players"][0]["discards"] == []


def test_equity_of_triple_draw_is_the_librarys(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["equity", "--game", "2-7-triple-draw", PAT, DRAWER, "--draws", "pat", "policy"]
    data = json.loads(_run(capsys, *argv, "--samples", "20000", "--seed", "5", "--json"))
    expected = equity(
        [PAT, DRAWER], game="2-7-triple-draw", draws=["pat", None], samples=20_000, seed=5
    )
    assert [p["equity"] for p in data["players"]] == [p.equity for p in expected.players]
    assert data["method"] == "monte-carlo" and data["deals"] == 20_000
    rounds = ["--draw-rounds", "1", "--draws", "pat", "1", "--json"]
    one = json.loads(_run(capsys, "equity", "--game", "2-7-triple-draw", PAT, DRAWER, *rounds))
    assert one["exact"] and one["players"][1]["equity"] == pytest.approx(6 / 42)


def test_odds_in_a_draw_game_lists_its_final_hands(capsys: pytest.CaptureFixture[str]) -> None:
    out = _run(capsys, "odds", "Kc7c3d5s", "--game", "badugi", "--samples", "5000")
    assert "(Badugi), board: none" in out
    assert "7-high badugi" in out and "three cards" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--game", "badugi", "Ac2d3h4s", "random", "--board", "2c3c4c"], "Badugi has no board"),
        (["AhKh", "QsQd", "--draws", "1", "pat"], "expected a draw game"),
        (["--game", "2-7-triple-draw", PAT, DRAWER, "--draws", "pat", "2h"], "2h"),
        (["--game", "2-7-triple-draw", PAT, DRAWER, "--draws", "pat"], "draws"),
        (["--game", "badugi", "Ac2d3h4s", "random", "--draw-rounds", "4"], "--draw-rounds 4"),
    ],
)
def test_equity_refuses_bad_draws_by_name(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["equity", *argv]) != 0
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(
    ("game", "cards", "first"),
    [
        ("2-7-single-draw", "7c5d4h3s2c", "7-5-4-3-2 low\n  class 7462 of 7462 (deuce-to-seven"),
        ("2-7-triple-draw", "Ac2d3h4s5c", "A-5-4-3-2 low\n  class 6678 of 7462"),  # no straight
        ("a-5-triple-draw", "Ac2d3h4s5c", "5-4-3-2-A low\n  class 6175 of 6175 (ace-to-five"),
        ("badugi", "Ac2d3h4s", "4-3-2-A badugi\n  class 1092 of 1092 (badugi)"),
        ("five-card-draw", "AcAdKhKsQc", "Two pair, aces and kings"),
    ],
)
def test_eval_ranks_every_draw_game(
    game: str, cards: str, first: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(capsys, "eval", "--game", game, cards).startswith(first)


def test_eval_refuses_a_draw_hand_of_the_wrong_size(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "--game", "five-card-draw", "AcAdKhKsQc2d"]) != 0
    assert "a five-card draw hand is 5 cards, but 6 were given" in capsys.readouterr().err
    assert main(["eval", "--game", "badugi", "AcAdKhKs2d"]) != 0
    assert "a badugi hand needs 4 cards, but 5 were given" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("game", "betting"),
    [
        ("2-7-triple-draw", "fixed-limit"),
        ("a-5-triple-draw", "fixed-limit"),
        ("badugi", "fixed-limit"),
        ("2-7-single-draw", "no-limit"),
        ("five-card-draw", "no-limit"),
    ],
)
def test_simulate_plays_each_draw_game_at_its_usual_betting(
    game: str, betting: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[GameSpec] = []
    real = pokerforge.sim.run

    def run(spec: GameSpec, **kwargs: Any) -> Any:
        seen.append(spec)
        return real(spec, **kwargs)

    monkeypatch.setattr(pokerforge.sim, "run", run)
    argv = ["simulate", "--game", game, "--hands", "10", "--players", "3", "--json"]
    data = json.loads(_run(capsys, *argv, "--policy", "tag,random,call"))
    assert data["hands"] == 10 and sum(seat["net"] for seat in data["seats"]) == 0
    assert seen[0].variant == game and seen[0].betting == betting
    if betting == "fixed-limit":  # the small bet is the big blind, the big bet twice it
        assert (seen[0].small_bet, seen[0].big_bet) == (2, 4)


def test_stats_reads_the_simulated_draw_hands(
    tmp_path: Any, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    argv = ["simulate", "--game", "badugi", "--players", "3", "--hands", "12", "--json"]
    played = json.loads(_run(capsys, *argv, "--policy", "tag,random,call", "--out", "h.phhs"))
    data = json.loads(_run(capsys, "stats", "h.phhs", "--player", "tag", "--json"))
    assert data["hands"] == 12 and data["bad_hands"] == 0
    whole = next(row for row in data["players"] if row["position"] == "all")
    assert int(whole["net"]) == played["seats"][0]["net"]  # the PHH replays every chip
