"""Heads-up hands and ranges hand by hand: the heads-up table and the sorted-rank sweep
against pair-by-pair enumeration (equal in counts), the breakdown against the totals, and
the class matrix."""

from __future__ import annotations

import random

import pytest

from pokerforge import (
    HAND_CLASSES,
    Card,
    CardSet,
    Category,
    EquityResult,
    InvalidSpecError,
    Range,
    _core,
    equity,
    preflop_matrix,
)

RANKS = "23456789TJQKA"


def combos(hands: str | Range, known: str = "") -> list[str]:
    """The range's combos that miss the known cards, as text."""
    out = CardSet(known or None)
    given = hands if isinstance(hands, Range) else Range(hands)
    return [str(c) for c, _ in given.combos if c.isdisjoint(out)]


def random_range(rng: random.Random, k: int) -> Range:
    """``k`` random combos (as a :class:`Range`: text of combos alone would read as cards)."""
    cards = [str(Card.from_index(i)) for i in range(52)]
    return Range(",".join("".join(rng.sample(cards, 2)) for _ in range(k)))


def counts(result: EquityResult, player: int) -> tuple[int, int, int]:
    """Wins, ties and deals of a player as integers."""
    p = result.players[player]
    return round(p.win * result.deals), round(p.tie * result.deals), result.deals


def test_table_equals_enumeration_on_random_ranges() -> None:
    rng = random.Random(5)
    for _ in range(3):
        players = [random_range(rng, 4), random_range(rng, 3)]
        fast = equity(players, method="exact")
        slow = _core.equity(players, method="exact", categories=True)
        assert not fast.categories_counted and slow.categories_counted
        assert fast.deals == slow.deals
        for f, s in zip(fast.players, slow.players, strict=True):
            # The same integers divided the same way: the same floats.
            assert (f.equity, f.win, f.tie) == (s.equity, s.win, s.tie)


def test_table_hand_against_hand_matches_enumeration() -> None:
    rng = random.Random(11)
    cards = [str(Card.from_index(i)) for i in range(52)]
    for _ in range(6):
        a, b, c, d = rng.sample(cards, 4)
        fast = equity([a + b, c + d])
        slow = _core.equity([a + b, c + d], method="exact", categories=True)
        assert counts(fast, 0) == counts(slow, 0)
        assert counts(fast, 1) == counts(slow, 1)


@pytest.mark.parametrize("board", ["2c7d9h", "AhKhQh", "2c7d9hTs", "5s5d5c9h", "2c7d9hTsJs"])
def test_sweep_equals_pair_by_pair_in_counts(board: str) -> None:
    rng = random.Random(board)
    hero, villain = random_range(rng, 6), random_range(rng, 5)
    swept = equity([hero, villain], board)
    wins, ties, deals = 0, 0, 0
    for a in combos(hero, board):
        for b in combos(villain, board + a):
            one = equity([a, b], board, method="exact")
            wins += round(one.players[0].win * one.deals)
            ties += round(one.players[0].tie * one.deals)
            deals += one.deals
    assert counts(swept, 0) == (wins, ties, deals)


def test_breakdown_sums_to_the_total() -> None:
    board = "2c7d9h"
    players = ["QQ+,AKs,T9s", "JJ-99,AQs+"]
    result = equity(players, board, by_hand=True)
    for me, p in enumerate(result.players):
        assert p.by_hand is not None and p.by_class is not None
        other = players[1 - me]
        # Each hand counts for the opponent hands it can meet, times the runouts.
        weight = {h: len(combos(other, board + h)) for h in p.by_hand}
        total = sum(weight.values())
        mean = sum(weight[h] * share for h, share in p.by_hand.items()) / total
        assert mean == pytest.approx(p.equity, abs=1e-12)
        by_class: dict[str, list[float]] = {}
        for h, share in p.by_hand.items():
            name = class_name(h)
            by_class.setdefault(name, [0.0, 0.0])
            by_class[name][0] += weight[h] * share
            by_class[name][1] += weight[h]
        assert list(p.by_class) == [c for c in HAND_CLASSES if c in by_class]
        for name, share in p.by_class.items():
            assert share == pytest.approx(by_class[name][0] / by_class[name][1], abs=1e-12)


def class_name(hand: str) -> str:
    high, low = sorted(CardSet(hand), key=lambda c: -c.index)
    h, lo = str(high), str(low)
    if h[0] == lo[0]:
        return h[0] * 2
    return h[0] + lo[0] + ("s" if h[1] == lo[1] else "o")


def test_by_hand_before_the_flop_and_against_random() -> None:
    result = equity(["AA,KK", "random"], by_hand=True)
    aces = result.players[0].by_class
    assert aces is not None and set(aces) == {"AA", "KK"}
    # Each aces combo against a random hand: the shipped vs-random table's figure.
    assert aces["AA"] == pytest.approx(equity(["AhAs", "random"]).players[0].equity, abs=1e-12)
    assert result.players[1].by_hand is not None and len(result.players[1].by_hand) == 1326


def test_categories_are_counted_when_read() -> None:
    result = equity(["QQ+", "AKs"])
    assert not result.categories_counted
    counted = _core.equity(["QQ+", "AKs"], method="exact", categories=True)
    for lazy, real in zip(result.players, counted.players, strict=True):
        assert dict(lazy.categories) == pytest.approx(dict(real.categories))
        assert sum(lazy.categories.values()) == pytest.approx(1)
    assert result.players[0].categories[Category.PAIR] > 0


def test_by_hand_needs_a_heads_up_exact_request() -> None:
    for players, board, dead, method in [
        (["AA", "KK", "QQ"], "", "", "auto"),
        (["AA", "KK"], "", "2c", "auto"),
        (["AA", "KK"], "2c7d9h", "", "monte-carlo"),
    ]:
        with pytest.raises(InvalidSpecError, match="by_hand"):
            equity(players, board, dead, method=method, by_hand=True)  # type: ignore[arg-type]


def test_preflop_matrix_agrees_with_equity() -> None:
    matrix = preflop_matrix()
    for a, b in [("AA", "KK"), ("AKs", "QQ"), ("72o", "32o"), ("T9s", "T9s")]:
        i, j = HAND_CLASSES.index(a), HAND_CLASSES.index(b)
        assert matrix[i, j] == pytest.approx(equity([a, b]).players[0].equity, abs=1e-12)
    assert len(set(HAND_CLASSES)) == 169
