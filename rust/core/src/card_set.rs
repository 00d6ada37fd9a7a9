//! Sets of cards as 64-bit masks.
//!
//! # Representation
//! Bit `i` of the mask is set when the card with index `i` (`4 * rank + suit`) is in the
//! set; bits 52..64 are always clear. So the four cards of one rank form one nibble
//! (bits `4r..4r+4`), and the thirteen cards of one suit are every fourth bit starting at
//! bit `suit`. Union, intersection and difference are single instructions, and iteration
//! (lowest set bit first) yields cards in ascending index order.

use std::fmt;
use std::ops::{BitAnd, BitOr, BitXor, Not, Sub};
use std::str::FromStr;

use crate::card::Card;
use crate::error::{Error, Result};

/// Mask of all 52 cards.
pub const FULL_MASK: u64 = (1 << 52) - 1;

/// A set of cards; see the module docs for the bit layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CardSet(u64);

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);
    /// The full 52-card deck.
    pub const FULL: CardSet = CardSet(FULL_MASK);

    /// The set with this mask.
    ///
    /// # Errors
    /// [`Error::InvalidMask`] when a bit above 51 is set.
    pub fn from_mask(mask: u64) -> Result<CardSet> {
        if mask & !FULL_MASK == 0 {
            Ok(CardSet(mask))
        } else {
            Err(Error::InvalidMask { mask })
        }
    }

    /// The set with this mask, bits above 51 dropped (for masks built from valid cards).
    pub const fn from_mask_truncate(mask: u64) -> CardSet {
        CardSet(mask & FULL_MASK)
    }

    /// The set of these cards.
    ///
    /// # Errors
    /// [`Error::DuplicateCard`] when a card appears twice.
    pub fn from_cards<I: IntoIterator<Item = Card>>(cards: I) -> Result<CardSet> {
        let mut set = CardSet::EMPTY;
        for card in cards {
            set.try_insert(card)?;
        }
        Ok(set)
    }

    /// The set of the cards with these indices (`4 * rank + suit`).
    ///
    /// # Errors
    /// [`Error::CardIndex`] for a value above 51, [`Error::DuplicateCard`] for a repeat.
    pub fn from_indices(indices: &[u8]) -> Result<CardSet> {
        let mut set = CardSet::EMPTY;
        for &index in indices {
            set.try_insert(Card::from_index(i64::from(index))?)?;
        }
        Ok(set)
    }

    /// The mask.
    pub const fn mask(self) -> u64 {
        self.0
    }

    /// Number of cards.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set has no cards.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `card` is in the set.
    pub const fn contains(self, card: Card) -> bool {
        self.0 & card.mask() != 0
    }

    /// Whether the two sets share a card.
    pub const fn intersects(self, other: CardSet) -> bool {
        self.0 & other.0 != 0
    }

    /// Adds a card (no effect when present).
    pub fn insert(&mut self, card: Card) {
        self.0 |= card.mask();
    }

    /// Adds a card that must not be present yet.
    ///
    /// # Errors
    /// [`Error::DuplicateCard`] when it is.
    pub fn try_insert(&mut self, card: Card) -> Result<()> {
        if self.contains(card) {
            return Err(Error::DuplicateCard {
                card: card.to_string(),
            });
        }
        self.insert(card);
        Ok(())
    }

    /// Adds every card of `other`, which must share none with this set.
    ///
    /// # Errors
    /// [`Error::DuplicateCard`] naming the lowest shared card.
    pub fn try_union(self, other: CardSet) -> Result<CardSet> {
        match (self & other).iter().next() {
            Some(card) => Err(Error::DuplicateCard {
                card: card.to_string(),
            }),
            None => Ok(self | other),
        }
    }

    /// Removes a card (no effect when absent).
    pub fn remove(&mut self, card: Card) {
        self.0 &= !card.mask();
    }

    /// The cards, lowest index first.
    pub const fn iter(self) -> Iter {
        Iter(self.0)
    }

    /// The 13-bit mask of the ranks present in `suit` (bit `r` for rank `r`).
    ///
    /// The suit's cards sit on every fourth bit; three shift-and-mask steps gather them.
    pub const fn suit_ranks(self, suit: u8) -> u16 {
        let mut x = (self.0 >> suit) & 0x0001_1111_1111_1111;
        x = (x | (x >> 3)) & 0x0003_0303_0303_0303;
        x = (x | (x >> 6)) & 0x000F_000F_000F_000F;
        x = (x | (x >> 12)) & 0x0000_00FF_0000_00FF;
        x = (x | (x >> 24)) & 0x0000_0000_0000_FFFF;
        x as u16
    }

    /// The 13-bit mask of the ranks present in any suit.
    pub const fn rank_mask(self) -> u16 {
        self.suit_ranks(0) | self.suit_ranks(1) | self.suit_ranks(2) | self.suit_ranks(3)
    }

    /// Parses every card in `text`: cards may be written together (`"AhKh"`) or apart,
    /// separated by whitespace and/or commas (`"Ah Kh"`, `"Ah,Kh"`).
    ///
    /// # Errors
    /// [`Error::InvalidCard`] naming the text that is not a card, and
    /// [`Error::DuplicateCard`] when a card is written twice.
    pub fn parse_cards(text: &str) -> Result<Vec<Card>> {
        let mut cards = Vec::new();
        let mut seen = CardSet::EMPTY;
        let mut pos = 0;
        let is_sep = |c: char| c.is_whitespace() || c == ',';
        while pos < text.len() {
            let c = text[pos..].chars().next().unwrap_or(' ');
            if is_sep(c) {
                pos += c.len_utf8();
                continue;
            }
            match Card::parse_at(text, pos) {
                Some((card, end)) => {
                    seen.try_insert(card)?;
                    cards.push(card);
                    pos = end;
                }
                None => {
                    let bad: String = text[pos..].chars().take_while(|&c| !is_sep(c)).collect();
                    return Err(Error::InvalidCard { text: bad });
                }
            }
        }
        Ok(cards)
    }
}

/// `table[b]` is the position of byte `b` in `chars`, in either case, or `chars.len()`
/// for a byte that is not there.
const fn position_table(chars: &[u8]) -> [u8; 256] {
    let mut table = [chars.len() as u8; 256];
    let mut i = 0;
    while i < chars.len() {
        table[chars[i].to_ascii_lowercase() as usize] = i as u8;
        table[chars[i].to_ascii_uppercase() as usize] = i as u8;
        i += 1;
    }
    table
}

/// Rank (0..13) of an ASCII byte, or 13 for a byte that is no rank.
const RANK_OF_BYTE: [u8; 256] = position_table(b"23456789TJQKA");

/// Suit (0..4) of an ASCII byte, or 4 for a byte that is no suit.
const SUIT_OF_BYTE: [u8; 256] = position_table(b"cdhs");

impl CardSet {
    /// The cards of text in the commonest form, two-character ASCII cards with nothing
    /// between them (`"AhKh7c"`), read in one pass without allocating. `None` for anything
    /// else (separators, `"10h"`, suit symbols, a bad or repeated card): then
    /// [`CardSet::parse_cards`] reads the text or says what is wrong with it.
    #[inline]
    pub fn parse_compact(text: &[u8]) -> Option<CardSet> {
        if text.len() % 2 != 0 {
            return None;
        }
        let mut mask = 0u64;
        for pair in text.chunks_exact(2) {
            let rank = RANK_OF_BYTE[usize::from(pair[0])];
            let suit = SUIT_OF_BYTE[usize::from(pair[1])];
            if rank > 12 || suit > 3 {
                return None;
            }
            let bit = 1u64 << (4 * rank + suit);
            if mask & bit != 0 {
                return None;
            }
            mask |= bit;
        }
        Some(CardSet(mask))
    }
}

impl FromStr for CardSet {
    type Err = Error;

    /// See [`CardSet::parse_cards`].
    fn from_str(text: &str) -> Result<CardSet> {
        CardSet::parse_cards(text).map(|cards| cards.into_iter().fold(CardSet::EMPTY, |s, c| s | c))
    }
}

impl fmt::Display for CardSet {
    /// Cards as a player writes them: highest rank first, e.g. `"AhKhTc"`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut m = self.0;
        while m != 0 {
            let top = 63 - m.leading_zeros();
            m &= !(1u64 << top);
            write!(
                f,
                "{}",
                Card::from_index(i64::from(top)).map_err(|_| fmt::Error)?
            )?;
        }
        Ok(())
    }
}

impl From<Card> for CardSet {
    fn from(card: Card) -> CardSet {
        CardSet(card.mask())
    }
}

impl BitOr for CardSet {
    type Output = CardSet;
    fn bitor(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 | rhs.0)
    }
}

impl BitOr<Card> for CardSet {
    type Output = CardSet;
    fn bitor(self, rhs: Card) -> CardSet {
        CardSet(self.0 | rhs.mask())
    }
}

impl BitAnd for CardSet {
    type Output = CardSet;
    fn bitand(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & rhs.0)
    }
}

impl BitXor for CardSet {
    type Output = CardSet;
    fn bitxor(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 ^ rhs.0)
    }
}

impl Sub for CardSet {
    type Output = CardSet;
    fn sub(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & !rhs.0)
    }
}

impl Not for CardSet {
    type Output = CardSet;
    /// The complement within the 52-card deck.
    fn not(self) -> CardSet {
        CardSet(!self.0 & FULL_MASK)
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        iter.into_iter().fold(CardSet::EMPTY, |s, c| s | c)
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = Iter;
    fn into_iter(self) -> Iter {
        self.iter()
    }
}

/// Iterator over a [`CardSet`], lowest index first.
#[derive(Debug, Clone)]
pub struct Iter(u64);

impl Iterator for Iter {
    type Item = Card;

    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Card::from_index(i64::from(index)).ok()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Iter {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_separator_style() {
        let a: CardSet = "AhKh".parse().unwrap();
        assert_eq!(a, "Ah Kh".parse().unwrap());
        assert_eq!(a, "Ah,Kh".parse().unwrap());
        assert_eq!(a, " ah, KH ".parse().unwrap());
        assert_eq!(a, "A♥K♥".parse().unwrap());
        assert_eq!("10hJh".parse::<CardSet>().unwrap().to_string(), "JhTh");
        assert_eq!(a.len(), 2);
        assert_eq!(a.to_string(), "AhKh");
    }

    #[test]
    fn compact_text_agrees_with_the_full_parser() {
        // Every one- and two-card text of ASCII letters and digits: the compact reader
        // either agrees with the full parser or leaves the text to it.
        let chars: Vec<u8> = (b'0'..=b'z').filter(u8::is_ascii_alphanumeric).collect();
        for &a in &chars {
            for &b in &chars {
                for text in [vec![a, b], vec![a, b, a, b], vec![a, b, b'K', b'h']] {
                    if let Some(set) = CardSet::parse_compact(&text) {
                        let full: CardSet = std::str::from_utf8(&text).unwrap().parse().unwrap();
                        assert_eq!(set, full, "{text:?}");
                    }
                }
            }
        }
        let seven = CardSet::parse_compact(b"AhkH7c2d3s4s5S").unwrap();
        assert_eq!(seven, "Ah Kh 7c 2d 3s 4s 5s".parse().unwrap());
        for other in [
            &b"Ah Kh"[..],
            b"10hJh",
            b"AhAh",
            b"Ah1",
            b"Xh",
            "A\u{2665}".as_bytes(),
        ] {
            assert_eq!(CardSet::parse_compact(other), None, "{other:?}");
        }
        assert_eq!(CardSet::parse_compact(b""), Some(CardSet::EMPTY));
    }

    #[test]
    fn parse_errors_name_the_bad_part() {
        assert_eq!(
            "Ah 1x".parse::<CardSet>(),
            Err(Error::InvalidCard { text: "1x".into() })
        );
        assert_eq!(
            "AhKhAh".parse::<CardSet>(),
            Err(Error::DuplicateCard { card: "Ah".into() })
        );
        assert_eq!(
            CardSet::from_mask(1 << 52),
            Err(Error::InvalidMask { mask: 1 << 52 })
        );
    }

    #[test]
    fn suit_ranks_gathers_every_fourth_bit() {
        for suit in 0..4u8 {
            for ranks in [0u16, 1, 0x1FFF, 0x1555, 0x0AAA, 0x1001] {
                let mut set = CardSet::EMPTY;
                for r in 0..13u8 {
                    if ranks >> r & 1 == 1 {
                        set.insert(Card::from_index(i64::from(4 * r + suit)).unwrap());
                    }
                }
                // Noise in the other suits must not leak in.
                let noise = !set
                    - CardSet::from_cards(
                        (0..13).map(|r| Card::from_index(4 * r + i64::from(suit)).unwrap()),
                    )
                    .unwrap();
                assert_eq!((set | noise).suit_ranks(suit), ranks);
            }
        }
    }

    #[test]
    fn from_indices_checks_every_index() {
        assert_eq!(
            CardSet::from_indices(&[50, 51]).unwrap().to_string(),
            "AsAh"
        );
        assert_eq!(
            CardSet::from_indices(&[0, 52]),
            Err(Error::CardIndex { index: 52 })
        );
        assert_eq!(
            CardSet::from_indices(&[7, 7]),
            Err(Error::DuplicateCard { card: "3s".into() })
        );
    }

    #[test]
    fn set_algebra() {
        let a: CardSet = "AhKhQh".parse().unwrap();
        let b: CardSet = "KhQhJh".parse().unwrap();
        assert_eq!((a | b).len(), 4);
        assert_eq!((a & b).to_string(), "KhQh");
        assert_eq!((a - b).to_string(), "Ah");
        assert_eq!((a ^ b).to_string(), "AhJh");
        assert_eq!((!CardSet::EMPTY).len(), 52);
        assert_eq!(
            a.iter().map(|c| c.index()).collect::<Vec<_>>(),
            vec![42, 46, 50]
        );
    }
}
