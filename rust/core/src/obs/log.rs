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

/// Cards the dealer gave a seat after the deal, or a draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dealt {
    /// Cards dealt face up: everybody sees them.
    Up(CardSet),
    /// Cards dealt face down (stud's seventh street, a draw's replacements): the seat's
    /// own.
    Down(CardSet),
    /// A draw: how many cards the seat threw away (0: it stood pat), which everybody
    /// sees, and which cards, which only the seat knows.
    Draw {
        /// Cards thrown.
        count: u8,
        /// The cards thrown.
        thrown: CardSet,
    },
}

/// One dealing or drawing event of a hand, after the deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deal {
    /// The seat dealt to, or that drew.
    pub seat: u8,
    /// The street it belongs to (the street of the betting that follows it).
    pub street: u8,
    /// What happened.
    pub dealt: Dealt,
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
    /// The dealing and drawing after the deal, each with the number of actions before it.
    deals: Vec<(usize, Deal)>,
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
            deals: Vec::new(),
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
        self.deals.clear();
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

    /// Appends a dealing or drawing event the game layer has applied (after the actions
    /// pushed so far).
    ///
    /// # Errors
    /// [`Error::InvalidSetting`] for a seat off the table or a street above 7.
    pub fn deal(&mut self, deal: Deal) -> Result<()> {
        if usize::from(deal.seat) >= self.seats {
            return Err(setting("seat", deal.seat, "a seat of the table"));
        }
        if usize::from(deal.street) >= MAX_STREETS {
            return Err(setting("street", deal.street, "a street from 0 to 7"));
        }
        self.deals.push((self.entries.len(), deal));
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
    /// to a street total; a bring-in is a bet), each street's dealing and drawing before
    /// its actions (`u<p>:<cards>` up cards of the seat at position `p` from the button,
    /// `d:<cards>` the seat's own cards dealt face down, `x<p>:<n>` a draw of `n` cards,
    /// with `:<cards>` thrown for the seat's own). The order of play is fixed by the
    /// rules, so who made each action follows from the rest of the key.
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
        let mut deals = self.deals.iter().peekable();
        let mut next_street = |key: &mut String, to: u8| {
            while street < to {
                key.push('/');
                street += 1;
            }
            if !key.ends_with(['/', '|']) {
                key.push(',');
            }
        };
        for (i, e) in self.entries.iter().enumerate() {
            while let Some((_, deal)) = deals.next_if(|(at, _)| *at <= i) {
                if let Some(text) = self.deal_text(seat, deal) {
                    next_street(&mut key, deal.street);
                    key.push_str(&text);
                }
            }
            next_street(&mut key, e.street);
            match e.kind {
                ActionKind::Fold => key.push('f'),
                ActionKind::Check => key.push('k'),
                ActionKind::Call => key.push('c'),
                ActionKind::Raise => {
                    let _ = write!(key, "r{}", e.amount);
                }
            }
        }
        for (_, deal) in deals {
            if let Some(text) = self.deal_text(seat, deal) {
                next_street(&mut key, deal.street);
                key.push_str(&text);
            }
        }
        Ok(key)
    }
}

impl HandLog {
    /// How `deal` reads in the information-set key of `seat`, `None` when the seat does
    /// not see it (another seat's cards dealt face down).
    fn deal_text(&self, seat: usize, deal: &Deal) -> Option<String> {
        let n = self.seats;
        let own = usize::from(deal.seat) == seat;
        let at = (usize::from(deal.seat) + n - self.button) % n;
        let mut text = String::with_capacity(16);
        match deal.dealt {
            Dealt::Up(cards) => {
                let _ = write!(text, "u{at}:");
                push_cards(&mut text, cards);
            }
            Dealt::Down(cards) if own => {
                text.push_str("d:");
                push_cards(&mut text, cards);
            }
            Dealt::Down(_) => return None,
            Dealt::Draw { count, thrown } => {
                let _ = write!(text, "x{at}:{count}");
                if own && count > 0 {
                    text.push(':');
                    push_cards(&mut text, thrown);
                }
            }
        }
        Some(text)
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
    fn infoset_key_with_up_cards_and_draws() {
        // Stud, three seats, the button seat 0: third street's up cards, seat 1's bring-in,
        // two calls; fourth street's up cards, a check.
        let holes = vec![cards("AhKh"), cards("2c2d"), cards("7s8s")];
        let mut log = HandLog::new(0, 2, 1, vec![50, 50, 50], holes).unwrap();
        let up = |seat, street, text| Deal {
            seat,
            street,
            dealt: Dealt::Up(cards(text)),
        };
        for (seat, card) in [(1, "3d"), (2, "Qc"), (0, "9h")] {
            log.deal(up(seat, 0, card)).unwrap();
        }
        log.push(act(1, ActionKind::Raise, 0, 1)).unwrap();
        log.push(act(2, ActionKind::Call, 0, 1)).unwrap();
        log.push(act(0, ActionKind::Call, 0, 1)).unwrap();
        for (seat, card) in [(1, "4d"), (2, "Qd"), (0, "Th")] {
            log.deal(up(seat, 1, card)).unwrap();
        }
        log.push(act(2, ActionKind::Check, 1, 0)).unwrap();
        assert_eq!(
            log.infoset(0, &[]).unwrap(),
            "3:0|50,50,50|KhAh||u1:3d,u2:Qc,u0:9h,r1,c,c/u1:4d,u2:Qd,u0:Th,k"
        );
        // A draw: seat 1 throws two and is dealt two face down; seat 2 stands pat.
        let mut log = HandLog::new(
            0,
            2,
            1,
            vec![50, 50, 50],
            vec![cards("AhKh"), cards("2c2d"), cards("7s8s")],
        )
        .unwrap();
        log.push(act(0, ActionKind::Call, 0, 2)).unwrap();
        let draw = |seat, count, thrown| Deal {
            seat,
            street: 1,
            dealt: Dealt::Draw {
                count,
                thrown: cards(thrown),
            },
        };
        log.deal(draw(1, 2, "2c2d")).unwrap();
        let down = Deal {
            seat: 1,
            street: 1,
            dealt: Dealt::Down(cards("5h6h")),
        };
        log.deal(down).unwrap();
        log.deal(draw(2, 0, "")).unwrap();
        assert_eq!(
            log.infoset(1, &[]).unwrap(),
            "3:1|50,50,50|2c2d||c/x1:2:2c2d,d:5h6h,x2:0"
        );
        assert_eq!(
            log.infoset(2, &[]).unwrap(),
            "3:2|50,50,50|7s8s||c/x1:2,x2:0"
        );
        assert!(log.deal(Deal { seat: 3, ..down }).is_err());
        assert!(log.deal(Deal { street: 8, ..down }).is_err());
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
