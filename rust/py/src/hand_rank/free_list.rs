//! Freed ranks kept for the next ones, so that a program that keeps results and then lets
//! them go (a table of ranks, a batch of showdowns) makes the next batch without pymalloc
//! and without faulting in the pages pymalloc gave back to the system: with the list,
//! keeping a `HandRank` costs what keeping `evaluate_class`'s cached int does.
//!
//! It holds at most [`CAPACITY`] objects (8 MiB), and never more than the
//! program had alive at once. The list is threaded through the freed objects themselves
//! (the first word of each one's value points to the next), so it costs no memory of its
//! own. It is guarded by the GIL; a free-threaded build (no GIL) goes to pymalloc each time.

#[cfg(not(Py_GIL_DISABLED))]
mod guarded {
    use std::cell::Cell;
    use std::ptr;

    use pyo3::Python;

    use super::super::RankObject;

    /// At most this many objects are kept: 8 MiB of 32-byte objects.
    pub const CAPACITY: usize = 1 << 18;

    struct List {
        head: Cell<*mut RankObject>,
        len: Cell<usize>,
    }

    // SAFETY: the list is read and changed only through `pop` and `push`, which take a
    // `Python` token: the GIL is held, so one thread at a time uses it (a build without
    // a GIL does not compile this module). Neither calls into Python while using it.
    unsafe impl Sync for List {}

    static LIST: List = List {
        head: Cell::new(ptr::null_mut()),
        len: Cell::new(0),
    };

    /// Where a kept object holds the next one: the start of its value (16 bytes, aligned
    /// to 8), written as a pointer so that it keeps its provenance.
    ///
    /// # Safety
    /// `obj` points to a `RankObject`'s memory.
    unsafe fn next_of(obj: *mut RankObject) -> *mut *mut RankObject {
        // SAFETY: by the caller's promise; no reference is made.
        unsafe { ptr::addr_of_mut!((*obj).packed).cast() }
    }

    /// A freed object's memory, if one is kept.
    pub fn pop(_: Python<'_>) -> Option<*mut RankObject> {
        let obj = LIST.head.get();
        if obj.is_null() {
            return None;
        }
        // SAFETY: `obj` was pushed by `push` and not popped since: freed memory that only
        // this list refers to, where `push` wrote the next pointer.
        let next = unsafe { next_of(obj).read() };
        LIST.head.set(next);
        LIST.len.set(LIST.len.get() - 1);
        Some(obj)
    }

    /// Keeps `obj`'s memory; false when the list is full and the caller frees it.
    ///
    /// # Safety
    /// `obj` is a `RankObject` nothing refers to any more.
    pub unsafe fn push(_: Python<'_>, obj: *mut RankObject) -> bool {
        if LIST.len.get() >= CAPACITY {
            return false;
        }
        // SAFETY: by the caller's promise the memory is ours to write.
        unsafe { next_of(obj).write(LIST.head.get()) };
        LIST.head.set(obj);
        LIST.len.set(LIST.len.get() + 1);
        true
    }
}

/// Without a GIL to guard a shared list, every object goes to pymalloc and back.
#[cfg(Py_GIL_DISABLED)]
mod unguarded {
    use pyo3::Python;

    use super::super::RankObject;

    pub fn pop(_: Python<'_>) -> Option<*mut RankObject> {
        None
    }

    /// # Safety
    /// As the list's: `obj` is a `RankObject` nothing refers to any more.
    pub unsafe fn push(_: Python<'_>, _: *mut RankObject) -> bool {
        false
    }
}

#[cfg(not(Py_GIL_DISABLED))]
pub use guarded::*;
#[cfg(Py_GIL_DISABLED)]
pub use unguarded::*;
