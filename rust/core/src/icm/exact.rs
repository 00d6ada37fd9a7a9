//! Exact finishing probabilities by a dynamic program over sets of placed players.
//!
//! Both models place players one at a time, each drawn from those left with a probability
//! proportional to a weight (the stack for Malmuth-Harville, placing from the top; its
//! inverse for Malmuth-Weitzman, placing from the bottom). The chance of a finishing
//! order is a product of such draws, and the chance that the first `t` players drawn are
//! the set `S`, in any order, depends on `S` alone:
//!
//! `P(S ∪ {j}) += P(S) * w_j / W(rest of S)`, starting from `P(∅) = 1`,
//!
//! and player `j` is drawn `(|S| + 1)`-th with probability `sum over S without j of
//! P(S) * w_j / W(rest of S)`. That is 2^n sets times n draws instead of n! orders: 10
//! players take about 5,000 steps, 20 about ten million.
//!
//! # Layout
//! `P` is indexed by the set's bit mask (bit `i` for the `i`-th player given), one `f64`
//! per set. The weight left outside a set is read from two tables of subset sums (the low
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

/// `out[i][t]`: the probability that player `i` is drawn `t`-th (0-based), for the first
/// `draws` draws, where each draw picks one of the players left with probability
/// proportional to `weights` (all positive, at most
/// [`EXACT_MAX_PLAYERS`](super::EXACT_MAX_PLAYERS) of them).
pub fn draw_probabilities(weights: &[f64], draws: usize) -> Vec<Vec<f64>> {
    let n = weights.len();
    let draws = draws.min(n);
    let mut out = vec![vec![0.0; draws]; n];
    if draws == 0 {
        return out;
    }
    let half = n / 2;
    let (low_sums, high_sums) = (subset_sums(&weights[..half]), subset_sums(&weights[half..]));
    let low_bits = (1usize << half) - 1;
    let full = (1usize << n) - 1;
    let mut prob = vec![0.0f64; 1 << n];
    prob[0] = 1.0;
    // `t` indexes the draw in every player's row (`out[j][t]`), not one array.
    #[allow(clippy::needless_range_loop)]
    for t in 0..draws {
        // Every set of `t` players, in increasing order of mask (Gosper's hack); a set's
        // probability is complete once the layer before it has been spread.
        let mut mask = (1usize << t) - 1;
        while mask <= full {
            let p = prob[mask];
            let rest = !mask & full;
            let left = low_sums[rest & low_bits] + high_sums[rest >> half];
            let scale = p / left;
            let mut free = rest;
            while free != 0 {
                let j = free.trailing_zeros() as usize;
                free &= free - 1;
                let q = scale * weights[j];
                out[j][t] += q;
                if t + 1 < draws {
                    prob[mask | 1 << j] += q;
                }
            }
            if mask == 0 {
                break;
            }
            let lowest = mask & mask.wrapping_neg();
            let ripple = mask + lowest;
            mask = (((ripple ^ mask) >> 2) / lowest) | ripple;
        }
    }
    out
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
