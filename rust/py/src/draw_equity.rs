//! `draw_equity()` for Python: the draw games' equity (`pokerforge.equity.equity` calls it
//! for a draw game).
//!
//! The core checks the request ([`pokerforge_core::equity::draw::plan`]); this module
//! converts the players and each player's draw, runs the plan on the pool like `equity()`
//! (Ctrl-C checked while it runs), and builds the result objects of `pokerforge.equity`.

use std::sync::Arc;

use pokerforge_core::equity::draw::{plan, Draw, DrawResult};
use pokerforge_core::equity::{Game, Method, Player};
use pokerforge_core::{CardSet, EquityOptions, Error, Location};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyString, PyTuple};

use crate::card_class::PyCardSet;
use crate::cards::{fresh_seed, seed_value};
use crate::equity::{player_of, time_limit_of};
use crate::errors::{located, to_py};
use crate::input::{card_set, core, text_of, Int};
use crate::parallel::interruptible;
use crate::parallel::threads_for;
use crate::registry;

/// One entry of `draws`: `None` (the policy), a number of cards, `"pat"`, `"policy"`, a
/// number as text, or the cards to throw. Errors name the player (`players[i]`).
fn draw_of(i: usize, obj: &Bound<'_, PyAny>) -> PyResult<Draw> {
    let here = Location::Player(i);
    if obj.is_none() {
        return Ok(Draw::Policy);
    }
    if let Ok(text) = obj.cast::<PyString>() {
        let text = text_of(text).map_err(|e| located(e, &here.to_string()))?;
        return text.parse::<Draw>().map_err(|e| to_py(e.at(here)));
    }
    if obj.is_instance_of::<PyInt>() && !obj.is_instance_of::<PyBool>() {
        let n: Int = obj.extract()?;
        return match n.get::<usize>() {
            Some(n) => Ok(Draw::Count(n)),
            None => Err(to_py(
                Error::InvalidSetting {
                    name: "draws",
                    value: n.0.to_string(),
                    expected: "a number of cards from 0 up, \"pat\", or the cards to throw",
                }
                .at(here),
            )),
        };
    }
    card_set(obj)
        .map(Draw::Discard)
        .map_err(|e| located(e, &here.to_string()))
}

/// The result as a `pokerforge.equity.EquityResult`, each player with the chances of the
/// game's final hands and the cards thrown at the next draw.
fn to_python<'py>(py: Python<'py>, drawn: &DrawResult, game: Game) -> PyResult<Bound<'py, PyAny>> {
    let result = &drawn.result;
    let categories: Vec<Bound<'_, PyAny>> = registry::class(py, "Category")?
        .try_iter()?
        .collect::<PyResult<_>>()?;
    let player_class = registry::class(py, "PlayerEquity")?;
    let players = result
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let chances = PyDict::new(py);
            // Badugi hands have no high-hand shape.
            if game != Game::Badugi {
                for (category, chance) in categories.iter().zip(p.categories) {
                    chances.set_item(category, chance)?;
                }
            }
            let hands = PyDict::new(py);
            for (label, chance) in drawn.labels.iter().zip(&drawn.hands[i]) {
                hands.set_item(*label, chance)?;
            }
            let kwargs = PyDict::new(py);
            kwargs.set_item("equity", p.equity)?;
            kwargs.set_item("win", p.win)?;
            kwargs.set_item("tie", p.tie)?;
            kwargs.set_item("categories", chances)?;
            kwargs.set_item("stderr", p.stderr)?;
            kwargs.set_item("final_hands", hands)?;
            let discards = drawn.discards[i].map(PyCardSet);
            kwargs.set_item("discards", discards)?;
            player_class.call((), Some(&kwargs))
        })
        .collect::<PyResult<Vec<_>>>()?;
    let kwargs = PyDict::new(py);
    kwargs.set_item("players", PyTuple::new(py, players)?)?;
    kwargs.set_item("method", result.method.name())?;
    kwargs.set_item("exact", result.exact)?;
    kwargs.set_item("deals", result.deals)?;
    kwargs.set_item("stderr", result.stderr)?;
    kwargs.set_item("seed", result.seed)?;
    registry::class(py, "EquityResult")?.call((), Some(&kwargs))
}

/// Equity of each player of a draw game; see `pokerforge.equity.equity` for the
/// documentation.
#[pyfunction]
#[pyo3(signature = (
    players, board = None, dead = None, *, game, draws = None, draw_rounds = None,
    method = None, samples = None, target_stderr = None, seed = None, time_limit = None,
    threads = None, by_hand = false
))]
#[allow(clippy::too_many_arguments)]
pub fn draw_equity<'py>(
    py: Python<'py>,
    players: &Bound<'py, PyAny>,
    board: Option<&Bound<'py, PyAny>>,
    dead: Option<&Bound<'py, PyAny>>,
    game: &Bound<'py, PyString>,
    draws: Option<&Bound<'py, PyAny>>,
    draw_rounds: Option<Int>,
    method: Option<&Bound<'py, PyString>>,
    samples: Option<Int>,
    target_stderr: Option<f64>,
    seed: Option<Int>,
    time_limit: Option<f64>,
    threads: Option<Int>,
    by_hand: bool,
) -> PyResult<Bound<'py, PyAny>> {
    if players.is_instance_of::<PyString>() {
        return Err(to_py(Error::PlayerCount {
            got: 1,
            expected: "2 to 10 (as a list, e.g. [\"7h5d4c3s2h\", \"random\"])",
        }));
    }
    let players: Vec<Player> = players
        .try_iter()?
        .enumerate()
        .map(|(i, given)| player_of(i, &given?))
        .collect::<PyResult<_>>()?;
    let draws: Vec<Draw> = match draws {
        None => Vec::new(),
        Some(d) if d.is_none() => Vec::new(),
        Some(d) if d.is_instance_of::<PyString>() => {
            return Err(to_py(Error::InvalidSetting {
                name: "draws",
                value: format!("'{}'", d.str()?),
                expected: "a list with one draw per player",
            }))
        }
        Some(d) => d
            .try_iter()?
            .enumerate()
            .map(|(i, given)| draw_of(i, &given?))
            .collect::<PyResult<_>>()?,
    };
    let rounds = match draw_rounds {
        None => None,
        Some(n) => Some(n.get::<usize>().ok_or_else(|| {
            to_py(Error::InvalidSetting {
                name: "draw_rounds",
                value: n.0.to_string(),
                expected: "0 to the game's number of draws (1 or 3)",
            })
        })?),
    };
    let board = crate::equity::cards_at(board, Location::Board)?;
    let dead = crate::equity::cards_at(dead, Location::Dead)?;
    let game: Game = core(crate::equity::setting_text(game).parse())?;
    let method: Method = match method {
        Some(name) => core(crate::equity::setting_text(name).parse())?,
        None => Method::Auto,
    };
    let samples = crate::equity::samples_of(samples)?;
    let options = EquityOptions {
        game,
        method,
        samples,
        target_stderr,
        by_hand,
        ..EquityOptions::default()
    };
    let planned = core(py.detach(|| plan(&players, board, dead, &draws, rounds, &options)))?;
    let limit = time_limit_of(time_limit)?;
    let seed = match seed {
        None => fresh_seed(),
        Some(s) => seed_value(s)?,
    };
    let threads = threads_for(threads, usize::MAX, 0)?;
    let result = interruptible(py, threads, Arc::default(), move |cancel| {
        let deadline = limit.map(|l| std::time::Instant::now() + l);
        planned.run(seed, deadline, Some(cancel))
    })?;
    to_python(py, &result, game)
}

/// The cards a player of `game` throws from `cards` under the game's policy with
/// `draws_left` draws left (this one included).
#[pyfunction]
pub fn draw_policy_discards(
    game: &Bound<'_, PyString>,
    cards: &Bound<'_, PyAny>,
    draws_left: Int,
) -> PyResult<PyCardSet> {
    let game: Game = core(crate::equity::setting_text(game).parse())?;
    let hand = card_set(cards)?;
    let Some(rounds) = game.draw_rounds() else {
        return Err(to_py(Error::InvalidSetting {
            name: "game",
            value: format!("\"{}\"", game.name()),
            expected: "a draw game",
        }));
    };
    let size = if game == Game::Badugi { 4 } else { 5 };
    if hand.len() != size {
        return Err(to_py(Error::CardCount {
            what: if size == 4 {
                "a badugi hand"
            } else {
                "a draw-game hand"
            },
            expected: if size == 4 { "4" } else { "5" },
            got: hand.len(),
        }));
    }
    let left = match draws_left.get::<usize>() {
        Some(n) if (1..=rounds).contains(&n) => n,
        _ => {
            return Err(to_py(Error::InvalidSetting {
                name: "draws_left",
                value: draws_left.0.to_string(),
                expected: "1 to the game's number of draws (1 or 3)",
            }))
        }
    };
    let kept = pokerforge_core::equity::draw::policy::keep(game, hand.mask(), left);
    Ok(PyCardSet(CardSet::from_mask_truncate(hand.mask() & !kept)))
}
