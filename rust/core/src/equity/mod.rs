//! Equity: each player's share of the pot over every way the hand can finish, exactly or
//! by Monte Carlo.
//!
//! [`equity`] takes the players (known hands, ranges or random), the board (0, 3, 4 or 5
//! cards) and dead cards, and reports per player the pot share, wins, ties and the chance
//! of each final hand category.
//!
//! - exact: every combination of hole cards, grouped by suit symmetry, each over every
//!   runout, counted by rank multisets with a separate pass for flushes.
//! - Monte Carlo: seeded random deals in fixed work units, the same for a seed on any
//!   number of threads.
//! - the pre-flop table ([`preflop`]): a hand or range against one random hand, heads-up
//!   with no board and no dead cards, read from exact counts compiled into the crate
//!   (reported as exact: it is the enumeration's result, computed ahead of time).
//!
//! Games plug in at [`Game`]: a game supplies the exact runout counter and the per-deal
//! evaluation; validation, deals of ranges, symmetry, threads and stopping are shared.

mod breakdown;
mod deals;
mod exact;
pub mod heads_up;
mod holdem;
mod monte_carlo;
mod omaha;
pub mod preflop;
mod ranges;
mod result;

use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

#[doc(hidden)]
pub use exact::calibration_report;
pub use result::{EquityResult, Method, PlayerEquity};

use crate::card_set::CardSet;
use crate::error::{Error, Result};
use crate::range::Range;
use deals::Hand;

/// Most players at a Hold'em table.
pub const MAX_PLAYERS: usize = result::MAX_PLAYERS;

/// Seconds of single-thread exact work that `Method::Auto` accepts before it switches to
/// Monte Carlo.
pub const AUTO_EXACT_SECONDS: f64 = 0.5;

/// The poker variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Game {
    /// Texas Hold'em: two hole cards, best five of seven.
    #[default]
    Holdem,
    /// Omaha: 4, 5 or 6 hole cards, exactly two with three of the board.
    Omaha,
    /// Omaha hi-lo, 8 or better.
    OmahaHiLo,
}

impl Game {
    /// The name used in text: `"holdem"`, `"omaha"` or `"omaha-hilo"`.
    pub const fn name(self) -> &'static str {
        match self {
            Game::Holdem => "holdem",
            Game::Omaha => "omaha",
            Game::OmahaHiLo => "omaha-hilo",
        }
    }
}

impl FromStr for Game {
    type Err = Error;

    /// Parses `"holdem"`, `"omaha"` or `"omaha-hilo"` (case and `_`/`-` free).
    fn from_str(name: &str) -> Result<Game> {
        let norm = name.trim().to_ascii_lowercase().replace('_', "-");
        match norm.as_str() {
            "holdem" | "hold'em" | "texas-holdem" => Ok(Game::Holdem),
            "omaha" | "plo" => Ok(Game::Omaha),
            "omaha-hilo" | "omaha-hi-lo" | "omaha8" | "plo8" => Ok(Game::OmahaHiLo),
            _ => Err(Error::UnknownGame {
                name: name.to_string(),
            }),
        }
    }
}

/// What is known about one player's hole cards.
#[derive(Debug, Clone, PartialEq)]
pub enum Player {
    /// Exactly these cards.
    Hand(CardSet),
    /// One of these weighted combos (Hold'em).
    Range(Range),
    /// Any hand the deck allows.
    Random,
}

impl FromStr for Player {
    type Err = Error;

    /// `"random"`/`"*"` is [`Player::Random`], text of cards (`"AhKh"`) a
    /// [`Player::Hand`], anything else a range (`"QQ+, AKs"`).
    ///
    /// # Errors
    /// [`Error::InvalidRange`] when the text is neither cards nor a range.
    fn from_str(text: &str) -> Result<Player> {
        let trimmed = text.trim();
        if trimmed == "*" || trimmed.eq_ignore_ascii_case("random") {
            return Ok(Player::Random);
        }
        if let Ok(cards) = trimmed.parse::<CardSet>() {
            return Ok(Player::Hand(cards));
        }
        Range::parse(text).map(Player::Range)
    }
}

/// How to compute equity. `Default` is exact when affordable, otherwise one million Monte
/// Carlo samples from seed 0.
#[derive(Debug, Clone, Copy, Default)]
pub struct EquityOptions<'a> {
    /// The variant.
    pub game: Game,
    /// Exact, Monte Carlo, or auto.
    pub method: Method,
    /// Monte Carlo: stop after this many deals.
    pub samples: Option<u64>,
    /// Monte Carlo: stop once every player's standard error is at most this.
    pub target_stderr: Option<f64>,
    /// Monte Carlo: stop at this instant (checked between work units of 4,096 deals).
    pub deadline: Option<Instant>,
    /// Monte Carlo: the seed; the same seed gives the same result on any thread count
    /// (unless a deadline cuts the run short).
    pub seed: u64,
    /// Checked between work units: when it becomes `true` the call returns
    /// [`Error::Interrupted`] (the Python binding sets it on Ctrl-C).
    pub cancel: Option<&'a AtomicBool>,
}

/// A validated calculation: every player's possible hands with weights.
#[derive(Debug, Clone)]
pub(crate) struct Setup {
    pub game: Game,
    /// Hole cards per player.
    pub hole: usize,
    /// Each player's possible hands (for an Omaha random player, one empty placeholder).
    pub players: Vec<Vec<Hand>>,
    /// The random players: Monte Carlo deals them from the deck.
    pub dealt: Vec<usize>,
    pub board: u64,
    pub dead: u64,
    /// Board cards still to come.
    pub need: usize,
}

/// Equity of `players` on `board` with `dead` cards out of play.
///
/// Threads: runs on the current rayon pool (`ThreadPool::install` chooses the count).
///
/// Heads-up Hold'em pre-flop against a random hand, with no dead cards, is answered from
/// the [`preflop`] table in microseconds unless Monte Carlo is asked for.
///
/// # Errors
/// - [`Error::PlayerCount`]: fewer than 2 or more than 10 players.
/// - [`Error::CardCount`]: a board of 1, 2 or 6+ cards, a Hold'em hand that is not 2
///   cards, Omaha hands that are not all 4, 5 or 6 cards.
/// - [`Error::DuplicateCard`]: a card in two places (hands, board, dead).
/// - [`Error::DeckExhausted`]: more cards needed than the deck has left.
/// - [`Error::NoPossibleHand`]: a range with no hand left once the known cards are out,
///   or ranges that cannot all be dealt at once.
/// - [`Error::InvalidSetting`]: `samples = 0`, a target standard error that is not a
///   positive number, `Method::Exact` with more combinations than can be listed (or an
///   Omaha random player), or a range in an Omaha game.
/// - [`Error::Interrupted`]: the cancellation hook was set.
pub fn equity(
    players: &[Player],
    board: CardSet,
    dead: CardSet,
    options: &EquityOptions<'_>,
) -> Result<EquityResult> {
    let setup = validate(players, board, dead, options)?;
    if let Some(result) = from_table(&setup, options) {
        return Ok(result);
    }
    let stop = monte_carlo::Stop {
        samples: options.samples,
        target_stderr: options.target_stderr,
        deadline: options.deadline,
    };
    let method = match options.method {
        Method::Auto if exact::estimated_seconds(&setup) <= AUTO_EXACT_SECONDS => Method::Exact,
        Method::Auto => Method::MonteCarlo,
        m => m,
    };
    match method {
        Method::MonteCarlo => monte_carlo::run(&setup, stop, options.seed, options.cancel),
        _ => exact::run(&setup, options.cancel),
    }
}

/// The answer from the pre-flop table ([`preflop`]) when it applies: Hold'em heads-up,
/// no board, no dead cards, at least one random player, and an exact answer wanted.
fn from_table(setup: &Setup, options: &EquityOptions<'_>) -> Option<EquityResult> {
    let applies = setup.game == Game::Holdem
        && setup.players.len() == 2
        && setup.board == 0
        && setup.dead == 0
        && options.method != Method::MonteCarlo
        && !options
            .cancel
            .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed));
    // The hand or range that is looked up; the other player is random.
    let hero = match setup.dealt.as_slice() {
        [1] | [0, 1] => 0,
        [0] => 1,
        _ => return None,
    };
    if !applies {
        return None;
    }
    preflop::lookup(&setup.players[hero], hero)
}

/// Converts a sample count given as a signed integer (as from Python).
///
/// # Errors
/// [`Error::InvalidSetting`] when `samples` is not positive.
pub fn checked_samples(samples: i64) -> Result<u64> {
    match u64::try_from(samples) {
        Ok(s) if s > 0 => Ok(s),
        _ => Err(Error::InvalidSetting {
            name: "samples",
            value: samples.to_string(),
            expected: "a positive number of deals",
        }),
    }
}

fn validate(
    players: &[Player],
    board: CardSet,
    dead: CardSet,
    options: &EquityOptions<'_>,
) -> Result<Setup> {
    let game = options.game;
    if !(2..=MAX_PLAYERS).contains(&players.len()) {
        return Err(Error::PlayerCount {
            got: players.len(),
            expected: "2 to 10",
        });
    }
    if !matches!(board.len(), 0 | 3 | 4 | 5) {
        return Err(Error::CardCount {
            what: "a board",
            expected: "0, 3, 4 or 5",
            got: board.len(),
        });
    }
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
    // Omaha: the hole size comes from the known hands (4 if there are none).
    let first_known = players.iter().find_map(|p| match p {
        Player::Hand(cards) => Some(cards.len()),
        _ => None,
    });
    let (hole, what, expected) = match game {
        Game::Holdem => (2, "a Hold'em hand", "2"),
        _ => (
            first_known.unwrap_or(4),
            "an Omaha hand",
            "4, 5 or 6 (all the same)",
        ),
    };
    let mut known = board.try_union(dead)?;
    for player in players {
        match player {
            Player::Hand(cards) => {
                let fits = match game {
                    Game::Holdem => cards.len() == 2,
                    _ => cards.len() == hole && (4..=6).contains(&hole),
                };
                if !fits {
                    return Err(Error::CardCount {
                        what,
                        expected,
                        got: cards.len(),
                    });
                }
                known = known.try_union(*cards)?;
            }
            Player::Range(range) if game != Game::Holdem => {
                return Err(Error::InvalidSetting {
                    name: "players",
                    value: format!("'{range}'"),
                    expected: "Omaha hands as cards or \"random\" (ranges are Hold'em only)",
                });
            }
            _ => {}
        }
    }
    let unknown = players
        .iter()
        .filter(|p| !matches!(p, Player::Hand(_)))
        .count();
    let need = 5 - board.len();
    let left = 52 - known.len();
    if hole * unknown + need > left {
        return Err(Error::DeckExhausted {
            wanted: hole * unknown + need,
            left,
        });
    }
    let mut hands = Vec::with_capacity(players.len());
    let mut dealt = Vec::new();
    for (i, player) in players.iter().enumerate() {
        let list: Vec<Hand> = match player {
            Player::Hand(cards) => vec![Hand {
                mask: cards.mask(),
                weight: 1.0,
            }],
            Player::Range(range) => range_hands(range, known),
            Player::Random if game == Game::Holdem => {
                dealt.push(i);
                range_hands(&Range::random(), known)
            }
            Player::Random => {
                dealt.push(i);
                vec![Hand {
                    mask: 0,
                    weight: 1.0,
                }]
            }
        };
        if list.is_empty() {
            return Err(Error::NoPossibleHand { player: Some(i) });
        }
        hands.push(list);
    }
    Ok(Setup {
        game,
        hole,
        players: hands,
        dealt,
        board: board.mask(),
        dead: dead.mask(),
        need,
    })
}

fn range_hands(range: &Range, known: CardSet) -> Vec<Hand> {
    range
        .iter()
        .map(|(combo, weight)| Hand {
            mask: combo.cards().mask(),
            weight,
        })
        .filter(|h| h.mask & known.mask() == 0)
        .collect()
}
