//! `evaluate_low_27`, `evaluate_low_27_many` and `Low27Rank` for Python.

use numpy::PyArray1;
use pokerforge_core::eval::low_27::{
    evaluate_low_27 as core_evaluate, low_27_rows, low_27_rows_checked,
};
use pokerforge_core::Low27Rank;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;

use crate::batch;
use crate::eval::{first_row_error, untracked};
use crate::input::{card_set, core, Int};
use crate::rank_methods::rank_methods;
use crate::registry;

static CATEGORY_TYPE: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// A deuce-to-seven low: dense class 1 (a royal flush) to 7462 (7-5-4-3-2 offsuit).
#[pyclass(name = "Low27Rank", module = "pokerforge", frozen, freelist = 1024)]
#[derive(Debug)]
pub struct PyLow27Rank(Low27Rank);

rank_methods!(
    PyLow27Rank(Low27Rank, u16) "Low27Rank",
    "{} is not a deuce-to-seven low class: expected an integer from 1 to 7462",
    |rank| rank.describe(),
    {
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
    }
);

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
    let class = |_: usize, cells: &[u8], out: &mut [u16]| {
        if check {
            return low_27_rows_checked(cells, out);
        }
        low_27_rows(cells, out);
        Ok(())
    };
    batch::class_rows(py, cards, &[5], threads, class, |data, width| {
        first_row_error(data, width, "cards")
    })
}
