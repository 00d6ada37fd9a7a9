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
//!
//! # The rank table and its perfect hash
//! One table of `u16` classes, [`TABLE_LEN`] = 2^17 slots, answers every hand in one read:
//! - slots `0..8192` are the flushes, indexed by the flush suit's 13-bit rank mask (at most
//!   one suit can hold five of seven cards, and then no hand without a flush beats it);
//! - the 73,775 rank multisets of 5 to 7 cards fill the slots left over, placed by a
//!   perfect hash with one multiply and one small read:
//!   1. `h = rank_key * HASH_MUL` (32 bits, wrapping) spreads the clustered rank keys;
//!   2. the top 13 bits of `h` pick a bucket (about nine keys each), whose 16-bit
//!      displacement is read from a 16 KiB table that stays in L1;
//!   3. the next 17 bits of `h`, xored with the displacement, are the slot.
//!
//! So a hand costs its card keys, a multiply, two shifts, an AND, an XOR and two reads,
//! the second the answer itself (a class, no further table). The table being a power of
//! two, the slot needs no scaling multiply and no bounds check, and a flush is the same
//! read at another index, so a loop can pick the index without a branch. `build.rs` places
//! the buckets largest first, each at the first displacement whose keys all land on free
//! slots (the 4,719 flush masks of 5 to 7 ranks are taken first): the table is 63% full,
//! which is what lets the last buckets find room with a 16-bit displacement.

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

/// Buckets of the perfect hash: `1 << BUCKET_BITS`, about nine keys each.
pub const BUCKET_BITS: u32 = 13;
/// The rank table has `1 << TABLE_BITS` slots (see [`TABLE_LEN`]).
pub const TABLE_BITS: u32 = 17;
/// Length of the rank table: a power of two, so that a slot is a masked shift of the hash,
/// always in bounds, with no multiply to scale it and no bounds check.
pub const TABLE_LEN: usize = 1 << TABLE_BITS;
/// The flush part of the rank table: slots `0..FLUSH_LEN`, indexed by the flush suit's
/// 13-bit rank mask. The masks of fewer than five ranks are never flushes, and their
/// slots hold non-flush keys instead.
pub const FLUSH_LEN: usize = 1 << 13;
/// Odd multiplier that spreads a rank key over 32 bits. 32 bits, not 64, so that a SIMD
/// lane computes the same hash with one 32-bit multiply. Chosen (the low half of the first
/// splitmix64 output that worked) so that no two rank keys of a bucket share their slot
/// bits, which no displacement could separate; `gen::build` checks it.
pub const HASH_MUL: u32 = 0xA1B9_65F5;

/// The mixed rank key: its top [`BUCKET_BITS`] name the bucket, the next [`TABLE_BITS`]
/// the slot before displacement (the low two bits, the weakest of a product, are unused).
#[inline(always)]
pub const fn mix(rank_key: u32) -> u32 {
    rank_key.wrapping_mul(HASH_MUL)
}

/// The bucket of a mixed key.
#[inline(always)]
pub const fn bucket(h: u32) -> usize {
    (h >> (32 - BUCKET_BITS)) as usize
}

/// The slot of a mixed key under its bucket's displacement: the slot bits xor the
/// displacement. A displacement is 16 bits, so it moves a key within its half of the
/// table; `build.rs` picks each bucket's so that no two keys share a slot and no key
/// lands on a flush.
#[inline(always)]
pub const fn slot(h: u32, displacement: u16) -> usize {
    ((h >> (32 - BUCKET_BITS - TABLE_BITS)) as usize & (TABLE_LEN - 1)) ^ displacement as usize
}

/// The key of card `index` (`4 * rank + suit`).
pub const fn card_key(index: u8) -> u64 {
    RANK_KEYS[(index >> 2) as usize] as u64 | 1 << (SUIT_SHIFT + 4 * (index & 3) as u32)
}
