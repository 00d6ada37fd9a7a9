//! Rank keys and the perfect hash over them, shared by `build.rs` (which builds the
//! tables) and the evaluator (which reads them), so the two can never disagree.
//!
//! # Representation of a hand key
//! A hand key is the sum of its cards' keys, a `u64`:
//! - bits 0..25: the sum of [`RANK_KEYS`] over the cards. The keys were found by a greedy
//!   search so that every multiset of at most seven ranks, no rank more than four times,
//!   has its own sum (the largest is 18,393,157 < 2^25). So the low bits name the hand's
//!   ranks exactly, whatever the order or the suits of the cards.
//! - bits 32..48: four 4-bit suit counters, one per suit, starting at 3 ([`SUIT_START`]).
//!   Five or more cards of one suit carry into the top bit of its counter
//!   ([`FLUSH_BITS`]), so one AND tells whether there is a flush and in which suit.

/// Per-rank additive keys, `2` first.
pub const RANK_KEYS: [u32; 13] = [
    1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520,
];

/// Bit of suit 0's counter in a hand key.
pub const SUIT_SHIFT: u32 = 32;
/// Initial hand key: every suit counter at 3.
pub const SUIT_START: u64 = 0x3333 << SUIT_SHIFT;
/// The top bit of each suit counter; set iff that suit has five or more cards.
pub const FLUSH_BITS: u64 = 0x8888 << SUIT_SHIFT;

/// Number of buckets of the perfect hash is `1 << BUCKET_BITS`.
pub const BUCKET_BITS: u32 = 14;
/// Slots in the rank table: 73,775 keys (every rank multiset of 5 to 7 cards) at a load
/// of 0.95.
pub const SLOTS: usize = 77_824;
/// Odd multiplier that spreads rank keys over 64 bits (the golden ratio).
pub const HASH_MUL: u64 = 0x9E37_79B9_7F4A_7C15;

/// The key of card `index` (`4 * rank + suit`).
pub const fn card_key(index: u8) -> u64 {
    RANK_KEYS[(index >> 2) as usize] as u64 | 1 << (SUIT_SHIFT + 4 * (index & 3) as u32)
}

/// Hash-and-displace: the bucket is the top bits of the mixed key; the slot is the next
/// 32 bits, xored with the bucket's scrambled displacement, scaled onto `0..SLOTS`.
/// `build.rs` picks each bucket's displacement so that no two keys share a slot.
#[inline(always)]
pub const fn bucket_and_bits(rank_key: u32) -> (usize, u32) {
    let h = (rank_key as u64).wrapping_mul(HASH_MUL);
    ((h >> (64 - BUCKET_BITS)) as usize, (h >> 16) as u32)
}

/// A bucket's displacement as stored: scrambled once at build time, so a lookup saves
/// the multiply.
pub const fn mix(displacement: u16) -> u32 {
    (displacement as u32).wrapping_mul(0x9E37_79B9)
}

/// The slot of hash bits `bits` under a bucket's mixed displacement (see [`mix`]).
#[inline(always)]
pub const fn slot(bits: u32, mixed: u32) -> usize {
    (((bits ^ mixed) as u64 * SLOTS as u64) >> 32) as usize
}

/// Length of the rank table: `SLOTS` rounded up to a power of two, so a lookup can mask
/// its index instead of checking bounds. The padding is never read, so it costs no cache.
pub const TABLE_LEN: usize = SLOTS.next_power_of_two();
