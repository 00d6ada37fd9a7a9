//! `evaluate`, `evaluate_class` and `evaluate_many` for Python (`HandRank` is in
//! `hand_rank.rs`).

use numpy::PyArray1;
use pokerforge_core::eval::high::rank_mask;
use pokerforge_core::eval::{rank_rows, rank_rows_checked};
use pokerforge_core::{CardSet, Error};
use pyo3::prelude::*;

use crate::batch;
use crate::errors::{to_py, with_message, PokerError};
use crate::hand_rank::{class_int, new_hand_rank};
use crate::input::{card_set, Int};

fn count_error(got: usize) -> PyErr {
    to_py(Error::CardCount {
        what: "a hand",
        expected: "5, 6 or 7",
        got,
    })
}

/// The best five-card rank of 5, 6 or 7 cards.
#[pyfunction]
pub fn evaluate<'py>(cards: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let set = card_set(cards)?;
    let n = set.len();
    if !(5..=7).contains(&n) {
        return Err(count_error(n));
    }
    new_hand_rank(cards.py(), rank_mask(set.mask()), set, CardSet::EMPTY)
}

/// The hand's class (`int(evaluate(cards))`, 1 to 7462) as a plain int, without building
/// a `HandRank`: the fastest scalar form when only the strength is wanted.
#[pyfunction]
pub fn evaluate_class(py: Python<'_>, cards: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
    let set = card_set(cards)?;
    let n = set.len();
    if !(5..=7).contains(&n) {
        return Err(count_error(n));
    }
    Ok(class_int(py, rank_mask(set.mask()).class()))
}

/// Takes a new `HandRank` off the garbage collector's list. A rank holds no Python
/// object, so it can never be part of a reference cycle; left on the list, every rank a
/// program keeps is walked again by each collection, which made keeping many results
/// several times slower than computing them.
pub fn untracked<T>(rank: Bound<'_, T>) -> PyResult<Bound<'_, T>> {
    // SAFETY: the pointer is a live object we own a reference to; untracking an object
    // that holds no references is always sound, and CPython's dealloc accepts it.
    unsafe { pyo3::ffi::PyObject_GC_UnTrack(rank.as_ptr().cast()) };
    Ok(rank)
}

/// The error for the first bad row of a batch (found by a plain scan: errors are rare and
/// a parallel search could find a later row first).
pub fn first_row_error(data: &[u8], width: usize, name: &str) -> PyErr {
    for (row, cells) in data.chunks_exact(width).enumerate() {
        if let Err(err) = CardSet::from_indices(cells) {
            return with_message(&err, format!("row {row} of {name}: {err}"));
        }
    }
    PokerError::new_err(format!("{name} holds an invalid hand"))
}

/// Ranks every row of `uint8[N, k]` card indices (k = 5, 6 or 7) into `uint16[N]`.
/// `check=False` skips the per-row check for callers whose rows are valid by construction
/// (about a fifth faster); a bad row then gives a meaningless class, never a crash.
#[pyfunction]
#[pyo3(signature = (cards, *, threads = None, check = true))]
pub fn evaluate_many<'py>(
    py: Python<'py>,
    cards: &Bound<'py, PyAny>,
    threads: Option<Int>,
    check: bool,
) -> PyResult<Bound<'py, PyArray1<u16>>> {
    let class = |width: usize, cells: &[u8], out: &mut [u16]| {
        match (width, check) {
            (5, true) => return rank_rows_checked::<5>(cells, out),
            (6, true) => return rank_rows_checked::<6>(cells, out),
            (_, true) => return rank_rows_checked::<7>(cells, out),
            (5, false) => rank_rows::<5>(cells, out),
            (6, false) => rank_rows::<6>(cells, out),
            (_, false) => rank_rows::<7>(cells, out),
        }
        Ok(())
    };
    batch::class_rows(py, cards, &[5, 6, 7], threads, class, |data, width| {
        first_row_error(data, width, "cards")
    })
}
