//! Hand evaluators.
//!
//! - [`high`]: Texas Hold'em and any best-five-of-five-to-seven high hand.
//! - [`omaha`]: Omaha high for 4 to 6 hole cards, and Omaha Hi-Lo.
//! - [`low`]: the eight-or-better low, on its own scale, [`LowRank`].
//!
//! Every high evaluator answers on the same scale, [`HandRank`].

pub mod hash;
pub mod high;
pub mod low;
pub mod omaha;
mod omaha_rows;
mod rank;
mod rows;

#[cfg(test)]
#[allow(dead_code)]
pub(crate) mod gen;

mod tables {
    include!(concat!(env!("OUT_DIR"), "/tables.rs"));
}

pub use high::{evaluate, evaluate_cards, HandKey};
pub use low::LowRank;
pub use omaha::{evaluate_omaha, evaluate_omaha_hilo, evaluate_omaha_low, OmahaBoard, OmahaHole};
// The batch forms live beside the per-hand ones they call, and are reached from here.
pub use omaha_rows::{
    omaha_hilo_rows, omaha_hilo_rows_checked, omaha_low_rows, omaha_low_rows_checked,
    omaha_rank_rows, omaha_rank_rows_checked,
};
pub use rank::{Category, HandRank};
