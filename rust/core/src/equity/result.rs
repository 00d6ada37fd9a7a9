//! What an equity calculation reports, and the running totals it is built from.

use super::breakdown::HandEquity;
use crate::eval::Category;
use crate::MAX_PLAYERS;

/// Every fourth bit: the cards of suit 0.
pub(crate) const SUIT0: u64 = 0x0001_1111_1111_1111;

/// Integer results of one set of hole cards over every runout. Counts are signed because
/// the flush pass subtracts what the rank-only pass added.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Counts {
    /// Boards counted.
    pub total: i64,
    /// `wins[p]`: boards player `p` wins alone.
    pub wins: [i64; MAX_PLAYERS],
    /// `ties[p][k]`: boards player `p` shares with `k` winners in all.
    pub ties: [[i64; MAX_PLAYERS + 1]; MAX_PLAYERS],
    /// `categories[p][c]`: boards on which player `p` ends with category `c` (high hand).
    pub categories: [[i64; 9]; MAX_PLAYERS],
    /// Hi-lo only (`ties[p][0]` then counts deals with a part of the pot): pot shares,
    /// their squares, and the shares from each half.
    pub hilo: Option<Box<HiLo>>,
}

/// Pot shares of a hi-lo game, which are not whole counts (halves split again).
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct HiLo {
    pub share: [f64; MAX_PLAYERS],
    pub share_sq: [f64; MAX_PLAYERS],
    pub high: [f64; MAX_PLAYERS],
    pub low: [f64; MAX_PLAYERS],
}

impl Counts {
    pub(crate) fn new() -> Counts {
        Counts {
            total: 0,
            wins: [0; MAX_PLAYERS],
            ties: [[0; MAX_PLAYERS + 1]; MAX_PLAYERS],
            categories: [[0; 9]; MAX_PLAYERS],
            hilo: None,
        }
    }

    /// Empty counts for a hi-lo game.
    pub(crate) fn new_hilo() -> Counts {
        Counts {
            hilo: Some(Box::default()),
            ..Counts::new()
        }
    }

    /// Adds `other` (counts of other deals of the same players).
    pub(crate) fn merge(&mut self, other: &Counts) {
        self.total += other.total;
        for p in 0..MAX_PLAYERS {
            self.wins[p] += other.wins[p];
            for (a, b) in self.ties[p].iter_mut().zip(&other.ties[p]) {
                *a += b;
            }
            for (a, b) in self.categories[p].iter_mut().zip(&other.categories[p]) {
                *a += b;
            }
        }
        if let (Some(a), Some(b)) = (self.hilo.as_deref_mut(), other.hilo.as_deref()) {
            for p in 0..MAX_PLAYERS {
                a.share[p] += b.share[p];
                a.share_sq[p] += b.share_sq[p];
                a.high[p] += b.high[p];
                a.low[p] += b.low[p];
            }
        }
    }

    /// Adds one hi-lo deal: high classes `high`, low classes `low` (0: no low). The high
    /// half goes to the best high hands, the low half to the best qualifying lows, the
    /// whole pot to the high hands when nobody has a low; each half splits evenly.
    pub(crate) fn score_hilo(&mut self, high: &[u16], low: &[u8]) {
        let best_high = high.iter().copied().max().unwrap_or(0);
        let best_low = low.iter().copied().max().unwrap_or(0);
        let high_winners = high.iter().filter(|&&c| c == best_high).count() as f64;
        let low_winners = low.iter().filter(|&&c| c == best_low).count() as f64;
        let (high_pot, low_pot) = if best_low == 0 {
            (1.0, 0.0)
        } else {
            (0.5, 0.5)
        };
        self.total += 1;
        let Some(split) = self.hilo.as_deref_mut() else {
            return;
        };
        for (p, (&h, &l)) in high.iter().zip(low).enumerate() {
            self.categories[p][category_of(h)] += 1;
            let from_high = if h == best_high {
                high_pot / high_winners
            } else {
                0.0
            };
            let from_low = if best_low != 0 && l == best_low {
                low_pot / low_winners
            } else {
                0.0
            };
            let share = from_high + from_low;
            split.high[p] += from_high;
            split.low[p] += from_low;
            split.share[p] += share;
            split.share_sq[p] += share * share;
            if share >= 1.0 {
                self.wins[p] += 1;
            } else if share > 0.0 {
                self.ties[p][0] += 1;
            }
        }
    }

    /// Adds `weight` boards on which the players end with hand classes `classes`.
    #[inline]
    pub(crate) fn score(&mut self, classes: &[u16], weight: i64) {
        self.score_in(classes, weight, category_of);
    }

    /// [`Counts::score`] for classes of another ranking (short deck), whose categories
    /// `category` gives.
    #[inline(always)]
    pub(crate) fn score_in(
        &mut self,
        classes: &[u16],
        weight: i64,
        category: impl Fn(u16) -> usize,
    ) {
        for (p, &class) in classes.iter().enumerate() {
            self.categories[p][category(class)] += weight;
        }
        self.award(classes, weight);
    }

    /// Adds `weight` boards' wins and ties (not their categories) to the players with the
    /// best of `classes`.
    #[inline(always)]
    pub(crate) fn award(&mut self, classes: &[u16], weight: i64) {
        let best = classes.iter().copied().max().unwrap_or(0);
        let winners = classes.iter().filter(|&&c| c == best).count();
        for (p, &class) in classes.iter().enumerate() {
            if class == best {
                if winners == 1 {
                    self.wins[p] += weight;
                } else {
                    self.ties[p][winners] += weight;
                }
            }
        }
    }
}

/// The category of each class 0..=7462 (0 is unused).
static CATEGORY_OF: [u8; 7463] = {
    let mut table = [0u8; 7463];
    let mut class = 1;
    let mut category = 0;
    while class < 7463 {
        while Category::UPPER_BOUNDS[category] < class as u16 {
            category += 1;
        }
        table[class] = category as u8;
        class += 1;
    }
    table
};

/// The category index of a hand class.
#[inline(always)]
pub(crate) fn category_of(class: u16) -> usize {
    usize::from(CATEGORY_OF[usize::from(class)])
}

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

impl std::str::FromStr for Method {
    type Err = crate::error::Error;

    /// Parses `"auto"`, `"exact"` or `"monte-carlo"` (also `"mc"`; case and `_`/`-` free).
    fn from_str(name: &str) -> crate::error::Result<Method> {
        match name.trim().to_ascii_lowercase().replace('_', "-").as_str() {
            "auto" => Ok(Method::Auto),
            "exact" => Ok(Method::Exact),
            "monte-carlo" | "montecarlo" | "mc" => Ok(Method::MonteCarlo),
            _ => Err(crate::error::Error::InvalidSetting {
                name: "method",
                value: format!("'{name}'"),
                expected: "\"auto\", \"exact\" or \"monte-carlo\"",
            }),
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
    /// Each of the player's hands with its own result, when asked for
    /// ([`EquityOptions::by_hand`](super::EquityOptions::by_hand)).
    pub by_hand: Option<Vec<HandEquity>>,
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
    /// Whether the players' `categories` were counted (`false` only when
    /// [`EquityOptions::skip_categories`](super::EquityOptions::skip_categories) or
    /// `by_hand` let the heads-up table answer: they are then all zero).
    pub categories: bool,
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
    high: f64,
    low: f64,
}

/// Running totals of a calculation: deals counted with weights.
#[derive(Debug, Clone)]
pub(crate) struct Tally {
    hilo: bool,
    weight: f64,
    deals: u64,
    players: Vec<PlayerTally>,
}

impl Tally {
    pub(crate) fn new(players: usize) -> Tally {
        Tally {
            hilo: false,
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
            if let Some(split) = counts.hilo.as_deref() {
                self.hilo = true;
                tie = counts.ties[p][0] as f64;
                share = split.share[p];
                sq = split.share_sq[p];
                t.high += weight * split.high[p];
                t.low += weight * split.low[p];
            } else {
                for (k, &n) in counts.ties[p].iter().enumerate().skip(2) {
                    let n = n as f64;
                    tie += n;
                    share += n / k as f64;
                    sq += n / (k * k) as f64;
                }
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

    /// Whether no deal has been counted.
    pub(crate) fn is_empty(&self) -> bool {
        self.deals == 0
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
        let hilo = self.hilo;
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
                    high: hilo.then_some(t.high / n),
                    low: hilo.then_some(t.low / n),
                    // Winning the whole pot alone is a scoop.
                    scoop: hilo.then_some(t.win / n),
                    by_hand: None,
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
            categories: true,
        }
    }
}
