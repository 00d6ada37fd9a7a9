//! `evaluate_badugi`, `evaluate_badugi_many` and `BadugiRank` for Python.

use numpy::PyArray1;
use pokerforge_core::eval::badugi::{
    badugi_rows, badugi_rows_checked, evaluate_badugi as core_evaluate,
};
use pokerforge_core::BadugiRank;
use pyo3::prelude::*;

use crate::batch;
use crate::eval::{first_row_error, untracked};
use crate::input::{card_set, core, Int};
use crate::rank_methods::rank_methods;

/// A badugi hand: dense class 1 (a lone king) to 1092 (the 4-3-2-A badugi).
#[pyclass(name = "BadugiRank", module = "pokerforge", frozen, freelist = 1024)]
#[derive(Debug)]
pub struct PyBadugiRank(BadugiRank);

rank_methods!(
    PyBadugiRank(BadugiRank, u16) "BadugiRank",
    "{} is not a badugi class: expected an integer from 1 to 1092",
    |rank| rank.describe(),
    {
        /// How many cards play: 4 for a badugi, down to 1.
        #[getter]
        fn size(&self) -> usize {
            self.0.size()
        }

        /// A phrase naming the hand, e.g. `'4-3-2-A badugi'` or `'7-5-2 (three cards)'`.
        fn describe(&self) -> String {
            self.0.describe()
        }
    }
);

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
    let class = |_: usize, cells: &[u8], out: &mut [u16]| {
        if check {
            return badugi_rows_checked(cells, out);
        }
        badugi_rows(cells, out);
        Ok(())
    };
    batch::class_rows(py, cards, &[4], threads, class, |data, width| {
        first_row_error(data, width, "cards")
    })
}
