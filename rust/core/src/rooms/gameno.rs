//! The layout 888 (Pacific) and PartyPoker write: `#Game No : N`, a `***** ... Hand
//! History for Game N *****` line, the game and stakes, the table, the button, the seats
//! (`Seat 4: NAME ( $10.98 )`), amounts in brackets (`calls [$0.05]`, `raises [284,48$]`:
//! what the action puts in, not a street total), `** Dealing ... **` sections and the
//! winners' `collected [ X ]` or `wins X` lines. Neither room writes the total pot or the
//! rake; both pay an uncalled bet with the pot.

use super::assemble::{assemble, Event, Parts};
use super::cardwords;
use super::forced::Post;
use super::header::Header;
use super::money::symbol;
use super::record::{Cause, RoomHand};
use super::table::{phh_code, Deal, Room};
use super::words::{fault, groups, known, Fault};
use crate::phh::{Arg, Verb};

mod amounts;
mod joiners;

use amounts::{bracket, decimal_comma, level, pair, parts, spaced_brackets, thousands_points};

/// The games of this layout: `(written, game, hole cards)`, the longest first.
const GAMES: [(&str, &str, usize); 7] = [
    ("Short Deck", "short-deck", 2),
    ("Omaha Hi-Lo", "omaha-hilo", 4),
    ("OmahaHL", "omaha-hilo", 4),
    ("Omaha", "omaha", 4),
    ("Texas Hold'em", "holdem", 2),
    ("Hold'em", "holdem", 2),
    ("Holdem", "holdem", 2),
];

/// Its betting structures as written: `(written, structure)`, the longest first.
const BETTING: [(&str, &str); 9] = [
    ("No Limit", "no-limit"),
    ("Pot Limit", "pot-limit"),
    ("Fix Limit", "fixed-limit"),
    // PartyPoker's later files: "0.01/0.02 Texas Hold'em Game Table (NL)".
    ("(NL)", "no-limit"),
    ("(PL)", "pot-limit"),
    ("(FL)", "fixed-limit"),
    ("NL ", "no-limit"),
    ("PL ", "pot-limit"),
    ("FL ", "fixed-limit"),
];

/// The hand's game line read into a header (number from the first line).
fn game_line(number: &str, line: &str) -> Result<Header, Fault> {
    if line.contains("Double Hold'em") {
        // PartyPoker's: three cards dealt, one of them chosen after the flop.
        return fault(
            Cause::Game,
            "Double Hold'em is a game pokerforge does not play",
        );
    }
    let Some(&(written, game, hole_count)) = GAMES.iter().find(|g| line.contains(g.0)) else {
        return fault(
            Cause::Game,
            format!("{line:?} names no game pokerforge reads in this layout"),
        );
    };
    // PartyPoker's older files name no structure for a fixed-limit game's stakes
    // ("$15/$30 USD Texas Hold'em"), only for the others ("$0.50/$1 USD NL Texas Hold'em").
    let unnamed = line
        .split(written)
        .next()
        .is_some_and(|before| before.contains('/'))
        .then_some(("", "fixed-limit"));
    let Some((_, betting)) = BETTING
        .iter()
        .copied()
        .find(|b| line.contains(b.0))
        .or(unnamed)
    else {
        return fault(Cause::Game, format!("{line:?} names no betting structure"));
    };
    let tournament = line
        .find("Trny:")
        .map(|at| at + 5)
        .or_else(|| line.find("Tournament #").map(|at| at + 12))
        .map(|at| {
            line[at..]
                .trim_start()
                .chars()
                .take_while(char::is_ascii_digit)
                .collect::<String>()
        });
    let stakes = level(line).or_else(|| pair(line.split(" Blinds").next().unwrap_or("")));
    // 888 writes the blinds ("$0.01/$0.02 Blinds Fix Limit"): a fixed-limit game's bets
    // are the big blind and twice it. PartyPoker writes a fixed-limit game's bets
    // ("$0.05/$0.10 USD FL", "Stakes(200/400)"), its big blind the small bet.
    let stakes = match (stakes, betting) {
        (Some((_, big)), "fixed-limit") if line.contains("Blinds") => Some((big, 2 * big)),
        (stakes, _) => stakes,
    };
    Ok(Header {
        number: number.to_string(),
        tournament,
        game,
        betting,
        code: phh_code(game, betting),
        game_text: written.to_string(),
        hole_count,
        deal: Deal::Board,
        stakes,
        cap: None,
        currency: symbol(line).map(String::from).unwrap_or_default(),
        time: line
            .rsplit_once(" - ")
            .map(|(_, t)| t.trim_start_matches("*** ").to_string())
            .unwrap_or_default(),
    })
}

/// One hand of the layout (its lines, the first `#Game No : N`).
///
/// # Errors
/// The line (an index into `lines`, `None` for the hand as a whole) and the fault.
pub fn read(
    room: &'static Room,
    language: &'static str,
    lines: &[&str],
) -> Result<RoomHand, (Option<usize>, Fault)> {
    // The number: the first run of digits of the first line (after "#Game No : " or
    // "Hand History for Game ").
    let number: String = lines[0]
        .chars()
        .skip_while(|c| !c.is_ascii_digit())
        .take_while(char::is_ascii_digit)
        .collect();
    let at = lines
        .iter()
        .position(|l| l.to_ascii_lowercase().contains("hand history for game"));
    let Some(game_at) = at.map(|a| a + 1).filter(|&a| a < lines.len()) else {
        return Err((
            None,
            (
                Cause::CutOff,
                "the hand is cut off before its game line".into(),
            ),
        ));
    };
    let head = game_line(&number, lines[game_at].trim()).map_err(|f| (Some(game_at), f))?;
    // A translated client writes its cards in its language (and says so nowhere else).
    let holds = |l: &str| {
        let l = l.trim_start();
        l.starts_with("Dealt to ") || l.starts_with("** Dealing") || l.contains(" shows [")
    };
    let cards = cardwords::language(lines.iter().copied(), holds);
    // Chips have no decimals, and a client writing a decimal comma ("$ 552,72") writes
    // a point between thousands ("$ 3.243"): a point before three digits is one then.
    let points = head.tournament.is_some()
        || lines
            .iter()
            .any(|l| l.starts_with("Tournament #") || decimal_comma(l));
    let language = cards.map_or(language, |c| c.language);
    let mut r = Parts::new(room, language, head);
    // The lines' first words: a seat listed whose name begins none is out of the hand (a
    // tournament's player moved to another table).
    let starting = lines[game_at + 1..].iter().map(|l| l.trim().to_string());
    let mut state = State {
        starting: starting.collect(),
        ..State::default()
    };
    for (i, raw) in lines.iter().enumerate().skip(game_at + 1) {
        let translated = cards
            .filter(|_| holds(raw))
            .map(|c| cardwords::translate(raw, c));
        let line = translated.as_deref().unwrap_or(raw);
        let undotted = points.then(|| thousands_points(line));
        let line = undotted.as_deref().unwrap_or(line);
        let line = spaced_brackets(line.trim());
        for line in state.joined(&r, &line) {
            let line = line.trim().trim_end_matches('.');
            if !line.is_empty() {
                state.line(&mut r, line).map_err(|f| (Some(i), f))?;
            }
        }
    }
    if state.sections == 0 {
        return Err((
            None,
            (
                Cause::NoSections,
                "the hand has no ** Dealing ** sections".into(),
            ),
        ));
    }
    if !state.dealing && r.acting.iter().filter(|&&a| a).count() < 2 {
        let cancelled = (
            Cause::Cancelled,
            "no cards were dealt: a blind was posted and the others folded before the deal".into(),
        );
        return Err((None, cancelled));
    }
    if !state.won {
        return Err((
            None,
            (
                Cause::CutOff,
                "the hand is cut off before its winners".into(),
            ),
        ));
    }
    let put: Vec<i64> = (state.before.iter().zip(&state.street_in))
        .map(|(b, s)| b.saturating_add(*s))
        .collect();
    let joined = joiners::place(&mut r, &state, &put).map_err(|f| (None, f))?;
    button_before_small_blind(&mut r);
    let overs: Vec<(String, i64)> = (state.overcalls.iter())
        .map(|&(who, over)| (r.seats[who].1.clone(), over))
        .collect();
    let mut hand = assemble(r).map_err(|f| (None, f))?;
    overcalls_collected(&mut hand, &overs);
    joiners::noted(&mut hand, &joined);
    Ok(hand)
}

/// Calls written over the level a short all-in left (888's tournaments: "calls [$100]"
/// from a small blind of 100 to 200, the big blind all-in for 125): the room returns what
/// is over and writes it collected ("Hero collected [ $75 ]"). Those chips never were in
/// the pot: they come off the player's winnings where the collected amounts exceed what
/// the pot held (the totals then hold the rest to it).
fn overcalls_collected(hand: &mut RoomHand, overs: &[(String, i64)]) {
    for (name, over) in overs {
        let Ok((put, returned)) = super::ledger::contributions(hand) else {
            return;
        };
        let pot = put.iter().fold(0i64, |a, x| a.saturating_add(*x)) - returned;
        let paid = hand.winnings.iter().fold(0i64, |a, x| a.saturating_add(*x));
        let over = super::money::in_unit(*over, hand.places);
        let Some(p) = hand.players.iter().position(|n| n == name) else {
            continue;
        };
        if paid > pot && hand.winnings[p] >= over {
            hand.winnings[p] -= over;
        }
    }
}

/// The button where the small blind is not the first seat dealt in after the written one
/// (PartyPoker's converted files write the seat before the button; a player seated
/// between the button and the blinds is dealt in and acts before the small blind): the
/// seat dealt in before the small blind's, the small blind's own heads-up, as the order
/// of play shows.
fn button_before_small_blind(r: &mut Parts) {
    let Some(button) = r.button else {
        return;
    };
    let Some(&(_, small, _)) = r.posts.iter().find(|p| p.0 == Post::Small) else {
        return;
    };
    let mut dealt: Vec<u32> = (0..r.seats.len())
        .filter(|&i| r.acting[i])
        .map(|i| r.seats[i].0)
        .collect();
    dealt.sort_unstable();
    let small = r.seats[small].0;
    let Some(at) = dealt.iter().position(|&s| s == small) else {
        return;
    };
    let first = dealt
        .iter()
        .copied()
        .find(|&s| s > button)
        .or_else(|| dealt.first().copied());
    let heads_up = dealt.len() == 2;
    if heads_up || first == Some(small) {
        return; // heads-up, the small blind's seat and the button's stand as written
    }
    r.button = Some(dealt[(at + dealt.len() - 1) % dealt.len()]);
}

#[derive(Debug, Default)]
struct State {
    sections: usize,
    /// Calls written over the street's level: `(seat, chips over it)`.
    overcalls: Vec<(usize, i64)>,
    /// Whether a `** Dealing ... **` section began.
    dealing: bool,
    acted: bool,
    won: bool,
    /// Winnings written in the hand (`wins`, `collected`), not in its summary's balances.
    won_lines: bool,
    street_in: Vec<i64>,
    /// What each seat put in on the streets before this one.
    before: Vec<i64>,
    names: Vec<usize>,
    /// The names that begin a line after the seats' (who is in the hand, where the
    /// blinds are not written).
    starting: Vec<String>,
    /// The players who joined the table after the seats were written (`has joined the
    /// table`), and the seat lines made for those who then played.
    joining: Vec<String>,
    joiners: Vec<usize>,
    /// The seat lines of players listed with nothing who join (again) and play: their
    /// stacks are not written either.
    rejoined: Vec<usize>,
    /// The players who left the table (`has left the table`): their seats are free.
    leaving: Vec<String>,
    /// The seats the table has (`Total number of players : 5/6`).
    table_size: Option<u32>,
}

impl State {
    /// `line` cut where another player's line begins right after a point or "sitting
    /// out" (the Mac client joins lines: "... Queens.Player4 wins $27,36 USD", "Player3
    /// is sitting outPlayer4 posts big blind"); the line alone where it holds one.
    fn joined<'l>(&self, r: &Parts, line: &'l str) -> Vec<&'l str> {
        let mut parts = Vec::new();
        let mut start = 0;
        let ends = line.match_indices('.').map(|(at, _)| at + 1).chain(
            line.match_indices("sitting out")
                .map(|(at, w)| at + w.len()),
        );
        let mut ends: Vec<usize> = ends.collect();
        ends.sort_unstable();
        for end in ends {
            let next = &line[end..];
            let begins = self.names.iter().any(|&i| {
                next.strip_prefix(r.seats[i].1.as_str())
                    .is_some_and(|rest| rest.starts_with(' '))
            });
            if begins && end > start {
                parts.push(&line[start..end]);
                start = end;
            }
        }
        parts.push(&line[start..]);
        parts
    }

    fn who<'l>(&self, r: &Parts, line: &'l str) -> Option<(usize, &'l str)> {
        self.names.iter().find_map(|&i| {
            let rest = line.strip_prefix(r.seats[i].1.as_str())?;
            Some((i, rest.strip_prefix(' ')?))
        })
    }

    fn seat(&mut self, r: &mut Parts, line: &str) -> Result<bool, Fault> {
        // "seat 1: " and "seat1: " in the Mac client's files.
        let Some((number, rest)) = ["Seat ", "seat ", "seat"]
            .iter()
            .find_map(|s| line.strip_prefix(s))
            .and_then(|l| l.split_once(": "))
        else {
            return Ok(false);
        };
        // "( $10.98 )", or "($0.95)" in the later files.
        let open = rest.rfind(" ( ").or_else(|| rest.rfind(" ("));
        let (Ok(seat), Some(open)) = (number.parse::<u32>(), open) else {
            return Ok(false);
        };
        if r.seats.len() >= 2 * crate::MAX_PLAYERS {
            return fault(Cause::Players, "more seats than any table has");
        }
        // Up to the bracket's end: converted files add the player's statistics after it.
        let inner = rest[open + 2..].trim_start_matches('(');
        let inner = inner.split(')').next().unwrap_or("");
        let stack = bracket(&format!("[{}]", inner.trim()))?;
        // The layout lists players sitting out like the others: a seat is dealt in when
        // it posts or acts (every player dealt in does, but a big blind all fold to).
        self.add(r, seat, rest[..open].to_string(), stack);
        Ok(true)
    }

    /// A seat line: `seat`, `name` and `stack` (a player who joined: seat 0 and stack 0
    /// until the hand is read, see `joiners`).
    fn add(&mut self, r: &mut Parts, seat: u32, name: String, stack: i64) {
        r.seats.push((seat, name, stack, true));
        r.acting.push(false);
        r.dealt.push(None);
        r.shown.push(None);
        r.won.push(0);
        self.street_in.push(0);
        self.before.push(0);
        self.names.push(r.seats.len() - 1);
        let seats = &r.seats;
        self.names
            .sort_by_key(|&i| std::cmp::Reverse(seats[i].1.len()));
    }

    fn line(&mut self, r: &mut Parts, line: &str) -> Result<(), Fault> {
        if let Some(number) = line.strip_prefix("Tournament #") {
            // 888's tournaments: "Tournament #39132902 0,09 € + 0,01 € - Table #1".
            let number: String = number.chars().take_while(char::is_ascii_digit).collect();
            if r.head.tournament.is_none() && !number.is_empty() {
                r.head.tournament = Some(number);
            }
            return Ok(());
        }
        if let Some(stakes) = level(line).filter(|_| line.starts_with(['B', 'S'])) {
            // A level changed since the game line ("Blinds(100/200)" on a line of its
            // own, before the deal): the blinds are its.
            if self.sections == 0 && r.head.tournament.is_some() && r.head.betting != "fixed-limit"
            {
                r.head.stakes = Some(stakes);
            }
            return Ok(());
        }
        if let Some(name) = line.strip_prefix("Table ") {
            // "Table Calarasi (Real Money) -- Seat 4 is the button" in the later files.
            if let Some((_, seat)) = name.split_once("-- Seat ") {
                r.button = seat.split(' ').next().and_then(|s| s.parse().ok());
            }
            let name = name.split(" (").next().unwrap_or(name);
            r.table = name.trim().to_string();
            return Ok(());
        }
        if let Some(seat) = line
            .strip_prefix("Seat ")
            .and_then(|l| l.strip_suffix(" is the button"))
        {
            r.button = seat.parse().ok();
            return Ok(());
        }
        if self.seat(r, line)? {
            return Ok(());
        }
        if let Some(size) = line.strip_prefix("Total number of players : ") {
            self.table_size = size.split('/').nth(1).and_then(|m| m.trim().parse().ok());
            return Ok(());
        }
        if let Some(name) = line.strip_suffix(" has joined the table") {
            let listed = (r.seats.iter()).position(|s| s.1 == name && s.2 == 0);
            match listed {
                Some(i) => self.rejoined.push(i), // listed with nothing: his stack unknown
                None => self.joining.push(name.to_string()),
            }
            return Ok(());
        }
        if let Some(name) = line.strip_suffix(" has left the table") {
            self.leaving.push(name.to_string());
            return Ok(());
        }
        if let Some(name) = line.strip_prefix("** ") {
            if self.sections == 0 {
                self.implied_blinds(r);
            }
            self.sections += 1;
            let name = name.to_ascii_lowercase();
            self.dealing |= name.starts_with("dealing");
            if name.starts_with("dealing flop")
                || name.starts_with("dealing turn")
                || name.starts_with("dealing river")
            {
                for (b, x) in self.before.iter_mut().zip(&mut self.street_in) {
                    *b += std::mem::take(x);
                }
                let cards: Vec<u8> = groups(&line.replace(',', " "))?.concat();
                r.events.push(Event::Board(cards));
            }
            return Ok(());
        }
        if let Some(rest) = line.strip_prefix("Dealt to ") {
            if let Some((who, cards)) = self.who(r, rest) {
                r.dealt[who] = groups(&cards.replace(',', " "))?.pop();
            }
            return Ok(());
        }
        let Some((who, rest)) = self.who(r, line) else {
            // A player who joined after the seats were written and plays (or who posts the
            // big blind with no seat line: the Mac client writes no joins): a seat line of
            // his own, placed when the hand is read (`joiners`).
            const PLAYED: [&str; 7] = [
                "posts ", "calls ", "bets ", "raises ", "checks", "folds", "is all-",
            ];
            let joined = self.joining.iter().find(|n| {
                (line
                    .strip_prefix(n.as_str())
                    .and_then(|rest| rest.strip_prefix(' ')))
                .is_some_and(|rest| PLAYED.iter().any(|w| rest.starts_with(w)))
            });
            let posting = (line.split_once(" posts big blind"))
                .map(|(name, _)| name)
                .filter(|name| !name.is_empty() && !name.contains(' '));
            if let Some(name) = joined.map(String::as_str).or(posting).map(str::to_string) {
                self.add(r, 0, name, 0);
                self.joiners.push(r.seats.len() - 1);
                if let Some((who, rest)) = self.who(r, line) {
                    return self.act(r, who, rest);
                }
            }
            // Leaves, chat; but a forced bet or a bet by a name no seat line holds (and
            // that did not join) leaves the pot unread.
            const PLAYS: [&str; 6] = [
                " posts ",
                " calls [",
                " bets [",
                " raises [",
                " is all-In",
                " is all-in",
            ];
            let folds = line.strip_suffix(" folds").filter(|n| !n.contains(' '));
            if let Some(name) = folds {
                return fault(
                    Cause::Players,
                    format!("{name:?} folds, but no seat line names the player"),
                );
            }
            if PLAYS.iter().any(|w| line.contains(w)) && !line.contains(':') {
                let name = PLAYS
                    .iter()
                    .filter_map(|w| line.find(w).map(|at| &line[..at]))
                    .min_by_key(|n| n.len())
                    .unwrap_or(line);
                return fault(
                    Cause::Players,
                    format!("{name:?} puts chips in, but no seat line names the player"),
                );
            }
            return Ok(());
        };
        self.act(r, who, rest)
    }

    /// PartyPoker's tournaments of 2011 write no blinds, only the level's
    /// (`Blinds(300/600)`): the first two seats after the button post them (heads-up, the
    /// button the small), a short stack all it has. Every seat listed is dealt in.
    fn implied_blinds(&mut self, r: &mut Parts) {
        let posted = r
            .posts
            .iter()
            .any(|p| matches!(p.0, Post::Small | Post::Big));
        let (Some((small, big)), Some(_), false) = (r.head.stakes, &r.head.tournament, posted)
        else {
            return;
        };
        // A fixed-limit level's stakes are its bets: the blinds are half the small bet and
        // the small bet.
        let (small, big) = if r.head.betting == "fixed-limit" {
            (small / 2, small)
        } else {
            (small, big)
        };
        let mut seats: Vec<usize> = (0..r.seats.len()).filter(|&i| r.seats[i].2 > 0).collect();
        let plays: Vec<bool> = (r.seats.iter())
            .map(|s| {
                (self.starting.iter())
                    .any(|l| l.strip_prefix(&s.1).is_some_and(|t| t.starts_with(' ')))
            })
            .collect();
        if seats.iter().filter(|&&i| plays[i]).count() >= 2 {
            for &i in seats.iter().filter(|&&i| !plays[i]) {
                r.seats[i].3 = true; // listed, never named again: not dealt in
            }
            seats.retain(|&i| plays[i]);
        }
        if seats.len() < 2 {
            return;
        }
        seats.sort_by_key(|&i| r.seats[i].0);
        let button = r.button.unwrap_or(0);
        let after = seats
            .iter()
            .position(|&i| r.seats[i].0 > button)
            .unwrap_or(0);
        seats.rotate_left(after);
        if seats.len() == 2 {
            seats.rotate_left(1); // heads-up: the button (last) posts the small blind
        }
        for &i in &seats {
            r.acting[i] = true;
        }
        for (&i, (kind, blind)) in seats.iter().zip([(Post::Small, small), (Post::Big, big)]) {
            let x = blind.min(r.seats[i].2);
            r.short_blind |= x < blind;
            self.street_in[i] += x;
            r.posts.push((kind, i, x));
        }
    }

    fn act(&mut self, r: &mut Parts, who: usize, rest: &str) -> Result<(), Fault> {
        let level = self.street_in.iter().copied().max().unwrap_or(0);
        if let Some(post) = rest.strip_prefix("posts ") {
            const KINDS: [(&str, Post); 7] = [
                // A returning player's big blind live and small blind dead, in one sum.
                ("big blind + dead", Post::Both),
                ("button blind", Post::Button),
                ("small blind", Post::Small),
                ("big blind", Post::Big),
                ("ante", Post::Ante),
                ("dead blind", Post::Dead),
                ("straddle", Post::Straddle),
            ];
            let Some((kind, after)) = KINDS
                .iter()
                .find_map(|(w, k)| Some((*k, post.strip_prefix(w)?)))
            else {
                return fault(
                    Cause::Blinds,
                    format!("{post:?} is not a forced bet pokerforge knows"),
                );
            };
            if self.acted {
                return fault(Cause::Blinds, "a blind posted after the betting began");
            }
            let x = bracket(after)?;
            // 888's "posts dead blind [$1 + $2]": a dead small blind and a live big blind
            // (its poster checks when the betting comes to him); "[$25 + $0]" a dead one.
            let live = match parts(after)?[..] {
                [_, live] if kind == Post::Dead => live,
                _ => 0,
            };
            let kind = if live > 0 { Post::Both } else { kind };
            if matches!(
                kind,
                Post::Small | Post::Big | Post::Straddle | Post::Button
            ) {
                self.street_in[who] += x;
            } else if kind == Post::Both {
                // PartyPoker's "big blind + dead [$0.03]": the big blind of its stakes live.
                self.street_in[who] += if live > 0 {
                    live
                } else {
                    r.head.stakes.map_or(x, |s| s.1.min(x))
                };
            }
            // A blind that puts in the rest of the stack (a tournament's short stack)
            // is posted all-in, short of the level.
            let before =
                (r.posts.iter().filter(|p| p.1 == who)).fold(x, |a, p| a.saturating_add(p.2));
            r.short_blind |= matches!(kind, Post::Small | Post::Big) && before >= r.seats[who].2;
            r.posts.push((kind, who, x));
            r.acting[who] = true;
            return Ok(());
        }
        let put = |s: &mut State, x: i64| {
            s.street_in[who] += x;
            s.street_in[who]
        };
        if rest.starts_with("folds") && self.sections == 0 && !r.acting[who] {
            return Ok(()); // a seat folded before the deal, having posted nothing: not dealt in
        }
        let posted = r.posts.iter().any(|p| p.1 == who);
        let (verb, arg) = if rest.starts_with("folds") {
            (Verb::Fold, Arg::Nothing)
        } else if rest.starts_with("checks") {
            let blind = |kind: Post| r.posts.iter().find(|p| p.0 == kind).map(|p| p.2);
            let blinds = blind(Post::Small).zip(blind(Post::Big));
            if let (Some((small, big)), 1, false) = (blinds, self.sections, posted) {
                if self.street_in[who] == 0 && level == big {
                    // A check before the flop by a player who posted nothing, facing the
                    // big blind: both blinds posted and not written (the big live).
                    r.posts.push((Post::Both, who, small.saturating_add(big)));
                    self.street_in[who] = big;
                }
            }
            (Verb::CheckCall, Arg::Nothing)
        } else if let Some(x) = rest.strip_prefix("calls ") {
            let over = put(self, bracket(x)?) - level;
            if level > 0 && over > 0 {
                // A call over the level (a short all-in's): see `overcalls_collected`.
                self.overcalls.push((who, over));
                self.street_in[who] = level;
            }
            (Verb::CheckCall, Arg::Nothing)
        } else if let Some((_, to)) = rest
            .strip_prefix("raises ")
            .and_then(|x| x.split_once(" to "))
        {
            // "raises 0.06 to 0.08": the later files write the street's total.
            self.street_in[who] = bracket(to)?;
            (Verb::BetRaise, Arg::Chips(self.street_in[who]))
        } else if let Some(x) = rest
            .strip_prefix("bets ")
            .or_else(|| rest.strip_prefix("raises "))
        {
            (Verb::BetRaise, Arg::Chips(put(self, bracket(x)?)))
        } else if rest.eq_ignore_ascii_case("is all-in") {
            // After a raise written a chip short of the stack ("raises 11302166 to
            // 11302166", "is all-In."): the raise is to the whole stack.
            let outside: i64 = (r.posts.iter())
                .filter(|p| p.1 == who && !matches!(p.0, Post::Small | Post::Big | Post::Straddle))
                .fold(0, |a, p| a.saturating_add(p.2));
            let all = r.seats[who].2 - outside - self.before[who];
            let last = r
                .events
                .iter_mut()
                .rev()
                .find(|e| matches!(e, Event::Act(w, ..) if *w == who));
            if let Some(Event::Act(_, Verb::BetRaise, Arg::Chips(to))) = last {
                if *to < all && all - *to <= 1 + all / 1_000_000 {
                    (*to, self.street_in[who]) = (all, all);
                }
            }
            return Ok(());
        } else if let Some(x) = rest
            .strip_prefix("is all-In ")
            .or_else(|| rest.strip_prefix("is all-in "))
        {
            let to = put(self, bracket(x)?);
            if to > level {
                (Verb::BetRaise, Arg::Chips(to))
            } else {
                (Verb::CheckCall, Arg::Nothing)
            }
        } else if let Some(x) = rest.strip_prefix("shows ") {
            if let Some(cards) = groups(&x.replace(',', " "))?.pop() {
                r.shown[who] = Some(cards.clone());
                let mut shown = known(&cards);
                shown.resize(r.head.hole_count.max(shown.len()), None);
                r.events
                    .push(Event::Act(who, Verb::ShowMuck, Arg::Cards(shown)));
            }
            return Ok(());
        } else if let Some(x) = rest
            .strip_prefix("collected ")
            .or_else(|| rest.strip_prefix("wins "))
        {
            // A hi-lo pot's halves: "wins Lo ($0.09 USD)".
            let x = x.trim_start_matches("Lo ").trim_start_matches("Hi ");
            let x = if x.contains('[') {
                bracket(x)?
            } else if let Some(inner) = x.strip_prefix('(') {
                bracket(&format!("[{}]", inner.split(')').next().unwrap_or("")))?
            } else {
                bracket(&format!("[{}]", x.split(" from").next().unwrap_or(x)))?
            };
            r.won[who] += x;
            self.won = true;
            self.won_lines = true;
            return Ok(());
        } else if let Some((_, x)) = rest
            .strip_prefix("balance ")
            .and_then(|x| x.split_once(", collected "))
            .filter(|_| !self.won_lines)
        {
            // The later files' summary: "NAME balance $0.96, bet $0.21, collected $0.31".
            r.won[who] += bracket(x.split(',').next().unwrap_or(x))?;
            self.won = true;
            return Ok(());
        } else {
            return Ok(());
        };
        let (verb, arg) = if verb == Verb::BetRaise && level > 0 && self.uncallable(r, who, level) {
            // A raise nobody can call (888's tournaments: an all-in over the short stacks
            // left): the room takes it and returns, unwritten, what is not called; the
            // rules allow no such raise, and the chips it leaves in are a call's.
            self.street_in[who] = level;
            (Verb::CheckCall, Arg::Nothing)
        } else {
            (verb, arg)
        };
        self.acted = true;
        r.acting[who] = true;
        r.events.push(Event::Act(who, verb, arg));
        Ok(())
    }

    /// Whether no player but `who` still in the hand has chips beyond the street's bet
    /// `level` (each is all-in, or will be to call it).
    fn uncallable(&self, r: &Parts, who: usize, level: i64) -> bool {
        let folded = |p: usize| {
            (r.events.iter()).any(|e| matches!(e, Event::Act(w, Verb::Fold, _) if *w == p))
        };
        // What a seat has for this street: its stack less its antes and dead blinds (a
        // blind is in the street's bet) and what it put in before.
        let left = |p: usize| {
            let outside = (r.posts.iter())
                .filter(|x| x.1 == p && matches!(x.0, Post::Ante | Post::Dead))
                .fold(0i64, |a, x| a.saturating_add(x.2));
            r.seats[p].2 - outside - self.before.get(p).copied().unwrap_or(0)
        };
        // Every seat listed that has not folded (one sitting out with chips keeps the
        // raise a raise, and the replay refuses it, as before).
        let mut others = (0..r.seats.len())
            .filter(|&p| p != who && !folded(p))
            .peekable();
        others.peek().is_some() && others.all(|p| left(p) <= level)
    }
}
