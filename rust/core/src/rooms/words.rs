//! The words of a history's lines: amounts, and cards in `[...]` groups.

use super::money::units;
use super::record::Cause;
use crate::Card;

/// A problem: its cause and message (the line is the caller's).
pub type Fault = (Cause, String);

pub fn fault<T>(cause: Cause, message: impl Into<String>) -> Result<T, Fault> {
    Err((cause, message.into()))
}

/// The cards in each `[...]` group of `text`.
pub fn groups(text: &str) -> Result<Vec<Vec<u8>>, Fault> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find(']') else {
            break;
        };
        let inner = &rest[open + 1..open + close];
        let mut cards = Vec::new();
        for word in inner.split_whitespace() {
            if matches!(word, "X" | "XX" | "??" | "x") {
                continue; // a card the room does not show
            }
            match word.parse::<Card>() {
                Ok(card) => cards.push(card.index()),
                Err(_) => return fault(Cause::Cards, format!("{word:?} is not a card")),
            }
        }
        out.push(cards);
        rest = &rest[open + close + 1..];
    }
    Ok(out)
}

pub fn known(cards: &[u8]) -> Vec<Option<u8>> {
    cards.iter().map(|&c| Some(c)).collect()
}

/// The first word of `text` read as an amount.
pub fn amount(text: &str) -> Result<i64, Fault> {
    // "raises to 300, and is all in": the comma ends the amount.
    let word = text.split_whitespace().next().unwrap_or("");
    // "Calls 2.00.": a sentence's full stop is not the amount's.
    let word = word.strip_suffix(',').unwrap_or(word);
    let word = word.strip_suffix('.').unwrap_or(word);
    units(word).map_or_else(
        || fault(Cause::Amount, format!("{word:?} is not an amount")),
        Ok,
    )
}
