//! The iPoker network's XML: a `<session>` whose `<general>` names the game
//! (`<gametype>Omaha PL €0.50/€1</gametype>`), then one `<game gamecode="N">` a hand, with
//! its players (`<player seat= name= chips= dealer= win= bet= />`: the stack, what the
//! player won and what he put in), and `<round no=...>`s of `<cards>` and `<action no=
//! player= type= sum= />` (in the order of their `no`, not as listed). Cards are written
//! suit first (`D8`, `C10`); `X` is a card not shown. A call's, bet's and all-in's sum is
//! what the action puts in, a raise's (type 23) the street total it raises to (type 6, in
//! older files: what it puts in). A big blind posted over the first (`type="2"`, 0.15 at
//! 0.05/0.10) is both blinds, the small dead; types 8 and 9 sit a player out and back (not
//! dealt in by that alone); `sum="DP"` keeps a disconnected player all-in for what he put
//! in (his stack in the record that much, [`Note::AllInProtected`] the one listed). The
//! room's count of what a player put in can hold a raiser's forced bet twice, or lack it
//! for an all-in raiser: the actions' count is kept where the difference is that bet (see
//! `forced_counted_twice`). Amounts may carry a currency's code (`RSD16`); the Italian
//! client writes chips with points between thousands (`1.500`).
//!
//! Stud (`7 Card Stud L`, `7 Card Stud Hi-Lo L`, `Razz L`) deals each player's cards as a
//! `<cards type="Third Street" player=...>X X DA</cards>` per street (third street two
//! down and one up, `River` the last card down), brings in with action type 16 and writes
//! no stakes for a tournament: the bets show them (the completion on third street is the
//! small bet, a bet opening fifth street or later the big bet), else another hand of the
//! file at the same ante and bring-in. `PL €2/€4` with no game named is Omaha with as many
//! cards as the hand's pockets hold (iPoker's five-card Omaha).

use super::assemble::{assemble, Event, Parts};
use super::forced::Post;
use super::header::Header;
use super::money::{in_unit, symbol};
use super::record::{Cause, Note, Refusal, RoomHand};
use super::stud;
use super::table::{phh_code, room, Deal};
use super::words::{fault, Fault};
use super::xml::{attribute, coded_units, money, tags, Tag};
use crate::phh::{Arg, Verb};
use crate::Card;

/// A card written suit first (`D8`, `C10`, `SA`); `None` for `X`.
fn card(word: &str) -> Result<Option<u8>, Fault> {
    if word.eq_ignore_ascii_case("X") {
        return Ok(None);
    }
    let mut chars = word.chars();
    let suit = chars.next().map(|c| c.to_ascii_lowercase());
    let rank = chars.as_str();
    let rank = if rank == "10" { "T" } else { rank };
    match (
        suit,
        format!("{rank}{}", suit.unwrap_or('?')).parse::<Card>(),
    ) {
        (Some(_), Ok(card)) => Ok(Some(card.index())),
        _ => fault(Cause::Cards, format!("{word:?} is not a card")),
    }
}

/// The games the session's line names: `(written, game, hole cards, how it is dealt)`, a
/// name before any it contains.
const GAMES: [(&str, &str, usize, Deal); 9] = [
    ("Six Plus Holdem", "short-deck", 2, Deal::Board),
    ("Omaha Hi-Lo", "omaha-hilo", 4, Deal::Board),
    ("Omaha", "omaha", 4, Deal::Board),
    ("Holdem", "holdem", 2, Deal::Board),
    ("LH ", "holdem", 2, Deal::Board), // `LH 20/40 x2 Limit $10.00/$20.00`, older files
    ("7 Card Stud Hi-Lo", "stud-hilo", 7, Deal::Stud),
    ("7 Card Stud HiLow", "stud-hilo", 7, Deal::Stud),
    ("7 Card Stud", "stud", 7, Deal::Stud),
    ("Razz", "razz", 7, Deal::Stud),
];

/// Betting structures as the session's line writes them, each after a space (the
/// Spanish client's `SL` and the Russian's `БЛ`: no limit).
const BETTING: [(&str, &str); 8] = [
    ("Pot limit", "pot-limit"),
    (" NL", "no-limit"),
    (" SL", "no-limit"),
    (" БЛ", "no-limit"),
    (" PL", "pot-limit"),
    (" FL", "fixed-limit"),
    (" L ", "fixed-limit"),
    (" Limit ", "fixed-limit"),
];

/// The session's game line read into a header (its number set per hand). A line that
/// names only the betting (`PL €2/€4`) leaves the game to the hand's pocket cards: its
/// `hole_count` is 0.
fn game_type(text: &str) -> Result<Header, Fault> {
    let padded = format!(" {text} ");
    let Some(&(_, betting)) = BETTING.iter().find(|b| padded.contains(b.0)) else {
        return fault(Cause::Game, format!("{text:?} names no betting structure"));
    };
    let unnamed = BETTING
        .iter()
        .any(|b| padded.starts_with(&format!("{} ", b.0.trim_end())));
    let found = GAMES.iter().find(|g| text.contains(g.0));
    let (written, game, hole_count, deal) = match found {
        Some(&row) => row,
        None if unnamed && betting != "fixed-limit" => (text, "omaha", 0, Deal::Board),
        None => {
            return fault(
                Cause::Game,
                format!("{text:?} names no game pokerforge reads"),
            )
        }
    };
    let stakes = text
        .split_whitespace()
        .filter_map(|w| w.split_once('/'))
        .find_map(|(a, b)| Some((coded_units(a)?, coded_units(b)?)));
    Ok(Header {
        number: String::new(),
        tournament: None,
        game,
        betting,
        code: phh_code(game, betting),
        game_text: written.to_string(),
        hole_count,
        deal,
        stakes,
        cap: None,
        currency: symbol(text).map(String::from).unwrap_or_default(),
        time: String::new(),
    })
}

/// One `<game>` being read: where it starts, its number, its tags.
type Game<'a> = (usize, String, Vec<Tag<'a>>);

/// The players whose `sum="DP"` the room protects as all-in (disconnected): each with the
/// stack the file lists.
type Protected = Vec<(String, i64)>;

/// A hand read up to its assembly: where it starts, its number, what was found.
type Found = (usize, String, Result<(Parts, Protected), Fault>);

/// Every hand of an iPoker XML file's text, read or refused.
pub fn read_file(text: &str) -> Vec<Result<RoomHand, Refusal>> {
    let Some(ipoker) = room("IPN") else {
        return Vec::new();
    };
    let line_of = |at: usize| text[..at].bytes().filter(|&b| b == b'\n').count() + 1;
    let mut head: Option<Result<Header, Fault>> = None;
    let mut tournament = None;
    let mut table_number = None;
    let mut found: Vec<Found> = Vec::new();
    let mut game: Option<Game<'_>> = None;
    let read =
        |game: Game<'_>, head: &Option<Result<Header, Fault>>, tournament: &Option<String>| {
            let (at, number, tags) = game;
            let parts = match head {
                Some(Ok(head)) => {
                    let mut head = head.clone();
                    head.number = number.clone();
                    head.tournament = tournament.clone();
                    read_game(ipoker, head, &tags)
                }
                Some(Err(f)) => Err(f.clone()),
                None => fault(Cause::Game, "the session names no game"),
            };
            (at, number, parts)
        };
    for tag in tags(text) {
        let (at, name, attributes, inner) = tag;
        match name {
            "gametype" => head = Some(game_type(inner.trim())),
            // The table's currency by its code, where the game's line has no symbol
            // (`Holdem NL RSD1/RSD2`).
            "tablecurrency" => {
                if let Some(Ok(head)) = head.as_mut().filter(|_| !inner.trim().is_empty()) {
                    if head.currency.is_empty() {
                        head.currency = inner.trim().to_string();
                    }
                }
            }
            "tournamentcode" => {
                tournament = Some(inner.trim().to_string()).filter(|t| !t.is_empty())
            }
            // Older files name a tournament and number it in the table's name only
            // (`$5 Limit 7 Card Stud, 699476041, 699476041`).
            "tablename" => {
                table_number = inner
                    .split(',')
                    .map(str::trim)
                    .find(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()))
                    .map(String::from)
            }
            "tournamentname" if tournament.is_none() => {
                tournament = table_number
                    .clone()
                    .or_else(|| Some(inner.trim().to_string()))
            }
            "game" | "/game" => {
                if let Some(done) = game.take() {
                    found.push(read(done, &head, &tournament));
                }
                if name == "game" {
                    let number = attribute(attributes, "gamecode").unwrap_or_default();
                    game = Some((at, number, Vec::new()));
                }
            }
            _ => {
                if let Some((_, _, tags)) = game.as_mut() {
                    tags.push(tag);
                }
            }
        }
    }
    // A file that ends without closing its last `<game>` (the client's file of a session
    // still open, or one copied short): the hand is read when its last round is closed and
    // it has come to its end (one player left, or every card dealt); the room writes what
    // each player put in and won at the hand's start, and the totals check holds the
    // actions to it. Else it is cut off.
    let mut cut = None;
    if let Some(last) = game.take() {
        let closed = last.2.last().is_some_and(|t| t.1 == "/round");
        let (at, number, parts) = read(last, &head, &tournament);
        match parts {
            Ok(parts) if closed && finished(&parts.0) => found.push((at, number, Ok(parts))),
            // A fault of what was written before the last round closed is the hand's own.
            Err(fault) if closed => found.push((at, number, Err(fault))),
            _ => cut = Some((at, number)),
        }
    }
    let learned = stud::Learned::from(found.iter().filter_map(|f| f.2.as_ref().ok().map(|p| &p.0)));
    let mut hands: Vec<Result<RoomHand, Refusal>> = found
        .into_iter()
        .map(|(at, number, parts)| {
            let refuse = |(cause, message): Fault| Refusal {
                room: Some("IPN"),
                cause,
                first_line: line_of(at),
                line: None,
                number: Some(number.clone()),
                message,
            };
            let (mut parts, protected) = parts.map_err(refuse)?;
            learned.fill(&mut parts).map_err(refuse)?;
            let mut hand = assemble(parts).map_err(refuse)?;
            forced_counted_twice(&mut hand);
            for (name, stack) in protected {
                if let Some(player) = hand.players.iter().position(|p| *p == name) {
                    let stack = in_unit(stack, hand.places);
                    hand.notes.push(Note::AllInProtected { player, stack });
                }
            }
            super::check_totals(&hand).map_err(|m| refuse((Cause::Totals, m)))?;
            uncallable_raises(&mut hand);
            Ok(hand)
        })
        .collect();
    if let Some((at, number)) = cut {
        hands.push(Err(Refusal {
            room: Some("IPN"),
            cause: Cause::CutOff,
            first_line: line_of(at),
            line: None,
            number: Some(number),
            message: "the hand is cut off before its </game>".to_string(),
        }));
    }
    hands
}

/// A raise nobody left could call (every other player in the hand all-in or covered),
/// which the room writes as the raiser's whole stack: a call, its excess an uncalled bet
/// the room pays back inside the raiser's winnings (taken off them, and off his count).
fn uncallable_raises(hand: &mut RoomHand) {
    let n = hand.players.len();
    let mut left = hand.stacks.clone();
    let mut street = vec![0i64; n];
    let mut folded = vec![false; n];
    let pay = |p: usize, x: i64, left: &mut Vec<i64>, street: &mut Vec<i64>, to_street| {
        let x = x.clamp(0, left[p]);
        left[p] -= x;
        if to_street {
            street[p] += x;
        }
    };
    for p in 0..n.min(hand.antes.len()) {
        pay(p, hand.antes[p], &mut left, &mut street, false);
    }
    for p in 0..n.min(hand.blinds.len()) {
        let at = if n == 2 { 1 - p } else { p }; // heads-up: the big blind's player first
        pay(at, hand.blinds[p], &mut left, &mut street, true);
    }
    for &(p, live, dead) in hand.posts.iter().filter(|post| post.0 < n) {
        pay(p, live, &mut left, &mut street, true);
        pay(p, dead, &mut left, &mut street, false);
    }
    let mut betting = false;
    for k in 0..hand.steps.len() {
        let (verb, arg) = (hand.steps[k].verb, hand.steps[k].arg.clone());
        if matches!(
            verb,
            Verb::DealBoard | Verb::DealHole | Verb::StandPatDiscard
        ) {
            if betting {
                street.iter_mut().for_each(|x| *x = 0);
                betting = false;
            }
            continue;
        }
        let Some(p) = hand.steps[k].player.filter(|&p| p < n) else {
            continue;
        };
        let level = street.iter().copied().max().unwrap_or(0);
        match (verb, arg) {
            (Verb::Fold, _) => folded[p] = true,
            (Verb::CheckCall, _) => pay(p, level - street[p], &mut left, &mut street, true),
            (Verb::BetRaise, Arg::Chips(to)) => {
                let callable = (0..n).any(|q| q != p && !folded[q] && left[q] + street[q] > level);
                let reach = to.min(street[p] + left[p]);
                if !callable && reach > level && to > level {
                    let excess = reach - level.max(street[p]);
                    let (Some(won), Some(put)) = (hand.winnings.get(p), hand.put.get(p)) else {
                        return;
                    };
                    if *won < excess || *put < excess {
                        return; // not paid back as the room writes it: left as written
                    }
                    hand.winnings[p] -= excess;
                    hand.put[p] -= excess;
                    hand.steps[k].verb = Verb::CheckCall;
                    hand.steps[k].arg = Arg::Nothing;
                    pay(p, level - street[p], &mut left, &mut street, true);
                } else {
                    pay(p, to - street[p], &mut left, &mut street, true);
                }
            }
            _ => {}
        }
        betting |= verb != Verb::ShowMuck;
    }
}

/// Whether a hand's actions come to its end: every player but one folded, or every card
/// of the game dealt (the board's five, a stud hand's last street).
fn finished(r: &Parts) -> bool {
    let folded = r
        .events
        .iter()
        .filter(|e| matches!(e, Event::Act(_, Verb::Fold, _)))
        .count();
    let dealt = r.acting.iter().filter(|&&a| a).count();
    let board: usize = r
        .events
        .iter()
        .map(|e| match e {
            Event::Board(cards) => cards.len(),
            _ => 0,
        })
        .sum();
    let streets = (0..r.seats.len())
        .map(|i| {
            r.events
                .iter()
                .filter(|e| matches!(e, Event::Deal(p, _) if *p == i))
                .count()
        })
        .max()
        .unwrap_or(0);
    folded + 1 >= dealt
        || match r.head.deal {
            Deal::Stud => streets >= 5,
            _ => board >= 5,
        }
}

/// A hand's stated bets as the actions count them where the room's count is theirs and a
/// raiser's forced bet once more: the room's count of some players who raised has their
/// ante (stud) or their blind (a small blind who raises, in the files of 2017 on) twice,
/// more than their stack at times (the next hand's stack shows the actions' sum, and a
/// pot-limit raise to the actions' sum is the most the pot allowed). Its count of a raiser
/// all-in can also lack his ante, where its counts then make less than it paid out: the
/// actions' count is what the winnings were paid from.
fn forced_counted_twice(hand: &mut RoomHand) {
    let Ok((put, _)) = super::contributions(hand) else {
        return;
    };
    let n = hand.players.len();
    let short = hand.put.iter().sum::<i64>() < hand.winnings.iter().sum::<i64>();
    for (p, stated) in hand.put.iter_mut().enumerate() {
        let raised = hand
            .steps
            .iter()
            .any(|s| s.player == Some(p) && s.verb == Verb::BetRaise);
        let Some(&counted) = put.get(p) else {
            continue;
        };
        // PHH writes heads-up blinds small first, the big blind's player first.
        let blind = if n == 2 { 1 - p } else { p };
        let post: i64 = hand
            .posts
            .iter()
            .filter(|post| post.0 == p)
            .map(|post| post.1.saturating_add(post.2))
            .sum();
        let forced = [
            hand.antes.get(p).copied().unwrap_or(0),
            hand.blinds.get(blind).copied().unwrap_or(0),
            post,
        ];
        let off_by = |f: i64| {
            *stated == counted.saturating_add(f)
                || (short && stated.saturating_add(f) == counted && counted == hand.stacks[p])
        };
        if raised && forced.iter().any(|&f| f > 0 && off_by(f)) {
            *stated = counted;
        }
    }
}

/// What a `<game>` holds, in the order it is played: `(round, 0 for cards and 1 for
/// actions, the action's number or the cards' place)`.
type Key = (u32, u8, u64);

enum Item<'a> {
    Board(Vec<u8>),
    Deal(usize, Vec<Option<u8>>),
    Act(usize, &'a str, i64),
}

fn read_game(
    ipoker: &'static super::Room,
    head: Header,
    tags: &[Tag<'_>],
) -> Result<(Parts, Protected), Fault> {
    let stud = head.deal == Deal::Stud;
    let mut protected = Vec::new();
    // Who is dealt a pocket, and who sits out or comes back (action types 8, 9).
    let mut pocketed = Vec::new();
    let mut away = Vec::new();
    let mut r = Parts::new(ipoker, "en", head);
    let mut stated = Vec::new();
    let mut items: Vec<(Key, Item<'_>)> = Vec::new();
    let mut round = 0u32;
    let mut rounds = 0;
    let mut pocket = 0;
    let find = |r: &Parts, name: &str| r.seats.iter().position(|s| s.1 == name);
    for (place, &(_, name, attributes, inner)) in tags.iter().enumerate() {
        let place = place as u64;
        match name {
            "player" => {
                if r.seats.len() >= 2 * crate::MAX_PLAYERS {
                    return fault(Cause::Players, "more seats than any table has");
                }
                let get = |key| attribute(attributes, key).unwrap_or_default();
                let seat = get("seat").parse().unwrap_or(0);
                if get("dealer") == "1" {
                    r.button = Some(seat);
                }
                r.seats
                    .push((seat, get("name"), money(&get("chips"))?, true));
                r.won.push(money(&get("win"))?);
                stated.push(money(&get("bet"))?);
                r.acting.push(false);
                r.dealt.push(None);
                r.shown.push(None);
            }
            "round" => {
                round = attribute(attributes, "no")
                    .and_then(|n| n.parse().ok())
                    .unwrap_or(0);
                rounds += 1;
            }
            "cards" => {
                let kind = attribute(attributes, "type").unwrap_or_default();
                let cards: Vec<Option<u8>> = inner
                    .split_whitespace()
                    .map(card)
                    .collect::<Result<_, _>>()?;
                let who = attribute(attributes, "player").unwrap_or_default();
                if kind == "Pocket" {
                    pocket = pocket.max(cards.len());
                    if let Some(i) = find(&r, &who) {
                        pocketed.push(i);
                    }
                    if let (Some(i), true) = (find(&r, &who), cards.iter().all(Option::is_some)) {
                        r.dealt[i] = Some(cards.iter().flatten().copied().collect());
                    }
                } else if stud {
                    let Some(i) = find(&r, &who) else {
                        return fault(Cause::Players, format!("{who:?} is dealt without a seat"));
                    };
                    let count = if kind == "Third Street" { 3 } else { 1 };
                    if cards.len() != count {
                        return fault(
                            Cause::Cards,
                            format!(
                                "{who} is dealt {} cards on {kind}, not {count}",
                                cards.len()
                            ),
                        );
                    }
                    if count == 3 && cards.iter().all(Option::is_some) {
                        r.dealt[i] = Some(cards.iter().flatten().copied().collect());
                    }
                    items.push(((round, 0, place), Item::Deal(i, cards)));
                } else {
                    let board: Vec<u8> = cards.iter().flatten().copied().collect();
                    items.push(((round, 0, place), Item::Board(board)));
                }
            }
            "action" => {
                let who = attribute(attributes, "player").unwrap_or_default();
                let Some(i) = find(&r, &who) else {
                    return fault(Cause::Players, format!("{who} acts without a seat"));
                };
                let no = attribute(attributes, "no")
                    .and_then(|n| n.parse().ok())
                    .unwrap_or(0);
                let sum = attribute(attributes, "sum").unwrap_or_default();
                if sum == "DP" {
                    // Disconnected: the room keeps the player all-in for what he has put
                    // in (its all-in protection), his stack for the hand that much.
                    protected.push(i);
                    continue;
                }
                let sum = money(&sum)?;
                if attributes.contains("type=\"8\"") || attributes.contains("type=\"9\"") {
                    away.push(i);
                }
                let kind = attributes
                    .split("type=\"")
                    .nth(1)
                    .and_then(|t| t.split('"').next())
                    .unwrap_or("");
                items.push(((round, 1, no), Item::Act(i, kind, sum)));
            }
            _ => {}
        }
    }
    if rounds == 0 {
        return fault(Cause::NoSections, "the hand has no <round>");
    }
    if let Some(&i) = away.iter().find(|i| !pocketed.contains(i)) {
        let posted = items
            .iter()
            .any(|item| matches!(item.1, Item::Act(p, "1" | "2" | "15", x) if p == i && x > 0));
        if posted && !stud {
            // Chips in the pot from a seat the hand does not deal in: PHH has no field for
            // them, and the pot would pay more than its players put in.
            return fault(
                Cause::Players,
                format!(
                    "{} posts and sits out the hand: the seat puts chips in the pot but is not \
                     dealt in",
                    r.seats[i].1
                ),
            );
        }
    }
    if items.iter().all(|item| item.0 .0 == 0) {
        // Only the forced bets written (a partial export): no cards, no betting.
        return fault(
            Cause::CutOff,
            "the hand is cut off after its forced bets: no cards, actions or winnings are \
             written (a partial export)",
        );
    }
    if r.head.hole_count == 0 {
        // No game named: Omaha of the pockets' size (Hold'em's two cards aside).
        if !(2..=6).contains(&pocket) || pocket == 3 {
            return fault(
                Cause::Game,
                format!(
                    "{:?} names no game and the pockets do not show one",
                    r.head.game_text
                ),
            );
        }
        r.head.game = if pocket == 2 { "holdem" } else { "omaha" };
        r.head.hole_count = pocket;
        r.head.code = phh_code(r.head.game, r.head.betting);
    }
    items.sort_by_key(|item| item.0);
    let mut street_in = vec![0i64; r.seats.len()];
    let mut current = None;
    let mut shown = stud::Bets::default();
    let mut big_blind = None;
    for ((round, _, _), item) in items {
        if current != Some(round) {
            // Round 0 holds the forced bets, round 1 the betting before the flop (a stud
            // hand's is empty): one street.
            if current.is_some() && round > 1 {
                street_in.iter_mut().for_each(|x| *x = 0);
            }
            current = Some(round);
        }
        let (i, kind, sum) = match item {
            Item::Board(cards) => {
                r.events.push(Event::Board(cards));
                continue;
            }
            Item::Deal(i, cards) => {
                r.events.push(Event::Deal(i, cards));
                continue;
            }
            Item::Act(i, kind, sum) => (i, kind, sum),
        };
        if !matches!(kind, "8" | "9") {
            r.acting[i] = true; // sitting out or back: not dealt in by that alone
        }
        let level = street_in.iter().copied().max().unwrap_or(0);
        let (verb, arg) = match kind {
            "16" if stud => {
                street_in[i] += sum;
                r.bring_in = Some(r.bring_in.unwrap_or(0).max(sum));
                (Verb::PostBringIn, Arg::Nothing)
            }
            "1" | "2" | "15" | "16" => {
                let mut post = match kind {
                    "1" => Post::Small,
                    "2" | "16" => Post::Big,
                    _ => Post::Ante,
                };
                let mut live = sum;
                match (post, big_blind) {
                    // A big blind over the first one: `posts both`, the big blind live and
                    // the small blind dead, in one sum.
                    (Post::Big, Some(big)) if sum > big => {
                        post = Post::Both;
                        live = big;
                    }
                    (Post::Big, None) => big_blind = Some(sum),
                    _ => {}
                }
                if post != Post::Ante {
                    street_in[i] += live;
                }
                r.posts.push((post, i, sum));
                continue;
            }
            "0" => (Verb::Fold, Arg::Nothing),
            "4" => (Verb::CheckCall, Arg::Nothing),
            "3" => {
                street_in[i] += sum;
                (Verb::CheckCall, Arg::Nothing)
            }
            // A bet, a raise by what it puts in (older files), an all-in.
            "5" | "6" | "7" => {
                street_in[i] += sum;
                if street_in[i] > level {
                    (Verb::BetRaise, Arg::Chips(street_in[i]))
                } else {
                    (Verb::CheckCall, Arg::Nothing)
                }
            }
            "23" => {
                street_in[i] = sum;
                (Verb::BetRaise, Arg::Chips(sum))
            }
            "8" | "9" => continue, // sitting out, back
            other => {
                return fault(
                    Cause::Game,
                    format!("action type {other:?} is not one pokerforge knows"),
                )
            }
        };
        if let (Arg::Chips(to), true) = (&arg, kind != "7") {
            shown.bet(round + 1, level, *to, r.bring_in.unwrap_or(0));
        }
        r.events.push(Event::Act(i, verb, arg));
    }
    if stud && r.head.stakes.is_none() {
        r.head.stakes = shown.stakes();
    }
    if r.button.is_none() && !stud {
        // No seat marked the dealer (some tournament hands): the button is the small
        // blind's seat heads-up, else the seat just before it.
        let small = r.posts.iter().find(|p| p.0 == Post::Small).map(|p| p.1);
        if let Some(i) = small {
            let dealt = r.acting.iter().filter(|&&a| a).count();
            let seat = r.seats[i].0;
            r.button = Some(if dealt == 2 {
                seat
            } else {
                seat.saturating_sub(1)
            });
        }
    }
    for (i, cards) in r.dealt.iter().enumerate() {
        if let (Some(cards), false) = (cards, stud) {
            r.shown[i] = Some(cards.clone());
        }
    }
    let protected = protected
        .into_iter()
        .map(|i| {
            let listed = r.seats[i].2;
            r.seats[i].2 = stated[i].min(listed);
            (r.seats[i].1.clone(), listed)
        })
        .collect();
    r.put = stated;
    Ok((r, protected))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_session_line_names_the_game_or_leaves_it_to_the_pockets() {
        let stud = game_type("7 Card Stud Hi-Lo L €0.05/€0.10").unwrap();
        assert_eq!(
            (stud.game, stud.deal, stud.hole_count),
            ("stud-hilo", Deal::Stud, 7)
        );
        assert_eq!(stud.betting, "fixed-limit");
        assert_eq!(stud.stakes, coded_units("0.05").zip(coded_units("0.10")));
        let tournament = game_type("7 Card Stud L").unwrap();
        assert_eq!((tournament.game, tournament.stakes), ("stud", None));
        assert_eq!(game_type("Razz L $1/$2").unwrap().game, "razz");
        let unnamed = game_type("PL €2/€4").unwrap();
        assert_eq!((unnamed.betting, unnamed.hole_count), ("pot-limit", 0));
        assert_eq!(
            game_type("Holdem SL $0.01/$0.02").unwrap().betting,
            "no-limit"
        );
        assert_eq!(
            game_type("Holdem БЛ €0.25/€0.50").unwrap().betting,
            "no-limit"
        );
        let (cause, message) = game_type("5 Card Stud L $0.05/$0.10").unwrap_err();
        assert_eq!(cause, Cause::Game);
        assert!(message.contains("5 Card Stud"), "{message}");
        // A fixed-limit line that names no game is not guessed.
        assert_eq!(game_type("L $1/$2").unwrap_err().0, Cause::Game);
    }
}
