//! Small sequences of plain ints and bools (seats, chips, flags, card indices) and small
//! integer arguments, read with a named error for anything else.
//!
//! The encoder reads several of these for every table at every step, so lists and tuples
//! of exact ints and bools are read through borrowed item pointers, without a Python object
//! or a reference count per item; anything else takes the general path, whose errors name
//! the value as given.

use pokerforge_core::{Card, CardSet, Error, MAX_PLAYERS};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use super::Int;
use crate::errors::to_py;

/// The highest seat number (seats are `0..MAX_PLAYERS`).
pub const LAST_SEAT: i128 = MAX_PLAYERS as i128 - 1;

/// The named error for a bad setting: `name` was `value`, `expected` says what it may be.
pub fn setting(name: &'static str, value: impl ToString, expected: &'static str) -> PyErr {
    to_py(Error::InvalidSetting {
        name,
        value: value.to_string(),
        expected,
    })
}

/// An integer argument in `0..=max`, or a named error.
pub fn small(value: Int, name: &'static str, max: i128, expected: &'static str) -> PyResult<usize> {
    if (0..=max).contains(&value.0) {
        Ok(value.0 as usize)
    } else {
        Err(setting(name, value.0, expected))
    }
}

/// A chip amount that fits 64 bits, or a named error.
pub fn chips(value: Int, name: &'static str) -> PyResult<i64> {
    value
        .get::<i64>()
        .ok_or_else(|| setting(name, value.0, "a chip count that fits 64 bits"))
}

/// A small integer argument in `0..=max` (a seat, a street, a table), or a named error.
///
/// Python ints that fit 64 bits take the fast path; anything else (a huge int, an object
/// with `__index__`) goes through [`Int`] so that the error names the value as given.
pub fn index_of(
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
pub fn chips_of(obj: &Bound<'_, PyAny>, name: &'static str) -> PyResult<i64> {
    match obj.extract::<i64>() {
        Ok(value) => Ok(value),
        Err(_) => chips(obj.extract::<Int>()?, name),
    }
}

/// Calls `put` with each item of a tuple, a list or another iterable; returns how many.
///
/// Tuples, which `Hand.public_state()` gives, are read without touching reference counts:
/// this runs for every seat of every table at every step.
pub fn each_item<'py>(
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
pub trait Plain: Sized {
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
pub fn read_plain<T: Plain + Copy>(
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
pub fn read_seq<'py, T: for<'a> FromPyObject<'a, 'py> + Plain + Copy>(
    obj: &Bound<'py, PyAny>,
    name: &'static str,
    out: &mut [T; MAX_PLAYERS],
) -> PyResult<usize> {
    if let Some(n) = read_plain(obj, out, MAX_PLAYERS) {
        return Ok(n);
    }
    each_item(obj, |i, item| {
        if i >= MAX_PLAYERS {
            return Err(setting(
                name,
                "more entries than seats",
                "one entry per seat",
            ));
        }
        out[i] = item
            .extract()
            .map_err(|_| setting(name, item.to_string(), "one number per seat"))?;
        Ok(())
    })
}

/// The set of these card indices, or the named error for a bad or repeated one.
pub fn index_set(indices: &[i64]) -> PyResult<CardSet> {
    let mut set = CardSet::EMPTY;
    for &index in indices {
        set.try_insert(Card::from_index(index).map_err(to_py)?)
            .map_err(to_py)?;
    }
    Ok(set)
}

/// Card indices in their order (a board as it was dealt), each a card and none twice.
pub fn card_list(obj: &Bound<'_, PyAny>, name: &'static str) -> PyResult<Vec<Card>> {
    let mut cards = Vec::new();
    let mut seen = CardSet::EMPTY;
    each_item(obj, |_, item| {
        let index: i64 = item
            .extract()
            .map_err(|_| setting(name, item.to_string(), "card indices 0 to 51"))?;
        let card = Card::from_index(index).map_err(to_py)?;
        seen.try_insert(card).map_err(to_py)?;
        cards.push(card);
        Ok(())
    })?;
    Ok(cards)
}

pub fn cards_of(obj: &Bound<'_, PyAny>, name: &'static str) -> PyResult<CardSet> {
    let mut indices = [0i64; MAX_PLAYERS];
    if let Some(n) = read_plain(obj, &mut indices, MAX_PLAYERS) {
        // Plain card indices (`Hand.hole_indices` gives tuples of them): read in one pass.
        return index_set(&indices[..n]);
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
