"""Peer comparisons taken in turns: every workload once per round, many rounds.

pytest-benchmark runs all the rounds of one benchmark before the next, so on a machine
whose speed drifts (shared cores, another program starting) two libraries can be timed at
different speeds of the same machine. Here each round runs every workload once, one
after the other, in CPU time; a ratio is taken within each round and the median over the
rounds is reported, beside each workload's median and best rate.

Run (needs the bench extra, and the rl extra for the ``rl`` set):

    .venv/bin/python benches/interleaved.py rl --rounds 15
    .venv/bin/python benches/interleaved.py histories --rounds 15
    .venv/bin/python benches/interleaved.py kept --rounds 15
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

# (name, prepare, peer): prepare() returns a call that does some work and returns how much
# (hands, or observations); peers are the other libraries, each compared with every
# workload of ours that counts the same unit.
Workload = tuple[str, Callable[[], Callable[[], int]], bool]


def rl_workloads() -> list[Workload]:
    import rlcard  # noqa: PLC0415

    import test_rl_speed as rl  # noqa: PLC0415
    from pokerforge.rl import Tables  # noqa: PLC0415

    def tables() -> Callable[[], int]:
        t = Tables(rl.SPEC, seats=6, stacks=200, actions=rl.FCPA, seed=1)
        rnd = random.Random(1).random
        return lambda: (rl.play_tables(t, rnd, rl.HANDS), rl.HANDS)[1]

    def vector() -> Callable[[], int]:
        prepared = rl.fresh_vector()  # built and reset outside the timing, fresh each call
        return lambda: rl.step_vector(prepared, rl.VECTOR_STEPS)

    def encode_256() -> Callable[[], int]:
        t = rl.mid_hands(rl.VECTOR_TABLES)

        def run() -> int:
            for _ in range(20):
                t.observe_all()
            return 20 * rl.VECTOR_TABLES

        return run

    def aec() -> Callable[[], int]:
        from pokerforge.rl import aec_env  # noqa: PLC0415 - needs the rl extra

        env = aec_env(rl.SPEC, seats=6, stacks=200, actions=rl.FCPA, seed=1)
        rnd = random.Random(1).random
        return lambda: (rl.play_aec(env, rnd, rl.HANDS), rl.HANDS)[1]

    def openspiel() -> Callable[[], int]:
        game = rl.openspiel_game()
        rnd = random.Random(1).random
        return lambda: (rl.play_openspiel(game, rnd, rl.HANDS), rl.HANDS)[1]

    def rlcard_env() -> Callable[[], int]:
        env = rlcard.make("no-limit-holdem", config={"game_num_players": 6, "seed": 1})
        rnd = random.Random(1).random
        return lambda: (rl.play_rlcard(env, rnd, rl.PEER_HANDS), rl.PEER_HANDS)[1]

    return [
        ("pokerforge Tables (hands)", tables, False),
        ("pokerforge VectorPokerEnv 256 (hands)", vector, False),
        ("pokerforge encode_all 256 (table-observations)", encode_256, False),
        ("pokerforge PettingZoo AEC env (hands)", aec, False),
        ("OpenSpiel fcpa (hands)", openspiel, True),
        ("RLCard (hands)", rlcard_env, True),
    ]


def history_workloads() -> list[Workload]:
    import test_history_speed as hs  # noqa: PLC0415

    def one_by_one() -> Callable[[], int]:
        return lambda: len([hs.loads_phh(text) for text in hs.TEXTS])

    return [
        ("pokerforge parse and replay (hands)", lambda: hs.pokerforge_read, False),
        ("pokerforge loads_phh one hand at a time (hands)", one_by_one, False),
        ("pokerkit parse and replay (hands)", lambda: hs.pokerkit_read, True),
    ]


KEPT_HANDS = 200_000


def kept_workloads() -> list[Workload]:
    """``test_eval_speed``'s kept benchmarks: 200,000 results kept in a list, then let go."""
    import numpy as np  # noqa: PLC0415
    import pkrbot  # noqa: PLC0415

    from pokerforge import Card, HandRank, evaluate, evaluate_class  # noqa: PLC0415

    rows = np.argsort(np.random.default_rng(2026).random((KEPT_HANDS, 52)), axis=1)[:, :7]
    cards = [[Card.from_index(int(c)) for c in row] for row in rows]
    theirs = [[pkrbot.Card(str(c)) for c in hand] for hand in cards]

    def evaluate_cold() -> Callable[[], int]:
        # Ranks held through the timing, more than the free-list keeps: every rank timed
        # is a new allocation, as in a program's first batch.
        held = [HandRank(1) for _ in range(300_000)]
        return lambda: len(held) and len([evaluate(h) for h in cards])

    return [
        (
            "pokerforge evaluate, list of Cards (hands)",
            lambda: lambda: len([evaluate(h) for h in cards]),
            False,
        ),
        ("pokerforge evaluate, no freed ranks to reuse (hands)", evaluate_cold, False),
        (
            "pokerforge evaluate_class, list of Cards (hands)",
            lambda: lambda: len([evaluate_class(h) for h in cards]),
            False,
        ),
        (
            "pkrbot evaluate (hands)",
            lambda: lambda: len([pkrbot.evaluate(h) for h in theirs]),
            True,
        ),
    ]


SETS = {"rl": rl_workloads, "histories": history_workloads, "kept": kept_workloads}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("set", choices=sorted(SETS))
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    workloads = SETS[args.set]()
    rates: dict[str, list[float]] = {name: [] for name, _, _ in workloads}
    for _ in range(args.rounds):
        for name, prepare, _ in workloads:
            run = prepare()
            start = time.process_time()
            done = run()
            rates[name].append(done / (time.process_time() - start))
    print(f"{args.rounds} rounds, CPU time; rate per second: median, best")
    for name, _, peer in workloads:
        values = rates[name]
        print(f"  {name}: {statistics.median(values):,.0f}, {max(values):,.0f}")
        if not peer:
            continue
        # Each of ours that counts the same unit (the parenthesised word), against this peer.
        unit = name.rsplit("(", 1)[-1]
        for ours, _, other in workloads:
            if other or not ours.endswith(unit):
                continue
            ratio = statistics.median(a / b for a, b in zip(rates[ours], values, strict=True))
            print(f"    {ours} / this, median of the rounds' ratios: {ratio:.2f}x")


if __name__ == "__main__":
    main()
