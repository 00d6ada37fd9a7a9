//! The variant table for Python: `_core.VARIANTS`, one read-only `Variant` per game in the
//! order of the game codes, and the tables made from it (`GAME_NAMES`, `PHH_VARIANTS`).
//!
//! The rows are the core's (`pokerforge_core::variant`); these objects only read them.

use pokerforge_core::variant::{describe, BetSize, Forced, HandKind, Opener, Street, VARIANTS};
use pokerforge_core::{Error, ShortDeckOrder};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::errors::to_py;

/// One game's row of the variant table (read-only).
#[pyclass(name = "Variant", module = "pokerforge._core", frozen)]
#[derive(Debug)]
pub struct PyVariant {
    row: &'static pokerforge_core::variant::Variant,
}

/// One street of a game: its dealing and its betting round (read-only).
#[pyclass(name = "StreetRule", module = "pokerforge._core", frozen)]
#[derive(Debug)]
pub struct PyStreet {
    street: &'static Street,
}

fn kind_name(kind: Option<HandKind>) -> Option<&'static str> {
    kind.map(HandKind::name)
}

#[pymethods]
impl PyVariant {
    /// The game's code: its index in `VARIANTS`.
    #[getter]
    fn code(&self) -> usize {
        self.row.game as usize
    }
    #[getter]
    fn name(&self) -> &'static str {
        self.row.name
    }
    #[getter]
    fn display(&self) -> &'static str {
        self.row.display
    }
    #[getter]
    fn aliases<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.row.aliases)
    }
    #[getter]
    fn deck(&self) -> u8 {
        self.row.deck
    }
    #[getter]
    fn hole_cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.row.hole_cards)
    }
    #[getter]
    fn streets<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let streets = self
            .row
            .streets
            .iter()
            .map(|street| PyStreet { street })
            .collect::<Vec<_>>();
        PyTuple::new(py, streets)
    }
    /// `"blinds"` or `"bring-in"`.
    #[getter]
    fn forced(&self) -> &'static str {
        match self.row.forced {
            Forced::Blinds => "blinds",
            Forced::BringIn => "bring-in",
        }
    }
    #[getter]
    fn button_blind(&self) -> bool {
        self.row.button_blind
    }
    #[getter]
    fn straddle(&self) -> bool {
        self.row.straddle
    }
    #[getter]
    fn structures<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.row.structures.iter().map(|s| s.name()))
    }
    #[getter]
    fn high(&self) -> Option<&'static str> {
        kind_name(self.row.high)
    }
    #[getter]
    fn low(&self) -> Option<&'static str> {
        kind_name(self.row.low)
    }
    #[getter]
    fn showing_high(&self) -> bool {
        self.row.showing_high
    }
    #[getter]
    fn open_pair(&self) -> bool {
        self.row.open_pair
    }
    #[getter]
    fn odd_chip_by_cards(&self) -> bool {
        self.row.odd_chip_by_cards
    }
    #[getter]
    fn max_players(&self) -> u8 {
        self.row.max_players
    }
    /// `((structure, code), ...)`: the PHH variant code of each structure played.
    #[getter]
    fn phh<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.row.phh.iter().map(|(s, code)| (s.name(), *code)))
    }
    #[getter]
    fn pokerstars(&self) -> &'static str {
        self.row.pokerstars
    }
    #[getter]
    fn draw_rounds(&self) -> usize {
        self.row.draw_rounds()
    }
    #[getter]
    fn board_cards(&self) -> usize {
        self.row.board_cards()
    }
    #[getter]
    fn up_cards(&self) -> bool {
        self.row.up_cards()
    }
    #[getter]
    fn hi_lo(&self) -> bool {
        self.row.hi_lo()
    }
    /// `((category, name), ...)`: the categories equity counts for the game (its high
    /// hand's, else its low's), best first, each named in the hand kind's words.
    #[pyo3(signature = (trips_beat_straight = true))]
    fn categories(&self, trips_beat_straight: bool) -> Vec<(u8, &'static str)> {
        let order = ShortDeckOrder::from_trips_beat_straight(trips_beat_straight);
        self.row
            .high
            .or(self.row.low)
            .map_or(&[][..], |kind| kind.categories(order))
            .iter()
            .map(|(category, name)| (*category as u8, *name))
            .collect()
    }
    fn __repr__(&self) -> String {
        format!("<Variant {}>", self.row.name)
    }
}

#[pymethods]
impl PyStreet {
    #[getter]
    fn name(&self) -> &'static str {
        self.street.name
    }
    #[getter]
    fn burn(&self) -> u8 {
        self.street.burn
    }
    #[getter]
    fn down(&self) -> u8 {
        self.street.down
    }
    #[getter]
    fn up(&self) -> u8 {
        self.street.up
    }
    #[getter]
    fn board(&self) -> u8 {
        self.street.board
    }
    #[getter]
    fn draw(&self) -> bool {
        self.street.draw
    }
    /// `"small"` or `"big"`.
    #[getter]
    fn bet(&self) -> &'static str {
        match self.street.bet {
            BetSize::Small => "small",
            BetSize::Big => "big",
        }
    }
    /// `"after-blinds"`, `"left-of-button"`, `"bring-in"` or `"best-showing"`.
    #[getter]
    fn opener(&self) -> &'static str {
        match self.street.opener {
            Opener::AfterBlinds => "after-blinds",
            Opener::LeftOfButton => "left-of-button",
            Opener::BringIn => "bring-in",
            Opener::BestShowing => "best-showing",
        }
    }
    fn __repr__(&self) -> String {
        format!("<StreetRule {}>", self.street.name)
    }
}

/// The hand of rank `rank` of the hand kind called `kind` in the kind's words
/// (`variant::describe`): `"Two pair, kings and nines"`, `"8-6-5-3-2 low"`, `"no low"`.
#[pyfunction]
#[pyo3(signature = (kind, rank, trips_beat_straight = true))]
pub fn describe_hand(kind: &str, rank: i64, trips_beat_straight: bool) -> PyResult<String> {
    let found = HandKind::named(kind).ok_or_else(|| {
        to_py(Error::InvalidSetting {
            name: "kind",
            value: kind.to_string(),
            expected: "a hand kind: high, short-deck-high, omaha-high, omaha-eight, \
                       eight-or-better, a-5-low, 2-7-low or badugi",
        })
    })?;
    let order = ShortDeckOrder::from_trips_beat_straight(trips_beat_straight);
    let Ok(class) = u16::try_from(rank) else {
        return Err(to_py(Error::InvalidSetting {
            name: "rank",
            value: rank.to_string(),
            expected: "a class of the hand kind, 1 up to its number of classes",
        }));
    };
    describe(found, class, order).map_err(to_py)
}

/// Adds `VARIANTS`, `GAME_NAMES` (every name and alias with its game's name: the names in
/// code order, then the aliases), `PHH_VARIANTS` (`(code, game, structure)`),
/// `HAND_KINDS` (`(name, words, classes)` of every hand kind) and `describe_hand` to `m`.
pub fn add_to(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<PyVariant>()?;
    m.add_class::<PyStreet>()?;
    let rows = VARIANTS
        .iter()
        .map(|row| PyVariant { row })
        .collect::<Vec<_>>();
    m.add("VARIANTS", PyTuple::new(py, rows)?)?;
    let names = VARIANTS.iter().map(|v| (v.name, v.name)).chain(
        VARIANTS
            .iter()
            .flat_map(|v| v.aliases.iter().map(move |alias| (*alias, v.name))),
    );
    let names = names.collect::<Vec<_>>();
    m.add("GAME_NAMES", PyTuple::new(py, names)?)?;
    let codes = VARIANTS.iter().flat_map(|v| {
        v.phh
            .iter()
            .map(move |(structure, code)| (*code, v.name, structure.name()))
    });
    let codes = codes.collect::<Vec<_>>();
    m.add("PHH_VARIANTS", PyTuple::new(py, codes)?)?;
    let kinds = HandKind::ALL.map(|kind| (kind.name(), kind.words(), kind.classes()));
    m.add("HAND_KINDS", PyTuple::new(py, kinds)?)?;
    m.add_function(wrap_pyfunction!(describe_hand, m)?)?;
    Ok(())
}
