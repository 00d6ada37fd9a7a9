//! Amounts of money as a record writes them, and their count in chips of the hand's unit.
//!
//! An amount is a decimal number as Python's `Decimal` reads one: an optional sign, digits
//! with an optional point, an optional exponent (`247.10`, `3`, `1.5e3`). A hand counts
//! chips of `10^-places` of the record's money, `places` being the most decimal places any
//! of its amounts needs (at most [`MAX_PLACES`]); an amount is then a whole number of chips
//! of at most [`MAX_CHIPS`], or a named error.

/// The finest chip unit a hand may need: a hundred-millionth of the record's money.
pub const MAX_PLACES: u32 = 8;

/// The most chips an amount may count (`2^63 - 1`).
pub const MAX_CHIPS: i64 = i64::MAX;

/// A number as written: `(whole ++ fraction) * 10^exponent / 10^fraction.len()`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Amount<'a> {
    negative: bool,
    whole: &'a str,
    fraction: &'a str,
    exponent: i64,
    /// Digits written (underscores left out), and of those after the point.
    count: usize,
    places: usize,
}

/// Why an amount is no count of chips.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NotChips {
    /// More than [`MAX_CHIPS`] chips (or a number too large to count).
    TooMany,
    /// Not a whole number of chips of the unit.
    NotWhole,
}

/// How many digits `text` has, if it is ASCII digits and underscores (which Python's
/// `Decimal` reads as nothing: `1_000`).
fn count_digits(text: &str) -> Option<usize> {
    let mut count = 0;
    for b in text.bytes() {
        match b {
            b'0'..=b'9' => count += 1,
            b'_' => {}
            _ => return None,
        }
    }
    Some(count)
}

impl<'a> Amount<'a> {
    /// The number `text` (`None`: not a finite decimal number).
    pub(crate) fn parse(text: &'a str) -> Option<Self> {
        let (negative, unsigned) = match text.as_bytes().first() {
            Some(b'-') => (true, &text[1..]),
            Some(b'+') => (false, &text[1..]),
            _ => (false, text),
        };
        let (mantissa, exponent) = match unsigned.find(['e', 'E']) {
            Some(at) => {
                let written = &unsigned[at + 1..];
                let digits = written.strip_prefix(['+', '-']).unwrap_or(written);
                if count_digits(digits)? == 0 {
                    return None;
                }
                // An exponent past 64 bits: no count of chips at all (Python's Decimal
                // refuses such a number, or overflows).
                let exponent: String = written.chars().filter(|&c| c != '_').collect();
                (&unsigned[..at], exponent.parse::<i64>().ok()?)
            }
            None => (unsigned, 0),
        };
        let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        let places = count_digits(fraction)?;
        let count = count_digits(whole)? + places;
        if count == 0 {
            return None;
        }
        Some(Amount {
            negative,
            whole,
            fraction,
            exponent,
            count,
            places,
        })
    }

    /// Whether the amount is below zero (`-0` is not).
    pub(crate) fn is_negative(&self) -> bool {
        self.negative && self.digits().any(|b| b != b'0')
    }

    fn digits(&self) -> impl Iterator<Item = u8> + '_ {
        let digit = |b: &u8| *b != b'_';
        self.whole
            .bytes()
            .filter(digit)
            .chain(self.fraction.bytes().filter(digit))
    }

    /// The exponent of the last digit written (Python's `Decimal.as_tuple().exponent`).
    fn last_exponent(&self) -> i64 {
        let places = self.fraction.bytes().filter(|&b| b != b'_').count();
        self.exponent.saturating_sub(places as i64)
    }

    /// The decimal places the amount is written with (`247.10`: 2; `1.5e3`: 0).
    pub(crate) fn places(&self) -> u64 {
        self.last_exponent().min(0).unsigned_abs()
    }

    /// The amount in chips of `10^-places`.
    pub(crate) fn chips(&self, places: u32) -> Result<i64, NotChips> {
        // The digits from the first that is not zero (no allocation: this runs for every
        // amount of every hand).
        let zeros = self.digits().take_while(|&b| b == b'0').count();
        let count = self.count - zeros;
        if count == 0 {
            return Ok(0);
        }
        // The power of ten of the last digit, in chips.
        let shift = self.last_exponent().saturating_add(i64::from(places));
        let leading = shift.saturating_add(count as i64 - 1);
        // Sized before any arithmetic: the leading digit 19 places up is 10^19 chips.
        if leading > 18 {
            return Err(NotChips::TooMany);
        }
        // Digits below the chip (a negative shift) must be zeros.
        let kept = if shift < 0 {
            (count as i64 + shift).max(0) as usize
        } else {
            count
        };
        let mut total: i128 = 0;
        for (i, d) in self.digits().skip(zeros).enumerate() {
            if i < kept {
                total = total * 10 + i128::from(d - b'0');
            } else if d != b'0' {
                return Err(NotChips::NotWhole);
            }
        }
        total *= 10_i128.pow(shift.max(0) as u32);
        if total > i128::from(MAX_CHIPS) {
            return Err(NotChips::TooMany);
        }
        let total = total as i64;
        Ok(if self.negative { -total } else { total })
    }
}

/// The chip unit of `places` decimal places as Python's `Decimal` writes it (`1`, `0.01`,
/// `1E-7`).
pub(crate) fn unit_text(places: u32) -> String {
    match places {
        0 => "1".to_string(),
        1..=6 => format!("0.{}1", "0".repeat(places as usize - 1)),
        _ => format!("1E-{places}"),
    }
}

/// The message of an amount beyond [`MAX_CHIPS`] chips, the amount as `shown`.
pub(crate) fn too_many(shown: &str, places: u32) -> String {
    format!(
        "{shown} is more than {MAX_CHIPS} chips of {}, the most an amount may count",
        unit_text(places)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chips(text: &str, places: u32) -> Result<i64, NotChips> {
        Amount::parse(text).unwrap().chips(places)
    }

    #[test]
    fn amounts_count_chips_of_the_unit() {
        assert_eq!(chips("3.5", 2), Ok(350));
        assert_eq!(chips("3.500", 2), Ok(350));
        assert_eq!(chips("3.501", 2), Err(NotChips::NotWhole));
        assert_eq!(chips("-1", 0), Ok(-1));
        assert_eq!(chips("1.5e3", 0), Ok(1500));
        assert_eq!(chips(".5", 1), Ok(5));
        assert_eq!(chips("5.", 0), Ok(5));
        assert_eq!(chips("0.000", 0), Ok(0));
        assert_eq!(chips("1_000.5_0", 2), Ok(100_050));
        assert_eq!(chips("_1__0_", 0), Ok(10));
        assert_eq!(chips("9223372036854775807", 0), Ok(MAX_CHIPS));
        assert_eq!(chips("92233720368547758.07", 2), Ok(MAX_CHIPS));
        assert_eq!(chips("9223372036854775808", 0), Err(NotChips::TooMany));
        assert_eq!(chips("1e999999999", 0), Err(NotChips::TooMany));
        assert_eq!(chips("1e19", 0), Err(NotChips::TooMany));
        assert_eq!(chips("1e-999999999", 0), Err(NotChips::NotWhole));
    }

    #[test]
    fn places_are_as_written() {
        let places = |text| Amount::parse(text).unwrap().places();
        assert_eq!(places("247.10"), 2);
        assert_eq!(places("3"), 0);
        assert_eq!(places("1.5e3"), 0);
        assert_eq!(places("15e-3"), 3);
        for text in [
            "", ".", "e3", "1e", "inf", "NaN", "1.2.3", "_", "1e_", "--1", "0x10",
        ] {
            assert_eq!(Amount::parse(text), None, "{text:?}");
        }
        assert_eq!(unit_text(2), "0.01");
        assert_eq!(unit_text(7), "1E-7");
    }
}
