//! A history file's bytes as lines of text, whatever it was written in: UTF-8 (with or
//! without a byte-order mark), UTF-16 (by its mark, or by the zero bytes of its ASCII
//! text), or the Windows code page 1252 of older clients, line by line (files joined from
//! several clients mix them).

/// cp1252's characters for the bytes 0x80 to 0x9F (the rest are Latin-1's); `\u{fffd}`
/// where the code page defines none.
const CP1252_HIGH: [char; 32] = [
    '€', '\u{fffd}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{fffd}', 'Ž',
    '\u{fffd}', '\u{fffd}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{fffd}',
    'ž', 'Ÿ',
];

fn cp1252(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|&b| match b {
            0x80..=0x9f => CP1252_HIGH[usize::from(b - 0x80)],
            _ => char::from(b),
        })
        .collect()
}

/// Whether the bytes are UTF-16, and which order: `Some(true)` little-endian.
fn utf16(bytes: &[u8]) -> Option<bool> {
    match bytes {
        [0xff, 0xfe, ..] => Some(true),
        [0xfe, 0xff, ..] => Some(false),
        [a, 0, b, 0, ..] if *a != 0 && *b != 0 => Some(true),
        [0, a, 0, b, ..] if *a != 0 && *b != 0 => Some(false),
        _ => None,
    }
}

/// The text of a file's bytes (see the module's documentation), line ends as written.
///
/// # Examples
/// ```
/// use pokerforge_core::rooms::text::decode;
/// assert_eq!(decode(b"\xef\xbb\xbfSeat 1: Zo\xc3\xab\r\n"), "Seat 1: Zoë\r\n");
/// assert_eq!(decode(b"Seat 7: bast\xf2 (1500 in chips)\n"), "Seat 7: bastò (1500 in chips)\n");
/// assert_eq!(decode(b"\xff\xfeA\x00b\x00"), "Ab");
/// ```
pub fn decode(bytes: &[u8]) -> String {
    if let Some(little) = utf16(bytes) {
        let start = usize::from(matches!(bytes, [0xff, 0xfe, ..] | [0xfe, 0xff, ..])) * 2;
        let units = bytes[start..].chunks_exact(2).map(|pair| {
            if little {
                u16::from_le_bytes([pair[0], pair[1]])
            } else {
                u16::from_be_bytes([pair[0], pair[1]])
            }
        });
        return char::decode_utf16(units)
            .map(|c| c.unwrap_or('\u{fffd}'))
            .collect();
    }
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    if let Ok(text) = std::str::from_utf8(bytes) {
        return text.to_string();
    }
    let mut out = String::with_capacity(bytes.len());
    for line in bytes.split_inclusive(|&b| b == b'\n') {
        match std::str::from_utf8(line) {
            Ok(text) => out.push_str(text),
            Err(_) => out.push_str(&cp1252(line)),
        }
    }
    out
}

/// The lines of `text` with their numbers (from 1), each without its end (`\r\n`, `\n`
/// or a lone `\r`, which old Mac clients wrote) or a byte-order mark.
pub fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split('\n')
        .flat_map(|line| {
            let line = line.strip_suffix('\r').unwrap_or(line);
            line.split('\r')
        })
        .map(|line| line.trim_start_matches('\u{feff}'))
        .enumerate()
        .map(|(i, line)| (i + 1, line))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_encoding_reads() {
        assert_eq!(decode(b"\x80 5"), "€ 5");
        assert_eq!(decode(b"\xfe\xff\x00A\x00b"), "Ab");
        assert_eq!(decode(b"A\x00b\x00"), "Ab");
        let mixed = decode(b"caf\xc3\xa9\ncaf\xe9\n");
        assert_eq!(mixed, "café\ncafé\n");
        let got: Vec<_> = lines("a\r\nb\rc\n\u{feff}d").collect();
        assert_eq!(got, [(1, "a"), (2, "b"), (3, "c"), (4, "d")]);
    }
}
