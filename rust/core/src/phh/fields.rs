//! One hand's fields in the one-line `key = value` form the public PHH dataset writes.
//!
//! This is the fast reader of `pokerforge.histories`: it reads the TOML subset the
//! dataset's files use (bare keys, one value per line, strings without escapes, integers,
//! decimals written with a point, booleans, `HH:MM:SS` times and one-line arrays of these)
//! and answers [`Fallback`] for anything else, so that a full TOML reader takes the table
//! over. Whatever it reads, it reads as the full reader does (`tomllib`, with decimals kept
//! exact).

/// One value as written (numbers keep their text: the caller decides how to hold them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value<'a> {
    /// A string (single or double quoted, no escapes).
    Str(&'a str),
    /// An integer's text: optional sign, then ASCII digits (leading zeros allowed).
    Int(&'a str),
    /// A decimal's text: optional sign, digits, a point, digits.
    Decimal(&'a str),
    /// `true` or `false`.
    Bool(bool),
    /// A local time `HH:MM:SS`.
    Time(u8, u8, u8),
    /// A one-line array.
    Array(Vec<Value<'a>>),
    /// A value of another kind, given by a caller that read the fields some other way (a
    /// table, a date, a float): never read here; it is named as written (Python's `repr`).
    Other(&'a str),
    /// An integer of more than 256 bits, given by a caller (its size in bits): no count of
    /// chips, and named by its size, not its digits.
    Huge(u64),
}

/// The table is not in the one-line form: read it with a full TOML reader.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fallback;

/// TOML's white space: space and tab, nothing else (Unicode white space is no separator).
pub(crate) const fn is_toml_space(c: char) -> bool {
    matches!(c, ' ' | '\t')
}

/// A line without TOML white space at its ends, nor the carriage return of a `\r\n` line
/// end (the line is cut at its `\n`).
pub(crate) fn toml_strip(line: &str) -> &str {
    line.strip_suffix('\r')
        .unwrap_or(line)
        .trim_matches(is_toml_space)
}

/// Whether `text` holds a character TOML allows nowhere (not in strings, nor in comments):
/// a control character other than tab and line feed, or a carriage return not followed by
/// a line feed. The full reader refuses such a text, so this one must not read it.
fn has_forbidden_control(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.iter().enumerate().any(|(i, &b)| match b {
        b'\t' | b'\n' => false,
        b'\r' => bytes.get(i + 1) != Some(&b'\n'),
        0..=0x1f | 0x7f => true,
        _ => false,
    })
}

/// Python's `str.isspace()`: Unicode white space plus the four ASCII separators
/// U+001C..U+001F, which Rust's `char::is_whitespace` leaves out.
pub(crate) fn is_py_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// Python's `str.isspace()` for one ASCII byte: `\t` to `\r`, U+001C..U+001F and space.
pub(crate) const fn is_ascii_py_space(b: u8) -> bool {
    matches!(b, b'\t'..=b'\r' | 0x1c..=b' ')
}

fn is_ascii_digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

fn scalar(text: &str) -> Result<Value<'_>, Fallback> {
    let bytes = text.as_bytes();
    if let Some(inner) = text
        .strip_prefix("'''")
        .and_then(|rest| rest.strip_suffix("'''"))
    {
        // A multi-line literal string kept on one line (`table = '''AMY'S AVE'''`): its
        // text as written, unless quotes run into the delimiters (the full reader's case).
        if !inner.contains("'''") && !inner.starts_with('\'') && !inner.ends_with('\'') {
            return Ok(Value::Str(inner));
        }
        return Err(Fallback);
    }
    match bytes.first() {
        Some(b'\'') => {
            let inner = text.get(1..text.len().saturating_sub(1)).unwrap_or("");
            if bytes.len() >= 2 && bytes[bytes.len() - 1] == b'\'' && !inner.contains('\'') {
                return Ok(Value::Str(inner));
            }
            return Err(Fallback);
        }
        Some(b'"') => {
            let inner = text.get(1..text.len().saturating_sub(1)).unwrap_or("");
            if bytes.len() >= 2
                && bytes[bytes.len() - 1] == b'"'
                && !inner.contains('"')
                && !text.contains('\\')
            {
                return Ok(Value::Str(inner));
            }
            return Err(Fallback);
        }
        _ => {}
    }
    let digits = match bytes.first() {
        Some(b'+' | b'-') => &text[1..],
        _ => text,
    };
    // TOML allows no leading zero (`007`): the full reader refuses such a number.
    let plain = |whole: &str| is_ascii_digits(whole) && (whole == "0" || !whole.starts_with('0'));
    // An integer beyond 64 bits is left to the full reader, which names one too long.
    if plain(digits) && text.parse::<i64>().is_ok() {
        return Ok(Value::Int(text));
    }
    if let Some((whole, part)) = digits.split_once('.') {
        if plain(whole) && is_ascii_digits(part) {
            return Ok(Value::Decimal(text));
        }
    }
    match text {
        "true" => return Ok(Value::Bool(true)),
        "false" => return Ok(Value::Bool(false)),
        // TOML's infinity, read as the full reader reads it (`parse_float`: a decimal);
        // the dataset writes it for stacks its rooms did not record.
        "inf" | "+inf" => return Ok(Value::Decimal(text)),
        _ => {}
    }
    if bytes.len() == 8 && bytes[2] == b':' && bytes[5] == b':' {
        let two = |i: usize| -> Option<u8> {
            let (a, b) = (bytes[i], bytes[i + 1]);
            (a.is_ascii_digit() && b.is_ascii_digit()).then(|| (a - b'0') * 10 + (b - b'0'))
        };
        if let (Some(h), Some(m), Some(s)) = (two(0), two(3), two(6)) {
            // An impossible time (25:00:00) is left to the full reader, which refuses it.
            if h < 24 && m < 60 && s < 60 {
                return Ok(Value::Time(h, m, s));
            }
        }
    }
    Err(Fallback)
}

/// `'a', "b", ...`: quoted strings separated by commas (a trailing comma allowed).
fn quoted_items(inner: &str) -> Result<Vec<Value<'_>>, Fallback> {
    let mut out = Vec::new();
    let mut rest = inner;
    while !rest.is_empty() {
        rest = rest.trim_start_matches(is_toml_space);
        let quote = rest.chars().next().ok_or(Fallback)?;
        if quote != '\'' && quote != '"' {
            return Err(Fallback);
        }
        let body = &rest[1..];
        let end = body.find(quote).ok_or(Fallback)?;
        let item = &body[..end];
        if item.contains('\n') || (quote == '"' && item.contains('\\')) {
            return Err(Fallback);
        }
        out.push(Value::Str(item));
        rest = body[end + 1..].trim_start_matches(is_toml_space);
        if let Some(after) = rest.strip_prefix(',') {
            rest = after;
        } else if !rest.is_empty() {
            return Err(Fallback);
        }
    }
    Ok(out)
}

fn value(text: &str) -> Result<Value<'_>, Fallback> {
    let Some(open) = text.strip_prefix('[') else {
        return scalar(text);
    };
    let Some(inner) = open.strip_suffix(']') else {
        return Err(Fallback); // an array over several lines
    };
    let inner = inner.trim_matches(is_toml_space);
    if inner.is_empty() {
        return Ok(Value::Array(Vec::new()));
    }
    if inner.starts_with('\'') && inner.ends_with('\'') && !inner.contains('\n') {
        // The dataset's usual list of single-quoted strings: split, then check each item.
        let body = inner.get(1..inner.len() - 1).unwrap_or("");
        let items: Vec<&str> = body.split("', '").collect();
        if !items.iter().any(|item| item.contains('\'')) {
            return Ok(Value::Array(items.into_iter().map(Value::Str).collect()));
        }
    }
    if inner.starts_with(['\'', '"']) {
        return quoted_items(inner).map(Value::Array);
    }
    let mut parts: Vec<&str> = inner.split(',').collect();
    if parts
        .last()
        .is_some_and(|last| last.trim_matches(is_toml_space).is_empty())
    {
        parts.pop(); // a trailing comma
    }
    parts
        .into_iter()
        .map(|raw| scalar(raw.trim_matches(is_toml_space)))
        .collect::<Result<Vec<_>, _>>()
        .map(Value::Array)
}

fn is_bare_key(key: &str) -> bool {
    !key.is_empty()
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// The fields of one table's lines (without its `[n]` header), in the order written.
///
/// # Errors
/// [`Fallback`] when a line is not a one-line `key = value` this reader knows, when a key
/// repeats, or when a line holds a comment after its value.
///
/// # Examples
/// ```
/// use pokerforge_core::phh::{read_fields, Value};
/// let fields = read_fields("variant = 'NT'\nstarting_stacks = [247.10, 200]\n").unwrap();
/// assert_eq!(fields[0], ("variant", Value::Str("NT")));
/// assert_eq!(
///     fields[1].1,
///     Value::Array(vec![Value::Decimal("247.10"), Value::Int("200")])
/// );
/// assert!(read_fields("actions = [\n'p1 f',\n]\n").is_err());
/// ```
pub fn read_fields(body: &str) -> Result<Vec<(&str, Value<'_>)>, Fallback> {
    if has_forbidden_control(body) {
        return Err(Fallback);
    }
    let mut out: Vec<(&str, Value<'_>)> = Vec::new();
    for line in body.split('\n') {
        let stripped = toml_strip(line);
        if stripped.is_empty() || stripped.starts_with('#') {
            continue;
        }
        // Bytes, not chars: '#' and '=' are ASCII, never part of another char's encoding.
        if stripped.as_bytes().contains(&b'#') {
            return Err(Fallback); // a comment after a value, or a '#' inside a string
        }
        let equals = stripped.bytes().position(|b| b == b'=').ok_or(Fallback)?;
        let (key, text) = (&stripped[..equals], &stripped[equals + 1..]);
        let key = key.trim_end_matches(is_toml_space);
        if !is_bare_key(key) || out.iter().any(|(k, _)| *k == key) {
            return Err(Fallback);
        }
        out.push((key, value(text.trim_start_matches(is_toml_space))?));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scalars_read_as_written() {
        assert_eq!(scalar("'NT'"), Ok(Value::Str("NT")));
        assert_eq!(scalar("\"a b\""), Ok(Value::Str("a b")));
        assert_eq!(scalar("0"), Ok(Value::Int("0")));
        assert_eq!(scalar("0.50"), Ok(Value::Decimal("0.50")));
        assert_eq!(scalar("-3"), Ok(Value::Int("-3")));
        assert_eq!(scalar("+0.50"), Ok(Value::Decimal("+0.50")));
        assert_eq!(scalar("true"), Ok(Value::Bool(true)));
        assert_eq!(scalar("inf"), Ok(Value::Decimal("inf")));
        assert_eq!(scalar("+inf"), Ok(Value::Decimal("+inf")));
        assert_eq!(scalar("00:00:09"), Ok(Value::Time(0, 0, 9)));
        assert_eq!(scalar("'''AMY'S AVE'''"), Ok(Value::Str("AMY'S AVE")));
        assert_eq!(scalar("''''''"), Ok(Value::Str("")));
        for text in [
            "", "'", "\"a\\n\"", ".5", "1.", "1e3", "25:00:00", "nan", "-inf", "'a'b'", "'''a''''",
        ] {
            assert_eq!(scalar(text), Err(Fallback), "{text:?}");
        }
    }

    #[test]
    fn arrays_of_one_line() {
        let strings = value("['d dh p1 ????', 'p1 f']").unwrap();
        assert_eq!(
            strings,
            Value::Array(vec![Value::Str("d dh p1 ????"), Value::Str("p1 f")])
        );
        assert_eq!(
            value("[\"a\", 'b',]").unwrap(),
            Value::Array(vec![Value::Str("a"), Value::Str("b")])
        );
        assert_eq!(
            value("[1, 2.5, ]").unwrap(),
            Value::Array(vec![Value::Int("1"), Value::Decimal("2.5")])
        );
        assert_eq!(value("[ ]").unwrap(), Value::Array(vec![]));
        for text in ["[1, [2]]", "[1,,2]", "[1", "['a' 'b']", "['a',,]"] {
            assert_eq!(value(text), Err(Fallback), "{text:?}");
        }
    }

    #[test]
    fn strip_as_toml_strips() {
        assert_eq!(toml_strip(" \t a b \t\r"), "a b");
        // Unicode white space and other ASCII separators are no TOML white space.
        assert_eq!(toml_strip("\u{3000}a\u{85}"), "\u{3000}a\u{85}");
        assert_eq!(toml_strip(" a\x1f"), "a\x1f");
        assert_eq!(toml_strip("a\r "), "a\r");
    }

    #[test]
    fn tables_that_need_the_full_reader() {
        assert!(read_fields("a = 1\na = 2").is_err());
        assert!(read_fields("a = 1 # why").is_err());
        assert!(read_fields("'a' = 1").is_err());
        assert_eq!(read_fields("# only\n\n").unwrap(), vec![]);
        // What TOML refuses anywhere, and white space that is not TOML's.
        for text in [
            "a = 'x\u{1}y'",
            "a = 'x\u{7f}'",
            "# a\u{0}\nb = 1",
            "a = 1\rb = 2",
            "a = 1\r",
            "a\u{3000}= 1",
            "a = [1,\u{a0}2]",
            "\u{85}a = 1",
            "a = 1\u{c}",
            "a = 99999999999999999999",
        ] {
            assert!(read_fields(text).is_err(), "{text:?}");
        }
        assert_eq!(read_fields("a = 1\r\nb = '\tx'\r\n").unwrap().len(), 2);
    }
}
