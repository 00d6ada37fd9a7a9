//! Reading PHH hand histories: `.phhs` text cut into hands, each hand's fields read and its
//! actions tokenised into typed steps with amounts in chips and cards as indices.
//!
//! This is pokerforge's one reader of PHH fields and actions. The fields' TOML it reads in
//! the dataset's usual one-line form; a table in any other form a full TOML reader reads
//! ([`Fallback`]) and hands back as values for [`read_steps`]. Whatever it cannot read is a
//! [`Problem`] that names the field or action. The rules of the game are not here: the
//! Python game layer replays the steps.

mod amount;
mod fields;
mod hand;
mod shown;
mod steps;
mod tables;

pub use amount::{MAX_CHIPS, MAX_PLACES};
pub use fields::{read_fields, Fallback, Value};
pub use hand::{read_steps, Problem, Steps, MONEY_FIELDS};
pub use steps::{Arg, Step, Verb};
pub use tables::{has_header, split_tables, Split, Table};
