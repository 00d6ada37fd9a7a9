//! Actions the room does not write. A player who leaves the table in the middle of a hand
//! without folding (BetOnline's `Player0 has left the table` after his call, or after his
//! blind): the room folds him when his turn comes, and his fold is put where the play
//! passes his seat, before the first action, after he left, of a player seated beyond him.
//! A street every player checked, written with no line (BetOnline's Omaha of 2012: `***
//! TURN ***` then `*** RIVER ***`): the players who could bet checked, in their order.
use super::super::assemble::Event;
use super::super::forced::Post;
use super::super::table::{table_cap, Deal};
use super::Reader;
use crate::phh::{Arg, Verb};

impl Reader {
    /// `who` left the table: folded at his turn, if he is in the hand and not folded.
    pub(super) fn left(&mut self, who: usize) {
        if self.acting[who] && !self.folded[who] && !self.gone.contains(&who) {
            self.gone.push(who);
        }
    }

    /// Before `who` bets (or folds, checks, calls): each player gone whose seat the play
    /// passed since the street's last action (before the flop, since the big blind's
    /// seat; after it, since the button's) folds, in the order of the seats.
    pub(super) fn fold_gone(&mut self, who: usize) {
        self.gone.retain(|&g| g != who && !self.folded[g]);
        if self.gone.is_empty() || self.head.deal != Deal::Board {
            return;
        }
        let begun = (self.events.iter())
            .rposition(|e| matches!(e, Event::Board(_)))
            .map_or(0, |at| at + 1);
        let last = self.events[begun..].iter().rev().find_map(|e| match e {
            Event::Act(p, Verb::Fold | Verb::CheckCall | Verb::BetRaise, _) => Some(*p),
            _ => None,
        });
        let big = self.posts.iter().find(|p| p.0 == Post::Big).map(|p| p.1);
        let from = match (last, begun) {
            (Some(p), _) => Some(self.seats[p].0),
            (None, 0) => big.map(|p| self.seats[p].0),
            (None, _) => self.button,
        };
        let Some(from) = from else {
            return;
        };
        let to = self.seats[who].0;
        let passed = |seat: u32| {
            if from < to {
                from < seat && seat < to
            } else {
                seat > from || seat < to
            }
        };
        let mut due: Vec<usize> = (self.gone.iter().copied())
            .filter(|&g| passed(self.seats[g].0))
            .collect();
        due.sort_by_key(|&g| self.seats[g].0.wrapping_sub(from));
        for g in due {
            self.events.push(Event::Act(g, Verb::Fold, Arg::Nothing));
            self.folded[g] = true;
            self.round.act(g, false);
            self.gone.retain(|&x| x != g);
        }
    }

    /// Before a board card is dealt: a street begun with a board and no action since,
    /// where two players or more still in the hand have chips left, was checked by each
    /// of them (in the order of play from the button's seat).
    pub(super) fn checked_through(&mut self) {
        if !matches!(self.events.last(), Some(Event::Board(_))) {
            return;
        }
        // What each may put in: his stack, or a capped table's cap.
        let cap =
            (self.head.cap).or_else(|| table_cap(self.room.code, &self.table, self.head.stakes));
        let most = |p: usize| cap.map_or(self.seats[p].2, |cap| self.seats[p].2.min(cap));
        let mut open: Vec<usize> = (0..self.seats.len())
            .filter(|&p| self.acting[p] && !self.folded[p] && !self.seats[p].3)
            .filter(|&p| most(p) - self.round.before(p) - self.street_in[p] > 0)
            .collect();
        let Some(button) = self.button.filter(|_| open.len() >= 2) else {
            return;
        };
        open.sort_by_key(|&p| self.seats[p].0.wrapping_sub(button).wrapping_sub(1));
        for p in open {
            self.events
                .push(Event::Act(p, Verb::CheckCall, Arg::Nothing));
            self.round.act(p, false);
        }
    }
}
