//! Heads-up push/fold equilibria: the small blind shoves or folds, the big blind calls or
//! folds, valued in chips or in prize equity by ICM.
//!
//! # The game
//! Both players post their ante and blind from stacks given before the forced bets. The
//! small blind (the button) either folds, losing blind and ante, or puts its whole stack
//! in; the big blind then folds, losing blind and ante, or calls, and the hand is shown
//! down for the smaller stack (the larger one's excess goes back). Each player's strategy
//! is a probability of shoving (calling) for each of the 169 starting-hand classes.
//!
//! # Exact hand values
//! Showdown results come from the core's heads-up pre-flop table, which holds the exact
//! wins and ties of every hand against every other over all 1,712,304 boards. For each
//! class `i` of the small blind and `j` of the big blind, [`Matchups`] keeps how many of
//! `j`'s combos can be dealt beside a hand of `i` (card removal: `AA` against `AKo` leaves
//! 6 of its 12 combos) and their summed wins and ties, so every expectation below is exact
//! over the joint deal of the two hands.
//!
//! # Payoffs
//! In chips each outcome moves the small blind's stack by a fixed amount (fold: minus its
//! blind and ante; uncalled shove: plus the big blind's blind and ante; showdown: plus or
//! minus the effective stack, or nothing on a split), measured in big blinds, and the big
//! blind's by the opposite. By ICM a player's payoff is their prize equity (exact
//! Malmuth-Harville or Malmuth-Weitzman) with the stacks the outcome leaves, the players
//! not in the hand (`others`) keeping theirs: then the game is no longer zero-sum.
//!
//! # Solving
//! Fictitious play: each round both players take a best response to the other's average
//! strategy so far, and the averages move towards them (step `1/(t + 2)`). Every
//! [`CHECK_EVERY`] rounds the averages' exploitability is measured exactly by best
//! responses; the run stops once it is at most the tolerance, or at the round limit. The
//! averages keep a trace of the first rounds' best responses (probabilities like 0.98 or
//! 0.01), so the solution reported is the most rounded version of them (probabilities
//! within 0.25, else 0.1, else 0.02 of 0 or 1 rounded to it) whose exploitability,
//! measured again, is still within the tolerance; the probabilities left mixed are
//! rounded to thousandths. Hands the equilibrium mixes stay mixed.
//! Exploitability is the mean of the two players' best-response gains (what each could
//! add to its expectation by deviating, per hand; NashConv / 2), which is 0 exactly at an
//! equilibrium.

use super::{validate, Model};
use crate::equity::heads_up::{lookup_masks, BOARDS};
use crate::error::{Error, Result};
use crate::range::{Combo, Range, COMBOS};
use crate::starting_hands::{class_index, combo_mask, representative, CLASSES};
use crate::CardSet;

/// Rounds between two exact measurements of exploitability (and checks of the
/// cancellation hook).
pub const CHECK_EVERY: usize = 50;

/// Exact showdown counts between starting-hand classes, for the small blind's class `i`
/// (rows) against the big blind's class `j` (columns); indices as
/// [`class_index`].
#[derive(Debug, Clone)]
pub struct Matchups {
    /// Joint deals of a hand of `i` and a hand of `j` (combos of `i` times the combos of `j`
    /// that can be dealt beside each): the weight of the pair.
    pub deals: Vec<f64>,
    /// Of those deals' boards, the share `i` wins outright.
    pub win: Vec<f64>,
    /// The share that splits the pot.
    pub tie: Vec<f64>,
}

impl Matchups {
    /// Counts every class against every combo from the pre-flop table (about 224,000
    /// lookups).
    pub fn new() -> Matchups {
        let size = CLASSES * CLASSES;
        let mut deals = vec![0.0; size];
        let mut win = vec![0.0; size];
        let mut tie = vec![0.0; size];
        // Combos of each class (6 for a pair, 4 suited, 12 offsuit), counted by the
        // classes' own rule.
        let mut combos_of = [0.0; CLASSES];
        for combo in 0..COMBOS {
            if let Some(class) = class_index(CardSet::from_mask_truncate(combo_mask(combo))) {
                combos_of[class] += 1.0;
            }
        }
        for (i, &copies) in combos_of.iter().enumerate() {
            let hero = representative(i).map_or(0, |c| c.mask());
            let mut wins = vec![0u64; CLASSES];
            let mut ties = vec![0u64; CLASSES];
            let mut count = vec![0u64; CLASSES];
            for combo in 0..COMBOS {
                let villain = combo_mask(combo);
                if villain & hero != 0 {
                    continue;
                }
                let Some(j) = class_index(CardSet::from_mask_truncate(villain)) else {
                    continue;
                };
                let m = lookup_masks(hero, villain);
                wins[j] += u64::from(m.wins);
                ties[j] += u64::from(m.ties);
                count[j] += 1;
            }
            for j in 0..CLASSES {
                let at = CLASSES * i + j;
                if count[j] > 0 {
                    let boards = (count[j] * BOARDS) as f64;
                    deals[at] = copies * count[j] as f64;
                    win[at] = wins[j] as f64 / boards;
                    tie[at] = ties[j] as f64 / boards;
                }
            }
        }
        Matchups { deals, win, tie }
    }
}

impl Matchups {
    /// The table, counted on first use and kept (an immutable table, like the pre-flop
    /// table it is counted from).
    pub fn shared() -> &'static Matchups {
        static SHARED: std::sync::OnceLock<Matchups> = std::sync::OnceLock::new();
        SHARED.get_or_init(Matchups::new)
    }
}

impl Default for Matchups {
    fn default() -> Matchups {
        Matchups::new()
    }
}

/// A heads-up push/fold spot.
#[derive(Debug, Clone, PartialEq)]
pub struct Spot {
    /// The small blind's (button's) and the big blind's stacks before the forced bets.
    pub stacks: [f64; 2],
    /// The small blind.
    pub small_blind: f64,
    /// The big blind.
    pub big_blind: f64,
    /// The ante each player posts (0 for none).
    pub ante: f64,
    /// Payouts from first place down for ICM, or `None` to value chips.
    pub payouts: Option<Vec<f64>>,
    /// Stacks of the tournament's players not in this hand (ICM only).
    pub others: Vec<f64>,
    /// The ICM model.
    pub model: Model,
}

/// Stopping rules of [`solve`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SolveOptions {
    /// Stop once exploitability is at most this, in big blinds per hand (by ICM: in a big
    /// blind's worth of prize equity at the average rate, pool * big blind / chips).
    pub tolerance: f64,
    /// Stop after this many rounds of fictitious play at the latest.
    pub max_iterations: usize,
    /// Stop after this long at the latest (counted from the start of the solve, asked
    /// every [`CHECK_EVERY`] rounds, a few hundred microseconds of work), with the
    /// strategies reached and `converged` false.
    pub time_limit: Option<std::time::Duration>,
}

impl Default for SolveOptions {
    fn default() -> SolveOptions {
        SolveOptions {
            tolerance: 1e-4,
            max_iterations: 1_000_000,
            time_limit: None,
        }
    }
}

/// An equilibrium (to the tolerance reached) of a heads-up push/fold spot.
#[derive(Debug, Clone, PartialEq)]
pub struct Solution {
    /// The small blind's probability of shoving each class (index as `class_index`).
    pub shove: Vec<f64>,
    /// The big blind's probability of calling a shove with each class.
    pub call: Vec<f64>,
    /// Mean best-response gain, in the payoff's unit (big blinds in chips, prize
    /// equity by ICM) per hand.
    pub exploitability: f64,
    /// What each player (small blind, big blind) could gain per hand by a best response.
    pub gains: [f64; 2],
    /// Each player's expectation per hand, in the payoff's unit (chips: the change of its
    /// stack in big blinds; ICM: its prize equity after the hand).
    pub values: [f64; 2],
    /// Rounds of fictitious play run.
    pub iterations: usize,
    /// Whether the tolerance was reached (else the round limit stopped the run).
    pub converged: bool,
}

/// Each player's payoff in the five outcomes of a hand.
#[derive(Debug, Clone, Copy)]
struct Payoffs {
    /// Small blind folds.
    fold: [f64; 2],
    /// Small blind shoves, big blind folds.
    steal: [f64; 2],
    /// Shown down: the small blind wins, splits, loses.
    win: [f64; 2],
    tie: [f64; 2],
    lose: [f64; 2],
}

/// Checks blinds and an ante: a positive big blind, a positive small blind no larger,
/// an ante of 0 or more (shared with [`super::push_fold`]).
pub(super) fn check_forced_bets(sb: f64, bb: f64, ante: f64) -> Result<()> {
    let setting = |name: &'static str, value: f64, expected: &'static str| Error::InvalidSetting {
        name,
        value: value.to_string(),
        expected,
    };
    if !(bb.is_finite() && bb > 0.0) {
        return Err(setting("big_blind", bb, "a positive number of chips"));
    }
    if !(sb.is_finite() && sb > 0.0 && sb <= bb) {
        return Err(setting(
            "small_blind",
            sb,
            "a positive number of chips, at most the big blind",
        ));
    }
    if !(ante.is_finite() && ante >= 0.0) {
        return Err(setting("ante", ante, "a number of chips, 0 or more"));
    }
    Ok(())
}

/// Checks a solver's stopping rules: a positive tolerance, at least one round (shared
/// with [`super::push_fold`]).
pub(super) fn check_stopping(tolerance: f64, max_iterations: usize) -> Result<()> {
    if !(tolerance.is_finite() && tolerance > 0.0) {
        return Err(Error::InvalidSetting {
            name: "tolerance",
            value: tolerance.to_string(),
            expected: "a positive number",
        });
    }
    if max_iterations == 0 {
        return Err(Error::InvalidSetting {
            name: "max_iterations",
            value: "0".to_string(),
            expected: "a positive integer",
        });
    }
    Ok(())
}

/// Checks a spot; the payoffs of its outcomes and the tolerance's unit.
fn payoffs(spot: &Spot) -> Result<(Payoffs, f64)> {
    let (sb, bb, ante) = (spot.small_blind, spot.big_blind, spot.ante);
    check_forced_bets(sb, bb, ante)?;
    let mut all: Vec<f64> = spot.stacks.to_vec();
    all.extend_from_slice(&spot.others);
    validate(&all, spot.payouts.as_deref().unwrap_or(&[]))?;
    for (index, forced) in [(0, sb + ante), (1, bb + ante)] {
        if spot.stacks[index] < forced {
            return Err(Error::InvalidStack {
                index,
                value: spot.stacks[index].to_string(),
                expected: "at least the blind and ante it posts",
            });
        }
    }
    let stake = spot.stacks[0].min(spot.stacks[1]);
    // Chips each outcome moves to the small blind (the big blind gets the opposite).
    let moves = [-(sb + ante), bb + ante, stake, 0.0, -stake];
    let Some(payouts) = &spot.payouts else {
        let p = |chips: f64| [chips / bb, -chips / bb];
        let table = Payoffs {
            fold: p(moves[0]),
            steal: p(moves[1]),
            win: p(moves[2]),
            tie: p(moves[3]),
            lose: p(moves[4]),
        };
        return Ok((table, 1.0));
    };
    let n = all.len();
    let with_chips = all.iter().filter(|&&s| s > 0.0).count();
    if with_chips > super::EXACT_MAX_PLAYERS {
        return Err(Error::ExactTooLarge {
            players: with_chips,
            limit: super::EXACT_MAX_PLAYERS,
        });
    }
    // Stacks moved by at most the smaller one stay valid (a busted player has 0 chips).
    let value = |chips: f64| -> Result<[f64; 2]> {
        let mut after = all.clone();
        after[0] += chips;
        after[1] -= chips;
        let worth = super::exact_equities(&after, payouts, spot.model)?;
        Ok([worth[0], worth[1]])
    };
    let table = Payoffs {
        fold: value(moves[0])?,
        steal: value(moves[1])?,
        win: value(moves[2])?,
        tie: value(moves[3])?,
        lose: value(moves[4])?,
    };
    let pool: f64 = payouts.iter().take(n).sum();
    let total: f64 = all.iter().sum();
    Ok((table, pool * bb / total))
}

/// The game's payoff matrices, prepared once.
struct Game {
    m: Matchups,
    pay: Payoffs,
    /// Sum of the pair weights of each small-blind class (row sums of `deals`).
    row_deals: Vec<f64>,
    /// Per pair: the small blind's and the big blind's expectation when called, weighted
    /// by the pair's deals.
    called: [Vec<f64>; 2],
    /// All deals (1,326 * 1,225).
    total: f64,
}

impl Game {
    fn new(m: Matchups, pay: Payoffs) -> Game {
        let size = CLASSES * CLASSES;
        let mut called = [vec![0.0; size], vec![0.0; size]];
        for (p, table) in called.iter_mut().enumerate() {
            for (at, cell) in table.iter_mut().enumerate() {
                let (w, t) = (m.win[at], m.tie[at]);
                let l = 1.0 - w - t;
                *cell = m.deals[at] * (w * pay.win[p] + t * pay.tie[p] + l * pay.lose[p]);
            }
        }
        let row_deals = (0..CLASSES)
            .map(|i| m.deals[CLASSES * i..CLASSES * (i + 1)].iter().sum())
            .collect();
        let total = m.deals.iter().sum();
        Game {
            m,
            pay,
            row_deals,
            called,
            total,
        }
    }

    /// The small blind's gain from shoving rather than folding, per class, in deal-weighted
    /// sums, against the call probabilities `call`.
    fn shove_gains(&self, call: &[f64]) -> Vec<f64> {
        (0..CLASSES)
            .map(|i| {
                let row = CLASSES * i;
                let mut shove = 0.0;
                for (j, &c) in call.iter().enumerate() {
                    let w = self.m.deals[row + j];
                    shove += (1.0 - c) * w * self.pay.steal[0] + c * self.called[0][row + j];
                }
                shove - self.row_deals[i] * self.pay.fold[0]
            })
            .collect()
    }

    /// The big blind's gain from calling rather than folding to a shove, per class, in
    /// deal-weighted sums, against the shove probabilities `shove`.
    fn call_gains(&self, shove: &[f64]) -> Vec<f64> {
        let mut gains = vec![0.0; CLASSES];
        for (i, &s) in shove.iter().enumerate() {
            if s == 0.0 {
                continue;
            }
            let row = CLASSES * i;
            for (j, gain) in gains.iter_mut().enumerate() {
                let w = self.m.deals[row + j];
                *gain += s * (self.called[1][row + j] - w * self.pay.steal[1]);
            }
        }
        gains
    }

    /// Each player's expectation per hand for the strategies `shove` and `call`.
    fn values(&self, shove: &[f64], call: &[f64]) -> [f64; 2] {
        let gains = self.shove_gains(call);
        let sb: f64 = (0..CLASSES)
            .map(|i| self.row_deals[i] * self.pay.fold[0] + shove[i] * gains[i])
            .sum();
        let call_gains = self.call_gains(shove);
        let mut bb = 0.0;
        for (i, &shoved) in shove.iter().enumerate() {
            let row = CLASSES * i;
            for j in 0..CLASSES {
                let w = self.m.deals[row + j];
                bb += w * ((1.0 - shoved) * self.pay.fold[1] + shoved * self.pay.steal[1]);
            }
        }
        bb += call
            .iter()
            .zip(&call_gains)
            .map(|(c, g)| c * g)
            .sum::<f64>();
        [sb / self.total, bb / self.total]
    }

    /// What each player gains per hand by switching to a best response.
    fn gains(&self, shove: &[f64], call: &[f64]) -> [f64; 2] {
        let sb: f64 = self
            .shove_gains(call)
            .iter()
            .zip(shove)
            .map(|(g, s)| g.max(0.0) - s * g)
            .sum();
        let bb: f64 = self
            .call_gains(shove)
            .iter()
            .zip(call)
            .map(|(g, c)| g.max(0.0) - c * g)
            .sum();
        [sb / self.total, bb / self.total]
    }
}

/// Solves a heads-up push/fold spot by fictitious play (see the module documentation).
///
/// # Errors
/// [`Error::InvalidSetting`] for blinds, an ante or options out of range;
/// [`Error::InvalidStack`], [`Error::NoChips`] or [`Error::InvalidPayout`] for unusable
/// stacks (each must cover its blind and ante with chips to spare) or payouts;
/// [`Error::Interrupted`] when `cancel` answers true.
pub fn solve(
    spot: &Spot,
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
    let (pay, unit) = payoffs(spot)?;
    let tolerance = options.tolerance * unit;
    let game = Game::new(matchups.clone(), pay);
    let best = |gains: &[f64]| -> Vec<f64> {
        gains
            .iter()
            .map(|&g| if g > 0.0 { 1.0 } else { 0.0 })
            .collect()
    };
    // Start from the best responses to shoving and calling everything.
    let mut call = best(&game.call_gains(&[1.0; CLASSES]));
    let mut shove = best(&game.shove_gains(&call));
    let mut t = 1;
    loop {
        if t % CHECK_EVERY == 0 || t >= options.max_iterations {
            if cancel() {
                return Err(Error::Interrupted);
            }
            let gains = game.gains(&shove, &call);
            let exploitability = (gains[0] + gains[1]) / 2.0;
            let converged = exploitability <= tolerance;
            if converged || t >= options.max_iterations || out_of_time() {
                // The average still carries a little of every early round's best
                // response; report the most rounded strategies that stay within the
                // tolerance (measured again, exactly), else the average itself.
                let (shove, call, gains) = ROUNDINGS
                    .iter()
                    .map(|&margin| {
                        let (s, c) = (rounded(&shove, margin), rounded(&call, margin));
                        let g = game.gains(&s, &c);
                        (s, c, g)
                    })
                    .find(|(_, _, g)| (g[0] + g[1]) / 2.0 <= tolerance)
                    .unwrap_or((shove, call, gains));
                return Ok(Solution {
                    values: game.values(&shove, &call),
                    exploitability: (gains[0] + gains[1]) / 2.0,
                    shove,
                    call,
                    gains,
                    iterations: t,
                    converged,
                });
            }
        }
        let step = 1.0 / (t as f64 + 1.0);
        let shove_br = best(&game.shove_gains(&call));
        let call_br = best(&game.call_gains(&shove));
        for i in 0..CLASSES {
            shove[i] += step * (shove_br[i] - shove[i]);
            call[i] += step * (call_br[i] - call[i]);
        }
        t += 1;
    }
}

/// Margins tried, in order, when rounding a solution: probabilities within the margin of
/// 0 or 1 become 0 or 1.
pub(super) const ROUNDINGS: [f64; 4] = [0.25, 0.1, 0.02, 0.0005];

/// `strategy` with every probability within `margin` of 0 or 1 rounded to it, and the
/// others to the nearest thousandth (a range's weights read `0.742`, not 16 digits).
pub(super) fn rounded(strategy: &[f64], margin: f64) -> Vec<f64> {
    strategy
        .iter()
        .map(|&p| {
            if p < margin {
                0.0
            } else if p > 1.0 - margin {
                1.0
            } else {
                (p * 1000.0).round() / 1000.0
            }
        })
        .collect()
}

/// A range holding every combo of each class with the class's probability as its weight
/// (classes at 0 left out).
pub fn range_of(frequencies: &[f64]) -> Range {
    let mut range = Range::empty();
    for index in 0..COMBOS {
        let Some(combo) = Combo::from_index(index) else {
            continue;
        };
        if let Some(class) = class_index(combo.cards()) {
            let w = frequencies.get(class).copied().unwrap_or(0.0);
            if w > 0.0 {
                // Weights are probabilities, so in the range's allowed interval.
                let _ = range.set_weight(combo, w.min(1.0));
            }
        }
    }
    range
}

/// The mean weight of each class's combos in `range` (index as
/// [`class_index`]): the probability that a hand of the class is in the range, the
/// inverse of [`range_of`].
pub fn class_frequencies(range: &Range) -> Vec<f64> {
    let mut total = vec![0.0; CLASSES];
    let mut count = vec![0.0; CLASSES];
    for index in 0..COMBOS {
        let Some(combo) = Combo::from_index(index) else {
            continue;
        };
        if let Some(class) = class_index(combo.cards()) {
            total[class] += range.weight(combo);
            count[class] += 1.0;
        }
    }
    total.iter().zip(&count).map(|(t, c)| t / c).collect()
}
