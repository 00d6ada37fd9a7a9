"""Instructions per hand of a workload, counted by valgrind (cachegrind), not timed.

A count of instructions does not depend on the machine's load, so it tells a change's cost
on a shared machine where timings drift. The count of a workload is that of a run doing N
hands less that of a run doing the same set-up and no hand, divided by N:

    .venv/bin/python scripts/instructions.py phh --hands 400

runs, for N = 400 and then for none,

    PYTHONHASHSEED=0 OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 \\
        valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \\
        .venv/bin/python scripts/instructions.py phh --hands 400 --run N

and prints the instructions per hand. Workloads:

    phh     read and replay the 40 good hands of the public PHH dataset's HandHQ sample
            (tests/data/phh, as benches/test_history_speed.py reads them), over and over
    hand    random 6-max no-limit play on ``Hand`` alone, a new hand each time
            (benches/test_hand_speed.py's loop, 200 hands a call), no observation
    tables  ``rl.Tables``, one table: every step observed, a random legal action
            (benches/test_rl_speed.py's ``play_tables``)
    aec     the PettingZoo AEC env, 6-max: ``last()`` at every step of every agent and a
            random legal action (benches/test_rl_speed.py's ``play_aec``)
    vector  ``rl.VectorPokerEnv``, 256 tables stepped by one call with random legal
            actions (benches/test_rl_speed.py's loop) until N hands have ended
    simulate  ``sim.run`` inline, 6-max random play written to Parquet

A workload is a function ``prepare(hands) -> run`` in ``WORKLOADS``: ``prepare`` does every
set-up (imports, data) for ``hands`` hands and ``run(count)`` does ``count`` of them.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

Run = Callable[[int], object]


def phh(hands: int) -> Run:
    """Parse and replay PHH hands with :func:`pokerforge.histories.read_phhs`."""
    from pokerforge.histories import read_phhs  # noqa: PLC0415

    sample = ROOT / "tests" / "data" / "phh" / "handhq_abs_100nlh.phhs"
    text = sample.read_text(encoding="utf-8")
    # The sample's tables, but its one hand whose record disagrees with its actions ([25]).
    tables = [t for t in re.split(r"^(?=\[\d+\]\n)", text, flags=re.M) if t.strip()]
    good = [t.split("\n", 1)[1] for t in tables if not t.startswith("[25]\n")]
    lines = [
        line
        for k in range(hands)
        for line in ["[h]\n", *good[k % len(good)].splitlines(keepends=True)]
    ]

    def run(count: int) -> int:
        done = sum(1 for _ in read_phhs(lines)) if count else 0
        assert done == count, (done, count)
        return done

    return run


def hand(hands: int) -> Run:
    """Random 6-max no-limit hands on :class:`~pokerforge.game.Hand`, no observation (the
    hand benchmark's own loop, ``HANDS`` hands a call)."""
    import random  # noqa: PLC0415

    sys.path.insert(0, str(ROOT / "benches"))
    import test_hand_speed as bench  # noqa: PLC0415
    from pokerforge.game import GameSpec  # noqa: PLC0415

    spec = GameSpec(blinds=(1, 2))
    rng = random.Random(1)

    def run(count: int) -> int:
        if count % bench.HANDS:
            raise SystemExit(f"hand: --hands must be a multiple of {bench.HANDS}")
        for first in range(0, count, bench.HANDS):
            bench.play_pokerforge(spec, first, rng)
        return count

    return run


def tables(hands: int) -> Run:
    """``rl.Tables``, one table, observed at every step (the RL benchmark's loop)."""
    import random  # noqa: PLC0415

    sys.path.insert(0, str(ROOT / "benches"))
    import test_rl_speed as rl  # noqa: PLC0415
    from pokerforge.rl import Tables  # noqa: PLC0415

    table = Tables(rl.SPEC, seats=6, stacks=200, actions=rl.FCPA, seed=1)
    rnd = random.Random(1).random

    def run(count: int) -> int:
        rl.play_tables(table, rnd, count)
        return count

    return run


def aec(hands: int) -> Run:
    """The PettingZoo AEC env, 6-max, every step observed (the RL benchmark's ``play_aec``).
    The set-up plays one hand so that PettingZoo's and the env's first-use work is done in
    both runs."""
    import random  # noqa: PLC0415

    sys.path.insert(0, str(ROOT / "benches"))
    import test_rl_speed as rl  # noqa: PLC0415
    from pokerforge.rl import aec_env  # noqa: PLC0415

    env = aec_env(rl.SPEC, seats=6, stacks=200, actions=rl.FCPA, seed=1)
    rnd = random.Random(1).random
    rl.play_aec(env, rnd, 1)

    def run(count: int) -> int:
        rl.play_aec(env, rnd, count)
        return count

    return run


def vector(hands: int) -> Run:
    """``rl.VectorPokerEnv`` of 256 tables (built and reset in the set-up), stepped with
    random legal actions until ``count`` hands have ended."""
    sys.path.insert(0, str(ROOT / "benches"))
    import test_rl_speed as rl  # noqa: PLC0415

    prepared = rl.fresh_vector()

    def run(count: int) -> int:
        done = 0
        while done < count:
            done += rl.step_vector(prepared, 1)
        return done

    return run


def simulate(hands: int) -> Run:
    """``sim.run`` inline: 6-max random play, every hand written to Parquet (hands and
    actions tables). The set-up runs one hand so that pyarrow is loaded in both runs."""
    import tempfile  # noqa: PLC0415

    from pokerforge import sim  # noqa: PLC0415

    out = Path(tempfile.mkdtemp()) / "hands.parquet"
    sim.run(None, players=6, hands=1, policies="random", seed=1, out=out)

    def run(count: int) -> int:
        if count:
            sim.run(None, players=6, hands=count, policies="random", seed=1, out=out)
        return count

    return run


WORKLOADS: dict[str, Callable[[int], Run]] = {
    "phh": phh,
    "hand": hand,
    "tables": tables,
    "aec": aec,
    "vector": vector,
    "simulate": simulate,
}

_TOTAL = re.compile(r"I\s+refs:\s+([\d,]+)")


def _count(workload: str, hands: int, run: int) -> tuple[int, int]:
    """The instructions of one run of this script under cachegrind, and the hands it did
    (a vector environment's last step may end a few more than asked)."""
    command = [
        "valgrind",
        "--tool=cachegrind",
        "--cache-sim=no",
        "--cachegrind-out-file=/dev/null",
        sys.executable,
        __file__,
        workload,
        "--hands",
        str(hands),
        "--run",
        str(run),
    ]
    # One thread for NumPy's BLAS and OpenMP: their idle threads' spinning would count too.
    env = {
        **os.environ,
        "PYTHONHASHSEED": "0",
        "OPENBLAS_NUM_THREADS": "1",
        "OMP_NUM_THREADS": "1",
    }
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    found = _TOTAL.search(done.stderr)
    if found is None:
        raise SystemExit(f"no instruction count in valgrind's output:\n{done.stderr}")
    return int(found.group(1).replace(",", "")), int(done.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("workload", choices=sorted(WORKLOADS))
    parser.add_argument("--hands", type=int, default=400, help="hands counted (N)")
    parser.add_argument(
        "--run", type=int, default=None, help="do this many hands, once (under valgrind)"
    )
    args = parser.parse_args()
    if args.run is not None:
        print("hands done", WORKLOADS[args.workload](args.hands)(args.run))
        return
    # A run first that counts nothing: Python compiles what a fresh install has not yet
    # compiled, and that must not count in either run.
    subprocess.run(
        [sys.executable, __file__, args.workload, "--hands", "1", "--run", "0"], check=True
    )
    full, done = _count(args.workload, args.hands, args.hands)
    empty, _ = _count(args.workload, args.hands, 0)
    per_hand = (full - empty) / done
    print(f"{args.workload}: {per_hand / 1000:.1f} k instructions per hand ({done} hands)")


if __name__ == "__main__":
    main()
