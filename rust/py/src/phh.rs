//! The PHH reader of the core for `pokerforge.histories`: tables cut out of a `.phhs`
//! text, their fields and their typed steps, read without the GIL.

use pokerforge_core::phh::{
    has_header, read_fields, read_steps, split_tables, Arg, Problem, Steps, Table, Value, Verb,
};
use std::collections::HashMap;

use pyo3::exceptions::PyValueError;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyString, PyTuple, PyType};

static DECIMAL: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static TIME: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static INT: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// The Python objects of the fields of all the tables of one text, made once where tables
/// repeat them: the fields' names, interned (so that Python's lookups of its own literal
/// names match by identity) and hashed once, and the decimals and times, which are
/// immutable (a `Decimal` made from text costs more than a lookup; blinds and many amounts
/// repeat from hand to hand).
struct Made<'a, 'py> {
    keys: Vec<(&'a str, Bound<'py, PyString>)>,
    decimals: HashMap<&'a str, Bound<'py, PyAny>>,
    times: HashMap<(u8, u8, u8), Bound<'py, PyAny>>,
}

/// Enough names for the dataset's fields; a text with more makes the rest per table.
const MOST_KEYS: usize = 64;

impl<'a, 'py> Made<'a, 'py> {
    fn new() -> Self {
        Made {
            keys: Vec::new(),
            decimals: HashMap::new(),
            times: HashMap::new(),
        }
    }

    /// The name `key`, the `index`-th field of its table: tables repeat their fields in the
    /// same order, so the name at that place is tried first.
    fn key(&mut self, py: Python<'py>, index: usize, key: &'a str) -> Bound<'py, PyString> {
        if let Some((known, name)) = self.keys.get(index) {
            if *known == key {
                return name.clone();
            }
        }
        if let Some((_, name)) = self.keys.iter().find(|(known, _)| *known == key) {
            return name.clone();
        }
        let name = PyString::intern(py, key);
        if self.keys.len() < MOST_KEYS {
            self.keys.push((key, name.clone()));
        }
        name
    }

    fn value(&mut self, py: Python<'py>, value: &Value<'a>) -> PyResult<Bound<'py, PyAny>> {
        Ok(match value {
            Value::Str(text) => PyString::new(py, text).into_any(),
            Value::Int(text) => match text.parse::<i64>() {
                Ok(number) => number.into_pyobject(py)?.into_any(),
                // Python's own int() for the rest (more digits than 64 bits hold).
                Err(_) => INT
                    .import(py, "builtins", "int")?
                    .call1((*text,))?
                    .into_any(),
            },
            Value::Decimal(text) => match self.decimals.get(text) {
                Some(known) => known.clone(),
                None => {
                    let made = DECIMAL.import(py, "decimal", "Decimal")?.call1((*text,))?;
                    self.decimals.insert(text, made.clone());
                    made
                }
            },
            Value::Bool(flag) => flag.into_pyobject(py)?.to_owned().into_any(),
            Value::Time(h, m, s) => match self.times.get(&(*h, *m, *s)) {
                Some(known) => known.clone(),
                None => {
                    let made = TIME.import(py, "datetime", "time")?.call1((*h, *m, *s))?;
                    self.times.insert((*h, *m, *s), made.clone());
                    made
                }
            },
            Value::Array(items) => {
                let mut made = Vec::with_capacity(items.len());
                for item in items {
                    made.push(self.value(py, item)?);
                }
                PyList::new(py, made)?.into_any()
            }
            // The fields reader makes none: only a caller's values (`phh_read`) hold one.
            Value::Other(text) => PyString::new(py, text).into_any(),
            Value::Huge(_) => py.None().into_bound(py),
        })
    }

    fn dict(
        &mut self,
        py: Python<'py>,
        fields: &[(&'a str, Value<'a>)],
    ) -> PyResult<Bound<'py, PyDict>> {
        let doc = PyDict::new(py);
        for (index, (key, item)) in fields.iter().enumerate() {
            doc.set_item(self.key(py, index, key), self.value(py, item)?)?;
        }
        Ok(doc)
    }
}

fn cards(py: Python<'_>, cards: &[Option<u8>]) -> PyResult<Py<PyAny>> {
    Ok(PyTuple::new(py, cards)?.into_any().unbind())
}

/// What the core read of a hand, as the replay takes it (`pokerforge.game.phh.Read`):
/// `(places, stacks, steps, holes, board, hole_count, winnings, finishing_stacks, antes,
/// blinds, bets, posts)`; each step `(action, player or -1, verb, argument)`.
pub(crate) fn reading<'py>(py: Python<'py>, read: &Steps) -> PyResult<Bound<'py, PyTuple>> {
    let steps = PyList::empty(py);
    let nothing = intern!(py, "");
    // Each player's first hole cards dealt are in `holes`: those steps are left out. Later
    // ones are stud's next streets (also in `holes`, which the replay reads) or a draw
    // game's replacements, which the replay pairs with the discards.
    let mut dealt = vec![false; read.stacks.len()];
    for step in &read.steps {
        if step.verb == Verb::DealHole {
            if let Some(p) = step.player {
                if !std::mem::replace(&mut dealt[p], true) {
                    continue;
                }
            }
        }
        let verb = match step.verb.code() {
            "db" => intern!(py, "db"),
            "f" => intern!(py, "f"),
            "cc" => intern!(py, "cc"),
            "cbr" => intern!(py, "cbr"),
            "pb" => intern!(py, "pb"),
            "sd" => intern!(py, "sd"),
            "dh" => intern!(py, "dh"),
            _ => intern!(py, "sm"),
        };
        let arg: Py<PyAny> = match &step.arg {
            Arg::Nothing => nothing.clone().into_any().unbind(),
            Arg::Chips(chips) => chips.into_pyobject(py)?.into_any().unbind(),
            Arg::Cards(list) => cards(py, list)?,
        };
        let player = step.player.map_or(-1, |p| p as i64);
        steps.append((step.action, player, verb, arg))?;
    }
    let holes = PyList::empty(py);
    for hole in &read.holes {
        match hole {
            Some(list) => holes.append(PyList::new(py, list)?)?,
            None => holes.append(py.None())?,
        }
    }
    let posts = PyList::new(py, &read.posts)?;
    let items: [Bound<'py, PyAny>; 12] = [
        read.places.into_pyobject(py)?.into_any(),
        PyList::new(py, &read.stacks)?.into_any(),
        steps.into_any(),
        holes.into_any(),
        PyList::new(py, &read.board)?.into_any(),
        read.hole_count.into_pyobject(py)?.into_any(),
        read.winnings.as_deref().into_pyobject(py)?.into_any(),
        read.finishing_stacks
            .as_deref()
            .into_pyobject(py)?
            .into_any(),
        PyTuple::new(py, &read.antes)?.into_any(),
        PyTuple::new(py, &read.blinds)?.into_any(),
        PyTuple::new(py, read.bets)?.into_any(), // a cache key: a tuple, not a list
        posts.into_any(),
    ];
    PyTuple::new(py, items)
}

/// A problem as Python takes it: `(field or None, action index or None, message)`.
pub(crate) fn problem<'py>(py: Python<'py>, problem: &Problem) -> PyResult<Bound<'py, PyTuple>> {
    (problem.field, problem.action, problem.message.as_str()).into_pyobject(py)
}

/// A table read without the GIL: its fields (or `None`: the full TOML reader's job) and
/// what the replay needs from them, or what is wrong with them.
type Read<'a> = (
    Table<'a>,
    Option<Vec<(&'a str, Value<'a>)>>,
    Option<Result<Steps, Problem>>,
);

fn read_table(table: Table<'_>) -> Read<'_> {
    let fields = read_fields(table.body).ok();
    let steps = fields.as_deref().map(read_steps);
    (table, fields, steps)
}

/// `(tables, rest, rest_line)`: the hands of `text` (whose first line is `first_line`), each
/// `(name, first_line, body, fields, read, problem)` (`fields`, `read` and `problem` all
/// `None` when the fields need the full TOML reader; else one of `read` and `problem`), and
/// the text still open when `last` is false.
#[pyfunction]
#[pyo3(signature = (text, first_line = 1, last = true))]
pub fn phh_tables<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyString>,
    first_line: usize,
    last: bool,
) -> PyResult<(Bound<'py, PyList>, Bound<'py, PyString>, usize)> {
    let text = text
        .to_str()
        .map_err(|_| PyValueError::new_err("the text holds a lone surrogate"))?;
    let (reads, rest, rest_line) = py.detach(|| {
        let split = split_tables(text, first_line, last);
        let reads: Vec<Read<'_>> = split.tables.into_iter().map(read_table).collect();
        (reads, split.rest, split.rest_line)
    });
    let out = PyList::empty(py);
    let mut made = Made::new();
    for (table, fields, steps) in &reads {
        let doc = fields.as_deref().map(|f| made.dict(py, f)).transpose()?;
        let (read, wrong) = match steps {
            Some(Ok(steps)) => (Some(reading(py, steps)?), None),
            Some(Err(wrong)) => (None, Some(problem(py, wrong)?)),
            None => (None, None),
        };
        out.append((table.name, table.first_line, table.body, doc, read, wrong))?;
    }
    Ok((out, PyString::new(py, &text[rest..]), rest_line))
}

/// Whether a line of `text` (whole lines) is a table header: whether it closes the table
/// still open (see `pokerforge_core::phh::has_header`).
#[pyfunction]
pub fn phh_has_header(py: Python<'_>, text: &Bound<'_, PyString>) -> PyResult<bool> {
    let text = text
        .to_str()
        .map_err(|_| PyValueError::new_err("the text holds a lone surrogate"))?;
    Ok(py.detach(|| has_header(text)))
}

/// The fields of one table's text (header excluded), or `None` when the text needs the
/// full TOML reader.
#[pyfunction]
pub fn phh_fields<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyString>,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    let Ok(text) = text.to_str() else {
        return Ok(None); // a lone surrogate: the full reader names it
    };
    match read_fields(text) {
        Ok(fields) => Ok(Some(Made::new().dict(py, &fields)?)),
        Err(_) => Ok(None),
    }
}

/// A field's value read from a Python object (a dict a caller made, or `tomllib` read), as
/// the core's reader takes it; what it does not read is kept as its `repr`, to be named.
enum Owned {
    Str(String),
    Int(String),
    Decimal(String),
    Bool(bool),
    Array(Vec<Owned>),
    Other(String),
    Huge(u64),
}

/// Lists nested deeper than this are named, not read (no field of a hand nests so).
const MOST_DEPTH: usize = 8;
/// An int of more bits is named by its size (the messages of `pokerforge.money`).
const MOST_INT_BITS: u64 = 256;

fn owned(value: &Bound<'_, PyAny>, depth: usize) -> PyResult<Owned> {
    let repr = || -> PyResult<Owned> { Ok(Owned::Other(value.repr()?.to_string())) };
    if let Ok(text) = value.cast::<PyString>() {
        return Ok(Owned::Str(text.to_string_lossy().into_owned()));
    }
    if let Ok(flag) = value.cast::<pyo3::types::PyBool>() {
        return Ok(Owned::Bool(flag.is_true()));
    }
    if value.is_instance_of::<pyo3::types::PyInt>() {
        if let Ok(number) = value.extract::<i64>() {
            return Ok(Owned::Int(number.to_string()));
        }
        let bits: u64 = value
            .call_method0(intern!(value.py(), "bit_length"))?
            .extract()?;
        if bits > MOST_INT_BITS {
            return Ok(Owned::Huge(bits));
        }
        return Ok(Owned::Int(value.str()?.to_string()));
    }
    if let Ok(number) = value.cast::<pyo3::types::PyFloat>() {
        let number = number.value();
        if number.is_finite() && number.fract() == 0.0 && number.abs() < 1e300 {
            let whole = value.call_method0(intern!(value.py(), "__int__"))?;
            return Ok(Owned::Int(whole.str()?.to_string()));
        }
        return repr();
    }
    if value.is_instance(DECIMAL.import(value.py(), "decimal", "Decimal")?)? {
        return Ok(Owned::Decimal(value.str()?.to_string()));
    }
    if let Ok(list) = value.cast::<PyList>() {
        if depth >= MOST_DEPTH {
            return repr();
        }
        let items = list.iter().map(|item| owned(&item, depth + 1));
        return Ok(Owned::Array(items.collect::<PyResult<_>>()?));
    }
    repr()
}

fn view(value: &Owned) -> Value<'_> {
    match value {
        Owned::Str(text) => Value::Str(text),
        Owned::Int(text) => Value::Int(text),
        Owned::Decimal(text) => Value::Decimal(text),
        Owned::Bool(flag) => Value::Bool(*flag),
        Owned::Array(items) => Value::Array(items.iter().map(view).collect()),
        Owned::Other(text) => Value::Other(text),
        Owned::Huge(bits) => Value::Huge(*bits),
    }
}

/// A hand's reading or its problem (one of them `None`).
type ReadOrProblem<'py> = (Option<Bound<'py, PyTuple>>, Option<Bound<'py, PyTuple>>);

/// What the replay needs from the fields `doc` (a dict), read by the core's reader:
/// `(read, None)`, or `(None, problem)` with `problem` `(field, action, message)`.
#[pyfunction]
pub fn phh_read<'py>(py: Python<'py>, doc: &Bound<'py, PyDict>) -> PyResult<ReadOrProblem<'py>> {
    let mut fields: Vec<(String, Owned)> = Vec::with_capacity(doc.len());
    for (key, value) in doc.iter() {
        if let Ok(key) = key.cast::<PyString>() {
            fields.push((key.to_string_lossy().into_owned(), owned(&value, 0)?));
        }
    }
    let fields: Vec<(&str, Value<'_>)> =
        fields.iter().map(|(k, v)| (k.as_str(), view(v))).collect();
    Ok(match read_steps(&fields) {
        Ok(read) => (Some(reading(py, &read)?), None),
        Err(wrong) => (None, Some(problem(py, &wrong)?)),
    })
}
