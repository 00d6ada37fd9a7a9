//! The game an encoder reads: what its row of the variant table makes the layout hold and
//! the reader read, and how the hand state numbers its streets.

use pokerforge_core::obs::Shape;
use pokerforge_core::variant::Variant;
use pyo3::prelude::*;

use crate::errors::to_py;
use crate::input::seq::{setting, small};
use crate::input::Int;

/// What a game's row makes the reader read beyond the board games' fields: each seat's
/// cards as they change, its up cards, its draws; and the game's street of each value of
/// the state's `street`.
#[derive(Debug, Clone)]
pub struct Game {
    /// `streets[value]`: the street's index among the game's, for each `street` value the
    /// state may hold (`NONE` for a value of no street of the game).
    pub streets: [u8; 32],
    /// The game's streets.
    pub count: usize,
    pub cards_change: bool,
    pub up: bool,
    pub draws: usize,
}

/// A `street` value of no street of the game.
pub const NONE: u8 = u8::MAX;

/// The layout's shape and what the reader reads for the game called `name` (Hold'em when
/// `None`) played with `hole_cards` each (its row's first count when `None`), whose
/// streets the hand state numbers `streets` (in the row's order; 0, 1, ... when `None`).
pub fn game_of(
    name: Option<&str>,
    hole_cards: Option<Int>,
    streets: Option<Vec<Int>>,
) -> PyResult<(Shape, Game)> {
    let variant = Variant::named(name.unwrap_or("holdem"))
        .ok_or_else(|| setting("game", format!("{name:?}"), "a game of the variant table"))?;
    let hole = match hole_cards {
        None => usize::from(variant.hole_cards[0]),
        Some(count) => small(
            count,
            "hole_cards",
            52,
            "one of the game's hole-card counts",
        )?,
    };
    if !variant.hole_cards.iter().any(|&h| usize::from(h) == hole) {
        return Err(setting(
            "hole_cards",
            hole,
            "one of the game's hole-card counts",
        ));
    }
    let shape = Shape::of(variant, hole).map_err(to_py)?;
    let count = shape.streets.len();
    let values = match streets {
        None => (0..count).collect(),
        Some(values) => values
            .into_iter()
            .map(|v| small(v, "streets", 31, "a street value from 0 to 31"))
            .collect::<PyResult<Vec<usize>>>()?,
    };
    let mut map = [NONE; 32];
    if values.len() != count {
        return Err(setting(
            "streets",
            values.len(),
            "one value per street of the game",
        ));
    }
    for (i, &value) in values.iter().enumerate() {
        if map[value] != NONE {
            return Err(setting(
                "streets",
                value,
                "a value for each street, none twice",
            ));
        }
        map[value] = i as u8;
    }
    let game = Game {
        streets: map,
        count,
        cards_change: shape.cards_change,
        up: shape.up,
        draws: shape.draws,
    };
    Ok((shape, game))
}
