//! `Card`, `CardSet` and `Deck` for Python: the methods (the classes' data is in
//! `card_class.rs`, which the input layer reads without depending on this module).

use std::hash::{BuildHasher, Hasher};

use pokerforge_core::{Card, CardSet, Deck};
use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyString};

pub use crate::card_class::{PyCard, PyCardSet};
use crate::errors::{CardCountError, InvalidCardError, InvalidSpecError};
use crate::input::{card_list, card_set, core, mask_from_int, optional_card_set, text_of, Int};
use crate::registry;

static RANK_TYPE: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
static SUIT_TYPE: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// The shared object of `card` (cards are immutable, so one object per card serves every
/// caller, as Python does for small ints).
pub fn card_object(py: Python<'_>, card: Card) -> PyResult<Py<PyCard>> {
    static CARDS: PyOnceLock<Vec<Py<PyCard>>> = PyOnceLock::new();
    let cards = CARDS.get_or_try_init(py, || {
        (0..52u8)
            .map(|i| Py::new(py, PyCard(core(Card::try_from(i))?)))
            .collect::<PyResult<Vec<_>>>()
    })?;
    Ok(cards[usize::from(card.index())].clone_ref(py))
}

#[pymethods]
impl PyCard {
    #[new]
    fn new(card: &Bound<'_, PyAny>) -> PyResult<PyCard> {
        if let Ok(c) = card.cast::<PyCard>() {
            return Ok(*c.get());
        }
        let text = card.cast::<PyString>().map_err(|_| {
            InvalidCardError::new_err(
                "Card() takes the card's text, like 'Ah'; use Card.from_index(i) for an index",
            )
        })?;
        core(text_of(text)?.parse::<Card>()).map(PyCard)
    }

    /// The card with index `index` (`4 * rank + suit`, 0..51): one shared object per
    /// card, so lists of cards built from indices stay small and quick to read.
    #[staticmethod]
    fn from_index(py: Python<'_>, index: Int) -> PyResult<Py<PyCard>> {
        card_object(py, index.card()?)
    }

    /// The card's index, `4 * rank + suit`.
    #[getter]
    fn index(&self) -> u8 {
        self.0.index()
    }

    /// The card's rank, a `Rank`.
    #[getter]
    fn rank<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        registry::cached(py, &RANK_TYPE, "Rank")?.call1((self.0.rank() as u8,))
    }

    /// The card's suit, a `Suit`.
    #[getter]
    fn suit<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        registry::cached(py, &SUIT_TYPE, "Suit")?.call1((self.0.suit() as u8,))
    }

    /// The single-card mask, `1 << index`.
    #[getter]
    fn mask(&self) -> u64 {
        self.0.mask()
    }

    fn __int__(&self) -> u8 {
        self.0.index()
    }

    fn __index__(&self) -> u8 {
        self.0.index()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Card('{}')", self.0)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((slf.get_type().into_any(), (slf.get().0.to_string(),)))
    }
}

impl PyCardSet {
    fn binary(
        &self,
        other: &Bound<'_, PyAny>,
        op: fn(CardSet, CardSet) -> CardSet,
    ) -> PyResult<PyCardSet> {
        Ok(PyCardSet(op(self.0, card_set(other)?)))
    }
}

#[pymethods]
impl PyCardSet {
    #[new]
    #[pyo3(signature = (cards = None))]
    fn new(cards: Option<&Bound<'_, PyAny>>) -> PyResult<PyCardSet> {
        optional_card_set(cards).map(PyCardSet)
    }

    /// The set whose mask is `mask`.
    #[staticmethod]
    fn from_mask(mask: &Bound<'_, PyAny>) -> PyResult<PyCardSet> {
        mask_from_int(mask).map(PyCardSet)
    }

    /// The 52-bit mask.
    #[getter]
    fn mask(&self) -> u64 {
        self.0.mask()
    }

    fn __len__(&self) -> usize {
        self.0.len()
    }

    fn __bool__(&self) -> bool {
        !self.0.is_empty()
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        PyList::new(py, self.0.iter().map(PyCard))?
            .try_iter()
            .map(Bound::into_any)
    }

    fn __contains__(&self, card: &Bound<'_, PyAny>) -> PyResult<bool> {
        let cards = card_set(card)?;
        Ok(!cards.is_empty() && cards - self.0 == CardSet::EMPTY)
    }

    fn __or__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyCardSet> {
        self.binary(other, |a, b| a | b)
    }

    fn __ror__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyCardSet> {
        self.binary(other, |a, b| a | b)
    }

    fn __and__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyCardSet> {
        self.binary(other, |a, b| a & b)
    }

    fn __rand__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyCardSet> {
        self.binary(other, |a, b| a & b)
    }

    fn __xor__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyCardSet> {
        self.binary(other, |a, b| a ^ b)
    }

    fn __rxor__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyCardSet> {
        self.binary(other, |a, b| a ^ b)
    }

    fn __sub__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyCardSet> {
        self.binary(other, |a, b| a - b)
    }

    fn __rsub__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyCardSet> {
        self.binary(other, |a, b| b - a)
    }

    fn __invert__(&self) -> PyCardSet {
        PyCardSet(!self.0)
    }

    /// Whether the two sets share no card.
    fn isdisjoint(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(!self.0.intersects(card_set(other)?))
    }

    /// Whether every card of this set is in `other`.
    fn issubset(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.0 - card_set(other)? == CardSet::EMPTY)
    }

    /// Whether every card of `other` is in this set.
    fn issuperset(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(card_set(other)? - self.0 == CardSet::EMPTY)
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("CardSet('{}')", self.0)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((slf.get_type().into_any(), (slf.get().0.to_string(),)))
    }
}

/// A seed given by the user: any integer from 0 to 2**64 - 1.
pub fn seed_value(seed: Int) -> PyResult<u64> {
    seed.get::<u64>().ok_or_else(|| {
        InvalidSpecError::new_err(format!(
            "seed={} is not allowed: expected an integer from 0 to 2**64 - 1",
            seed.0
        ))
    })
}

/// A seed from the operating system's per-process random keys and the clock.
pub fn fresh_seed() -> u64 {
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    hasher.write_u128(nanos);
    hasher.finish()
}

/// How many cards to deal: 0 or more.
fn deal_count(n: Int) -> PyResult<usize> {
    n.get::<usize>().ok_or_else(|| {
        CardCountError::new_err(format!(
            "cannot deal {} cards: the count must be 0 or more",
            n.0
        ))
    })
}

/// A deck of cards in dealing order.
#[pyclass(name = "Deck", module = "pokerforge")]
#[derive(Debug)]
pub struct PyDeck {
    deck: Deck,
    seed: Option<u64>,
}

#[pymethods]
impl PyDeck {
    #[new]
    #[pyo3(signature = (seed = None, *, dead = None))]
    fn new(seed: Option<Int>, dead: Option<&Bound<'_, PyAny>>) -> PyResult<PyDeck> {
        let seed = match seed {
            None => fresh_seed(),
            Some(seed) => seed_value(seed)?,
        };
        let dead = optional_card_set(dead)?;
        Ok(PyDeck {
            deck: Deck::shuffled_without(dead, seed),
            seed: Some(seed),
        })
    }

    /// A deck that deals exactly `cards`, in this order.
    #[staticmethod]
    fn from_cards(cards: &Bound<'_, PyAny>) -> PyResult<PyDeck> {
        Ok(PyDeck {
            deck: core(Deck::from_cards(card_list(cards)?))?,
            seed: None,
        })
    }

    /// The seed that shuffled this deck (`None` for `Deck.from_cards`).
    #[getter]
    fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// Deals the next `n` cards.
    #[pyo3(signature = (n = Int(1)), text_signature = "($self, n=1)")]
    fn deal(&mut self, n: Int) -> PyResult<Vec<PyCard>> {
        let n = deal_count(n)?;
        Ok(core(self.deck.deal(n))?
            .iter()
            .map(|&c| PyCard(c))
            .collect())
    }

    /// Deals the next `n` cards as card indices (`4 * rank + suit`): `deal` without
    /// building a `Card` per card, for engines that deal millions of hands.
    #[pyo3(signature = (n = Int(1)), text_signature = "($self, n=1)")]
    fn deal_indices(&mut self, n: Int) -> PyResult<Vec<usize>> {
        let n = deal_count(n)?;
        Ok(core(self.deck.deal(n))?
            .iter()
            .map(|c| usize::from(c.index()))
            .collect())
    }

    /// Deals one card out of play and returns it.
    fn burn(&mut self) -> PyResult<PyCard> {
        core(self.deck.burn()).map(PyCard)
    }

    /// How many cards are left to deal.
    #[getter]
    fn remaining(&self) -> usize {
        self.deck.remaining()
    }

    /// The cards not dealt yet, in dealing order.
    #[getter]
    fn undealt(&self) -> Vec<PyCard> {
        self.deck.undealt().iter().map(|&c| PyCard(c)).collect()
    }

    /// The cards dealt (and burned) so far, in dealing order.
    #[getter]
    fn dealt(&self) -> Vec<PyCard> {
        self.deck.dealt().iter().map(|&c| PyCard(c)).collect()
    }

    fn __len__(&self) -> usize {
        self.deck.remaining()
    }

    fn __repr__(&self) -> String {
        match self.seed {
            Some(seed) => format!("<Deck seed={seed} remaining={}>", self.deck.remaining()),
            None => format!("<Deck remaining={}>", self.deck.remaining()),
        }
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Ok(other) = other.cast::<PyDeck>() else {
            return Ok(py.NotImplemented());
        };
        let same = self.deck == other.borrow().deck;
        match op {
            CompareOp::Eq => Ok(same.into_pyobject(py)?.to_owned().into_any().unbind()),
            CompareOp::Ne => Ok((!same).into_pyobject(py)?.to_owned().into_any().unbind()),
            _ => Ok(py.NotImplemented()),
        }
    }
}
