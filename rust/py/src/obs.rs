//! `ObsEncoder`: the core's observation encoder for one or many tables, writing into NumPy
//! arrays it owns (one row per table), so that a step creates no Python objects.
//!
//! The game layer (Python) applies every action and reports it with `record`, and passes
//! its public state to `encode`; the rules live there, not here.

use numpy::{PyArray2, PyArrayMethods};
use pokerforge_core::obs::{
    ActionKind, ActionSet, Entry, HandLog, Legal, ObsLayout, TableState, LAYOUT_VERSION,
};
use pokerforge_core::{Card, CardSet, Error};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use crate::convert::Int;
use crate::errors::{to_py, InvalidSpecError};

const MAX_SEATS: usize = 10;

/// Observation encoder over `tables` tables of up to `seats` players.
#[derive(Debug)]
#[pyclass(name = "ObsEncoder", module = "pokerforge._core")]
pub struct PyObsEncoder {
    layout: ObsLayout,
    logs: Vec<Option<HandLog>>,
    starts_total: Vec<i64>,
    obs: Py<PyArray2<f32>>,
    mask: Py<PyArray2<i8>>,
    amounts: Py<PyArray2<i64>>,
}

fn setting(name: &'static str, value: impl ToString, expected: &'static str) -> PyErr {
    to_py(Error::InvalidSetting {
        name,
        value: value.to_string(),
        expected,
    })
}

/// An integer argument in `0..=max`, or a named error.
fn small(value: Int, name: &'static str, max: i128, expected: &'static str) -> PyResult<usize> {
    if (0..=max).contains(&value.0) {
        Ok(value.0 as usize)
    } else {
        Err(setting(name, value.0, expected))
    }
}

/// A chip amount that fits 64 bits, or a named error.
fn chips(value: Int, name: &'static str) -> PyResult<i64> {
    value
        .get::<i64>()
        .ok_or_else(|| setting(name, value.0, "a chip count that fits 64 bits"))
}

/// Reads `legal_actions()`'s `(fold, check, call, min_raise_to, max_raise_to)`.
fn legal_of(obj: &Bound<'_, PyAny>) -> PyResult<Legal> {
    let bad = || {
        setting(
            "legal",
            obj.to_string(),
            "(fold, check, call, min, max) or None",
        )
    };
    let tuple = obj.cast::<PyTuple>().map_err(|_| bad())?;
    if tuple.len() != 5 {
        return Err(bad());
    }
    let flag = |i: usize| -> PyResult<bool> { tuple.get_item(i)?.extract().map_err(|_| bad()) };
    let amount = |i: usize| -> PyResult<Option<i64>> {
        let item = tuple.get_item(i)?;
        if item.is_none() {
            return Ok(None);
        }
        let value: Int = item.extract().map_err(|_| bad())?;
        chips(value, "legal amount").map(Some)
    };
    Ok(Legal {
        fold: flag(0)?,
        check: flag(1)?,
        call: amount(2)?.unwrap_or(0),
        min_raise_to: amount(3)?,
        max_raise_to: amount(4)?,
    })
}

/// Reads a tuple or list of ints (or bools) into `out`; returns how many.
fn read_seq<'py, T: for<'a> FromPyObject<'a, 'py>>(
    obj: &Bound<'py, PyAny>,
    name: &'static str,
    out: &mut [T; MAX_SEATS],
) -> PyResult<usize> {
    let mut put = |i: usize, item: Bound<'py, PyAny>| -> PyResult<()> {
        if i >= MAX_SEATS {
            return Err(setting(name, "more than 10 entries", "one entry per seat"));
        }
        out[i] = item
            .extract()
            .map_err(|_| setting(name, item.to_string(), "one number per seat"))?;
        Ok(())
    };
    if let Ok(tuple) = obj.cast::<PyTuple>() {
        for (i, item) in tuple.iter().enumerate() {
            put(i, item)?;
        }
        Ok(tuple.len())
    } else if let Ok(list) = obj.cast::<PyList>() {
        for (i, item) in list.iter().enumerate() {
            put(i, item)?;
        }
        Ok(list.len())
    } else {
        let mut n = 0;
        for item in obj.try_iter()? {
            put(n, item?)?;
            n += 1;
        }
        Ok(n)
    }
}

fn cards_of(obj: &Bound<'_, PyAny>, name: &'static str) -> PyResult<CardSet> {
    let mut set = CardSet::EMPTY;
    for item in obj.try_iter()? {
        let item = item?;
        let index: i64 = item
            .extract()
            .map_err(|_| setting(name, item.to_string(), "card indices 0 to 51"))?;
        set.try_insert(Card::from_index(index).map_err(to_py)?)
            .map_err(to_py)?;
    }
    Ok(set)
}

impl PyObsEncoder {
    fn table(&self, table: Int) -> PyResult<usize> {
        let last = self.logs.len() as i128 - 1;
        small(
            table,
            "table",
            last,
            "a table index below the encoder's table count",
        )
    }

    fn log(&self, table: usize) -> PyResult<&HandLog> {
        self.logs[table].as_ref().ok_or_else(|| {
            InvalidSpecError::new_err(format!("table {table} has no hand: call begin() first"))
        })
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
        let seats = small(seats, "seats", 10, "2 to 10")?;
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
            logs: vec![None; tables],
            starts_total: vec![0; tables],
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
        self.logs.len()
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

    /// Starts a new hand at `table`.
    #[pyo3(signature = (table, *, button, big_blind, unit, stacks, holes))]
    fn begin(
        &mut self,
        table: Int,
        button: Int,
        big_blind: Int,
        unit: Int,
        stacks: Vec<Int>,
        holes: Vec<Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let table = self.table(table)?;
        let button = small(button, "button", 9, "a seat of the table")?;
        let big_blind = chips(big_blind, "big_blind")?;
        let unit = chips(unit, "unit")?;
        let stacks = stacks
            .into_iter()
            .map(|s| chips(s, "stack"))
            .collect::<PyResult<Vec<i64>>>()?;
        if stacks.len() > self.layout.seats() {
            return Err(setting(
                "seats",
                stacks.len(),
                "at most the encoder's seat count",
            ));
        }
        let holes = holes
            .iter()
            .map(|h| cards_of(h, "hole cards"))
            .collect::<PyResult<Vec<CardSet>>>()?;
        let total = stacks.iter().sum();
        let log = HandLog::new(button, big_blind, unit, stacks, holes).map_err(to_py)?;
        self.logs[table] = Some(log);
        self.starts_total[table] = total;
        Ok(())
    }

    /// Reports an action the game layer applied: `kind` 0 fold, 1 check, 2 call, 3 bet or
    /// raise; `amount` the call's chips or the raise-to total.
    #[pyo3(
        signature = (table, seat, kind, street, amount = Int(0), all_in = false),
        text_signature = "($self, table, seat, kind, street, amount=0, all_in=False)"
    )]
    fn record(
        &mut self,
        table: Int,
        seat: Int,
        kind: Int,
        street: Int,
        amount: Int,
        all_in: bool,
    ) -> PyResult<()> {
        let table = self.table(table)?;
        self.log(table)?;
        let seat = small(seat, "seat", 9, "a seat of the table")? as u8;
        let street = small(street, "street", 3, "0 (pre-flop) to 3 (river)")? as u8;
        let amount = chips(amount, "amount")?;
        let kind = ActionKind::from_code(kind.get::<i64>().unwrap_or(-1)).map_err(to_py)?;
        let entry = Entry {
            seat,
            kind,
            street,
            all_in,
            amount,
        };
        if let Some(log) = self.logs[table].as_mut() {
            log.push(entry).map_err(to_py)?;
        }
        Ok(())
    }

    /// Writes row `table` of `obs`, `mask` and `amounts`: the view of `seat`. `legal` is
    /// the actor's `(fold, check, call, min_raise_to, max_raise_to)` (``None`` when
    /// `seat` is not to act).
    ///
    /// Returns the mask as bits (bit `i` set when action `i` is legal), with bit 32 set
    /// when checking is legal, so that the caller can apply an action without reading
    /// the arrays back.
    #[pyo3(signature = (table, seat, street, board, stacks, bets, folded, actor, legal))]
    #[allow(clippy::too_many_arguments)]
    fn encode(
        &self,
        py: Python<'_>,
        table: Int,
        seat: Int,
        street: Int,
        board: &Bound<'_, PyAny>,
        stacks: &Bound<'_, PyAny>,
        bets: &Bound<'_, PyAny>,
        folded: &Bound<'_, PyAny>,
        actor: Option<Int>,
        legal: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<u64> {
        let table = self.table(table)?;
        let log = self.log(table)?;
        let seat = small(seat, "seat", 9, "a seat of the table")?;
        let street = small(street, "street", 4, "0 (pre-flop) to 4 (over)")?;
        let actor = actor
            .map(|a| small(a, "actor", 9, "a seat of the table"))
            .transpose()?;
        let board = cards_of(board, "board")?;
        let (mut s, mut b, mut f) = ([0i64; MAX_SEATS], [0i64; MAX_SEATS], [false; MAX_SEATS]);
        let ns = read_seq(stacks, "stacks", &mut s)?;
        let nb = read_seq(bets, "bets", &mut b)?;
        let nf = read_seq(folded, "folded", &mut f)?;
        let legal = match legal {
            Some(obj) if !obj.is_none() => legal_of(obj)?,
            _ => Legal::default(),
        };
        let state = TableState {
            street,
            board,
            stacks: &s[..ns],
            bets: &b[..nb],
            folded: &f[..nf],
            // Chips are conserved during a hand: what left the stacks is in the middle.
            total_pot: self.starts_total[table] - s[..ns].iter().sum::<i64>(),
            actor,
            legal,
        };
        let size = self.layout.size();
        let a = self.layout.actions().len();
        let (obs, mask, amounts) = (self.obs.bind(py), self.mask.bind(py), self.amounts.bind(py));
        // SAFETY: the three arrays were created C-contiguous by `new` and their memory can
        // never be swapped out from under them. Python code cannot run while this method
        // holds the GIL, and no binding of this crate keeps a borrow of an `int8`, `int64`
        // or `float32` array across a release of the GIL, so these slices are the only live
        // references to the rows during this call. (rust-numpy's dynamic borrow checking
        // would say the same, at several times the cost of the whole encoding.)
        let (obs, mask, amounts) = unsafe {
            (
                &mut obs.as_slice_mut()?[table * size..(table + 1) * size],
                &mut mask.as_slice_mut()?[table * a..(table + 1) * a],
                &mut amounts.as_slice_mut()?[table * a..(table + 1) * a],
            )
        };
        let mut bytes = [0u8; 32];
        self.layout
            .encode(log, &state, seat, obs, &mut bytes[..a], amounts)
            .map_err(to_py)?;
        let mut bits = 0u64;
        for (i, (m, &byte)) in mask.iter_mut().zip(bytes.iter()).enumerate() {
            *m = byte as i8;
            bits |= u64::from(byte) << i;
        }
        if state.actor == Some(seat) && legal.check {
            bits |= 1 << 32;
        }
        Ok(bits)
    }

    /// The information-set key of `seat` at `table` (see the core's `HandLog::infoset`).
    fn infoset(&self, table: Int, seat: Int, board: &Bound<'_, PyAny>) -> PyResult<String> {
        let table = self.table(table)?;
        let seat = small(seat, "seat", 9, "a seat of the table")?;
        let board = cards_of(board, "board")?;
        self.log(table)?.infoset(seat, board).map_err(to_py)
    }
}
