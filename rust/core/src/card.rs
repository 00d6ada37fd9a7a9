//! Ranks, suits and cards.
//!
//! A card is one byte, its index `4 * rank + suit`, with ranks `2..9, T, J, Q, K, A` as
//! 0..12 and suits `c, d, h, s` as 0..3: `2c` = 0, `As` = 51. Putting the rank in the high
//! bits makes `index >> 2` the rank and `index & 3` the suit, and makes the four cards of a
//! rank one nibble of a [`CardSet`](crate::CardSet) mask.

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, Result};

/// Rank symbols in index order.
pub const RANK_CHARS: [char; 13] = [
    '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A',
];
/// Suit symbols in index order.
pub const SUIT_CHARS: [char; 4] = ['c', 'd', 'h', 's'];

/// A card rank, `Two` = 0 up to `Ace` = 12.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Rank {
    Two = 0,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
    Ace,
}

impl Rank {
    /// All ranks, lowest first.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// The rank's symbol: `'2'`..`'9'`, `'T'`, `'J'`, `'Q'`, `'K'`, `'A'`.
    pub const fn symbol(self) -> char {
        RANK_CHARS[self as usize]
    }

    /// English name in the singular, e.g. `"king"`.
    pub const fn name(self) -> &'static str {
        [
            "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
            "queen", "king", "ace",
        ][self as usize]
    }

    /// English name in the plural, e.g. `"sixes"`.
    pub const fn plural(self) -> &'static str {
        [
            "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
            "jacks", "queens", "kings", "aces",
        ][self as usize]
    }

    /// Parses one rank symbol (either case); `None` for anything else.
    pub fn from_char(c: char) -> Option<Rank> {
        let upper = c.to_ascii_uppercase();
        RANK_CHARS
            .iter()
            .position(|&r| r == upper)
            .map(|i| Rank::ALL[i])
    }
}

impl TryFrom<u8> for Rank {
    type Error = Error;

    fn try_from(value: u8) -> Result<Rank> {
        Rank::ALL
            .get(usize::from(value))
            .copied()
            .ok_or(Error::CardIndex {
                index: i128::from(value),
            })
    }
}

/// A card suit: clubs, diamonds, hearts, spades (0..3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Suit {
    Clubs = 0,
    Diamonds,
    Hearts,
    Spades,
}

impl Suit {
    /// All suits in index order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The suit's letter: `'c'`, `'d'`, `'h'`, `'s'`.
    pub const fn symbol(self) -> char {
        SUIT_CHARS[self as usize]
    }

    /// Parses a suit letter (either case) or a suit symbol (`♣♦♥♠`, also the white forms).
    pub fn from_char(c: char) -> Option<Suit> {
        match c {
            'c' | 'C' | '♣' | '♧' => Some(Suit::Clubs),
            'd' | 'D' | '♦' | '♢' => Some(Suit::Diamonds),
            'h' | 'H' | '♥' | '♡' => Some(Suit::Hearts),
            's' | 'S' | '♠' | '♤' => Some(Suit::Spades),
            _ => None,
        }
    }
}

/// One playing card, stored as its index `4 * rank + suit` (0..52).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// The card of a rank and a suit.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(4 * rank as u8 + suit as u8)
    }

    /// The card with this index.
    ///
    /// # Errors
    /// [`Error::CardIndex`] when `index` is not in 0..52.
    pub fn from_index(index: i64) -> Result<Card> {
        if (0..52).contains(&index) {
            Ok(Card(index as u8))
        } else {
            Err(Error::CardIndex {
                index: i128::from(index),
            })
        }
    }

    /// The index `4 * rank + suit`.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The card's rank.
    pub const fn rank(self) -> Rank {
        Rank::ALL[(self.0 >> 2) as usize]
    }

    /// The card's suit.
    pub const fn suit(self) -> Suit {
        Suit::ALL[(self.0 & 3) as usize]
    }

    /// The single-bit mask of this card.
    pub const fn mask(self) -> u64 {
        1 << self.0
    }

    /// Parses the card that starts `text` at byte `start`, returning it and the byte just
    /// after it. Accepts `"Ah"`, `"ah"`, `"AH"`, `"10h"` and `"A♥"`.
    pub(crate) fn parse_at(text: &str, start: usize) -> Option<(Card, usize)> {
        let rest = &text[start..];
        let (rank, after_rank) = if rest.starts_with("10") {
            (Rank::Ten, 2)
        } else {
            let c = rest.chars().next()?;
            (Rank::from_char(c)?, c.len_utf8())
        };
        let s = rest[after_rank..].chars().next()?;
        let suit = Suit::from_char(s)?;
        Some((Card::new(rank, suit), start + after_rank + s.len_utf8()))
    }
}

impl TryFrom<u8> for Card {
    type Error = Error;

    fn try_from(value: u8) -> Result<Card> {
        Card::from_index(i64::from(value))
    }
}

impl From<Card> for u8 {
    fn from(card: Card) -> u8 {
        card.0
    }
}

impl FromStr for Card {
    type Err = Error;

    /// Parses exactly one card, surrounding whitespace allowed.
    fn from_str(text: &str) -> Result<Card> {
        let trimmed = text.trim();
        match Card::parse_at(trimmed, 0) {
            Some((card, end)) if end == trimmed.len() => Ok(card),
            _ => Err(Error::InvalidCard {
                text: text.to_string(),
            }),
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank().symbol(), self.suit().symbol())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_follow_rank_then_suit() {
        assert_eq!("2c".parse::<Card>().unwrap().index(), 0);
        assert_eq!("As".parse::<Card>().unwrap().index(), 51);
        assert_eq!("Ah".parse::<Card>().unwrap().index(), 50);
        for i in 0..52 {
            let card = Card::from_index(i).unwrap();
            assert_eq!(card.to_string().parse::<Card>().unwrap(), card);
        }
    }

    #[test]
    fn every_text_form_parses() {
        let ah: Card = "Ah".parse().unwrap();
        for text in ["ah", "AH", "aH", "A♥", "A♡", " Ah "] {
            assert_eq!(text.parse::<Card>().unwrap(), ah, "{text}");
        }
        assert_eq!("10h".parse::<Card>().unwrap().to_string(), "Th");
        assert_eq!("t♠".parse::<Card>().unwrap().to_string(), "Ts");
    }

    #[test]
    fn bad_text_is_an_error_naming_it() {
        for text in ["", "1x", "A", "Ahh", "1h", "Ax", "11h", "AhKh"] {
            let err = text.parse::<Card>().unwrap_err();
            assert_eq!(
                err,
                Error::InvalidCard {
                    text: text.to_string()
                }
            );
            assert!(err.to_string().contains(&format!("'{text}'")));
        }
        assert!(Card::from_index(52).is_err());
        assert!(Card::from_index(-1).is_err());
    }
}
