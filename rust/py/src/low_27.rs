//! `evaluate_low_27`, `evaluate_low_27_many` and `Low27Rank` for Python.

use numpy::PyArray1;
use pokerforge_core::eval::low_27::{
    evaluate_low_27 as core_evaluate, low_27_rows, low_27_rows_checked,
};
use pokerforge_core::Low27Rank;
use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;

use crate::batch::{self, u8_matrix, with_rows, PARALLEL_ROWS};
use crate::errors::PokerError;
use crate::eval::{first_row_error, untracked};
use crate::input::{card_set, core, Int};
use crate::parallel::threads_for;
use crate::registry;

static CATEGORY_TYPE: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// A deuce-to-seven low: dense class 1 (a royal flush) to 7462 (7-5-4-3-2 offsuit).
#[pyclass(name = "Low27Rank", module = "pokerforge", frozen, freelist = 1024)]
#[derive(Debug)]
pub struct PyLow27Rank(Low27Rank);

#[pymethods]
impl PyLow27Rank {
    #[new]
    fn py_new(class_: Int) -> PyResult<PyLow27Rank> {
        class_
            .get::<u16>()
            .and_then(Low27Rank::new)
            .map(PyLow27Rank)
            .ok_or_else(|| {
                PokerError::new_err(format!(
                    "{} is not a deuce-to-seven low class: expected an integer from 1 to 7462",
                    class_.0
                ))
            })
    }

    /// The hand's shape as a `Category` (A-5-4-3-2 is `HIGH_CARD`, or `FLUSH` suited: the
    /// ace plays only high).
    #[getter]
    fn category<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        registry::cached(py, &CATEGORY_TYPE, "Category")?.call1((self.0.category() as u8,))
    }

    /// A phrase naming the low, e.g. `'7-5-4-3-2 low'`.
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
        let Ok(other) = other.cast::<PyLow27Rank>() else {
            return Ok(py.NotImplemented());
        };
        let result = op.matches(self.0.cmp(&other.get().0));
        Ok(result.into_pyobject(py)?.to_owned().into_any().unbind())
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Low27Rank({}, '{}')", self.0.class(), self.0.describe())
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (u16,))> {
        Ok((slf.get_type().into_any(), (slf.get().0.class(),)))
    }
}

/// The deuce-to-seven low of five cards (2-7 single and triple draw).
#[pyfunction]
pub fn evaluate_low_27<'py>(cards: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyLow27Rank>> {
    let low = core(core_evaluate(card_set(cards)?))?;
    untracked(Bound::new(cards.py(), PyLow27Rank(low))?)
}

/// Classes every row of `uint8[N, 5]` card indices as deuce-to-seven lows into
/// `uint16[N]`; `check=False` as for `evaluate_many`.
#[pyfunction]
#[pyo3(signature = (cards, *, threads = None, check = true))]
pub fn evaluate_low_27_many<'py>(
    py: Python<'py>,
    cards: &Bound<'py, PyAny>,
    threads: Option<Int>,
    check: bool,
) -> PyResult<Bound<'py, PyArray1<u16>>> {
    let array = u8_matrix(cards, "cards", &[5])?;
    let out = with_rows(&array, |rows| {
        let threads = threads_for(threads, rows.rows, PARALLEL_ROWS)?;
        let mut out = vec![0u16; rows.rows];
        let work = |first: usize, out: &mut [u16]| {
            let cells = rows.block(first, out.len());
            if check {
                return low_27_rows_checked(cells, out);
            }
            low_27_rows(cells, out);
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
