"""A player's winnings over hands, as a tracker graphs them: the running total won, its
parts won in the hands the player took to a showdown and in the others, and the total
all-in adjusted ([`pokerforge.histories.allin`][pokerforge.histories.allin]).

[`WinningsSeries`][pokerforge.histories.graph.WinningsSeries] holds the series (from
[`Stats.winnings()`][pokerforge.histories.Stats.winnings] over hands in memory, or
[`database_winnings()`][pokerforge.histories.database.database_winnings] over the hand
database): its [`as_dict()`][pokerforge.histories.graph.WinningsSeries.as_dict] is what a
page draws, [`plot_winnings()`][pokerforge.histories.graph.plot_winnings] writes it as a PNG
(matplotlib, the ``histories`` extra).

Examples:
    >>> from decimal import Decimal as D
    >>> series = WinningsSeries.of("Ann", "USD", [(D("1.50"), 0, D("1.50")),
    ...                                           (D("-4"), 1, D("2.25"))])
    >>> for line in (series.net, series.showdown, series.without_showdown, series.allin):
    ...     print([str(x) for x in line])
    ['1.50', '-2.50']
    ['0', '-4']
    ['1.50', '1.50']
    ['1.50', '3.75']
    >>> series.as_dict()["allin"]
    [1.5, 3.75]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from pokerforge.extras import require

__all__ = ["WinningsSeries", "plot_winnings"]


@dataclass(frozen=True)
class WinningsSeries:
    """One player's running totals, hand by hand (the ``k``-th entry after the player's
    ``k+1`` first hands with a known result), in ``unit`` (a currency, or chips).

    Attributes:
        player: the player.
        unit: what the amounts count (``"USD"``, ``"chips"``, ``"money"``).
        net: won in all.
        showdown: won in the hands the player took to a showdown.
        without_showdown: won in the others (``net - showdown``).
        allin: won in all, all-in adjusted.
    """

    player: str
    unit: str
    net: list[Decimal]
    showdown: list[Decimal]
    without_showdown: list[Decimal]
    allin: list[Decimal]

    @classmethod
    def of(
        cls, player: str, unit: str, hands: Iterable[tuple[Decimal, int, Decimal]]
    ) -> WinningsSeries:
        """The series of ``hands``, each ``(won, taken to a showdown, all-in adjusted)``."""
        net: list[Decimal] = []
        showdown: list[Decimal] = []
        without: list[Decimal] = []
        allin: list[Decimal] = []
        total = at_showdown = not_at_showdown = adjusted = Decimal(0)
        for won, shown, adjusted_won in hands:
            total += won
            if shown:
                at_showdown += won
            else:
                not_at_showdown += won
            adjusted += adjusted_won
            net.append(total)
            showdown.append(at_showdown)
            without.append(not_at_showdown)
            allin.append(adjusted)
        return cls(player, unit, net, showdown, without, allin)

    @property
    def hands(self) -> int:
        """The hands in the series."""
        return len(self.net)

    def as_dict(self) -> dict[str, Any]:
        """The series as JSON-ready values (amounts as floats, for a chart)."""
        return {
            "player": self.player,
            "unit": self.unit,
            "hands": self.hands,
            "net": [float(x) for x in self.net],
            "showdown": [float(x) for x in self.showdown],
            "without_showdown": [float(x) for x in self.without_showdown],
            "allin": [float(x) for x in self.allin],
        }


def plot_winnings(series: WinningsSeries, path: str) -> None:
    """Writes the graph of ``series`` as a PNG at ``path``: the four running totals over
    the hands.

    Raises:
        MissingExtraError: matplotlib is not installed (``pokerforge[histories]``).
    """
    matplotlib = require("matplotlib", "histories", "a chart of winnings")
    matplotlib.use("Agg")
    plt = require("matplotlib.pyplot", "histories", "a chart of winnings")

    x = range(1, series.hands + 1)
    fig, ax = plt.subplots(figsize=(8, 4.5))
    for values, label, color, style in (
        (series.net, "net won", "tab:green", "-"),
        (series.showdown, "at showdown", "tab:blue", "-"),
        (series.without_showdown, "without showdown", "tab:red", "-"),
        # Dashed: where no all-in was adjusted it lies on the net's line.
        (series.allin, "all-in adjusted", "tab:orange", "--"),
    ):
        values_ = [float(v) for v in values]
        ax.plot(x, values_, linewidth=1, label=label, color=color, linestyle=style)
    ax.xaxis.get_major_locator().set_params(integer=True)
    ax.axhline(0, color="grey", linewidth=0.5)
    ax.set_xlabel("hands")
    ax.set_ylabel(f"cumulative winnings ({series.unit})")
    ax.set_title(f"{series.player}: {series.hands} hands")
    ax.legend(loc="best", fontsize="small")
    fig.tight_layout()
    fig.savefig(path, format="png")
    plt.close(fig)
