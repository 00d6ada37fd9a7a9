//! A deal's layout in a shuffled deck: the Python hand engine's hot path deals a hand with
//! one call (the shuffle and every seat's cards) instead of a deck, a list and a picker per
//! seat.

use pokerforge_core::{CardSet, Deck};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyTuple;

use crate::cards::{fresh_seed, seed_value};
use crate::errors::CardCountError;
use crate::input::{core, Int};
use crate::record::untrack_atoms;

/// Where each seat's hole cards and the board lie in a deck shuffled as `Deck(seed)`
/// shuffles it, as positions in dealing order (the engine works the layout out, rule 10).
#[pyclass(name = "DealLayout", module = "pokerforge._core", frozen)]
#[derive(Debug)]
pub struct PyDealLayout {
    holes: Vec<Vec<usize>>,
    board: Vec<usize>,
    count: usize,
}

#[pymethods]
impl PyDealLayout {
    #[new]
    fn new(holes: Vec<Vec<Int>>, board: Vec<Int>) -> PyResult<PyDealLayout> {
        // Every position checked as given (an int of any size): a position past the deck
        // must be an error, never an index that overflows or reads past the cards dealt.
        let position = |p: &Int| match p.get::<usize>() {
            Some(p) if p < 52 => Ok(p),
            _ => Err(CardCountError::new_err(format!(
                "a deal layout reaches deck position {}, but a deck has 52 cards (0 to 51)",
                p.0
            ))),
        };
        let holes = holes
            .iter()
            .map(|places| places.iter().map(position).collect::<PyResult<Vec<_>>>())
            .collect::<PyResult<Vec<_>>>()?;
        let board = board.iter().map(position).collect::<PyResult<Vec<_>>>()?;
        let count = holes
            .iter()
            .flatten()
            .chain(&board)
            .max()
            .map_or(0, |&last| last + 1);
        Ok(PyDealLayout {
            holes,
            board,
            count,
        })
    }

    /// `(seed, holes, board)`: the seed used (`None`: a fresh one), each seat's hole cards
    /// as a tuple of card indices, and the board's, from the deck `Deck(seed)` shuffles.
    #[pyo3(signature = (seed = None))]
    fn deal<'py>(
        &self,
        py: Python<'py>,
        seed: Option<Int>,
    ) -> PyResult<(u64, Bound<'py, PyTuple>, Bound<'py, PyTuple>)> {
        let seed = match seed {
            None => fresh_seed(),
            Some(seed) => seed_value(seed)?,
        };
        let mut deck = Deck::shuffled_without(CardSet::EMPTY, seed);
        let cards = core(deck.deal(self.count))?;
        let pick = |places: &[usize]| {
            let tuple = PyTuple::new(py, places.iter().map(|&p| usize::from(cards[p].index())))?;
            untrack_atoms(&tuple);
            Ok::<_, PyErr>(tuple)
        };
        // Tuples all through: the hand never changes its hole cards, and tuples of ints
        // are out of the garbage collector's view from the start (it would untrack them
        // at its first look).
        let holes = self
            .holes
            .iter()
            .map(|places| match places[..] {
                [a, b] => Ok(pair(py, cards[a].index(), cards[b].index())?.clone()),
                _ => pick(places),
            })
            .collect::<PyResult<Vec<_>>>()?;
        let holes = PyTuple::new(py, holes)?;
        untrack_atoms(&holes);
        Ok((seed, holes, pick(&self.board)?))
    }

    /// How many cards a deal takes from the deck (burns included).
    #[getter]
    fn count(&self) -> usize {
        self.count
    }
}

/// The tuple `(a, b)` of two card indices, one shared tuple for each of the 2,704 pairs
/// (made once, on the first deal): a Hold'em deal then makes no tuple per seat, so a new
/// hand has six objects less to make, free and show the garbage collector.
fn pair(py: Python<'_>, a: u8, b: u8) -> PyResult<&Bound<'_, PyTuple>> {
    static PAIRS: PyOnceLock<Vec<Py<PyTuple>>> = PyOnceLock::new();
    let pairs = PAIRS.get_or_try_init(py, || {
        (0..52u8)
            .flat_map(|a| (0..52u8).map(move |b| (a, b)))
            .map(|cards| {
                let pair = PyTuple::new(py, <[u8; 2]>::from(cards))?;
                untrack_atoms(&pair);
                Ok(pair.unbind())
            })
            .collect::<PyResult<Vec<_>>>()
    })?;
    Ok(pairs[52 * usize::from(a) + usize::from(b)].bind(py))
}
