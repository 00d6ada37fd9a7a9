//! The amounts and the lines of the 888/PartyPoker layout as its clients write them:
//! amounts in brackets, with decimal commas or points between thousands, stakes as `a/b`.

use super::super::money::units;
use super::super::record::Cause;
use super::super::words::{fault, Fault};

/// The amount in the first `[...]` of `text` (`[$0.05 USD]`, `[ 299,48$ ]`; `[$1 + $0.5]`
/// adds up).
pub(super) fn bracket(text: &str) -> Result<i64, Fault> {
    Ok(parts(text)?.iter().fold(0, |a, x| a.saturating_add(*x)))
}

/// Each amount of a bracket whose amounts are joined by `+` (`[$1 + $2]`), in order.
pub(super) fn parts(text: &str) -> Result<Vec<i64>, Fault> {
    let inner = text
        .split_once('[')
        .and_then(|(_, rest)| rest.split_once(']'))
        .map_or(text, |(inner, _)| inner);
    let mut out = Vec::new();
    for part in inner.split('+') {
        let word = part
            .trim()
            .trim_end_matches(" chips")
            .trim_end_matches(" USD")
            .trim_end_matches(" EUR")
            .trim_end_matches(" GBP")
            .replace("Â\u{a0}", " ") // a UTF-8 no-break space read as code page 1252
            .replace([' ', '\u{a0}'], " ")
            .replace(" $", "$")
            .replace(" €", "€")
            .replace("$ ", "$");
        match units(&word) {
            Some(x) => out.push(x),
            None => return fault(Cause::Amount, format!("{:?} is not an amount", part.trim())),
        }
    }
    Ok(out)
}

/// `line` with a space before an action's bracket ("bets[ $113 USD ]", as a client of
/// 2012 wrote it).
pub(super) fn spaced_brackets(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + 2);
    let mut before = ' ';
    for c in line.chars() {
        if c == '[' && before.is_ascii_alphabetic() {
            out.push(' ');
        }
        out.push(c);
        before = c;
    }
    out
}

/// Whether `line` writes an amount with a decimal comma (`552,72 $`, `$ 0,02`).
pub(super) fn decimal_comma(line: &str) -> bool {
    let b = line.as_bytes();
    (1..b.len()).any(|i| {
        b[i] == b','
            && b[i - 1].is_ascii_digit()
            && b.len() > i + 2
            && b[i + 1].is_ascii_digit()
            && b[i + 2].is_ascii_digit()
            && b.get(i + 3).is_none_or(|c| !c.is_ascii_digit())
    })
}

/// `line` without the points between thousands: a point after a digit and before three
/// digits that end the number (`1.183.764` -> `1183764`, `432.999` -> `432999`).
pub(super) fn thousands_points(line: &str) -> String {
    let b = line.as_bytes();
    let mut out = String::with_capacity(line.len());
    for (i, c) in line.char_indices() {
        let point = c == '.'
            && i > 0
            && b[i - 1].is_ascii_digit()
            && b.len() > i + 3
            && b[i + 1..=i + 3].iter().all(u8::is_ascii_digit)
            && b.get(i + 4).is_none_or(|c| !c.is_ascii_digit());
        if !point {
            out.push(c);
        }
    }
    out
}

/// The first `a/b` of `text` (`$0.05/$0.10 USD`, `400/800 -25)`).
pub(super) fn pair(text: &str) -> Option<(i64, i64)> {
    text.split_once('/').and_then(|(a, b)| {
        let b = b.split([')', ' ', '-']).find(|w| !w.is_empty())?;
        Some((units(a.trim())?, units(b)?))
    })
}

/// A tournament level's stakes: "Blinds(300/600)", "Stakes(200/400)",
/// "Blinds-Antes(400/800 -25)".
pub(super) fn level(line: &str) -> Option<(i64, i64)> {
    ["Blinds(", "Stakes(", "Blinds-Antes(", "Stakes-Antes("]
        .iter()
        .find_map(|w| line.find(w).map(|at| &line[at + w.len()..]))
        .and_then(pair)
}
