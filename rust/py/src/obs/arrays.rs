//! The encoder's four arrays: checked to be as the encoder made them before any row is
//! written, and rows handed out as new arrays.

use numpy::npyffi::{_PyArray_GET_ITEM_DATA, flags::NPY_ARRAY_WRITEABLE};
use numpy::{
    Element, PyArray1, PyArrayDescrMethods, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods,
};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::encoder::PyObsEncoder;
use crate::errors::InvalidSpecError;

/// What an array's layout is now: its memory, dtype, flags and shape (up to two
/// dimensions), read from the array object; any change of these sends
/// `PyObsEncoder::check_arrays` to its whole check.
fn fingerprint(array: &Bound<'_, PyUntypedArray>) -> [usize; 6] {
    // SAFETY: the array object is alive and the GIL is held; only its fields are read.
    unsafe {
        let fields = &*_PyArray_GET_ITEM_DATA(array.as_array_ptr());
        let dims = std::slice::from_raw_parts(fields.dimensions, fields.nd.clamp(0, 2) as usize);
        [
            fields.data as usize,
            fields.descr as usize,
            fields.flags as usize,
            fields.nd as usize,
            dims.first().map_or(0, |&d| d as usize),
            dims.get(1).map_or(0, |&d| d as usize),
        ]
    }
}

/// The encoder's four arrays as whole mutable slices.
pub struct Buffers<'a> {
    pub obs: &'a mut [f32],
    pub mask: &'a mut [i8],
    pub amounts: &'a mut [i64],
    pub observed: &'a mut [i64],
}

impl PyObsEncoder {
    /// The arrays' memory, for writing rows.
    ///
    /// # Safety
    /// The caller holds the GIL for as long as it uses the slices and no other reference
    /// to the arrays' memory is live meanwhile: the four arrays are checked here to be as
    /// `new` made them (shape, dtype, C-contiguous, writeable: see `check_arrays`), their
    /// memory is read afresh at each call, Python code cannot run while a method of this
    /// class holds the GIL, and no binding of this crate keeps a borrow of an `int8`,
    /// `int64` or `float32` array across a release of the GIL.
    pub(super) unsafe fn buffers<'py>(&'py self, py: Python<'py>) -> PyResult<Buffers<'py>> {
        self.check_arrays(py)?;
        // SAFETY: as the caller promises, above.
        unsafe {
            Ok(Buffers {
                obs: self.obs.bind(py).as_slice_mut()?,
                mask: self.mask.bind(py).as_slice_mut()?,
                amounts: self.amounts.bind(py).as_slice_mut()?,
                observed: self.observed.bind(py).as_slice_mut()?,
            })
        }
    }

    /// The arrays are handed out live: refuses to touch them once one was reshaped,
    /// resized, given another dtype or made read-only (`resize`, `shape =`, `dtype =`,
    /// `__setstate__`, `setflags`), which would make the rows' bounds wrong.
    pub(super) fn check_arrays(&self, py: Python<'_>) -> PyResult<()> {
        let now = [
            fingerprint(self.obs.bind(py).as_untyped()),
            fingerprint(self.mask.bind(py).as_untyped()),
            fingerprint(self.amounts.bind(py).as_untyped()),
            fingerprint(self.observed.bind(py).as_untyped()),
        ];
        // (The lock is never contended: every method holds the GIL.)
        let mut checked = self.checked.lock().unwrap_or_else(|e| e.into_inner());
        if now == *checked {
            return Ok(()); // nothing changed since the arrays were last found right
        }
        self.check_arrays_whole(py)?;
        *checked = now;
        Ok(())
    }

    /// [`Self::check_arrays`]'s whole check.
    fn check_arrays_whole(&self, py: Python<'_>) -> PyResult<()> {
        let (tables, size) = (self.tables.len(), self.layout.size());
        let a = self.layout.width();
        fn fits<T: Element>(array: &Bound<'_, PyUntypedArray>, shape: &[usize]) -> bool {
            let py = array.py();
            // SAFETY: the array object is alive and the GIL is held; only its flags are read.
            let writeable = unsafe { (*_PyArray_GET_ITEM_DATA(array.as_array_ptr())).flags }
                & NPY_ARRAY_WRITEABLE
                != 0;
            array.shape() == shape
                && array.is_c_contiguous()
                && writeable
                && array.dtype().is_equiv_to(&numpy::dtype::<T>(py))
        }
        let checks = [
            (
                "obs",
                fits::<f32>(self.obs.bind(py).as_untyped(), &[tables, size]),
            ),
            (
                "mask",
                fits::<i8>(self.mask.bind(py).as_untyped(), &[tables, a]),
            ),
            (
                "amounts",
                fits::<i64>(self.amounts.bind(py).as_untyped(), &[tables, a]),
            ),
            (
                "observed",
                fits::<i64>(self.observed.bind(py).as_untyped(), &[tables]),
            ),
        ];
        match checks.iter().find(|(_, ok)| !ok) {
            None => Ok(()),
            Some((name, _)) => Err(InvalidSpecError::new_err(format!(
                "the encoder's {name} array was reshaped, resized, given another dtype or \
                 made read-only: the encoder writes only the arrays it made, as it made them \
                 (make a new encoder, or copy the arrays before changing them)"
            ))),
        }
    }

    /// Each of `seats`' views of table `t` in `state` as new arrays (see
    /// `observation`): the state read once and every seat checked before any row is
    /// written. The row is left holding the last seat's view, and the table's turn is kept
    /// only when that seat is to act (as [`Self::encode`] leaves them).
    pub(super) fn views<'py>(
        &mut self,
        py: Python<'py>,
        t: usize,
        state: &Bound<'py, PyAny>,
        seats: &[usize],
    ) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.sync(t, state)?;
        let row = self
            .reader
            .as_ref()
            .expect("synced")
            .row(state, &self.game)?;
        for &seat in seats {
            self.check_row(t, seat, &row)?;
        }
        let size = self.layout.size();
        let a = self.layout.width();
        // The arrays handed out, made before the rows are borrowed (making an object can
        // run Python code: a collection's finalizers), and each written once from its row:
        // no copy in between.
        let arrays = seats
            .iter()
            .map(|_| {
                // SAFETY: every element is written below before the arrays are handed out
                // (an error before that drops them unseen).
                unsafe {
                    (
                        PyArray1::<f32>::new(py, [size], false),
                        PyArray1::<i8>::new(py, [a], false),
                    )
                }
            })
            .collect::<Vec<_>>();
        let mut turn = None;
        {
            // SAFETY: the slices live only inside this block, which holds the GIL and
            // runs no Python code.
            let mut buffers = unsafe { self.buffers(py)? };
            for (&seat, (obs, mask)) in seats.iter().zip(&arrays) {
                let bits = self.write(&mut buffers, t, seat, &row);
                turn = Some(if row.actor == Some(seat) {
                    bits as i64
                } else {
                    -1
                });
                // SAFETY: the new arrays are C-contiguous with `size` and `a` elements
                // (as made above) and nothing else refers to them yet; the rows are the
                // encoder's own arrays, checked by `buffers`, so the memory is distinct.
                unsafe {
                    std::ptr::copy_nonoverlapping(
                        buffers.obs[t * size..(t + 1) * size].as_ptr(),
                        obs.data(),
                        size,
                    );
                    std::ptr::copy_nonoverlapping(
                        buffers.mask[t * a..(t + 1) * a].as_ptr(),
                        mask.data(),
                        a,
                    );
                }
            }
        }
        if let Some(turn) = turn {
            self.keep_turn(t, turn, &row);
        }
        arrays
            .into_iter()
            .map(|(obs, mask)| {
                let out = PyDict::new(py);
                out.set_item(intern!(py, "observation"), obs)?;
                out.set_item(intern!(py, "action_mask"), mask)?;
                Ok(out)
            })
            .collect()
    }
}
