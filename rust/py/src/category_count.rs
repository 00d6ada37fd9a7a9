//! Categories counted later: a result answered without its hand categories counts them
//! by exact enumeration the first time a player's are read.

use std::sync::Arc;
use std::time::Duration;

use pokerforge_core::equity::Plan;
use pokerforge_core::Error;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;

use crate::errors::to_py;
use crate::parallel::threads_for;
use crate::parallel::{deadline_after, interruptible};

/// The categories of a request that was answered without them, counted by exact
/// enumeration the first time a player's are read (`pokerforge.equity.LaterCategories`
/// holds one of these for every player of a result).
#[pyclass(name = "CategoryCount", module = "pokerforge._core", frozen)]
pub struct PyCategoryCount {
    plan: Plan,
    /// The time limit of the request that made the result: the count gets as long.
    limit: Option<Duration>,
    counted: PyOnceLock<Vec<[f64; 9]>>,
}

impl std::fmt::Debug for PyCategoryCount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PyCategoryCount")
            .field("plan", &self.plan)
            .finish_non_exhaustive()
    }
}

impl PyCategoryCount {
    pub(crate) fn new(plan: Plan, limit: Option<Duration>) -> PyCategoryCount {
        PyCategoryCount {
            plan,
            limit,
            counted: PyOnceLock::new(),
        }
    }
}

#[pymethods]
impl PyCategoryCount {
    /// Player `index`'s chance of each category, in `Category` order (counted on the
    /// first call, on all cores).
    fn player(&self, py: Python<'_>, index: usize) -> PyResult<Vec<f64>> {
        let counted = self.counted.get_or_try_init(py, || {
            // Sized first, as an exact request is: a pair of wide ranges once counted for
            // minutes here, past its request's time limit and unbounded without one.
            self.plan.check_exact().map_err(to_py)?;
            let plan = self.plan.clone();
            let limit = self.limit;
            let threads = threads_for(None, usize::MAX, 0)?;
            let result = interruptible(py, threads, Arc::default(), move |cancel| {
                plan.run(0, deadline_after(limit), Some(cancel))
            })?;
            Ok::<_, PyErr>(result.players.iter().map(|p| p.categories).collect())
        })?;
        counted.get(index).map(|c| c.to_vec()).ok_or_else(|| {
            to_py(Error::PlayerCount {
                got: index + 1,
                expected: "a player of the result",
            })
        })
    }
}
