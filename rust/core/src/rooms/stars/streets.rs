//! The cards and the sections of a hand in the PokerStars layout: who is dealt what (the
//! board, a stud street's cards, a draw's replacements) and where each street begins.

use super::super::assemble::Event;
use super::super::record::Cause;
use super::super::table::Deal;
use super::super::words::{fault, groups, known, Fault};
use super::{Reader, Section};

impl Reader {
    pub(super) fn dealt_line(&mut self, rest: &str) -> Result<(), Fault> {
        let Some((who, cards)) = self.who(rest, " ") else {
            return Ok(());
        };
        let mut groups = groups(cards)?;
        let Some(mut last) = groups.pop() else {
            return Ok(());
        };
        if last.is_empty() && cards.trim() == "[]" && self.head.deal == Deal::Board {
            // Dealt nothing (BetOnline's "Dealt to Player13 []": he joined mid-hand).
            self.seats[who].3 = true;
            return Ok(());
        }
        match self.head.deal {
            Deal::Board => self.dealt[who] = Some(last),
            // (A draw with no betting before it, everyone all in, is on the first street.)
            Deal::Draw if self.street == 0 && !self.pending.iter().any(|p| p.0 == who) => {
                self.dealt[who] = Some(last)
            }
            Deal::Draw => self.drawn(who, &groups, last),
            Deal::Stud => {
                let again = self.street_dealt.contains(&who);
                if (self.betting || again) && self.section == Section::Play {
                    // No section line: the betting is over (or no one could bet) and the
                    // next street dealt.
                    self.unmarked = true;
                    self.stud_street();
                }
                if self.street == 0 && !groups.is_empty() {
                    // Third street's down and up cards in groups of their own (Full Tilt:
                    // "Dealt to Hero [6c 5d] [3d]"): all of them are dealt now.
                    let mut all: Vec<u8> = groups.concat();
                    all.extend(&last);
                    last = all;
                }
                let cards = match (self.street, groups.is_empty(), last.len()) {
                    // A later street's card written alone (Bovada writes each as dealt).
                    (_, true, 1) if self.street > 0 => known(&last),
                    (0, true, 1) => vec![None, None, Some(last[0])],
                    (0, _, _) => known(&last),
                    (_, true, _) | (_, false, 0) => vec![None], // "[X]": a card not shown
                    _ => known(&last),
                };
                if self.street == 0 && cards.iter().all(Option::is_some) {
                    self.dealt[who] = Some(last);
                }
                self.street_dealt.push(who);
                match self.street_deals.iter().find(|d| d.0 == who) {
                    Some(&(_, at)) => self.events[at] = Event::Deal(who, cards),
                    None => self.events.push(Event::Deal(who, cards)),
                }
            }
        }
        Ok(())
    }

    pub(super) fn section(&mut self, line: &str) -> Result<(), Fault> {
        let inner = line.trim_start_matches('*');
        let (name, after) = inner.split_once("***").unwrap_or((inner, ""));
        let name = name.trim().to_ascii_uppercase();
        self.sections += 1;
        self.flush_draws();
        let runout = ["FIRST ", "SECOND ", "THIRD ", "FOURTH "]
            .iter()
            .position(|w| name.starts_with(w))
            .filter(|_| !name.ends_with("DRAW"));
        if let Some(number) = runout {
            if name.ends_with("SHOW DOWN") || name.ends_with("SHOWDOWN") {
                return Ok(());
            }
            let common = self.board.clone();
            let new: Vec<u8> = groups(after)?
                .pop()
                .unwrap_or_default()
                .into_iter()
                .filter(|c| !common.contains(c))
                .collect();
            self.runouts.push((number as u32 + 1, new));
            return Ok(());
        }
        if !self.runouts.is_empty() {
            let mut runouts = std::mem::take(&mut self.runouts);
            runouts.sort_by_key(|r| r.0);
            let count = runouts.iter().map(|r| r.0).max().unwrap_or(1);
            self.notes.push((usize::MAX, false, i64::from(count)));
            for (_, cards) in runouts {
                self.events.push(Event::Board(cards));
            }
        }
        match name.as_str() {
            "HOLE CARDS" | "DEALING HANDS" | "3RD STREET" | "ANTE/BLINDS" => {}
            "PRE-FLOP" | "PREFLOP" => self.board_cards(after)?,
            "FLOP" | "TURN" | "RIVER" | "BOARD" if self.head.deal == Deal::Board => {
                self.checked_through();
                self.street_begins();
                if groups(after)?.last().is_some_and(Vec::is_empty) {
                    // The street's card left unwritten (`*** TURN *** [3c Jd 6d] []`):
                    // the summary's board deals it (see `runout::fill`).
                    self.events.push(Event::Board(Vec::new()));
                }
                self.board_cards(after)?;
            }
            "4TH STREET" | "5TH STREET" | "6TH STREET" | "RIVER" | "7TH STREET"
                if self.head.deal == Deal::Stud =>
            {
                self.stud_street()
            }
            "FIRST DRAW" | "SECOND DRAW" | "THIRD DRAW" | "DRAW"
                if self.head.deal == Deal::Draw =>
            {
                self.street_begins()
            }
            // Winamax's betting rounds, each after its draw's section (which began the
            // street).
            "FIRST-BET" | "SECOND-BET" | "THIRD-BET" | "FOURTH-BET"
                if self.head.deal == Deal::Draw => {}
            "SHOW DOWN" | "SHOWDOWN" | "RUN IT TWICE" => {}
            "SUMMARY" => self.section = Section::Summary,
            _ => {
                return fault(
                    Cause::Game,
                    format!("{name:?} is not a section of this game"),
                )
            }
        }
        if self.section == Section::Seats {
            self.section = Section::Play;
        }
        Ok(())
    }

    /// A stud street begins: each player still in is dealt a card, which the room writes
    /// only when it is known or face up.
    pub(super) fn stud_street(&mut self) {
        self.street_begins();
        self.street_deals.clear();
        self.street_dealt.clear();
        for who in 0..self.seats.len() {
            if self.in_stud(who) {
                self.street_deals.push((who, self.events.len()));
                self.events.push(Event::Deal(who, vec![None]));
            }
        }
    }

    pub(super) fn stacks(&self) -> Vec<i64> {
        self.seats.iter().map(|s| s.2).collect()
    }

    pub(super) fn street_begins(&mut self) {
        self.round.street(&self.street_in);
        self.street += 1;
        self.street_in.iter_mut().for_each(|x| *x = 0);
        self.betting = false;
    }

    /// A draw (or standing pat) after betting: the betting round is over (single-draw
    /// hands have no section marker between their rounds).
    pub(super) fn draw_begins(&mut self) {
        if self.betting {
            self.street_begins();
        }
    }

    /// A stud hand whose third street's cards no line writes (Winamax's play-money
    /// client writes no `Dealt to` line at all) is refused at its first bet: who brings
    /// in is the lowest up card, and no card of the hand tells it.
    pub(super) fn third_street_unwritten(&self) -> Result<(), Fault> {
        let dealt = self.events.iter().any(|e| matches!(e, Event::Deal(..)));
        if self.head.deal != Deal::Stud || self.street != 0 || dealt {
            return Ok(());
        }
        fault(
            Cause::Cards,
            "no up card of third street is written: who brings in (the lowest) is not known",
        )
    }

    /// Whether `who` was dealt in on third street and has not folded.
    pub(super) fn in_stud(&self, who: usize) -> bool {
        !self.folded[who]
            && self
                .events
                .iter()
                .any(|e| matches!(e, Event::Deal(w, c) if *w == who && c.len() == 3))
    }

    pub(super) fn board_cards(&mut self, after: &str) -> Result<(), Fault> {
        let new: Vec<u8> = groups(after)?
            .pop()
            .unwrap_or_default()
            .into_iter()
            .filter(|c| !self.board.contains(c))
            .collect();
        if !new.is_empty() {
            self.board.extend(&new);
            self.events.push(Event::Board(new));
        }
        Ok(())
    }
}
