//! Tournament prize equity: the Independent Chip Model (ICM) and what is built on it.
//!
//! # Models
//! Both models turn stacks into a probability for every finishing order, and a player's
//! prize equity is the expected payout over those orders.
//!
//! - **Malmuth-Harville** ([`Model::Harville`], the usual "ICM"): places are filled from
//!   the top. Each remaining player takes the best place still open with probability
//!   proportional to their stack (Harville 1973 for horse races, Malmuth 1987 for poker).
//! - **Malmuth-Weitzman** ([`Model::Weitzman`]): places are filled from the bottom. Each
//!   remaining player is the next one eliminated with probability inversely proportional
//!   to their stack; the last one left wins.
//!
//! A player with no chips finishes below every player with chips in both models (they
//! cannot win a place while anyone else has chips); several such players share the last
//! places with equal chances.
//!
//! # Exact and Monte Carlo
//! The exact method ([`exact`]) is a dynamic program over the sets of players already
//! placed (2^n sets, not n! orders), exact to rounding up to [`EXACT_MAX_PLAYERS`]
//! players with chips. Larger fields are sampled ([`monte_carlo`]): seeded, and the same
//! seed gives the same result for every thread count.
//!
//! # The prize pool
//! Payouts are listed from first place down; a list longer than the field pays only its
//! first `n` places (the later prizes are not reachable by the players given), and a
//! shorter one pays nothing below its last place. The equities add up to the pool that
//! can be reached (the sum of the first `n` payouts) to rounding: each place's
//! probabilities add up to one over the players, exactly so for every Monte Carlo sample.

pub mod exact;
pub mod heads_up;
pub mod monte_carlo;
pub mod push_fold;

use crate::error::{Error, Result};

/// The most players with chips the exact method takes: its table holds one probability
/// per set of players (2^22 of them, 32 MiB).
pub const EXACT_MAX_PLAYERS: usize = 22;

/// Samples a Monte Carlo run takes unless told otherwise.
pub const DEFAULT_SAMPLES: u64 = 200_000;

/// How finishing orders get their probabilities.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Model {
    /// Malmuth-Harville: each open place, from the top, goes to a player with
    /// probability proportional to their stack.
    #[default]
    Harville,
    /// Malmuth-Weitzman: the next player eliminated, from the bottom, is drawn with
    /// probability inversely proportional to their stack.
    Weitzman,
}

impl std::str::FromStr for Model {
    type Err = Error;

    /// `"harville"` or `"weitzman"` (also `"malmuth-harville"`, `"malmuth-weitzman"`).
    fn from_str(text: &str) -> Result<Model> {
        match text.to_ascii_lowercase().as_str() {
            "harville" | "malmuth-harville" => Ok(Model::Harville),
            "weitzman" | "malmuth-weitzman" => Ok(Model::Weitzman),
            _ => Err(Error::InvalidSetting {
                name: "model",
                value: format!("'{text}'"),
                expected: "\"harville\" or \"weitzman\"",
            }),
        }
    }
}

/// Exact, sampled, or exact where the field allows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum IcmMethod {
    /// Exact up to [`EXACT_MAX_PLAYERS`] players with chips, Monte Carlo beyond.
    #[default]
    Auto,
    /// The subset dynamic program; [`Error::ExactTooLarge`] beyond its limit.
    Exact,
    /// Sampled finishing orders.
    MonteCarlo,
}

impl std::str::FromStr for IcmMethod {
    type Err = Error;

    /// `"auto"`, `"exact"` or `"monte-carlo"`.
    fn from_str(text: &str) -> Result<IcmMethod> {
        match text {
            "auto" => Ok(IcmMethod::Auto),
            "exact" => Ok(IcmMethod::Exact),
            "monte-carlo" => Ok(IcmMethod::MonteCarlo),
            _ => Err(Error::InvalidSetting {
                name: "method",
                value: format!("'{text}'"),
                expected: "\"auto\", \"exact\" or \"monte-carlo\"",
            }),
        }
    }
}

/// Options of [`icm`].
#[derive(Debug, Clone, Default)]
pub struct IcmOptions {
    /// The model of finishing orders.
    pub model: Model,
    /// Exact, sampled or automatic.
    pub method: IcmMethod,
    /// Monte Carlo samples ([`DEFAULT_SAMPLES`] when `None`); at least 1.
    pub samples: Option<u64>,
    /// Monte Carlo seed (0 when `None`; the bindings draw a fresh one).
    pub seed: Option<u64>,
}

/// Prize equities and how they were found.
#[derive(Debug, Clone, PartialEq)]
pub struct IcmResult {
    /// Each player's expected prize, in the order of the stacks.
    pub equities: Vec<f64>,
    /// Whether the equities are exact (to rounding).
    pub exact: bool,
    /// Finishing orders sampled (0 when exact).
    pub samples: u64,
    /// Standard error of each equity (zeros when exact).
    pub stderr: Vec<f64>,
    /// The Monte Carlo seed; `None` when exact.
    pub seed: Option<u64>,
}

/// Checks stacks and payouts: every stack finite and 0 or more, with chips in all; every
/// payout finite and 0 or more.
pub fn validate(stacks: &[f64], payouts: &[f64]) -> Result<()> {
    for (index, &s) in stacks.iter().enumerate() {
        if !(s.is_finite() && s >= 0.0) {
            return Err(Error::InvalidStack {
                index,
                value: s.to_string(),
                expected: "a finite number of chips, 0 or more",
            });
        }
    }
    // Stacks are finite, so the sum is only infinite when it overflows: refuse that too.
    let total: f64 = stacks.iter().sum();
    if !(total > 0.0 && total.is_finite()) {
        return Err(Error::NoChips);
    }
    for (index, &p) in payouts.iter().enumerate() {
        if !(p.is_finite() && p >= 0.0) {
            return Err(Error::InvalidPayout {
                index,
                value: p.to_string(),
            });
        }
    }
    Ok(())
}

/// The stacks in units of the largest when it lies outside `1e-100..=1e100` (equities
/// depend on the stacks' proportions alone): a stack of `f64::MAX` once made Weitzman's
/// weights (one over the stack) subnormal and the equities NaN, stacks of `1e-320` made
/// Harville's infinite. Stacks inside the window are used as given, to the last bit.
fn scaled(stacks: &[f64]) -> std::borrow::Cow<'_, [f64]> {
    let top = stacks.iter().copied().fold(0.0, f64::max);
    if (1e-100..=1e100).contains(&top) || top == 0.0 {
        return std::borrow::Cow::Borrowed(stacks);
    }
    std::borrow::Cow::Owned(stacks.iter().map(|s| s / top).collect())
}

/// The players with chips (their indices) and the number without.
fn with_chips(stacks: &[f64]) -> (Vec<usize>, usize) {
    let alive: Vec<usize> = (0..stacks.len()).filter(|&i| stacks[i] > 0.0).collect();
    let broke = stacks.len() - alive.len();
    (alive, broke)
}

/// Most numbers in a table the ICM functions answer (a player by a place, or by a player):
/// 2**24, 128 MB of floats. Players without chips cost nothing to compute but a row each,
/// so a list of a million of them must be refused before its table is made.
pub const MAX_CELLS: usize = 1 << 24;

/// Refuses a table of `rows` players by `cols` numbers past [`MAX_CELLS`], before it is
/// made; `expected` says what is allowed.
fn check_cells(rows: usize, cols: usize, expected: &'static str) -> Result<()> {
    if rows.saturating_mul(cols) > MAX_CELLS {
        return Err(Error::InvalidSetting {
            name: "stacks",
            value: format!("a list of {rows} players"),
            expected,
        });
    }
    Ok(())
}

/// `places[i][k]`: the probability that player `i` finishes in place `k` (0 is first),
/// for the first `places` places (at most the number of players), exactly.
///
/// # Errors
/// [`Error::InvalidStack`] or [`Error::NoChips`] for unusable stacks;
/// [`Error::ExactTooLarge`] for more than [`EXACT_MAX_PLAYERS`] players with chips;
/// [`Error::InvalidSetting`] for an answer of more than [`MAX_CELLS`] numbers.
pub fn finish_probabilities(stacks: &[f64], places: usize, model: Model) -> Result<Vec<Vec<f64>>> {
    validate(stacks, &[])?;
    let n = stacks.len();
    let places = places.min(n);
    check_cells(
        n,
        places,
        "fewer players or places: the answer holds a chance per player and place, at most \
         2**24 of them",
    )?;
    let stacks = &*scaled(stacks);
    let (alive, broke) = with_chips(stacks);
    if alive.len() > EXACT_MAX_PLAYERS {
        return Err(Error::ExactTooLarge {
            players: alive.len(),
            limit: EXACT_MAX_PLAYERS,
        });
    }
    let chips: Vec<f64> = alive.iter().map(|&i| stacks[i]).collect();
    let among_alive = exact::places(&chips, places.min(alive.len()), model);
    let mut out = vec![vec![0.0; places]; n];
    for (a, &i) in alive.iter().enumerate() {
        out[i][..among_alive[a].len()].copy_from_slice(&among_alive[a]);
    }
    // The broke players share the places below everyone with chips equally.
    for (i, row) in out.iter_mut().enumerate() {
        if stacks[i] == 0.0 {
            for cell in row.iter_mut().skip(alive.len()) {
                *cell = 1.0 / broke as f64;
            }
        }
    }
    Ok(out)
}

/// Each player's prize equity, exactly: the players with chips by [`exact::equities`],
/// those without sharing the places below them equally.
///
/// # Errors
/// [`Error::ExactTooLarge`] for more than [`EXACT_MAX_PLAYERS`] players with chips.
pub fn exact_equities(stacks: &[f64], payouts: &[f64], model: Model) -> Result<Vec<f64>> {
    let stacks = &*scaled(stacks);
    let (alive, broke) = with_chips(stacks);
    if alive.len() > EXACT_MAX_PLAYERS {
        return Err(Error::ExactTooLarge {
            players: alive.len(),
            limit: EXACT_MAX_PLAYERS,
        });
    }
    let paid = payouts.len().min(stacks.len());
    let chips: Vec<f64> = alive.iter().map(|&i| stacks[i]).collect();
    let among_alive = exact::equities(&chips, &payouts[..paid.min(alive.len())], model);
    let mut out = vec![0.0; stacks.len()];
    for (a, &i) in alive.iter().enumerate() {
        out[i] = among_alive[a];
    }
    if broke > 0 {
        let below = payouts[..paid].iter().skip(alive.len()).sum::<f64>() / broke as f64;
        for (i, &s) in stacks.iter().enumerate() {
            if s == 0.0 {
                out[i] = below;
            }
        }
    }
    Ok(out)
}

/// Whether [`icm`] computes exactly with `method` for these stacks: when asked to, or
/// automatically for up to [`EXACT_MAX_PLAYERS`] players with chips.
pub fn uses_exact(stacks: &[f64], method: IcmMethod) -> bool {
    match method {
        IcmMethod::Exact => true,
        IcmMethod::MonteCarlo => false,
        IcmMethod::Auto => stacks.iter().filter(|&&s| s > 0.0).count() <= EXACT_MAX_PLAYERS,
    }
}

/// Each player's prize equity (see the module documentation for the models and the pool).
///
/// # Errors
/// [`Error::InvalidStack`], [`Error::NoChips`] or [`Error::InvalidPayout`] for unusable
/// input; [`Error::ExactTooLarge`] when `method` is exact and the field is too large;
/// [`Error::InvalidSetting`] for zero samples; [`Error::Interrupted`] when `cancel`
/// answers true between Monte Carlo chunks.
pub fn icm(
    stacks: &[f64],
    payouts: &[f64],
    options: &IcmOptions,
    cancel: &(dyn Fn() -> bool + Sync),
) -> Result<IcmResult> {
    validate(stacks, payouts)?;
    let stacks = &*scaled(stacks);
    let n = stacks.len();
    let exact = uses_exact(stacks, options.method);
    let paid = payouts.len().min(n);
    if exact {
        let equities = exact_equities(stacks, &payouts[..paid], options.model)?;
        return Ok(IcmResult {
            equities,
            exact: true,
            samples: 0,
            stderr: vec![0.0; n],
            seed: None,
        });
    }
    let samples = options.samples.unwrap_or(DEFAULT_SAMPLES);
    if samples == 0 {
        return Err(Error::InvalidSetting {
            name: "samples",
            value: "0".to_string(),
            expected: "a positive integer",
        });
    }
    let seed = options.seed.unwrap_or(0);
    let (equities, stderr) = monte_carlo::equities(
        stacks,
        &payouts[..paid],
        options.model,
        samples,
        seed,
        cancel,
    )?;
    Ok(IcmResult {
        equities,
        exact: false,
        samples,
        stderr,
        seed: Some(seed),
    })
}

/// Bubble factors between every pair of players, exact: `factors[i][j]` is what player `i`
/// loses in prize equity by losing an all-in for the smaller of the two stacks against
/// player `j`, divided by what `i` gains by winning it. 1 means chips are worth their face
/// value; above 1, chips lost are worth more than chips won. NaN on the diagonal, for a
/// player without chips, and where winning gains nothing (then the ratio has no meaning).
///
/// Each factor takes two exact ICM computations, so 22 players take 924 of them (minutes):
/// `cancel` is asked before each exact computation.
///
/// # Errors
/// As [`finish_probabilities`] (more than 4096 players in all), [`Error::InvalidPayout`],
/// and [`Error::Interrupted`] when
/// `cancel` answers true.
pub fn bubble_factors(
    stacks: &[f64],
    payouts: &[f64],
    model: Model,
    cancel: &(dyn Fn() -> bool + Sync),
) -> Result<Vec<Vec<f64>>> {
    validate(stacks, payouts)?;
    let n = stacks.len();
    let options = IcmOptions {
        model,
        method: IcmMethod::Exact,
        ..IcmOptions::default()
    };
    check_cells(
        n,
        n,
        "at most 4096 players: the answer holds a bubble factor per pair of players",
    )?;
    let never = || false;
    let now = icm(stacks, payouts, &options, &never)?.equities;
    let mut factors = vec![vec![f64::NAN; n]; n];
    for i in 0..n {
        for j in 0..n {
            // Asked before each exact computation (at most about a tenth of a second, at
            // 22 players with chips), not once per player (seconds).
            if cancel() {
                return Err(Error::Interrupted);
            }
            let at_risk = stacks[i].min(stacks[j]);
            if i == j || at_risk <= 0.0 {
                continue;
            }
            let mut won = stacks.to_vec();
            won[i] += at_risk;
            won[j] -= at_risk;
            let mut lost = stacks.to_vec();
            lost[i] -= at_risk;
            lost[j] += at_risk;
            let gain = icm(&won, payouts, &options, &never)?.equities[i] - now[i];
            if cancel() {
                return Err(Error::Interrupted);
            }
            let loss = now[i] - icm(&lost, payouts, &options, &never)?.equities[i];
            if gain > 0.0 {
                factors[i][j] = loss / gain;
            }
        }
    }
    Ok(factors)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse() {
        assert_eq!("Harville".parse::<Model>(), Ok(Model::Harville));
        assert_eq!("malmuth-weitzman".parse::<Model>(), Ok(Model::Weitzman));
        assert!("chip".parse::<Model>().is_err());
        assert_eq!(
            "monte-carlo".parse::<IcmMethod>(),
            Ok(IcmMethod::MonteCarlo)
        );
        assert!("fast".parse::<IcmMethod>().is_err());
    }

    #[test]
    fn bad_input_names_the_value() {
        let never = || false;
        let o = IcmOptions::default();
        let err = icm(&[10.0, -5.0], &[1.0], &o, &never).unwrap_err();
        assert_eq!(
            err.to_string(),
            "stacks[1] = -5 is not allowed: expected a finite number of chips, 0 or more"
        );
        assert_eq!(err.field().as_deref(), Some("stacks[1]"));
        let err = icm(&[f64::NAN], &[1.0], &o, &never).unwrap_err();
        assert!(err.to_string().contains("stacks[0] = NaN"), "{err}");
        assert_eq!(icm(&[0.0, 0.0], &[1.0], &o, &never), Err(Error::NoChips));
        assert_eq!(icm(&[], &[1.0], &o, &never), Err(Error::NoChips));
        assert_eq!(
            icm(&[f64::MAX, f64::MAX], &[1.0], &o, &never),
            Err(Error::NoChips)
        );
        let err = icm(&[1.0, 2.0], &[5.0, -1.0], &o, &never).unwrap_err();
        assert_eq!(
            err.to_string(),
            "payouts[1] = -1 is not allowed: expected a finite amount, 0 or more"
        );
        let err = icm(&[1.0, 2.0], &[f64::INFINITY], &o, &never).unwrap_err();
        assert_eq!(err.field().as_deref(), Some("payouts[0]"));
        let big = vec![1.0; EXACT_MAX_PLAYERS + 1];
        let exact = IcmOptions {
            method: IcmMethod::Exact,
            ..IcmOptions::default()
        };
        let err = icm(&big, &[1.0], &exact, &never).unwrap_err();
        assert_eq!(
            err,
            Error::ExactTooLarge {
                players: EXACT_MAX_PLAYERS + 1,
                limit: EXACT_MAX_PLAYERS
            }
        );
        let zero = IcmOptions {
            method: IcmMethod::MonteCarlo,
            samples: Some(0),
            ..IcmOptions::default()
        };
        assert!(matches!(
            icm(&[1.0, 2.0], &[1.0], &zero, &never),
            Err(Error::InvalidSetting {
                name: "samples",
                ..
            })
        ));
    }
}
