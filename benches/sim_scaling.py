"""Scaling of simulations and equity grids over workers and backends.

Runs the same simulation (6-max no-limit Hold'em, random policy, fixed seed) on each backend
and worker count and prints hands/s with the speed-up over one worker of the same backend;
measures what one chunk costs a backend when it does no work (the scheduling overhead the
scaling model in BENCHMARKS.md needs); and times the exact 169x169 pre-flop grid. Every run
of one simulation must give the same result, which the script checks. It prints the load
average before and after each figure: the machine may be shared.

Run (not part of the test suite):

    .venv/bin/python benches/sim_scaling.py                          # everything, 1,000,000 hands
    .venv/bin/python benches/sim_scaling.py --hands 200000 --only sim --backends inline,dask
    .venv/bin/python benches/sim_scaling.py --only overhead
    .venv/bin/python benches/sim_scaling.py --only grid --workers 2
"""

from __future__ import annotations

import argparse
import os
import resource
import time

import psutil

from pokerforge import sim
from pokerforge.sim.backends import Backend, Executor


def _load() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def _cpu() -> float:
    """CPU seconds of this process and every finished worker process (they are all waited
    for when a run ends, Dask's nannies and workers included)."""
    me, kids = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def _live_cpu() -> float:
    """CPU seconds so far of this process and every process under it, while they run."""
    me = psutil.Process()
    total = 0.0
    for proc in [me, *me.children(recursive=True)]:
        try:
            times = proc.cpu_times()
        except psutil.NoSuchProcess:
            continue
        total += times.user + times.system
    return total


def _noop(payload: None, chunk: int) -> int:
    return chunk


def simulations(hands: int, chunk_size: int, backends: list[str], workers: list[int]) -> None:
    """Wall hands/s, and hands per CPU-second of all processes: on a busy machine the wall
    speed-up says how many cores were free, the CPU figure what the backend costs."""
    print(f"== simulation: {hands:,} hands, 6 players, random policy, chunks of {chunk_size:,}")
    print(
        "backend    workers  seconds   hands/s  speed-up  CPU s  hands/CPU-s  CPU efficiency"
        "  load before -> after"
    )
    reference: sim.SimResult | None = None
    inline_rate = inline_cpu_rate = 0.0
    for backend in backends:
        base = inline_rate if backend == "processes" else 0.0
        for n in [1] if backend == "inline" else workers:
            before, cpu = _load(), _cpu()
            result = sim.run(
                None, players=6, hands=hands, policies="random", seed=1, backend=backend,
                workers=n, chunk_size=chunk_size,
            )  # fmt: skip
            cpu = _cpu() - cpu
            if reference is None:
                reference = result
            assert result == reference, "a backend gave a different result"
            base = base or result.hands_per_second
            cpu_rate = hands / cpu
            if backend == "inline":
                inline_rate, inline_cpu_rate = result.hands_per_second, cpu_rate
            print(
                f"{backend:<10} {n:>7} {result.seconds:>8.1f} {result.hands_per_second:>9,.0f}"
                f" {result.hands_per_second / base:>8.2f}x {cpu:>6.1f} {cpu_rate:>12,.0f}"
                f" {cpu_rate / (inline_cpu_rate or cpu_rate):>14.1%}  {before} -> {_load()}"
            )


def overhead(chunks: int, workers: int) -> None:
    """Round trip and CPU cost of chunks that do nothing: what a backend adds per chunk."""
    print(f"== cost of an empty chunk ({chunks:,} chunks, {workers} workers)")
    print("backend      start s   wall ms/chunk   chunks/s   CPU ms/chunk   load after")
    backends: list[Backend] = ["processes", "dask"]
    for backend in backends:
        start = time.perf_counter()
        with Executor(backend, workers=workers) as executor:
            assert len(list(executor.map(_noop, None, 1))) == 1  # workers up and warm
            warm, cpu = time.perf_counter(), _live_cpu()
            done = sum(1 for _ in executor.map(_noop, None, chunks))
            end = time.perf_counter()
            cpu = _live_cpu() - cpu
        assert done == chunks
        per = (end - warm) / chunks
        print(
            f"{backend:<10} {warm - start:>9.2f} {per * 1e3:>15.3f} {1 / per:>10,.0f}"
            f" {cpu / chunks * 1e3:>14.3f}   {_load()}"
        )


def grid(workers: int, backend: str | None) -> None:
    print(f"== exact 169x169 pre-flop grid, {workers} workers")
    before, cpu = _load(), _cpu()
    result = sim.preflop_grid(workers=workers, backend=backend)
    cpu = _cpu() - cpu
    cells = 169 * 170 // 2
    print(
        f"{result.backend}, {result.workers} workers: {result.seconds:.1f} s, {cpu:.1f} CPU s "
        f"({cells:,} class pairs, {cpu / cells * 1e3:.2f} CPU ms each)   "
        f"load {before} -> {_load()}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--chunk-size", type=int, default=1000)
    parser.add_argument("--backends", default="inline,processes,dask")
    parser.add_argument("--workers", default="1,2")
    parser.add_argument("--chunks", type=int, default=2000, help="empty chunks for --only overhead")
    parser.add_argument("--only", choices=("sim", "overhead", "grid"))
    args = parser.parse_args()
    workers = [int(n) for n in args.workers.split(",")]
    if args.only in (None, "sim"):
        simulations(args.hands, args.chunk_size, args.backends.split(","), workers)
    if args.only in (None, "overhead"):
        overhead(args.chunks, max(workers))
    if args.only in (None, "grid"):
        grid(max(workers), None)


if __name__ == "__main__":
    main()
