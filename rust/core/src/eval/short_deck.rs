//! Short-deck (six-plus) high hands: 36 cards, six to ace, best five of 5, 6 or 7.
//!
//! The rules that differ from Hold'em: a flush beats a full house (with fewer cards per
//! suit a flush is the rarer hand); A-6-7-8-9 is the lowest straight (the ace plays low
//! below the six); and the order of three of a kind and a straight is a switch,
//! [`ShortDeckOrder`], because rooms deal both and neither order is universal. The default
//! here ranks three of a kind above a straight; Hold'em's order is the PHH standard's and
//! pokerkit's, and the one in which the PHH dataset's Triton London 2019 hand was decided
//! (a straight beat three kings): the rules of the event at hand decide.
//!
//! Evaluation: five cards of one suit among at most seven from 36 leave no room for four
//! of a kind (that needs four more cards, one in the flush suit), so with a flush nothing
//! but a straight flush (found in the same suit) can beat it, and the flush suit's 9-bit
//! rank mask indexes a 512-entry table. Without one, the hand's rank multiset indexes a
//! table of the best five per multiset (10,725 entries per order, see `super::multiset`).

use std::fmt;

use super::multiset;
use super::rank::{describe_hand, Category};
use super::tables::{
    SHORT_BASES, SHORT_FLUSH, SHORT_RANKS_STRAIGHT_FIRST, SHORT_RANKS_TRIPS_FIRST, SHORT_TERMS,
    SHORT_VALUES_STRAIGHT_FIRST, SHORT_VALUES_TRIPS_FIRST,
};
use crate::card::Rank;
use crate::card_set::CardSet;
use crate::error::{Error, Result};

/// The cards of the short deck (sixes and up): card indices 16 to 51.
pub const SHORT_DECK: CardSet = CardSet::from_mask_truncate(((1u64 << 52) - 1) & !0xFFFF);

/// How the deck is named in errors.
const DECK_NAME: &str = "the short deck (36 cards, six to ace)";

/// Which of three of a kind and a straight ranks higher in short deck.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum ShortDeckOrder {
    /// Three of a kind beats a straight (the default).
    #[default]
    TripsBeatStraight,
    /// A straight beats three of a kind, as in Hold'em.
    StraightBeatsTrips,
}

impl ShortDeckOrder {
    /// The order from the switch `trips_beat_straight`.
    pub const fn from_trips_beat_straight(trips_beat_straight: bool) -> ShortDeckOrder {
        if trips_beat_straight {
            ShortDeckOrder::TripsBeatStraight
        } else {
            ShortDeckOrder::StraightBeatsTrips
        }
    }

    /// Whether three of a kind beats a straight.
    pub const fn trips_beat_straight(self) -> bool {
        matches!(self, ShortDeckOrder::TripsBeatStraight)
    }

    fn rank_table(self) -> &'static [u16] {
        match self {
            ShortDeckOrder::TripsBeatStraight => &SHORT_RANKS_TRIPS_FIRST,
            ShortDeckOrder::StraightBeatsTrips => &SHORT_RANKS_STRAIGHT_FIRST,
        }
    }

    fn class_values(self) -> &'static [u32] {
        match self {
            ShortDeckOrder::TripsBeatStraight => &SHORT_VALUES_TRIPS_FIRST,
            ShortDeckOrder::StraightBeatsTrips => &SHORT_VALUES_STRAIGHT_FIRST,
        }
    }
}

/// The strength of a short-deck hand under one [`ShortDeckOrder`].
///
/// # Representation
/// The order, then the dense class of the hand among the 1,404 distinct five-card
/// short-deck hands: 1 is the worst (J-9-8-7-6 offsuit) and 1,404 the best (a royal
/// flush). Within one order integer order is hand order and equality is a split. Class
/// blocks, weakest first: 120 high cards, 504 pairs, 252 two pairs, then 252 three of a
/// kind and 6 straights in the order's sequence, 72 full houses, 120 flushes, 72 four of a
/// kind and 6 straight flushes. Only the classes of three of a kind and of straights
/// differ between the orders, yet ranks of different orders are different scales: they
/// compare by order first, only to keep `Ord` total.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ShortDeckRank {
    order: ShortDeckOrder,
    class: u16,
}

impl ShortDeckRank {
    /// The number of distinct five-card short-deck hands.
    pub const CLASSES: u16 = 1404;

    /// The rank of class `class` (1..=1404) under `order`, or `None` outside that range.
    pub const fn new(class: u16, order: ShortDeckOrder) -> Option<ShortDeckRank> {
        if class >= 1 && class <= Self::CLASSES {
            Some(ShortDeckRank { order, class })
        } else {
            None
        }
    }

    /// The dense class, 1..=1404.
    pub const fn class(self) -> u16 {
        self.class
    }

    /// The order of three of a kind and a straight the rank was computed under.
    pub const fn order(self) -> ShortDeckOrder {
        self.order
    }

    fn value(self) -> u32 {
        self.order.class_values()[usize::from(self.class)]
    }

    /// The hand's category (the categories of Hold'em, in the short deck's order).
    pub fn category(self) -> Category {
        Category::ALL[((self.value() >> 20) as usize).min(8)]
    }

    /// The five ranks that make the hand, in order of significance: by count, then by
    /// rank; a straight from its top card, A-6-7-8-9 as 9-8-7-6-A.
    pub fn ranks(self) -> [Rank; 5] {
        let value = self.value();
        std::array::from_fn(|i| Rank::ALL[((value >> (16 - 4 * i)) & 0xF) as usize])
    }

    /// A phrase naming the hand, as [`HandRank::describe`](super::HandRank::describe)
    /// does, e.g. `"Straight, nine high"` for A-6-7-8-9.
    pub fn describe(self) -> String {
        describe_hand(self.category(), self.ranks())
    }
}

impl fmt::Display for ShortDeckRank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe())
    }
}

/// The class (1..=1404) of the 5 to 7 short-deck cards of `mask` under `order`, unchecked:
/// a mask with other cards or counts gives a meaningless class (0 at worst), never a panic.
#[inline]
pub fn short_deck_class(mask: u64, order: ShortDeckOrder) -> u16 {
    let set = CardSet::from_mask_truncate(mask);
    let suits = (0..4u8).fold(0u32, |acc, s| {
        acc | (set.suit_ranks(s).count_ones().min(7)) << (8 * s)
    });
    class_of(mask, set.len(), suits, order)
}

/// The class of `size` cards of `mask` whose per-suit counts are the bytes of `suits`.
#[inline(always)]
fn class_of(mask: u64, size: usize, suits: u32, order: ShortDeckOrder) -> u16 {
    if let Some(suit) = multiset::flush_suit(suits) {
        let ranks = CardSet::from_mask_truncate(mask).suit_ranks(suit);
        return SHORT_FLUSH[usize::from(ranks >> 4) & 511];
    }
    let index = multiset::index(mask, size, &SHORT_TERMS, &SHORT_BASES);
    order.rank_table().get(index).copied().unwrap_or(0)
}

/// The class of the 5 to 7 short-deck cards of `mask` read as if no five were suited:
/// the rank multiset's class (the equity counter ranks a board's ranks once for every
/// suit pattern that holds no flush). `mask` may be any cards of the right ranks (one bit
/// per card, `size` of them); unchecked like [`short_deck_class`].
#[inline]
pub(crate) fn short_deck_class_unsuited(mask: u64, size: usize, order: ShortDeckOrder) -> u16 {
    let index = multiset::index(mask, size, &SHORT_TERMS, &SHORT_BASES);
    order.rank_table().get(index).copied().unwrap_or(0)
}

/// The flush (or straight flush) class of one suit's 13-bit rank mask (bit `r` for rank
/// `r`, ranks below the six ignored): 0 for fewer than five ranks.
#[inline]
pub(crate) fn short_deck_flush_class(suit_ranks: u16) -> u16 {
    SHORT_FLUSH[usize::from(suit_ranks >> 4) & 511]
}

/// The best five-card short-deck rank of 5, 6 or 7 cards.
///
/// # Errors
/// [`Error::NotInDeck`] for a card below the six, [`Error::CardCount`] for a wrong count.
pub fn evaluate_short_deck(cards: CardSet, order: ShortDeckOrder) -> Result<ShortDeckRank> {
    check_short_deck(cards)?;
    Ok(ShortDeckRank {
        order,
        class: short_deck_class(cards.mask(), order),
    })
}

/// Checks that `cards` are 5 to 7 short-deck cards.
///
/// # Errors
/// As [`evaluate_short_deck`].
pub fn check_short_deck(cards: CardSet) -> Result<()> {
    let outside = CardSet::from_mask_truncate(cards.mask() & !SHORT_DECK.mask());
    if let Some(card) = outside.iter().next() {
        return Err(Error::NotInDeck {
            card: card.to_string(),
            deck: DECK_NAME,
        });
    }
    let n = cards.len();
    if (5..=7).contains(&n) {
        Ok(())
    } else {
        Err(Error::CardCount {
            what: "a short-deck hand",
            expected: "5, 6 or 7",
            got: n,
        })
    }
}

/// The error of a row of card indices that is not a valid short-deck hand, or `Ok`.
///
/// # Errors
/// As [`CardSet::from_indices`] and [`evaluate_short_deck`].
pub fn check_short_deck_indices(row: &[u8]) -> Result<()> {
    check_short_deck(CardSet::from_indices(row)?)
}

/// Classes each row of `cards` (rows of `K` card indices) into `out`, unchecked: a bad row
/// gives a meaningless class, never a panic.
pub fn short_deck_rows<const K: usize>(cards: &[u8], out: &mut [u16], order: ShortDeckOrder) {
    for (row, slot) in cards.chunks_exact(K).zip(out.iter_mut()) {
        let r = multiset::read_row::<K>(row, 16);
        *slot = class_of(r.mask, K, r.suits, order);
    }
}

/// [`short_deck_rows`], checking each row: `K` distinct short-deck card indices.
///
/// # Errors
/// The index of the first bad row (the rows before it are classed).
pub fn short_deck_rows_checked<const K: usize>(
    cards: &[u8],
    out: &mut [u16],
    order: ShortDeckOrder,
) -> std::result::Result<(), usize> {
    for (i, (row, slot)) in cards.chunks_exact(K).zip(out.iter_mut()).enumerate() {
        let r = multiset::read_row::<K>(row, 16);
        if !r.valid {
            return Err(i);
        }
        *slot = class_of(r.mask, K, r.suits, order);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rank(text: &str, order: ShortDeckOrder) -> ShortDeckRank {
        evaluate_short_deck(text.parse().unwrap(), order).unwrap()
    }

    #[test]
    fn the_short_deck_rules() {
        for order in [
            ShortDeckOrder::TripsBeatStraight,
            ShortDeckOrder::StraightBeatsTrips,
        ] {
            let flush = rank("6s7s8sTsQs", order);
            let full = rank("AsAhKcKhKd", order);
            assert!(flush > full);
            assert_eq!(flush.category(), Category::Flush);
            let low_straight = rank("As6c7h8h9h", order);
            assert_eq!(low_straight.describe(), "Straight, nine high");
            assert!(low_straight < rank("6c7h8h9hTd", order));
            assert_eq!(rank("AsKsQsJsTs", order).class(), 1404);
            assert_eq!(rank("6c7d8h9sJc", order).class(), 1);
        }
        let trips = "7c7d7hTsQc";
        let straight = "As6c7h8h9h";
        let t = ShortDeckOrder::TripsBeatStraight;
        let s = ShortDeckOrder::StraightBeatsTrips;
        assert!(rank(trips, t) > rank(straight, t));
        assert!(rank(trips, s) < rank(straight, s));
    }

    #[test]
    fn cards_outside_the_deck_and_wrong_counts_are_named() {
        let err = evaluate_short_deck("5h6c7d8h9s".parse().unwrap(), ShortDeckOrder::default());
        assert_eq!(
            err.unwrap_err().to_string(),
            "the card 5h is not in the short deck (36 cards, six to ace)"
        );
        let err = evaluate_short_deck("6c7d8h9s".parse().unwrap(), ShortDeckOrder::default());
        assert!(matches!(err, Err(Error::CardCount { got: 4, .. })));
    }
}
