//! `preflop_matrix` and the starting-hand class names for Python.

use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pokerforge_core::equity::heads_up::preflop_matrix as core_matrix;
use pokerforge_core::starting_hands::{class_name, class_order, CLASSES};
use pyo3::prelude::*;

/// The 169 starting-hand class names in the public order (`AA`, `AKs`, ... `32o`).
#[pyfunction]
pub fn hand_classes() -> Vec<String> {
    class_order().into_iter().filter_map(class_name).collect()
}

/// `float64[169, 169]`: each class's equity against each other, heads-up before the flop,
/// from the heads-up table (computed without the GIL).
#[pyfunction]
pub fn preflop_matrix(py: Python<'_>) -> PyResult<Bound<'_, PyArray2<f64>>> {
    let flat = py.detach(core_matrix);
    PyArray1::from_vec(py, flat).reshape([CLASSES, CLASSES])
}
