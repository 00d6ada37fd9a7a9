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

/// Each player's expected value when being drawn `t`-th is worth `value[t]`, for draws
/// proportional to `weights` (all positive, at most
/// [`EXACT_MAX_PLAYERS`](super::EXACT_MAX_PLAYERS) of them; `value` at most as long).
///
/// The same program as [`draw_probabilities`], folded: player `j` is drawn `t`-th with
/// probability `w_j` times the sum of `P(T) / W(rest of T)` over the sets `T` of `t`
/// players without `j`, so `j`'s expectation is `w_j` times the sum, over every set `T`
/// without `j`, of `P(T) / W(rest of T) * value[|T|]`. Sets are visited in increasing
/// order of their masks (every subset comes before its supersets, so no per-size
/// bookkeeping is needed), eight at a time ([`fill_blocks`]), and the sums over the sets
/// without each player are folded out of the table in halves ([`sums_without`]). When
/// few draws are valued the sets are visited by size instead ([`draw_probabilities`]),
/// which skips the larger sets.
pub fn draw_values(weights: &[f64], value: &[f64]) -> Vec<f64> {
    let n = weights.len();
    let draws = value.len().min(n);
    if draws == 0 {
        return vec![0.0; n];
    }
    // Visiting the sets by size pays when the sets of fewer than `draws` players are a
    // small part of all of them.
    if 2 * draws < n || n < BLOCK_MIN_PLAYERS {
        let by_draw = draw_probabilities(weights, draws);
        return by_draw
            .iter()
            .map(|row| row.iter().zip(value).map(|(p, v)| p * v).sum())
            .collect();
    }
    let mut pay = [0.0f64; 64];
    pay[..draws].copy_from_slice(&value[..draws]);
    let mut valued = fill_blocks(weights, &pay);
    let without = sums_without(valued.as_flattened_mut(), n);
    weights.iter().zip(without).map(|(w, s)| w * s).collect()
}

/// Players from which [`draw_values`] fills its table in blocks (the blocks need the low
/// half of the players to span at least the three bits of a block).
const BLOCK_MIN_PLAYERS: usize = 6;

/// The table of [`draw_values`], `P(S) / W(rest of S) * pay[|S|]` by set mask, for at
/// least [`BLOCK_MIN_PLAYERS`] players, in blocks of the eight sets that differ only in
/// the first three players.
///
/// The sets of a block gather from the blocks without one of the other players as whole
/// blocks: eight products and sums in a row, which the compiler turns into vector
/// instructions; only the terms among the first three players are taken one by one. The
/// weight left outside the block's sets is one sum of the high half of the players and
/// eight consecutive sums of the low half (read backwards).
fn fill_blocks(weights: &[f64], pay: &[f64; 64]) -> Vec<[f64; 8]> {
    let n = weights.len();
    let half = n / 2;
    let (low_sums, high_sums) = (subset_sums(&weights[..half]), subset_sums(&weights[half..]));
    let low_bits = (1usize << half) - 1;
    let full = (1usize << n) - 1;
    let blocks = 1usize << (n - 3);
    let mut w = [0.0f64; 32];
    w[..n].copy_from_slice(weights);
    // Sizes of the sets of the first three players, by their bits.
    const SMALL: [usize; 8] = [0, 1, 1, 2, 1, 2, 2, 3];
    // Filled block by block, in order, reading only earlier blocks: pushed, never zeroed.
    let mut scaled: Vec<[f64; 8]> = Vec::with_capacity(blocks);
    let mut valued: Vec<[f64; 8]> = Vec::with_capacity(blocks);
    for k in 0..blocks {
        let mut acc = [0.0f64; 8];
        if k == 0 {
            acc[0] = 1.0;
        }
        let mut bits = k;
        while bits != 0 {
            let h = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let wj = w[(h + 3) & 31];
            let from = &scaled[k ^ (1 << h)];
            for (a, s) in acc.iter_mut().zip(from) {
                *a += s * wj;
            }
        }
        // Outside the block's sets: the high half's rest is the same for all eight, the
        // low half's runs down from `low` (the first three bits all outside at e = 0).
        let rest = full ^ (k << 3);
        let (high, low) = (high_sums[rest >> half], rest & low_bits);
        let mut left = [0.0f64; 8];
        for (e, l) in left.iter_mut().enumerate() {
            *l = high + low_sums[low ^ e];
        }
        if k == blocks - 1 {
            // The whole field: nothing left to draw (and no division by 0).
            left[7] = f64::INFINITY;
        }
        let [w0, w1, w2] = [w[0], w[1], w[2]];
        let mut s = [0.0f64; 8];
        s[0] = acc[0] / left[0];
        s[1] = (acc[1] + s[0] * w0) / left[1];
        s[2] = (acc[2] + s[0] * w1) / left[2];
        s[3] = (acc[3] + s[1] * w1 + s[2] * w0) / left[3];
        s[4] = (acc[4] + s[0] * w2) / left[4];
        s[5] = (acc[5] + s[1] * w2 + s[4] * w0) / left[5];
        s[6] = (acc[6] + s[2] * w2 + s[4] * w1) / left[6];
        s[7] = (acc[7] + s[3] * w2 + s[5] * w1 + s[6] * w0) / left[7];
        let size = k.count_ones() as usize;
        let mut out = [0.0f64; 8];
        for e in 0..8 {
            out[e] = s[e] * pay[(size + SMALL[e]) & 63];
        }
        valued.push(out);
        scaled.push(s);
    }
    valued
}

/// For each player `j` of `n`, the sum of `table[S]` over the sets `S` without `j`.
///
/// Folding the table's upper half onto its lower half sums out the highest player; the
/// lower half's own sum, before the fold, is the sum over the sets without that player.
/// Repeated down to the first player: about `2 * 2^n` additions, all over consecutive
/// entries. The table is left folded.
fn sums_without(table: &mut [f64], n: usize) -> Vec<f64> {
    let mut out = vec![0.0; n];
    let mut len = 1usize << n;
    for j in (0..n).rev() {
        let (low, high) = table[..len].split_at_mut(len / 2);
        let mut acc = [0.0f64; 4];
        if low.len() >= 4 {
            for (l, h) in low.chunks_exact_mut(4).zip(high.chunks_exact(4)) {
                for q in 0..4 {
                    acc[q] += l[q];
                    l[q] += h[q];
                }
            }
        } else {
            for (l, h) in low.iter_mut().zip(high.iter()) {
                acc[0] += *l;
                *l += h;
            }
        }
        out[j] = (acc[0] + acc[1]) + (acc[2] + acc[3]);
        len /= 2;
    }
    out
}

/// Each player's expected prize (all stacks positive) for payouts from first place down
/// (at most as many as players), under `model`.
pub fn equities(stacks: &[f64], payouts: &[f64], model: Model) -> Vec<f64> {
    let n = stacks.len();
    match model {
        Model::Harville => draw_values(stacks, payouts),
        Model::Weitzman => {
            // The `t`-th player out finishes in place n - 1 - t: every draw is valued.
            let inverse: Vec<f64> = stacks.iter().map(|s| 1.0 / s).collect();
            let by_exit: Vec<f64> = (0..n)
                .map(|t| payouts.get(n - 1 - t).copied().unwrap_or(0.0))
                .collect();
            draw_values(&inverse, &by_exit)
        }
    }
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
    fn values_agree_with_the_place_probabilities() {
        let weights = [3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.5, 0.001, 1e4];
        for draws in 0..=weights.len() {
            let value: Vec<f64> = (0..draws).map(|t| 10.0 / (t as f64 + 1.0)).collect();
            let fast = draw_values(&weights, &value);
            let slow = draw_probabilities(&weights, draws);
            for (j, row) in slow.iter().enumerate() {
                let want: f64 = row.iter().zip(&value).map(|(p, v)| p * v).sum();
                assert!(
                    (fast[j] - want).abs() <= 1e-12 * want.max(1.0),
                    "{draws} {j}"
                );
            }
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
