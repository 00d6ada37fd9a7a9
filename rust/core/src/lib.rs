//! pokerforge-core: cards as bitsets, hand evaluators and equity, in plain Rust.
//!
//! This crate has no Python in it: the `pokerforge-py` crate wraps it for Python. Every
//! fallible function returns [`Error`], whose variants carry the offending value.

pub mod card;
pub mod card_set;
pub mod deck;
pub mod equity;
pub mod error;
pub mod eval;
pub mod icm;
pub mod obs;
pub mod phh;
pub mod range;
pub mod rng;
pub mod rooms;
pub mod solver;
pub mod starting_hands;
pub mod variant;

/// The most players in a hand, at a table or in an equity question: the one place this
/// limit is written (the bindings give it to Python as `pokerforge._core.MAX_PLAYERS`).
pub const MAX_PLAYERS: usize = 10;

/// The accepted player counts, as error messages say them (`"2 to {MAX_PLAYERS}"`; a test
/// keeps the two equal: messages are `&'static str`).
pub const PLAYER_COUNTS: &str = "2 to 10";

pub use card::{Card, Rank, Suit};
pub use card_set::CardSet;
pub use deck::Deck;
pub use equity::{equity, EquityOptions, EquityResult, Game, Method, Player, PlayerEquity};
pub use error::{Error, Location, Result};
pub use eval::{
    A5LowRank, BadugiRank, Category, HandKey, HandRank, Low27Rank, LowRank, OmahaBoard, OmahaHole,
    ShortDeckOrder, ShortDeckRank,
};
pub use range::{Combo, Range};

#[cfg(test)]
mod limits {
    #[test]
    fn the_player_counts_say_the_limit() {
        assert_eq!(super::PLAYER_COUNTS, format!("2 to {}", super::MAX_PLAYERS));
    }
}
