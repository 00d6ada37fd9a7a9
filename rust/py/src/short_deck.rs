//! `evaluate_short_deck`, `evaluate_short_deck_many` and `ShortDeckRank` for Python.

use numpy::PyArray1;
use pokerforge_core::eval::short_deck::{
    check_short_deck_indices, evaluate_short_deck as core_evaluate, short_deck_rows,
    short_deck_rows_checked,
};
use pokerforge_core::{ShortDeckOrder, ShortDeckRank};
use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;

use crate::batch;
use crate::errors::{with_message, PokerError};
use crate::eval::untracked;
use crate::input::{card_set, core, Int};
use crate::registry;

static CATEGORY_TYPE: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// The strength of a short-deck hand: dense class 1 (J-9-8-7-6) to 1404 (royal flush),
/// under one order of three of a kind and a straight.
#[pyclass(name = "ShortDeckRank", module = "pokerforge", frozen, freelist = 1024)]
#[derive(Debug)]
pub struct PyShortDeckRank(ShortDeckRank);

#[pymethods]
impl PyShortDeckRank {
    #[new]
    #[pyo3(signature = (class_, trips_beat_straight = true))]
    fn py_new(class_: Int, trips_beat_straight: bool) -> PyResult<PyShortDeckRank> {
        let order = ShortDeckOrder::from_trips_beat_straight(trips_beat_straight);
        class_
            .get::<u16>()
            .and_then(|c| ShortDeckRank::new(c, order))
            .map(PyShortDeckRank)
            .ok_or_else(|| {
                PokerError::new_err(format!(
                    "{} is not a short-deck hand class: expected an integer from 1 to 1404",
                    class_.0
                ))
            })
    }

    /// The hand's category, a `Category`.
    #[getter]
    fn category<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        registry::cached(py, &CATEGORY_TYPE, "Category")?.call1((self.0.category() as u8,))
    }

    /// Whether three of a kind beats a straight on this rank's scale.
    #[getter]
    fn trips_beat_straight(&self) -> bool {
        self.0.order().trips_beat_straight()
    }

    /// A phrase naming the hand, e.g. `'Straight, nine high'`.
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
        u64::from(self.0.class()) | u64::from(self.0.order().trips_beat_straight()) << 16
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Ok(other) = other.cast::<PyShortDeckRank>() else {
            return Ok(py.NotImplemented());
        };
        let other = other.get().0;
        if other.order() != self.0.order() {
            // Ranks of the two orders are different scales: equal never, ordered not at all.
            return match op {
                CompareOp::Eq => Ok(false.into_pyobject(py)?.to_owned().into_any().unbind()),
                CompareOp::Ne => Ok(true.into_pyobject(py)?.to_owned().into_any().unbind()),
                _ => Err(PokerError::new_err(
                    "short-deck ranks of different orders (trips_beat_straight) cannot be compared",
                )),
            };
        }
        let result = op.matches(self.0.cmp(&other));
        Ok(result.into_pyobject(py)?.to_owned().into_any().unbind())
    }

    fn __str__(&self) -> String {
        self.0.describe()
    }

    fn __repr__(&self) -> String {
        let order = if self.0.order().trips_beat_straight() {
            ""
        } else {
            ", trips_beat_straight=False"
        };
        format!(
            "ShortDeckRank({}, '{}'{order})",
            self.0.class(),
            self.0.describe()
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (u16, bool))> {
        let rank = slf.get().0;
        Ok((
            slf.get_type().into_any(),
            (rank.class(), rank.order().trips_beat_straight()),
        ))
    }
}

/// The best five-card short-deck rank of 5, 6 or 7 cards from the 36 (six to ace).
#[pyfunction]
#[pyo3(signature = (cards, *, trips_beat_straight = true))]
pub fn evaluate_short_deck<'py>(
    cards: &Bound<'py, PyAny>,
    trips_beat_straight: bool,
) -> PyResult<Bound<'py, PyShortDeckRank>> {
    let order = ShortDeckOrder::from_trips_beat_straight(trips_beat_straight);
    let rank = core(core_evaluate(card_set(cards)?, order))?;
    untracked(Bound::new(cards.py(), PyShortDeckRank(rank))?)
}

/// The error for the first bad row of a short-deck batch (a plain scan: errors are rare).
fn first_bad_row(data: &[u8], width: usize) -> PyErr {
    for (row, cells) in data.chunks_exact(width).enumerate() {
        if let Err(err) = check_short_deck_indices(cells) {
            return with_message(&err, format!("row {row} of cards: {err}"));
        }
    }
    PokerError::new_err("cards holds an invalid short-deck hand")
}

/// Classes every row of `uint8[N, k]` short-deck card indices (k = 5, 6 or 7, each 16 to
/// 51) into `uint16[N]`; `check=False` as for `evaluate_many`.
#[pyfunction]
#[pyo3(signature = (cards, *, trips_beat_straight = true, threads = None, check = true))]
pub fn evaluate_short_deck_many<'py>(
    py: Python<'py>,
    cards: &Bound<'py, PyAny>,
    trips_beat_straight: bool,
    threads: Option<Int>,
    check: bool,
) -> PyResult<Bound<'py, PyArray1<u16>>> {
    let order = ShortDeckOrder::from_trips_beat_straight(trips_beat_straight);
    let class = |width: usize, cells: &[u8], out: &mut [u16]| {
        match (width, check) {
            (5, true) => return short_deck_rows_checked::<5>(cells, out, order),
            (6, true) => return short_deck_rows_checked::<6>(cells, out, order),
            (_, true) => return short_deck_rows_checked::<7>(cells, out, order),
            (5, false) => short_deck_rows::<5>(cells, out, order),
            (6, false) => short_deck_rows::<6>(cells, out, order),
            (_, false) => short_deck_rows::<7>(cells, out, order),
        }
        Ok(())
    };
    batch::class_rows(py, cards, &[5, 6, 7], threads, class, |data, width| {
        first_bad_row(data, width)
    })
}
