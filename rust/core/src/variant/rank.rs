//! One ranker per hand kind: the integer every showdown compares, written once.
//!
//! A showdown compares plain integers (greater is better): [`rank`] turns a player's cards
//! into the class of the evaluator its [`HandKind`] names — the 7,462 high classes, the
//! short deck's 1,404, the A-5 low's 6,175 (with 1..56 for an eight-or-better low and 0
//! for none), the 2-7 low's and badugi's — so the game layer never chooses an evaluator
//! by a game's name.

use super::HandKind;
use crate::card_set::CardSet;
use crate::error::{Error, Result};
use crate::eval::high::rank_mask;
use crate::eval::{
    evaluate_badugi, evaluate_low_27, evaluate_low_a5, evaluate_omaha, evaluate_omaha_low,
    evaluate_short_deck, ShortDeckOrder,
};

/// The rank of `hole` with `board` (empty in the games without one; in stud, the common
/// card of rule 41) as a hand of `kind`: greater is better, 0 a low that does not qualify.
/// `order` is short deck's order of three of a kind and a straight.
///
/// # Errors
/// The evaluator's: too few or too many cards for the kind ([`Error::CardCount`]), or a
/// card in both `hole` and `board` ([`Error::DuplicateCard`]).
///
/// ```
/// use pokerforge_core::variant::{rank, HandKind};
/// use pokerforge_core::{CardSet, ShortDeckOrder};
/// let seven: CardSet = "As2d3h4c7s8dKh".parse().unwrap();
/// let none = CardSet::EMPTY;
/// let order = ShortDeckOrder::default();
/// assert_eq!(rank(HandKind::High, seven, none, order).unwrap(), 1146); // king high
/// assert_eq!(rank(HandKind::EightOrBetter, seven, none, order).unwrap(), 50); // 7-4-3-2-A
/// let nine: CardSet = "9s9d9hKcQd".parse().unwrap();
/// assert_eq!(rank(HandKind::EightOrBetter, nine, none, order).unwrap(), 0); // no low
/// ```
pub fn rank(kind: HandKind, hole: CardSet, board: CardSet, order: ShortDeckOrder) -> Result<u16> {
    let together = || hole.try_union(board);
    Ok(match kind {
        HandKind::High => {
            let all = together()?;
            let n = all.len();
            if !(5..=7).contains(&n) {
                return Err(Error::CardCount {
                    what: "a showdown hand (hole cards and board)",
                    expected: "5, 6 or 7",
                    got: n,
                });
            }
            rank_mask(all.mask()).class()
        }
        HandKind::ShortDeckHigh => evaluate_short_deck(together()?, order)?.class(),
        HandKind::OmahaHigh => evaluate_omaha(hole, board)?.class(),
        HandKind::OmahaEight => {
            evaluate_omaha_low(hole, board)?.map_or(0, |low| low.class().into())
        }
        HandKind::EightOrBetter => evaluate_low_a5(together()?)?
            .eight_or_better()
            .map_or(0, |low| low.class().into()),
        HandKind::A5Low => evaluate_low_a5(together()?)?.class(),
        HandKind::Deuce7Low => evaluate_low_27(together()?)?.class(),
        HandKind::Badugi => evaluate_badugi(together()?)?.class(),
    })
}
