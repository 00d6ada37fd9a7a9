"""What a solved game shows at a node: the node itself, each hand's strategy, values and
equities, and their range-wide aggregates and 13x13 grids.

Every per-hand array is in the order of [`Strategy.hands`][pokerforge.solver.Strategy.hands] (the
player's combos that the node's board leaves, as
[`pokerforge.solver.SolvedGame.hands()`][pokerforge.solver.SolvedGame.hands] lists them), one row
per hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from pokerforge.solver.game import SolvedGame

__all__ = ["RANKS", "ActionSummary", "HandValues", "Node", "Strategy", "class_grid", "grid_text"]

RANKS = "AKQJT98765432"
"""The ranks of a 13x13 grid's rows and columns, from the top left."""


def _class_cells(cards: npt.NDArray[np.uint8]) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """The grid cell of each hand (cards as rows of two card indices, high card first):
    pairs on the diagonal, suited hands above it (row: the high card), offsuit below."""
    hi = 12 - (cards[:, 0] // 4).astype(np.intp)
    lo = 12 - (cards[:, 1] // 4).astype(np.intp)
    suited = (cards[:, 0] % 4) == (cards[:, 1] % 4)
    rows = np.where(suited, hi, lo)
    cols = np.where(suited, lo, hi)
    return rows, cols


def class_grid(
    cards: npt.NDArray[np.uint8],
    values: npt.NDArray[np.floating],
    weights: npt.NDArray[np.floating],
) -> npt.NDArray[np.float64]:
    """The 13x13 grid of ``values`` averaged over each hand class by ``weights``; NaN for a
    class with no weight.

    Examples:
        >>> import numpy as np
        >>> cards = np.array([[51, 50], [51, 47], [49, 45]], dtype=np.uint8)  # AsAh AsKs AdKd
        >>> grid = class_grid(cards, np.array([1.0, 0.0, 1.0]), np.array([1.0, 1.0, 3.0]))
        >>> float(grid[0, 0]), float(grid[0, 1]), bool(np.isnan(grid[1, 0]))
        (1.0, 0.75, True)
    """
    rows, cols = _class_cells(cards)
    flat = rows * 13 + cols
    w = np.asarray(weights, dtype=np.float64)
    v = np.nan_to_num(np.asarray(values, dtype=np.float64)) * w
    total = np.bincount(flat, weights=w, minlength=169)
    summed = np.bincount(flat, weights=v, minlength=169)
    with np.errstate(invalid="ignore", divide="ignore"):
        grid = np.where(total > 0, summed / np.where(total > 0, total, 1.0), np.nan)
    return grid.reshape(13, 13)


def grid_text(grid: npt.NDArray[np.float64], *, scale: float = 100.0, digits: int = 0) -> str:
    """A 13x13 grid as text: a header of ranks, one row per rank, ``.`` for an empty cell
    (values times ``scale``, so frequencies read as percentages).

    Examples:
        >>> import numpy as np
        >>> grid = np.full((13, 13), np.nan)
        >>> grid[0, 0], grid[0, 1] = 1.0, 0.25
        >>> print(grid_text(grid).splitlines()[1])
        A  100  25   .   .   .   .   .   .   .   .   .   .   .
    """
    cells = [
        ["." if not np.isfinite(x) else f"{x * scale:.{digits}f}" for x in row] for row in grid
    ]
    width = 1 + max(3, *(len(c) for row in cells for c in row))
    lines = ["  " + "".join(r.rjust(width) for r in RANKS)]
    for rank, row in zip(RANKS, cells, strict=True):
        lines.append(rank + " " + "".join(c.rjust(width) for c in row))
    return "\n".join(lines)


@dataclass(frozen=True)
class Node:
    """A place in a solved game, reached from the root by a line of actions and cards.

    Attributes:
        line: The tokens from the root: actions ``x`` (check), ``c`` (call), ``f`` (fold),
            ``b100`` (bet to 100 chips), ``r250`` (raise to 250), ``a900`` (all-in to 900),
            and dealt cards (``Qc``).
        kind: ``"decision"``, ``"chance"`` (the turn or river is dealt), ``"fold"`` or
            ``"showdown"``.
        player: The player to act at a decision (0 out of position, 1 in position), the
            player who folded at a fold, else ``None``.
        pot: The pot at the node, both players' bets on this street included, in chips.
        bets: Each player's amount on this street so far.
        actions: The actions at a decision, as tokens (empty elsewhere).
        board: The board at the node.
    """

    line: tuple[str, ...]
    kind: str
    player: int | None
    pot: int
    bets: tuple[int, int]
    actions: tuple[str, ...]
    board: str
    game: SolvedGame = field(repr=False, compare=False)

    def play(self, *tokens: str) -> Node:
        """The node after ``tokens`` (actions, or a card at a chance node) from here.

        Raises:
            InvalidSpecError: A token the node does not offer (the message lists what
                it does).

        Examples:
            >>> from pokerforge.solver import solve
            >>> game = solve(ranges=["AA,72o", "KK"], board="Kh9d5c3s2h", pot=100,
            ...              stack=100, bets="100%", raises="")
            >>> game.root.play("a100").actions
            ('f', 'c')
        """
        return self.game.node(self.line + tokens)

    def deal(self, card: str) -> Node:
        """The node after ``card`` is dealt at this chance node."""
        return self.play(card)

    @property
    def cards(self) -> tuple[str, ...]:
        """The cards that can be dealt at a chance node (every card off the board); empty
        elsewhere."""
        if self.kind != "chance":
            return ()
        on_board = {self.board[i : i + 2] for i in range(0, len(self.board), 2)}
        deck = (r + s for r in reversed(RANKS) for s in "cdhs")
        return tuple(c for c in deck if c not in on_board)


@dataclass(frozen=True)
class Strategy:
    """The average strategy of the player to act at a decision.

    Attributes:
        node: The decision.
        player: The player to act.
        actions: The actions, as tokens.
        hands: The player's hands (``"AsKs"``), one per row.
        frequencies: How often each hand takes each action: an array of shape
            ``(hands, actions)``, each row summing to 1.
        reach: How much of each hand reaches the node: its weight in the range times the
            probabilities of the player's own actions along the line (0 for a hand that
            holds a card of the node's board).
        cards: Each hand's two card indices, high card first (shape ``(hands, 2)``).
    """

    node: Node
    player: int
    actions: tuple[str, ...]
    hands: tuple[str, ...]
    frequencies: npt.NDArray[np.float32]
    reach: npt.NDArray[np.float32]
    cards: npt.NDArray[np.uint8] = field(repr=False)

    @property
    def totals(self) -> dict[str, float]:
        """How often the range takes each action: each hand's frequencies weighted by its
        reach."""
        weight = float(self.reach.sum())
        if weight <= 0:
            return dict.fromkeys(self.actions, 0.0)
        sums = self.reach.astype(np.float64) @ self.frequencies.astype(np.float64)
        return {a: float(x) / weight for a, x in zip(self.actions, sums, strict=True)}

    def hand(self, hand: str) -> dict[str, float]:
        """One hand's frequencies by action (``hand`` as listed in
        [`hands`][pokerforge.solver.Strategy.hands], e.g. ``"AsKs"``)."""
        row = self.frequencies[_index(self.hands, hand)]
        return {a: float(x) for a, x in zip(self.actions, row, strict=True)}

    def grid(self, action: str) -> npt.NDArray[np.float64]:
        """The 13x13 grid of how often each hand class takes ``action`` (weighted by
        reach); NaN for a class that does not reach the node."""
        column = self.frequencies[:, _index(self.actions, action)]
        return class_grid(self.cards, column, self.reach)


@dataclass(frozen=True)
class HandValues:
    """A number per hand of one player at a node: expected chips or equity.

    Attributes:
        node: The node.
        player: Whose hands.
        hands: The player's hands (``"AsKs"``).
        values: The number of each hand: for EV, the chips the hand is expected to win or
            lose from the start of the spot (each player counted as having put half the
            starting pot in); for equity, its share of the pot if both players checked it
            down from here. NaN (equity) or 0 (EV) for a hand that cannot be there.
        reach: How much of each hand reaches the node (see
            [`Strategy.reach`][pokerforge.solver.Strategy.reach]).
        cards: Each hand's two card indices.
    """

    node: Node
    player: int
    hands: tuple[str, ...]
    values: npt.NDArray[np.float64]
    reach: npt.NDArray[np.float32]
    cards: npt.NDArray[np.uint8] = field(repr=False)

    @property
    def mean(self) -> float:
        """The range's average, each hand weighted by its reach (NaN with no reach)."""
        weight = self.reach.astype(np.float64)
        ok = np.isfinite(self.values) & (weight > 0)
        if not ok.any():
            return float("nan")
        return float(np.average(self.values[ok], weights=weight[ok]))

    def hand(self, hand: str) -> float:
        """One hand's value."""
        return float(self.values[_index(self.hands, hand)])

    def grid(self) -> npt.NDArray[np.float64]:
        """The 13x13 grid of the values averaged over each hand class by reach."""
        return class_grid(self.cards, self.values, self.reach)


@dataclass(frozen=True)
class ActionSummary:
    """One action of a decision over the whole range.

    Attributes:
        action: The action's token.
        frequency: How often the range takes it (weighted by reach).
        ev: The acting player's expected chips after taking it, averaged over the hands
            that take it (weighted by reach times frequency); NaN when none does.
        combos: The weight of the range that takes it (reach times frequency, summed).
    """

    action: str
    frequency: float
    ev: float
    combos: float


def _index(names: tuple[str, ...], name: str) -> int:
    """The position of ``name`` in ``names``, or a named error."""
    from pokerforge.errors import InvalidSpecError  # noqa: PLC0415

    try:
        return names.index(name)
    except ValueError:
        shown = ", ".join(names[:12]) + (", ..." if len(names) > 12 else "")
        raise InvalidSpecError(f"'{name}' is not one of {shown}") from None


def summaries(strategy: Strategy, evs: Mapping[str, HandValues]) -> list[ActionSummary]:
    """Each action's [`ActionSummary`][pokerforge.solver.ActionSummary] from the strategy and the EV
    of each action's child node for the acting player."""
    out = []
    reach = strategy.reach.astype(np.float64)
    total = float(reach.sum())
    for a, action in enumerate(strategy.actions):
        weight = reach * strategy.frequencies[:, a]
        combos = float(weight.sum())
        values = evs[action].values
        ok = weight > 0
        ev = float(np.average(values[ok], weights=weight[ok])) if ok.any() else float("nan")
        frequency = combos / total if total > 0 else 0.0
        out.append(ActionSummary(action, frequency, ev, combos))
    return out
