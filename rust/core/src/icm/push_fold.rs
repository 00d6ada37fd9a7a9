//! Push/fold at a table of 2 to 10 players, in chips or in prize equity by ICM: the value
//! of every decision for given ranges, and equilibria.
//!
//! # The game
//! Players are listed in the order they act first-in: the first to act, ..., the small
//! blind, the big blind (heads-up: the small blind, then the big blind). Everyone posts
//! the ante, the last two their blinds, from stacks given before the forced bets. The
//! first player either shoves its whole stack or folds; while nobody has shoved, each next
//! player does the same (the big blind, when all fold to it, wins the blinds and antes).
//! Once a player has shoved, each player after it calls or folds; the first to call makes
//! it heads-up and the players after it fold (overcalls are left out of the game: they
//! would need three-way equities for every pair of ranges, and equilibria call over a
//! caller very rarely). The shove and the call are shown down for the smaller of the two
//! stacks; the blinds of players who folded stay in the pot.
//!
//! A strategy gives, for each of the 169 starting-hand classes, the probability of
//! shoving first-in at each position, and of calling at each position a shove from each
//! earlier one.
//!
//! # Exact and approximate parts
//! Showdowns between the shover's class and the caller's class are exact over every
//! board and the joint deal of the two hands ([`Matchups`]), and so is the chance that a
//! player holds a calling hand given the shover's class. Card removal between players who
//! folded and the rest is left out (their folds do not change what the others hold), as
//! in the usual push/fold tools.
//!
//! # Payoffs
//! In chips a player's payoff is the change of its stack in big blinds; by ICM it is its
//! prize equity (exact, [`super::exact_equities`]) with the stacks the outcome leaves,
//! players outside the table (`others`) keeping theirs. A hand has at most
//! `1 + (n - 1) + 3 n (n - 1) / 2` outcomes (everyone folds; a shove wins the blinds; a
//! shove and a call shown down: won, split or lost), each valued once.
//!
//! # Solving
//! Fictitious play, as in [`super::heads_up`], with linear averaging: each round every
//! decision takes a best response to the others' average strategies, and the averages
//! move towards them by `2/(t + 2)`, so round `t`'s best response weighs in proportion
//! to `t` (early rounds' poor answers fade quickly; on a 10-player table this reaches
//! 1e-4 big blinds in about 400 rounds where the plain average took about 4,000 to reach
//! 1e-3). Every [`CHECK_EVERY`] rounds the averages' exploitability is measured
//! exactly: each player's gain from its best response (weighted by how often each of its
//! decisions is reached), averaged over the players (NashConv / n), which is 0 exactly at
//! an equilibrium of the game above.

use super::heads_up::{
    check_forced_bets, check_stopping, rounded as rounded_row, Matchups, ROUNDINGS,
};
use super::{exact_equities, validate, Model};
use crate::error::{Error, Result};
use crate::starting_hands::CLASSES;

/// The most players at the table.
pub const MAX_SEATS: usize = 10;

/// Rounds between two exact measurements of exploitability.
pub const CHECK_EVERY: usize = 25;

/// A push/fold spot at a table.
#[derive(Debug, Clone, PartialEq)]
pub struct TableSpot {
    /// Stacks before the forced bets, in first-in order (see the module documentation):
    /// the last two are the small and the big blind.
    pub stacks: Vec<f64>,
    /// The small blind.
    pub small_blind: f64,
    /// The big blind.
    pub big_blind: f64,
    /// The ante each player posts (0 for none).
    pub ante: f64,
    /// Payouts from first place down for ICM, or `None` to value chips.
    pub payouts: Option<Vec<f64>>,
    /// Stacks of the tournament's players not at this table (ICM only).
    pub others: Vec<f64>,
    /// The ICM model.
    pub model: Model,
}

/// Strategies at a table of `n`: `shove[p][i]` the probability that position `p` shoves
/// class `i` first-in (the big blind's row is unused), `call[pair(s, c)][i]` that position
/// `c` calls a shove from position `s < c` with class `i`.
#[derive(Debug, Clone, PartialEq)]
pub struct Strategies {
    /// First-in shoving probabilities by position and class.
    pub shove: Vec<Vec<f64>>,
    /// Calling probabilities by (shover, caller) pair (see [`pair`]) and class.
    pub call: Vec<Vec<f64>>,
}

/// The index of the pair (shover `s`, caller `c`), `s < c < n`, in [`Strategies::call`].
pub fn pair(n: usize, s: usize, c: usize) -> usize {
    debug_assert!(s < c && c < n);
    s * n + c
}

impl Strategies {
    /// Everyone folds every hand.
    pub fn folding(n: usize) -> Strategies {
        Strategies {
            shove: vec![vec![0.0; CLASSES]; n],
            call: vec![vec![0.0; CLASSES]; n * n],
        }
    }
}

/// Each player's payoff in each outcome of a hand.
#[derive(Debug, Clone)]
struct Outcomes {
    n: usize,
    /// Everyone folds to the big blind.
    walk: Vec<f64>,
    /// Position `s` shoves and nobody calls.
    steal: Vec<Vec<f64>>,
    /// `[pair][r]`: the pair shows down, the shover winning (r = 0), splitting (1) or
    /// losing (2).
    showdown: Vec<[Vec<f64>; 3]>,
}

/// Checks a spot: its payoffs by outcome and the unit of its tolerance (a big blind's
/// worth: 1 in chips, pool x big blind / all chips by ICM).
fn outcomes(spot: &TableSpot) -> Result<(Outcomes, f64)> {
    let (sb, bb, ante) = (spot.small_blind, spot.big_blind, spot.ante);
    let n = spot.stacks.len();
    if !(2..=MAX_SEATS).contains(&n) {
        return Err(Error::InvalidSetting {
            name: "stacks",
            value: format!("{n} players"),
            expected: "2 to 10 players at the table",
        });
    }
    check_forced_bets(sb, bb, ante)?;
    let mut all = spot.stacks.clone();
    all.extend_from_slice(&spot.others);
    validate(&all, spot.payouts.as_deref().unwrap_or(&[]))?;
    let blind = |i: usize| match n - i {
        2 => sb,
        1 => bb,
        _ => 0.0,
    };
    for (index, &stack) in spot.stacks.iter().enumerate() {
        // A player all in with its forced bets has no decision to make.
        if stack <= ante + blind(index) {
            return Err(Error::InvalidStack {
                index,
                value: stack.to_string(),
                expected: "more than the blind and ante it posts",
            });
        }
    }
    if spot.payouts.is_some() {
        let with_chips = all.iter().filter(|&&s| s > 0.0).count();
        if with_chips > super::EXACT_MAX_PLAYERS {
            return Err(Error::ExactTooLarge {
                players: with_chips,
                limit: super::EXACT_MAX_PLAYERS,
            });
        }
    }
    // Stacks after the forced bets, and the chips in the pot from them.
    let posted: Vec<f64> = (0..n).map(|i| spot.stacks[i] - ante - blind(i)).collect();
    let forced = n as f64 * ante + sb + bb;
    let value = |table: Vec<f64>| -> Result<Vec<f64>> {
        match &spot.payouts {
            None => Ok((0..n).map(|i| (table[i] - spot.stacks[i]) / bb).collect()),
            Some(payouts) => {
                let mut everyone = table;
                everyone.extend_from_slice(&spot.others);
                let mut worth = exact_equities(&everyone, payouts, spot.model)?;
                worth.truncate(n);
                Ok(worth)
            }
        }
    };
    let mut walk = posted.clone();
    walk[n - 1] += forced;
    let walk = value(walk)?;
    let mut steal = Vec::with_capacity(n);
    for s in 0..n {
        let mut after = posted.clone();
        after[s] += forced;
        steal.push(value(after)?);
    }
    let mut showdown = vec![[Vec::new(), Vec::new(), Vec::new()]; n * n];
    for s in 0..n {
        for c in s + 1..n {
            // Each of the two puts in the smaller stack (blinds included), the pot holds
            // that twice with the antes and the blinds of the players who folded.
            let live = |i: usize| spot.stacks[i] - ante;
            let stake = live(s).min(live(c));
            let pot = 2.0 * stake + forced - blind(s) - blind(c);
            let mut base = posted.clone();
            base[s] = live(s) - stake;
            base[c] = live(c) - stake;
            let mut cells = [Vec::new(), Vec::new(), Vec::new()];
            for (r, cell) in cells.iter_mut().enumerate() {
                let mut after = base.clone();
                match r {
                    0 => after[s] += pot,
                    1 => {
                        after[s] += pot / 2.0;
                        after[c] += pot / 2.0;
                    }
                    _ => after[c] += pot,
                }
                *cell = value(after)?;
            }
            showdown[pair(n, s, c)] = cells;
        }
    }
    let unit = match &spot.payouts {
        None => 1.0,
        Some(payouts) => {
            let pool: f64 = payouts.iter().take(all.len()).sum();
            pool * bb / all.iter().sum::<f64>()
        }
    };
    Ok((
        Outcomes {
            n,
            walk,
            steal,
            showdown,
        },
        unit,
    ))
}

/// The class-against-class tables the payoffs are weighted by.
struct Weights {
    /// Joint deals of the shover's class `i` and the caller's class `j`, and those deals
    /// weighted by the shover's win, split and loss shares, side by side (one cache
    /// line per pair), at `CLASSES * i + j`.
    cells: Vec<[f64; 4]>,
    /// Deals of each class against any hand, and the chance of being dealt it.
    row: Vec<f64>,
    prior: Vec<f64>,
    total: f64,
}

impl Weights {
    fn new(m: &Matchups) -> Weights {
        let cells = (0..CLASSES * CLASSES)
            .map(|at| {
                let d = m.deals[at];
                let (win, tie) = (d * m.win[at], d * m.tie[at]);
                [d, win, tie, d - win - tie]
            })
            .collect();
        let row: Vec<f64> = (0..CLASSES)
            .map(|i| m.deals[CLASSES * i..CLASSES * (i + 1)].iter().sum())
            .collect();
        let total: f64 = row.iter().sum();
        let prior = row.iter().map(|r| r / total).collect();
        Weights {
            cells,
            row,
            prior,
            total,
        }
    }
}

/// Every decision's value for given strategies, each player's expectation, and what a
/// best response would gain.
#[derive(Debug, Clone, PartialEq)]
pub struct Values {
    /// `shove[p][i]`: position `p`'s expectation when shoving class `i` first-in.
    pub shove: Vec<Vec<f64>>,
    /// `fold[p]`: position `p`'s expectation when folding first-in (any class).
    pub fold: Vec<f64>,
    /// `call[pair(s, c)][i]`: position `c`'s expectation when calling position `s`'s shove
    /// with class `i`.
    pub call: Vec<Vec<f64>>,
    /// `fold_to[pair(s, c)][i]`: position `c`'s expectation when folding class `i` to that
    /// shove.
    pub fold_to: Vec<Vec<f64>>,
    /// Each position's expectation per hand.
    pub players: Vec<f64>,
    /// What each position would gain per hand by a best response.
    pub gains: Vec<f64>,
    /// The chance that the action is folded to each position (1 for the first).
    pub reach: Vec<f64>,
}

/// Everything [`values`] and [`solve`] need, prepared once per spot.
struct Game {
    out: Outcomes,
    w: Weights,
}

impl Game {
    /// The values of every decision for `st`, and each position's best-response gain.
    fn values(&self, st: &Strategies) -> Values {
        let n = self.out.n;
        let w = &self.w;
        // q[pair][i]: the chance that the caller calls a shover holding class i.
        // g[pair][i][x]: player x's expectation once the shover s shoved class i and the
        // action is at caller c (everyone between folded); g for c = n is the steal.
        let mut q = vec![Vec::new(); n * n];
        let mut sums = vec![Vec::new(); n * n];
        for s in 0..n {
            for c in s + 1..n {
                let call = &st.call[pair(n, s, c)];
                let mut qs = vec![0.0; CLASSES];
                let mut ss = vec![[0.0; 3]; CLASSES];
                for i in 0..CLASSES {
                    let row = CLASSES * i;
                    let (mut d, mut a, mut b, mut l) = (0.0, 0.0, 0.0, 0.0);
                    for (&p, cell) in call.iter().zip(&w.cells[row..row + CLASSES]) {
                        d += p * cell[0];
                        a += p * cell[1];
                        b += p * cell[2];
                        l += p * cell[3];
                    }
                    qs[i] = d / w.row[i];
                    ss[i] = [a / w.row[i], b / w.row[i], l / w.row[i]];
                }
                q[pair(n, s, c)] = qs;
                sums[pair(n, s, c)] = ss;
            }
        }
        // g[s][c][i * n + x], c from s + 1 to n.
        let mut g = vec![vec![Vec::new(); n + 1]; n];
        for (s, gs) in g.iter_mut().enumerate().take(n - 1) {
            let mut next = vec![0.0; CLASSES * n];
            for i in 0..CLASSES {
                next[i * n..(i + 1) * n].copy_from_slice(&self.out.steal[s]);
            }
            gs[n] = next.clone();
            for c in (s + 1..n).rev() {
                let at = pair(n, s, c);
                let cells = &self.out.showdown[at];
                let mut here = vec![0.0; CLASSES * n];
                for i in 0..CLASSES {
                    let [a, b, l] = sums[at][i];
                    let stay = 1.0 - q[at][i];
                    for x in 0..n {
                        here[i * n + x] = a * cells[0][x]
                            + b * cells[1][x]
                            + l * cells[2][x]
                            + stay * next[i * n + x];
                    }
                }
                gs[c] = here.clone();
                next = here;
            }
        }
        // f[p][x]: x's expectation when the action is folded to p (f[n - 1] is the walk).
        let mut f = vec![vec![0.0; n]; n];
        f[n - 1] = self.out.walk.clone();
        for p in (0..n - 1).rev() {
            let mut here = vec![0.0; n];
            for i in 0..CLASSES {
                let sh = st.shove[p][i];
                for x in 0..n {
                    here[x] +=
                        w.prior[i] * (sh * g[p][p + 1][i * n + x] + (1.0 - sh) * f[p + 1][x]);
                }
            }
            f[p] = here;
        }
        let mut reach = vec![1.0; n];
        for p in 1..n {
            let shoves: f64 = (0..CLASSES).map(|i| w.prior[i] * st.shove[p - 1][i]).sum();
            reach[p] = reach[p - 1] * (1.0 - shoves);
        }
        let mut gains = vec![0.0; n];
        let mut shove = vec![vec![0.0; CLASSES]; n];
        let mut fold = vec![0.0; n];
        for p in 0..n - 1 {
            fold[p] = f[p + 1][p];
            for i in 0..CLASSES {
                let v = g[p][p + 1][i * n + p];
                shove[p][i] = v;
                let gain = v - fold[p];
                gains[p] += reach[p] * w.prior[i] * (gain.max(0.0) - st.shove[p][i] * gain);
            }
        }
        fold[n - 1] = self.out.walk[n - 1];
        let mut call = vec![Vec::new(); n * n];
        let mut fold_to = vec![Vec::new(); n * n];
        for s in 0..n {
            for c in s + 1..n {
                let at = pair(n, s, c);
                let cells = &self.out.showdown[at];
                let (won, split, lost) = (cells[2][c], cells[1][c], cells[0][c]);
                // a[i]: the chance that s shoved class i and everyone between folded.
                let mut a = st.shove[s].clone();
                for between in s + 1..c {
                    let qb = &q[pair(n, s, between)];
                    for i in 0..CLASSES {
                        a[i] *= 1.0 - qb[i];
                    }
                }
                let mut on_call = vec![0.0; CLASSES];
                let mut on_fold = vec![0.0; CLASSES];
                let mut weight = vec![0.0; CLASSES];
                let later = &g[s][c + 1];
                for (i, &ai) in a.iter().enumerate() {
                    if ai == 0.0 {
                        continue;
                    }
                    let row = CLASSES * i;
                    let folded = later[i * n + c];
                    let (won, split, lost) = (ai * won, ai * split, ai * lost);
                    let cells = &w.cells[row..row + CLASSES];
                    for (j, cell) in cells.iter().enumerate() {
                        let d = ai * cell[0];
                        weight[j] += d;
                        on_call[j] += cell[3] * won + cell[2] * split + cell[1] * lost;
                        on_fold[j] += d * folded;
                    }
                }
                let calls = &st.call[at];
                for j in 0..CLASSES {
                    if weight[j] > 0.0 {
                        let (cv, fv) = (on_call[j] / weight[j], on_fold[j] / weight[j]);
                        let gain = cv - fv;
                        let chance = reach[s] * weight[j] / w.total;
                        gains[c] += chance * (gain.max(0.0) - calls[j] * gain);
                        on_call[j] = cv;
                        on_fold[j] = fv;
                    } else {
                        // Not reached: the values when the shover holds any class, so a
                        // chart still shows them.
                        on_call[j] = f64::NAN;
                        on_fold[j] = f64::NAN;
                    }
                }
                call[at] = on_call;
                fold_to[at] = on_fold;
            }
        }
        Values {
            shove,
            fold,
            call,
            fold_to,
            players: f[0].clone(),
            gains,
            reach,
        }
    }
}

/// Every decision's value for the strategies `st` at `spot`: what [`decision`]s are
/// worth in chips or prize equity, per class.
///
/// # Errors
/// As [`solve`], and [`Error::InvalidSetting`] when `st` does not fit the table or holds
/// a probability outside 0..=1.
pub fn values(spot: &TableSpot, st: &Strategies, matchups: &Matchups) -> Result<Values> {
    let (out, _) = outcomes(spot)?;
    let n = out.n;
    let fits = st.shove.len() == n
        && st.call.len() == n * n
        && st.shove.iter().all(|r| r.len() == CLASSES)
        && (0..n).all(|s| (s + 1..n).all(|c| st.call[pair(n, s, c)].len() == CLASSES));
    if !fits {
        return Err(Error::InvalidSetting {
            name: "strategies",
            value: format!("{} positions", st.shove.len()),
            expected: "a probability for each of the 169 classes at each position",
        });
    }
    let probabilities = st.shove.iter().chain(&st.call).flatten();
    if let Some(bad) = probabilities.copied().find(|p| !(0.0..=1.0).contains(p)) {
        return Err(Error::InvalidSetting {
            name: "strategies",
            value: bad.to_string(),
            expected: "probabilities from 0 to 1",
        });
    }
    let game = Game {
        out,
        w: Weights::new(matchups),
    };
    Ok(game.values(st))
}

/// Stopping rules of [`solve`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SolveOptions {
    /// Stop once exploitability is at most this, in big blinds per hand (by ICM: in a big
    /// blind's worth of prize equity at the average rate, pool * big blind / chips).
    pub tolerance: f64,
    /// Stop after this many rounds of fictitious play at the latest.
    pub max_iterations: usize,
    /// Stop after this long at the latest (counted from the start of the solve; the clock
    /// is read after every round).
    pub time_limit: Option<std::time::Duration>,
}

impl Default for SolveOptions {
    fn default() -> SolveOptions {
        SolveOptions {
            tolerance: 1e-4,
            max_iterations: 100_000,
            time_limit: None,
        }
    }
}

/// An equilibrium (to the tolerance reached) of a push/fold spot at a table.
#[derive(Debug, Clone, PartialEq)]
pub struct Solution {
    /// The strategies.
    pub strategies: Strategies,
    /// Their values (each position's expectation and best-response gain).
    pub values: Values,
    /// Mean best-response gain over the positions, in the payoff's unit per hand.
    pub exploitability: f64,
    /// Rounds of fictitious play run.
    pub iterations: usize,
    /// Whether the tolerance was reached (else the round or time limit stopped the run).
    pub converged: bool,
}

/// The strategies with each probability rounded as heads-up (`heads_up::rounded`).
fn rounded(st: &Strategies, margin: f64) -> Strategies {
    Strategies {
        shove: st
            .shove
            .iter()
            .map(|row| rounded_row(row, margin))
            .collect(),
        call: st.call.iter().map(|row| rounded_row(row, margin)).collect(),
    }
}

fn mean(gains: &[f64]) -> f64 {
    gains.iter().sum::<f64>() / gains.len() as f64
}

/// Solves a push/fold spot at a table by fictitious play (see the module documentation).
///
/// # Errors
/// [`Error::InvalidSetting`] for blinds, an ante, options or a table size out of range;
/// [`Error::InvalidStack`], [`Error::NoChips`] or [`Error::InvalidPayout`] for unusable
/// stacks (each must exceed its blind and ante) or payouts; [`Error::ExactTooLarge`] for
/// more than [`super::EXACT_MAX_PLAYERS`] players with chips by ICM;
/// [`Error::Interrupted`] when `cancel` answers true.
pub fn solve(
    spot: &TableSpot,
    options: &SolveOptions,
    matchups: &Matchups,
    cancel: &(dyn Fn() -> bool + Sync),
) -> Result<Solution> {
    check_stopping(options.tolerance, options.max_iterations)?;
    let start = std::time::Instant::now();
    let out_of_time = || {
        options
            .time_limit
            .is_some_and(|limit| start.elapsed() >= limit)
    };
    let (out, unit) = outcomes(spot)?;
    let n = out.n;
    let tolerance = options.tolerance * unit;
    let game = Game {
        out,
        w: Weights::new(matchups),
    };
    let best = |values: &Values| -> Strategies {
        let mut st = Strategies::folding(n);
        for p in 0..n - 1 {
            for i in 0..CLASSES {
                st.shove[p][i] = f64::from(u8::from(values.shove[p][i] > values.fold[p]));
            }
        }
        for s in 0..n {
            for c in s + 1..n {
                let at = pair(n, s, c);
                for j in 0..CLASSES {
                    // Unreached hands (NaN values) fold.
                    st.call[at][j] =
                        f64::from(u8::from(values.call[at][j] > values.fold_to[at][j]));
                }
            }
        }
        st
    };
    // Start from the best response to nobody calling, then average.
    let mut avg = best(&game.values(&Strategies::folding(n)));
    let mut t = 1;
    loop {
        let v = game.values(&avg);
        let exploitability = mean(&v.gains);
        // The clock is read every round (a round at ten players takes milliseconds): the
        // limit was once seen only every CHECK_EVERY rounds, 75 ms apart.
        let late = out_of_time();
        if t % CHECK_EVERY == 0
            || t >= options.max_iterations
            || exploitability <= tolerance
            || late
        {
            if cancel() {
                return Err(Error::Interrupted);
            }
            let converged = exploitability <= tolerance;
            if converged || t >= options.max_iterations || late {
                let (strategies, values) = ROUNDINGS
                    .iter()
                    .map(|&margin| {
                        let st = rounded(&avg, margin);
                        let values = game.values(&st);
                        (st, values)
                    })
                    .find(|(_, values)| mean(&values.gains) <= tolerance)
                    .unwrap_or((avg, v));
                return Ok(Solution {
                    exploitability: mean(&values.gains),
                    strategies,
                    values,
                    iterations: t,
                    converged,
                });
            }
        }
        let br = best(&v);
        let step = 2.0 / (t as f64 + 2.0);
        for (row, target) in avg.shove.iter_mut().zip(&br.shove) {
            for (p, b) in row.iter_mut().zip(target) {
                *p += step * (b - *p);
            }
        }
        for (row, target) in avg.call.iter_mut().zip(&br.call) {
            for (p, b) in row.iter_mut().zip(target) {
                *p += step * (b - *p);
            }
        }
        t += 1;
    }
}
