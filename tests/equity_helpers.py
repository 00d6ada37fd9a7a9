"""Shared helpers for the equity tests: an independent oracle and result invariants.

The oracle deals every runout with ``itertools`` and ranks it through ``evaluate_many``,
so it shares nothing with the equity engine but the evaluator (which ``tests/test_eval.py``
pins on its own).
"""

from __future__ import annotations

import itertools
import math
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import pokerforge
from pokerforge import Card, CardSet, Category, EquityResult, HandRank, Range


def indices(cards: str) -> list[int]:
    """Card indices of text such as ``"AhKh"`` (spaces allowed)."""
    text = cards.replace(" ", "")
    return [Card(text[i : i + 2]).index for i in range(0, len(text), 2)]


@cache
def category_of_class() -> npt.NDArray[np.int64]:
    """``table[c]`` is the :class:`Category` number of hand class ``c`` (1..7462)."""
    table = np.zeros(7463, dtype=np.int64)
    for c in range(1, 7463):
        table[c] = int(HandRank(c).category)
    return table


@cache
def oracle(hands: tuple[str, ...], board: str = "", dead: str = "") -> dict[str, Any]:
    """Exact Hold'em figures for known hands by dealing every runout.

    Returns ``equity``, ``win``, ``tie`` (lists over players), ``categories`` (a list of
    nine chances per player) and ``deals``.
    """
    held = [indices(h) for h in hands]
    known = indices(board)
    used = set(known) | set(indices(dead)) | {c for h in held for c in h}
    deck = [c for c in range(52) if c not in used]
    runouts = np.array(list(itertools.combinations(deck, 5 - len(known))), dtype=np.uint8)
    runouts = runouts.reshape(len(runouts), 5 - len(known))
    n = len(runouts)
    ranks = np.stack(
        [
            pokerforge.evaluate_many(
                np.hstack([np.tile(np.array(h + known, dtype=np.uint8), (n, 1)), runouts])
            ).astype(np.int64)
            for h in held
        ],
        axis=1,
    )
    best = ranks.max(axis=1, keepdims=True)
    winners = ranks == best
    shares = winners / winners.sum(axis=1, keepdims=True)
    alone = winners.sum(axis=1) == 1
    cats = category_of_class()[ranks]
    return {
        "equity": list(shares.mean(axis=0)),
        "win": list((winners & alone[:, None]).mean(axis=0)),
        "tie": list((winners & ~alone[:, None]).mean(axis=0)),
        "categories": [list(np.bincount(cats[:, i], minlength=9) / n) for i in range(len(held))],
        "deals": n,
    }


def range_oracle(rng: str, hero: str, board: str) -> float:
    """Exact equity of ``rng`` against one known hand on ``board``, combo by combo."""
    blocked = CardSet(hero + board)
    total = weight_sum = 0.0
    for combo, weight in Range(rng).combos:
        if combo & blocked:
            continue
        figures = oracle((str(combo), hero), board)
        # Every combo leaves the same number of runouts, so weights are per combo.
        total += weight * figures["equity"][0]
        weight_sum += weight
    return total / weight_sum


def assert_matches(result: EquityResult, figures: dict[str, Any]) -> None:
    """Every player's equity, win, tie and categories equal the oracle's."""
    for p, eq, win, tie, cats in zip(
        result.players,
        figures["equity"],
        figures["win"],
        figures["tie"],
        figures["categories"],
        strict=True,
    ):
        assert p.equity == pytest.approx(eq, abs=1e-12)
        assert p.win == pytest.approx(win, abs=1e-12)
        assert p.tie == pytest.approx(tie, abs=1e-12)
        assert [p.categories[c] for c in Category] == pytest.approx(cats, abs=1e-12)


def shares(result: EquityResult) -> list[float]:
    return [p.equity for p in result.players]


def check_consistent(result: EquityResult) -> None:
    """The invariants every result keeps."""
    assert math.isclose(sum(shares(result)), 1.0, abs_tol=1e-9)
    for p in result.players:
        assert 0.0 <= p.win <= p.equity + 1e-12
        assert 0.0 <= p.tie <= 1.0
        assert p.win + p.tie <= 1.0 + 1e-12
        assert math.isclose(p.lose, max(0.0, 1.0 - p.win - p.tie))
        assert set(p.categories) == set(Category)
        assert math.isclose(sum(p.categories.values()), 1.0, abs_tol=1e-9)
        assert all(0.0 <= v <= 1.0 for v in p.categories.values())
        assert p.stderr >= 0.0
    if result.exact:
        assert result.method == "exact"
        assert result.stderr == 0.0
        assert result.seed is None
        assert all(p.stderr == 0.0 for p in result.players)
    else:
        assert result.method == "monte-carlo"
        assert isinstance(result.seed, int)
        assert result.stderr == pytest.approx(max(p.stderr for p in result.players))
