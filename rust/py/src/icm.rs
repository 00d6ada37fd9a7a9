//! Tournament prize equity (ICM) and heads-up push/fold equilibria for Python.
//!
//! Arguments arrive as plain floats (the Python layer turns ints, floats and Decimals into
//! them and names what cannot be); the core checks every value and says which is wrong.
//! Exact ICM of a final table takes microseconds and runs without the GIL; sampling and
//! push/fold solving run on the pool, interruptible by Ctrl-C.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use pokerforge_core::icm::heads_up::{
    class_frequencies as core_class_frequencies, range_of, solve, Matchups, SolveOptions, Spot,
};
use pokerforge_core::icm::push_fold::{
    self as table, Strategies, TableSpot, Values as TableValues,
};
use pokerforge_core::icm::{
    bubble_factors as core_bubble_factors, finish_probabilities as core_finish, icm as core_icm,
    uses_exact, IcmMethod, IcmOptions, Model,
};
use pokerforge_core::Error;
use pyo3::prelude::*;

use crate::cards::{fresh_seed, seed_value};
use crate::equity::time_limit_of;
use crate::errors::to_py;
use crate::input::{core, Int};
use crate::parallel::interruptible;
use crate::parallel::threads_for;
use crate::range::PyRange;

fn model_of(name: &str) -> PyResult<Model> {
    core(name.parse::<Model>())
}

/// A count of at least 1, else the core's error naming the setting.
fn count(name: &'static str, value: Int) -> PyResult<u64> {
    match value.get::<u64>() {
        Some(n) if n > 0 => Ok(n),
        _ => Err(to_py(Error::InvalidSetting {
            name,
            value: value.0.to_string(),
            expected: "a positive integer",
        })),
    }
}

/// A round limit from Python (at least 1), or the solver's default.
fn rounds(max_iterations: Option<Int>, default: usize) -> PyResult<usize> {
    match max_iterations {
        Some(n) => Ok(usize::try_from(count("max_iterations", n)?).unwrap_or(usize::MAX)),
        None => Ok(default),
    }
}

/// Runs a solver on the pool, where Ctrl-C stops it between rounds.
fn solving<T: Send + 'static>(
    py: Python<'_>,
    solver: impl FnOnce(&(dyn Fn() -> bool + Sync)) -> pokerforge_core::Result<T> + Send + 'static,
) -> PyResult<T> {
    let threads = threads_for(None, 1, 1)?;
    interruptible(py, threads, Arc::new(AtomicBool::new(false)), move |flag| {
        solver(&|| flag.load(Ordering::Relaxed))
    })
}

/// Runs work with no partial answer on the pool, where Ctrl-C stops it at its next check
/// of the hook, and so does the time limit (counted from the start of the work), with
/// [`Error::TimeLimit`] naming `what`.
fn bounded<T: Send + 'static>(
    py: Python<'_>,
    what: &'static str,
    time_limit: Option<f64>,
    work: impl FnOnce(&(dyn Fn() -> bool + Sync)) -> pokerforge_core::Result<T> + Send + 'static,
) -> PyResult<T> {
    let limit = time_limit_of(time_limit)?;
    let threads = threads_for(None, 1, 1)?;
    interruptible(py, threads, Arc::new(AtomicBool::new(false)), move |flag| {
        let deadline = limit.map(|limit| Instant::now() + limit);
        let late = || deadline.is_some_and(|d| Instant::now() >= d);
        match work(&|| flag.load(Ordering::Relaxed) || late()) {
            Err(Error::Interrupted) if !flag.load(Ordering::Relaxed) && late() => {
                Err(Error::TimeLimit {
                    what,
                    seconds: format!("{:.3}", limit.unwrap_or_default().as_secs_f64()),
                })
            }
            other => other,
        }
    })
}

/// `(equities, exact, samples, stderr, seed)`.
type IcmTuple = (Vec<f64>, bool, u64, Vec<f64>, Option<u64>);

/// Prize equities by ICM; see `pokerforge.icm.icm`.
#[pyfunction]
#[pyo3(signature = (
    stacks, payouts, model="harville", method="auto", samples=None, seed=None, time_limit=None,
))]
#[allow(clippy::too_many_arguments)]
pub fn icm(
    py: Python<'_>,
    stacks: Vec<f64>,
    payouts: Vec<f64>,
    model: &str,
    method: &str,
    samples: Option<Int>,
    seed: Option<Int>,
    time_limit: Option<f64>,
) -> PyResult<IcmTuple> {
    let options = IcmOptions {
        model: model_of(model)?,
        method: core(method.parse::<IcmMethod>())?,
        samples: samples.map(|n| count("samples", n)).transpose()?,
        seed: Some(match seed {
            Some(seed) => seed_value(seed)?,
            None => fresh_seed(),
        }),
    };
    // Exact ICM takes microseconds to a tenth of a second (22 players with chips, one
    // pass of the subsets): run it here, without the GIL; only sampling is worth a
    // worker that Ctrl-C and the time limit can stop.
    let result = if uses_exact(&stacks, options.method) {
        time_limit_of(time_limit)?;
        core(py.detach(|| core_icm(&stacks, &payouts, &options, &|| false)))?
    } else {
        bounded(py, "ICM by sampling", time_limit, move |stop| {
            core_icm(&stacks, &payouts, &options, stop)
        })?
    };
    Ok((
        result.equities,
        result.exact,
        result.samples,
        result.stderr,
        result.seed,
    ))
}

/// `places[i][k]`: the chance that player `i` finishes in place `k`, exactly.
#[pyfunction]
#[pyo3(signature = (stacks, places, model="harville"))]
pub fn finish_probabilities(
    py: Python<'_>,
    stacks: Vec<f64>,
    places: usize,
    model: &str,
) -> PyResult<Vec<Vec<f64>>> {
    let model = model_of(model)?;
    core(py.detach(|| core_finish(&stacks, places, model)))
}

/// Bubble factors between every pair of players; see `pokerforge.icm.bubble_factors`.
/// Up to 924 exact ICM computations: run where Ctrl-C and the time limit can stop them
/// (asked before each exact computation).
#[pyfunction]
#[pyo3(signature = (stacks, payouts, model="harville", time_limit=None))]
pub fn bubble_factors(
    py: Python<'_>,
    stacks: Vec<f64>,
    payouts: Vec<f64>,
    model: &str,
    time_limit: Option<f64>,
) -> PyResult<Vec<Vec<f64>>> {
    let model = model_of(model)?;
    bounded(py, "bubble factors", time_limit, move |stop| {
        core_bubble_factors(&stacks, &payouts, model, stop)
    })
}

/// What `push_fold_heads_up` returns: the shove and call probabilities by class index
/// (`13 * row + col` of the chart), the same as ranges, exploitability, both players'
/// best-response gains and values, the rounds run and whether the tolerance was reached.
type PushFoldTuple = (
    Vec<f64>,
    Vec<f64>,
    PyRange,
    PyRange,
    f64,
    (f64, f64),
    (f64, f64),
    usize,
    bool,
);

/// Solves a heads-up push/fold spot; see `pokerforge.icm.push_fold`.
#[pyfunction]
#[pyo3(signature = (
    stacks, small_blind, big_blind, ante=0.0, payouts=None, others=Vec::new(),
    model="harville", tolerance=1e-4, max_iterations=None, time_limit=None,
))]
#[allow(clippy::too_many_arguments)]
pub fn push_fold_heads_up(
    py: Python<'_>,
    stacks: (f64, f64),
    small_blind: f64,
    big_blind: f64,
    ante: f64,
    payouts: Option<Vec<f64>>,
    others: Vec<f64>,
    model: &str,
    tolerance: f64,
    max_iterations: Option<Int>,
    time_limit: Option<f64>,
) -> PyResult<PushFoldTuple> {
    let spot = Spot {
        stacks: [stacks.0, stacks.1],
        small_blind,
        big_blind,
        ante,
        payouts,
        others,
        model: model_of(model)?,
    };
    let defaults = SolveOptions::default();
    let options = SolveOptions {
        tolerance,
        max_iterations: rounds(max_iterations, defaults.max_iterations)?,
        time_limit: time_limit_of(time_limit)?,
    };
    let s = solving(py, move |cancel| {
        solve(&spot, &options, Matchups::shared(), cancel)
    })?;
    let (shove_range, call_range) = (PyRange(range_of(&s.shove)), PyRange(range_of(&s.call)));
    Ok((
        s.shove,
        s.call,
        shove_range,
        call_range,
        s.exploitability,
        (s.gains[0], s.gains[1]),
        (s.values[0], s.values[1]),
        s.iterations,
        s.converged,
    ))
}

/// The mean weight of each class's combos in a range, by class index.
#[pyfunction]
pub fn class_frequencies(range: PyRef<'_, PyRange>) -> Vec<f64> {
    core_class_frequencies(&range.0)
}

/// The range holding each class with its probability as the weight, by class index.
#[pyfunction]
pub fn range_of_frequencies(frequencies: Vec<f64>) -> PyRange {
    PyRange(range_of(&frequencies))
}

/// What `push_fold_values` returns: values of shoving by position and class, of folding
/// first-in by position, of calling and of folding to a shove by pair `s * n + c` and
/// class (empty rows for the other pairs), each position's expectation, best-response
/// gain and chance of the action reaching it.
type ValuesTuple = (
    Vec<Vec<f64>>,
    Vec<f64>,
    Vec<Vec<f64>>,
    Vec<Vec<f64>>,
    Vec<f64>,
    Vec<f64>,
    Vec<f64>,
);

fn values_tuple(v: TableValues) -> ValuesTuple {
    (
        v.shove, v.fold, v.call, v.fold_to, v.players, v.gains, v.reach,
    )
}

#[allow(clippy::too_many_arguments)]
fn table_spot(
    stacks: Vec<f64>,
    small_blind: f64,
    big_blind: f64,
    ante: f64,
    payouts: Option<Vec<f64>>,
    others: Vec<f64>,
    model: &str,
) -> PyResult<TableSpot> {
    Ok(TableSpot {
        stacks,
        small_blind,
        big_blind,
        ante,
        payouts,
        others,
        model: model_of(model)?,
    })
}

/// Every decision's value at a push/fold table for given strategies; see
/// `pokerforge.icm.decisions`.
#[pyfunction]
#[pyo3(signature = (
    stacks, small_blind, big_blind, shove, call, ante=0.0, payouts=None, others=Vec::new(),
    model="harville",
))]
#[allow(clippy::too_many_arguments)]
pub fn push_fold_values(
    py: Python<'_>,
    stacks: Vec<f64>,
    small_blind: f64,
    big_blind: f64,
    shove: Vec<Vec<f64>>,
    call: Vec<Vec<f64>>,
    ante: f64,
    payouts: Option<Vec<f64>>,
    others: Vec<f64>,
    model: &str,
) -> PyResult<ValuesTuple> {
    let spot = table_spot(stacks, small_blind, big_blind, ante, payouts, others, model)?;
    let st = Strategies { shove, call };
    let v = core(py.detach(|| table::values(&spot, &st, Matchups::shared())))?;
    Ok(values_tuple(v))
}

/// What `push_fold_table` returns: shove probabilities by position and class, call
/// probabilities by pair and class, the values of those strategies, the exploitability,
/// the rounds run and whether the tolerance was reached.
type TableTuple = (Vec<Vec<f64>>, Vec<Vec<f64>>, ValuesTuple, f64, usize, bool);

/// Solves a push/fold spot at a table of 2 to 10 players; see `pokerforge.icm.push_fold`.
#[pyfunction]
#[pyo3(signature = (
    stacks, small_blind, big_blind, ante=0.0, payouts=None, others=Vec::new(),
    model="harville", tolerance=1e-4, max_iterations=None, time_limit=None,
))]
#[allow(clippy::too_many_arguments)]
pub fn push_fold_table(
    py: Python<'_>,
    stacks: Vec<f64>,
    small_blind: f64,
    big_blind: f64,
    ante: f64,
    payouts: Option<Vec<f64>>,
    others: Vec<f64>,
    model: &str,
    tolerance: f64,
    max_iterations: Option<Int>,
    time_limit: Option<f64>,
) -> PyResult<TableTuple> {
    let spot = table_spot(stacks, small_blind, big_blind, ante, payouts, others, model)?;
    let options = table::SolveOptions {
        tolerance,
        max_iterations: rounds(
            max_iterations,
            table::SolveOptions::default().max_iterations,
        )?,
        time_limit: time_limit_of(time_limit)?,
    };
    let s = solving(py, move |cancel| {
        table::solve(&spot, &options, Matchups::shared(), cancel)
    })?;
    Ok((
        s.strategies.shove,
        s.strategies.call,
        values_tuple(s.values),
        s.exploitability,
        s.iterations,
        s.converged,
    ))
}
