//! The PokerStars text layout, which GGPoker, WPN/ACR, Winamax, Full Tilt, Run It Once,
//! PokerMaster, PokerBros and BetOnline write after it: a first line (number, game,
//! stakes), a table line, seat lines, forced bets, `*** ... ***` sections, a summary.
//! Each room's differences (how a line names its player, where the winnings are written)
//! are its row of [`super::table::ROOMS`].

use super::assemble::{assemble, Event, Parts};
use super::forced::Post;
use super::header::{header, table_line, Header};
use super::languages::{english, words};
use super::money::units;
use super::record::{Cause, Note, RoomHand};
use super::table::{Deal, Room, Winnings};
use super::words::{amount, fault, groups, known, Fault};
use crate::phh::{Arg, Verb};

mod blinds;
mod draws;
mod streets;
mod unwritten;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Section {
    Seats,
    Play,
    Summary,
}

struct Reader {
    room: &'static Room,
    head: Header,
    table: String,
    max_seats: Option<u32>,
    button: Option<u32>,
    seats: Vec<(u32, String, i64, bool)>,
    names: Vec<usize>,
    posts: Vec<(Post, usize, i64)>,
    acting: Vec<bool>,
    dealt: Vec<Option<Vec<u8>>>,
    shown: Vec<Option<Vec<u8>>>,
    events: Vec<Event>,
    won: Vec<i64>,
    summary_won: Vec<i64>,
    collected: bool,
    notes: Vec<(usize, bool, i64)>,
    total: Option<i64>,
    rake: Option<i64>,
    fees: Vec<(String, i64)>,
    section: Section,
    sections: usize,
    board: Vec<u8>,
    /// The cards of the summary's `Board [...]`.
    summary_board: Vec<u8>,
    pot_lines: super::totals::PotLines,
    /// The betting round, to tell a street the room writes no line for.
    round: super::rounds::Round,
    runouts: Vec<(u32, Vec<u8>)>,
    street: usize,
    street_in: Vec<i64>,
    acted: bool,
    pending: Vec<(usize, usize, Option<Vec<u8>>)>,
    bring_in: Option<i64>,
    /// A blind posted all-in, short of the stakes.
    short_blind: bool,
    folded: Vec<bool>,
    /// Whether a player has acted on this street (a draw begins a street of its own).
    betting: bool,
    /// A stud street's deals: the event of each player dealt on it.
    street_deals: Vec<(usize, usize)>,
    /// A stud hand whose streets have no section lines (Bovada): a card dealt after the
    /// street's betting begins the next street.
    unmarked: bool,
    /// The players dealt on this stud street so far.
    street_dealt: Vec<usize>,
    /// The bets that show a stud hand's stakes where its first line has none.
    bets: super::stud::Bets,
    /// Raises nobody could call, read as calls: `(event, player, raised to, called)`.
    uncallable: Vec<(usize, usize, i64, i64)>,
    /// Money the room added to the pot (GGPoker's Cash Drop), in units.
    cash_drop: i64,
    /// Folds of players all-in, left out: `(event, player)`.
    all_in_folds: Vec<(usize, usize)>,
    /// The players whose draw lines contradict one another (see `draws`).
    garbled_draws: Vec<usize>,
    /// Players who left the table in the hand, not folded yet (see `unwritten`).
    gone: Vec<usize>,
    language: &'static str,
}

impl Reader {
    fn new(room: &'static Room, language: &'static str, head: Header) -> Reader {
        Reader {
            room,
            language,
            head,
            table: String::new(),
            max_seats: None,
            button: None,
            seats: Vec::new(),
            names: Vec::new(),
            posts: Vec::new(),
            acting: Vec::new(),
            dealt: Vec::new(),
            shown: Vec::new(),
            events: Vec::new(),
            won: Vec::new(),
            summary_won: Vec::new(),
            collected: false,
            notes: Vec::new(),
            total: None,
            rake: None,
            fees: Vec::new(),
            section: Section::Seats,
            sections: 0,
            board: Vec::new(),
            summary_board: Vec::new(),
            pot_lines: super::totals::PotLines::default(),
            round: super::rounds::Round::default(),
            runouts: Vec::new(),
            street: 0,
            street_in: Vec::new(),
            acted: false,
            pending: Vec::new(),
            bring_in: None,
            short_blind: false,
            folded: Vec::new(),
            betting: false,
            street_deals: Vec::new(),
            unmarked: false,
            street_dealt: Vec::new(),
            bets: super::stud::Bets::default(),
            uncallable: Vec::new(),
            cash_drop: 0,
            all_in_folds: Vec::new(),
            garbled_draws: Vec::new(),
            gone: Vec::new(),
        }
    }

    /// The seat whose name starts `line` followed by `after`, and the rest.
    fn who<'l>(&self, line: &'l str, after: &str) -> Option<(usize, &'l str)> {
        self.names.iter().find_map(|&i| {
            let rest = line.strip_prefix(self.seats[i].1.as_str())?;
            Some((i, rest.strip_prefix(after)?))
        })
    }

    fn seat_line(&mut self, line: &str) -> Result<bool, Fault> {
        let named_by_seat = super::positions::named_by_seat(line);
        let line = named_by_seat.as_deref().unwrap_or(line);
        let Some(rest) = line.strip_prefix("Seat ") else {
            return Ok(false);
        };
        let Some((number, rest)) = rest.split_once(": ") else {
            return Ok(false);
        };
        let Ok(seat) = number.parse::<u32>() else {
            return Ok(false);
        };
        // The stack is in the last " (" whose text starts with an amount.
        let mut cut = rest.len();
        while let Some(open) = rest[..cut].rfind(" (") {
            let inner = &rest[open + 2..];
            let end = inner.find([')', ' ']).unwrap_or(inner.len());
            if let Some(stack) = units(inner[..end].trim_end_matches(',')) {
                let lower = rest.to_ascii_lowercase();
                let out = lower.contains("sitting out")
                    || rest.contains("out of hand")
                    || self.room.lists_absent;
                if self.seats.len() >= crate::MAX_PLAYERS * 2 {
                    return fault(Cause::Players, "more seats than any table has");
                }
                self.seats
                    .push((seat, rest[..open].to_string(), stack, out));
                // Every per-seat list grows with the seats; names are tried longest first.
                self.acting.push(false);
                self.dealt.push(None);
                self.shown.push(None);
                self.won.push(0);
                self.summary_won.push(0);
                self.street_in.push(0);
                self.folded.push(false);
                self.round.seat();
                self.names.push(self.seats.len() - 1);
                let seats = &self.seats;
                self.names
                    .sort_by_key(|&i| std::cmp::Reverse(seats[i].1.len()));
                return Ok(true);
            }
            cut = open;
        }
        // No stack: a summary's seat line in a hand that lacks its section markers.
        Ok(false)
    }

    fn flush_draws(&mut self) {
        for (who, count, cards) in std::mem::take(&mut self.pending) {
            let cards = cards.map_or_else(|| vec![None; count], |c| known(&c));
            self.events.push(Event::Deal(who, cards));
        }
    }

    fn act(&mut self, who: usize, rest: &str) -> Result<(), Fault> {
        let bets = ["folds", "checks", "calls ", "bets ", "raises "];
        if self.room.lists_absent
            && self.head.deal == Deal::Board
            && bets.iter().any(|b| rest.starts_with(b))
            && self
                .round
                .over(&self.acting, &self.folded, &self.stacks(), &self.street_in)
        {
            // A bet after the round is over: a street whose board no line deals.
            self.events.push(Event::Board(Vec::new()));
            self.street_begins();
        }
        if bets.iter().any(|b| rest.starts_with(b)) {
            self.fold_gone(who);
        }
        let level = self.street_in.iter().copied().max().unwrap_or(0);
        let left = self.seats[who].2 - self.round.before(who) - self.street_in[who];
        if rest.starts_with("folds") && left <= 0 && self.seats[who].2 > 0 {
            // A player all-in on his forced bets, sitting out, written folding
            // (PokerStars): no one all-in acts, and his hand, never shown, wins nothing
            // the record does not pay it (kept where the board is not dealt to its end:
            // see `finish`).
            self.folded[who] = true;
            self.all_in_folds.push((self.events.len(), who));
            return Ok(());
        }
        let (verb, arg) = if rest.starts_with("folds") {
            (Verb::Fold, Arg::Nothing)
        } else if rest.starts_with("checks") {
            let (stacks, still) = (self.stacks(), (&self.acting[..], &self.folded[..]));
            if self.round.none_left(who, &stacks, &self.street_in, still) {
                return Ok(()); // a check where no betting is left (Run It Once): no action
            }
            (Verb::CheckCall, Arg::Nothing)
        } else if let Some(x) = rest.strip_prefix("calls ") {
            // A call is written as what it adds: more than the bets so far where they are
            // short of the level (a big blind posted short, whose full size is called), but
            // in a room whose calls go up to what was posted.
            let added = amount(x)?;
            let posted = super::ledger::CALLS_TO_POSTED.contains(&self.room.code);
            let written = self.street_in[who].saturating_add(added);
            self.street_in[who] = if posted { level } else { level.max(written) };
            (Verb::CheckCall, Arg::Nothing)
        } else if let Some(x) = rest
            .strip_prefix("bets ")
            .filter(|_| self.section == Section::Seats && self.head.deal == Deal::Board)
        {
            return self.forced_all_in(who, x);
        } else if let Some(x) = rest.strip_prefix("bets ") {
            // (Bovada's all-in for an amount is written a bet: up to the level, a call.)
            self.street_in[who] += amount(x)?;
            if self.street_in[who] <= level {
                (Verb::CheckCall, Arg::Nothing)
            } else {
                (Verb::BetRaise, Arg::Chips(self.street_in[who]))
            }
        } else if let Some((x, adds)) = (rest.strip_prefix("raises, adding ").map(|x| (x, 1)))
            .or_else(|| rest.strip_prefix("raises ").map(|x| (x, 0)))
        {
            // "raises X to Y"; a raise written with one amount (Bovada's older files) is
            // written to its street total too; a row's "raises, adding" puts Y in.
            let to = x.find(" to ").map_or(Ok(0), |at| amount(&x[at + 4..]))?;
            let to = if to == 0 { amount(x)? } else { to };
            // A raise "to" less than the bet it raises is what it adds (Winamax's all-in
            // after a bring-in: "raises -6.10€ to 18.90€" of 10€ in, against 25€).
            let adds = adds.max(i64::from(to < level));
            self.street_in[who] = to.saturating_add(adds * self.street_in[who]);
            (Verb::BetRaise, Arg::Chips(self.street_in[who]))
        } else if let Some(x) = rest.strip_prefix("completes it to ") {
            self.street_in[who] = amount(x)?;
            (Verb::BetRaise, Arg::Chips(self.street_in[who]))
        } else if let Some(x) = rest
            .strip_prefix("brings in for ")
            .or_else(|| rest.strip_prefix("brings in "))
        {
            let x = amount(x)?;
            self.bring_in = Some(self.bring_in.unwrap_or(0).max(x));
            self.street_in[who] = x;
            (Verb::PostBringIn, Arg::Nothing)
        } else if let Some(x) = rest.strip_prefix("discards ") {
            return self.discards(who, x);
        } else if rest.starts_with("stands pat") {
            self.draw_begins();
            self.events.push(Event::Act(
                who,
                Verb::StandPatDiscard,
                Arg::Cards(Vec::new()),
            ));
            return Ok(());
        } else if let Some(x) = rest.strip_prefix("shows ") {
            // The first group is the cards shown; what follows describes the hand
            // (WPN: "| LO - [5,4,3,2,1]").
            let first = x.find(']').map_or(x, |end| &x[..=end]);
            let shown_before = self
                .events
                .iter()
                .any(|e| matches!(e, Event::Act(w, Verb::ShowMuck, _) if *w == who));
            let Some(mut cards) = groups(first)?.into_iter().next().filter(|_| !shown_before)
            else {
                return Ok(()); // nothing shown, or shown again at a second run's showdown
            };
            if self.head.deal == Deal::Board && cards.len() > self.head.hole_count {
                // The best five written with the board (Bovada): the hole cards are the
                // ones dealt, if known.
                let Some(dealt) = self.dealt[who].clone() else {
                    return Ok(());
                };
                cards = dealt;
            }
            if self.head.deal == Deal::Stud && cards.len() != 7 {
                // The best five written (Bovada; a hi-lo hand's high five then its low
                // five): the cards shown are the seven dealt, if all are known.
                let dealt: Option<Vec<u8>> = self
                    .events
                    .iter()
                    .filter_map(|e| match e {
                        Event::Deal(w, c) if *w == who => Some(c.iter().copied()),
                        _ => None,
                    })
                    .flatten()
                    .collect();
                match dealt {
                    Some(dealt) if dealt.len() == 7 => cards = dealt,
                    _ => return Ok(()),
                }
            }
            if self.head.deal == Deal::Board {
                self.shown[who] = Some(cards.clone());
            }
            let mut shown = known(&cards);
            if self.head.deal == Deal::Board {
                shown.resize(self.head.hole_count.max(shown.len()), None);
            }
            self.events
                .push(Event::Act(who, Verb::ShowMuck, Arg::Cards(shown)));
            return Ok(());
        } else if let Some(x) = rest.strip_prefix("posts ") {
            return self.post(who, x);
        } else if rest.starts_with("straddle ") {
            return self.post(who, rest); // GGPoker: "NAME: straddle $20"
        } else {
            return Ok(()); // chat, time-outs and the like: no bearing on the hand
        };
        let (verb, arg) = if verb == Verb::BetRaise && level > 0 && self.uncallable(who, level) {
            // A raise no other player can call, each one still in having no chips beyond
            // the bet: the room takes it and returns what is not called (its "Uncalled
            // bet" line); the rules allow no such raise (every player but one is all-in),
            // and the chips it leaves in are a call's. (Where no line returns it, a room
            // that pays it back with the pot, the raise is kept: see `finish`.)
            if let Arg::Chips(to) = arg {
                self.uncallable.push((self.events.len(), who, to, level));
            }
            self.street_in[who] = level;
            (Verb::CheckCall, Arg::Nothing)
        } else {
            (verb, arg)
        };
        self.flush_draws();
        self.third_street_unwritten()?;
        if let (Arg::Chips(to), Deal::Stud) = (&arg, self.head.deal) {
            let street = self.street as u32 + 3;
            self.bets
                .bet(street, level, *to, self.bring_in.unwrap_or(0));
        }
        if verb == Verb::Fold {
            self.folded[who] = true;
        }
        self.round.act(who, verb == Verb::BetRaise);
        self.acted = true;
        self.betting = true;
        self.acting[who] = true;
        self.events.push(Event::Act(who, verb, arg));
        Ok(())
    }

    /// Whether the part `x` of a raise nobody could call was paid back to `who` with the
    /// pot (a room that writes no line returning it: Winamax's "collected 230 from side
    /// pot 1", in its total pot): then it is returned, off his winnings and the total.
    fn paid_back(&mut self, who: usize, x: i64) -> bool {
        let won = self.won[who].max(self.summary_won[who]);
        if !self.room.returns_collected || x <= 0 || won < x || self.total.is_none() {
            return false;
        }
        for paid in [&mut self.won[who], &mut self.summary_won[who]] {
            *paid -= x.min(*paid);
        }
        self.total = self.total.map(|t| t - x);
        self.notes.push((who, false, x));
        true
    }

    /// Whether no player but `who` still in the hand has chips beyond the street's bet
    /// `level` (each is all-in, or will be to call it).
    fn uncallable(&self, who: usize, level: i64) -> bool {
        let mut others = (0..self.seats.len())
            .filter(|&p| p != who && !self.folded[p] && (self.acting[p] || !self.seats[p].3))
            .peekable();
        others.peek().is_some() && others.all(|p| self.seats[p].2 - self.round.before(p) <= level)
    }

    fn summary_line(&mut self, line: &str) -> Result<(), Fault> {
        if let Some(rest) = line.strip_prefix("Total pot ") {
            let t = self.pot_lines.add(rest, &self.won)?;
            (self.total, self.rake, self.fees) = (t.total, t.rake, t.fees.clone());
            return Ok(());
        }
        if let Some(board) = line.strip_prefix("Board ") {
            self.summary_board = groups(board)?.concat();
        }
        let Some(rest) = line.strip_prefix("Seat ") else {
            return Ok(());
        };
        let Some((_, rest)) = rest.split_once(": ") else {
            return Ok(());
        };
        let Some((who, tail)) = self.who(rest, " ") else {
            return Ok(());
        };
        for word in [" won ", " collected "] {
            let mut from = 0;
            let tail = format!(" {tail}");
            while let Some(at) = tail[from..].find(word) {
                let x = &tail[from + at + word.len()..];
                if let Ok(x) = amount(x.trim_start_matches('(')) {
                    self.summary_won[who] += x;
                }
                from += at + word.len();
            }
        }
        Ok(())
    }

    fn line(&mut self, line: &str) -> Result<(), Fault> {
        let line = english(line, self.room.rewrites);
        let line = english(&line, words(self.language));
        let line = line.as_ref();
        if self.section == Section::Summary || line.starts_with("Total pot ") {
            // (BetOnline writes a pot's total before the showdown, the others' after.)
            return self.summary_line(line);
        }
        if line.starts_with("***") {
            return self.section(line);
        }
        if self.section == Section::Seats && self.seat_line(line)? {
            return Ok(());
        }
        if let Some(rest) = line.strip_prefix("Dealt to ") {
            return self.dealt_line(rest);
        }
        if let Some(rest) = line.strip_prefix("Uncalled bet ") {
            let x = amount(rest.trim_start_matches('('))?;
            if let Some((who, _)) = rest
                .find(" to ")
                .and_then(|at| self.who(&rest[at + 4..], ""))
            {
                self.notes.push((who, false, x));
            }
            return Ok(());
        }
        if let Some(seat) = line.strip_prefix("The button is in seat #") {
            self.button = seat.trim().parse().ok(); // Full Tilt's older layout
            return Ok(());
        }
        if let Some(x) = line.strip_prefix("Cash Drop to Pot : total ") {
            self.cash_drop += amount(x)?;
            return Ok(());
        }
        if line.starts_with("Hand cancelled") {
            return fault(Cause::Cancelled, "the room cancelled the hand");
        }
        if let Some((who, rest)) = self.who(line, " ") {
            if let Some(cards) = rest.strip_prefix("is dealt ") {
                return self.dealt_line(&format!("{} {cards}", self.seats[who].1));
            }
            if let Some(x) = rest.strip_prefix("collected ") {
                self.won[who] += amount(x)?;
                self.collected = true;
                return Ok(());
            }
            if rest == "has left the table" {
                self.left(who);
                return Ok(());
            }
            if matches!(rest, "is sitting out" | "stands up") && !self.acting[who] {
                // Listed with a stack but out of the hand (Full Tilt's stud): no ante.
                self.seats[who].3 = true;
                return Ok(());
            }
            if let Some(x) = rest.strip_prefix("cashed out the hand for ") {
                self.notes.push((who, true, amount(x)?));
                return Ok(());
            }
        }
        if let Some((who, rest)) = self.who(line, self.room.after_name) {
            // The room's own words for an action, as its row names them.
            let verb = self
                .room
                .verbs
                .iter()
                .find_map(|(word, canonical)| Some((*canonical, rest.strip_prefix(word)?)));
            let Some((canonical, tail)) = verb else {
                return self.act(who, rest);
            };
            let rest = format!("{canonical}{tail}");
            if let Some(x) = rest.strip_prefix("collected ") {
                self.won[who] += amount(x)?;
                self.collected = true;
                return Ok(());
            }
            if let Some(cards) = rest.strip_prefix("dealt ") {
                self.acting[who] = true; // dealt in (a room that lists absent players)
                return self.dealt_line(&format!("{} {cards}", self.seats[who].1));
            }
            if let Some(x) = rest.strip_prefix("returned ") {
                self.notes.push((who, false, amount(x)?));
                return Ok(());
            }
            if let Some(seat) = rest.strip_prefix("button [") {
                self.button = seat.trim_end_matches(']').parse().ok();
                return Ok(());
            }
            return self.act(who, &rest);
        }
        Ok(())
    }
}

/// One hand in the PokerStars layout: its lines (the first the hand's first line, whose
/// text after the room's start is `rest`).
///
/// # Errors
/// The line (an index into `lines`, `None` for the hand as a whole) and the fault.
pub fn read(
    room: &'static Room,
    language: &'static str,
    rest: &str,
    lines: &[&str],
) -> Result<RoomHand, (Option<usize>, Fault)> {
    let rest = english(rest, words(language));
    let head = header(&rest, room.default_betting).map_err(|m| (Some(0), (Cause::Game, m)))?;
    let mut r = Reader::new(room, language, head);
    let mut body = lines.iter().enumerate().skip(1);
    for (i, line) in body.by_ref() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let english_line = english(line, words(language));
        let table = table_line(&english_line).filter(|_| !english_line.starts_with("Seat"));
        if let Some((table, max, button)) = table {
            (r.table, r.max_seats, r.button) = (table, max, button);
        } else {
            r.line(line).map_err(|f| (Some(i), f))?;
        }
        break;
    }
    let mut again = super::repeats::Repeats::new(room);
    for (i, line) in body {
        let line = line.trim();
        if !line.is_empty() && again.seen(i, line) == super::repeats::Again::Read {
            r.line(line).map_err(|f| (Some(i), f))?;
        }
    }
    // A result written again is read again unless the summary says it was paid once.
    let unpaid = again.unpaid(lines, |line| {
        let (who, _) = r.who(&english(line, room.rewrites), room.after_name)?;
        Some((r.seats[who].1.clone(), r.won[who]))
    });
    let section = std::mem::replace(&mut r.section, Section::Play); // where it was written
    for i in unpaid {
        r.line(lines[i].trim()).map_err(|f| (Some(i), f))?;
    }
    r.section = section;
    r.flush_draws();
    r.unknown_draws();
    for (at, who, to, level) in std::mem::take(&mut r.uncallable) {
        if !r.notes.iter().any(|n| n.0 == who && !n.1) && !r.paid_back(who, to - level) {
            r.events[at] = Event::Act(who, Verb::BetRaise, Arg::Chips(to));
        }
    }
    // A board game whose board is not dealt to its end cannot hold an all-in player to
    // the showdown: his fold stays as written (and the replay refuses it).
    let dealt_out = r.board.len() >= 5 || r.summary_board.len() >= 5;
    if r.head.deal == Deal::Board && !dealt_out {
        for (at, who) in std::mem::take(&mut r.all_in_folds).into_iter().rev() {
            r.events
                .insert(at, Event::Act(who, Verb::Fold, Arg::Nothing));
        }
    }
    finish(r).map_err(|f| (None, f))
}

fn finish(mut r: Reader) -> Result<RoomHand, Fault> {
    r.blinds_of_nothing();
    r.heads_up_button();
    let small = r.posts.iter().find(|p| p.0 == Post::Small).map(|p| p.1);
    let big = r.posts.iter().find(|p| p.0 == Post::Big).map(|p| p.1);
    super::positions::mirror(&mut r.seats, &r.acting, (small, big), &mut r.button);
    super::positions::renumber(&mut r.seats, &mut r.button, small);
    if r.head.deal != Deal::Stud {
        let small = r.posts.iter().find(|p| p.0 == Post::Small).map(|p| p.1);
        let in_hand: Vec<bool> = (0..r.seats.len())
            .map(|i| !r.seats[i].3 && r.seats[i].2 > 0 || r.acting[i])
            .collect();
        super::positions::button_from_blind(&r.seats, &in_hand, small, &mut r.button);
        super::positions::idle(&mut r.seats, &r.acting);
    }
    if r.sections == 0 {
        return fault(Cause::NoSections, "the hand has no *** section markers");
    }
    if r.total == Some(0) && r.events.is_empty() && r.section == Section::Summary {
        // A summary of a pot of nothing after no deal (Full Tilt's "Hero is sitting out"
        // after the small blind): the hand was never dealt.
        return fault(
            Cause::Cancelled,
            "the hand was never dealt: no cards, no action, a total pot of 0",
        );
    }
    // A hand is whole when its summary states the total pot; in a room that may leave
    // its summary empty (Bovada's Zone Poker), when the summary began and someone won.
    let won_any = r.won.iter().chain(&r.summary_won).any(|&x| x > 0);
    let whole = r.total.is_some() || (!r.room.writes_totals && won_any);
    if r.section != Section::Summary || !whole {
        return fault(
            Cause::CutOff,
            "the hand is cut off before its summary's total pot",
        );
    }
    // Omaha written as Hold'em (BetOnline's "Hold'em Pot Limit" tables of four cards):
    // the cards dealt tell the game.
    let most = r.dealt.iter().flatten().map(Vec::len).max().unwrap_or(0);
    if r.head.game == "holdem" && (4..=6).contains(&most) {
        r.head.game = "omaha";
        r.head.hole_count = most;
        r.head.code = super::table::phh_code("omaha", r.head.betting);
    } else if r.head.game.starts_with("omaha") && most > r.head.hole_count && most <= 6 {
        // Five-card Omaha written as Omaha (PokerMaster's "Omaha Pot Limit").
        r.head.hole_count = most;
    }
    let runs = r.notes.iter().any(|n| n.0 == usize::MAX);
    let mut missing: Vec<u8> = if r.head.deal == Deal::Board && !runs {
        let board = &r.board;
        r.summary_board
            .iter()
            .filter(|c| !board.contains(c))
            .copied()
            .collect()
    } else {
        Vec::new()
    };
    super::runout::fill(&mut r.events, r.board.len(), &mut missing)?;
    if r.head.deal == Deal::Stud && r.head.stakes.is_none_or(|s| s.0 <= 0) {
        // No stakes written (Bovada's stud): the bets show them, else none.
        r.head.stakes = r.bets.stakes();
    }
    let mut won =
        if r.collected || r.room.winnings == Winnings::Collected && r.won.iter().any(|&x| x > 0) {
            super::totals::balanced(r.won, &r.summary_won, r.total, r.rake, &r.fees)
        } else {
            r.summary_won
        };
    r.pot_lines.claim(&mut won);
    let cash_drop = r.cash_drop;
    let mut hand = assemble(Parts {
        room: r.room,
        language: r.language,
        head: r.head,
        table: r.table,
        max_seats: r.max_seats,
        button: r.button,
        seats: r.seats,
        posts: r.posts,
        acting: r.acting,
        dealt: r.dealt,
        shown: r.shown,
        events: r.events,
        won,
        notes: r.notes,
        total: r.total,
        rake: r.rake,
        fees: r.fees,
        bring_in: r.bring_in,
        short_blind: r.short_blind,
        put: Vec::new(),
    })?;
    if cash_drop > 0 {
        cash_dropped(&mut hand, cash_drop)?;
    }
    if missing.is_empty() {
        return Ok(hand);
    }
    super::runout::complete(hand, &missing)
}

/// Money the room added to the pot (GGPoker's `Cash Drop to Pot : total $0.2`, `units`)
/// taken out of the record, whose pot is then the players' chips alone: off the total pot
/// and off the winnings of the one player paid, with a note saying so (the game layer's
/// replay puts it back in the pot, where it counts in a pot-limit game's maxima as the
/// room counted it).
fn cash_dropped(hand: &mut RoomHand, units: i64) -> Result<(), Fault> {
    let chips = super::money::in_unit(units, hand.places);
    let shown = super::money::decimal(chips, hand.places);
    let paid: Vec<usize> = (0..hand.winnings.len())
        .filter(|&p| hand.winnings[p] > 0)
        .collect();
    let [player] = paid[..] else {
        return fault(
            Cause::Totals,
            format!(
                "the room added {shown} to a pot paid to {} players: whose share it is, the \
                 hand does not say",
                paid.len()
            ),
        );
    };
    if hand.winnings[player] < chips {
        return fault(
            Cause::Totals,
            format!("the room added {shown} to the pot, more than its winner was paid"),
        );
    }
    hand.winnings[player] -= chips;
    hand.total_pot = hand.total_pot.map(|t| t - chips);
    hand.notes.push(Note::Added { player, chips });
    Ok(())
}
