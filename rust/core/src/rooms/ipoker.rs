//! The iPoker network's XML: a `<session>` whose `<general>` names the game
//! (`<gametype>Omaha PL €0.50/€1</gametype>`), then one `<game gamecode="N">` a hand, with
//! its players (`<player seat= name= chips= dealer= win= bet= />`: the stack, what the
//! player won and what he put in), and `<round no=...>`s of `<cards>` and `<action no=
//! player= type= sum= />` (in the order of their `no`, not as listed). Cards are written
//! suit first (`D8`, `C10`); `X` is a card not shown. A call's, bet's and all-in's sum is
//! what the action puts in, a raise's (type 23) the street total it raises to.
//!
//! The reader is a scanner of the few tags the format has, bounded by the file's size; it
//! is no general XML reader.

use super::assemble::{assemble, Event, Parts};
use super::forced::Post;
use super::header::Header;
use super::money::{symbol, units};
use super::record::{Cause, Refusal, RoomHand};
use super::table::{phh_code, room, Deal};
use super::words::{fault, Fault};
use crate::phh::{Arg, Verb};
use crate::Card;

/// The tags of `text`: `(where it starts, name, attributes' text, the text up to the next
/// tag)`.
pub(super) fn tags(text: &str) -> impl Iterator<Item = Tag<'_>> {
    let mut at = 0;
    std::iter::from_fn(move || {
        let open = at + text.get(at..)?.find('<')?;
        let close = open + text[open..].find('>')?;
        at = close + 1;
        let inside = text[open + 1..close].trim_end_matches('/');
        let (name, attributes) = inside.split_once(' ').unwrap_or((inside, ""));
        let inner_end = text[at..].find('<').map_or(text.len(), |i| at + i);
        Some((open, name, attributes, &text[at..inner_end]))
    })
}

/// One tag: where it starts, its name, its attributes' text, the text after it.
pub(super) type Tag<'a> = (usize, &'a str, &'a str, &'a str);

/// One `<game>` being read: where it starts, its number, its tags.
type Game<'a> = (usize, String, Vec<Tag<'a>>);

/// The value of `name="..."` among `attributes`, unescaped.
pub(super) fn attribute(attributes: &str, name: &str) -> Option<String> {
    let mut rest = attributes;
    while let Some(at) = rest.find(name) {
        let after = &rest[at + name.len()..];
        let before_ok = at == 0 || rest.as_bytes()[at - 1] == b' ';
        if let (true, Some(value)) = (before_ok, after.strip_prefix("=\"")) {
            let end = value.find('"')?;
            return Some(unescape(&value[..end]));
        }
        rest = after;
    }
    None
}

fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// A card written suit first (`D8`, `C10`, `SA`); `None` for `X`.
fn card(word: &str) -> Result<Option<u8>, Fault> {
    if word == "X" {
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

pub(super) fn money(text: &str) -> Result<i64, Fault> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(0);
    }
    units(text).map_or_else(
        || fault(Cause::Amount, format!("{text:?} is not an amount")),
        Ok,
    )
}

/// The session's game line read into a header (its number set per hand).
fn game_type(text: &str) -> Result<Header, Fault> {
    const GAMES: [(&str, &str, usize); 4] = [
        ("Six Plus Holdem", "short-deck", 2),
        ("Omaha Hi-Lo", "omaha-hilo", 4),
        ("Omaha", "omaha", 4),
        ("Holdem", "holdem", 2),
    ];
    const BETTING: [(&str, &str); 5] = [
        ("Pot limit", "pot-limit"),
        (" NL", "no-limit"),
        (" PL", "pot-limit"),
        (" FL", "fixed-limit"),
        (" L ", "fixed-limit"),
    ];
    let Some(&(written, game, hole_count)) = GAMES.iter().find(|g| text.contains(g.0)) else {
        return fault(
            Cause::Game,
            format!("{text:?} names no game pokerforge reads"),
        );
    };
    let padded = format!("{text} ");
    let Some(&(_, betting)) = BETTING.iter().find(|b| padded.contains(b.0)) else {
        return fault(Cause::Game, format!("{text:?} names no betting structure"));
    };
    let stakes = text
        .split_whitespace()
        .filter_map(|w| w.split_once('/'))
        .find_map(|(a, b)| Some((units(a)?, units(b)?)));
    Ok(Header {
        number: String::new(),
        tournament: None,
        game,
        betting,
        code: phh_code(game, betting),
        game_text: written.to_string(),
        hole_count,
        deal: Deal::Board,
        stakes,
        cap: None,
        currency: symbol(text).map(String::from).unwrap_or_default(),
        time: String::new(),
    })
}

/// Every hand of an iPoker XML file's text, read or refused.
pub fn read_file(text: &str) -> Vec<Result<RoomHand, Refusal>> {
    let Some(ipoker) = room("IPN") else {
        return Vec::new();
    };
    let line_of = |at: usize| text[..at].bytes().filter(|&b| b == b'\n').count() + 1;
    let mut head: Option<Result<Header, Fault>> = None;
    let mut tournament = None;
    let mut hands = Vec::new();
    let mut game: Option<Game<'_>> = None;
    let finish =
        |game: Game<'_>, head: &Option<Result<Header, Fault>>, tournament: &Option<String>| {
            let (at, number, tags) = game;
            let refuse = |(cause, message): Fault| Refusal {
                room: Some("IPN"),
                cause,
                first_line: line_of(at),
                line: None,
                number: Some(number.clone()),
                message,
            };
            let mut head = match head {
                Some(Ok(head)) => head.clone(),
                Some(Err(f)) => return Err(refuse(f.clone())),
                None => return Err(refuse((Cause::Game, "the session names no game".into()))),
            };
            head.number = number.clone();
            head.tournament = tournament.clone();
            let hand = read_game(ipoker, head, &tags).map_err(refuse)?;
            super::check_totals(&hand).map_err(|m| refuse((Cause::Totals, m)))?;
            Ok(hand)
        };
    for tag in tags(text) {
        let (at, name, attributes, inner) = tag;
        match name {
            "gametype" => head = Some(game_type(inner.trim())),
            "tournamentcode" => {
                tournament = Some(inner.trim().to_string()).filter(|t| !t.is_empty())
            }
            "game" => {
                if let Some(done) = game.take() {
                    hands.push(finish(done, &head, &tournament));
                }
                let number = attribute(attributes, "gamecode").unwrap_or_default();
                game = Some((at, number, Vec::new()));
            }
            "/game" => {
                if let Some(done) = game.take() {
                    hands.push(finish(done, &head, &tournament));
                }
            }
            _ => {
                if let Some((_, _, tags)) = game.as_mut() {
                    tags.push(tag);
                }
            }
        }
    }
    if let Some((at, number, _)) = game {
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

fn read_game(
    ipoker: &'static super::Room,
    head: Header,
    tags: &[Tag<'_>],
) -> Result<RoomHand, Fault> {
    let mut r = Parts::new(ipoker, "en", head);
    let mut stated = Vec::new();
    let mut actions: Vec<(u64, usize, &str, i64, u32)> = Vec::new(); // (no, seat, type, sum, round)
    let mut round = 0u32;
    let mut rounds = 0;
    let find = |r: &Parts, name: &str| r.seats.iter().position(|s| s.1 == name);
    for &(_, name, attributes, inner) in tags {
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
                if kind == "Pocket" {
                    let who = attribute(attributes, "player").unwrap_or_default();
                    if let (Some(i), true) = (find(&r, &who), cards.iter().all(Option::is_some)) {
                        r.dealt[i] = Some(cards.iter().flatten().copied().collect());
                    }
                } else {
                    let board: Vec<u8> = cards.iter().flatten().copied().collect();
                    actions.push((0, usize::MAX, "board", 0, round));
                    r.events.push(Event::Board(board));
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
                let sum = money(&attribute(attributes, "sum").unwrap_or_default())?;
                let kind = attributes
                    .split("type=\"")
                    .nth(1)
                    .and_then(|t| t.split('"').next())
                    .unwrap_or("");
                actions.push((no, i, kind, sum, round));
            }
            _ => {}
        }
    }
    if rounds == 0 {
        return fault(Cause::NoSections, "the hand has no <round>");
    }
    // The board's events were pushed in order; the players' actions go by their number,
    // each round's after the board dealt for it.
    let boards = std::mem::take(&mut r.events);
    let mut boards = boards.into_iter();
    actions.sort_by_key(|a| (a.4, a.1 != usize::MAX, a.0));
    let mut street_in = vec![0i64; r.seats.len()];
    let mut current = u32::MAX;
    for (_, i, kind, sum, round) in actions {
        if round != current {
            // Round 0 holds the blinds, round 1 the betting before the flop: one street.
            if current != u32::MAX && round > 1 {
                street_in.iter_mut().for_each(|x| *x = 0);
            }
            current = round;
        }
        if i == usize::MAX {
            r.events.extend(boards.next());
            continue;
        }
        r.acting[i] = true;
        let level = street_in.iter().copied().max().unwrap_or(0);
        let (verb, arg) = match kind {
            "1" | "2" | "15" | "16" => {
                let post = match kind {
                    "1" => Post::Small,
                    "2" | "16" => Post::Big,
                    _ => Post::Ante,
                };
                if post != Post::Ante {
                    street_in[i] += sum;
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
            "5" | "7" => {
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
        r.events.push(Event::Act(i, verb, arg));
    }
    for (i, cards) in r.dealt.iter().enumerate() {
        if let Some(cards) = cards {
            r.shown[i] = Some(cards.clone());
        }
    }
    r.put = stated;
    assemble(r)
}
