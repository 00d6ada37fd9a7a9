//! `ObsEncoder`: the core's observation encoder for one or many tables, writing into NumPy
//! arrays it owns (one row per table), so that a step creates no Python objects.
//!
//! The game layer decides every rule and applies every action; the encoder only reads
//! each table's declared hand state (`pokerforge.game.HandState`) and translates discrete
//! action indices into moves for the game layer to apply. By job:
//! - [`state`]: the state's layout checked, its fields read, each table's log followed;
//! - [`table`]: what the encoder keeps of each table, its log kept up with the state's;
//! - [`moves`]: the mask bits of an encoding and the move an index names under them;
//! - [`game`]: the game read, from its row of the variant table;
//! - [`rows`]: each table's row read, checked and written, and its turn kept;
//! - [`arrays`]: the encoder's arrays checked, and rows handed out as new arrays;
//! - [`encoder`]: the class.

mod arrays;
mod encoder;
mod game;
mod moves;
mod rows;
mod state;
mod table;

pub use encoder::{seed_of, PyObsEncoder};
