//! The best-five high-hand evaluator for 5, 6 or 7 cards (Texas Hold'em).
//!
//! A hand's key is the sum of its cards' keys (see [`hash`](super::hash)). Without a flush
//! the key's rank part names the rank multiset, and a perfect hash maps it to the class in
//! one table read. With a flush (at most one suit can have five of seven cards, and then
//! no non-flush hand can beat it) the flush suit's 13-bit rank mask indexes a second table.
//! Tables: the rank table (152 KiB used, padded to 256 KiB so its index is masked rather
//! than bounds-checked), 64 KiB displacements, 16 KiB flush table, 29 KiB class values,
//! 14 KiB byte keys and 4 KiB card keys and bits: 384 KiB in all.

use super::hash::{self, card_key, FLUSH_BITS, SUIT_SHIFT, SUIT_START};
use super::rank::HandRank;
use super::tables::{DISPLACEMENT, FLUSH_TABLE, RANK_TABLE};
use crate::card::Card;
use crate::card_set::CardSet;
use crate::error::{Error, Result};
use std::ops::Range;

/// Card keys by index; 256 entries so that any byte indexes it without a bounds check
/// (entries past 51 are never used by valid input).
static CARD_KEYS: [u64; 256] = {
    let mut keys = [0u64; 256];
    let mut i = 0;
    while i < 52 {
        keys[i] = card_key(i as u8);
        i += 1;
    }
    keys
};

/// [`CARD_KEYS`] plus the suit counters' start, for a hand's first card.
static FIRST_KEYS: [u64; 256] = {
    let mut keys = [0u64; 256];
    let mut i = 0;
    while i < 256 {
        keys[i] = CARD_KEYS[i] + SUIT_START;
        i += 1;
    }
    keys
};

/// `CARD_BITS[i] = 1 << i` for a card index `i`, and bit 63 (a poison bit no card has) for
/// every other byte, so one table read both places a card and flags a bad value. A table,
/// because a variable shift is slow on the baseline x86-64 target.
static CARD_BITS: [u64; 256] = {
    let mut bits = [1u64 << 63; 256];
    let mut i = 0;
    while i < 52 {
        bits[i] = 1 << i;
        i += 1;
    }
    bits
};

/// `BYTE_KEYS[j][b]`: the summed keys of the cards in byte `j` of a mask equal to `b`, so a
/// whole mask's key is seven table reads, with no loop over its cards.
static BYTE_KEYS: [[u64; 256]; 7] = {
    let mut table = [[0u64; 256]; 7];
    let mut j = 0;
    while j < 7 {
        let mut b = 0;
        while b < 256 {
            let mut sum = 0u64;
            let mut bit = 0;
            while bit < 8 {
                let index = 8 * j + bit;
                if b >> bit & 1 == 1 && index < 52 {
                    sum += card_key(index as u8);
                }
                bit += 1;
            }
            table[j][b] = sum;
            b += 1;
        }
        j += 1;
    }
    table
};

#[inline(always)]
fn non_flush(key: u64) -> u16 {
    let (bucket, bits) = hash::bucket_and_bits(key as u32);
    RANK_TABLE[hash::slot(bits, DISPLACEMENT[bucket]) & (hash::TABLE_LEN - 1)]
}

/// The flush suit of a key that has one.
#[inline(always)]
fn flush_suit(flush: u64) -> u8 {
    ((flush.trailing_zeros() - SUIT_SHIFT - 3) / 4) as u8
}

/// A hand being built card by card: add the board once, then each player's cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandKey {
    key: u64,
    mask: u64,
}

impl Default for HandKey {
    fn default() -> HandKey {
        HandKey::EMPTY
    }
}

impl HandKey {
    /// No cards.
    pub const EMPTY: HandKey = HandKey {
        key: SUIT_START,
        mask: 0,
    };

    /// The key of the cards in `set`.
    #[inline]
    pub fn from_set(set: CardSet) -> HandKey {
        let mask = set.mask();
        let mut key = SUIT_START;
        let mut j = 0;
        while j < 7 {
            key += BYTE_KEYS[j][(mask >> (8 * j)) as usize & 0xFF];
            j += 1;
        }
        HandKey { key, mask }
    }

    /// This hand plus `card` (which must not be in it yet).
    #[inline(always)]
    #[must_use]
    pub fn with_card(self, card: Card) -> HandKey {
        self.add_index(card.index())
    }

    /// This hand plus the card with index `index` (which must not be in it yet).
    #[inline(always)]
    #[must_use]
    pub fn add_index(self, index: u8) -> HandKey {
        HandKey {
            key: self.key + CARD_KEYS[usize::from(index)],
            mask: self.mask | 1u64 << (index & 63),
        }
    }

    /// The union of two disjoint hands.
    #[inline(always)]
    #[must_use]
    pub fn combine(self, other: HandKey) -> HandKey {
        HandKey {
            key: self.key + other.key - SUIT_START,
            mask: self.mask | other.mask,
        }
    }

    /// The cards.
    pub fn cards(self) -> CardSet {
        CardSet::from_mask_truncate(self.mask)
    }

    /// The rank of the hand, which must hold 5 to 7 distinct cards (otherwise the answer
    /// is meaningless, though never undefined behaviour).
    #[inline(always)]
    pub fn rank(self) -> HandRank {
        let flush = self.key & FLUSH_BITS;
        let class = if flush == 0 {
            non_flush(self.key)
        } else {
            let ranks = CardSet::from_mask_truncate(self.mask).suit_ranks(flush_suit(flush));
            FLUSH_TABLE[usize::from(ranks & 0x1FFF)]
        };
        HandRank::from_table(class)
    }
}

/// The rank of the 5 to 7 cards of `mask`, unchecked: the fastest entry for masks that are
/// known to be valid.
#[inline]
pub fn rank_mask(mask: u64) -> HandRank {
    HandKey::from_set(CardSet::from_mask_truncate(mask)).rank()
}

/// The rank of 5 to 7 distinct card indices, unchecked: the batch path's inner loop.
#[inline(always)]
pub fn rank_indices(cards: &[u8]) -> HandRank {
    // The first card's key comes with the suit counters' start already added: two
    // instructions fewer in the hottest loop.
    let Some((&first, rest)) = cards.split_first() else {
        return HandRank::from_table(0);
    };
    let mut key = FIRST_KEYS[usize::from(first)];
    for &c in rest {
        key += CARD_KEYS[usize::from(c)];
    }
    rank_key_of(key, cards)
}

/// The rank of a hand whose summed key is `key` and whose cards are `cards`.
#[inline(always)]
fn rank_key_of(key: u64, cards: &[u8]) -> HandRank {
    let flush = key & FLUSH_BITS;
    let class = if flush == 0 {
        non_flush(key)
    } else {
        let suit = flush_suit(flush);
        let ranks = cards
            .iter()
            .filter(|&&c| c & 3 == suit)
            .fold(0u16, |m, &c| m | 1 << ((c & 63) >> 2));
        FLUSH_TABLE[usize::from(ranks & 0x1FFF)]
    };
    HandRank::from_table(class)
}

/// Ranks each row of `cards` (rows of `K` card indices, all valid and distinct) into `out`.
#[inline]
pub fn rank_rows<const K: usize>(cards: &[u8], out: &mut [u16]) {
    for (row, slot) in cards.chunks_exact(K).zip(out.iter_mut()) {
        *slot = rank_indices(row).class();
    }
}

/// Ranks each row of `cards` like [`rank_rows`], checking every row first: each value must
/// be a card index (< 52) and the row's cards distinct. Rows are those of `cards` that have
/// a slot in `out`; a trailing part row is ignored.
///
/// # Errors
/// The index of the first bad row (rows before it are ranked, the rest are not); rebuild
/// that row as a [`CardSet`] to learn what is wrong with it.
#[inline]
pub fn rank_rows_checked<const K: usize>(
    cards: &[u8],
    out: &mut [u16],
) -> std::result::Result<(), usize> {
    rank_rows_checked_with::<K>(cards, out, rows_valid::<K>)
}

/// Rows per block: a block is checked in one pass, then ranked in a second while its
/// bytes are still in L1. Two tight loops beat one loop doing both, which runs out of
/// registers (measured: the fused loop was slower than checking twice).
const CHECK_BLOCK: usize = 256;

/// [`rank_rows_checked`] with the block check `valid(cards, rows)` given, so that tests
/// can run every kernel through the same driver.
#[inline(always)]
fn rank_rows_checked_with<const K: usize>(
    cards: &[u8],
    out: &mut [u16],
    valid: impl Fn(&[u8], Range<usize>) -> bool,
) -> std::result::Result<(), usize> {
    let rows = (cards.len() / K).min(out.len());
    let mut start = 0;
    while start < rows {
        let end = rows.min(start + CHECK_BLOCK);
        let block = &cards[start * K..end * K];
        let slots = &mut out[start..end];
        if !valid(cards, start..end) {
            let bad = first_bad_row::<K>(block).unwrap_or(0);
            rank_rows::<K>(&block[..bad * K], slots);
            return Err(start + bad);
        }
        rank_rows::<K>(block, slots);
        start = end;
    }
    Ok(())
}

/// Whether rows `rows` of `cards` (rows of `K` bytes) are all `K` distinct card indices:
/// the fastest kernel this CPU has.
#[cfg(target_arch = "x86_64")]
fn rows_valid<const K: usize>(cards: &[u8], rows: Range<usize>) -> bool {
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2, as just detected (the answer is cached: one load).
        unsafe { x86::rows_valid_avx2::<K>(cards, rows) }
    } else {
        x86::rows_valid_sse2::<K>(cards, rows)
    }
}

/// Whether rows `rows` of `cards` (rows of `K` bytes) are all `K` distinct card indices.
#[cfg(not(target_arch = "x86_64"))]
fn rows_valid<const K: usize>(cards: &[u8], rows: Range<usize>) -> bool {
    rows_valid_scalar::<K>(cards, rows)
}

/// The portable check, also the SIMD kernels' tail: a value that is no card sets the
/// poison bit 63 (see [`CARD_BITS`]); a repeated card carries, so the sum of the rows'
/// bits differs from their union. (No popcount: the x86-64 baseline lacks POPCNT.)
fn rows_valid_scalar<const K: usize>(cards: &[u8], rows: Range<usize>) -> bool {
    let mut bad = 0u64;
    for row in cards[rows.start * K..rows.end * K].chunks_exact(K) {
        let mut union = 0u64;
        let mut sum = 0u64;
        for &c in row {
            let bit = CARD_BITS[usize::from(c)];
            union |= bit;
            sum = sum.wrapping_add(bit);
        }
        bad |= (union >> 52) | (sum ^ union);
    }
    bad == 0
}

/// `PairMasks::<K, W>::MASKS.0[v][d][i]` is 0xFF iff byte `i` of vector `v` of a group of
/// `W` rows (`K * W` bytes, so `K` vectors of `W` bytes) and the byte `d` places after it
/// lie in the same row. Comparing each vector with itself shifted by `d = 1..K` and
/// keeping the lanes of this mask tests every pair of cards of every row once.
#[cfg(target_arch = "x86_64")]
#[repr(C, align(32))]
struct PairMasks<const K: usize, const W: usize>([[[u8; W]; K]; K]);

#[cfg(target_arch = "x86_64")]
impl<const K: usize, const W: usize> PairMasks<K, W> {
    const MASKS: PairMasks<K, W> = {
        let mut m = [[[0u8; W]; K]; K];
        let mut v = 0;
        while v < K {
            let mut d = 1;
            while d < K {
                let mut i = 0;
                while i < W {
                    if (W * v + i) % K + d < K {
                        m[v][d][i] = 0xFF;
                    }
                    i += 1;
                }
                d += 1;
            }
            v += 1;
        }
        PairMasks(m)
    };
}

/// Block checks on the raw bytes, `W` rows at a time: the largest byte (a card index is
/// < 52) and the masked equal-byte pairs of each row, both accumulated in vector registers
/// and tested once per block. No table reads, unlike the scalar check's one per card, which
/// made checking cost as much as ranking (holdem7 on an AMD EPYC: ~160 M rows/s checked with
/// the scalar check in the ranking loop, ~225 M with SSE2, ~255 M with AVX2, ~285 M
/// unchecked).
#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{rows_valid_scalar, PairMasks};
    use core::arch::x86_64::*;
    use std::ops::Range;

    /// Rows `rows` are valid, checked 16 rows at a time with SSE2 (baseline on x86-64).
    pub(super) fn rows_valid_sse2<const K: usize>(cards: &[u8], rows: Range<usize>) -> bool {
        const W: usize = 16;
        let masks = &PairMasks::<K, W>::MASKS.0;
        let mut row = rows.start;
        // The shifted loads of a group read up to K - 1 bytes past it (lanes the masks
        // drop), so groups run only where those bytes exist; the scalar check takes the
        // rows left over.
        // SAFETY: SSE2 is part of x86-64. Every load lies in `cards`: a group's last
        // byte read is at (row + W) * K + K - 2 < cards.len() by the loop condition, and
        // `masks` has K * K entries of W bytes, each W-aligned (align 32, W divides it).
        let bad = unsafe {
            let mut high = _mm_setzero_si128();
            let mut pairs = _mm_setzero_si128();
            while row + W <= rows.end && (row + W) * K + K - 1 <= cards.len() {
                let base = cards.as_ptr().add(row * K);
                for (v, by_shift) in masks.iter().enumerate() {
                    let a = _mm_loadu_si128(base.add(W * v).cast());
                    high = _mm_max_epu8(high, a);
                    for (d, mask) in by_shift.iter().enumerate().skip(1) {
                        let b = _mm_loadu_si128(base.add(W * v + d).cast());
                        let m = _mm_load_si128(mask.as_ptr().cast());
                        pairs = _mm_or_si128(pairs, _mm_and_si128(_mm_cmpeq_epi8(a, b), m));
                    }
                }
                row += W;
            }
            // 0 where the largest byte is at most 51.
            let over = _mm_subs_epu8(high, _mm_set1_epi8(51));
            _mm_movemask_epi8(pairs)
                | (_mm_movemask_epi8(_mm_cmpeq_epi8(over, _mm_setzero_si128())) ^ 0xFFFF)
        };
        bad == 0 && rows_valid_scalar::<K>(cards, row..rows.end)
    }

    /// [`rows_valid_sse2`] 32 rows at a time with AVX2.
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn rows_valid_avx2<const K: usize>(cards: &[u8], rows: Range<usize>) -> bool {
        const W: usize = 32;
        let masks = &PairMasks::<K, W>::MASKS.0;
        let mut row = rows.start;
        // SAFETY: as in `rows_valid_sse2`, with W = 32; the caller vouches for AVX2.
        let bad = unsafe {
            let mut high = _mm256_setzero_si256();
            let mut pairs = _mm256_setzero_si256();
            while row + W <= rows.end && (row + W) * K + K - 1 <= cards.len() {
                let base = cards.as_ptr().add(row * K);
                for (v, by_shift) in masks.iter().enumerate() {
                    let a = _mm256_loadu_si256(base.add(W * v).cast());
                    high = _mm256_max_epu8(high, a);
                    for (d, mask) in by_shift.iter().enumerate().skip(1) {
                        let b = _mm256_loadu_si256(base.add(W * v + d).cast());
                        let m = _mm256_load_si256(mask.as_ptr().cast());
                        pairs =
                            _mm256_or_si256(pairs, _mm256_and_si256(_mm256_cmpeq_epi8(a, b), m));
                    }
                }
                row += W;
            }
            let over = _mm256_subs_epu8(high, _mm256_set1_epi8(51));
            _mm256_movemask_epi8(pairs)
                | !_mm256_movemask_epi8(_mm256_cmpeq_epi8(over, _mm256_setzero_si256()))
        };
        bad == 0 && rows_valid_scalar::<K>(cards, row..rows.end)
    }
}

/// The first row of `cards` that is not `K` distinct card indices (slow; for errors).
pub fn first_bad_row<const K: usize>(cards: &[u8]) -> Option<usize> {
    cards.chunks_exact(K).position(|row| {
        let mut seen = 0u64;
        row.iter().any(|&c| {
            let bad = c >= 52 || seen >> c & 1 == 1;
            seen |= 1u64 << (c & 63);
            bad
        })
    })
}

/// The best five-card rank of 5, 6 or 7 cards.
///
/// # Errors
/// [`Error::CardCount`] for any other number of cards.
pub fn evaluate(cards: CardSet) -> Result<HandRank> {
    check_count(cards.len())?;
    Ok(HandKey::from_set(cards).rank())
}

/// The best five-card rank of 5, 6 or 7 cards given as a list.
///
/// # Errors
/// [`Error::DuplicateCard`] when a card repeats, [`Error::CardCount`] for a wrong count.
pub fn evaluate_cards(cards: &[Card]) -> Result<HandRank> {
    evaluate(CardSet::from_cards(cards.iter().copied())?)
}

fn check_count(n: usize) -> Result<()> {
    if (5..=7).contains(&n) {
        Ok(())
    } else {
        Err(Error::CardCount {
            what: "a hand",
            expected: "5, 6 or 7",
            got: n,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Category;
    use crate::rng::Rng;

    fn rank(text: &str) -> HandRank {
        evaluate(text.parse().unwrap()).unwrap()
    }

    #[test]
    fn ends_of_the_scale() {
        assert_eq!(rank("7c5d4h3s2c").class(), 1);
        assert_eq!(rank("AsKsQsJsTs").class(), 7462);
        assert_eq!(rank("AsKsQsJsTs").describe(), "Royal flush");
        assert_eq!(rank("5s4s3s2sAs").category(), Category::StraightFlush);
        assert_eq!(rank("5s4s3s2sAs").describe(), "Straight flush, five high");
    }

    #[test]
    fn describes() {
        assert_eq!(
            rank("KhKdKs7c7d").describe(),
            "Full house, kings full of sevens"
        );
        assert_eq!(rank("5c4d3h2sAc").describe(), "Straight, five high");
        assert_eq!(rank("AcAd4h4s9c").describe(), "Two pair, aces and fours");
        assert_eq!(rank("Ac3d4h8s9c").describe(), "High card, ace");
        assert_eq!(rank("6c6d4h8s9c").describe(), "Pair of sixes");
        assert_eq!(rank("QcQdQhQs9c").describe(), "Four of a kind, queens");
        assert_eq!(rank("2h4h6h8hTh").describe(), "Flush, ten high");
    }

    #[test]
    fn mask_and_index_paths_agree() {
        let cards = CardSet::parse_cards("AhKhQh2h3h9c9d").unwrap();
        let idx: Vec<u8> = cards.iter().map(|c| c.index()).collect();
        assert_eq!(rank_indices(&idx), evaluate_cards(&cards).unwrap());
        assert_eq!(rank_indices(&idx).category(), Category::Flush);
    }

    #[test]
    fn wrong_counts_are_errors() {
        for text in ["AhKh", "AhKhQhJh", "AhKhQhJhTh9h8h7h"] {
            let set: CardSet = text.parse().unwrap();
            assert_eq!(
                evaluate(set),
                Err(Error::CardCount {
                    what: "a hand",
                    expected: "5, 6 or 7",
                    got: set.len()
                })
            );
        }
    }

    #[test]
    fn checked_rows_find_the_first_bad_row() {
        let good = [0u8, 4, 8, 12, 21, 30, 51];
        let mut rows: Vec<u8> = good.repeat(600);
        let mut out = vec![0u16; 600];
        assert_eq!(rank_rows_checked::<7>(&rows, &mut out), Ok(()));
        assert!(out.iter().all(|&c| c == rank_indices(&good).class()));
        for (row, bad) in [(599usize, 52u8), (300, 200), (0, 64)] {
            let mut broken = rows.clone();
            broken[row * 7 + 3] = bad;
            assert_eq!(rank_rows_checked::<7>(&broken, &mut out), Err(row));
        }
        rows[257 * 7 + 6] = rows[257 * 7];
        assert_eq!(rank_rows_checked::<7>(&rows, &mut out), Err(257));
    }

    /// The plain definition, independent of the kernels: every value a card, no two equal.
    fn row_is_valid(row: &[u8]) -> bool {
        row.iter().all(|&c| c < 52)
            && (0..row.len()).all(|i| (i + 1..row.len()).all(|j| row[i] != row[j]))
    }

    /// Rows of `K` bytes, most of them valid hands, the rest broken in every way: a value
    /// past 51 (any byte up to 255), a repeated card, or bytes drawn from all 256 values.
    fn garbage_rows<const K: usize>(rng: &mut Rng, rows: usize, bad_one_in: u32) -> Vec<u8> {
        let mut cards = Vec::with_capacity(rows * K);
        for _ in 0..rows {
            let mut row = [0u8; K];
            let mut used = 0u64;
            for c in row.iter_mut() {
                loop {
                    *c = rng.below(52) as u8;
                    if used >> *c & 1 == 0 {
                        used |= 1 << *c;
                        break;
                    }
                }
            }
            if rng.below(bad_one_in) == 0 {
                let i = rng.below(K as u32) as usize;
                let j = (i + 1 + rng.below(K as u32 - 1) as usize) % K;
                match rng.below(3) {
                    0 => {
                        row[i] =
                            [52, 63, 64, 128, 255, 52 + rng.below(204) as u8][rng.below(6) as usize]
                    }
                    1 => row[i] = row[j],
                    _ => row.iter_mut().for_each(|c| *c = rng.below(256) as u8),
                }
            }
            cards.extend_from_slice(&row);
        }
        cards
    }

    /// Every block check this machine can run, by name.
    #[allow(clippy::type_complexity)]
    fn kernels<const K: usize>() -> Vec<(&'static str, fn(&[u8], Range<usize>) -> bool)> {
        let mut out: Vec<(&'static str, fn(&[u8], Range<usize>) -> bool)> = vec![
            ("scalar", rows_valid_scalar::<K>),
            ("dispatch", rows_valid::<K>),
        ];
        #[cfg(target_arch = "x86_64")]
        {
            out.push(("sse2", x86::rows_valid_sse2::<K>));
            if std::is_x86_feature_detected!("avx2") {
                // SAFETY: AVX2 was detected just above.
                out.push(("avx2", |cards, rows| unsafe {
                    x86::rows_valid_avx2::<K>(cards, rows)
                }));
            }
        }
        out
    }

    fn checked_kernels_agree<const K: usize>(seed: u64) {
        let mut rng = Rng::new(seed);
        for trial in 0..400 {
            // Lengths around the 16- and 32-row groups and the 256-row block, a part row
            // at the end, and a start off any alignment.
            let rows = rng.below(700) as usize;
            let bad_one_in = [2, 40, 400, 100_000][trial % 4];
            let skip = rng.below(8) as usize;
            let mut all = garbage_rows::<K>(&mut rng, rows + 1, bad_one_in);
            all.truncate(skip.max(K) + rows * K + rng.below(K as u32) as usize);
            let cards = &all[skip.min(all.len())..];
            let n = cards.len() / K;
            let first_bad = cards.chunks_exact(K).position(|row| !row_is_valid(row));
            for (name, valid) in kernels::<K>() {
                // Any range of rows: valid exactly when the reference finds no bad row.
                let a = rng.below(n as u32 + 1) as usize;
                let b = a + rng.below((n - a) as u32 + 1) as usize;
                let expect = cards[a * K..b * K].chunks_exact(K).all(row_is_valid);
                assert_eq!(valid(cards, a..b), expect, "{name} K={K} rows {a}..{b}");
                let mut out = vec![0u16; n];
                let got = rank_rows_checked_with::<K>(cards, &mut out, valid);
                assert_eq!(got, first_bad.map_or(Ok(()), Err), "{name} K={K}");
                for (row, &class) in cards.chunks_exact(K).zip(&out).take(first_bad.unwrap_or(n)) {
                    assert_eq!(class, rank_indices(row).class(), "{name} K={K}");
                }
            }
            let mut out = vec![0u16; n];
            assert_eq!(
                rank_rows_checked::<K>(cards, &mut out),
                first_bad.map_or(Ok(()), Err)
            );
        }
    }

    #[test]
    fn checked_kernels_flag_exactly_the_bad_rows() {
        checked_kernels_agree::<5>(5);
        checked_kernels_agree::<6>(6);
        checked_kernels_agree::<7>(7);
    }

    #[test]
    fn a_short_out_limits_the_rows_checked() {
        let mut rows = [0u8, 4, 8, 12, 21, 30, 51].repeat(300);
        rows[200 * 7] = 99;
        let mut out = vec![0u16; 200];
        assert_eq!(rank_rows_checked::<7>(&rows, &mut out), Ok(()));
        let mut out = vec![0u16; 201];
        assert_eq!(rank_rows_checked::<7>(&rows, &mut out), Err(200));
    }

    #[test]
    fn best_five_picks_the_cards_that_play() {
        let cards = CardSet::parse_cards("AhKhQh2h3h9c9d").unwrap();
        let r = evaluate_cards(&cards).unwrap();
        let five: CardSet = r.best_five(&cards).into_iter().collect();
        assert_eq!(five.to_string(), "AhKhQh3h2h");
        let cards = CardSet::parse_cards("KhKdKs7c7d7h2c").unwrap();
        let five: CardSet = rank("KhKdKs7c7d7h2c")
            .best_five(&cards)
            .into_iter()
            .collect();
        assert_eq!(five.len(), 5);
        assert_eq!(evaluate(five).unwrap(), rank("KhKdKs7c7d"));
    }
}
