//! The deuce-to-seven low of 2-7 single and triple draw: five cards, aces always high,
//! straights and flushes count against the hand, so the best low is 7-5-4-3-2 offsuit.
//!
//! A 2-7 low is the Hold'em high hand read backwards, with one difference: the ace plays
//! only high, so A-5-4-3-2 is no straight but an ace-high hand (and suited, an ace-high
//! flush). The evaluator ranks the five cards on the Hold'em scale ([`super::high`]) and
//! maps that class through one table onto the 2-7 scale, which moves the two wheels to
//! their ace-high places.

use std::fmt;

use super::high::rank_indices;
use super::rank::{describe_hand, Category, HandRank};
use crate::card::Rank;
use crate::card_set::CardSet;
use crate::error::{Error, Result};

/// Hold'em classes of the hands that 2-7 orders differently (checked by the unit tests):
/// the wheel straight 5-4-3-2-A, the steel wheel (its straight flush), and the lowest
/// ace-high hands of Hold'em, A-6-4-3-2 offsuit and suited, which the two wheels join from
/// below as A-5-4-3-2.
const WHEEL: u16 = 5854;
const STEEL_WHEEL: u16 = 7453;
const ACE_SIX: u16 = 785;
const ACE_SIX_FLUSH: u16 = 6648;

/// The position of a Hold'em class on the ace-high-only scale (where the wheels are
/// A-5-4-3-2 hands): each wheel takes the place of the A-6-4-3-2 hand of its kind, and the
/// classes from there up to the wheel move up one.
const fn ace_high_order(high: u16) -> u16 {
    if high == WHEEL {
        ACE_SIX
    } else if high == STEEL_WHEEL {
        ACE_SIX_FLUSH
    } else if (high >= ACE_SIX && high < WHEEL) || (high >= ACE_SIX_FLUSH && high < STEEL_WHEEL) {
        high + 1
    } else {
        high
    }
}

/// The inverse of [`ace_high_order`].
const fn high_of_order(order: u16) -> u16 {
    if order == ACE_SIX {
        WHEEL
    } else if order == ACE_SIX_FLUSH {
        STEEL_WHEEL
    } else if (order > ACE_SIX && order <= WHEEL) || (order > ACE_SIX_FLUSH && order <= STEEL_WHEEL)
    {
        order - 1
    } else {
        order
    }
}

/// `LOW_27_OF_HIGH[h]` is the 2-7 class of the five-card hand of Hold'em class `h` (and 0
/// for 0): the ace-high-only order reversed, so that greater is better.
static LOW_27_OF_HIGH: [u16; 7463] = {
    let mut table = [0u16; 7463];
    let mut high = 1;
    while high <= 7462 {
        table[high as usize] = 7463 - ace_high_order(high);
        high += 1;
    }
    table
};

/// The strength of a deuce-to-seven low.
///
/// # Representation
/// The dense class of the hand among the 7,462 distinct 2-7 lows: 1 is the worst (a royal
/// flush) and 7,462 the best (7-5-4-3-2 offsuit). Greater is better, as for every low in
/// pokerforge, so integer order is hand order and equality is a split. The count is
/// Hold'em's: 2-7 loses the ten straights' wheel and the ten straight flushes' steel wheel
/// (9 + 9 instead of 10 + 10) and gains an ace-high hand and an ace-high flush, A-5-4-3-2.
/// Classes are grouped by shape, from the best: 1,278 no-pair hands (7,462 down to 6,185),
/// 2,860 pairs, 858 two pairs, 858 three of a kind, 9 straights, 1,278 flushes, 156 full
/// houses, 156 four of a kind and 9 straight flushes (9 down to 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Low27Rank(u16);

impl Low27Rank {
    /// The worst low, a royal flush.
    pub const MIN: Low27Rank = Low27Rank(1);
    /// The best low, 7-5-4-3-2 offsuit.
    pub const MAX: Low27Rank = Low27Rank(7462);

    /// The low of class `class` (1..=7462), or `None` outside that range.
    pub const fn new(class: u16) -> Option<Low27Rank> {
        if class >= 1 && class <= 7462 {
            Some(Low27Rank(class))
        } else {
            None
        }
    }

    /// The dense class, 1..=7462.
    pub const fn class(self) -> u16 {
        self.0
    }

    /// The Hold'em class of the same five ranks and suits.
    fn high(self) -> HandRank {
        HandRank::from_table(high_of_order(7463 - self.0))
    }

    /// Whether this is A-5-4-3-2 (suited or not), the one shape 2-7 names apart from
    /// Hold'em.
    fn is_ace_five(self) -> bool {
        matches!(self.high().class(), WHEEL | STEEL_WHEEL)
    }

    /// The hand's shape as a high-hand category; A-5-4-3-2 is [`Category::HighCard`]
    /// (suited, [`Category::Flush`]), since the ace plays only high.
    pub fn category(self) -> Category {
        match self.high().class() {
            WHEEL => Category::HighCard,
            STEEL_WHEEL => Category::Flush,
            _ => self.high().category(),
        }
    }

    /// The five ranks in order of significance: by count, then from the highest down (the
    /// ace is always the highest).
    pub fn ranks(self) -> [Rank; 5] {
        if self.is_ace_five() {
            [Rank::Ace, Rank::Five, Rank::Four, Rank::Three, Rank::Two]
        } else {
            self.high().ranks()
        }
    }

    /// A phrase naming the low, e.g. `"7-5-4-3-2 low"`, `"Pair of fours, 4-4-7-3-2"` or
    /// `"Straight, six high, 6-5-4-3-2"`.
    pub fn describe(self) -> String {
        match self.category() {
            Category::HighCard => format!("{self} low"),
            category => format!("{}, {self}", describe_hand(category, self.ranks())),
        }
    }
}

impl fmt::Display for Low27Rank {
    /// The ranks in order of significance, e.g. `"7-5-4-3-2"` or `"4-4-7-3-2"`.
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

/// The 2-7 class (1..=7462) of five distinct card indices, unchecked: other input gives a
/// meaningless class (0 at worst), never a panic.
#[inline(always)]
pub fn low_27_class_of_indices(cards: &[u8]) -> u16 {
    LOW_27_OF_HIGH
        .get(usize::from(rank_indices(cards).class()))
        .copied()
        .unwrap_or(0)
}

/// The 2-7 class (1..=7462) of the five cards of `mask`, unchecked: a mask with another
/// count gives a meaningless class (0 at worst), never a panic.
#[inline]
pub fn low_27_class(mask: u64) -> u16 {
    let class = super::high::rank_mask(mask).class();
    LOW_27_OF_HIGH.get(usize::from(class)).copied().unwrap_or(0)
}

/// The deuce-to-seven low of five cards.
///
/// # Errors
/// [`Error::CardCount`] for any other number of cards.
pub fn evaluate_low_27(cards: CardSet) -> Result<Low27Rank> {
    let n = cards.len();
    if n != 5 {
        return Err(Error::CardCount {
            what: "a deuce-to-seven hand",
            expected: "5",
            got: n,
        });
    }
    Ok(Low27Rank(low_27_class(cards.mask())))
}

/// Classes each row of `cards` (rows of five card indices, all valid and distinct) into
/// `out`, unchecked: a bad row gives a meaningless class, never a panic.
pub fn low_27_rows(cards: &[u8], out: &mut [u16]) {
    for (row, slot) in cards.chunks_exact(5).zip(out.iter_mut()) {
        *slot = low_27_class_of_indices(row);
    }
}

/// [`low_27_rows`], checking every row first: five distinct card indices.
///
/// # Errors
/// The index of the first bad row (the rows before it are classed).
pub fn low_27_rows_checked(cards: &[u8], out: &mut [u16]) -> std::result::Result<(), usize> {
    super::rows::check_then_rank::<5>(cards, out, low_27_rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::evaluate;

    fn low(text: &str) -> Low27Rank {
        evaluate_low_27(text.parse().unwrap()).unwrap()
    }

    fn high(text: &str) -> u16 {
        evaluate(text.parse().unwrap()).unwrap().class()
    }

    #[test]
    fn the_moved_classes_are_the_wheels_and_the_ace_six_hands() {
        assert_eq!(high("5c4d3h2sAc"), WHEEL);
        assert_eq!(high("5c4c3c2cAc"), STEEL_WHEEL);
        assert_eq!(high("6c4d3h2sAc"), ACE_SIX);
        assert_eq!(high("6c4c3c2cAc"), ACE_SIX_FLUSH);
        for order in 1..=7462 {
            assert_eq!(ace_high_order(high_of_order(order)), order);
        }
    }

    #[test]
    fn deuce_to_seven_lows() {
        assert_eq!(low("7c5d4h3s2c"), Low27Rank::MAX);
        assert_eq!(low("AsKsQsJsTs"), Low27Rank::MIN);
        assert_eq!(low("7c5d4h3s2c").describe(), "7-5-4-3-2 low");
        assert_eq!(low("Ac5d4h3s2c").describe(), "A-5-4-3-2 low");
        assert_eq!(low("Ac5c4c3c2c").describe(), "Flush, ace high, A-5-4-3-2");
        assert_eq!(
            low("6c5d4h3s2c").describe(),
            "Straight, six high, 6-5-4-3-2"
        );
        assert_eq!(low("4c4d7h3s2c").describe(), "Pair of fours, 4-4-7-3-2");
        assert_eq!(low("AsKsQsJsTs").describe(), "Royal flush, A-K-Q-J-T");
        // An ace is high: A-5-4-3-2 is worse than any king-high hand, better than a pair.
        assert!(low("Ac5d4h3s2c") < low("KcQdJhTs8c"));
        assert!(low("Ac5d4h3s2c") > low("2c2d3h4s5c"));
        assert!(
            low("Ac5d4h3s2c") > low("Ac6d4h3s2c"),
            "the best ace-high hand"
        );
        assert!(
            low("6c5d4h3s2c") < low("KcQdJhTs8c"),
            "straights count against"
        );
        assert!(
            low("8c6c4c3c2c") < low("KdQdJhTs8c"),
            "flushes count against"
        );
        assert_eq!(low("Ac5d4h3s2c").category(), Category::HighCard);
        assert_eq!(low("Ac5c4c3c2c").category(), Category::Flush);
    }

    #[test]
    fn wrong_counts_are_errors() {
        for text in ["AhKhQhJh", "AhKhQhJhTh9h"] {
            let set: CardSet = text.parse().unwrap();
            assert_eq!(
                evaluate_low_27(set),
                Err(Error::CardCount {
                    what: "a deuce-to-seven hand",
                    expected: "5",
                    got: set.len()
                })
            );
        }
    }
}
