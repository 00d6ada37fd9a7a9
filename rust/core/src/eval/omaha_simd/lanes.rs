//! The lane operations of the Omaha kernels (`x86.rs`), on 32-bit lanes: one
//! implementation for AVX2 (8 lanes) and one for AVX-512 (16 lanes).

use core::arch::x86_64::*;

/// The lane operations the kernels need, on 32-bit lanes.
///
/// # Safety
/// Every method needs the CPU features of its implementation; they are only called
/// from functions that enable those features.
pub(super) trait Lanes {
    type V: Copy;
    /// A 16-entry table of 32-bit values, held in registers.
    type T: Copy;
    const N: usize;
    unsafe fn splat(x: i32) -> Self::V;
    /// `[0, k, 2k, ...]`.
    unsafe fn steps(k: i32) -> Self::V;
    unsafe fn add(a: Self::V, b: Self::V) -> Self::V;
    unsafe fn and(a: Self::V, b: Self::V) -> Self::V;
    unsafe fn or(a: Self::V, b: Self::V) -> Self::V;
    unsafe fn xor(a: Self::V, b: Self::V) -> Self::V;
    unsafe fn min(a: Self::V, b: Self::V) -> Self::V;
    unsafe fn max(a: Self::V, b: Self::V) -> Self::V;
    /// The larger of each pair of 16-bit halves.
    unsafe fn max16(a: Self::V, b: Self::V) -> Self::V;
    unsafe fn shr<const K: u32>(a: Self::V) -> Self::V;
    unsafe fn shl<const K: u32>(a: Self::V) -> Self::V;
    /// `!a & b`.
    unsafe fn andnot(a: Self::V, b: Self::V) -> Self::V;
    /// All ones where `a == b`, else 0.
    unsafe fn eq(a: Self::V, b: Self::V) -> Self::V;
    /// `a >> b` per lane, 0 where `b >= 32`.
    unsafe fn shrv(a: Self::V, b: Self::V) -> Self::V;
    /// `a << b` per lane, 0 where `b >= 32`.
    unsafe fn shlv(a: Self::V, b: Self::V) -> Self::V;
    /// The 32-bit words at byte offsets `at` from `base`.
    unsafe fn gather(base: *const u8, at: Self::V) -> Self::V;
    /// One bit per lane, set where the lane is not zero.
    unsafe fn nonzero(a: Self::V) -> u32;
    unsafe fn table(t: &[u32; 16]) -> Self::T;
    /// A 16-byte table in every 128-bit part, for [`Lanes::shuffle`].
    unsafe fn bytes(t: &[u8; 16]) -> Self::V;
    /// Each byte `b` (below 0x80) replaced by `t[b & 15]` (`vpshufb`).
    unsafe fn shuffle(t: Self::V, b: Self::V) -> Self::V;
    /// `t[i & 15]` per lane.
    unsafe fn lookup(t: Self::T, i: Self::V) -> Self::V;
    /// The low 16 bits of each lane, to `N` slots at `out`.
    unsafe fn store16(out: *mut u16, a: Self::V);
    /// The low 8 bits of each lane, to `N` slots at `out`.
    unsafe fn store8(out: *mut u8, a: Self::V);
}

#[derive(Clone, Copy)]
pub(super) struct Avx2;

// Each method is an intrinsic or two under the trait's contract (the features).
#[allow(unsafe_op_in_unsafe_fn)]
impl Lanes for Avx2 {
    type V = __m256i;
    type T = (__m256i, __m256i);
    const N: usize = 8;
    #[inline(always)]
    unsafe fn splat(x: i32) -> __m256i {
        _mm256_set1_epi32(x)
    }
    #[inline(always)]
    unsafe fn steps(k: i32) -> __m256i {
        _mm256_mullo_epi32(
            _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
            _mm256_set1_epi32(k),
        )
    }
    #[inline(always)]
    unsafe fn add(a: __m256i, b: __m256i) -> __m256i {
        _mm256_add_epi32(a, b)
    }
    #[inline(always)]
    unsafe fn and(a: __m256i, b: __m256i) -> __m256i {
        _mm256_and_si256(a, b)
    }
    #[inline(always)]
    unsafe fn or(a: __m256i, b: __m256i) -> __m256i {
        _mm256_or_si256(a, b)
    }
    #[inline(always)]
    unsafe fn xor(a: __m256i, b: __m256i) -> __m256i {
        _mm256_xor_si256(a, b)
    }
    #[inline(always)]
    unsafe fn min(a: __m256i, b: __m256i) -> __m256i {
        _mm256_min_epu32(a, b)
    }
    #[inline(always)]
    unsafe fn max(a: __m256i, b: __m256i) -> __m256i {
        _mm256_max_epu32(a, b)
    }
    #[inline(always)]
    unsafe fn max16(a: __m256i, b: __m256i) -> __m256i {
        _mm256_max_epu16(a, b)
    }
    #[inline(always)]
    unsafe fn shr<const K: u32>(a: __m256i) -> __m256i {
        _mm256_srlv_epi32(a, _mm256_set1_epi32(K as i32))
    }
    #[inline(always)]
    unsafe fn shl<const K: u32>(a: __m256i) -> __m256i {
        _mm256_sllv_epi32(a, _mm256_set1_epi32(K as i32))
    }
    #[inline(always)]
    unsafe fn andnot(a: __m256i, b: __m256i) -> __m256i {
        _mm256_andnot_si256(a, b)
    }
    #[inline(always)]
    unsafe fn eq(a: __m256i, b: __m256i) -> __m256i {
        _mm256_cmpeq_epi32(a, b)
    }
    #[inline(always)]
    unsafe fn shrv(a: __m256i, b: __m256i) -> __m256i {
        _mm256_srlv_epi32(a, b)
    }
    #[inline(always)]
    unsafe fn shlv(a: __m256i, b: __m256i) -> __m256i {
        _mm256_sllv_epi32(a, b)
    }
    #[inline(always)]
    unsafe fn gather(base: *const u8, at: __m256i) -> __m256i {
        // SAFETY: the caller vouches for every lane's four bytes.
        unsafe { _mm256_i32gather_epi32::<1>(base.cast(), at) }
    }
    #[inline(always)]
    unsafe fn nonzero(a: __m256i) -> u32 {
        let zero = _mm256_cmpeq_epi32(a, _mm256_setzero_si256());
        (_mm256_movemask_ps(_mm256_castsi256_ps(zero)) as u32) ^ 0xFF
    }
    #[inline(always)]
    unsafe fn table(t: &[u32; 16]) -> (__m256i, __m256i) {
        // SAFETY: 64 bytes, two unaligned 32-byte loads.
        unsafe {
            (
                _mm256_loadu_si256(t.as_ptr().cast()),
                _mm256_loadu_si256(t.as_ptr().add(8).cast()),
            )
        }
    }
    #[inline(always)]
    unsafe fn bytes(t: &[u8; 16]) -> __m256i {
        // SAFETY: 16 bytes, one unaligned load.
        unsafe { _mm256_broadcastsi128_si256(_mm_loadu_si128(t.as_ptr().cast())) }
    }
    #[inline(always)]
    unsafe fn shuffle(t: __m256i, b: __m256i) -> __m256i {
        _mm256_shuffle_epi8(t, b)
    }
    #[inline(always)]
    unsafe fn lookup(t: (__m256i, __m256i), i: __m256i) -> __m256i {
        // `vpermd` looks up 8 entries by the low 3 bits; bit 3 picks the half.
        let low = _mm256_permutevar8x32_epi32(t.0, i);
        let high = _mm256_permutevar8x32_epi32(t.1, i);
        let upper = _mm256_slli_epi32::<28>(i);
        _mm256_castps_si256(_mm256_blendv_ps(
            _mm256_castsi256_ps(low),
            _mm256_castsi256_ps(high),
            _mm256_castsi256_ps(upper),
        ))
    }
    #[inline(always)]
    unsafe fn store16(out: *mut u16, a: __m256i) {
        let a = _mm256_and_si256(a, _mm256_set1_epi32(0xFFFF));
        // Packs each 128-bit half; the quadword permute puts the halves together.
        let packed = _mm256_permute4x64_epi64::<0b1000>(_mm256_packus_epi32(a, a));
        // SAFETY: the caller vouches for 8 slots.
        unsafe { _mm_storeu_si128(out.cast(), _mm256_castsi256_si128(packed)) }
    }
    #[inline(always)]
    unsafe fn store8(out: *mut u8, a: __m256i) {
        let a = _mm256_and_si256(a, _mm256_set1_epi32(0xFF));
        let words = _mm256_packus_epi32(a, a);
        let bytes = _mm256_packus_epi16(words, words);
        // Bytes 0-3 of each 128-bit half hold lanes 0-3 and 4-7.
        let both = _mm256_permutevar8x32_epi32(bytes, _mm256_setr_epi32(0, 4, 0, 0, 0, 0, 0, 0));
        // SAFETY: the caller vouches for 8 slots.
        unsafe { _mm_storel_epi64(out.cast(), _mm256_castsi256_si128(both)) }
    }
}

#[derive(Clone, Copy)]
pub(super) struct Avx512;

// Each method is an intrinsic or two under the trait's contract (the features).
#[allow(unsafe_op_in_unsafe_fn)]
impl Lanes for Avx512 {
    type V = __m512i;
    type T = __m512i;
    const N: usize = 16;
    #[inline(always)]
    unsafe fn splat(x: i32) -> __m512i {
        _mm512_set1_epi32(x)
    }
    #[inline(always)]
    unsafe fn steps(k: i32) -> __m512i {
        _mm512_mullo_epi32(
            _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
            _mm512_set1_epi32(k),
        )
    }
    #[inline(always)]
    unsafe fn add(a: __m512i, b: __m512i) -> __m512i {
        _mm512_add_epi32(a, b)
    }
    #[inline(always)]
    unsafe fn and(a: __m512i, b: __m512i) -> __m512i {
        _mm512_and_si512(a, b)
    }
    #[inline(always)]
    unsafe fn or(a: __m512i, b: __m512i) -> __m512i {
        _mm512_or_si512(a, b)
    }
    #[inline(always)]
    unsafe fn xor(a: __m512i, b: __m512i) -> __m512i {
        _mm512_xor_si512(a, b)
    }
    #[inline(always)]
    unsafe fn min(a: __m512i, b: __m512i) -> __m512i {
        _mm512_min_epu32(a, b)
    }
    #[inline(always)]
    unsafe fn max(a: __m512i, b: __m512i) -> __m512i {
        _mm512_max_epu32(a, b)
    }
    #[inline(always)]
    unsafe fn max16(a: __m512i, b: __m512i) -> __m512i {
        _mm512_max_epu16(a, b)
    }
    #[inline(always)]
    unsafe fn shr<const K: u32>(a: __m512i) -> __m512i {
        _mm512_srli_epi32::<K>(a)
    }
    #[inline(always)]
    unsafe fn shl<const K: u32>(a: __m512i) -> __m512i {
        _mm512_slli_epi32::<K>(a)
    }
    #[inline(always)]
    unsafe fn andnot(a: __m512i, b: __m512i) -> __m512i {
        _mm512_andnot_si512(a, b)
    }
    #[inline(always)]
    unsafe fn eq(a: __m512i, b: __m512i) -> __m512i {
        _mm512_maskz_set1_epi32(_mm512_cmpeq_epi32_mask(a, b), -1)
    }
    #[inline(always)]
    unsafe fn shrv(a: __m512i, b: __m512i) -> __m512i {
        _mm512_srlv_epi32(a, b)
    }
    #[inline(always)]
    unsafe fn shlv(a: __m512i, b: __m512i) -> __m512i {
        _mm512_sllv_epi32(a, b)
    }
    #[inline(always)]
    unsafe fn gather(base: *const u8, at: __m512i) -> __m512i {
        // SAFETY: the caller vouches for every lane's four bytes.
        unsafe { _mm512_i32gather_epi32::<1>(at, base.cast()) }
    }
    #[inline(always)]
    unsafe fn nonzero(a: __m512i) -> u32 {
        u32::from(_mm512_test_epi32_mask(a, a))
    }
    #[inline(always)]
    unsafe fn table(t: &[u32; 16]) -> __m512i {
        // SAFETY: 64 bytes, one unaligned load.
        unsafe { _mm512_loadu_si512(t.as_ptr().cast()) }
    }
    #[inline(always)]
    unsafe fn bytes(t: &[u8; 16]) -> __m512i {
        // SAFETY: 16 bytes, one unaligned load.
        unsafe { _mm512_broadcast_i32x4(_mm_loadu_si128(t.as_ptr().cast())) }
    }
    #[inline(always)]
    unsafe fn shuffle(t: __m512i, b: __m512i) -> __m512i {
        _mm512_shuffle_epi8(t, b)
    }
    #[inline(always)]
    unsafe fn lookup(t: __m512i, i: __m512i) -> __m512i {
        _mm512_permutexvar_epi32(i, t)
    }
    #[inline(always)]
    unsafe fn store16(out: *mut u16, a: __m512i) {
        // SAFETY: the caller vouches for 16 slots.
        unsafe { _mm256_storeu_si256(out.cast(), _mm512_cvtepi32_epi16(a)) }
    }
    #[inline(always)]
    unsafe fn store8(out: *mut u8, a: __m512i) {
        // SAFETY: the caller vouches for 16 slots.
        unsafe { _mm_storeu_si128(out.cast(), _mm512_cvtepi32_epi8(a)) }
    }
}
