"""Stud, stud hi-lo and razz equity: exact counts against a brute force written here,
Monte Carlo against exact, dead cards, seeds, the common card and the named errors."""

from __future__ import annotations

import re
from itertools import combinations

import pytest

from pokerforge import CardSet, Category, equity, evaluate, evaluate_low_a5
from pokerforge.errors import CardCountError, DuplicateCardError, InvalidSpecError

Game = str


def _split(values: list[int]) -> list[float]:
    """Each player's share of a pot won by the greatest values, split on ties."""
    best = max(values)
    winners = values.count(best)
    return [1 / winners if v == best else 0.0 for v in values]


def _shares(hands: list[CardSet], game: Game) -> list[float]:
    """The pot shares of one deal, by the rules, from the public evaluators."""
    if game == "stud":
        return _split([int(evaluate(h)) for h in hands])
    if game == "razz":
        return _split([int(evaluate_low_a5(h)) for h in hands])
    lows = [evaluate_low_a5(h).eight_or_better for h in hands]
    high = _split([int(evaluate(h)) for h in hands])
    if all(low is None for low in lows):
        return high
    low = _split([0 if low is None else int(low) for low in lows])
    return [(h + lo) / 2 for h, lo in zip(high, low, strict=True)]


def brute_force(known: list[str], dead: str, game: Game) -> tuple[list[float], int]:
    """Every deal of the cards to come, heads-up (no common card at these counts)."""
    a, b = (CardSet(k) for k in known)
    stub = [c for c in CardSet.from_mask((1 << 52) - 1) - a - b - CardSet(dead)]
    totals = [0.0, 0.0]
    deals = 0
    for first in combinations(stub, 7 - len(a)):
        rest = [c for c in stub if c not in first]
        hand_a = a | CardSet(list(first))
        for second in combinations(rest, 7 - len(b)):
            shares = _shares([hand_a, b | CardSet(list(second))], game)
            totals = [t + s for t, s in zip(totals, shares, strict=True)]
            deals += 1
    return [t / deals for t in totals], deals


@pytest.mark.parametrize("game", ["stud", "stud-hilo", "razz"])
def test_exact_matches_a_brute_force_on_sixth_street(game: Game) -> None:
    # Rolled-up aces against a straight draw and a low: one card to come each.
    known = ["AsAhAd2c3c4c", "KcQc7d5h6h8s"]
    want, deals = brute_force(known, "9s", game)
    result = equity(known, dead="9s", game=game, method="exact")  # type: ignore[arg-type]
    assert result.exact and result.deals == deals
    for player, share in zip(result.players, want, strict=True):
        assert player.equity == pytest.approx(share, abs=1e-12)


def test_rolled_up_aces_against_a_weak_hand_by_hand() -> None:
    # Aces full against a hand that only a straight flush could save, and cannot: 7d8d9dTd
    # needs the Jd or the 6d, both dead. The aces win every deal.
    result = equity(["AsAhAdKsKh2c", "7d8d9dTd3s"], dead="Jd6d", game="stud", method="exact")
    assert result.players[0].equity == 1.0
    assert result.players[0].categories[Category.FULL_HOUSE] + result.players[0].categories[
        Category.FOUR_OF_A_KIND
    ] == pytest.approx(1.0)


def test_third_street_heads_up_is_exact_and_agrees_with_monte_carlo() -> None:
    exact = equity(["AsAhAd", "KcQc7d"], game="stud")
    assert exact.exact and exact.deals == 163_185 * 111_930  # C(46, 4) * C(42, 4)
    mc = equity(["AsAhAd", "KcQc7d"], game="stud", samples=40_000, seed=3)
    assert mc.method == "monte-carlo"
    for e, m in zip(exact.players, mc.players, strict=True):
        assert abs(e.equity - m.equity) < 5 * m.stderr


def test_stud_hilo_reports_halves_and_scoops() -> None:
    r = equity(["Ad2d3c4h", "KsKhQdQc"], game="stud-hilo", method="exact")
    for p in r.players:
        assert p.high is not None and p.low is not None and p.scoop is not None
        assert p.equity == pytest.approx(p.high + p.low, abs=1e-12)
        assert p.scoop == p.win
    assert sum(p.equity for p in r.players) == pytest.approx(1.0, abs=1e-12)
    # K-K-Q-Q cannot make five low ranks with three cards to come: no low half, ever.
    assert r.players[1].low == 0.0
    assert r.players[0].low > 0.2
    assert r.players[0].scoop > 0.15


def test_razz_categories_are_the_shape_of_the_low() -> None:
    r = equity(["As2d3h4c", "KcKdQs9h"], game="razz", method="exact")
    wheel_draw, kings = r.players
    assert wheel_draw.equity > 0.9
    # Kings are paired: a pair or worse for their low is far likelier than for A-2-3-4.
    assert kings.categories[Category.PAIR] > 0.1 > wheel_draw.categories[Category.PAIR]
    assert wheel_draw.categories[Category.HIGH_CARD] > 0.9
    assert wheel_draw.categories[Category.STRAIGHT] == 0.0
    assert wheel_draw.high is None and wheel_draw.scoop is None


def test_dead_cards_change_the_result() -> None:
    live = equity(["AsAh5d9c", "KcKd2s3s"], game="stud", method="exact")
    dead = equity(["AsAh5d9c", "KcKd2s3s"], dead="AcAd", game="stud", method="exact")
    assert dead.players[0].equity < live.players[0].equity - 0.01


def test_same_seed_same_answer_on_any_thread_count() -> None:
    hands = ["AsAhKd", "random", "QcQd", "7h"]
    one = equity(hands, game="stud-hilo", samples=8_192, seed=11, threads=1)
    two = equity(hands, game="stud-hilo", samples=8_192, seed=11, threads=2)
    assert one == two
    assert one.method == "monte-carlo" and one.seed == 11
    assert sum(p.equity for p in one.players) == pytest.approx(1.0)


def test_eight_players_share_a_common_card() -> None:
    # 48 cards seen on sixth street, 4 left for 8 last cards: one common card, 4 deals.
    ranks = "AKQJT987"
    low = "23344556"
    suits = ["cd", "hs"] * 4
    hands = [
        f"{r}c{r}d{r}h{r}s{low[i]}{suits[i][0]}{low[i]}{suits[i][1]}" for i, r in enumerate(ranks)
    ]
    result = equity(hands, game="stud", method="exact")
    assert result.deals == 4
    # Every player holds quads; the aces win whatever the common card.
    assert result.players[0].equity == 1.0


@pytest.mark.parametrize(
    ("players", "board", "kwargs", "error", "match"),
    [
        (["AsAhKd", "QcQd7h"], "2c3c4c", {}, CardCountError, r"board: a board in seven-card stud"),
        (["AsAhKd", "QQ+"], None, {}, InvalidSpecError, r"players\[1\].*stud has no ranges"),
        (["random"] * 9, None, {}, InvalidSpecError, r"2 to 8 .* 9 were given"),
        (["AsAhKdKcKhKs2c2d", "QcQd"], None, {}, CardCountError, r"players\[0\].*8 were given"),
        (["AsAhKd", "QcQd7h"], None, {"dead": "Kd"}, DuplicateCardError, "dead: the card Kd"),
    ],
)
def test_named_errors(
    players: list[str],
    board: str | None,
    kwargs: dict[str, str],
    error: type[Exception],
    match: str,
) -> None:
    with pytest.raises(error, match=match):
        equity(players, board, game="stud", **kwargs)  # type: ignore[arg-type]


def test_too_many_cards_to_come_for_exact_is_refused_and_auto_samples() -> None:
    with pytest.raises(InvalidSpecError, match="too many deals"):
        equity(["AsAhKd", "random", "random"], game="razz", method="exact")
    auto = equity(["AsAhKd", "random", "random"], game="razz", samples=4_096, seed=1)
    assert auto.method == "monte-carlo"


def test_auto_with_a_time_limit_hands_over_to_sampling_with_time_left() -> None:
    # A player with seven cards to come is ranked millions of ways before the heads-up
    # count starts; that part once ignored the deadline, ran past the whole time limit,
    # and left Monte Carlo no time ("not a single deal ... within 0.000 s").
    players = ["random", "QcKh4dTh2hQdAs"]
    dead = "JdJcQsTd8cAd7h2d9d2s3s4s5s6s"
    try:
        r = equity(players, game="stud", dead=dead, seed=1, time_limit=0.4)
    except InvalidSpecError as err:
        # A machine too busy to count a deal in the time: the refusal names the limit
        # given (to the moment the work began), not what the exact attempt left of it.
        named = re.search(r"within the time limit of ([0-9.]+) s", str(err))
        assert named is not None and 0.3 < float(named.group(1)) <= 0.4, err
    else:
        assert r.deals > 0 and r.method in ("exact", "monte-carlo")


def test_the_stud_names_and_aliases_reach_the_core() -> None:
    hands = ["AsAhAd2c3c4c", "KcQc7d5h6h"]
    by_name = equity(hands, game="stud8", method="exact")
    assert by_name == equity(hands, game="stud-hilo", method="exact")
    assert equity(hands, game="F7S", method="exact") == equity(hands, game="stud", method="exact")
