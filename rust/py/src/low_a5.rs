//! `evaluate_low_a5`, `evaluate_low_a5_many` and `A5LowRank` for Python.

use numpy::PyArray1;
use pokerforge_core::eval::low_a5::{
    evaluate_low_a5 as core_evaluate, low_a5_rows, low_a5_rows_checked,
};
use pokerforge_core::A5LowRank;
use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;

use crate::batch::{self, u8_matrix, with_rows, PARALLEL_ROWS};
use crate::errors::PokerError;
use crate::eval::{first_row_error, untracked};
use crate::input::{card_set, core, Int};
use crate::omaha::PyLowRank;
use crate::parallel::threads_for;
use crate::registry;

static CATEGORY_TYPE: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// An ace-to-five low: dense class 1 (K-K-K-K-Q) to 6175 (5-4-3-2-A).
#[pyclass(name = "A5LowRank", module = "pokerforge", frozen, freelist = 1024)]
#[derive(Debug)]
pub struct PyA5LowRank(A5LowRank);

#[pymethods]
impl PyA5LowRank {
    #[new]
    fn py_new(class_: Int) -> PyResult<PyA5LowRank> {
        class_
            .get::<u16>()
            .and_then(A5LowRank::new)
            .map(PyA5LowRank)
            .ok_or_else(|| {
                PokerError::new_err(format!(
                    "{} is not an ace-to-five low class: expected an integer from 1 to 6175",
                    class_.0
                ))
            })
    }

    /// The low's shape as a `Category`: `HIGH_CARD` for five distinct ranks, then `PAIR`,
    /// `TWO_PAIR`, `THREE_OF_A_KIND`, `FULL_HOUSE` and `FOUR_OF_A_KIND`.
    #[getter]
    fn category<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        registry::cached(py, &CATEGORY_TYPE, "Category")?.call1((self.0.category() as u8,))
    }

    /// This low as an eight-or-better `LowRank`, or `None` when it does not qualify.
    #[getter]
    fn eight_or_better(&self) -> Option<PyLowRank> {
        self.0.eight_or_better().map(PyLowRank)
    }

    /// A phrase naming the low, e.g. `'7-5-3-2-A low'`.
    fn describe(&self) -> String {
        self.0.describe()
    }

    fn __int__(&self) -> u16 {
        self.0.class()
    }

    fn __index__(&self) -> u16 {
        self.0.class()
    }

    fn __hash__(&self) -> u64 {
        u64::from(self.0.class())
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Ok(other) = other.cast::<PyA5LowRank>() else {
            return Ok(py.NotImplemented());
        };
        let result = op.matches(self.0.cmp(&other.get().0));
        Ok(result.into_pyobject(py)?.to_owned().into_any().unbind())
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("A5LowRank({}, '{}')", self.0.class(), self.0.describe())
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (u16,))> {
        Ok((slf.get_type().into_any(), (slf.get().0.class(),)))
    }
}

/// The best ace-to-five low of 5, 6 or 7 cards (razz; no qualifier).
#[pyfunction]
pub fn evaluate_low_a5<'py>(cards: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyA5LowRank>> {
    let low = core(core_evaluate(card_set(cards)?))?;
    untracked(Bound::new(cards.py(), PyA5LowRank(low))?)
}

/// Classes every row of `uint8[N, k]` card indices (k = 5, 6 or 7) as ace-to-five lows
/// into `uint16[N]`; `check=False` as for `evaluate_many`.
#[pyfunction]
#[pyo3(signature = (cards, *, threads = None, check = true))]
pub fn evaluate_low_a5_many<'py>(
    py: Python<'py>,
    cards: &Bound<'py, PyAny>,
    threads: Option<Int>,
    check: bool,
) -> PyResult<Bound<'py, PyArray1<u16>>> {
    let array = u8_matrix(cards, "cards", &[5, 6, 7])?;
    let out = with_rows(&array, |rows| {
        let threads = threads_for(threads, rows.rows, PARALLEL_ROWS)?;
        let mut out = vec![0u16; rows.rows];
        let work = |first: usize, out: &mut [u16]| {
            let cells = rows.block(first, out.len());
            match (rows.width, check) {
                (5, true) => return low_a5_rows_checked::<5>(cells, out),
                (6, true) => return low_a5_rows_checked::<6>(cells, out),
                (_, true) => return low_a5_rows_checked::<7>(cells, out),
                (5, false) => low_a5_rows::<5>(cells, out),
                (6, false) => low_a5_rows::<6>(cells, out),
                (_, false) => low_a5_rows::<7>(cells, out),
            }
            Ok(())
        };
        if batch::run(py, threads, &mut out, 1, &work)? {
            Ok(out)
        } else {
            Err(first_row_error(rows.data, rows.width, "cards"))
        }
    })?;
    Ok(PyArray1::from_vec(py, out))
}
