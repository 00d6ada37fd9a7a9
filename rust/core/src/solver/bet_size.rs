//! Bet-size options: what a player may bet or raise at a decision, as text and as data.
//!
//! # Text
//! A comma-separated list; whitespace and case are free:
//! - `50%`, `33.3%`, `150%`: a share of the pot (for a raise, of the pot after calling).
//! - `2.5x`: a multiple of the bet faced (raises only): raise to 2.5 times its size.
//! - `e`, `2e`, `e150%`, `3e200%`: geometric: the share of the pot that, bet and called
//!   on each remaining street (or on the given number of streets), puts the stacks in;
//!   an optional cap as a share of the pot.
//! - `a`: all-in.

use crate::error::{Error, Result};

/// The most sizes one list may hold: each size multiplies the tree.
pub const MAX_SIZES: usize = 16;

/// One bet or raise size.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum BetSize {
    /// A share of the pot (1.0 = pot); for a raise, of the pot after the call.
    Pot(f64),
    /// Raise to this multiple of the bet faced (raises only).
    Multiple(f64),
    /// The geometric size over `streets` streets (0: every street left), at most `cap`
    /// times the pot (`f64::INFINITY` for none).
    Geometric {
        /// Streets to spread the stacks over; 0 means every street left.
        streets: u8,
        /// The largest share of the pot it may be.
        cap: f64,
    },
    /// All-in.
    AllIn,
}

impl BetSize {
    /// The size as text of the module's grammar.
    pub fn text(&self) -> String {
        match *self {
            BetSize::Pot(share) => format!("{}%", share * 100.0),
            BetSize::Multiple(m) => format!("{m}x"),
            BetSize::Geometric { streets, cap } => {
                let mut s = String::new();
                if streets > 0 {
                    s.push_str(&streets.to_string());
                }
                s.push('e');
                if cap.is_finite() {
                    s.push_str(&format!("{}%", cap * 100.0));
                }
                s
            }
            BetSize::AllIn => "a".to_string(),
        }
    }
}

/// The sizes of one player on one street: for a first bet and for raises.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct BetSizes {
    /// Sizes of a bet when no bet has been made on the street.
    pub bet: Vec<BetSize>,
    /// Sizes of a raise facing a bet.
    pub raise: Vec<BetSize>,
}

impl BetSizes {
    /// Parses the bet and the raise lists.
    ///
    /// # Errors
    /// [`Error::InvalidBetSize`] naming the text and the item at fault (a multiple among
    /// the bets, a number out of range, more than [`MAX_SIZES`] sizes).
    pub fn parse(bet: &str, raise: &str) -> Result<BetSizes> {
        let bet_sizes = parse_list(bet)?;
        if bet_sizes.iter().any(|s| matches!(s, BetSize::Multiple(_))) {
            return Err(Error::InvalidBetSize {
                text: bet.to_string(),
                reason: "a multiple of the bet faced ('x') is only a raise size".to_string(),
            });
        }
        Ok(BetSizes {
            bet: bet_sizes,
            raise: parse_list(raise)?,
        })
    }
}

/// Parses one comma-separated list of sizes (an empty text is an empty list).
///
/// # Errors
/// [`Error::InvalidBetSize`] naming the item at fault.
pub fn parse_list(text: &str) -> Result<Vec<BetSize>> {
    let fail = |reason: String| Error::InvalidBetSize {
        text: text.chars().take(200).collect(),
        reason,
    };
    if text.len() > 1000 {
        return Err(fail("the text is longer than 1000 characters".to_string()));
    }
    let mut sizes = Vec::new();
    for item in text.split(',') {
        let item = item.trim().to_ascii_lowercase();
        if item.is_empty() {
            if text.trim().is_empty() {
                break;
            }
            return Err(fail("an item is empty".to_string()));
        }
        sizes.push(parse_item(&item).ok_or_else(|| {
            fail(format!(
                "'{item}' is not a size: expected a share of the pot like '50%', a raise \
                 multiple like '2.5x', a geometric size 'e' or all-in 'a'"
            ))
        })?);
        if sizes.len() > MAX_SIZES {
            return Err(fail(format!("more than {MAX_SIZES} sizes")));
        }
    }
    Ok(sizes)
}

/// A positive, finite number of at most 10,000 (a percentage or a multiple).
fn number(text: &str) -> Option<f64> {
    let value: f64 = text.parse().ok()?;
    (value.is_finite() && value > 0.0 && value <= 10_000.0).then_some(value)
}

fn parse_item(item: &str) -> Option<BetSize> {
    if item == "a" || item == "allin" || item == "all-in" {
        return Some(BetSize::AllIn);
    }
    if let Some(share) = item.strip_suffix('%') {
        if !share.contains('e') {
            return Some(BetSize::Pot(number(share)? / 100.0));
        }
    }
    if let Some(m) = item.strip_suffix('x') {
        let m = number(m)?;
        return (m > 1.0).then_some(BetSize::Multiple(m));
    }
    let (streets, rest) = item.split_once('e')?;
    let streets = if streets.is_empty() {
        0
    } else {
        let n: u8 = streets.parse().ok()?;
        if !(1..=3).contains(&n) {
            return None;
        }
        n
    };
    let cap = if rest.is_empty() {
        f64::INFINITY
    } else {
        number(rest.strip_suffix('%')?)? / 100.0
    };
    Some(BetSize::Geometric { streets, cap })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_form() {
        let sizes = parse_list("50%, 2.5x, e, 2e150%, A").unwrap();
        assert_eq!(
            sizes,
            vec![
                BetSize::Pot(0.5),
                BetSize::Multiple(2.5),
                BetSize::Geometric {
                    streets: 0,
                    cap: f64::INFINITY
                },
                BetSize::Geometric {
                    streets: 2,
                    cap: 1.5
                },
                BetSize::AllIn
            ]
        );
        assert_eq!(parse_list("").unwrap(), vec![]);
        for size in &sizes {
            assert_eq!(parse_list(&size.text()).unwrap(), vec![*size]);
        }
    }

    #[test]
    fn refuses_bad_items() {
        for bad in [
            "50", "x", "-5%", "0%", "1x", "4e", "e-3%", "50%,,a", "nan%", "inf%",
        ] {
            assert!(
                matches!(parse_list(bad), Err(Error::InvalidBetSize { .. })),
                "{bad}"
            );
        }
        assert!(BetSizes::parse("2x", "").is_err());
        let many = vec!["50%"; MAX_SIZES + 1].join(",");
        assert!(parse_list(&many).is_err());
    }
}
