//! Each hand's showdown equity at a place of a solved game: its share of the pot if both
//! players checked it down from there, against the opponent's hands as the line leaves
//! them (the opponent's range weighted by the average strategy along the line).
//!
//! Every way of completing the board is dealt (none on the river, 46 on the turn, 1,176
//! or fewer on the flop). On each final board both players' hands are sorted by strength
//! and one sweep gives each hand the opponent's weight it beats and ties, with exact card
//! removal from per-card sums (as in `showdown.rs`): O(n log n) per board. A pair of hands
//! that share no card meets the same number of completions as any other such pair, so
//! summing over the completions weighs every pair alike, as the deal does.

use rayon::prelude::*;

use super::game::Game;
use super::hands::NONE;
use super::view::{board_in_real_suits, Line};
use crate::card_set::CardSet;
use crate::eval::HandKey;

/// Win and tie weights and the weight met, summed over completed boards, per hand.
#[derive(Clone)]
struct Sums {
    won: Vec<f64>,
    met: Vec<f64>,
}

impl Sums {
    fn new(n: usize) -> Sums {
        Sums {
            won: vec![0.0; n],
            met: vec![0.0; n],
        }
    }

    fn add(mut self, other: Sums) -> Sums {
        for (a, b) in self.won.iter_mut().zip(&other.won) {
            *a += b;
        }
        for (a, b) in self.met.iter_mut().zip(&other.met) {
            *a += b;
        }
        self
    }
}

/// Reach sums of the opponent's hands: in total and per card.
struct CardSums {
    total: f64,
    by_card: [f64; 64],
}

impl CardSums {
    fn new() -> CardSums {
        CardSums {
            total: 0.0,
            by_card: [0.0; 64],
        }
    }

    fn add(&mut self, reach: f64, [a, b]: [u8; 2]) {
        self.total += reach;
        self.by_card[usize::from(a & 63)] += reach;
        self.by_card[usize::from(b & 63)] += reach;
    }

    /// The sum over the hands that share no card with `[a, b]`, but for the hand holding
    /// both (counted out twice), whose reach `same` is added back.
    fn without(&self, [a, b]: [u8; 2], same: f64) -> f64 {
        self.total - self.by_card[usize::from(a & 63)] - self.by_card[usize::from(b & 63)] + same
    }
}

impl Game {
    /// Player `p`'s showdown equity with each hand at the line's node (see the module
    /// docs), in the order of [`Game::hands`]; NaN for a hand that meets none of the
    /// opponent's hands there (it holds a board card, or every opposing hand it could meet
    /// has left the line).
    pub fn equity_at(&self, line: &Line, p: usize) -> Vec<f64> {
        let p = p.min(1);
        let o = p ^ 1;
        let reach = self.reach_at(line);
        let board = board_in_real_suits(self.tree.nodes[line.node()].board, line.suits());
        let mine = &self.players.hands[p];
        let theirs = &self.players.hands[o];
        // The identical combo's reach for each hand (it meets the same completions).
        let same: Vec<f64> = self.players.same[p]
            .iter()
            .map(|&j| {
                if j == NONE {
                    0.0
                } else {
                    f64::from(reach[o][j as usize])
                }
            })
            .collect();
        let n = mine.len();
        let sums = completions(board)
            .into_par_iter()
            .fold(
                || Sums::new(n),
                |mut sums, full| {
                    let key = HandKey::from_set(CardSet::from_mask_truncate(full));
                    let strength = |[a, b]: [u8; 2]| key.add_index(a).add_index(b).rank().class();
                    let mut opp: Vec<(u16, f64, [u8; 2])> = (0..theirs.len())
                        .filter(|&j| reach[o][j] > 0.0 && theirs.masks[j] & full == 0)
                        .map(|j| {
                            let cards = theirs.cards[j];
                            (strength(cards), f64::from(reach[o][j]), cards)
                        })
                        .collect();
                    opp.sort_unstable_by_key(|e| e.0);
                    let mut own: Vec<(u16, usize)> = (0..n)
                        .filter(|&h| mine.masks[h] & full == 0)
                        .map(|h| (strength(mine.cards[h]), h))
                        .collect();
                    own.sort_unstable();
                    let mut all = CardSums::new();
                    for &(_, r, cards) in &opp {
                        all.add(r, cards);
                    }
                    let mut less = CardSums::new();
                    let mut at = 0;
                    let mut k = 0;
                    while k < own.len() {
                        let s = own[k].0;
                        while at < opp.len() && opp[at].0 < s {
                            less.add(opp[at].1, opp[at].2);
                            at += 1;
                        }
                        let mut equal = CardSums::new();
                        for &(_, r, cards) in opp[at..].iter().take_while(|e| e.0 == s) {
                            equal.add(r, cards);
                        }
                        while k < own.len() && own[k].0 == s {
                            let h = own[k].1;
                            let cards = mine.cards[h];
                            // The identical combo ties: it is in `equal`, never in `less`.
                            let won = less.without(cards, 0.0);
                            let tied = equal.without(cards, same[h]);
                            sums.won[h] += won + tied / 2.0;
                            sums.met[h] += all.without(cards, same[h]);
                            k += 1;
                        }
                    }
                    sums
                },
            )
            .reduce(|| Sums::new(n), Sums::add);
        sums.won
            .iter()
            .zip(&sums.met)
            .map(|(&w, &m)| if m > 1e-12 { w / m } else { f64::NAN })
            .collect()
    }
}

/// Every five-card board that completes `board` (itself when it has five cards).
fn completions(board: u64) -> Vec<u64> {
    let missing = 5usize.saturating_sub(board.count_ones() as usize);
    let free: Vec<u64> = (0..52)
        .map(|c| 1u64 << c)
        .filter(|&bit| bit & board == 0)
        .collect();
    match missing {
        0 => vec![board],
        1 => free.iter().map(|&a| board | a).collect(),
        _ => free
            .iter()
            .enumerate()
            .flat_map(|(i, &a)| free[i + 1..].iter().map(move |&b| board | a | b))
            .collect(),
    }
}
