"""The solver from Python: the shape of the API, and values that agree with closed forms
and with the core."""

from __future__ import annotations

import math

import numpy as np
import pytest

from pokerforge import Range
from pokerforge.errors import InvalidSpecError
from pokerforge.solver import SolvedGame, estimate, load, solve

# A polarized river: sets of kings (3 combos, value) and queen-jack suited (4, air) against
# aces (6, bluff-catchers); one bet of the pot, no raise.
POLAR = {"ranges": ["KK, QJs", "AA"], "board": "Kh9d5c3s2h", "pot": 100, "stack": 100}


@pytest.fixture(scope="module")
def polar() -> SolvedGame:
    return solve(**POLAR, bets="100%", raises="", target=0.0002, max_iterations=20_000)


def test_the_polarized_river_meets_its_closed_form(polar: SolvedGame) -> None:
    """Bluffs are b / (p + 2b) = 1/3 of the bets, the aces call p / (p + b) = 1/2; each
    player counted as having put 50 in, a set wins 50 against a fold and 150 against a
    call (100 on average), air loses its 50 whether it bluffs or checks."""
    assert polar.reached and polar.exploitability <= 0.0002
    root = polar.strategy(polar.root)
    assert root.actions == ("x", "a100")
    bets = root.frequencies[:, 1]
    kings = np.array([h.startswith("K") for h in root.hands])
    assert kings.sum() == 3 and (~kings).sum() == 4
    assert bets[kings].min() > 0.99
    bluffs = bets[~kings].sum()
    assert bluffs / (bluffs + bets[kings].sum()) == pytest.approx(1 / 3, abs=0.01)
    call = polar.strategy("a100")
    assert call.player == 1 and call.actions == ("f", "c")
    assert call.totals["c"] == pytest.approx(0.5, abs=0.01)
    ev = polar.ev(polar.root)
    for hand, value in zip(ev.hands, ev.values, strict=True):
        assert value == pytest.approx(100.0 if hand.startswith("K") else -50.0, abs=1.0)
    # The game's value: (3 x 100 + 4 x -50) / 7 per deal, zero-sum without rake.
    first, second = polar.values
    assert first == pytest.approx(100 / 7, abs=0.5)
    assert first + second == pytest.approx(0.0, abs=1e-6)
    # The reach-weighted mean of the hands' values is the core's value at the root (no
    # card removal between these ranges).
    assert ev.mean == pytest.approx(first, abs=1e-3)
    assert polar.ev(polar.root, 1).mean == pytest.approx(second, abs=1e-3)


def test_equities_and_the_showdown(polar: SolvedGame) -> None:
    equity = polar.equity(polar.root, 0)
    for hand, value in zip(equity.hands, equity.values, strict=True):
        assert value == (1.0 if hand.startswith("K") else 0.0)
    assert polar.equity(polar.root, 1).mean == pytest.approx(4 / 7)
    # After a check behind the hand is shown down; after a fold it is over.
    assert polar.node("x x").kind == "showdown"
    fold = polar.node("a100 f")
    assert (fold.kind, fold.player, fold.pot) == ("fold", 1, 200)


def test_nodes_lines_and_dealing() -> None:
    game = solve(
        ranges=["AA, KK, T9s", "QQ-JJ, AQs"],
        board="Td9d6hQc",
        pot=200,
        stack=900,
        bets={"turn": "50%, a", "river": ("75%", "50%, a")},
        raises="2.5x",
        target=0.01,
    )
    root = game.root
    assert (root.kind, root.player, root.pot, root.bets) == ("decision", 0, 200, (0, 0))
    assert root.actions == ("x", "b100", "a900")
    assert game.node("x b100").actions == ("f", "c", "r250")
    for line in ("x b100 c", "x, b100, c", "x/b100/c", ["x", "b100", "c"]):
        node = game.node(line)
        assert node.kind == "chance" and node.pot == 400 and node.line == ("x", "b100", "c")
    chance = game.node("x x")
    assert len(chance.cards) == 48 and "Qc" not in chance.cards
    river = chance.deal("2c")
    assert river.board == "Td9d6hQc2c" and river.actions == ("x", "b150")
    assert game.node("x x 2c x").actions == ("x", "b100", "a900")
    assert game.node("X X 2c").board == "Td9d6hQc2c"  # action tokens in any case
    spade, club = game.strategy("x x 2s"), game.strategy("x x 2c")
    assert spade.hands == club.hands and spade.frequencies.shape == club.frequencies.shape
    assert game.node("a900").play("c").kind == "chance"
    assert game.node("a900 c 2c").kind == "showdown"
    with pytest.raises(InvalidSpecError, match=r"'b50' is not an action at the root .* x, b100"):
        game.node("b50")
    with pytest.raises(InvalidSpecError, match="'Qc' cannot be dealt after 'x x'"):
        game.node("x x Qc")
    with pytest.raises(InvalidSpecError, match="not a card"):
        game.node("x x b100")
    with pytest.raises(InvalidSpecError, match="the hand has ended"):
        game.node("x b100 f x")
    with pytest.raises(InvalidSpecError, match="is a chance, not a decision"):
        game.strategy("x x")


def test_strategies_aggregates_and_grids() -> None:
    game = solve(ranges=["QQ+, AK, 0.5(JJ)", "TT+, AQs+"], board="Td9d6hQc2s", pot=100, stack=400)
    strategy = game.strategy(game.root)
    hands = game.hands(0)
    assert strategy.hands == hands and len(hands) == strategy.frequencies.shape[0]
    assert strategy.frequencies.dtype == np.float32
    np.testing.assert_allclose(strategy.frequencies.sum(axis=1), 1.0, atol=1e-5)
    # The root's reach is the range's weight: 1 for queens and up, 0.5 for jacks.
    weights = {h: w for h, w in zip(strategy.hands, strategy.reach, strict=True)}
    assert weights["AsAh"] == 1.0 and weights["JsJh"] == 0.5
    assert "QcQs" not in weights  # the board holds Qc
    assert sum(strategy.totals.values()) == pytest.approx(1.0)
    assert strategy.hand("AsKs") == {
        a: pytest.approx(float(x))
        for a, x in zip(strategy.actions, strategy.frequencies[hands.index("AsKs")], strict=True)
    }
    grid = strategy.grid("x")
    assert grid.shape == (13, 13)
    assert math.isnan(grid[12, 12])  # no deuces
    assert 0.0 <= grid[0, 0] <= 1.0  # aces
    summary = game.summary(game.root)
    assert [s.action for s in summary] == list(strategy.actions)
    assert sum(s.frequency for s in summary) == pytest.approx(1.0)
    # The range's EV is its actions' EVs weighted by how often it takes them.
    ev = sum(s.frequency * s.ev for s in summary if s.combos > 0)
    assert ev == pytest.approx(game.ev(game.root).mean, abs=1e-3)
    with pytest.raises(InvalidSpecError, match="'XX' is not one of"):
        strategy.grid("XX")


def test_save_load_resume_and_lock(tmp_path: object) -> None:
    game = solve(ranges=["AA, KK, QJs", "KK-TT"], board="Kh9d5c3s2h", pot=100, stack=200)
    path = f"{tmp_path}/game.pfs"
    game.save(path)
    again = load(path)
    np.testing.assert_array_equal(
        again.strategy(again.root).frequencies, game.strategy(game.root).frequencies
    )
    assert again.iterations == game.iterations
    assert again.exploitability == pytest.approx(game.exploitability, rel=1e-6)
    with pytest.raises(InvalidSpecError, match="not a saved solver game"):
        load(b"not a game")
    # Locking the root to always check: the game adapts, the lock holds.
    strategy = game.strategy(game.root)
    locked = np.zeros_like(strategy.frequencies)
    locked[:, 0] = 1.0
    game.lock(game.root, locked)
    game.resume(target=0.001, max_iterations=2000)
    np.testing.assert_allclose(game.strategy(game.root).frequencies, locked, atol=1e-6)
    assert game.unlock(game.root) and not game.unlock(game.root)


def test_estimate_and_ranges_as_objects() -> None:
    size = estimate(ranges=[Range("AA"), "KK"], board="Td9d6h", pot=100, stack=100)
    assert size["bytes"] > size["compressed_bytes"] > 0 and size["nodes"] > 1
    game = solve(ranges=[Range("AA"), Range("AA, KK")], board="Td9d6h2c3c", pot=10, stack=10)
    # The ranges share aces: card removal leaves each ace pair only the others.
    assert len(game.hands(0)) == 6 and len(game.hands(1)) == 12
    assert "SolvedGame(board=" in repr(game)


def test_mirrored_cards_read_in_their_own_suits() -> None:
    """On Kh9h5h2c diamonds and spades are alike: the river 3s is solved as the 3d with
    the two suits exchanged, and read back in its own suits."""
    game = solve(
        ranges=["KK, 99, AhQh, AdKd, AsKs, QJs", "AA, QQ, JTs, T8s"],
        board="Kh9h5h2c",
        pot=100,
        stack=300,
        target=0.002,
    )
    diamond, spade = game.strategy("x x 3d"), game.strategy("x x 3s")
    swap = str.maketrans("ds", "sd")
    rows = {h: r for h, r in zip(spade.hands, spade.frequencies, strict=True)}
    for hand, row in zip(diamond.hands, diamond.frequencies, strict=True):
        mirrored = hand.translate(swap)
        # The same combo may be written high card first with the other suit first.
        mirrored = mirrored if mirrored in rows else mirrored[2:] + mirrored[:2]
        np.testing.assert_allclose(row, rows[mirrored], atol=1e-6)
