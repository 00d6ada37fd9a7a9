//! The data of the Python classes `Card` and `CardSet`. Their methods are in `cards.rs`;
//! the input layer (`convert.rs`) recognises these classes in what it reads, and
//! `cards.rs` reads its arguments through the input layer, so the classes sit below both.

use pokerforge_core::{Card, CardSet};
use pyo3::prelude::*;

/// One playing card.
#[pyclass(name = "Card", module = "pokerforge", frozen, eq, ord, hash)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PyCard(pub Card);

/// A set of cards, stored as a 64-bit mask (bit `i` for the card with index `i`).
#[pyclass(name = "CardSet", module = "pokerforge", frozen, eq, hash)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyCardSet(pub CardSet);
