//! The Merge network's XML (Carbon Poker): a `<description type="Holdem" stakes="No
//! Limit ($1/$2)"/>`, then one `<game id=...>` a hand, with its `<players dealer=N>`
//! (`<player seat= nickname= balance= dealtin= />`), `<round>`s of `<event sequence= type=
//! player= amount= />` (an amount is what the action puts in, a raise's the street total
//! it raises to) and `<cards type= cards=
//! player= />` (`COMMUNITY` the whole board so far, `HOLE`, `SHOWN`, `MUCKED` a player's),
//! and the `<winner amount= player= />`s. Neither the total pot nor the rake is written.
//! Files without a layout version write the balances after the blinds and antes, and in
//! 2010 (`data` with colons) a raise's amount as what it puts in. `RETURN_BLIND` is a
//! returning player's big blind live and small blind dead; an `ALL_IN` among the blinds a
//! blind posted short; `GAME_CANCELLED` a hand the room cancelled.
//!
//! A round's cards are written at its end, dealt at its start. Stud (`7-Stud`, `7-Stud
//! H/L8`, `Razz`) writes each player's cards so far as `DRAW_DRAWN_CARDS` (`null` a card
//! face down; the player's own as `HOLE`), its bring-in and completion as events; the draw
//! games (`2-7 Lowball` and `A-5 Lowball`: triple draw; `5-Draw`, `Badugi`) write a draw
//! as an event with the number of cards (`text="2"`) and the player's own new hand as
//! `DRAW_DRAWN_CARDS`. A `HORSE` table names each hand's game by a code
//! (`multigametype`).

use super::assemble::{assemble, Event, Parts};
use super::forced::Post;
use super::header::Header;
use super::money::{symbol, units};
use super::record::{Cause, Refusal, RoomHand};
use super::stud;
use super::table::{phh_code, room, Deal};
use super::words::{fault, known, Fault};
use super::xml::{attribute, money, tags, Tag};
use crate::phh::{Arg, Verb};
use crate::Card;

/// The games a description names: `(written, game, hole cards, how it is dealt)`, a name
/// before any it begins with. A mixed table's (`HORSE`) game is each hand's.
const GAMES: [(&str, &str, usize, Deal); 12] = [
    ("Omaha Hi-Lo", "omaha-hilo", 4, Deal::Board),
    ("Omaha H/L8", "omaha-hilo", 4, Deal::Board),
    ("Omaha", "omaha", 4, Deal::Board),
    ("Holdem", "holdem", 2, Deal::Board),
    ("7-Stud H/L8", "stud-hilo", 7, Deal::Stud),
    ("7-Stud", "stud", 7, Deal::Stud),
    ("Razz", "razz", 7, Deal::Stud),
    ("2-7 Lowball", "2-7-triple-draw", 5, Deal::Draw),
    ("A-5 Lowball", "a-5-triple-draw", 5, Deal::Draw),
    ("5-Draw", "five-card-draw", 5, Deal::Draw),
    ("Badugi", "badugi", 4, Deal::Draw),
    ("HORSE", "", 0, Deal::Board),
];

/// A mixed table's games by the code of each hand (`multigametype`): `(codes, game)`.
const MIXED: [(&[u32], &str); 6] = [
    (&[1, 2, 9, 23], "holdem"),
    (&[4], "omaha"),
    (&[34, 35, 37], "omaha-hilo"),
    (&[38, 39, 41, 42], "stud"),
    (&[43, 45], "stud-hilo"),
    (&[46, 47, 49], "razz"),
];

/// The description's game read into a header (its number set per hand).
fn description(attributes: &str) -> Result<Header, Fault> {
    const BETTING: [(&str, &str); 3] = [
        ("No Limit", "no-limit"),
        ("Pot Limit", "pot-limit"),
        ("Limit", "fixed-limit"),
    ];
    let kind = attribute(attributes, "type").unwrap_or_default();
    let stakes_text = attribute(attributes, "stakes").unwrap_or_default();
    let Some(&(written, game, hole_count, deal)) = GAMES.iter().find(|g| kind.starts_with(g.0))
    else {
        return fault(
            Cause::Game,
            format!("{kind:?} is a game pokerforge does not read"),
        );
    };
    let Some(&(_, betting)) = BETTING.iter().find(|b| stakes_text.starts_with(b.0)) else {
        return fault(
            Cause::Game,
            format!("{stakes_text:?} names no betting structure"),
        );
    };
    let stakes = stakes_text
        .trim_end_matches(')')
        .rsplit([' ', '('])
        .next()
        .and_then(|pair| pair.split_once('/'))
        .and_then(|(a, b)| Some((units(a)?, units(b)?)));
    Ok(Header {
        number: String::new(),
        tournament: kind.contains("Tournament").then(String::new),
        game,
        betting,
        code: phh_code(game, betting),
        game_text: format!("{written} {stakes_text}"),
        hole_count,
        deal,
        stakes,
        cap: None,
        currency: symbol(&stakes_text).map(String::from).unwrap_or_default(),
        time: String::new(),
    })
}

/// A mixed table's hand: its game from the code its `<game>` tag writes.
fn mixed(head: &mut Header, game_attributes: &str) -> Result<(), Fault> {
    let code = attribute(game_attributes, "multigametype").unwrap_or_default();
    let number: u32 = code.parse().unwrap_or(0);
    let game = match MIXED.iter().find(|m| m.0.contains(&number)) {
        Some(&(_, game)) => game,
        None => {
            return fault(
                Cause::Game,
                format!(
                    "a {} hand whose game code {code:?} is not one pokerforge knows",
                    head.game_text
                ),
            )
        }
    };
    let (hole_count, deal) = match game {
        "holdem" => (2, Deal::Board),
        "omaha" | "omaha-hilo" => (4, Deal::Board),
        _ => (7, Deal::Stud),
    };
    head.game = game;
    head.hole_count = hole_count;
    head.deal = deal;
    head.code = phh_code(game, head.betting);
    Ok(())
}

/// Cards written `4d,3d,Qh`; `null` or nothing (`,,5h`) a card face down.
fn cards(text: &str) -> Result<Vec<Option<u8>>, Fault> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    text.split(',')
        .map(str::trim)
        .map(|c| match c {
            "null" | "" => Ok(None),
            _ => match c.parse::<Card>() {
                Ok(card) => Ok(Some(card.index())),
                Err(_) => fault(Cause::Cards, format!("{c:?} is not a card")),
            },
        })
        .collect()
}

/// One `<game>` being read: where it starts, its number, its attributes, its tags.
type Game<'a> = (usize, String, &'a str, Vec<Tag<'a>>);

/// Every hand of a Merge XML file's text, read or refused.
pub fn read_file(text: &str) -> Vec<Result<RoomHand, Refusal>> {
    let Some(merge) = room("MRG") else {
        return Vec::new();
    };
    let line_of = |at: usize| text[..at].bytes().filter(|&b| b == b'\n').count() + 1;
    let mut head: Option<Result<Header, Fault>> = None;
    let mut after_forced = true;
    let mut found: Vec<(usize, String, Result<Parts, Fault>)> = Vec::new();
    let mut game: Option<Game<'_>> = None;
    let read = |game: Game<'_>, head: &Option<Result<Header, Fault>>, after_forced: bool| {
        let (at, number, attributes, tags) = game;
        // The files of 2010 write `data` with colons and a raise as what it puts in.
        let added = attribute(attributes, "data").is_some_and(|d| !d.contains('|'));
        let parts = match head {
            Some(Ok(head)) => {
                let mut head = head.clone();
                head.number = number.clone();
                if head.game.is_empty() {
                    mixed(&mut head, attributes)
                        .and_then(|()| read_game(merge, head, &tags, after_forced, added))
                } else {
                    read_game(merge, head, &tags, after_forced, added)
                }
            }
            Some(Err(f)) => Err(f.clone()),
            None => fault(Cause::Game, "the file names no game"),
        };
        (at, number, parts)
    };
    for tag in tags(text) {
        let (at, name, attributes, _) = tag;
        match name {
            "description" => {
                head = Some(description(attributes));
                // A tournament's balances are written after the blinds and antes in the
                // files that write no layout version; a cash game's, and every file's
                // from `version="1"` on, before them.
                let tournament = matches!(&head, Some(Ok(h)) if h.tournament.is_some());
                after_forced = tournament && attribute(attributes, "version").is_none();
            }
            "game" | "/game" => {
                if let Some(done) = game.take() {
                    found.push(read(done, &head, after_forced));
                }
                if name == "game" {
                    let number = attribute(attributes, "id").unwrap_or_default();
                    game = Some((at, number, attributes, Vec::new()));
                }
            }
            _ => {
                if let Some((_, _, _, tags)) = game.as_mut() {
                    tags.push(tag);
                }
            }
        }
    }
    let learned = stud::Learned::from(found.iter().filter_map(|f| f.2.as_ref().ok()));
    let mut hands: Vec<Result<RoomHand, Refusal>> = found
        .into_iter()
        .map(|(at, number, parts)| {
            let refuse = |(cause, message): Fault| Refusal {
                room: Some("MRG"),
                cause,
                first_line: line_of(at),
                line: None,
                number: Some(number.clone()),
                message,
            };
            let mut parts = parts.map_err(refuse)?;
            learned.fill(&mut parts).map_err(refuse)?;
            let hand = assemble(parts).map_err(refuse)?;
            super::check_totals(&hand).map_err(|m| refuse((Cause::Totals, m)))?;
            Ok(hand)
        })
        .collect();
    if let Some((at, number, _, _)) = game {
        hands.push(Err(Refusal {
            room: Some("MRG"),
            cause: Cause::CutOff,
            first_line: line_of(at),
            line: None,
            number: Some(number),
            message: "the hand is cut off before its </game>".to_string(),
        }));
    }
    hands
}

/// A draw being read: the player, how many cards, the index of his discard's event, the
/// cards he drew if known.
type Drawing = (usize, usize, usize, Option<Vec<u8>>);

/// What one hand's reading keeps beside its [`Parts`].
struct Play {
    street_in: Vec<i64>,
    board: Vec<u8>,
    /// Each player's cards so far (stud), or his hand (draw), as known.
    held: Vec<Vec<Option<u8>>>,
    /// Where the round's events begin, and the deals put there so far.
    round_start: usize,
    round_deals: usize,
    /// A stud round's street (3 to 7).
    street: u32,
    /// What each player has put in so far.
    spent: Vec<i64>,
    drawing: Vec<Drawing>,
    bets: stud::Bets,
}

impl Play {
    /// The deals of the draws just made, after the discards (the room's order).
    fn flush_draws(&mut self, r: &mut Parts) {
        for (i, count, _, drawn) in std::mem::take(&mut self.drawing) {
            let cards = drawn.map_or_else(|| vec![None; count], |c| known(&c));
            r.events.push(Event::Deal(i, cards));
        }
    }

    /// A stud player's cards so far: the new ones are dealt at the round's start.
    fn stud_cards(&mut self, r: &mut Parts, i: usize, cards: Vec<Option<u8>>) -> Result<(), Fault> {
        let held = &mut self.held[i];
        let new: Vec<Option<u8>> = cards.iter().skip(held.len()).copied().collect();
        if cards.len() > 7
            || held
                .iter()
                .zip(&cards)
                .any(|(a, b)| a.is_some() && b.is_some() && a != b)
        {
            return fault(
                Cause::Cards,
                format!("{}'s cards change between streets", r.seats[i].1),
            );
        }
        if held.is_empty() && cards.len() == 3 && cards.iter().all(Option::is_some) {
            r.dealt[i] = Some(cards.iter().flatten().copied().collect());
        }
        *held = cards;
        if !new.is_empty() {
            let at = (self.round_start + self.round_deals).min(r.events.len());
            r.events.insert(at, Event::Deal(i, new));
            self.round_deals += 1;
        }
        Ok(())
    }

    /// A draw player's own new hand: what he threw and drew, told from his hand before.
    fn drawn(&mut self, r: &mut Parts, i: usize, cards: Vec<Option<u8>>) -> Result<(), Fault> {
        let before = std::mem::replace(&mut self.held[i], cards.clone());
        let Some(draw) = self.drawing.iter_mut().find(|d| d.0 == i) else {
            return Ok(()); // his hand again after standing pat
        };
        if before.len() != cards.len() || before.iter().chain(&cards).any(Option::is_none) {
            return Ok(()); // his hand before is not known: the draw stays unseen
        }
        let changed: Vec<usize> = (0..cards.len())
            .filter(|&k| before[k] != cards[k])
            .collect();
        if changed.len() != draw.1 {
            return fault(
                Cause::Cards,
                format!(
                    "{} draws {} cards and his hand shows {}",
                    r.seats[i].1,
                    draw.1,
                    changed.len()
                ),
            );
        }
        let thrown: Vec<Option<u8>> = changed.iter().map(|&k| before[k]).collect();
        draw.3 = Some(changed.iter().filter_map(|&k| cards[k]).collect());
        if let Some(Event::Act(_, _, arg)) = r.events.get_mut(draw.2) {
            *arg = Arg::Cards(thrown);
        }
        Ok(())
    }
}

fn read_game(
    merge: &'static super::Room,
    head: Header,
    tags: &[Tag<'_>],
    after_forced: bool,
    raise_added: bool,
) -> Result<Parts, Fault> {
    let deal = head.deal;
    let mut round_id = String::new();
    let mut r = Parts::new(merge, "en", head);
    let seat_of = |r: &Parts, text: Option<String>| -> Result<usize, Fault> {
        let seat: u32 = text.and_then(|s| s.parse().ok()).unwrap_or(u32::MAX);
        r.seats.iter().position(|s| s.0 == seat).map_or_else(
            || fault(Cause::Players, format!("seat {seat} has no player")),
            Ok,
        )
    };
    let mut play = Play {
        street_in: Vec::new(),
        board: Vec::new(),
        held: Vec::new(),
        round_start: 0,
        round_deals: 0,
        street: 3,
        spent: Vec::new(),
        drawing: Vec::new(),
        bets: stud::Bets::default(),
    };
    let mut rounds = 0;
    let mut ended = false;
    for &(_, name, attributes, _) in tags {
        let get = |key| attribute(attributes, key);
        match name {
            "players" => r.button = get("dealer").and_then(|d| d.parse().ok()),
            "player" => {
                if r.seats.len() >= 2 * crate::MAX_PLAYERS {
                    return fault(Cause::Players, "more seats than any table has");
                }
                let seat = get("seat").and_then(|s| s.parse().ok()).unwrap_or(0);
                let out = get("dealtin").as_deref() != Some("true");
                r.seats.push((
                    seat,
                    get("nickname").unwrap_or_default(),
                    money(&get("balance").unwrap_or_default())?,
                    out,
                ));
                r.acting.push(!out);
                r.dealt.push(None);
                r.shown.push(None);
                r.won.push(0);
                play.street_in.push(0);
                play.spent.push(0);
                play.held.push(Vec::new());
            }
            "round" => {
                rounds += 1;
                play.flush_draws(&mut r);
                play.round_start = r.events.len();
                play.round_deals = 0;
                let id = get("id").unwrap_or_default();
                let same_street = [
                    "BLINDS",
                    "PREFLOP",
                    "PRE_FIRST_DRAW",
                    "BRING_IN",
                    "THIRD_STREET",
                ];
                if !same_street.contains(&id.as_str()) {
                    play.street_in.iter_mut().for_each(|x| *x = 0);
                }
                const STREETS: [&str; 4] = [
                    "FOURTH_STREET",
                    "FIFTH_STREET",
                    "SIXTH_STREET",
                    "SEVENTH_STREET",
                ];
                if let Some(k) = STREETS.iter().position(|s| *s == id) {
                    play.street = 4 + k as u32;
                }
                ended |= id == "END_OF_GAME";
                if id == "GAME_CANCELLED" {
                    return fault(Cause::Cancelled, "the room cancelled the hand");
                }
                round_id = id;
            }
            "cards" => {
                let kind = get("type").unwrap_or_default();
                let dealt = cards(&get("cards").unwrap_or_default())?;
                if kind == "COMMUNITY" {
                    // The whole board so far: the cards not yet dealt are this street's.
                    let new: Vec<u8> = dealt
                        .into_iter()
                        .flatten()
                        .filter(|c| !play.board.contains(c))
                        .collect();
                    play.board.extend(&new);
                    // Written at the end of its round: dealt before the round's actions.
                    r.events
                        .insert(play.round_start.min(r.events.len()), Event::Board(new));
                    continue;
                }
                if dealt.is_empty() {
                    continue;
                }
                let i = seat_of(&r, get("player"))?;
                match (deal, kind.as_str()) {
                    (_, "SHOWN" | "MUCKED") if deal != Deal::Board => {
                        let shown: Vec<Option<u8>> =
                            dealt.into_iter().filter(Option::is_some).collect();
                        r.events
                            .push(Event::Act(i, Verb::ShowMuck, Arg::Cards(shown)));
                    }
                    (Deal::Stud, "DRAW_DRAWN_CARDS" | "HOLE") => {
                        play.stud_cards(&mut r, i, dealt)?
                    }
                    (Deal::Draw, "HOLE") if play.held[i].is_empty() => {
                        if dealt.iter().all(Option::is_some) {
                            r.dealt[i] = Some(dealt.iter().flatten().copied().collect());
                        }
                        play.held[i] = dealt;
                    }
                    (Deal::Draw, "DRAW_DRAWN_CARDS") => play.drawn(&mut r, i, dealt)?,
                    (Deal::Board, _) => {
                        let dealt: Vec<u8> = dealt.into_iter().flatten().collect();
                        r.dealt[i] = Some(dealt.clone());
                        r.shown[i] = Some(dealt);
                    }
                    _ => {}
                }
            }
            "event" => {
                let kind = get("type").unwrap_or_default();
                let posted = |k: Post| r.posts.iter().any(|p| p.0 == k);
                let post = match kind.as_str() {
                    "SMALL_BLIND" => Some(Post::Small),
                    "BIG_BLIND" | "INITIAL_BLIND" => Some(Post::Big),
                    "ANTE" => Some(Post::Ante),
                    // A returning player's big blind live and small blind dead, in one.
                    "RETURN_BLIND" => Some(Post::Both),
                    // A blind posted all-in, short (nothing, where the ante took all).
                    "ALL_IN" if round_id == "BLINDS" => {
                        r.short_blind = true;
                        Some(if posted(Post::Small) || posted(Post::Big) {
                            Post::Big
                        } else {
                            Post::Small
                        })
                    }
                    _ => None,
                };
                let act = matches!(
                    kind.as_str(),
                    "FOLD"
                        | "CHECK"
                        | "CALL"
                        | "BET"
                        | "RAISE"
                        | "ALL_IN"
                        | "COMPLETE"
                        | "BRING_IN"
                );
                if kind == "DRAW" {
                    let i = seat_of(&r, get("player"))?;
                    let count: usize = get("text").and_then(|t| t.parse().ok()).unwrap_or(0);
                    if count > 5 {
                        return fault(Cause::Cards, format!("a draw of {count} cards"));
                    }
                    play.drawing.retain(|d| d.0 != i);
                    if count > 0 {
                        play.drawing.push((i, count, r.events.len(), None));
                    }
                    r.events.push(Event::Act(
                        i,
                        Verb::StandPatDiscard,
                        Arg::Cards(vec![None; count]),
                    ));
                    r.acting[i] = true;
                    continue;
                }
                if post.is_none() && !act {
                    continue; // shows, mucks, chat, returns
                }
                play.flush_draws(&mut r);
                let i = seat_of(&r, get("player"))?;
                let sum = money(&get("amount").unwrap_or_default())?;
                let level = play.street_in.iter().copied().max().unwrap_or(0);
                if let Some(post) = post {
                    let live = match post {
                        Post::Ante => 0,
                        Post::Both => sum.min(big_blind(&r).unwrap_or(sum)),
                        _ => sum,
                    };
                    play.street_in[i] += live;
                    play.spent[i] = play.spent[i].saturating_add(sum);
                    r.posts.push((post, i, sum));
                    continue;
                }
                // A check or an all-in of nothing by a seat not dealt in, or by a player
                // with nothing left (written again on a later street): no action.
                let stack = r.seats[i].2.saturating_add(if after_forced {
                    r.posts.iter().filter(|p| p.1 == i).map(|p| p.2).sum()
                } else {
                    0
                });
                let idle = (r.seats[i].3 && !r.acting[i]) || stack <= play.spent[i];
                if matches!(kind.as_str(), "CHECK" | "ALL_IN") && sum == 0 && idle {
                    continue;
                }
                if r.events
                    .iter()
                    .any(|e| matches!(e, Event::Act(p, Verb::Fold, _) if *p == i))
                {
                    return fault(
                        Cause::Players,
                        format!("{} acts after folding (a {kind:?})", r.seats[i].1),
                    );
                }
                let before = play.street_in[i];
                // A raise's amount is the street total it raises to (in the files of 2010
                // what it puts in); the others' what they put in.
                if kind == "RAISE" && !raise_added {
                    play.street_in[i] = play.street_in[i].max(sum);
                } else {
                    play.street_in[i] += sum;
                }
                let to = play.street_in[i];
                play.spent[i] = play.spent[i].saturating_add(to - before);
                let (verb, arg) = match kind.as_str() {
                    "FOLD" => (Verb::Fold, Arg::Nothing),
                    "BRING_IN" => {
                        r.bring_in = Some(r.bring_in.unwrap_or(0).max(sum));
                        (Verb::PostBringIn, Arg::Nothing)
                    }
                    "BET" | "RAISE" | "ALL_IN" | "COMPLETE" if to > level => {
                        if kind != "ALL_IN" {
                            let street = if deal == Deal::Stud { play.street } else { 0 };
                            play.bets.bet(street, level, to, r.bring_in.unwrap_or(0));
                        }
                        (Verb::BetRaise, Arg::Chips(to))
                    }
                    _ => (Verb::CheckCall, Arg::Nothing),
                };
                r.acting[i] = true;
                r.events.push(Event::Act(i, verb, arg));
            }
            "winner" => {
                let i = seat_of(&r, get("player"))?;
                r.won[i] += money(&get("amount").unwrap_or_default())?;
            }
            _ => {}
        }
    }
    play.flush_draws(&mut r);
    if rounds == 0 {
        return fault(Cause::NoSections, "the hand has no <round>");
    }
    if !ended {
        return fault(
            Cause::CutOff,
            "the hand is cut off before its END_OF_GAME round",
        );
    }
    // A tournament's blind posted all-in written `0.00` (the ante took the stack, the
    // file says, but the blind's chips are in the pots): no rake is taken, so the winners
    // are paid what was put in, and the blind is what they were paid beyond the actions.
    let unwritten: Vec<usize> = (0..r.posts.len())
        .filter(|&k| r.posts[k].0 != Post::Ante && r.posts[k].2 == 0)
        .collect();
    if let ([k], Some(_), true) = (unwritten.as_slice(), &r.head.tournament, r.short_blind) {
        let paid: i64 = r.won.iter().sum();
        let put: i64 = play.spent.iter().sum();
        if paid > put {
            r.posts[*k].2 = paid - put;
        }
    }
    if after_forced {
        for &(_, i, x) in &r.posts {
            r.seats[i].2 = r.seats[i].2.saturating_add(x);
        }
    }
    if deal == Deal::Stud && r.head.stakes.is_none() {
        r.head.stakes = play.bets.stakes();
    }
    let first_big = r.posts.iter().find(|p| p.0 == Post::Big).map(|p| p.2);
    let stated_big = r.head.stakes.map(|s| match r.head.betting {
        "fixed-limit" => s.0,
        _ => s.1,
    });
    if let (Some(posted), Some(stated), false, "no-limit" | "pot-limit") =
        (first_big, stated_big, r.short_blind, r.head.betting)
    {
        if posted != stated && r.head.tournament.is_none() {
            // A description whose stakes are not this hand's (a file put together from
            // two tables'): the blinds are as posted.
            r.head.stakes = None;
        }
    }
    Ok(r)
}

/// The big blind of a hand being read: the first posted, else the stakes'.
fn big_blind(r: &Parts) -> Option<i64> {
    r.posts
        .iter()
        .find(|p| p.0 == Post::Big)
        .map(|p| p.2)
        .or_else(|| {
            r.head.stakes.map(|s| match r.head.betting {
                "fixed-limit" => s.0,
                _ => s.1,
            })
        })
}
