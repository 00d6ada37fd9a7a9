//! The ace-to-five low of razz: the best low five of 5, 6 or 7 cards, aces low, straights
//! and flushes not counted, no qualifier (a pair is a worse low than any five distinct
//! ranks, and so on up to four of a kind).
//!
//! A low is a pure rank problem: the hand's rank multiset indexes a table of the best low
//! per multiset (75,140 entries, see `super::multiset`), one read.

use std::fmt;

use super::low::LowRank;
use super::multiset;
use super::rank::Category;
use super::tables::{A5_BASES, A5_RANKS, A5_TERMS, A5_VALUES};
use crate::card::Rank;
use crate::card_set::CardSet;
use crate::error::{Error, Result};

/// The strength of an ace-to-five low.
///
/// # Representation
/// The dense class of the low among the 6,175 distinct ace-to-five lows: 1 is the worst
/// (four kings and a queen) and 6,175 the best (5-4-3-2-A). Greater is better, so integer
/// order is hand order and equality is a split. Lows compare as Hold'em high hands would
/// with the order reversed, the ace the lowest rank and no straights or flushes: any five
/// distinct ranks beat any pair, a lower pair beats a higher one, and so on. The 56 best
/// classes are exactly the eight-or-better lows of [`LowRank`], in the same order:
/// `A5LowRank` class `6119 + k` is `LowRank` class `k` ([`A5LowRank::eight_or_better`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct A5LowRank(u16);

impl A5LowRank {
    /// The worst low, K-K-K-K-Q.
    pub const MIN: A5LowRank = A5LowRank(1);
    /// The best low, 5-4-3-2-A.
    pub const MAX: A5LowRank = A5LowRank(6175);
    /// The classes below the eight-or-better lows.
    const EIGHT_OFFSET: u16 = 6175 - 56;

    /// The low of class `class` (1..=6175), or `None` outside that range.
    pub const fn new(class: u16) -> Option<A5LowRank> {
        if class >= 1 && class <= 6175 {
            Some(A5LowRank(class))
        } else {
            None
        }
    }

    /// The dense class, 1..=6175.
    pub const fn class(self) -> u16 {
        self.0
    }

    /// This low as an eight-or-better low, or `None` when it does not qualify (a pair, or
    /// a card above the eight).
    pub fn eight_or_better(self) -> Option<LowRank> {
        LowRank::new(u8::try_from(self.0.checked_sub(Self::EIGHT_OFFSET)?).ok()?)
    }

    fn value(self) -> u32 {
        A5_VALUES[usize::from(self.0)]
    }

    /// The shape of the low as a high-hand category: [`Category::HighCard`] for five
    /// distinct ranks, then pair, two pair, three of a kind, full house and four of a kind.
    pub fn category(self) -> Category {
        [
            Category::HighCard,
            Category::Pair,
            Category::TwoPair,
            Category::ThreeOfAKind,
            Category::FullHouse,
            Category::FourOfAKind,
        ][((self.value() >> 20) as usize).min(5)]
    }

    /// The five ranks in order of significance: by count, then from the highest down, the
    /// ace last (it plays low).
    pub fn ranks(self) -> [Rank; 5] {
        let value = self.value();
        std::array::from_fn(|i| {
            let low = ((value >> (16 - 4 * i)) & 0xF) as usize;
            // Ace-low rank 0 is the ace, 1 the two (`Rank::ALL[0]`).
            Rank::ALL[(low + 12) % 13]
        })
    }

    /// A phrase naming the low, e.g. `"7-5-3-2-A low"` or `"Pair of fours, 4-4-7-3-A"`.
    pub fn describe(self) -> String {
        let r = self.ranks();
        let name = self.category().name();
        match self.category() {
            Category::HighCard => format!("{self} low"),
            Category::Pair => format!("{name} of {}, {self}", r[0].plural()),
            Category::TwoPair => {
                format!("{name}, {} and {}, {self}", r[0].plural(), r[2].plural())
            }
            Category::FullHouse => {
                format!(
                    "{name}, {} full of {}, {self}",
                    r[0].plural(),
                    r[3].plural()
                )
            }
            _ => format!("{name}, {}, {self}", r[0].plural()),
        }
    }
}

impl From<LowRank> for A5LowRank {
    /// An eight-or-better low on the ace-to-five scale.
    fn from(low: LowRank) -> A5LowRank {
        A5LowRank(A5LowRank::EIGHT_OFFSET + u16::from(low.class()))
    }
}

impl fmt::Display for A5LowRank {
    /// The ranks in order of significance, e.g. `"7-5-3-2-A"` or `"4-4-7-3-A"`.
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

/// The class (1..=6175) of the 5 to 7 cards of `mask`, unchecked: a mask with another
/// count gives a meaningless class (0 at worst), never a panic.
#[inline]
pub fn low_a5_class(mask: u64) -> u16 {
    class_of(mask, mask.count_ones() as usize)
}

/// The class of the `size` cards of `mask`.
#[inline(always)]
fn class_of(mask: u64, size: usize) -> u16 {
    A5_RANKS
        .get(multiset::index(mask, size, &A5_TERMS, &A5_BASES))
        .copied()
        .unwrap_or(0)
}

/// The best ace-to-five low of 5, 6 or 7 cards.
///
/// # Errors
/// [`Error::CardCount`] for any other number of cards.
pub fn evaluate_low_a5(cards: CardSet) -> Result<A5LowRank> {
    let n = cards.len();
    if !(5..=7).contains(&n) {
        return Err(Error::CardCount {
            what: "a hand",
            expected: "5, 6 or 7",
            got: n,
        });
    }
    Ok(A5LowRank(low_a5_class(cards.mask())))
}

/// Classes each row of `cards` (rows of `K` card indices) into `out`, unchecked: a bad row
/// gives a meaningless class, never a panic.
pub fn low_a5_rows<const K: usize>(cards: &[u8], out: &mut [u16]) {
    for (row, slot) in cards.chunks_exact(K).zip(out.iter_mut()) {
        *slot = class_of(multiset::read_row::<K>(row, 0).mask, K);
    }
}

/// [`low_a5_rows`], checking each row: `K` distinct card indices.
///
/// # Errors
/// The index of the first bad row (the rows before it are classed).
pub fn low_a5_rows_checked<const K: usize>(
    cards: &[u8],
    out: &mut [u16],
) -> std::result::Result<(), usize> {
    for (i, (row, slot)) in cards.chunks_exact(K).zip(out.iter_mut()).enumerate() {
        let r = multiset::read_row::<K>(row, 0);
        if !r.valid {
            return Err(i);
        }
        *slot = class_of(r.mask, K);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn low(text: &str) -> A5LowRank {
        evaluate_low_a5(text.parse().unwrap()).unwrap()
    }

    #[test]
    fn razz_lows() {
        assert_eq!(low("As2s3s4s5s"), A5LowRank::MAX);
        assert_eq!(low("KsKhKdKcQs"), A5LowRank::MIN);
        assert_eq!(low("7c5d3h2sAcKdKh").describe(), "7-5-3-2-A low");
        assert_eq!(low("4c4d7h3sAc").describe(), "Pair of fours, 4-4-7-3-A");
        assert!(low("KcQdJhTs9c") > low("AcAd2h3s4c"));
        assert!(low("2c2d3h3sAcAdAh").category() == Category::TwoPair);
        assert_eq!(
            low("8c7d6h5s4c").eight_or_better(),
            Some(LowRank::MIN),
            "the worst eight-or-better low"
        );
        assert_eq!(low("9c7d6h5s4c").eight_or_better(), None);
        assert_eq!(A5LowRank::from(LowRank::MAX), A5LowRank::MAX);
    }
}
