//! The index of a hand's rank multiset in the short deck's and the ace-to-five low's
//! tables (see `gen::multiset_index`): the colex rank of its sorted ranks, a sum of one
//! table term per card read while walking the card mask upwards (card order sorts by rank).

/// The table index of the cards of `mask` under `terms` and `bases` (from
/// `gen::multiset_terms` and `gen::multiset_bases`). Any mask gives an index (a bad one a
/// meaningless index), so the callers read their table with `get`.
#[inline(always)]
pub(crate) fn index(mask: u64, terms: &[u32; 128], bases: &[u32; 9]) -> usize {
    let mut rest = mask;
    let mut sum = 0u32;
    let mut i = 0usize;
    while rest != 0 {
        let rank = (rest.trailing_zeros() >> 2) as usize;
        sum = sum.wrapping_add(terms[(16 * i + rank) & 127]);
        rest &= rest - 1;
        i += 1;
    }
    bases[(mask.count_ones() as usize).min(8)].wrapping_add(sum) as usize
}

/// The mask of a row of card indices (each taken below 64, so any byte is safe) and
/// whether the row holds `K` distinct cards at or above index `first`, all below 52.
#[inline(always)]
pub(crate) fn row_mask<const K: usize>(row: &[u8], first: u8) -> (u64, bool) {
    let mut mask = 0u64;
    let mut in_range = true;
    for &c in row {
        in_range &= (first..52).contains(&c);
        mask |= 1u64 << (c & 63);
    }
    (mask, in_range && mask.count_ones() as usize == K)
}
