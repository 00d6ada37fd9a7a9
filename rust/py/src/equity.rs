//! `equity()` and `Range` for Python.
//!
//! The computation runs on a worker thread of a rayon pool while the calling thread, without
//! the GIL, waits for it and wakes every few milliseconds to check for Ctrl-C; on an
//! interrupt it raises the cancel flag the core checks between work units.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::{Duration, Instant};

use pokerforge_core::equity::{equity as core_equity, Game, Method, Player};
use pokerforge_core::{CardSet, EquityOptions, EquityResult, Error, Range};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::cards::{fresh_seed, seed_value, PyCardSet};
use crate::convert::{card_set, core, optional_card_set, text_of, Int};
use crate::errors::to_py;
use crate::parallel::{pool_for_caller, threads_for};

/// A Hold'em range: weighted two-card combos.
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

/// One entry of `players`: text (a hand, a range or "random"), a `Range`, `None` (random),
/// or any cards-like value.
fn player(obj: &Bound<'_, PyAny>) -> PyResult<Player> {
    if let Ok(text) = obj.cast::<PyString>() {
        return core(text_of(text)?.parse::<Player>());
    }
    if let Ok(range) = obj.cast::<PyRange>() {
        return Ok(Player::Range(range.get().0.clone()));
    }
    if obj.is_none() {
        return Ok(Player::Random);
    }
    Ok(Player::Hand(card_set(obj)?))
}

/// The text of a setting's name; one that cannot be UTF-8 becomes its repr, which no name
/// matches, so the caller's "unknown name" error names it.
fn setting_text(name: &Bound<'_, PyString>) -> String {
    match name.to_cow() {
        Ok(text) => text.into_owned(),
        Err(_) => name.repr().map(|r| r.to_string()).unwrap_or_default(),
    }
}

fn method(name: &str) -> PyResult<Method> {
    match name.trim().to_ascii_lowercase().replace('_', "-").as_str() {
        "auto" => Ok(Method::Auto),
        "exact" => Ok(Method::Exact),
        "monte-carlo" | "montecarlo" | "mc" => Ok(Method::MonteCarlo),
        _ => Err(to_py(Error::InvalidSetting {
            name: "method",
            value: format!("'{name}'"),
            expected: "\"auto\", \"exact\" or \"monte-carlo\"",
        })),
    }
}

fn positive_seconds(name: &'static str, value: f64) -> PyResult<f64> {
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

/// What `equity` hands back to `pokerforge.equity`, which wraps it in dataclasses:
/// per player `(equity, win, tie, categories, stderr, high, low, scoop)`, then the method's
/// name, `exact`, `deals`, `stderr` and the seed.
type PlayerRow = (
    f64,
    f64,
    f64,
    [f64; 9],
    f64,
    Option<f64>,
    Option<f64>,
    Option<f64>,
);
type RawResult = (Vec<PlayerRow>, &'static str, bool, u64, f64, Option<u64>);

fn raw(result: EquityResult) -> RawResult {
    let players = result
        .players
        .iter()
        .map(|p| {
            (
                p.equity,
                p.win,
                p.tie,
                p.categories,
                p.stderr,
                p.high,
                p.low,
                p.scoop,
            )
        })
        .collect();
    (
        players,
        result.method.name(),
        result.exact,
        result.deals,
        result.stderr,
        result.seed,
    )
}

/// Runs `work` on a pool of `threads` threads (the calling thread's own pool for one
/// thread, so calls from several Python threads run side by side) while this thread,
/// without the GIL, waits and wakes every 20 ms to check for Ctrl-C; on an interrupt it
/// raises the cancel flag the core checks between work units. No thread is created per
/// call: the work is queued on the pool.
fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    threads: usize,
    work: impl FnOnce(&AtomicBool) -> Result<T, Error> + Send + 'static,
) -> PyResult<T> {
    let pool = pool_for_caller(threads)?;
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&cancel);
    let (done, mut wait) = mpsc::channel();
    pool.spawn(move || {
        let _ = done.send(work(&flag));
    });
    loop {
        // The receiver is Send but not Sync, so it moves into the GIL-free closure.
        let (outcome, back) = py.detach(move || {
            let outcome = wait.recv_timeout(Duration::from_millis(20));
            (outcome, wait)
        });
        wait = back;
        match outcome {
            Ok(result) => return result.map_err(to_py),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if let Err(interrupt) = py.check_signals() {
                    cancel.store(true, Ordering::Relaxed);
                    // The worker stops at its next check; wait so nothing outlives us.
                    let _ = py.detach(move || wait.recv());
                    return Err(interrupt);
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(to_py(Error::Interrupted));
            }
        }
    }
}

/// Equity of each player; see `pokerforge.equity.equity` for the documentation.
#[pyfunction]
#[pyo3(signature = (
    players, board = None, dead = None, *, game = None, method = None, samples = None,
    target_stderr = None, seed = None, time_limit = None, threads = None
))]
#[allow(clippy::too_many_arguments)]
pub fn equity(
    py: Python<'_>,
    players: &Bound<'_, PyAny>,
    board: Option<&Bound<'_, PyAny>>,
    dead: Option<&Bound<'_, PyAny>>,
    game: Option<&Bound<'_, PyString>>,
    method: Option<&Bound<'_, PyString>>,
    samples: Option<Int>,
    target_stderr: Option<f64>,
    seed: Option<Int>,
    time_limit: Option<f64>,
    threads: Option<Int>,
) -> PyResult<RawResult> {
    if players.is_instance_of::<PyString>() {
        return Err(to_py(Error::PlayerCount {
            got: 1,
            expected: "2 to 10 (as a list, e.g. [\"AhKh\", \"random\"])",
        }));
    }
    let players: Vec<Player> = players
        .try_iter()?
        .map(|p| player(&p?))
        .collect::<PyResult<_>>()?;
    let board: CardSet = optional_card_set(board)?;
    let dead: CardSet = optional_card_set(dead)?;
    // Names that cannot even be UTF-8 (a lone surrogate) are unknown names all the same.
    let game: Game = match game {
        Some(name) => core(setting_text(name).parse())?,
        None => Game::Holdem,
    };
    let method = match method {
        Some(name) => self::method(&setting_text(name))?,
        None => Method::Auto,
    };
    let samples = match samples {
        None => None,
        Some(n) => Some(match n.get::<i64>() {
            Some(n) => core(pokerforge_core::equity::checked_samples(n))?,
            None => {
                return Err(to_py(Error::InvalidSetting {
                    name: "samples",
                    value: n.0.to_string(),
                    expected: "a positive number of deals below 2**63",
                }))
            }
        }),
    };
    let target_stderr = target_stderr
        .map(|t| positive_seconds("target_stderr", t))
        .transpose()?;
    let deadline = time_limit
        .map(|t| positive_seconds("time_limit", t))
        .transpose()?
        .map(|t| Instant::now() + Duration::from_secs_f64(t.min(1e9)));
    let seed = match seed {
        None => fresh_seed(),
        Some(s) => seed_value(s)?,
    };
    let threads = threads_for(threads, usize::MAX, 0)?;
    let result = interruptible(py, threads, move |cancel| {
        let options = EquityOptions {
            game,
            method,
            samples,
            target_stderr,
            deadline,
            seed,
            cancel: Some(cancel),
        };
        core_equity(&players, board, dead, &options)
    })?;
    Ok(raw(result))
}
