"""Equity results as the command prints them, in each game's words.

The odds of one hand and the table of several players read the game's row: its final
hands are listed by the categories of its hand kind (a razz hand ends a ``No pair`` low or
paired, a short-deck hand in its own order), by the draw games' own names (``7-low``,
``4-high badugi``, ``three cards``), and a hi-lo game's columns say which half they count
and are explained under the table.

Examples:
    >>> from pokerforge import equity
    >>> result = equity(["As2d3h", "random"], game="razz", samples=20_000, seed=1)
    >>> print("\\n".join(final_hands(result, 0, "razz")[:3]))
    final ace-to-five low   chance
    No pair                 97.17%
    Pair                     2.76%
    >>> print("\\n".join(players_table(
    ...     equity(["AhAs", "KdKc"], method="exact"), ["AhAs", "KdKc"], "holdem")))
    player       equity      win      tie
    AhAs         81.26%   81.06%    0.38%
    KdKc         18.74%   18.55%    0.38%
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerforge.equity import EquityResult, PlayerEquity
from pokerforge.eval import Category
from pokerforge.games import ROWS, SHAPES, Game

__all__ = ["HILO_LEGEND", "final_hands", "odds_lines", "pct", "players_table"]

HILO_LEGEND = (
    "scoop: deals won whole (both halves, or the high alone when no low qualifies);",
    "split: deals won in part; high, low: the pot's share won from each half (their sum",
    "is the equity)",
)
"""What a hi-lo game's columns count, printed under them (three lines)."""


def pct(x: float) -> str:
    """A fraction as a percentage with two decimals: ``'81.26%'``."""
    return f"{x * 100:.2f}%"


def final_hands(
    result: EquityResult, who: int, game: Game, *, trips_beat_straight: bool = True
) -> list[str]:
    """Player ``who``'s chance of each final hand, best first, under a heading naming the
    game's kind of hand where it has a low (``final high hand`` in hi-lo, ``final
    ace-to-five low``; else ``final hand``): the draw games' own final hands where the
    result has them, else the categories of the game's hand kind (short deck's in the
    order ``trips_beat_straight`` chooses)."""
    player = result.players[who]
    final = player.final_hands
    if final is not None:  # a draw game: its own names, best first
        rows = list(final.items())
    else:
        named = ROWS[game].categories(trips_beat_straight)
        rows = [(name, player.categories.get(Category(cat), 0.0)) for cat, name in named]
    # A game of high hands alone says "final hand"; the others name which hand is meant.
    head = f"final {SHAPES[game].hand}" if ROWS[game].low else "final hand"
    width = max(17, len(head), *(len(name) for name, _ in rows))
    return [f"{head:<{width}} {'chance':>8}"] + [
        f"{name:<{width}} {pct(chance):>8}" for name, chance in rows
    ]


def odds_lines(player: PlayerEquity, game: Game) -> list[str]:
    """One hand's chances: win, tie, lose and equity; in a hi-lo game scoop, split, lose,
    equity and the share won from each half, with what they count."""
    if not SHAPES[game].hilo:
        rows = [("win", player.win), ("tie", player.tie), ("lose", player.lose)]
        return [f"{name:<7} {pct(value):>8}" for name, value in [*rows, ("equity", player.equity)]]
    rows = [
        ("scoop", player.scoop or 0.0),
        ("split", player.tie),
        ("lose", player.lose),
        ("equity", player.equity),
        ("high", player.high or 0.0),
        ("low", player.low or 0.0),
    ]
    return [f"{name:<7} {pct(value):>8}" for name, value in rows] + ["", *HILO_LEGEND]


def players_table(
    result: EquityResult,
    players: Sequence[str],
    game: Game,
    throws: Sequence[str] | None = None,
) -> list[str]:
    """The players' equities, one line each: equity, win and tie; in a hi-lo game equity,
    scoop, split, high and low (and what they count, under the table); in a draw game
    ``throws``, what each throws at the next draw."""
    width = max(10, *(len(p) for p in players))
    hilo = SHAPES[game].hilo
    names = ("equity", "scoop", "split", "high", "low") if hilo else ("equity", "win", "tie")
    head = f"{'player':<{width}}" + "".join(f" {name:>8}" for name in names)
    if throws is not None:
        head += "  throws (next draw)"
    lines = [head]
    for i, (text, p) in enumerate(zip(players, result.players, strict=True)):
        values: tuple[float, ...] = (
            (p.equity, p.scoop or 0.0, p.tie, p.high or 0.0, p.low or 0.0)
            if hilo
            else (p.equity, p.win, p.tie)
        )
        row = f"{text:<{width}}" + "".join(f" {pct(v):>8}" for v in values)
        if throws is not None:
            row += f"  {throws[i]}"
        lines.append(row)
    return lines + (list(HILO_LEGEND) if hilo else [])
