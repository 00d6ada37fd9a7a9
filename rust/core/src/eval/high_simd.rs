//! The Hold'em batch kernels: rows of 5 to 7 card indices ranked 8 (AVX2) or 16 (AVX-512)
//! at a time, each lane doing what the scalar [`rank_indices`](super::high::rank_indices)
//! does, with the same tables, so every path gives the same classes (a test in the Rust
//! suite compares them over every 5-, 6- and 7-card hand).
//!
//! # A lane's work
//! 1. The cards: the group's bytes are loaded whole and byte shuffles put card `j` of each
//!    row in the low byte of its 32-bit lane (AVX-512 VBMI's two-register byte permute
//!    reaches all 112 bytes of 16 rows; AVX2's in-lane shuffle takes two rows of each
//!    16-byte half from two loads, so four loads cover eight rows). No gather.
//! 2. The rank key: each card's rank key is a permute of a register holding the 13 keys
//!    (AVX2: two 8-entry permutes and a blend), summed.
//! 3. The suits: each card adds `1 << (8 * suit)`, so each byte of the lane counts a
//!    suit; adding 3 carries a count of five or more into the byte's bit 3, the flush flag
//!    (as the scalar key's suit counters do). The flush suit's 13-bit rank mask is the OR
//!    of `1 << rank` over the cards of that suit, computed for every lane whatever its
//!    suits: no branch on a flush, in a group of 16 hands that often holds one.
//! 4. The slot: the hash of [`super::hash`] (a 32-bit multiply, a gather of the bucket's
//!    displacement, an XOR), or for a flush lane its rank mask, picked by the flag.
//! 5. The class: one gather from the rank table, narrowed to 16 bits and stored.
//!
//! # Checking as it ranks
//! The checked path ([`rank_rows_checked`]) runs the
//! AVX-512 kernel with the row check inside it where the CPU has VPOPCNTDQ: the cards are
//! already in lanes, so a few instructions a card build the hand's card mask and a popcount
//! says whether it holds `K` distinct cards (see `avx512_groups`), where a separate pass
//! over the rows cost a third of the ranking. Other paths check each block of rows first
//! (`eval::rows`).
//!
//! The rank table and the displacements are `u16`; a gather reads 32 bits, so each table
//! has one entry of padding (see `gen::build`) and the low half is kept.
//!
//! # Choosing a path
//! [`Kernel::active`] is the path [`rank_rows`] takes: AVX-512 where
//! the CPU has it, else scalar ([`Kernel::detected`] says why not AVX2), chosen once and
//! cached, unless the environment
//! variable `POKERFORGE_EVAL_KERNEL` (read once, at the first batch) names another:
//! `scalar`, `avx2` or `avx512`. A path the CPU lacks falls back to the best one it has
//! below it; any other value is ignored. [`rank_rows_using`] runs a given path, for tests
//! and benchmarks. Non-x86 builds have the scalar path only.

use super::choice::Chosen;

/// A batch path of the Hold'em evaluator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kernel {
    /// One hand at a time, any CPU.
    Scalar,
    /// 8 hands at a time: x86-64 with AVX2.
    Avx2,
    /// 16 hands at a time: x86-64 with AVX-512 F, BW and VBMI.
    Avx512,
}

/// The environment variable that forces a path (see the module documentation).
pub const KERNEL_ENV: &str = "POKERFORGE_EVAL_KERNEL";

/// The active path (its index in [`Kernel::ALL`]), chosen at the first batch.
static ACTIVE: Chosen = Chosen::new();

impl Kernel {
    /// Every path, slowest first.
    pub const ALL: [Kernel; 3] = [Kernel::Scalar, Kernel::Avx2, Kernel::Avx512];

    /// The name `POKERFORGE_EVAL_KERNEL` takes: `"scalar"`, `"avx2"` or `"avx512"`.
    pub const fn name(self) -> &'static str {
        match self {
            Kernel::Scalar => "scalar",
            Kernel::Avx2 => "avx2",
            Kernel::Avx512 => "avx512",
        }
    }

    /// The path called `name` (see [`Kernel::name`]), or `None`.
    pub fn from_name(name: &str) -> Option<Kernel> {
        Kernel::ALL.into_iter().find(|k| k.name() == name.trim())
    }

    /// Whether this CPU can run the path.
    pub fn is_available(self) -> bool {
        match self {
            Kernel::Scalar => true,
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => std::is_x86_feature_detected!("avx2"),
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => {
                std::is_x86_feature_detected!("avx512f")
                    && std::is_x86_feature_detected!("avx512bw")
                    && std::is_x86_feature_detected!("avx512vbmi")
            }
            #[cfg(not(target_arch = "x86_64"))]
            Kernel::Avx2 | Kernel::Avx512 => false,
        }
    }

    /// Whether the checked batch path checks rows inside this path's kernel, in the pass
    /// that ranks them, on this CPU: AVX-512 with VPOPCNTDQ (the count of a hand's cards
    /// is a popcount). Elsewhere rows are checked in a pass of their own before ranking.
    pub fn checks_in_kernel(self) -> bool {
        #[cfg(target_arch = "x86_64")]
        if self == Kernel::Avx512 {
            return self.is_available() && std::is_x86_feature_detected!("avx512vpopcntdq");
        }
        false
    }

    /// The path this CPU runs unasked: AVX-512 where it has it, else the scalar loop. The
    /// AVX2 kernel is not chosen unasked: on the development machine (an AMD EPYC with
    /// AVX-512) it ran no faster than the scalar loop (gathers are slow there, and eight
    /// lanes do not pay for them), where AVX-512 ran about 1.5 times faster; see
    /// BENCHMARKS.md. It stays, forced by name, for CPUs with faster gathers.
    pub fn detected() -> Kernel {
        if Kernel::Avx512.is_available() {
            Kernel::Avx512
        } else {
            Kernel::Scalar
        }
    }

    /// The widest available path no wider than `limit`: what forcing `limit` gives.
    fn best_up_to(limit: Kernel) -> Kernel {
        Kernel::ALL
            .into_iter()
            .rev()
            .find(|k| *k <= limit && k.is_available())
            .unwrap_or(Kernel::Scalar)
    }

    /// The path batches take: chosen at the first call, from [`Kernel::detected`] and
    /// `POKERFORGE_EVAL_KERNEL`, then cached.
    pub fn active() -> Kernel {
        let index = ACTIVE.index(KERNEL_ENV, |forced| {
            let chosen = forced
                .and_then(Kernel::from_name)
                .map_or_else(Kernel::detected, Kernel::best_up_to);
            chosen as usize
        });
        Kernel::ALL[index]
    }
}

/// Ranks each row of `cards` (rows of `K` card indices, all valid and distinct) into `out`,
/// with the fastest path this CPU has (see [`Kernel`]); rows are those of `cards` that
/// have a slot in `out`. Invalid rows give meaningless classes, never undefined behaviour.
#[inline]
pub fn rank_rows<const K: usize>(cards: &[u8], out: &mut [u16]) {
    rank_rows_with::<K>(Kernel::active(), cards, out);
}

/// [`rank_rows`] one hand at a time: the scalar path, and the SIMD kernels' tail.
#[inline]
fn rank_rows_scalar<const K: usize>(cards: &[u8], out: &mut [u16]) {
    for (row, slot) in cards.chunks_exact(K).zip(out.iter_mut()) {
        *slot = super::high::rank_indices(row).class();
    }
}

/// Ranks each row of `cards` like [`rank_rows`], checking every row: each value must be a
/// card index (< 52) and the row's cards distinct. The AVX-512 kernel checks rows as it
/// ranks them (see [`Kernel::checks_in_kernel`]); other paths check each block first. Rows
/// are those of `cards` that have a slot in `out`; a trailing part row is ignored.
///
/// # Errors
/// The index of the first bad row (rows before it are ranked, the rest are not); rebuild
/// that row as a [`CardSet`](crate::CardSet) to learn what is wrong with it ([`first_bad_row`](super::rows::first_bad_row) finds it
/// in a block).
#[inline]
pub fn rank_rows_checked<const K: usize>(
    cards: &[u8],
    out: &mut [u16],
) -> std::result::Result<(), usize> {
    rank_rows_checked_with::<K>(Kernel::active(), cards, out)
}

/// Ranks rows of `K` card indices (5 to 7, all valid and distinct) into `out` with path
/// `kernel`, like [`rank_rows`]. Returns `false`, ranking nothing,
/// when this CPU lacks the path.
pub fn rank_rows_using<const K: usize>(kernel: Kernel, cards: &[u8], out: &mut [u16]) -> bool {
    if !kernel.is_available() {
        return false;
    }
    rank_rows_with::<K>(kernel, cards, out);
    true
}

/// [`rank_rows_using`] for a path known to be available.
#[inline]
pub(super) fn rank_rows_with<const K: usize>(kernel: Kernel, cards: &[u8], out: &mut [u16]) {
    let rows = (cards.len() / K).min(out.len());
    // The kernels' shuffles are laid out for rows of 5 to 7 cards.
    let kernel = if (5..=7).contains(&K) {
        kernel
    } else {
        Kernel::Scalar
    };
    let done = match kernel {
        Kernel::Scalar => 0,
        #[cfg(target_arch = "x86_64")]
        // SAFETY: the caller checked that the CPU has the path's features.
        Kernel::Avx2 => unsafe { x86::rank_rows_avx2::<K>(&cards[..rows * K], &mut out[..rows]) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: as above.
        Kernel::Avx512 => unsafe {
            x86::rank_rows_avx512::<K>(&cards[..rows * K], &mut out[..rows])
        },
        #[cfg(not(target_arch = "x86_64"))]
        Kernel::Avx2 | Kernel::Avx512 => 0,
    };
    rank_rows_scalar::<K>(&cards[done * K..rows * K], &mut out[done..rows]);
}

/// Ranks rows of `K` card indices into `out` with path `kernel`, checking every row (each
/// value < 52, no card twice) like [`rank_rows_checked`]:
/// in the AVX-512 kernel itself where [`Kernel::checks_in_kernel`], else in a pass over
/// each block before ranking it. Returns `None`, ranking nothing, when this CPU lacks the
/// path.
///
/// # Errors
/// `Some(Err(row))` for the first bad row: rows before it are ranked, no slot from it on
/// is written.
pub fn rank_rows_checked_using<const K: usize>(
    kernel: Kernel,
    cards: &[u8],
    out: &mut [u16],
) -> Option<Result<(), usize>> {
    kernel
        .is_available()
        .then(|| rank_rows_checked_with::<K>(kernel, cards, out))
}

/// [`rank_rows_checked_using`] for a path known to be available.
#[inline]
pub(super) fn rank_rows_checked_with<const K: usize>(
    kernel: Kernel,
    cards: &[u8],
    out: &mut [u16],
) -> Result<(), usize> {
    #[cfg(target_arch = "x86_64")]
    if (5..=7).contains(&K) && kernel.checks_in_kernel() {
        let rows = (cards.len() / K).min(out.len());
        // SAFETY: `checks_in_kernel` detected the kernel's features.
        let done =
            unsafe { x86::rank_rows_avx512_checked::<K>(&cards[..rows * K], &mut out[..rows])? };
        // Fewer than 16 rows are left: checked and ranked one at a time.
        return super::rows::check_then_rank::<K>(
            &cards[done * K..rows * K],
            &mut out[done..rows],
            rank_rows_scalar::<K>,
        )
        .map_err(|bad| done + bad);
    }
    super::rows::check_then_rank::<K>(cards, out, |cards, out| {
        rank_rows_with::<K>(kernel, cards, out);
    })
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::super::hash::{self, RANK_KEYS};
    use super::super::tables::{DISPLACEMENT, RANK_TABLE};
    use core::arch::x86_64::*;

    /// `RANK_KEYS` padded to 16 lanes, for the permutes.
    #[repr(C, align(64))]
    struct Lanes([u32; 16]);

    static RANK_KEY_LANES: Lanes = {
        let mut k = [0u32; 16];
        let mut r = 0;
        while r < 13 {
            k[r] = RANK_KEYS[r];
            r += 1;
        }
        Lanes(k)
    };

    /// Byte shuffles for AVX2, `SHUFFLES[j]`: card `j` of the first two rows of each
    /// 16-byte half into the low bytes of lanes 0 and 1 (`.0`) or 2 and 3 (`.1`); 0x80
    /// zeroes a byte.
    #[repr(C, align(32))]
    struct Shuffles<const K: usize>([[[u8; 32]; 2]; 7]);

    impl<const K: usize> Shuffles<K> {
        const MASKS: Shuffles<K> = {
            let mut m = [[[0x80u8; 32]; 2]; 7];
            let mut j = 0;
            while j < K {
                let mut half = 0;
                while half < 2 {
                    let mut which = 0;
                    while which < 2 {
                        // Row 0 of the pair to lane 2 * which, row 1 to lane 2 * which + 1.
                        m[j][which][16 * half + 8 * which] = j as u8;
                        m[j][which][16 * half + 8 * which + 4] = (K + j) as u8;
                        which += 1;
                    }
                    half += 1;
                }
                j += 1;
            }
            Shuffles(m)
        };
    }

    /// Ranks the rows of `cards` (rows of `K` bytes, as many as `out` has slots) eight at a
    /// time while the loads stay inside `cards`; returns the number of rows ranked.
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn rank_rows_avx2<const K: usize>(cards: &[u8], out: &mut [u16]) -> usize {
        let shuffles = &Shuffles::<K>::MASKS.0;
        let mut row = 0;
        // SAFETY: AVX2 is vouched for. Loads: the last 16-byte load of a group starts at
        // byte 6 * K of it, so the loop runs while that load ends inside `cards`; the
        // shuffle masks are 32-aligned arrays. Gathers: a bucket is < 2^13, a slot < 2^17 and
        // a rank mask, masked, < 2^13, and each table has one entry of padding, so every 4-byte read
        // lies inside its table. The store writes 8 slots of `out`, which has `rows`.
        unsafe {
            let one = _mm256_set1_epi32(1);
            let keys_lo = _mm256_load_si256(RANK_KEY_LANES.0.as_ptr().cast());
            let keys_hi = _mm256_load_si256(RANK_KEY_LANES.0.as_ptr().add(8).cast());
            while row + 8 <= out.len() && (row + 8) * K + 16 - 2 * K <= cards.len() {
                let base = cards.as_ptr().add(row * K);
                // Rows 0, 1 | 4, 5 and rows 2, 3 | 6, 7.
                let a = _mm256_loadu2_m128i(base.add(4 * K).cast(), base.cast());
                let b = _mm256_loadu2_m128i(base.add(6 * K).cast(), base.add(2 * K).cast());
                let mut key = _mm256_setzero_si256();
                let mut count = _mm256_setzero_si256();
                let mut hand = [_mm256_setzero_si256(); 7];
                for (j, card) in hand.iter_mut().enumerate().take(K) {
                    let ma = _mm256_load_si256(shuffles[j][0].as_ptr().cast());
                    let mb = _mm256_load_si256(shuffles[j][1].as_ptr().cast());
                    let c = _mm256_or_si256(_mm256_shuffle_epi8(a, ma), _mm256_shuffle_epi8(b, mb));
                    let r = _mm256_srli_epi32::<2>(c);
                    let high = _mm256_cmpgt_epi32(r, _mm256_set1_epi32(7));
                    let k = _mm256_blendv_epi8(
                        _mm256_permutevar8x32_epi32(keys_lo, r),
                        _mm256_permutevar8x32_epi32(keys_hi, r),
                        high,
                    );
                    key = _mm256_add_epi32(key, k);
                    let suit = _mm256_and_si256(c, _mm256_set1_epi32(3));
                    count = _mm256_add_epi32(
                        count,
                        _mm256_sllv_epi32(one, _mm256_slli_epi32::<3>(suit)),
                    );
                    *card = c;
                }
                let flags = _mm256_and_si256(
                    _mm256_add_epi32(count, _mm256_set1_epi32(0x0303_0303)),
                    _mm256_set1_epi32(0x0808_0808),
                );
                // The flag of suit s is bit 8 s + 3; the multiply moves s into the top byte.
                let flush_suit = _mm256_srli_epi32::<24>(_mm256_mullo_epi32(
                    _mm256_srli_epi32::<3>(flags),
                    _mm256_set1_epi32(0x0001_0203),
                ));
                let mut ranks = _mm256_setzero_si256();
                for &c in hand.iter().take(K) {
                    let suited =
                        _mm256_cmpeq_epi32(_mm256_and_si256(c, _mm256_set1_epi32(3)), flush_suit);
                    let bit = _mm256_sllv_epi32(one, _mm256_srli_epi32::<2>(c));
                    ranks = _mm256_or_si256(ranks, _mm256_and_si256(bit, suited));
                }
                let h = _mm256_mullo_epi32(key, _mm256_set1_epi32(hash::HASH_MUL as i32));
                let bucket = _mm256_srli_epi32::<{ (32 - hash::BUCKET_BITS) as i32 }>(h);
                let low16 = _mm256_set1_epi32(0xFFFF);
                let d = _mm256_and_si256(
                    _mm256_i32gather_epi32::<2>(DISPLACEMENT.as_ptr().cast(), bucket),
                    low16,
                );
                let slot = _mm256_xor_si256(
                    _mm256_and_si256(
                        _mm256_srli_epi32::<{ (32 - hash::BUCKET_BITS - hash::TABLE_BITS) as i32 }>(
                            h,
                        ),
                        _mm256_set1_epi32(hash::TABLE_LEN as i32 - 1),
                    ),
                    d,
                );
                let no_flush = _mm256_cmpeq_epi32(flags, _mm256_setzero_si256());
                // The mask keeps a garbage row's index (ranks above the ace) in the table.
                let ranks = _mm256_and_si256(ranks, _mm256_set1_epi32(hash::FLUSH_LEN as i32 - 1));
                let index = _mm256_blendv_epi8(ranks, slot, no_flush);
                let class = _mm256_and_si256(
                    _mm256_i32gather_epi32::<2>(RANK_TABLE.as_ptr().cast(), index),
                    low16,
                );
                // Narrow: lanes 0-3 and 4-7 packed in each half, then the halves joined.
                let packed = _mm256_permute4x64_epi64::<0b1000>(_mm256_packus_epi32(class, class));
                _mm_storeu_si128(
                    out.as_mut_ptr().add(row).cast(),
                    _mm256_castsi256_si128(packed),
                );
                row += 8;
            }
        }
        row
    }

    /// `PICK[j]`: for the two-register byte permute, byte 4 i of lane i takes byte
    /// `K * i + j` of the 16 rows; the other bytes take byte 127, past the 16 rows (at most
    /// 112 bytes) and so zero in the masked load of the second register: a plain permute
    /// then leaves each lane holding its card, with no masking or AND after it.
    #[repr(C, align(64))]
    struct Picks<const K: usize>([[u8; 64]; 7]);

    impl<const K: usize> Picks<K> {
        const PICK: Picks<K> = {
            let mut p = [[127u8; 64]; 7];
            let mut j = 0;
            while j < K {
                let mut i = 0;
                while i < 16 {
                    p[j][4 * i] = (K * i + j) as u8;
                    i += 1;
                }
                j += 1;
            }
            Picks(p)
        };
    }

    /// Ranks the rows of `cards` (rows of `K` bytes, as many as `out` has slots) sixteen at
    /// a time; returns the number of rows ranked.
    ///
    /// # Safety
    /// The CPU must have AVX-512 F, BW and VBMI.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    pub(super) unsafe fn rank_rows_avx512<const K: usize>(cards: &[u8], out: &mut [u16]) -> usize {
        // SAFETY: the caller vouches for the features, which this function enables.
        let (Ok(rows) | Err(rows)) = unsafe { avx512_groups::<K, false>(cards, out) };
        rows
    }

    /// [`rank_rows_avx512`] checking each row in the same pass (every card < 52, no card
    /// twice): `Ok(rows ranked)`, or `Err(row)` for the first bad row, the rows before it
    /// ranked and no slot from it on written.
    ///
    /// # Safety
    /// The CPU must have AVX-512 F, BW, VBMI and VPOPCNTDQ.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vpopcntdq")]
    pub(super) unsafe fn rank_rows_avx512_checked<const K: usize>(
        cards: &[u8],
        out: &mut [u16],
    ) -> Result<usize, usize> {
        // SAFETY: as above.
        unsafe { avx512_groups::<K, true>(cards, out) }
    }

    /// The AVX-512 kernel's body, for both wrappers above, which compile it with their
    /// features (it is always inlined into them). `CHECK` adds the row check: one byte
    /// compare a register finds values past 51 among the group's bytes, then each card sets
    /// bit `c mod 32` of one of two 32-bit halves of the hand's card mask, the half named by
    /// bit 5 of `c`, so a row of cards below 52 is valid exactly when the halves' popcounts
    /// sum to `K` (a repeated card sets one bit for two). A rotate makes the bit: a variable
    /// shift by 32 or more gives 0 on the CPU, but the compiler spends a compare a shift
    /// making sure of it. About six instructions a card, against a separate pass over the
    /// rows before ranking.
    ///
    /// # Safety
    /// The CPU must have AVX-512 F, BW and VBMI, and VPOPCNTDQ when `CHECK`.
    #[inline(always)]
    unsafe fn avx512_groups<const K: usize, const CHECK: bool>(
        cards: &[u8],
        out: &mut [u16],
    ) -> Result<usize, usize> {
        let picks = &Picks::<K>::PICK.0;
        let mut row = 0;
        // SAFETY: the features are vouched for. A group is 16 * K <= 112 bytes inside
        // `cards` (the loop condition): the first load reads 64 of them, the second is
        // masked to the rest, and masked-off bytes are not read. Gathers: as in the AVX2
        // kernel. A store writes the 16 slots of a group that passed the loop condition
        // (the one before the current group, or the last one after the loop), or fewer.
        unsafe {
            let one = _mm512_set1_epi32(1);
            let keys = _mm512_load_si512(RANK_KEY_LANES.0.as_ptr().cast());
            // Lane i of `suit_ones` is 1 << (8 * (i & 3)): a permute by the card index
            // (whose low four bits give its suit) is the card's suit counter.
            let suit_ones = _mm512_set_epi32(
                1 << 24,
                1 << 16,
                1 << 8,
                1,
                1 << 24,
                1 << 16,
                1 << 8,
                1,
                1 << 24,
                1 << 16,
                1 << 8,
                1,
                1 << 24,
                1 << 16,
                1 << 8,
                1,
            );
            let tail: __mmask64 = (1u64 << (16 * K).saturating_sub(64)) - 1;
            let thirty_two = _mm512_set1_epi32(32);
            let last_card = _mm512_set1_epi8(52);
            // The slots of the group before this one, whose classes are read (gathered from
            // the rank table, an L2 read a lane) once this group's slots are known: the
            // gather then overlaps this group's work instead of ending its own.
            let mut pending: Option<__m512i> = None;
            while row + 16 <= out.len() && (row + 16) * K <= cards.len() {
                let base = cards.as_ptr().add(row * K);
                let lo = _mm512_loadu_si512(base.cast());
                let hi = _mm512_maskz_loadu_epi8(tail, base.add(64).cast());
                let mut key = _mm512_setzero_si512();
                let mut count = _mm512_setzero_si512();
                let mut hand = [_mm512_setzero_si512(); 7];
                let (mut mask_lo, mut mask_hi) = (_mm512_setzero_si512(), _mm512_setzero_si512());
                for (j, card) in hand.iter_mut().enumerate().take(K) {
                    let pick = _mm512_load_si512(picks[j].as_ptr().cast());
                    let c = _mm512_permutex2var_epi8(lo, pick, hi);
                    if CHECK {
                        // Bit `c mod 32` by a rotate (a shift by 32 or more is 0 on the
                        // CPU, but the compiler adds a compare per shift to say so), into
                        // the half that bit 5 of `c` names; cards past 51 are found by the
                        // byte compare below.
                        let bit = _mm512_rolv_epi32(one, c);
                        let high = _mm512_cmpge_epu32_mask(c, thirty_two);
                        mask_lo = _mm512_mask_or_epi32(mask_lo, !high, mask_lo, bit);
                        mask_hi = _mm512_mask_or_epi32(mask_hi, high, mask_hi, bit);
                    }
                    key = _mm512_add_epi32(
                        key,
                        _mm512_permutexvar_epi32(_mm512_srli_epi32::<2>(c), keys),
                    );
                    count = _mm512_add_epi32(count, _mm512_permutexvar_epi32(c, suit_ones));
                    *card = c;
                }
                let flags = _mm512_and_si512(
                    _mm512_add_epi32(count, _mm512_set1_epi32(0x0303_0303)),
                    _mm512_set1_epi32(0x0808_0808),
                );
                let flush = _mm512_test_epi32_mask(flags, flags);
                let flush_suit = _mm512_srli_epi32::<24>(_mm512_mullo_epi32(
                    _mm512_srli_epi32::<3>(flags),
                    _mm512_set1_epi32(0x0001_0203),
                ));
                let mut ranks = _mm512_setzero_si512();
                // 61% of groups of 16 random hands hold no flush, and skip the rank masks.
                for &c in hand.iter().take(if flush == 0 { 0 } else { K }) {
                    let suited = _mm512_cmpeq_epi32_mask(
                        _mm512_and_si512(c, _mm512_set1_epi32(3)),
                        flush_suit,
                    );
                    // A rotate for the same reason as above (a garbage row's bit lands
                    // anywhere, which the mask below keeps inside the table).
                    let bit = _mm512_rolv_epi32(one, _mm512_srli_epi32::<2>(c));
                    ranks = _mm512_mask_or_epi32(ranks, suited, ranks, bit);
                }
                let h = _mm512_mullo_epi32(key, _mm512_set1_epi32(hash::HASH_MUL as i32));
                let bucket = _mm512_srli_epi32::<{ 32 - hash::BUCKET_BITS }>(h);
                let low16 = _mm512_set1_epi32(0xFFFF);
                let d = _mm512_and_si512(
                    _mm512_i32gather_epi32::<2>(bucket, DISPLACEMENT.as_ptr().cast()),
                    low16,
                );
                let slot = _mm512_xor_si512(
                    _mm512_and_si512(
                        _mm512_srli_epi32::<{ 32 - hash::BUCKET_BITS - hash::TABLE_BITS }>(h),
                        _mm512_set1_epi32(hash::TABLE_LEN as i32 - 1),
                    ),
                    d,
                );
                // The mask keeps a garbage row's index (ranks above the ace) in the table.
                let ranks = _mm512_and_si512(ranks, _mm512_set1_epi32(hash::FLUSH_LEN as i32 - 1));
                let index = _mm512_mask_mov_epi32(slot, flush, ranks);
                if let Some(before) = pending {
                    let class = _mm512_i32gather_epi32::<2>(before, RANK_TABLE.as_ptr().cast());
                    _mm256_storeu_si256(
                        out.as_mut_ptr().add(row - 16).cast(),
                        _mm512_cvtepi32_epi16(class),
                    );
                }
                if CHECK {
                    // Values past 51, by byte over the group's loaded bytes (zero past the
                    // 16 rows); then every row with K cards below 52 and K bits set.
                    let past_lo = _mm512_cmpge_epu8_mask(lo, last_card);
                    let past_hi = _mm512_cmpge_epu8_mask(hi, last_card);
                    let count = _mm512_add_epi32(
                        _mm512_popcnt_epi32(mask_lo),
                        _mm512_popcnt_epi32(mask_hi),
                    );
                    let good = _mm512_cmpeq_epi32_mask(count, _mm512_set1_epi32(K as i32));
                    if good != 0xFFFF || past_lo | past_hi != 0 {
                        // Taken once a call at most, so the ranking loop stays branch-free.
                        let mut bad = u32::from(!good);
                        for (past, from) in [(past_lo, 0), (past_hi, 64)] {
                            let mut rest = past;
                            while rest != 0 {
                                bad |= 1 << ((from + rest.trailing_zeros() as usize) / K);
                                rest &= rest - 1;
                            }
                        }
                        let first = bad.trailing_zeros();
                        let class = _mm512_i32gather_epi32::<2>(index, RANK_TABLE.as_ptr().cast());
                        _mm512_mask_cvtepi32_storeu_epi16(
                            out.as_mut_ptr().add(row).cast(),
                            (1 << first) - 1,
                            class,
                        );
                        return Err(row + first as usize);
                    }
                }
                pending = Some(index);
                row += 16;
            }
            if let Some(before) = pending {
                let class = _mm512_i32gather_epi32::<2>(before, RANK_TABLE.as_ptr().cast());
                _mm256_storeu_si256(
                    out.as_mut_ptr().add(row - 16).cast(),
                    _mm512_cvtepi32_epi16(class),
                );
            }
        }
        Ok(row)
    }
}
