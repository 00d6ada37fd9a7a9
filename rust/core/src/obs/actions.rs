//! The discrete action set: a fixed list of abstract actions that map onto legal amounts.
//!
//! Reinforcement-learning code wants a small, fixed set of action indices and a mask of
//! which are legal now. An [`ActionSet`] lists them; [`ActionSet::resolve`] turns the exact
//! legal actions of the seat to act into a mask and, for each index, the exact chips the
//! game layer will be asked for. The game layer stays the judge of legality: a resolved
//! amount is always one of the amounts it reported as legal.

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, Result};

/// What the seat to act may do now, exactly as the game layer reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Legal {
    /// Folding is legal.
    pub fold: bool,
    /// Checking is legal (nothing is owed).
    pub check: bool,
    /// Chips a call puts in (0 when nothing is owed).
    pub call: i64,
    /// The smallest legal raise-to total, `None` when raising is not allowed.
    pub min_raise_to: Option<i64>,
    /// The largest legal raise-to total, `None` when raising is not allowed.
    pub max_raise_to: Option<i64>,
}

/// One abstract action of an [`ActionSet`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Action {
    /// Fold (legal when the game layer allows folding).
    Fold,
    /// Check when nothing is owed, else call.
    CheckCall,
    /// Raise to the smallest legal total.
    MinRaise,
    /// Raise by a fraction of the pot after calling: to `level + f * (pot + owed)`, rounded
    /// down to the chip unit; legal when that is at least the minimum raise, and capped at
    /// the maximum (so a large fraction becomes the all-in when the stack is short).
    Pot(f64),
    /// Raise to the largest legal total: all-in in no-limit, the pot in pot-limit, the one
    /// allowed amount in fixed-limit.
    AllIn,
}

impl Action {
    /// Whether the action raises (or bets): every action but fold and check/call.
    pub fn is_raise(self) -> bool {
        !matches!(self, Action::Fold | Action::CheckCall)
    }

    /// The action's name as parsed by [`FromStr`]: `fold`, `call`, `min`, `0.5pot`, `pot`,
    /// `allin`.
    pub fn name(self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Fold => f.write_str("fold"),
            Action::CheckCall => f.write_str("call"),
            Action::MinRaise => f.write_str("min"),
            Action::Pot(x) if *x == 1.0 => f.write_str("pot"),
            Action::Pot(x) => write!(f, "{x}pot"),
            Action::AllIn => f.write_str("allin"),
        }
    }
}

impl FromStr for Action {
    type Err = Error;

    /// Parses `fold`, `call` (or `check`), `min`, `allin` (or `all-in`, `max`) and pot
    /// fractions `pot`, `0.5pot`, `2pot` (a fraction above 0 and at most 100).
    fn from_str(text: &str) -> Result<Action> {
        let lower = text.trim().to_ascii_lowercase();
        let bad = || Error::InvalidSetting {
            name: "action",
            value: format!("'{text}'"),
            expected: "one of 'fold', 'call', 'min', 'allin' or a pot fraction like '0.5pot'",
        };
        Ok(match lower.as_str() {
            "fold" => Action::Fold,
            "call" | "check" | "check-call" => Action::CheckCall,
            "min" | "min-raise" => Action::MinRaise,
            "allin" | "all-in" | "max" => Action::AllIn,
            _ => {
                let number = lower.strip_suffix("pot").ok_or_else(bad)?;
                let fraction = if number.is_empty() {
                    1.0
                } else {
                    number.parse::<f64>().map_err(|_| bad())?
                };
                if !(fraction > 0.0 && fraction <= 100.0) {
                    return Err(bad());
                }
                Action::Pot(fraction)
            }
        })
    }
}

/// A fixed list of abstract actions (at most 32, none twice).
#[derive(Debug, Clone, PartialEq)]
pub struct ActionSet {
    actions: Vec<Action>,
}

/// The most actions an [`ActionSet`] may hold.
pub const MAX_ACTIONS: usize = 32;

impl ActionSet {
    /// The set of these actions, in this order.
    ///
    /// # Errors
    /// [`Error::InvalidSetting`] for an empty set, more than 32 actions or a repeat.
    pub fn new(actions: Vec<Action>) -> Result<ActionSet> {
        if actions.is_empty() || actions.len() > MAX_ACTIONS {
            return Err(Error::InvalidSetting {
                name: "actions",
                value: actions.len().to_string(),
                expected: "1 to 32 actions",
            });
        }
        for (i, a) in actions.iter().enumerate() {
            if actions[..i].contains(a) {
                return Err(Error::InvalidSetting {
                    name: "actions",
                    value: format!("'{a}' twice"),
                    expected: "each action at most once",
                });
            }
        }
        Ok(ActionSet { actions })
    }

    /// Parses each name with [`Action::from_str`].
    ///
    /// # Errors
    /// As [`Action::from_str`] and [`ActionSet::new`].
    pub fn parse<S: AsRef<str>>(names: &[S]) -> Result<ActionSet> {
        let actions = names
            .iter()
            .map(|n| n.as_ref().parse())
            .collect::<Result<Vec<Action>>>()?;
        ActionSet::new(actions)
    }

    /// The default set: fold, check/call, min-raise, half pot, pot, all-in.
    pub fn standard() -> ActionSet {
        ActionSet {
            actions: vec![
                Action::Fold,
                Action::CheckCall,
                Action::MinRaise,
                Action::Pot(0.5),
                Action::Pot(1.0),
                Action::AllIn,
            ],
        }
    }

    /// The actions in order.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// Number of actions.
    pub fn len(&self) -> usize {
        self.actions.len()
    }

    /// Always false: a set has at least one action.
    pub fn is_empty(&self) -> bool {
        self.actions.is_empty()
    }

    /// For each action, whether it is legal now and its exact amount: 0 for fold, the
    /// call's chips for check/call (0 for a check), the raise-to street total for raises.
    ///
    /// `level` is the street total to match (the seat's bet plus what it owes), `pot` all
    /// chips in the middle (pots and every bet on this street), `unit` the chip unit.
    /// Illegal actions get mask 0 and amount 0. A raise to the same total as a raise
    /// earlier in the set is masked too (the earlier one is kept): no two legal actions
    /// put in the same chips.
    pub fn resolve(
        &self,
        legal: &Legal,
        level: i64,
        pot: i64,
        unit: i64,
        mask: &mut [u8],
        amounts: &mut [i64],
    ) {
        let raise = match (legal.min_raise_to, legal.max_raise_to) {
            (Some(lo), Some(hi)) => Some((lo, hi)),
            _ => None,
        };
        let unit = unit.max(1);
        for (i, action) in self.actions.iter().enumerate() {
            let (ok, amount) = match *action {
                Action::Fold => (legal.fold, 0),
                Action::CheckCall => (legal.check || legal.call > 0, legal.call),
                Action::MinRaise => raise.map_or((false, 0), |(lo, _)| (true, lo)),
                Action::AllIn => raise.map_or((false, 0), |(_, hi)| (true, hi)),
                Action::Pot(fraction) => raise.map_or((false, 0), |(lo, hi)| {
                    // The sums in 128 bits: no count can make them wrap (the encoder's
                    // counts are within `MAX_CHIPS`, but this is public), and the pot
                    // after calling is rounded to `f64` once.
                    let after_call = (i128::from(pot) + i128::from(legal.call)) as f64;
                    let share = fraction * after_call;
                    // The floor without a call into the maths library: the cast rounds
                    // toward zero (and saturates, as `floor() as i64` does).
                    let whole = share as i64;
                    let floor = if (whole as f64) > share {
                        whole.saturating_sub(1)
                    } else {
                        whole
                    };
                    let wanted = i128::from(level) + i128::from(floor);
                    let wanted = wanted - wanted.rem_euclid(i128::from(unit));
                    if wanted < i128::from(lo) {
                        (false, 0)
                    } else {
                        // At most `hi`, so it fits.
                        (true, wanted.min(i128::from(hi)) as i64)
                    }
                }),
            };
            // Two raises to the same total play the same chips (the pot and the all-in
            // of a short stack, half the pot and the minimum raise): the first in the
            // set's order is kept and the later ones are masked, so that no two legal
            // indices do the same thing.
            let ok = ok
                && !(action.is_raise()
                    && self.actions[..i]
                        .iter()
                        .zip(&mask[..i])
                        .zip(&amounts[..i])
                        .any(|((earlier, &m), &chips)| {
                            m == 1 && chips == amount && earlier.is_raise()
                        }));
            mask[i] = u8::from(ok);
            amounts[i] = if ok { amount } else { 0 };
        }
    }
}

impl Default for ActionSet {
    fn default() -> ActionSet {
        ActionSet::standard()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resolve(set: &ActionSet, legal: Legal, level: i64, pot: i64) -> (Vec<u8>, Vec<i64>) {
        let mut mask = vec![9; set.len()];
        let mut amounts = vec![9; set.len()];
        set.resolve(&legal, level, pot, 1, &mut mask, &mut amounts);
        (mask, amounts)
    }

    #[test]
    fn parses_names() {
        let set =
            ActionSet::parse(&["fold", "Check", "min", "0.5pot", "pot", "2POT", "all-in"]).unwrap();
        assert_eq!(
            set.actions(),
            &[
                Action::Fold,
                Action::CheckCall,
                Action::MinRaise,
                Action::Pot(0.5),
                Action::Pot(1.0),
                Action::Pot(2.0),
                Action::AllIn
            ]
        );
        let names: Vec<String> = set.actions().iter().map(|a| a.name()).collect();
        assert_eq!(
            names,
            ["fold", "call", "min", "0.5pot", "pot", "2pot", "allin"]
        );
        for bad in ["", "raise", "-1pot", "0pot", "xpot", "101pot", "NaNpot"] {
            assert!(Action::from_str(bad).is_err(), "{bad}");
        }
        assert!(ActionSet::parse(&["fold", "fold"]).is_err());
        assert!(ActionSet::parse::<&str>(&[]).is_err());
    }

    #[test]
    fn facing_the_big_blind() {
        // Blinds 1/2, six seats, UTG with 200: call 2, raise 4..200, pot after call 5.
        let legal = Legal {
            fold: true,
            check: false,
            call: 2,
            min_raise_to: Some(4),
            max_raise_to: Some(200),
        };
        let (mask, amounts) = resolve(&ActionSet::standard(), legal, 2, 3);
        // Half pot: 2 + 2.5 -> 4, the minimum raise's 4: masked; pot: 2 + 5 = 7.
        assert_eq!(mask, [1, 1, 1, 0, 1, 1]);
        assert_eq!(amounts, [0, 2, 4, 0, 7, 200]);
    }

    #[test]
    fn small_fractions_are_masked_and_large_ones_capped() {
        let legal = Legal {
            fold: false,
            check: true,
            call: 0,
            min_raise_to: Some(10),
            max_raise_to: Some(30),
        };
        let set = ActionSet::parse(&["0.25pot", "2pot", "call", "fold"]).unwrap();
        // Pot 20: a quarter is 5 (< 10, masked); twice is 40, capped at the all-in 30.
        let (mask, amounts) = resolve(&set, legal, 0, 20);
        assert_eq!(mask, [0, 1, 1, 0]);
        assert_eq!(amounts, [0, 30, 0, 0]);
    }

    #[test]
    fn pot_fractions_are_the_floor_of_the_share() {
        // Raising open from -1,000,000 to 1,000,000: nothing is masked or capped, so each
        // amount is the level plus the floor of the share, negative pots (a state the
        // game layer never gives) and shares beyond i64 included.
        let legal = Legal {
            fold: false,
            check: true,
            call: 0,
            min_raise_to: Some(i64::MIN),
            max_raise_to: Some(i64::MAX),
        };
        // One fraction per set: in one set, fractions that come to the same total (at a
        // pot of 0, say) would mask each other.
        let names = ["0.3pot", "0.5pot", "pot", "2.7pot", "100pot"];
        let fractions = [0.3, 0.5, 1.0, 2.7, 100.0];
        for (name, fraction) in names.iter().zip(fractions) {
            let set = ActionSet::parse(&[name]).unwrap();
            for pot in (-1_000_000..1_000_000)
                .step_by(997)
                .chain([0, 1, 7, i64::MAX, i64::MIN])
            {
                let (mask, amounts) = resolve(&set, legal, 0, pot);
                assert_eq!(mask, [1]);
                assert_eq!(
                    amounts[0],
                    (fraction * pot as f64).floor() as i64,
                    "{fraction} of {pot}"
                );
            }
        }
    }

    #[test]
    fn extreme_counts_cap_at_the_maximum_and_never_wrap() {
        // A level, a call and a pot at the ends of i64: each sum wrapped before (a pot
        // fraction of a huge pot came out negative, or a panic with overflow checks).
        for (level, call, pot, hi) in [
            (i64::MAX, i64::MAX, i64::MAX, i64::MAX),
            (i64::MAX - 1, 1, i64::MAX, i64::MAX - 1),
            (1 << 62, 1 << 62, 1 << 62, i64::MAX),
        ] {
            let legal = Legal {
                fold: true,
                check: false,
                call,
                min_raise_to: Some(0),
                max_raise_to: Some(hi),
            };
            let set = ActionSet::parse(&["0.5pot", "pot", "100pot"]).unwrap();
            let (mask, amounts) = resolve(&set, legal, level, pot);
            // All three capped at the same total: the first is kept, the others masked.
            assert_eq!(
                (mask, amounts),
                (vec![1, 0, 0], vec![hi, 0, 0]),
                "{level} {call} {pot}"
            );
        }
        // Far below zero: masked, never a wrap to a large raise.
        let legal = Legal {
            fold: true,
            check: true,
            call: 0,
            min_raise_to: Some(0),
            max_raise_to: Some(100),
        };
        let set = ActionSet::parse(&["pot"]).unwrap();
        let (mask, amounts) = resolve(&set, legal, i64::MIN, i64::MIN);
        assert_eq!((mask, amounts), (vec![0], vec![0]));
    }

    #[test]
    fn raises_to_the_same_total_keep_the_first() {
        // A short stack facing 7 with 15 in the middle: the pot (7 + 22 = 29) is past the
        // all-in 20, so pot, 2pot and allin are all 20; min (12) and 0.5pot (7 + 11 = 18)
        // differ.
        let legal = Legal {
            fold: true,
            check: false,
            call: 7,
            min_raise_to: Some(12),
            max_raise_to: Some(20),
        };
        let set = ActionSet::parse(&["allin", "fold", "pot", "min", "0.5pot", "2pot"]).unwrap();
        let (mask, amounts) = resolve(&set, legal, 7, 15);
        assert_eq!(mask, [1, 1, 0, 1, 1, 0]);
        assert_eq!(amounts, [20, 0, 0, 12, 18, 0]);
        // Reordered, the first of the equal raises in the set is the one kept.
        let set = ActionSet::parse(&["pot", "allin", "min", "0.5pot"]).unwrap();
        let (mask, amounts) = resolve(&set, legal, 7, 15);
        assert_eq!((mask, amounts), (vec![1, 0, 1, 1], vec![20, 0, 12, 18]));
        // Fold and call are never masked for a raise's sake, even at equal chips.
        let legal = Legal {
            fold: true,
            check: true,
            call: 0,
            min_raise_to: Some(0),
            max_raise_to: Some(0),
        };
        let set = ActionSet::parse(&["fold", "call", "min", "allin"]).unwrap();
        let (mask, amounts) = resolve(&set, legal, 0, 10);
        assert_eq!((mask, amounts), (vec![1, 1, 1, 0], vec![0, 0, 0, 0]));
    }

    #[test]
    fn no_raise_allowed() {
        let legal = Legal {
            fold: true,
            check: false,
            call: 50,
            min_raise_to: None,
            max_raise_to: None,
        };
        let (mask, amounts) = resolve(&ActionSet::standard(), legal, 80, 200);
        assert_eq!(mask, [1, 1, 0, 0, 0, 0]);
        assert_eq!(amounts, [0, 50, 0, 0, 0, 0]);
    }

    #[test]
    fn pot_amounts_round_down_to_the_unit() {
        let legal = Legal {
            fold: false,
            check: true,
            call: 0,
            min_raise_to: Some(5),
            max_raise_to: Some(1000),
        };
        let set = ActionSet::parse(&["0.5pot"]).unwrap();
        let mut mask = [0];
        let mut amounts = [0];
        set.resolve(&legal, 0, 35, 5, &mut mask, &mut amounts);
        assert_eq!((mask, amounts), ([1], [15]));
    }
}
