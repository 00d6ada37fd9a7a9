//! Equity of the draw games: each player's share of the pot over the replacement cards of
//! the draws left.
//!
//! A request gives each player's current cards (five; badugi four) or a random hand, what
//! each does at the next draw ([`Draw`]), how many drawing rounds are left (by default the
//! game's own: one for single draw and five-card draw, three for triple draw and badugi),
//! and dead cards. Every later draw follows the game's built-in policy ([`policy`]), the
//! same in both methods.
//!
//! # The model
//! - Players draw in the order given, round after round; each throws its discards and gets
//!   as many cards from the top of the stub (the cards in no hand and not dead, in random
//!   order).
//! - Dead cards are known to be out of the stub (earlier discards, burned or exposed
//!   cards): they lie in the discard pile with every card thrown during the calculation.
//! - When the stub cannot give a player all the replacements, the player gets what is left
//!   of it, and the discard pile, less the cards this player has just thrown, is shuffled
//!   into a new stub for the rest (the usual rule: a player never gets their own discards
//!   back). Burn cards are not modelled: an unseen burned card changes nothing but the
//!   moment the stub runs out.
//! - A request the deck cannot serve is refused: the hands and one whole hand of
//!   replacements must fit in the 52 cards (at most nine players of a five-card game).
//!
//! # Methods
//! - Exact: every set of replacement cards, each player's from what the players before
//!   left in the stub. It applies when one drawing round is left, every hand is known and
//!   the stub covers every replacement; `Auto` picks it when the count of replacement sets
//!   is affordable ([`AUTO_EXACT_SECONDS`](super::AUTO_EXACT_SECONDS) on one thread).
//! - Monte Carlo otherwise: seeded deals in work units of the module's size, summed in
//!   order, so a seed gives the same result on any number of threads; `samples`,
//!   `target_stderr` and the deadline stop it as they stop the board games'.
//!
//! # What is reported
//! Each player's win, tie and pot share ([`EquityResult`]), and the distribution of final
//! hands by the game's classes ([`DrawResult::hands`], labels from [`hand_labels`]): the
//! lows of 2-7 and A-5 by their highest card (`"7-low"`, `"8-low"`, ...) then by shape
//! (`"pair"`, ...; 2-7 also straights and flushes), badugi by the number of cards that
//! play and a badugi's highest card, five-card draw by high-hand category. The result's
//! `categories` hold the hands' shapes as high-hand categories (a no-pair low is high card)
//! for all but badugi, whose are all 0.

pub mod policy;
mod run;

use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::monte_carlo::Stop;
use super::{EquityOptions, EquityResult, Game, Method, Player, AUTO_EXACT_SECONDS};
use crate::card_set::CardSet;
use crate::error::{Error, Location, Result};
use crate::MAX_PLAYERS;

pub use run::hand_labels;

/// What one player does at the next draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Draw {
    /// Follow the game's policy ([`policy::keep`]).
    #[default]
    Policy,
    /// Keep every card.
    Pat,
    /// Throw this many of the worst cards ([`policy::throw_worst`]).
    Count(usize),
    /// Throw exactly these cards (known hands only).
    Discard(CardSet),
}

impl FromStr for Draw {
    type Err = Error;

    /// `"pat"`, `"policy"`, a number of cards (`"2"`), or the cards to throw (`"Kh9d"`).
    ///
    /// # Errors
    /// The card error when the text is none of these.
    fn from_str(text: &str) -> Result<Draw> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("pat") {
            return Ok(Draw::Pat);
        }
        if t.eq_ignore_ascii_case("policy") {
            return Ok(Draw::Policy);
        }
        if let Ok(n) = t.parse::<usize>() {
            return Ok(Draw::Count(n));
        }
        t.parse::<CardSet>().map(Draw::Discard)
    }
}

/// A player's first draw, resolved as far as the request allows.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum First {
    /// A known hand: the cards it keeps.
    Kept(u64),
    /// A random hand following the policy.
    Policy,
    /// A random hand throwing its worst `n` cards.
    Throw(usize),
}

/// A checked draw request.
#[derive(Debug, Clone)]
pub(crate) struct DrawSetup {
    pub game: Game,
    /// Cards per hand: 5, or 4 in badugi.
    pub size: usize,
    /// Each player's current cards (0 for a random player).
    pub hands: Vec<u64>,
    /// The random players, dealt from the deck first.
    pub random: Vec<usize>,
    /// Each player's first draw.
    pub first: Vec<First>,
    /// Drawing rounds left.
    pub rounds: usize,
    pub dead: u64,
}

impl DrawSetup {
    pub(crate) fn players(&self) -> usize {
        self.hands.len()
    }
}

/// A checked draw-equity request and the method it will run.
#[derive(Debug, Clone)]
pub struct DrawPlan {
    setup: DrawSetup,
    asked: Method,
    method: Method,
    /// Replacement sets of the exact count, when it applies.
    leaves: Option<u64>,
    samples: Option<u64>,
    target_stderr: Option<f64>,
}

/// The result of a draw-equity calculation.
#[derive(Debug, Clone, PartialEq)]
pub struct DrawResult {
    /// Wins, ties, pot shares and shapes, as for the board games.
    pub result: EquityResult,
    /// Per player, the chance of ending with each class of [`DrawResult::labels`].
    pub hands: Vec<Vec<f64>>,
    /// The names of the final-hand classes, best first ([`hand_labels`]).
    pub labels: &'static [&'static str],
    /// Per player, the cards thrown at the next draw (`None` for a random player, whose
    /// cards are dealt per sample).
    pub discards: Vec<Option<CardSet>>,
}

/// Nanoseconds of single-thread work per exact replacement set and player: measured 12 to
/// 26 ns on a busy machine (three players drawing two, two drawing three), rounded up so
/// that the estimate errs on the slow side.
const EXACT_NANOS_PER_PLAYER: f64 = 30.0;
/// Replacement sets beyond which exact enumeration is refused even when asked for (about
/// a minute of one thread at the figure above; the stud count refuses past 10**9 nodes).
const MAX_LEAVES: u64 = 1 << 30;

/// Checks a draw-equity request and decides how it runs.
///
/// `players`: known hands (5 cards, 4 in badugi) or [`Player::Random`]; `draws`: one per
/// player, or empty for [`Draw::Policy`] everywhere; `rounds`: the drawing rounds left, by
/// default the game's. `options.game` must be a draw game. `Method::Auto` is exact when it
/// applies (see the module) and costs at most [`AUTO_EXACT_SECONDS`] on one thread, Monte
/// Carlo otherwise or whenever `samples` or `target_stderr` is given.
///
/// # Errors
/// - [`Error::InvalidSetting`]: not a draw game, a board, a range, more rounds than the
///   game has, a draw list of the wrong length, a draw of more cards than a hand has,
///   discards that are not in the player's hand (or of a random player), a draw with no
///   round left, `by_hand`, a bad `samples`/`target_stderr`, or `Method::Exact` where it
///   does not apply.
/// - [`Error::CardCount`]: a hand of the wrong size for the game.
/// - [`Error::DuplicateCard`]: a card in two places.
/// - [`Error::PlayerCount`]: fewer than 2 players, or more than the deck serves.
/// - [`Error::DeckExhausted`]: random hands the deck cannot deal.
///
/// Errors about one player, the board or the dead cards are wrapped in [`Error::At`].
pub fn plan(
    players: &[Player],
    board: CardSet,
    dead: CardSet,
    draws: &[Draw],
    rounds: Option<usize>,
    options: &EquityOptions<'_>,
) -> Result<DrawPlan> {
    let game = options.game;
    let Some(game_rounds) = game.draw_rounds() else {
        return Err(Error::InvalidSetting {
            name: "game",
            value: format!("\"{}\"", game.name()),
            expected: "a draw game (2-7-single-draw, 2-7-triple-draw, a-5-triple-draw, \
                       badugi, five-card-draw) for draws",
        });
    };
    if !board.is_empty() {
        return Err(Error::InvalidSetting {
            name: "board",
            value: format!("'{board}'"),
            expected: "no board: a draw game has none (put seen cards in dead)",
        }
        .at(Location::Board));
    }
    if options.by_hand {
        return Err(Error::InvalidSetting {
            name: "by_hand",
            value: "true".to_string(),
            expected: "a heads-up Hold'em request (draw games report per player only)",
        });
    }
    super::plan::check_stopping(options)?;
    let rounds = rounds.unwrap_or(game_rounds);
    if rounds > game_rounds {
        return Err(Error::InvalidSetting {
            name: "draw_rounds",
            value: rounds.to_string(),
            expected: if game_rounds == 1 {
                "0 or 1: the game has one draw"
            } else {
                "0 to 3: the game has three draws"
            },
        });
    }
    let setup = validate(game, players, dead, draws, rounds)?;
    let monte_carlo_only = options.samples.is_some() || options.target_stderr.is_some();
    if options.method == Method::Exact && monte_carlo_only {
        return Err(Error::InvalidSetting {
            name: if options.samples.is_some() {
                "samples"
            } else {
                "target_stderr"
            },
            value: options.samples.map_or_else(
                || options.target_stderr.unwrap_or_default().to_string(),
                |s| s.to_string(),
            ),
            expected: "no Monte Carlo setting with method \"exact\" (or method \"monte-carlo\")",
        });
    }
    let leaves = run::exact_leaves(&setup);
    let seconds = leaves.map_or(f64::INFINITY, |l| exact_seconds(l, setup.players()));
    let method = match options.method {
        Method::Auto if !monte_carlo_only && seconds <= AUTO_EXACT_SECONDS => Method::Exact,
        Method::Auto => Method::MonteCarlo,
        m => m,
    };
    if method == Method::Exact {
        match leaves {
            Some(l) if l <= MAX_LEAVES => {}
            Some(l) => {
                return Err(Error::TooManyDeals {
                    what: "exact draw equity",
                    size: format!("{l} sets of replacement cards"),
                    limit: "2**30 sets".to_string(),
                })
            }
            None => {
                return Err(Error::InvalidSetting {
                    name: "method",
                    value: "\"exact\"".to_string(),
                    expected: "\"monte-carlo\" or \"auto\": exact draw equity needs one \
                               drawing round left, every hand known, and a stub that covers \
                               every replacement",
                })
            }
        }
    }
    Ok(DrawPlan {
        setup,
        asked: options.method,
        method,
        leaves,
        samples: options.samples,
        target_stderr: options.target_stderr,
    })
}

/// Seconds of single-thread exact work for `leaves` replacement sets of `players`.
fn exact_seconds(leaves: u64, players: usize) -> f64 {
    leaves as f64 * EXACT_NANOS_PER_PLAYER * players as f64 * 1e-9
}

/// The hand-size error of `game`.
fn hand_count(game: Game, got: usize) -> Error {
    if game == Game::Badugi {
        Error::CardCount {
            what: "a badugi hand",
            expected: "4",
            got,
        }
    } else {
        Error::CardCount {
            what: "a draw-game hand",
            expected: "5",
            got,
        }
    }
}

/// Checks the players, draws and dead cards; resolves each known hand's first draw.
fn validate(
    game: Game,
    players: &[Player],
    dead: CardSet,
    draws: &[Draw],
    rounds: usize,
) -> Result<DrawSetup> {
    let size = if game == Game::Badugi { 4 } else { 5 };
    // The hands and one whole hand of replacements must fit in the deck, so that a
    // reshuffled stub can always serve a draw (see the module).
    let most = (52 / size - 1).min(MAX_PLAYERS);
    if !(2..=most).contains(&players.len()) {
        return Err(Error::PlayerCount {
            got: players.len(),
            expected: if size == 4 {
                "2 to 10"
            } else {
                "2 to 9 (in a five-card game the deck must cover every hand and a full draw)"
            },
        });
    }
    if !draws.is_empty() && draws.len() != players.len() {
        return Err(Error::InvalidSetting {
            name: "draws",
            value: format!("a list of {}", draws.len()),
            expected: "one draw per player (or none: every player follows the policy)",
        });
    }
    let mut known = CardSet::EMPTY;
    let mut hands = Vec::with_capacity(players.len());
    let mut random = Vec::new();
    for (i, player) in players.iter().enumerate() {
        match player {
            Player::Hand(cards) => {
                if cards.len() != size {
                    return Err(hand_count(game, cards.len()).at(Location::Player(i)));
                }
                known = known
                    .try_union(*cards)
                    .map_err(|e| e.at(Location::Player(i)))?;
                hands.push(cards.mask());
            }
            Player::Random => {
                random.push(i);
                hands.push(0);
            }
            Player::Range(range) => {
                return Err(Error::InvalidSetting {
                    name: "players",
                    value: format!("'{range}'"),
                    expected: "draw-game hands as cards or \"random\" (ranges are Hold'em only)",
                }
                .at(Location::Player(i)));
            }
        }
    }
    known = known.try_union(dead).map_err(|e| e.at(Location::Dead))?;
    let wanted = size * random.len();
    let left = 52 - known.len();
    if wanted > left {
        return Err(Error::DeckExhausted { wanted, left });
    }
    let mut first = Vec::with_capacity(players.len());
    for (i, &hand) in hands.iter().enumerate() {
        let draw = draws.get(i).copied().unwrap_or_default();
        let at = Location::Player(i);
        let drawn = match draw {
            Draw::Count(n) if n > size => {
                return Err(Error::InvalidSetting {
                    name: "draws",
                    value: n.to_string(),
                    expected: if size == 4 {
                        "a draw of 0 to 4 cards, \"pat\", or the cards to throw"
                    } else {
                        "a draw of 0 to 5 cards, \"pat\", or the cards to throw"
                    },
                }
                .at(at));
            }
            Draw::Discard(cards) if random.contains(&i) => {
                return Err(Error::InvalidSetting {
                    name: "draws",
                    value: format!("'{cards}'"),
                    expected: "a number of cards, \"pat\" or the policy for a random hand \
                               (its cards are not known)",
                }
                .at(at));
            }
            Draw::Discard(cards) if cards.mask() & !hand != 0 => {
                let stray = CardSet::from_mask_truncate(cards.mask() & !hand);
                return Err(Error::InvalidSetting {
                    name: "draws",
                    value: format!("'{cards}' ({stray} not in the hand)"),
                    expected: "cards from the player's own hand",
                }
                .at(at));
            }
            Draw::Count(n) => n,
            Draw::Discard(cards) => cards.len(),
            Draw::Pat | Draw::Policy => 0,
        };
        if rounds == 0 && drawn > 0 {
            return Err(Error::InvalidSetting {
                name: "draws",
                value: drawn.to_string(),
                expected: "no draw: with draw_rounds = 0 the hands are final",
            }
            .at(at));
        }
        first.push(if random.contains(&i) {
            match draw {
                Draw::Policy if rounds > 0 => First::Policy,
                Draw::Count(n) => First::Throw(n),
                _ => First::Throw(0),
            }
        } else {
            First::Kept(match draw {
                Draw::Policy if rounds > 0 => policy::keep(game, hand, rounds),
                Draw::Policy | Draw::Pat => hand,
                Draw::Count(n) => policy::throw_worst(game, hand, n),
                Draw::Discard(cards) => hand & !cards.mask(),
            })
        });
    }
    Ok(DrawSetup {
        game,
        size,
        hands,
        random,
        first,
        rounds,
        dead: dead.mask(),
    })
}

impl DrawPlan {
    /// The method that will run: `Exact` or `MonteCarlo`.
    pub fn method(&self) -> Method {
        self.method
    }

    /// Estimated seconds of the exact count on one thread (infinite where it does not
    /// apply).
    pub fn exact_seconds(&self) -> f64 {
        self.leaves
            .map_or(f64::INFINITY, |l| exact_seconds(l, self.setup.players()))
    }

    /// Runs the plan on the current rayon pool. `deadline` stops Monte Carlo with the
    /// whole work units counted (replayable by seed and sample count); exact counting
    /// asked for by name fails at the deadline with [`Error::OutOfTime`]; `Auto`'s (chosen
    /// only when it is short) hands over to Monte Carlo, which then also stops at the
    /// deadline (past already, it answers [`Error::NoDealInTime`]).
    ///
    /// # Errors
    /// [`Error::OutOfTime`], [`Error::NoDealInTime`], [`Error::Interrupted`].
    pub fn run(
        &self,
        seed: u64,
        deadline: Option<Instant>,
        cancel: Option<&AtomicBool>,
    ) -> Result<DrawResult> {
        if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            return Err(Error::Interrupted);
        }
        let setup = &self.setup;
        let stop = Stop {
            samples: self.samples,
            target_stderr: self.target_stderr,
            deadline,
        };
        let (result, hands) = match self.method {
            Method::Exact => match run::exact(setup, deadline, cancel) {
                // Auto's exact count ran out of time: Monte Carlo until the deadline.
                Err(Error::OutOfTime { .. }) if self.asked == Method::Auto => {
                    run::monte_carlo(setup, stop, seed, cancel)?
                }
                other => other?,
            },
            _ => run::monte_carlo(setup, stop, seed, cancel)?,
        };
        let discards = setup
            .first
            .iter()
            .zip(&setup.hands)
            .map(|(first, &hand)| match first {
                First::Kept(kept) => Some(CardSet::from_mask_truncate(hand & !kept)),
                _ => None,
            })
            .collect();
        Ok(DrawResult {
            result,
            hands,
            labels: hand_labels(setup.game),
            discards,
        })
    }
}

/// Draw-game equity: [`plan`], then [`DrawPlan::run`] with the options' seed, deadline
/// and cancellation hook.
///
/// # Errors
/// Those of [`plan`] and [`DrawPlan::run`].
pub fn draw_equity(
    players: &[Player],
    dead: CardSet,
    draws: &[Draw],
    rounds: Option<usize>,
    options: &EquityOptions<'_>,
) -> Result<DrawResult> {
    plan(players, CardSet::EMPTY, dead, draws, rounds, options)?.run(
        options.seed,
        options.deadline,
        options.cancel,
    )
}
