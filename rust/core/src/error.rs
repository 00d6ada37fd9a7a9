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
    /// A card that the game's deck does not hold, e.g. a five in short deck.
    NotInDeck {
        /// The card, formatted like `"5h"`.
        card: String,
        /// The deck, e.g. `"the short deck (36 cards, six to ace)"`.
        deck: &'static str,
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
    /// Range text past one of the parser's limits: brackets nested more than
    /// [`crate::range::MAX_DEPTH`] deep, or more than [`crate::range::MAX_CHARS`] characters.
    /// The limits keep a hostile text from exhausting the stack or the memory.
    RangeLimit {
        /// The text's first characters (the whole text may be huge), with `...` when cut.
        start: String,
        /// The text's length in characters.
        chars: usize,
        /// The limit passed, as a phrase: `"brackets nested more than 32 deep"`.
        limit: String,
        /// Character offset (0-based) where the text passes the limit.
        position: usize,
    },
    /// A game name that is not one of the variant table's names ([`crate::variant::VARIANTS`]).
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
    /// Exact enumeration was asked for and did not finish before the deadline.
    OutOfTime {
        /// The time it was given, formatted in seconds.
        seconds: String,
    },
    /// Monte Carlo counted not a single deal before the deadline (a deadline already past,
    /// or ranges that clash on almost every draw).
    NoDealInTime {
        /// The time it was given, formatted in seconds.
        seconds: String,
    },
    /// A stack that a tournament computation cannot use: negative, NaN or infinite, or
    /// too small for the forced bets it must post.
    InvalidStack {
        /// The player (0-based) in the list of stacks.
        index: usize,
        /// The stack as given, formatted.
        value: String,
        /// What is allowed, e.g. `"a finite number of chips, 0 or more"`.
        expected: &'static str,
    },
    /// Stacks that add up to no chips at all.
    NoChips,
    /// A prize that is negative, NaN or infinite.
    InvalidPayout {
        /// The place (0-based: 0 is first place) in the list of payouts.
        index: usize,
        /// The payout as given, formatted.
        value: String,
    },
    /// Exact ICM was asked for a field larger than its subset enumeration handles.
    ExactTooLarge {
        /// Players with chips.
        players: usize,
        /// The most the exact method takes.
        limit: usize,
    },
    /// A chip count the observation encoder does not take: below 0, or past its limit
    /// ([`crate::obs::MAX_CHIPS`] for one count, ten times that for the chips in the
    /// middle), which keeps every sum the encoder forms over a table inside 64 bits.
    ChipLimit {
        /// What was counted, e.g. `"stack"`, `"big_blind"`.
        name: &'static str,
        /// The count as given.
        value: i64,
        /// The largest count allowed, with its power of two, e.g.
        /// `"9007199254740992 (2**53)"`.
        max: &'static str,
    },
    /// Work sized before it starts and found past the bound that keeps one request from
    /// taking the machine's memory or hours of its time (exact equity past its count of
    /// deals or its memory, ICM past its players).
    TooManyDeals {
        /// What would run, e.g. `"exact stud equity"`.
        what: &'static str,
        /// Its size, as a phrase: `"about 2.7e12 deals"`.
        size: String,
        /// The bound it passes, as a phrase: `"1e11 deals"`.
        limit: String,
    },
    /// A computation with no partial answer (ICM by sampling, bubble factors) that did not
    /// finish within its time limit.
    TimeLimit {
        /// What ran out of time, e.g. `"bubble factors"`.
        what: &'static str,
        /// The time it was given, formatted in seconds.
        seconds: String,
    },
    /// Bet-size text of a solver's tree that does not parse, e.g. `"50%, 3q"`.
    InvalidBetSize {
        /// The whole text as given.
        text: String,
        /// What is wrong, e.g. `"'3q' is not a size"`.
        reason: String,
    },
    /// A solver's game whose tree and storage would need more memory than the caller
    /// allows (computed before anything that size is allocated).
    SolverTooLarge {
        /// The bytes the game would need (a lower bound when building stopped early).
        bytes: u64,
        /// The caller's bound, in bytes.
        limit: u64,
    },
    /// Bytes that are not a saved solver game of this version, or not the game they
    /// claim to be.
    InvalidSavedGame {
        /// What is wrong, e.g. `"the checksum does not match"`.
        reason: String,
    },
    /// An error in one part of an equity request.
    At {
        /// Where: a player, the board or the dead cards.
        location: Location,
        /// What is wrong there.
        error: Box<Error>,
    },
}

/// The part of an equity request an error is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Location {
    /// The player at this index (0-based) of the list of players.
    Player(usize),
    /// The board cards.
    Board,
    /// The dead cards.
    Dead,
}

impl fmt::Display for Location {
    /// `players[2]`, `board` or `dead`: the names of the request's fields.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Player(i) => write!(f, "players[{i}]"),
            Location::Board => f.write_str("board"),
            Location::Dead => f.write_str("dead"),
        }
    }
}

impl Error {
    /// This error, said to be about `location` (an error that already names a place keeps
    /// its own).
    pub fn at(self, location: Location) -> Error {
        match self {
            Error::At { .. } | Error::NoPossibleHand { player: Some(_) } => self,
            error => Error::At {
                location,
                error: Box::new(error),
            },
        }
    }

    /// Where in an equity request the problem is, when the error says.
    pub fn location(&self) -> Option<Location> {
        match self {
            Error::At { location, .. } => Some(*location),
            Error::NoPossibleHand { player: Some(p) } => Some(Location::Player(*p)),
            _ => None,
        }
    }

    /// The field of an equity request at fault, as a request names it: the location
    /// (`players[2]`, `board`, `dead`), a setting's name (`samples`, `method`), or
    /// `players` for the players as a whole (their count, a deck they exhaust, ranges
    /// that cannot be dealt together); `None` for errors outside a request.
    pub fn field(&self) -> Option<String> {
        match self {
            Error::At { location, .. } => Some(location.to_string()),
            Error::NoPossibleHand { player: Some(p) } => Some(Location::Player(*p).to_string()),
            Error::InvalidSetting { name, .. } => Some((*name).to_string()),
            Error::UnknownGame { .. } => Some("game".to_string()),
            Error::OutOfTime { .. } => Some("method".to_string()),
            Error::PlayerCount { .. }
            | Error::DeckExhausted { .. }
            | Error::NoPossibleHand { player: None } => Some("players".to_string()),
            Error::NoDealInTime { .. } | Error::TimeLimit { .. } => Some("time_limit".to_string()),
            Error::InvalidStack { index, .. } => Some(format!("stacks[{index}]")),
            Error::NoChips => Some("stacks".to_string()),
            Error::InvalidPayout { index, .. } => Some(format!("payouts[{index}]")),
            Error::ExactTooLarge { .. } | Error::TooManyDeals { .. } => Some("method".to_string()),
            Error::ChipLimit { name, .. } => Some((*name).to_string()),
            _ => None,
        }
    }

    /// The error without its location.
    pub fn inner(&self) -> &Error {
        match self {
            Error::At { error, .. } => error.inner(),
            error => error,
        }
    }
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
            Error::NotInDeck { card, deck } => {
                write!(f, "the card {card} is not in {deck}")
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
            Error::RangeLimit {
                start,
                chars,
                limit,
                position,
            } => write!(
                f,
                "the range '{start}' ({chars} characters) is refused: it has {limit} \
                 (the parser's limit), passed at position {position}"
            ),
            Error::UnknownGame { name } => write!(
                f,
                "'{name}' is not a game: expected \"holdem\", \"omaha\", \"omaha-hilo\", \"stud\", \
                 \"stud-hilo\", \"razz\", \"short-deck\", \"2-7-single-draw\", \"2-7-triple-draw\", \
                 \"a-5-triple-draw\", \"badugi\" or \"five-card-draw\""
            ),
            Error::PlayerCount { got, expected } => write!(
                f,
                "equity needs {expected} players, but {got} {} given",
                if *got == 1 { "was" } else { "were" }
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
            Error::OutOfTime { seconds } => write!(
                f,
                "exact enumeration did not finish within the time limit of {seconds} s: \
                 use \"monte-carlo\" or \"auto\""
            ),
            Error::NoDealInTime { seconds } => write!(
                f,
                "not a single deal was counted within the time limit of {seconds} s: give it \
                 more time (crowded ranges clash on most draws)"
            ),
            Error::InvalidStack {
                index,
                value,
                expected,
            } => write!(f, "stacks[{index}] = {value} is not allowed: expected {expected}"),
            Error::NoChips => write!(
                f,
                "the stacks add up to 0 chips: at least one player needs chips"
            ),
            Error::InvalidPayout { index, value } => write!(
                f,
                "payouts[{index}] = {value} is not allowed: expected a finite amount, 0 or more"
            ),
            Error::ExactTooLarge { players, limit } => write!(
                f,
                "exact ICM takes at most {limit} players with chips, but {players} were given: \
                 use method \"monte-carlo\" or \"auto\""
            ),
            Error::ChipLimit { name, value, max } => write!(
                f,
                "{name} = {value} is not a chip count the observation encoder takes: expected \
                 0 to {max} chips, so that no sum over a table can pass 64 bits"
            ),
            Error::TooManyDeals { what, size, limit } => write!(
                f,
                "method = \"exact\" is refused: {what} would count {size}, past the limit of \
                 {limit} (too many deals to enumerate): use \"monte-carlo\" or \"auto\""
            ),
            Error::TimeLimit { what, seconds } => write!(
                f,
                "{what} did not finish within the time limit of {seconds} s: give it more \
                 time, or fewer players or samples"
            ),
            Error::InvalidBetSize { text, reason } => {
                write!(f, "'{text}' is not a list of bet sizes: {reason}")
            }
            Error::SolverTooLarge { bytes, limit } => write!(
                f,
                "the solver's game needs {bytes} bytes ({:.1} MB), more than the limit of \
                 {limit} bytes ({:.1} MB): use fewer bet sizes or a later street",
                *bytes as f64 / 1e6,
                *limit as f64 / 1e6
            ),
            Error::InvalidSavedGame { reason } => {
                write!(f, "the bytes are not a saved solver game: {reason}")
            }
            Error::At { location, error } => write!(f, "{location}: {error}"),
        }
    }
}

impl std::error::Error for Error {}

/// Result alias for the core.
pub type Result<T> = std::result::Result<T, Error>;
