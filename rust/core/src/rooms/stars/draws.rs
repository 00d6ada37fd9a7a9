//! A draw game's discards and replacements in the PokerStars layout, and the draws a
//! client wrote garbled (`Hero: discards 2 cards []` then `Dealt to Hero [2s 7s 5h 3c Qh]
//! [2s 7s 5h 3c Qh]`): that player's draws are read as cards not shown, their counts kept.

use super::super::assemble::Event;
use super::super::words::{groups, known, Fault};
use super::Reader;
use crate::phh::{Arg, Verb};

impl Reader {
    /// `who` discards (`x`: `2 cards [Ad 3c]`, or the count alone where the cards are not
    /// shown): the cards listed where they are as many as the count, else that many cards
    /// not shown.
    pub(super) fn discards(&mut self, who: usize, x: &str) -> Result<(), Fault> {
        self.draw_begins();
        let count: Option<usize> = x.split(' ').next().and_then(|n| n.parse().ok());
        let cards = match (groups(x)?.pop(), count) {
            (Some(c), Some(n)) if c.len() != n => {
                if !c.is_empty() {
                    self.garbled_draws.push(who);
                }
                vec![None; n]
            }
            (Some(c), _) => known(&c),
            (None, n) => vec![None; n.unwrap_or(0)],
        };
        self.pending.push((who, cards.len(), None));
        self.events
            .push(Event::Act(who, Verb::StandPatDiscard, Arg::Cards(cards)));
        self.acting[who] = true;
        Ok(())
    }

    /// The cards `who` draws, `new`, written after those he kept (`kept`: the line's
    /// earlier groups): kept where they are as many as he discarded, none of them kept
    /// already, and the two make a whole hand.
    pub(super) fn drawn(&mut self, who: usize, kept: &[Vec<u8>], new: Vec<u8>) {
        let Some(at) = self.pending.iter().position(|p| p.0 == who) else {
            return;
        };
        let kept: Vec<u8> = kept.concat();
        let whole = kept.is_empty() || kept.len() + new.len() == self.head.hole_count;
        if new.len() == self.pending[at].1 && whole && !new.iter().any(|c| kept.contains(c)) {
            self.pending[at].2 = Some(new);
        } else {
            self.garbled_draws.push(who);
        }
    }

    /// Each draw of a player whose draw lines contradict one another (see the module's
    /// text) read as cards not shown: what he discarded and drew, as many as written, and
    /// so the cards he was dealt first (a hand known is known at each draw).
    pub(super) fn unknown_draws(&mut self) {
        for &who in &self.garbled_draws {
            self.dealt[who] = None;
        }
        for event in &mut self.events {
            match event {
                Event::Act(w, Verb::StandPatDiscard, Arg::Cards(cards)) | Event::Deal(w, cards)
                    if self.garbled_draws.contains(w) =>
                {
                    cards.iter_mut().for_each(|c| *c = None);
                }
                _ => {}
            }
        }
    }
}
