//! Terminal values in time linear in the hands: folds and showdowns with exact card
//! removal.
//!
//! A player's counterfactual value at a terminal is, for each hand `h`, a payoff times the
//! opponent's reach summed over the opposing hands that share no card with `h`. That sum is
//! the total reach, less the reach of hands holding `h`'s first card, less that of hands
//! holding its second, plus the one hand holding both (counted twice): 52 per-card sums
//! make it O(1) per hand.
//!
//! At a showdown the sum is split into weaker and stronger opposing hands. Both players'
//! hands are sorted by strength once per river board (the core's seven-card evaluator);
//! one ascending sweep accumulates the weaker hands' reach, in total and per card, and one
//! descending sweep the stronger ones': O(n) per showdown, each hand compared only with
//! the hands it can meet.

use super::hands::{Players, NONE};
use crate::card_set::CardSet;
use crate::eval::HandKey;

/// A hand in a strength-sorted list: what the sweeps read, side by side in memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Entry {
    strength: u16,
    hand: u16,
    cards: [u8; 2],
}

/// Both players' hands sorted by strength on each river board.
#[derive(Debug, Clone, Default)]
pub(crate) struct Showdowns {
    /// `sorted[river][p]`: player `p`'s hands that miss the board, ascending by strength.
    sorted: Vec<[Vec<Entry>; 2]>,
    /// The river boards.
    boards: Vec<u64>,
}

impl Showdowns {
    /// The tables for the river boards `rivers`.
    pub fn new(players: &Players, rivers: &[u64]) -> Showdowns {
        use rayon::prelude::*;
        let sorted = rivers
            .par_iter()
            .map(|&board| {
                let key = HandKey::from_set(CardSet::from_mask_truncate(board));
                [0, 1].map(|p| {
                    let hands = &players.hands[p];
                    let mut list: Vec<Entry> = (0..hands.len())
                        .filter(|&h| hands.mask(h) & board == 0)
                        .map(|h| {
                            let [a, b] = hands.cards[h];
                            Entry {
                                strength: key.add_index(a).add_index(b).rank().class(),
                                hand: h as u16,
                                cards: [a, b],
                            }
                        })
                        .collect();
                    list.sort_unstable();
                    list
                })
            })
            .collect();
        Showdowns {
            sorted,
            boards: rivers.to_vec(),
        }
    }

    /// Bytes the tables hold.
    pub fn bytes(&self) -> u64 {
        self.sorted
            .iter()
            .map(|s| 6 * (s[0].len() + s[1].len()) as u64 + 48)
            .sum()
    }

    /// Bytes the tables for `rivers` will hold with `n0` and `n1` hands (an upper bound).
    pub fn estimate(rivers: usize, n0: usize, n1: usize) -> u64 {
        rivers as u64 * (6 * (n0 + n1) as u64 + 48)
    }
}

/// Sums of the opponent's reach: total and by card (64 slots, so that a card index masked
/// to 6 bits needs no bounds check).
struct Reach {
    total: f64,
    by_card: [f64; 64],
}

/// The sums over the opponent's hands that miss `board` (the others keep a reach below
/// a chance node: see `Ctx::sum_chance`).
fn reach_sums(players: &Players, o: usize, reach: &[f32], board: u64) -> Reach {
    let mut sums = Reach {
        total: 0.0,
        by_card: [0.0; 64],
    };
    let hands = &players.hands[o];
    for ((&r, &mask), &[a, b]) in reach.iter().zip(&hands.masks).zip(&hands.cards) {
        if r != 0.0 && mask & board == 0 {
            let r = f64::from(r);
            sums.total += r;
            sums.by_card[usize::from(a & 63)] += r;
            sums.by_card[usize::from(b & 63)] += r;
        }
    }
    sums
}

/// `out[h]`: `payoff` times the opponent reach compatible with player `p`'s hand `h`
/// (0 for hands that touch `board`).
pub(crate) fn fold_values(
    out: &mut [f32],
    players: &Players,
    p: usize,
    reach: &[f32],
    board: u64,
    payoff: f64,
) {
    let sums = reach_sums(players, p ^ 1, reach, board);
    if sums.total == 0.0 {
        out.fill(0.0);
        return;
    }
    let hands = &players.hands[p];
    let same = &players.same[p];
    for (h, (v, (&mask, &[a, b]))) in out
        .iter_mut()
        .zip(hands.masks.iter().zip(&hands.cards))
        .enumerate()
    {
        if mask & board != 0 {
            *v = 0.0;
            continue;
        }
        let mut compatible =
            sums.total - sums.by_card[usize::from(a & 63)] - sums.by_card[usize::from(b & 63)];
        if same[h] != NONE {
            compatible += f64::from(reach[same[h] as usize]);
        }
        *v = (payoff * compatible) as f32;
    }
}

/// [`fold_values`] on river board `river`: the same values, read from the lists of the
/// hands that miss the board, with no card tests.
pub(crate) fn river_fold_values(
    out: &mut [f32],
    players: &Players,
    showdowns: &Showdowns,
    p: usize,
    reach: &[f32],
    river: usize,
    payoff: f64,
) {
    let mut total = 0.0f64;
    let mut by_card = [0.0f64; 64];
    for t in &showdowns.sorted[river][p ^ 1] {
        let r = reach.get(usize::from(t.hand)).copied().unwrap_or(0.0);
        if r != 0.0 {
            let r = f64::from(r);
            total += r;
            by_card[usize::from(t.cards[0] & 63)] += r;
            by_card[usize::from(t.cards[1] & 63)] += r;
        }
    }
    out.fill(0.0);
    if total == 0.0 {
        return;
    }
    let same = &players.same[p];
    for e in &showdowns.sorted[river][p] {
        let h = usize::from(e.hand);
        let mut compatible =
            total - by_card[usize::from(e.cards[0] & 63)] - by_card[usize::from(e.cards[1] & 63)];
        if let Some(&j) = same.get(h).filter(|&&j| j != NONE) {
            compatible += f64::from(reach.get(j as usize).copied().unwrap_or(0.0));
        }
        if let Some(o) = out.get_mut(h) {
            *o = (payoff * compatible) as f32;
        }
    }
}

/// The payoffs of a showdown to the player whose values are wanted.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Payoffs {
    pub win: f64,
    pub lose: f64,
    pub tie: f64,
}

/// `out[h]`: player `p`'s hand `h` against the opponent's reach on river board `river`:
/// `win` times the reach of weaker compatible hands, `lose` times that of stronger ones,
/// `tie` times that of equal ones.
pub(crate) fn showdown_values(
    out: &mut [f32],
    players: &Players,
    showdowns: &Showdowns,
    p: usize,
    reach: &[f32],
    river: usize,
    pay: Payoffs,
) {
    SCRATCH.with(|scratch| {
        let mut scratch = scratch.borrow_mut();
        let (live, weaker) = &mut *scratch;
        sweep(out, players, showdowns, p, reach, river, pay, live, weaker);
    });
}

thread_local! {
    /// Each thread's buffers for [`sweep`], reused from one showdown to the next (a
    /// showdown is a few microseconds: allocating its buffers would be a good share).
    static SCRATCH: std::cell::RefCell<(Vec<Live>, Vec<f64>)> =
        const { std::cell::RefCell::new((Vec::new(), Vec::new())) };
}

#[allow(clippy::too_many_arguments)]
fn sweep(
    out: &mut [f32],
    players: &Players,
    showdowns: &Showdowns,
    p: usize,
    reach: &[f32],
    river: usize,
    pay: Payoffs,
    live: &mut Vec<Live>,
    weaker: &mut Vec<f64>,
) {
    let mine = &showdowns.sorted[river][p];
    out.fill(0.0);
    // The opposing hands with a reach, in strength order: deep in the tree most have
    // none, and both sweeps then read a short list front to back.
    live.clear();
    for t in &showdowns.sorted[river][p ^ 1] {
        let r = reach.get(usize::from(t.hand)).copied().unwrap_or(0.0);
        if r != 0.0 {
            live.push(Live {
                strength: t.strength,
                cards: t.cards,
                reach: r,
            });
        }
    }
    if live.is_empty() {
        return;
    }
    // Ascending: the reach of strictly weaker opposing hands, by position in `mine`.
    weaker.clear();
    weaker.resize(mine.len(), 0.0);
    let mut total = 0.0f64;
    let mut by_card = [0.0f64; 64];
    let mut next = live.iter().peekable();
    for (w, e) in weaker.iter_mut().zip(mine) {
        while let Some(t) = next.next_if(|t| t.strength < e.strength) {
            let r = f64::from(t.reach);
            total += r;
            by_card[usize::from(t.cards[0] & 63)] += r;
            by_card[usize::from(t.cards[1] & 63)] += r;
        }
        *w = total - by_card[usize::from(e.cards[0] & 63)] - by_card[usize::from(e.cards[1] & 63)];
    }
    // Descending: the reach of strictly stronger ones.
    let sums = (pay.tie != 0.0).then(|| reach_sums(players, p ^ 1, reach, showdowns.boards[river]));
    let same = &players.same[p];
    let mut total = 0.0f64;
    let mut by_card = [0.0f64; 64];
    let mut next = live.iter().rev().peekable();
    for (&weaker, e) in weaker.iter().zip(mine).rev() {
        while let Some(t) = next.next_if(|t| t.strength > e.strength) {
            let r = f64::from(t.reach);
            total += r;
            by_card[usize::from(t.cards[0] & 63)] += r;
            by_card[usize::from(t.cards[1] & 63)] += r;
        }
        let stronger =
            total - by_card[usize::from(e.cards[0] & 63)] - by_card[usize::from(e.cards[1] & 63)];
        let h = usize::from(e.hand);
        let mut value = pay.win * weaker - pay.lose * stronger;
        if let Some(sums) = &sums {
            // Ties: the compatible reach that is neither weaker nor stronger.
            let [a, b] = e.cards;
            let mut compatible =
                sums.total - sums.by_card[usize::from(a & 63)] - sums.by_card[usize::from(b & 63)];
            if same[h] != NONE {
                compatible += f64::from(reach[same[h] as usize]);
            }
            value += pay.tie * (compatible - weaker - stronger);
        }
        if let Some(o) = out.get_mut(h) {
            *o = value as f32;
        }
    }
}

/// An opposing hand with a reach, for the sweeps.
#[derive(Debug, Clone, Copy)]
struct Live {
    strength: u16,
    cards: [u8; 2],
    /// Kept as `f32` (8 bytes an entry) and summed as `f64`.
    reach: f32,
}
