//! The actions at one decision: bet sizes turned into chip amounts, clamped to what is
//! legal, turned into all-in near the stack, and merged when close.

use std::fmt;

use super::bet_size::BetSize;

/// A move at a decision. Amounts are what the player has in front of them on this street
/// after the move (a "to" amount), in chips.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Give up the pot.
    Fold,
    /// Pass with no bet to face.
    Check,
    /// Match the bet faced.
    Call,
    /// The street's first bet, to this amount.
    Bet(i32),
    /// A raise, to this amount.
    Raise(i32),
    /// Everything in, to this amount.
    AllIn(i32),
}

impl Action {
    /// The street amount a bet, raise or all-in goes to (`None` for the others).
    pub fn amount(self) -> Option<i32> {
        match self {
            Action::Bet(a) | Action::Raise(a) | Action::AllIn(a) => Some(a),
            _ => None,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Fold => f.write_str("fold"),
            Action::Check => f.write_str("check"),
            Action::Call => f.write_str("call"),
            Action::Bet(a) => write!(f, "bet {a}"),
            Action::Raise(a) => write!(f, "raise to {a}"),
            Action::AllIn(a) => write!(f, "all-in {a}"),
        }
    }
}

/// What a decision's sizes are computed from.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Decision {
    /// The pot before this street plus both players' street amounts.
    pub pot: i32,
    /// The street amount of the player to act.
    pub mine: i32,
    /// The street amount of the opponent (the bet faced when above `mine`).
    pub theirs: i32,
    /// The street amount that puts the player all-in (equal stacks: the same for both).
    pub max_to: i32,
    /// Streets left counting this one (1 on the river).
    pub streets_left: u8,
    /// Force all-in when the stack left behind would be at most this share of the pot.
    pub allin_threshold: f64,
    /// Merge sizes whose pot shares `x < y` have `(1 + y) / (1 + x) < 1 + merge`.
    pub merge_threshold: f64,
}

impl Decision {
    /// The legal actions for `sizes` (bet sizes when no bet is faced, raise sizes when one
    /// is), sorted: fold, check, call, then amounts ascending.
    pub fn actions(&self, sizes: &[BetSize]) -> Vec<Action> {
        let facing = self.theirs > self.mine;
        let mut actions = Vec::with_capacity(sizes.len() + 2);
        // The pot once the player has called: the base of a raise's share.
        let pot = self.pot + (self.theirs - self.mine);
        if facing {
            actions.push(Action::Fold);
            actions.push(Action::Call);
            if self.theirs >= self.max_to {
                return actions;
            }
        } else {
            actions.push(Action::Check);
        }
        let offset = self.theirs;
        // A raise adds at least the last increment; a first bet at least one chip.
        let min_to = (self.theirs + (self.theirs - self.mine))
            .max(1)
            .min(self.max_to);
        let mut amounts: Vec<i32> = Vec::new();
        for size in sizes {
            let to = match *size {
                BetSize::Pot(share) => offset + round(f64::from(pot) * share),
                BetSize::Multiple(m) if facing => round(f64::from(self.theirs) * m),
                BetSize::Multiple(_) => continue,
                BetSize::Geometric { streets, cap } => {
                    let streets = if streets == 0 {
                        self.streets_left
                    } else {
                        streets
                    };
                    let spr = f64::from(self.max_to - offset) / f64::from(pot);
                    let share = ((2.0 * spr + 1.0).powf(1.0 / f64::from(streets)) - 1.0) / 2.0;
                    offset + round(f64::from(pot) * share.min(cap))
                }
                BetSize::AllIn => self.max_to,
            };
            let mut to = to.clamp(min_to, self.max_to);
            // The stack left behind once called, against the pot then: all-in when small.
            let pot_after = self.pot + (to - self.mine) + (to - self.theirs);
            if self.max_to - to <= round(f64::from(pot_after) * self.allin_threshold) {
                to = self.max_to;
            }
            if to > offset {
                amounts.push(to);
            }
        }
        amounts.sort_unstable();
        amounts.dedup();
        let kept = merge(&amounts, offset, pot, self.merge_threshold);
        for to in kept {
            actions.push(if to == self.max_to {
                Action::AllIn(to)
            } else if facing {
                Action::Raise(to)
            } else {
                Action::Bet(to)
            });
        }
        actions
    }
}

/// Rounds half away from zero to whole chips (inputs are bounded far inside `i32`).
fn round(x: f64) -> i32 {
    x.round() as i32
}

/// The amounts (ascending) left once close sizes are merged: keep the largest, drop each
/// smaller one whose share `y` of the pot has `(1 + kept) / (1 + y) <= 1 + threshold`,
/// and go on from the next one kept.
fn merge(amounts: &[i32], offset: i32, pot: i32, threshold: f64) -> Vec<i32> {
    if threshold <= 0.0 {
        return amounts.to_vec();
    }
    let share = |to: i32| f64::from(to - offset) / f64::from(pot);
    let mut kept: Vec<i32> = Vec::with_capacity(amounts.len());
    for &to in amounts.iter().rev() {
        match kept.last() {
            Some(&big) if (1.0 + share(big)) / (1.0 + share(to)) <= 1.0 + threshold + 1e-12 => {}
            _ => kept.push(to),
        }
    }
    kept.reverse();
    kept
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::bet_size::parse_list;

    fn decision(pot: i32, mine: i32, theirs: i32, max_to: i32) -> Decision {
        Decision {
            pot,
            mine,
            theirs,
            max_to,
            streets_left: 2,
            allin_threshold: 0.15,
            merge_threshold: 0.1,
        }
    }

    #[test]
    fn bets_and_raises() {
        let sizes = parse_list("50%, a").unwrap();
        let d = decision(200, 0, 0, 900);
        assert_eq!(
            d.actions(&sizes),
            vec![Action::Check, Action::Bet(100), Action::AllIn(900)]
        );
        let raises = parse_list("2.5x").unwrap();
        let d = decision(300, 0, 100, 900);
        assert_eq!(
            d.actions(&raises),
            vec![Action::Fold, Action::Call, Action::Raise(250)]
        );
        // Raising to 2.5 x 250 = 625 leaves 275 behind against a pot of 1,450: more than
        // 15%, so it stays a raise; raising to 2.5 x 625 is past the stack: all-in.
        let d = decision(550, 100, 250, 900);
        assert_eq!(
            d.actions(&raises),
            vec![Action::Fold, Action::Call, Action::Raise(625)]
        );
        let d = decision(1450, 250, 625, 900);
        assert_eq!(
            d.actions(&raises),
            vec![Action::Fold, Action::Call, Action::AllIn(900)]
        );
        // Facing all-in: no raise.
        let d = decision(1100, 0, 900, 900);
        assert_eq!(d.actions(&raises), vec![Action::Fold, Action::Call]);
    }

    #[test]
    fn geometric_puts_the_stacks_in_over_the_streets() {
        let sizes = parse_list("e").unwrap();
        let d = Decision {
            streets_left: 2,
            allin_threshold: 0.0,
            ..decision(100, 0, 0, 400)
        };
        // Pot 100, stacks 400: bet 100 (pot 300), then 300 puts 400 in.
        assert_eq!(d.actions(&sizes), vec![Action::Check, Action::Bet(100)]);
    }

    #[test]
    fn close_sizes_merge_into_the_larger() {
        let sizes = parse_list("50%, 55%, 100%").unwrap();
        let d = decision(100, 0, 0, 10_000);
        assert_eq!(
            d.actions(&sizes),
            vec![Action::Check, Action::Bet(55), Action::Bet(100)]
        );
        let d = Decision {
            merge_threshold: 0.0,
            ..d
        };
        assert_eq!(d.actions(&sizes).len(), 4);
    }

    #[test]
    fn small_stacks_left_behind_become_all_in() {
        let sizes = parse_list("75%").unwrap();
        // Betting 75 leaves 25 behind against a pot of 250: 10% <= 15%.
        let d = decision(100, 0, 0, 100);
        assert_eq!(d.actions(&sizes), vec![Action::Check, Action::AllIn(100)]);
    }
}
