//! A room's hand made ready for its replay in the core: the fields the PHH reader reads
//! (the amounts, the forced bets, the actions) written from the hand as the room's reader
//! gave it, exactly as `pokerforge.histories.rooms.phh_doc` writes them, then read by the
//! same reader (`read_steps`). Going through Python's decimals and back (`phh_read` on
//! that document) cost more than reading the whole file.

use pokerforge_core::phh::{read_steps, Value};
use pokerforge_core::rooms::{phh_winnings, RoomHand};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::phh::{problem, reading};

/// The most decimal places Python writes a decimal with in fixed form (`str(Decimal)`
/// writes finer amounts with an exponent, which the reader takes otherwise): a hand of
/// finer chips is read from its document instead.
const FIXED_PLACES: u32 = 6;

/// A field's value, owned, as the document would hold it.
enum Cell {
    Int(String),
    Decimal(String),
    Str(String),
    List(Vec<Cell>),
}

fn view(cell: &Cell) -> Value<'_> {
    match cell {
        Cell::Int(text) => Value::Int(text),
        Cell::Decimal(text) => Value::Decimal(text),
        Cell::Str(text) => Value::Str(text),
        Cell::List(items) => Value::Array(items.iter().map(view).collect()),
    }
}

/// `chips` in the hand's money as the document writes it: an int for whole chips, else a
/// decimal of exactly `places` places (`Decimal(8240).scaleb(-2)` is `82.40`).
fn money(chips: i64, places: u32) -> Cell {
    if places == 0 {
        return Cell::Int(chips.to_string());
    }
    let scale = 10u64.pow(places);
    let sign = if chips < 0 { "-" } else { "" };
    let size = chips.unsigned_abs();
    Cell::Decimal(format!(
        "{sign}{}.{:0width$}",
        size / scale,
        size % scale,
        width = places as usize
    ))
}

fn amounts(chips: &[i64], places: u32) -> Cell {
    Cell::List(chips.iter().map(|&x| money(x, places)).collect())
}

/// The starting stacks, TOML's infinity for a stack the file does not write (PHH's `inf`).
fn stacks(hand: &RoomHand, places: u32) -> Cell {
    let cell = |s: Option<i64>| s.map_or_else(|| Cell::Decimal("inf".into()), |x| money(x, places));
    Cell::List(hand.stacks_written().into_iter().map(cell).collect())
}

/// The fields of `hand` the PHH reader reads, as `phh_doc` writes them; `None` for a hand
/// of no PHH variant (never replayed) or of chips finer than [`FIXED_PLACES`].
fn fields(hand: &RoomHand) -> Option<Vec<(&'static str, Cell)>> {
    let code = hand.code?;
    let places = hand.places;
    if places > FIXED_PLACES {
        return None;
    }
    let mut out = vec![
        ("variant", Cell::Str(code.to_string())),
        ("antes", amounts(&hand.antes, places)),
        ("blinds_or_straddles", amounts(&hand.blinds, places)),
        ("starting_stacks", stacks(hand, places)),
    ];
    let winnings = phh_winnings(hand).unwrap_or_else(|_| hand.winnings.clone());
    out.push(("winnings", amounts(&winnings, places)));
    if let Some((small, big)) = hand.limits {
        out.push(("small_bet", money(small, places)));
        out.push(("big_bet", money(big, places)));
    }
    if let Some(bring_in) = hand.bring_in {
        out.push(("bring_in", money(bring_in, places)));
    }
    if hand.limits.is_none() {
        // The big blind as the minimum bet, as `phh_doc` takes it: the second blind where
        // a third follows it (a straddle), else the largest.
        let blinds = &hand.blinds;
        let big = if blinds.len() > 2 && blinds[1] != 0 {
            blinds[1]
        } else {
            blinds.iter().copied().max().unwrap_or(0)
        };
        if big != 0 {
            out.push(("min_bet", money(big, places)));
        }
    }
    if !hand.posts.is_empty() {
        let posts = hand.posts.iter().map(|&(p, live, dead)| {
            Cell::List(vec![
                Cell::Int((p + 1).to_string()),
                money(live, places),
                money(dead, places),
            ])
        });
        out.push(("_posts", Cell::List(posts.collect())));
    }
    let actions = hand.phh_actions().into_iter().map(Cell::Str);
    out.push(("actions", Cell::List(actions.collect())));
    Some(out)
}

/// What the replay reads of `hand`, as `phh_read` gives it for the hand's document:
/// `(reading, None)` or `(None, problem)`; `None` where the hand is read from its
/// document instead (see [`fields`]).
///
/// # Errors
/// A Python object that cannot be made (memory).
pub fn room_reading<'py>(
    py: Python<'py>,
    hand: &RoomHand,
) -> PyResult<Option<Bound<'py, PyTuple>>> {
    let Some(cells) = fields(hand) else {
        return Ok(None);
    };
    let views: Vec<(&str, Value<'_>)> = cells.iter().map(|(k, v)| (*k, view(v))).collect();
    let pair = match read_steps(&views) {
        Ok(read) => (Some(reading(py, &read)?), None),
        Err(wrong) => (None, Some(problem(py, &wrong)?)),
    };
    Ok(Some(pair.into_pyobject(py)?))
}
