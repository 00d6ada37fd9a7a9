//! Card isomorphism: suits that the board does not tell apart are solved once.
//!
//! Two suits with the same ranks on the board (both absent from a rainbow flop, say) can
//! be exchanged without changing the game, provided both ranges are unchanged by the
//! exchange too. A card dealt in the second suit then leads to the mirror image of the
//! game after the same card in the first: the value of hand `h` after it is the value of
//! `h` with the two suits exchanged after the first card. So a chance node keeps one
//! subtree per class of cards (its *canonical* card, in the lowest suit of the class) and
//! reads the others' values through a permutation of the hands.
//!
//! The reach of both players into such a chance node is itself symmetric: the ranges are,
//! the board before it is, and so (by induction over the iterations, from zero regrets)
//! is every strategy above it. Node locking that breaks the symmetry is the caller's
//! concern: a lock applies to the canonical subtree and so to its mirror images.

use super::hands::{pair_index, Players};
use crate::card_set::CardSet;

/// A card a chance node deals, read through a canonical card's subtree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Mirror {
    /// The card dealt.
    pub card: u8,
    /// The canonical card whose subtree stands for it.
    pub canonical: u8,
    /// The index in [`super::hands::SUIT_PAIRS`] of the two suits exchanged.
    pub pair: u8,
}

/// The cards a chance node on `board` deals: the canonical ones (each with a subtree),
/// and the others as mirrors of a canonical one. With `enabled` false every card is
/// canonical.
pub(crate) fn chance_cards(
    board: CardSet,
    players: &Players,
    enabled: bool,
) -> (Vec<u8>, Vec<Mirror>) {
    // canon[s]: the suit whose cards stand for suit s's (s itself when none).
    let mut canon = [0u8, 1, 2, 3];
    if enabled {
        for s in 1..4u8 {
            for t in 0..s {
                let same_ranks = board.suit_ranks(t) == board.suit_ranks(s);
                let symmetric = players.swaps[pair_index(t, s)].is_some();
                if canon[usize::from(t)] == t && same_ranks && symmetric {
                    canon[usize::from(s)] = t;
                    break;
                }
            }
        }
    }
    let mut canonical = Vec::new();
    let mut mirrors = Vec::new();
    for card in 0..52u8 {
        if board.mask() >> card & 1 == 1 {
            continue;
        }
        let suit = card & 3;
        let to = canon[usize::from(suit)];
        if to == suit {
            canonical.push(card);
        } else {
            mirrors.push(Mirror {
                card,
                canonical: (card & !3) | to,
                pair: pair_index(to, suit) as u8,
            });
        }
    }
    (canonical, mirrors)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::range::Range;

    fn board(text: &str) -> CardSet {
        CardSet::from_cards(CardSet::parse_cards(text).unwrap()).unwrap()
    }

    #[test]
    fn a_two_tone_flop_mirrors_its_two_absent_suits() {
        let b = board("Td9d6h");
        let ranges = [
            Range::parse("66+,AKs").unwrap(),
            Range::parse("22+").unwrap(),
        ];
        let players = Players::new(&ranges, b).unwrap();
        let (canonical, mirrors) = chance_cards(b, &players, true);
        // Clubs (suit 0) and spades (3) are alike: the 13 spades mirror the clubs.
        assert_eq!(canonical.len(), 49 - 13);
        assert_eq!(mirrors.len(), 13);
        assert!(mirrors
            .iter()
            .all(|m| m.card & 3 == 3 && m.canonical & 3 == 0));
        let (all, none) = chance_cards(b, &players, false);
        assert_eq!((all.len(), none.len()), (49, 0));
    }

    #[test]
    fn an_asymmetric_range_turns_it_off() {
        let b = board("Td9d6h");
        let ranges = [Range::parse("AcKc").unwrap(), Range::parse("22+").unwrap()];
        let players = Players::new(&ranges, b).unwrap();
        let (canonical, mirrors) = chance_cards(b, &players, true);
        assert_eq!((canonical.len(), mirrors.len()), (49, 0));
    }
}
