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
//!
//! # Representation
//! A [`Range`] is one weight per combo, indexed by [`Combo::index`] (the 1,326 unordered
//! pairs of distinct cards); a combo is in the range when its weight is above zero. The
//! dense form makes "named again takes the later weight" trivial and the canonical text
//! independent of how the range was written.

use std::fmt;
use std::str::FromStr;

use crate::card::{Card, Rank};
use crate::card_set::CardSet;
use crate::error::{Error, Result};

/// Number of two-card combos.
pub const COMBOS: usize = 1326;

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
    /// [`Error::InvalidRange`] naming the character position of the first problem.
    pub fn parse(text: &str) -> Result<Range> {
        Parser::new(text).parse()
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

/// What one item of the text names.
enum Item {
    Combos(Vec<Combo>),
}

struct Parser<'a> {
    text: &'a str,
    chars: Vec<char>,
    pos: usize,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Parser<'a> {
        Parser {
            text,
            chars: text.chars().collect(),
            pos: 0,
        }
    }

    fn error<T>(&self, position: usize, reason: impl Into<String>) -> Result<T> {
        Err(Error::InvalidRange {
            text: self.text.to_string(),
            position,
            reason: reason.into(),
        })
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn describe_here(&self) -> String {
        match self.peek() {
            Some(c) => format!("unexpected '{c}'"),
            None => "unexpected end of text".to_string(),
        }
    }

    fn parse(mut self) -> Result<Range> {
        let mut range = Range::empty();
        self.skip_space();
        if self.peek().is_none() {
            return self.error(0, "the range is empty: expected a hand such as 'AKs'");
        }
        self.list(&mut range, 1.0, None)?;
        Ok(range)
    }

    /// Parses `item (',' item)*` until the end of text, or until `close` (not consumed).
    fn list(&mut self, range: &mut Range, weight: f64, close: Option<char>) -> Result<()> {
        loop {
            self.skip_space();
            self.item(range, weight)?;
            self.skip_space();
            match self.peek() {
                Some(',') => self.pos += 1,
                None if close.is_none() => return Ok(()),
                Some(c) if Some(c) == close => return Ok(()),
                None => return self.error(self.pos, "missing ')'"),
                Some(_) => {
                    let reason = format!("{}: expected ','", self.describe_here());
                    return self.error(self.pos, reason);
                }
            }
        }
    }

    fn item(&mut self, range: &mut Range, outer: f64) -> Result<()> {
        let start = self.pos;
        if let Some(weight) = self.try_group_weight()? {
            self.skip_space();
            // try_group_weight only succeeds in front of '('.
            self.pos += 1;
            self.skip_space();
            if self.peek() == Some(')') {
                return self.error(self.pos, "empty brackets: expected a hand");
            }
            self.list(range, weight * outer, Some(')'))?;
            self.pos += 1;
            return Ok(());
        }
        let Item::Combos(combos) = self.term()?;
        self.skip_space();
        let mut weight = outer;
        if self.peek() == Some(':') {
            self.pos += 1;
            self.skip_space();
            weight *= self.number()?;
        }
        if combos.is_empty() {
            return self.error(start, "this names no hand");
        }
        for combo in combos {
            range.weights[combo.index()] = weight;
        }
        Ok(())
    }

    /// A weight in front of a bracket: `0.5(`. Leaves the position alone and answers
    /// `None` when the item is not of that form (`22-77` also starts with digits).
    fn try_group_weight(&mut self) -> Result<Option<f64>> {
        let start = self.pos;
        let mut end = start;
        while self
            .chars
            .get(end)
            .is_some_and(|c| c.is_ascii_digit() || *c == '.')
        {
            end += 1;
        }
        if end == start {
            return Ok(None);
        }
        let mut after = end;
        while self.chars.get(after).is_some_and(|c| c.is_whitespace()) {
            after += 1;
        }
        if self.chars.get(after) != Some(&'(') {
            return Ok(None);
        }
        let weight = self.number()?;
        Ok(Some(weight))
    }

    /// A weight from 0 to 1: digits with an optional decimal point.
    fn number(&mut self) -> Result<f64> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit() || c == '.') {
            self.pos += 1;
        }
        let digits: String = self.chars[start..self.pos].iter().collect();
        if digits.is_empty() {
            let reason = format!("{}: expected a weight such as 0.5", self.describe_here());
            return self.error(start, reason);
        }
        match digits.parse::<f64>() {
            Ok(w) if (0.0..=1.0).contains(&w) => Ok(w),
            Ok(_) => self.error(start, format!("the weight {digits} is not between 0 and 1")),
            Err(_) => self.error(start, format!("'{digits}' is not a number")),
        }
    }

    fn term(&mut self) -> Result<Item> {
        let start = self.pos;
        if self.peek() == Some('*') {
            self.pos += 1;
            return Ok(Item::Combos(all_combos()));
        }
        for word in ["random", "any"] {
            let n = word.len();
            let here: String = self.chars.iter().skip(self.pos).take(n).collect();
            let next = self.chars.get(self.pos + n);
            if here.eq_ignore_ascii_case(word) && !next.is_some_and(|c| c.is_alphanumeric()) {
                self.pos += n;
                return Ok(Item::Combos(all_combos()));
            }
        }
        let first = self.rank()?;
        if let Some(suit) = self.peek().and_then(suit_of) {
            // A specific combo: rank suit rank suit.
            self.pos += 1;
            let second_at = self.pos;
            let second = self.rank()?;
            let Some(suit2) = self.peek().and_then(suit_of) else {
                let reason = format!("{}: expected a suit c, d, h or s", self.describe_here());
                return self.error(self.pos, reason);
            };
            self.pos += 1;
            let a = card(first, suit);
            let b = card(second, suit2);
            let combo = match (a, b) {
                (Some(a), Some(b)) => Combo::new(a, b),
                _ => return self.error(start, "not a card"),
            };
            return match combo {
                Ok(c) => Ok(Item::Combos(vec![c])),
                Err(_) => self.error(second_at, "the same card twice"),
            };
        }
        let class = self.class_rest(first)?;
        self.skip_space();
        match self.peek() {
            Some('+') => {
                self.pos += 1;
                Ok(Item::Combos(plus(class)))
            }
            Some('-') => {
                self.pos += 1;
                self.skip_space();
                let end_at = self.pos;
                let first2 = self.rank()?;
                let end = self.class_rest(first2)?;
                self.span(class, end, end_at).map(Item::Combos)
            }
            _ => Ok(Item::Combos(class.combos().collect())),
        }
    }

    /// The rest of a class after its first rank: the second rank and `s`/`o`.
    fn class_rest(&mut self, first: u8) -> Result<Class> {
        let second = self.rank()?;
        let (high, low) = (first.max(second), first.min(second));
        let suffix_at = self.pos;
        let kind = match self.peek().map(|c| c.to_ascii_lowercase()) {
            Some('s') => {
                self.pos += 1;
                Kind::Suited
            }
            Some('o') => {
                self.pos += 1;
                Kind::Offsuit
            }
            _ if high == low => Kind::Pair,
            _ => Kind::Any,
        };
        if high == low && kind != Kind::Pair {
            return self.error(suffix_at, "a pair cannot be suited or offsuit");
        }
        Ok(Class { high, low, kind })
    }

    fn span(&self, a: Class, b: Class, b_at: usize) -> Result<Vec<Combo>> {
        if a.kind != b.kind {
            return self.error(b_at, "both ends of a span must be the same kind of hand");
        }
        if a.kind == Kind::Pair {
            let (lo, hi) = (a.high.min(b.high), a.high.max(b.high));
            return Ok((lo..=hi)
                .flat_map(|r| {
                    Class {
                        high: r,
                        low: r,
                        kind: Kind::Pair,
                    }
                    .combos()
                })
                .collect());
        }
        if a.high != b.high {
            return self.error(
                b_at,
                "both ends of a span must share their first rank, as in A5s-A2s",
            );
        }
        let (lo, hi) = (a.low.min(b.low), a.low.max(b.low));
        Ok((lo..=hi)
            .flat_map(|low| Class { low, ..a }.combos())
            .collect())
    }

    fn rank(&mut self) -> Result<u8> {
        if self.peek() == Some('1') && self.chars.get(self.pos + 1) == Some(&'0') {
            self.pos += 2;
            return Ok(Rank::Ten as u8);
        }
        match self.peek().and_then(Rank::from_char) {
            Some(r) => {
                self.pos += 1;
                Ok(r as u8)
            }
            None => {
                let reason = format!(
                    "{}: expected a rank 2-9, T, J, Q, K or A",
                    self.describe_here()
                );
                self.error(self.pos, reason)
            }
        }
    }
}

fn suit_of(c: char) -> Option<u8> {
    match c {
        'c' | 'C' | '♣' | '♧' => Some(0),
        'd' | 'D' | '♦' | '♢' => Some(1),
        'h' | 'H' | '♥' | '♡' => Some(2),
        's' | 'S' | '♠' | '♤' => Some(3),
        _ => None,
    }
}

fn card(rank: u8, suit: u8) -> Option<Card> {
    Card::from_index(i64::from(4 * rank + suit)).ok()
}

fn all_combos() -> Vec<Combo> {
    (0..COMBOS).filter_map(Combo::from_index).collect()
}

/// `QQ+`: every pair from QQ up; `A2s+`: the first rank fixed, the second up to one below it.
fn plus(class: Class) -> Vec<Combo> {
    if class.kind == Kind::Pair {
        (class.high..13)
            .flat_map(|r| {
                Class {
                    high: r,
                    low: r,
                    kind: Kind::Pair,
                }
                .combos()
            })
            .collect()
    } else {
        (class.low..class.high)
            .flat_map(|low| Class { low, ..class }.combos())
            .collect()
    }
}

// ---- Canonical text ----

impl fmt::Display for Range {
    /// The canonical text: pairs from the top (`QQ+`, `99-77`), then for each first rank from
    /// the top the suited and offsuit runs (`A2s+`, `K9o-K7o`, or `AK` where both kinds are
    /// whole), then the remaining single combos; a weight other than 1 follows as `:0.5`.
    /// Parsing this text gives back the same range.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        let mut covered = [false; COMBOS];
        let w = &self.weights;
        let pairs: Vec<Class> = (0..13u8)
            .rev()
            .map(|r| Class {
                high: r,
                low: r,
                kind: Kind::Pair,
            })
            .collect();
        runs(w, &mut covered, &pairs, &mut parts);
        for high in (1..13u8).rev() {
            let both: Vec<Class> = (0..high)
                .rev()
                .map(|low| Class {
                    high,
                    low,
                    kind: Kind::Any,
                })
                .collect();
            runs(w, &mut covered, &both, &mut parts);
            for kind in [Kind::Suited, Kind::Offsuit] {
                let classes: Vec<Class> = both.iter().map(|c| Class { kind, ..*c }).collect();
                runs(w, &mut covered, &classes, &mut parts);
            }
        }
        for (i, &w) in self.weights.iter().enumerate().rev() {
            if w > 0.0 && !covered[i] {
                if let Some(combo) = Combo::from_index(i) {
                    parts.push(with_weight(combo.to_string(), w));
                }
            }
        }
        f.write_str(&parts.join(", "))
    }
}

/// The weight of `class` when all its combos share one weight above 0 and none is
/// written yet.
fn class_weight(weights: &[f64; COMBOS], covered: &[bool; COMBOS], class: Class) -> Option<f64> {
    let mut weight = None;
    for combo in class.combos() {
        let w = weights[combo.index()];
        if w <= 0.0 || covered[combo.index()] || weight.is_some_and(|x| x != w) {
            return None;
        }
        weight = Some(w);
    }
    weight
}

/// Writes the runs of whole classes of one weight among `classes`, ordered from the best
/// down and starting at the best possible one (so a run from it is written with `+`).
fn runs(
    weights: &[f64; COMBOS],
    covered: &mut [bool; COMBOS],
    classes: &[Class],
    parts: &mut Vec<String>,
) {
    let mut i = 0;
    while i < classes.len() {
        let Some(w) = class_weight(weights, covered, classes[i]) else {
            i += 1;
            continue;
        };
        let mut j = i;
        while j + 1 < classes.len() && class_weight(weights, covered, classes[j + 1]) == Some(w) {
            j += 1;
        }
        let text = if i == j {
            classes[i].text()
        } else if i == 0 {
            format!("{}+", classes[j].text())
        } else {
            format!("{}-{}", classes[i].text(), classes[j].text())
        };
        parts.push(with_weight(text, w));
        for class in &classes[i..=j] {
            for combo in class.combos() {
                covered[combo.index()] = true;
            }
        }
        i = j + 1;
    }
}

fn with_weight(text: String, weight: f64) -> String {
    if weight == 1.0 {
        text
    } else {
        format!("{text}:{weight}")
    }
}
