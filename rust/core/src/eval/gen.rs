//! Table generation, run by `build.rs` at build time (and by a test that checks the
//! generator's invariants). Slow and simple on purpose: it is the reference the fast
//! tables are derived from.

use super::hash;

/// Category numbers, as in `Category`.
pub const STRAIGHT: u32 = 4;
pub const FLUSH: u32 = 5;
pub const STRAIGHT_FLUSH: u32 = 8;

/// The value of exactly five cards given by rank counts (`counts[r]`, summing to 5):
/// `category << 20` then five rank nibbles in order of significance (ranks ordered by
/// count, then rank; a straight by its cards from the top, the wheel as 5-4-3-2-A).
/// Comparing values compares hands.
pub fn value5(counts: &[u8; 13], suited: bool) -> u32 {
    let mut order: Vec<u8> = (0..13u8).rev().filter(|&r| counts[r as usize] > 0).collect();
    order.sort_by(|&a, &b| counts[b as usize].cmp(&counts[a as usize]).then(b.cmp(&a)));
    let mut ranks: Vec<u8> = order
        .iter()
        .flat_map(|&r| std::iter::repeat_n(r, counts[r as usize] as usize))
        .collect();
    let shape: Vec<u8> = order.iter().map(|&r| counts[r as usize]).collect();
    let distinct = shape.len() == 5;
    let straight = distinct && (ranks[0] - ranks[4] == 4 || ranks == [12, 3, 2, 1, 0]);
    if straight && ranks[0] == 12 && ranks[1] == 3 {
        ranks = vec![3, 2, 1, 0, 12];
    }
    let category = match (straight, suited, shape.as_slice()) {
        (true, true, _) => STRAIGHT_FLUSH,
        (_, _, [4, 1]) => 7,
        (_, _, [3, 2]) => 6,
        (false, true, _) => FLUSH,
        (true, false, _) => STRAIGHT,
        (_, _, [3, 1, 1]) => 3,
        (_, _, [2, 2, 1]) => 2,
        (_, _, [2, 1, 1, 1]) => 1,
        _ => 0,
    };
    ranks
        .iter()
        .fold(category, |v, &r| (v << 4) | u32::from(r))
}

/// Every distinct five-card hand value, ascending: index + 1 is the dense class.
pub fn all_values() -> Vec<u32> {
    let mut values = Vec::new();
    for_each_multiset(5, &mut |counts| {
        values.push(value5(counts, false));
        if counts.iter().all(|&c| c <= 1) {
            values.push(value5(counts, true));
        }
    });
    values.sort_unstable();
    values.dedup();
    values
}

/// Calls `f` with the rank counts of every multiset of `size` ranks, each at most 4 times.
pub fn for_each_multiset(size: u8, f: &mut dyn FnMut(&[u8; 13])) {
    fn rec(r: usize, left: u8, counts: &mut [u8; 13], f: &mut dyn FnMut(&[u8; 13])) {
        if r == 13 {
            if left == 0 {
                f(counts);
            }
            return;
        }
        for c in 0..=left.min(4) {
            counts[r] = c;
            rec(r + 1, left - c, counts, f);
        }
        counts[r] = 0;
    }
    rec(0, size, &mut [0; 13], f);
}

/// The best five-card value within `counts` (5 to 7 cards), no flush.
fn best_unsuited(counts: &[u8; 13]) -> u32 {
    let mut best = 0;
    let mut sub = [0u8; 13];
    fn rec(r: usize, left: u8, counts: &[u8; 13], sub: &mut [u8; 13], best: &mut u32) {
        if r == 13 {
            if left == 0 {
                *best = (*best).max(value5(sub, false));
            }
            return;
        }
        for c in 0..=left.min(counts[r]) {
            sub[r] = c;
            rec(r + 1, left - c, counts, sub, best);
        }
        sub[r] = 0;
    }
    rec(0, 5, counts, &mut sub, &mut best);
    best
}

/// The best five-card value of one suit's ranks (a 13-bit mask of 5 to 7 bits).
fn best_suited(ranks: u16) -> u32 {
    let mut best = 0;
    for sub in 0u16..1 << 13 {
        if sub & !ranks == 0 && sub.count_ones() == 5 {
            let counts: [u8; 13] = std::array::from_fn(|r| (sub >> r & 1) as u8);
            best = best.max(value5(&counts, true));
        }
    }
    best
}

/// All generated tables.
pub struct Tables {
    /// Dense class (1..=7462) per hash slot; 0 for empty slots.
    pub rank_table: Vec<u16>,
    /// Displacement per hash bucket.
    pub displacement: Vec<u16>,
    /// Dense class per 13-bit suited rank mask of 5 to 7 ranks; 0 otherwise.
    pub flush_table: Vec<u16>,
    /// Per class (index 0 unused): the five-card value (category and rank nibbles).
    pub class_values: Vec<u32>,
}

/// Builds every table. Panics (failing the build) if the rank keys are not unique or the
/// hash cannot be built: both would be bugs in `hash.rs`, never a user error.
pub fn build() -> Tables {
    let values = all_values();
    assert_eq!(values.len(), 7462, "there must be 7,462 distinct five-card hands");
    let class_of = |v: u32| values.binary_search(&v).expect("value of a real hand") as u16 + 1;

    // Non-flush hands: every rank multiset of 5, 6 or 7 cards.
    let mut entries: Vec<(u32, u16)> = Vec::new();
    for size in 5..=7 {
        for_each_multiset(size, &mut |counts| {
            let key: u32 = (0..13).map(|r| u32::from(counts[r]) * hash::RANK_KEYS[r]).sum();
            entries.push((key, class_of(best_unsuited(counts))));
        });
    }
    let mut keys: Vec<u32> = entries.iter().map(|e| e.0).collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), entries.len(), "rank keys must give unique sums");

    let buckets_len = 1usize << hash::BUCKET_BITS;
    let mut buckets: Vec<Vec<(u32, u16)>> = vec![Vec::new(); buckets_len];
    for &(key, class) in &entries {
        let (b, bits) = hash::bucket_and_bits(key);
        buckets[b].push((bits, class));
    }
    let mut order: Vec<usize> = (0..buckets_len).collect();
    // Largest buckets first, ties by index, so the build is deterministic.
    order.sort_by_key(|&b| (std::cmp::Reverse(buckets[b].len()), b));
    let mut rank_table = vec![0u16; hash::SLOTS];
    let mut used = vec![false; hash::SLOTS];
    let mut displacement = vec![0u16; buckets_len];
    let mut slots = Vec::new();
    for &b in &order {
        if buckets[b].is_empty() {
            continue;
        }
        let d = (0..=u16::MAX)
            .find(|&d| {
                slots.clear();
                slots.extend(buckets[b].iter().map(|&(bits, _)| hash::slot(bits, d)));
                let free = slots.iter().all(|&s| !used[s]);
                slots.sort_unstable();
                free && slots.windows(2).all(|w| w[0] != w[1])
            })
            .expect("a displacement for every bucket");
        displacement[b] = d;
        for &(bits, class) in &buckets[b] {
            let s = hash::slot(bits, d);
            used[s] = true;
            rank_table[s] = class;
        }
    }

    let flush_table = (0u16..1 << 13)
        .map(|m| {
            if (5..=7).contains(&m.count_ones()) {
                class_of(best_suited(m))
            } else {
                0
            }
        })
        .collect();

    let mut class_values = vec![0u32];
    class_values.extend(values);
    Tables {
        rank_table,
        displacement,
        flush_table,
        class_values,
    }
}
