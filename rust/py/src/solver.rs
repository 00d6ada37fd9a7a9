//! `SolverSpot` and `SolverGame` for Python: the core's heads-up postflop solver
//! (`pokerforge_core::solver`), built, solved, read and saved. `pokerforge.solver` is the
//! public face; this module converts arguments and results, and runs the work without
//! the GIL.
//!
//! A solve runs on the calling thread without the GIL (rayon's threads inside). Between
//! iterations it takes the GIL back for a moment: to check for Ctrl-C (which raises
//! `KeyboardInterrupt`, the game keeping the iterations run) and to call the progress
//! callback, whose exception ends the solve and is raised, and whose true answer stops it
//! as `Cancel.cancel()` from another thread does. A game is held by a mutex: reading it
//! from another thread while it is being solved is refused by name, never a wait that
//! could hold the GIL against the solve.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::Ordering;
use std::sync::{Mutex, MutexGuard, TryLockError};

use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray2};
use pokerforge_core::solver::{BetSizes, Game, GameOptions, SolveOptions, Spot, MAX_CHIPS};
use pokerforge_core::{Location, Range};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use crate::equity::{time_limit_of, PyCancel};
use crate::errors::{located, to_py};
use crate::input::seq::setting;
use crate::input::{card_set, core, text_of, Int};
use crate::parallel::{panic_message, pool, threads_for};
use crate::range::PyRange;
use crate::solver_view::{node_info, play, NodeInfo};

/// A player's range: text of the range grammar or a `Range`; errors name `ranges[i]`.
fn range_of(i: usize, obj: &Bound<'_, PyAny>) -> PyResult<Range> {
    let here = format!("ranges[{i}]");
    if let Ok(range) = obj.cast::<PyRange>() {
        return Ok(range.get().0.clone());
    }
    let text = obj.cast::<PyString>().map_err(|_| {
        located(
            crate::errors::InvalidRangeError::new_err(format!(
                "{} is not a range: expected range text such as 'QQ+, AKs' or a Range",
                obj.repr().map(|r| r.to_string()).unwrap_or_default()
            )),
            &here,
        )
    })?;
    let text = text_of(text).map_err(|e| located(e, &here))?;
    Range::parse(&text).map_err(|e| located(to_py(e), &here))
}

/// A pot or stack: a whole number of chips the core takes (it names the bound).
fn chips_of(value: Int, name: &'static str) -> PyResult<i32> {
    match value.get::<i32>() {
        Some(v) if (1..=MAX_CHIPS).contains(&v) => Ok(v),
        _ => Err(setting(
            name,
            value.0,
            "a whole number of chips from 1 to 100000000",
        )),
    }
}

/// A player: 0 (out of position) or 1.
fn player_of(player: usize) -> PyResult<usize> {
    if player <= 1 {
        Ok(player)
    } else {
        Err(setting(
            "player",
            player,
            "0 (out of position) or 1 (in position)",
        ))
    }
}

/// A memory bound in bytes: positive and within 64 bits.
fn memory_of(value: Int) -> PyResult<u64> {
    match value.get::<u64>() {
        Some(v) if v > 0 => Ok(v),
        _ => Err(setting(
            "memory_limit",
            value.0,
            "a positive number of bytes",
        )),
    }
}

/// The checked options a game is built with.
fn options_of(compressed: bool, isomorphism: bool, memory_limit: Int) -> PyResult<GameOptions> {
    Ok(GameOptions {
        compressed,
        isomorphism,
        memory_limit: memory_of(memory_limit)?,
    })
}

/// A spot of the solver, checked: board, ranges, pot, stack, bet sizes, rake.
#[pyclass(name = "SolverSpot", module = "pokerforge._core", frozen)]
#[derive(Debug, Clone)]
pub struct PySolverSpot(Spot);

#[pymethods]
impl PySolverSpot {
    /// `sizes[street][player]` is a `(bets, raises)` pair of size texts (street 0 the
    /// flop); `donk` the turn's and the river's donk sizes (`None`: the bet sizes).
    #[new]
    #[pyo3(signature = (*, board, ranges, pot, stack, sizes, donk, allin_threshold,
        merge_threshold, rake_rate, rake_cap))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        board: &Bound<'_, PyAny>,
        ranges: (Bound<'_, PyAny>, Bound<'_, PyAny>),
        pot: Int,
        stack: Int,
        sizes: Vec<Vec<(String, String)>>,
        donk: (Option<String>, Option<String>),
        allin_threshold: f64,
        merge_threshold: f64,
        rake_rate: f64,
        rake_cap: f64,
    ) -> PyResult<PySolverSpot> {
        let board = card_set(board).map_err(|e| located(e, &Location::Board.to_string()))?;
        let ranges = [range_of(0, &ranges.0)?, range_of(1, &ranges.1)?];
        if sizes.len() != 3 || sizes.iter().any(|s| s.len() != 2) {
            return Err(setting(
                "sizes",
                format!("{} streets", sizes.len()),
                "3 streets of 2 players' (bets, raises) texts",
            ));
        }
        let mut parsed: [[BetSizes; 2]; 3] = Default::default();
        for (street, players) in sizes.iter().enumerate() {
            for (p, (bets, raises)) in players.iter().enumerate() {
                parsed[street][p] = core(BetSizes::parse(bets, raises))?;
            }
        }
        let donk_of = |text: &Option<String>| {
            text.as_deref()
                .map(pokerforge_core::solver::parse_bet_sizes)
                .transpose()
        };
        let spot = Spot {
            board,
            ranges,
            pot: chips_of(pot, "pot")?,
            stack: chips_of(stack, "stack")?,
            sizes: parsed,
            donk: [core(donk_of(&donk.0))?, core(donk_of(&donk.1))?],
            allin_threshold,
            merge_threshold,
            rake_rate,
            rake_cap,
        };
        core(spot.validate())?;
        Ok(PySolverSpot(spot))
    }

    /// The memory a game of the spot needs, without allocating it: `(nodes, entries,
    /// bytes, compressed_bytes)`; builds the tree (refused past `memory_limit`).
    #[pyo3(signature = (*, isomorphism = true, memory_limit = Int(1 << 40)))]
    fn estimate(
        &self,
        py: Python<'_>,
        isomorphism: bool,
        memory_limit: Int,
    ) -> PyResult<(u64, u64, u64, u64)> {
        let options = options_of(false, isomorphism, memory_limit)?;
        let e = core(py.detach(|| Game::estimate(&self.0, options)))?;
        Ok((e.nodes, e.entries, e.bytes, e.compressed_bytes))
    }
}

/// A solver's game: built from a `SolverSpot`, solved, read along lines, saved.
#[pyclass(name = "SolverGame", module = "pokerforge._core", frozen)]
#[derive(Debug)]
pub struct PySolverGame {
    game: Mutex<Game>,
}

/// What `solve` returns: iterations, exploitability (chips), seconds, target reached,
/// stopped by a cancel or the callback.
type Solved = (u32, f64, f64, bool, bool);

/// One array per player.
type Pair<'py, T> = (Bound<'py, PyArray1<T>>, Bound<'py, PyArray1<T>>);

impl PySolverGame {
    /// The game, unless a solve holds it.
    fn game(&self) -> PyResult<MutexGuard<'_, Game>> {
        match self.game.try_lock() {
            Ok(game) => Ok(game),
            // A panic mid-solve is a bug reported then; the game's numbers stay readable.
            Err(TryLockError::Poisoned(poisoned)) => Ok(poisoned.into_inner()),
            Err(TryLockError::WouldBlock) => Err(PyRuntimeError::new_err(
                "the game is being solved in another thread: read it once solve() returns",
            )),
        }
    }
}

fn bug(payload: &(dyn std::any::Any + Send)) -> PyErr {
    PyRuntimeError::new_err(format!(
        "a bug in pokerforge's Rust core (please report it): {}",
        panic_message(payload)
    ))
}

#[pymethods]
impl PySolverGame {
    /// Builds the game (its memory sized first: a game past `memory_limit` bytes is
    /// refused naming its size).
    #[new]
    #[pyo3(signature = (spot, *, compressed = false, isomorphism = true, memory_limit = Int(4 << 30)))]
    fn new(
        py: Python<'_>,
        spot: &PySolverSpot,
        compressed: bool,
        isomorphism: bool,
        memory_limit: Int,
    ) -> PyResult<PySolverGame> {
        let options = options_of(compressed, isomorphism, memory_limit)?;
        let spot = spot.0.clone();
        let game = py
            .detach(|| catch_unwind(AssertUnwindSafe(|| Game::new(spot, options))))
            .map_err(|p| bug(p.as_ref()))?;
        Ok(PySolverGame {
            game: Mutex::new(core(game)?),
        })
    }

    /// Solves until the exploitability is at most `target` chips, `max_iterations`
    /// iterations have run (in all), `time_limit` seconds have passed, `cancel` is
    /// cancelled or `progress(iterations, exploitability, seconds)` answers true.
    #[pyo3(signature = (*, target, max_iterations = 1000, time_limit = None, check_every = 10,
        progress = None, cancel = None, threads = None))]
    #[allow(clippy::too_many_arguments)]
    fn solve(
        &self,
        py: Python<'_>,
        target: f64,
        max_iterations: u32,
        time_limit: Option<f64>,
        check_every: u32,
        progress: Option<Py<PyAny>>,
        cancel: Option<&Bound<'_, PyCancel>>,
        threads: Option<Int>,
    ) -> PyResult<Solved> {
        let options = SolveOptions {
            target,
            max_iterations,
            time_limit: time_limit_of(time_limit)?,
            check_every,
        };
        let flag = cancel.map(|c| c.get().flag());
        // A pool of its own when asked (worker processes that run one solve per core);
        // Ctrl-C is only seen on the main thread, so it then waits for the solve's end.
        let pool = match threads {
            Some(n) => Some(pool(threads_for(Some(n), 0, 1)?)?),
            None => None,
        };
        let mut guard = self.game()?;
        let game: &mut Game = &mut guard;
        let mut failure: Option<PyErr> = None;
        let mut stopped = false;
        let mut run = || {
            catch_unwind(AssertUnwindSafe(|| {
                game.solve(&options, &mut |p| {
                    if flag.as_ref().is_some_and(|f| f.load(Ordering::Relaxed)) {
                        stopped = true;
                        return true;
                    }
                    Python::attach(|py| {
                        let answer = py.check_signals().and_then(|()| match &progress {
                            Some(callback) => callback
                                .call1(py, (p.iterations, p.exploitability, p.seconds))?
                                .is_truthy(py),
                            None => Ok(false),
                        });
                        match answer {
                            Ok(stop) => {
                                stopped |= stop;
                                stop
                            }
                            Err(err) => {
                                failure = Some(err);
                                true
                            }
                        }
                    })
                })
            }))
        };
        let outcome = py.detach(move || match &pool {
            Some(pool) => pool.install(run),
            None => run(),
        });
        let solved = core(outcome.map_err(|p| bug(p.as_ref()))?)?;
        if let Some(err) = failure {
            return Err(err);
        }
        Ok((
            solved.iterations,
            solved.exploitability,
            solved.seconds,
            solved.reached,
            stopped,
        ))
    }

    /// The exploitability of the average strategies, in chips, measured now.
    fn exploitability(&self, py: Python<'_>) -> PyResult<f64> {
        let game = self.game()?;
        let game: &Game = &game;
        Ok(py.detach(|| game.compute_exploitability()))
    }

    /// Each player's expected chips per deal at the root (they add up to minus the
    /// expected rake).
    fn values(&self, py: Python<'_>) -> PyResult<(f64, f64)> {
        let game = self.game()?;
        let game: &Game = &game;
        let [a, b] = py.detach(|| game.values());
        Ok((a, b))
    }

    /// Iterations run so far.
    #[getter]
    fn iterations(&self) -> PyResult<u32> {
        Ok(self.game()?.iterations())
    }

    /// Bytes the game holds.
    #[getter]
    fn memory_bytes(&self) -> PyResult<u64> {
        Ok(self.game()?.memory_bytes())
    }

    /// Nodes of the tree.
    #[getter]
    fn node_count(&self) -> PyResult<usize> {
        Ok(self.game()?.node_count())
    }

    /// Whether regrets and strategies are stored in 16 bits.
    #[getter]
    fn compressed(&self) -> PyResult<bool> {
        Ok(self.game()?.options().compressed)
    }

    /// The starting board, pot and stack: `(board mask, pot, stack)`.
    #[getter]
    fn start(&self) -> PyResult<(u64, i32, i32)> {
        let game = self.game()?;
        let spot = game.spot();
        Ok((spot.board.mask(), spot.pot, spot.stack))
    }

    /// Player `player`'s hands: their labels (`"AsKs"`), their cards as an `(n, 2)` array
    /// of card indices, and their range weights; every per-hand array is in this order.
    #[allow(clippy::type_complexity)]
    fn hands<'py>(
        &self,
        py: Python<'py>,
        player: usize,
    ) -> PyResult<(
        Vec<String>,
        Bound<'py, PyArray2<u8>>,
        Bound<'py, PyArray1<f32>>,
    )> {
        let hands = self.game()?.hands(player_of(player)?);
        let labels = hands.iter().map(|(c, _)| c.to_string()).collect();
        let cards: Vec<u8> = hands
            .iter()
            .flat_map(|(c, _)| [c.high().index(), c.low().index()])
            .collect();
        let weights = hands.iter().map(|&(_, w)| w).collect();
        Ok((
            labels,
            PyArray1::from_vec(py, cards).reshape([hands.len(), 2])?,
            PyArray1::from_vec(py, weights),
        ))
    }

    /// What the line of `tokens` reaches: `(kind, player, pot, (bet, bet), actions,
    /// dealt cards)`.
    fn node(&self, tokens: Vec<String>) -> PyResult<NodeInfo> {
        let game = self.game()?;
        let line = play(&game, &tokens)?;
        Ok(node_info(&game, &line))
    }

    /// The average strategy at the line's decision: `(actions, hands)` frequencies.
    fn strategy<'py>(
        &self,
        py: Python<'py>,
        tokens: Vec<String>,
    ) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let game = self.game()?;
        let line = play(&game, &tokens)?;
        let strategy = core(game.strategy_at(&line))?;
        let actions = game.actions_at(&line).len();
        let hands = strategy.len() / actions.max(1);
        PyArray1::from_vec(py, strategy).reshape([actions, hands])
    }

    /// Each player's reach of each hand at the line's node.
    fn reach<'py>(&self, py: Python<'py>, tokens: Vec<String>) -> PyResult<Pair<'py, f32>> {
        let game = self.game()?;
        let line = play(&game, &tokens)?;
        let game: &Game = &game;
        let [a, b] = py.detach(|| game.reach_at(&line));
        Ok((PyArray1::from_vec(py, a), PyArray1::from_vec(py, b)))
    }

    /// Player `player`'s expected chips with each hand at the line's node.
    fn ev<'py>(
        &self,
        py: Python<'py>,
        tokens: Vec<String>,
        player: usize,
    ) -> PyResult<Bound<'py, PyArray1<f64>>> {
        let game = self.game()?;
        let line = play(&game, &tokens)?;
        let game: &Game = &game;
        let player = player_of(player)?;
        let values = py.detach(|| game.hand_values_at(&line, player));
        Ok(PyArray1::from_vec(py, values))
    }

    /// Player `player`'s showdown equity with each hand at the line's node.
    fn equity<'py>(
        &self,
        py: Python<'py>,
        tokens: Vec<String>,
        player: usize,
    ) -> PyResult<Bound<'py, PyArray1<f64>>> {
        let game = self.game()?;
        let line = play(&game, &tokens)?;
        let game: &Game = &game;
        let player = player_of(player)?;
        let values = py.detach(|| game.equity_at(&line, player));
        Ok(PyArray1::from_vec(py, values))
    }

    /// Locks the strategy at the line's decision: `(actions, hands)` frequencies, a hand
    /// whose column is NaN staying free.
    fn lock(&self, tokens: Vec<String>, strategy: PyReadonlyArray2<'_, f32>) -> PyResult<()> {
        let mut game = self.game()?;
        let line = play(&game, &tokens)?;
        let values: Vec<f32> = strategy.as_array().iter().copied().collect();
        core(game.lock(line.node(), &values))
    }

    /// Removes the lock at the line's decision; whether there was one.
    fn unlock(&self, tokens: Vec<String>) -> PyResult<bool> {
        let mut game = self.game()?;
        let line = play(&game, &tokens)?;
        Ok(game.unlock(line.node()))
    }

    /// The game as bytes (the format of `pokerforge_core::solver`'s `save.rs`).
    fn save<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let game = self.game()?;
        let game: &Game = &game;
        let bytes = py.detach(|| game.save());
        Ok(PyBytes::new(py, &bytes))
    }

    /// A game saved by `save`, rebuilt within `memory_limit` bytes.
    #[staticmethod]
    #[pyo3(signature = (data, *, memory_limit = Int(4 << 30)))]
    fn load(py: Python<'_>, data: &[u8], memory_limit: Int) -> PyResult<PySolverGame> {
        let limit = memory_of(memory_limit)?;
        let game = py
            .detach(|| catch_unwind(AssertUnwindSafe(|| Game::load(data, limit))))
            .map_err(|p| bug(p.as_ref()))?;
        Ok(PySolverGame {
            game: Mutex::new(core(game)?),
        })
    }
}
