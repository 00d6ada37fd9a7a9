//! `Range` for Python: a Hold'em range of weighted two-card combos.

use pokerforge_core::{Error, Range};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::cards::PyCardSet;
use crate::errors::to_py;
use crate::input::{card_set, core, text_of};

/// A Hold'em range: weighted two-card combos, from text such as
/// `"QQ+, AKs, A5s-A2s, T9s-65s, 0.5(JJ)"` or `"15%"` (the grammar is in docs/ranges.md).
///
/// >>> from pokerforge import Range
/// >>> len(Range("T9s-54s")), len(Range("15%")), str(Range("5%"))
/// (24, 200, '77+, AK, AQs-AJs')
#[pyclass(name = "Range", module = "pokerforge", frozen)]
#[derive(Debug, Clone)]
pub struct PyRange(pub Range);

#[pymethods]
impl PyRange {
    #[new]
    fn new(text: &Bound<'_, PyString>) -> PyResult<PyRange> {
        core(Range::parse(&text_of(text)?)).map(PyRange)
    }

    /// Every combo with a positive weight, as `(CardSet, weight)` pairs.
    #[getter]
    fn combos(&self) -> Vec<(PyCardSet, f64)> {
        self.0
            .iter()
            .map(|(combo, weight)| (PyCardSet(combo.cards()), weight))
            .collect()
    }

    /// The weight of a two-card combo (0 when it is not in the range).
    fn weight(&self, combo: &Bound<'_, PyAny>) -> PyResult<f64> {
        let cards: Vec<_> = card_set(combo)?.iter().collect();
        match cards.as_slice() {
            [a, b] => Ok(self.0.weight(core(pokerforge_core::Combo::new(*a, *b))?)),
            _ => Err(to_py(Error::CardCount {
                what: "a combo",
                expected: "2",
                got: cards.len(),
            })),
        }
    }

    /// The range without the combos that use any of `dead`.
    fn without(&self, dead: &Bound<'_, PyAny>) -> PyResult<PyRange> {
        Ok(PyRange(self.0.without(card_set(dead)?)))
    }

    /// The sum of the weights (the number of combos when every weight is 1).
    #[getter]
    fn total_weight(&self) -> f64 {
        self.0.total_weight()
    }

    fn __len__(&self) -> usize {
        self.0.len()
    }

    fn __contains__(&self, combo: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.weight(combo)? > 0.0)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyRange>()
            .is_ok_and(|o| o.get().0.weights() == self.0.weights())
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Range('{}')", self.0)
    }

    /// Ranges pickle by their text.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((slf.get_type().into_any(), (slf.get().0.to_string(),)))
    }
}
