//! A summary's `Total pot ...` line in the PokerStars layout and those written after it:
//! the total, the rake and the other amounts taken from the pot (`| Rake $0.04 | JP Fee
//! $0.02`); the total's own parts (Run It Once's `| Main pot €62.60 | Side pot €20.98`)
//! are not taken from it.

use super::money::abbreviated;
use super::words::{amount, Fault};

/// What a `Total pot` line states.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Totals {
    pub total: Option<i64>,
    pub rake: Option<i64>,
    pub fees: Vec<(String, i64)>,
}

/// The text after `Total pot ` read; `won` is what the hand's lines paid out, which a
/// total written rounded (Winamax's `6.27k`) stands for where it rounds to it (the
/// actions must then make that pot), else the written value does. The room prints a
/// binary fraction: 17,685 is written `17.68k` (17.685 is stored a hair below the half),
/// so a total halfway between two written values stands for the one its binary fraction
/// rounds to.
///
/// # Errors
/// An amount that is none.
pub fn totals(rest: &str, won: &[i64]) -> Result<Totals, Fault> {
    let mut out = Totals::default();
    let mut parts = rest.split('|');
    let first = parts.next().unwrap_or("");
    let rounded = abbreviated(first);
    if rounded.is_none() {
        out.total = Some(amount(first)?);
    }
    for part in parts {
        let part = part.trim();
        if part.eq_ignore_ascii_case("no rake") {
            out.rake = Some(0);
            continue;
        }
        let Some((name, x)) = part.rsplit_once(' ') else {
            continue;
        };
        let lower = name.to_ascii_lowercase();
        if lower.starts_with("main pot") || lower.starts_with("side pot") {
            continue;
        }
        let x = amount(x)?;
        if name.eq_ignore_ascii_case("rake") {
            out.rake = Some(x);
        } else if x > 0 {
            out.fees.push((name.to_string(), x));
        }
    }
    if let Some((total, within)) = rounded {
        let fees: i64 = out.fees.iter().map(|f| f.1).sum();
        let paid = won.iter().sum::<i64>() + out.rake.unwrap_or(0) + fees;
        out.total = Some(if rounds_to(paid, total, within, first.trim()) {
            paid
        } else {
            total
        });
    }
    Ok(out)
}

/// Whether `paid` (units) is written `text` (`17.68k`, the value `total`, within `within`
/// of it): as a binary fraction of thousands printed to the written decimals.
fn rounds_to(paid: i64, total: i64, within: i64, text: &str) -> bool {
    if (paid - total).abs() > within {
        return false;
    }
    let number = text.strip_suffix('k').unwrap_or(text);
    let decimals = number.split_once('.').map_or(0, |(_, d)| d.len());
    // Units are ten-thousandths of a chip: a thousand chips are 10^7 units. The quotient
    // is the binary fraction nearest the decimal (for totals below 2^53 units), as the
    // room's client holds it.
    #[allow(clippy::cast_precision_loss)]
    let thousands = paid as f64 / 1e7;
    format!("{thousands:.decimals$}") == number
}

/// A summary's `Total pot` lines read one by one: BetOnline writes a line a pot (main and
/// side, one of them before the showdown), the hand's rake on each, whose totals add up;
/// its files of 2011 write the line twice (with the board after each), which is once.
#[derive(Debug, Clone, Default)]
pub struct PotLines {
    totals: Totals,
    last: Option<String>,
}

impl PotLines {
    /// The hand's totals with the line `rest` (the text after `Total pot `) read.
    ///
    /// # Errors
    /// As [`totals`].
    pub fn add(&mut self, rest: &str, won: &[i64]) -> Result<&Totals, Fault> {
        let t = totals(rest, won)?;
        let sums = self.totals.total.is_some() && self.totals.rake == t.rake && t.fees.is_empty();
        match self.last.as_deref() {
            Some(last) if last == rest => {}
            Some(_) if sums => {
                self.totals.total = (self.totals.total)
                    .zip(t.total)
                    .map(|(a, b)| a.saturating_add(b));
            }
            _ => self.totals = t,
        }
        self.last = Some(rest.to_string());
        Ok(&self.totals)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn totals_rake_fees_and_parts() {
        let t = totals("$1.19 | Rake $0.04 | JP Fee $0.02", &[]).unwrap();
        assert_eq!((t.total, t.rake), (Some(11_900), Some(400)));
        assert_eq!(t.fees, [("JP Fee".to_string(), 200)]);
        let t = totals(
            "€83.58 | Main pot €62.60 | Side pot €20.98 | Rake €2.00",
            &[],
        )
        .unwrap();
        assert_eq!((t.total, t.fees.len()), (Some(835_800), 0));
        // 6,265 is written 6.26k (6.265 is stored a hair below the half): it stands for
        // 6.26k, not for 6.27k; 6,280 rounds to neither.
        let t = totals("6.26k | No rake", &[62_650_000]).unwrap();
        assert_eq!(t.total, Some(62_650_000));
        let t = totals("6.27k | No rake", &[62_650_000]).unwrap();
        assert_eq!(t.total, Some(62_700_000));
        let t = totals("6.27k | No rake", &[62_800_000]).unwrap();
        assert_eq!(t.total, Some(62_700_000));
        // Halfway: 17,685 is written 17.68k (the binary 17.685 lies below the half), so
        // it stands for 17.68k, and 17.69k for none but itself.
        let t = totals("17.68k | No rake", &[176_850_000]).unwrap();
        assert_eq!(t.total, Some(176_850_000));
        let t = totals("17.69k | No rake", &[176_850_000]).unwrap();
        assert_eq!(t.total, Some(176_900_000));
        // A line a pot, the rake on each; a line written twice is once.
        let mut lines = PotLines::default();
        lines.add("1.26 | Rake 0.22", &[]).unwrap();
        let t = lines.add("2.49 | Rake 0.22", &[]).unwrap();
        assert_eq!((t.total, t.rake), (Some(37_500), Some(2_200)));
        let mut lines = PotLines::default();
        lines.add("0.95 | Rake 0.05", &[]).unwrap();
        assert_eq!(
            lines.add("0.95 | Rake 0.05", &[]).unwrap().total,
            Some(9_500)
        );
    }
}
