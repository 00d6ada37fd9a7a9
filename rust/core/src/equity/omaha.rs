//! Exact Omaha and Omaha hi-lo runouts for known hole cards: every board, each prepared
//! once ([`OmahaBoard`]) and then asked about every hole, with the boards split by their
//! first card into units that run on separate threads.

use rayon::prelude::*;

use super::result::{category_of, Counts, HiLo};
use crate::card_set::FULL_MASK;
use crate::eval::{OmahaBoard, OmahaHole};
use crate::MAX_PLAYERS;

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

/// Adds one board to `counts` for holes prepared once ([`OmahaHole`]), the exact
/// enumeration's inner loop.
#[inline]
fn score_prepared(counts: &mut Counts, holes: &[OmahaHole], board: u64) {
    let prepared = OmahaBoard::from_mask(board);
    let mut high = [0u16; MAX_PLAYERS];
    for (h, hole) in high.iter_mut().zip(holes) {
        *h = prepared.rank_hole(hole).class();
    }
    let n = holes.len();
    if counts.hilo.is_some() {
        let mut low = [0u8; MAX_PLAYERS];
        for (l, hole) in low.iter_mut().zip(holes) {
            *l = prepared.low_hole(hole);
        }
        counts.score_hilo(&high[..n], &low[..n]);
    } else {
        counts.score(&high[..n], 1);
        counts.total += 1;
    }
}

/// Hi-lo results of two players in whole quarters of the pot (each half goes to one
/// player or splits in two), so that the per-board work is integer adds; turned into
/// [`Counts`] at the end with the same values [`Counts::score_hilo`] would sum.
#[derive(Debug, Default)]
struct HeadsUpHiLo {
    total: i64,
    wins: [i64; 2],
    parts: [i64; 2],
    categories: [[i64; 9]; 2],
    share: [i64; 2],
    share_sq: [i64; 2],
    high: [i64; 2],
    low: [i64; 2],
}

impl HeadsUpHiLo {
    #[inline(always)]
    fn add(&mut self, board: u64, holes: &[OmahaHole; 2]) {
        let prepared = OmahaBoard::from_mask(board);
        let h = [
            prepared.rank_hole(&holes[0]).class(),
            prepared.rank_hole(&holes[1]).class(),
        ];
        let l = [prepared.low_hole(&holes[0]), prepared.low_hole(&holes[1])];
        // Quarters of the pot from each half: the high half is the whole pot (4) when
        // nobody has a low, half (2) otherwise; a tied half splits evenly.
        let has_low = l[0] | l[1] != 0;
        let high_pot = if has_low { 2 } else { 4 };
        self.total += 1;
        for p in 0..2 {
            let q = 1 - p;
            let from_high = match h[p].cmp(&h[q]) {
                std::cmp::Ordering::Greater => high_pot,
                std::cmp::Ordering::Equal => high_pot / 2,
                std::cmp::Ordering::Less => 0,
            };
            let from_low = if l[p] == 0 {
                0
            } else {
                match l[p].cmp(&l[q]) {
                    std::cmp::Ordering::Greater => 2,
                    std::cmp::Ordering::Equal => 1,
                    std::cmp::Ordering::Less => 0,
                }
            };
            let share = from_high + from_low;
            self.categories[p][category_of(h[p])] += 1;
            self.high[p] += from_high;
            self.low[p] += from_low;
            self.share[p] += share;
            self.share_sq[p] += share * share;
            self.wins[p] += i64::from(share == 4);
            self.parts[p] += i64::from(share > 0 && share < 4);
        }
    }

    fn merge(&mut self, other: &HeadsUpHiLo) {
        self.total += other.total;
        for p in 0..2 {
            self.wins[p] += other.wins[p];
            self.parts[p] += other.parts[p];
            self.share[p] += other.share[p];
            self.share_sq[p] += other.share_sq[p];
            self.high[p] += other.high[p];
            self.low[p] += other.low[p];
            for c in 0..9 {
                self.categories[p][c] += other.categories[p][c];
            }
        }
    }

    fn counts(&self) -> Counts {
        let mut counts = Counts::new();
        let mut split = HiLo::default();
        counts.total = self.total;
        for p in 0..2 {
            counts.wins[p] = self.wins[p];
            counts.ties[p][0] = self.parts[p];
            counts.categories[p] = self.categories[p];
            // Quarters (and squared quarters) back to pot shares; exact in binary.
            split.share[p] = self.share[p] as f64 / 4.0;
            split.share_sq[p] = self.share_sq[p] as f64 / 16.0;
            split.high[p] = self.high[p] as f64 / 4.0;
            split.low[p] = self.low[p] as f64 / 4.0;
        }
        counts.hilo = Some(Box::new(split));
        counts
    }
}

/// Counts every completion of `board` from the cards not in `holes`, `board` or `dead`
/// (hole cards disjoint and 4 to 6 each, checked by the caller). The sums of the units
/// are added in a fixed order, so the result does not depend on the thread count.
///
/// `abort` is asked every [`ABORT_CHECK`] boards of a unit; once it answers true the
/// boards left are skipped and the count is `None`.
pub(crate) fn count_runouts(
    holes: &[u64],
    board: u64,
    dead: u64,
    hilo: bool,
    abort: &(dyn Fn() -> bool + Sync),
) -> Option<Counts> {
    let used = holes.iter().fold(board | dead, |a, &h| a | h);
    let cards: Vec<u8> = (0..52u8)
        .filter(|&c| (used | !FULL_MASK) >> c & 1 == 0)
        .collect();
    let need = 5 - board.count_ones() as usize;
    let prepared: Vec<OmahaHole> = holes.iter().map(|&h| OmahaHole::from_mask(h)).collect();
    let empty = || {
        if hilo {
            Counts::new_hilo()
        } else {
            Counts::new()
        }
    };
    if need == 0 {
        let mut counts = empty();
        score_prepared(&mut counts, &prepared, board);
        return Some(counts);
    }
    // Boards seen by one unit and whether its hook said stop: once it has, the rest of
    // the unit's boards are passed over unscored.
    let checked = |seen: &mut u64, stopped: &mut bool| {
        *seen += 1;
        if *seen % ABORT_CHECK == 0 && abort() {
            *stopped = true;
        }
        !*stopped
    };
    if let (true, [a, b]) = (hilo, prepared.as_slice()) {
        // Two players at hi-lo, the common case: integer quarters of the pot.
        let pair = [*a, *b];
        let units: Vec<Option<HeadsUpHiLo>> = (0..cards.len())
            .into_par_iter()
            .map(|first| {
                let mut acc = HeadsUpHiLo::default();
                let (mut seen, mut stopped) = (0, abort());
                let start = board | 1 << cards[first];
                visit(&cards, first, need - 1, start, &mut |b| {
                    if checked(&mut seen, &mut stopped) {
                        acc.add(b, &pair);
                    }
                });
                (!stopped).then_some(acc)
            })
            .collect();
        let mut total = HeadsUpHiLo::default();
        for unit in &units {
            total.merge(unit.as_ref()?);
        }
        return Some(total.counts());
    }
    // Unit `i`: the boards whose lowest drawn card is `cards[i]`.
    let units: Vec<Option<Counts>> = (0..cards.len())
        .into_par_iter()
        .map(|first| {
            let mut counts = empty();
            let (mut seen, mut stopped) = (0, abort());
            visit(
                &cards,
                first,
                need - 1,
                board | 1 << cards[first],
                &mut |b| {
                    if checked(&mut seen, &mut stopped) {
                        score_prepared(&mut counts, &prepared, b);
                    }
                },
            );
            (!stopped).then_some(counts)
        })
        .collect();
    let mut total = empty();
    for unit in &units {
        total.merge(unit.as_ref()?);
    }
    Some(total)
}

/// Boards scored between two questions to the abort hook (about a millisecond of work).
const ABORT_CHECK: u64 = 1 << 12;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card_set::CardSet;

    fn mask(text: &str) -> u64 {
        text.parse::<CardSet>().unwrap().mask()
    }

    /// Every board through the general per-board scoring, one thread.
    fn general(holes: &[u64], board: u64) -> Counts {
        let used = holes.iter().fold(board, |a, &h| a | h);
        let cards: Vec<u8> = (0..52u8).filter(|&c| used >> c & 1 == 0).collect();
        let mut counts = Counts::new_hilo();
        let need = 5 - board.count_ones() as usize;
        for first in 0..cards.len() {
            visit(
                &cards,
                first,
                need - 1,
                board | 1 << cards[first],
                &mut |b| score_board(&mut counts, holes, b),
            );
        }
        counts
    }

    #[test]
    fn headsup_hilo_matches_the_general_scoring() {
        for (a, b, board) in [
            ("As2s3d4d", "KhKcQhQc", "2h7h9c"),
            ("As2s3d4d", "Ac2c3h4h", "5d6c9s"),
            ("Ah2h3c4c", "Ad2d3s4s", "5h6h"),
            ("AhKhQdJd", "9s8s7c6c", "2h3h9d"),
        ] {
            let holes = [mask(a), mask(b)];
            let board = mask(board);
            assert_eq!(
                count_runouts(&holes, board, 0, true, &|| false).unwrap(),
                general(&holes, board),
                "{a} {b}"
            );
        }
    }
}
