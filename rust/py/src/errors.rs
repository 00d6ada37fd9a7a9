//! Maps core errors to the named Python exceptions of `pokerforge.errors`.
//!
//! The match has no catch-all arm on purpose: a new core variant must be given its Python
//! class here before the bindings compile.

use pokerforge_core::Error;
use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::import_exception;
use pyo3::prelude::*;
use pyo3::PyErr;

import_exception!(pokerforge.errors, InvalidCardError);
import_exception!(pokerforge.errors, DuplicateCardError);
import_exception!(pokerforge.errors, CardCountError);
import_exception!(pokerforge.errors, InvalidArrayError);
import_exception!(pokerforge.errors, InvalidSpecError);
import_exception!(pokerforge.errors, InvalidRangeError);
import_exception!(pokerforge.errors, RangeLimitError);
import_exception!(pokerforge.errors, IllegalActionError);
import_exception!(pokerforge.errors, InvalidStackError);
import_exception!(pokerforge.errors, InvalidPayoutError);
import_exception!(pokerforge.errors, ChipLimitError);
import_exception!(pokerforge.errors, TooManyDealsError);
import_exception!(pokerforge.errors, TimeLimitError);
import_exception!(pokerforge.errors, SolverTooLargeError);
import_exception!(pokerforge.errors, PokerError);

/// The Python exception for a core error, its message the core's sentence; an error about
/// one part of an equity request also names it in the exception's `location`
/// (`"players[1]"`, `"board"`, `"dead"`, `"samples"`: see `Error::field`).
pub fn to_py(err: Error) -> PyErr {
    let message = err.to_string();
    let py_err = with_message(&err, message);
    match err.field() {
        Some(field) => with_location(py_err, &field),
        None => py_err,
    }
}

/// `err` with its `location` attribute set.
pub fn with_location(err: PyErr, location: &str) -> PyErr {
    Python::attach(|py| {
        // Setting an attribute on a fresh exception object only fails without memory.
        let _ = err.value(py).setattr("location", location);
    });
    err
}

/// `err` (an error about cards or a range) as an error about one part of an equity
/// request: the same class, its message prefixed with the place, and `location` set.
/// Errors that are not `PokerError`s (a `TypeError`) are left as they are.
pub fn located(err: PyErr, location: &str) -> PyErr {
    Python::attach(|py| {
        let value = err.value(py);
        if !value.is_instance_of::<PokerError>() {
            return err.clone_ref(py);
        }
        let message = value.str().map(|s| s.to_string()).unwrap_or_default();
        match value.get_type().call1((format!("{location}: {message}"),)) {
            Ok(new) => with_location(PyErr::from_value(new), location),
            Err(e) => e,
        }
    })
}

/// The Python exception for a core error, with a message of the caller's (e.g. the
/// core's sentence with the row of a batch in front).
pub fn with_message(err: &Error, message: String) -> PyErr {
    match err {
        Error::InvalidCard { .. }
        | Error::CardIndex { .. }
        | Error::InvalidMask { .. }
        | Error::NotInDeck { .. } => InvalidCardError::new_err(message),
        Error::DuplicateCard { .. } => DuplicateCardError::new_err(message),
        Error::CardCount { .. } | Error::DeckExhausted { .. } => CardCountError::new_err(message),
        Error::InvalidRange { .. } | Error::NoPossibleHand { .. } => {
            InvalidRangeError::new_err(message)
        }
        Error::RangeLimit { .. } => RangeLimitError::new_err(message),
        Error::UnknownGame { .. }
        | Error::PlayerCount { .. }
        | Error::InvalidSetting { .. }
        | Error::ExactTooLarge { .. }
        | Error::InvalidBetSize { .. }
        | Error::InvalidSavedGame { .. } => InvalidSpecError::new_err(message),
        Error::SolverTooLarge { .. } => SolverTooLargeError::new_err(message),
        Error::OutOfTime { .. } | Error::NoDealInTime { .. } | Error::TimeLimit { .. } => {
            TimeLimitError::new_err(message)
        }
        Error::InvalidStack { .. } | Error::NoChips => InvalidStackError::new_err(message),
        Error::InvalidPayout { .. } => InvalidPayoutError::new_err(message),
        Error::ChipLimit { .. } => ChipLimitError::new_err(message),
        Error::TooManyDeals { .. } => TooManyDealsError::new_err(message),
        Error::Interrupted => PyKeyboardInterrupt::new_err(message),
        Error::At { error, .. } => with_message(error, message),
    }
}
