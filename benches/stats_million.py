"""Player statistics over many hands on several cores: ``summarize`` on local processes.

Not part of the test run. Writes ``--hands`` hands (the public dataset's HandHQ sample,
replicated, 25,000 hands a file) to a temporary directory, then times
``pokerforge.histories.summarize`` over it with ``--workers`` processes (the simulator's
``processes`` backend; ``--backend dask`` for a Dask ``LocalCluster`` of as many workers):

    .venv/bin/python benches/stats_million.py --hands 1000000 --workers 2

``--sites abs,ipn`` (any of abs, ftp, ipn, ong, ps, pty) writes instead every hand of the
HandHQ samples of those rooms (bad hands included), in the proportions of the whole
dataset's rooms, each room's files named as HandHQ names them, and prints the coverage
table (hands read and skipped by cause, by room) and the time the whole dataset's
21,605,687 hands would take at the same rate; ``--repair`` repairs the pots the records
pay nobody.

Besides the wall-clock time it reports the CPU time of this process and of its workers
(the machine is shared: CPU time says what the run itself cost).
"""

from __future__ import annotations

import argparse
import os
import resource
import tempfile
import time
from pathlib import Path

from pokerforge.histories import summarize
from pokerforge.histories.phhs import _tables

DATA = Path(__file__).parents[1] / "tests" / "data" / "phh"
SAMPLE = DATA / "handhq_abs_100nlh.phhs"
# Each room's HandHQ sample (an excerpt of one of its files, named by its stakes).
SAMPLES = {
    "abs": SAMPLE,
    "ftp": DATA / "handhq_ftp_50nlh.phhs",
    "ipn": DATA / "handhq_ipn_100nlh.phhs",
    "ong": DATA / "handhq_ong_400nlh.phhs",
    "ps": DATA / "handhq_ps_50nlh.phhs",
    "pty": DATA / "handhq_pty_25nlh.phhs",
}
PER_FILE = 25_000
# The HandHQ hands of each room in the whole dataset (its README), for the proportions.
DATASET = {
    "abs": 1_270_658,
    "ftp": 1_299_503,
    "ipn": 5_996_345,
    "ong": 1_647_765,
    "ps": 3_092_698,
    "pty": 8_298_718,
}
WHOLE = 21_605_687


def write_hands(
    directory: Path,
    hands: int,
    sample: Path = SAMPLE,
    prefix: str = "part",
    skip: tuple[str, ...] = ("25",),
) -> int:
    """Write ``hands`` hands (the sample's hands but ``skip`` over and over); returns the
    files."""
    chunks = [c for name, _, c in _tables(sample.read_text().splitlines(True)) if name not in skip]
    files = 0
    written = 0
    while written < hands:
        count = min(PER_FILE, hands - written)
        with open(directory / f"{prefix}{files:04d}.phhs", "w", encoding="utf-8") as out:
            for k in range(count):
                out.write(f"[{written + k + 1}]\n")
                out.writelines(chunks[(written + k) % len(chunks)])
                out.write("\n")
        written += count
        files += 1
    return files


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--backend", choices=("inline", "processes", "dask"), default=None)
    parser.add_argument(
        "--sites", help="rooms of the HandHQ samples to mix: abs,ftp,ipn,ong,ps,pty"
    )
    parser.add_argument("--repair", action="store_true", help="repair unpaid pots")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if args.sites:
            rooms = args.sites.split(",")
            weight = sum(DATASET[room] for room in rooms)
            files = 0
            for room in rooms:
                sample = SAMPLES[room]
                share = args.hands * DATASET[room] // weight
                name = f"{room} NLH handhq_"
                files += write_hands(Path(tmp), share, sample, prefix=name, skip=())
        else:
            files = write_hands(Path(tmp), args.hands)
        before = _cpu()
        load_before = os.getloadavg()[0]
        start = time.perf_counter()
        summary = summarize([tmp], backend=args.backend, workers=args.workers, repair=args.repair)
        took = time.perf_counter() - start
        cpu = _cpu() - before
    load = os.getloadavg()[0]
    print(
        f"{summary.hands:,} hands in {files} files, {len(summary.stats.players())} players: "
        f"{took:.1f} s with {args.workers} workers = {summary.hands / took:,.0f} hands/s; "
        f"CPU {cpu:.1f} s = {summary.hands / cpu:,.0f} hands per CPU second "
        f"(load average {load_before:.2f} before, {load:.2f} after)"
    )
    if args.sites:
        print(summary.coverage_table())
        done = summary.hands + summary.skipped
        print(
            f"{WHOLE:,} hands at this rate: {WHOLE / done * took / 3600:.1f} h on "
            f"{args.workers} workers, {WHOLE / done * cpu / 3600:.1f} CPU hours"
        )


def _cpu() -> float:
    """CPU seconds of this process and of its finished workers, user and system."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    workers = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime


if __name__ == "__main__":
    main()
