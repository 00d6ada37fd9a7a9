//! Rows of the encoder's arrays: each table's state read, checked and written for a seat,
//! and the mask bits kept as the table's turn, from which an index is decoded.

use numpy::PyArrayMethods;
use pyo3::prelude::*;

use super::arrays::Buffers;
use super::encoder::PyObsEncoder;
use super::moves::{index_move, mask_bits};
use super::state::Row;
use crate::errors::{to_py, IllegalActionError};

impl PyObsEncoder {
    /// Refuses a row the layout would refuse, before anything is written.
    pub(super) fn check_row(&self, t: usize, seat: usize, row: &Row) -> PyResult<()> {
        self.layout
            .check_state(self.log(t), &row.state(self.tables[t].start), seat)
            .map_err(to_py)
    }

    /// Writes row `t` for `seat` (already checked by [`Self::check_row`]); returns the
    /// mask bits.
    pub(super) fn write(&self, buffers: &mut Buffers<'_>, t: usize, seat: usize, row: &Row) -> u64 {
        let state = row.state(self.tables[t].start);
        let size = self.layout.size();
        let a = self.layout.width();
        let mut bytes = [0u8; 64];
        self.layout.encode_checked(
            self.log(t),
            &state,
            seat,
            &mut buffers.obs[t * size..(t + 1) * size],
            &mut bytes[..a],
            &mut buffers.amounts[t * a..(t + 1) * a],
        );
        let mask = &mut buffers.mask[t * a..(t + 1) * a];
        let mut actions = 0u64;
        for (i, (m, &byte)) in mask.iter_mut().zip(bytes.iter()).enumerate() {
            *m = byte as i8;
            actions |= u64::from(byte) << i;
        }
        buffers.observed[t] = seat as i64;
        mask_bits(actions, seat, &state)
    }

    /// Writes row `t` for the seat to act in `row` (nobody: the row is left as it was and
    /// observes nobody); returns the mask bits, or -1 (the caller keeps them as the table's
    /// turn).
    pub(super) fn write_turn(&self, buffers: &mut Buffers<'_>, t: usize, row: &Row) -> i64 {
        match row.actor {
            Some(seat) => self.write(buffers, t, seat, row) as i64,
            None => {
                buffers.observed[t] = -1;
                -1
            }
        }
    }

    /// [`Self::write_turn`] for one table, keeping the bits as its turn.
    pub(super) fn write_one(&mut self, py: Python<'_>, t: usize, row: &Row) -> PyResult<i64> {
        let bits = {
            // SAFETY: the slices live only inside this block, which holds the GIL.
            let mut buffers = unsafe { self.buffers(py)? };
            self.write_turn(&mut buffers, t, row)
        };
        self.keep_turn(t, bits, row);
        Ok(bits)
    }

    /// Keeps `bits` as table `t`'s turn, with the cards of the seat to draw in `row`.
    pub(super) fn keep_turn(&mut self, t: usize, bits: i64, row: &Row) {
        let table = &mut self.tables[t];
        table.turn = bits;
        if let Some(seat) = row.drawing {
            table.hand = row.hole(seat);
        }
    }

    /// Reads `state` for table `t`: its log followed, its row checked for the seat to act.
    pub(super) fn read_turn(&mut self, t: usize, state: &Bound<'_, PyAny>) -> PyResult<Row> {
        self.sync(t, state)?;
        let row = self
            .reader
            .as_ref()
            .expect("synced")
            .row(state, &self.game)?;
        if let Some(seat) = row.actor {
            self.check_row(t, seat, &row)?;
        }
        Ok(row)
    }

    /// The mask bits of the seat to act at table `t` in `state`: the kept ones while the
    /// state is the one encoded and nothing happened since, else those of a new encoding.
    /// An error when nobody is to act.
    pub(super) fn turn_of(
        &mut self,
        py: Python<'_>,
        t: usize,
        state: &Bound<'_, PyAny>,
    ) -> PyResult<i64> {
        let mut bits = self.current(py, t, state)?;
        if bits < 0 {
            let row = self.read_turn(t, state)?;
            bits = self.write_one(py, t, &row)?;
        }
        if bits < 0 {
            return Err(IllegalActionError::new_err(format!(
                "table {t}'s hand is over: no seat is to act"
            )));
        }
        Ok(bits)
    }

    /// The kept mask bits of table `t` when they are those of `state` as it is now, else -1.
    pub(super) fn current(
        &self,
        py: Python<'_>,
        t: usize,
        state: &Bound<'_, PyAny>,
    ) -> PyResult<i64> {
        let table = &self.tables[t];
        if table.turn < 0 || !table.holds(py, state) {
            return Ok(-1);
        }
        Ok(if table.records_now(py) == Some(table.read) {
            table.turn
        } else {
            -1
        })
    }

    /// The move `index` names at table `t` under mask bits `bits` (see `index_move`).
    /// The caller has checked the arrays ([`Self::check_arrays`]).
    pub(super) fn move_of(
        &self,
        py: Python<'_>,
        t: usize,
        bits: i64,
        index: i64,
    ) -> Result<i64, String> {
        let a = self.layout.width();
        // SAFETY: the slice lives only inside this call, which holds the GIL.
        let amounts = unsafe { self.amounts.bind(py).as_slice() }.map_err(|e| e.to_string())?;
        let hand = self.tables[t].hand;
        index_move(
            &self.layout,
            bits,
            &amounts[t * a..(t + 1) * a],
            hand,
            index,
        )
    }
}
