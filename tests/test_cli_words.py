"""Each game in its own words: the hand kinds' descriptions, and the odds and equity the
command prints with each game's own final hands (razz's lows, badugi's sizes, short deck's
order) and hi-lo's columns explained."""

from __future__ import annotations

import pytest

from pokerforge import _core
from pokerforge.cli import main
from pokerforge.errors import PokerError
from pokerforge.eval import (
    evaluate,
    evaluate_badugi,
    evaluate_low_27,
    evaluate_low_a5,
    evaluate_omaha_hilo,
    evaluate_short_deck,
)
from pokerforge.games import HAND_KINDS, ROWS, SHAPES, describe


def output(capsys: pytest.CaptureFixture[str], *args: str) -> list[str]:
    assert main(list(args)) == 0, capsys.readouterr().err
    return capsys.readouterr().out.splitlines()


@pytest.mark.parametrize(
    ("kind", "rank", "words"),
    [
        ("high", int(evaluate("KsKh9c9d2h")), "Two pair, kings and nines"),
        ("high", int(evaluate("AsKsQsJsTs")), "Royal flush"),
        (
            "omaha-high",
            int(evaluate_omaha_hilo("AhAd3c4c", "As7h8dKs2c")[0]),
            "Three of a kind, aces",
        ),
        ("short-deck-high", int(evaluate_short_deck("As9h8d7c6s")), "Straight, nine high"),
        ("a-5-low", int(evaluate_low_a5("8h6d5c3s2hKsKd")), "8-6-5-3-2 low"),
        ("a-5-low", int(evaluate_low_a5("8h8d5c3s2h")), "Pair of eights, 8-8-5-3-2"),
        ("eight-or-better", 0, "no low"),
        ("omaha-eight", 56, "5-4-3-2-A low"),
        ("2-7-low", int(evaluate_low_27("7h5d4c3s2h")), "7-5-4-3-2 low"),
        ("badugi", int(evaluate_badugi("7h5d3c2s")), "7-5-3-2 badugi"),
        ("badugi", int(evaluate_badugi("7h5d3c2c")), "7-5-2 (three cards)"),
    ],
)
def test_every_hand_kind_describes_known_hands(kind: str, rank: int, words: str) -> None:
    assert describe(kind, rank) == words


def test_descriptions_refuse_what_is_no_hand() -> None:
    with pytest.raises(PokerError, match="99999"):
        describe("badugi", 99_999)
    with pytest.raises(PokerError, match="kind = pineapple is not allowed"):
        _core.describe_hand("pineapple", 1)
    with pytest.raises(PokerError):
        describe("high", 0)  # every high hand qualifies: 0 is no class of it


def test_every_kind_has_words_and_classes() -> None:
    assert HAND_KINDS["a-5-low"].words == "ace-to-five low"
    assert HAND_KINDS["badugi"].classes == 1092
    for row in ROWS.values():
        for kind in (row.high, row.low):
            assert kind is None or describe(kind, HAND_KINDS[kind].classes)


def test_razz_odds_list_lows_not_high_hands(capsys: pytest.CaptureFixture[str]) -> None:
    lines = output(capsys, "odds", "As2d3h", "--game", "razz", "--samples", "20000")
    start = lines.index(next(line for line in lines if line.startswith("final")))
    table = lines[start : lines.index("", start)]
    assert table[0].split() == ["final", "ace-to-five", "low", "chance"]
    names = [line.rsplit(None, 1)[0].strip() for line in table[1:]]
    assert names == [
        "No pair", "Pair", "Two pair", "Three of a kind", "Full house", "Four of a kind"
    ]  # fmt: skip
    assert not any("Straight" in line or "Flush" in line for line in lines)
    made = float(table[1].split()[-1].rstrip("%"))
    assert made > 90  # three low cards to start: a made low nearly always


def test_badugi_odds_list_its_hand_sizes(capsys: pytest.CaptureFixture[str]) -> None:
    lines = output(capsys, "odds", "Ks9d5h2c", "--game", "badugi", "--samples", "5000")
    assert any(line.startswith("final badugi ") for line in lines)
    for size in ("three cards", "two cards", "one card", "9-high badugi"):
        assert any(line.startswith(size) for line in lines), size


@pytest.mark.parametrize("game", ["stud-hilo", "omaha-hilo"])
def test_hi_lo_odds_say_which_half_and_what_each_column_counts(
    capsys: pytest.CaptureFixture[str], game: str
) -> None:
    hand, board = ("As2d3h", []) if game == "stud-hilo" else ("As2d3hKc", ["--board", "4c5d9s"])
    lines = output(capsys, "odds", hand, *board, "--game", game, "--samples", "20000")
    rows = {line.split()[0]: float(line.split()[1].rstrip("%")) for line in lines[2:8]}
    assert list(rows) == ["scoop", "split", "lose", "equity", "high", "low"]
    assert rows["high"] + rows["low"] == pytest.approx(rows["equity"], abs=0.02)
    assert rows["scoop"] + rows["split"] + rows["lose"] == pytest.approx(100, abs=0.02)
    assert any(line.startswith("scoop: deals won whole") for line in lines)
    assert any(line.startswith("final high hand") for line in lines)


def test_hi_lo_equity_columns(capsys: pytest.CaptureFixture[str]) -> None:
    lines = output(capsys, "equity", "As2d3h", "KsKh7c", "--game", "stud-hilo", "--samples", "5000")
    assert lines[0].split() == ["player", "equity", "scoop", "split", "high", "low"]
    for line in lines[1:3]:
        equity, _, _, high, low = (float(x.rstrip("%")) for x in line.split()[1:])
        assert high + low == pytest.approx(equity, abs=0.02)
    assert "each half" in "\n".join(lines[3:6])


def test_short_deck_odds_in_its_order(capsys: pytest.CaptureFixture[str]) -> None:
    lines = output(capsys, "odds", "AhKh", "--game", "short-deck", "--samples", "5000")
    names = [line.rsplit(None, 1)[0].strip() for line in lines if line.endswith("%")][4:]
    assert names[2:6] == ["Flush", "Full house", "Three of a kind", "Straight"]
    lines = output(
        capsys, "odds", "AhKh", "--game", "short-deck", "--samples", "5000",
        "--straight-beats-trips",
    )  # fmt: skip
    names = [line.rsplit(None, 1)[0].strip() for line in lines if line.endswith("%")][4:]
    assert names[2:6] == ["Flush", "Full house", "Straight", "Three of a kind"]


def test_the_shapes_name_each_games_hands() -> None:
    assert SHAPES["razz"].hand == "ace-to-five low"
    assert SHAPES["stud-hilo"].hand == "high hand" and SHAPES["stud-hilo"].hilo
    assert SHAPES["2-7-triple-draw"].hand == "deuce-to-seven low"
    assert SHAPES["badugi"].categories == ()
    assert [name for _, name in SHAPES["razz"].categories][:2] == ["No pair", "Pair"]
    assert SHAPES["holdem"].grid and SHAPES["holdem"].by_hand
    assert not SHAPES["short-deck"].grid and SHAPES["short-deck"].trips_switch
    assert not any(SHAPES[g].by_hand for g in SHAPES if g != "holdem")
