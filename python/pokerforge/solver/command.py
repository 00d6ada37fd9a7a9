"""The ``pokerforge solve`` command (registered by [`pokerforge.cli`][pokerforge.cli]): solve a
spot, print each action's frequency and EV at a node and the 13x13 strategy grid of an action.

Progress goes to stderr, one line per exploitability measure; Ctrl-C stops the solve.

Examples:
    >>> from pokerforge.cli import main
    >>> main(["solve", "KK, QJs", "AA", "--board", "Kh9d5c3s2h", "--pot", "100",
    ...       "--stack", "100", "--bets", "100%", "--raises", "", "--target", "0.05",
    ...       "--line", "a100", "--grid", "c"])  # doctest: +ELLIPSIS
    river Kh9d5c3s2h, pot 100, stacks 100: ... iterations in ... s, exploitability 0.0...
    after a100: IP to act, pot 200
    action  frequency        EV   combos
    f           50.0%     -50.0      3.0
    c           50.0%     -49...      3.0
    <BLANKLINE>
    c: % of each hand class (IP)
         A   K   Q   J   T   9   8   7   6   5   4   3   2
    A   50   .   .   .   .   .   .   .   .   .   .   .   .
    ...
    0
"""

from __future__ import annotations

import argparse
import math
import sys
from typing import Any

from pokerforge.errors import InvalidSpecError
from pokerforge.solver.game import Progress, solve
from pokerforge.solver.views import grid_text

__all__ = ["add_command", "solve_command"]

_PLAYERS = ("OOP", "IP")


def add_command(commands: Any) -> None:
    """Adds ``solve`` and its options to the command's subparsers ``commands``."""
    cmd = commands.add_parser(
        "solve",
        help="solve a heads-up postflop spot: each hand's equilibrium strategy",
        description="Solve a heads-up No-Limit Hold'em spot from the flop, turn or river, "
        "e.g. pokerforge solve '66+,AJo+,KQo' 'QQ-22,AQs-A2s' --board Td9d6hQc --pot 200 "
        "--stack 900. Prints each action's frequency and EV at the root (or --line) and "
        "the 13x13 grid of one action.",
    )
    cmd.add_argument("oop", help="the out-of-position range, e.g. '66+, AJo+, 0.5(KQo)'")
    cmd.add_argument("ip", help="the in-position range")
    cmd.add_argument("--board", required=True, help="3, 4 or 5 cards, e.g. Td9d6h")
    cmd.add_argument("--pot", type=int, required=True, help="the pot at the start, chips")
    cmd.add_argument("--stack", type=int, required=True, help="the effective stack, chips")
    cmd.add_argument("--bets", default="50%, a", help="bet sizes (default '50%%, a')")
    cmd.add_argument("--raises", default="2.5x", help="raise sizes (default 2.5x)")
    cmd.add_argument("--donk", help="donk sizes on the turn and river (default: the bets)")
    cmd.add_argument("--rake", type=float, default=0.0, help="rake, a share of the pot")
    cmd.add_argument("--rake-cap", type=float, help="the most rake a pot pays, chips")
    cmd.add_argument(
        "--target", type=float, default=0.5, help="exploitability to reach, %% of the pot (0.5)"
    )
    cmd.add_argument("--max-time", type=float, metavar="SECONDS", help="stop after SECONDS")
    cmd.add_argument("--max-iterations", type=int, default=1000, help="default 1000")
    cmd.add_argument("--compressed", action="store_true", help="16-bit storage: half the memory")
    cmd.add_argument(
        "--memory-limit", type=float, default=4096, metavar="MB", help="default 4096 MB"
    )
    cmd.add_argument(
        "--line", default="", help="walk to a node first, e.g. 'x b100 c / 2c' (default: root)"
    )
    cmd.add_argument("--grid", metavar="ACTION", help="the action of the grid (default: bet)")
    cmd.add_argument("--save", metavar="FILE", help="write the solved game to FILE")
    cmd.add_argument("--json", action="store_true", help="print the result as JSON")


class _Reporter:
    """The progress callback: one line on stderr per new measure of the exploitability."""

    def __init__(self) -> None:
        self.last = math.inf

    def __call__(self, p: Progress) -> None:
        if math.isfinite(p.exploitability) and p.exploitability != self.last:
            self.last = p.exploitability
            print(
                f"iteration {p.iterations}: exploitability {p.exploitability:.3%} of the pot "
                f"({p.seconds:.1f} s)",
                file=sys.stderr,
            )


def _grid_action(actions: tuple[str, ...], wanted: str | None) -> str:
    """The action ``--grid`` names (a bet or raise token, or its first letter for the first
    one of that kind); default the first bet, raise or all-in."""
    if wanted is None:
        return next((a for a in actions if a[0] in "bra"), actions[0])
    if wanted in actions:
        return wanted
    match = [a for a in actions if a[0] == wanted[:1].lower()]
    if len(wanted) == 1 and match:
        return match[0]
    raise InvalidSpecError(
        f"--grid {wanted} is not an action here: the actions are {', '.join(actions)}"
    )


def solve_command(args: argparse.Namespace) -> str | dict[str, Any]:
    """Runs ``pokerforge solve``: the summary and grid as text, or a dict for ``--json``."""
    if not (args.memory_limit > 0 and math.isfinite(args.memory_limit)):
        raise InvalidSpecError(
            f"--memory-limit {args.memory_limit:g} is not a number of MB above 0"
        )
    game = solve(
        ranges=[args.oop, args.ip],
        board=args.board,
        pot=args.pot,
        stack=args.stack,
        bets=args.bets,
        raises=args.raises,
        donk=args.donk,
        target=args.target / 100,
        time_limit=args.max_time,
        max_iterations=args.max_iterations,
        rake=args.rake,
        rake_cap=args.rake_cap,
        compressed=args.compressed,
        memory_limit=int(args.memory_limit * 1e6),
        progress=_Reporter(),
    )
    if args.save:
        game.save(args.save)
    node = game.node(args.line)
    summary = game.summary(node)
    action = _grid_action(node.actions, args.grid)
    grid = game.strategy(node).grid(action)
    player = _PLAYERS[node.player or 0]
    if args.json:
        return {
            "board": game.board,
            "iterations": game.iterations,
            "seconds": game.seconds,
            "exploitability": game.exploitability,
            "reached": game.reached,
            "line": list(node.line),
            "player": node.player,
            "pot": node.pot,
            "actions": [
                {"action": s.action, "frequency": s.frequency, "ev": s.ev, "combos": s.combos}
                for s in summary
            ],
            "grid": {
                "action": action,
                "rows": [[None if math.isnan(x) else x for x in r] for r in grid.tolist()],
            },
        }
    street = {3: "flop", 4: "turn", 5: "river"}[len(game.board) // 2]
    lines = [
        f"{street} {game.board}, pot {game.pot}, stacks {game.stack}: {game.iterations} "
        f"iterations in {game.seconds:.1f} s, exploitability {game.exploitability:.3%} of the pot"
        + ("" if game.reached else " (stopped before the target)"),
        f"{'after ' + ' '.join(node.line) if node.line else 'at the root'}: {player} to act, "
        f"pot {node.pot}",
        f"{'action':<7} {'frequency':>9} {'EV':>9} {'combos':>8}",
    ]
    lines += [f"{s.action:<7} {s.frequency:>9.1%} {s.ev:>9.1f} {s.combos:>8.1f}" for s in summary]
    lines += ["", f"{action}: % of each hand class ({player})", grid_text(grid)]
    return "\n".join(lines)
