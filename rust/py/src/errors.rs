//! Maps core errors to the named Python exceptions of `pokerforge.errors`.
//!
//! The match has no catch-all arm on purpose: a new core variant must be given its Python
//! class here before the bindings compile.

use pokerforge_core::Error;
use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::import_exception;
use pyo3::PyErr;

import_exception!(pokerforge.errors, InvalidCardError);
import_exception!(pokerforge.errors, DuplicateCardError);
import_exception!(pokerforge.errors, CardCountError);
import_exception!(pokerforge.errors, InvalidArrayError);
import_exception!(pokerforge.errors, InvalidSpecError);
import_exception!(pokerforge.errors, InvalidRangeError);
import_exception!(pokerforge.errors, PokerError);

/// The Python exception for a core error, its message the core's sentence.
pub fn to_py(err: Error) -> PyErr {
    let message = err.to_string();
    with_message(&err, message)
}

/// The Python exception for a core error, with a message of the caller's (e.g. the
/// core's sentence with the row of a batch in front).
pub fn with_message(err: &Error, message: String) -> PyErr {
    match err {
        Error::InvalidCard { .. } | Error::CardIndex { .. } | Error::InvalidMask { .. } => {
            InvalidCardError::new_err(message)
        }
        Error::DuplicateCard { .. } => DuplicateCardError::new_err(message),
        Error::CardCount { .. } | Error::DeckExhausted { .. } => CardCountError::new_err(message),
        Error::InvalidRange { .. } | Error::NoPossibleHand { .. } => {
            InvalidRangeError::new_err(message)
        }
        Error::UnknownGame { .. } | Error::PlayerCount { .. } | Error::InvalidSetting { .. } => {
            InvalidSpecError::new_err(message)
        }
        Error::Interrupted => PyKeyboardInterrupt::new_err(message),
    }
}
