//! The variant table: the one description of every game pokerforge plays.
//!
//! Each game is one [`Variant`] row of [`VARIANTS`]: the deck, each street's dealing (burns,
//! cards down, up or to the board, draws), the forced bets, who opens each street, which
//! bet a fixed-limit street uses, the hand kinds that rank its high and its low, the odd
//! chip's rule, and its names (display name, aliases, PHH codes, PokerStars' name).
//! Dealing, betting, showdown, histories, equity and the Python layer read the row; rules
//! that differ between games are small pure functions the row names by its fields, never
//! branches on a game's name. Adding a game is a row and its tests.
//!
//! The rows are in the order of [`Game`]'s codes, so `VARIANTS[game as usize]` is the row
//! of `game` ([`Variant::of`]).
//!
//! ```
//! use pokerforge_core::variant::{Variant, HandKind};
//! use pokerforge_core::Game;
//! let razz = Variant::named("FR").unwrap();
//! assert_eq!((razz.game, razz.high, razz.low), (Game::Razz, None, Some(HandKind::A5Low)));
//! assert_eq!(razz.max_players, 8);
//! assert_eq!(Variant::of(Game::Omaha).hole_cards, &[4, 5, 6]);
//! ```

mod game;
mod rank;
mod table;
mod words;

pub use game::Game;
pub use rank::rank;
pub use table::VARIANTS;
pub use words::describe;

/// How bets are sized: the betting structures, in the order of their codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Structure {
    /// Any bet from the minimum to all-in.
    NoLimit,
    /// Bets up to the pot.
    PotLimit,
    /// Bets of the street's fixed size, raises capped.
    FixedLimit,
}

impl Structure {
    /// Every structure, in the order of their codes.
    pub const ALL: [Structure; 3] = [
        Structure::NoLimit,
        Structure::PotLimit,
        Structure::FixedLimit,
    ];

    /// The structure's name, as `GameSpec(betting=...)` writes it.
    pub const fn name(self) -> &'static str {
        match self {
            Structure::NoLimit => "no-limit",
            Structure::PotLimit => "pot-limit",
            Structure::FixedLimit => "fixed-limit",
        }
    }
}

/// The fixed-limit bet of a street: the small bet (the big blind's size) or the big bet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BetSize {
    /// The small bet.
    Small,
    /// The big bet (twice the small bet as usually played).
    Big,
}

/// Who acts first on a street.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Opener {
    /// The seat after the last blind (or straddle); heads-up the button (rule 4).
    AfterBlinds,
    /// The first seat still in left of the button.
    LeftOfButton,
    /// The seat whose up card is lowest by rank and suit (highest in a low game) brings it in
    /// (rule 37).
    BringIn,
    /// The seat whose up cards make the best showing for the game's [`Variant::showing`]
    /// (high or low; ties to the seat nearest the bring-in's left, rule 40).
    BestShowing,
}

/// One street: what the dealer does before its betting round, and how that round is bet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Street {
    /// The street's name, as the game layer's `Street` writes it (`"preflop"`, `"flop"`,
    /// `"third street"`, `"predraw"`, `"first draw"`, ...).
    pub name: &'static str,
    /// Cards burned before the street's cards are dealt.
    pub burn: u8,
    /// Cards dealt face down to each player still in (on the first street: the hole
    /// cards, whose count a spec may choose among [`Variant::hole_cards`]).
    pub down: u8,
    /// Cards dealt face up to each player still in.
    pub up: u8,
    /// Cards turned up on the board.
    pub board: u8,
    /// Whether a drawing round comes before the betting: each player still in throws away
    /// any of his cards and is dealt as many.
    pub draw: bool,
    /// The fixed-limit bet of the street's betting round.
    pub bet: BetSize,
    /// Who opens the street's betting.
    pub opener: Opener,
}

/// The kind of hand that wins a pot or half of one: each is ranked by one evaluator of the
/// core ([`crate::eval`]), written once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HandKind {
    /// The best five of all the cards, high (Hold'em, stud, five-card draw).
    High,
    /// High in the 36-card deck's order (a flush beats a full house, A-6-7-8-9 is a
    /// straight; the spec says whether three of a kind beats a straight).
    ShortDeckHigh,
    /// Exactly two hole cards and three board cards, high.
    OmahaHigh,
    /// Exactly two hole cards and three board cards, eight-or-better ace-to-five low.
    OmahaEight,
    /// The best five of all the cards, eight-or-better ace-to-five low (stud hi-lo).
    EightOrBetter,
    /// Ace-to-five low of any five cards, no qualifier (razz, ace-to-five lowball).
    A5Low,
    /// Deuce-to-seven low of five cards: aces high, straights and flushes count against.
    Deuce7Low,
    /// Badugi: the most cards of different ranks and suits, then the lowest.
    Badugi,
}

impl HandKind {
    /// The kind's name (`"high"`, `"short-deck-high"`, `"omaha-high"`, `"omaha-eight"`,
    /// `"eight-or-better"`, `"a-5-low"`, `"2-7-low"`, `"badugi"`).
    pub const fn name(self) -> &'static str {
        match self {
            HandKind::High => "high",
            HandKind::ShortDeckHigh => "short-deck-high",
            HandKind::OmahaHigh => "omaha-high",
            HandKind::OmahaEight => "omaha-eight",
            HandKind::EightOrBetter => "eight-or-better",
            HandKind::A5Low => "a-5-low",
            HandKind::Deuce7Low => "2-7-low",
            HandKind::Badugi => "badugi",
        }
    }

    /// Whether a hand of this kind may fail to qualify (an eight-or-better low), so that
    /// its half of the pot goes to the other half's winners.
    pub const fn may_not_qualify(self) -> bool {
        matches!(self, HandKind::OmahaEight | HandKind::EightOrBetter)
    }
}

/// The forced bets that start a hand's betting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Forced {
    /// A small and a big blind (or, where [`Variant::button_blind`], one blind posted by
    /// the button), antes if the spec has them.
    Blinds,
    /// Antes from every player and a bring-in from the seat the up cards choose.
    BringIn,
}

/// One game: its row of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Variant {
    /// The game, whose code is the row's index.
    pub game: Game,
    /// The canonical name (`"holdem"`, `"stud-hilo"`, `"2-7-triple-draw"`, ...).
    pub name: &'static str,
    /// The name shown to people (`"Hold'em"`, `"Seven-card stud hi-lo"`, ...).
    pub display: &'static str,
    /// Other names accepted for the game (lower case, `-` for spaces).
    pub aliases: &'static [&'static str],
    /// The cards of the deck: 52, or 36 (six to ace) for short deck.
    pub deck: u8,
    /// The cards a player may be dealt in all, down and up, before any draw (the first is
    /// the default, which the streets deal; a spec choosing another deals the difference
    /// on the first street).
    pub hole_cards: &'static [u8],
    /// The streets, in order: each with its dealing and its betting round.
    pub streets: &'static [Street],
    /// The forced bets.
    pub forced: Forced,
    /// Whether a button blind may replace the blinds (short deck, rule 44).
    pub button_blind: bool,
    /// Whether a straddle may be posted left of the big blind.
    pub straddle: bool,
    /// The structures the game is played in; the first is its usual one.
    pub structures: &'static [Structure],
    /// The hand kind that wins the high (the whole pot where there is no low).
    pub high: Option<HandKind>,
    /// The hand kind that wins the low (the whole pot where there is no high).
    pub low: Option<HandKind>,
    /// Whether up cards showing are compared high (`false`: low, razz) to choose who opens
    /// the later streets; the bring-in is the opposite end (rule 37).
    pub showing_high: bool,
    /// Whether an open pair on fourth street allows the big bet (rule 39: seven-card stud
    /// high only).
    pub open_pair: bool,
    /// Whether the odd chip of a split goes by the cards (the stud family, rule 42), else
    /// by seat from the button's left (rule 26).
    pub odd_chip_by_cards: bool,
    /// The most players one deck deals to.
    pub max_players: u8,
    /// The PHH variant code for each structure the game is played in (the PHH standard's
    /// where it has one, else pokerforge's of the same shape).
    pub phh: &'static [(Structure, &'static str)],
    /// The game's name in PokerStars' hand histories (`"Hold'em"`, `"7 Card Stud Hi/Lo"`).
    pub pokerstars: &'static str,
}

impl Variant {
    /// The row of `game`.
    pub fn of(game: Game) -> &'static Variant {
        &VARIANTS[game as usize]
    }

    /// The row called `name`: its canonical name or an alias, ignoring case, spaces around
    /// it and `_` for `-`; `None` for no game. (PHH codes are read by [`Variant::of_phh`];
    /// those the PHH standard gives a game alone, such as `F7S`, are aliases too.)
    pub fn named(name: &str) -> Option<&'static Variant> {
        let key = name.trim().to_ascii_lowercase().replace('_', "-");
        VARIANTS
            .iter()
            .find(|v| v.name == key || v.aliases.contains(&key.as_str()))
    }

    /// The row and structure of a PHH variant code (`"NT"`, `"F7S/8"`, ...).
    pub fn of_phh(code: &str) -> Option<(&'static Variant, Structure)> {
        VARIANTS.iter().find_map(|v| {
            v.phh
                .iter()
                .find(|(_, c)| *c == code)
                .map(|(structure, _)| (v, *structure))
        })
    }

    /// Whether players draw: a drawing round comes before some street's betting.
    pub fn draws(&self) -> bool {
        self.streets.iter().any(|s| s.draw)
    }

    /// The drawing rounds of a hand.
    pub fn draw_rounds(&self) -> usize {
        self.streets.iter().filter(|s| s.draw).count()
    }

    /// Whether cards are dealt face up to the players (the stud family).
    pub fn up_cards(&self) -> bool {
        self.streets.iter().any(|s| s.up > 0)
    }

    /// The board cards of a hand (0 in the games with no board).
    pub fn board_cards(&self) -> usize {
        self.streets.iter().map(|s| usize::from(s.board)).sum()
    }

    /// The cards the streets deal one player, down and up, before any draw: the default
    /// of [`Variant::hole_cards`].
    pub fn cards_per_player(&self) -> usize {
        self.streets
            .iter()
            .map(|s| usize::from(s.down) + usize::from(s.up))
            .sum()
    }

    /// The burns of a hand that reaches its last street.
    pub fn burns(&self) -> usize {
        self.streets.iter().map(|s| usize::from(s.burn)).sum()
    }

    /// Whether the pot is split between a high and a low.
    pub fn hi_lo(&self) -> bool {
        self.high.is_some() && self.low.is_some()
    }

    /// The PHH code of the game in `structure`, if it is played so.
    pub fn phh_code(&self, structure: Structure) -> Option<&'static str> {
        self.phh
            .iter()
            .find(|(s, _)| *s == structure)
            .map(|(_, code)| *code)
    }
}

#[cfg(test)]
mod tests;
