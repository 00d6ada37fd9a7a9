//! Exact Hold'em runouts for known hole cards, counted without visiting every board: the
//! two-pass count of [`super::runouts`] with Hold'em's ranking.
//!
//! Rank-only hands are evaluated with [`HandKey`] on stand-in cards whose suits are
//! spread so that no suit reaches five: the key's rank part is exact and no flush is seen.
//! Flushes are looked up by the 13-bit rank mask of the player's suited cards.

use std::sync::OnceLock;

use super::result::{category_of, Counts};
use super::runouts::{self, Ranking};
use crate::eval::HandKey;

/// Best flush (or straight flush) class of a 13-bit rank mask of one suit with five to
/// seven ranks; 0 for fewer than five.
fn flush_table() -> &'static [u16; 8192] {
    static TABLE: OnceLock<Box<[u16; 8192]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Box::new([0u16; 8192]);
        for (ranks, slot) in table.iter_mut().enumerate() {
            let n = ranks.count_ones();
            if (5..=7).contains(&n) {
                let mut key = HandKey::EMPTY;
                for r in 0..13u8 {
                    if ranks >> r & 1 == 1 {
                        key = key.add_index(4 * r);
                    }
                }
                *slot = key.rank().class();
            }
        }
        table
    })
}

/// The stand-in card for the `slot`-th board card of rank `rank`: board slots cycle
/// through the suits (at most two per suit in five cards), hole cards use suits 2 and 3,
/// so seven cards never hold five of a suit.
#[inline(always)]
fn stand_in(rank: u8, slot: usize) -> u8 {
    4 * rank + (slot & 3) as u8
}

/// Hold'em's ranking for the two-pass count.
struct Holdem {
    flushes: &'static [u16; 8192],
}

impl Ranking for Holdem {
    type Ranks = HandKey;
    const EMPTY: HandKey = HandKey::EMPTY;

    #[inline(always)]
    fn add_board(ranks: HandKey, rank: u8, slot: usize) -> HandKey {
        ranks.add_index(stand_in(rank, slot))
    }

    #[inline(always)]
    fn hole(mask: u64) -> HandKey {
        let (a, b) = (
            mask.trailing_zeros() as u8 >> 2,
            (63 - mask.leading_zeros()) as u8 >> 2,
        );
        HandKey::EMPTY.add_index(4 * a + 2).add_index(4 * b + 3)
    }

    #[inline(always)]
    fn key(board: HandKey) -> u64 {
        u64::from(board.rank_key())
    }

    #[inline(always)]
    fn class(&self, hole: HandKey, board: HandKey) -> u16 {
        hole.combine(board).rank().class()
    }

    #[inline(always)]
    fn flush_class(&self, ranks: u16) -> u16 {
        self.flushes[usize::from(ranks)]
    }

    #[inline(always)]
    fn category(&self, class: u16) -> usize {
        category_of(class)
    }
}

/// Counts every completion of `board` (0 to 5 cards) from the cards not in `holes`,
/// `board` or `dead`. `holes` are the players' two-card masks, disjoint from each other
/// and from `board` and `dead` (checked by the caller).
pub(crate) fn count_runouts(holes: &[u64], board: u64, dead: u64) -> Counts {
    let holdem = Holdem {
        flushes: flush_table(),
    };
    runouts::count_runouts(&holdem, holes, board, dead)
}

/// The same counts by visiting every board: the reference for tests.
#[cfg(test)]
pub(crate) fn count_runouts_naive(holes: &[u64], board: u64, dead: u64) -> Counts {
    let used = holes.iter().fold(board | dead, |a, &h| a | h);
    let available: Vec<u8> = (0..52u8).filter(|&i| used >> i & 1 == 0).collect();
    let need = 5 - board.count_ones() as usize;
    let mut counts = Counts::new();
    let mut pick = vec![0usize; need];
    fn visit(
        available: &[u8],
        start: usize,
        depth: usize,
        pick: &mut Vec<usize>,
        f: &mut impl FnMut(&[usize]),
    ) {
        if depth == pick.len() {
            f(pick);
            return;
        }
        for i in start..available.len() {
            pick[depth] = i;
            visit(available, i + 1, depth + 1, pick, f);
        }
    }
    let avail = available.clone();
    visit(&available, 0, 0, &mut pick, &mut |idx| {
        let mut b = board;
        for &i in idx {
            b |= 1 << avail[i];
        }
        let classes: Vec<u16> = holes
            .iter()
            .map(|&h| crate::eval::high::rank_mask(b | h).class())
            .collect();
        counts.score(&classes, 1);
        counts.total += 1;
    });
    counts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card_set::{CardSet, FULL_MASK as FULL};

    fn mask(text: &str) -> u64 {
        text.parse::<CardSet>().unwrap().mask()
    }

    fn check(holes: &[&str], board: &str, dead: &str) {
        let holes: Vec<u64> = holes.iter().map(|h| mask(h)).collect();
        let fast = count_runouts(&holes, mask(board), mask(dead));
        let naive = count_runouts_naive(&holes, mask(board), mask(dead));
        assert_eq!(fast, naive, "{holes:?} {board} {dead}");
    }

    #[test]
    fn matches_visiting_every_board() {
        check(&["AhKh", "QsQd", "JcTc"], "2h7h9c", "");
        check(&["AhKh", "QhJh"], "2h7h", "");
        check(&["AhKh", "QhJh"], "2h7h9h", "");
        check(&["AhKh", "QhJh", "2c2d"], "3h4h9h", "5h");
        check(&["AhKh", "QhJh"], "2h7h9h8h", "");
        check(&["AhKh", "QhJh"], "2h7h9h8hTh", "");
        check(&["AhAs", "KdKc"], "7h", "");
        check(&["Ac2c", "KdQd", "5s5h"], "3c", "4c");
        check(
            &["6s7s", "8d9d", "TcJc", "2h3h"],
            "",
            "2s3s4s5s6d7d8h9hTdJdQdKd4h5h7c8c",
        );
    }

    #[test]
    fn matches_visiting_every_board_for_random_deals() {
        // Few suits among many players, so flushes, full houses against flushes and ties
        // between flushes all come up: the cases the flush pass shortcuts.
        let mut rng = crate::rng::Rng::new(34);
        for round in 0..300 {
            let players = 2 + round % 5;
            let suits = if round % 2 == 0 {
                0x0003_3333_3333_3333
            } else {
                FULL
            };
            let cards = runouts::random_cards(&mut rng, suits, 2 * players + 4);
            let holes: Vec<u64> = cards.chunks(2).take(players).map(|c| c[0] | c[1]).collect();
            let extra = &cards[2 * players..];
            let board = extra[..2 + round % 3].iter().fold(0, |a, c| a | c);
            let dead = if round % 4 == 0 { extra[3] } else { 0 };
            let fast = count_runouts(&holes, board, dead);
            let naive = count_runouts_naive(&holes, board, dead);
            assert_eq!(fast, naive, "{holes:x?} {board:x} {dead:x}");
        }
    }

    #[test]
    fn six_hands_pre_flop_match_visiting_every_board() {
        for hands in [
            ["AhKh", "QsQd", "JcTc", "9s8s", "7d7c", "5h4h"],
            ["AhAs", "KdKc", "QhQs", "JdJc", "Th9h", "8s7s"],
        ] {
            let holes: Vec<u64> = hands.iter().map(|h| mask(h)).collect();
            assert_eq!(
                count_runouts(&holes, 0, 0),
                count_runouts_naive(&holes, 0, 0)
            );
        }
    }

    #[test]
    fn aces_against_kings_reference() {
        let holes = [mask("AhAs"), mask("KdKc")];
        let c = count_runouts(&holes, 0, 0);
        assert_eq!(c.total, 1_712_304);
        assert_eq!(c.wins[0], 1_388_072);
        assert_eq!(c.wins[1], 317_694);
        assert_eq!(c.ties[0][2], 6_538);
    }
}
