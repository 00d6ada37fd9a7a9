//! `evaluate_low_a5`, `evaluate_low_a5_many` and `A5LowRank` for Python.

use numpy::PyArray1;
use pokerforge_core::eval::low_a5::{
    evaluate_low_a5 as core_evaluate, low_a5_rows, low_a5_rows_checked,
};
use pokerforge_core::A5LowRank;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;

use crate::batch;
use crate::eval::{first_row_error, untracked};
use crate::input::{card_set, core, Int};
use crate::omaha::PyLowRank;
use crate::rank_methods::rank_methods;
use crate::registry;

static CATEGORY_TYPE: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// An ace-to-five low: dense class 1 (K-K-K-K-Q) to 6175 (5-4-3-2-A).
#[pyclass(name = "A5LowRank", module = "pokerforge", frozen, freelist = 1024)]
#[derive(Debug)]
pub struct PyA5LowRank(A5LowRank);

rank_methods!(
    PyA5LowRank(A5LowRank, u16) "A5LowRank",
    "{} is not an ace-to-five low class: expected an integer from 1 to 6175",
    |rank| rank.describe(),
    {
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
    }
);

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
    let class = |width: usize, cells: &[u8], out: &mut [u16]| {
        match (width, check) {
            (5, true) => return low_a5_rows_checked::<5>(cells, out),
            (6, true) => return low_a5_rows_checked::<6>(cells, out),
            (_, true) => return low_a5_rows_checked::<7>(cells, out),
            (5, false) => low_a5_rows::<5>(cells, out),
            (6, false) => low_a5_rows::<6>(cells, out),
            (_, false) => low_a5_rows::<7>(cells, out),
        }
        Ok(())
    };
    batch::class_rows(py, cards, &[5, 6, 7], threads, class, |data, width| {
        first_row_error(data, width, "cards")
    })
}
