//! What an equity calculation reports, and the running totals it is built from.

use super::holdem::{Counts, MAX_PLAYERS};
use crate::eval::Category;

/// How equity is computed: asked for in the options, reported in the result (never
/// [`Method::Auto`] there).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Method {
    /// Exact when the work is affordable, otherwise Monte Carlo.
    #[default]
    Auto,
    /// Every runout of every combination of hands.
    Exact,
    /// Random deals from a seed.
    MonteCarlo,
}

impl Method {
    /// The name used in text: `"auto"`, `"exact"` or `"monte-carlo"`.
    pub const fn name(self) -> &'static str {
        match self {
            Method::Auto => "auto",
            Method::Exact => "exact",
            Method::MonteCarlo => "monte-carlo",
        }
    }
}

/// One player's share of the results.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerEquity {
    /// Share of the pot: a deal won alone counts 1, a deal split `k` ways counts `1/k`.
    pub equity: f64,
    /// Fraction of deals won alone.
    pub win: f64,
    /// Fraction of deals in which the pot is shared.
    pub tie: f64,
    /// Chance of ending with each category, indexed by `Category as usize`.
    pub categories: [f64; 9],
    /// Standard error of `equity` (0 when exact).
    pub stderr: f64,
    /// Hi-lo only: share of the pot won from the high half.
    pub high: Option<f64>,
    /// Hi-lo only: share of the pot won from the low half.
    pub low: Option<f64>,
    /// Hi-lo only: fraction of deals in which the player wins both halves alone.
    pub scoop: Option<f64>,
}

impl PlayerEquity {
    /// The chance of ending with a hand of `category`.
    pub fn category(&self, category: Category) -> f64 {
        self.categories[category as usize]
    }
}

/// The result of [`equity`](super::equity).
#[derive(Debug, Clone, PartialEq)]
pub struct EquityResult {
    /// One entry per player, in the order given.
    pub players: Vec<PlayerEquity>,
    /// The method used.
    pub method: Method,
    /// Whether every deal was counted (`method == Method::Exact`).
    pub exact: bool,
    /// Deals counted: boards times hand combinations when exact, samples otherwise.
    pub deals: u64,
    /// The largest of the players' standard errors (0 when exact).
    pub stderr: f64,
    /// The seed of a Monte Carlo run; `None` when exact.
    pub seed: Option<u64>,
}

/// Weighted running totals, per player.
#[derive(Debug, Clone, Default)]
struct PlayerTally {
    win: f64,
    tie: f64,
    share: f64,
    /// Sum of squared shares (for the standard error of Monte Carlo).
    share_sq: f64,
    categories: [f64; 9],
}

/// Running totals of a calculation: deals counted with weights.
#[derive(Debug, Clone)]
pub(crate) struct Tally {
    weight: f64,
    deals: u64,
    players: Vec<PlayerTally>,
}

impl Tally {
    pub(crate) fn new(players: usize) -> Tally {
        Tally {
            weight: 0.0,
            deals: 0,
            players: vec![PlayerTally::default(); players.min(MAX_PLAYERS)],
        }
    }

    /// Adds `counts` (one set of hole cards over its runouts, or one batch of samples),
    /// each deal weighing `weight`, standing for `copies` identical sets of hole cards.
    pub(crate) fn add(&mut self, counts: &Counts, weight: f64, copies: u64) {
        self.weight += weight * counts.total as f64;
        self.deals += counts.total as u64 * copies;
        for (p, t) in self.players.iter_mut().enumerate() {
            let wins = counts.wins[p] as f64;
            let (mut tie, mut share, mut sq) = (0.0, wins, wins);
            for (k, &n) in counts.ties[p].iter().enumerate().skip(2) {
                let n = n as f64;
                tie += n;
                share += n / k as f64;
                sq += n / (k * k) as f64;
            }
            t.win += weight * wins;
            t.tie += weight * tie;
            t.share += weight * share;
            t.share_sq += weight * sq;
            for (c, &n) in t.categories.iter_mut().zip(&counts.categories[p]) {
                *c += weight * n as f64;
            }
        }
    }

    /// Deals counted so far.
    pub(crate) fn deals(&self) -> u64 {
        self.deals
    }

    /// The largest standard error of a player's equity, treating the deals as independent
    /// samples of equal weight.
    pub(crate) fn stderr(&self) -> f64 {
        if self.deals < 2 {
            return f64::INFINITY;
        }
        let n = self.weight;
        self.players
            .iter()
            .map(|t| {
                let mean = t.share / n;
                let var = (t.share_sq / n - mean * mean).max(0.0);
                (var / (n - 1.0)).sqrt()
            })
            .fold(0.0, f64::max)
    }

    pub(crate) fn finish(self, method: Method, seed: Option<u64>) -> EquityResult {
        let exact = method == Method::Exact;
        let n = self.weight;
        let players: Vec<PlayerEquity> = self
            .players
            .iter()
            .map(|t| {
                let mean = t.share / n;
                let stderr = if exact || self.deals < 2 {
                    0.0
                } else {
                    ((t.share_sq / n - mean * mean).max(0.0) / (n - 1.0)).sqrt()
                };
                PlayerEquity {
                    equity: mean,
                    win: t.win / n,
                    tie: t.tie / n,
                    categories: t.categories.map(|c| c / n),
                    stderr,
                    high: None,
                    low: None,
                    scoop: None,
                }
            })
            .collect();
        let stderr = players.iter().map(|p| p.stderr).fold(0.0, f64::max);
        EquityResult {
            players,
            method,
            exact,
            deals: self.deals,
            stderr,
            seed,
        }
    }
}
