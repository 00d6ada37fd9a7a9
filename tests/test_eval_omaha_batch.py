"""The Omaha batch evaluators' ``check=`` keyword: ``check=False`` gives the checked answers
on valid rows, and ``check=True`` (the default) still refuses bad rows; and every SIMD
kernel gives the scalar kernel's classes."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerforge import (
    DuplicateCardError,
    InvalidCardError,
    PokerError,
    evaluate_omaha,
    evaluate_omaha_hilo_many,
    evaluate_omaha_low,
    evaluate_omaha_low_many,
    evaluate_omaha_many,
)


def _deal(rng: np.random.Generator, rows: int, h: int, b: int) -> tuple[npt.NDArray[np.uint8], ...]:
    deals = np.array([rng.permutation(52)[: h + b] for _ in range(rows)], dtype=np.uint8)
    return np.ascontiguousarray(deals[:, :h]), np.ascontiguousarray(deals[:, h:])


@settings(max_examples=30, deadline=None)
@given(st.integers(4, 6), st.integers(3, 5), st.integers(1, 60), st.integers(0, 2**32 - 1))
def test_unchecked_rows_give_the_checked_answers(h: int, b: int, rows: int, seed: int) -> None:
    hole, board = _deal(np.random.default_rng(seed), rows, h, b)
    high = evaluate_omaha_many(hole, board)
    low = evaluate_omaha_low_many(hole, board)
    assert (evaluate_omaha_many(hole, board, check=False) == high).all()
    assert (evaluate_omaha_low_many(hole, board, check=False) == low).all()
    for result in (evaluate_omaha_hilo_many(hole, board, check=c) for c in (True, False)):
        assert (result[0] == high).all()
        assert (result[1] == low).all()
    # And the checked answers are the single-hand ones.
    assert [int(x) for x in high] == [
        int(evaluate_omaha(x, y)) for x, y in zip(hole.tolist(), board.tolist(), strict=True)
    ]
    assert [int(x) for x in low] == [
        int(r) if (r := evaluate_omaha_low(x, y)) is not None else 0
        for x, y in zip(hole.tolist(), board.tolist(), strict=True)
    ]


BATCHES = [evaluate_omaha_many, evaluate_omaha_low_many, evaluate_omaha_hilo_many]


@pytest.mark.parametrize("fn", BATCHES, ids=lambda f: f.__name__)
@pytest.mark.parametrize(
    ("hole", "board", "exc", "bad"),
    [
        ([[0, 1, 2, 3], [4, 5, 6, 52]], [[10, 11, 12], [13, 14, 15]], InvalidCardError, "row 1"),
        ([[0, 1, 2, 3], [4, 5, 6, 7]], [[10, 11, 12], [13, 14, 7]], DuplicateCardError, "row 1"),
        ([[0, 1, 2, 2]], [[10, 11, 12]], DuplicateCardError, "row 0"),
    ],
)
def test_checked_rows_refuse_bad_rows(
    fn: Callable[..., Any],
    hole: list[list[int]],
    board: list[list[int]],
    exc: type[PokerError],
    bad: str,
) -> None:
    holes, boards = np.array(hole, dtype=np.uint8), np.array(board, dtype=np.uint8)
    for kwargs in ({}, {"check": True}):
        with pytest.raises(exc) as info:
            fn(holes, boards, **kwargs)
        assert bad in str(info.value)


@pytest.mark.parametrize("fn", BATCHES, ids=lambda f: f.__name__)
def test_unchecked_bad_rows_give_an_answer_not_a_crash(fn: Callable[..., Any]) -> None:
    holes = np.array([[255, 52, 0, 0], [0, 1, 2, 3]], dtype=np.uint8)
    boards = np.array([[0, 0, 200], [4, 5, 6]], dtype=np.uint8)

    def first(result: Any) -> Any:
        return result[0] if isinstance(result, tuple) else result

    unchecked = first(fn(holes, boards, check=False))
    assert unchecked.shape == (2,)
    # The good row is unaffected by the bad one beside it.
    assert int(unchecked[1]) == int(first(fn(holes[1:], boards[1:]))[0])


# Ranks seeded deals of every size with each Omaha kernel, in a process of its own (the
# kernel is chosen once a process), and prints a digest of the classes.
_KERNEL_RUN = """
import hashlib, sys
import numpy as np
from pokerforge import evaluate_omaha_hilo_many, evaluate_omaha_low_many, evaluate_omaha_many
digest = hashlib.sha256()
rng = np.random.default_rng(34)
for h in (4, 5, 6):
    for b in (3, 4, 5):
        deals = np.argsort(rng.random((2_000, 52)), axis=1)[:, : h + b].astype(np.uint8)
        hole, board = np.ascontiguousarray(deals[:, :h]), np.ascontiguousarray(deals[:, h:])
        high, low = evaluate_omaha_hilo_many(hole, board, threads=1)
        assert (evaluate_omaha_many(hole, board, threads=1) == high).all()
        assert (evaluate_omaha_low_many(hole, board, threads=1) == low).all()
        digest.update(high.tobytes() + low.tobytes())
print(digest.hexdigest())
"""


@pytest.mark.slow  # the core's kernels, the same on every Python: on 3.11 only
def test_every_kernel_gives_the_same_classes() -> None:
    """``POKERFORGE_OMAHA_KERNEL`` forces the scalar, AVX2 or AVX-512 kernel (a CPU without
    one runs its best instead): the installed wheel's kernels agree on 18,000 deals of
    every hole and board size (each pinned to the per-hand evaluators by the tests above)."""
    # The three processes run side by side: most of their time is Python starting.
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", _KERNEL_RUN],
            env={**os.environ, "POKERFORGE_OMAHA_KERNEL": kernel},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for kernel in ("scalar", "avx2", "avx512")
    ]
    digests = set()
    for run in runs:
        out, err = run.communicate()
        assert run.returncode == 0, err
        digests.add(out.strip())
    assert len(digests) == 1, digests
