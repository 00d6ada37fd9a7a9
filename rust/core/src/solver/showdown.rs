//! Terminal values in time linear in the hands: folds and showdowns with exact card
//! removal.
//!
//! A player's counterfactual value at a terminal is, for each hand `h`, a payoff times the
//! opponent's reach summed over the opposing hands that share no card with `h`. That sum is
//! the total reach, less the reach of hands holding `h`'s first card, less that of hands
//! holding its second, plus the one hand holding both (counted twice): 52 per-card sums
//! make it O(1) per hand.
//!
//! At a showdown the sum is split into weaker, equal and stronger opposing hands. Both
//! players' hands are sorted by strength once per river board (the core's seven-card
//! evaluator), and each run of equal strength in one list is stored with how many of the
//! other list's hands are weaker than it and how many are not stronger. One ascending sweep
//! accumulates the opposing reach, in total and per card, and reads at each run the reach
//! below it and up to it; the stronger reach is what the whole sum leaves beyond the
//! latter: O(n) per showdown, each opposing hand added once, no comparison in the sweep.

use super::gather::{Gathered, Opposing};
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

/// A run of hands of equal strength in one player's sorted list, placed against the other
/// player's list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Run {
    /// One past the run's last hand in the player's list.
    end: u16,
    /// The opposing hands strictly weaker: the first `below` of the other list.
    below: u16,
    /// The opposing hands not stronger: the first `upto` of the other list.
    upto: u16,
}

/// Both players' hands sorted by strength on each river board.
#[derive(Debug, Clone, Default)]
pub(crate) struct Showdowns {
    /// `sorted[river][p]`: player `p`'s hands that miss the board, ascending by strength.
    sorted: Vec<[Vec<Entry>; 2]>,
    /// `runs[river][p]`: the runs of equal strength of `sorted[river][p]`, in order.
    runs: Vec<[Vec<Run>; 2]>,
    /// `sides[river][p]`: `sorted[river][p]` as the gather of the opposing hands reads it.
    sides: Vec<[Opposing; 2]>,
}

/// Bytes per hand of the tables (an entry, its hand and cards apart, and at most one run,
/// per river board).
const HAND_BYTES: u64 =
    (std::mem::size_of::<Entry>() + Opposing::HAND_BYTES + std::mem::size_of::<Run>()) as u64;

impl Showdowns {
    /// The tables for the river boards `rivers`.
    pub fn new(players: &Players, rivers: &[u64]) -> Showdowns {
        use rayon::prelude::*;
        let (sorted, runs): (Vec<_>, Vec<_>) = rivers
            .par_iter()
            .map(|&board| {
                let key = HandKey::from_set(CardSet::from_mask_truncate(board));
                let sorted = [0, 1].map(|p| {
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
                });
                let runs = [0, 1].map(|p| runs_of(&sorted[p], &sorted[p ^ 1]));
                (sorted, runs)
            })
            .unzip();
        let side = |list: &[Entry]| Opposing::new(list.iter().map(|e| (e.hand, e.cards)));
        let sides = sorted.iter().map(|s| [side(&s[0]), side(&s[1])]).collect();
        Showdowns {
            sorted,
            runs,
            sides,
        }
    }

    /// Bytes the tables hold.
    pub fn bytes(&self) -> u64 {
        let runs = std::mem::size_of::<Run>() as u64;
        self.sorted
            .iter()
            .zip(&self.runs)
            .map(|(s, r)| {
                let entries = (std::mem::size_of::<Entry>() + Opposing::HAND_BYTES)
                    * (s[0].len() + s[1].len());
                entries as u64 + runs * (r[0].len() + r[1].len()) as u64 + 96
            })
            .sum()
    }

    /// Bytes the tables for `rivers` will hold with `n0` and `n1` hands (an upper bound).
    pub fn estimate(rivers: usize, n0: usize, n1: usize) -> u64 {
        rivers as u64 * (HAND_BYTES * (n0 + n1) as u64 + 96)
    }
}

/// The runs of equal strength of `mine`, each with the number of hands of `theirs` (sorted
/// the same way) below it and up to it.
fn runs_of(mine: &[Entry], theirs: &[Entry]) -> Vec<Run> {
    let mut runs = Vec::new();
    let mut start = 0;
    while start < mine.len() {
        let strength = mine[start].strength;
        let end = start + mine[start..].partition_point(|e| e.strength == strength);
        runs.push(Run {
            end: end as u16,
            below: theirs.partition_point(|t| t.strength < strength) as u16,
            upto: theirs.partition_point(|t| t.strength <= strength) as u16,
        });
        start = end;
    }
    runs
}

/// The sums over the opponent's hands that miss `board` (the others keep a reach below
/// a chance node: see `Ctx::sum_chance`), in hand order and without a branch.
///
/// Neighbouring hands often share a card (the combos of one hand class), and a sum kept
/// in memory would then wait on the last one's store: four interleaved banks of sums,
/// merged at the end, keep the additions independent.
fn reach_sums(players: &Players, o: usize, reach: &[f32], board: u64) -> Sums {
    let mut total = [0.0f64; BANKS];
    let mut by_card = [[0.0f64; 64]; BANKS];
    let hands = &players.hands[o];
    let rows = reach.iter().zip(&hands.masks).zip(&hands.cards);
    for (i, ((&r, &mask), &[a, b])) in rows.enumerate() {
        let r = if mask & board == 0 { f64::from(r) } else { 0.0 };
        let k = i % BANKS;
        total[k] += r;
        by_card[k][usize::from(a & 63)] += r;
        by_card[k][usize::from(b & 63)] += r;
    }
    let mut sums = Sums {
        total: total.iter().sum(),
        by_card: by_card[0],
    };
    for bank in &by_card[1..] {
        for (s, &x) in sums.by_card.iter_mut().zip(bank) {
            *s += x;
        }
    }
    sums
}

/// Interleaved banks of [`reach_sums`].
const BANKS: usize = 4;

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
    let rows = hands.masks.iter().zip(&hands.cards).zip(&players.same[p]);
    for (v, ((&mask, &cards), &same)) in out.iter_mut().zip(rows) {
        // The opposing hand with both cards, subtracted twice (`NONE` reads nothing).
        let both = reach.get(same as usize).copied().unwrap_or(0.0);
        let value = (payoff * (sums.without(cards) + f64::from(both))) as f32;
        *v = if mask & board == 0 { value } else { 0.0 };
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
///
/// With `fold` (`fold_out`, `payoff`), also the values of a fold of player `p` that the
/// same opposing reach meets (a sibling of the showdown below one of `p`'s decisions:
/// folding instead of calling on the river): `payoff` times the whole compatible opposing
/// reach, which the sweep sums anyway. About half the folds of a tree are such, and each
/// then costs a pass over the player's hands instead of a fold's two passes
/// ([`fold_values`]).
#[allow(clippy::too_many_arguments)]
pub(crate) fn showdown_values(
    out: &mut [f32],
    fold: Option<(&mut [f32], f64)>,
    players: &Players,
    showdowns: &Showdowns,
    p: usize,
    reach: &[f32],
    river: usize,
    pay: Payoffs,
) {
    SCRATCH.with(|scratch| {
        let mut scratch = scratch.borrow_mut();
        let mut compat = std::mem::take(&mut scratch.compat);
        compat.resize(out.len(), 0.0);
        let wanted = fold.is_some().then_some(&mut compat[..]);
        sweep(
            out,
            players,
            showdowns,
            p,
            reach,
            river,
            pay,
            wanted,
            &mut scratch,
        );
        if let Some((fold_out, payoff)) = fold {
            for (f, &c) in fold_out.iter_mut().zip(&compat) {
                *f = (payoff * c) as f32;
            }
        }
        scratch.compat = compat;
    });
}

thread_local! {
    /// Each thread's buffers for [`sweep`], reused from one showdown to the next (a
    /// showdown is a few microseconds: allocating its buffers would be a good share).
    static SCRATCH: std::cell::RefCell<Scratch> = const {
        std::cell::RefCell::new(Scratch {
            live: Gathered::new(),
            acc: Vec::new(),
            compat: Vec::new(),
        })
    };
}

/// The buffers of a sweep.
struct Scratch {
    /// The opposing hands with a reach, in strength order.
    live: Gathered,
    /// Each of the player's sorted hands' value so far.
    acc: Vec<f64>,
    /// Each of the player's hands' compatible opposing reach ([`showdown_values`]' fold).
    compat: Vec<f64>,
}

/// Running sums of the opposing reach: in total and by card.
struct Sums {
    total: f64,
    by_card: [f64; 64],
}

impl Sums {
    /// Adds hands of reaches `reach` and cards `cards` (as [`Gathered`] keeps them).
    #[inline(always)]
    fn add(&mut self, reach: &[f32], cards: &[u32]) {
        for (&r, &c) in reach.iter().zip(cards) {
            let r = f64::from(r);
            self.total += r;
            self.by_card[(c & 63) as usize] += r;
            self.by_card[(c >> 8 & 63) as usize] += r;
        }
    }

    /// The sum over the hands that share no card with `cards` (and the hand that holds
    /// both counted once, not at all: see the module docs).
    #[inline(always)]
    fn without(&self, cards: [u8; 2]) -> f64 {
        self.total
            - self.by_card[usize::from(cards[0] & 63)]
            - self.by_card[usize::from(cards[1] & 63)]
    }
}

#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn sweep(
    out: &mut [f32],
    players: &Players,
    showdowns: &Showdowns,
    p: usize,
    reach: &[f32],
    river: usize,
    pay: Payoffs,
    mut compat: Option<&mut [f64]>,
    scratch: &mut Scratch,
) {
    let Scratch { live, acc, .. } = scratch;
    let mine = &showdowns.sorted[river][p];
    let side = &showdowns.sides[river][p ^ 1];
    out.fill(0.0);
    if let Some(c) = compat.as_deref_mut() {
        c.fill(0.0);
    }
    live.gather(side, reach);
    let n = live.len;
    if n == 0 {
        return;
    }
    if acc.len() < mine.len() {
        acc.resize(mine.len(), 0.0);
    }
    let acc = &mut acc[..mine.len()];
    let (reaches, cards) = (&live.reach[..n], &live.cards[..n]);
    let part = |from: usize, to: usize| (reaches.get(from..to), cards.get(from..to));
    // value = win * weaker - lose * stronger + tie * equal, where with `upto` the reach not
    // stronger (equal hands and the one sharing both cards included) and `all` the whole
    // compatible reach less that hand, stronger = all - upto and equal = upto + same -
    // weaker: (win - tie) * weaker + (lose + tie) * upto, then - lose * all + tie * same.
    let (kw, ku) = (pay.win - pay.tie, pay.lose + pay.tie);
    let mut sums = Sums {
        total: 0.0,
        by_card: [0.0; 64],
    };
    let (mut i, mut j) = (0usize, 0usize);
    let place = |k: u16| live.before(usize::from(k));
    let add = |sums: &mut Sums, from: usize, to: usize| {
        if let (Some(r), Some(c)) = part(from, to) {
            sums.add(r, c);
        }
    };
    for run in &showdowns.runs[river][p] {
        let end = usize::from(run.end).min(mine.len());
        let (below, upto) = (place(run.below).max(j), place(run.upto));
        add(&mut sums, j, below);
        let (acc, hands) = (&mut acc[i.min(end)..end], &mine[i.min(end)..end]);
        if upto <= below {
            // No opposing hand of the run's strength (the common case): up to = below.
            for (x, e) in acc.iter_mut().zip(hands) {
                *x = (kw + ku) * sums.without(e.cards);
            }
        } else {
            for (x, e) in acc.iter_mut().zip(hands) {
                *x = kw * sums.without(e.cards);
            }
            add(&mut sums, below, upto);
            for (x, e) in acc.iter_mut().zip(hands) {
                *x += ku * sums.without(e.cards);
            }
        }
        (i, j) = (end, upto.max(below));
    }
    // The hands stronger than all of the player's.
    add(&mut sums, j, n);
    let same = &players.same[p];
    let both = |h: usize| {
        let k = same.get(h).copied().unwrap_or(NONE);
        f64::from(reach.get(k as usize).copied().unwrap_or(0.0))
    };
    // Each hand's value: the whole compatible reach, `sums.without` plus the hand holding
    // both cards, paid `-lose` beyond what the runs gave (that hand is equal: it is paid
    // `tie`, not `-lose`).
    if let Some(compat) = compat {
        for (&x, e) in acc.iter().zip(mine) {
            let h = usize::from(e.hand);
            let (without, both) = (sums.without(e.cards), both(h));
            if let (Some(o), Some(c)) = (out.get_mut(h), compat.get_mut(h)) {
                *o = (x - pay.lose * without + pay.tie * both) as f32;
                *c = without + both;
            }
        }
        return;
    }
    for (&x, e) in acc.iter().zip(mine) {
        let h = usize::from(e.hand);
        let mut value = x - pay.lose * sums.without(e.cards);
        if pay.tie != 0.0 {
            value += pay.tie * both(h);
        }
        if let Some(o) = out.get_mut(h) {
            *o = value as f32;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::range::Range;

    /// The sweep against a direct sum over every pair of hands, with ties and a rake
    /// (so that every payoff counts) and reaches with zeros among them.
    #[test]
    fn the_sweep_matches_a_sum_over_pairs() {
        check(
            "Td9d6hQc2s",
            "66+,A8s+,AJo+,K9s+,KQo,QTs+,JTs,96s+,54s",
            "QQ-22,AQs-A2s,ATo+,K5s+,Q8s+,T7s+,86s+,64s+",
        );
        // One player's best hand above all of the other's, and the other way round.
        check("Td9d6hQc2s", "QQ,T9s,AKo,55", "JJ,AdKd,98s,66");
        check("Td9d6hQc2s", "JJ,AdKd,98s,66", "QQ,T9s,AKo,55");
    }

    fn check(board: &str, oop: &str, ip: &str) {
        let board = CardSet::from_cards(CardSet::parse_cards(board).unwrap()).unwrap();
        let ranges = [Range::parse(oop).unwrap(), Range::parse(ip).unwrap()];
        let players = Players::new(&ranges, board).unwrap();
        let showdowns = Showdowns::new(&players, &[board.mask()]);
        let key = HandKey::from_set(board);
        let pay = Payoffs {
            win: 7.0,
            lose: 5.0,
            tie: -0.75,
        };
        let mut seed = 7u64;
        let mut cases = Vec::new();
        for p in 0..2 {
            let o = p ^ 1;
            let random: Vec<f32> = (0..players.len(o))
                .map(|_| {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    let x = (seed >> 40) as f32 / (1u64 << 24) as f32;
                    if x < 0.3 {
                        0.0
                    } else {
                        x
                    }
                })
                .collect();
            cases.push((p, random));
            // One opposing hand at a time: the weakest, the strongest, and some between.
            for k in (0..players.len(o)).step_by(23).chain([players.len(o) - 1]) {
                let mut one = vec![0.0f32; players.len(o)];
                one[k] = 1.0;
                cases.push((p, one));
            }
        }
        for (p, reach) in cases {
            let o = p ^ 1;
            let mut out = vec![f32::NAN; players.len(p)];
            showdown_values(&mut out, None, &players, &showdowns, p, &reach, 0, pay);
            // The showdown beside a fold: the same values, and the fold's as alone.
            let n = out.len();
            let (mut beside, mut fold, mut alone) = (vec![0.0; n], vec![0.0; n], vec![0.0; n]);
            let payoff = -12.5;
            let (s, b) = (&showdowns, board.mask());
            let with = Some((&mut fold[..], payoff));
            showdown_values(&mut beside, with, &players, s, p, &reach, 0, pay);
            fold_values(&mut alone, &players, p, &reach, b, payoff);
            assert_eq!(beside, out);
            for (h, (&f, &a)) in fold.iter().zip(&alone).enumerate() {
                assert!(
                    (f - a).abs() <= 1e-4 * a.abs().max(1.0),
                    "hand {h}: {f} vs {a}"
                );
            }
            let strength = |q: usize, h: usize| {
                let [a, b] = players.hands[q].cards[h];
                key.add_index(a).add_index(b).rank().class()
            };
            for (h, &v) in out.iter().enumerate() {
                let mask = players.hands[p].mask(h);
                let mut want = 0.0f64;
                if mask & board.mask() == 0 {
                    for (k, &r) in reach.iter().enumerate() {
                        let m = players.hands[o].mask(k);
                        if m & (mask | board.mask()) != 0 {
                            continue;
                        }
                        let r = f64::from(r);
                        want += match strength(p, h).cmp(&strength(o, k)) {
                            std::cmp::Ordering::Greater => pay.win * r,
                            std::cmp::Ordering::Less => -pay.lose * r,
                            std::cmp::Ordering::Equal => pay.tie * r,
                        };
                    }
                }
                assert!(
                    (f64::from(v) - want).abs() < 1e-3,
                    "player {p} hand {h}: {v} vs {want}"
                );
            }
        }
    }
}
