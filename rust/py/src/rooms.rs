//! The core's readers of every room's hand histories for `pokerforge.histories`: a file's
//! bytes read without the GIL, each hand given back as a dict of PHH fields (amounts in
//! chips of the hand's `places` decimal places) or as the refusal that names its cause.

use pokerforge_core::rooms::{
    phh_winnings, read_file_as, room as room_row, Note, Refusal, RoomHand,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyTuple};

use crate::rooms_reading::room_reading;

pub(crate) fn hand_dict<'py>(py: Python<'py>, hand: &RoomHand) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("variant", hand.code)?;
    d.set_item("game", hand.game)?;
    d.set_item("betting", hand.betting)?;
    d.set_item("game_text", &hand.game_text)?;
    d.set_item("hole_count", hand.hole_count)?;
    d.set_item("places", hand.places)?;
    d.set_item("antes", &hand.antes)?;
    d.set_item("blinds_or_straddles", &hand.blinds)?;
    d.set_item("starting_stacks", hand.stacks_written())?;
    d.set_item("actions", hand.phh_actions())?;
    d.set_item("players", &hand.players)?;
    d.set_item("seats", &hand.seats)?;
    // PHH's winnings (collected after rake, uncalled bets not), and the room's as written.
    let winnings = phh_winnings(hand).unwrap_or_else(|_| hand.winnings.clone());
    d.set_item("winnings", winnings)?;
    d.set_item("room_winnings", &hand.winnings)?;
    if !hand.put.is_empty() {
        d.set_item("put_in", &hand.put)?;
    }
    d.set_item("hand", &hand.number)?;
    d.set_item("table", &hand.table)?;
    d.set_item("venue", hand.room)?;
    d.set_item("language", hand.language)?;
    d.set_item("time", &hand.time)?;
    d.set_item("currency", &hand.currency)?;
    d.set_item("tournament", &hand.tournament)?;
    d.set_item("max_seats", hand.max_seats)?;
    d.set_item("total_pot", hand.total_pot)?;
    d.set_item("rake", hand.rake)?;
    d.set_item("fees", &hand.fees)?;
    d.set_item("bring_in", hand.bring_in)?;
    if let Some((small, big)) = hand.limits {
        d.set_item("small_bet", small)?;
        d.set_item("big_bet", big)?;
    }
    if !hand.posts.is_empty() {
        let posts: Vec<(usize, i64, i64)> = hand
            .posts
            .iter()
            .map(|&(p, live, dead)| (p + 1, live, dead))
            .collect();
        d.set_item("_posts", posts)?;
    }
    let notes: Vec<(&str, Option<usize>, i64)> = hand
        .notes
        .iter()
        .map(|note| match note {
            Note::Returned { player, chips } => ("returned", Some(*player), *chips),
            Note::CashedOut { player, chips } => ("cashed out", Some(*player), *chips),
            Note::Runouts(n) => ("runouts", None, i64::from(*n)),
            Note::SittingOut { seat, .. } => ("sitting out", None, i64::from(*seat)),
            Note::AllInProtected { player, stack } => ("all-in protected", Some(*player), *stack),
            Note::Added { player, chips } => ("added", Some(*player), *chips),
            Note::Unwritten { chips } => ("unwritten fee", None, *chips),
            Note::Joined { player, seat } => ("joined", Some(*player), i64::from(*seat)),
        })
        .collect();
    d.set_item("notes", notes)?;
    // What the replay reads of the hand, read here at once (see `rooms_reading`).
    d.set_item("reading", room_reading(py, hand)?)?;
    Ok(d)
}

pub(crate) fn refusal_tuple<'py>(py: Python<'py>, r: &Refusal) -> PyResult<Bound<'py, PyTuple>> {
    (
        r.cause.name(),
        r.first_line,
        r.line,
        r.number.as_deref(),
        r.to_string(),
    )
        .into_pyobject(py)
}

/// A file read: its room, its client's language and its hands.
type FileHands<'py> = (
    Option<&'static str>,
    Option<&'static str>,
    Vec<Bound<'py, PyTuple>>,
);

/// The hands of one history file's bytes: `(room code or None, client language or None,
/// [(True, fields) or (False, (cause, first line, line, number, message)), ...])`, the
/// fields' `reading` what the replay reads of the hand (`(reading, None)` or `(None,
/// problem)`, as `phh_read` gives them for the hand's PHH fields; `None` where the
/// replay reads those fields itself); with
/// `room` (a code of the core's table) every hand is read by that room's row.
///
/// # Errors
/// `ValueError` naming a `room` that is no code of the table.
#[pyfunction]
#[pyo3(signature = (data, room=None))]
pub fn rooms_read<'py>(
    py: Python<'py>,
    data: &Bound<'py, PyBytes>,
    room: Option<&str>,
) -> PyResult<FileHands<'py>> {
    let forced = forced_room(room)?;
    let bytes = data.as_bytes();
    let file = py.detach(|| read_file_as(bytes, forced));
    let mut hands = Vec::with_capacity(file.hands.len());
    for hand in &file.hands {
        let item = match hand {
            Ok(hand) => (true, hand_dict(py, hand)?.into_any()).into_pyobject(py)?,
            Err(r) => (false, refusal_tuple(py, r)?.into_any()).into_pyobject(py)?,
        };
        hands.push(item);
    }
    let detected = file.detected;
    Ok((
        detected.map(|d| d.room.code),
        detected.map(|d| d.language),
        hands,
    ))
}

/// The room a caller forces by its code (`None`: each file's own).
///
/// # Errors
/// `ValueError` naming a `room` that is no code of the core's table.
pub(crate) fn forced_room(
    room: Option<&str>,
) -> PyResult<Option<&'static pokerforge_core::rooms::Room>> {
    room.map(|code| {
        room_row(code).ok_or_else(|| {
            PyValueError::new_err(format!("{code:?} is no room code the readers know"))
        })
    })
    .transpose()
}
