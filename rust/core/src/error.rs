//! The one error type of the core. Every variant carries the offending value so that
//! the bindings can build a sentence naming it, and map the variant to a named
//! Python exception without a catch-all arm.

use std::fmt;

/// Everything that can go wrong with user input in the core.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// Text that is not a card, e.g. `"1x"`.
    InvalidCard {
        /// The text as given.
        text: String,
    },
    /// A card index outside 0..52.
    CardIndex {
        /// The index as given.
        index: i128,
    },
    /// The same card given twice (or a card that is also dead or on the board).
    DuplicateCard {
        /// The card, formatted like `"Ah"`.
        card: String,
    },
    /// A hand with the wrong number of cards.
    CardCount {
        /// What was being counted, e.g. `"a Hold'em hand"`.
        what: &'static str,
        /// The accepted counts, e.g. `"5, 6 or 7"`.
        expected: &'static str,
        /// How many cards were given.
        got: usize,
    },
    /// A mask with bits set above card 51.
    InvalidMask {
        /// The mask as given.
        mask: u64,
    },
    /// Not enough cards left in the deck for a deal.
    DeckExhausted {
        /// Cards asked for.
        wanted: usize,
        /// Cards left.
        left: usize,
    },
    /// Range text that does not parse, e.g. `"AK+x"`.
    InvalidRange {
        /// The whole range text as given.
        text: String,
        /// Character offset (0-based) of the problem in `text`.
        position: usize,
        /// What is wrong there, e.g. `"expected a rank"`.
        reason: String,
    },
    /// A game name that is not one of `"holdem"`, `"omaha"`, `"omaha-hilo"`.
    UnknownGame {
        /// The name as given.
        name: String,
    },
    /// Too few or too many players for the game.
    PlayerCount {
        /// How many players were given.
        got: usize,
        /// The accepted counts, e.g. `"2 to 10"`.
        expected: &'static str,
    },
    /// A player's range (or the ranges together) cannot be dealt once the known cards are
    /// removed.
    NoPossibleHand {
        /// The player (0-based) whose range is empty, or `None` when every range has hands
        /// but they cannot all be dealt at once.
        player: Option<usize>,
    },
    /// A setting out of its allowed range, e.g. a negative number of samples.
    InvalidSetting {
        /// The setting's name, e.g. `"samples"`.
        name: &'static str,
        /// The value as given, formatted.
        value: String,
        /// What is allowed, e.g. `"a positive integer"`.
        expected: &'static str,
    },
    /// The computation was stopped by its cancellation hook (e.g. Ctrl-C).
    Interrupted,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::InvalidCard { text } => write!(
                f,
                "'{text}' is not a card: expected a rank 2-9, T, J, Q, K, A followed by a suit c, d, h, s"
            ),
            Error::CardIndex { index } => write!(
                f,
                "{index} is not a card index: expected an integer from 0 (2c) to 51 (As)"
            ),
            Error::DuplicateCard { card } => {
                write!(f, "the card {card} is given more than once")
            }
            Error::CardCount {
                what,
                expected,
                got,
            } => write!(
                f,
                "{what} needs {expected} cards, but {got} {} given",
                if *got == 1 { "was" } else { "were" }
            ),
            Error::InvalidMask { mask } => write!(
                f,
                "{mask:#x} is not a card mask: only bits 0 to 51 may be set"
            ),
            Error::DeckExhausted { wanted, left } => write!(
                f,
                "cannot deal {wanted} card{}: only {left} {} left in the deck",
                if *wanted == 1 { "" } else { "s" },
                if *left == 1 { "is" } else { "are" }
            ),
            Error::InvalidRange {
                text,
                position,
                reason,
            } => write!(
                f,
                "'{text}' is not a valid range: {reason} at position {position}"
            ),
            Error::UnknownGame { name } => write!(
                f,
                "'{name}' is not a game: expected \"holdem\", \"omaha\" or \"omaha-hilo\""
            ),
            Error::PlayerCount { got, expected } => write!(
                f,
                "equity needs {expected} players, but {got} were given"
            ),
            Error::NoPossibleHand { player: Some(p) } => write!(
                f,
                "player {p}'s range leaves no possible hand once the known cards are removed"
            ),
            Error::NoPossibleHand { player: None } => write!(
                f,
                "the players' ranges cannot all be dealt at once: every deal reuses a card"
            ),
            Error::InvalidSetting {
                name,
                value,
                expected,
            } => write!(f, "{name} = {value} is not allowed: expected {expected}"),
            Error::Interrupted => write!(f, "the computation was interrupted"),
        }
    }
}

impl std::error::Error for Error {}

/// Result alias for the core.
pub type Result<T> = std::result::Result<T, Error>;
