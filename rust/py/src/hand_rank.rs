//! `HandRank`, what `evaluate` returns: a Python type written by hand against the stable
//! ABI, so that making one costs about what keeping an int costs.
//!
//! # Why not a `#[pyclass]`
//! PyO3 (0.30) gives every class the garbage collector's flag. Each object was therefore
//! allocated through `PyType_GenericAlloc` with a collector header, counted towards the
//! next collection and tracked, then untracked again by `evaluate`; PyO3's free-list took
//! a lock per allocation and per free, and is empty anyway when a program keeps its
//! results. A rank holds no Python object, so it can never be part of a reference cycle:
//! this type has no collector flag, and an object is one `PyObject_Malloc` (pymalloc's
//! pools) and `PyObject_Init`, freed by one `PyObject_Free`, or more often taken from and
//! given back to [`free_list`], the freed ranks kept under the GIL. The methods a program
//! calls rarely (`describe`, `category`, `best_five`, pickling) go through [`trampoline`],
//! which turns a Rust error into a Python exception and never lets a panic unwind into
//! CPython.
//!
//! # Representation
//! [`RankObject`]: the object header (reference count, type), then a [`Value`] packed into
//! 128 bits ([`Value::pack`]): the dense class (1 = 7-5-4-3-2 offsuit to 7462 = royal
//! flush; integer order is hand order, so comparing and hashing ranks is comparing and
//! hashing classes, and ties are equal), the cards it was computed from (bit i = card
//! index i; empty when it was not computed from cards, e.g. `HandRank(7462)`) and, for
//! Omaha, the hole cards, the board being in `cards`. 32 bytes; the PyO3 class took 40
//! plus the collector's header.
//!
//! # Safety
//! Every object of this type is made by [`new_hand_rank`], so it is a `RankObject` whose
//! `Value` is written before the object is published. The type cannot be subclassed (no
//! `Py_TPFLAGS_BASETYPE`), and its `tp_alloc` refuses (`object.__new__(HandRank)` cannot
//! make one with an unwritten value), so an object whose type is this type is exactly such
//! a `RankObject`. CPython calls each slot with the GIL held and with `self` of this type
//! (descriptors check the type of `self`; a comparison is called on its left operand's
//! type first and on the right's, swapped, second); [`is_hand_rank`] checks `other`.

use std::ffi::{c_int, c_uint, c_void, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr;

use pokerforge_core::eval::omaha::omaha_five;
use pokerforge_core::{CardSet, HandRank};
use pyo3::exceptions::{PyMemoryError, PyTypeError};
use pyo3::ffi;
use pyo3::panic::PanicException;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyString, PyTuple, PyType};

use crate::cards::PyCard;
use crate::errors::PokerError;
use crate::input::Int;
use crate::registry;

/// What a `HandRank` holds besides the object header.
#[derive(Debug, Clone, Copy)]
struct Value {
    /// The dense class, 1 to 7462.
    class: u16,
    /// All the cards the rank was computed from, or the board for Omaha.
    cards: CardSet,
    /// The hole cards for Omaha; empty otherwise.
    hole: CardSet,
}

impl Value {
    /// Bits 0-51 the cards, 52-103 the hole cards, 104-116 the class: 128 bits, so that an
    /// object is 32 bytes (pymalloc's 32-byte size class, where three 64-bit fields would
    /// take 48: a third less memory to fault in and to walk for a program keeping ranks).
    fn pack(self) -> [u64; 2] {
        let bits = u128::from(self.cards.mask())
            | u128::from(self.hole.mask()) << 52
            | u128::from(self.class) << 104;
        // The two halves, each cast keeping exactly its 64 bits.
        [bits as u64, (bits >> 64) as u64]
    }

    fn unpack([low, high]: [u64; 2]) -> Value {
        let bits = u128::from(low) | u128::from(high) << 64;
        Value {
            // 13 bits: the cast keeps them all.
            class: (bits >> 104) as u16,
            cards: CardSet::from_mask_truncate(bits as u64),
            hole: CardSet::from_mask_truncate((bits >> 52) as u64),
        }
    }

    /// The rank; an error only if the object's memory were not a rank's (never: see the
    /// module's safety notes), rather than a panic.
    fn rank(self) -> PyResult<HandRank> {
        HandRank::new(self.class)
            .ok_or_else(|| PokerError::new_err(format!("{} is not a hand class", self.class)))
    }
}

/// The memory of one `HandRank` object: CPython's header, then the packed [`Value`].
#[repr(C)]
#[derive(Debug)]
struct RankObject {
    ob_base: ffi::PyObject,
    packed: [u64; 2],
}

static TYPE: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static CATEGORY_TYPE: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// The `HandRank` type, made on first use (the module adds it when it is imported).
pub fn hand_rank_type(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    Ok(TYPE.get_or_try_init(py, || create_type(py))?.bind(py))
}

/// A new `HandRank`: `rank` computed from `cards`, or for Omaha from `hole` and the board
/// `cards` (both empty when it was not computed from cards).
pub fn new_hand_rank<'py>(
    py: Python<'py>,
    rank: HandRank,
    cards: CardSet,
    hole: CardSet,
) -> PyResult<Bound<'py, PyAny>> {
    let tp = hand_rank_type(py)?.as_type_ptr();
    // SAFETY: the GIL is held (`py`). The memory is a freed rank's or fresh, large enough
    // for a `RankObject` and aligned for it (pymalloc aligns to 16 bytes), and nothing
    // else refers to it; the value is written before `PyObject_Init` sets the header
    // (reference count 1, the type, a new reference to the type, which `dealloc` gives
    // back) and the object is handed out.
    unsafe {
        let obj = match free_list::pop(py) {
            Some(obj) => obj,
            None => ffi::PyObject_Malloc(size_of::<RankObject>()).cast::<RankObject>(),
        };
        if obj.is_null() {
            return Err(PyMemoryError::new_err("no memory for a HandRank"));
        }
        let value = Value {
            class: rank.class(),
            cards,
            hole,
        };
        ptr::addr_of_mut!((*obj).packed).write(value.pack());
        let obj = ffi::PyObject_Init(obj.cast(), tp);
        Ok(Bound::from_owned_ptr(py, obj))
    }
}

/// The Python int for a hand class, from a cache of all 7,462 (built on first use), so
/// that no int is allocated per call.
pub fn class_int(py: Python<'_>, class: u16) -> Py<PyAny> {
    static INTS: PyOnceLock<Vec<Py<PyAny>>> = PyOnceLock::new();
    let ints = INTS.get_or_init(py, || {
        (0..=HandRank::MAX.class())
            .map(|c| c.into_pyobject(py).map(|i| i.into_any().unbind()))
            .collect::<Result<_, _>>()
            .unwrap_or_default()
    });
    match ints.get(usize::from(class)) {
        Some(int) => int.clone_ref(py),
        None => class
            .into_pyobject(py)
            .map_or_else(|e| match e {}, |i| i.into_any().unbind()),
    }
}

/// Whether `obj` is a `HandRank` (the type has no subclasses, so this is its exact type).
fn is_hand_rank(py: Python<'_>, obj: *mut ffi::PyObject) -> bool {
    // SAFETY: `obj` is a live object passed to a slot by CPython, with the GIL held.
    let tp = unsafe { ffi::Py_TYPE(obj) };
    TYPE.get(py).is_some_and(|t| t.as_ptr() == tp.cast())
}

/// The value of a `HandRank`.
///
/// # Safety
/// `obj` must be a live object of this type (see the module's safety notes). The value is
/// copied out, not borrowed, so no reference is held while CPython updates the header.
unsafe fn value(obj: *mut ffi::PyObject) -> Value {
    // SAFETY: by the caller's promise `obj` is a `RankObject` whose value was written.
    Value::unpack(unsafe { ptr::addr_of!((*obj.cast::<RankObject>()).packed).read() })
}

/// The message of a panic's payload.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "no message".to_owned())
}

/// Runs a slot's body: an error is raised (the slot returns null) and a panic becomes a
/// `PanicException`, as in PyO3's own methods (a panic unwinding out of an `extern "C"`
/// function would abort the interpreter).
///
/// # Safety
/// Only for a slot called by CPython, which holds the GIL.
unsafe fn trampoline(
    body: impl FnOnce(Python<'_>) -> PyResult<*mut ffi::PyObject>,
) -> *mut ffi::PyObject {
    // SAFETY: by the caller's promise the GIL is held.
    let py = unsafe { Python::assume_attached() };
    match catch_unwind(AssertUnwindSafe(|| body(py))) {
        Ok(Ok(obj)) => obj,
        Ok(Err(err)) => {
            err.restore(py);
            ptr::null_mut()
        }
        Err(payload) => {
            PanicException::new_err(panic_message(payload.as_ref())).restore(py);
            ptr::null_mut()
        }
    }
}

/// `tp_dealloc`: keeps an object made by [`new_hand_rank`] for reuse, or frees it, and
/// gives back its reference to the type.
unsafe extern "C" fn dealloc(obj: *mut ffi::PyObject) {
    // SAFETY: CPython calls this once, when the last reference is gone, with the GIL
    // held, so nothing refers to the memory any more; it came from `PyObject_Malloc`, and
    // `PyObject_Init` took the reference to the (heap) type that is released here, after
    // the last read of `obj`.
    unsafe {
        let py = Python::assume_attached();
        let tp = ffi::Py_TYPE(obj);
        let obj = obj.cast::<RankObject>();
        if !free_list::push(py, obj) {
            ffi::PyObject_Free(obj.cast());
        }
        ffi::Py_DECREF(tp.cast());
    }
}

mod free_list;

/// `tp_alloc`: refused, so that no `HandRank` exists without its value (objects are made
/// only by [`new_hand_rank`]; `object.__new__(HandRank)` would otherwise get one).
unsafe extern "C" fn refuse_alloc(
    _tp: *mut ffi::PyTypeObject,
    _items: ffi::Py_ssize_t,
) -> *mut ffi::PyObject {
    // SAFETY: called by CPython with the GIL held.
    unsafe {
        trampoline(|_| {
            Err(PyTypeError::new_err(
                "a HandRank is made by HandRank(class) or evaluate(cards)",
            ))
        })
    }
}

/// `HandRank(class)`: the rank of a class, 1 to 7462, computed from no cards.
unsafe extern "C" fn new(
    _tp: *mut ffi::PyTypeObject,
    args: *mut ffi::PyObject,
    kwargs: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: CPython calls `tp_new` with the GIL held, a tuple of positional arguments
    // and a dict of keyword arguments or null; `_tp` is this type, which has no subclasses.
    unsafe {
        trampoline(|py| {
            let args = Bound::from_borrowed_ptr(py, args).cast_into_unchecked::<PyTuple>();
            let kwargs = Bound::from_borrowed_ptr_or_opt(py, kwargs)
                .map(|k| k.cast_into_unchecked::<PyDict>());
            let class = the_class_argument(&args, kwargs.as_ref())?;
            let class = class.extract::<Int>().map_err(|err| {
                if err.is_instance_of::<PyTypeError>(py) {
                    let wrapped =
                        PyTypeError::new_err(format!("argument 'class': {}", err.value(py)));
                    wrapped.set_cause(py, Some(err));
                    wrapped
                } else {
                    err
                }
            })?;
            let rank = class.get::<u16>().and_then(HandRank::new).ok_or_else(|| {
                PokerError::new_err(format!(
                    "{} is not a hand class: expected an integer from 1 to 7462",
                    class.0
                ))
            })?;
            Ok(new_hand_rank(py, rank, CardSet::EMPTY, CardSet::EMPTY)?.into_ptr())
        })
    }
}

/// The one argument of `HandRank(class)`, given by position or as `class=`; the error
/// Python gives a function of that signature otherwise.
fn the_class_argument<'py>(
    args: &Bound<'py, PyTuple>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    if let Some(kwargs) = kwargs {
        for key in kwargs.keys() {
            if key.extract::<&str>().ok() != Some("class") {
                return Err(PyTypeError::new_err(format!(
                    "HandRank() got an unexpected keyword argument {}",
                    key.repr()?
                )));
            }
        }
    }
    let keyword = match kwargs {
        Some(kwargs) => kwargs.get_item("class")?,
        None => None,
    };
    match (args.len(), keyword) {
        (1, None) => args.get_item(0),
        (0, Some(class)) => Ok(class),
        (0, None) => Err(PyTypeError::new_err(
            "HandRank() missing 1 required positional argument: 'class'",
        )),
        (1, Some(_)) => Err(PyTypeError::new_err(
            "HandRank() got multiple values for argument 'class'",
        )),
        (n, _) => Err(PyTypeError::new_err(format!(
            "HandRank() takes 1 positional argument but {n} were given"
        ))),
    }
}

/// `tp_hash`: the class (never -1, which would mean an error), so a rank hashes as its
/// `int` does and equal ranks hash equal.
unsafe extern "C" fn hash(obj: *mut ffi::PyObject) -> ffi::Py_hash_t {
    // SAFETY: `obj` is `self`, a `HandRank`.
    let class = unsafe { value(obj) }.class;
    // A class is at most 7462, which fits any hash; -2 is never reached.
    ffi::Py_hash_t::try_from(class).unwrap_or(-2)
}

/// `tp_richcompare`: ranks compare by class; anything else is `NotImplemented` (so `==`
/// with another type is false and `<` raises `TypeError`).
unsafe extern "C" fn richcompare(
    obj: *mut ffi::PyObject,
    other: *mut ffi::PyObject,
    op: c_int,
) -> *mut ffi::PyObject {
    // SAFETY: CPython holds the GIL; `obj` is `self`, a `HandRank`, and `other` is read
    // only once it is known to be one.
    unsafe {
        let py = Python::assume_attached();
        if !is_hand_rank(py, other) {
            return py.NotImplemented().into_ptr();
        }
        let (a, b) = (value(obj).class, value(other).class);
        let result = match op {
            ffi::Py_LT => a < b,
            ffi::Py_LE => a <= b,
            ffi::Py_EQ => a == b,
            ffi::Py_NE => a != b,
            ffi::Py_GT => a > b,
            ffi::Py_GE => a >= b,
            _ => return py.NotImplemented().into_ptr(),
        };
        PyBool::new(py, result).to_owned().into_ptr()
    }
}

/// `nb_int` and `nb_index`: the class, one of the ints `evaluate_class` returns.
unsafe extern "C" fn class(obj: *mut ffi::PyObject) -> *mut ffi::PyObject {
    // SAFETY: `obj` is `self`, a `HandRank`; the GIL is held.
    unsafe { trampoline(|py| Ok(class_int(py, value(obj).class).into_ptr())) }
}

/// `tp_str` and `describe()`: a phrase naming the hand.
unsafe extern "C" fn describe(obj: *mut ffi::PyObject) -> *mut ffi::PyObject {
    // SAFETY: `obj` is `self`, a `HandRank`; the GIL is held.
    unsafe { trampoline(|py| Ok(PyString::new(py, &value(obj).rank()?.describe()).into_ptr())) }
}

/// `describe` as a method (`METH_NOARGS`: the second argument is always null).
unsafe extern "C" fn describe_method(
    obj: *mut ffi::PyObject,
    _: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: as `describe`.
    unsafe { describe(obj) }
}

/// `tp_repr`: `HandRank(7462, 'Royal flush')`.
unsafe extern "C" fn repr(obj: *mut ffi::PyObject) -> *mut ffi::PyObject {
    // SAFETY: `obj` is `self`, a `HandRank`; the GIL is held.
    unsafe {
        trampoline(|py| {
            let rank = value(obj).rank()?;
            let text = format!("HandRank({}, '{}')", rank.class(), rank.describe());
            Ok(PyString::new(py, &text).into_ptr())
        })
    }
}

/// `__reduce__`: `(HandRank, (class,))`; the cards are not pickled, as before.
unsafe extern "C" fn reduce(obj: *mut ffi::PyObject, _: *mut ffi::PyObject) -> *mut ffi::PyObject {
    // SAFETY: `obj` is `self`, a `HandRank`; the GIL is held.
    unsafe {
        trampoline(|py| {
            let class = value(obj).class;
            Ok((hand_rank_type(py)?, (class,))
                .into_pyobject(py)?
                .into_ptr())
        })
    }
}

/// The `category` getter: a `Category`.
unsafe extern "C" fn category(obj: *mut ffi::PyObject, _: *mut c_void) -> *mut ffi::PyObject {
    // SAFETY: `obj` is `self`, a `HandRank`; the GIL is held.
    unsafe {
        trampoline(|py| {
            let category = value(obj).rank()?.category() as u8;
            let cls = registry::cached(py, &CATEGORY_TYPE, "Category")?;
            Ok(cls.call1((category,))?.into_ptr())
        })
    }
}

/// The `best_five` getter: the five cards, most significant first, or `None`.
unsafe extern "C" fn best_five(obj: *mut ffi::PyObject, _: *mut c_void) -> *mut ffi::PyObject {
    // SAFETY: `obj` is `self`, a `HandRank`; the GIL is held.
    unsafe {
        trampoline(|py| {
            let value = value(obj);
            let (cards, hole) = (value.cards, value.hole);
            if cards.is_empty() {
                return Ok(py.None().into_ptr());
            }
            let rank = value.rank()?;
            let cards: Vec<_> = if hole.is_empty() {
                cards.iter().collect()
            } else {
                omaha_five(hole, cards, rank).iter().collect()
            };
            let five = rank.best_five(&cards).into_iter().map(PyCard);
            Ok(PyTuple::new(py, five)?.into_ptr())
        })
    }
}

// The docstrings, each method's led by its signature for `inspect` (CPython's convention).
const TYPE_DOC: &CStr = c"HandRank(class)\n--\n\n\
    The strength of a hand: dense class 1 (7-5-4-3-2) to 7462 (royal flush).";
const DESCRIBE_DOC: &CStr = c"describe($self)\n--\n\n\
    A phrase naming the hand, e.g. `'Full house, kings full of sevens'`.";
const BEST_FIVE_DOC: &CStr = c"The five cards that make the hand, most significant first, \
    or `None` when the rank\nwas not computed from cards (e.g. `HandRank(7462)`).";

/// Makes the type: the slots above, no collector flag, no subclasses. The method and
/// getter tables are leaked on purpose: CPython's descriptors point into them for the
/// life of the process (the type is made once).
fn create_type(py: Python<'_>) -> PyResult<Py<PyType>> {
    let methods: &'static mut [ffi::PyMethodDef; 3] = Box::leak(Box::new([
        ffi::PyMethodDef {
            ml_name: c"describe".as_ptr(),
            ml_meth: ffi::PyMethodDefPointer {
                PyCFunction: describe_method,
            },
            ml_flags: ffi::METH_NOARGS,
            ml_doc: DESCRIBE_DOC.as_ptr(),
        },
        ffi::PyMethodDef {
            ml_name: c"__reduce__".as_ptr(),
            ml_meth: ffi::PyMethodDefPointer {
                PyCFunction: reduce,
            },
            ml_flags: ffi::METH_NOARGS,
            ml_doc: c"__reduce__($self)\n--\n\n".as_ptr(),
        },
        ffi::PyMethodDef::zeroed(),
    ]));
    let getters: &'static mut [ffi::PyGetSetDef; 3] = Box::leak(Box::new([
        ffi::PyGetSetDef {
            name: c"category".as_ptr(),
            get: Some(category),
            set: None,
            doc: c"The hand's category, a `Category`.".as_ptr(),
            closure: ptr::null_mut(),
        },
        ffi::PyGetSetDef {
            name: c"best_five".as_ptr(),
            get: Some(best_five),
            set: None,
            doc: BEST_FIVE_DOC.as_ptr(),
            closure: ptr::null_mut(),
        },
        ffi::PyGetSetDef::default(),
    ]));
    let slot = |slot: c_int, pfunc: *mut c_void| ffi::PyType_Slot { slot, pfunc };
    type Unary = unsafe extern "C" fn(*mut ffi::PyObject) -> *mut ffi::PyObject;
    let mut slots = [
        slot(ffi::Py_tp_doc, TYPE_DOC.as_ptr().cast_mut().cast()),
        slot(ffi::Py_tp_new, new as *mut c_void),
        slot(ffi::Py_tp_alloc, refuse_alloc as *mut c_void),
        slot(ffi::Py_tp_dealloc, dealloc as *mut c_void),
        slot(ffi::Py_tp_hash, hash as *mut c_void),
        slot(ffi::Py_tp_richcompare, richcompare as *mut c_void),
        slot(ffi::Py_nb_int, class as Unary as *mut c_void),
        slot(ffi::Py_nb_index, class as Unary as *mut c_void),
        slot(ffi::Py_tp_str, describe as Unary as *mut c_void),
        slot(ffi::Py_tp_repr, repr as *mut c_void),
        slot(ffi::Py_tp_methods, methods.as_mut_ptr().cast()),
        slot(ffi::Py_tp_getset, getters.as_mut_ptr().cast()),
        ffi::PyType_Slot::default(),
    ];
    const BASIC_SIZE: c_int = size_of::<RankObject>() as c_int;
    let mut spec = ffi::PyType_Spec {
        // 'static: CPython 3.10 keeps this pointer as the type's `tp_name`.
        name: c"pokerforge.HandRank".as_ptr(),
        basicsize: BASIC_SIZE,
        itemsize: 0,
        flags: ffi::Py_TPFLAGS_DEFAULT as c_uint,
        slots: slots.as_mut_ptr(),
    };
    // SAFETY: the GIL is held; the spec and its slots are read during the call only (the
    // name, methods and getters, which CPython keeps, are 'static), and each slot's
    // function has the signature CPython calls it with.
    let tp = unsafe { Bound::from_owned_ptr_or_err(py, ffi::PyType_FromSpec(&mut spec))? };
    Ok(tp.cast_into::<PyType>()?.unbind())
}
