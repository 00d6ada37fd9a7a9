//! Cutting a `.phhs` text into its hands: one TOML table (`[1]`, `[2]`, ...) each.

use super::fields::{is_toml_space, toml_strip};

/// One hand's table: its name, where its lines start and its text (header excluded).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Table<'a> {
    /// The name between the brackets, quotes removed; `None` for lines before any header
    /// (a `.phh` file of one hand has no header at all).
    pub name: Option<&'a str>,
    /// The line number (from 1) of the table's first line after its header.
    pub first_line: usize,
    /// The table's lines, each ending in `\n` but perhaps the last.
    pub body: &'a str,
}

/// The tables of a text, and where the part still open starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Split<'a> {
    /// The complete tables, in order.
    pub tables: Vec<Table<'a>>,
    /// The byte offset of the text not yet cut (the last table, header included, when more
    /// text is to come); the text's length when everything was cut.
    pub rest: usize,
    /// The line number of the first line of that rest.
    pub rest_line: usize,
}

/// A table header `[name]`, `['name']` or `["name"]`, perhaps followed by a comment: the
/// name as written between the brackets.
fn header(line: &str) -> Option<&str> {
    let inner = toml_strip(line).strip_prefix('[')?;
    let inner = inner.trim_start_matches(is_toml_space);
    let (name, after) = match inner.chars().next()? {
        quote @ ('\'' | '"') => {
            let end = inner[1..].find(quote)? + 2;
            inner.split_at(end)
        }
        _ => {
            let end = inner
                .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-')))
                .unwrap_or(inner.len());
            if end == 0 {
                return None;
            }
            inner.split_at(end)
        }
    };
    let after = after.trim_start_matches(is_toml_space).strip_prefix(']')?;
    let after = after.trim_start_matches(is_toml_space);
    // A comment may follow, but it runs to the end of the line ('.' stops at a newline).
    if after.is_empty() || (after.starts_with('#') && !after.contains('\n')) {
        Some(name)
    } else {
        None
    }
}

/// Whether `line` (its `\n` left out) is a table header; `[[` starts an array of tables.
fn is_header_line(line: &str) -> Option<&str> {
    if line.starts_with('[') && !line.starts_with("[[") {
        header(line)
    } else {
        None
    }
}

/// Whether a line of `text` (which starts at a line's start) is a table header: whether
/// lines that follow an open table close it. A reader of a long table in blocks asks this
/// of each new block alone, and cuts the tables ([`split_tables`]) only once one ends, so
/// the time to read a table grows with its length, not with its square.
///
/// # Examples
/// ```
/// use pokerforge_core::phh::has_header;
/// assert!(has_header("a = 1\n[2]\n"));
/// assert!(!has_header("a = 1\n# [2]\n[[x]]\n"));
/// ```
pub fn has_header(text: &str) -> bool {
    text.split('\n').any(|line| is_header_line(line).is_some())
}

/// Whether a chunk of lines holds anything but blank lines and comments.
fn has_content(chunk: &str) -> bool {
    chunk.split('\n').any(|line| {
        let stripped = toml_strip(line);
        !stripped.is_empty() && !stripped.starts_with('#')
    })
}

/// The hands of `text`, whose first line is line `first_line` of its file. With `last`
/// false more text follows, so the table still open at the end is left in the rest (to be
/// cut again with the text that follows); with `last` true every table is cut.
///
/// Lines before the first header are a hand of their own when they hold anything (a
/// `.phh` file); a header with nothing under it is still a hand (an empty one).
///
/// # Examples
/// ```
/// use pokerforge_core::phh::split_tables;
/// let text = "# hands\n[1]\nvariant = 'NT'\n\n[2]\nvariant = 'NT'\n";
/// let split = split_tables(text, 1, false);
/// assert_eq!(split.tables.len(), 1);
/// assert_eq!((split.tables[0].name, split.tables[0].first_line), (Some("1"), 3));
/// assert_eq!((&text[split.rest..], split.rest_line), ("[2]\nvariant = 'NT'\n", 5));
/// assert_eq!(split_tables(text, 1, true).tables.len(), 2);
/// ```
pub fn split_tables(text: &str, first_line: usize, last: bool) -> Split<'_> {
    let mut tables = Vec::new();
    let mut name: Option<&str> = None;
    let mut seen = false;
    let mut start = first_line; // line number of the open chunk's first line
    let mut chunk_at = 0; // byte offset of the open chunk's first line
    let mut open_at = 0; // byte offset of the open chunk's header (or of the text)
    let mut open_line = first_line;
    let mut at = 0;
    let mut number = first_line;
    while at < text.len() {
        let end = text[at..].find('\n').map_or(text.len(), |i| at + i + 1);
        let line = &text[at..end];
        if !last && !line.ends_with('\n') {
            break; // a line cut short: it is read again, whole, with the text that follows
        }
        if let Some(raw) = is_header_line(line.strip_suffix('\n').unwrap_or(line)) {
            let body = &text[chunk_at..at];
            if seen || has_content(body) {
                tables.push(Table {
                    name,
                    first_line: start,
                    body,
                });
            }
            name = Some(raw.trim_matches(['\'', '"']));
            seen = true;
            start = number + 1;
            open_at = at;
            open_line = number;
            chunk_at = end;
        }
        at = end;
        number += 1;
    }
    if !last {
        return Split {
            tables,
            rest: open_at,
            rest_line: open_line,
        };
    }
    let body = &text[chunk_at..];
    if seen || has_content(body) {
        tables.push(Table {
            name,
            first_line: start,
            body,
        });
    }
    Split {
        tables,
        rest: text.len(),
        rest_line: number,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_as_the_dataset_writes_them() {
        assert_eq!(header("[12]"), Some("12"));
        assert_eq!(header("[ 'a b' ] # note"), Some("'a b'"));
        assert_eq!(header("[\"x]\"]"), Some("\"x]\""));
        assert_eq!(header("[a.b-c_1]"), Some("a.b-c_1"));
        for line in ["[]", "[a b]", "[1] x", "[1", "['a]"] {
            assert_eq!(header(line), None, "{line:?}");
        }
    }

    #[test]
    fn a_file_without_headers_is_one_hand() {
        let split = split_tables("a = 1\nb = 2", 1, true);
        assert_eq!(split.tables.len(), 1);
        assert_eq!(split.tables[0].name, None);
        assert_eq!(split.tables[0].body, "a = 1\nb = 2");
        assert!(split_tables("# nothing\n\n", 1, true).tables.is_empty());
    }

    #[test]
    fn a_line_cut_short_is_no_header() {
        let split = split_tables("[1]\na = 1\n[2] x", 1, false);
        assert!(split.tables.is_empty());
        assert_eq!(split.rest, 0);
        let whole = split_tables("[1]\na = 1\n[2] x\n", 1, true);
        assert_eq!(whole.tables.len(), 1);
        assert_eq!(whole.tables[0].body, "a = 1\n[2] x\n");
    }

    #[test]
    fn cut_in_pieces_as_a_whole() {
        let text = "[1]\na = 1\n[2]\n[3]\nb = 2\n";
        let whole = split_tables(text, 1, true);
        let first = split_tables(&text[..12], 1, false);
        let rest = format!("{}{}", &text[first.rest..12], &text[12..]);
        let second = split_tables(&rest, first.rest_line, true);
        let mut pieces = first.tables.clone();
        pieces.extend(second.tables.iter().copied());
        let names: Vec<_> = pieces
            .iter()
            .map(|t| (t.name, t.first_line, t.body))
            .collect();
        let want: Vec<_> = whole
            .tables
            .iter()
            .map(|t| (t.name, t.first_line, t.body))
            .collect();
        assert_eq!(names, want);
        assert_eq!(want.len(), 3);
    }
}
