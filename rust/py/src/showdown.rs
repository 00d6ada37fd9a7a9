//! Showdown ranks for the game layer: every live seat's hand evaluated in one call.
//!
//! The game layer decides who shows and who wins; this only turns each live seat's cards
//! into the integer ranks it compares (high: the 1..7462 class, greater is better; low:
//! the 1..56 eight-or-better class, 0 for none), which at six seats is one call instead
//! of six, with no tuple of seven cards built per seat.

use pokerforge_core::eval as core_eval;
use pokerforge_core::eval::high::rank_mask;
use pokerforge_core::{CardSet, Error};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::errors::{to_py, InvalidSpecError};
use crate::hand_rank::class_int;
use crate::input::{card_set, core};

/// Hold'em: the best five of the hole cards and the board.
const HOLDEM: u8 = 0;
/// Omaha high: exactly two hole cards and three board cards.
const OMAHA: u8 = 1;
/// Omaha hi-lo: the high hand and the eight-or-better low, each chosen on its own.
const OMAHA_HILO: u8 = 2;

/// `{seat: (high, low)}` for every seat whose `folded` entry is false, in seat order.
///
/// `game` is the engine's variant code: 0 Hold'em, 1 Omaha, 2 Omaha hi-lo (the low is 0
/// except in hi-lo). `holes` holds each seat's hole cards, `board` the five board cards.
#[pyfunction]
pub fn showdown_ranks<'py>(
    py: Python<'py>,
    game: u8,
    holes: Vec<Bound<'py, PyAny>>,
    board: &Bound<'py, PyAny>,
    folded: Vec<bool>,
) -> PyResult<Bound<'py, PyDict>> {
    if game > OMAHA_HILO {
        return Err(InvalidSpecError::new_err(format!(
            "{game} is not a game code: 0 (Hold'em), 1 (Omaha) or 2 (Omaha hi-lo)"
        )));
    }
    if holes.len() != folded.len() {
        return Err(InvalidSpecError::new_err(format!(
            "{} seats' hole cards but {} folded flags: one of each per seat",
            holes.len(),
            folded.len()
        )));
    }
    let board = card_set(board)?;
    let ranks = PyDict::new(py);
    for (seat, (hole, out)) in holes.iter().zip(folded).enumerate() {
        if out {
            continue;
        }
        let hole = card_set(hole)?;
        let (high, low) = match game {
            HOLDEM => (holdem_class(hole, board)?, 0),
            OMAHA => (core(core_eval::evaluate_omaha(hole, board))?.class(), 0),
            _ => {
                let (high, low) = core(core_eval::evaluate_omaha_hilo(hole, board))?;
                (high.class(), low.map_or(0, |l| l.class()))
            }
        };
        let value = PyTuple::new(
            py,
            [
                class_int(py, high),
                low.into_pyobject(py)?.into_any().unbind(),
            ],
        )?;
        ranks.set_item(seat, value)?;
    }
    Ok(ranks)
}

/// The Hold'em class of hole and board together: 5 to 7 distinct cards.
fn holdem_class(hole: CardSet, board: CardSet) -> PyResult<u16> {
    let all = core(hole.try_union(board))?; // a card in both is a duplicate
    let n = all.len();
    if !(5..=7).contains(&n) {
        return Err(to_py(Error::CardCount {
            what: "a showdown hand (hole cards and board)",
            expected: "5, 6 or 7",
            got: n,
        }));
    }
    Ok(rank_mask(all.mask()).class())
}
