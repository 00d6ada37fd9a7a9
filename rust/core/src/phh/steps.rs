//! One hand's actions as typed steps: `d dh p1 AhKh`, `d db 2c7d9h`, `p1 f`, `p1 cc`,
//! `p1 cbr 3.50` (a street total, in chips), `p1 sm [cards]`, `p1 pb`, `p1 sd [cards]`.
//!
//! This reads; it rules on nothing (whose turn it is, what a bet may be: the game layer's
//! replay). An action it cannot read is an error naming the action by its index.

use super::amount::{too_many, Amount, NotChips};
use super::fields::{is_ascii_py_space, is_py_space, Value};
use super::shown::str_repr;
use crate::Card;

/// What an action does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verb {
    /// `d dh pN cards`: hole cards dealt.
    DealHole,
    /// `d db cards`: board cards dealt.
    DealBoard,
    /// `pN f`.
    Fold,
    /// `pN cc`: check or call.
    CheckCall,
    /// `pN cbr amount`: bet or raise to a street total.
    BetRaise,
    /// `pN sm [cards]`: show (cards, or `-`) or muck (nothing).
    ShowMuck,
    /// `pN pb`: stud's bring-in posted.
    PostBringIn,
    /// `pN sd [cards]`: in a draw game, stand pat (nothing) or discard the cards.
    StandPatDiscard,
}

impl Verb {
    /// The verb as PHH writes it.
    pub const fn code(self) -> &'static str {
        match self {
            Verb::DealHole => "dh",
            Verb::DealBoard => "db",
            Verb::Fold => "f",
            Verb::CheckCall => "cc",
            Verb::BetRaise => "cbr",
            Verb::ShowMuck => "sm",
            Verb::PostBringIn => "pb",
            Verb::StandPatDiscard => "sd",
        }
    }
}

/// What follows the verb.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    /// Nothing (`f`, `cc`, a muck).
    Nothing,
    /// A bet or raise to this many chips.
    Chips(i64),
    /// Cards by index (`4 * rank + suit`), in the order written; `None` for `??`.
    Cards(Vec<Option<u8>>),
}

/// One action: its index in the `actions` list, its player (0-based, `None` for the
/// dealer's board), the verb and its argument.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// Index of the action in the `actions` list (comments and blank actions counted).
    pub action: usize,
    /// `p1` is 0; `None` for `d db`.
    pub player: Option<usize>,
    /// What the action does.
    pub verb: Verb,
    /// Its argument.
    pub arg: Arg,
}

/// `text` as cards written two characters each; `??` an unknown card.
///
/// # Errors
/// A message naming the text, or the pair that is no card.
pub(crate) fn cards(text: &str) -> Result<Vec<Option<u8>>, String> {
    if !text.is_empty() && text.bytes().all(|b| b == b'?') && text.len() % 2 == 0 {
        return Ok(vec![None; text.len() / 2]); // all unknown, as most online hands are
    }
    let card = |pair: &str| -> Result<Option<u8>, String> {
        if pair == "??" {
            return Ok(None);
        }
        pair.parse::<Card>()
            .map(|card| Some(card.index()))
            .map_err(|err| err.to_string())
    };
    if text.is_ascii() {
        // Byte pairs, as the files' cards are ASCII (no allocation but the list).
        if text.len() % 2 != 0 {
            return Err(not_a_run(text));
        }
        return (0..text.len())
            .step_by(2)
            .map(|i| card(&text[i..i + 2]))
            .collect();
    }
    let chars: Vec<char> = text.chars().collect();
    if chars.len() % 2 != 0 {
        return Err(not_a_run(text));
    }
    chars
        .chunks(2)
        .map(|pair| card(&pair.iter().collect::<String>()))
        .collect()
}

fn not_a_run(text: &str) -> String {
    format!("{} is not a run of two-character cards", str_repr(text))
}

/// `pN` (ASCII digits, no leading zero): the player's number, `usize::MAX` past that.
fn player_number(word: &str) -> Option<usize> {
    let digits = word.strip_prefix('p')?;
    if digits.is_empty() || digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(digits.parse().unwrap_or(usize::MAX))
}

/// The first words of `text` split at Python's white space (`str.split()`), at most
/// [`WORDS`] of them, and how many there are (`WORDS` meaning that many or more): no action
/// has more, so the rest is never needed.
fn words(text: &str) -> ([&str; WORDS], usize) {
    let mut out = [""; WORDS];
    let mut count = 0;
    if text.is_ascii() {
        // Byte by byte, as the files' actions are ASCII.
        let bytes = text.as_bytes();
        let mut at = 0;
        while count < WORDS {
            while at < bytes.len() && is_ascii_py_space(bytes[at]) {
                at += 1;
            }
            if at == bytes.len() {
                break;
            }
            let start = at;
            while at < bytes.len() && !is_ascii_py_space(bytes[at]) {
                at += 1;
            }
            out[count] = &text[start..at];
            count += 1;
        }
    } else {
        for word in text
            .split(is_py_space)
            .filter(|w| !w.is_empty())
            .take(WORDS)
        {
            out[count] = word;
            count += 1;
        }
    }
    (out, count)
}

/// One more word than the longest action (`d dh pN cards`) has.
const WORDS: usize = 5;

/// An action's player (`None` for the board), verb and argument as written.
type Written<'a> = (Option<usize>, Verb, &'a str);

/// One action's words; `None` for a blank action.
fn syntax(text: &str, n: usize) -> Result<Option<Written<'_>>, String> {
    let before = text.split_once('#').map_or(text, |(head, _)| head);
    let (words, count) = self::words(before);
    let words = &words[..count];
    let Some(&first) = words.first() else {
        return Ok(None); // a blank action (or a comment alone)
    };
    if first == "d" {
        return match words {
            [_, "dh", who, cards] if player_number(who).is_some() => {
                let number = player_number(who).unwrap_or(usize::MAX);
                if number > n {
                    return Err(format!("there are only {n} players"));
                }
                Ok(Some((Some(number - 1), Verb::DealHole, cards)))
            }
            [_, "db", cards] => Ok(Some((None, Verb::DealBoard, cards))),
            _ => Err("not a dealer action pokerforge knows".to_string()),
        };
    }
    let who = match player_number(first) {
        Some(number) if number <= n => number - 1,
        _ => return Err(format!("{} is not a player (p1 to p{n})", str_repr(first))),
    };
    let verb = words.get(1).copied().unwrap_or("");
    let verb = match (verb, words.len()) {
        ("f", 2) => Verb::Fold,
        ("cc", 2) => Verb::CheckCall,
        ("pb", 2) => Verb::PostBringIn,
        ("cbr", 3) => Verb::BetRaise,
        ("sm", 2 | 3) => Verb::ShowMuck,
        ("sd", 2 | 3) => Verb::StandPatDiscard,
        _ => return Err(format!("unknown or malformed action {}", str_repr(verb))),
    };
    Ok(Some((Some(who), verb, words.get(2).copied().unwrap_or(""))))
}

/// A bet's street total in chips of `10^-places`.
fn bet(text: &str, places: u32) -> Result<i64, String> {
    let Some(amount) = Amount::parse(text) else {
        return Err(format!("{} is not an amount of chips", str_repr(text)));
    };
    match amount.chips(places) {
        Ok(chips) if chips > 0 => Ok(chips),
        Ok(_) => Err(format!("a bet of {text} chips is impossible")),
        Err(NotChips::TooMany) => Err(too_many(text, places)),
        Err(NotChips::NotWhole) => Err(format!("{text} is not a whole number of chips")),
    }
}

/// The steps of the `actions` list of a hand of `n` players whose amounts count chips of
/// `10^-places`: first every action's words, then the cards and amounts.
///
/// # Errors
/// `(index of the action, message)` for the first action that cannot be read.
pub(crate) fn steps(
    actions: &[Value<'_>],
    n: usize,
    places: u32,
) -> Result<Vec<Step>, (usize, String)> {
    let mut written = Vec::with_capacity(actions.len());
    for (k, action) in actions.iter().enumerate() {
        let Value::Str(text) = action else {
            return Err((k, "an action must be a string".to_string()));
        };
        if let Some((player, verb, arg)) = syntax(text, n).map_err(|m| (k, m))? {
            written.push((k, player, verb, arg));
        }
    }
    written
        .into_iter()
        .map(|(action, player, verb, arg)| {
            let arg = match verb {
                Verb::Fold | Verb::CheckCall | Verb::PostBringIn => Arg::Nothing,
                Verb::BetRaise => Arg::Chips(bet(arg, places).map_err(|m| (action, m))?),
                Verb::ShowMuck if arg.is_empty() => Arg::Nothing,
                Verb::ShowMuck if arg == "-" => Arg::Cards(Vec::new()),
                Verb::StandPatDiscard if arg.is_empty() => Arg::Cards(Vec::new()),
                _ => Arg::Cards(cards(arg).map_err(|m| (action, m))?),
            };
            Ok(Step {
                action,
                player,
                verb,
                arg,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_split_as_python_splits() {
        let split = |text| {
            let (words, count) = words(text);
            words[..count].to_vec()
        };
        assert_eq!(split("  p1\tcbr \x1f 3 "), ["p1", "cbr", "3"]);
        assert_eq!(split("p1\u{a0}cc\u{3000}"), ["p1", "cc"]);
        assert_eq!(split("a b c d e f g").len(), WORDS);
        assert!(split(" \u{85} ").is_empty());
    }
}
