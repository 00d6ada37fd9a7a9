//! The hand database's import of a room's file: the hands the core's fast replay covers
//! (`pokerforge_core::rooms::replay`) given back as the rows' columns, the others as
//! `rooms_read` gives them (the game layer replays those), in the file's order.

use numpy::PyArray1;
use pokerforge_core::rooms::replay::replay;
use pokerforge_core::rooms::rows::Rows;
use pokerforge_core::rooms::tally::{tally, Counts, Hand, Record, COUNT_NAMES};
use pokerforge_core::rooms::{names_from_button, read_file_as};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyTuple};

use crate::rooms::{hand_dict, refusal_tuple};

fn ints<'py>(py: Python<'py>, values: Vec<i64>) -> Bound<'py, PyAny> {
    PyArray1::from_vec(py, values).into_any()
}

/// A nullable column of integers: `(values, mask)` (the mask true where there is none).
fn nullable<'py>(py: Python<'py>, cells: &[Option<i64>]) -> PyResult<Bound<'py, PyAny>> {
    let values: Vec<i64> = cells.iter().map(|c| c.unwrap_or(0)).collect();
    let mask: Vec<bool> = cells.iter().map(Option::is_none).collect();
    Ok((ints(py, values), PyArray1::from_vec(py, mask))
        .into_pyobject(py)?
        .into_any())
}

fn nullable_floats<'py>(py: Python<'py>, cells: &[Option<f64>]) -> PyResult<Bound<'py, PyAny>> {
    let values: Vec<f64> = cells.iter().map(|c| c.unwrap_or(0.0)).collect();
    let mask: Vec<bool> = cells.iter().map(Option::is_none).collect();
    Ok(
        (PyArray1::from_vec(py, values), PyArray1::from_vec(py, mask))
            .into_pyobject(py)?
            .into_any(),
    )
}

/// A column of texts taken from `pool` (one object per distinct text).
fn texts<'py>(py: Python<'py>, cells: &[&'static str]) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, cells.iter().map(|t| PyString::intern(py, t)))
}

fn hands_columns<'py>(py: Python<'py>, rows: &Rows) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("room", texts(py, &rows.room)?)?;
    d.set_item("hand", PyList::new(py, &rows.number)?)?;
    d.set_item("tournament", PyList::new(py, &rows.tournament)?)?;
    d.set_item("betting", texts(py, &rows.betting)?)?;
    d.set_item("currency_written", PyList::new(py, &rows.currency)?)?;
    d.set_item("limits", PyList::new(py, &rows.limits)?)?;
    d.set_item("small_blind", ints(py, rows.small_blind.clone()))?;
    d.set_item("big_blind", ints(py, rows.big_blind.clone()))?;
    d.set_item("ante", ints(py, vec![0; rows.len()]))?;
    d.set_item("bb", ints(py, rows.bb.clone()))?;
    let places: Vec<i64> = rows.places.iter().map(|&p| i64::from(p)).collect();
    d.set_item("places", ints(py, places))?;
    d.set_item("time_text", PyList::new(py, &rows.time)?)?;
    d.set_item("table_name", PyList::new(py, &rows.table)?)?;
    d.set_item("players", ints(py, rows.players.clone()))?;
    d.set_item("board", PyList::new(py, &rows.board)?)?;
    d.set_item("total_pot", nullable(py, &rows.total_pot)?)?;
    d.set_item("rake", ints(py, rows.rake.clone()))?;
    d.set_item("result_known", PyArray1::from_vec(py, rows.known.clone()))?;
    d.set_item("site_convention", PyList::new(py, &rows.convention)?)?;
    d.set_item("language", texts(py, &rows.language)?)?;
    Ok(d)
}

/// A column repeating each hand's object for its rows.
fn per_row<'py>(
    py: Python<'py>,
    objects: &[Bound<'py, PyAny>],
    hands: &[usize],
) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, hands.iter().map(|&h| &objects[h]))
}

fn players_columns<'py>(
    py: Python<'py>,
    rows: &Rows,
    rooms: &[Bound<'py, PyAny>],
    numbers: &[Bound<'py, PyAny>],
    names: &[Bound<'py, PyAny>],
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("room", per_row(py, rooms, &rows.p_hand)?)?;
    d.set_item("hand", per_row(py, numbers, &rows.p_hand)?)?;
    d.set_item("seat", ints(py, rows.p_seat.clone()))?;
    d.set_item("position", texts(py, &rows.p_position)?)?;
    d.set_item("player", per_row(py, names, &rows.p_name)?)?;
    d.set_item("stack", ints(py, rows.p_stack.clone()))?;
    d.set_item("cards", PyList::new(py, &rows.p_cards)?)?;
    for (k, name) in COUNT_NAMES.iter().enumerate() {
        let column: Vec<i64> = rows.p_counts.iter().map(|c: &Counts| c[k]).collect();
        d.set_item(*name, ints(py, column))?;
    }
    d.set_item("net", nullable(py, &rows.p_net)?)?;
    d.set_item("net_bb", nullable_floats(py, &rows.p_net_bb)?)?;
    Ok(d)
}

fn actions_columns<'py>(
    py: Python<'py>,
    rows: &Rows,
    rooms: &[Bound<'py, PyAny>],
    numbers: &[Bound<'py, PyAny>],
    names: &[Bound<'py, PyAny>],
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("room", per_row(py, rooms, &rows.a_hand)?)?;
    d.set_item("hand", per_row(py, numbers, &rows.a_hand)?)?;
    d.set_item("seq", ints(py, rows.a_seq.clone()))?;
    d.set_item("street", texts(py, &rows.a_street)?)?;
    d.set_item("seat", ints(py, rows.a_seat.clone()))?;
    d.set_item("player", per_row(py, names, &rows.a_name)?)?;
    d.set_item("action", texts(py, &rows.a_action)?)?;
    d.set_item("amount", nullable(py, &rows.a_amount)?)?;
    d.set_item("total", nullable(py, &rows.a_total)?)?;
    d.set_item("all_in", PyArray1::from_vec(py, rows.a_all_in.clone()))?;
    Ok(d)
}

fn allin_list<'py>(py: Python<'py>, rows: &Rows) -> PyResult<Bound<'py, PyList>> {
    let items = rows.allin.iter().map(|a| {
        let holes: Vec<Option<(u8, u8)>> = a.holes.iter().map(|h| h.map(|[x, y]| (x, y))).collect();
        let pots: Vec<(i64, Vec<usize>)> = a
            .pots
            .iter()
            .map(|p| (p.amount, p.eligible.clone()))
            .collect();
        (
            a.hand,
            a.first_row,
            a.folded.clone(),
            holes,
            a.board.clone(),
            pots,
            a.payouts.clone(),
            a.net.clone(),
        )
            .into_pyobject(py)
    });
    let items: Vec<Bound<'py, PyTuple>> = items.collect::<PyResult<_>>()?;
    PyList::new(py, items)
}

fn fast_columns<'py>(py: Python<'py>, rows: &Rows) -> PyResult<Bound<'py, PyDict>> {
    let rooms: Vec<Bound<'py, PyAny>> = rows
        .room
        .iter()
        .map(|r| PyString::intern(py, r).into_any())
        .collect();
    let numbers: Vec<Bound<'py, PyAny>> = rows
        .number
        .iter()
        .map(|n| PyString::new(py, n).into_any())
        .collect();
    let names: Vec<Bound<'py, PyAny>> = rows
        .names
        .iter()
        .map(|n| PyString::new(py, n).into_any())
        .collect();
    let d = PyDict::new(py);
    let hands = hands_columns(py, rows)?;
    hands.set_item("hand", PyList::new(py, &numbers)?)?;
    d.set_item("hands", hands)?;
    d.set_item(
        "players",
        players_columns(py, rows, &rooms, &numbers, &names)?,
    )?;
    d.set_item(
        "actions",
        actions_columns(py, rows, &rooms, &numbers, &names)?,
    )?;
    d.set_item("player_rows", ints(py, rows.player_rows.clone()))?;
    d.set_item("action_rows", ints(py, rows.action_rows.clone()))?;
    d.set_item("allin", allin_list(py, rows)?)?;
    Ok(d)
}

/// A file read for the import.
type Imported<'py> = (
    Option<&'static str>,
    Option<&'static str>,
    Vec<Bound<'py, PyTuple>>,
    Bound<'py, PyDict>,
);

/// The hands of one history file's bytes for the hand database: `(room code or None,
/// client language or None, entries, columns)`. Each entry is, in the file's order,
/// `(None, k)` for the `k`-th hand the core replayed itself (its rows in `columns`:
/// `hands`, `players`, `actions` as dicts of columns, `player_rows` and `action_rows`
/// each hand's count of rows, `allin` the hands whose results the importer adjusts for
/// all-ins), else as `rooms_read` gives it.
///
/// # Errors
/// `ValueError` naming a `room` that is no code of the table.
#[pyfunction]
#[pyo3(signature = (data, room=None))]
pub fn rooms_import<'py>(
    py: Python<'py>,
    data: &Bound<'py, PyBytes>,
    room: Option<&str>,
) -> PyResult<Imported<'py>> {
    let forced = crate::rooms::forced_room(room)?;
    let bytes = data.as_bytes();
    let (file, replayed, rows) = py.detach(|| {
        let file = read_file_as(bytes, forced);
        let mut rows = Rows::default();
        let mut replayed = Vec::with_capacity(file.hands.len());
        for hand in &file.hands {
            let fast = hand.as_ref().ok().and_then(|h| replay(h).map(|r| (h, r)));
            replayed.push(fast.map(|(h, r)| {
                rows.push(h, &r);
                rows.len() - 1
            }));
        }
        (file, replayed, rows)
    });
    let mut entries = Vec::with_capacity(file.hands.len());
    for (hand, fast) in file.hands.iter().zip(replayed) {
        let item = match (hand, fast) {
            (_, Some(k)) => (None::<bool>, k).into_pyobject(py)?,
            (Ok(hand), None) => (Some(true), hand_dict(py, hand)?.into_any()).into_pyobject(py)?,
            (Err(r), None) => (Some(false), refusal_tuple(py, r)?.into_any()).into_pyobject(py)?,
        };
        entries.push(item);
    }
    let detected = file.detected;
    Ok((
        detected.map(|d| d.room.code),
        detected.map(|d| d.language),
        entries,
        fast_columns(py, &rows)?,
    ))
}

/// The position names of `n` seats (2 to 10) clockwise from the button's (empty for any
/// other `n`).
#[pyfunction]
pub fn position_names_from_button(n: usize) -> Vec<&'static str> {
    names_from_button(n).to_vec()
}

/// The names of the counts kept per player and hand, in order.
#[pyfunction]
pub fn count_names() -> Vec<&'static str> {
    COUNT_NAMES.to_vec()
}

/// Each seat's counts, and the board when the betting ended (see [`tally_counts`]).
type Tallied = (Vec<Vec<i64>>, Option<Vec<u8>>);

/// One record of a hand's history for [`tally_counts`]: `(code, seat, cards)`.
type Item = (u8, usize, Vec<u8>);

/// Each seat's counts of one hand (in the order of `count_names()`) and the board when
/// its betting ended where cards came after, from its records `(code, seat, cards)`:
/// codes 0 board cards, 1 a board card before the first round, 2 a runout's board, 3
/// cards dealt to a player or drawn, 4 a check, 5 a bring-in, 6 a blind, 7 a fold, 8 a
/// call, 9 a bet, 10 a raise.
///
/// # Errors
/// `ValueError` for a code not listed, or lists of other lengths than `positions`.
#[pyfunction]
pub fn tally_counts(
    records: Vec<Item>,
    positions: Vec<String>,
    folded: Vec<bool>,
    won: Vec<bool>,
    showdown: bool,
    known: bool,
) -> PyResult<Tallied> {
    let n = positions.len();
    if folded.len() != n || won.len() != n {
        return Err(PyValueError::new_err(format!(
            "{n} positions but {} folded flags and {} won flags: one of each per seat",
            folded.len(),
            won.len()
        )));
    }
    let mut out = Vec::with_capacity(records.len());
    for (code, seat, cards) in &records {
        out.push(match code {
            0 | 1 => Record::Board {
                preflop: *code == 1,
                cards,
            },
            2 => Record::Runout { cards },
            3 => Record::Deal,
            4 => Record::Check(*seat),
            5 => Record::BringIn,
            6 => Record::Blind,
            7 => Record::Fold(*seat),
            8 => Record::Call(*seat),
            9 => Record::Bet(*seat),
            10 => Record::Raise(*seat),
            _ => {
                return Err(PyValueError::new_err(format!(
                    "{code} is no record code: 0 to 10"
                )))
            }
        });
    }
    let names: Vec<&str> = positions.iter().map(String::as_str).collect();
    let (counts, board) = tally(&Hand {
        records: &out,
        positions: &names,
        folded: &folded,
        won: &won,
        showdown,
        known,
    });
    Ok((counts.iter().map(|c| c.to_vec()).collect(), board))
}
