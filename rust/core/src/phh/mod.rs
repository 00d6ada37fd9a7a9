//! Reading PHH hand histories fast: `.phhs` text cut into hands, each hand's fields read
//! and its actions tokenised into typed steps with amounts in chips and cards as indices.
//!
//! The reader answers what it can read in the dataset's usual form and leaves everything
//! else to the Python reader (a table that needs a full TOML reader: [`Fallback`]; a hand
//! whose fields would be refused: no [`Steps`]), so there is one piece of code that refuses
//! a bad hand, with one message. The rules of the game are not here: the Python game layer
//! replays the steps.

mod fields;
mod steps;
mod tables;

pub use fields::{read_fields, Fallback, Value};
pub use steps::{read_steps, Arg, Step, Steps, Verb};
pub use tables::{has_header, split_tables, Split, Table};
