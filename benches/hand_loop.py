"""The hand loop's cost against the length of the hand: linear, not quadratic.

Heads-up no-limit, both players min-raising until one is all-in (the longest hands the
rules allow), played by ``pokerforge.game.play`` with each decision's full view: the same
hand at ``stacks`` big blinds and at ten times that. A loop whose views copy the history
costs O(actions^2) a hand (10x the actions, about 100x the time); issue 49's target is at
most 12x. Timed in CPU time, best of ``--rounds``.

    .venv/bin/python benches/hand_loop.py                 # 1,000 and 10,000 big blinds
    .venv/bin/python benches/hand_loop.py --stacks 500 --rounds 7
"""

from __future__ import annotations

import argparse
import time

from pokerforge.game import Decision, GameSpec, Hand, LegalActions, play


def min_raise(view: object, legal: LegalActions) -> Decision:
    """Raise the least allowed, else call."""
    if legal.min_raise_to is not None:
        return Decision.raise_to(legal.min_raise_to)
    return Decision.check_or_call()


def one_hand(stack: int) -> tuple[int, float]:
    """The actions and CPU seconds of one heads-up hand with ``stack`` big blinds each."""
    hand = Hand(GameSpec(blinds=(1, 2)), stacks=[2 * stack, 2 * stack], seed=1)
    start = time.process_time()
    play(hand, [min_raise, min_raise])
    return len(hand.history), time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stacks", type=int, default=1_000, help="big blinds (default 1000)")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    results = []
    for stack in (args.stacks, 10 * args.stacks):
        best = min((one_hand(stack) for _ in range(args.rounds)), key=lambda r: r[1])
        results.append(best)
        print(f"{stack:>7} bb: {best[0]:>6} records, {best[1] * 1e3:8.1f} ms (best CPU time)")
    (short_records, short), (long_records, long) = results
    print(
        f"{long_records / short_records:.1f}x the records cost {long / short:.1f}x the time "
        "(target <= 12x for 10x)"
    )


if __name__ == "__main__":
    main()
