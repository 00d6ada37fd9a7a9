"""Push/fold charts: 13x13 grids of starting-hand classes, as the equilibria give them.

Examples:
    >>> chart_class(0, 1), chart_class(1, 0)
    ('AKs', 'AKo')
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerforge.errors import InvalidSpecError

__all__ = ["RANKS", "Chart", "chart_class", "chart_of", "chart_text"]

RANKS = "AKQJT98765432"
"""The ranks of a chart's rows and columns, from the top."""

Chart = tuple[tuple[float, ...], ...]
"""13 rows of 13 probabilities: pairs on the diagonal, suited hands above it (row ``A``,
column ``K`` is ``AKs``), offsuit hands below it (row ``K``, column ``A`` is ``AKo``)."""


def chart_class(row: int, col: int) -> str:
    """The starting-hand class in a chart's cell.

    Examples:
        >>> chart_class(0, 0), chart_class(0, 1), chart_class(1, 0), chart_class(12, 11)
        ('AA', 'AKs', 'AKo', '32o')

    Raises:
        InvalidSpecError: a row or column that is not 0 to 12.
    """
    for what, value in (("row", row), ("col", col)):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 13:
            raise InvalidSpecError(
                f"{what} must be a chart row or column from 0 to 12, not {value!r}"
            )
    if row == col:
        return RANKS[row] * 2
    high, low = min(row, col), max(row, col)
    return f"{RANKS[high]}{RANKS[low]}{'s' if row < col else 'o'}"


def chart_text(chart: Chart) -> str:
    """A chart of probabilities as text: each cell in percent, ``.`` for never.

    Examples:
        >>> chart = tuple(tuple(1.0 if r == c else 0.0 for c in range(13)) for r in range(13))
        >>> print(chart_text(chart).splitlines()[2])
        K     . 100   .   .   .   .   .   .   .   .   .   .   .
    """
    lines = ["   " + "".join(f"{r:>4}" for r in RANKS)]
    for rank, row in zip(RANKS, chart, strict=True):
        cells = "".join(f"{round(p * 100):>4}" if p > 0 else "   ." for p in row)
        lines.append(f"{rank}  {cells}")
    return "\n".join(lines)


def chart_of(by_class: Sequence[float]) -> Chart:
    """A chart from 169 values in the core's class order (row by row)."""
    return tuple(tuple(by_class[13 * row : 13 * row + 13]) for row in range(13))
