//! Amounts as the rooms write them (`$1,250.50`, `0.50€`, `(1500)`, `€0.05`, `2 500`),
//! read into whole units of [`FINEST`] (ten-thousandths) and, once a hand is read, into the
//! coarsest unit that writes all of its amounts exactly (its chip unit).

/// Decimal places of the unit amounts are read in: no room writes finer money.
pub const FINEST: u32 = 4;

/// The most units an amount may hold: a trillion chips at [`FINEST`] places, far above any
/// stack a room deals, and far below `i64::MAX`, so sums of a hand's amounts never wrap.
pub const MOST_UNITS: i64 = 1_000_000_000_000 * 10_000;

/// Characters that stand for a currency before or after an amount.
const SYMBOLS: [char; 6] = ['$', '€', '£', '¥', '₹', '₽'];

/// The currency symbol an amount is written with, if any.
pub fn symbol(text: &str) -> Option<char> {
    text.chars().find(|c| SYMBOLS.contains(c))
}

/// `text` as an amount in units of [`FINEST`] places: digits with `,` (or a thin or
/// no-break space) between thousands and `.` (or `,` followed by other than three digits)
/// before the decimals, a currency symbol before or after, parentheses around; `None`
/// when it is no amount, has more than [`FINEST`] decimals, or exceeds [`MOST_UNITS`].
///
/// # Examples
/// ```
/// use pokerforge_core::rooms::money::units;
/// assert_eq!(units("$1,250.50"), Some(12_505_000));
/// assert_eq!(units("0.50€"), Some(5_000));
/// assert_eq!(units("(1500)"), Some(15_000_000));
/// assert_eq!(units("0,02"), Some(200));
/// assert_eq!(units("1.00001"), None);
/// assert_eq!(units("$"), None);
/// ```
pub fn units(text: &str) -> Option<i64> {
    let text = text.trim_matches(|c: char| c == '(' || c == ')' || c.is_whitespace());
    let text = text.trim_matches(|c: char| SYMBOLS.contains(&c));
    if text.is_empty() || text.len() > 40 {
        return None;
    }
    // Dots between thousands (888's Dutch and Romanian clients: "1.183.764"): two or more,
    // each followed by three digits, are no decimal point.
    let dotted: Vec<&str> = text.split('.').collect();
    if dotted.len() > 2 && dotted[1..].iter().all(|g| g.len() == 3) {
        return units(&dotted.concat());
    }
    let (mut whole, mut fraction, mut digits_after, mut seen_point) = (0i64, 0i64, 0u32, false);
    let bytes: Vec<char> = text.chars().collect();
    for (i, &c) in bytes.iter().enumerate() {
        match c {
            '0'..='9' => {
                let d = i64::from(c as u8 - b'0');
                if seen_point {
                    digits_after += 1;
                    if digits_after > FINEST {
                        return None;
                    }
                    fraction = fraction * 10 + d;
                } else {
                    whole = whole.checked_mul(10)?.checked_add(d)?;
                    if whole > MOST_UNITS / 10_000 {
                        return None;
                    }
                }
            }
            ',' | '\u{a0}' | '\u{202f}' | ' ' if !seen_point => {
                // A thousands separator has three digits after it, then the end or a point.
                let run = bytes[i + 1..]
                    .iter()
                    .take_while(|c| c.is_ascii_digit())
                    .count();
                // Then the end, a decimal point, the same separator again, or (after a
                // space) a decimal comma: "1,000,000", "15 788,50".
                let next = bytes.get(i + 1 + run);
                let thousands = run == 3
                    && match next {
                        None | Some('.') => true,
                        Some(&n) => n == c || (c != ',' && n == ','),
                    };
                if i == 0 || run == 0 {
                    return None;
                }
                if !thousands {
                    if c != ',' {
                        return None;
                    }
                    seen_point = true; // a decimal comma
                }
            }
            '.' if !seen_point && i > 0 => seen_point = true,
            _ => return None,
        }
    }
    if seen_point && digits_after == 0 {
        return None;
    }
    let scale = 10i64.pow(FINEST - digits_after);
    Some(whole * 10_000 + fraction * scale)
}

/// An amount written to a thousand's fraction (Winamax's tournament totals: `6.27k`): its
/// value and the half unit of its last written digit, in units of [`FINEST`] places (the
/// amount lies within that of the value); `None` for other text.
///
/// # Examples
/// ```
/// use pokerforge_core::rooms::money::abbreviated;
/// assert_eq!(abbreviated("6.27k"), Some((62_700_000, 50_000)));
/// assert_eq!(abbreviated("1k"), Some((10_000_000, 5_000_000)));
/// assert_eq!(abbreviated("6270"), None);
/// ```
pub fn abbreviated(text: &str) -> Option<(i64, i64)> {
    let number = text.trim().strip_suffix('k')?;
    let decimals = number.split_once('.').map_or(0, |(_, d)| d.len());
    if decimals > 3 {
        return None;
    }
    let value = units(number)?.checked_mul(1_000)?;
    let step = 10_000 * 1_000 / 10i64.pow(decimals as u32);
    (value <= MOST_UNITS).then_some((value, step / 2))
}

/// The decimal places of the coarsest unit that writes every amount exactly (0 when all
/// are whole).
pub fn places(amounts: impl IntoIterator<Item = i64>) -> u32 {
    let mut places = 0;
    for amount in amounts {
        while places < FINEST && amount % 10i64.pow(FINEST - places) != 0 {
            places += 1;
        }
    }
    places
}

/// `units` in the unit of `places` decimal places (exact when `places` is the hand's).
pub fn in_unit(units: i64, places: u32) -> i64 {
    units / 10i64.pow(FINEST - places.min(FINEST))
}

/// `chips` of `places` decimal places written as a decimal (`350` at 2 places: `3.5`).
pub fn decimal(chips: i64, places: u32) -> String {
    if places == 0 {
        return chips.to_string();
    }
    let scale = 10i64.pow(places);
    let sign = if chips < 0 { "-" } else { "" };
    let (whole, fraction) = (
        chips.unsigned_abs() / scale as u64,
        chips.unsigned_abs() % scale as u64,
    );
    if fraction == 0 {
        return format!("{sign}{whole}");
    }
    let text = format!("{sign}{whole}.{fraction:0width$}", width = places as usize);
    text.trim_end_matches('0').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_read_as_written() {
        assert_eq!(units("1,500"), Some(15_000_000));
        assert_eq!(units("2 500"), Some(25_000_000));
        assert_eq!(units("£0.25"), Some(2_500));
        assert_eq!(units("1,5"), Some(15_000));
        assert_eq!(units("1,000,000"), Some(10_000_000_000));
        assert_eq!(units("1 123 698"), Some(11_236_980_000));
        assert_eq!(units("15\u{a0}788,50"), Some(157_885_000));
        assert_eq!(units("1.183.764"), Some(11_837_640_000));
        assert_eq!(units("1.18.764"), None);
        for bad in [
            "",
            ",5",
            "1.",
            ".5",
            "1.2.3",
            "1,50,0",
            "x",
            "1e3",
            "-1",
            "99999999999999999",
        ] {
            assert_eq!(units(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_unit_is_the_coarsest_exact_one() {
        assert_eq!(places([10_000, 5_000]), 1);
        assert_eq!(places([10_000, 500]), 2);
        assert_eq!(places([30_000]), 0);
        assert_eq!(places([1]), 4);
        assert_eq!(in_unit(12_505_000, 2), 125_050);
        assert_eq!(decimal(350, 2), "3.5");
        assert_eq!(decimal(300, 2), "3");
        assert_eq!(decimal(7, 0), "7");
        assert_eq!(decimal(5, 2), "0.05");
    }
}
