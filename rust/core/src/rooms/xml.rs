//! The few pieces of XML the networks' histories use (iPoker's and Merge's): tags with
//! their attributes and the text after them, read by a scanner bounded by the text's size;
//! no general XML reader.

use super::money::units;
use super::record::Cause;
use super::words::{fault, Fault};

/// One tag: where it starts, its name, its attributes' text, the text after it.
pub(super) type Tag<'a> = (usize, &'a str, &'a str, &'a str);

/// The tags of `text`: `(where it starts, name, attributes' text, the text up to the next
/// tag)`.
pub(super) fn tags(text: &str) -> impl Iterator<Item = Tag<'_>> {
    let mut at = 0;
    std::iter::from_fn(move || {
        let open = at + text.get(at..)?.find('<')?;
        let close = open + text[open..].find('>')?;
        at = close + 1;
        let inside = text[open + 1..close].trim_end_matches('/');
        let (name, attributes) = inside.split_once(' ').unwrap_or((inside, ""));
        let inner_end = text[at..].find('<').map_or(text.len(), |i| at + i);
        Some((open, name, attributes, &text[at..inner_end]))
    })
}

/// The value of `name="..."` among `attributes`, unescaped.
pub(super) fn attribute(attributes: &str, name: &str) -> Option<String> {
    let mut rest = attributes;
    while let Some(at) = rest.find(name) {
        let after = &rest[at + name.len()..];
        let before_ok = at == 0 || rest.as_bytes()[at - 1] == b' ';
        if let (true, Some(value)) = (before_ok, after.strip_prefix("=\"")) {
            let end = value.find('"')?;
            return Some(unescape(&value[..end]));
        }
        rest = after;
    }
    None
}

fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// An amount written with a currency's code before or after it (`RSD45.70`): its units.
/// Points before groups of three digits only (`1.500`, `12.000.000`: the Italian client's
/// chips) separate thousands: neither network writes three decimals.
pub(super) fn coded_units(text: &str) -> Option<i64> {
    let letters = |c: char| c.is_ascii_uppercase();
    let bare = text
        .trim()
        .trim_start_matches(letters)
        .trim_end_matches(letters);
    if text.trim().len() - bare.len() > 3 {
        return None;
    }
    let mut groups = bare.split('.');
    let first = groups.next().unwrap_or("");
    let rest: Vec<&str> = groups.collect();
    let digits = |g: &str| !g.is_empty() && g.bytes().all(|b| b.is_ascii_digit());
    if !rest.is_empty()
        && digits(first)
        && first.len() <= 3
        && rest.iter().all(|g| g.len() == 3 && digits(g))
    {
        return units(&bare.replace('.', ""));
    }
    units(bare)
}

/// An attribute's amount (`"$1,440"`, `"0.50"`, `"RSD16"`); nothing written is none.
pub(super) fn money(text: &str) -> Result<i64, Fault> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(0);
    }
    coded_units(text).map_or_else(
        || fault(Cause::Amount, format!("{text:?} is not an amount")),
        Ok,
    )
}
