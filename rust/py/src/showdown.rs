//! Showdown ranks for the game layer: every live seat's hand evaluated in one call.
//!
//! The game layer decides who shows and who wins; this only turns each live seat's cards
//! into the integer ranks it compares, by the hand kinds of the game's row of the variant
//! table (`pokerforge_core::variant::rank`: greater is better; a low that does not qualify
//! is 0), which at six seats is one call instead of six, with no tuple of seven cards
//! built per seat.

use pokerforge_core::eval::ShortDeckOrder;
use pokerforge_core::variant::{rank, VARIANTS};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::errors::InvalidSpecError;
use crate::hand_rank::class_int;
use crate::input::{card_set, core};

/// `{seat: (high, low)}` for every seat whose `folded` entry is false, in seat order.
///
/// `game` is the game's code (its index in `VARIANTS`). `holes` holds each seat's cards
/// (in stud, all of them), `board` the board (in stud, the common card if one was
/// turned). A game with one hand kind (a low game, say) ranks it in the high place, with
/// 0 for the low; a hi-lo game ranks both. `trips_beat_straight` is short deck's order.
#[pyfunction]
#[pyo3(signature = (game, holes, board, folded, trips_beat_straight = true))]
pub fn showdown_ranks<'py>(
    py: Python<'py>,
    game: usize,
    holes: Vec<Bound<'py, PyAny>>,
    board: &Bound<'py, PyAny>,
    folded: Vec<bool>,
    trips_beat_straight: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let Some(row) = VARIANTS.get(game) else {
        return Err(InvalidSpecError::new_err(format!(
            "{game} is not a game code: 0 to {} (the index in VARIANTS)",
            VARIANTS.len() - 1
        )));
    };
    if holes.len() != folded.len() {
        return Err(InvalidSpecError::new_err(format!(
            "{} seats' hole cards but {} folded flags: one of each per seat",
            holes.len(),
            folded.len()
        )));
    }
    let order = if trips_beat_straight {
        ShortDeckOrder::TripsBeatStraight
    } else {
        ShortDeckOrder::StraightBeatsTrips
    };
    let kinds = match (row.high, row.low) {
        (Some(high), low) => (high, low),
        (None, Some(low)) => (low, None),
        (None, None) => unreachable!("every row has a hand kind (a test of the table)"),
    };
    let board = card_set(board)?;
    let ranks = PyDict::new(py);
    for (seat, (hole, out)) in holes.iter().zip(folded).enumerate() {
        if out {
            continue;
        }
        let hole = card_set(hole)?;
        let first = core(rank(kinds.0, hole, board, order))?;
        let second = match kinds.1 {
            Some(kind) => core(rank(kind, hole, board, order))?,
            None => 0,
        };
        let pair = [class_int(py, first), class_int(py, second)];
        ranks.set_item(seat, PyTuple::new(py, pair)?)?;
    }
    Ok(ranks)
}
