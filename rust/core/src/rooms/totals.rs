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
    /// Each pot's line's total, in the order written.
    pots: Vec<i64>,
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
                self.pots.extend(t.total);
            }
            _ => {
                self.pots = t.total.into_iter().collect();
                self.totals = t;
            }
        }
        self.last = Some(rest.to_string());
        Ok(&self.totals)
    }
}

impl PotLines {
    /// The winnings `won` with the pots a lone winner's summary line leaves out: BetOnline
    /// writes a player who won the main pot and a side pot as winning one of them (`won
    /// (2.49)` where its pot lines are 1.26 and 2.49). Where one player alone is paid,
    /// what one pot line says, he is paid what they all hold (the replay then holds his
    /// hand to having won each).
    pub fn claim(&self, won: &mut [i64]) {
        let mut paid = (0..won.len()).filter(|&p| won[p] > 0);
        let (Some(p), None, Some(total)) = (paid.next(), paid.next(), self.totals.total) else {
            return;
        };
        if self.pots.len() >= 2 && self.pots.contains(&won[p]) && total > won[p] {
            won[p] = total;
        }
    }
}

/// The winnings of the hand's `collected` lines, or the summary's (`summary`) where they
/// alone make the stated `total` with its rake (and its fees, or without them: chips the
/// room added are among them): Run It Once's side pot with chips it added, whose
/// collected lines make 148.84 and its summary 143.84 of a pot of 146.34 less 2.50 rake.
pub fn balanced(
    collected: Vec<i64>,
    summary: &[i64],
    total: Option<i64>,
    rake: Option<i64>,
    fees: &[(String, i64)],
) -> Vec<i64> {
    let fees = fees.iter().fold(0i64, |a, f| a.saturating_add(f.1));
    let makes = |won: &[i64]| {
        let paid = won
            .iter()
            .fold(rake.unwrap_or(0), |a, &w| a.saturating_add(w));
        total.is_some_and(|t| t == paid || t == paid.saturating_add(fees))
    };
    if !makes(&collected) && makes(summary) && summary.len() == collected.len() {
        summary.to_vec()
    } else {
        collected
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
        // Its one winner written as winning the last pot: paid both.
        let mut won = [0, 24_900, 0];
        lines.claim(&mut won);
        assert_eq!(won, [0, 37_500, 0]);
        let mut won = [12_600, 24_900];
        lines.claim(&mut won);
        assert_eq!(won, [12_600, 24_900]);
        // Collected lines that do not make the total, a summary's that do.
        let fees = [("STP".to_string(), 500)];
        let won = balanced(vec![14_884], &[14_384], Some(14_634), Some(250), &fees);
        assert_eq!(won, [14_384]);
        let won = balanced(vec![14_384], &[14_884], Some(14_634), Some(250), &fees);
        assert_eq!(won, [14_384]);
        let mut lines = PotLines::default();
        lines.add("0.95 | Rake 0.05", &[]).unwrap();
        assert_eq!(
            lines.add("0.95 | Rake 0.05", &[]).unwrap().total,
            Some(9_500)
        );
    }
}
