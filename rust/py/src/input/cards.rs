//! Cards-like arguments: text, `Card`, `CardSet`, an int mask, or an iterable of cards.

use pokerforge_core::{Card, CardSet};

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyList, PyString, PyTuple};
use pyo3::{ffi, Borrowed, PyTypeInfo};

use super::{text_of, Int};
use crate::card_class::{PyCard, PyCardSet};
use crate::errors::{to_py, InvalidCardError};

/// A mask from a Python int; every bit must name a card.
pub fn mask_from_int(obj: &Bound<'_, PyAny>) -> PyResult<CardSet> {
    let mask: u64 = obj.extract().map_err(|_| {
        InvalidCardError::new_err(format!(
            "{} is not a card mask: expected an int with only bits 0 to 51 set",
            obj.str().map(|s| s.to_string()).unwrap_or_default()
        ))
    })?;
    CardSet::from_mask(mask).map_err(to_py)
}

/// One element of an iterable of cards.
fn element(obj: &Bound<'_, PyAny>) -> PyResult<Card> {
    if let Ok(card) = obj.cast::<PyCard>() {
        return Ok(card.get().0);
    }
    if let Ok(text) = obj.cast::<PyString>() {
        return text_of(text)?.parse::<Card>().map_err(to_py);
    }
    // A bool is an int to Python, but `[True]` is surely not the card 2d.
    if obj.is_instance_of::<PyBool>() {
        return Err(not_cards(obj));
    }
    if let Ok(index) = obj.extract::<Int>() {
        return index.card();
    }
    Err(not_cards(obj))
}

fn not_cards(obj: &Bound<'_, PyAny>) -> PyErr {
    let type_name = obj
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "object".into());
    InvalidCardError::new_err(format!(
        "{} (of type {type_name}) is not cards: expected text like 'AhKh', a Card, a CardSet, \
         an int mask or an iterable of cards",
        obj.repr().map(|r| r.to_string()).unwrap_or_default()
    ))
}

/// The cards of `obj` in the order given (duplicates are an error).
pub fn card_list(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Card>> {
    if let Ok(text) = obj.cast::<PyString>() {
        return CardSet::parse_cards(&text_of(text)?).map_err(to_py);
    }
    if let Ok(card) = obj.cast::<PyCard>() {
        return Ok(vec![card.get().0]);
    }
    if let Ok(set) = obj.cast::<PyCardSet>() {
        return Ok(set.get().0.iter().collect());
    }
    if obj.is_instance_of::<PyBool>() {
        return Err(not_cards(obj));
    }
    if is_mask(obj) {
        return Ok(mask_from_int(obj)?.iter().collect());
    }
    let iter = obj.try_iter().map_err(|_| not_cards(obj))?;
    let mut seen = CardSet::EMPTY;
    let mut cards = Vec::new();
    for item in iter {
        let card = element(&item?)?;
        seen.try_insert(card).map_err(to_py)?;
        cards.push(card);
    }
    Ok(cards)
}

/// Whether `obj` stands for an int mask: a Python int (not a bool) or an integer scalar
/// such as NumPy's, which is not iterable.
fn is_mask(obj: &Bound<'_, PyAny>) -> bool {
    if obj.is_exact_instance_of::<PyInt>() {
        return true;
    }
    !obj.is_instance_of::<PyBool>()
        && obj.hasattr("__index__").unwrap_or(false)
        && obj.try_iter().is_err()
}

/// The set of cards of `obj` (duplicates are an error).
///
/// The common forms take a fast path that neither allocates nor builds a card list: an
/// int mask, a `CardSet`, compact text (`"AhKh"`), and a list or tuple of card indices or
/// `Card`s. Anything the fast paths do not accept, bad input included, goes the general
/// way, which also says what is wrong.
pub fn card_set(obj: &Bound<'_, PyAny>) -> PyResult<CardSet> {
    if obj.is_exact_instance_of::<PyInt>() {
        return mask_from_int(obj);
    }
    if let Ok(set) = obj.cast_exact::<PyCardSet>() {
        return Ok(set.get().0);
    }
    if let Ok(text) = obj.cast_exact::<PyString>() {
        if let Some(set) = text
            .to_str()
            .ok()
            .and_then(|t| CardSet::parse_compact(t.as_bytes()))
        {
            return Ok(set);
        }
    } else if let Some(set) = sequence_set(obj) {
        return Ok(set);
    }
    if obj.is_instance_of::<PyBool>() {
        return Err(not_cards(obj));
    }
    if let Ok(set) = obj.cast::<PyCardSet>() {
        return Ok(set.get().0);
    }
    if let Ok(card) = obj.cast::<PyCard>() {
        return Ok(CardSet::from(card.get().0));
    }
    let cards = card_list(obj)?;
    Ok(cards.into_iter().collect())
}

/// The cards of a list or tuple whose items are all plain ints 0..51 or `Card`s, none
/// repeated; `None` for anything else (the general path then reads or explains it).
///
/// Items are read as borrowed references and told apart by their exact type, so a hand
/// of seven costs a few nanoseconds a card.
#[inline]
fn sequence_set(obj: &Bound<'_, PyAny>) -> Option<CardSet> {
    let py = obj.py();
    let card_type = PyCard::type_object_raw(py);
    let is_list = obj.is_exact_instance_of::<PyList>();
    if !is_list && !obj.is_exact_instance_of::<PyTuple>() {
        return None;
    }
    // SAFETY: `obj` is exactly a list or a tuple (checked above); the size and the
    // borrowed items are read with the GIL held and no Python code runs in between (an
    // exact int converts without calling any), so no item can go away while it is read.
    let len = unsafe {
        if is_list {
            ffi::PyList_Size(obj.as_ptr())
        } else {
            ffi::PyTuple_Size(obj.as_ptr())
        }
    };
    let mut mask = 0u64;
    for i in 0..len {
        let item = unsafe {
            let ptr = if is_list {
                ffi::PyList_GetItem(obj.as_ptr(), i)
            } else {
                ffi::PyTuple_GetItem(obj.as_ptr(), i)
            };
            if ptr.is_null() {
                ffi::PyErr_Clear();
                return None;
            }
            Borrowed::from_ptr(py, ptr)
        };
        let index = if item.is_exact_instance_of::<PyInt>() {
            item.extract::<u8>().ok().filter(|&i| i < 52)?
        } else if std::ptr::eq(item.get_type_ptr(), card_type) {
            // SAFETY: the exact type was just checked.
            unsafe { item.cast_unchecked::<PyCard>() }.get().0.index()
        } else {
            return None;
        };
        let bit = 1u64 << index;
        if mask & bit != 0 {
            return None;
        }
        mask |= bit;
    }
    Some(CardSet::from_mask_truncate(mask))
}

/// Like [`card_set`], with `None` as the empty set.
pub fn optional_card_set(obj: Option<&Bound<'_, PyAny>>) -> PyResult<CardSet> {
    match obj {
        Some(o) if !o.is_none() => card_set(o),
        _ => Ok(CardSet::EMPTY),
    }
}
