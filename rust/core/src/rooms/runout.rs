//! A board the summary writes and the hand's lines do not deal (BetOnline deals no board
//! lines after an all-in: `Board [Qd Jh 9c 8d 7h]` in the summary alone). Where no more
//! than one player could still bet, the cards are dealt after the last bet, before the
//! hands are shown; else the lines that dealt them, with bets between, are missing and
//! the hand is refused by name.

use super::assemble::Event;
use super::ledger::contributions;
use super::record::{Cause, RoomHand};
use super::words::{fault, known, Fault};
use crate::phh::{Arg, Step, Verb};

/// `hand` with the board cards `missing` (the summary's, in order, that no line dealt).
///
/// # Errors
/// A fault of [`Cause::Cards`] where two players or more could still bet, or the hand
/// ended by folds.
pub fn complete(mut hand: RoomHand, missing: &[u8]) -> Result<RoomHand, Fault> {
    let (put, _) = contributions(&hand).map_err(|m| (Cause::Cards, m))?;
    let folded = |p: usize| {
        hand.steps
            .iter()
            .any(|s| s.player == Some(p) && s.verb == Verb::Fold)
    };
    let n = hand.players.len();
    let contesting = (0..n).filter(|&p| !folded(p)).count();
    let betting = (0..n)
        .filter(|&p| !folded(p) && hand.stacks.get(p).copied().unwrap_or(0) > put[p])
        .count();
    let dealt: usize = hand
        .steps
        .iter()
        .filter(|s| s.verb == Verb::DealBoard)
        .map(|s| match &s.arg {
            Arg::Cards(c) => c.len(),
            _ => 0,
        })
        .sum();
    // Dealt with no bets between: two players or more contest the pot (a hand won by
    // folds ends where they fold), all but one of them all in.
    if contesting < 2 || betting > 1 || dealt + missing.len() > 5 {
        let said = dealt + missing.len();
        return fault(
            Cause::Cards,
            format!("the hand deals {dealt} board cards, its summary's board {said}"),
        );
    }
    // After the last bet (or fold), before the shows.
    let last_bet = hand
        .steps
        .iter()
        .rposition(|s| s.player.is_some() && !matches!(s.verb, Verb::ShowMuck | Verb::DealHole));
    let at = last_bet.map_or(hand.steps.len(), |i| i + 1);
    let mut streets: Vec<Vec<u8>> = Vec::new();
    let mut left = missing;
    let mut count = dealt;
    while !left.is_empty() {
        let size = if count == 0 { 3.min(left.len()) } else { 1 };
        streets.push(left[..size].to_vec());
        left = &left[size..];
        count += size;
    }
    for (i, cards) in streets.into_iter().enumerate() {
        let step = Step {
            action: 0,
            player: None,
            verb: Verb::DealBoard,
            arg: Arg::Cards(known(&cards)),
        };
        hand.steps.insert(at + i, step);
    }
    for (i, step) in hand.steps.iter_mut().enumerate() {
        step.action = i;
    }
    Ok(hand)
}

/// The streets a reader found with no board line (`Event::Board` with no cards) dealt the
/// summary's `missing` cards in order (the flop's three, then one a street), taken from
/// it; `dealt` board cards were dealt by lines.
///
/// # Errors
/// A fault of [`Cause::Cards`] where the summary's board has too few cards for them.
pub fn fill(events: &mut [Event], dealt: usize, missing: &mut Vec<u8>) -> Result<(), Fault> {
    let mut count = dealt;
    for event in events.iter_mut() {
        if let Event::Board(cards) = event {
            if !cards.is_empty() {
                continue;
            }
            let size = if count == 0 { 3 } else { 1 };
            if missing.len() < size {
                return fault(
                    Cause::Cards,
                    "a street begins with no board card written for it, here or in the summary",
                );
            }
            *cards = missing.drain(..size).collect();
            count += size;
        }
    }
    Ok(())
}
