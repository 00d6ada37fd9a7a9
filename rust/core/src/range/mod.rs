//! Hold'em ranges: the usual text syntax turned into weighted two-card combos.
//!
//! # Syntax
//! A range is a comma-separated list of items; whitespace anywhere between tokens and the
//! case of ranks are free.
//! - `AA`, `AKs`, `AKo`, `AK` (both): a hand class; 6, 4, 12 and 16 combos.
//! - `QQ+` (QQ, KK, AA), `A2s+` (A2s up to AKs), `KTo+` (KTo, KJo, KQo): the class and every
//!   better one with the same first rank (pairs: every higher pair).
//! - `A5s-A2s`, `22-77`: a span between two classes of the same kind (either order);
//!   `T9s-54s`, `J9o-53o`: connectors and gappers, every class between two with the same
//!   gap between their ranks.
//! - `15%`, `2.5%`: the top share of the 1,326 combos by the engine's pre-flop ordering
//!   (equity against one random hand; [`strength_order`]), whole classes nearest to the
//!   share.
//! - `AhKh`: one specific combo.
//! - `random`, `any` or `*`: all 1,326 combos.
//! - Weights: `0.5(JJ)`, `0.5(JJ, AKs)` or `JJ:0.5`, between 0 and 1. A combo named again
//!   later takes the later weight; weight 0 removes it.
//! - Limits: brackets nest at most [`MAX_DEPTH`] (32) deep and a text has at most
//!   [`MAX_CHARS`] characters; past either, [`Error::RangeLimit`].
//!
//! # Representation
//! A [`Range`] is one weight per combo, indexed by [`Combo::index`] (the 1,326 unordered
//! pairs of distinct cards, numbered by [`crate::starting_hands`]); a combo is in the range
//! when its weight is above zero. The
//! dense form makes "named again takes the later weight" trivial and the canonical text
//! independent of how the range was written.

mod parse;
mod share;
mod text;

pub use share::strength_order;

use std::fmt;
use std::str::FromStr;

use crate::card::Card;
use crate::card_set::CardSet;
use crate::error::{Error, Result};
pub use crate::starting_hands::COMBOS;
use crate::starting_hands::{class_combos, class_name, class_of, combo_index, combo_mask};

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
        Combo::from_mask(combo_mask(index))
    }

    /// The combo of a two-card mask, or `None` when `mask` is not two cards.
    fn from_mask(mask: u64) -> Option<Combo> {
        if mask.count_ones() != 2 {
            return None;
        }
        Some(Combo {
            high: Card::from_index(i64::from(63 - mask.leading_zeros())).ok()?,
            low: Card::from_index(i64::from(mask.trailing_zeros())).ok()?,
        })
    }

    /// Dense index in 0..1326 ([`crate::starting_hands`]): `h(h-1)/2 + l` for card indices
    /// `h > l`.
    pub const fn index(self) -> usize {
        combo_index(self.high.mask() | self.low.mask())
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

/// What a class item of range text names: one of the 169 starting-hand classes
/// ([`crate::starting_hands`]), or both the suited and the offsuit class of two ranks.
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
    /// The starting-hand class (the suited one for [`Kind::Any`]).
    fn index(self) -> usize {
        class_of(self.high, self.low, self.kind != Kind::Offsuit)
    }

    /// Every combo of the class (of both classes for [`Kind::Any`]).
    fn combos(self) -> impl Iterator<Item = Combo> {
        let offsuit = (self.kind == Kind::Any).then(|| class_of(self.high, self.low, false));
        class_combos(self.index())
            .chain(offsuit.into_iter().flat_map(class_combos))
            .filter_map(Combo::from_mask)
    }

    fn text(self) -> String {
        let mut name = class_name(self.index()).unwrap_or_default();
        if self.kind == Kind::Any {
            name.truncate(2);
        }
        name
    }
}
