//! Values as the reader's messages name them: as Python writes them (`repr`), since the
//! fields are Python values to the reader's users (`'NT'`, `Decimal('0.50')`, `True`).

use super::fields::Value;
use std::fmt::Write;

/// A string as Python's `repr` writes it: single quotes unless the text holds one and no
/// double quote; backslashes, the quote, and control characters escaped.
pub fn str_repr(text: &str) -> String {
    let quote = if text.contains('\'') && !text.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(text.len() + 2);
    out.push(quote);
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || ('\u{7f}'..='\u{a0}').contains(&c) => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

/// An integer's text as Python writes the integer (no `+`, no `-0`).
fn int_text(text: &str) -> String {
    match text.parse::<i128>() {
        Ok(number) => number.to_string(),
        Err(_) => text.trim_start_matches('+').to_string(),
    }
}

/// A decimal's text as Python's `str(Decimal(text))` writes it for the texts a record
/// holds (a leading `+` dropped).
fn decimal_text(text: &str) -> &str {
    text.strip_prefix('+').unwrap_or(text)
}

/// `value` as Python's `repr` writes it.
pub fn repr(value: &Value<'_>) -> String {
    match value {
        Value::Str(text) => str_repr(text),
        Value::Int(text) => int_text(text),
        Value::Decimal(text) => format!("Decimal('{}')", decimal_text(text)),
        Value::Bool(flag) => (if *flag { "True" } else { "False" }).to_string(),
        Value::Time(h, m, 0) => format!("datetime.time({h}, {m})"),
        Value::Time(h, m, s) => format!("datetime.time({h}, {m}, {s})"),
        Value::Array(items) => {
            let items: Vec<String> = items.iter().map(repr).collect();
            format!("[{}]", items.join(", "))
        }
        Value::Other(text) => (*text).to_string(),
        Value::Huge(bits) => format!("an amount of {bits} bits"),
    }
}

/// `value` as an amount is named in a message: a decimal as written, anything else as
/// [`repr`] writes it.
pub fn show(value: &Value<'_>) -> String {
    match value {
        Value::Decimal(text) => decimal_text(text).to_string(),
        value => repr(value),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_named_as_python_writes_them() {
        assert_eq!(str_repr("NT"), "'NT'");
        assert_eq!(str_repr("it's"), "\"it's\"");
        assert_eq!(str_repr("'\""), "'\\'\"'");
        assert_eq!(str_repr("a\u{1}\\"), "'a\\x01\\\\'");
        let list = Value::Array(vec![
            Value::Int("+3"),
            Value::Decimal("+0.50"),
            Value::Bool(true),
            Value::Time(1, 2, 0),
        ]);
        assert_eq!(
            repr(&list),
            "[3, Decimal('0.50'), True, datetime.time(1, 2)]"
        );
        assert_eq!(show(&Value::Decimal("-1.5")), "-1.5");
        assert_eq!(show(&Value::Int("-0")), "0");
    }
}
