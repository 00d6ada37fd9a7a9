//! Reading the declared hand state, `pokerforge.game.HandState`: its layout checked once per
//! class, its fields read through their slot descriptors, each table's log of actions kept
//! up with the state's own log.
//!
//! The state declares its layout (`HandState.VERSION`, `HandState.FIELDS`) and the record
//! classes of its log that matter to the betting (`HandState.LOG_KINDS`); the encoder reads
//! the layout it knows ([`FIELDS`]) and refuses any other, so a renamed or moved field is an
//! error naming the difference, never a silent slow path.

use pokerforge_core::obs::layout::MAX_STREETS;
use pokerforge_core::obs::{ActionKind, Deal, Dealt, Entry, HandLog, Legal, TableState, MAX_DRAWS};
use pokerforge_core::{Card, CardSet, MAX_PLAYERS};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple, PyType};
use pyo3::{ffi, intern, Borrowed};

use super::game::{Game, NONE};
use crate::errors::{to_py, InvalidSpecError};
use crate::input::seq::{
    card_list, cards_of, chips_of, each_item, index_of, read_seq, setting, Plain, LAST_SEAT,
};

/// The layout version of `HandState` that [`FIELDS`] describes.
pub const VERSION: i64 = 4;

/// `HandState.FIELDS` of layout [`VERSION`], in order: the fields are read by these
/// positions.
#[rustfmt::skip]
pub const FIELDS: [&str; 35] = [
    "button", "big_blind", "unit", "starts", "holes", "street", "board", "actor", "showing",
    "legal", "stacks", "bets", "contributions", "dead", "folded", "over", "log",
    // Layout 2: each seat's up cards.
    "up",
    // Layout 3: the seat to draw and the cards drawn per seat and drawing round.
    "drawing", "draws",
    // Layout 4: the betting's bookkeeping, declared with the rest so that a copy or a
    // snapshot is the declared state; the encoder reads `legal`, which it decides.
    "faced", "reach", "reach_top", "live", "active", "level", "full_level", "min_inc", "raises",
    "cap", "pl_extra", "aggressor", "no_raise", "bring_in", "alt_inc",
];
const BUTTON: usize = 0;
const BIG_BLIND: usize = 1;
const UNIT: usize = 2;
const STARTS: usize = 3;
const HOLES: usize = 4;
const STREET: usize = 5;
const BOARD: usize = 6;
const ACTOR: usize = 7;
const SHOWING: usize = 8;
const LEGAL: usize = 9;
const STACKS: usize = 10;
const BETS: usize = 11;
const FOLDED: usize = 14;
const OVER: usize = 15;
const LOG: usize = 16;
const UP: usize = 17;
const DRAWING: usize = 18;
const DRAWS: usize = 19;

/// The log's record classes the encoder follows, in the order `HandState.LOG_KINDS` gives
/// them: the betting, `Fold(seat)`, `Check(seat)`, `Call(seat, amount, all_in)`, `Bet(seat,
/// to, amount, all_in)`, `Raise(seat, to, amount, all_in, full)`, `BringIn(seat, amount,
/// all_in)`; then the dealing and drawing between betting rounds, `DealBoard`, `DealUp`,
/// `DealHole`, `Discard`, `StandPat`: the first of these after a betting action opens the
/// next street, whatever the game (its row says what each street deals).
const KINDS: usize = 11;
const KIND_FOLD: usize = 0;
const KIND_CHECK: usize = 1;
const KIND_CALL: usize = 2;
const KIND_BET: usize = 3;
const KIND_RAISE: usize = 4;
const KIND_BRING_IN: usize = 5;
/// The first of the dealing and drawing kinds.
const KIND_DEALING: usize = 6;
const KIND_DEAL_BOARD: usize = 6;
const KIND_DEAL_UP: usize = 7;
const KIND_DEAL_HOLE: usize = 8;
const KIND_DISCARD: usize = 9;

/// The street a table's log has reached: the street of its next betting action, and
/// whether a betting action has come since the street opened (so that the next dealing
/// or drawing record opens another).
#[derive(Debug, Clone, Copy, Default)]
pub struct Cursor {
    street: u8,
    bet: bool,
}

/// The readers of one `HandState` class: its slot descriptors in [`FIELDS`] order and its
/// log's record classes, looked up and checked once.
///
/// Only data descriptors (a `__slots__` member is one) are taken: `getattr` calls a data
/// descriptor found on the class before anything else, so calling it directly gives
/// exactly what `getattr` gives, without the search of the class's MRO.
#[derive(Debug)]
pub struct Reader {
    class: Py<PyType>,
    getters: Vec<(Py<PyAny>, ffi::descrgetfunc)>,
    kinds: Vec<Py<PyType>>,
}

impl Reader {
    /// The reader of `state`'s class, after checking that the class declares the layout
    /// this encoder knows.
    pub fn of(state: &Bound<'_, PyAny>) -> PyResult<Reader> {
        let py = state.py();
        let class = state.get_type();
        let wrong = |why: String| {
            InvalidSpecError::new_err(format!(
                "{} is not a hand state this encoder can read: {why}",
                class.name().map_or_else(|_| "?".into(), |n| n.to_string())
            ))
        };
        let version: i64 = class
            .getattr(intern!(py, "VERSION"))
            .and_then(|v| v.extract())
            .map_err(|_| wrong("it declares no layout VERSION".into()))?;
        if version != VERSION {
            return Err(wrong(format!(
                "its layout version is {version}, the encoder reads version {VERSION}"
            )));
        }
        let fields: Vec<String> = class
            .getattr(intern!(py, "FIELDS"))
            .and_then(|f| f.extract())
            .map_err(|_| wrong("it declares no FIELDS".into()))?;
        if fields != FIELDS {
            return Err(wrong(format!(
                "its FIELDS are {fields:?}, layout {VERSION} declares {FIELDS:?}"
            )));
        }
        let mut getters = Vec::with_capacity(FIELDS.len());
        for name in FIELDS {
            let descr = class.getattr(name)?;
            let kind = descr.get_type().as_type_ptr();
            // SAFETY: `kind` is a live type object (the descriptor holds it) and the GIL is
            // held; `PyType_GetSlot` only reads the type's slot table.
            let (get, set) = unsafe {
                (
                    ffi::PyType_GetSlot(kind, ffi::Py_tp_descr_get),
                    ffi::PyType_GetSlot(kind, ffi::Py_tp_descr_set),
                )
            };
            if get.is_null() || set.is_null() {
                return Err(wrong(format!("its field {name} is not a slot")));
            }
            // SAFETY: the `Py_tp_descr_get` slot holds a `descrgetfunc`.
            let get: ffi::descrgetfunc = unsafe { std::mem::transmute(get) };
            getters.push((descr.unbind(), get));
        }
        let kinds: Vec<Py<PyType>> = class
            .getattr(intern!(py, "LOG_KINDS"))
            .and_then(|k| k.extract::<Vec<Bound<'_, PyType>>>())
            .map_err(|_| wrong("it declares no LOG_KINDS classes".into()))?
            .into_iter()
            .map(Bound::unbind)
            .collect();
        if kinds.len() != KINDS {
            return Err(wrong(format!(
                "it declares {} LOG_KINDS, layout {VERSION} has {KINDS}",
                kinds.len()
            )));
        }
        Ok(Reader {
            class: class.unbind(),
            getters,
            kinds,
        })
    }

    /// Whether this reader serves `state` (an instance of exactly its class).
    pub fn serves(&self, state: &Bound<'_, PyAny>) -> bool {
        state.get_type_ptr() == self.class.as_ptr().cast()
    }

    /// Field `field` of `state`, an instance of exactly this class (see [`Self::serves`]).
    fn get<'py>(&self, state: &Bound<'py, PyAny>, field: usize) -> PyResult<Bound<'py, PyAny>> {
        let (descr, get) = &self.getters[field];
        // SAFETY: the GIL is held and all three objects are live; `get` is the descriptor
        // type's own `__get__`, which checks the instance's type and returns a new
        // reference, or NULL with an exception set (e.g. an unset slot).
        unsafe {
            let value = get(descr.as_ptr(), state.as_ptr(), self.class.as_ptr());
            Bound::from_owned_ptr_or_err(state.py(), value)
        }
    }

    /// Whether the hand is over (field `over`).
    pub fn over(&self, state: &Bound<'_, PyAny>) -> PyResult<bool> {
        let over = self.get(state, OVER)?;
        // SAFETY: only the pointers are compared (the engine writes a bool).
        match unsafe { bool::plain(over.as_ptr()) } {
            Some(over) => Ok(over),
            None => over.is_truthy(),
        }
    }

    /// The state's log: what happened after the deal, one record each (it grows with
    /// every action).
    pub fn records<'py>(&self, state: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
        Ok(self.get(state, LOG)?.cast_into::<PyList>()?)
    }

    /// The seats' chips behind, into `out`; returns how many seats.
    pub fn stacks(
        &self,
        state: &Bound<'_, PyAny>,
        out: &mut [i64; MAX_PLAYERS],
    ) -> PyResult<usize> {
        read_seq(&self.get(state, STACKS)?, "stacks", out)
    }

    /// The board cards turned up.
    /// The board in the order it was dealt (what an information-set key needs).
    pub fn board_dealt(&self, state: &Bound<'_, PyAny>) -> PyResult<Vec<Card>> {
        card_list(&self.get(state, BOARD)?, "board")
    }

    /// The state as the layout encodes it, for a game read as `game` says; the seat to
    /// act is the seat to bet, to draw or, at an asked showdown, to show or muck (then
    /// the street is over), and nobody once the hand is over.
    pub fn row(&self, state: &Bound<'_, PyAny>, game: &Game) -> PyResult<Row> {
        let seat = |field| -> PyResult<Option<usize>> {
            let value = self.get(state, field)?;
            // SAFETY: the GIL is held and `value` is alive; no Python code runs.
            match unsafe { i64::plain(value.as_ptr()) } {
                Some(-1) => Ok(None),
                Some(seat) if (0..=LAST_SEAT as i64).contains(&seat) => Ok(Some(seat as usize)),
                _ => index_of(
                    &value,
                    FIELDS[field],
                    LAST_SEAT,
                    "a seat of the table, or -1",
                )
                .map(Some),
            }
        };
        let betting = seat(ACTOR)?;
        let drawing = match betting {
            None if game.draws > 0 => seat(DRAWING)?,
            _ => None,
        };
        let actor = match betting.or(drawing) {
            Some(seat) => Some(seat),
            None => seat(SHOWING)?,
        };
        let street = if betting.or(drawing).is_some() {
            let value = self.get(state, STREET)?;
            let known = |i: usize| game.streets.get(i).is_some_and(|&s| s != NONE);
            let expected = "a street of the game";
            usize::from(
                game.streets[index_of(&value, "street", 31, expected)
                    .ok()
                    .filter(|&i| known(i))
                    .ok_or_else(|| setting("street", value.to_string(), expected))?],
            )
        } else {
            game.count
        };
        let mut row = Row {
            street,
            board: CardSet::EMPTY,
            stacks: [0; MAX_PLAYERS],
            bets: [0; MAX_PLAYERS],
            folded: [false; MAX_PLAYERS],
            lens: [0; 3],
            actor,
            betting,
            drawing,
            legal: Legal::default(),
            cards: None,
        };
        if betting.is_some() {
            row.legal = legal_of(&self.get(state, LEGAL)?)?;
        }
        let board = self.get(state, BOARD)?;
        // Pre-flop (most steps) no board card is up: nothing to read.
        if !board.cast::<PyTuple>().is_ok_and(|b| b.is_empty()) {
            row.board = cards_of(&board, "board")?;
        }
        row.lens = [
            read_seq(&self.get(state, STACKS)?, "stacks", &mut row.stacks)?,
            read_seq(&self.get(state, BETS)?, "bets", &mut row.bets)?,
            read_seq(&self.get(state, FOLDED)?, "folded", &mut row.folded)?,
        ];
        if game.cards_change || game.up || game.draws > 0 {
            row.cards = Some(Box::new(self.cards(state, game)?));
        }
        Ok(row)
    }

    /// The cards of a game whose cards change after the deal: each seat's now, its up
    /// cards, its draws (each read where the game has them).
    fn cards(&self, state: &Bound<'_, PyAny>, game: &Game) -> PyResult<Cards> {
        let mut cards = Cards {
            lens: [0; 3],
            holes: [CardSet::EMPTY; MAX_PLAYERS],
            up: [CardSet::EMPTY; MAX_PLAYERS],
            draws: [[-1; MAX_DRAWS]; MAX_PLAYERS],
        };
        if game.cards_change {
            cards.lens[0] = card_sets(&self.get(state, HOLES)?, "holes", &mut cards.holes)?;
        }
        if game.up {
            cards.lens[1] = card_sets(&self.get(state, UP)?, "up", &mut cards.up)?;
        }
        if game.draws > 0 {
            cards.lens[2] = each_item(&self.get(state, DRAWS)?, |i, rounds| {
                let seat = cards.draws.get_mut(i).ok_or_else(|| {
                    setting("draws", "more entries than seats", "one entry per seat")
                })?;
                each_item(rounds, |r, count| {
                    let slot = seat.get_mut(r).filter(|_| r < game.draws).ok_or_else(|| {
                        setting("draws", "more rounds than the game's", "a count per round")
                    })?;
                    *slot = index_of(count, "draws", 52, "a number of cards")? as i8;
                    Ok(())
                })?;
                Ok(())
            })?;
        }
        Ok(cards)
    }

    /// A new log for the hand of `state`: its button, blinds, starting stacks and hole
    /// cards, no action yet (into `log` when there is one, keeping its memory). Returns
    /// the chips the seats started with.
    pub fn start(&self, state: &Bound<'_, PyAny>, log: &mut Option<HandLog>) -> PyResult<i64> {
        let button = index_of(
            &self.get(state, BUTTON)?,
            "button",
            LAST_SEAT,
            "a seat of the table",
        )?;
        let big_blind = chips_of(&self.get(state, BIG_BLIND)?, "big_blind")?;
        let unit = chips_of(&self.get(state, UNIT)?, "unit")?;
        let mut starts = [0i64; MAX_PLAYERS];
        let n = read_seq(&self.get(state, STARTS)?, "starts", &mut starts)?;
        let mut holes = [CardSet::EMPTY; MAX_PLAYERS];
        let dealt = each_item(&self.get(state, HOLES)?, |i, hole| {
            if i >= MAX_PLAYERS {
                return Err(setting(
                    "holes",
                    "more entries than seats",
                    "one entry per seat",
                ));
            }
            holes[i] = cards_of(hole, "hole cards")?;
            Ok(())
        })?;
        let (starts, holes) = (&starts[..n], &holes[..dealt]);
        match log.as_mut() {
            Some(log) => log.restart(button, big_blind, unit, starts, holes),
            None => HandLog::new(button, big_blind, unit, starts.to_vec(), holes.to_vec())
                .map(|new| *log = Some(new)),
        }
        .map_err(to_py)?;
        // The log took each start as at most `MAX_CHIPS`: ten of them sum far inside i64.
        Ok(starts.iter().sum())
    }

    /// Appends to `log` the betting actions among `records[from..]`, a state's log
    /// (`at`: the street reached, moved on by the first dealing or drawing record after a
    /// betting action); returns the log's length.
    pub fn follow(
        &self,
        records: &Bound<'_, PyList>,
        from: usize,
        at: &mut Cursor,
        log: &mut HandLog,
    ) -> PyResult<usize> {
        let len = records.len();
        for i in from..len {
            // SAFETY: `i` is below the length just read and the GIL is held; the record is
            // borrowed from the list, which the caller holds, and no Python code runs in
            // this loop (the reads below call none), so the list cannot change under it.
            let record = unsafe {
                let item = ffi::PyList_GetItem(records.as_ptr(), i as ffi::Py_ssize_t);
                Borrowed::from_ptr(records.py(), item)
            };
            // The class by its pointer: no reference taken for each record and kind.
            let class = record.get_type_ptr();
            let Some(kind) = self.kinds.iter().position(|k| k.as_ptr().cast() == class) else {
                continue; // forced bets, returned bets, the showdown: no betting decision
            };
            if kind >= KIND_DEALING {
                if at.bet {
                    at.street += 1;
                    at.bet = false;
                }
                if kind != KIND_DEAL_BOARD {
                    // The board is read from the state; the players' cards from here.
                    log.deal(deal_of(kind, &record, at.street)?)
                        .map_err(to_py)?;
                }
                continue;
            }
            at.bet = true;
            // The classes' fields by position, as pokerforge.game.actions declares them.
            let fields = record.cast::<PyTuple>()?;
            let int =
                |i: usize| -> PyResult<i64> { chips_of(&*fields.get_borrowed_item(i)?, "record") };
            let flag = |i: usize| -> PyResult<bool> { fields.get_borrowed_item(i)?.is_truthy() };
            let (kind, amount, all_in) = match kind {
                KIND_FOLD => (ActionKind::Fold, 0, false),
                KIND_CHECK => (ActionKind::Check, 0, false),
                KIND_CALL => (ActionKind::Call, int(1)?, flag(2)?),
                KIND_BET | KIND_RAISE => (ActionKind::Raise, int(1)?, flag(3)?),
                // The bring-in opens the betting: a bet of its amount (rule 37).
                KIND_BRING_IN => (ActionKind::Raise, int(1)?, flag(2)?),
                _ => unreachable!("KINDS classes"),
            };
            let seat = index_of(
                &*fields.get_borrowed_item(0)?,
                "seat",
                LAST_SEAT,
                "a seat of the table",
            )?;
            log.push(Entry {
                seat: seat as u8,
                kind,
                street: at.street.min(MAX_STREETS as u8 - 1),
                all_in,
                amount,
            })
            .map_err(to_py)?;
        }
        Ok(len)
    }
}

/// The dealing or drawing record `record` of kind `kind` (`DealUp(seat, cards)`,
/// `DealHole(seat, cards)`, `Discard(seat, number, cards)`, `StandPat(seat)`) on
/// `street`.
fn deal_of(kind: usize, record: &Borrowed<'_, '_, PyAny>, street: u8) -> PyResult<Deal> {
    let fields = record.cast::<PyTuple>()?;
    let item = |i: usize| fields.get_borrowed_item(i);
    let seat = index_of(&*item(0)?, "seat", LAST_SEAT, "a seat of the table")? as u8;
    let dealt = match kind {
        KIND_DEAL_UP => Dealt::Up(cards_of(&*item(1)?, "up cards")?),
        KIND_DEAL_HOLE => Dealt::Down(cards_of(&*item(1)?, "hole cards")?),
        KIND_DISCARD => Dealt::Draw {
            count: index_of(&*item(1)?, "number", 52, "a number of cards")? as u8,
            thrown: cards_of(&*item(2)?, "discards")?,
        },
        _ => Dealt::Draw {
            count: 0,
            thrown: CardSet::EMPTY,
        },
    };
    Ok(Deal {
        seat,
        street: street.min(MAX_STREETS as u8 - 1),
        dealt,
    })
}

/// One table's state as the layout encodes it, read into fixed arrays.
#[derive(Debug)]
pub struct Row {
    street: usize,
    board: CardSet,
    stacks: [i64; MAX_PLAYERS],
    bets: [i64; MAX_PLAYERS],
    folded: [bool; MAX_PLAYERS],
    /// The lengths read of stacks, bets and folded.
    lens: [usize; 3],
    /// The seat to act: to bet, to draw, or to show or muck (the street is then over);
    /// `None` once the hand is over.
    pub actor: Option<usize>,
    betting: Option<usize>,
    /// The seat to draw.
    pub drawing: Option<usize>,
    legal: Legal,
    /// Where the game's cards change after the deal, the cards read (boxed: the board
    /// games' rows, most of the steps, carry none).
    cards: Option<Box<Cards>>,
}

/// The cards of a game whose cards change after the deal, read into fixed arrays.
#[derive(Debug)]
struct Cards {
    /// The lengths read of holes, up and draws.
    lens: [usize; 3],
    holes: [CardSet; MAX_PLAYERS],
    up: [CardSet; MAX_PLAYERS],
    draws: [[i8; MAX_DRAWS]; MAX_PLAYERS],
}

impl Row {
    /// The core's view of the row; `start` is the chips the seats started the hand with.
    pub fn state(&self, start: i64) -> TableState<'_> {
        let stacks = &self.stacks[..self.lens[0]];
        TableState {
            street: self.street,
            board: self.board,
            stacks,
            bets: &self.bets[..self.lens[1]],
            folded: &self.folded[..self.lens[2]],
            // Chips are conserved: what left the stacks is in the middle (or, once the hand
            // is over, the house's rake). In 128 bits, as the stacks are not checked yet: a
            // pot out of `i64` becomes one the core's check refuses (`MAX_POT`).
            total_pot: i64::try_from(
                i128::from(start) - stacks.iter().map(|&s| i128::from(s)).sum::<i128>(),
            )
            .unwrap_or(i64::MIN),
            actor: self
                .betting
                .or(self.actor.filter(|_| self.drawing.is_none())),
            legal: self.legal,
            holes: self.cards.as_ref().map_or(&[], |c| &c.holes[..c.lens[0]]),
            up: self.cards.as_ref().map_or(&[], |c| &c.up[..c.lens[1]]),
            draws: self.cards.as_ref().map_or(&[], |c| &c.draws[..c.lens[2]]),
            drawing: self.drawing,
        }
    }

    /// The cards `seat` holds now (where the game's cards change after the deal).
    pub fn hole(&self, seat: usize) -> CardSet {
        self.cards
            .as_ref()
            .and_then(|c| c.holes[..c.lens[0]].get(seat).copied())
            .unwrap_or(CardSet::EMPTY)
    }
}

/// Reads one set of cards per seat into `out`; returns how many seats.
fn card_sets(
    obj: &Bound<'_, PyAny>,
    name: &'static str,
    out: &mut [CardSet; MAX_PLAYERS],
) -> PyResult<usize> {
    each_item(obj, |i, cards| {
        let slot = out
            .get_mut(i)
            .ok_or_else(|| setting(name, "more entries than seats", "one entry per seat"))?;
        *slot = cards_of(cards, name)?;
        Ok(())
    })
}

/// The fast path of [`legal_of`]: two bools, an int, and two ints or `None`, read through
/// borrowed item pointers; `None` when anything is not of that kind.
fn plain_legal(tuple: &Bound<'_, PyTuple>) -> Option<Legal> {
    let ptr = tuple.as_ptr();
    // SAFETY: the tuple has 5 items (checked by the caller) and the GIL is held; the items
    // are borrowed from the tuple, which the caller holds, and no Python code runs here.
    unsafe {
        let item = |i| ffi::PyTuple_GetItem(ptr, i);
        let amount = |i| {
            let item = item(i);
            if item == ffi::Py_None() {
                Some(None)
            } else {
                i64::plain(item).map(Some)
            }
        };
        Some(Legal {
            fold: bool::plain(item(0))?,
            check: bool::plain(item(1))?,
            call: i64::plain(item(2))?,
            min_raise_to: amount(3)?,
            max_raise_to: amount(4)?,
        })
    }
}

/// Reads the state's `legal`, `(fold, check, call, min_raise_to, max_raise_to)`.
fn legal_of(obj: &Bound<'_, PyAny>) -> PyResult<Legal> {
    let bad = || setting("legal", obj.to_string(), "(fold, check, call, min, max)");
    let tuple = obj.cast::<PyTuple>().map_err(|_| bad())?;
    if tuple.len() != 5 {
        return Err(bad());
    }
    plain_legal(tuple).ok_or_else(bad)
}
