//! The spot a solve starts from: board, ranges, pot, stacks, bet sizes and rake, checked
//! once here.

use super::bet_size::{BetSize, BetSizes};
use crate::card_set::CardSet;
use crate::error::{Error, Result};
use crate::range::Range;

/// The largest pot or stack, in chips: every amount the tree forms (pot plus both stacks,
/// times the largest size) stays far inside 32 bits.
pub const MAX_CHIPS: i32 = 100_000_000;

/// The streets a solve can start on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Street {
    /// Three board cards.
    Flop,
    /// Four.
    Turn,
    /// Five.
    River,
}

impl Street {
    /// The street of a board of `cards` cards.
    ///
    /// # Errors
    /// [`Error::CardCount`] unless `cards` is 3, 4 or 5.
    pub fn of_board(cards: usize) -> Result<Street> {
        match cards {
            3 => Ok(Street::Flop),
            4 => Ok(Street::Turn),
            5 => Ok(Street::River),
            got => Err(Error::CardCount {
                what: "a solver's board",
                expected: "3, 4 or 5",
                got,
            }),
        }
    }

    /// 0 for the flop, 1 for the turn, 2 for the river.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A heads-up postflop spot and the tree of bet sizes to solve it with.
///
/// Player 0 is out of position (acts first on every street), player 1 in position.
/// Chips are integers; the pot came from both players equally.
#[derive(Debug, Clone, PartialEq)]
pub struct Spot {
    /// The board: 3 (flop), 4 (turn) or 5 (river) cards.
    pub board: CardSet,
    /// The ranges, out of position first.
    pub ranges: [Range; 2],
    /// The pot at the start, in chips.
    pub pot: i32,
    /// The effective stack behind at the start, in chips.
    pub stack: i32,
    /// `sizes[street][player]`: bet and raise sizes (street 0 the flop, 2 the river).
    pub sizes: [[BetSizes; 2]; 3],
    /// Sizes of a donk bet (out of position leading after calling the last street) on the
    /// turn and the river; `None` uses the player's bet sizes.
    pub donk: [Option<Vec<BetSize>>; 2],
    /// A bet or raise that would leave behind at most this share of the pot (once
    /// called) becomes all-in; 0 turns this off.
    pub allin_threshold: f64,
    /// Sizes closer than this are merged into the larger (`action.rs`); 0 keeps all.
    pub merge_threshold: f64,
    /// The share of the pot taken as rake from every pot won (0 to 1).
    pub rake_rate: f64,
    /// The most rake a pot pays, in chips (0 with no rake).
    pub rake_cap: f64,
}

impl Spot {
    /// A spot with the same sizes for both players on every street, no donk sizes, an
    /// all-in threshold of 0.15, a merge threshold of 0.1 and no rake.
    ///
    /// # Errors
    /// [`Error::InvalidBetSize`] for size text that does not parse.
    pub fn new(
        board: CardSet,
        ranges: [Range; 2],
        pot: i32,
        stack: i32,
        bets: &str,
        raises: &str,
    ) -> Result<Spot> {
        let sizes = BetSizes::parse(bets, raises)?;
        Ok(Spot {
            board,
            ranges,
            pot,
            stack,
            sizes: std::array::from_fn(|_| [sizes.clone(), sizes.clone()]),
            donk: [None, None],
            allin_threshold: 0.15,
            merge_threshold: 0.1,
            rake_rate: 0.0,
            rake_cap: 0.0,
        })
    }

    /// The street the solve starts on.
    ///
    /// # Errors
    /// [`Error::CardCount`] for a board of other than 3 to 5 cards.
    pub fn street(&self) -> Result<Street> {
        Street::of_board(self.board.len())
    }

    /// Checks every field, naming the first one at fault.
    ///
    /// # Errors
    /// [`Error::CardCount`] for the board; [`Error::InvalidSetting`] for the pot, the
    /// stack, a threshold, the rake or a size's number; [`Error::NoPossibleHand`] for a
    /// range the board empties (checked when the hands are dealt out).
    pub fn validate(&self) -> Result<()> {
        self.street()?;
        let chips = |name: &'static str, value: i32| {
            if value <= 0 || value > MAX_CHIPS {
                Err(Error::InvalidSetting {
                    name,
                    value: value.to_string(),
                    expected: "a whole number of chips from 1 to 100000000",
                })
            } else {
                Ok(())
            }
        };
        chips("pot", self.pot)?;
        chips("stack", self.stack)?;
        let share = |name: &'static str, value: f64, max: f64, expected: &'static str| {
            if value.is_finite() && (0.0..=max).contains(&value) {
                Ok(())
            } else {
                Err(Error::InvalidSetting {
                    name,
                    value: value.to_string(),
                    expected,
                })
            }
        };
        share(
            "allin_threshold",
            self.allin_threshold,
            100.0,
            "a share of the pot from 0 to 100",
        )?;
        share(
            "merge_threshold",
            self.merge_threshold,
            100.0,
            "a number from 0 to 100",
        )?;
        share(
            "rake_rate",
            self.rake_rate,
            1.0,
            "a share of the pot from 0 to 1",
        )?;
        share(
            "rake_cap",
            self.rake_cap,
            f64::from(MAX_CHIPS) * 3.0,
            "a number of chips, 0 or more",
        )?;
        let lists = self
            .sizes
            .iter()
            .flatten()
            .flat_map(|s| [&s.bet, &s.raise])
            .chain(self.donk.iter().flatten());
        for list in lists {
            if list.len() > super::bet_size::MAX_SIZES {
                return Err(Error::InvalidSetting {
                    name: "sizes",
                    value: format!("{} sizes", list.len()),
                    expected: "at most 16 sizes in a list",
                });
            }
        }
        let all = self
            .sizes
            .iter()
            .flatten()
            .flat_map(|s| s.bet.iter().chain(&s.raise))
            .chain(self.donk.iter().flatten().flatten());
        for size in all {
            let ok = match *size {
                BetSize::Pot(x) => x.is_finite() && x > 0.0 && x <= 100.0,
                BetSize::Multiple(x) => x.is_finite() && x > 1.0 && x <= 100.0,
                BetSize::Geometric { streets, cap } => streets <= 3 && cap > 0.0,
                BetSize::AllIn => true,
            };
            if !ok {
                return Err(Error::InvalidSetting {
                    name: "sizes",
                    value: size.text(),
                    expected: "a share of the pot up to 100 (10000%), a multiple from 1 to 100, \
                               a geometric size over 0 to 3 streets, or all-in",
                });
            }
        }
        Ok(())
    }
}
