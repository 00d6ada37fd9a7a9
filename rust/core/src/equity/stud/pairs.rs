//! The heads-up card-removal count of the stud games (see the notes of [`super`]): each
//! player's completions listed once with their value and grouped by every set of stub
//! cards they contain, and the pairs of disjoint completions counted by
//! inclusion-exclusion over those sets.

use rayon::prelude::*;

use super::{binomial, cards_of, combinations, Deal, Scale, ABORT_CHECK, CARDS};
use crate::equity::result::{Counts, HiLo};

/// Binomial coefficients `C(n, k)` for `n <= 52`, `k <= 7`, as integers.
fn binomials() -> [[u32; CARDS + 1]; 53] {
    let mut c = [[0u32; CARDS + 1]; 53];
    for (n, row) in c.iter_mut().enumerate() {
        row[0] = 1;
        for k in 1..=CARDS.min(n) {
            row[k] = (row[k - 1] as u64 * (n + 1 - k) as u64 / k as u64) as u32;
        }
    }
    c
}

/// One player's completions grouped by the stub cards they contain: for every set `S` of
/// at most `kmax` stub positions, the values of the completions that contain `S`, sorted.
struct Buckets {
    /// Values (primary << 8 | low), bucket by bucket.
    values: Vec<u32>,
    /// `start[s]..start[s + 1]` is bucket `s` in `values`.
    start: Vec<u32>,
    /// Completions per category.
    categories: [i64; 9],
    /// Completions listed.
    completions: i64,
}

/// The index of the set `s` of stub positions among all sets of at most `kmax` positions:
/// sets by size (`offsets[k]` is where the sets of size `k` begin), each size in the
/// combinatorial number system (sum of `C(position_i, i + 1)`).
#[inline(always)]
fn set_index(s: u64, offsets: &[usize], c: &[[u32; CARDS + 1]; 53]) -> usize {
    let mut index = offsets[s.count_ones() as usize];
    let mut rest = s;
    let mut i = 1;
    while rest != 0 {
        index += c[rest.trailing_zeros() as usize][i] as usize;
        rest &= rest - 1;
        i += 1;
    }
    index
}

/// What both players' buckets are built from: the stub's cards, the largest subset of
/// them indexed, the game's scale, each subset size's first index and the binomials.
#[derive(Clone, Copy)]
struct Shared<'a> {
    stub: &'a [u8],
    kmax: usize,
    scale: Scale,
    offsets: &'a [usize],
    c: &'a [[u32; CARDS + 1]; 53],
}

impl Buckets {
    /// The completions of a player with `known` cards taking `own` of the `m` stub cards,
    /// or `None` when `abort` stopped the work.
    fn new(
        shared: Shared<'_>,
        known: u64,
        own: usize,
        abort: &(dyn Fn() -> bool + Sync),
    ) -> Option<Buckets> {
        let Shared {
            stub,
            kmax,
            scale,
            offsets,
            c,
        } = shared;
        let positions: Vec<u8> = (0..stub.len() as u8).collect();
        let mut listed: Vec<(u32, u64)> = Vec::new();
        let mut categories = [0i64; 9];
        // A player with seven unknown cards has millions of completions, ranked and sorted
        // here for a second or more: the abort hook is asked as the plain walk asks it.
        let every = ABORT_CHECK as usize;
        let listed_all = combinations(&positions, own, &mut |chosen| {
            let mut mask = known;
            let mut rest = chosen;
            while rest != 0 {
                mask |= 1u64 << stub[rest.trailing_zeros() as usize];
                rest &= rest - 1;
            }
            let (v, l) = scale.value(mask);
            categories[scale.category(v)] += 1;
            listed.push((u32::from(v) << 8 | u32::from(l), chosen));
            listed.len() % every != 0 || !abort()
        });
        if !listed_all {
            return None;
        }
        listed.sort_unstable();
        if abort() {
            return None;
        }
        let buckets = offsets[kmax + 1];
        let mut start = vec![0u32; buckets + 1];
        let for_subsets = |chosen: u64, f: &mut dyn FnMut(usize)| {
            // Every subset of the completion with at most `kmax` positions.
            let mut sub = chosen;
            loop {
                if sub.count_ones() as usize <= kmax {
                    f(set_index(sub, offsets, c));
                }
                if sub == 0 {
                    break;
                }
                sub = (sub - 1) & chosen;
            }
        };
        for (i, &(_, chosen)) in listed.iter().enumerate() {
            for_subsets(chosen, &mut |s| start[s + 1] += 1);
            if i % every == 0 && abort() {
                return None;
            }
        }
        for s in 0..buckets {
            start[s + 1] += start[s];
        }
        let mut fill: Vec<u32> = start[..buckets].to_vec();
        let mut values = vec![0u32; start[buckets] as usize];
        // In order of value, so every bucket comes out sorted.
        for (i, &(value, chosen)) in listed.iter().enumerate() {
            for_subsets(chosen, &mut |s| {
                values[fill[s] as usize] = value;
                fill[s] += 1;
            });
            if i % every == 0 && abort() {
                return None;
            }
        }
        Some(Buckets {
            values,
            start,
            categories,
            completions: listed.len() as i64,
        })
    }

    #[inline]
    fn bucket(&self, s: usize) -> &[u32] {
        &self.values[self.start[s] as usize..self.start[s + 1] as usize]
    }
}

/// Pair counts of one bucket (or a signed sum of buckets), seen from the first list.
#[derive(Debug, Clone, Copy, Default)]
struct Sweep {
    /// Pairs: all, first's primary greater, equal.
    pairs: i64,
    greater: i64,
    equal: i64,
    /// The same among pairs where neither has a low (hi-lo).
    greater_no_low: i64,
    equal_no_low: i64,
    /// Hi-lo: pairs where the first's high and low are both greater (a low beats none).
    scoops: i64,
    /// Hi-lo: pairs where the first's low is greater, and equal lows (both qualifying).
    low_greater: i64,
    low_equal: i64,
}

impl Sweep {
    fn add(&mut self, other: &Sweep, sign: i64) {
        self.pairs += sign * other.pairs;
        self.greater += sign * other.greater;
        self.equal += sign * other.equal;
        self.greater_no_low += sign * other.greater_no_low;
        self.equal_no_low += sign * other.equal_no_low;
        self.scoops += sign * other.scoops;
        self.low_greater += sign * other.low_greater;
        self.low_equal += sign * other.low_equal;
    }

    /// Compares every entry of `a` with every entry of `b` (both sorted by value).
    fn of(a: &[u32], b: &[u32], hilo: bool) -> Sweep {
        let mut out = Sweep {
            pairs: a.len() as i64 * b.len() as i64,
            ..Sweep::default()
        };
        if !hilo {
            let (mut lt, mut le) = (0usize, 0usize);
            for &v in a {
                while lt < b.len() && b[lt] < v {
                    lt += 1;
                }
                le = le.max(lt);
                while le < b.len() && b[le] <= v {
                    le += 1;
                }
                out.greater += lt as i64;
                out.equal += (le - lt) as i64;
            }
            return out;
        }
        // Hi-lo: the high class is `v >> 8`, the low `v & 0xFF`. Entries of `b` with a
        // lower high are added to a Fenwick tree over the low (0..=56) as the sweep passes
        // them, so that the pairs where `a` wins both halves are one query each.
        let mut tree = [0i64; 58];
        let (mut lt, mut le) = (0usize, 0usize);
        let (mut no_low_lt, mut no_low_le) = (0i64, 0i64);
        let mut lows = [0i64; 57];
        for &w in b {
            lows[(w & 0xFF) as usize] += 1;
        }
        let mut lows_below = [0i64; 57];
        for l in 1..57 {
            lows_below[l] = lows_below[l - 1] + lows[l - 1];
        }
        for &v in a {
            let high = v >> 8;
            while lt < b.len() && b[lt] >> 8 < high {
                let l = (b[lt] & 0xFF) as usize;
                no_low_lt += i64::from(l == 0);
                let mut i = l + 1;
                while i < tree.len() {
                    tree[i] += 1;
                    i += i & i.wrapping_neg();
                }
                lt += 1;
            }
            if le < lt {
                le = lt;
                no_low_le = no_low_lt;
            }
            while le < b.len() && b[le] >> 8 == high {
                no_low_le += i64::from(b[le] & 0xFF == 0);
                le += 1;
            }
            let low = (v & 0xFF) as usize;
            out.greater += lt as i64;
            out.equal += (le - lt) as i64;
            if low == 0 {
                out.greater_no_low += no_low_lt;
                out.equal_no_low += no_low_le - no_low_lt;
            } else {
                out.low_greater += lows_below[low];
                out.low_equal += lows[low];
                // Entries passed with a low below this one (0, no low, included).
                let mut i = low;
                while i > 0 {
                    out.scoops += tree[i];
                    i -= i & i.wrapping_neg();
                }
            }
        }
        out
    }
}

/// Heads-up exact counts by card removal (see the module's notes).
pub(super) fn count_pairs(
    deal: &Deal,
    scale: Scale,
    abort: &(dyn Fn() -> bool + Sync),
) -> Option<Counts> {
    let stub = cards_of(deal.stub);
    let m = stub.len();
    let (a, b) = (deal.own[0], deal.own[1]);
    let kmax = a.min(b);
    let c = binomials();
    let mut offsets = vec![0usize; kmax + 2];
    for k in 0..=kmax {
        offsets[k + 1] = offsets[k] + c[m][k] as usize;
    }
    let shared = Shared {
        stub: &stub,
        kmax,
        scale,
        offsets: &offsets,
        c: &c,
    };
    let (first, second) = rayon::join(
        || Buckets::new(shared, deal.known[0], a, abort),
        || Buckets::new(shared, deal.known[1], b, abort),
    );
    let (first, second) = (first?, second?);
    if abort() {
        return None;
    }
    let hilo = scale == Scale::HiLo;
    // Buckets in chunks over threads; integer sums, so the order does not matter.
    const CHUNK: usize = 4096;
    let chunks: Vec<usize> = (0..offsets[kmax + 1]).step_by(CHUNK).collect();
    let sums: Vec<Option<(Sweep, Sweep)>> = chunks
        .par_iter()
        .map(|&from| {
            if abort() {
                return None;
            }
            let (mut ab, mut ba) = (Sweep::default(), Sweep::default());
            for s in from..(from + CHUNK).min(offsets[kmax + 1]) {
                let (x, y) = (first.bucket(s), second.bucket(s));
                if x.is_empty() || y.is_empty() {
                    continue;
                }
                let size = offsets.partition_point(|&o| o <= s) - 1;
                let sign = if size % 2 == 0 { 1 } else { -1 };
                ab.add(&Sweep::of(x, y, hilo), sign);
                if hilo {
                    ba.add(&Sweep::of(y, x, hilo), sign);
                }
            }
            Some((ab, ba))
        })
        .collect();
    let (mut ab, mut ba) = (Sweep::default(), Sweep::default());
    for sum in sums {
        let (x, y) = sum?;
        ab.add(&x, 1);
        ba.add(&y, 1);
    }
    let total = ab.pairs;
    debug_assert_eq!(
        total as f64,
        binomial(m, a) * binomial(m - a, b),
        "disjoint pairs"
    );
    let mut counts = scale.counts();
    counts.total = total;
    // Each completion of one player meets this many completions of the other.
    let meets = [c[m - a][b] as i64, c[m - b][a] as i64];
    for (p, buckets) in [&first, &second].into_iter().enumerate() {
        for (k, &n) in buckets.categories.iter().enumerate() {
            counts.categories[p][k] = n * meets[p];
        }
    }
    debug_assert_eq!(first.completions * meets[0], total);
    if !hilo {
        let less = total - ab.greater - ab.equal;
        counts.wins[0] = ab.greater;
        counts.wins[1] = less;
        counts.ties[0][2] = ab.equal;
        counts.ties[1][2] = ab.equal;
        return Some(counts);
    }
    // A player wins the whole pot with both halves alone, or with the high when nobody
    // has a low; in quarters of the pot, the high half is 2 (4 with no low anywhere) and
    // a tied half splits in two.
    let wins = [ab.scoops + ab.greater_no_low, ba.scoops + ba.greater_no_low];
    let mut split = HiLo::default();
    for (p, s) in [ab, ba].iter().enumerate() {
        let high = 2 * s.greater + s.equal + 2 * s.greater_no_low + s.equal_no_low;
        let low = 2 * s.low_greater + s.low_equal;
        // Quarters back to pot shares: exact in binary. The squares only serve Monte
        // Carlo's standard error, which an exact count does not have.
        split.high[p] = high as f64 / 4.0;
        split.low[p] = low as f64 / 4.0;
        split.share[p] = (high + low) as f64 / 4.0;
        counts.wins[p] = wins[p];
        counts.ties[p][0] = total - wins[0] - wins[1];
    }
    counts.hilo = Some(Box::new(split));
    Some(counts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_indices_are_dense() {
        let c = binomials();
        let m = 10;
        let kmax = 3;
        let mut offsets = vec![0usize; kmax + 2];
        for k in 0..=kmax {
            offsets[k + 1] = offsets[k] + c[m][k] as usize;
        }
        let mut seen = vec![false; offsets[kmax + 1]];
        for s in 0u64..1 << m {
            if s.count_ones() as usize <= kmax {
                let i = set_index(s, &offsets, &c);
                assert!(!seen[i], "{s:b}");
                seen[i] = true;
            }
        }
        assert!(seen.iter().all(|&x| x));
    }
}
