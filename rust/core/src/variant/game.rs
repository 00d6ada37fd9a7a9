//! The games, keys of the variant table's rows: each [`Game`]'s code is its row's index.

use std::str::FromStr;

use super::Variant;
use crate::card_set::{CardSet, FULL_MASK};
use crate::error::{Error, Result};
use crate::eval::short_deck::SHORT_DECK;

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
    /// Seven-card stud: seven cards each, best five high.
    Stud,
    /// Seven-card stud hi-lo, eight or better.
    StudHiLo,
    /// Razz: seven-card stud for the best ace-to-five low.
    Razz,
    /// Short-deck (six-plus) Hold'em: the 36 cards from six to ace, two hole cards, ranked
    /// by the short deck's order ([`crate::eval::short_deck`]; which of three of a kind
    /// and a straight is higher is [`EquityOptions::short_deck_order`](crate::equity::EquityOptions::short_deck_order)).
    ShortDeck,
    /// Deuce-to-seven lowball, one draw ([`draw`](crate::equity::draw)).
    Deuce7SingleDraw,
    /// Deuce-to-seven lowball, three draws ([`draw`](crate::equity::draw)).
    Deuce7TripleDraw,
    /// Ace-to-five lowball, three draws ([`draw`](crate::equity::draw)).
    A5TripleDraw,
    /// Badugi: four cards, three draws ([`draw`](crate::equity::draw)).
    Badugi,
    /// Five-card draw, high hands, one draw ([`draw`](crate::equity::draw)).
    FiveCardDraw,
    /// Courchevel: five-card Omaha with the first board card turned before the first
    /// betting round.
    Courchevel,
    /// Big O: five-card Omaha hi-lo, eight or better.
    BigO,
    /// Courchevel hi-lo: Courchevel's deal, the pot split as Omaha hi-lo's, eight or
    /// better.
    CourchevelHiLo,
}

impl Game {
    /// The game's row of the variant table.
    pub fn variant(self) -> &'static Variant {
        Variant::of(self)
    }

    /// The name used in text: `"holdem"`, `"omaha"`, `"omaha-hilo"`, `"stud"`,
    /// `"stud-hilo"`, `"razz"`, `"short-deck"` or a draw game's (`"badugi"`, ...): the
    /// variant table's.
    pub fn name(self) -> &'static str {
        self.variant().name
    }

    /// The drawing rounds of a draw game (1 or 3); `None` for the board games.
    pub fn draw_rounds(self) -> Option<usize> {
        Some(self.variant().draw_rounds()).filter(|&n| n > 0)
    }

    /// Whether the game is of the stud family: no board, cards dealt face up, 2 to 8
    /// players.
    pub fn is_stud(self) -> bool {
        self.variant().up_cards()
    }

    /// The cards the game is dealt from: all 52, or the short deck's 36.
    pub fn deck(self) -> CardSet {
        match self.variant().deck {
            36 => SHORT_DECK,
            _ => CardSet::from_mask_truncate(FULL_MASK),
        }
    }

    /// Whether players hold two cards and ranges in the Hold'em syntax apply.
    pub(crate) fn two_hole_cards(self) -> bool {
        self.variant().hole_cards == [2]
    }
}

impl FromStr for Game {
    type Err = Error;

    /// Parses a game's name or alias in the variant table ([`Variant::named`]: case and
    /// `_`/`-` free).
    fn from_str(name: &str) -> Result<Game> {
        Variant::named(name)
            .map(|v| v.game)
            .ok_or_else(|| Error::UnknownGame {
                name: name.to_string(),
            })
    }
}
