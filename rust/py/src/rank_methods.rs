//! The Python methods every small rank type shares (`LowRank`, `A5LowRank`, `Low27Rank`,
//! `BadugiRank`): made from a class number, an int for Python, ordered, hashed, printed and
//! pickled by that class. Written once as a macro, since PyO3 takes one `#[pymethods]`
//! block a type: the macro writes the block, the type's own methods passed in.

/// `rank_methods!(PyType(CoreRank, Int) "Name", "error {} text", |rank| repr_detail, { own methods })`
/// writes `PyType`'s `#[pymethods]`: `PyType(class_)` checked by `CoreRank::new` (the
/// error's `{}` is the value given), `__int__`, `__index__`, `__hash__`, comparisons
/// between ranks of the type, `__str__`, `__repr__` as `Name(class, 'detail')` and
/// `__reduce__`; then the methods in braces.
macro_rules! rank_methods {
    (
        $py:ident($core:ident, $int:ty) $name:literal, $error:literal,
        |$rank:ident| $detail:expr, { $($own:tt)* }
    ) => {
        #[pyo3::pymethods]
        impl $py {
            #[new]
            fn py_new(class_: $crate::input::Int) -> pyo3::PyResult<$py> {
                class_
                    .get::<$int>()
                    .and_then($core::new)
                    .map($py)
                    .ok_or_else(|| $crate::errors::PokerError::new_err(format!($error, class_.0)))
            }

            $($own)*

            fn __int__(&self) -> $int {
                self.0.class()
            }

            fn __index__(&self) -> $int {
                self.0.class()
            }

            fn __hash__(&self) -> u64 {
                u64::from(self.0.class())
            }

            fn __richcmp__(
                &self,
                other: &pyo3::Bound<'_, pyo3::PyAny>,
                op: pyo3::basic::CompareOp,
            ) -> pyo3::PyResult<pyo3::Py<pyo3::PyAny>> {
                let py = other.py();
                let Ok(other) = other.cast::<$py>() else {
                    return Ok(py.NotImplemented());
                };
                let result = op.matches(self.0.cmp(&other.get().0));
                Ok(result.into_pyobject(py)?.to_owned().into_any().unbind())
            }

            fn __str__(&self) -> String {
                self.0.to_string()
            }

            fn __repr__(&self) -> String {
                let $rank = &self.0;
                format!("{}({}, '{}')", $name, $rank.class(), $detail)
            }

            fn __reduce__<'py>(
                slf: &pyo3::Bound<'py, Self>,
            ) -> pyo3::PyResult<(pyo3::Bound<'py, pyo3::PyAny>, ($int,))> {
                Ok((slf.get_type().into_any(), (slf.get().0.class(),)))
            }
        }
    };
}

pub(crate) use rank_methods;
