//! `pokerforge._core`: the Python bindings of pokerforge-core.
//!
//! Every binding validates its arguments while holding the GIL, computes without it, and
//! converts the result back; nothing here implements poker logic.

mod cards;
mod convert;
mod errors;
mod eval;
mod parallel;

use pyo3::prelude::*;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<cards::PyCard>()?;
    m.add_class::<cards::PyCardSet>()?;
    m.add_class::<cards::PyDeck>()?;
    m.add_class::<eval::PyHandRank>()?;
    m.add_function(wrap_pyfunction!(eval::evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(eval::evaluate_many, m)?)?;
    Ok(())
}
