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
//! - heads-up hands and ranges (`ranges`): before the flop from the heads-up table
//!   ([`heads_up`], every hand against every hand), after the flop by ranking each hand
//!   once per runout and sweeping the sorted ranks; both give each hand's own result
//!   ([`HandEquity`]).
//!
//! Games plug in at [`Game`]: a game supplies the exact runout counter and the per-deal
//! evaluation; validation, deals of ranges, symmetry, threads and stopping are shared.
//! The stud family ([`Game::is_stud`]) has no board: each player's known cards and the
//! cards still to come are its own ([`stud`]'s notes).
//!
//! The draw games (2-7 single and triple draw, A-5 triple draw, badugi, five-card draw)
//! have no board: their equity is [`draw`]'s, over the replacement cards of the draws
//! left, with the same seeds, work units, stopping rules and result type.

mod breakdown;
mod deals;
pub mod draw;
mod exact;
pub mod heads_up;
mod holdem;
mod monte_carlo;
mod omaha;
mod plan;
pub mod preflop;
mod ranges;
mod result;
mod runouts;
mod short_deck;
mod stud;

use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

pub use breakdown::{by_class, ClassEquity, HandEquity};
#[doc(hidden)]
pub use exact::calibration_report;
pub use plan::{plan, Plan};
pub use result::{EquityResult, Method, PlayerEquity};

use crate::card_set::{CardSet, FULL_MASK};
use crate::error::{Error, Location, Result};
use crate::eval::ShortDeckOrder;
use crate::range::Range;
pub use crate::variant::Game;
use crate::MAX_PLAYERS;
use deals::Hand;

/// Seconds of single-thread exact work that `Method::Auto` accepts before it switches to
/// Monte Carlo.
pub const AUTO_EXACT_SECONDS: f64 = 0.5;

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

    /// `"random"`/`"*"` is [`Player::Random`], text of cards (`"AhKh"`, `"Ah,Kh"`) a
    /// [`Player::Hand`], anything else a range (`"QQ+, AKs"`); two-card combos listed with
    /// commas (`"AsKs, AhKh"`) are a range of those combos.
    ///
    /// # Errors
    /// [`Error::InvalidRange`] when the text is neither cards nor a range, or the card
    /// error when it starts with a card (`"QsQx"`).
    fn from_str(text: &str) -> Result<Player> {
        let trimmed = text.trim();
        if trimmed == "*" || trimmed.eq_ignore_ascii_case("random") {
            return Ok(Player::Random);
        }
        let cards = trimmed.parse::<CardSet>();
        if let Ok(cards) = cards {
            // Two-card combos listed with commas ("AsKs, AhKh") are a range of those
            // combos; cards listed one by one ("Ah,Kh") or together ("AhKh") a hand.
            if !is_combo_list(trimmed) {
                return Ok(Player::Hand(cards));
            }
            if let Ok(range) = Range::parse(text) {
                return Ok(Player::Range(range));
            }
            return Ok(Player::Hand(cards));
        }
        // Text that starts with a card ("QsQx") was meant as cards: its error is the
        // card's, not the range parser's.
        let starts_with_card = trimmed
            .get(..2)
            .is_some_and(|head| head.parse::<crate::card::Card>().is_ok());
        match (Range::parse(text), cards) {
            (Ok(range), _) => Ok(Player::Range(range)),
            (Err(_), Err(card_error)) if starts_with_card => Err(card_error),
            (Err(range_error), _) => Err(range_error),
        }
    }
}

/// Whether `text` lists two or more two-card combos separated by commas (`"AsKs, AhKh"`).
fn is_combo_list(text: &str) -> bool {
    let mut parts = 0;
    for part in text.split(',') {
        match part.trim().parse::<CardSet>() {
            Ok(cards) if cards.len() == 2 => parts += 1,
            _ => return false,
        }
    }
    parts >= 2
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
    /// Stop at this instant. Monte Carlo keeps the deals counted so far (whole work units
    /// in order, so the result's seed and sample count replay it exactly); exact
    /// enumeration asked for by name fails with [`Error::OutOfTime`]; exact enumeration
    /// chosen by [`Method::Auto`] gets the first half of the time and then hands over to
    /// Monte Carlo.
    pub deadline: Option<Instant>,
    /// Monte Carlo: the seed; the same seed and sample count give the same result on any
    /// thread count.
    pub seed: u64,
    /// Checked between work units: when it becomes `true` the call returns
    /// [`Error::Interrupted`] (the Python binding sets it on Ctrl-C).
    pub cancel: Option<&'a AtomicBool>,
    /// The final-hand categories may be left out when that is much faster: Hold'em
    /// heads-up hands and ranges before the flop, without dead cards, are then answered
    /// from the heads-up table ([`heads_up`]), which has no categories
    /// ([`EquityResult::categories`] says whether they were counted).
    pub skip_categories: bool,
    /// Report each hand of each player ([`PlayerEquity::by_hand`]): Hold'em heads-up,
    /// exact, and before the flop only without dead cards (answered from the heads-up
    /// table, so without categories).
    pub by_hand: bool,
    /// Short deck: which of three of a kind and a straight ranks higher; `None` is the
    /// default order (three of a kind higher, as `GameSpec` plays it). Given for another
    /// game it is an [`Error::InvalidSetting`].
    pub short_deck_order: Option<ShortDeckOrder>,
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
    /// Short deck's order of three of a kind and a straight (unused by other games).
    pub order: ShortDeckOrder,
}

/// Equity of `players` on `board` with `dead` cards out of play: [`plan`], then
/// [`Plan::run`].
///
/// Threads: runs on the current rayon pool (`ThreadPool::install` chooses the count).
///
/// Heads-up Hold'em pre-flop against a random hand, with no dead cards, is answered from
/// the [`preflop`] table in microseconds unless Monte Carlo is asked for.
///
/// # Errors
/// Those of [`plan`], and:
/// - [`Error::NoPossibleHand`]: ranges that cannot all be dealt at once.
/// - [`Error::OutOfTime`]: `Method::Exact` did not finish before the deadline.
/// - [`Error::Interrupted`]: the cancellation hook was set.
pub fn equity(
    players: &[Player],
    board: CardSet,
    dead: CardSet,
    options: &EquityOptions<'_>,
) -> Result<EquityResult> {
    plan(players, board, dead, options)?.run(options.seed, options.deadline, options.cancel)
}

/// The error for a draw game asked for through the board games' path.
pub(crate) fn not_a_board_game(game: Game) -> Error {
    Error::InvalidSetting {
        name: "game",
        value: format!("\"{}\"", game.name()),
        expected: "a board game here: a draw game's equity takes each player's draw \
                   (equity::draw)",
    }
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

/// Checks the players, board and dead cards and lists each player's possible hands.
/// Errors about one part of the request carry its [`Location`].
pub(crate) fn validate(
    players: &[Player],
    board: CardSet,
    dead: CardSet,
    options: &EquityOptions<'_>,
) -> Result<Setup> {
    let game = options.game;
    if let (Some(order), false) = (options.short_deck_order, game == Game::ShortDeck) {
        return Err(Error::InvalidSetting {
            name: "trips_beat_straight",
            value: order.trips_beat_straight().to_string(),
            expected: "no order of three of a kind and a straight: it is short-deck's \
                       switch",
        });
    }
    if game.draw_rounds().is_some() {
        return Err(not_a_board_game(game));
    }
    if game.is_stud() {
        return stud::validate(players, board, dead, game);
    }
    if !(2..=MAX_PLAYERS).contains(&players.len()) {
        return Err(Error::PlayerCount {
            got: players.len(),
            expected: crate::PLAYER_COUNTS,
        });
    }
    // A board as a street leaves it: none, or what one of the game's streets turns up
    // (Courchevel turns a card before its first round).
    let first_board = game.variant().streets[0].board;
    if !matches!(board.len(), 0 | 3 | 4 | 5) && board.len() != usize::from(first_board) {
        return Err(Error::CardCount {
            what: "a board",
            expected: if first_board == 1 {
                "0, 1, 3, 4 or 5"
            } else {
                "0, 3, 4 or 5"
            },
            got: board.len(),
        }
        .at(Location::Board));
    }
    // Omaha: the hole size comes from the known hands (4 if there are none).
    let first_known = players.iter().find_map(|p| match p {
        Player::Hand(cards) => Some(cards.len()),
        _ => None,
    });
    let choices = game.variant().hole_cards;
    let (hole, what, expected) = match game {
        Game::Holdem => (2, "a Hold'em hand", "2"),
        Game::ShortDeck => (2, "a short-deck hand", "2"),
        _ if choices == [5] => (5, "a five-card Omaha hand", "5"),
        _ => (
            first_known.unwrap_or(4),
            "an Omaha hand",
            "4, 5 or 6 (all the same)",
        ),
    };
    // Hands first, then the board, then the dead cards: a card given twice is blamed on
    // the later place.
    let deck = game.deck();
    let outside = |cards: CardSet, at: Location| match (cards - deck).iter().next() {
        Some(card) => Err(Error::NotInDeck {
            card: card.to_string(),
            deck: "the short deck (36 cards, six to ace)",
        }
        .at(at)),
        None => Ok(()),
    };
    let mut known = CardSet::EMPTY;
    for (i, player) in players.iter().enumerate() {
        match player {
            Player::Hand(cards) => {
                let fits = match game {
                    Game::Holdem | Game::ShortDeck => cards.len() == 2,
                    _ => cards.len() == hole && (4..=6).contains(&hole),
                };
                if !fits {
                    return Err(Error::CardCount {
                        what,
                        expected,
                        got: cards.len(),
                    }
                    .at(Location::Player(i)));
                }
                outside(*cards, Location::Player(i))?;
                known = known
                    .try_union(*cards)
                    .map_err(|e| e.at(Location::Player(i)))?;
            }
            Player::Range(range) if !game.two_hole_cards() => {
                return Err(Error::InvalidSetting {
                    name: "players",
                    value: format!("'{range}'"),
                    expected: "Omaha hands as cards or \"random\" (ranges are Hold'em only)",
                }
                .at(Location::Player(i)));
            }
            _ => {}
        }
    }
    known = known
        .try_union(board)
        .map_err(|e| e.at(Location::Board))?
        .try_union(dead)
        .map_err(|e| e.at(Location::Dead))?;
    outside(board, Location::Board)?;
    outside(dead, Location::Dead)?;
    // The cards outside the game's deck are out of play like dead cards: every deal,
    // runout and range combo below then comes from the deck alone.
    let known = known | (CardSet::from_mask_truncate(FULL_MASK) - deck);
    let unknown = players
        .iter()
        .filter(|p| !matches!(p, Player::Hand(_)))
        .count();
    let need = 5 - board.len();
    let left = deck.len() - (known & deck).len();
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
            Player::Random if game.two_hole_cards() => {
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
    let setup = Setup {
        game,
        hole,
        players: hands,
        dealt,
        board: board.mask(),
        dead: dead.mask() | (FULL_MASK & !deck.mask()),
        need,
        order: options.short_deck_order.unwrap_or_default(),
    };
    if !setup.ranges_can_be_dealt() {
        return Err(Error::NoPossibleHand { player: None });
    }
    Ok(setup)
}

impl Setup {
    /// The hand lists of the players with a range of more than one hand (not the random
    /// players, who are dealt from the deck).
    pub(crate) fn ranged(&self) -> Vec<&Vec<Hand>> {
        self.players
            .iter()
            .enumerate()
            .filter(|(i, hands)| !self.dealt.contains(i) && hands.len() > 1)
            .map(|(_, hands)| hands)
            .collect()
    }

    /// A quick necessary condition for the ranged players to be dealt at once: together
    /// their hands must cover enough distinct cards for all of them (ten players on
    /// `JJ+` cannot be dealt: 16 cards for 20 places).
    fn ranges_can_be_dealt(&self) -> bool {
        let ranged = self.ranged();
        let cards = ranged
            .iter()
            .flat_map(|hands| hands.iter())
            .fold(0u64, |a, h| a | h.mask);
        cards.count_ones() as usize >= self.hole * ranged.len()
    }
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
