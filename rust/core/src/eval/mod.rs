//! Hand evaluators.
//!
//! - [`high`]: Texas Hold'em and any best-five-of-five-to-seven high hand.
//! - [`omaha`]: Omaha high for 4 to 6 hole cards, and Omaha Hi-Lo.
//! - [`low`]: the eight-or-better low, on its own scale, [`LowRank`].
//! - [`short_deck`]: short-deck (six-plus) high hands, [`ShortDeckRank`].
//! - [`low_a5`]: the ace-to-five low of razz, [`A5LowRank`], whose best 56 classes are the
//!   eight-or-better lows.
//! - [`low_27`]: the deuce-to-seven low of 2-7 single and triple draw, [`Low27Rank`].
//! - [`badugi`]: badugi's four-card hands, [`BadugiRank`].
//!
//! Seven-card stud high is [`high`] on 5, 6 or 7 cards; stud hi-lo's low is [`low`]'s
//! eight-or-better low ([`A5LowRank::eight_or_better`] of the best ace-to-five low).
//!
//! Every high evaluator answers on the same scale, [`HandRank`].

pub mod badugi;
mod choice;
pub mod hash;
pub mod high;
mod high_simd;
pub mod low;
pub mod low_27;
pub mod low_a5;
mod multiset;
pub mod omaha;
mod omaha_rows;
mod omaha_simd;
mod rank;
mod rows;
pub mod short_deck;

#[cfg(test)]
#[allow(dead_code)]
pub(crate) mod gen;

mod tables {
    include!(concat!(env!("OUT_DIR"), "/tables.rs"));
}

pub use badugi::{evaluate_badugi, BadugiRank};
pub use high::{evaluate, evaluate_cards, HandKey};
pub use high_simd::{
    rank_rows, rank_rows_checked, rank_rows_checked_using, rank_rows_using, Kernel, KERNEL_ENV,
};
pub use low::LowRank;
pub use low_27::{evaluate_low_27, Low27Rank};
pub use low_a5::{evaluate_low_a5, A5LowRank};
pub use omaha::{evaluate_omaha, evaluate_omaha_hilo, evaluate_omaha_low, OmahaBoard, OmahaHole};
// The batch forms live beside the per-hand ones they call, and are reached from here.
pub use omaha_rows::{
    omaha_hilo_rows, omaha_hilo_rows_checked, omaha_low_rows, omaha_low_rows_checked,
    omaha_rank_rows, omaha_rank_rows_checked,
};
pub use omaha_simd::OmahaKernel;
pub use rank::{Category, HandRank};
pub use short_deck::{evaluate_short_deck, ShortDeckOrder, ShortDeckRank};
