//! The best-five high-hand evaluator for 5, 6 or 7 cards (Texas Hold'em).
//!
//! A hand's key is the sum of its cards' keys (see [`super::hash`]). Without a flush
//! the key's rank part names the rank multiset, and a perfect hash maps it to the class in
//! one table read. With a flush (at most one suit can have five of seven cards, and then
//! no non-flush hand can beat it) the flush suit's 13-bit rank mask indexes the same table's
//! first 8,192 slots. Tables: the rank table (256 KiB, 2^17 slots, 63% used), 16 KiB
//! displacements, 29 KiB class values, 14 KiB byte keys and 4 KiB card keys: 319 KiB in all,
//! of which a hand reads the card keys and displacements (L1) and one rank-table slot (L2).

use super::hash::{self, card_key, FLUSH_BITS, SUIT_SHIFT, SUIT_START};
use super::rank::HandRank;
use super::tables::{DISPLACEMENT, RANK_TABLE};
use crate::card::Card;
use crate::card_set::CardSet;
use crate::error::{Error, Result};

pub use super::rows::first_bad_row;

/// Card keys by index; 256 entries so that any byte indexes it without a bounds check
/// (entries past 51 are never used by valid input).
static CARD_KEYS: [u64; 256] = {
    let mut keys = [0u64; 256];
    let mut i = 0;
    while i < 52 {
        keys[i] = card_key(i as u8);
        i += 1;
    }
    keys
};

/// [`CARD_KEYS`] plus the suit counters' start, for a hand's first card.
static FIRST_KEYS: [u64; 256] = {
    let mut keys = [0u64; 256];
    let mut i = 0;
    while i < 256 {
        keys[i] = CARD_KEYS[i] + SUIT_START;
        i += 1;
    }
    keys
};

/// `BYTE_KEYS[j][b]`: the summed keys of the cards in byte `j` of a mask equal to `b`, so a
/// whole mask's key is seven table reads, with no loop over its cards.
static BYTE_KEYS: [[u64; 256]; 7] = {
    let mut table = [[0u64; 256]; 7];
    let mut j = 0;
    while j < 7 {
        let mut b = 0;
        while b < 256 {
            let mut sum = 0u64;
            let mut bit = 0;
            while bit < 8 {
                let index = 8 * j + bit;
                if b >> bit & 1 == 1 && index < 52 {
                    sum += card_key(index as u8);
                }
                bit += 1;
            }
            table[j][b] = sum;
            b += 1;
        }
        j += 1;
    }
    table
};

/// The rank table's slot of a hand without a flush (see [`hash`]): the key's low 32 bits
/// are its rank key, the suit counters lying above them.
#[inline(always)]
fn non_flush_slot(key: u64) -> usize {
    let h = hash::mix(key as u32);
    hash::slot(h, DISPLACEMENT[hash::bucket(h)])
}

/// The flush suit of a key that has one.
#[inline(always)]
fn flush_suit(flush: u64) -> u8 {
    ((flush.trailing_zeros() - SUIT_SHIFT - 3) / 4) as u8
}

/// A hand being built card by card: add the board once, then each player's cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandKey {
    key: u64,
    mask: u64,
}

impl Default for HandKey {
    fn default() -> HandKey {
        HandKey::EMPTY
    }
}

impl HandKey {
    /// No cards.
    pub const EMPTY: HandKey = HandKey {
        key: SUIT_START,
        mask: 0,
    };

    /// The key of the cards in `set`.
    #[inline]
    pub fn from_set(set: CardSet) -> HandKey {
        let mask = set.mask();
        let mut key = SUIT_START;
        let mut j = 0;
        while j < 7 {
            key += BYTE_KEYS[j][(mask >> (8 * j)) as usize & 0xFF];
            j += 1;
        }
        HandKey { key, mask }
    }

    /// This hand plus `card` (which must not be in it yet).
    #[inline(always)]
    #[must_use]
    pub fn with_card(self, card: Card) -> HandKey {
        self.add_index(card.index())
    }

    /// This hand plus the card with index `index` (which must not be in it yet).
    #[inline(always)]
    #[must_use]
    pub fn add_index(self, index: u8) -> HandKey {
        HandKey {
            key: self.key + CARD_KEYS[usize::from(index)],
            mask: self.mask | 1u64 << (index & 63),
        }
    }

    /// The union of two disjoint hands.
    #[inline(always)]
    #[must_use]
    pub fn combine(self, other: HandKey) -> HandKey {
        HandKey {
            key: self.key + other.key - SUIT_START,
            mask: self.mask | other.mask,
        }
    }

    /// The rank part of the key: equal for two hands exactly when they hold the same rank
    /// multiset, whatever the suits.
    #[inline(always)]
    pub(crate) fn rank_key(self) -> u32 {
        self.key as u32
    }

    /// The cards.
    pub fn cards(self) -> CardSet {
        CardSet::from_mask_truncate(self.mask)
    }

    /// The rank of the hand, which must hold 5 to 7 distinct cards (otherwise the answer
    /// is meaningless, though never undefined behaviour).
    #[inline(always)]
    pub fn rank(self) -> HandRank {
        let flush = self.key & FLUSH_BITS;
        let slot = if flush == 0 {
            non_flush_slot(self.key)
        } else {
            let ranks = CardSet::from_mask_truncate(self.mask).suit_ranks(flush_suit(flush));
            usize::from(ranks & 0x1FFF)
        };
        HandRank::from_table(RANK_TABLE[slot])
    }
}

/// The rank of the 5 to 7 cards of `mask`, unchecked: the fastest entry for masks that are
/// known to be valid.
#[inline]
pub fn rank_mask(mask: u64) -> HandRank {
    HandKey::from_set(CardSet::from_mask_truncate(mask)).rank()
}

/// The rank of 5 to 7 distinct card indices, unchecked: the batch path's inner loop.
#[inline(always)]
pub fn rank_indices(cards: &[u8]) -> HandRank {
    // The first card's key comes with the suit counters' start already added: two
    // instructions fewer in the hottest loop.
    let Some((&first, rest)) = cards.split_first() else {
        return HandRank::from_table(0);
    };
    let mut key = FIRST_KEYS[usize::from(first)];
    for &c in rest {
        key += CARD_KEYS[usize::from(c)];
    }
    rank_key_of(key, cards)
}

/// The rank of a hand whose summed key is `key` and whose cards are `cards`.
#[inline(always)]
fn rank_key_of(key: u64, cards: &[u8]) -> HandRank {
    let flush = key & FLUSH_BITS;
    let slot = if flush == 0 {
        non_flush_slot(key)
    } else {
        let suit = flush_suit(flush);
        let ranks = cards
            .iter()
            .filter(|&&c| c & 3 == suit)
            .fold(0u16, |m, &c| m | 1 << ((c & 63) >> 2));
        usize::from(ranks & 0x1FFF)
    };
    HandRank::from_table(RANK_TABLE[slot])
}

/// The best five-card rank of 5, 6 or 7 cards.
///
/// # Errors
/// [`Error::CardCount`] for any other number of cards.
pub fn evaluate(cards: CardSet) -> Result<HandRank> {
    check_count(cards.len())?;
    Ok(HandKey::from_set(cards).rank())
}

/// The best five-card rank of 5, 6 or 7 cards given as a list.
///
/// # Errors
/// [`Error::DuplicateCard`] when a card repeats, [`Error::CardCount`] for a wrong count.
pub fn evaluate_cards(cards: &[Card]) -> Result<HandRank> {
    evaluate(CardSet::from_cards(cards.iter().copied())?)
}

fn check_count(n: usize) -> Result<()> {
    if (5..=7).contains(&n) {
        Ok(())
    } else {
        Err(Error::CardCount {
            what: "a hand",
            expected: "5, 6 or 7",
            got: n,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Category;

    fn rank(text: &str) -> HandRank {
        evaluate(text.parse().unwrap()).unwrap()
    }

    #[test]
    fn ends_of_the_scale() {
        assert_eq!(rank("7c5d4h3s2c").class(), 1);
        assert_eq!(rank("AsKsQsJsTs").class(), 7462);
        assert_eq!(rank("AsKsQsJsTs").describe(), "Royal flush");
        assert_eq!(rank("5s4s3s2sAs").category(), Category::StraightFlush);
        assert_eq!(rank("5s4s3s2sAs").describe(), "Straight flush, five high");
    }

    #[test]
    fn describes() {
        assert_eq!(
            rank("KhKdKs7c7d").describe(),
            "Full house, kings full of sevens"
        );
        assert_eq!(rank("5c4d3h2sAc").describe(), "Straight, five high");
        assert_eq!(rank("AcAd4h4s9c").describe(), "Two pair, aces and fours");
        assert_eq!(rank("Ac3d4h8s9c").describe(), "High card, ace");
        assert_eq!(rank("6c6d4h8s9c").describe(), "Pair of sixes");
        assert_eq!(rank("QcQdQhQs9c").describe(), "Four of a kind, queens");
        assert_eq!(rank("2h4h6h8hTh").describe(), "Flush, ten high");
    }

    #[test]
    fn mask_and_index_paths_agree() {
        let cards = CardSet::parse_cards("AhKhQh2h3h9c9d").unwrap();
        let idx: Vec<u8> = cards.iter().map(|c| c.index()).collect();
        assert_eq!(rank_indices(&idx), evaluate_cards(&cards).unwrap());
        assert_eq!(rank_indices(&idx).category(), Category::Flush);
    }

    #[test]
    fn wrong_counts_are_errors() {
        for text in ["AhKh", "AhKhQhJh", "AhKhQhJhTh9h8h7h"] {
            let set: CardSet = text.parse().unwrap();
            assert_eq!(
                evaluate(set),
                Err(Error::CardCount {
                    what: "a hand",
                    expected: "5, 6 or 7",
                    got: set.len()
                })
            );
        }
    }

    #[test]
    fn best_five_picks_the_cards_that_play() {
        let cards = CardSet::parse_cards("AhKhQh2h3h9c9d").unwrap();
        let r = evaluate_cards(&cards).unwrap();
        let five: CardSet = r.best_five(&cards).into_iter().collect();
        assert_eq!(five.to_string(), "AhKhQh3h2h");
        let cards = CardSet::parse_cards("KhKdKs7c7d7h2c").unwrap();
        let five: CardSet = rank("KhKdKs7c7d7h2c")
            .best_five(&cards)
            .into_iter()
            .collect();
        assert_eq!(five.len(), 5);
        assert_eq!(evaluate(five).unwrap(), rank("KhKdKs7c7d"));
    }
}
