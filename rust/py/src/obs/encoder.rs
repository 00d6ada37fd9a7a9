//! The `ObsEncoder` class: one row of NumPy arrays per table, written from the table's
//! hand state.

use std::sync::Mutex;

use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pokerforge_core::obs::{ActionSet, HandLog, ObsLayout, LAYOUT_VERSION};
use pokerforge_core::{MAX_PLAYERS, PLAYER_COUNTS};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt};

use super::game::{game_of, Game};
use super::moves::{not_an_index, RAISE_TO};
use super::state::Reader;
use super::table::Table;
use crate::errors::{to_py, IllegalActionError};
use crate::input::seq::{each_item, index_of, setting, small, LAST_SEAT};
use crate::input::Int;

/// Observation encoder over `tables` tables of up to `seats` players.
#[derive(Debug)]
#[pyclass(name = "ObsEncoder", module = "pokerforge._core")]
pub struct PyObsEncoder {
    pub(super) layout: ObsLayout,
    /// What the game's row makes the reader read.
    pub(super) game: Game,
    pub(super) tables: Vec<Table>,
    /// The reader of the hand-state class seen last (checked when made).
    pub(super) reader: Option<Reader>,
    pub(super) obs: Py<PyArray2<f32>>,
    pub(super) mask: Py<PyArray2<i8>>,
    pub(super) amounts: Py<PyArray2<i64>>,
    pub(super) observed: Py<PyArray1<i64>>,
    /// The arrays' [`fingerprint`]s when last found as the encoder made them.
    pub(super) checked: Mutex<[[usize; 6]; 4]>,
}

impl PyObsEncoder {
    pub(super) fn table(&self, table: &Bound<'_, PyAny>) -> PyResult<usize> {
        let last = self.tables.len() as i128 - 1;
        index_of(
            table,
            "table",
            last,
            "a table index below the encoder's table count",
        )
    }

    /// The reader of `state`'s class (made and checked when the class is new).
    pub(super) fn reader(&mut self, state: &Bound<'_, PyAny>) -> PyResult<&Reader> {
        if !self.reader.as_ref().is_some_and(|r| r.serves(state)) {
            self.reader = Some(Reader::of(state)?);
        }
        Ok(self.reader.as_ref().expect("made above"))
    }

    /// Brings table `t`'s log up to `state` (see [`Table::sync`]).
    pub(super) fn sync(&mut self, t: usize, state: &Bound<'_, PyAny>) -> PyResult<()> {
        self.reader(state)?;
        let reader = self.reader.as_ref().expect("made by reader()");
        self.tables[t].sync(reader, state)
    }

    pub(super) fn log(&self, t: usize) -> &HandLog {
        self.tables[t].log()
    }
}

#[pymethods]
impl PyObsEncoder {
    #[new]
    #[pyo3(
        signature = (
            seats, *, history = Int(16), actions = None, tables = Int(1), game = None,
            hole_cards = None, streets = None, fixed_limit = false
        ),
        text_signature = "(seats, *, history=16, actions=None, tables=1, game=None, \
                          hole_cards=None, streets=None, fixed_limit=False)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        seats: Int,
        history: Int,
        actions: Option<Vec<String>>,
        tables: Int,
        game: Option<String>,
        hole_cards: Option<Int>,
        streets: Option<Vec<Int>>,
        fixed_limit: bool,
    ) -> PyResult<Self> {
        let seats = small(seats, "seats", MAX_PLAYERS as i128, PLAYER_COUNTS)?;
        let history = small(history, "history", 1024, "0 to 1024 entries")?;
        let tables = small(tables, "tables", 1 << 20, "1 to 1048576 tables")?;
        let set = match actions {
            Some(names) => ActionSet::parse(&names).map_err(to_py)?,
            None => ActionSet::standard(),
        };
        if !(1..=1 << 20).contains(&tables) {
            return Err(setting("tables", tables, "1 to 1048576 tables"));
        }
        let (shape, game) = game_of(game.as_deref(), hole_cards, streets)?;
        let layout = ObsLayout::for_game(shape, seats, history, set)
            .map_err(to_py)?
            .with_fixed_limit(fixed_limit);
        let a = layout.width();
        Ok(PyObsEncoder {
            game,
            obs: PyArray2::zeros(py, [tables, layout.size()], false).unbind(),
            mask: PyArray2::zeros(py, [tables, a], false).unbind(),
            amounts: PyArray2::zeros(py, [tables, a], false).unbind(),
            observed: PyArray1::from_vec(py, vec![-1; tables]).unbind(),
            tables: (0..tables).map(|_| Table::new()).collect(),
            reader: None,
            checked: Mutex::new([[0; 6]; 4]),
            layout,
        })
    }

    /// Slots in one observation.
    #[getter]
    fn size(&self) -> usize {
        self.layout.size()
    }

    /// The layout's seat count.
    #[getter]
    fn seats(&self) -> usize {
        self.layout.seats()
    }

    /// History entries kept.
    #[getter]
    fn history(&self) -> usize {
        self.layout.history()
    }

    /// Number of tables (rows).
    #[getter]
    fn tables(&self) -> usize {
        self.tables.len()
    }

    /// The layout version.
    #[getter]
    fn version(&self) -> u32 {
        LAYOUT_VERSION
    }

    /// The discrete actions' names, in index order.
    #[getter]
    fn actions(&self) -> Vec<String> {
        self.layout.action_names()
    }

    /// The observations, `float32[tables, size]` (rewritten in place by `encode`).
    #[getter]
    fn obs(&self, py: Python<'_>) -> Py<PyArray2<f32>> {
        self.obs.clone_ref(py)
    }

    /// The discrete action masks, `int8[tables, actions]`.
    #[getter]
    fn mask(&self, py: Python<'_>) -> Py<PyArray2<i8>> {
        self.mask.clone_ref(py)
    }

    /// The chips behind each discrete action, `int64[tables, actions]`.
    #[getter]
    fn amounts(&self, py: Python<'_>) -> Py<PyArray2<i64>> {
        self.amounts.clone_ref(py)
    }

    /// The seat whose view each row holds, `int64[tables]`, as the latest `encode` or
    /// `encode_all` of that row left it: -1 before any, or when the hand was over (the row
    /// left as it was).
    #[getter]
    fn observed(&self, py: Python<'_>) -> Py<PyArray1<i64>> {
        self.observed.clone_ref(py)
    }

    /// `(name, offset, length)` of each section, in order.
    fn sections(&self) -> Vec<(&'static str, usize, usize)> {
        self.layout
            .sections()
            .into_iter()
            .map(|s| (s.name, s.offset, s.len))
            .collect()
    }

    /// The name of every slot.
    fn slot_names(&self) -> Vec<String> {
        self.layout.slot_names()
    }

    /// Writes row `table` of `obs`, `mask` and `amounts` from `state`, a
    /// `pokerforge.game.HandState`: the view of `seat`, by default the seat to act (to bet,
    /// or to show or muck at an asked showdown). Returns the mask as bits: bit `8 + i` set
    /// when action `i` is legal; when `seat` is to act, bit 0 set when checking is legal,
    /// the seat in bits 1-4 and the street in bits 5-7. -1 when no seat was given and
    /// nobody is to act (the row is left as it was).
    #[pyo3(signature = (table, state, seat = None))]
    fn encode(
        &mut self,
        py: Python<'_>,
        table: &Bound<'_, PyAny>,
        state: &Bound<'_, PyAny>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<i64> {
        let t = self.table(table)?;
        let Some(seat) = seat else {
            let row = self.read_turn(t, state)?;
            return self.write_one(py, t, &row);
        };
        let seat = index_of(seat, "seat", LAST_SEAT, "a seat of the table")?;
        self.sync(t, state)?;
        let row = self
            .reader
            .as_ref()
            .expect("synced")
            .row(state, &self.game)?;
        self.check_row(t, seat, &row)?;
        let bits = {
            // SAFETY: the slices live only inside this block, which holds the GIL.
            let mut buffers = unsafe { self.buffers(py)? };
            self.write(&mut buffers, t, seat, &row)
        };
        let turn = if row.actor == Some(seat) {
            bits as i64
        } else {
            -1
        };
        self.keep_turn(t, turn, &row);
        Ok(bits as i64)
    }

    /// [`Self::encode`] for `seat`, then that row as new arrays, the caller's to keep:
    /// `{"observation": float32[size], "action_mask": int8[actions]}`, the observation
    /// the environments hand out (one call instead of an encoding, two row views, two
    /// copies and a dict built in Python, at every step).
    fn observation<'py>(
        &mut self,
        py: Python<'py>,
        table: &Bound<'py, PyAny>,
        state: &Bound<'py, PyAny>,
        seat: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let t = self.table(table)?;
        let seat = index_of(seat, "seat", LAST_SEAT, "a seat of the table")?;
        let mut views = self.views(py, t, state, &[seat])?;
        Ok(views.pop().expect("one view per seat"))
    }

    /// [`Self::observation`] for each of `seats` (no seat twice), in that order, with the
    /// state read once: what an environment hands out to every agent when a hand ends.
    /// Every seat is checked before any row is written; row `table` is left holding the
    /// last seat's view.
    fn observations<'py>(
        &mut self,
        py: Python<'py>,
        table: &Bound<'py, PyAny>,
        state: &Bound<'py, PyAny>,
        seats: &Bound<'py, PyAny>,
    ) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let t = self.table(table)?;
        let mut list: Vec<usize> = Vec::new();
        each_item(seats, |_, item| {
            let seat = index_of(item, "seat", LAST_SEAT, "a seat of the table")?;
            if list.contains(&seat) {
                return Err(setting(
                    "seats",
                    format!("seat {seat} twice"),
                    "each seat at most once",
                ));
            }
            list.push(seat);
            Ok(())
        })?;
        self.views(py, t, state, &list)
    }
    /// Writes every row at once, each table's view of its seat to act: `states[t]` is
    /// table `t`'s hand state. Keeps each table's mask bits (see `turn`), -1 for a table
    /// where nobody is to act (its row is left as it was). A bad state refuses the whole
    /// call before any row is written.
    fn encode_all(&mut self, py: Python<'_>, states: &Bound<'_, PyAny>) -> PyResult<()> {
        let tables = self.tables.len();
        let mut rows = Vec::with_capacity(tables);
        each_item(states, |t, state| {
            if t >= tables {
                return Err(setting(
                    "states",
                    "more than one per table",
                    "one state per table",
                ));
            }
            rows.push(self.read_turn(t, state)?);
            Ok(())
        })?;
        if rows.len() != tables {
            return Err(setting("states", rows.len(), "one state per table"));
        }
        let turns: Vec<i64> = {
            // SAFETY: the slices live only inside this block, which holds the GIL.
            let mut buffers = unsafe { self.buffers(py)? };
            rows.iter()
                .enumerate()
                .map(|(t, row)| self.write_turn(&mut buffers, t, row))
                .collect()
        };
        for (t, (row, bits)) in rows.iter().zip(turns).enumerate() {
            self.keep_turn(t, bits, row);
        }
        Ok(())
    }

    /// The mask bits of the latest encoding of the seat to act at `table`, as `encode`
    /// returned them, while `state` is the state encoded and nothing has happened in it
    /// since; else -1.
    fn turn(
        &mut self,
        py: Python<'_>,
        table: &Bound<'_, PyAny>,
        state: &Bound<'_, PyAny>,
    ) -> PyResult<i64> {
        let t = self.table(table)?;
        self.current(py, t, state)
    }

    /// The move discrete action `index` names for the seat to act at `table` in `state`,
    /// legal by the mask of the latest encoding of that seat (made first when none is
    /// current): `kind | amount << 2`, `kind` 0 fold, 1 check, 2 call, 3 raise to `amount`;
    /// a draw action gives `-1 - cards`, `cards` the mask of the card indices it throws
    /// (0: stand pat). The game layer applies it with the hand's own method.
    ///
    /// Raises `IllegalActionError` when nobody is to act or the index is out of range or
    /// masked.
    fn decode(
        &mut self,
        py: Python<'_>,
        table: &Bound<'_, PyAny>,
        state: &Bound<'_, PyAny>,
        index: &Bound<'_, PyAny>,
    ) -> PyResult<i64> {
        let t = self.table(table)?;
        self.check_arrays(py)?;
        let bits = self.turn_of(py, t, state)?;
        let value = match index.extract::<i64>() {
            Ok(value) if index.is_exact_instance_of::<PyInt>() => value,
            _ => {
                let message = not_an_index(self.layout.width(), index);
                return Err(IllegalActionError::new_err(message));
            }
        };
        self.move_of(py, t, bits, value)
            .map_err(IllegalActionError::new_err)
    }

    /// `decode` at every table at once: `actions[t]`, an index into the discrete actions,
    /// for the seat to act in `states[t]` (`actions`: ints, or a one-dimensional `int64`
    /// array). Returns the moves grouped by kind, `(folds, checks, calls, raises,
    /// totals, draws)`: the tables whose seat folds, checks, calls and raises, each raise's
    /// total, and `(table, move)` for each seat that draws (the move as `decode` gives
    /// it), so that the game layer applies each kind with one method over its hands.
    /// Every index is checked before any move is returned (an `IllegalActionError` names
    /// the first bad table).
    #[allow(clippy::type_complexity)]
    fn decode_all(
        &mut self,
        py: Python<'_>,
        states: &Bound<'_, PyAny>,
        actions: &Bound<'_, PyAny>,
    ) -> PyResult<(
        Vec<usize>,
        Vec<usize>,
        Vec<usize>,
        Vec<usize>,
        Vec<i64>,
        Vec<(usize, i64)>,
    )> {
        let tables = self.tables.len();
        self.check_arrays(py)?;
        // Each table's index, or the message for an action that is not one.
        let mut indices: Vec<Result<i64, String>> = Vec::with_capacity(tables);
        if let Ok(array) = actions.cast::<PyArray1<i64>>() {
            indices.extend(array.try_readonly()?.as_array().iter().map(|&i| Ok(i)));
        } else {
            each_item(actions, |_, action| {
                indices.push(match action.extract::<i64>() {
                    Ok(i) if action.is_exact_instance_of::<PyInt>() => Ok(i),
                    _ => Err(not_an_index(self.layout.width(), action)),
                });
                Ok(())
            })?;
        }
        let mut moves = Vec::with_capacity(tables);
        let given = each_item(states, |t, state| {
            if t >= tables || t >= indices.len() {
                return Ok(()); // counted below
            }
            let bits = self.turn_of(py, t, state)?;
            let step = match &indices[t] {
                Ok(index) => self.move_of(py, t, bits, *index),
                Err(message) => Err(message.clone()),
            }
            .map_err(|m| IllegalActionError::new_err(format!("table {t}: {m}")))?;
            moves.push(step);
            Ok(())
        })?;
        if given != tables || indices.len() != tables {
            return Err(setting(
                "states and actions",
                format!("{given} states and {} actions", indices.len()),
                "one state and one action index per table",
            ));
        }
        let mut kinds: [Vec<usize>; 4] = Default::default();
        let mut totals = Vec::new();
        let mut draws = Vec::new();
        for (t, step) in moves.into_iter().enumerate() {
            if step < 0 {
                draws.push((t, step));
                continue;
            }
            let kind = (step & 3) as usize;
            kinds[kind].push(t);
            if kind == RAISE_TO as usize {
                totals.push(step >> 2);
            }
        }
        let [folds, checks, calls, raises] = kinds;
        Ok((folds, checks, calls, raises, totals, draws))
    }

    /// The tables whose hand is over, read from `states`, one per table; `done`, a `bool`
    /// array of one entry per table, is then rewritten: true at those, false elsewhere.
    #[pyo3(signature = (states, done = None))]
    fn ended(
        &mut self,
        states: &Bound<'_, PyAny>,
        done: Option<&Bound<'_, PyArray1<bool>>>,
    ) -> PyResult<Vec<usize>> {
        let tables = self.tables.len();
        let mut ended = Vec::new();
        let n = each_item(states, |t, state| {
            if self.reader(state)?.over(state)? {
                ended.push(t);
            }
            Ok(())
        })?;
        if n != tables {
            return Err(setting("states", n, "one state per table"));
        }
        if let Some(done) = done {
            let mut done = done.try_readwrite()?;
            let mut done = done.as_array_mut();
            if done.len() != tables {
                return Err(setting("done", done.len(), "one entry per table"));
            }
            done.fill(false);
            for &t in &ended {
                done[t] = true;
            }
        }
        Ok(ended)
    }

    /// Writes row `t` of `out` for each table `t` in `tables`: each seat's chips won or
    /// lost in `states[t]` in big blinds, against the stacks its hand started with.
    /// Columns beyond the table's seats are left as they are; a bad table or state refuses
    /// the whole call before any row is written.
    fn net_bb(
        &mut self,
        states: &Bound<'_, PyAny>,
        tables: &Bound<'_, PyAny>,
        out: &Bound<'_, PyArray2<f32>>,
    ) -> PyResult<()> {
        let mut out = out.try_readwrite()?;
        let (rows, columns) = out.as_array().dim();
        let mut nets = Vec::new();
        each_item(tables, |_, table| {
            let t = self.table(table)?;
            let state = states.get_item(t)?;
            self.sync(t, &state)?;
            let mut stacks = [0i64; MAX_PLAYERS];
            let n = self
                .reader
                .as_ref()
                .expect("synced")
                .stacks(&state, &mut stacks)?;
            if t >= rows || n > columns {
                return Err(setting(
                    "out",
                    format!("an array of shape ({rows}, {columns})"),
                    "a row per table and a column per seat",
                ));
            }
            let mut net = [0f32; MAX_PLAYERS];
            self.log(t)
                .net_bb(&stacks[..n], &mut net[..n])
                .map_err(to_py)?;
            nets.push((t * columns, n, net));
            Ok(())
        })?;
        let out = out.as_slice_mut().map_err(|_| {
            setting(
                "out",
                "a non-contiguous array",
                "a C-contiguous float32[tables, seats]",
            )
        })?;
        for (start, n, net) in nets {
            out[start..start + n].copy_from_slice(&net[..n]);
        }
        Ok(())
    }

    /// The information-set key of `seat` in `state` at `table` (see the core's
    /// `HandLog::infoset`).
    fn infoset(
        &mut self,
        table: &Bound<'_, PyAny>,
        state: &Bound<'_, PyAny>,
        seat: &Bound<'_, PyAny>,
    ) -> PyResult<String> {
        let t = self.table(table)?;
        let seat = index_of(seat, "seat", LAST_SEAT, "a seat of the table")?;
        self.sync(t, state)?;
        let board = self.reader.as_ref().expect("synced").board_dealt(state)?;
        self.log(t).infoset(seat, &board).map_err(to_py)
    }
}

/// The deck seed of item `item` of stream `stream` under `seed` (the core's
/// `rng::seed_of`; the RL tables deal hand `item` of table `stream` from it). Each number
/// is taken modulo 2^64 by the caller.
#[pyfunction]
pub fn seed_of(seed: u64, stream: u64, item: u64) -> u64 {
    pokerforge_core::rng::seed_of(seed, stream, item)
}
