"""Play seeded random hands in pokerforge and pokerkit side by side and report differences.

Run from the repository root (pokerkit comes with the ``test`` extra):

    .venv/bin/python scripts/pokerkit_differential.py            # 10,000 hands, seed 1
    .venv/bin/python scripts/pokerkit_differential.py --hands 500 --seed 7

The harness is tests/game/pokerkit_differential.py (the test suite plays a smaller sample).
Exits 1 when any difference is found; known pokerkit faults are counted apart.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "game"))

import pokerkit_differential as diff


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.perf_counter()
    outcome = diff.run(args.hands, args.seed)
    seconds = time.perf_counter() - start
    print(f"{outcome.hands} hands, {outcome.steps} decisions compared in {seconds:.0f} s")
    print(f"differences: {len(outcome.differences)}")
    for line in outcome.differences[:20]:
        print("  " + line)
    for name, count in sorted(outcome.faults.items()):
        print(f"known pokerkit fault {name!r}: {count} spots, checked against the rule instead")
        print(f"  ({diff.KNOWN_FAULTS[name]})")
    return 1 if outcome.differences else 0


if __name__ == "__main__":
    sys.exit(main())
