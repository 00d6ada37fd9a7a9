//! The import's fast replay of ordinary hands: a room's Hold'em hand (no-limit or
//! fixed-limit, small and big blind, no ante, straddle or other post, stacks all known)
//! replayed by the rules the game layer applies to it (pokerforge.game: the betting of
//! `betting.py`, the streets of `streets.py`, the pots, rake and showdown of `ending.py`,
//! the record's checks of `game/phh/checks.py`), giving what the hand database stores of
//! it. Whatever it does not cover, or any doubt (an action the rules refuse, a record that
//! disagrees in a way the room's payout does not explain), gives `None`: the hand goes the
//! game layer's way, which replays it in full and names any problem.

use super::record::{Note, RoomHand};
use super::replay_rules::{position_names, Betting, Ended, Structure};
pub use super::replay_rules::{Event, Pot};
use crate::phh::{Arg, Verb};
use crate::CardSet;

/// A hand replayed (seats as the game layer numbers them: the record's when they run
/// clockwise, else `p1` in seat 0 and the button last).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replayed {
    /// The seat of each player `p1..pN`.
    pub seat_of: Vec<usize>,
    /// The button's seat.
    pub button: usize,
    /// Each seat's position name.
    pub positions: Vec<&'static str>,
    /// Each seat's hole cards, where known.
    pub holes: Vec<Option<[u8; 2]>>,
    /// The board dealt.
    pub board: Vec<u8>,
    /// Each seat's starting stack.
    pub stacks: Vec<i64>,
    /// The history.
    pub events: Vec<Event>,
    /// Each seat's chips won from the pots.
    pub payouts: Vec<i64>,
    /// Each seat's result (won less put in).
    pub net: Vec<i64>,
    /// Whether each seat folded.
    pub folded: Vec<bool>,
    /// The rake taken.
    pub rake: i64,
    /// Whether the hand reached its showdown.
    pub showdown: bool,
    /// Whether its result is known.
    pub known: bool,
    /// The pots after the rake.
    pub pots: Vec<Pot>,
    /// The big blind (what a win rate's "big blind" counts).
    pub rate: i64,
    /// The blinds.
    pub blinds: (i64, i64),
    /// Where the room paid otherwise than the rules split (the hand kept as it paid):
    /// each player whose payout differs, `(player, the replay's, the record's)`.
    pub room_paid: Option<Diffs>,
}

/// The seat of each player `p1..pN` and the button's seat: the written seat numbers where
/// they are `1..=n` running clockwise from the button (the last player's), else `p1` in
/// seat 0 and the button last (as `pokerforge.game.phh.seat_map`).
pub fn seat_map(written: &[u32], n: usize) -> (Vec<usize>, usize) {
    let identity = ((0..n).collect(), n.saturating_sub(1));
    if written.len() != n || n == 0 {
        return identity;
    }
    let mut sorted: Vec<u32> = written.to_vec();
    sorted.sort_unstable();
    if sorted.iter().enumerate().any(|(i, &s)| s as usize != i + 1) {
        return identity;
    }
    let button = written[n - 1] as usize - 1;
    let clockwise = written
        .iter()
        .enumerate()
        .all(|(i, &s)| s as usize - 1 == (button + i + 1) % n);
    if clockwise {
        (written.iter().map(|&s| s as usize - 1).collect(), button)
    } else {
        identity
    }
}

/// The most chips a stack (or the stated pot) of a hand replayed here may hold: ten
/// stacks' millionths stay within an `i64` (the game layer takes the others).
const MAX_CHIPS: i64 = 100_000_000_000;

/// The game this replay covers, from the hand's fields: `(structure, small blind, big
/// blind, small bet, big bet)`.
fn game(hand: &RoomHand) -> Option<(Structure, i64, i64, i64, i64)> {
    let n = hand.players.len();
    if hand.game != "holdem" || hand.hole_count != 2 || !(2..=crate::MAX_PLAYERS).contains(&n) {
        return None;
    }
    if hand.places > 6 || !hand.posts.is_empty() || hand.bring_in.is_some() {
        return None;
    }
    if hand.antes.len() != n || hand.antes.iter().any(|&a| a != 0) || hand.blinds.len() != n {
        return None;
    }
    // Stacks (and the pot) small enough that every amount in millionths fits the rows.
    let fits = |chips: i64| (1..=MAX_CHIPS).contains(&chips);
    if hand.stacks.len() != n || !hand.stacks.iter().all(|&s| fits(s)) || hand.seats.len() != n {
        return None;
    }
    if hand.total_pot.is_some_and(|t| !fits(t) && t != 0) {
        return None;
    }
    let (small, big) = (hand.blinds[0], hand.blinds[1]);
    if small <= 0 || big < small || hand.blinds[2..].iter().any(|&b| b != 0) {
        return None;
    }
    match (hand.code?, hand.betting, hand.limits) {
        ("NT", "no-limit", None) => Some((Structure::NoLimit, small, big, big, big)),
        // The standard's limits: the big blind is the small bet.
        ("FT", "fixed-limit", Some((low, high))) if low == big && high >= low => {
            Some((Structure::FixedLimit, small, big, low, high))
        }
        _ => None,
    }
}

/// Each player's hole cards as the record deals them (`d dh`, or shown at the end where
/// dealt unknown), where all known; `None` when some player is dealt other than two.
fn dealt(hand: &RoomHand) -> Option<Vec<Option<[u8; 2]>>> {
    let n = hand.players.len();
    let mut cards: Vec<Option<Vec<Option<u8>>>> = vec![None; n];
    for step in &hand.steps {
        match (step.verb, &step.arg, step.player) {
            (Verb::DealHole, Arg::Cards(c), Some(p)) if p < n => {
                cards[p].get_or_insert_with(Vec::new).extend(c);
            }
            (Verb::ShowMuck, Arg::Cards(c), Some(p))
                if p < n
                    && !c.is_empty()
                    && c.iter().all(Option::is_some)
                    && cards[p].as_ref().is_none_or(|h| h.contains(&None)) =>
            {
                cards[p] = Some(c.clone());
            }
            _ => {}
        }
    }
    cards
        .into_iter()
        .map(|c| match c.as_deref() {
            Some([Some(a), Some(b)]) => Some(Some([*a, *b])),
            Some([_, _]) => Some(None),
            _ => None,
        })
        .collect()
}

/// The hand replayed, or `None` where this replay does not cover it (see the module).
pub fn replay(hand: &RoomHand) -> Option<Replayed> {
    let (structure, small, big, small_bet, big_bet) = game(hand)?;
    // The number keys the hand as written: none, or digits the game layer's record reads
    // as a number written otherwise (a leading zero), is left to it.
    let number = hand.number.as_bytes();
    let digits = number.iter().all(u8::is_ascii_digit);
    if number.is_empty() || (digits && number.len() > 1 && number[0] == b'0') {
        return None;
    }
    // A note other than a returned bet or a seat sitting out (a cash-out, runouts, chips
    // the room added or took unwritten, a player kept all-in) is the game layer's to
    // explain: this replay knows only those two.
    let known = |note: &Note| matches!(note, Note::Returned { .. } | Note::SittingOut { .. });
    if !hand.notes.iter().all(known) {
        return None;
    }
    let n = hand.players.len();
    let (seat_of, button) = seat_map(&hand.seats, n);
    let by_player = dealt(hand)?;
    let mut holes = vec![None; n];
    let mut seen = CardSet::EMPTY.mask();
    let mut board = Vec::new();
    for (p, cards) in by_player.iter().enumerate() {
        holes[seat_of[p]] = *cards;
    }
    for step in &hand.steps {
        if let (Verb::DealBoard, Arg::Cards(cards)) = (step.verb, &step.arg) {
            for card in cards {
                board.push((*card)?);
            }
        }
    }
    for &card in holes.iter().flatten().flatten().chain(&board) {
        if card >= 52 || seen & (1u64 << card) != 0 {
            return None; // impossible cards: the game layer names them
        }
        seen |= 1u64 << card;
    }
    let mut stacks = vec![0; n];
    for (p, &stack) in hand.stacks.iter().enumerate() {
        stacks[seat_of[p]] = stack;
    }
    let mut betting = Betting::new(structure, &stacks, button, small, big, small_bet, big_bet)?;
    let mut dealt_board = 0;
    for step in &hand.steps {
        let seat = step.player.map(|p| seat_of.get(p).copied());
        match (step.verb, &step.arg, seat) {
            (Verb::DealHole, _, _) => {}
            (Verb::Fold, Arg::Nothing, Some(Some(s))) => betting.fold(s)?,
            (Verb::CheckCall, Arg::Nothing, Some(Some(s))) => betting.check_or_call(s)?,
            (Verb::BetRaise, Arg::Chips(to), Some(Some(s))) => betting.raise_to(s, *to)?,
            (Verb::DealBoard, Arg::Cards(cards), None) => {
                dealt_board += cards.len();
                if dealt_board > 5 || betting.board_dealt() < dealt_board {
                    return None;
                }
            }
            (Verb::ShowMuck, Arg::Cards(cards), Some(Some(s))) => {
                // The cards shown must be those dealt (where all are known).
                if let Some(hole) = holes[s] {
                    if !cards.is_empty() && cards.iter().all(Option::is_some) {
                        let mut shown: Vec<u8> = cards.iter().flatten().copied().collect();
                        let mut own = hole.to_vec();
                        shown.sort_unstable();
                        own.sort_unstable();
                        if shown != own {
                            return None;
                        }
                    }
                }
            }
            (Verb::ShowMuck, Arg::Nothing, Some(Some(_))) => {}
            _ => return None,
        }
    }
    if !betting.is_over() || betting.board_dealt() > board.len() {
        return None;
    }
    if unshown(hand, &holes) {
        return None;
    }
    let mut winnings = vec![0; n];
    let recorded = super::phh_winnings(hand).unwrap_or_else(|_| hand.winnings.clone());
    if recorded.len() != n || recorded.iter().any(|&w| w < 0) {
        return None;
    }
    for (p, &w) in recorded.iter().enumerate() {
        winnings[seat_of[p]] = w;
    }
    let again = betting.clone();
    let ended = betting.finish(&board, &holes, &winnings)?;
    let checked = check_record(&ended, &seat_of, &recorded)?;
    let room_paid = match checked {
        Ok(()) => None,
        Err(diffs) => {
            // The room paid otherwise than the rules split: kept as it paid, where the
            // showdown was the rules' (all hands known) and no folded seat is paid.
            if !ended.contested_known || ended.uncontested {
                return None;
            }
            Some(diffs)
        }
    };
    let ended = if room_paid.is_some() {
        let paid = again.finish_as_recorded(&winnings)?;
        check_record(&paid, &seat_of, &recorded)?.ok()?;
        paid
    } else {
        ended
    };
    let net = (0..n)
        .map(|s| ended.payouts[s] - ended.contributions[s])
        .collect();
    Some(Replayed {
        positions: position_names(n, button).to_vec(),
        seat_of,
        button,
        holes,
        board,
        stacks,
        events: ended.events,
        payouts: ended.payouts,
        net,
        folded: ended.folded,
        rake: ended.rake,
        showdown: ended.showdown,
        known: ended.known,
        pots: ended.pots,
        rate: big,
        blinds: (small, big),
        room_paid,
    })
}

/// Whether a seat's hand was not tabled (`sm` mucking, or showing no card the record knows
/// where another shows known cards) while some hand is unknown: the game layer's rule 22
/// then decides (not covered here).
fn unshown(hand: &RoomHand, holes: &[Option<[u8; 2]>]) -> bool {
    let unknown = holes.iter().any(Option::is_none);
    if !unknown {
        return false;
    }
    let shows = hand
        .steps
        .iter()
        .filter(|s| s.verb == Verb::ShowMuck && s.player.is_some());
    let tabled = shows
        .clone()
        .any(|s| matches!(&s.arg, Arg::Cards(c) if !c.is_empty() && c.iter().all(Option::is_some)));
    shows.clone().any(|s| match &s.arg {
        Arg::Nothing => true,
        Arg::Cards(c) => tabled && !c.is_empty() && c.iter().all(Option::is_none),
        Arg::Chips(_) => false,
    })
}

/// Each player whose payout differs from the record's: `(player, replay, record)`.
pub type Diffs = Vec<(usize, i64, i64)>;

/// The record's winnings against the replay's payouts (`game/phh/checks.py`): `Ok(Ok(()))`
/// where they agree, `Ok(Err(diffs))` where they differ (each player's, as `(player,
/// replay, record)`), `None` where the record cannot stand (more than the pots hold, a
/// pot left to the rake).
fn check_record(ended: &Ended, seat_of: &[usize], recorded: &[i64]) -> Option<Result<(), Diffs>> {
    if !ended.known {
        return None;
    }
    let mut diffs = Vec::new();
    for (p, &want) in recorded.iter().enumerate() {
        let seat = seat_of[p];
        let mut got = ended.payouts[seat];
        // Rooms may count a returned uncalled bet as won (the big blind's walk).
        if got != want && got + ended.returned[seat] == want {
            got += ended.returned[seat];
        }
        if got != want {
            diffs.push((p, got, want));
        }
    }
    if !diffs.is_empty() {
        return Some(Err(diffs));
    }
    if ended.rake > 0 {
        let live_paid = (0..recorded.len()).any(|p| !ended.folded[seat_of[p]] && recorded[p] > 0);
        let paid: i64 = ended.payouts.iter().sum();
        if !live_paid || 2 * ended.rake > ended.rake + paid {
            return None;
        }
    }
    Some(Ok(()))
}

/// An amount as the game layer's messages write it: whole chips bare, else a decimal of
/// exactly `places` places (`to_money`).
pub fn money_text(chips: i64, places: u32) -> String {
    if places == 0 {
        return chips.to_string();
    }
    let scale = 10u64.pow(places);
    let sign = if chips < 0 { "-" } else { "" };
    let size = chips.unsigned_abs();
    format!(
        "{sign}{}.{:0width$}",
        size / scale,
        size % scale,
        width = places as usize
    )
}

/// Why a hand's payouts are the room's, as the game layer says it.
pub fn room_paid_text(diffs: &[(usize, i64, i64)], places: u32) -> String {
    let said: Vec<String> = diffs
        .iter()
        .map(|&(p, got, want)| {
            format!(
                "p{} {} in the record, {} in the replay (difference {})",
                p + 1,
                money_text(want, places),
                money_text(got, places),
                money_text(got - want, places)
            )
        })
        .collect();
    format!(
        "the room paid otherwise than the rules split: {}",
        said.join(", ")
    )
}

#[cfg(test)]
#[path = "replay_tests.rs"]
mod tests;
