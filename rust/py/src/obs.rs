//! `ObsEncoder`: the core's observation encoder for one or many tables, writing into NumPy
//! arrays it owns (one row per table), so that a step creates no Python objects.
//!
//! The game layer (Python) decides every rule: `act` and `act_all` apply an action by
//! calling the hand's own method and record what it did (an action applied otherwise is
//! reported with `record`); `encode` and its siblings read the hand's public state. The
//! rules live there, not here.

use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pokerforge_core::obs::{
    Action, ActionKind, ActionSet, Entry, HandLog, Legal, ObsLayout, TableState, LAYOUT_VERSION,
};
use pokerforge_core::MAX_PLAYERS;
use pokerforge_core::{Card, CardSet, Error};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyInt, PyList, PyString, PyTuple, PyType};
use pyo3::{ffi, intern};

use crate::convert::Int;
use crate::errors::{to_py, IllegalActionError, InvalidSpecError};

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
    observed: Py<PyArray1<i64>>,
    /// Per table, the mask bits the latest encoding of its seat to act returned (see
    /// [`mask_bits`]): what `act` applies an index against. -1 once stale (an action was
    /// recorded, a hand begun, a seat other than the actor observed) or when nobody acts.
    turns: Vec<i64>,
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

/// A small integer argument in `0..=max` (a seat, a street, a table), or a named error.
///
/// Python ints that fit 64 bits take the fast path; anything else (a huge int, an object
/// with `__index__`) goes through [`Int`] so that the error names the value as given.
fn index_of(
    obj: &Bound<'_, PyAny>,
    name: &'static str,
    max: i128,
    expected: &'static str,
) -> PyResult<usize> {
    if let Ok(value) = obj.extract::<i64>() {
        if (0..=max).contains(&i128::from(value)) {
            return Ok(value as usize);
        }
    }
    small(obj.extract::<Int>()?, name, max, expected)
}

/// A chip amount that fits 64 bits, or a named error (the fast path of [`chips`]).
fn chips_of(obj: &Bound<'_, PyAny>, name: &'static str) -> PyResult<i64> {
    match obj.extract::<i64>() {
        Ok(value) => Ok(value),
        Err(_) => chips(obj.extract::<Int>()?, name),
    }
}

/// The fast path of [`legal_of`]: two bools, an int, and two ints or `None`, read through
/// borrowed item pointers (see [`read_plain`]); `None` when anything is not of that kind.
fn plain_legal(tuple: &Bound<'_, PyTuple>) -> Option<Legal> {
    let ptr = tuple.as_ptr();
    // SAFETY: the tuple has 5 items (checked by the caller) and the GIL is held; the items
    // are borrowed from the tuple, which the caller holds, and no Python code runs here.
    unsafe {
        let item = |i| ffi::PyTuple_GetItem(ptr, i);
        let amount = |i| {
            let item = item(i);
            if item == ffi::Py_None() {
                Some(None)
            } else {
                i64::plain(item).map(Some)
            }
        };
        Some(Legal {
            fold: bool::plain(item(0))?,
            check: bool::plain(item(1))?,
            call: i64::plain(item(2))?,
            min_raise_to: amount(3)?,
            max_raise_to: amount(4)?,
        })
    }
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
    if let Some(legal) = plain_legal(tuple) {
        return Ok(legal);
    }
    let flag =
        |i: usize| -> PyResult<bool> { tuple.get_borrowed_item(i)?.extract().map_err(|_| bad()) };
    let amount = |i: usize| -> PyResult<Option<i64>> {
        let item = tuple.get_borrowed_item(i)?;
        if item.is_none() {
            return Ok(None);
        }
        if let Ok(value) = item.extract::<i64>() {
            return Ok(Some(value));
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

/// Calls `put` with each item of a tuple, a list or another iterable; returns how many.
///
/// Tuples, which `Hand.public_state()` gives, are read without touching reference counts:
/// this runs for every seat of every table at every step.
fn each_item<'py>(
    obj: &Bound<'py, PyAny>,
    mut put: impl FnMut(usize, &Bound<'py, PyAny>) -> PyResult<()>,
) -> PyResult<usize> {
    if let Ok(tuple) = obj.cast::<PyTuple>() {
        let n = tuple.len();
        for i in 0..n {
            put(i, &*tuple.get_borrowed_item(i)?)?;
        }
        Ok(n)
    } else if let Ok(list) = obj.cast::<PyList>() {
        for (i, item) in list.iter().enumerate() {
            put(i, &item)?;
        }
        Ok(list.len())
    } else {
        let mut n = 0;
        for item in obj.try_iter()? {
            put(n, &item?)?;
            n += 1;
        }
        Ok(n)
    }
}

/// A value read straight from a borrowed item pointer, when the item is of the plain kind
/// the engine keeps (an int, a bool); `None` sends the caller to the general path.
trait Plain: Sized {
    /// # Safety
    /// `item` is a live object and the GIL is held.
    unsafe fn plain(item: *mut ffi::PyObject) -> Option<Self>;
}

impl Plain for i64 {
    unsafe fn plain(item: *mut ffi::PyObject) -> Option<i64> {
        // SAFETY: as the caller promises. An int (or a subclass, as a bool) is read without
        // calling Python code; an int beyond 64 bits sets an error, cleared here.
        unsafe {
            // An exact int is told by its type pointer alone; `PyLong_Check` is a call
            // into the interpreter under the stable ABI.
            if ffi::PyLong_CheckExact(item) == 0 && ffi::PyLong_Check(item) == 0 {
                return None;
            }
            let value = ffi::PyLong_AsLongLong(item);
            if value == -1 && !ffi::PyErr_Occurred().is_null() {
                ffi::PyErr_Clear();
                return None;
            }
            Some(value)
        }
    }
}

impl Plain for bool {
    unsafe fn plain(item: *mut ffi::PyObject) -> Option<bool> {
        // SAFETY: only the pointers are compared.
        unsafe {
            if item == ffi::Py_True() {
                Some(true)
            } else if item == ffi::Py_False() {
                Some(false)
            } else {
                None
            }
        }
    }
}

/// The fast path of [`read_seq`]: the first `take` items of a list or tuple of at most
/// `MAX_PLAYERS` plain items, read through borrowed pointers (no reference counting, no
/// Python code runs meanwhile, so the sequence cannot change under the loop); returns how
/// many were read. `None` when any item read is not plain.
fn read_plain<T: Plain + Copy>(
    obj: &Bound<'_, PyAny>,
    out: &mut [T; MAX_PLAYERS],
    take: usize,
) -> Option<usize> {
    let ptr = obj.as_ptr();
    let (n, get): (usize, unsafe extern "C" fn(_, _) -> _) = if let Ok(list) = obj.cast::<PyList>()
    {
        (list.len(), ffi::PyList_GetItem)
    } else if let Ok(tuple) = obj.cast::<PyTuple>() {
        (tuple.len(), ffi::PyTuple_GetItem)
    } else {
        return None;
    };
    if n > MAX_PLAYERS {
        return None;
    }
    let n = n.min(take);
    let mut read = [out[0]; MAX_PLAYERS];
    for (i, slot) in read.iter_mut().enumerate().take(n) {
        // SAFETY: `i` is below the length just read and the GIL is held; the item is
        // borrowed from `obj`, which the caller holds.
        *slot = unsafe { T::plain(get(ptr, i as ffi::Py_ssize_t))? };
    }
    *out = read;
    Some(n)
}

/// Reads a tuple or list of ints (or bools) into `out`; returns how many.
fn read_seq<'py, T: for<'a> FromPyObject<'a, 'py> + Plain + Copy>(
    obj: &Bound<'py, PyAny>,
    name: &'static str,
    out: &mut [T; MAX_PLAYERS],
) -> PyResult<usize> {
    if let Some(n) = read_plain(obj, out, MAX_PLAYERS) {
        return Ok(n);
    }
    each_item(obj, |i, item| {
        if i >= MAX_PLAYERS {
            return Err(setting(name, "more than 10 entries", "one entry per seat"));
        }
        out[i] = item
            .extract()
            .map_err(|_| setting(name, item.to_string(), "one number per seat"))?;
        Ok(())
    })
}

/// The first `shown` cards of a hand's board (card indices, dealt whole at the start of the
/// hand): only those are read.
fn shown_cards(board: &Bound<'_, PyAny>, shown: usize) -> PyResult<CardSet> {
    let mut indices = [0i64; MAX_PLAYERS];
    let read = match read_plain(board, &mut indices, shown) {
        Some(n) => n,
        None => read_seq(board, "board", &mut indices)?.min(shown),
    };
    card_set(&indices[..read])
}

/// The set of these card indices, or the named error for a bad or repeated one.
fn card_set(indices: &[i64]) -> PyResult<CardSet> {
    let mut set = CardSet::EMPTY;
    for &index in indices {
        set.try_insert(Card::from_index(index).map_err(to_py)?)
            .map_err(to_py)?;
    }
    Ok(set)
}

fn cards_of(obj: &Bound<'_, PyAny>, name: &'static str) -> PyResult<CardSet> {
    let mut indices = [0i64; MAX_PLAYERS];
    if let Some(n) = read_plain(obj, &mut indices, MAX_PLAYERS) {
        // Plain card indices (`Hand.hole_indices` gives tuples of them): read in one pass.
        return card_set(&indices[..n]);
    }
    let mut set = CardSet::EMPTY;
    each_item(obj, |_, item| {
        let index: i64 = item
            .extract()
            .map_err(|_| setting(name, item.to_string(), "card indices 0 to 51"))?;
        set.try_insert(Card::from_index(index).map_err(to_py)?)
            .map_err(to_py)
    })?;
    Ok(set)
}

/// What `encode` returns: the legal discrete actions as bits from bit 8 (bit `8 + i` for
/// action `i`) and, when `seat` is to act, bit 0 set when checking is legal, the seat in
/// bits 1-4 and the street in bits 5-7: so that the caller can apply an action and report
/// it to `record` without reading the arrays or the hand back. The small fields sit low so
/// that the number stays below 2**30 for up to 22 actions (one digit of a Python int).
fn mask_bits(actions: u64, seat: usize, state: &TableState<'_>) -> u64 {
    let mut bits = actions << 8;
    if state.actor == Some(seat) {
        bits |= u64::from(state.legal.check) | (seat as u64) << 1 | (state.street as u64) << 5;
    }
    bits
}

/// One table's public state as `encode` receives it, read into fixed arrays.
struct Row {
    street: usize,
    board: CardSet,
    stacks: [i64; MAX_PLAYERS],
    bets: [i64; MAX_PLAYERS],
    folded: [bool; MAX_PLAYERS],
    lens: [usize; 3],
    actor: Option<usize>,
    legal: Legal,
}

impl Row {
    /// Reads one `Hand.public_state()` tuple, `(street, board, stacks, bets, folded, actor,
    /// legal)`; the street is 4 ("over") when nobody is to act, also when the hand was won
    /// without a showdown.
    fn read_state(state: &Bound<'_, PyAny>) -> PyResult<Row> {
        let tuple = state
            .cast::<PyTuple>()
            .ok()
            .filter(|t| t.len() == 7)
            .ok_or_else(|| {
                setting(
                    "state",
                    state.to_string(),
                    "(street, board, stacks, bets, folded, actor, legal) as Hand.public_state() \
                     gives it",
                )
            })?;
        let item = |i: usize| tuple.get_borrowed_item(i);
        let actor = item(5)?;
        let actor = if actor.is_none() {
            None
        } else {
            Some(index_of(&actor, "actor", 9, "a seat of the table")?)
        };
        let street = match actor {
            Some(_) => index_of(&*item(0)?, "street", 4, "0 (pre-flop) to 4 (over)")?,
            None => 4,
        };
        let mut row = Row {
            street,
            board: cards_of(&*item(1)?, "board")?,
            stacks: [0; MAX_PLAYERS],
            bets: [0; MAX_PLAYERS],
            folded: [false; MAX_PLAYERS],
            lens: [0; 3],
            actor,
            legal: Legal::default(),
        };
        row.lens = [
            read_seq(&*item(2)?, "stacks", &mut row.stacks)?,
            read_seq(&*item(3)?, "bets", &mut row.bets)?,
            read_seq(&*item(4)?, "folded", &mut row.folded)?,
        ];
        let legal = item(6)?;
        if !legal.is_none() {
            row.legal = legal_of(&legal)?;
        }
        Ok(row)
    }

    /// Reads the public state straight from a `pokerforge.game.Hand`, without the tuples
    /// `Hand.public_state()` would build: the street, the board (its first `_board_n`
    /// cards), the stacks, bets and folded seats (the engine's own lists), the seat to act
    /// and its legal actions. `None` when nobody is to act; a showdown asking a seat to
    /// show goes through `public_state()`.
    ///
    /// The slots read are the ones `Hand.public_state()` reads (see [`slot_name`]); tests/rl
    /// compares the two at every step of many hands, so a renamed slot fails there.
    /// `slots` reads them through descriptors looked up once for many hands of one class.
    fn read_hand(hand: &Bound<'_, PyAny>, slots: Option<&Slots<'_>>) -> PyResult<Option<Row>> {
        let py = hand.py();
        // The descriptors serve hands of their own class only (checked once per hand).
        let slots = slots.filter(|s| hand.get_type().is(&s.class));
        let get = |slot: usize| -> PyResult<Bound<'_, PyAny>> {
            match slots {
                Some(slots) => slots.get(hand, slot),
                None => hand.getattr(slot_name(py, slot)),
            }
        };
        let actor =
            get(ACTOR).map_err(|_| setting("hand", hand.to_string(), "a pokerforge.game.Hand"))?;
        let seat: i64 = actor.extract()?;
        if seat < 0 {
            if get(ASKED)?.is_none() {
                return Ok(None);
            }
            return Row::read_state(&hand.call_method0(intern!(py, "public_state"))?).map(Some);
        }
        let actor = Some(match usize::try_from(seat) {
            Ok(seat) if seat < MAX_PLAYERS => seat,
            _ => index_of(&actor, "actor", 9, "a seat of the table")?, // the named error
        });
        let street = index_of(&get(STREET)?, "street", 3, "0 (pre-flop) to 3 (river)")?;
        let shown = index_of(&get(BOARD_N)?, "board", 5, "0 to 5 board cards")?;
        let mut row = Row {
            street,
            board: CardSet::EMPTY,
            stacks: [0; MAX_PLAYERS],
            bets: [0; MAX_PLAYERS],
            folded: [false; MAX_PLAYERS],
            lens: [0; 3],
            actor,
            legal: legal_of(&get(LEGAL)?)?,
        };
        // Pre-flop (most steps) no board card is up: the board is not read at all.
        if shown > 0 {
            row.board = shown_cards(&get(BOARD)?, shown)?;
        }
        row.lens = [
            read_seq(&get(STACK)?, "stacks", &mut row.stacks)?,
            read_seq(&get(BET)?, "bets", &mut row.bets)?,
            read_seq(&get(FOLDED)?, "folded", &mut row.folded)?,
        ];
        Ok(Some(row))
    }

    /// The core's view of the row; `start` is the chips every seat had before the hand.
    fn state(&self, start: i64) -> TableState<'_> {
        let stacks = &self.stacks[..self.lens[0]];
        TableState {
            street: self.street,
            board: self.board,
            stacks,
            bets: &self.bets[..self.lens[1]],
            folded: &self.folded[..self.lens[2]],
            // Chips are conserved during a hand: what left the stacks is in the middle.
            total_pot: start - stacks.iter().sum::<i64>(),
            actor: self.actor,
            legal: self.legal,
        }
    }
}

/// The `Hand` slots [`Row::read_hand`] reads, by index (see [`slot_name`]), and `_over`,
/// which `act_all` reads after each action.
const SLOT_COUNT: usize = 10;
const ACTOR: usize = 0;
const ASKED: usize = 1;
const STREET: usize = 2;
const BOARD: usize = 3;
const BOARD_N: usize = 4;
const STACK: usize = 5;
const BET: usize = 6;
const FOLDED: usize = 7;
const LEGAL: usize = 8;
const OVER: usize = 9;

/// The name of slot `slot` of a `Hand` (interned once).
fn slot_name(py: Python<'_>, slot: usize) -> &Bound<'_, PyString> {
    match slot {
        ACTOR => intern!(py, "_actor"),
        ASKED => intern!(py, "_asked"),
        STREET => intern!(py, "_street"),
        BOARD => intern!(py, "_board"),
        BOARD_N => intern!(py, "_board_n"),
        STACK => intern!(py, "_stack"),
        BET => intern!(py, "_bet"),
        FOLDED => intern!(py, "_folded"),
        LEGAL => intern!(py, "_legal_now"),
        _ => intern!(py, "_over"),
    }
}

/// The descriptors of the slots [`Row::read_hand`] reads, on one class, looked up once
/// for a call that reads many hands: reading a slot is then one call of its descriptor's
/// `__get__`, without the search of the class's MRO that `getattr` makes for every read.
///
/// Only data descriptors (a `__slots__` member is one) are taken: `getattr` calls a data
/// descriptor found on the class before anything else, so calling it directly gives
/// exactly what `getattr` gives. A hand of another class is read with `getattr`.
struct Slots<'py> {
    class: Bound<'py, PyType>,
    getters: Vec<(Bound<'py, PyAny>, ffi::descrgetfunc)>,
}

impl<'py> Slots<'py> {
    /// The descriptors of `hand`'s class; `None` when any slot is not a data descriptor.
    fn of(hand: &Bound<'py, PyAny>) -> Option<Slots<'py>> {
        let py = hand.py();
        let class = hand.get_type();
        let mut getters = Vec::with_capacity(SLOT_COUNT);
        for slot in 0..SLOT_COUNT {
            let descr = class.getattr(slot_name(py, slot)).ok()?;
            let kind = descr.get_type().as_type_ptr();
            // SAFETY: `kind` is a live type object (the descriptor holds it) and the GIL is
            // held; `PyType_GetSlot` only reads the type's slot table.
            let (get, set) = unsafe {
                (
                    ffi::PyType_GetSlot(kind, ffi::Py_tp_descr_get),
                    ffi::PyType_GetSlot(kind, ffi::Py_tp_descr_set),
                )
            };
            if get.is_null() || set.is_null() {
                return None;
            }
            // SAFETY: the `Py_tp_descr_get` slot holds a `descrgetfunc`.
            let get: ffi::descrgetfunc = unsafe { std::mem::transmute(get) };
            getters.push((descr, get));
        }
        Some(Slots { class, getters })
    }

    /// Slot `slot` of `hand`, an instance of exactly this class (checked by the caller),
    /// as `getattr` gives it.
    fn get(&self, hand: &Bound<'py, PyAny>, slot: usize) -> PyResult<Bound<'py, PyAny>> {
        let (descr, get) = &self.getters[slot];
        // SAFETY: the GIL is held and all three objects are live; `get` is the descriptor
        // type's own `__get__`, which checks the instance's type and returns a new
        // reference, or NULL with an exception set (e.g. an unset slot).
        unsafe {
            let value = get(descr.as_ptr(), hand.as_ptr(), self.class.as_ptr());
            Bound::from_owned_ptr_or_err(hand.py(), value)
        }
    }
}

/// The record classes `Hand.call` and `Hand.raise_to` return, whose fields
/// [`record_fields`] reads by position.
static RECORD_TYPES: PyOnceLock<[Py<PyType>; 3]> = PyOnceLock::new();

/// A call's or a raise's chips (its field `amount`, `call`'s, or `to`, `raise_to`'s: `raised`
/// says which) and whether it put the seat all-in. The game layer's own records are read
/// by position (a `Call` is `(seat, amount, all_in)`, a `Bet` or `Raise` `(seat, to,
/// amount, all_in[, full])`), which saves two attribute lookups an action; anything else a
/// hand returns is read by name.
fn record_fields(record: &Bound<'_, PyAny>, raised: bool) -> PyResult<(i64, bool)> {
    let py = record.py();
    let [call, bet, raise] = RECORD_TYPES.get_or_try_init(py, || -> PyResult<_> {
        let actions = py.import("pokerforge.game.actions")?;
        let class = |name: &str| -> PyResult<Py<PyType>> {
            Ok(actions.getattr(name)?.cast_into::<PyType>()?.unbind())
        };
        Ok([class("Call")?, class("Bet")?, class("Raise")?])
    })?;
    let kind = record.get_type();
    let (at, all_in_at) = if !raised && kind.is(call) {
        (1, 2)
    } else if raised && (kind.is(bet) || kind.is(raise)) {
        (1, 3)
    } else {
        let chips = if raised {
            intern!(py, "to")
        } else {
            intern!(py, "amount")
        };
        let value = record.getattr(chips)?;
        let all_in = record.getattr(intern!(py, "all_in"))?.is_truthy()?;
        return Ok((chips_of(&value, "amount")?, all_in));
    };
    // Exactly these classes: tuples whose length their constructor fixed.
    let tuple = record.cast::<PyTuple>()?;
    let amount = chips_of(&*tuple.get_borrowed_item(at)?, "amount")?;
    Ok((amount, tuple.get_borrowed_item(all_in_at)?.is_truthy()?))
}

/// One table's entry of `act_all`'s actions: read from an `int64` array, or a Python object.
enum Index<'py> {
    Int(i64),
    Object(Bound<'py, PyAny>),
}

/// A move for the seat to act, as `act` calls the hand's method for it.
enum Move<'py> {
    Fold,
    Check,
    Call,
    RaiseTo(Bound<'py, PyAny>),
}

/// The exact move a `("fold",)`, `("check",)`, `("call",)` or `("raise_to", total)` tuple
/// names; the message of an `IllegalActionError` for anything else.
fn exact_move<'py>(action: &Bound<'py, PyAny>) -> Result<Move<'py>, String> {
    let repr = || {
        action
            .repr()
            .map_or_else(|_| String::from("?"), |r| r.to_string())
    };
    let tuple = action.cast::<PyTuple>().ok();
    let name = tuple
        .and_then(|t| t.get_item(0).ok())
        .and_then(|n| n.extract::<String>().ok());
    let extra = tuple.map_or(0, |t| t.len().saturating_sub(1));
    let step = match name.as_deref() {
        Some("raise_to") => {
            return match tuple.and_then(|t| t.get_item(1).ok()) {
                Some(total) if extra == 1 => Ok(Move::RaiseTo(total)),
                _ => Err(format!(
                    "{} needs exactly one amount: ('raise_to', total)",
                    repr()
                )),
            }
        }
        Some("fold") => Move::Fold,
        Some("check") => Move::Check,
        Some("call") => Move::Call,
        _ => {
            return Err(format!(
                "{} is not an action: expected an index, ('fold',), ('check',), ('call',) or \
                 ('raise_to', total)",
                repr()
            ))
        }
    };
    if extra != 0 {
        return Err(format!("{} takes no amount", repr()));
    }
    Ok(step)
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
        let last = self.logs.len() as i128 - 1;
        index_of(
            table,
            "table",
            last,
            "a table index below the encoder's table count",
        )
    }

    /// The arrays' memory, for writing rows.
    ///
    /// # Safety
    /// The caller holds the GIL for as long as it uses the slices and no other reference
    /// to the arrays' memory is live meanwhile: the four arrays were created C-contiguous
    /// by `new` and their memory can never be swapped out from under them; Python code
    /// cannot run while a method of this class holds the GIL, and no binding of this crate
    /// keeps a borrow of an `int8`, `int64` or `float32` array across a release of the GIL.
    /// (rust-numpy's dynamic borrow checking would say the same, at several times the cost
    /// of the whole encoding.)
    unsafe fn buffers<'py>(&'py self, py: Python<'py>) -> PyResult<Buffers<'py>> {
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

    /// Writes row `table` for `seat` (already checked by the layout); returns the mask bits
    /// (see [`mask_bits`]).
    fn write(
        &self,
        buffers: &mut Buffers<'_>,
        table: usize,
        seat: usize,
        row: &Row,
    ) -> PyResult<u64> {
        let log = self.log(table)?;
        let state = row.state(self.starts_total[table]);
        let size = self.layout.size();
        let a = self.layout.actions().len();
        let mut bytes = [0u8; 32];
        // Every caller has had the row accepted by `check_row`, and the buffers are cut to
        // the layout's lengths here: the layout's own checks would only repeat those.
        self.layout.encode_checked(
            log,
            &state,
            seat,
            &mut buffers.obs[table * size..(table + 1) * size],
            &mut bytes[..a],
            &mut buffers.amounts[table * a..(table + 1) * a],
        );
        let mask = &mut buffers.mask[table * a..(table + 1) * a];
        let mut actions = 0u64;
        for (i, (m, &byte)) in mask.iter_mut().zip(bytes.iter()).enumerate() {
            *m = byte as i8;
            actions |= u64::from(byte) << i;
        }
        buffers.observed[table] = seat as i64;
        Ok(mask_bits(actions, seat, &state))
    }

    /// Refuses a row the layout would refuse, before anything is written.
    fn check_row(&self, table: usize, seat: usize, row: &Row) -> PyResult<()> {
        let log = self.log(table)?;
        self.layout
            .check_state(log, &row.state(self.starts_total[table]), seat)
            .map_err(to_py)
    }

    /// Writes row `table` for the seat to act in `hand` (read in place) and keeps its mask
    /// bits as the table's turn; -1, the row left as it was, when nobody is to act.
    fn observe_hand(
        &mut self,
        py: Python<'_>,
        table: usize,
        hand: &Bound<'_, PyAny>,
        slots: Option<&Slots<'_>>,
    ) -> PyResult<i64> {
        self.log(table)?;
        let row = Row::read_hand(hand, slots)?;
        if let Some(row) = &row {
            self.check_turn(table, row)?;
        }
        let bits = {
            // SAFETY: the slices live only inside this block, which holds the GIL.
            let mut buffers = unsafe { self.buffers(py)? };
            self.write_turn(&mut buffers, table, row.as_ref())?
        };
        self.turns[table] = bits;
        Ok(bits)
    }

    /// Writes row `table` for the seat to act in `row` as read (`None`, or a row with
    /// nobody to act: the row is left as it was and observes nobody); returns the mask
    /// bits, or -1. The rows are kept whole, not paired with their seat: a row is a few
    /// hundred bytes, and every move of one is a copy.
    fn write_turn(
        &self,
        buffers: &mut Buffers<'_>,
        table: usize,
        row: Option<&Row>,
    ) -> PyResult<i64> {
        match row.and_then(|r| r.actor.map(|seat| (r, seat))) {
            Some((row, seat)) => Ok(self.write(buffers, table, seat, row)? as i64),
            None => {
                buffers.observed[table] = -1;
                Ok(-1)
            }
        }
    }

    /// [`Self::check_row`] for the seat to act in `row` (none: nothing to check).
    fn check_turn(&self, table: usize, row: &Row) -> PyResult<()> {
        match row.actor {
            Some(seat) => self.check_row(table, seat, row),
            None => Ok(()),
        }
    }

    /// The mask bits of the seat to act at `table`: the kept ones, or those of a new
    /// encoding of its view when they are stale. An error when nobody is to act.
    fn turn_of(
        &mut self,
        py: Python<'_>,
        table: usize,
        hand: &Bound<'_, PyAny>,
        slots: Option<&Slots<'_>>,
    ) -> PyResult<i64> {
        let mut bits = self.turns[table];
        if bits < 0 {
            bits = self.observe_hand(py, table, hand, slots)?;
        }
        if bits < 0 {
            return Err(IllegalActionError::new_err(format!(
                "table {table}'s hand is over: no seat is to act"
            )));
        }
        Ok(bits)
    }

    /// The message for `action` when it is no index into the discrete actions.
    fn not_an_index(&self, action: &dyn std::fmt::Display) -> String {
        let last = self.layout.actions().len() - 1;
        format!("{action} is not an action index: expected 0 to {last}")
    }

    /// The move `action` stands for at `table` under the mask bits `bits`: an index into
    /// the discrete actions, legal by the mask, or an exact move (see [`exact_move`]); the
    /// message of an `IllegalActionError` when it is neither.
    fn move_of<'py>(
        &self,
        table: usize,
        bits: i64,
        action: &Bound<'py, PyAny>,
    ) -> Result<Move<'py>, String> {
        if !action.is_exact_instance_of::<PyInt>() {
            return exact_move(action);
        }
        match action.extract::<i64>() {
            Ok(index) => self.index_move(action.py(), table, bits, index),
            Err(_) => Err(self.not_an_index(action)),
        }
    }

    /// The move discrete action `index` names for the seat to act at `table` (`bits`: its
    /// kept mask bits), or the message for an index out of range or masked.
    fn index_move<'py>(
        &self,
        py: Python<'py>,
        table: usize,
        bits: i64,
        index: i64,
    ) -> Result<Move<'py>, String> {
        let actions = self.layout.actions().actions();
        let legal = |i: usize| bits >> (8 + i) & 1 == 1;
        let Some(index) = usize::try_from(index).ok().filter(|&i| i < actions.len()) else {
            return Err(self.not_an_index(&index));
        };
        if !legal(index) {
            let names: Vec<String> = (0..actions.len())
                .filter(|&i| legal(i))
                .map(|i| format!("'{}'", actions[i].name()))
                .collect();
            return Err(format!(
                "action {index} ('{}') is not legal now: the legal actions are [{}]",
                actions[index].name(),
                names.join(", ")
            ));
        }
        Ok(match actions[index] {
            Action::Fold => Move::Fold,
            Action::CheckCall if bits & 1 == 1 => Move::Check,
            Action::CheckCall => Move::Call,
            _ => {
                // SAFETY: both indices are in bounds (`table` was checked against the row
                // count, `index` against the action count) and the GIL is held.
                let amount = unsafe { *self.amounts.bind(py).uget([table, index]) };
                Move::RaiseTo(PyInt::new(py, amount).into_any())
            }
        })
    }

    /// Calls `hand`'s own method for `step` (the game layer decides whether it is legal:
    /// when it refuses, nothing changes) and records what it did under the seat and street
    /// of `bits`.
    fn apply(
        &mut self,
        table: usize,
        hand: &Bound<'_, PyAny>,
        bits: i64,
        step: Move<'_>,
    ) -> PyResult<()> {
        let py = hand.py();
        let (kind, amount, all_in) = match step {
            Move::Fold => {
                hand.call_method0(intern!(py, "fold"))?;
                (ActionKind::Fold, 0, false)
            }
            Move::Check => {
                hand.call_method0(intern!(py, "check"))?;
                (ActionKind::Check, 0, false)
            }
            Move::Call => {
                let record = hand.call_method0(intern!(py, "call"))?;
                let (amount, all_in) = record_fields(&record, false)?;
                (ActionKind::Call, amount, all_in)
            }
            Move::RaiseTo(total) => {
                let record = hand.call_method1(intern!(py, "raise_to"), (total,))?;
                let (to, all_in) = record_fields(&record, true)?;
                (ActionKind::Raise, to, all_in)
            }
        };
        self.turns[table] = -1;
        let entry = Entry {
            seat: (bits >> 1 & 15) as u8,
            kind,
            street: (bits >> 5 & 7) as u8,
            all_in,
            amount,
        };
        if let Some(log) = self.logs[table].as_mut() {
            log.push(entry).map_err(to_py)?;
        }
        Ok(())
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
            observed: PyArray1::from_vec(py, vec![-1; tables]).unbind(),
            logs: vec![None; tables],
            starts_total: vec![0; tables],
            turns: vec![-1; tables],
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

    /// The seat whose view each row holds, `int64[tables]`, as the latest `encode`,
    /// `encode_hand` or `encode_all` of that row left it: -1 before any, or when the hand
    /// was over (the row left as it was).
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

    /// Starts a new hand at `table`.
    #[pyo3(signature = (table, button, big_blind, unit, stacks, holes))]
    fn begin(
        &mut self,
        table: &Bound<'_, PyAny>,
        button: &Bound<'_, PyAny>,
        big_blind: &Bound<'_, PyAny>,
        unit: &Bound<'_, PyAny>,
        stacks: &Bound<'_, PyAny>,
        holes: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let table = self.table(table)?;
        let button = index_of(button, "button", 9, "a seat of the table")?;
        let big_blind = chips_of(big_blind, "big_blind")?;
        let unit = chips_of(unit, "unit")?;
        let mut starts = [0i64; MAX_PLAYERS];
        let n = read_seq(stacks, "stacks", &mut starts)?;
        if n > self.layout.seats() {
            return Err(setting("seats", n, "at most the encoder's seat count"));
        }
        let mut hole_sets = [CardSet::EMPTY; MAX_PLAYERS];
        let dealt = each_item(holes, |i, hole| {
            if i >= MAX_PLAYERS {
                return Err(setting(
                    "hole cards",
                    "more than 10 entries",
                    "one entry per seat",
                ));
            }
            hole_sets[i] = cards_of(hole, "hole cards")?;
            Ok(())
        })?;
        let (starts, holes) = (&starts[..n], &hole_sets[..dealt]);
        match self.logs[table].as_mut() {
            // The table's log starts over in its own memory.
            Some(log) => log.restart(button, big_blind, unit, starts, holes),
            None => HandLog::new(button, big_blind, unit, starts.to_vec(), holes.to_vec())
                .map(|log| self.logs[table] = Some(log)),
        }
        .map_err(to_py)?;
        self.starts_total[table] = starts.iter().sum();
        self.turns[table] = -1;
        Ok(())
    }

    /// Reports an action the game layer applied: `kind` 0 fold, 1 check, 2 call, 3 bet or
    /// raise; `amount` the call's chips or the raise-to total.
    #[pyo3(
        signature = (table, seat, kind, street, amount = None, all_in = false),
        text_signature = "($self, table, seat, kind, street, amount=0, all_in=False)"
    )]
    fn record(
        &mut self,
        table: &Bound<'_, PyAny>,
        seat: &Bound<'_, PyAny>,
        kind: &Bound<'_, PyAny>,
        street: &Bound<'_, PyAny>,
        amount: Option<&Bound<'_, PyAny>>,
        all_in: bool,
    ) -> PyResult<()> {
        let table = self.table(table)?;
        self.log(table)?;
        let seat = index_of(seat, "seat", 9, "a seat of the table")? as u8;
        let street = index_of(street, "street", 3, "0 (pre-flop) to 3 (river)")? as u8;
        let amount = amount.map_or(Ok(0), |a| chips_of(a, "amount"))?;
        let code = match kind.extract::<i64>() {
            Ok(code) => code,
            Err(_) => kind.extract::<Int>()?.get::<i64>().unwrap_or(-1),
        };
        let kind = ActionKind::from_code(code).map_err(to_py)?;
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
        self.turns[table] = -1;
        Ok(())
    }

    /// Writes row `table` of `obs`, `mask` and `amounts`: the view of `seat`. `state` is
    /// the hand's public state as `Hand.public_state()` gives it, `(street, board, stacks,
    /// bets, folded, actor, legal)`: `legal` is the actor's `(fold, check, call,
    /// min_raise_to, max_raise_to)` (read only when `seat` is the actor, may be ``None``);
    /// with no actor the hand is over (street 4).
    ///
    /// Returns the mask as bits: bit `8 + i` set when action `i` is legal; when `seat` is
    /// to act, bit 0 set when checking is legal, the seat in bits 1-4 and the street in
    /// bits 5-7, so that the caller can apply an action and record it without reading the
    /// arrays or the hand back.
    fn encode(
        &mut self,
        py: Python<'_>,
        table: &Bound<'_, PyAny>,
        seat: &Bound<'_, PyAny>,
        state: &Bound<'_, PyAny>,
    ) -> PyResult<u64> {
        let table = self.table(table)?;
        self.log(table)?;
        let seat = index_of(seat, "seat", 9, "a seat of the table")?;
        let row = Row::read_state(state)?;
        self.check_row(table, seat, &row)?;
        let bits = {
            // SAFETY: the slices live only inside this block, which holds the GIL.
            let mut buffers = unsafe { self.buffers(py)? };
            self.write(&mut buffers, table, seat, &row)?
        };
        self.turns[table] = if row.actor == Some(seat) {
            bits as i64
        } else {
            -1
        };
        Ok(bits)
    }

    /// Writes row `table`: the view of the seat to act in `hand`, a `pokerforge.game.Hand`
    /// whose public state is read in place (what `Hand.public_state()` gives, without
    /// building it). Returns the mask bits as `encode` does, or -1 when nobody is to act
    /// (the row is left as it was).
    fn encode_hand(
        &mut self,
        py: Python<'_>,
        table: &Bound<'_, PyAny>,
        hand: &Bound<'_, PyAny>,
    ) -> PyResult<i64> {
        let table = self.table(table)?;
        self.observe_hand(py, table, hand, None)
    }

    /// Writes every row at once, each table's view of its seat to act: `hands[t]` is table
    /// `t`'s `pokerforge.game.Hand`, whose public state is read in place (what
    /// `Hand.public_state()` gives, without building it). Keeps each table's mask bits as
    /// `encode` returns them (see `turn`), -1 for a table where nobody is to act (its row
    /// is left as it was). A bad hand refuses the whole call before any row is written.
    fn encode_all(&mut self, py: Python<'_>, hands: &Bound<'_, PyAny>) -> PyResult<()> {
        let tables = self.logs.len();
        let mut rows = Vec::with_capacity(tables);
        // Looked up on the first hand's class, for every hand of that class.
        let mut slots = None;
        each_item(hands, |t, hand| {
            if t >= tables {
                return Err(setting(
                    "hands",
                    "more than one per table",
                    "one hand per table",
                ));
            }
            if t == 0 {
                slots = Slots::of(hand);
            }
            let row = Row::read_hand(hand, slots.as_ref())?;
            if let Some(row) = &row {
                self.check_turn(t, row)?;
            }
            rows.push(row);
            Ok(())
        })?;
        if rows.len() != tables {
            return Err(setting("hands", rows.len(), "one hand per table"));
        }
        let written: PyResult<Vec<i64>> = {
            // SAFETY: the slices live only inside this block, which holds the GIL.
            let mut buffers = unsafe { self.buffers(py)? };
            rows.iter()
                .enumerate()
                .map(|(t, row)| self.write_turn(&mut buffers, t, row.as_ref()))
                .collect()
        };
        // Rows were checked before any was written, so this fails only on a bug; then no
        // kept bits are trusted.
        self.turns = written.inspect_err(|_| self.turns.fill(-1))?;
        Ok(())
    }

    /// The mask bits of the latest encoding of the seat to act at `table`, as `encode`
    /// returned them; -1 when none is current (an action was recorded or a hand begun
    /// since, the seat encoded was not the one to act, or nobody is to act).
    fn turn(&self, table: &Bound<'_, PyAny>) -> PyResult<i64> {
        Ok(self.turns[self.table(table)?])
    }

    /// Applies `action` for the seat to act at `table` by calling `hand`'s own method
    /// (`fold`, `check`, `call` or `raise_to`: the hand decides what is legal) and records
    /// what it did. `action` is an index into the discrete actions, legal by the mask of
    /// the latest encoding of that seat (made first when none is current), or an exact
    /// move: `("fold",)`, `("check",)`, `("call",)` or `("raise_to", total)`.
    ///
    /// Raises `IllegalActionError` (nothing changes) when nobody is to act, the index is
    /// out of range or masked, the move is malformed or the hand refuses it.
    fn act(
        &mut self,
        py: Python<'_>,
        table: &Bound<'_, PyAny>,
        hand: &Bound<'_, PyAny>,
        action: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let table = self.table(table)?;
        if !action.is_exact_instance_of::<PyInt>() {
            // An exact move needs no mask: the seat to act is encoded anew, so that it is
            // recorded under the hand's seat and street as they are now.
            self.turns[table] = -1;
        }
        let bits = self.turn_of(py, table, hand, None)?;
        let step = self
            .move_of(table, bits, action)
            .map_err(IllegalActionError::new_err)?;
        self.apply(table, hand, bits, step)
    }

    /// `act` at every table at once: `actions[t]`, an index into the discrete actions, for
    /// the seat to act in `hands[t]` (`actions`: ints, or a one-dimensional `int64` array,
    /// read without a Python int per table). Every index is checked against its table's
    /// mask before any is applied (an `IllegalActionError` naming the first bad table
    /// changes no hand, nor `done`). Returns the tables whose hand ended; `done`, a `bool`
    /// array of one entry per table, is then rewritten: true at those, false elsewhere.
    #[pyo3(signature = (hands, actions, done = None))]
    fn act_all(
        &mut self,
        py: Python<'_>,
        hands: &Bound<'_, PyAny>,
        actions: &Bound<'_, PyAny>,
        done: Option<&Bound<'_, PyArray1<bool>>>,
    ) -> PyResult<Vec<usize>> {
        let tables = self.logs.len();
        let mut held = Vec::with_capacity(tables);
        each_item(hands, |_, hand| {
            held.push(hand.clone());
            Ok(())
        })?;
        let mut indices = Vec::with_capacity(tables);
        if let Ok(array) = actions.cast::<PyArray1<i64>>() {
            indices.extend(
                array
                    .try_readonly()?
                    .as_array()
                    .iter()
                    .map(|&i| Index::Int(i)),
            );
        } else {
            each_item(actions, |_, action| {
                indices.push(Index::Object(action.clone()));
                Ok(())
            })?;
        }
        let mut done = done.map(|d| d.try_readwrite()).transpose()?;
        if let Some(done) = &done {
            let len = done.as_array().len();
            if len != tables {
                return Err(setting("done", len, "one entry per table"));
            }
        }
        if held.len() != tables || indices.len() != tables {
            return Err(setting(
                "hands and actions",
                format!("{} hands and {} actions", held.len(), indices.len()),
                "one hand and one action index per table",
            ));
        }
        let slots = held.first().and_then(Slots::of);
        let mut steps = Vec::with_capacity(tables);
        for (t, (hand, action)) in held.iter().zip(&indices).enumerate() {
            let bits = self.turn_of(py, t, hand, slots.as_ref())?;
            let step = match action {
                Index::Int(index) => self.index_move(py, t, bits, *index),
                Index::Object(action) if !action.is_exact_instance_of::<PyInt>() => {
                    Err(self.not_an_index(action))
                }
                Index::Object(action) => self.move_of(t, bits, action),
            }
            .map_err(|m| IllegalActionError::new_err(format!("table {t}: {m}")))?;
            steps.push((bits, step));
        }
        if let Some(done) = done.as_mut() {
            done.as_array_mut().fill(false);
        }
        let mut ended = Vec::new();
        for (t, (hand, (bits, step))) in held.iter().zip(steps).enumerate() {
            self.apply(t, hand, bits, step)?;
            let over = match &slots {
                Some(slots) if hand.get_type().is(&slots.class) => slots.get(hand, OVER)?,
                _ => hand.getattr(intern!(py, "_over"))?,
            };
            if over.is_truthy()? {
                ended.push(t);
                if let Some(done) = done.as_mut() {
                    done.as_array_mut()[t] = true; // in bounds: the length was checked
                }
            }
        }
        Ok(ended)
    }

    /// Writes row `t` of `out` for each table `t` in `tables`: each seat's chips won or
    /// lost in `hands[t]` (a `pokerforge.game.Hand`, its stacks read in place) in big
    /// blinds, against the stacks and big blind `begin` was given for that table. Columns
    /// beyond the table's seats are left as they are; a bad table or hand refuses the
    /// whole call before any row is written.
    fn net_bb(
        &self,
        hands: &Bound<'_, PyAny>,
        tables: &Bound<'_, PyAny>,
        out: &Bound<'_, PyArray2<f32>>,
    ) -> PyResult<()> {
        let py = hands.py();
        let mut out = out.try_readwrite()?;
        let (rows, columns) = out.as_array().dim();
        let mut nets = Vec::new();
        each_item(tables, |_, table| {
            let t = self.table(table)?;
            let hand = hands.get_item(t)?;
            let mut stacks = [0i64; MAX_PLAYERS];
            let n = read_seq(&hand.getattr(intern!(py, "_stack"))?, "stacks", &mut stacks)?;
            if t >= rows || n > columns {
                return Err(setting(
                    "out",
                    format!("an array of shape ({rows}, {columns})"),
                    "a row per table and a column per seat",
                ));
            }
            let mut net = [0f32; MAX_PLAYERS];
            self.log(t)?
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

    /// The information-set key of `seat` at `table` (see the core's `HandLog::infoset`).
    fn infoset(
        &self,
        table: &Bound<'_, PyAny>,
        seat: &Bound<'_, PyAny>,
        board: &Bound<'_, PyAny>,
    ) -> PyResult<String> {
        let table = self.table(table)?;
        let seat = index_of(seat, "seat", 9, "a seat of the table")?;
        let board = cards_of(board, "board")?;
        self.log(table)?.infoset(seat, board).map_err(to_py)
    }
}

/// The deck seed of item `item` of stream `stream` under `seed` (the core's
/// `rng::seed_of`; the RL tables deal hand `item` of table `stream` from it). Each number
/// is taken modulo 2^64 by the caller.
#[pyfunction]
pub fn seed_of(seed: u64, stream: u64, item: u64) -> u64 {
    pokerforge_core::rng::seed_of(seed, stream, item)
}
