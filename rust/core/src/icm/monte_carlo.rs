//! Prize equities by sampling finishing orders, for fields too large to enumerate.
//!
//! Each sample draws an order the way the model defines it, one place at a time from the
//! players left (Malmuth-Harville: the open places from the top, by stack; Malmuth-Weitzman:
//! the eliminations from the bottom, by inverse stack), and pays each paid place to the
//! player drawn for it. Draws use only additions, multiplications and comparisons, so a
//! seed gives the same orders on every platform.
//!
//! Samples come in chunks of [`CHUNK`], chunk `c` drawing from stream `c` of the seed, and
//! the chunks' sums are added in chunk order: the result depends on the seed and the number
//! of samples only, never on the number of threads. Every sample pays out the whole
//! reachable pool, so the equities add up to it to rounding.

use rayon::prelude::*;

use super::Model;
use crate::error::{Error, Result};
use crate::rng::Rng;

/// Samples per chunk (one random stream each).
pub const CHUNK: u64 = 1024;

/// Chunks run between two checks of the cancellation hook.
const CHUNKS_PER_CHECK: u64 = 64;

/// One chunk's sums: each player's payouts and squared payouts.
struct Sums {
    total: Vec<f64>,
    squares: Vec<f64>,
}

/// Draws one index of `weights[..len]` with probability proportional to its weight.
fn draw(rng: &mut Rng, weights: &[f64], len: usize) -> usize {
    let left: f64 = weights[..len].iter().sum();
    let mut target = rng.unit_f64() * left;
    for (i, &w) in weights[..len].iter().enumerate() {
        if target < w {
            return i;
        }
        target -= w;
    }
    // Rounding can leave the target just past the last weight.
    len - 1
}

/// One chunk of `count` samples of the players with chips (`stacks`, all positive), the
/// places paid by `payouts` (at most as many as players).
fn chunk(stacks: &[f64], payouts: &[f64], model: Model, count: u64, rng: &mut Rng) -> Sums {
    let n = stacks.len();
    let mut sums = Sums {
        total: vec![0.0; n],
        squares: vec![0.0; n],
    };
    let base: Vec<f64> = match model {
        Model::Harville => stacks.to_vec(),
        Model::Weitzman => stacks.iter().map(|s| 1.0 / s).collect(),
    };
    let mut ids: Vec<usize> = Vec::with_capacity(n);
    let mut weights: Vec<f64> = Vec::with_capacity(n);
    let mut won = vec![0.0; n];
    for _ in 0..count {
        ids.clear();
        ids.extend(0..n);
        weights.clear();
        weights.extend_from_slice(&base);
        won.iter_mut().for_each(|w| *w = 0.0);
        let mut len = n;
        let mut pay = |place: usize, player: usize| {
            if let Some(&prize) = payouts.get(place) {
                won[player] = prize;
            }
        };
        match model {
            Model::Harville => {
                for place in 0..payouts.len() {
                    let at = draw(rng, &weights, len);
                    pay(place, ids[at]);
                    len -= 1;
                    ids.swap(at, len);
                    weights.swap(at, len);
                }
            }
            Model::Weitzman => {
                while len > 1 {
                    let at = draw(rng, &weights, len);
                    pay(len - 1, ids[at]);
                    len -= 1;
                    ids.swap(at, len);
                    weights.swap(at, len);
                }
                pay(0, ids[0]);
            }
        }
        for (i, &w) in won.iter().enumerate() {
            sums.total[i] += w;
            sums.squares[i] += w * w;
        }
    }
    sums
}

/// Sampled prize equities and their standard errors, for every player of `stacks`;
/// `payouts` holds at most as many places as there are players. Players without chips
/// take the mean of the places below everyone with chips, exactly.
///
/// # Errors
/// [`Error::Interrupted`] when `cancel` answers true between chunks.
pub fn equities(
    stacks: &[f64],
    payouts: &[f64],
    model: Model,
    samples: u64,
    seed: u64,
    cancel: &(dyn Fn() -> bool + Sync),
) -> Result<(Vec<f64>, Vec<f64>)> {
    let alive: Vec<usize> = (0..stacks.len()).filter(|&i| stacks[i] > 0.0).collect();
    let chips: Vec<f64> = alive.iter().map(|&i| stacks[i]).collect();
    let paid_alive = &payouts[..payouts.len().min(alive.len())];
    let chunks = samples.div_ceil(CHUNK);
    let mut total = vec![0.0; alive.len()];
    let mut squares = vec![0.0; alive.len()];
    let mut first = 0;
    while first < chunks {
        if cancel() {
            return Err(Error::Interrupted);
        }
        let last = (first + CHUNKS_PER_CHECK).min(chunks);
        let parts: Vec<Sums> = (first..last)
            .into_par_iter()
            .map(|c| {
                let count = CHUNK.min(samples - c * CHUNK);
                let mut rng = Rng::for_stream(seed, c);
                chunk(&chips, paid_alive, model, count, &mut rng)
            })
            .collect();
        for part in parts {
            for a in 0..alive.len() {
                total[a] += part.total[a];
                squares[a] += part.squares[a];
            }
        }
        first = last;
    }
    let n = samples as f64;
    let mut equities = vec![0.0; stacks.len()];
    let mut stderr = vec![0.0; stacks.len()];
    for (a, &i) in alive.iter().enumerate() {
        let mean = total[a] / n;
        let variance = (squares[a] / n - mean * mean).max(0.0);
        equities[i] = mean;
        stderr[i] = (variance / n).sqrt();
    }
    let broke = stacks.len() - alive.len();
    if broke > 0 {
        let below: f64 = payouts.iter().skip(alive.len()).sum();
        for (i, &s) in stacks.iter().enumerate() {
            if s == 0.0 {
                equities[i] = below / broke as f64;
            }
        }
    }
    Ok((equities, stderr))
}
