//! The bindings' one input layer: every Python object a binding reads goes through here.
//!
//! - [`Int`]: an integer of any size, so that an out-of-range value gets a named error;
//! - [`cards`]: every "cards-like" argument normalised into a `CardSet` (or an ordered card
//!   list): text (`"AhKh"`, `"Ah Kh"`, `"Ah,Kh"`), a `Card`, a `CardSet`, an int mask, or an
//!   iterable of cards (each a `Card`, a card index 0..51, or a card's text);
//! - [`seq`]: small sequences of plain ints and bools (seats, chips, flags) read without a
//!   Python object per item, for the encoder's per-step reads.

mod cards;
pub mod seq;

pub use cards::{card_list, card_set, mask_from_int, optional_card_set};

use pokerforge_core::{Card, Error};
use pyo3::exceptions::PyTypeError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyString};

use crate::errors::{to_py, InvalidCardError};

/// An integer argument of any size, saturated to `i128`: so an out-of-range value gets the
/// caller's named error and sentence instead of Python's `OverflowError`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Int(pub i128);

impl<'a, 'py> FromPyObject<'a, 'py> for Int {
    type Error = PyErr;

    fn extract(obj: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<Int> {
        // Ints that fit 64 bits (nearly all) are read directly: the 128-bit conversion
        // below shifts a new Python int under the stable ABI, a thousand instructions.
        if obj.is_exact_instance_of::<PyInt>() {
            let ptr = obj.as_ptr();
            let mut overflow = 0;
            // SAFETY: `ptr` is an int and the GIL is held. Reading an int sets no error
            // (an overflow is reported in the flag); the unsigned read sets one only for
            // an int beyond 64 bits, cleared here before the general path below.
            unsafe {
                let value = ffi::PyLong_AsLongLongAndOverflow(ptr, &mut overflow);
                if overflow == 0 {
                    return Ok(Int(value.into()));
                }
                if overflow > 0 {
                    let value = ffi::PyLong_AsUnsignedLongLong(ptr);
                    if ffi::PyErr_Occurred().is_null() {
                        return Ok(Int(value.into()));
                    }
                    ffi::PyErr_Clear();
                }
            }
        }
        // Anything with `__index__` (a NumPy integer, a Card) counts as its integer.
        let int = if obj.is_instance_of::<PyInt>() {
            obj.to_owned()
        } else {
            obj.call_method0("__index__").map_err(|_| {
                let type_name = obj
                    .get_type()
                    .name()
                    .map(|n| n.to_string())
                    .unwrap_or_default();
                PyTypeError::new_err(format!("expected an integer, not a {type_name}"))
            })?
        };
        match int.extract::<i128>() {
            Ok(value) => Ok(Int(value)),
            Err(err) => {
                let negative = int.lt(0).map_err(|_| err)?;
                Ok(Int(if negative { i128::MIN } else { i128::MAX }))
            }
        }
    }
}

impl Int {
    /// The value when it fits `T`.
    pub fn get<T: TryFrom<i128>>(self) -> Option<T> {
        T::try_from(self.0).ok()
    }

    /// The card with this index, or the core's error naming the index as given.
    pub fn card(self) -> PyResult<Card> {
        match self.get::<i64>() {
            Some(index) => core(Card::from_index(index)),
            None => Err(to_py(Error::CardIndex { index: self.0 })),
        }
    }
}

/// The text of a Python string; one that cannot be UTF-8 (a lone surrogate) is no card.
pub fn text_of<'a>(text: &'a Bound<'_, PyString>) -> PyResult<std::borrow::Cow<'a, str>> {
    text.to_cow().map_err(|_| {
        InvalidCardError::new_err(format!(
            "{} is not valid text: it holds a lone surrogate, which no card or range contains",
            text.repr().map(|r| r.to_string()).unwrap_or_default()
        ))
    })
}

/// Converts a core result.
pub fn core<T>(result: Result<T, Error>) -> PyResult<T> {
    result.map_err(to_py)
}
