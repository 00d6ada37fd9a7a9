//! What the encoder remembers about one hand: the deal, the starting stacks and the
//! actions in order. The game layer reports each action after it has applied it; the log
//! never judges legality.

use std::fmt::Write as _;

use crate::card::Card;
use crate::card_set::CardSet;
use crate::error::{Error, Result};
use crate::obs::check_chips;
use crate::obs::layout::MAX_STREETS;
use crate::MAX_PLAYERS;

/// The kind of an action in the log. A bet (the first chips of a street) counts as a raise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ActionKind {
    /// Fold.
    Fold = 0,
    /// Check.
    Check = 1,
    /// Call.
    Call = 2,
    /// Bet or raise.
    Raise = 3,
}

impl ActionKind {
    /// The kind with this code (0 fold, 1 check, 2 call, 3 bet or raise).
    ///
    /// # Errors
    /// [`Error::InvalidSetting`] for another code.
    pub fn from_code(code: i64) -> Result<ActionKind> {
        Ok(match code {
            0 => ActionKind::Fold,
            1 => ActionKind::Check,
            2 => ActionKind::Call,
            3 => ActionKind::Raise,
            _ => {
                return Err(Error::InvalidSetting {
                    name: "action kind",
                    value: code.to_string(),
                    expected: "0 (fold), 1 (check), 2 (call) or 3 (bet or raise)",
                })
            }
        })
    }
}

/// One action as the game layer applied it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// The seat that acted.
    pub seat: u8,
    /// What it did.
    pub kind: ActionKind,
    /// The street: its index among the game's streets (0 pre-flop .. 3 river).
    pub street: u8,
    /// Whether the action put the seat all-in.
    pub all_in: bool,
    /// Chips: what a call put in, the street total of a bet or raise, else 0.
    pub amount: i64,
}

/// One hand as the encoder knows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandLog {
    seats: usize,
    button: usize,
    big_blind: i64,
    unit: i64,
    starts: Vec<i64>,
    holes: Vec<CardSet>,
    entries: Vec<Entry>,
    acted: [u16; MAX_STREETS],
}

impl HandLog {
    /// A new hand: `starts` are the stacks before the forced bets (one per seat), `holes`
    /// the hole cards of each seat.
    ///
    /// # Errors
    /// [`Error::InvalidSetting`] for 2 > seats > 10, a button off the table, a blind or
    /// unit below 1, a stack below 1 or a hole list of the wrong length;
    /// [`Error::ChipLimit`] for a blind, unit or stack above [`crate::obs::MAX_CHIPS`];
    /// [`Error::DuplicateCard`] when a card is dealt twice.
    pub fn new(
        button: usize,
        big_blind: i64,
        unit: i64,
        starts: Vec<i64>,
        holes: Vec<CardSet>,
    ) -> Result<HandLog> {
        check_hand(button, big_blind, unit, &starts, &holes)?;
        Ok(HandLog {
            seats: starts.len(),
            button,
            big_blind,
            unit,
            starts,
            holes,
            entries: Vec::with_capacity(32),
            acted: [0; MAX_STREETS],
        })
    }

    /// Starts this log over for a new hand, as [`HandLog::new`] would make it, keeping its
    /// memory (an environment that deals millions of hands allocates nothing per hand).
    ///
    /// # Errors
    /// As [`HandLog::new`]; the log is left as it was then.
    pub fn restart(
        &mut self,
        button: usize,
        big_blind: i64,
        unit: i64,
        starts: &[i64],
        holes: &[CardSet],
    ) -> Result<()> {
        check_hand(button, big_blind, unit, starts, holes)?;
        self.seats = starts.len();
        self.button = button;
        self.big_blind = big_blind;
        self.unit = unit;
        self.starts.clear();
        self.starts.extend_from_slice(starts);
        self.holes.clear();
        self.holes.extend_from_slice(holes);
        self.entries.clear();
        self.acted = [0; MAX_STREETS];
        Ok(())
    }

    /// Appends an action the game layer has applied.
    ///
    /// # Errors
    /// [`Error::InvalidSetting`] for a seat off the table or a street above 7;
    /// [`Error::ChipLimit`] for an amount below 0 or above [`crate::obs::MAX_CHIPS`].
    pub fn push(&mut self, entry: Entry) -> Result<()> {
        if usize::from(entry.seat) >= self.seats {
            return Err(setting("seat", entry.seat, "a seat of the table"));
        }
        if usize::from(entry.street) >= MAX_STREETS {
            return Err(setting("street", entry.street, "a street from 0 to 7"));
        }
        check_chips("amount", entry.amount)?;
        self.acted[usize::from(entry.street)] |= 1 << entry.seat;
        self.entries.push(entry);
        Ok(())
    }

    /// Number of seats.
    pub fn seats(&self) -> usize {
        self.seats
    }

    /// The button's seat.
    pub fn button(&self) -> usize {
        self.button
    }

    /// The big blind in chips (the unit of every amount in the observation).
    pub fn big_blind(&self) -> i64 {
        self.big_blind
    }

    /// The chip unit.
    pub fn unit(&self) -> i64 {
        self.unit
    }

    /// Each seat's chips won or lost so far, in big blinds: `stacks` (now, one per seat)
    /// less the stacks the hand started with. Worked out in `f64` and rounded once to
    /// `f32`, as a Python float stored into a `float32` array is.
    ///
    /// # Errors
    /// [`Error::InvalidSetting`] when `stacks` or `out` does not hold one entry per seat;
    /// [`Error::ChipLimit`] for a stack below 0 or above [`crate::obs::MAX_CHIPS`]. Nothing
    /// is written then.
    pub fn net_bb(&self, stacks: &[i64], out: &mut [f32]) -> Result<()> {
        if stacks.len() != self.seats || out.len() != self.seats {
            return Err(setting(
                "stacks",
                stacks.len().min(out.len()),
                "one entry per seat",
            ));
        }
        for &stack in stacks {
            check_chips("stack", stack)?;
        }
        let bb = self.big_blind as f64;
        for ((net, &now), &start) in out.iter_mut().zip(stacks).zip(&self.starts) {
            *net = ((now - start) as f64 / bb) as f32;
        }
        Ok(())
    }

    /// The hole cards of `seat`.
    pub fn hole(&self, seat: usize) -> CardSet {
        self.holes[seat]
    }

    /// The actions so far, oldest first.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Whether `seat` has acted on `street` (the street's index among the game's; a
    /// forced bet is not an action).
    pub fn acted(&self, street: usize, seat: usize) -> bool {
        street < MAX_STREETS && self.acted[street] >> seat & 1 == 1
    }

    /// The information-set key of `seat`: everything that seat knows, as a string; two
    /// situations get the same key exactly when the seat cannot tell them apart.
    ///
    /// `"<seats>:<position>|<starting stacks>|<hole>|<board>|<actions>"`: the position
    /// counts seats clockwise from the button (0 = button); stacks are chips, clockwise
    /// from the button; the board is street by street (`board` in the order it was dealt:
    /// the flop's cards as a set, then `/` and the turn, `/` and the river), so the same
    /// cards arriving on other streets give another key (perfect recall); the actions are
    /// grouped by street with `/` (`f` fold, `k` check, `c` call, `r<total>` bet or raise
    /// to a street total). The order of play is fixed by the rules, so who made each
    /// action follows from the rest of the key.
    ///
    /// # Errors
    /// [`Error::InvalidSetting`] for a seat off the table, or a board of more than five
    /// cards.
    pub fn infoset(&self, seat: usize, board: &[Card]) -> Result<String> {
        if seat >= self.seats {
            return Err(setting("seat", seat, "a seat of the table"));
        }
        if board.len() > 5 {
            return Err(setting("board", board.len(), "at most five board cards"));
        }
        let n = self.seats;
        let mut key = String::with_capacity(64);
        let _ = write!(key, "{n}:{}|", (seat + n - self.button) % n);
        for k in 0..n {
            if k > 0 {
                key.push(',');
            }
            let _ = write!(key, "{}", self.starts[(self.button + k) % n]);
        }
        key.push('|');
        push_cards(&mut key, self.holes[seat]);
        key.push('|');
        let flop = board.len().min(3);
        push_cards(&mut key, board[..flop].iter().copied().collect());
        for card in &board[flop..] {
            let _ = write!(key, "/{card}");
        }
        key.push('|');
        let mut street = 0;
        for (i, e) in self.entries.iter().enumerate() {
            while street < e.street {
                key.push('/');
                street += 1;
            }
            if i > 0 && !key.ends_with(['/', '|']) {
                key.push(',');
            }
            match e.kind {
                ActionKind::Fold => key.push('f'),
                ActionKind::Check => key.push('k'),
                ActionKind::Call => key.push('c'),
                ActionKind::Raise => {
                    let _ = write!(key, "r{}", e.amount);
                }
            }
        }
        Ok(key)
    }
}

/// The checks of [`HandLog::new`] and [`HandLog::restart`], before either writes anything.
fn check_hand(
    button: usize,
    big_blind: i64,
    unit: i64,
    starts: &[i64],
    holes: &[CardSet],
) -> Result<()> {
    let seats = starts.len();
    if !(2..=MAX_PLAYERS).contains(&seats) {
        return Err(setting("seats", seats, "2 to 10 seats"));
    }
    if button >= seats {
        return Err(setting("button", button, "a seat of the table"));
    }
    if big_blind < 1 {
        return Err(setting("big_blind", big_blind, "at least 1 chip"));
    }
    if unit < 1 {
        return Err(setting("unit", unit, "at least 1 chip"));
    }
    if let Some(bad) = starts.iter().find(|&&s| s < 1) {
        return Err(setting("stack", bad, "at least 1 chip"));
    }
    // Within the limit, the seats' starting stacks add up to at most ten times it.
    check_chips("big_blind", big_blind)?;
    check_chips("unit", unit)?;
    for &start in starts {
        check_chips("starting stack", start)?;
    }
    if holes.len() != seats {
        return Err(setting("hole cards", holes.len(), "one entry per seat"));
    }
    holes
        .iter()
        .try_fold(CardSet::EMPTY, |all, &h| all.try_union(h))?;
    Ok(())
}

fn push_cards(key: &mut String, cards: CardSet) {
    for i in 0..52u8 {
        if cards.mask() >> i & 1 == 1 {
            if let Ok(card) = Card::from_index(i64::from(i)) {
                let _ = write!(key, "{card}");
            }
        }
    }
}

fn setting(name: &'static str, value: impl ToString, expected: &'static str) -> Error {
    Error::InvalidSetting {
        name,
        value: value.to_string(),
        expected,
    }
}

/// An action that does not put the seat all-in, for tests.
#[cfg(test)]
pub(crate) fn act(seat: u8, kind: ActionKind, street: u8, amount: i64) -> Entry {
    Entry {
        seat,
        kind,
        street,
        all_in: false,
        amount,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(text: &str) -> CardSet {
        text.parse().unwrap()
    }

    #[test]
    fn net_in_big_blinds() {
        let holes = vec![cards("AhKh"), cards("2c2d"), cards("7s8s")];
        let log = HandLog::new(0, 4, 1, vec![100, 200, 300], holes).unwrap();
        let mut out = [9.0f32; 3];
        log.net_bb(&[150, 149, 301], &mut out).unwrap();
        assert_eq!(out, [12.5, -12.75, 0.25]);
        assert!(log.net_bb(&[150, 150], &mut out).is_err());
        assert!(log.net_bb(&[150, 149, 301], &mut out[..2]).is_err());
    }

    #[test]
    fn infoset_key() {
        let mut log = HandLog::new(
            0,
            2,
            1,
            vec![100, 200, 300],
            vec![cards("AhKh"), cards("2c2d"), cards("7s8s")],
        )
        .unwrap();
        log.push(act(0, ActionKind::Raise, 0, 6)).unwrap();
        log.push(act(1, ActionKind::Fold, 0, 0)).unwrap();
        log.push(act(2, ActionKind::Call, 0, 4)).unwrap();
        log.push(act(2, ActionKind::Check, 1, 0)).unwrap();
        let board: Vec<Card> = cards("Qs7d2h").iter().collect();
        let board = board.as_slice();
        assert_eq!(
            log.infoset(2, board).unwrap(),
            "3:2|100,200,300|7s8s|2h7dQs|r6,f,c/k"
        );
        assert_eq!(
            log.infoset(0, board).unwrap(),
            "3:0|100,200,300|KhAh|2h7dQs|r6,f,c/k"
        );
        assert!(log.acted(0, 1) && log.acted(1, 2) && !log.acted(1, 0));
        assert!(log.infoset(3, board).is_err());
        // The same five cards dealt on other streets: other keys (perfect recall).
        let dealt = |text: &str| -> Vec<Card> {
            (0..text.len() / 2)
                .map(|i| text[2 * i..2 * i + 2].parse().unwrap())
                .collect()
        };
        let a = log.infoset(2, &dealt("7hQh3s6h")).unwrap();
        let b = log.infoset(2, &dealt("3s6h7hQh")).unwrap();
        assert!(
            a.contains("|3s7hQh/6h|") && b.contains("|3s6h7h/Qh|"),
            "{a} {b}"
        );
        assert!(log.infoset(2, &dealt("2c3c4c5c6c7c")).is_err());
    }

    #[test]
    fn restart_is_a_new_log_and_bad_input_changes_nothing() {
        let holes = [cards("AhKh"), cards("2c2d"), cards("7s8s")];
        let mut log = HandLog::new(0, 2, 1, vec![100, 200, 300], holes.to_vec()).unwrap();
        log.push(act(0, ActionKind::Raise, 0, 6)).unwrap();
        log.push(act(1, ActionKind::Check, 1, 0)).unwrap();
        let before = log.clone();
        let twice = [cards("AhKh"), cards("Ah2d")];
        assert!(log.restart(1, 2, 1, &[50, 60], &twice).is_err());
        assert!(log.restart(2, 2, 1, &[50, 60], &holes[..2]).is_err());
        assert_eq!(log, before);
        let fresh = [cards("QsQd"), cards("3c4c")];
        log.restart(1, 4, 2, &[50, 60], &fresh).unwrap();
        assert_eq!(
            log,
            HandLog::new(1, 4, 2, vec![50, 60], fresh.to_vec()).unwrap()
        );
        assert!(log.entries().is_empty() && !log.acted(0, 0) && !log.acted(1, 1));
    }

    #[test]
    fn rejects_bad_hands() {
        let holes = vec![cards("AhKh"), cards("AhQd")];
        assert!(matches!(
            HandLog::new(0, 2, 1, vec![10, 10], holes),
            Err(Error::DuplicateCard { .. })
        ));
        let ok = vec![cards("AhKh"), cards("2c2d")];
        assert!(HandLog::new(2, 2, 1, vec![10, 10], ok.clone()).is_err());
        assert!(HandLog::new(0, 0, 1, vec![10, 10], ok.clone()).is_err());
        assert!(HandLog::new(0, 2, 1, vec![10, 0], ok.clone()).is_err());
        assert!(HandLog::new(0, 2, 1, vec![10], ok[..1].to_vec()).is_err());
        let mut log = HandLog::new(0, 2, 1, vec![10, 10], ok).unwrap();
        let entry = Entry {
            seat: 2,
            kind: ActionKind::Fold,
            street: 0,
            all_in: false,
            amount: 0,
        };
        assert!(log.push(entry).is_err());
        assert!(log
            .push(Entry {
                seat: 1,
                street: 8,
                ..entry
            })
            .is_err());
        assert!(log.entries().is_empty());
        assert!(ActionKind::from_code(4).is_err());
    }

    #[test]
    fn counts_past_the_chip_limit_are_refused() {
        use crate::obs::MAX_CHIPS;
        let holes = || vec![cards("AhKh"), cards("2c2d")];
        let limit = |r: Result<HandLog>| matches!(r, Err(Error::ChipLimit { .. }));
        assert!(HandLog::new(0, 2, 1, vec![MAX_CHIPS, MAX_CHIPS], holes()).is_ok());
        assert!(limit(HandLog::new(
            0,
            2,
            1,
            vec![10, MAX_CHIPS + 1],
            holes()
        )));
        assert!(limit(HandLog::new(
            0,
            2,
            1,
            vec![i64::MAX, i64::MAX],
            holes()
        )));
        assert!(limit(HandLog::new(0, i64::MAX, 1, vec![10, 10], holes())));
        assert!(limit(HandLog::new(
            0,
            2,
            MAX_CHIPS + 1,
            vec![10, 10],
            holes()
        )));
        let mut log = HandLog::new(0, 2, 1, vec![MAX_CHIPS, MAX_CHIPS], holes()).unwrap();
        for amount in [-1, MAX_CHIPS + 1, i64::MAX] {
            let err = log.push(act(0, ActionKind::Raise, 0, amount)).unwrap_err();
            assert!(matches!(err, Error::ChipLimit { .. }), "{err}");
        }
        assert!(log.entries().is_empty());
        let mut out = [9.0f32; 2];
        assert!(log.net_bb(&[i64::MAX, 0], &mut out).is_err());
        assert_eq!(out, [9.0; 2]);
        log.net_bb(&[2 * MAX_CHIPS, 0], &mut out).unwrap_err();
        log.net_bb(&[MAX_CHIPS, 0], &mut out).unwrap();
        assert_eq!(out, [0.0, -(MAX_CHIPS as f32) / 2.0]);
    }
}
