"""Exact equity grids: checked against the equity engine directly and against the shipped
table of each class against a random hand, the same on every backend, saved and drawn."""

from __future__ import annotations

import csv
import itertools
import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import pyarrow.parquet as pq
import pytest

from pokerforge import CardSet, Range, equity
from pokerforge.errors import InvalidRangeError, InvalidSpecError, TimeLimitError
from pokerforge.sim import CLASSES, preflop_grid, range_grid

SOME = ["AA", "KK", "AKs", "AKo", "T9s", "72o", "22"]


def _combos(name: str) -> list[int]:
    return [combo.mask for combo, _ in Range(name).combos]


def test_the_classes_are_the_169_starting_hands() -> None:
    assert len(CLASSES) == len(set(CLASSES)) == 169
    assert sum(len(_combos(name)) for name in CLASSES) == 1326


@pytest.mark.parametrize(
    ("backend", "workers"),
    [("processes", 2), pytest.param("dask", 2, marks=pytest.mark.workers)],  # a real cluster
)
def test_preflop_grid_is_exact_and_the_same_on_every_backend(backend: str, workers: int) -> None:
    inline = preflop_grid(SOME, chunk_size=5)
    assert inline.values.shape == (7, 7)
    for a, b in itertools.product(SOME, SOME):
        direct = equity([a, b], method="exact").players[0].equity
        assert inline.equity(a, b) == pytest.approx(direct, abs=1e-12)
    assert np.allclose(inline.values + inline.values.T, 1.0)
    other = preflop_grid(SOME, chunk_size=5, backend=backend, workers=workers)
    assert other == inline
    assert (other.backend, other.workers) == (backend, workers)


def test_a_row_of_the_full_grid_adds_up_to_the_equity_against_a_random_hand() -> None:
    # The equity of AKs against a random hand is the mean over every villain class of the
    # class-against-class equity, weighted by the hand pairs that share no card.
    grid = preflop_grid(["AKs"], against=CLASSES, chunk_size=32, workers=2)
    hero = _combos("AKs")
    weights = [sum(1 for h in hero for v in _combos(name) if not h & v) for name in grid.cols]
    row = grid.values[0]
    total = sum(w * e for w, e in zip(weights, row, strict=True)) / sum(weights)
    table = equity(["AKs", "random"]).players[0].equity
    assert total == pytest.approx(table, abs=1e-9)


def test_range_grid_rows_are_each_hands_exact_equity_against_the_range() -> None:
    grid = range_grid("AhKh, QQ, 98s", "0.5(JJ), AQs, KQo", board="2c7d9h", chunk_size=16)
    assert grid.board == str(CardSet("2c7d9h"))
    assert "9h8h" not in grid.rows  # clashes with the board
    for hand, value in grid.vs_range().items():
        direct = equity([hand, "0.5(JJ), AQs, KQo"], "2c7d9h", method="exact").players[0]
        assert value == pytest.approx(direct.equity, abs=1e-12), hand
    # Cells of hands that share a card are empty; every other cell is a real equity.
    for i, j in itertools.product(range(len(grid.rows)), range(len(grid.cols))):
        clash = CardSet(grid.rows[i]).mask & CardSet(grid.cols[j]).mask
        assert math.isnan(grid.values[i, j]) == bool(clash)
    assert grid == range_grid(
        "AhKh, QQ, 98s", "0.5(JJ), AQs, KQo", board="2c7d9h", workers=2, chunk_size=16
    )


def test_grids_save_as_csv_and_parquet_and_draw(tmp_path: Path) -> None:
    grid = range_grid("AhKh, QsQd", "JJ, AsKs", board="2c7d9h")
    grid.save(tmp_path / "g.csv")
    with open(tmp_path / "g.csv", encoding="utf-8") as file:
        rows = list(csv.reader(file))
    assert rows[0] == ["hand", *grid.cols]
    for row, values in zip(rows[1:], grid.values, strict=True):
        assert [float(x) if x else math.nan for x in row[1:]] == pytest.approx(
            list(values), nan_ok=True, abs=1e-9
        )
    grid.save(tmp_path / "g.parquet")
    cells = pq.read_table(tmp_path / "g.parquet").to_pylist()
    assert len(cells) == int(np.count_nonzero(~np.isnan(grid.values)))
    for cell in cells:
        assert cell["equity"] == grid.equity(cell["row"], cell["col"])
    grid.heatmap(tmp_path / "g.png")
    assert (tmp_path / "g.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: preflop_grid(["AA", "AKx"]), "'AKx' is not a starting-hand class"),
        (lambda: preflop_grid(["AA", "AA"]), "given once each"),
        (lambda: range_grid("AhAd", "AA", board="AhKd2c"), "has no hand left"),
        (lambda: range_grid("QQ+", "ZZ"), "ZZ"),
    ],
)
def test_bad_grid_input_is_named(call: object, message: str) -> None:
    with pytest.raises(InvalidRangeError, match=message):
        call()  # type: ignore[operator]


@pytest.mark.slow  # a command, a grid and a plot, the same on every Python: 3.11 only
def test_grid_command_writes_the_matrix_and_a_heatmap(tmp_path: Path) -> None:
    out, png = tmp_path / "m.csv", tmp_path / "m.png"
    done = subprocess.run(
        [sys.executable, "-m", "pokerforge", "grid", "preflop", "--classes", "AA,KK,72o",
         "--workers", "2", "--out", str(out), "--png", str(png)],
        capture_output=True, text=True, check=False, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("3x3 pre-flop classes, exact:")
    assert "(processes, 2 workers)" in done.stdout
    rows = list(csv.reader(out.open(encoding="utf-8")))
    assert rows[0] == ["hand", "AA", "KK", "72o"]
    assert png.stat().st_size > 1000
    bad = subprocess.run(
        [sys.executable, "-m", "pokerforge", "grid", "range", "QQ+"],
        capture_output=True, text=True, check=False, timeout=60,
    )  # fmt: skip
    assert bad.returncode == 2
    assert "takes two ranges" in bad.stderr


@pytest.mark.parametrize(("backend", "workers"), [("inline", 1), ("processes", 2)])
def test_a_grid_stops_at_its_time_limit(backend: str, workers: int) -> None:
    # Every hand against every hand before the flop: about half an hour of exact cells,
    # once with nothing to stop it but Ctrl-C.
    with pytest.raises(
        TimeLimitError, match="the grid did not finish within the time limit"
    ) as info:
        range_grid("random", "random", time_limit=0.3, backend=backend, workers=workers)
    assert info.value.location == "time_limit"
    assert "of 1,624,350 cells computed" in str(info.value)
    with pytest.raises(InvalidSpecError, match="time_limit"):
        preflop_grid(["AA", "KK"], time_limit=math.nan)
    # Inside its limit a grid is the same as without one.
    assert preflop_grid(["AA", "KK"], time_limit=60) == preflop_grid(["AA", "KK"])


def test_a_grid_of_an_unknown_ending_is_refused(tmp_path: Path) -> None:
    grid = preflop_grid(["AA", "KK"])
    with pytest.raises(InvalidSpecError, match=r"from its ending '\.xyz'"):
        grid.save(tmp_path / "g.xyz")
    assert list(tmp_path.iterdir()) == []
