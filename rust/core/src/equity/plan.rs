//! A checked equity request: the method that will run, what it is expected to cost, and
//! running it within a deadline.
//!
//! [`plan`] is the one place an equity request is checked: players, board and dead cards
//! (errors carry their [`Location`](crate::Location)), the settings and how they combine,
//! and the choice [`Method::Auto`] makes. A caller that has to budget work (the HTTP
//! service) plans first, reads [`Plan::estimated_seconds`], and runs the plan later with
//! its own deadline; [`equity`](super::equity) does both at once.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::monte_carlo::{self, Stop};
use super::ranges::{self, Route};
use super::{exact, preflop, validate, EquityOptions, Game, Player, Setup, AUTO_EXACT_SECONDS};
use super::{EquityResult, Method};
use crate::card_set::CardSet;
use crate::error::{Error, Result};

/// What an equity request will run; made by [`plan`].
#[derive(Debug, Clone)]
pub struct Plan {
    setup: Setup,
    /// The method asked for.
    asked: Method,
    /// The method chosen (never `Auto`).
    method: Method,
    /// Answered from the pre-flop table.
    table: bool,
    /// Answered heads-up hand by hand (the heads-up table or the sweep).
    route: Option<Route>,
    /// Each hand's result wanted.
    by_hand: bool,
    exact_seconds: f64,
    samples: Option<u64>,
    target_stderr: Option<f64>,
}

/// Checks an equity request and decides how it will run (nothing is computed yet, except
/// each player's list of possible hands).
///
/// `Method::Auto` picks exact enumeration when the pre-flop table answers it or its
/// estimated cost on one thread is at most [`AUTO_EXACT_SECONDS`], and Monte Carlo
/// otherwise, or whenever `samples` or `target_stderr` (settings only Monte Carlo uses)
/// are given.
///
/// # Errors
/// - [`Error::PlayerCount`]: fewer than 2 or more than 10 players (8 in the stud games).
/// - [`Error::CardCount`]: a board of 1, 2 or 6+ cards (any board in the stud games), a
///   Hold'em hand that is not 2 cards, Omaha hands that are not all 4, 5 or 6 cards, a stud
///   hand of more than 7 cards.
/// - [`Error::DuplicateCard`]: a card in two places (hands, board, dead).
/// - [`Error::DeckExhausted`]: more cards needed than the deck has left.
/// - [`Error::NoPossibleHand`]: a range with no hand left once the known cards are out,
///   or ranges that plainly cannot all be dealt at once.
/// - [`Error::InvalidSetting`]: `samples = 0`, a target standard error that is not a
///   positive number, a range in an Omaha or stud game, `Method::Exact` with more
///   combinations than can be listed (stud: more than a billion nodes of enumeration), with
///   an Omaha random player, or together with `samples` or `target_stderr`.
///
/// Errors about one player, the board or the dead cards are wrapped in [`Error::At`].
pub fn plan(
    players: &[Player],
    board: CardSet,
    dead: CardSet,
    options: &EquityOptions<'_>,
) -> Result<Plan> {
    check_stopping(options)?;
    let setup = validate(players, board, dead, options)?;
    let monte_carlo_only = options.samples.is_some() || options.target_stderr.is_some();
    if options.method == Method::Exact && monte_carlo_only {
        let (name, value) = match options.samples {
            Some(s) => ("samples", s.to_string()),
            None => (
                "target_stderr",
                options.target_stderr.unwrap_or_default().to_string(),
            ),
        };
        return Err(Error::InvalidSetting {
            name,
            value,
            expected: "no Monte Carlo setting with method \"exact\" (or method \"monte-carlo\")",
        });
    }
    let exact_wanted = options.method != Method::MonteCarlo && !monte_carlo_only;
    let table = exact_wanted && preflop_table_applies(&setup);
    // The table against a random hand has the categories too: it answers unless each
    // hand's result is wanted.
    let route = exact_wanted
        .then(|| ranges::route(&setup, options.skip_categories, options.by_hand))
        .flatten()
        .filter(|_| options.by_hand || !table);
    let table = table && route.is_none();
    if options.by_hand && route.is_none() {
        return Err(Error::InvalidSetting {
            name: "by_hand",
            value: "true".to_string(),
            expected: "a heads-up Hold'em request counted exactly (two players, no Monte \
                       Carlo setting; before the flop, no dead cards)",
        });
    }
    let exact_seconds = match route {
        _ if table => 0.0,
        Some(route) => ranges::estimated_seconds(route, &setup),
        None => exact::estimated_seconds(&setup),
    };
    let quick = table || route.is_some();
    let method = match options.method {
        Method::Auto if quick || (!monte_carlo_only && exact_seconds <= AUTO_EXACT_SECONDS) => {
            Method::Exact
        }
        Method::Auto => Method::MonteCarlo,
        m => m,
    };
    if method == Method::Exact && !quick {
        exact::check_affordable(&setup, exact_seconds)?;
    }
    Ok(Plan {
        setup,
        asked: options.method,
        method,
        table,
        route,
        by_hand: options.by_hand,
        exact_seconds,
        samples: options.samples,
        target_stderr: options.target_stderr,
    })
}

/// Checks the Monte Carlo stopping settings: `samples` at least 1, `target_stderr` a
/// positive number (the draw games' plan checks them the same way).
pub(crate) fn check_stopping(options: &EquityOptions<'_>) -> Result<()> {
    if options.samples == Some(0) {
        return Err(Error::InvalidSetting {
            name: "samples",
            value: "0".to_string(),
            expected: "a positive number of deals",
        });
    }
    if let Some(t) = options.target_stderr {
        if !(t > 0.0 && t.is_finite()) {
            return Err(Error::InvalidSetting {
                name: "target_stderr",
                value: t.to_string(),
                expected: "a positive number",
            });
        }
    }
    Ok(())
}

/// Whether the pre-flop table answers: Hold'em heads-up, no board, no dead cards, one
/// player random.
fn preflop_table_applies(setup: &Setup) -> bool {
    setup.game == Game::Holdem
        && setup.players.len() == 2
        && setup.board == 0
        && setup.dead == 0
        && matches!(setup.dealt.as_slice(), [0] | [1] | [0, 1])
}

impl Plan {
    /// The same request counted by exact enumeration with every final-hand category: for
    /// a plan whose answer leaves them out (the heads-up table), so that they can still be
    /// counted when asked for.
    pub fn counting_categories(&self) -> Plan {
        let route = self.route.filter(|&r| r != Route::Table);
        Plan {
            setup: self.setup.clone(),
            asked: Method::Exact,
            method: Method::Exact,
            table: false,
            route,
            by_hand: false,
            exact_seconds: match route {
                Some(route) => ranges::estimated_seconds(route, &self.setup),
                None => exact::estimated_seconds(&self.setup),
            },
            samples: None,
            target_stderr: None,
        }
    }

    /// Refuses the plan's exact count when it is past its bounds (as [`plan`] refuses
    /// `Method::Exact`): for a plan made by [`Plan::counting_categories`], which is
    /// counted later, on request.
    ///
    /// # Errors
    /// [`Error::TooManyDeals`], [`Error::InvalidSetting`] or [`Error::NoPossibleHand`], as
    /// [`plan`] with `Method::Exact`.
    pub fn check_exact(&self) -> Result<()> {
        if self.method == Method::Exact && !self.table && self.route.is_none() {
            exact::check_affordable(&self.setup, self.exact_seconds)?;
        }
        Ok(())
    }

    /// Whether running the plan uses no thread but the caller's: a table lookup, or a
    /// heads-up sweep from the turn on (microseconds to a few milliseconds).
    pub fn sequential(&self) -> bool {
        self.table
            || self
                .route
                .is_some_and(|r| ranges::sequential(r, &self.setup))
    }

    /// The method that will run first: `Exact` or `MonteCarlo` (never `Auto`). A plan of
    /// `Auto` that picked `Exact` may hand over to Monte Carlo at run time.
    pub fn method(&self) -> Method {
        self.method
    }

    /// Estimated seconds of exact enumeration on one thread (0 for the pre-flop table,
    /// infinity when out of reach). Pessimistic by design, and the same on every machine.
    pub fn exact_seconds(&self) -> f64 {
        self.exact_seconds
    }

    /// Estimated seconds of work on one thread for the chosen method, at most
    /// `time_limit` when one is given: the exact estimate, or Monte Carlo's sample count
    /// times a per-deal cost (a rough, machine-independent figure).
    pub fn estimated_seconds(&self, time_limit: Option<f64>) -> f64 {
        let seconds = match self.method {
            Method::MonteCarlo => monte_carlo::estimated_seconds(
                &self.setup,
                self.stop(time_limit.map(|_| Instant::now())),
            ),
            _ => self.exact_seconds,
        };
        time_limit.map_or(seconds, |t| seconds.min(t))
    }

    fn stop(&self, deadline: Option<Instant>) -> Stop {
        Stop {
            samples: self.samples,
            target_stderr: self.target_stderr,
            deadline,
        }
    }

    /// Runs the plan on the current rayon pool.
    ///
    /// `deadline` bounds the work: Monte Carlo stops there and reports the whole work units
    /// counted (replayable by seed and sample count); exact enumeration asked for by name
    /// fails with [`Error::OutOfTime`]; exact enumeration chosen by `Auto` gets the first
    /// half of the time left (or `4 * AUTO_EXACT_SECONDS` without a deadline) and then
    /// hands over to Monte Carlo for the rest. `cancel` is checked as often as the
    /// deadline.
    ///
    /// # Errors
    /// [`Error::OutOfTime`], [`Error::Interrupted`], or [`Error::NoPossibleHand`] when
    /// the ranges cannot all be dealt at once.
    pub fn run(
        &self,
        seed: u64,
        deadline: Option<Instant>,
        cancel: Option<&AtomicBool>,
    ) -> Result<EquityResult> {
        if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            return Err(Error::Interrupted);
        }
        let begun = Instant::now();
        // Monte Carlo after an exact attempt ran out of time: a refusal names the whole
        // time limit, not what the attempt left of it.
        let handover = || match monte_carlo::run(&self.setup, self.stop(deadline), seed, cancel) {
            Err(Error::NoDealInTime { .. }) => Err(Error::NoDealInTime {
                seconds: format!(
                    "{:.3}",
                    deadline.map_or(0.0, |d| d.saturating_duration_since(begun).as_secs_f64())
                ),
            }),
            other => other,
        };
        if self.table {
            let hero = usize::from(self.setup.dealt.as_slice() == [0]);
            if let Some(result) = preflop::lookup(&self.setup.players[hero], hero) {
                return Ok(result);
            }
        }
        if let Some(route) = self.route {
            let counted = ranges::run(route, &self.setup, deadline, cancel)
                .and_then(|heads_up| heads_up.answer(self.by_hand));
            return match counted {
                // Auto may still hand over to Monte Carlo when the time runs out.
                Err(Error::OutOfTime { .. }) if self.asked == Method::Auto && !self.by_hand => {
                    handover()
                }
                other => other,
            };
        }
        if self.method == Method::MonteCarlo {
            return monte_carlo::run(&self.setup, self.stop(deadline), seed, cancel);
        }
        if self.asked == Method::Exact {
            return exact::run(&self.setup, deadline, cancel);
        }
        let now = Instant::now();
        let exact_deadline = match deadline {
            Some(d) => now + d.saturating_duration_since(now) / 2,
            None => now + Duration::from_secs_f64(4.0 * AUTO_EXACT_SECONDS),
        };
        match exact::run(&self.setup, Some(exact_deadline), cancel) {
            Err(Error::OutOfTime { .. }) => handover(),
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Location;

    fn players(texts: &[&str]) -> Vec<Player> {
        texts.iter().map(|t| t.parse().unwrap()).collect()
    }

    fn plan_of(texts: &[&str], method: Method) -> Result<Plan> {
        let options = EquityOptions {
            method,
            ..EquityOptions::default()
        };
        plan(&players(texts), CardSet::EMPTY, CardSet::EMPTY, &options)
    }

    #[test]
    fn auto_picks_by_the_estimate() {
        assert_eq!(
            plan_of(&["AhAs", "KdKc"], Method::Auto).unwrap().method(),
            Method::Exact
        );
        assert_eq!(
            plan_of(&["AhKh", "random", "random"], Method::Auto)
                .unwrap()
                .method(),
            Method::MonteCarlo
        );
        let table = plan_of(&["AhKh", "random"], Method::Auto).unwrap();
        assert_eq!(
            (table.method(), table.exact_seconds()),
            (Method::Exact, 0.0)
        );
    }

    #[test]
    fn exact_planning_of_crowded_ranges_is_bounded() {
        // No deal at all, hidden among billions of dead ends: refused at once.
        let none = ["A2o+", "A2o+", "A2o+", "A2o+", "A2o+", "AA", "AA"];
        let err = plan_of(&none, Method::Exact).unwrap_err();
        assert!(
            matches!(err, Error::NoPossibleHand { player: None }),
            "{err}"
        );
        // Deals that exist but that no search within the step budget can count.
        let crowded = ["A2o+", "A2o+", "K2o+", "K2o+", "Q2o+", "Q2o+", "AK"];
        let err = plan_of(&crowded, Method::Exact).unwrap_err();
        assert_eq!(err, too_many(), "{err}");
        assert_eq!(
            plan_of(&crowded, Method::Auto).unwrap().method(),
            Method::MonteCarlo
        );
    }

    fn too_many() -> Error {
        plan_of(&["random", "random", "random"], Method::Exact).unwrap_err()
    }

    #[test]
    fn errors_say_where() {
        let err = plan_of(&["AhKh", "AhQd"], Method::Auto).unwrap_err();
        assert_eq!(err.location(), Some(Location::Player(1)));
        assert_eq!(
            err.to_string(),
            "players[1]: the card Ah is given more than once"
        );
        let options = EquityOptions::default();
        let board: CardSet = "2c3c".parse().unwrap();
        let err = plan(&players(&["AhKh", "QsQd"]), board, CardSet::EMPTY, &options).unwrap_err();
        assert_eq!(err.location(), Some(Location::Board));
        let dead: CardSet = "2c".parse().unwrap();
        let board: CardSet = "2c3c4c".parse().unwrap();
        let err = plan(&players(&["AhKh", "QsQd"]), board, dead, &options).unwrap_err();
        assert_eq!(err.location(), Some(Location::Dead));
    }

    #[test]
    fn exact_refuses_monte_carlo_settings() {
        let options = EquityOptions {
            method: Method::Exact,
            samples: Some(1000),
            ..EquityOptions::default()
        };
        let err = plan(
            &players(&["AhAs", "KdKc"]),
            CardSet::EMPTY,
            CardSet::EMPTY,
            &options,
        )
        .unwrap_err();
        assert!(matches!(
            err,
            Error::InvalidSetting {
                name: "samples",
                ..
            }
        ));
    }

    #[test]
    fn plainly_impossible_ranges_are_refused_up_front() {
        let ten = ["JJ+"; 10];
        let err = plan_of(&ten, Method::Auto).unwrap_err();
        assert_eq!(err, Error::NoPossibleHand { player: None });
    }
}
