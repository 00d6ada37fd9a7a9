"""The ``pokerforge`` command.

Examples:
    >>> main(["eval", "AsKsQsJsTs"])
    Royal flush
      class 7462 of 7462 (straight flush)
      best five: As Ks Qs Js Ts
    0
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from pokerforge.errors import PokerError
from pokerforge.eval import evaluate

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pokerforge",
        description="A poker engine with a Rust core: evaluate hands from the command line.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    evaluate_cmd = commands.add_parser(
        "eval",
        help="rank a 5-7 card poker hand",
        description="Rank the best five of 5, 6 or 7 cards, e.g. 'pokerforge eval AsKsQsJsTs'.",
    )
    evaluate_cmd.add_argument(
        "cards", nargs="+", help="cards like AsKsQsJsTs, or one per argument: As Ks Qs Js Ts"
    )
    return parser


def _eval(cards: list[str]) -> str:
    rank = evaluate(" ".join(cards))
    five = " ".join(str(card) for card in rank.best_five or ())
    return (
        f"{rank.describe()}\n"
        f"  class {int(rank)} of 7462 ({rank.category.label.lower()})\n"
        f"  best five: {five}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command with ``argv`` (default: the process arguments); returns the exit code.

    Bad input prints one line naming the problem and returns 2.
    """
    args = _parser().parse_args(argv)
    try:
        if args.command == "eval":
            print(_eval(args.cards))
    except PokerError as err:
        print(f"pokerforge: error: {err}", file=sys.stderr)
        return 2
    return 0
