//! What a stud hand leaves unwritten in the rooms that write no stakes for a tournament
//! (iPoker, Merge) or no bring-in where the low card completes at once: the bets of the
//! hand show the stakes (the completion on third street is the small bet, a bet opening
//! fifth street or later the big bet), else another hand of the file at the same ante and
//! bring-in does. A hand that neither shows is refused by name, never guessed.

use super::assemble::Parts;
use super::forced::Post;
use super::record::Cause;
use super::table::Deal;
use super::words::Fault;

/// The bets of one hand that show its stakes: the first completion (or raise of it) on
/// third street, the first bet opening fourth street (the last resort: an open pair lets
/// it be the big bet), the first bet or raise on fifth street or later.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Bets {
    third: Option<i64>,
    fourth: Option<i64>,
    big: Option<i64>,
}

impl Bets {
    /// A bet or raise to `to` on `street` (3 for third street, ... 7), where the street's
    /// level was `level` and the bring-in `bring_in`.
    pub fn bet(&mut self, street: u32, level: i64, to: i64, bring_in: i64) {
        let raise = to.saturating_sub(level);
        match street {
            3 => *self
                .third
                .get_or_insert(if level <= bring_in { to } else { raise }),
            4 if level == 0 => *self.fourth.get_or_insert(to),
            s if s > 4 => *self.big.get_or_insert(raise),
            _ => 0,
        };
    }

    /// The small and big bet the bets show, if they do.
    pub fn stakes(&self) -> Option<(i64, i64)> {
        match (self.third, self.big) {
            // A big bet short of the small was an all-in for less, not the stakes.
            (Some(small), big) => Some((
                small,
                big.filter(|&b| b >= small)
                    .unwrap_or(small.saturating_mul(2)),
            )),
            (None, Some(big)) if big % 2 == 0 => Some((big / 2, big)),
            _ => self.fourth.map(|small| (small, small.saturating_mul(2))),
        }
    }
}

/// A stud hand's ante: with its bring-in, a tournament's level.
fn ante(parts: &Parts) -> i64 {
    parts
        .posts
        .iter()
        .filter(|p| p.0 == Post::Ante)
        .map(|p| p.2)
        .max()
        .unwrap_or(0)
}

/// The bring-in each ante plays with and the stakes each ante and bring-in play at, from
/// the stud hands of one file that show them (the first hand of each).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Learned {
    bring_ins: Vec<(i64, i64)>,
    stakes: Vec<((i64, i64), (i64, i64))>,
}

impl<'a, I: Iterator<Item = &'a Parts>> From<I> for Learned {
    fn from(hands: I) -> Learned {
        let mut learned = Learned::default();
        let studs: Vec<&Parts> = hands.filter(|p| p.head.deal == Deal::Stud).collect();
        for parts in &studs {
            if let Some(bring_in) = parts.bring_in {
                let a = ante(parts);
                if !learned.bring_ins.iter().any(|l| l.0 == a) {
                    learned.bring_ins.push((a, bring_in));
                }
            }
        }
        for parts in &studs {
            let a = ante(parts);
            let bring_in = parts
                .bring_in
                .or_else(|| learned.bring_ins.iter().find(|l| l.0 == a).map(|l| l.1));
            if let (Some(bring_in), Some(stakes)) = (bring_in, parts.head.stakes) {
                if !learned.stakes.iter().any(|l| l.0 == (a, bring_in)) {
                    learned.stakes.push(((a, bring_in), stakes));
                }
            }
        }
        learned
    }
}

impl Learned {
    /// Fills in a stud hand's bring-in and stakes where they are missing.
    ///
    /// # Errors
    /// The fault of a stud hand whose bring-in or stakes no hand of its file shows.
    pub fn fill(&self, parts: &mut Parts) -> Result<(), Fault> {
        if parts.head.deal != Deal::Stud {
            return Ok(());
        }
        let a = ante(parts);
        if parts.bring_in.is_none() {
            // The low card completed instead of bringing in.
            parts.bring_in = self.bring_ins.iter().find(|l| l.0 == a).map(|l| l.1);
        }
        let Some(bring_in) = parts.bring_in else {
            return Err((
                Cause::Game,
                "a stud hand without a bring-in whose amount no hand of its file shows".into(),
            ));
        };
        if parts.head.stakes.is_none() {
            let key = (a, bring_in);
            parts.head.stakes = self.stakes.iter().find(|l| l.0 == key).map(|l| l.1);
        }
        if parts.head.stakes.is_none() {
            return Err((
                Cause::Game,
                "a stud tournament hand whose stakes no bet of its file shows".into(),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tournaments_stud_stakes_are_the_bets_it_shows() {
        let mut shown = Bets::default();
        assert_eq!(shown.stakes(), None);
        shown.bet(4, 0, 60, 15); // a bet opening fourth street: the last resort
        assert_eq!(shown.stakes(), Some((60, 120)));
        shown.bet(5, 0, 120, 15); // fifth street's big bet
        assert_eq!(shown.stakes(), Some((60, 120)));
        let mut big = Bets::default();
        big.bet(4, 0, 120, 15); // an open pair's big bet on fourth street
        big.bet(6, 0, 120, 15);
        assert_eq!(big.stakes(), Some((60, 120)));
        let mut short = Bets::default();
        short.bet(3, 5, 200, 5);
        short.bet(5, 0, 195, 5); // an all-in for less on fifth street
        assert_eq!(short.stakes(), Some((200, 400)));
        let mut completed = Bets::default();
        completed.bet(3, 15, 60, 15); // the completion over the bring-in
        assert_eq!(completed.stakes(), Some((60, 120)));
        let mut raised = Bets::default();
        raised.bet(3, 60, 120, 15); // a raise of the completion: by the small bet
        assert_eq!(raised.stakes(), Some((60, 120)));
    }
}
