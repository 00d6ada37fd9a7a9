//! The older layout of the Winning Poker Network (ACR, before 2019): a hand starts `Game
//! started at: 2014/3/9 16:53:43`, then `Game ID: 261641541 0.10/0.25 Tantalite (JP)
//! (Hold'em)`, the button's seat, the seats (`Seat 1: NAME (44.87).`), every line of play
//! `Player NAME verb (amount)` with the amount what the action puts in (not a street
//! total), `*** FLOP ***: [..]` sections (stud: `*** Third street ***` begins the fourth),
//! and a summary that states the pot after rake and fees (`Pot: 477. Rake 2.76. JP fee
//! 0.24`) and each player's bets and what he collected.
//!
//! The layout names no betting structure: a game whose big blind is the stakes' first
//! amount is fixed-limit (its small bet), stud is fixed-limit, Omaha pot-limit, the rest
//! no-limit; a tournament's table is named `NAME, Table N`.

use super::assemble::{assemble, Event, Parts};
use super::forced::Post;
use super::header::Header;
use super::money::{in_unit, units};
use super::record::{Cause, Note, RoomHand};
use super::table::{phh_code, Deal, Room};
use super::words::{fault, groups, known, Fault};
use crate::phh::{Arg, Verb};

/// The games of the layout, as its `Game ID` line's last brackets name them.
const GAMES: [(&str, &str, usize, Deal); 6] = [
    ("Hold'em", "holdem", 2, Deal::Board),
    ("Six Plus Hold'em", "short-deck", 2, Deal::Board),
    ("Omaha", "omaha", 4, Deal::Board),
    ("Omaha HiLow", "omaha-hilo", 4, Deal::Board),
    ("Seven Cards Stud", "stud", 7, Deal::Stud),
    ("Seven Cards Stud HiLow", "stud-hilo", 7, Deal::Stud),
];

/// The amount in the first `(...)` of `text`.
fn bracketed(text: &str) -> Result<i64, Fault> {
    let inner = text
        .split_once('(')
        .and_then(|(_, rest)| rest.split_once(')'))
        .map_or(text, |(inner, _)| inner);
    units(inner.trim()).map_or_else(
        || {
            fault(
                Cause::Amount,
                format!("{:?} is not an amount", inner.trim()),
            )
        },
        Ok,
    )
}

/// The amount after `label` in a summary line (`Bets: 4.07.`), if written.
fn labelled(text: &str, label: &str) -> Option<i64> {
    let at = text.find(label)? + label.len();
    let word = text[at..].split_whitespace().next()?;
    units(word.trim_end_matches(['.', ',']))
}

/// The `Game ID` line read: the number, the stakes, the table, the game.
fn game_line(line: &str, time: &str) -> Result<(Header, String), Fault> {
    let rest = line.trim_start_matches("Game ID:").trim();
    let (number, rest) = rest.split_once(' ').unwrap_or((rest, ""));
    let (stakes_text, rest) = rest.trim_start().split_once(' ').unwrap_or((rest, ""));
    let stakes = stakes_text
        .split_once('/')
        .and_then(|(a, b)| Some((units(a)?, units(b)?)));
    let Some(open) = rest.rfind('(') else {
        return fault(Cause::Game, format!("{line:?} names no game"));
    };
    let name = rest[open + 1..].split(')').next().unwrap_or("").trim();
    let Some(&(written, game, hole_count, deal)) = GAMES.iter().find(|g| g.0 == name) else {
        return fault(
            Cause::Game,
            format!("{name:?} is not a game pokerforge reads in this layout"),
        );
    };
    let table = rest[..open].trim().to_string();
    let tournament = table
        .rfind(", Table ")
        .map(|at| table[..at].trim().to_string());
    let betting = match (deal, game) {
        (Deal::Stud, _) => "fixed-limit",
        (_, "omaha" | "omaha-hilo") => "pot-limit",
        _ => "no-limit",
    };
    let head = Header {
        number: number.to_string(),
        tournament,
        game,
        betting,
        code: phh_code(game, betting),
        game_text: written.to_string(),
        hole_count,
        deal,
        stakes,
        cap: None,
        currency: String::new(),
        time: time.to_string(),
    };
    Ok((head, table))
}

/// One hand of the layout (its lines, the first `Game started at: ...`).
///
/// # Errors
/// The line (an index into `lines`, `None` for the hand as a whole) and the fault.
pub fn read(
    room: &'static Room,
    language: &'static str,
    lines: &[&str],
) -> Result<RoomHand, (Option<usize>, Fault)> {
    let time = lines[0]
        .trim()
        .trim_start_matches("Game started at:")
        .trim();
    let Some(at) = lines.iter().position(|l| l.trim().starts_with("Game ID:")) else {
        let cut = (
            Cause::CutOff,
            "the hand is cut off before its Game ID line".into(),
        );
        return Err((None, cut));
    };
    let (head, table) = game_line(lines[at].trim(), time).map_err(|f| (Some(at), f))?;
    let mut r = Parts::new(room, language, head);
    r.table = table;
    let mut s = State::default();
    for (i, raw) in lines.iter().enumerate().skip(at + 1) {
        let line = raw.trim();
        if !line.is_empty() {
            s.line(&mut r, line).map_err(|f| (Some(i), f))?;
        }
    }
    s.flush(&mut r);
    if !s.summary || r.total.is_none() {
        let cut = (
            Cause::CutOff,
            "the hand is cut off before its summary's pot".into(),
        );
        return Err((None, cut));
    }
    if !s.dealt && r.events.is_empty() {
        // A blind posted and given back, the others sitting out: no hand was played.
        let cancelled = (
            Cause::Cancelled,
            "no cards were dealt: a blind was posted and returned, the others sitting out".into(),
        );
        return Err((None, cancelled));
    }
    if r.head.deal == Deal::Board {
        // Fixed-limit: the big blind is the stakes' first amount, the small bet.
        let big = r.posts.iter().find(|p| p.0 == Post::Big).map(|p| p.2);
        if let (Some(big), Some((small_bet, _))) = (big, r.head.stakes) {
            if big == small_bet {
                r.head.betting = "fixed-limit";
                r.head.code = phh_code(r.head.game, "fixed-limit");
            }
        }
    }
    if r.put.iter().all(|&x| x == 0) && r.total.is_some_and(|t| t > 0) {
        // Files converted from another format write every player's bets 0 beside a pot
        // ("Bets: 0. Collects: 580."): they state no bets.
        r.put.clear();
    }
    for (who, returned) in s.returned {
        if let Some(put) = r.put.get_mut(who) {
            *put += returned; // the summary's bets leave the uncalled bet out
        }
    }
    // A disconnected player kept all-in ("is disconnected and ALL IN") plays on with what
    // he had put in (the summary's bets): his stack in the record, the listed one noted.
    // His checks after his last chips went in are none: he was all-in by then.
    let mut protected = Vec::new();
    let mut passed = Vec::new();
    for &who in &s.protected {
        let (put, listed) = (r.put.get(who).copied().unwrap_or(0), r.seats[who].2);
        if put > 0 && put < listed {
            r.seats[who].2 = put;
            protected.push((r.seats[who].1.clone(), listed));
            let last = r
                .events
                .iter()
                .enumerate()
                .rev()
                .find(|(i, e)| {
                    matches!(e, Event::Act(w, v, _) if *w == who && *v != Verb::ShowMuck)
                        && !s.checks.contains(&(*i, who))
                })
                .map(|(i, _)| i);
            passed.extend(
                s.checks
                    .iter()
                    .filter(|c| c.1 == who && last.is_none_or(|l| c.0 > l))
                    .map(|c| c.0),
            );
        }
    }
    let mut at = 0;
    r.events.retain(|_| {
        at += 1;
        !passed.contains(&(at - 1))
    });
    let mut hand = assemble(r).map_err(|f| (None, f))?;
    for (name, stack) in protected {
        if let Some(player) = hand.players.iter().position(|p| *p == name) {
            let stack = in_unit(stack, hand.places);
            hand.notes.push(Note::AllInProtected { player, stack });
        }
    }
    Ok(hand)
}

/// Words of a line of play, to tell an action by a player the seats do not name.
const ACTS: [&str; 8] = [
    " has small blind",
    " has big blind",
    " folds",
    " checks",
    " calls (",
    " bets (",
    " raises (",
    " received",
];

#[derive(Debug, Default)]
struct State {
    names: Vec<usize>,
    street_in: Vec<i64>,
    /// Each player's cards dealt on the current stud street, not yet an event.
    street_cards: Vec<Vec<Option<u8>>>,
    street: usize,
    acted: bool,
    summary: bool,
    returned: Vec<(usize, i64)>,
    /// Players the room kept all-in when they disconnected.
    protected: Vec<usize>,
    /// The events that are checks, with their player.
    checks: Vec<(usize, usize)>,
    /// Whether any player received a card.
    dealt: bool,
    /// What the pot held before this street: the antes and the earlier streets' bets.
    pot: i64,
}

impl State {
    fn who<'l>(&self, r: &Parts, line: &'l str) -> Option<(usize, &'l str)> {
        let line = line.trim_start_matches('*').strip_prefix("Player ")?;
        self.names.iter().find_map(|&i| {
            let rest = line.strip_prefix(r.seats[i].1.as_str())?;
            Some((i, rest.strip_prefix(' ').unwrap_or(rest)))
        })
    }

    fn seat(&mut self, r: &mut Parts, line: &str) -> Result<bool, Fault> {
        let Some((number, rest)) = line.strip_prefix("Seat ").and_then(|l| l.split_once(": "))
        else {
            return Ok(false);
        };
        let (Ok(seat), Some(open)) = (number.parse::<u32>(), rest.rfind(" (")) else {
            return Ok(false);
        };
        if r.seats.len() >= 2 * crate::MAX_PLAYERS {
            return fault(Cause::Players, "more seats than any table has");
        }
        let stack = bracketed(&rest[open..])?;
        // Listed seats are dealt in when they are dealt cards, post or act.
        r.seats.push((seat, rest[..open].to_string(), stack, true));
        r.acting.push(false);
        r.dealt.push(None);
        r.shown.push(None);
        r.won.push(0);
        r.put.push(0);
        self.street_in.push(0);
        self.street_cards.push(Vec::new());
        self.names.push(r.seats.len() - 1);
        let seats = &r.seats;
        self.names
            .sort_by_key(|&i| std::cmp::Reverse(seats[i].1.len()));
        Ok(true)
    }

    /// The cards dealt on this stud street so far, as events.
    fn flush(&mut self, r: &mut Parts) {
        for who in 0..self.street_cards.len() {
            let cards = std::mem::take(&mut self.street_cards[who]);
            if cards.is_empty() {
                continue;
            }
            if r.head.deal == Deal::Stud {
                if self.street == 0 && cards.iter().all(Option::is_some) {
                    r.dealt[who] = Some(cards.iter().flatten().copied().collect());
                }
                r.events.push(Event::Deal(who, cards));
            } else if cards.iter().any(Option::is_some) {
                r.dealt[who] = Some(cards.iter().flatten().copied().collect());
            }
        }
    }

    fn street(&mut self, r: &mut Parts, line: &str) -> Result<(), Fault> {
        let name = line.trim_matches('*').trim().trim_end_matches(':');
        let name = name.trim_end_matches('*').trim();
        self.flush(r);
        if r.head.deal == Deal::Stud {
            // "Third street" is written where the fourth begins.
            self.street += 1;
        } else if let Some(cards) = groups(line)?.pop() {
            let mut board: Vec<u8> = Vec::new();
            for event in &r.events {
                if let Event::Board(c) = event {
                    board.extend(c);
                }
            }
            let new: Vec<u8> = cards.into_iter().filter(|c| !board.contains(c)).collect();
            if !new.is_empty() {
                r.events.push(Event::Board(new));
            }
            self.street += 1;
        } else if self.acted || !name.eq_ignore_ascii_case("FLOP") {
            return fault(Cause::Cards, format!("{line:?} deals no cards"));
        } // A "*** FLOP ***:" with no cards before the deal is a stray line.
        self.pot = (self.street_in.iter()).fold(self.pot, |a, x| a.saturating_add(*x));
        self.street_in.iter_mut().for_each(|x| *x = 0);
        Ok(())
    }

    fn line(&mut self, r: &mut Parts, line: &str) -> Result<(), Fault> {
        if line.starts_with("------ Summary") {
            self.flush(r);
            self.summary = true;
            return Ok(());
        }
        if self.summary {
            return self.summary_line(r, line);
        }
        if let Some(seat) = line
            .strip_prefix("Seat ")
            .and_then(|l| l.strip_suffix(" is the button"))
        {
            r.button = seat.trim().parse().ok();
            return Ok(());
        }
        if self.seat(r, line)? {
            return Ok(());
        }
        if line.starts_with("***") {
            return self.street(r, line);
        }
        if let Some(rest) = line.strip_prefix("Uncalled bet ") {
            let x = bracketed(rest)?;
            let name = rest
                .split_once(" returned to ")
                .map_or("", |(_, n)| n.trim());
            if let Some(who) = self.names.iter().copied().find(|&i| r.seats[i].1 == name) {
                self.returned.push((who, x));
                r.notes.push((who, false, x));
            }
            return Ok(());
        }
        match self.who(r, line) {
            Some((who, rest)) => self.act(r, who, rest),
            None if line.starts_with("Player ") && ACTS.iter().any(|w| line.contains(w)) => fault(
                Cause::Players,
                format!("{line:?}: a player no seat line names acts"),
            ),
            None => Ok(()),
        }
    }

    fn summary_line(&mut self, r: &mut Parts, line: &str) -> Result<(), Fault> {
        if let Some(rest) = line.strip_prefix("Pot:") {
            // The pot after the rake and the fees (the room's row says so).
            let Some(pot) = labelled(rest, "") else {
                return fault(Cause::Amount, format!("{rest:?} is not a pot"));
            };
            let rake = labelled(rest, "Rake ").unwrap_or(0);
            let fee = labelled(rest, "JP fee ").unwrap_or(0);
            r.rake = Some(rake);
            if fee > 0 {
                r.fees.push(("JP fee".to_string(), fee));
            }
            r.total = Some(pot);
            return Ok(());
        }
        let Some((who, rest)) = self.who(r, line) else {
            return Ok(());
        };
        if let Some(shown) = rest.strip_prefix("shows") {
            let first = shown.find(']').map_or(shown, |end| &shown[..=end]);
            if let Some(cards) = groups(first)?.into_iter().next() {
                self.shown(r, who, cards);
            }
        }
        r.put[who] = labelled(rest, "Bets: ").unwrap_or(0);
        r.won[who] = labelled(rest, "Collects: ").unwrap_or(0);
        Ok(())
    }

    fn shown(&mut self, r: &mut Parts, who: usize, cards: Vec<u8>) {
        if r.head.deal == Deal::Board {
            r.shown[who] = Some(cards.clone());
            let mut shown = known(&cards);
            shown.resize(r.head.hole_count.max(shown.len()), None);
            r.events
                .push(Event::Act(who, Verb::ShowMuck, Arg::Cards(shown)));
        }
    }

    fn act(&mut self, r: &mut Parts, who: usize, rest: &str) -> Result<(), Fault> {
        let level = self.street_in.iter().copied().max().unwrap_or(0);
        if rest.starts_with("is disconnected and ALL IN") {
            self.protected.push(who);
            return Ok(());
        }
        self.dealt |= rest.starts_with("received");
        if let Some(card) = rest.strip_prefix("received card:") {
            let cards = groups(card)?.concat();
            self.street_cards[who].extend(known(&cards));
            r.acting[who] = true;
            return Ok(());
        }
        if rest.starts_with("received a card") {
            self.street_cards[who].push(None);
            r.acting[who] = true;
            return Ok(());
        }
        const POSTS: [(&str, Post); 6] = [
            ("has small blind", Post::Small),
            ("has big blind", Post::Big),
            ("posts ante", Post::Ante),
            ("ante", Post::Ante),
            ("straddle", Post::Straddle),
            ("posts", Post::Big),
        ];
        if let Some((kind, after)) = POSTS
            .iter()
            .find_map(|(w, k)| Some((*k, rest.strip_prefix(w)?)))
        {
            if self.acted {
                return fault(Cause::Blinds, "a blind posted after the betting began");
            }
            let x = bracketed(after)?;
            if kind == Post::Ante {
                self.pot = self.pot.saturating_add(x);
            } else {
                self.street_in[who] += x;
            }
            r.posts.push((kind, who, x));
            r.acting[who] = true;
            return Ok(());
        }
        if let Some(x) = rest.strip_prefix("bring in") {
            self.flush(r);
            let x = bracketed(x)?;
            r.bring_in = Some(x);
            self.street_in[who] = x;
            return self.push(r, who, Verb::PostBringIn, Arg::Nothing);
        }
        let (verb, arg) = if rest.starts_with("folds") {
            (Verb::Fold, Arg::Nothing)
        } else if rest.starts_with("checks") {
            self.checks.push((r.events.len(), who));
            (Verb::CheckCall, Arg::Nothing)
        } else if let Some(x) = rest.strip_prefix("calls") {
            self.street_in[who] += bracketed(x)?;
            (Verb::CheckCall, Arg::Nothing)
        } else if let Some(x) = ["bets", "raises", "caps", "allin"]
            .iter()
            .find_map(|w| rest.strip_prefix(w))
            .filter(|x| x.contains('('))
        {
            // The most pot-limit allows: the call, then the pot after it.
            let most = (self.street_in.iter())
                .fold(self.pot, |a, x| a.saturating_add(*x))
                .saturating_add(level.saturating_mul(2).saturating_sub(self.street_in[who]));
            self.street_in[who] += bracketed(x)?;
            if self.street_in[who] > most && r.head.betting == "pot-limit" {
                // The layout names no structure (Omaha is read as pot-limit): a bet the
                // room took beyond the pot's limit shows the hand is no-limit (WPN's
                // "Omaha HiLow" at 3/6, "allin (402.40)" into a pot of 33).
                r.head.betting = "no-limit";
                r.head.code = phh_code(r.head.game, "no-limit");
            }
            if self.street_in[who] > level {
                (Verb::BetRaise, Arg::Chips(self.street_in[who]))
            } else {
                (Verb::CheckCall, Arg::Nothing)
            }
        } else {
            // Time-outs, sitting out, a disconnected player's "allin" with no chips, mucks.
            return Ok(());
        };
        self.flush(r);
        self.push(r, who, verb, arg)
    }

    fn push(&mut self, r: &mut Parts, who: usize, verb: Verb, arg: Arg) -> Result<(), Fault> {
        self.acted = true;
        r.acting[who] = true;
        r.events.push(Event::Act(who, verb, arg));
        Ok(())
    }
}
