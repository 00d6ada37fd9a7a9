//! Observations for reinforcement learning: a flat `f32` vector per seat, a mask over a
//! discrete action set with the exact amounts behind it, and information-set keys.
//!
//! The encoder reads the state of a hand; it never decides the rules. The game layer
//! (Python's `pokerforge.game.Hand`) applies actions and reports them to a [`HandLog`],
//! and reports its public state as a [`TableState`]; [`ObsLayout::encode`] writes the
//! observation. The layout is documented in [`layout`] and named slot by slot by
//! [`ObsLayout::slot_names`].

pub mod actions;
pub mod encode;
pub mod layout;
pub mod log;

use crate::error::{Error, Result};

pub use actions::{Action, ActionSet, Legal};
pub use encode::TableState;
pub use layout::{ObsLayout, Section, Shape, LAYOUT_VERSION, MAX_DRAWS};
pub use log::{ActionKind, Deal, Dealt, Entry, HandLog};

/// The most chips one count may hold in what the encoder reads: a stack, a bet, a blind,
/// the chip unit, a legal amount, an action's amount. 2**53, so that every count is exact
/// as an `f64` (the pot fractions are worked out in `f64`) and every sum the encoder forms
/// over a table (at most twenty counts: the pot beside ten seats' bets) stays below 2**58,
/// far inside `i64`. Real games stay far below it; a count beyond is
/// [`Error::ChipLimit`], never a sum that wraps.
pub const MAX_CHIPS: i64 = 1 << 53;

/// The most chips in the middle of a table: every seat's stack in the pot.
pub const MAX_POT: i64 = crate::MAX_PLAYERS as i64 * MAX_CHIPS;

/// `value` when it is a count from 0 to [`MAX_CHIPS`], else [`Error::ChipLimit`] naming it.
///
/// # Errors
/// [`Error::ChipLimit`] for a count below 0 or above [`MAX_CHIPS`].
pub fn check_chips(name: &'static str, value: i64) -> Result<i64> {
    if (0..=MAX_CHIPS).contains(&value) {
        Ok(value)
    } else {
        Err(Error::ChipLimit {
            name,
            value,
            max: "9007199254740992 (2**53)",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_leaves_every_sum_inside_64_bits() {
        assert_eq!(MAX_CHIPS, 9_007_199_254_740_992);
        // The pot beside ten seats' bets, each at the limit.
        assert!(MAX_POT.checked_add(MAX_POT).is_some());
        assert_eq!(MAX_CHIPS as f64 as i64, MAX_CHIPS);
        assert!(check_chips("stack", MAX_CHIPS).is_ok());
        for bad in [-1, MAX_CHIPS + 1, i64::MAX, i64::MIN] {
            let err = check_chips("stack", bad).unwrap_err();
            assert!(
                err.to_string().starts_with(&format!("stack = {bad} ")),
                "{err}"
            );
        }
    }
}
