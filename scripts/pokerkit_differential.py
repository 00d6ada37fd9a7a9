"""Play seeded random hands of every game pokerkit plays, in pokerforge and pokerkit side by
side, and report the differences per game.

Run from the repository root (pokerkit comes with the ``test`` extra):

    .venv/bin/python scripts/pokerkit_differential.py                 # 3,000 hands a game
    .venv/bin/python scripts/pokerkit_differential.py --hands 500 --games razz badugi

The games are those pokerkit 0.7.7 plays: no-limit Hold'em, fixed-limit Hold'em, pot-limit
Omaha, Omaha hi-lo (pot-limit: see tests/game/pokerkit_differential.py), no-limit
short-deck Hold'em, seven-card stud, stud hi-lo, razz, no-limit 2-7 single draw,
fixed-limit 2-7 triple draw and badugi. The harnesses are tests/game/pokerkit_*.py (the test
suite plays smaller samples). Exits 1 when any difference is found; spots where pokerkit
breaks a rule are checked against the rule and counted apart, per game.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "game"))

import pokerkit_differential as board
import pokerkit_draw_differential as draw
import pokerkit_stud_differential as stud

Run = Callable[[int, int], board.Outcome]


def _games() -> dict[str, tuple[Run, dict[str, str]]]:
    """Each game's name -> (its run of ``hands`` from ``seed``, its harness's faults)."""
    games: dict[str, tuple[Run, dict[str, str]]] = {}
    for harness, names in ((board, board.GAMES), (stud, stud.VARIANTS), (draw, draw.VARIANTS)):
        for name in names:
            games[name] = partial(harness.run, game=name), harness.KNOWN_FAULTS
    return games


def main() -> int:
    games = _games()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3_000, help="hands per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", nargs="+", choices=sorted(games), default=list(games))
    args = parser.parse_args()
    failed = False
    print(f"{'game':<16} {'hands':>6} {'decisions':>10} {'differences':>12} {'seconds':>8}  faults")
    for name in args.games:
        run, faults = games[name]
        start = time.perf_counter()
        # Each game its own deals: the seed mixed with the game's place in the list.
        outcome = run(args.hands, args.seed * 100 + list(games).index(name))
        seconds = time.perf_counter() - start
        counted = ", ".join(f"{k} {v}" for k, v in sorted(outcome.faults.items())) or "-"
        print(
            f"{name:<16} {outcome.hands:>6} {outcome.steps:>10} {len(outcome.differences):>12}"
            f" {seconds:>8.0f}  {counted}"
        )
        for line in outcome.differences[:5]:
            print("    " + line[:2_000])
        unknown = set(outcome.faults) - set(faults)
        failed |= bool(outcome.differences or unknown)
    print("\nknown pokerkit faults (checked against the rule instead):")
    for harness in (board, stud, draw):
        print(f"  in {Path(harness.__file__ or '').name}:")
        for name, text in sorted(harness.KNOWN_FAULTS.items()):
            print(f"    {name}: {text}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
