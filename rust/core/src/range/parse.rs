//! The range text parser: [`Parser`] reads the syntax in the [module docs](super) into a
//! [`Range`], naming the character position of the first problem.

use super::{share, Class, Combo, Kind, Range, MAX_CHARS, MAX_DEPTH};
use crate::card::{Card, Rank};
use crate::error::{Error, Result};

/// What one item of the text names.
enum Item {
    Combos(Vec<Combo>),
    /// Every combo (`*`, `random`, `any`): the weights filled at once, not 1,326 combos
    /// made and set one by one for each such item (a text of a million `*` took 9 s).
    All,
}

pub(super) struct Parser<'a> {
    text: &'a str,
    chars: Vec<char>,
    pos: usize,
    /// Brackets open at the position: bounded by [`MAX_DEPTH`], since each one is a
    /// recursive call.
    depth: usize,
}

impl<'a> Parser<'a> {
    pub(super) fn new(text: &'a str) -> Parser<'a> {
        Parser {
            text,
            // Not a character beyond the limit is copied (the text may be huge).
            chars: text.chars().take(MAX_CHARS + 1).collect(),
            pos: 0,
            depth: 0,
        }
    }

    /// The error of a text past a limit, naming it by its start.
    fn limit<T>(&self, position: usize, limit: String) -> Result<T> {
        const SHOWN: usize = 40;
        let mut start: String = self.chars.iter().take(SHOWN).collect();
        if self.chars.len() > SHOWN {
            start.push_str("...");
        }
        Err(Error::RangeLimit {
            start,
            chars: self.text.chars().count(),
            limit,
            position,
        })
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

    pub(super) fn parse(mut self) -> Result<Range> {
        if self.chars.len() > MAX_CHARS {
            return self.limit(MAX_CHARS, format!("more than {MAX_CHARS} characters"));
        }
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
            if self.depth == MAX_DEPTH {
                let limit = format!("brackets nested more than {MAX_DEPTH} deep");
                return self.limit(start, limit);
            }
            // try_group_weight only succeeds in front of '('.
            self.pos += 1;
            self.skip_space();
            if self.peek() == Some(')') {
                return self.error(self.pos, "empty brackets: expected a hand");
            }
            self.depth += 1;
            self.list(range, weight * outer, Some(')'))?;
            self.depth -= 1;
            self.pos += 1;
            return Ok(());
        }
        let item = self.term()?;
        self.skip_space();
        let mut weight = outer;
        if self.peek() == Some(':') {
            self.pos += 1;
            self.skip_space();
            weight *= self.number()?;
        }
        let combos = match item {
            Item::All => {
                range.weights.fill(weight);
                return Ok(());
            }
            Item::Combos(combos) => combos,
        };
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
        let end = self.number_end();
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

    /// A share of hands, `15%` or `2.5%`: leaves the position alone and answers `None` when
    /// the item is not of that form (`22-77` also starts with digits).
    fn try_share(&mut self) -> Result<Option<f64>> {
        let start = self.pos;
        let end = self.number_end();
        if end == start || self.chars.get(end) != Some(&'%') {
            return Ok(None);
        }
        let digits: String = self.chars[start..end].iter().collect();
        self.pos = end + 1;
        match digits.parse::<f64>() {
            Ok(p) if p > 0.0 && p <= 100.0 => Ok(Some(p)),
            Ok(_) => self.error(
                start,
                format!("the share {digits}% is not above 0 and at most 100"),
            ),
            Err(_) => self.error(start, format!("'{digits}' is not a number")),
        }
    }

    /// Where the digits and decimal points from the position end (the position itself when
    /// there are none); the position stays.
    fn number_end(&self) -> usize {
        let mut end = self.pos;
        while self
            .chars
            .get(end)
            .is_some_and(|c| c.is_ascii_digit() || *c == '.')
        {
            end += 1;
        }
        end
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
        if let Some(percent) = self.try_share()? {
            let combos: Vec<Combo> = share::top(percent)
                .into_iter()
                .filter_map(Combo::from_mask)
                .collect();
            if combos.is_empty() {
                let reason = format!("{percent}% is less than half of the top hand's combos");
                return self.error(start, reason);
            }
            return Ok(Item::Combos(combos));
        }
        if self.peek() == Some('*') {
            self.pos += 1;
            return Ok(Item::All);
        }
        for word in ["random", "any"] {
            let n = word.len();
            let here: String = self.chars.iter().skip(self.pos).take(n).collect();
            let next = self.chars.get(self.pos + n);
            if here.eq_ignore_ascii_case(word) && !next.is_some_and(|c| c.is_alphanumeric()) {
                self.pos += n;
                return Ok(Item::All);
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
        if a.high == b.high {
            let (lo, hi) = (a.low.min(b.low), a.low.max(b.low));
            return Ok((lo..=hi)
                .flat_map(|low| Class { low, ..a }.combos())
                .collect());
        }
        // Connectors and gappers, `T9s-54s` or `J9o-53o`: every class between the two ends
        // with the same gap between its ranks.
        let gap = a.high - a.low;
        if b.high - b.low != gap {
            return self.error(
                b_at,
                "both ends of a span must share their first rank, as in A5s-A2s, or the gap \
                 between their ranks, as in T9s-54s",
            );
        }
        let (lo, hi) = (a.low.min(b.low), a.low.max(b.low));
        Ok((lo..=hi)
            .flat_map(|low| {
                Class {
                    high: low + gap,
                    low,
                    kind: a.kind,
                }
                .combos()
            })
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
