//! The observation layout: which slot of the flat `f32` vector holds what.
//!
//! # Layout (version 1)
//! Sections in order; `S` is the layout's seat count, `A` the number of discrete actions,
//! `H` the history length. Seats are numbered relative to the observing seat: `seat+0` is
//! the observer, `seat+1` the next seat clockwise, and so on. Chips are in big blinds.
//!
//! | section | length | contents |
//! |---|---|---|
//! | `hole` | 52 | 1 for each of the observer's hole cards (card index `4 * rank + suit`) |
//! | `board` | 52 | 1 for each board card turned up |
//! | `street` | 5 | one-hot: pre-flop, flop, turn, river, over |
//! | `position` | S | one-hot: seats clockwise from the button (0 = button) |
//! | `seats` | 6 S | per relative seat: present, stack, bet, folded, all-in, acted this street |
//! | `pot` | 2 | chips in the pots from finished streets; bets on this street |
//! | `legal` | 8 | to act, may fold, may check, may call, call chips, may raise, min and max raise-to |
//! | `action_mask` | A | 1 where the discrete action is legal now |
//! | `action_amount` | A | the chips each legal discrete action puts the street total to (call: chips added) |
//! | `history` | H (S + 11) | the last H actions, most recent first; each: present, seat one-hot (relative), kind one-hot (fold, check, call, raise), all-in, street one-hot (4), amount |
//!
//! The whole vector is rewritten on every call, so slots that do not apply are 0.

use crate::error::{Error, Result};
use crate::obs::actions::ActionSet;
use crate::MAX_PLAYERS;

/// The layout's version; it changes whenever a slot moves or changes meaning.
pub const LAYOUT_VERSION: u32 = 1;

/// The most history entries a layout may hold.
pub const MAX_HISTORY: usize = 1024;

/// Names of the five street slots.
pub const STREETS: [&str; 5] = ["preflop", "flop", "turn", "river", "over"];
/// Names of the per-seat slots, in order.
pub const SEAT_FIELDS: [&str; 6] = ["present", "stack", "bet", "folded", "all_in", "acted"];
/// Names of the `legal` slots, in order.
pub const LEGAL_FIELDS: [&str; 8] = [
    "to_act",
    "fold",
    "check",
    "call",
    "call_amount",
    "raise",
    "min_raise_to",
    "max_raise_to",
];
/// Names of the action kinds in a history entry.
pub const KINDS: [&str; 4] = ["fold", "check", "call", "raise"];

/// One named run of slots.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// The section's name (the first column of the table in the module docs).
    pub name: &'static str,
    /// Index of its first slot.
    pub offset: usize,
    /// Number of slots.
    pub len: usize,
}

/// Where everything sits in an observation for a given seat count, action set and history.
#[derive(Debug, Clone, PartialEq)]
pub struct ObsLayout {
    pub(crate) seats: usize,
    pub(crate) history: usize,
    pub(crate) actions: ActionSet,
    pub(crate) street: usize,
    pub(crate) position: usize,
    pub(crate) seat_block: usize,
    pub(crate) pot: usize,
    pub(crate) legal: usize,
    pub(crate) mask: usize,
    pub(crate) amount: usize,
    pub(crate) hist: usize,
    pub(crate) size: usize,
}

impl ObsLayout {
    /// The layout for tables of up to `seats` players, `history` remembered actions and
    /// this action set.
    ///
    /// # Errors
    /// [`Error::InvalidSetting`] for seats outside 2..=10 or a history above 1024.
    pub fn new(seats: usize, history: usize, actions: ActionSet) -> Result<ObsLayout> {
        if !(2..=MAX_PLAYERS).contains(&seats) {
            return Err(Error::InvalidSetting {
                name: "seats",
                value: seats.to_string(),
                expected: crate::PLAYER_COUNTS,
            });
        }
        if history > MAX_HISTORY {
            return Err(Error::InvalidSetting {
                name: "history",
                value: history.to_string(),
                expected: "0 to 1024 entries",
            });
        }
        let a = actions.len();
        let street = 104;
        let position = street + STREETS.len();
        let seat_block = position + seats;
        let pot = seat_block + SEAT_FIELDS.len() * seats;
        let legal = pot + 2;
        let mask = legal + LEGAL_FIELDS.len();
        let amount = mask + a;
        let hist = amount + a;
        let size = hist + history * (seats + 11);
        Ok(ObsLayout {
            seats,
            history,
            actions,
            street,
            position,
            seat_block,
            pot,
            legal,
            mask,
            amount,
            hist,
            size,
        })
    }

    /// Number of `f32` slots in one observation.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The seat count the layout was built for.
    pub fn seats(&self) -> usize {
        self.seats
    }

    /// The number of history entries.
    pub fn history(&self) -> usize {
        self.history
    }

    /// The discrete action set.
    pub fn actions(&self) -> &ActionSet {
        &self.actions
    }

    /// Slots per history entry.
    pub fn entry_size(&self) -> usize {
        self.seats + 11
    }

    /// The sections in order, each with its offset and length.
    pub fn sections(&self) -> Vec<Section> {
        let a = self.actions.len();
        [
            ("hole", 0, 52),
            ("board", 52, 52),
            ("street", self.street, STREETS.len()),
            ("position", self.position, self.seats),
            ("seats", self.seat_block, SEAT_FIELDS.len() * self.seats),
            ("pot", self.pot, 2),
            ("legal", self.legal, LEGAL_FIELDS.len()),
            ("action_mask", self.mask, a),
            ("action_amount", self.amount, a),
            ("history", self.hist, self.history * self.entry_size()),
        ]
        .into_iter()
        .map(|(name, offset, len)| Section { name, offset, len })
        .collect()
    }

    /// The name of every slot, in order, e.g. `"hole:Ah"`, `"seat+1:stack"`,
    /// `"action:0.5pot:amount"`, `"history[0]:kind:raise"`.
    pub fn slot_names(&self) -> Vec<String> {
        let mut names = Vec::with_capacity(self.size);
        for plane in ["hole", "board"] {
            for i in 0..52 {
                let card = crate::card::Card::from_index(i).map(|c| c.to_string());
                names.push(format!("{plane}:{}", card.unwrap_or_default()));
            }
        }
        names.extend(STREETS.iter().map(|s| format!("street:{s}")));
        names.extend((0..self.seats).map(|k| format!("position:{k}")));
        for k in 0..self.seats {
            names.extend(SEAT_FIELDS.iter().map(|f| format!("seat+{k}:{f}")));
        }
        names.push("pot".into());
        names.push("bets".into());
        names.extend(LEGAL_FIELDS.iter().map(|f| format!("legal:{f}")));
        for suffix in ["legal", "amount"] {
            for action in self.actions.actions() {
                names.push(format!("action:{action}:{suffix}"));
            }
        }
        for h in 0..self.history {
            names.push(format!("history[{h}]:present"));
            names.extend((0..self.seats).map(|k| format!("history[{h}]:seat+{k}")));
            names.extend(KINDS.iter().map(|k| format!("history[{h}]:kind:{k}")));
            names.push(format!("history[{h}]:all_in"));
            names.extend(
                STREETS[..4]
                    .iter()
                    .map(|s| format!("history[{h}]:street:{s}")),
            );
            names.push(format!("history[{h}]:amount"));
        }
        names
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_tile_the_vector_and_every_slot_is_named() {
        for seats in 2..=10 {
            for history in [0, 1, 16] {
                let layout = ObsLayout::new(seats, history, ActionSet::standard()).unwrap();
                let mut next = 0;
                for section in layout.sections() {
                    assert_eq!(section.offset, next, "{}", section.name);
                    next += section.len;
                }
                assert_eq!(next, layout.size());
                let names = layout.slot_names();
                assert_eq!(names.len(), layout.size());
                let unique: std::collections::HashSet<&String> = names.iter().collect();
                assert_eq!(unique.len(), names.len());
            }
        }
        let layout = ObsLayout::new(6, 2, ActionSet::standard()).unwrap();
        let names = layout.slot_names();
        assert_eq!(names[51], "hole:As");
        assert_eq!(names[104], "street:preflop");
        assert_eq!(names[layout.seat_block + 6 + 1], "seat+1:stack");
        assert_eq!(names[layout.amount + 3], "action:0.5pot:amount");
    }

    #[test]
    fn rejects_bad_sizes() {
        assert!(ObsLayout::new(1, 0, ActionSet::standard()).is_err());
        assert!(ObsLayout::new(11, 0, ActionSet::standard()).is_err());
        assert!(ObsLayout::new(6, 1025, ActionSet::standard()).is_err());
    }
}
