//! The index of a hand's rank multiset in the short deck's and the ace-to-five low's
//! tables (see `gen::multiset_index`): the colex rank of its sorted ranks, a sum of one
//! table term per card read while walking the card mask upwards (card order sorts by rank).

/// The table index of the `size` cards of `mask` under `terms` and `bases` (from
/// `gen::multiset_terms` and `gen::multiset_bases`). Any mask gives an index (a bad one a
/// meaningless index), so the callers read their table with `get`. The size is passed in
/// because the batch callers know it: a population count is a slow loop on the baseline
/// x86-64 target.
#[inline(always)]
pub(crate) fn index(mask: u64, size: usize, terms: &[u32; 128], bases: &[u32; 9]) -> usize {
    let mut rest = mask;
    let mut sum = 0u32;
    let mut i = 0usize;
    while rest != 0 {
        let rank = (rest.trailing_zeros() >> 2) as usize;
        sum = sum.wrapping_add(terms[(16 * i + rank) & 127]);
        rest &= rest - 1;
        i += 1;
    }
    bases[size.min(8)].wrapping_add(sum) as usize
}

/// A row of card indices read once: its mask (each index taken below 64, so any byte is
/// safe), its count of cards per suit (a byte each), and whether it holds `K` distinct
/// cards at or above index `first`, all below 52.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Row {
    pub mask: u64,
    pub suits: u32,
    pub valid: bool,
}

#[inline(always)]
pub(crate) fn read_row<const K: usize>(row: &[u8], first: u8) -> Row {
    let mut mask = 0u64;
    let mut suits = 0u32;
    let mut in_range = true;
    for &c in row {
        in_range &= (first..52).contains(&c);
        mask |= 1u64 << (c & 63);
        suits += 1 << (8 * (c & 3));
    }
    Row {
        mask,
        suits,
        valid: in_range && mask.count_ones() as usize == K,
    }
}

/// The suit with five or more cards among per-suit byte counts of at most 7 (adding 123
/// sets a byte's top bit exactly when it is at least 5, and never carries), if any.
#[inline(always)]
pub(crate) fn flush_suit(suits: u32) -> Option<u8> {
    let top = suits.wrapping_add(0x7B7B_7B7B) & 0x8080_8080;
    (top != 0).then(|| (top.trailing_zeros() / 8) as u8)
}
