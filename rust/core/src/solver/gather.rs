//! The first step of a showdown's sweep (`showdown.rs`): the opposing hands that have a
//! reach, in strength order, with their cards.
//!
//! Deep in the tree most opposing hands have none (about three in five at the reference
//! spots' showdowns), and the sweep then adds up a short list. Gathering it reads every
//! opposing hand: a fifth of a sweep's time in the scalar loop. With AVX-512 (chosen at
//! run time) sixteen hands go at a time: one gather of their reaches, a mask of those
//! that are not zero, and the reaches and cards of those packed to the front of a
//! register and stored. Both paths give the same output, bit for bit.
//!
//! Where each opposing hand lands in the list is kept per block of sixteen: the list's
//! length at the block's start and a bit per hand of the block that has a reach
//! ([`Gathered::before`]).

/// Hands per block of [`Gathered::bits`].
pub(crate) const BLOCK: usize = 16;

/// One player's hands on one river board, in strength order, as the gather reads them:
/// their indices and cards apart, and one more than the largest index (what the vector
/// path's gather may read up to, fixed when the list is made).
#[derive(Debug, Clone, Default)]
pub(crate) struct Opposing {
    hands: Vec<u32>,
    cards: Vec<u32>,
    bound: usize,
}

impl Opposing {
    /// The list of `(hand, cards)` pairs, in order.
    pub fn new(list: impl Iterator<Item = (u16, [u8; 2])>) -> Opposing {
        let (hands, cards): (Vec<u32>, Vec<u32>) = list
            .map(|(h, [a, b])| (u32::from(h), u32::from(a) | u32::from(b) << 8))
            .unzip();
        let bound = hands.iter().map(|&h| h as usize + 1).max().unwrap_or(0);
        Opposing {
            hands,
            cards,
            bound,
        }
    }

    /// Bytes per hand.
    pub const HAND_BYTES: usize = 8;
}

/// The opposing hands with a reach, gathered.
#[derive(Debug)]
pub(crate) struct Gathered {
    /// Their reaches, in strength order (the first `len` values; the rest is slack that
    /// the vector stores may write).
    pub reach: Vec<f32>,
    /// Their two cards, `first | second << 8`.
    pub cards: Vec<u32>,
    /// How many precede each block of [`BLOCK`] of the opponent's sorted hands.
    base: Vec<u32>,
    /// For each block, a bit per hand with a reach.
    bits: Vec<u16>,
    /// How many there are.
    pub len: usize,
    /// How many opposing hands the last gather read.
    count: usize,
}

impl Gathered {
    /// Empty buffers.
    pub const fn new() -> Gathered {
        Gathered {
            reach: Vec::new(),
            cards: Vec::new(),
            base: Vec::new(),
            bits: Vec::new(),
            len: 0,
            count: 0,
        }
    }

    /// Gathers the hands of `list` whose reach (`reach[hand]`) is not zero.
    pub fn gather(&mut self, list: &Opposing, reach: &[f32]) {
        self.gather_using(true, list, reach);
    }

    /// [`Gathered::gather`], with the vector path where `simd` and the CPU allow.
    fn gather_using(&mut self, simd: bool, list: &Opposing, reach: &[f32]) {
        let (hands, cards) = (&list.hands[..], &list.cards[..]);
        let count = hands.len().min(cards.len());
        self.count = count;
        let blocks = count.div_ceil(BLOCK);
        // Grown when short, never cleared: every value read is written first.
        if self.reach.len() < count + BLOCK {
            self.reach.resize(count + BLOCK, 0.0);
            self.cards.resize(count + BLOCK, 0);
        }
        if self.base.len() < blocks {
            self.base.resize(blocks, 0);
            self.bits.resize(blocks, 0);
        }
        // The gather reads `reach` at the list's indices as 32-bit signed offsets.
        let fits = list.bound <= reach.len() && list.bound <= i32::MAX as usize;
        let vector = simd && fits && has_avx512();
        let done = if vector {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: the CPU has AVX-512 F; every index of `hands` is within `reach`, and
            // the output vectors hold `count + BLOCK` values and `blocks` blocks.
            unsafe {
                self.gather_avx512(&hands[..count], &cards[..count], reach)
            }
            #[cfg(not(target_arch = "x86_64"))]
            0
        } else {
            0
        };
        self.gather_scalar(done, &hands[..count], &cards[..count], reach);
    }

    /// The gather of blocks `from / BLOCK` on, a hand at a time (`from`: a whole number of
    /// blocks, gathered).
    fn gather_scalar(&mut self, from: usize, hands: &[u32], cards: &[u32], reach: &[f32]) {
        let mut n = if from == 0 { 0 } else { self.len };
        let blocks = hands.chunks(BLOCK).zip(cards.chunks(BLOCK));
        let marks = self.base.iter_mut().zip(self.bits.iter_mut());
        for ((hands, cards), (base, bits)) in blocks.zip(marks).skip(from / BLOCK) {
            *base = n as u32;
            let mut mask = 0u16;
            for (l, (&h, &c)) in hands.iter().zip(cards).enumerate() {
                let r = reach.get(h as usize).copied().unwrap_or(0.0);
                if let (Some(x), Some(y)) = (self.reach.get_mut(n), self.cards.get_mut(n)) {
                    (*x, *y) = (r, c);
                }
                let live = r != 0.0;
                mask |= u16::from(live) << l;
                n += usize::from(live);
            }
            *bits = mask;
        }
        self.len = n;
    }

    /// The gather of the whole blocks, sixteen hands at a time; returns how many hands it
    /// gathered (the rest is left to [`Gathered::gather_scalar`]).
    ///
    /// # Safety
    /// The CPU has AVX-512 F; every index of `hands` is below `reach.len()`; `self.reach`
    /// and `self.cards` hold at least `hands.len() + BLOCK` values, `self.base` and
    /// `self.bits` at least `hands.len() / BLOCK`; `cards` is as long as `hands`.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f")]
    unsafe fn gather_avx512(&mut self, hands: &[u32], cards: &[u32], reach: &[f32]) -> usize {
        use std::arch::x86_64::*;
        let whole = hands.len() / BLOCK * BLOCK;
        let mut n = 0usize;
        for b in 0..whole / BLOCK {
            let at = b * BLOCK;
            // SAFETY (all below): the loads read `at..at + 16` of `hands` and `cards`,
            // within them; the gather reads `reach` at indices the caller checked; the
            // stores write `n..n + 16` of the output, `n <= at` and the output holds
            // `hands.len() + 16`; `b` is a whole block, within `base` and `bits`.
            unsafe {
                let index = _mm512_loadu_si512(hands.as_ptr().add(at).cast());
                let r = _mm512_i32gather_ps::<4>(index, reach.as_ptr());
                // Not equal, unordered: a NaN counts as a reach, as in the scalar loop.
                let mask = _mm512_cmpneq_ps_mask(r, _mm512_setzero_ps());
                let c = _mm512_loadu_si512(cards.as_ptr().add(at).cast());
                _mm512_storeu_ps(
                    self.reach.as_mut_ptr().add(n),
                    _mm512_maskz_compress_ps(mask, r),
                );
                let packed = _mm512_maskz_compress_epi32(mask, c);
                _mm512_storeu_si512(self.cards.as_mut_ptr().add(n).cast(), packed);
                *self.base.get_unchecked_mut(b) = n as u32;
                *self.bits.get_unchecked_mut(b) = mask;
                n += mask.count_ones() as usize;
            }
        }
        self.len = n;
        whole
    }

    /// How many of the gathered hands come before the opponent's `k`-th sorted hand (all
    /// of them for `k` past the end).
    #[inline]
    pub fn before(&self, k: usize) -> usize {
        let (b, l) = (k / BLOCK, k % BLOCK);
        match (self.base.get(b), self.bits.get(b)) {
            (Some(&base), Some(&bits)) if k < self.count => {
                let below = u32::from(bits) & ((1u32 << l) - 1);
                base as usize + below.count_ones() as usize
            }
            _ => self.len,
        }
    }
}

/// Whether the CPU has AVX-512 F (`std` caches the answer).
fn has_avx512() -> bool {
    #[cfg(target_arch = "x86_64")]
    return std::is_x86_feature_detected!("avx512f");
    #[cfg(not(target_arch = "x86_64"))]
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The vector path and the scalar loop against a direct count, on lists of every
    /// length around a block's, with reaches of which about half are 0 (and a -0.0).
    #[test]
    fn both_paths_gather_what_a_count_gives() {
        let mut seed = 11u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as u32
        };
        for len in [0usize, 1, 15, 16, 17, 31, 32, 33, 100, 333] {
            let reach: Vec<f32> = (0..len)
                .map(|i| match next() % 4 {
                    0 | 1 => 0.0,
                    2 if i % 7 == 0 => -0.0,
                    _ => (next() % 1000) as f32 / 7.0,
                })
                .collect();
            // The hands in some order other than their indices', as a strength order is.
            let mut hands: Vec<u32> = (0..len as u32).collect();
            for i in (1..len).rev() {
                hands.swap(i, next() as usize % (i + 1));
            }
            let pairs: Vec<[u8; 2]> = hands
                .iter()
                .map(|&h| [(h % 52) as u8, (h % 7) as u8])
                .collect();
            let cards: Vec<u32> = pairs
                .iter()
                .map(|&[a, b]| u32::from(a) | u32::from(b) << 8)
                .collect();
            let list = Opposing::new(hands.iter().zip(&pairs).map(|(&h, &c)| (h as u16, c)));
            let want: Vec<usize> = hands
                .iter()
                .enumerate()
                .filter(|&(_, &h)| reach[h as usize] != 0.0)
                .map(|(k, _)| k)
                .collect();
            for simd in [true, false] {
                let mut g = Gathered::new();
                // Twice: the second gather reuses the first's buffers.
                for _ in 0..2 {
                    g.gather_using(simd, &list, &reach);
                    assert_eq!(g.len, want.len(), "len {len}, simd {simd}");
                    for (i, &k) in want.iter().enumerate() {
                        let h = hands[k] as usize;
                        assert_eq!(g.reach[i].to_bits(), reach[h].to_bits());
                        assert_eq!(g.cards[i], cards[k]);
                    }
                    for k in 0..=len + BLOCK {
                        let before = want.iter().filter(|&&w| w < k).count();
                        assert_eq!(g.before(k), before, "len {len}, k {k}, simd {simd}");
                    }
                }
            }
        }
    }
}
