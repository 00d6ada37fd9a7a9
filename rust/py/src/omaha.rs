//! Omaha and Omaha Hi-Lo for Python: `evaluate_omaha`, `evaluate_omaha_low`,
//! `evaluate_omaha_hilo`, their NumPy batch forms, and `LowRank`.

use numpy::PyArray1;
use pokerforge_core::eval as core_eval;
use pokerforge_core::eval::{
    omaha_hilo_rows, omaha_hilo_rows_checked, omaha_low_rows, omaha_low_rows_checked,
    omaha_rank_rows, omaha_rank_rows_checked,
};
use pokerforge_core::{CardSet, LowRank};
use pyo3::prelude::*;

use crate::batch::{self, u8_matrix, with_rows, Rows, PARALLEL_ROWS};
use crate::errors::{with_message, InvalidArrayError, PokerError};
use crate::hand_rank::new_hand_rank;
use crate::input::{card_set, core, Int};
use crate::parallel::threads_for;
use crate::rank_methods::rank_methods;

/// An eight-or-better low: dense class 1 (8-7-6-5-4) to 56 (5-4-3-2-A).
#[pyclass(name = "LowRank", module = "pokerforge", frozen, freelist = 64)]
#[derive(Debug)]
pub struct PyLowRank(pub LowRank);

rank_methods!(
    PyLowRank(LowRank, u8) "LowRank",
    "{} is not a low class: expected an integer from 1 to 56",
    |rank| rank,
    {
        /// A phrase naming the low, e.g. `'7-5-3-2-A low'`.
        fn describe(&self) -> String {
            self.0.describe()
        }
    }
);

/// The best Omaha high hand: exactly two of `hole` (4, 5 or 6 cards) and three of `board`
/// (3, 4 or 5 cards).
#[pyfunction]
pub fn evaluate_omaha<'py>(
    hole: &Bound<'py, PyAny>,
    board: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let (py, hole, board) = (hole.py(), card_set(hole)?, card_set(board)?);
    let rank = core(core_eval::evaluate_omaha(hole, board))?;
    new_hand_rank(py, rank, board, hole)
}

/// The best eight-or-better low (exactly two hole and three board cards), or `None`.
#[pyfunction]
pub fn evaluate_omaha_low(
    hole: &Bound<'_, PyAny>,
    board: &Bound<'_, PyAny>,
) -> PyResult<Option<PyLowRank>> {
    let low = core(core_eval::evaluate_omaha_low(
        card_set(hole)?,
        card_set(board)?,
    ))?;
    Ok(low.map(PyLowRank))
}

/// The best high hand and the best low (or `None`), hole cards chosen independently.
#[pyfunction]
pub fn evaluate_omaha_hilo<'py>(
    hole: &Bound<'py, PyAny>,
    board: &Bound<'py, PyAny>,
) -> PyResult<(Bound<'py, PyAny>, Option<PyLowRank>)> {
    let (py, hole, board) = (hole.py(), card_set(hole)?, card_set(board)?);
    let (high, low) = core(core_eval::evaluate_omaha_hilo(hole, board))?;
    Ok((new_hand_rank(py, high, board, hole)?, low.map(PyLowRank)))
}

/// A batch kernel over `(holes, boards, out)` rows.
type Kernel<T> = fn(&[u8], &[u8], &mut [T]) -> Result<(), usize>;

/// Picks the kernel monomorphised for hole width `h`, board width `b` and whether it checks
/// each row.
macro_rules! kernel_for {
    ($f:ident, $h:expr, $b:expr, $check:expr) => {
        if $check {
            kernel_for!(@ $f, $h, $b, true)
        } else {
            kernel_for!(@ $f, $h, $b, false)
        }
    };
    (@ $f:ident, $h:expr, $b:expr, $c:literal) => {
        match ($h, $b) {
            (4, 3) => $f::<4, 3, $c> as Kernel<_>,
            (4, 4) => $f::<4, 4, $c>,
            (4, 5) => $f::<4, 5, $c>,
            (5, 3) => $f::<5, 3, $c>,
            (5, 4) => $f::<5, 4, $c>,
            (5, 5) => $f::<5, 5, $c>,
            (6, 3) => $f::<6, 3, $c>,
            (6, 4) => $f::<6, 4, $c>,
            _ => $f::<6, 5, $c>,
        }
    };
}

/// High classes, checking each row first when `CHECK`.
fn high_rows<const H: usize, const B: usize, const CHECK: bool>(
    holes: &[u8],
    boards: &[u8],
    out: &mut [u16],
) -> Result<(), usize> {
    if CHECK {
        return omaha_rank_rows_checked::<H, B>(holes, boards, out);
    }
    omaha_rank_rows::<H, B>(holes, boards, out);
    Ok(())
}

/// Low classes (0 = no low), checking each row first when `CHECK`.
fn low_rows<const H: usize, const B: usize, const CHECK: bool>(
    holes: &[u8],
    boards: &[u8],
    out: &mut [u8],
) -> Result<(), usize> {
    if CHECK {
        return omaha_low_rows_checked::<H, B>(holes, boards, out);
    }
    omaha_low_rows::<H, B>(holes, boards, out);
    Ok(())
}

/// Hi-lo as one kernel writing `(high, low)` pairs, checking each row first when `CHECK`.
fn hilo_pairs<const H: usize, const B: usize, const CHECK: bool>(
    holes: &[u8],
    boards: &[u8],
    out: &mut [(u16, u8)],
) -> Result<(), usize> {
    let mut high = vec![0u16; out.len()];
    let mut low = vec![0u8; out.len()];
    if CHECK {
        omaha_hilo_rows_checked::<H, B>(holes, boards, &mut high, &mut low)?;
    } else {
        omaha_hilo_rows::<H, B>(holes, boards, &mut high, &mut low);
    }
    for ((slot, h), l) in out.iter_mut().zip(high).zip(low) {
        *slot = (h, l);
    }
    Ok(())
}

/// The first row whose hole and board are not a valid Omaha hand, as an exception.
fn first_bad_row(holes: Rows<'_>, boards: Rows<'_>) -> PyErr {
    for row in 0..holes.rows {
        let cells = |rows: Rows<'_>| CardSet::from_indices(rows.block(row, 1));
        let checked = cells(holes)
            .and_then(|hole| cells(boards).map(|board| (hole, board)))
            .and_then(|(hole, board)| core_eval::evaluate_omaha(hole, board));
        if let Err(err) = checked {
            return with_message(&err, format!("row {row} of hole and board: {err}"));
        }
    }
    PokerError::new_err("hole and board hold an invalid Omaha hand")
}

/// Runs an Omaha batch kernel over matching rows of `hole` and `board`.
fn omaha_batch<T: Send + Default + Clone>(
    py: Python<'_>,
    hole: &Bound<'_, PyAny>,
    board: &Bound<'_, PyAny>,
    threads: Option<Int>,
    check: bool,
    pick: fn(usize, usize, bool) -> Kernel<T>,
) -> PyResult<Vec<T>> {
    let hole = u8_matrix(hole, "hole", &[4, 5, 6])?;
    let board = u8_matrix(board, "board", &[3, 4, 5])?;
    with_rows(&hole, |holes| {
        with_rows(&board, |boards| {
            if holes.rows != boards.rows {
                return Err(InvalidArrayError::new_err(format!(
                    "hole has {} rows but board has {}: they must match, one row per hand",
                    holes.rows, boards.rows
                )));
            }
            let kernel = pick(holes.width, boards.width, check);
            let threads = threads_for(threads, holes.rows, PARALLEL_ROWS)?;
            let mut out = vec![T::default(); holes.rows];
            let work = |first: usize, out: &mut [T]| {
                kernel(
                    holes.block(first, out.len()),
                    boards.block(first, out.len()),
                    out,
                )
            };
            if batch::run(py, threads, &mut out, 1, &work)? {
                Ok(out)
            } else {
                Err(first_bad_row(holes, boards))
            }
        })
    })
}

/// Omaha high classes of `hole[N, 4..6]` on `board[N, 3..5]` as `uint16[N]`.
/// `check=False` skips the per-row check for callers whose rows are valid by construction;
/// a bad row then gives a meaningless class, never a crash.
#[pyfunction]
#[pyo3(signature = (hole, board, *, threads = None, check = true))]
pub fn evaluate_omaha_many<'py>(
    py: Python<'py>,
    hole: &Bound<'py, PyAny>,
    board: &Bound<'py, PyAny>,
    threads: Option<Int>,
    check: bool,
) -> PyResult<Bound<'py, PyArray1<u16>>> {
    let out = omaha_batch(py, hole, board, threads, check, |h, b, c| {
        kernel_for!(high_rows, h, b, c)
    })?;
    Ok(PyArray1::from_vec(py, out))
}

/// Eight-or-better low classes (0 = no low) of `hole[N, 4..6]` on `board[N, 3..5]` as
/// `uint8[N]`.
/// `check=False` skips the per-row check for callers whose rows are valid by construction;
/// a bad row then gives a meaningless class, never a crash.
#[pyfunction]
#[pyo3(signature = (hole, board, *, threads = None, check = true))]
pub fn evaluate_omaha_low_many<'py>(
    py: Python<'py>,
    hole: &Bound<'py, PyAny>,
    board: &Bound<'py, PyAny>,
    threads: Option<Int>,
    check: bool,
) -> PyResult<Bound<'py, PyArray1<u8>>> {
    let out = omaha_batch(py, hole, board, threads, check, |h, b, c| {
        kernel_for!(low_rows, h, b, c)
    })?;
    Ok(PyArray1::from_vec(py, out))
}

/// The high and low classes of a hi-lo batch.
type HiLoArrays<'py> = (Bound<'py, PyArray1<u16>>, Bound<'py, PyArray1<u8>>);

/// High classes (`uint16[N]`) and low classes (`uint8[N]`, 0 = no low) together.
/// `check=False` skips the per-row check for callers whose rows are valid by construction;
/// a bad row then gives a meaningless class, never a crash.
#[pyfunction]
#[pyo3(signature = (hole, board, *, threads = None, check = true))]
pub fn evaluate_omaha_hilo_many<'py>(
    py: Python<'py>,
    hole: &Bound<'py, PyAny>,
    board: &Bound<'py, PyAny>,
    threads: Option<Int>,
    check: bool,
) -> PyResult<HiLoArrays<'py>> {
    let pairs = omaha_batch(py, hole, board, threads, check, |h, b, c| {
        kernel_for!(hilo_pairs, h, b, c)
    })?;
    let (high, low): (Vec<u16>, Vec<u8>) = pairs.into_iter().unzip();
    Ok((PyArray1::from_vec(py, high), PyArray1::from_vec(py, low)))
}
