//! Exact Omaha and Omaha hi-lo runouts for known hole cards: every board, each prepared
//! once ([`OmahaBoard`]) and then asked about every hole, with the boards split by their
//! first card into units that run on separate threads.

use rayon::prelude::*;

use super::result::{Counts, MAX_PLAYERS};
use crate::card_set::FULL_MASK;
use crate::eval::OmahaBoard;

/// Adds one board (complete, five cards) to `counts`.
#[inline]
pub(crate) fn score_board(counts: &mut Counts, holes: &[u64], board: u64) {
    let prepared = OmahaBoard::from_mask(board);
    let mut high = [0u16; MAX_PLAYERS];
    for (h, &hole) in high.iter_mut().zip(holes) {
        *h = prepared.rank_mask(hole).class();
    }
    let n = holes.len();
    if counts.hilo.is_some() {
        let mut low = [0u8; MAX_PLAYERS];
        for (l, &hole) in low.iter_mut().zip(holes) {
            *l = prepared.low_mask(hole);
        }
        counts.score_hilo(&high[..n], &low[..n]);
    } else {
        counts.score(&high[..n], 1);
        counts.total += 1;
    }
}

/// Counts every completion of `board` from the cards not in `holes`, `board` or `dead`
/// (hole cards disjoint and 4 to 6 each, checked by the caller). The sums of the units
/// are added in a fixed order, so the result does not depend on the thread count.
pub(crate) fn count_runouts(holes: &[u64], board: u64, dead: u64, hilo: bool) -> Counts {
    let used = holes.iter().fold(board | dead, |a, &h| a | h);
    let cards: Vec<u8> = (0..52u8)
        .filter(|&c| (used | !FULL_MASK) >> c & 1 == 0)
        .collect();
    let need = 5 - board.count_ones() as usize;
    let empty = || {
        if hilo {
            Counts::new_hilo()
        } else {
            Counts::new()
        }
    };
    if need == 0 {
        let mut counts = empty();
        score_board(&mut counts, holes, board);
        return counts;
    }
    // Unit `i`: the boards whose lowest drawn card is `cards[i]`.
    let units: Vec<Counts> = (0..cards.len())
        .into_par_iter()
        .map(|first| {
            let mut counts = empty();
            visit(
                &cards,
                first,
                need - 1,
                board | 1 << cards[first],
                &mut |b| score_board(&mut counts, holes, b),
            );
            counts
        })
        .collect();
    let mut total = empty();
    for unit in &units {
        total.merge(unit);
    }
    total
}

/// Calls `f` with `board` plus every `left` cards of `cards` after index `after`.
fn visit(cards: &[u8], after: usize, left: usize, board: u64, f: &mut impl FnMut(u64)) {
    if left == 0 {
        f(board);
        return;
    }
    for i in after + 1..cards.len() {
        visit(cards, i, left - 1, board | 1 << cards[i], f);
    }
}
