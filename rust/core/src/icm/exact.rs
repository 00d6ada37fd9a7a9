//! Exact finishing probabilities by a dynamic program over sets of placed players.
//!
//! Both models place players one at a time, each drawn from those left with a probability
//! proportional to a weight (the stack for Malmuth-Harville, placing from the top; its
//! inverse for Malmuth-Weitzman, placing from the bottom). The chance of a finishing
//! order is a product of such draws, and the chance that the first `t` players drawn are
//! the set `S`, in any order, depends on `S` alone:
//!
//! `P(S) = sum over j in S of P(S - j) * w_j / W(players not in S - j)`, from `P(∅) = 1`,
//!
//! and player `j` is drawn `|S|`-th with probability `sum over the sets S holding j of
//! the same term`. That is n 2^(n-1) terms instead of n! orders: 10 players take about
//! 5,000, 20 about ten million; with only `k` places paid, only the sets of fewer than
//! `k` players are visited.
//!
//! # Layout
//! The table is indexed by the set's bit mask (bit `i` for the `i`-th player given), one
//! `f64` per set: `P(S) / W(players not in S)`. The weight left outside a set is read from two tables of subset sums (the low
//! and the high half of the players), added up directly rather than subtracted from the
//! total, so a player with a tiny stack next to huge ones keeps its precision.

use super::Model;

/// Sums of weights of every subset of `weights`, by bit mask.
fn subset_sums(weights: &[f64]) -> Vec<f64> {
    let mut sums = vec![0.0; 1 << weights.len()];
    for mask in 1..sums.len() {
        let low = mask.trailing_zeros() as usize;
        sums[mask] = sums[mask & (mask - 1)] + weights[low];
    }
    sums
}

/// The sets of `size` players out of `n` as bit masks, in increasing order (Gosper's
/// hack, with a shift where the textbook divides).
fn sets_of_size(n: usize, size: usize) -> impl Iterator<Item = usize> {
    let full = (1usize << n) - 1;
    let mut next = Some((1usize << size) - 1);
    std::iter::from_fn(move || {
        let mask = next?;
        next = if mask == 0 {
            None
        } else {
            let lowest = mask & mask.wrapping_neg();
            let ripple = mask + lowest;
            let following = ripple | (((ripple ^ mask) >> 2) >> lowest.trailing_zeros());
            (following <= full).then_some(following)
        };
        Some(mask)
    })
}

/// `out[i][t]`: the probability that player `i` is drawn `t`-th (0-based), for the first
/// `draws` draws, where each draw picks one of the players left with probability
/// proportional to `weights` (all positive, at most
/// [`EXACT_MAX_PLAYERS`](super::EXACT_MAX_PLAYERS) of them).
///
/// Each set `S` of `t + 1` players gathers from its subsets: the chance that `S` is the
/// set drawn first and `j` the last of it is `P(S - j) * w_j / W(rest of S - j)`; summed
/// over `j` it is `P(S)`, and summed over the sets holding `j` it is the chance that `j`
/// is drawn `(t + 1)`-th. The table keeps `P(S) / W(rest of S)`, which every set drawn
/// after it multiplies by one weight.
pub fn draw_probabilities(weights: &[f64], draws: usize) -> Vec<Vec<f64>> {
    let n = weights.len();
    let draws = draws.min(n);
    let mut by_draw = vec![0.0; draws * n];
    if draws > 0 {
        let half = n / 2;
        let (low_sums, high_sums) = (subset_sums(&weights[..half]), subset_sums(&weights[half..]));
        let low_bits = (1usize << half) - 1;
        let full = (1usize << n) - 1;
        let left = |mask: usize| {
            let rest = !mask & full;
            low_sums[rest & low_bits] + high_sums[rest >> half]
        };
        let mut scaled = vec![0.0f64; full + 1];
        scaled[0] = 1.0 / left(0);
        // Weights and accumulators in fixed arrays indexed by `j & 31` (n is at most 22):
        // the hot loop below checks no bounds for them.
        let mut w = [0.0f64; 32];
        w[..n].copy_from_slice(weights);
        for (t, row) in by_draw.chunks_exact_mut(n).enumerate() {
            let keep = t + 1 < draws;
            let mut acc = [0.0f64; 32];
            for set in sets_of_size(n, t + 1) {
                let mut total = 0.0;
                let mut bits = set;
                while bits != 0 {
                    let j = bits.trailing_zeros() as usize & 31;
                    let bit = bits & bits.wrapping_neg();
                    bits ^= bit;
                    let term = scaled[(set ^ bit) & full] * w[j];
                    total += term;
                    acc[j] += term;
                }
                if keep {
                    scaled[set & full] = total / left(set);
                }
            }
            row.copy_from_slice(&acc[..n]);
        }
    }
    (0..n)
        .map(|j| (0..draws).map(|t| by_draw[t * n + j]).collect())
        .collect()
}

/// `out[i][k]`: the probability that player `i` (all stacks positive) finishes in place
/// `k` (0 is first), for the first `places` places, under `model`.
pub fn places(stacks: &[f64], places: usize, model: Model) -> Vec<Vec<f64>> {
    let n = stacks.len();
    let places = places.min(n);
    match model {
        Model::Harville => draw_probabilities(stacks, places),
        Model::Weitzman => {
            // Draws are eliminations: the `t`-th player out finishes in place n - 1 - t.
            // Every draw is needed to reach the top places, the winner being the last
            // one left.
            let inverse: Vec<f64> = stacks.iter().map(|s| 1.0 / s).collect();
            let out_order = draw_probabilities(&inverse, n);
            out_order
                .iter()
                .map(|row| (0..places).map(|k| row[n - 1 - k]).collect())
                .collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gosper_visits_every_set_of_each_size() {
        // Places of every size add up to one for each draw: each layer was visited whole.
        let weights = [3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0];
        let out = draw_probabilities(&weights, 7);
        for t in 0..7 {
            let total: f64 = out.iter().map(|row| row[t]).sum();
            assert!((total - 1.0).abs() < 1e-14, "draw {t}: {total}");
        }
        for row in &out {
            assert!((row.iter().sum::<f64>() - 1.0).abs() < 1e-14);
        }
    }

    #[test]
    fn two_players_by_hand() {
        let out = places(&[1.0, 3.0], 2, Model::Harville);
        assert_eq!(out, vec![vec![0.25, 0.75], vec![0.75, 0.25]]);
        // Weitzman: the smaller stack is out first with chance 3/4 (inverse weights 1, 1/3).
        let out = places(&[1.0, 3.0], 2, Model::Weitzman);
        assert!((out[0][1] - 0.75).abs() < 1e-15 && (out[1][0] - 0.75).abs() < 1e-15);
    }
}
