"""Inputs to ``pokerforge.equity``: input forms, ranges, the ``Range`` class, every error.

Hands, boards and dead cards given as text, cards, ``CardSet``s or masks agree. Ranges
are checked against the oracle in ``equity_helpers`` combo by combo, with their weights.
Every bad input is pinned to its named exception and a message that names the problem.

Every call is bounded (explicit samples or a small exact case) so nothing can hang, and
nothing here asserts on timings.
"""

from __future__ import annotations

import itertools
import pickle
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np
import pytest

from equity_helpers import check_consistent, indices, oracle, range_oracle, shares
from pokerforge import (
    Card,
    CardCountError,
    CardSet,
    DuplicateCardError,
    InvalidCardError,
    InvalidRangeError,
    InvalidSpecError,
    PokerError,
    Range,
    equity,
)

# --------------------------------------------------------------------------- input forms


def test_input_forms_agree() -> None:
    """Hands, board and dead cards as text, lists of cards, CardSets and masks."""
    reference = equity(["AhAs", "KdKc"], board="2c7d9h", dead="Tc", method="exact")
    forms = equity(
        [[Card("Ah"), Card("As")], CardSet("KdKc")],
        board=[Card("2c"), Card("7d"), Card("9h")],
        dead=CardSet("Tc"),
        method="exact",
    )
    spaced = equity(("Ah As", "Kd Kc"), board="2c 7d 9h", dead=["Tc"], method="exact")
    masks = equity(
        iter([CardSet("AhAs").mask, CardSet("KdKc").mask]),
        board=CardSet("2c7d9h").mask,
        dead=CardSet("Tc").mask,
        method="exact",
    )
    assert forms == reference
    assert spaced == reference
    assert masks == reference


# --------------------------------------------------------------------------- ranges


def test_range_of_one_combo_equals_the_hand() -> None:
    hand = equity(["AhAs", "KdKc"], method="exact")
    assert equity(["AsAh", "KdKc"], method="exact") == hand
    assert equity([Range("AhAs"), Range("KdKc")], method="exact") == hand
    assert equity(["1(AhAs)", "KdKc"], method="exact").players == hand.players


def test_random_spellings_agree() -> None:
    board = "2h7h9c"
    reference = equity(["AhKh", "random"], board=board)
    assert reference.exact
    for other in ("*", None, Range("random"), "Random"):
        assert shares(equity(["AhKh", other], board=board)) == pytest.approx(
            shares(reference), abs=1e-12
        )


def test_random_hand_matches_oracle_on_turn() -> None:
    board = "2h7h9cKs"
    result = equity(["AhKh", "random"], board=board, method="exact")
    deck = [c for c in range(52) if c not in indices("AhKh" + board)]
    expected = np.mean(
        [
            oracle(("AhKh", str(CardSet([a, b]))), board)["equity"][0]
            for a, b in itertools.combinations(deck, 2)
        ]
    )
    assert result.players[0].equity == pytest.approx(float(expected), abs=1e-12)


@pytest.mark.parametrize(
    "rng", ["0.5(JJ), AQs", "QQ+, AKs", "A5s-A2s, 0.25(KTo+)", "TT-88:0.3, 76s"]
)
def test_weighted_range_matches_oracle_on_flop(rng: str) -> None:
    board = "2h7h9c"
    result = equity([rng, "AhKh"], board=board, method="exact")
    check_consistent(result)
    assert result.players[0].equity == pytest.approx(range_oracle(rng, "AhKh", board), abs=1e-9)


def test_weights_mix_exactly() -> None:
    """Every combo pair has the same boards, so the result is the weighted mix."""
    jj = equity(["JJ", "QQ"], method="exact").players[0].equity
    aks = equity(["AKs", "QQ"], method="exact").players[0].equity
    expected = (0.5 * 36 * jj + 24 * aks) / (0.5 * 36 + 24)
    for text in ("0.5(JJ), AKs", "JJ:0.5, AKs", "AKs, 0.5(JJ)"):
        assert equity([text, "QQ"], method="exact").players[0].equity == pytest.approx(
            expected, abs=1e-12
        )


def test_uniform_weights_do_not_matter() -> None:
    full = equity(["QQ+", "AKs"], method="exact")
    half = equity(["0.5(QQ+)", "AKs"], method="exact")
    assert shares(half) == pytest.approx(shares(full), abs=1e-12)


def test_zero_weight_combos_drop_out() -> None:
    assert shares(equity(["0(JJ), AKs", "QQ"], method="exact")) == pytest.approx(
        shares(equity(["AKs", "QQ"], method="exact")), abs=1e-12
    )


def test_ranges_change_results_as_expected() -> None:
    premium = equity(["QQ+", "random"], board="2h7h9c").players[0].equity
    wide = equity(["22+", "random"], board="2h7h9c").players[0].equity
    assert premium > wide > 0.5
    aks = equity(["AKs", "QQ"], method="exact").players[0].equity
    ako = equity(["AKo", "QQ"], method="exact").players[0].equity
    ak = equity(["AK", "QQ"], method="exact").players[0].equity
    assert aks > ak > ako
    # AK is 4 suited and 12 offsuit combos against the same queens.
    assert ak == pytest.approx((4 * aks + 12 * ako) / 16, abs=1e-12)


def test_range_cards_blocked_by_board_are_removed() -> None:
    board = "Ah2c3d"
    whole = equity(["AA", "KdKc"], board=board)
    trimmed = equity([Range("AA").without(board), "KdKc"], board=board)
    assert shares(whole) == pytest.approx(shares(trimmed), abs=1e-12)
    combos = ["AsAd", "AsAc", "AdAc"]
    mean = np.mean([equity([c, "KdKc"], board=board).players[0].equity for c in combos])
    assert whole.players[0].equity == pytest.approx(float(mean), abs=1e-12)


def test_overlapping_ranges_monte_carlo() -> None:
    """Ranges that share cards are dealt without rejection blow-ups, and agree with exact."""
    players = ["AA, KK, AKs", "AA, KK, AKs", "AK"]
    exact = equity(players, method="exact")
    mc = equity(players, method="monte-carlo", samples=50_000, seed=8)
    check_consistent(exact)
    for m, e in zip(mc.players, exact.players, strict=True):
        assert abs(m.equity - e.equity) <= 4 * m.stderr


class TestRange:
    def test_len_combos_weight(self) -> None:
        r = Range("QQ+, AKs, 0.5(JJ)")
        assert len(r) == 6 * 4 + 4
        assert r.total_weight == pytest.approx(6 * 3 + 4 + 0.5 * 6)
        combos = r.combos
        assert len(combos) == len(r)
        assert all(isinstance(c, CardSet) and len(c) == 2 for c, _ in combos)
        assert sorted({w for _, w in combos}) == [0.5, 1.0]
        assert r.weight("AhKh") == 1.0
        assert r.weight(CardSet("KhAh")) == 1.0
        assert r.weight("JhJd") == 0.5
        assert r.weight("AhKd") == 0.0
        assert "AsKs" in r
        assert "AsKd" not in r

    @pytest.mark.parametrize(
        ("text", "count"),
        [
            ("AA", 6),
            ("AKs", 4),
            ("AKo", 12),
            ("AK", 16),
            ("QQ+", 18),
            ("A2s+", 48),
            ("KTo+", 36),
            ("A5s-A2s", 16),
            ("22-77", 36),
            ("AhKh", 1),
            ("AA, KK", 12),
            ("random", 1326),
            ("*", 1326),
        ],
    )
    def test_syntax_counts(self, text: str, count: int) -> None:
        assert len(Range(text)) == count

    def test_without(self) -> None:
        r = Range("AA, AKs")
        trimmed = r.without("Ah")
        assert len(trimmed) == 3 + 3
        assert "AhAs" not in trimmed
        assert len(r) == 10  # unchanged
        assert len(r.without(CardSet("AhAsAdAc"))) == 0

    def test_text_round_trip_and_equality(self) -> None:
        r = Range("0.5(JJ), AKs, QQ+")
        assert Range(str(r)) == r
        assert repr(r) == f"Range('{r}')"
        assert r == Range("AKs, JJ:0.5, QQ+")
        assert r != Range("QQ+, AKs")
        assert r != "QQ+"
        assert pickle.loads(pickle.dumps(r)) == r
        assert str(pickle.loads(pickle.dumps(r))) == str(r)

    def test_weight_of_a_non_combo(self) -> None:
        r = Range("AKs")
        with pytest.raises(CardCountError, match="3"):
            r.weight("AsKsQs")
        with pytest.raises(DuplicateCardError, match="As"):
            r.weight("AsAs")

    @pytest.mark.parametrize(
        ("text", "position", "words"),
        [
            ("", 0, "empty"),
            ("QQ+,", 4, "end of text"),
            ("QQ+,AKx", 6, "'x'"),
            ("0.5(JJ", 6, r"\)"),
            ("1.5(JJ)", 0, "1.5"),
            ("JJ:2", 3, "2"),
            ("ZZ", 0, "'Z'"),
            ("AhAh", 2, "same card"),
            ("A2s-K5s", 4, "span"),
            ("AA-KQ", 3, "span"),
        ],
    )
    def test_bad_text(self, text: str, position: int, words: str) -> None:
        with pytest.raises(InvalidRangeError, match=words) as info:
            Range(text)
        message = str(info.value)
        assert repr(text) in message
        assert f"position {position}" in message


# --------------------------------------------------------------------------- errors


def players_errors() -> Iterator[Any]:
    """``(players, kwargs, exception, message regex)`` for every rejected input."""
    hu = ["AhAs", "KdKc"]
    mc = {"method": "monte-carlo"}
    yield pytest.param(["AhAs"], {}, InvalidSpecError, "2 to 10 players.*1", id="1 player")
    yield pytest.param([], {}, InvalidSpecError, "2 to 10 players.*0", id="0 players")
    yield pytest.param(
        ["random"] * 11, {"samples": 100}, InvalidSpecError, "2 to 10.*11", id="11 players"
    )
    yield pytest.param(
        ["AsKsQsJsTs9s"] + ["random"] * 7,
        {"game": "omaha", "samples": 100},
        CardCountError,
        "cannot deal",
        id="8 PLO6 players",
    )
    yield pytest.param(
        hu,
        {"dead": [c for c in range(52) if c not in indices("AhAsKdKc")][:44]},
        CardCountError,
        "cannot deal",
        id="too few cards for the board",
    )
    yield pytest.param(["AhAs", "AhKc"], {}, DuplicateCardError, "Ah", id="card in two hands")
    yield pytest.param(
        [["Ah", "Ah"], "KdKc"], {}, DuplicateCardError, "Ah", id="card twice in a hand"
    )
    yield pytest.param(hu, {"dead": "Ah"}, DuplicateCardError, "Ah", id="dead card in a hand")
    yield pytest.param(
        hu, {"board": "Ah2c3d"}, DuplicateCardError, "Ah", id="hand shares the board"
    )
    yield pytest.param(
        hu, {"board": "2c3d4h", "dead": "2c"}, DuplicateCardError, "2c", id="dead on board"
    )
    yield pytest.param(
        ["AhAs", "AA"],
        {"board": "Ad2c3d", "dead": "Ac"},
        InvalidRangeError,
        "player 1.*no possible hand",
        id="range emptied by known cards",
    )
    yield pytest.param(
        ["AhAs", "0(JJ)"], {}, InvalidRangeError, "no possible hand", id="zero-weight range"
    )
    yield pytest.param(
        ["AA", "AA", "AA"], {}, InvalidRangeError, "cannot all be dealt", id="ranges collide"
    )
    yield pytest.param(
        ["AA", "AA", "AA"],
        {**mc, "samples": 100},
        InvalidRangeError,
        "cannot all be dealt",
        id="ranges collide mc",
    )
    yield pytest.param(["AhAs", "QQ+,AKx"], {}, InvalidRangeError, "position 6", id="bad range")
    yield pytest.param(hu, {"board": "2c"}, CardCountError, "0, 3, 4 or 5.*1", id="board 1")
    yield pytest.param(hu, {"board": "2c3c"}, CardCountError, "0, 3, 4 or 5.*2", id="board 2")
    yield pytest.param(
        hu, {"board": "2c3c4c5c6c7c"}, CardCountError, "0, 3, 4 or 5.*6", id="board 6"
    )
    yield pytest.param(hu, {"board": "2c7x9h"}, InvalidCardError, "7x", id="bad board card")
    yield pytest.param(hu, {"dead": "Zz"}, InvalidCardError, "Zz", id="bad dead card")
    yield pytest.param(
        hu, {"game": "pineapple"}, InvalidSpecError, "'pineapple' is not a game", id="game"
    )
    yield pytest.param(hu, {"game": ""}, InvalidSpecError, "is not a game", id="empty game")
    yield pytest.param(hu, {"method": "magic"}, InvalidSpecError, "method.*'magic'", id="method")
    yield pytest.param(hu, {**mc, "samples": 0}, InvalidSpecError, "samples = 0", id="samples 0")
    yield pytest.param(
        hu, {**mc, "samples": -5}, InvalidSpecError, "samples = -5", id="samples negative"
    )
    yield pytest.param(
        hu, {**mc, "samples": 10**30}, InvalidSpecError, "samples", id="samples huge"
    )
    yield pytest.param(hu, {**mc, "samples": 1.5}, TypeError, "float", id="samples float")
    for value in (0.0, -0.1, float("nan")):
        yield pytest.param(
            hu,
            {**mc, "target_stderr": value},
            InvalidSpecError,
            "target_stderr",
            id=f"target_stderr {value}",
        )
    for value in (0.0, -1.0, float("inf"), float("nan")):
        yield pytest.param(
            hu, {**mc, "time_limit": value}, InvalidSpecError, "time_limit", id=f"time {value}"
        )
    yield pytest.param(hu, {"threads": 0}, PokerError, "threads=0", id="threads 0")
    yield pytest.param(hu, {"threads": -1}, PokerError, "threads=-1", id="threads -1")
    yield pytest.param(hu, {**mc, "seed": -1}, PokerError, "seed=-1", id="seed negative")
    yield pytest.param(hu, {**mc, "seed": 2**64}, PokerError, "seed=", id="seed 2**64")
    yield pytest.param(
        ["AsKs3d", "KhKcQhQc"], {"game": "omaha"}, CardCountError, "Omaha.*3", id="omaha 3"
    )
    yield pytest.param(
        ["AsKs3d4d5d6d7d", "KhKcQhQc"],
        {"game": "omaha"},
        CardCountError,
        "Omaha.*7",
        id="omaha 7",
    )
    yield pytest.param(
        ["AsKs2d3d", "KhKcQhQcJc"],
        {"game": "omaha", "samples": 100},
        CardCountError,
        "all the same",
        id="omaha 4 and 5",
    )
    yield pytest.param(
        ["AsKs", "KhKc"], {"game": "omaha"}, CardCountError, "Omaha.*2", id="hold'em in omaha"
    )
    yield pytest.param(
        ["AsKs", "KhKc"], {"game": "omaha-hilo"}, CardCountError, "Omaha.*2", id="hold'em in hilo"
    )
    yield pytest.param(
        ["AsKs2d3d", "KhKc"], {}, CardCountError, "Hold'em.*4", id="omaha in hold'em"
    )
    yield pytest.param(
        ["QQ+", "KhKcQhQc"],
        {"game": "omaha"},
        InvalidSpecError,
        "Hold'em only",
        id="range in omaha",
    )
    yield pytest.param(
        ["random", "KhKcQhQc"],
        {"game": "omaha", "method": "exact"},
        InvalidSpecError,
        "exact",
        id="exact omaha with random",
    )


@pytest.mark.parametrize(("players", "kwargs", "error", "words"), list(players_errors()))
def test_errors(
    players: Sequence[Any], kwargs: dict[str, Any], error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=words):
        equity(players, **kwargs)


def test_errors_are_value_errors() -> None:
    with pytest.raises(ValueError, match="board"):
        equity(["AhAs", "KdKc"], board="2c")


def test_duplicate_card_in_hand_text() -> None:
    """``"AhAh"`` names the repeated card's position (it is parsed as a one-combo range)."""
    with pytest.raises((DuplicateCardError, InvalidRangeError), match=r"same card|Ah"):
        equity(["AhAh", "KdKc"])


def test_error_leaves_range_usable() -> None:
    r = Range("AA")
    with pytest.raises(InvalidRangeError):
        equity(["AhAs", r], dead="AdAc")
    assert len(r) == 6
    assert equity([r, "KdKc"], board="2c3d4h").exact
