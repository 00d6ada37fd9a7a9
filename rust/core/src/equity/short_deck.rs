//! Short-deck (six-plus) Hold'em: exact runouts by rank multisets and the per-deal
//! ranking for Monte Carlo, both under the short deck's order.
//!
//! The deck's 16 cards below the six are dead cards of the [`Setup`](super::Setup), so
//! deals, symmetries and ranges are Hold'em's, drawn from the 36 cards left. What differs
//! is the ranking ([`crate::eval::short_deck`]): a flush above a full house, A-6-7-8-9 the
//! lowest straight, and the switch between three of a kind and a straight.
//!
//! # Exact counting
//! The two-pass count of [`super::runouts`] under the short deck's ranking. A hand's ranks
//! are kept as counts, four bits per rank (`1 << 4r` per card), so a board and a hole add
//! as integers. The short-deck table is indexed by the rank multiset of a card mask;
//! [`spread`] turns the counts into such a mask (rank `r` counted `c` times gives the `c`
//! low bits of nibble `r`), whose suits are meaningless, which is why the rank-only
//! ranking never looks for a flush.

use std::sync::OnceLock;

use super::result::{Counts, SUIT0};
use super::runouts::{self, Ranking};
use crate::card_set::CardSet;
use crate::eval::short_deck::{
    short_deck_class, short_deck_class_unsuited, short_deck_flush_class,
};
use crate::eval::{ShortDeckOrder, ShortDeckRank};
use crate::MAX_PLAYERS;

/// The category index of each short-deck class 0..=1404 under each order (index 0 of a
/// table is unused): flush and full house, three of a kind and straight sit in other
/// places than among Hold'em's classes.
fn category_table(order: ShortDeckOrder) -> &'static [u8; 1405] {
    static TABLES: OnceLock<[[u8; 1405]; 2]> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        let build = |order: ShortDeckOrder| {
            let mut table = [0u8; 1405];
            for (class, slot) in (0u16..).zip(table.iter_mut()).skip(1) {
                if let Some(rank) = ShortDeckRank::new(class, order) {
                    *slot = rank.category() as u8;
                }
            }
            table
        };
        [
            build(ShortDeckOrder::TripsBeatStraight),
            build(ShortDeckOrder::StraightBeatsTrips),
        ]
    });
    &tables[usize::from(!order.trips_beat_straight())]
}

/// Counts (4 bits a rank) as a card mask with the same rank multiset: count `c` of rank
/// `r` sets the `c` low bits of nibble `r`. Each line tests "count at least k" in every
/// nibble at once: adding `8 - k` sets a nibble's top bit exactly then, and never carries
/// (counts are at most 4).
#[inline(always)]
fn spread(counts: u64) -> u64 {
    let top = 8 * SUIT0;
    (((counts + 7 * SUIT0) & top) >> 3)
        | (((counts + 6 * SUIT0) & top) >> 2)
        | (((counts + 5 * SUIT0) & top) >> 1)
        | ((counts + 4 * SUIT0) & top)
}

/// The short deck's ranking under one order, for the two-pass count.
struct ShortDeck {
    order: ShortDeckOrder,
    categories: &'static [u8; 1405],
}

impl Ranking for ShortDeck {
    type Ranks = u64;
    const EMPTY: u64 = 0;

    #[inline(always)]
    fn add_board(ranks: u64, rank: u8, _slot: usize) -> u64 {
        ranks + (1 << (4 * rank))
    }

    #[inline(always)]
    fn hole(mask: u64) -> u64 {
        CardSet::from_mask_truncate(mask)
            .iter()
            .fold(0, |acc, card| Self::add_board(acc, card.rank() as u8, 0))
    }

    #[inline(always)]
    fn key(board: u64) -> u64 {
        board
    }

    #[inline(always)]
    fn class(&self, hole: u64, board: u64) -> u16 {
        short_deck_class_unsuited(spread(hole + board), 7, self.order)
    }

    #[inline(always)]
    fn flush_class(&self, ranks: u16) -> u16 {
        short_deck_flush_class(ranks)
    }

    #[inline(always)]
    fn category(&self, class: u16) -> usize {
        usize::from(self.categories[usize::from(class)])
    }
}

/// Counts every completion of `board` (0 to 5 cards) from the short-deck cards not in
/// `holes`, `board` or `dead` (`dead` holds the cards below the six), under `order`.
/// `holes` are the players' two-card masks, disjoint from each other and from `board`
/// and `dead` (checked by the caller).
pub(crate) fn count_runouts(holes: &[u64], board: u64, dead: u64, order: ShortDeckOrder) -> Counts {
    let ranking = ShortDeck {
        order,
        categories: category_table(order),
    };
    runouts::count_runouts(&ranking, holes, board, dead)
}

/// Adds one deal: each hole of `holes` with the five cards of `board`.
#[inline]
pub(crate) fn score_board(counts: &mut Counts, holes: &[u64], board: u64, order: ShortDeckOrder) {
    let categories = category_table(order);
    let mut classes = [0u16; MAX_PLAYERS];
    for (class, &hole) in classes.iter_mut().zip(holes) {
        *class = short_deck_class(board | hole, order);
    }
    counts.score_in(&classes[..holes.len()], 1, |class| {
        usize::from(categories[usize::from(class)])
    });
    counts.total += 1;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card_set::FULL_MASK;

    /// The cards below the six.
    const LOW: u64 = 0xFFFF;

    fn mask(text: &str) -> u64 {
        text.parse::<CardSet>().unwrap().mask()
    }

    /// The same counts by visiting every board.
    fn naive(holes: &[u64], board: u64, dead: u64, order: ShortDeckOrder) -> Counts {
        let used = holes.iter().fold(board | dead, |a, &h| a | h);
        let cards: Vec<u64> = CardSet::from_mask_truncate(!used & FULL_MASK)
            .iter()
            .map(|c| 1u64 << c.index())
            .collect();
        let need = 5 - board.count_ones() as usize;
        let mut counts = Counts::new();
        fn visit(cards: &[u64], left: usize, board: u64, f: &mut impl FnMut(u64)) {
            if left == 0 {
                return f(board);
            }
            for (i, &c) in cards.iter().enumerate() {
                visit(&cards[i + 1..], left - 1, board | c, f);
            }
        }
        visit(&cards, need, board, &mut |b| {
            score_board(&mut counts, holes, b, order)
        });
        counts
    }

    #[test]
    fn spread_keeps_the_rank_multiset() {
        for counts in [0u64, 1, 4, 0x4321, 0x0004_0000_0000_3210] {
            let mask = spread(counts);
            for r in 0..13 {
                let want = counts >> (4 * r) & 0xF;
                assert_eq!(u64::from((mask >> (4 * r) & 0xF).count_ones()), want);
            }
        }
    }

    #[test]
    fn matches_visiting_every_board() {
        let cases: &[(&[&str], &str, &str)] = &[
            (&["AhKh", "QsQd", "JcTc"], "6h7h9c", ""),
            (&["AhKh", "QhJh"], "6h7h9h", ""),
            (&["Ah9h", "8h7h", "6c6d"], "TsJs", ""),
            (&["AsKs", "6d6c"], "7s8s9h", "Ts"),
            (&["Ac6c", "KdQd", "9s9h"], "7c8d", "Jc"),
            (&["AhKh", "QhJh"], "6h7h9h8h", ""),
            (&["AhAs", "KdKc", "7c8c"], "9dTdJd", ""),
            (&["AhKd", "QcQd"], "", "6s7s8s9sTsJs6d7d8d9dTdJd"),
        ];
        for order in [
            ShortDeckOrder::TripsBeatStraight,
            ShortDeckOrder::StraightBeatsTrips,
        ] {
            for (holes, board, dead) in cases {
                let holes: Vec<u64> = holes.iter().map(|h| mask(h)).collect();
                let (board, dead) = (mask(board), mask(dead) | LOW);
                let fast = count_runouts(&holes, board, dead, order);
                let slow = naive(&holes, board, dead, order);
                assert_eq!(fast, slow, "{holes:?} {board:x} {order:?}");
            }
        }
    }

    #[test]
    fn matches_visiting_every_board_for_random_deals() {
        let mut rng = crate::rng::Rng::new(34);
        let orders = [
            ShortDeckOrder::TripsBeatStraight,
            ShortDeckOrder::StraightBeatsTrips,
        ];
        for round in 0..200 {
            let players = 2 + round % 5;
            let cards = runouts::random_cards(&mut rng, FULL_MASK & !LOW, 2 * players + 4);
            let holes: Vec<u64> = cards.chunks(2).take(players).map(|c| c[0] | c[1]).collect();
            let extra = &cards[2 * players..];
            let board = extra[..2 + round % 3].iter().fold(0, |a, c| a | c);
            let dead = LOW | if round % 4 == 0 { extra[3] } else { 0 };
            let order = orders[round % 2];
            let fast = count_runouts(&holes, board, dead, order);
            let slow = naive(&holes, board, dead, order);
            assert_eq!(fast, slow, "{holes:x?} {board:x} {order:?}");
        }
    }

    #[test]
    fn the_order_moves_only_trips_and_straights() {
        let trips = category_table(ShortDeckOrder::TripsBeatStraight);
        let straights = category_table(ShortDeckOrder::StraightBeatsTrips);
        // Classes ascend: high card, pair, two pair, then the switched pair of categories.
        assert_eq!(trips[1], 0);
        assert_eq!(trips[1404], 8);
        // Below the 72 full houses, 120 flushes, 72 quads and 6 straight flushes: the
        // higher of three of a kind and a straight.
        let top = 1404 - 6 - 72 - 120 - 72;
        assert_eq!((trips[top], straights[top]), (3, 4));
        assert_eq!((trips[top + 1], straights[top + 1]), (6, 6));
        assert_eq!((trips[top + 73], straights[top + 73]), (5, 5));
    }
}
