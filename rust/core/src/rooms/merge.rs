//! The Merge network's XML (Carbon Poker): a `<description type="Holdem" stakes="No
//! Limit ($1/$2)"/>`, then one `<game id=...>` a hand, with its `<players dealer=N>`
//! (`<player seat= nickname= balance= dealtin= />`), `<round>`s of `<event sequence= type=
//! player= amount= />` (an amount is what the action puts in) and `<cards type= cards=
//! player= />` (`COMMUNITY` the whole board so far, `HOLE`, `SHOWN`, `MUCKED` a player's),
//! and the `<winner amount= player= />`s. Neither the total pot nor the rake is written.

use super::assemble::{assemble, Event, Parts};
use super::forced::Post;
use super::header::Header;
use super::money::{symbol, units};
use super::record::{Cause, Refusal, RoomHand};
use super::table::{phh_code, room, Deal};
use super::words::{fault, Fault};
use super::xml::{attribute, money, tags, Tag};
use crate::phh::{Arg, Verb};
use crate::Card;

/// The description's game read into a header (its number set per hand).
fn description(attributes: &str) -> Result<Header, Fault> {
    const GAMES: [(&str, &str, usize); 3] = [
        ("Omaha Hi-Lo", "omaha-hilo", 4),
        ("Omaha", "omaha", 4),
        ("Holdem", "holdem", 2),
    ];
    const BETTING: [(&str, &str); 3] = [
        ("No Limit", "no-limit"),
        ("Pot Limit", "pot-limit"),
        ("Limit", "fixed-limit"),
    ];
    let kind = attribute(attributes, "type").unwrap_or_default();
    let stakes_text = attribute(attributes, "stakes").unwrap_or_default();
    let Some(&(written, game, hole_count)) = GAMES.iter().find(|g| kind.starts_with(g.0)) else {
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
        deal: Deal::Board,
        stakes,
        cap: None,
        currency: symbol(&stakes_text).map(String::from).unwrap_or_default(),
        time: String::new(),
    })
}

fn cards(text: &str) -> Result<Vec<u8>, Fault> {
    text.split(',')
        .filter(|c| !c.trim().is_empty())
        .map(|c| match c.trim().parse::<Card>() {
            Ok(card) => Ok(card.index()),
            Err(_) => fault(Cause::Cards, format!("{c:?} is not a card")),
        })
        .collect()
}

/// Every hand of a Merge XML file's text, read or refused.
pub fn read_file(text: &str) -> Vec<Result<RoomHand, Refusal>> {
    let Some(merge) = room("MRG") else {
        return Vec::new();
    };
    let line_of = |at: usize| text[..at].bytes().filter(|&b| b == b'\n').count() + 1;
    let mut head: Option<Result<Header, Fault>> = None;
    let mut hands = Vec::new();
    let mut game: Option<(usize, String, Vec<Tag<'_>>)> = None;
    let mut finish = |game: (usize, String, Vec<Tag<'_>>), head: &Option<Result<Header, Fault>>| {
        let (at, number, tags) = game;
        let refuse = |(cause, message): Fault| Refusal {
            room: Some("MRG"),
            cause,
            first_line: line_of(at),
            line: None,
            number: Some(number.clone()),
            message,
        };
        let read = || -> Result<RoomHand, Fault> {
            let mut head = match head {
                Some(head) => head.clone()?,
                None => return fault(Cause::Game, "the file names no game"),
            };
            head.number = number.clone();
            let hand = read_game(merge, head, &tags)?;
            super::check_totals(&hand).map_err(|m| (Cause::Totals, m))?;
            Ok(hand)
        };
        hands.push(read().map_err(refuse));
    };
    for tag in tags(text) {
        let (at, name, attributes, _) = tag;
        match name {
            "description" => head = Some(description(attributes)),
            "game" => {
                if let Some(done) = game.take() {
                    finish(done, &head);
                }
                let number = attribute(attributes, "id").unwrap_or_default();
                game = Some((at, number, Vec::new()));
            }
            "/game" => {
                if let Some(done) = game.take() {
                    finish(done, &head);
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

fn read_game(
    merge: &'static super::Room,
    head: Header,
    tags: &[Tag<'_>],
) -> Result<RoomHand, Fault> {
    let mut r = Parts::new(merge, "en", head);
    let seat_of = |r: &Parts, text: Option<String>| -> Result<usize, Fault> {
        let seat: u32 = text.and_then(|s| s.parse().ok()).unwrap_or(u32::MAX);
        r.seats.iter().position(|s| s.0 == seat).map_or_else(
            || fault(Cause::Players, format!("seat {seat} has no player")),
            Ok,
        )
    };
    let mut street_in: Vec<i64> = Vec::new();
    let mut board: Vec<u8> = Vec::new();
    let mut rounds = 0;
    let mut round_start = 0;
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
                street_in.push(0);
            }
            "round" => {
                rounds += 1;
                round_start = r.events.len();
                let id = get("id").unwrap_or_default();
                if !matches!(id.as_str(), "BLINDS" | "PREFLOP") {
                    street_in.iter_mut().for_each(|x| *x = 0);
                }
                ended |= id == "END_OF_GAME";
            }
            "cards" => {
                let kind = get("type").unwrap_or_default();
                let dealt = cards(&get("cards").unwrap_or_default())?;
                if kind == "COMMUNITY" {
                    // The whole board so far: the cards not yet dealt are this street's.
                    let new: Vec<u8> = dealt.into_iter().filter(|c| !board.contains(c)).collect();
                    board.extend(&new);
                    // Written at the end of its round: dealt before the round's actions.
                    r.events
                        .insert(round_start.min(r.events.len()), Event::Board(new));
                } else if !dealt.is_empty() {
                    let i = seat_of(&r, get("player"))?;
                    r.dealt[i] = Some(dealt.clone());
                    r.shown[i] = Some(dealt);
                }
            }
            "event" => {
                let kind = get("type").unwrap_or_default();
                let post = match kind.as_str() {
                    "SMALL_BLIND" => Some(Post::Small),
                    "BIG_BLIND" | "INITIAL_BLIND" => Some(Post::Big),
                    "ANTE" => Some(Post::Ante),
                    _ => None,
                };
                let act = matches!(
                    kind.as_str(),
                    "FOLD" | "CHECK" | "CALL" | "BET" | "RAISE" | "ALL_IN"
                );
                if post.is_none() && !act {
                    continue; // shows, mucks, chat, returns
                }
                let i = seat_of(&r, get("player"))?;
                let sum = money(&get("amount").unwrap_or_default())?;
                let level = street_in.iter().copied().max().unwrap_or(0);
                if let Some(post) = post {
                    if post != Post::Ante {
                        street_in[i] += sum;
                    }
                    r.posts.push((post, i, sum));
                    continue;
                }
                street_in[i] += sum;
                let (verb, arg) = match kind.as_str() {
                    "FOLD" => (Verb::Fold, Arg::Nothing),
                    "BET" | "RAISE" | "ALL_IN" if street_in[i] > level => {
                        (Verb::BetRaise, Arg::Chips(street_in[i]))
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
    if rounds == 0 {
        return fault(Cause::NoSections, "the hand has no <round>");
    }
    if !ended {
        return fault(
            Cause::CutOff,
            "the hand is cut off before its END_OF_GAME round",
        );
    }
    assemble(r)
}
