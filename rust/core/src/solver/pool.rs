//! Per-thread reuse of the solver's per-node vectors.
//!
//! Every node of a traversal needs a few vectors of one value per hand (strategies,
//! reaches, child values) for the time of its visit. Allocating them is a good share of
//! a visit's cost, so each thread keeps the buffers it released and hands them out again.

use std::cell::RefCell;
use std::ops::{Deref, DerefMut};

/// The most buffers a thread keeps (a traversal holds a few per level of the tree).
const KEEP: usize = 32;

thread_local! {
    static POOL: RefCell<Vec<Vec<f32>>> = const { RefCell::new(Vec::new()) };
}

/// A vector of `f32` that goes back to its thread's pool when dropped: the first `len`
/// values of a buffer that keeps the largest length it was given (so that taking it again
/// writes nothing unless it must grow).
#[derive(Debug)]
pub(crate) struct Buf {
    data: Vec<f32>,
    len: usize,
}

impl Buf {
    /// `len` zeros.
    pub fn zeroed(len: usize) -> Buf {
        let mut b = Buf::scratch(len);
        b.fill(0.0);
        b
    }

    /// `len` values left from the buffer's last use (numbers, but meaningless): for a
    /// vector that is written whole before it is read, without the cost of clearing it.
    pub fn scratch(len: usize) -> Buf {
        let mut data = POOL
            .try_with(|p| p.borrow_mut().pop())
            .ok()
            .flatten()
            .unwrap_or_default();
        if data.len() < len {
            data.resize(len, 0.0);
        }
        Buf { data, len }
    }
}

impl Deref for Buf {
    type Target = [f32];
    fn deref(&self) -> &[f32] {
        &self.data[..self.len]
    }
}

impl DerefMut for Buf {
    fn deref_mut(&mut self) -> &mut [f32] {
        &mut self.data[..self.len]
    }
}

impl Drop for Buf {
    fn drop(&mut self) {
        let v = std::mem::take(&mut self.data);
        let _ = POOL.try_with(|p| {
            let mut p = p.borrow_mut();
            if p.len() < KEEP {
                p.push(v);
            }
        });
    }
}

impl<'a> IntoIterator for &'a Buf {
    type Item = &'a f32;
    type IntoIter = std::slice::Iter<'a, f32>;
    fn into_iter(self) -> Self::IntoIter {
        self[..].iter()
    }
}
