"""Flop reports: the strategic flops, rows that do not depend on where flops are solved,
Parquet and the chart."""

from __future__ import annotations

import itertools
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from pokerforge.errors import InvalidCardError, InvalidSpecError
from pokerforge.solver import solve
from pokerforge.solver.flops import flop_report, strategic_flops

SPOT = {"ranges": ["AA, KK, QQ, AKs", "JJ-99, AQs, KQs"], "pot": 100, "stack": 100,
        "bets": "50%", "raises": ""}  # fmt: skip
FLOPS = ["7s6s5s", "Td9d6h"]


@pytest.mark.slow  # an enumeration, the same on every Python: on 3.11 only
def test_the_strategic_flops_cover_every_flop_once() -> None:
    flops = strategic_flops()
    assert len(flops) == 1755 and sum(n for _, n in flops) == 22100
    assert len({f for f, _ in flops}) == 1755
    # A monotone flop of three ranks stands for its 4 suits, a rainbow one for 24.
    weights = dict(flops)
    assert weights["4c3c2c"] == 4 and weights["4c3d2h"] == 24
    # Every flop is one of the classes: renaming its suits gives one of the spellings.
    names = set(weights)
    suits = "cdhs"
    flop = ("Ks", "Qs", "2d")
    spellings = {
        "".join(c[0] + perm[suits.index(c[1])] for c in flop)
        for perm in itertools.permutations(suits)
    }
    assert len(spellings & names) == 1


@pytest.mark.slow  # solves on processes: on 3.11 only
def test_rows_are_the_solves_and_do_not_depend_on_the_workers(tmp_path: Path) -> None:
    inline = flop_report(**SPOT, flops=FLOPS)
    assert [r["flop"] for r in inline.rows] == FLOPS and inline.workers == 1
    processes = flop_report(**SPOT, flops=FLOPS, workers=2)
    assert processes.workers == 2 and processes.rows == inline.rows
    row = inline.rows[1]
    game = solve(board="Td9d6h", threads=1, **SPOT)
    assert row["ev_oop"] == game.values[0] and row["iterations"] == game.iterations
    root = game.strategy(game.root).totals
    assert row["oop_x"] == root["x"] and row["bet_oop"] == pytest.approx(root["b50"])
    assert row["bet_ip"] == pytest.approx(1 - game.strategy("x").totals["x"])
    assert 0 < row["equity_oop"] < 1 and row["exploitability"] <= 0.005
    path = tmp_path / "flops.parquet"
    inline.to_parquet(path)
    table = pq.read_table(path)
    assert table.column_names == inline.columns()
    assert table.column("flop").to_pylist() == FLOPS
    assert table.column("ev_oop").to_pylist() == [r["ev_oop"] for r in inline.rows]
    inline.chart(tmp_path / "flops.png")
    assert (tmp_path / "flops.png").read_bytes()[:4] == b"\x89PNG"


@pytest.mark.workers  # a real Dask cluster
@pytest.mark.slow  # on 3.11 only: Dask itself is tested on every Python by the grids' tests
def test_dask_gives_the_same_rows() -> None:
    inline = flop_report(**SPOT, flops=FLOPS[:2])
    dask = flop_report(**SPOT, flops=FLOPS[:2], workers=2, backend="dask")
    assert dask.rows == inline.rows


def test_bad_flops_are_named_before_any_work() -> None:
    with pytest.raises(InvalidSpecError, match="'AhKd' is not a flop"):
        flop_report(**SPOT, flops=["AhKd"])
    with pytest.raises(InvalidCardError):
        flop_report(**SPOT, flops=["AhKdXx"])
    with pytest.raises(InvalidSpecError, match="flops is empty"):
        flop_report(**SPOT, flops=[])
    with pytest.raises(InvalidSpecError, match="'3q' is not a size"):
        flop_report(**{**SPOT, "bets": "3q"}, flops=FLOPS)
