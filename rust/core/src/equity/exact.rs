//! Exact equity: every combination of hole cards (grouped by suit symmetry), each over
//! every runout, spread over threads.

use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use super::deals::{deal_classes, symmetries, DealClass};
use super::holdem::count_runouts;
use super::result::{EquityResult, Method, Tally};
use super::{omaha, Game, Setup};
use crate::error::{Error, Result};

/// Most deals of hole cards that exact enumeration will list (beyond this the classes
/// alone would take too much memory; Monte Carlo is the tool).
pub(crate) const MAX_DEALS: u64 = 2_000_000;

/// Classes per batch: results of a batch are summed in order, so the sum does not
/// depend on the thread count, and cancellation is checked between batches.
const BATCH: usize = 256;

/// Estimated nanoseconds to count every runout of one deal of hole cards on one thread,
/// per player, by the number of board cards still to come (measured on the development
/// machine; only the order of magnitude matters).
const NANOS_PER_PLAYER: [f64; 6] = [20.0, 60.0, 400.0, 3_000.0, 20_000.0, 120_000.0];

/// Estimated nanoseconds per Omaha board and player (hi-lo a little more).
const OMAHA_NANOS_PER_PLAYER: f64 = 40.0;

fn binomial(n: u64, k: u64) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

/// Estimated seconds of exact work on one thread, or infinity when it is out of reach.
pub(crate) fn estimated_seconds(setup: &Setup) -> f64 {
    if setup.game != Game::Holdem {
        if !setup.dealt.is_empty() {
            return f64::INFINITY;
        }
        let known = setup
            .players
            .iter()
            .fold(setup.board | setup.dead, |a, h| a | h[0].mask);
        let boards = binomial(52 - known.count_ones() as u64, setup.need as u64);
        let threads = rayon::current_num_threads() as f64;
        return boards * OMAHA_NANOS_PER_PLAYER * setup.players.len() as f64 * 1e-9 / threads;
    }
    let deals: f64 = setup
        .players
        .iter()
        .map(|hands| hands.len() as f64)
        .product();
    if deals > MAX_DEALS as f64 * 24.0 {
        return f64::INFINITY;
    }
    // Without a board or dead cards all 24 suit permutations are symmetries; ranges
    // spread over suits, so the classes shrink the work roughly by the group's size.
    let group = symmetries(setup.board, setup.dead).len() as f64;
    let classes = if deals > 1.0 {
        (deals / group).max(1.0)
    } else {
        1.0
    };
    classes * NANOS_PER_PLAYER[setup.need] * setup.players.len() as f64 * 1e-9
}

/// Exact equity of a validated setup.
pub(crate) fn run(setup: &Setup, cancel: Option<&AtomicBool>) -> Result<EquityResult> {
    let n = setup.players.len();
    if setup.game != Game::Holdem {
        if !setup.dealt.is_empty() {
            return Err(Error::InvalidSetting {
                name: "method",
                value: "\"exact\"".to_string(),
                expected: "\"monte-carlo\" or \"auto\": exact Omaha equity needs every hand known",
            });
        }
        if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            return Err(Error::Interrupted);
        }
        let holes: Vec<u64> = setup.players.iter().map(|h| h[0].mask).collect();
        let hilo = setup.game == Game::OmahaHiLo;
        let counts = omaha::count_runouts(&holes, setup.board, setup.dead, hilo);
        let mut tally = Tally::new(n);
        tally.add(&counts, 1.0, 1);
        return Ok(tally.finish(Method::Exact, None));
    }
    let perms = symmetries(setup.board, setup.dead);
    let classes = deal_classes(&setup.players, &perms, MAX_DEALS).ok_or(Error::InvalidSetting {
        name: "method",
        value: "\"exact\"".to_string(),
        expected:
            "\"monte-carlo\" or \"auto\": these ranges make too many combinations to enumerate",
    })?;
    if classes.is_empty() {
        return Err(Error::NoPossibleHand { player: None });
    }
    let mut tally = Tally::new(n);
    for batch in classes.chunks(BATCH) {
        if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            return Err(Error::Interrupted);
        }
        let counted: Vec<_> = batch
            .par_iter()
            .map(|class: &DealClass| count_runouts(&class.holes[..n], setup.board, setup.dead))
            .collect();
        for (class, counts) in batch.iter().zip(&counted) {
            tally.add(counts, class.weight, class.copies);
        }
    }
    Ok(tally.finish(Method::Exact, None))
}
