"""Scaling of a flop report over Dask workers: the same 20 flops on 1 and on 2 workers.

The spot: pot 100, stacks 200 (a stack-to-pot ratio of 2), one bet size of half the pot
on every street and no raise, ``TT+, AQ+, KQs`` out of position against ``99-55, AJs-ATs,
KJs, QJs, JTs, T9s``, each flop solved to 0.5% of the pot on one thread (a few seconds a
flop). The flops are every 88th of the 1,755 strategically different ones. Each worker
count runs on a fresh ``LocalCluster`` (as the Dask backend starts one), started and timed
apart, the report then run on it by its address; the script checks that the
tables are identical and prints the load average around each figure (the machine may be
shared) and the CPU seconds each run took (a shared machine slows the wall time, not
those).

Run (not part of the test suite):

    .venv/bin/python benches/flop_report.py
    .venv/bin/python benches/flop_report.py --flops 10 --workers 1,2,4 --out flops.parquet
"""

from __future__ import annotations

import argparse
import logging
import os
import resource
import time

from distributed import LocalCluster

from pokerforge.solver.flops import flop_report, strategic_flops

SPOT = {
    "ranges": ["TT+, AQ+, KQs", "99-55, AJs-ATs, KJs, QJs, JTs, T9s"],
    "pot": 100,
    "stack": 200,
    "bets": "50%",
    "raises": "",
    "target": 0.005,
}


def _load() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def _cpu() -> float:
    """CPU seconds of this process and its finished children (the cluster's processes,
    waited for when it closes)."""
    me, kids = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flops", type=int, default=20)
    parser.add_argument("--workers", default="1,2", help="worker counts, e.g. 1,2")
    parser.add_argument("--backend", default="dask", help="dask or processes")
    parser.add_argument("--out", help="write the last table to this Parquet file")
    args = parser.parse_args()
    every = strategic_flops()
    step = len(every) // args.flops
    flops = [every[i * step][0] for i in range(args.flops)]
    print(f"{len(flops)} flops: {' '.join(flops)}")
    first = None
    base = None
    for workers in (int(w) for w in args.workers.split(",")):
        before, cpu = _load(), _cpu()
        if args.backend == "dask":
            # The cluster is started and timed apart: the figure is the report's scaling.
            started = time.perf_counter()
            cluster = LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True,
                dashboard_address=None, silence_logs=logging.ERROR,
            )  # fmt: skip
            startup = time.perf_counter() - started
            with cluster:
                report = flop_report(**SPOT, flops=flops, scheduler=cluster.scheduler_address)
        else:
            startup = 0.0
            report = flop_report(**SPOT, flops=flops, workers=workers, backend=args.backend)
        after, cpu = _load(), _cpu() - cpu
        if first is None:
            first = report
            base = report.seconds
        same = report.rows == first.rows
        iterations = sum(r["iterations"] for r in report.rows)
        print(
            f"{args.backend}, {workers} worker(s): {report.seconds:.1f} s "
            f"(cluster start {startup:.1f} s apart) "
            f"({report.seconds / len(flops):.2f} s a flop, {iterations} iterations), "
            f"speed-up {base / report.seconds:.2f}x, {cpu:.1f} CPU s, table identical: {same}, "
            f"load {before} -> {after}"
        )
        if not same:
            raise SystemExit("the tables differ")
        if args.out:
            report.to_parquet(args.out)


if __name__ == "__main__":
    main()
