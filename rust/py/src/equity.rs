//! `equity()` and `plan_equity()` for Python.
//!
//! The core owns every rule of an equity request (checks and where they fail, cost
//! estimate, method, deadline); this module converts the arguments, runs the work and
//! builds the result objects of `pokerforge.equity` by keyword, in this one place.
//!
//! The computation runs on a worker thread of a rayon pool while the calling thread, without
//! the GIL, waits for it and wakes every few milliseconds to check for Ctrl-C; on an
//! interrupt it raises the cancel flag the core checks as it goes. A panic in the work
//! (a bug) comes back as a `RuntimeError`, never an abort.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use pokerforge_core::equity::{by_class as by_class_of, plan, Game, Method, Plan, Player};
use pokerforge_core::{CardSet, EquityOptions, EquityResult, Error, Location, ShortDeckOrder};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyString, PyTuple};

use crate::cards::{fresh_seed, seed_value};
use crate::category_count::PyCategoryCount;
use crate::errors::{located, to_py};
use crate::input::{card_set, core, text_of, Int};
use crate::parallel::{deadline_after, interruptible, panic_message, threads_for};
use crate::range::PyRange;
use crate::registry;

/// One entry of `players`: text (a hand, a range or "random"), a `Range`, `None` (random),
/// or any cards-like value. Errors name the player (`players[i]`).
pub(crate) fn player_of(i: usize, obj: &Bound<'_, PyAny>) -> PyResult<Player> {
    let here = Location::Player(i);
    if let Ok(text) = obj.cast::<PyString>() {
        let text = text_of(text).map_err(|e| located(e, &here.to_string()))?;
        return text.parse::<Player>().map_err(|e| to_py(e.at(here)));
    }
    if let Ok(range) = obj.cast::<PyRange>() {
        return Ok(Player::Range(range.get().0.clone()));
    }
    if obj.is_none() {
        return Ok(Player::Random);
    }
    card_set(obj)
        .map(Player::Hand)
        .map_err(|e| located(e, &here.to_string()))
}

/// Board or dead cards, `None` being none; errors name the field.
pub(crate) fn cards_at(obj: Option<&Bound<'_, PyAny>>, location: Location) -> PyResult<CardSet> {
    match obj {
        None => Ok(CardSet::EMPTY),
        Some(o) if o.is_none() => Ok(CardSet::EMPTY),
        Some(o) => card_set(o).map_err(|e| located(e, &location.to_string())),
    }
}

/// The text of a setting's name; one that cannot be UTF-8 becomes its repr, which no name
/// matches, so the caller's "unknown name" error names it.
pub(crate) fn setting_text(name: &Bound<'_, PyString>) -> String {
    match name.to_cow() {
        Ok(text) => text.into_owned(),
        Err(_) => name.repr().map(|r| r.to_string()).unwrap_or_default(),
    }
}

fn positive(name: &'static str, value: f64) -> PyResult<f64> {
    if value > 0.0 && value.is_finite() {
        Ok(value)
    } else {
        Err(to_py(Error::InvalidSetting {
            name,
            value: value.to_string(),
            expected: "a positive number",
        }))
    }
}

/// A checked time limit of `seconds`.
pub(crate) fn time_limit_of(seconds: Option<f64>) -> PyResult<Option<Duration>> {
    Ok(seconds
        .map(|t| positive("time_limit", t))
        .transpose()?
        .map(|t| Duration::from_secs_f64(t.min(1e9))))
}

/// How a player is shown: a hand's cards in order, a range as given, or `random`.
fn label(player: &Player, given: &Bound<'_, PyAny>) -> String {
    match player {
        Player::Hand(cards) => cards.to_string(),
        Player::Random => "random".to_string(),
        Player::Range(range) => given
            .cast::<PyString>()
            .ok()
            .and_then(|t| t.to_str().ok().map(|t| t.trim().to_string()))
            .unwrap_or_else(|| range.to_string()),
    }
}

/// The arguments of an equity request, converted and checked by the core, with each
/// player's label.
#[allow(clippy::too_many_arguments)]
fn plan_of(
    players: &Bound<'_, PyAny>,
    board: Option<&Bound<'_, PyAny>>,
    dead: Option<&Bound<'_, PyAny>>,
    game: Option<&Bound<'_, PyString>>,
    method: Option<&Bound<'_, PyString>>,
    samples: Option<Int>,
    target_stderr: Option<f64>,
    categories: bool,
    by_hand: bool,
    trips_beat_straight: Option<&Bound<'_, PyAny>>,
) -> PyResult<(Plan, Vec<String>)> {
    if players.is_instance_of::<PyString>() {
        return Err(to_py(Error::PlayerCount {
            got: 1,
            expected: "2 to 10 (as a list, e.g. [\"AhKh\", \"random\"])",
        }));
    }
    let py = players.py();
    let mut labels = Vec::new();
    let players: Vec<Player> = players
        .try_iter()?
        .enumerate()
        .map(|(i, given)| {
            let given = given?;
            let p = player_of(i, &given)?;
            labels.push(label(&p, &given));
            Ok(p)
        })
        .collect::<PyResult<_>>()?;
    let board = cards_at(board, Location::Board)?;
    let dead = cards_at(dead, Location::Dead)?;
    // Names that cannot even be UTF-8 (a lone surrogate) are unknown names all the same.
    let game: Game = match game {
        Some(name) => core(setting_text(name).parse())?,
        None => Game::Holdem,
    };
    let method: Method = match method {
        Some(name) => core(setting_text(name).parse())?,
        None => Method::Auto,
    };
    let samples = samples_of(samples)?;
    let target_stderr = target_stderr
        .map(|t| positive("target_stderr", t))
        .transpose()?;
    // A switch is True or False: 1 or "yes" would be a guess.
    let short_deck_order = match trips_beat_straight {
        None => None,
        Some(value) => match value.cast::<PyBool>() {
            Ok(flag) => Some(ShortDeckOrder::from_trips_beat_straight(flag.is_true())),
            Err(_) => {
                return Err(to_py(Error::InvalidSetting {
                    name: "trips_beat_straight",
                    value: value.repr()?.to_string(),
                    expected: "True or False",
                }))
            }
        },
    };
    let options = EquityOptions {
        game,
        method,
        samples,
        target_stderr,
        skip_categories: !categories,
        by_hand,
        short_deck_order,
        ..EquityOptions::default()
    };
    // Planning may search the ranges' deals (within a step budget): without the GIL.
    let planned = py.detach(|| plan(&players, board, dead, &options));
    Ok((core(planned)?, labels))
}

/// A checked sample count: a positive number of deals below 2**63.
pub(crate) fn samples_of(samples: Option<Int>) -> PyResult<Option<u64>> {
    samples
        .map(|n| match n.get::<i64>() {
            Some(n) => core(pokerforge_core::equity::checked_samples(n)),
            None => Err(to_py(Error::InvalidSetting {
                name: "samples",
                value: n.0.to_string(),
                expected: "a positive number of deals below 2**63",
            })),
        })
        .transpose()
}

/// The classes of `pokerforge.equity` the results are built from, and `Category` in
/// index order, looked up once.
struct ResultTypes {
    player: Py<PyAny>,
    result: Py<PyAny>,
    categories: Py<PyTuple>,
    later: Py<PyAny>,
}

static RESULT_TYPES: PyOnceLock<ResultTypes> = PyOnceLock::new();

fn result_types(py: Python<'_>) -> PyResult<&ResultTypes> {
    RESULT_TYPES.get_or_try_init(py, || {
        let category = registry::class(py, "Category")?;
        let categories = PyTuple::new(py, category.try_iter()?.collect::<PyResult<Vec<_>>>()?)?;
        Ok(ResultTypes {
            player: registry::class(py, "PlayerEquity")?.unbind(),
            result: registry::class(py, "EquityResult")?.unbind(),
            categories: categories.unbind(),
            later: registry::class(py, "LaterCategories")?.unbind(),
        })
    })
}

/// The core's result as a `pokerforge.equity.EquityResult`, built by keyword. When the
/// categories were not counted, each player's are a `LaterCategories` that counts them
/// with `plan`'s request on first use.
fn to_python<'py>(
    py: Python<'py>,
    result: &EquityResult,
    plan: &Plan,
    limit: Option<Duration>,
) -> PyResult<Bound<'py, PyAny>> {
    let types = result_types(py)?;
    let categories = types.categories.bind(py);
    let count = if result.categories {
        None
    } else {
        Some(Bound::new(
            py,
            PyCategoryCount::new(plan.counting_categories(), limit),
        )?)
    };
    let players = result
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let chances = match &count {
                None => {
                    let chances = PyDict::new(py);
                    for (category, chance) in categories.iter().zip(p.categories) {
                        chances.set_item(category, chance)?;
                    }
                    chances.into_any()
                }
                Some(count) => types.later.bind(py).call1((count, i))?,
            };
            let kwargs = PyDict::new(py);
            kwargs.set_item("equity", p.equity)?;
            kwargs.set_item("win", p.win)?;
            kwargs.set_item("tie", p.tie)?;
            kwargs.set_item("categories", chances)?;
            if let Some(hands) = &p.by_hand {
                let (by_hand, by_class) = (PyDict::new(py), PyDict::new(py));
                for hand in hands {
                    by_hand.set_item(hand.cards.to_string(), hand.equity)?;
                }
                for class in by_class_of(hands) {
                    by_class.set_item(class.name(), class.equity)?;
                }
                kwargs.set_item("by_hand", by_hand)?;
                kwargs.set_item("by_class", by_class)?;
            }
            kwargs.set_item("stderr", p.stderr)?;
            kwargs.set_item("high", p.high)?;
            kwargs.set_item("low", p.low)?;
            kwargs.set_item("scoop", p.scoop)?;
            types.player.bind(py).call((), Some(&kwargs))
        })
        .collect::<PyResult<Vec<_>>>()?;
    let kwargs = PyDict::new(py);
    kwargs.set_item("players", PyTuple::new(py, players)?)?;
    kwargs.set_item("method", result.method.name())?;
    kwargs.set_item("exact", result.exact)?;
    kwargs.set_item("deals", result.deals)?;
    kwargs.set_item("stderr", result.stderr)?;
    kwargs.set_item("seed", result.seed)?;
    kwargs.set_item("categories_counted", result.categories)?;
    types.result.bind(py).call((), Some(&kwargs))
}

/// Runs `plan` and builds the Python result.
fn run_plan(
    py: Python<'_>,
    plan: Plan,
    seed: Option<Int>,
    time_limit: Option<f64>,
    threads: Option<Int>,
    cancel: Arc<AtomicBool>,
) -> PyResult<Bound<'_, PyAny>> {
    // The time limit counts from when the work starts, on the thread that does it: time
    // spent waiting for a pool thread (or for a core, on a busy machine) is not the work's.
    let limit = time_limit_of(time_limit)?;
    let seed = match seed {
        None => fresh_seed(),
        Some(s) => seed_value(s)?,
    };
    if plan.sequential() && plan.exact_seconds() <= INLINE_SECONDS {
        // The count is checked but not looked up: asking the system for the number of
        // cores costs more than the work.
        threads_for(threads, 0, 1)?;
        // At most a few milliseconds of work on one thread (table lookups, a sweep from
        // the turn on): handing it to a pool thread would cost more than doing it here,
        // without the GIL. A panic is still caught.
        let result = py
            .detach(|| {
                catch_unwind(AssertUnwindSafe(|| {
                    plan.run(seed, deadline_after(limit), None)
                }))
            })
            .map_err(|payload| {
                PyRuntimeError::new_err(format!(
                    "a bug in pokerforge's Rust core (please report it): {}",
                    panic_message(payload.as_ref())
                ))
            })?
            .map_err(to_py)?;
        return to_python(py, &result, &plan, limit);
    }
    let threads = threads_for(threads, usize::MAX, 0)?;
    let work = plan.clone();
    let result = interruptible(py, threads, cancel, move |cancel| {
        work.run(seed, deadline_after(limit), Some(cancel))
    })?;
    to_python(py, &result, &plan, limit)
}

/// Estimated work below which a request runs on the calling thread (too short to need
/// Ctrl-C or a second core).
const INLINE_SECONDS: f64 = 5e-3;

/// Equity of each player; see `pokerforge.equity.equity` for the documentation.
#[pyfunction]
#[pyo3(signature = (
    players, board = None, dead = None, *, game = None, method = None, samples = None,
    target_stderr = None, seed = None, time_limit = None, threads = None, categories = true,
    by_hand = false, trips_beat_straight = None
))]
#[allow(clippy::too_many_arguments)]
pub fn equity<'py>(
    py: Python<'py>,
    players: &Bound<'py, PyAny>,
    board: Option<&Bound<'py, PyAny>>,
    dead: Option<&Bound<'py, PyAny>>,
    game: Option<&Bound<'py, PyString>>,
    method: Option<&Bound<'py, PyString>>,
    samples: Option<Int>,
    target_stderr: Option<f64>,
    seed: Option<Int>,
    time_limit: Option<f64>,
    threads: Option<Int>,
    categories: bool,
    by_hand: bool,
    trips_beat_straight: Option<&Bound<'_, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let (plan, _) = plan_of(
        players,
        board,
        dead,
        game,
        method,
        samples,
        target_stderr,
        categories,
        by_hand,
        trips_beat_straight,
    )?;
    time_limit_of(time_limit)?;
    let cancel = Arc::new(AtomicBool::new(false));
    run_plan(py, plan, seed, time_limit, threads, cancel)
}

/// A flag that stops a running `EquityPlan.run` at its next check.
#[pyclass(name = "Cancel", module = "pokerforge._core", frozen)]
#[derive(Debug, Default)]
pub struct PyCancel(Arc<AtomicBool>);

#[pymethods]
impl PyCancel {
    #[new]
    fn new() -> PyCancel {
        PyCancel::default()
    }

    /// Asks the run to stop; it raises `KeyboardInterrupt` soon after.
    fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether `cancel()` was called.
    #[getter]
    fn cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

impl PyCancel {
    /// The flag `cancel()` raises, for work that checks it as it goes.
    pub(crate) fn flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.0)
    }
}

/// A checked equity request, ready to run: made by `plan_equity`.
#[pyclass(name = "EquityPlan", module = "pokerforge._core", frozen)]
#[derive(Debug)]
pub struct PyEquityPlan(Plan, Vec<String>);

#[pymethods]
impl PyEquityPlan {
    /// The method that will run first: `"exact"` or `"monte-carlo"`.
    #[getter]
    fn method(&self) -> &'static str {
        self.0.method().name()
    }

    /// Each player as text: a hand's cards, a range as given, or `"random"`.
    #[getter]
    fn players(&self) -> Vec<String> {
        self.1.clone()
    }

    /// The estimated seconds of exact enumeration on one thread (infinite when out of
    /// reach).
    #[getter]
    fn exact_seconds(&self) -> f64 {
        self.0.exact_seconds()
    }

    /// The estimated seconds of the work on one thread, at most `time_limit`.
    #[pyo3(signature = (time_limit = None))]
    fn estimated_seconds(&self, time_limit: Option<f64>) -> f64 {
        self.0.estimated_seconds(time_limit)
    }

    /// Runs the plan; `cancel` (a `Cancel`) stops it from another thread.
    #[pyo3(signature = (*, seed = None, time_limit = None, threads = None, cancel = None))]
    fn run<'py>(
        &self,
        py: Python<'py>,
        seed: Option<Int>,
        time_limit: Option<f64>,
        threads: Option<Int>,
        cancel: Option<&Bound<'py, PyCancel>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let flag = cancel.map_or_else(Arc::default, |c| Arc::clone(&c.get().0));
        run_plan(py, self.0.clone(), seed, time_limit, threads, flag)
    }

    fn __repr__(&self) -> String {
        format!(
            "EquityPlan(method='{}', exact_seconds={:.3e})",
            self.0.method().name(),
            self.0.exact_seconds()
        )
    }
}

/// Checks an equity request and plans it; arguments as for `equity`.
#[pyfunction]
#[pyo3(signature = (
    players, board = None, dead = None, *, game = None, method = None, samples = None,
    target_stderr = None, categories = true, by_hand = false, trips_beat_straight = None
))]
#[allow(clippy::too_many_arguments)]
pub fn plan_equity(
    players: &Bound<'_, PyAny>,
    board: Option<&Bound<'_, PyAny>>,
    dead: Option<&Bound<'_, PyAny>>,
    game: Option<&Bound<'_, PyString>>,
    method: Option<&Bound<'_, PyString>>,
    samples: Option<Int>,
    target_stderr: Option<f64>,
    categories: bool,
    by_hand: bool,
    trips_beat_straight: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyEquityPlan> {
    plan_of(
        players,
        board,
        dead,
        game,
        method,
        samples,
        target_stderr,
        categories,
        by_hand,
        trips_beat_straight,
    )
    .map(|(plan, labels)| PyEquityPlan(plan, labels))
}

/// Test hook: panics inside the work of a pool thread (`"pool"`) or inside a parallel
/// loop of the core (`"parallel"`), to show that a bug becomes a `RuntimeError`.
#[pyfunction]
pub fn _panic_for_tests(py: Python<'_>, place: &str) -> PyResult<()> {
    let parallel = place == "parallel";
    interruptible(py, 2, Arc::default(), move |_| {
        if parallel {
            use rayon::prelude::*;
            (0..64u32).into_par_iter().for_each(|i| {
                assert!(i != 37, "test panic in a parallel loop");
            });
            Ok(())
        } else {
            panic!("test panic on a pool thread")
        }
    })
}
