//! A player who leaves the table in the middle of a hand without folding (BetOnline's
//! `Player0 has left the table` after his call, or after his blind): the room folds him
//! when his turn comes and writes no line for it. His fold is put where the play passes
//! his seat: before the first action, after he left, of a player seated beyond him.

use super::super::assemble::Event;
use super::super::forced::Post;
use super::super::table::Deal;
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
}
