//! One hand's record put together from what a layout's reader found: the players dealt
//! in and their order, the forced bets, the steps with players in PHH's order, the amounts
//! in the hand's chip unit. Every text layout's reader ends here.

use super::forced::{forced, order, Post};
use super::header::Header;
use super::money::{in_unit, places};
use super::record::{Cause, Note, RoomHand};
use super::table::{Deal, Room};
use super::words::{fault, known, Fault};
use crate::phh::{Arg, Step, Verb};

/// What the parser keeps of one line before the players' order is known: players are
/// seat-line indices, amounts units.
#[derive(Debug, Clone)]
pub enum Event {
    Deal(usize, Vec<Option<u8>>),
    Board(Vec<u8>),
    Act(usize, Verb, Arg),
}

/// What a reader found in one hand: players are seat-line indices, amounts units.
#[derive(Debug, Clone)]
pub struct Parts {
    pub room: &'static Room,
    pub language: &'static str,
    pub head: Header,
    pub table: String,
    pub max_seats: Option<u32>,
    pub button: Option<u32>,
    /// `(seat, name, stack, listed out of the hand)`.
    pub seats: Vec<(u32, String, i64, bool)>,
    pub posts: Vec<(Post, usize, i64)>,
    /// Whether each seat posted or acted (a seat listed out that does is dealt in).
    pub acting: Vec<bool>,
    pub dealt: Vec<Option<Vec<u8>>>,
    pub shown: Vec<Option<Vec<u8>>>,
    pub events: Vec<Event>,
    /// What each seat won, as the room wrote it.
    pub won: Vec<i64>,
    /// `(seat or usize::MAX for the runouts' count, cashed out, units)`.
    pub notes: Vec<(usize, bool, i64)>,
    pub total: Option<i64>,
    pub rake: Option<i64>,
    pub fees: Vec<(String, i64)>,
    pub bring_in: Option<i64>,
    /// A blind posted all-in, short of the stakes.
    pub short_blind: bool,
    /// What each seat put in, where the room states it (else empty).
    pub put: Vec<i64>,
}

impl Parts {
    /// A hand of `room`'s, written in `language`, with `head`'s game and stakes, before its
    /// reader has found anything else.
    pub fn new(room: &'static Room, language: &'static str, head: Header) -> Parts {
        Parts {
            room,
            language,
            head,
            table: String::new(),
            max_seats: None,
            button: None,
            seats: Vec::new(),
            posts: Vec::new(),
            acting: Vec::new(),
            dealt: Vec::new(),
            shown: Vec::new(),
            events: Vec::new(),
            won: Vec::new(),
            notes: Vec::new(),
            total: None,
            rake: None,
            fees: Vec::new(),
            bring_in: None,
            short_blind: false,
            put: Vec::new(),
        }
    }
}

/// The record of the hand `r` describes.
///
/// # Errors
/// The fault: the players dealt in are too few or too many, one acts without being dealt
/// in, the forced bets follow no rule.
pub fn assemble(mut r: Parts) -> Result<RoomHand, Fault> {
    let in_hand: Vec<(u32, bool)> = r
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| (s.0, !s.3 && s.2 > 0 || r.acting.get(i) == Some(&true)))
        .collect();
    let button = if r.head.deal == Deal::Stud {
        None
    } else {
        r.button
    };
    let order = order(&in_hand, button);
    let n = order.len();
    if !(2..=crate::MAX_PLAYERS).contains(&n) {
        return fault(
            Cause::Players,
            format!("{n} players are dealt in, not 2 to 10"),
        );
    }
    let mut place = vec![usize::MAX; r.seats.len()];
    for (p, &i) in order.iter().enumerate() {
        place[i] = p;
    }
    let player = |i: usize| -> Result<usize, Fault> {
        match place.get(i) {
            Some(&p) if p != usize::MAX => Ok(p),
            _ => fault(
                Cause::Players,
                format!("{} acts without being dealt in", r.seats[i].1),
            ),
        }
    };
    let posts: Vec<(Post, usize, i64)> = r
        .posts
        .iter()
        .map(|&(k, i, x)| Ok((k, player(i)?, x)))
        .collect::<Result<_, Fault>>()?;
    let fixed_level = r.head.betting == "fixed-limit" && r.head.tournament.is_some();
    if r.head.betting == "fixed-limit" && r.head.stakes.is_none() {
        // No stakes written (Bovada): the small bet is the big blind posted. (A text
        // layout's stud hand with no bet has none: another hand of its file at its ante and
        // bring-in gives them, see `rooms::unwritten_stakes`.)
        let big = posts.iter().find(|p| p.0 == Post::Big).map(|p| p.2);
        let text = r.room.format == super::table::Format::StarsText;
        match big {
            Some(big) => r.head.stakes = Some((big, 2 * big)),
            None if r.head.deal == Deal::Stud && text => {}
            None => return fault(Cause::Game, "a fixed-limit hand without its stakes"),
        }
    }
    let big = posts.iter().find(|p| p.0 == Post::Big).map(|p| p.2);
    if let (true, Some((small, level)), Some(big)) = (fixed_level, r.head.stakes, big) {
        // A tournament's level that names the blinds, not the bets (Bovada's "Fixed
        // Limit- Level 6 (75/150)": the big blind posts 150, the flop's bets are 150):
        // the small bet is the big blind posted.
        if big == level && small < level {
            r.head.stakes = Some((big, big.saturating_mul(2)));
        }
    }
    let fixed = (r.head.betting == "fixed-limit")
        .then(|| r.head.stakes.map(|s| s.0))
        .flatten();
    // A cash game's blinds are its stakes; a tournament's are as posted (GGPoker's first
    // line can name the level before), but for a blind posted all-in, short of the level.
    let stakes = if r.head.tournament.is_none() || r.short_blind {
        r.head.stakes
    } else {
        None
    };
    let forced = forced(&posts, n, stakes, fixed, r.head.deal != Deal::Stud)
        .map_err(|m| (Cause::Blinds, m))?;
    let mut steps = Vec::new();
    let mut step = |player: Option<usize>, verb: Verb, arg: Arg| {
        steps.push(Step {
            action: steps.len(),
            player,
            verb,
            arg,
        });
    };
    if r.head.deal != Deal::Stud {
        for &i in &order {
            let mut cards = known(
                r.dealt[i]
                    .as_deref()
                    .or(r.shown[i].as_deref())
                    .unwrap_or(&[]),
            );
            cards.resize(r.head.hole_count.max(cards.len()), None);
            step(Some(place[i]), Verb::DealHole, Arg::Cards(cards));
        }
    }
    for event in &r.events {
        match event {
            Event::Deal(i, cards) => {
                step(Some(player(*i)?), Verb::DealHole, Arg::Cards(cards.clone()))
            }
            Event::Board(cards) => step(None, Verb::DealBoard, Arg::Cards(known(cards))),
            Event::Act(i, verb, arg) => step(Some(player(*i)?), *verb, arg.clone()),
        }
    }
    let won = &r.won;
    let mut notes = Vec::new();
    for &(i, cashed, x) in &r.notes {
        if i == usize::MAX {
            notes.push(Note::Runouts(x as u32));
        } else if cashed {
            notes.push(Note::CashedOut {
                player: player(i)?,
                chips: x,
            });
        } else {
            notes.push(Note::Returned {
                player: player(i)?,
                chips: x,
            });
        }
    }
    for (i, seat) in r.seats.iter().enumerate() {
        if place[i] == usize::MAX {
            notes.push(Note::SittingOut {
                seat: seat.0,
                name: seat.1.clone(),
            });
        }
    }
    // A cap the hand writes, or the one its table's name gives (see `CAPPED_TABLES`).
    let cap =
        (r.head.cap).or_else(|| super::table::table_cap(r.room.code, &r.table, r.head.stakes));
    let stacks: Vec<i64> = order
        .iter()
        .map(|&i| cap.map_or(r.seats[i].2, |cap| r.seats[i].2.min(cap)))
        .collect();
    let winnings: Vec<i64> = order.iter().map(|&i| won[i]).collect();
    let mut all: Vec<i64> = stacks
        .iter()
        .chain(&winnings)
        .chain(&forced.antes)
        .chain(&forced.blinds)
        .copied()
        .collect();
    all.extend(forced.posts.iter().flat_map(|p| [p.1, p.2]));
    all.extend(r.total.iter().chain(&r.rake).chain(&r.bring_in));
    all.extend(r.fees.iter().map(|f| f.1));
    all.extend(r.head.stakes.iter().flat_map(|s| [s.0, s.1]));
    all.extend(steps.iter().filter_map(|s| match s.arg {
        Arg::Chips(x) => Some(x),
        _ => None,
    }));
    all.extend(notes.iter().filter_map(|n| match n {
        Note::Returned { chips, .. } | Note::CashedOut { chips, .. } => Some(*chips),
        _ => None,
    }));
    let p = places(all);
    let u = |x: i64| in_unit(x, p);
    for s in &mut steps {
        if let Arg::Chips(x) = &mut s.arg {
            *x = u(*x);
        }
    }
    for note in &mut notes {
        if let Note::Returned { chips, .. } | Note::CashedOut { chips, .. } = note {
            *chips = u(*chips);
        }
    }
    let map = |v: &[i64]| v.iter().map(|&x| u(x)).collect::<Vec<_>>();
    let currency = if r.head.tournament.is_some() {
        String::new()
    } else if r.head.currency.is_empty() {
        r.room.currency.to_string()
    } else {
        r.head.currency.clone()
    };
    Ok(RoomHand {
        room: r.room.code,
        language: r.language,
        number: r.head.number.clone(),
        table: r.table.clone(),
        tournament: r.head.tournament.clone(),
        time: r.head.time.clone(),
        game: r.head.game,
        betting: r.head.betting,
        code: r.head.code,
        game_text: r.head.game_text.clone(),
        hole_count: r.head.hole_count,
        currency,
        places: p,
        limits: fixed.and(r.head.stakes).map(|(a, b)| (u(a), u(b))),
        bring_in: r.bring_in.map(u),
        max_seats: r.max_seats,
        button,
        seats: order.iter().map(|&i| r.seats[i].0).collect(),
        players: order.iter().map(|&i| r.seats[i].1.clone()).collect(),
        stacks: map(&stacks),
        antes: map(&forced.antes),
        blinds: map(&forced.blinds),
        posts: forced
            .posts
            .iter()
            .map(|&(w, l, d)| (w, u(l), u(d)))
            .collect(),
        steps,
        winnings: map(&winnings),
        put: if r.put.is_empty() {
            Vec::new()
        } else {
            order.iter().map(|&i| u(r.put[i])).collect()
        },
        total_pot: r.total.map(u),
        rake: r.rake.map(u),
        fees: r
            .fees
            .iter()
            .map(|(name, x)| (name.clone(), u(*x)))
            .collect(),
        notes,
    })
}
