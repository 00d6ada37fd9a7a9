//! Checked batch ranking: [`check_then_rank`] validates rows of card indices (each a
//! card, no card twice) with SIMD kernels, a block at a time, before ranking them with the
//! ranking it is given ([`rank_rows_checked`](super::rank_rows_checked) gives its
//! batch path, where the AVX-512 kernel does not check rows itself, and the kernel's tail);
//! [`first_bad_row`] names the row an error is
//! about. The ranking is passed in, so that this module needs nothing of the evaluator's.

use std::ops::Range;

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

/// Ranks each row of `cards` with `rank` (rows of `K` card indices into their slots of
/// `out`), checking every row first: each value must be a card index (< 52) and the row's
/// cards distinct. Rows are those of `cards` that have a slot in `out`; a trailing part row
/// is ignored.
///
/// # Errors
/// The index of the first bad row (rows before it are ranked, the rest are not).
#[inline(always)]
pub(crate) fn check_then_rank<const K: usize>(
    cards: &[u8],
    out: &mut [u16],
    rank: impl Fn(&[u8], &mut [u16]),
) -> std::result::Result<(), usize> {
    rank_rows_checked_with::<K>(cards, out, rows_valid::<K>, rank)
}

/// Rows per block: a block is checked in one pass, then ranked in a second while its
/// bytes are still in L1. Two tight loops beat one loop doing both, which runs out of
/// registers (measured: the fused loop was slower than checking twice).
const CHECK_BLOCK: usize = 256;

/// [`check_then_rank`] with the block check `valid(cards, rows)` given, so that tests
/// can run every kernel through the same driver.
#[inline(always)]
fn rank_rows_checked_with<const K: usize>(
    cards: &[u8],
    out: &mut [u16],
    valid: impl Fn(&[u8], Range<usize>) -> bool,
    rank: impl Fn(&[u8], &mut [u16]),
) -> std::result::Result<(), usize> {
    let rows = (cards.len() / K).min(out.len());
    let mut start = 0;
    while start < rows {
        let end = rows.min(start + CHECK_BLOCK);
        let block = &cards[start * K..end * K];
        let slots = &mut out[start..end];
        if !valid(cards, start..end) {
            let bad = first_bad_row::<K>(block).unwrap_or(0);
            rank(&block[..bad * K], slots);
            return Err(start + bad);
        }
        rank(block, slots);
        start = end;
    }
    Ok(())
}

/// Whether rows `rows` of `cards` (rows of `K` bytes) are all `K` distinct card indices:
/// the fastest kernel this CPU has.
#[cfg(target_arch = "x86_64")]
fn rows_valid<const K: usize>(cards: &[u8], rows: Range<usize>) -> bool {
    if std::is_x86_feature_detected!("avx512bw") {
        // SAFETY: the CPU has AVX-512 BW (which implies F), as just detected.
        unsafe { x86::rows_valid_avx512::<K>(cards, rows) }
    } else if std::is_x86_feature_detected!("avx2") {
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

    /// [`rows_valid_sse2`] 64 rows at a time with AVX-512 BW: the pair tests are masked
    /// compares straight into a 64-bit mask.
    ///
    /// # Safety
    /// The CPU must have AVX-512 F and BW.
    #[target_feature(enable = "avx512f,avx512bw")]
    pub(super) unsafe fn rows_valid_avx512<const K: usize>(
        cards: &[u8],
        rows: Range<usize>,
    ) -> bool {
        const W: usize = 64;
        let bits = &super::PairBits::<K>::BITS;
        let mut row = rows.start;
        // SAFETY: as in `rows_valid_sse2`, with W = 64; the caller vouches for AVX-512.
        let bad = unsafe {
            let mut high = _mm512_setzero_si512();
            let mut pairs: __mmask64 = 0;
            while row + W <= rows.end && (row + W) * K + K - 1 <= cards.len() {
                let base = cards.as_ptr().add(row * K);
                for (v, by_shift) in bits.iter().enumerate() {
                    let a = _mm512_loadu_si512(base.add(W * v).cast());
                    high = _mm512_max_epu8(high, a);
                    for (d, &mask) in by_shift.iter().enumerate().skip(1) {
                        let b = _mm512_loadu_si512(base.add(W * v + d).cast());
                        pairs |= _mm512_mask_cmpeq_epi8_mask(mask, a, b);
                    }
                }
                row += W;
            }
            pairs != 0 || _mm512_cmpgt_epu8_mask(high, _mm512_set1_epi8(51)) != 0
        };
        !bad && rows_valid_scalar::<K>(cards, row..rows.end)
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

/// `PairBits::<K>::BITS[v][d]`: [`PairMasks`] for groups of 64 rows as 64-bit lane masks,
/// the form AVX-512's compares take.
#[cfg(target_arch = "x86_64")]
struct PairBits<const K: usize>;

#[cfg(target_arch = "x86_64")]
impl<const K: usize> PairBits<K> {
    const BITS: [[u64; K]; K] = {
        let bytes = PairMasks::<K, 64>::MASKS.0;
        let mut bits = [[0u64; K]; K];
        let mut v = 0;
        while v < K {
            let mut d = 0;
            while d < K {
                let mut i = 0;
                while i < 64 {
                    if bytes[v][d][i] != 0 {
                        bits[v][d] |= 1 << i;
                    }
                    i += 1;
                }
                d += 1;
            }
            v += 1;
        }
        bits
    };
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::high::rank_indices;
    use crate::eval::{rank_rows, rank_rows_checked};
    use crate::rng::Rng;

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
            if std::is_x86_feature_detected!("avx512bw") {
                // SAFETY: AVX-512 BW (and so F) was just detected.
                out.push(("avx512", |cards, rows| unsafe {
                    x86::rows_valid_avx512::<K>(cards, rows)
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
                let got = rank_rows_checked_with::<K>(cards, &mut out, valid, rank_rows::<K>);
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
}
