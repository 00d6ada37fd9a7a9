"""A heads-up No-Limit Hold'em postflop solver: equilibrium strategies from the flop, the
turn or the river, for ranges in the engine's grammar.

[`solve()`][pokerforge.solver.solve] builds the game of a spot (two ranges, a board, a pot, stacks
and a tree of bet sizes), solves it to a target exploitability with discounted CFR on the core's
threads, and returns a [`SolvedGame`][pokerforge.solver.SolvedGame] whose nodes are reached by lines
of play: each hand's strategy, expected value and equity there, range-wide aggregates and 13x13
grids, as NumPy arrays.

Examples:
    >>> from pokerforge.solver import solve
    >>> game = solve(ranges=["AA, KK, QJs", "KK-TT, AQs"], board="Kh9d5c3s2h", pot=100,
    ...              stack=200, bets="75%, a", raises="a")
    >>> game.exploitability <= 0.005
    True
    >>> game.root.actions
    ('x', 'b75', 'a200')
    >>> node = game.node("b75")
    >>> node.player, node.pot, node.actions
    (1, 175, ('f', 'c', 'a200'))
    >>> strategy = game.strategy(node)
    >>> strategy.frequencies.shape, round(sum(strategy.totals.values()), 6)
    ((25, 3), 1.0)
"""

from pokerforge.solver.game import STREETS, Progress, Sizes, SolvedGame, estimate, load, solve
from pokerforge.solver.views import ActionSummary, HandValues, Node, Strategy

__all__ = [
    "STREETS",
    "ActionSummary",
    "HandValues",
    "Node",
    "Progress",
    "Sizes",
    "SolvedGame",
    "Strategy",
    "estimate",
    "load",
    "solve",
]
