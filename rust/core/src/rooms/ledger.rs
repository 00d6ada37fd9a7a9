//! The chips a hand's actions put in the pot, counted from its record alone, and the
//! check of the totals its summary states (pot, rake and fees, what was collected)
//! against them: a reader that lost or misread an action fails it.

use super::money::decimal;
use super::record::{Note, RoomHand};
use crate::phh::{Arg, Verb};

/// What each player put in the pot and the uncalled bet returned (to the one who put in
/// the most), counted from the forced bets and the actions: a call pays what is owed, a
/// bet or raise up to its street total, each capped at the player's stack.
///
/// # Errors
/// A message naming an action by a player the hand does not have.
pub fn contributions(hand: &RoomHand) -> Result<(Vec<i64>, i64), String> {
    count(hand).map(|(put, _, returned)| (put, returned))
}

/// [`contributions`], with the uncalled bets the rules return: at each street's end what
/// the largest bet of the street holds beyond the next largest.
fn count(hand: &RoomHand) -> Result<(Vec<i64>, i64, i64), String> {
    let uncalled_of = |street: &[i64]| {
        let mut sorted = street.to_vec();
        sorted.sort_unstable_by(|a, b| b.cmp(a));
        match sorted.as_slice() {
            [most, next, ..] => (most - next).max(0),
            _ => 0,
        }
    };
    let mut uncalled = 0;
    let n = hand.players.len();
    let mut left = hand.stacks.clone();
    let mut put = vec![0i64; n];
    let mut street = vec![0i64; n];
    let pay = |p: usize, x: i64, left: &mut Vec<i64>, put: &mut Vec<i64>| -> i64 {
        let x = x.clamp(0, left[p]);
        left[p] -= x;
        put[p] += x;
        x
    };
    for p in 0..n.min(hand.antes.len()) {
        pay(p, hand.antes[p], &mut left, &mut put);
    }
    let mut blinds = hand.blinds.clone();
    if n == 2 {
        blinds.reverse(); // PHH writes heads-up blinds small first, the big blind's p1
    }
    // A blind posted short (all in for less, or for nothing after an ante: PokerStars
    // writes no line for that) still sets the level before the first street's end, as
    // the rules play it: a call pays up to its full size (PokerStars' and 888's calls do),
    // but in a room whose calls go up to what was posted (`CALLS_TO_POSTED`).
    let posted_level = CALLS_TO_POSTED.contains(&hand.room);
    let mut floor = 0;
    for p in 0..n.min(blinds.len()) {
        let paid = pay(p, blinds[p].max(0), &mut left, &mut put);
        if paid < blinds[p] && (paid == 0 || !posted_level) {
            floor = floor.max(blinds[p]);
        }
        street[p] += paid;
    }
    for &(p, live, dead) in &hand.posts {
        if p >= n {
            return Err(format!("a post by player {} of {n}", p + 1));
        }
        street[p] += pay(p, live, &mut left, &mut put);
        pay(p, dead, &mut left, &mut put);
    }
    let mut betting = false;
    for step in &hand.steps {
        let p = match (step.verb, step.player) {
            (Verb::DealBoard | Verb::DealHole | Verb::StandPatDiscard, _) => {
                if betting {
                    uncalled += uncalled_of(&street);
                    street.iter_mut().for_each(|x| *x = 0);
                    (betting, floor) = (false, 0);
                }
                continue;
            }
            (_, Some(p)) if p < n => p,
            (Verb::ShowMuck, _) => continue,
            _ => return Err(format!("action {} has no player of the hand", step.action)),
        };
        let level = street.iter().copied().max().unwrap_or(0).max(floor);
        match (step.verb, &step.arg) {
            (Verb::CheckCall, _) => street[p] += pay(p, level - street[p], &mut left, &mut put),
            (Verb::BetRaise, Arg::Chips(to)) => {
                street[p] += pay(p, to - street[p], &mut left, &mut put)
            }
            (Verb::PostBringIn, _) => {
                street[p] += pay(
                    p,
                    hand.bring_in.unwrap_or(0) - street[p],
                    &mut left,
                    &mut put,
                );
            }
            _ => {}
        }
        betting |= !matches!(step.verb, Verb::ShowMuck);
    }
    // A bet posted dead is none a raise is called by (a missed blind): the uncalled part
    // of the largest bet is counted over live chips.
    let mut sorted = put.clone();
    for &(p, _, dead) in &hand.posts {
        sorted[p] -= dead.min(sorted[p]);
    }
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    let returned = match sorted.as_slice() {
        [most, next, ..] => (most - next).max(0),
        _ => 0,
    };
    Ok((put, uncalled + uncalled_of(&street), returned))
}

/// Checks the totals the hand's summary states against its actions: the total pot is what
/// the actions put in less the uncalled bet, and the collected amounts with the rake and
/// fees make up that pot. A room that states no totals (888, PartyPoker) must have
/// collected no more than the pot, and at least three quarters of it (a rake is a few
/// per cent).
///
/// # Errors
/// A sentence naming the stated total and the counted one.
pub fn check_totals(hand: &RoomHand) -> Result<(), String> {
    let (put, returned) = contributions(hand)?;
    let mut pot: i64 = put.iter().sum::<i64>() - returned;
    let conventions = super::table::room(hand.room);
    let written_back = hand
        .notes
        .iter()
        .any(|n| matches!(n, Note::Returned { .. }));
    if conventions.is_some_and(|r| r.returns_collected) && !written_back {
        pot += returned; // the room pays an uncalled bet it writes no line for with the pot
    }
    let stated = match (
        hand.total_pot,
        conventions.is_some_and(|r| r.pot_after_rake),
    ) {
        (Some(total), true) => {
            Some(total + hand.rake.unwrap_or(0) + hand.fees.iter().map(|f| f.1).sum::<i64>())
        }
        (total, _) => total,
    };
    let show = |x: i64| decimal(x, hand.places);
    if !hand.put.is_empty() && hand.put != put {
        let p = (0..put.len())
            .find(|&p| hand.put.get(p) != Some(&put[p]))
            .unwrap_or(0);
        return Err(format!(
            "{} put in {} by the room's count, {} by the actions",
            hand.players.get(p).map_or("a player", String::as_str),
            show(hand.put.get(p).copied().unwrap_or(0)),
            show(put[p])
        ));
    }
    if let Some(total) = stated {
        if total != pot {
            return Err(format!(
                "the summary's total pot {} is not the {} the actions put in",
                show(total),
                show(pot)
            ));
        }
    }
    let paid: i64 = hand.winnings.iter().sum::<i64>()
        + hand.rake.unwrap_or(0)
        + hand.fees.iter().map(|f| f.1).sum::<i64>();
    if conventions.is_some_and(|r| !r.writes_totals) {
        // The room states no pot or rake: its rake is what the pot held beyond the
        // collected amounts, which can be no more than the pot, nor most of it.
        // An uncalled bet may be paid with the pot or returned unwritten (888 does both).
        let fits = |pot: i64| paid <= pot && (pot - paid) * 4 <= pot;
        if !fits(pot) && !fits(pot - returned) {
            return Err(format!(
                "the collected amounts make {}, which leaves no rake of the pot's {}",
                show(paid),
                show(pot)
            ));
        }
        return Ok(());
    }
    if paid != pot {
        return Err(format!(
            "the collected amounts, rake and fees make {}, not the pot's {}",
            show(paid),
            show(pot)
        ));
    }
    Ok(())
}

/// Whether the uncalled bets a hand writes returned are what its actions leave uncalled
/// (a hand that writes none agrees).
pub fn returns_agree(hand: &RoomHand) -> bool {
    let written: Vec<i64> = hand
        .notes
        .iter()
        .filter_map(|n| match n {
            Note::Returned { chips, .. } => Some(*chips),
            _ => None,
        })
        .collect();
    written.is_empty()
        || contributions(hand).is_ok_and(|(_, returned)| written.iter().sum::<i64>() == returned)
}

/// Rooms whose calls over a big blind posted all-in short go up to what he posted, not to
/// the blind's full size (Bovada's `Call 37` over an all-in big blind of 237 at 200/400).
pub(super) const CALLS_TO_POSTED: [&str; 1] = ["BOV"];

/// The names a summary gives the chips the room itself added to the pot (Run It Once's
/// `| STP €5.00 |`, Splash the Pot).
const ADDED: [&str; 1] = ["STP"];

/// Rooms whose summary can write `Rake 0.00` while the pot paid out falls short of what
/// the actions put in by a rake's share (BetOnline's Omaha of 2012: 4.22 paid of 4.42).
const RAKE_WRITTEN_ZERO: [&str; 1] = ["BOL"];

/// Words of a table's name that mark a jackpot table (WPN's `Baryte (JP)`, `Braunite (
/// Beast )`), whose pots pay a jackpot drop the older layout's summary does not write.
const JACKPOT_TABLES: [&str; 2] = ["JP", "Beast"];

/// What the room put in or took from the pot beyond the players' chips, its rake and
/// the fees it writes, made notes of the hand: chips it added (taken off the winnings of
/// the player who collected the most, the pot it paid them with being the players'), and
/// on a jackpot table the drop its summary leaves out, or the rake of a room that wrote
/// it 0 (a tenth of the pot at most), where the summary otherwise adds up (the total pot
/// is what was collected, the rake and the fees written, and falls short of what the
/// actions put in by that amount alone).
pub fn room_money(hand: &mut RoomHand) {
    let added: i64 = hand
        .fees
        .iter()
        .filter(|f| ADDED.contains(&f.0.as_str()))
        .fold(0i64, |a, f| a.saturating_add(f.1));
    let top = (0..hand.winnings.len()).max_by_key(|&p| (hand.winnings[p], usize::MAX - p));
    if let Some(top) = top.filter(|&p| added > 0 && hand.winnings[p] >= added) {
        hand.fees.retain(|f| !ADDED.contains(&f.0.as_str()));
        hand.total_pot = hand.total_pot.map(|t| t - added);
        hand.winnings[top] -= added;
        hand.notes.push(Note::Added {
            player: top,
            chips: added,
        });
    }
    let jackpot = hand
        .table
        .split(|c: char| !c.is_ascii_alphanumeric())
        .any(|w| JACKPOT_TABLES.contains(&w));
    let zero_rake = hand.rake == Some(0) && RAKE_WRITTEN_ZERO.contains(&hand.room);
    let after_rake = super::table::room(hand.room).is_some_and(|r| r.pot_after_rake);
    let (Some(total), true, true) = (hand.total_pot, jackpot || zero_rake, after_rake) else {
        return;
    };
    let sum = |v: &mut dyn Iterator<Item = i64>| v.fold(0i64, i64::saturating_add);
    let Ok((put, returned)) = contributions(hand) else {
        return;
    };
    let written_back = hand
        .notes
        .iter()
        .any(|n| matches!(n, Note::Returned { .. }));
    let returns_collected = super::table::room(hand.room).is_some_and(|r| r.returns_collected);
    let returned = if returns_collected && !written_back {
        0
    } else {
        returned
    };
    let pot = sum(&mut put.iter().copied()).saturating_sub(returned);
    let fees = sum(&mut hand.fees.iter().map(|f| f.1)).saturating_add(hand.rake.unwrap_or(0));
    let stated = total.saturating_add(fees);
    let paid = sum(&mut hand.winnings.iter().copied()).saturating_add(fees);
    // A rake is a few per cent of the pot (a tenth at most); a jackpot drop a fixed sum.
    let share = jackpot || pot.saturating_sub(stated).saturating_mul(10) <= pot;
    if paid == stated && pot > stated && share {
        let name = if jackpot {
            "unwritten jackpot drop"
        } else {
            "unwritten rake"
        };
        hand.fees.push((name.to_string(), pot - stated));
        hand.notes.push(Note::Unwritten {
            chips: pot - stated,
        });
    }
}

/// The winnings as PHH writes them (what each player collected from the pots, after
/// rake): a room that pays an uncalled bet with the pot and writes no line for it
/// (`returns_collected`) has it taken off the winnings of the player it was returned to.
///
/// # Errors
/// As [`contributions`].
pub fn phh_winnings(hand: &RoomHand) -> Result<Vec<i64>, String> {
    let mut winnings = hand.winnings.clone();
    let written_back = hand
        .notes
        .iter()
        .any(|n| matches!(n, Note::Returned { .. }));
    if written_back {
        return own_pot(hand, winnings);
    }
    if !super::table::room(hand.room).is_some_and(|r| r.returns_collected) {
        return Ok(winnings);
    }
    let (put, _) = contributions(hand)?;
    // A bet posted dead is none a raise is called by (`posts both`: the big blind live, the
    // small dead): the uncalled part of the largest bet is counted over live chips.
    let mut live = put.clone();
    for &(p, _, dead) in &hand.posts {
        if let Some(x) = live.get_mut(p) {
            *x -= dead;
        }
    }
    let mut sorted = live.clone();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    let returned = match sorted.as_slice() {
        [most, next, ..] => (most - next).max(0),
        _ => 0,
    };
    // Paid with the pot only where the winnings exceed what the pot held without it (888
    // returns some uncalled bets unwritten and pays others).
    let pot = put.iter().sum::<i64>() - returned;
    if winnings.iter().sum::<i64>() <= pot {
        return Ok(winnings);
    }
    let top = (0..live.len()).max_by_key(|&p| live[p]);
    if let Some(top) = top.filter(|&p| returned > 0 && winnings[p] >= returned) {
        winnings[top] -= returned;
    }
    Ok(winnings)
}

/// `winnings` with the chips a player put in that nobody matched beyond his last bet's
/// uncalled part (the antes of an opponent all in on his own ante) added to his: the room
/// writes them returned with the uncalled bet (PokerStars' `Uncalled bet (124) returned`
/// of a big blind of 100 and an ante of 25 matched by 1), the replay pays them to him as a
/// pot of his own.
fn own_pot(hand: &RoomHand, mut winnings: Vec<i64>) -> Result<Vec<i64>, String> {
    let (put, uncalled, returned) = count(hand)?;
    let top = (0..put.len()).max_by_key(|&p| put[p]);
    let Some(top) = top.filter(|&p| returned > 0 && p < winnings.len()) else {
        return Ok(winnings);
    };
    let written: i64 = (hand.notes.iter())
        .filter_map(|n| match n {
            Note::Returned { player, chips } if *player == top => Some(*chips),
            _ => None,
        })
        .sum();
    if written == returned && uncalled < returned && !hand.posts.iter().any(|p| p.2 > 0) {
        winnings[top] += returned - uncalled;
    }
    Ok(winnings)
}
