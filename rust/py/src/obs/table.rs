//! What the encoder keeps of each table: the hand state it read last and its own log of
//! that hand, kept up with the state's log.

use pokerforge_core::obs::HandLog;
use pokerforge_core::CardSet;
use pyo3::prelude::*;
use pyo3::types::PyList;

use super::state::{Cursor, Reader};

/// One table as the encoder knows it.
#[derive(Debug)]
pub struct Table {
    /// The state read last; another object is another hand (or a copy put in its place),
    /// whose log is then read from its start.
    state: Option<Py<PyAny>>,
    /// That state's log (a hand keeps one list for its whole life): read again at every
    /// step without looking the field up.
    records: Option<Py<PyList>>,
    log: Option<HandLog>,
    /// Records of the state's log read so far, and the street of the next action.
    pub read: usize,
    street: Cursor,
    /// The chips the seats started the hand with.
    pub start: i64,
    /// The mask bits the latest encoding of the seat to act returned (see
    /// `moves::mask_bits`), valid while the state's log has `read` records; -1 when none.
    pub turn: i64,
    /// The cards of the seat to draw when `turn` was kept (what the draw actions throw).
    pub hand: CardSet,
}

impl Table {
    /// A table that has read no state yet.
    pub fn new() -> Table {
        Table {
            state: None,
            records: None,
            log: None,
            read: 0,
            street: Cursor::default(),
            start: 0,
            turn: -1,
            hand: CardSet::EMPTY,
        }
    }

    /// Whether `state` is the state this table read last.
    pub fn holds(&self, py: Python<'_>, state: &Bound<'_, PyAny>) -> bool {
        self.state.as_ref().is_some_and(|s| s.bind(py).is(state))
    }

    /// Brings the log up to `state`: the records added since the last read are followed;
    /// a state not read before (or whose log is shorter than what was read) starts the
    /// log over from the state's deal.
    pub fn sync(&mut self, reader: &Reader, state: &Bound<'_, PyAny>) -> PyResult<()> {
        let py = state.py();
        let held = match &self.records {
            Some(records) if self.holds(py, state) => Some(records.bind(py).clone()),
            _ => None,
        };
        let records = match held {
            Some(records) if records.len() >= self.read => records,
            _ => {
                self.state = None; // until the new hand's log is started
                self.turn = -1;
                let records = reader.records(state)?;
                self.start = reader.start(state, &mut self.log)?;
                self.read = 0;
                self.street = Cursor::default();
                self.records = Some(records.clone().unbind());
                self.state = Some(state.clone().unbind());
                records
            }
        };
        let log = self.log.as_mut().expect("started above");
        let read = reader.follow(&records, self.read, &mut self.street, log)?;
        if read != self.read {
            // Something happened since the turn was kept: its bits are another state's
            // (a read that follows the log without encoding, `infoset` or `net_bb`, must
            // not leave them looking current).
            self.turn = -1;
            self.read = read;
        }
        Ok(())
    }

    /// The number of records in the log of the state read last (`None` before any).
    pub fn records_now(&self, py: Python<'_>) -> Option<usize> {
        self.records.as_ref().map(|r| r.bind(py).len())
    }

    /// The log, once [`Self::sync`] has read a state.
    pub fn log(&self) -> &HandLog {
        self.log.as_ref().expect("synced by the caller")
    }
}
