"""Speed of ``evaluate_many`` from Python, one thread, on the path this process takes.

The batch path (scalar, AVX2 or AVX-512) is chosen once a process, so each path is timed in
its own process: run this once plainly (the path the CPU gets unasked) and once with
``POKERFORGE_EVAL_KERNEL=scalar`` (or ``avx2``), in turns, and compare (see BENCHMARKS.md,
"SIMD batch kernels"):

    .venv/bin/python benches/eval_batch_paths.py
    POKERFORGE_EVAL_KERNEL=scalar .venv/bin/python benches/eval_batch_paths.py
"""

from __future__ import annotations

import os
import statistics
import time

import numpy as np

from pokerforge import evaluate_many

ROWS = 1_000_000
CALLS = 15


def main() -> None:
    rng = np.random.default_rng(2025)
    rows = np.argsort(rng.random((ROWS, 52)), axis=1)[:, :7].astype(np.uint8)
    path = os.environ.get("POKERFORGE_EVAL_KERNEL", "unasked")
    for check in (True, False):
        times = []
        for _ in range(CALLS):
            start = time.perf_counter()
            evaluate_many(rows, threads=1, check=check)
            times.append(time.perf_counter() - start)
        median, best = statistics.median(times), min(times)
        print(
            f"path {path}, check={check}: median {ROWS / median / 1e6:.0f} M/s, "
            f"best {ROWS / best / 1e6:.0f} M/s"
        )


if __name__ == "__main__":
    main()
