//! Hold'em ranges: the usual text syntax turned into weighted two-card combos.
//!
//! # Syntax
//! A range is a comma-separated list of items; whitespace anywhere between tokens and the
//! case of ranks are free.
//! - `AA`, `AKs`, `AKo`, `AK` (both): a hand class; 6, 4, 12 and 16 combos.
//! - `QQ+` (QQ, KK, AA), `A2s+` (A2s up to AKs), `KTo+` (KTo, KJo, KQo): the class and every
//!   better one with the same first rank (pairs: every higher pair).
//! - `A5s-A2s`, `22-77`: a span between two classes of the same kind (either order).
//! - `AhKh`: one specific combo.
//! - `random`, `any` or `*`: all 1,326 combos.
//! - Weights: `0.5(JJ)`, `0.5(JJ, AKs)` or `JJ:0.5`, between 0 and 1. A combo named again
//!   later takes the later weight; weight 0 removes it.
//! - Limits: brackets nest at most [`MAX_DEPTH`] (32) deep and a text has at most
//!   [`MAX_CHARS`] characters; past either, [`Error::RangeLimit`].
//!
//! # Representation
//! A [`Range`] is one weight per combo, indexed by [`Combo::index`] (the 1,326 unordered
//! pairs of distinct cards); a combo is in the range when its weight is above zero. The
//! dense form makes "named again takes the later weight" trivial and the canonical text
//! independent of how the range was written.

mod parse;
mod text;

use std::fmt;
use std::str::FromStr;

use crate::card::{Card, Rank};
use crate::card_set::CardSet;
use crate::error::{Error, Result};

/// Number of two-card combos.
pub const COMBOS: usize = 1326;

/// The deepest nesting of weight brackets a range text may have (`0.5(0.5(AA))` is 2 deep).
/// The parser recurses once per bracket, so an unbounded depth would let a text overflow
/// the stack; no useful range nests more than a few deep.
pub const MAX_DEPTH: usize = 32;

/// The longest range text, in characters: four times the longest canonical text (every
/// combo on its own with the longest weight `Display` writes, about 440,000 characters),
/// so every range's own text parses, while a text of gigabytes is refused before any of
/// it is copied.
pub const MAX_CHARS: usize = 1 << 21;

/// Two distinct cards, higher index first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Combo {
    high: Card,
    low: Card,
}

impl Combo {
    /// The combo of two cards, in either order.
    ///
    /// # Errors
    /// [`Error::DuplicateCard`] when both cards are the same.
    pub fn new(a: Card, b: Card) -> Result<Combo> {
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => Ok(Combo { high: a, low: b }),
            std::cmp::Ordering::Less => Ok(Combo { high: b, low: a }),
            std::cmp::Ordering::Equal => Err(Error::DuplicateCard {
                card: a.to_string(),
            }),
        }
    }

    /// The combo with index `index` (0..1326), or `None` outside that range.
    pub fn from_index(index: usize) -> Option<Combo> {
        if index >= COMBOS {
            return None;
        }
        // Index = h(h-1)/2 + l for high card h > low card l: invert the triangle.
        let mut high = ((((8 * index + 1) as f64).sqrt() + 1.0) / 2.0) as usize;
        while high * (high - 1) / 2 > index {
            high -= 1;
        }
        while (high + 1) * high / 2 <= index {
            high += 1;
        }
        let low = index - high * (high - 1) / 2;
        Some(Combo {
            high: Card::from_index(high as i64).ok()?,
            low: Card::from_index(low as i64).ok()?,
        })
    }

    /// Dense index in 0..1326: `h(h-1)/2 + l` for card indices `h > l`.
    pub const fn index(self) -> usize {
        let h = self.high.index() as usize;
        h * (h - 1) / 2 + self.low.index() as usize
    }

    /// The higher card.
    pub const fn high(self) -> Card {
        self.high
    }

    /// The lower card.
    pub const fn low(self) -> Card {
        self.low
    }

    /// Both cards as a set.
    pub const fn cards(self) -> CardSet {
        CardSet::from_mask_truncate(self.high.mask() | self.low.mask())
    }
}

impl fmt::Display for Combo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.high, self.low)
    }
}

/// A weighted set of Hold'em starting hands.
#[derive(Clone, PartialEq)]
pub struct Range {
    weights: Box<[f64; COMBOS]>,
}

impl fmt::Debug for Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Range({self})")
    }
}

impl Default for Range {
    fn default() -> Range {
        Range::empty()
    }
}

impl Range {
    /// No hands.
    pub fn empty() -> Range {
        Range {
            weights: Box::new([0.0; COMBOS]),
        }
    }

    /// Every hand, weight 1.
    pub fn random() -> Range {
        Range {
            weights: Box::new([1.0; COMBOS]),
        }
    }

    /// One combo, weight 1.
    pub fn from_combo(combo: Combo) -> Range {
        let mut range = Range::empty();
        range.weights[combo.index()] = 1.0;
        range
    }

    /// Parses range text (see the [module docs](self)).
    ///
    /// # Errors
    /// [`Error::InvalidRange`] naming the character position of the first problem;
    /// [`Error::RangeLimit`] for a text nested more than [`MAX_DEPTH`] brackets deep or
    /// longer than [`MAX_CHARS`] characters.
    pub fn parse(text: &str) -> Result<Range> {
        parse::Parser::new(text).parse()
    }

    /// The weight of `combo` (0 when it is not in the range).
    pub fn weight(&self, combo: Combo) -> f64 {
        self.weights[combo.index()]
    }

    /// Sets the weight of `combo`; 0 removes it.
    ///
    /// # Errors
    /// [`Error::InvalidSetting`] when `weight` is not a number from 0 to 1.
    pub fn set_weight(&mut self, combo: Combo, weight: f64) -> Result<()> {
        if !(0.0..=1.0).contains(&weight) {
            return Err(Error::InvalidSetting {
                name: "weight",
                value: weight.to_string(),
                expected: "a number from 0 to 1",
            });
        }
        self.weights[combo.index()] = weight;
        Ok(())
    }

    /// The combos with a weight above zero, by ascending [`Combo::index`], with weights.
    pub fn combos(&self) -> Vec<(Combo, f64)> {
        self.iter().collect()
    }

    /// Iterates the combos with a weight above zero, by ascending [`Combo::index`].
    pub fn iter(&self) -> impl Iterator<Item = (Combo, f64)> + '_ {
        self.weights
            .iter()
            .enumerate()
            .filter(|(_, &w)| w > 0.0)
            .filter_map(|(i, &w)| Combo::from_index(i).map(|c| (c, w)))
    }

    /// The dense weights, indexed by [`Combo::index`].
    pub fn weights(&self) -> &[f64; COMBOS] {
        &self.weights
    }

    /// Number of combos with a weight above zero.
    pub fn len(&self) -> usize {
        self.weights.iter().filter(|&&w| w > 0.0).count()
    }

    /// Whether no combo has a weight above zero.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The sum of the weights (the range's size in combos, counting weights).
    pub fn total_weight(&self) -> f64 {
        self.weights.iter().sum()
    }

    /// The same range without the combos that use a card of `dead`.
    #[must_use]
    pub fn without(&self, dead: CardSet) -> Range {
        let mut out = self.clone();
        for (i, w) in out.weights.iter_mut().enumerate() {
            if Combo::from_index(i).is_some_and(|c| c.cards().intersects(dead)) {
                *w = 0.0;
            }
        }
        out
    }
}

impl FromStr for Range {
    type Err = Error;

    fn from_str(text: &str) -> Result<Range> {
        Range::parse(text)
    }
}

/// Hand classes: the 169 kinds of starting hand, by ranks and suitedness.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Pair,
    Suited,
    Offsuit,
    /// Both suited and offsuit (`AK`).
    Any,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Class {
    high: u8,
    low: u8,
    kind: Kind,
}

impl Class {
    /// Every combo of the class.
    fn combos(self) -> impl Iterator<Item = Combo> {
        let Class { high, low, kind } = self;
        (0..4u8).flat_map(move |s1| {
            (0..4u8).filter_map(move |s2| {
                let wanted = match kind {
                    Kind::Pair => s1 < s2,
                    Kind::Suited => s1 == s2,
                    Kind::Offsuit => s1 != s2,
                    Kind::Any => true,
                };
                if !wanted {
                    return None;
                }
                let a = Card::from_index(i64::from(4 * high + s1)).ok()?;
                let b = Card::from_index(i64::from(4 * low + s2)).ok()?;
                Combo::new(a, b).ok()
            })
        })
    }

    fn text(self) -> String {
        let h = Rank::ALL[usize::from(self.high)].symbol();
        let l = Rank::ALL[usize::from(self.low)].symbol();
        match self.kind {
            Kind::Pair | Kind::Any => format!("{h}{l}"),
            Kind::Suited => format!("{h}{l}s"),
            Kind::Offsuit => format!("{h}{l}o"),
        }
    }
}
