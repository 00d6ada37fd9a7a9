//! The hand database's rows of the hands [`super::replay`] replayed, kept as columns (the
//! `hands`, `players` and `actions` tables of docs/database.md, as
//! `pokerforge.histories.hand_rows` writes them for a hand the game layer replayed).
//! Amounts are integers of millionths of the hand's money. What the rows take from Python's
//! own definitions (a hand's kind, unit and stakes, its currency's code, the time as a
//! timestamp, the all-in adjusted results) is left to the importer, which has the raw
//! values here: the currency as written, the blinds and bets in chips, the time as written
//! and, for each hand whose results are all-in adjusted, an [`AllIn`].

use super::record::RoomHand;
use super::replay::{room_paid_text, Event, Pot, Replayed};
use super::tally::{tally, Counts, Hand, Record};
use crate::Card;

/// A hand whose results may be all-in adjusted: the betting ended with `board` and cards
/// came after (the importer works out the adjustment by equity, as for any hand).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AllIn {
    /// The hand's index in the rows.
    pub hand: usize,
    /// Its first row of the `players` table.
    pub first_row: usize,
    /// Whether each seat folded.
    pub folded: Vec<bool>,
    /// Each seat's hole cards, where known.
    pub holes: Vec<Option<[u8; 2]>>,
    /// The board when the betting ended.
    pub board: Vec<u8>,
    /// The pots after the rake.
    pub pots: Vec<Pot>,
    /// Each seat's chips won.
    pub payouts: Vec<i64>,
    /// Each seat's result in chips.
    pub net: Vec<i64>,
}

/// The rows of many hands, column by column.
#[derive(Debug, Default, Clone)]
pub struct Rows {
    // hands
    pub room: Vec<&'static str>,
    pub number: Vec<String>,
    pub tournament: Vec<Option<String>>,
    pub betting: Vec<&'static str>,
    pub currency: Vec<String>,
    /// `(small blind, big blind, small bet, big bet)` in chips.
    pub limits: Vec<(i64, i64, i64, i64)>,
    pub small_blind: Vec<i64>,
    pub big_blind: Vec<i64>,
    pub bb: Vec<i64>,
    pub places: Vec<u32>,
    pub time: Vec<String>,
    pub table: Vec<Option<String>>,
    pub players: Vec<i64>,
    pub board: Vec<Option<String>>,
    pub total_pot: Vec<Option<i64>>,
    pub rake: Vec<i64>,
    pub known: Vec<bool>,
    pub convention: Vec<Option<String>>,
    pub language: Vec<&'static str>,
    /// Each hand's count of `players` rows and of `actions` rows.
    pub player_rows: Vec<i64>,
    pub action_rows: Vec<i64>,
    /// The players' names, each once per hand (the rows name them by index).
    pub names: Vec<String>,
    // players
    pub p_hand: Vec<usize>,
    pub p_seat: Vec<i64>,
    pub p_position: Vec<&'static str>,
    pub p_name: Vec<usize>,
    pub p_stack: Vec<i64>,
    pub p_cards: Vec<Option<String>>,
    pub p_counts: Vec<Counts>,
    pub p_net: Vec<Option<i64>>,
    pub p_net_bb: Vec<Option<f64>>,
    // actions
    pub a_hand: Vec<usize>,
    pub a_seq: Vec<i64>,
    pub a_street: Vec<&'static str>,
    pub a_seat: Vec<i64>,
    pub a_name: Vec<usize>,
    pub a_action: Vec<&'static str>,
    pub a_amount: Vec<Option<i64>>,
    pub a_total: Vec<Option<i64>>,
    pub a_all_in: Vec<bool>,
    /// The hands whose results the importer may adjust for all-ins.
    pub allin: Vec<AllIn>,
}

const STREETS: [&str; 4] = ["preflop", "flop", "turn", "river"];

fn cards_text(cards: &[u8]) -> String {
    let mut out = String::with_capacity(cards.len() * 3);
    for (k, &c) in cards.iter().enumerate() {
        if k > 0 {
            out.push(' ');
        }
        if let Ok(card) = Card::from_index(i64::from(c)) {
            out.push_str(&card.to_string());
        }
    }
    out
}

impl Rows {
    /// The hands held.
    pub fn len(&self) -> usize {
        self.number.len()
    }

    /// Whether no hand is held.
    pub fn is_empty(&self) -> bool {
        self.number.is_empty()
    }

    /// Adds the rows of `hand`, replayed as `r`.
    pub fn push(&mut self, hand: &RoomHand, r: &Replayed) {
        let index = self.len();
        let n = r.seat_of.len();
        let m = 10i64.pow(6 - hand.places.min(6)); // millionths of the money in a chip
        let (small, big) = r.blinds;
        let (small_bet, big_bet) = hand.limits.unwrap_or((big, big));
        self.room.push(hand.room);
        self.number.push(hand.number.clone());
        self.tournament
            .push(hand.tournament.clone().filter(|t| !t.is_empty()));
        self.betting.push(hand.betting);
        self.currency.push(hand.currency.clone());
        self.limits.push((small, big, small_bet, big_bet));
        self.small_blind.push(small * m);
        self.big_blind.push(big * m);
        self.bb.push(r.rate * m);
        self.places.push(hand.places);
        self.time.push(hand.time.clone());
        self.table
            .push(Some(hand.table.clone()).filter(|t| !t.is_empty()));
        self.players.push(n as i64);
        self.board
            .push(Some(cards_text(&r.board)).filter(|b| !b.is_empty()));
        self.total_pot.push(hand.total_pot.map(|t| t * m));
        self.rake.push(r.rake * m);
        self.known.push(r.known);
        self.convention.push(
            r.room_paid
                .as_ref()
                .map(|diffs| room_paid_text(diffs, hand.places)),
        );
        self.language.push(hand.language);
        // Seat numbers as written, by seat (else 1..n from the button's left).
        let mut numbers: Vec<i64> = (1..=n as i64).collect();
        for (p, &seat) in r.seat_of.iter().enumerate() {
            numbers[seat] = i64::from(hand.seats[p]);
        }
        let first_name = self.names.len();
        let mut by_seat = vec![0usize; n];
        for (p, &seat) in r.seat_of.iter().enumerate() {
            by_seat[seat] = first_name + p;
        }
        self.names.extend(hand.players.iter().cloned());
        self.push_players(index, r, &numbers, &by_seat, m);
        self.push_actions(index, r, &numbers, &by_seat, m);
    }

    fn push_players(
        &mut self,
        index: usize,
        r: &Replayed,
        numbers: &[i64],
        names: &[usize],
        m: i64,
    ) {
        let n = numbers.len();
        let records: Vec<Record<'_>> = r
            .events
            .iter()
            .map(|e| match *e {
                Event::Blind { .. } => Record::Blind,
                Event::Fold(s) => Record::Fold(s),
                Event::Check(s) => Record::Check(s),
                Event::Call { seat, .. } => Record::Call(seat),
                Event::Bet { seat, .. } => Record::Bet(seat),
                Event::Raise { seat, .. } => Record::Raise(seat),
                Event::Board { from, to, .. } => Record::Board {
                    preflop: false,
                    cards: &r.board[from..to],
                },
                Event::Return { .. } | Event::Show(_) | Event::Muck(_) => Record::Other,
            })
            .collect();
        let won: Vec<bool> = r.payouts.iter().map(|&p| p > 0).collect();
        let (counts, board) = tally(&Hand {
            records: &records,
            positions: &r.positions,
            folded: &r.folded,
            won: &won,
            showdown: r.showdown,
            known: r.known,
        });
        let first_row = self.p_hand.len();
        if let Some(board) = board.filter(|_| r.showdown && r.known) {
            self.allin.push(AllIn {
                hand: index,
                first_row,
                folded: r.folded.clone(),
                holes: r.holes.clone(),
                board,
                pots: r.pots.clone(),
                payouts: r.payouts.clone(),
                net: r.net.clone(),
            });
        }
        for seat in 0..n {
            self.p_hand.push(index);
            self.p_seat.push(numbers[seat]);
            self.p_position.push(r.positions[seat]);
            self.p_name.push(names[seat]);
            self.p_stack.push(r.stacks[seat] * m);
            self.p_cards.push(r.holes[seat].map(|h| cards_text(&h)));
            let net = r.known.then_some(r.net[seat]);
            self.p_net.push(net.map(|x| x * m));
            self.p_net_bb.push(net.map(|x| x as f64 / r.rate as f64));
        }
        self.p_counts.extend(counts);
        self.player_rows.push(n as i64);
    }

    fn push_actions(
        &mut self,
        index: usize,
        r: &Replayed,
        numbers: &[i64],
        names: &[usize],
        m: i64,
    ) {
        let mut street = STREETS[0];
        let mut seq = 0;
        for event in &r.events {
            let (seat, action, amount, total, all_in) = match *event {
                Event::Board { street: s, .. } => {
                    street = STREETS[usize::from(s).min(3)];
                    continue;
                }
                Event::Blind { seat, amount, .. } => (seat, "post", Some(amount), None, false),
                Event::Fold(seat) => (seat, "fold", None, None, false),
                Event::Check(seat) => (seat, "check", None, None, false),
                Event::Call {
                    seat,
                    amount,
                    all_in,
                } => (seat, "call", Some(amount), None, all_in),
                Event::Bet {
                    seat,
                    to,
                    amount,
                    all_in,
                } => (seat, "bet", Some(amount), Some(to), all_in),
                Event::Raise {
                    seat,
                    to,
                    amount,
                    all_in,
                } => (seat, "raise", Some(amount), Some(to), all_in),
                Event::Return { seat, amount } => (seat, "return", Some(amount), None, false),
                Event::Show(seat) => (seat, "show", None, None, false),
                Event::Muck(seat) => (seat, "muck", None, None, false),
            };
            self.a_hand.push(index);
            self.a_seq.push(seq);
            self.a_street.push(street);
            self.a_seat.push(numbers[seat]);
            self.a_name.push(names[seat]);
            self.a_action.push(action);
            self.a_amount.push(amount.map(|x| x * m));
            self.a_total.push(total.map(|x| x * m));
            self.a_all_in.push(all_in);
            seq += 1;
        }
        self.action_rows.push(seq);
    }
}
