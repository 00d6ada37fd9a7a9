"""Reading a ``.phhs`` file with one very long table: the time must grow with the file's size,
not with its square (issue 27: a 32 MB table took 9.6 s, 128 MB 186 s).

The file is one ordinary hand whose table carries SIZE megabytes of comment lines (what a
long hand or a hostile file looks like to the reader: lines, none a table header), then a
second hand; both are read and replayed. It is written to a temporary folder and removed.

Usage: .venv/bin/python benches/phhs_long_table.py [SIZE_MB ...]   (default: 8 32 128)
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from pokerforge.histories import read_phhs

HAND = """variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
starting_stacks = [200, 200]
actions = ['d dh p1 ????', 'd dh p2 ????', 'p2 f']
"""
LINE = "# " + "x" * 77 + "\n"  # 80 bytes


def write(path: Path, megabytes: int) -> None:
    lines = megabytes * (1 << 20) // len(LINE)
    with path.open("w", encoding="utf-8") as out:
        out.write("[1]\n" + HAND)
        chunk = LINE * 10_000
        for _ in range(lines // 10_000):
            out.write(chunk)
        out.write(LINE * (lines % 10_000))
        out.write("[2]\n" + HAND)


def main() -> None:
    sizes = [int(arg) for arg in sys.argv[1:]] or [8, 32, 128]
    with tempfile.TemporaryDirectory() as folder:
        for megabytes in sizes:
            path = Path(folder) / f"long_{megabytes}.phhs"
            write(path, megabytes)
            start = time.perf_counter()
            reader = read_phhs(path)
            hands = sum(1 for _ in reader)
            seconds = time.perf_counter() - start
            size = path.stat().st_size / (1 << 20)
            print(f"{size:6.1f} MB  {hands} hands  {seconds:7.2f} s  {size / seconds:6.1f} MB/s")
            path.unlink()


if __name__ == "__main__":
    main()
