//! The `ObsEncoder` class: one row of NumPy arrays per table, written from the table's
//! hand state.

use std::sync::Mutex;

use numpy::npyffi::{_PyArray_GET_ITEM_DATA, flags::NPY_ARRAY_WRITEABLE};
use numpy::{
    Element, PyArray1, PyArray2, PyArrayDescrMethods, PyArrayMethods, PyUntypedArray,
    PyUntypedArrayMethods,
};
use pokerforge_core::obs::{ActionSet, HandLog, ObsLayout, LAYOUT_VERSION};
use pokerforge_core::{MAX_PLAYERS, PLAYER_COUNTS};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt};

use super::moves::{index_move, mask_bits, not_an_index, RAISE_TO};
use super::state::{Reader, Row};
use super::table::Table;
use crate::errors::{to_py, IllegalActionError, InvalidSpecError};
use crate::input::seq::{each_item, index_of, setting, small, LAST_SEAT};
use crate::input::Int;

/// Observation encoder over `tables` tables of up to `seats` players.
#[derive(Debug)]
#[pyclass(name = "ObsEncoder", module = "pokerforge._core")]
pub struct PyObsEncoder {
    layout: ObsLayout,
    tables: Vec<Table>,
    /// The reader of the hand-state class seen last (checked when made).
    reader: Option<Reader>,
    obs: Py<PyArray2<f32>>,
    mask: Py<PyArray2<i8>>,
    amounts: Py<PyArray2<i64>>,
    observed: Py<PyArray1<i64>>,
    /// The arrays' [`fingerprint`]s when last found as the encoder made them.
    checked: Mutex<[[usize; 6]; 4]>,
}

/// What an array's layout is now: its memory, dtype, flags and shape (up to two
/// dimensions), read from the array object; any change of these sends
/// `PyObsEncoder::check_arrays` to its whole check.
fn fingerprint(array: &Bound<'_, PyUntypedArray>) -> [usize; 6] {
    // SAFETY: the array object is alive and the GIL is held; only its fields are read.
    unsafe {
        let fields = &*_PyArray_GET_ITEM_DATA(array.as_array_ptr());
        let dims = std::slice::from_raw_parts(fields.dimensions, fields.nd.clamp(0, 2) as usize);
        [
            fields.data as usize,
            fields.descr as usize,
            fields.flags as usize,
            fields.nd as usize,
            dims.first().map_or(0, |&d| d as usize),
            dims.get(1).map_or(0, |&d| d as usize),
        ]
    }
}

/// The encoder's four arrays as whole mutable slices.
struct Buffers<'a> {
    obs: &'a mut [f32],
    mask: &'a mut [i8],
    amounts: &'a mut [i64],
    observed: &'a mut [i64],
}

impl PyObsEncoder {
    fn table(&self, table: &Bound<'_, PyAny>) -> PyResult<usize> {
        let last = self.tables.len() as i128 - 1;
        index_of(
            table,
            "table",
            last,
            "a table index below the encoder's table count",
        )
    }

    /// The reader of `state`'s class (made and checked when the class is new).
    fn reader(&mut self, state: &Bound<'_, PyAny>) -> PyResult<&Reader> {
        if !self.reader.as_ref().is_some_and(|r| r.serves(state)) {
            self.reader = Some(Reader::of(state)?);
        }
        Ok(self.reader.as_ref().expect("made above"))
    }

    /// Brings table `t`'s log up to `state` (see [`Table::sync`]).
    fn sync(&mut self, t: usize, state: &Bound<'_, PyAny>) -> PyResult<()> {
        self.reader(state)?;
        let reader = self.reader.as_ref().expect("made by reader()");
        self.tables[t].sync(reader, state)
    }

    fn log(&self, t: usize) -> &HandLog {
        self.tables[t].log()
    }

    /// The arrays' memory, for writing rows.
    ///
    /// # Safety
    /// The caller holds the GIL for as long as it uses the slices and no other reference
    /// to the arrays' memory is live meanwhile: the four arrays are checked here to be as
    /// `new` made them (shape, dtype, C-contiguous, writeable: see `check_arrays`), their
    /// memory is read afresh at each call, Python code cannot run while a method of this
    /// class holds the GIL, and no binding of this crate keeps a borrow of an `int8`,
    /// `int64` or `float32` array across a release of the GIL.
    unsafe fn buffers<'py>(&'py self, py: Python<'py>) -> PyResult<Buffers<'py>> {
        self.check_arrays(py)?;
        // SAFETY: as the caller promises, above.
        unsafe {
            Ok(Buffers {
                obs: self.obs.bind(py).as_slice_mut()?,
                mask: self.mask.bind(py).as_slice_mut()?,
                amounts: self.amounts.bind(py).as_slice_mut()?,
                observed: self.observed.bind(py).as_slice_mut()?,
            })
        }
    }

    /// The arrays are handed out live: refuses to touch them once one was reshaped,
    /// resized, given another dtype or made read-only (`resize`, `shape =`, `dtype =`,
    /// `__setstate__`, `setflags`), which would make the rows' bounds wrong.
    fn check_arrays(&self, py: Python<'_>) -> PyResult<()> {
        let now = [
            fingerprint(self.obs.bind(py).as_untyped()),
            fingerprint(self.mask.bind(py).as_untyped()),
            fingerprint(self.amounts.bind(py).as_untyped()),
            fingerprint(self.observed.bind(py).as_untyped()),
        ];
        // (The lock is never contended: every method holds the GIL.)
        let mut checked = self.checked.lock().unwrap_or_else(|e| e.into_inner());
        if now == *checked {
            return Ok(()); // nothing changed since the arrays were last found right
        }
        self.check_arrays_whole(py)?;
        *checked = now;
        Ok(())
    }

    /// [`Self::check_arrays`]'s whole check.
    fn check_arrays_whole(&self, py: Python<'_>) -> PyResult<()> {
        let (tables, size) = (self.tables.len(), self.layout.size());
        let a = self.layout.actions().len();
        fn fits<T: Element>(array: &Bound<'_, PyUntypedArray>, shape: &[usize]) -> bool {
            let py = array.py();
            // SAFETY: the array object is alive and the GIL is held; only its flags are read.
            let writeable = unsafe { (*_PyArray_GET_ITEM_DATA(array.as_array_ptr())).flags }
                & NPY_ARRAY_WRITEABLE
                != 0;
            array.shape() == shape
                && array.is_c_contiguous()
                && writeable
                && array.dtype().is_equiv_to(&numpy::dtype::<T>(py))
        }
        let checks = [
            (
                "obs",
                fits::<f32>(self.obs.bind(py).as_untyped(), &[tables, size]),
            ),
            (
                "mask",
                fits::<i8>(self.mask.bind(py).as_untyped(), &[tables, a]),
            ),
            (
                "amounts",
                fits::<i64>(self.amounts.bind(py).as_untyped(), &[tables, a]),
            ),
            (
                "observed",
                fits::<i64>(self.observed.bind(py).as_untyped(), &[tables]),
            ),
        ];
        match checks.iter().find(|(_, ok)| !ok) {
            None => Ok(()),
            Some((name, _)) => Err(InvalidSpecError::new_err(format!(
                "the encoder's {name} array was reshaped, resized, given another dtype or \
                 made read-only: the encoder writes only the arrays it made, as it made them \
                 (make a new encoder, or copy the arrays before changing them)"
            ))),
        }
    }

    /// Refuses a row the layout would refuse, before anything is written.
    fn check_row(&self, t: usize, seat: usize, row: &Row) -> PyResult<()> {
        self.layout
            .check_state(self.log(t), &row.state(self.tables[t].start), seat)
            .map_err(to_py)
    }

    /// Writes row `t` for `seat` (already checked by [`Self::check_row`]); returns the
    /// mask bits.
    fn write(&self, buffers: &mut Buffers<'_>, t: usize, seat: usize, row: &Row) -> u64 {
        let state = row.state(self.tables[t].start);
        let size = self.layout.size();
        let a = self.layout.actions().len();
        let mut bytes = [0u8; 32];
        self.layout.encode_checked(
            self.log(t),
            &state,
            seat,
            &mut buffers.obs[t * size..(t + 1) * size],
            &mut bytes[..a],
            &mut buffers.amounts[t * a..(t + 1) * a],
        );
        let mask = &mut buffers.mask[t * a..(t + 1) * a];
        let mut actions = 0u64;
        for (i, (m, &byte)) in mask.iter_mut().zip(bytes.iter()).enumerate() {
            *m = byte as i8;
            actions |= u64::from(byte) << i;
        }
        buffers.observed[t] = seat as i64;
        mask_bits(actions, seat, &state)
    }

    /// Writes row `t` for the seat to act in `row` (nobody: the row is left as it was and
    /// observes nobody); returns the mask bits, or -1 (the caller keeps them as the table's
    /// turn).
    fn write_turn(&self, buffers: &mut Buffers<'_>, t: usize, row: &Row) -> i64 {
        match row.actor {
            Some(seat) => self.write(buffers, t, seat, row) as i64,
            None => {
                buffers.observed[t] = -1;
                -1
            }
        }
    }

    /// [`Self::write_turn`] for one table, keeping the bits as its turn.
    fn write_one(&mut self, py: Python<'_>, t: usize, row: &Row) -> PyResult<i64> {
        let bits = {
            // SAFETY: the slices live only inside this block, which holds the GIL.
            let mut buffers = unsafe { self.buffers(py)? };
            self.write_turn(&mut buffers, t, row)
        };
        self.tables[t].turn = bits;
        Ok(bits)
    }

    /// Reads `state` for table `t`: its log followed, its row checked for the seat to act.
    fn read_turn(&mut self, t: usize, state: &Bound<'_, PyAny>) -> PyResult<Row> {
        self.sync(t, state)?;
        let row = self.reader.as_ref().expect("synced").row(state)?;
        if let Some(seat) = row.actor {
            self.check_row(t, seat, &row)?;
        }
        Ok(row)
    }

    /// The mask bits of the seat to act at table `t` in `state`: the kept ones while the
    /// state is the one encoded and nothing happened since, else those of a new encoding.
    /// An error when nobody is to act.
    fn turn_of(&mut self, py: Python<'_>, t: usize, state: &Bound<'_, PyAny>) -> PyResult<i64> {
        let mut bits = self.current(py, t, state)?;
        if bits < 0 {
            let row = self.read_turn(t, state)?;
            bits = self.write_one(py, t, &row)?;
        }
        if bits < 0 {
            return Err(IllegalActionError::new_err(format!(
                "table {t}'s hand is over: no seat is to act"
            )));
        }
        Ok(bits)
    }

    /// The kept mask bits of table `t` when they are those of `state` as it is now, else -1.
    fn current(&self, py: Python<'_>, t: usize, state: &Bound<'_, PyAny>) -> PyResult<i64> {
        let table = &self.tables[t];
        if table.turn < 0 || !table.holds(py, state) {
            return Ok(-1);
        }
        Ok(if table.records_now(py) == Some(table.read) {
            table.turn
        } else {
            -1
        })
    }

    /// Each of `seats`' views of table `t` in `state` as new arrays (see
    /// `observation`): the state read once and every seat checked before any row is
    /// written. The row is left holding the last seat's view, and the table's turn is kept
    /// only when that seat is to act (as [`Self::encode`] leaves them).
    fn views<'py>(
        &mut self,
        py: Python<'py>,
        t: usize,
        state: &Bound<'py, PyAny>,
        seats: &[usize],
    ) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.sync(t, state)?;
        let row = self.reader.as_ref().expect("synced").row(state)?;
        for &seat in seats {
            self.check_row(t, seat, &row)?;
        }
        let size = self.layout.size();
        let a = self.layout.actions().len();
        // The arrays handed out, made before the rows are borrowed (making an object can
        // run Python code: a collection's finalizers), and each written once from its row:
        // no copy in between.
        let arrays = seats
            .iter()
            .map(|_| {
                // SAFETY: every element is written below before the arrays are handed out
                // (an error before that drops them unseen).
                unsafe {
                    (
                        PyArray1::<f32>::new(py, [size], false),
                        PyArray1::<i8>::new(py, [a], false),
                    )
                }
            })
            .collect::<Vec<_>>();
        let mut turn = None;
        {
            // SAFETY: the slices live only inside this block, which holds the GIL and
            // runs no Python code.
            let mut buffers = unsafe { self.buffers(py)? };
            for (&seat, (obs, mask)) in seats.iter().zip(&arrays) {
                let bits = self.write(&mut buffers, t, seat, &row);
                turn = Some(if row.actor == Some(seat) {
                    bits as i64
                } else {
                    -1
                });
                // SAFETY: the new arrays are C-contiguous with `size` and `a` elements
                // (as made above) and nothing else refers to them yet; the rows are the
                // encoder's own arrays, checked by `buffers`, so the memory is distinct.
                unsafe {
                    std::ptr::copy_nonoverlapping(
                        buffers.obs[t * size..(t + 1) * size].as_ptr(),
                        obs.data(),
                        size,
                    );
                    std::ptr::copy_nonoverlapping(
                        buffers.mask[t * a..(t + 1) * a].as_ptr(),
                        mask.data(),
                        a,
                    );
                }
            }
        }
        if let Some(turn) = turn {
            self.tables[t].turn = turn;
        }
        arrays
            .into_iter()
            .map(|(obs, mask)| {
                let out = PyDict::new(py);
                out.set_item(intern!(py, "observation"), obs)?;
                out.set_item(intern!(py, "action_mask"), mask)?;
                Ok(out)
            })
            .collect()
    }

    /// The move `index` names at table `t` under mask bits `bits` (see `index_move`).
    /// The caller has checked the arrays ([`Self::check_arrays`]).
    fn move_of(&self, py: Python<'_>, t: usize, bits: i64, index: i64) -> Result<i64, String> {
        let a = self.layout.actions().len();
        // SAFETY: the slice lives only inside this call, which holds the GIL.
        let amounts = unsafe { self.amounts.bind(py).as_slice() }.map_err(|e| e.to_string())?;
        index_move(
            self.layout.actions(),
            bits,
            &amounts[t * a..(t + 1) * a],
            index,
        )
    }
}

#[pymethods]
impl PyObsEncoder {
    #[new]
    #[pyo3(
        signature = (seats, *, history = Int(16), actions = None, tables = Int(1)),
        text_signature = "(seats, *, history=16, actions=None, tables=1)"
    )]
    fn new(
        py: Python<'_>,
        seats: Int,
        history: Int,
        actions: Option<Vec<String>>,
        tables: Int,
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
        let layout = ObsLayout::new(seats, history, set).map_err(to_py)?;
        let a = layout.actions().len();
        Ok(PyObsEncoder {
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
        self.layout
            .actions()
            .actions()
            .iter()
            .map(|a| a.name())
            .collect()
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
        let row = self.reader.as_ref().expect("synced").row(state)?;
        self.check_row(t, seat, &row)?;
        let bits = {
            // SAFETY: the slices live only inside this block, which holds the GIL.
            let mut buffers = unsafe { self.buffers(py)? };
            self.write(&mut buffers, t, seat, &row)
        };
        self.tables[t].turn = if row.actor == Some(seat) {
            bits as i64
        } else {
            -1
        };
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
        for (table, bits) in self.tables.iter_mut().zip(turns) {
            table.turn = bits;
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
    /// current): `kind | amount << 2`, `kind` 0 fold, 1 check, 2 call, 3 raise to `amount`.
    /// The game layer applies it with the hand's own method.
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
                let message = not_an_index(self.layout.actions(), index);
                return Err(IllegalActionError::new_err(message));
            }
        };
        self.move_of(py, t, bits, value)
            .map_err(IllegalActionError::new_err)
    }

    /// `decode` at every table at once: `actions[t]`, an index into the discrete actions,
    /// for the seat to act in `states[t]` (`actions`: ints, or a one-dimensional `int64`
    /// array). Returns the moves grouped by kind, `(folds, checks, calls, raises,
    /// totals)`: the tables whose seat folds, checks, calls and raises, and each raise's
    /// total, so that the game layer applies each kind with one method over its hands.
    /// Every index is checked before any move is returned (an `IllegalActionError` names
    /// the first bad table).
    #[allow(clippy::type_complexity)]
    fn decode_all(
        &mut self,
        py: Python<'_>,
        states: &Bound<'_, PyAny>,
        actions: &Bound<'_, PyAny>,
    ) -> PyResult<(Vec<usize>, Vec<usize>, Vec<usize>, Vec<usize>, Vec<i64>)> {
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
                    _ => Err(not_an_index(self.layout.actions(), action)),
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
        for (t, step) in moves.into_iter().enumerate() {
            let kind = (step & 3) as usize;
            kinds[kind].push(t);
            if kind == RAISE_TO as usize {
                totals.push(step >> 2);
            }
        }
        let [folds, checks, calls, raises] = kinds;
        Ok((folds, checks, calls, raises, totals))
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
