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
    let mut order: Vec<u8> = (0..13u8)
        .rev()
        .filter(|&r| counts[r as usize] > 0)
        .collect();
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
    ranks.iter().fold(category, |v, &r| (v << 4) | u32::from(r))
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
    /// Dense class (1..=7462) per slot: the flushes by rank mask in `0..FLUSH_LEN`, the
    /// rest by the perfect hash (see `hash`); 0 for empty slots; one slot of padding.
    pub rank_table: Vec<u16>,
    /// Displacement per hash bucket (see `hash::slot`); one entry of padding.
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
    assert_eq!(
        values.len(),
        7462,
        "there must be 7,462 distinct five-card hands"
    );
    let class_of = |v: u32| values.binary_search(&v).expect("value of a real hand") as u16 + 1;

    // Non-flush hands: every rank multiset of 5, 6 or 7 cards.
    let mut entries: Vec<(u32, u16)> = Vec::new();
    for size in 5..=7 {
        for_each_multiset(size, &mut |counts| {
            let key: u32 = (0..13)
                .map(|r| u32::from(counts[r]) * hash::RANK_KEYS[r])
                .sum();
            entries.push((key, class_of(best_unsuited(counts))));
        });
    }
    let mut keys: Vec<u32> = entries.iter().map(|e| e.0).collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), entries.len(), "rank keys must give unique sums");

    let flush_table: Vec<u16> = (0u16..1 << 13)
        .map(|m| {
            if (5..=7).contains(&m.count_ones()) {
                class_of(best_suited(m))
            } else {
                0
            }
        })
        .collect();

    let buckets_len = 1usize << hash::BUCKET_BITS;
    let mut buckets: Vec<Vec<(usize, u16)>> = vec![Vec::new(); buckets_len];
    for &(key, class) in &entries {
        let h = hash::mix(key);
        buckets[hash::bucket(h)].push((hash::slot(h, 0), class));
    }
    for bucket in &buckets {
        let mut bits: Vec<usize> = bucket.iter().map(|e| e.0).collect();
        bits.sort_unstable();
        assert!(
            bits.windows(2).all(|w| w[0] != w[1]),
            "HASH_MUL must give the keys of a bucket distinct slot bits"
        );
    }
    let mut order: Vec<usize> = (0..buckets_len).collect();
    // Largest buckets first, ties by index, so the build is deterministic.
    order.sort_by_key(|&b| (std::cmp::Reverse(buckets[b].len()), b));
    // The flushes take their slots first; the rest of the table is the hash's.
    let mut rank_table = vec![0u16; hash::TABLE_LEN];
    rank_table[..hash::FLUSH_LEN].copy_from_slice(&flush_table);
    let mut used: Vec<bool> = rank_table.iter().map(|&c| c != 0).collect();
    let mut displacement = vec![0u16; buckets_len];
    for &b in &order {
        if buckets[b].is_empty() {
            continue;
        }
        let d = (0..=u16::MAX)
            .find(|&d| {
                buckets[b]
                    .iter()
                    .all(|&(bits, _)| !used[bits ^ usize::from(d)])
            })
            .expect("a displacement for every bucket");
        displacement[b] = d;
        for &(bits, class) in &buckets[b] {
            let s = bits ^ usize::from(d);
            used[s] = true;
            rank_table[s] = class;
        }
    }

    // One slot of padding each, so that a SIMD gather may read any entry as the low half
    // of 32 bits without reading past the table.
    rank_table.push(0);
    displacement.push(0);

    let mut class_values = vec![0u32];
    class_values.extend(values);
    Tables {
        rank_table,
        displacement,
        flush_table,
        class_values,
    }
}

// ---------------------------------------------------------------------------------------
// Omaha high and the 8-or-better low.

/// Columns of the Omaha high table: one per unordered pair of hole ranks `lo <= hi`, at
/// [`omaha_pair`].
pub const OMAHA_PAIRS: usize = 91;

/// The column of the hole-rank pair `{a, b}`: `hi * (hi + 1) / 2 + lo`.
pub fn omaha_pair(a: u8, b: u8) -> usize {
    let (lo, hi) = (usize::from(a.min(b)), usize::from(a.max(b)));
    hi * (hi + 1) / 2 + lo
}

fn binomial(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// First row of the boards of each size (3, 4, 5 cards), and the total, in rows.
fn omaha_row_base(size: usize) -> usize {
    // Multisets of `size` ranks out of 13 (stars and bars: C(12 + size, size)), smaller
    // boards first.
    (3..size).map(|s| binomial(12 + s, s)).sum()
}

/// Rows of the Omaha high table: every multiset of 3, 4 or 5 ranks (8,463; the 13 boards
/// of five equal ranks are unused rows, which keeps the index arithmetic free of gaps).
pub fn omaha_rows() -> usize {
    omaha_row_base(6)
}

/// The row of a board whose ranks, ascending, are `ranks` (3 to 5 of them). Within a size
/// the row is the colex rank of the strictly increasing sequence `ranks[i] + i`, so it is a
/// sum of one term per card, `C(ranks[i] + i, i + 1)`, which the evaluator reads from a
/// table while walking the board's mask in ascending card order (which sorts by rank).
pub fn omaha_row(ranks: &[u8]) -> usize {
    omaha_row_base(ranks.len())
        + ranks
            .iter()
            .enumerate()
            .map(|(i, &r)| binomial(usize::from(r) + i, i + 1))
            .sum::<usize>()
}

/// The rank key (sum of [`hash::RANK_KEYS`]) of rank counts.
fn rank_key(counts: &[u8; 13]) -> u32 {
    (0..13)
        .map(|r| u32::from(counts[r]) * hash::RANK_KEYS[r])
        .sum()
}

/// The 8-or-better lows as 8-bit rank masks (bit 0 the ace, bit 7 the eight), best first.
/// Comparing lows from the highest card down is comparing these masks as integers, smaller
/// being better.
pub fn low_masks() -> Vec<u8> {
    (0u8..=255).filter(|m| m.count_ones() == 5).collect()
}

/// All the Omaha tables.
pub struct OmahaTables {
    /// `high[row * OMAHA_PAIRS + pair]`: the best class, flushes aside, of a board (its row)
    /// with a hole-rank pair, using the pair and three board cards; 0 where the pair cannot
    /// go with the board (a rank five times).
    pub high: Vec<u16>,
    /// `row_terms[16 * i + r]`: the byte offset that the `i`-th board card (ascending) of
    /// rank `r` adds to its board's row: `2 * OMAHA_PAIRS * C(r + i, i + 1)` (ranks 13..16
    /// pad the stride so that a rank from `index >> 2` needs no bounds check).
    pub row_terms: Vec<u32>,
    /// By board size (0..=5): the byte offset of the first row of that size.
    pub row_base: Vec<u32>,
    /// `pair_bytes[16 * a + b]`: the byte offset of the column of ranks `{a, b}` in a row.
    pub pair_bytes: Vec<u8>,
    /// `low[256 * hole + board]`: the best low class (1..=56, 56 = 5-4-3-2-A) using two
    /// ranks of the 8-bit low-rank mask `hole` and three of `board`; 0 when none qualifies.
    pub low: Vec<u8>,
}

/// Builds the Omaha tables. Slow and direct: every pair against every three-card subset of
/// every board.
pub fn build_omaha() -> OmahaTables {
    let values = all_values();
    // Every unsuited five-card rank multiset by its rank key, so that the million
    // combinations below are a binary search each (the build script runs unoptimised).
    let mut fives: Vec<(u32, u16)> = Vec::new();
    for_each_multiset(5, &mut |counts| {
        let class = values
            .binary_search(&value5(counts, false))
            .expect("a real hand")
            + 1;
        fives.push((rank_key(counts), class as u16));
    });
    fives.sort_unstable();
    let class_of_key = |key: u32| {
        let i = fives
            .binary_search_by_key(&key, |f| f.0)
            .expect("a five-card key");
        fives[i].1
    };
    let rows = omaha_rows();
    let mut high = vec![0u16; rows * OMAHA_PAIRS];
    for size in 3..=5u8 {
        for_each_multiset(size, &mut |board| {
            let ranks: Vec<u8> = (0..13u8)
                .flat_map(|r| std::iter::repeat_n(r, usize::from(board[usize::from(r)])))
                .collect();
            let row = omaha_row(&ranks);
            // The rank keys of the distinct three-card rank multisets within the board.
            let key = |r: u8| hash::RANK_KEYS[usize::from(r)];
            let mut triples: Vec<u32> = Vec::new();
            for a in 0..ranks.len() {
                for b in a + 1..ranks.len() {
                    for c in b + 1..ranks.len() {
                        let t = key(ranks[a]) + key(ranks[b]) + key(ranks[c]);
                        if !triples.contains(&t) {
                            triples.push(t);
                        }
                    }
                }
            }
            for hi in 0..13u8 {
                for lo in 0..=hi {
                    let mut with_pair = *board;
                    with_pair[usize::from(lo)] += 1;
                    with_pair[usize::from(hi)] += 1;
                    if with_pair.iter().any(|&c| c > 4) {
                        continue;
                    }
                    let best = triples
                        .iter()
                        .map(|&t| class_of_key(t + key(lo) + key(hi)))
                        .max()
                        .unwrap_or(0);
                    high[row * OMAHA_PAIRS + omaha_pair(lo, hi)] = best;
                }
            }
        });
    }

    let row_bytes = 2 * OMAHA_PAIRS;
    let row_terms = (0..5usize)
        .flat_map(|i| {
            (0..16usize).map(move |r| {
                if r < 13 {
                    (row_bytes * binomial(r + i, i + 1)) as u32
                } else {
                    0
                }
            })
        })
        .collect();
    let row_base = (0..=5usize)
        .map(|size| {
            if size < 3 {
                0
            } else {
                (row_bytes * omaha_row_base(size)) as u32
            }
        })
        .collect();
    let pair_bytes = (0..256usize)
        .map(|i| {
            let (a, b) = ((i >> 4) as u8, (i & 15) as u8);
            if a < 13 && b < 13 {
                (2 * omaha_pair(a, b)) as u8
            } else {
                0
            }
        })
        .collect();

    let lows = low_masks();
    let mut low = vec![0u8; 256 * 256];
    for hole in 0..256usize {
        for board in 0..256usize {
            let (h, b) = (hole as u8, board as u8);
            // A low L can be made from exactly two hole ranks X and three board ranks
            // L \ X when its ranks missing from the board (at most two) are in the hole,
            // and the hole holds at least two of its ranks to pick X from.
            let best = lows.iter().position(|&l| {
                l & !(h | b) == 0 && (l & !b).count_ones() <= 2 && (l & h).count_ones() >= 2
            });
            if let Some(i) = best {
                low[256 * hole + board] = (lows.len() - i) as u8;
            }
        }
    }
    OmahaTables {
        high,
        row_terms,
        row_base,
        pair_bytes,
        low,
    }
}

// ---------------------------------------------------------------------------------------
// Short deck and the ace-to-five low: tables indexed by the hand's rank multiset.

/// The index of a multiset of `ranks.len()` ranks (ascending, each below the deck's rank
/// count) among the multisets of its size: the colex rank of the strictly increasing
/// sequence `ranks[i] + i`, `sum C(ranks[i] + i, i + 1)`. The evaluators sum the same terms
/// from [`multiset_terms`] while walking a card mask upwards, which sorts by rank.
pub fn multiset_index(ranks: &[u8]) -> usize {
    ranks
        .iter()
        .enumerate()
        .map(|(i, &r)| binomial(usize::from(r) + i, i + 1))
        .sum()
}

/// `terms[16 * i + r] = C(r - first + i, i + 1)` for the card in position `i` (0..8) and
/// rank `r` (0..16; ranks below `first` or past 12 get 0). Sixteen columns and eight rows
/// let the evaluators index with masked bits, so any card mask reads inside the table.
pub fn multiset_terms(first: u8) -> Vec<u32> {
    (0..8usize)
        .flat_map(|i| {
            (0..16u8).map(move |r| {
                if r >= first && r < 13 {
                    binomial(usize::from(r - first) + i, i + 1) as u32
                } else {
                    0
                }
            })
        })
        .collect()
}

/// The first index of the multisets of each size 0..=8 out of `ranks` ranks, counting
/// only sizes 5, 6 and 7 (smaller first); entry 8 is the table's length.
pub fn multiset_bases(ranks: usize) -> Vec<u32> {
    let mut bases = vec![0u32; 9];
    let mut total = 0;
    for (size, base) in bases.iter_mut().enumerate() {
        *base = total as u32;
        if (5..=7).contains(&size) {
            total += binomial(ranks + size - 1, size);
        }
    }
    bases
}

/// Calls `f` with every multiset (as rank counts over the 13 ranks) of 5, 6 or 7 ranks
/// from `first` to the ace, each at most 4 times, and the multiset's table index.
fn for_each_hand_multiset(first: u8, f: &mut dyn FnMut(&[u8; 13], usize)) {
    let bases = multiset_bases(usize::from(13 - first));
    for size in 5..=7u8 {
        for_each_multiset(size, &mut |counts| {
            if counts[..usize::from(first)].iter().any(|&c| c > 0) {
                return;
            }
            let ranks: Vec<u8> = (first..13)
                .flat_map(|r| std::iter::repeat_n(r - first, usize::from(counts[usize::from(r)])))
                .collect();
            f(
                counts,
                bases[usize::from(size)] as usize + multiset_index(&ranks),
            );
        });
    }
}

/// Calls `f` with every sub-multiset of exactly five ranks of `counts`.
fn for_each_five(counts: &[u8; 13], f: &mut dyn FnMut(&[u8; 13])) {
    fn rec(
        r: usize,
        left: u8,
        counts: &[u8; 13],
        sub: &mut [u8; 13],
        f: &mut dyn FnMut(&[u8; 13]),
    ) {
        if r == 13 {
            if left == 0 {
                f(sub);
            }
            return;
        }
        for c in 0..=left.min(counts[r]) {
            sub[r] = c;
            rec(r + 1, left - c, counts, sub, f);
        }
        sub[r] = 0;
    }
    rec(0, 5, counts, &mut [0; 13], f);
}

/// The lowest rank of the short deck (the six).
pub const SHORT_FIRST: u8 = 4;

/// The value of exactly five short-deck cards given by rank counts: the position of its
/// category in the short-deck order `<< 24`, the `Category` number `<< 20`, then five rank
/// nibbles in order of significance (a straight from its top card, A-6-7-8-9 as 9-8-7-6-A).
/// A flush beats a full house; `trips_beat_straight` puts three of a kind above a straight.
pub fn short_value5(counts: &[u8; 13], suited: bool, trips_beat_straight: bool) -> u32 {
    let mut order: Vec<u8> = (0..13u8)
        .rev()
        .filter(|&r| counts[r as usize] > 0)
        .collect();
    order.sort_by(|&a, &b| counts[b as usize].cmp(&counts[a as usize]).then(b.cmp(&a)));
    let mut ranks: Vec<u8> = order
        .iter()
        .flat_map(|&r| std::iter::repeat_n(r, counts[r as usize] as usize))
        .collect();
    let shape: Vec<u8> = order.iter().map(|&r| counts[r as usize]).collect();
    let distinct = shape.len() == 5;
    let straight = distinct && (ranks[0] - ranks[4] == 4 || ranks == [12, 7, 6, 5, 4]);
    if straight && ranks[0] == 12 && ranks[1] == 7 {
        ranks = vec![7, 6, 5, 4, 12];
    }
    let category = match (straight, suited, shape.as_slice()) {
        (true, true, _) => STRAIGHT_FLUSH,
        (_, _, [4, 1]) => 7,
        (false, true, _) => FLUSH,
        (_, _, [3, 2]) => 6,
        (true, false, _) => STRAIGHT,
        (_, _, [3, 1, 1]) => 3,
        (_, _, [2, 2, 1]) => 2,
        (_, _, [2, 1, 1, 1]) => 1,
        _ => 0,
    };
    // Weakest first: high card, pair, two pair, then trips and straight in the chosen
    // order, full house, flush, quads, straight flush.
    let position = match category {
        3 if trips_beat_straight => 4,
        STRAIGHT if trips_beat_straight => 3,
        6 => 5,
        FLUSH => 6,
        c => c,
    };
    ranks
        .iter()
        .fold(position << 4 | category, |v, &r| (v << 4) | u32::from(r))
}

/// The short deck's tables for one order of trips and straights.
pub struct ShortDeckTables {
    /// Per class (index 0 unused; 1,404 classes): the `Category` number `<< 20` and the
    /// five rank nibbles, as `HandRank`'s class values.
    pub class_values: Vec<u32>,
    /// Dense class per 9-bit suited rank mask (bit 0 the six) of 5 to 7 ranks; 0 otherwise.
    pub flush: Vec<u16>,
    /// Dense class of the best unsuited five, per rank multiset index.
    pub ranks: Vec<u16>,
}

/// Builds the short deck's tables for one order.
pub fn build_short_deck(trips_beat_straight: bool) -> ShortDeckTables {
    let value = |counts: &[u8; 13], suited| short_value5(counts, suited, trips_beat_straight);
    let mut values = Vec::new();
    for_each_multiset(5, &mut |counts| {
        if counts[..usize::from(SHORT_FIRST)].iter().all(|&c| c == 0) {
            values.push(value(counts, false));
            if counts.iter().all(|&c| c <= 1) {
                values.push(value(counts, true));
            }
        }
    });
    values.sort_unstable();
    values.dedup();
    assert_eq!(
        values.len(),
        1404,
        "there must be 1,404 distinct short-deck hands"
    );
    let class_of = |v: u32| (values.binary_search(&v).expect("a five-card value") + 1) as u16;

    let mut flush = vec![0u16; 512];
    for (mask, slot) in flush.iter_mut().enumerate() {
        if !(5..=7).contains(&mask.count_ones()) {
            continue;
        }
        let mut best = 0;
        for sub in 0usize..512 {
            if sub & !mask == 0 && sub.count_ones() == 5 {
                let counts: [u8; 13] = std::array::from_fn(|r| {
                    u8::from(
                        r >= usize::from(SHORT_FIRST)
                            && sub >> (r - usize::from(SHORT_FIRST)) & 1 == 1,
                    )
                });
                best = best.max(value(&counts, true));
            }
        }
        *slot = class_of(best);
    }

    let bases = multiset_bases(9);
    let mut ranks = vec![0u16; bases[8] as usize];
    for_each_hand_multiset(SHORT_FIRST, &mut |counts, index| {
        let mut best = 0;
        for_each_five(counts, &mut |five| best = best.max(value(five, false)));
        ranks[index] = class_of(best);
    });

    let mut class_values = vec![0u32];
    class_values.extend(values.iter().map(|v| v & 0xFF_FFFF));
    ShortDeckTables {
        class_values,
        flush,
        ranks,
    }
}

/// The ace-to-five "badness" of exactly five cards given by rank counts, smaller being the
/// better low: the shape (0 no pair, 1 a pair, 2 two pair, 3 trips, 4 a full house, 5
/// quads) `<< 20`, then five nibbles of ace-low ranks (the ace 0, the king 12) ordered by
/// count, then from the highest down. Straights and flushes do not count.
pub fn a5_value5(counts: &[u8; 13]) -> u32 {
    // Ace-low ranks: the ace first.
    let low: [u8; 13] = std::array::from_fn(|r| counts[(r + 12) % 13]);
    let mut order: Vec<u8> = (0..13u8).rev().filter(|&r| low[r as usize] > 0).collect();
    order.sort_by(|&a, &b| low[b as usize].cmp(&low[a as usize]).then(b.cmp(&a)));
    let shape: Vec<u8> = order.iter().map(|&r| low[r as usize]).collect();
    let kind = match shape.as_slice() {
        [1, 1, 1, 1, 1] => 0,
        [2, 1, 1, 1] => 1,
        [2, 2, 1] => 2,
        [3, 1, 1] => 3,
        [3, 2] => 4,
        _ => 5,
    };
    order
        .iter()
        .flat_map(|&r| std::iter::repeat_n(r, low[r as usize] as usize))
        .fold(kind, |v, r| (v << 4) | u32::from(r))
}

/// The ace-to-five low's tables.
pub struct A5Tables {
    /// Per class (index 0 unused; 6,175 classes, 6,175 the wheel): the value of
    /// [`a5_value5`].
    pub class_values: Vec<u32>,
    /// Dense class of the best low, per rank multiset index (13 ranks).
    pub ranks: Vec<u16>,
}

/// Builds the ace-to-five low's tables.
pub fn build_a5() -> A5Tables {
    let mut values = Vec::new();
    for_each_multiset(5, &mut |counts| values.push(a5_value5(counts)));
    values.sort_unstable();
    values.dedup();
    assert_eq!(
        values.len(),
        6175,
        "there must be 6,175 distinct ace-to-five lows"
    );
    let n = values.len();
    let class_of = |v: u32| (n - values.binary_search(&v).expect("a five-card value")) as u16;
    let bases = multiset_bases(13);
    let mut ranks = vec![0u16; bases[8] as usize];
    for_each_hand_multiset(0, &mut |counts, index| {
        let mut best = u32::MAX;
        for_each_five(counts, &mut |five| best = best.min(a5_value5(five)));
        ranks[index] = class_of(best);
    });
    let mut class_values = vec![0u32];
    class_values.extend(values.iter().rev());
    A5Tables {
        class_values,
        ranks,
    }
}
