//! Hand evaluators.
//!
//! - [`high`]: Texas Hold'em and any best-five-of-five-to-seven high hand.
//!
//! Every evaluator answers on the same scale, [`HandRank`].

pub mod hash;
pub mod high;
mod rank;

#[cfg(test)]
#[allow(dead_code)]
pub(crate) mod gen;

mod tables {
    include!(concat!(env!("OUT_DIR"), "/tables.rs"));
}

pub use high::{evaluate, evaluate_cards, HandKey};
pub use rank::{Category, HandRank};
