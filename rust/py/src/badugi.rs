//! `evaluate_badugi`, `evaluate_badugi_many` and `BadugiRank` for Python.

use numpy::PyArray1;
use pokerforge_core::eval::badugi::{
    badugi_rows, badugi_rows_checked, evaluate_badugi as core_evaluate,
};
use pokerforge_core::BadugiRank;
use pyo3::basic::CompareOp;
use pyo3::prelude::*;

use crate::batch::{self, u8_matrix, with_rows, PARALLEL_ROWS};
use crate::errors::PokerError;
use crate::eval::{first_row_error, untracked};
use crate::input::{card_set, core, Int};
use crate::parallel::threads_for;

/// A badugi hand: dense class 1 (a lone king) to 1092 (the 4-3-2-A badugi).
#[pyclass(name = "BadugiRank", module = "pokerforge", frozen, freelist = 1024)]
#[derive(Debug)]
pub struct PyBadugiRank(BadugiRank);

#[pymethods]
impl PyBadugiRank {
    #[new]
    fn py_new(class_: Int) -> PyResult<PyBadugiRank> {
        class_
            .get::<u16>()
            .and_then(BadugiRank::new)
            .map(PyBadugiRank)
            .ok_or_else(|| {
                PokerError::new_err(format!(
                    "{} is not a badugi class: expected an integer from 1 to 1092",
                    class_.0
                ))
            })
    }

    /// How many cards play: 4 for a badugi, down to 1.
    #[getter]
    fn size(&self) -> usize {
        self.0.size()
    }

    /// A phrase naming the hand, e.g. `'4-3-2-A badugi'` or `'7-5-2 (three cards)'`.
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
        let Ok(other) = other.cast::<PyBadugiRank>() else {
            return Ok(py.NotImplemented());
        };
        let result = op.matches(self.0.cmp(&other.get().0));
        Ok(result.into_pyobject(py)?.to_owned().into_any().unbind())
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("BadugiRank({}, '{}')", self.0.class(), self.0.describe())
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (u16,))> {
        Ok((slf.get_type().into_any(), (slf.get().0.class(),)))
    }
}

/// The badugi hand of four cards: the most cards of different ranks and suits, aces low.
#[pyfunction]
pub fn evaluate_badugi<'py>(cards: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyBadugiRank>> {
    let low = core(core_evaluate(card_set(cards)?))?;
    untracked(Bound::new(cards.py(), PyBadugiRank(low))?)
}

/// Classes every row of `uint8[N, 4]` card indices as badugi hands into
/// `uint16[N]`; `check=False` as for `evaluate_many`.
#[pyfunction]
#[pyo3(signature = (cards, *, threads = None, check = true))]
pub fn evaluate_badugi_many<'py>(
    py: Python<'py>,
    cards: &Bound<'py, PyAny>,
    threads: Option<Int>,
    check: bool,
) -> PyResult<Bound<'py, PyArray1<u16>>> {
    let array = u8_matrix(cards, "cards", &[4])?;
    let out = with_rows(&array, |rows| {
        let threads = threads_for(threads, rows.rows, PARALLEL_ROWS)?;
        let mut out = vec![0u16; rows.rows];
        let work = |first: usize, out: &mut [u16]| {
            let cells = rows.block(first, out.len());
            if check {
                return badugi_rows_checked(cells, out);
            }
            badugi_rows(cells, out);
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
