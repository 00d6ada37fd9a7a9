//! The driver of every NumPy batch function: checks the arrays while holding the GIL, then
//! ranks rows in chunks without it, on one thread or a pool, checking for Ctrl-C between
//! blocks of rows.

use numpy::{PyArray1, PyArray2, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::prelude::*;
use rayon::prelude::*;

use crate::errors::InvalidArrayError;
use crate::input::Int;
use crate::parallel::{pool, threads_for};

/// Rows per unit of parallel work.
const CHUNK_ROWS: usize = 1 << 15;
/// Rows between checks for Ctrl-C.
const SIGNAL_ROWS: usize = 1 << 22;
/// Below this many rows one thread is faster than waking a pool.
pub const PARALLEL_ROWS: usize = 1 << 16;

/// `obj` as a `uint8[N, k]` array with `k` in `widths`, or a named error saying what it is.
pub fn u8_matrix<'py>(
    obj: &Bound<'py, PyAny>,
    name: &str,
    widths: &[usize],
) -> PyResult<Bound<'py, PyArray2<u8>>> {
    let untyped = obj.cast::<PyUntypedArray>().map_err(|_| {
        InvalidArrayError::new_err(format!(
            "{name} must be a NumPy array of dtype uint8, not a {}",
            obj.get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default()
        ))
    })?;
    if untyped.ndim() != 2 {
        return Err(InvalidArrayError::new_err(format!(
            "{name} must be 2-dimensional (one row per hand), not {}-dimensional",
            untyped.ndim()
        )));
    }
    let array = untyped.cast::<PyArray2<u8>>().map_err(|_| {
        let dtype = untyped
            .dtype()
            .str()
            .map(|s| s.to_string())
            .unwrap_or_default();
        InvalidArrayError::new_err(format!(
            "{name} must have dtype uint8, not {dtype}: convert it with .astype(numpy.uint8)"
        ))
    })?;
    let width = untyped.shape()[1];
    if !widths.contains(&width) {
        let allowed: Vec<String> = widths.iter().map(|w| w.to_string()).collect();
        return Err(InvalidArrayError::new_err(format!(
            "{name} has {width} cards per row, but {} are allowed",
            allowed.join(" or ")
        )));
    }
    Ok(array.clone())
}

/// The cells of a checked matrix, row after row, with its row count and width.
#[derive(Debug, Clone, Copy)]
pub struct Rows<'a> {
    pub data: &'a [u8],
    pub rows: usize,
    pub width: usize,
}

impl Rows<'_> {
    /// The cells of rows `start..start + count`.
    pub fn block(&self, start: usize, count: usize) -> &[u8] {
        &self.data[start * self.width..(start + count) * self.width]
    }
}

/// Calls `f` with the rows of `array`: its own memory when C-contiguous (read without the
/// GIL while the read-only borrow is held), else a contiguous copy.
pub fn with_rows<R>(
    array: &Bound<'_, PyArray2<u8>>,
    f: impl FnOnce(Rows<'_>) -> PyResult<R>,
) -> PyResult<R> {
    let readonly = array.try_readonly()?;
    let shape = readonly.shape();
    let (rows, width) = (shape[0], shape[1]);
    // Only C order is row after row in memory; `as_slice` also accepts Fortran order.
    match readonly.as_slice() {
        Ok(data) if readonly.is_c_contiguous() => f(Rows { data, rows, width }),
        _ => {
            let copy: Vec<u8> = readonly.as_array().iter().copied().collect();
            f(Rows {
                data: &copy,
                rows,
                width,
            })
        }
    }
}

/// A unit of batch work: rank the rows starting at `first_row` into `out`, or name a bad
/// row.
pub type Work<'a, T> = dyn Fn(usize, &mut [T]) -> Result<(), usize> + Sync + 'a;

/// Runs `work(first_row, out_chunk)` over every chunk of `out` (`per_row` outputs a row),
/// without the GIL, on `threads` threads. `work` returns `Err` when a row is bad; the
/// result says whether every chunk succeeded.
pub fn run<T: Send>(
    py: Python<'_>,
    threads: usize,
    out: &mut [T],
    per_row: usize,
    work: &Work<'_, T>,
) -> PyResult<bool> {
    let workers = if threads > 1 {
        Some(pool(threads)?)
    } else {
        None
    };
    for (block, outs) in out.chunks_mut(SIGNAL_ROWS * per_row).enumerate() {
        let first = block * SIGNAL_ROWS;
        let done = py.detach(|| match &workers {
            None => work(first, outs).is_ok(),
            Some(pool) => pool.install(|| {
                outs.par_chunks_mut(CHUNK_ROWS * per_row)
                    .enumerate()
                    .all(|(i, chunk)| work(first + i * CHUNK_ROWS, chunk).is_ok())
            }),
        });
        if !done {
            return Ok(false);
        }
        py.check_signals()?;
    }
    Ok(true)
}

/// The batch functions that class each row of one card matrix (`evaluate_many` and the
/// other games' `*_many`): `cards` as `uint8[N, w]` with `w` in `widths`, classed into
/// `uint16[N]` on the threads `threads` asks for. `class(width, cells, out)` classes a
/// block of rows or says that one is bad; then `bad(cells, width)` names the first bad
/// row of the whole matrix (found again by a plain scan: errors are rare, and a parallel
/// search could find a later row first).
pub fn class_rows<'py>(
    py: Python<'py>,
    cards: &Bound<'py, PyAny>,
    widths: &[usize],
    threads: Option<Int>,
    class: impl Fn(usize, &[u8], &mut [u16]) -> Result<(), usize> + Sync,
    bad: impl FnOnce(&[u8], usize) -> PyErr,
) -> PyResult<Bound<'py, PyArray1<u16>>> {
    let array = u8_matrix(cards, "cards", widths)?;
    let out = with_rows(&array, |rows| {
        let threads = threads_for(threads, rows.rows, PARALLEL_ROWS)?;
        let mut out = vec![0u16; rows.rows];
        let work =
            |first: usize, out: &mut [u16]| class(rows.width, rows.block(first, out.len()), out);
        if run(py, threads, &mut out, 1, &work)? {
            Ok(out)
        } else {
            Err(bad(rows.data, rows.width))
        }
    })?;
    Ok(PyArray1::from_vec(py, out))
}
