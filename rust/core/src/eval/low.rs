//! The ace-to-five low, eight or better, as Omaha Hi-Lo plays it: exactly two hole cards and
//! three board cards, five distinct ranks from the ace (low) to the eight; straights and
//! flushes do not count against a low.
//!
//! A low is a pure rank problem. Each side reduces to an 8-bit mask of the low ranks it
//! holds (suits and pairs cannot matter: five *distinct* ranks are needed), and a generated
//! 64 KiB table answers every pair of masks, `LOW_TABLE[256 * hole + board]`, in one read.

use std::fmt;

use super::tables::LOW_TABLE;
use crate::card::Rank;
use crate::card_set::CardSet;

/// The 56 lows as 8-bit rank masks (bit 0 the ace, bit 7 the eight), indexed by class:
/// `LOW_MASKS[56]` is 5-4-3-2-A. Entry 0 is unused.
///
/// Comparing two lows from the highest card down is comparing their masks as integers,
/// smaller being better, so the classes follow the masks in descending order.
static LOW_MASKS: [u8; 57] = {
    let mut masks = [0u8; 57];
    let mut class = 56;
    let mut m = 0u32;
    while m < 256 {
        if m.count_ones() == 5 {
            masks[class] = m as u8;
            class -= 1;
        }
        m += 1;
    }
    masks
};

/// The low-rank bit of each card index (0 for ranks nine to king); 64 entries so that
/// `index & 63` needs no bounds check.
static LOW_BITS: [u8; 64] = {
    let mut bits = [0u8; 64];
    let mut i = 0;
    while i < 52 {
        bits[i] = low_bit_of_rank((i / 4) as u8);
        i += 1;
    }
    bits
};

/// The low-rank bit of card `index` (< 64), 0 for ranks nine to king.
#[inline(always)]
pub(crate) fn low_bit(index: usize) -> u8 {
    LOW_BITS[index & 63]
}

/// Bit 0 for an ace, bit `r + 1` for ranks two (0) to eight (6), nothing above.
const fn low_bit_of_rank(rank: u8) -> u8 {
    if rank == 12 {
        1
    } else if rank <= 6 {
        1 << (rank + 1)
    } else {
        0
    }
}

/// The strength of an eight-or-better low.
///
/// # Representation
/// The dense class of the low among the 56 qualifying lows: 1 is the worst (8-7-6-5-4) and
/// 56 the best (5-4-3-2-A, the wheel). Greater is better, so integer order is hand order and
/// equality is a split. Lows are compared from the highest card down, aces low; suits never
/// matter. "No qualifying low" is not a `LowRank` but `None` (and 0 in the batch forms).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LowRank(u8);

impl LowRank {
    /// The worst qualifying low, 8-7-6-5-4.
    pub const MIN: LowRank = LowRank(1);
    /// The best low, 5-4-3-2-A.
    pub const MAX: LowRank = LowRank(56);

    /// The low of class `class` (1..=56), or `None` outside that range.
    pub const fn new(class: u8) -> Option<LowRank> {
        if class >= 1 && class <= 56 {
            Some(LowRank(class))
        } else {
            None
        }
    }

    /// The dense class, 1..=56.
    pub const fn class(self) -> u8 {
        self.0
    }

    /// The low's five ranks as an 8-bit mask: bit 0 the ace, bit `r + 1` the rank `r` for
    /// two (0) to eight (6).
    pub const fn rank_mask(self) -> u8 {
        LOW_MASKS[self.0 as usize]
    }

    /// The five ranks, highest first (the ace last, as it plays low).
    pub fn ranks(self) -> [Rank; 5] {
        let mut mask = self.rank_mask();
        std::array::from_fn(|_| {
            let bit = 7 - mask.leading_zeros() as usize;
            mask &= !(1 << bit);
            if bit == 0 {
                Rank::Ace
            } else {
                Rank::ALL[bit - 1]
            }
        })
    }

    /// A sentence fragment naming the low, e.g. `"7-5-3-2-A low"`.
    pub fn describe(self) -> String {
        format!("{self} low")
    }
}

impl fmt::Display for LowRank {
    /// The ranks from the highest down, e.g. `"7-5-3-2-A"`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, rank) in self.ranks().into_iter().enumerate() {
            if i > 0 {
                f.write_str("-")?;
            }
            write!(f, "{}", rank.symbol())?;
        }
        Ok(())
    }
}

/// The 8-bit mask of the low ranks (ace to eight) among `cards`; bit 0 is the ace.
#[inline]
pub const fn low_mask(cards: CardSet) -> u8 {
    let ranks = cards.rank_mask();
    // Two to eight are rank bits 0..7 and move up one; the ace (bit 12) becomes bit 0.
    (((ranks << 1) & 0xFE) | ((ranks >> 12) & 1)) as u8
}

/// The low-rank mask of the cards with these indices (each < 52; unchecked).
#[inline(always)]
pub fn low_mask_indices(cards: &[u8]) -> u8 {
    cards
        .iter()
        .fold(0, |m, &c| m | LOW_BITS[usize::from(c & 63)])
}

/// The best low from two ranks of the low-rank mask `hole` and three of `board` (see
/// [`low_mask`]), as the dense class 1..=56, or 0 when no low qualifies. One table read.
#[inline(always)]
pub fn low_class_of_masks(hole: u8, board: u8) -> u8 {
    LOW_TABLE[usize::from(hole) << 8 | usize::from(board)]
}

/// [`low_class_of_masks`] as an optional [`LowRank`].
#[inline]
pub fn low_of_masks(hole: u8, board: u8) -> Option<LowRank> {
    LowRank::new(low_class_of_masks(hole, board))
}

/// The low class (0 = no low) of hole and board card indices, unchecked: both must be
/// valid, distinct card indices of the Omaha sizes.
#[inline(always)]
pub fn omaha_low_indices(hole: &[u8], board: &[u8]) -> u8 {
    low_class_of_masks(low_mask_indices(hole), low_mask_indices(board))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::gen;

    #[test]
    fn classes_follow_the_generator_order() {
        let masks = gen::low_masks();
        assert_eq!(masks.len(), 56);
        for (i, &m) in masks.iter().enumerate() {
            assert_eq!(LOW_MASKS[56 - i], m);
        }
    }
}
