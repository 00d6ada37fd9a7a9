//! The package's own Python classes that the bindings build values of: a card's `Rank` and
//! `Suit`, a hand's `Category`, the equity results. They are defined in Python, above the
//! extension, and each module registers its classes when it is imported
//! (`_core.register_types`; the package's `__init__` imports them all), so that the
//! extension never imports a module of the package: the dependencies point one way.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyDict;

use crate::errors::InvalidSpecError;

/// The registered classes by name.
static TYPES: PyOnceLock<Py<PyDict>> = PyOnceLock::new();

fn types(py: Python<'_>) -> &Bound<'_, PyDict> {
    TYPES.get_or_init(py, || PyDict::new(py).unbind()).bind(py)
}

/// Registers the package's classes by name (each module its own, when imported), e.g.
/// `register_types(Rank=Rank, Suit=Suit)`.
#[pyfunction]
#[pyo3(signature = (**classes))]
pub fn register_types(py: Python<'_>, classes: Option<&Bound<'_, PyDict>>) -> PyResult<()> {
    if let Some(classes) = classes {
        types(py).update(classes.as_mapping())?;
    }
    Ok(())
}

/// The class registered as `name`; an error naming it when its module was not imported.
pub fn class<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    types(py).get_item(name)?.ok_or_else(|| {
        InvalidSpecError::new_err(format!(
            "{name} is not registered: import pokerforge (its modules register the classes \
             the extension builds values of)"
        ))
    })
}

/// [`class`], looked up once into `cell`.
pub fn cached<'py>(
    py: Python<'py>,
    cell: &'static PyOnceLock<Py<PyAny>>,
    name: &str,
) -> PyResult<&'py Bound<'py, PyAny>> {
    Ok(cell
        .get_or_try_init(py, || class(py, name).map(Bound::unbind))?
        .bind(py))
}
