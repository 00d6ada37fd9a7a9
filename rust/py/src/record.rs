//! The game layer's records and hands, made so that Python's cyclic garbage collector
//! does not walk them.
//!
//! A record (a named tuple of ints, strings and such) and a hand's state can never be part
//! of a reference cycle, so reference counting alone frees them. Yet CPython tracks every
//! tuple subclass instance, every list and every instance of a class written in Python
//! until it dies, and walks them all at each collection: with hundreds of hands in flight,
//! a tenth of a simulation's time. CPython stops tracking an exact tuple of atoms once the
//! collector has seen it, never a tuple subclass; these two functions apply the same rule
//! at birth.
//!
//! Both are written against the C calling convention of `METH_FASTCALL` (the arguments as
//! an array), because they sit on the engine's innermost path: `record` makes no tuple
//! for its arguments, unlike `tuple.__new__(cls, fields)` from Python.

use std::os::raw::c_char;
use std::ptr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

/// The deallocator CPython gives every class made by a `class` statement (it is not
/// exported), read from such a class when the module loads; 0 before.
static CLASS_DEALLOC: AtomicUsize = AtomicUsize::new(0);

/// Whether `ty` is a class made by a `class` statement (or `type()`): its instances are
/// freed by CPython's generic deallocator, which stops tracking them only if tracked, and
/// it adds no fields of its own at the C level.
///
/// # Safety
/// `ty` is a live type and the GIL is held.
unsafe fn is_python_class(ty: *mut ffi::PyTypeObject) -> bool {
    // SAFETY: as the caller promises (Py_tp_dealloc may be read from any type since 3.10).
    let dealloc = unsafe { ffi::PyType_GetSlot(ty, ffi::Py_tp_dealloc) } as usize;
    dealloc != 0 && dealloc == CLASS_DEALLOC.load(Ordering::Relaxed)
}

/// Whether `tuple.__new__(cls, ...)` makes a sound instance of `cls`: `cls` is `tuple`, or
/// made by class statements all the way down to `tuple`. A subclass written in C (a
/// struct sequence, say) may keep fields of its own that only its own constructor sets.
///
/// # Safety
/// `cls` is a live type and the GIL is held.
unsafe fn plain_tuple_class(cls: *mut ffi::PyTypeObject) -> bool {
    let tuple = ptr::addr_of_mut!(ffi::PyTuple_Type);
    let mut ty = cls;
    // SAFETY: each `ty` is a live type: `cls`, then a base of a live type.
    unsafe {
        while ty != tuple {
            if ty.is_null() || !is_python_class(ty) {
                return false;
            }
            ty = ffi::PyType_GetSlot(ty, ffi::Py_tp_base).cast();
        }
    }
    true
}

/// Whether the collector may ever need to see `obj` (CPython's own test for the items of
/// a tuple it untracks): not for an object of a type without collector support, nor for an
/// exact tuple it no longer tracks.
///
/// # Safety
/// `obj` is a live object and the GIL is held.
unsafe fn may_be_tracked(obj: *mut ffi::PyObject) -> bool {
    // SAFETY: as the caller promises.
    unsafe {
        let flags = ffi::PyType_GetFlags(ffi::Py_TYPE(obj));
        flags & ffi::Py_TPFLAGS_HAVE_GC != 0
            && (ffi::PyTuple_CheckExact(obj) == 0 || ffi::PyObject_GC_IsTracked(obj) != 0)
    }
}

/// Sets a `TypeError` and returns NULL.
///
/// # Safety
/// The GIL is held.
unsafe fn type_error(message: &std::ffi::CStr) -> *mut ffi::PyObject {
    // SAFETY: the GIL is held; both arguments are valid for the call.
    unsafe { ffi::PyErr_SetString(ffi::PyExc_TypeError, message.as_ptr()) };
    ptr::null_mut()
}

/// `record(cls, /, *fields)`: `tuple.__new__(cls, fields)`, the instance untracked by the
/// collector when every field is an atom (see [`may_be_tracked`]).
unsafe extern "C" fn record(
    _module: *mut ffi::PyObject,
    args: *mut *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
) -> *mut ffi::PyObject {
    // SAFETY: Python calls this with the GIL held and `nargs` live arguments at `args`;
    // every pointer used below is checked for NULL where the API may return NULL, and the
    // tuples are filled before anything else can see them.
    unsafe {
        if nargs < 1 {
            return type_error(c"record() takes a record class and its fields");
        }
        let cls = *args;
        let tuple_type = ptr::addr_of_mut!(ffi::PyTuple_Type);
        if ffi::PyType_Check(cls) == 0 || !plain_tuple_class(cls.cast()) {
            return type_error(c"record() takes tuple or a subclass of it written in Python first");
        }
        let count = nargs - 1;
        let fields = ffi::PyTuple_New(count);
        if fields.is_null() {
            return ptr::null_mut();
        }
        let mut atoms = true;
        for i in 0..count {
            let item = *args.offset(i + 1);
            atoms = atoms && !may_be_tracked(item);
            ffi::Py_IncRef(item);
            ffi::PyTuple_SetItem(fields, i, item); // steals the new reference
        }
        let packed = ffi::PyTuple_New(1);
        if packed.is_null() {
            ffi::Py_DecRef(fields);
            return ptr::null_mut();
        }
        ffi::PyTuple_SetItem(packed, 0, fields);
        // tuple's own constructor (what `tuple.__new__` calls), so that the instance is
        // made exactly as Python makes it on every version.
        // SAFETY: the Py_tp_new slot of `tuple` is a `newfunc`, never NULL.
        let new: ffi::newfunc =
            std::mem::transmute(ffi::PyType_GetSlot(tuple_type, ffi::Py_tp_new));
        let made = new(cls.cast(), packed, ptr::null_mut());
        ffi::Py_DecRef(packed);
        if !made.is_null() && atoms && ffi::PyObject_GC_IsTracked(made) != 0 {
            ffi::PyObject_GC_UnTrack(made.cast());
        }
        made
    }
}

/// `untrack(*objects)`: stops the collector tracking each object (those it does not track
/// are left alone); returns `None`. Only for objects that can never be part of a
/// reference cycle: the collector would not free such a cycle. Each must be a list, a
/// tuple or an instance of a class written in Python (a `TypeError` otherwise, with no
/// object changed).
unsafe extern "C" fn untrack(
    _module: *mut ffi::PyObject,
    args: *mut *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
) -> *mut ffi::PyObject {
    // SAFETY: the GIL is held and `nargs` live arguments lie at `args`. Only objects whose
    // deallocator stops tracking them only if tracked are taken (some of CPython's own
    // types, functions among them, would crash freeing an object no longer tracked), and
    // each is untracked only after `PyObject_GC_IsTracked` has said it is tracked.
    unsafe {
        for i in 0..nargs {
            let obj = *args.offset(i);
            if ffi::PyList_CheckExact(obj) == 0
                && ffi::PyTuple_CheckExact(obj) == 0
                && !is_python_class(ffi::Py_TYPE(obj))
            {
                return type_error(
                    c"untrack() takes lists, tuples and instances of classes written in Python",
                );
            }
        }
        for i in 0..nargs {
            let obj = *args.offset(i);
            if ffi::PyObject_GC_IsTracked(obj) != 0 {
                ffi::PyObject_GC_UnTrack(obj.cast());
            }
        }
        let none = ffi::Py_None();
        ffi::Py_IncRef(none);
        none
    }
}

/// The classes [`copy_slots`] has found to keep everything in slots, with their instances'
/// size (each class held by a reference taken then, so that its address is never reused).
static SLOTTED: Mutex<Vec<(usize, usize)>> = Mutex::new(Vec::new());

/// The instance size of `ty` when its instances hold nothing but slots of objects: `ty`
/// and every class below it down to `object` are classes written in Python (see
/// [`is_python_class`]), with no `__dict__`, no `__weakref__`, no items, and their
/// `__slots__` account for every byte after the object header. `None` otherwise (or when
/// asking raised: the error is cleared).
///
/// # Safety
/// `ty` is a live type and the GIL is held.
unsafe fn slotted_size(ty: *mut ffi::PyTypeObject) -> Option<usize> {
    let lock = || SLOTTED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&(_, size)) = lock().iter().find(|(t, _)| *t == ty as usize) {
        return Some(size);
    }
    // The check runs Python code (attribute reads): not under the lock.
    // SAFETY: as the caller promises.
    let size = unsafe {
        let py = Python::assume_attached();
        let class = Bound::from_borrowed_ptr(py, ty.cast()).cast_into::<pyo3::types::PyType>();
        let found = class
            .ok()
            .and_then(|class| slots_layout(&class).ok().flatten());
        if found.is_none() {
            ffi::PyErr_Clear();
        }
        found?
    };
    let mut known = lock();
    if !known.iter().any(|(t, _)| *t == ty as usize) {
        // SAFETY: `ty` is live; the reference taken keeps it so (entries stay for good).
        unsafe { ffi::Py_IncRef(ty.cast()) };
        known.push((ty as usize, size));
    }
    Some(size)
}

/// [`slotted_size`]'s check, through the class's Python attributes.
fn slots_layout(class: &Bound<'_, pyo3::types::PyType>) -> PyResult<Option<usize>> {
    let number = |name: &str| -> PyResult<usize> { class.getattr(name)?.extract() };
    if number("__dictoffset__")? != 0
        || number("__weakrefoffset__")? != 0
        || number("__itemsize__")? != 0
    {
        return Ok(None);
    }
    let mut slots = 0;
    for base in class.getattr("__mro__")?.cast_into::<PyTuple>()?.iter() {
        if base.as_ptr() == ptr::addr_of_mut!(ffi::PyBaseObject_Type).cast() {
            continue; // `object`: the header only
        }
        // SAFETY: `base` is a live type (an entry of a live class's MRO); the GIL is held.
        if !unsafe { is_python_class(base.as_ptr().cast()) } {
            return Ok(None);
        }
        let declared = base.getattr("__dict__")?.get_item("__slots__");
        let Ok(declared) = declared else {
            return Ok(None); // a class without __slots__ gives its instances a __dict__
        };
        slots += if declared.is_instance_of::<pyo3::types::PyString>() {
            1
        } else {
            declared.len()?
        };
    }
    let header = std::mem::size_of::<ffi::PyObject>();
    let size = number("__basicsize__")?;
    let expected = header + slots * std::mem::size_of::<*mut ffi::PyObject>();
    Ok((size == expected).then_some(size))
}

/// `copy_slots(obj, /)`: a new instance of `type(obj)` whose slots hold the objects
/// `obj`'s slots hold (shared, not copied), made as `object.__new__` makes it (no
/// `__init__`): the one step of a shallow copy that Python spells slot by slot. Only for
/// instances of classes written in Python that keep everything in `__slots__` (see
/// [`slotted_size`]); a `TypeError` for anything else.
unsafe extern "C" fn copy_slots(
    _module: *mut ffi::PyObject,
    args: *mut *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
) -> *mut ffi::PyObject {
    // SAFETY: the GIL is held and `nargs` live arguments lie at `args`. The new instance
    // is allocated by the class's own allocator (zeroed, as `object.__new__` gets it) and
    // has the same size as `obj`, whose bytes after the header are all slot pointers
    // (checked by `slotted_size`); each is copied with a new reference, NULL (an unset
    // slot) as NULL.
    unsafe {
        if nargs != 1 {
            return type_error(c"copy_slots() takes one object");
        }
        let obj = *args;
        let ty = ffi::Py_TYPE(obj);
        let Some(size) = slotted_size(ty) else {
            return type_error(
                c"copy_slots() takes instances of classes written in Python that keep everything in __slots__",
            );
        };
        let alloc: ffi::allocfunc = std::mem::transmute(ffi::PyType_GetSlot(ty, ffi::Py_tp_alloc));
        let new = alloc(ty, 0);
        if new.is_null() {
            return ptr::null_mut();
        }
        let header = std::mem::size_of::<ffi::PyObject>();
        let count = (size - header) / std::mem::size_of::<*mut ffi::PyObject>();
        let from = obj.cast::<u8>().add(header).cast::<*mut ffi::PyObject>();
        let to = new.cast::<u8>().add(header).cast::<*mut ffi::PyObject>();
        for i in 0..count {
            let value = *from.add(i);
            if !value.is_null() {
                ffi::Py_IncRef(value);
            }
            *to.add(i) = value;
        }
        new
    }
}

/// Stops the collector tracking `tuple`, a tuple the caller has just made of atoms (ints,
/// or tuples the collector does not track): as CPython would at its first collection.
pub fn untrack_atoms(tuple: &Bound<'_, PyTuple>) {
    // SAFETY: the GIL is held (a `Bound`) and a tuple supports the collector.
    unsafe {
        if ffi::PyObject_GC_IsTracked(tuple.as_ptr()) != 0 {
            ffi::PyObject_GC_UnTrack(tuple.as_ptr().cast());
        }
    }
}

/// A `METH_FASTCALL` function definition (Python keeps a pointer to it for the life of
/// the function object, so it is leaked: two small structs per import of the module).
fn definition(
    name: &'static std::ffi::CStr,
    function: ffi::PyCFunctionFast,
    doc: &'static std::ffi::CStr,
) -> *mut ffi::PyMethodDef {
    Box::into_raw(Box::new(ffi::PyMethodDef {
        ml_name: name.as_ptr(),
        ml_meth: ffi::PyMethodDefPointer {
            PyCFunctionFast: function,
        },
        ml_flags: ffi::METH_FASTCALL,
        ml_doc: doc.as_ptr().cast::<c_char>(),
    }))
}

/// Adds `record`, `copy_slots` and `untrack` to the module.
pub fn add_to(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let probe = py.get_type::<pyo3::types::PyType>().call1((
        "_probe",
        PyTuple::empty(py),
        PyDict::new(py),
    ))?;
    // SAFETY: `probe` is a live class made by `type()`; the GIL is held.
    let dealloc = unsafe { ffi::PyType_GetSlot(probe.as_ptr().cast(), ffi::Py_tp_dealloc) };
    CLASS_DEALLOC.store(dealloc as usize, Ordering::Relaxed);
    let module_name = m.name()?;
    let functions = [
        (
            "record",
            definition(
                c"record",
                record,
                c"record(cls, /, *fields)\n--\n\n`tuple.__new__(cls, fields)` for `tuple` or a subclass written in Python, not tracked by the garbage collector when every field is an atom (the game layer's records).",
            ),
        ),
        (
            "copy_slots",
            definition(
                c"copy_slots",
                copy_slots,
                c"copy_slots(obj, /)\n--\n\nA new instance of type(obj), made as object.__new__ makes it, whose slots hold the objects obj's slots hold (a shallow copy's one step), for instances of classes written in Python that keep everything in __slots__.",
            ),
        ),
        (
            "untrack",
            definition(
                c"untrack",
                untrack,
                c"untrack(*objects)\n--\n\nStops the garbage collector tracking each object (lists, tuples and instances of classes written in Python): only for objects that can never be part of a reference cycle.",
            ),
        ),
    ];
    for (name, def) in functions {
        // SAFETY: `def` is a valid, leaked (so never freed) definition and the name a live
        // string (the function's `__module__`).
        let function = unsafe {
            let made = ffi::PyCFunction_NewEx(def, ptr::null_mut(), module_name.as_ptr());
            Bound::from_owned_ptr_or_err(py, made)?
        };
        m.add(name, function)?;
    }
    Ok(())
}
