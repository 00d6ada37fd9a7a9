//! [`HandRank`]: the strength of a five-card poker hand, and its [`Category`].

use std::fmt;

use super::tables::CLASS_VALUES;
use crate::card::{Card, Rank, Suit};

/// The category of a hand, weakest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Category {
    HighCard = 0,
    Pair,
    TwoPair,
    ThreeOfAKind,
    Straight,
    Flush,
    FullHouse,
    FourOfAKind,
    StraightFlush,
}

impl Category {
    /// All categories, weakest first.
    pub const ALL: [Category; 9] = [
        Category::HighCard,
        Category::Pair,
        Category::TwoPair,
        Category::ThreeOfAKind,
        Category::Straight,
        Category::Flush,
        Category::FullHouse,
        Category::FourOfAKind,
        Category::StraightFlush,
    ];

    /// The highest class in each category: a class `c` is in the first category whose
    /// bound is `>= c`. The gaps are the category sizes: 1,277 high cards, 2,860 pairs,
    /// 858 two pairs, 858 trips, 10 straights, 1,277 flushes, 156 full houses, 156 quads
    /// and 10 straight flushes.
    pub const UPPER_BOUNDS: [u16; 9] = [1277, 4137, 4995, 5853, 5863, 7140, 7296, 7452, 7462];

    /// English name, e.g. `"Full house"`.
    pub const fn name(self) -> &'static str {
        [
            "High card",
            "Pair",
            "Two pair",
            "Three of a kind",
            "Straight",
            "Flush",
            "Full house",
            "Four of a kind",
            "Straight flush",
        ][self as usize]
    }
}

/// The strength of a five-card hand.
///
/// # Representation
/// The dense class of the hand among the 7,462 distinct five-card hands: 1 is the worst
/// (7-5-4-3-2 offsuit) and 7,462 the best (a royal flush). Hands that tie share a class,
/// so integer order is hand order and equality is a split. Classes are grouped by category
/// (see [`Category::UPPER_BOUNDS`]). 0 is never a valid rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HandRank(u16);

impl HandRank {
    /// The worst hand.
    pub const MIN: HandRank = HandRank(1);
    /// The best hand (a royal flush).
    pub const MAX: HandRank = HandRank(7462);

    /// The rank of class `class` (1..=7462), or `None` outside that range.
    pub const fn new(class: u16) -> Option<HandRank> {
        if class >= 1 && class <= 7462 {
            Some(HandRank(class))
        } else {
            None
        }
    }

    /// For tables that only hold valid classes.
    pub(crate) const fn from_table(class: u16) -> HandRank {
        HandRank(class)
    }

    /// The dense class, 1..=7462.
    pub const fn class(self) -> u16 {
        self.0
    }

    /// The hand's category.
    pub fn category(self) -> Category {
        let i = Category::UPPER_BOUNDS.partition_point(|&bound| bound < self.0);
        Category::ALL[i.min(8)]
    }

    /// The five ranks that make the hand, in order of significance: by count, then by rank;
    /// a straight from its top card, the wheel as 5-4-3-2-A.
    pub fn ranks(self) -> [Rank; 5] {
        let value = CLASS_VALUES[usize::from(self.0)];
        std::array::from_fn(|i| Rank::ALL[((value >> (16 - 4 * i)) & 0xF) as usize])
    }

    /// A sentence fragment naming the hand, e.g. `"Full house, kings full of sevens"`,
    /// `"Straight, five high"`, `"Two pair, aces and fours"`, `"Royal flush"`.
    pub fn describe(self) -> String {
        describe_hand(self.category(), self.ranks())
    }

    /// The five cards of `cards` that make this hand (the strongest kickers, and for a
    /// flush the flush suit). `cards` must be the hand this rank was computed from.
    pub fn best_five(self, cards: &[Card]) -> Vec<Card> {
        let ranks = self.ranks();
        let suited = matches!(self.category(), Category::Flush | Category::StraightFlush);
        let flush_suit = if suited {
            Suit::ALL
                .into_iter()
                .find(|&s| cards.iter().filter(|c| c.suit() == s).count() >= 5)
        } else {
            None
        };
        let mut pool: Vec<Card> = cards
            .iter()
            .copied()
            .filter(|c| flush_suit.is_none_or(|s| c.suit() == s))
            .collect();
        // Highest suit first among equal ranks, so the choice is deterministic.
        pool.sort_by(|a, b| b.cmp(a));
        let mut chosen = Vec::with_capacity(5);
        for rank in ranks {
            if let Some(pos) = pool.iter().position(|c| c.rank() == rank) {
                chosen.push(pool.remove(pos));
            }
        }
        chosen
    }
}

impl fmt::Display for HandRank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe())
    }
}

/// A phrase naming a high hand of `category` made of `r` (in order of significance); shared
/// by every high scale (Hold'em's and the short deck's) so that they name hands alike.
pub(crate) fn describe_hand(category: Category, r: [Rank; 5]) -> String {
    let name = category.name();
    match category {
        Category::HighCard => format!("{name}, {}", r[0].name()),
        Category::Pair => format!("{name} of {}", r[0].plural()),
        Category::TwoPair => format!("{name}, {} and {}", r[0].plural(), r[2].plural()),
        Category::ThreeOfAKind | Category::FourOfAKind => {
            format!("{name}, {}", r[0].plural())
        }
        Category::Straight | Category::Flush => format!("{name}, {} high", r[0].name()),
        Category::FullHouse => {
            format!("{name}, {} full of {}", r[0].plural(), r[3].plural())
        }
        Category::StraightFlush if r[0] == Rank::Ace => "Royal flush".to_string(),
        Category::StraightFlush => format!("{name}, {} high", r[0].name()),
    }
}
