//! Exact Hold'em runouts for known hole cards, counted without visiting every board.
//!
//! # Why it is fast
//! Five board cards hold three or more cards of at most one suit, and a player (two hole
//! cards) can only make a flush in a suit with three or more board cards. So every board
//! falls in one of two kinds:
//! - no player can make a flush: the result depends on the board's *ranks* only. Boards
//!   are enumerated as rank multisets (6,175 for five cards instead of 1.7 million boards),
//!   each counted `prod C(available of rank r, times r is drawn)` times and evaluated once
//!   per player, with the board's key built once and each hand added to it.
//! - someone can make a flush in suit `s`: enumerated by the exact set of suit-`s` cards
//!   drawn, the other drawn cards again only by rank. For those boards the rank-only
//!   result counted in the first pass is taken back out and the real one put in.
//!
//! Rank-only hands are evaluated with [`HandKey`] on stand-in cards whose suits are
//! spread so that no suit reaches five: the key's rank part is exact and no flush is seen.
//! Flushes are looked up by the 13-bit rank mask of the player's suited cards.

use std::sync::OnceLock;

use super::result::Counts;
use crate::card_set::CardSet;
use crate::eval::HandKey;
use crate::MAX_PLAYERS;

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

/// `BINOMIAL[n][k]` for n, k <= 4: ways to draw k of the n available cards of a rank.
pub(super) const BINOMIAL: [[i64; 5]; 5] = [
    [1, 0, 0, 0, 0],
    [1, 1, 0, 0, 0],
    [1, 2, 1, 0, 0],
    [1, 3, 3, 1, 0],
    [1, 4, 6, 4, 1],
];

/// Calls `f(key, ways)` for every multiset of `left` ranks drawn from `available[r]`
/// cards of each rank `r >= from`, `key` being `base` plus stand-ins for the drawn ranks
/// from board slot `slot` on, and `ways` the number of card sets with those ranks.
fn for_each_multiset(
    available: &[u8; 13],
    from: u8,
    left: usize,
    base: HandKey,
    slot: usize,
    ways: i64,
    f: &mut impl FnMut(HandKey, i64),
) {
    if left == 0 {
        f(base, ways);
        return;
    }
    for r in from..13 {
        let have = usize::from(available[usize::from(r)]);
        let mut key = base;
        for (m, &choose) in BINOMIAL[have]
            .iter()
            .enumerate()
            .take(have.min(left) + 1)
            .skip(1)
        {
            key = key.add_index(stand_in(r, slot + m - 1));
            let w = ways * choose;
            for_each_multiset(available, r + 1, left - m, key, slot + m, w, f);
        }
    }
}

/// Calls `f(subset)` for every `k`-bit subset of the 13-bit mask `mask`.
pub(super) fn for_each_subset(mask: u16, k: u32, f: &mut impl FnMut(u16)) {
    fn go(mask: u16, k: u32, chosen: u16, f: &mut impl FnMut(u16)) {
        if k == 0 {
            f(chosen);
            return;
        }
        let mut rest = mask;
        while rest.count_ones() >= k {
            let bit = rest & rest.wrapping_neg();
            rest &= !bit;
            go(rest, k - 1, chosen | bit, f);
        }
    }
    go(mask, k, 0, f);
}

/// Counts every completion of `board` (0 to 5 cards) from the cards not in `holes`,
/// `board` or `dead`. `holes` are the players' two-card masks, disjoint from each other
/// and from `board` and `dead` (checked by the caller).
pub(crate) fn count_runouts(holes: &[u64], board: u64, dead: u64) -> Counts {
    let n = holes.len();
    let used = holes.iter().fold(board | dead, |a, &h| a | h);
    let available = !used & crate::card_set::FULL_MASK;
    let need = 5 - board.count_ones() as usize;
    let mut counts = Counts::new();

    let mut by_rank = [0u8; 13];
    for (r, slot) in by_rank.iter_mut().enumerate() {
        *slot = (available >> (4 * r) & 0xF).count_ones() as u8;
    }
    // Rank-only keys: each hole on suits 2 and 3, the fixed board on the first slots.
    let mut hole_keys = [HandKey::EMPTY; MAX_PLAYERS];
    for (key, &hole) in hole_keys.iter_mut().zip(holes) {
        let (a, b) = (
            hole.trailing_zeros() as u8 >> 2,
            (63 - hole.leading_zeros()) as u8 >> 2,
        );
        *key = HandKey::EMPTY.add_index(4 * a + 2).add_index(4 * b + 3);
    }
    let mut board_key = HandKey::EMPTY;
    for (slot, card) in CardSet::from_mask_truncate(board).iter().enumerate() {
        board_key = board_key.add_index(stand_in(card.rank() as u8, slot));
    }
    let fixed = 5 - need;

    let mut classes = [0u16; MAX_PLAYERS];
    let rank_only = |key: HandKey, classes: &mut [u16; MAX_PLAYERS]| {
        for p in 0..n {
            classes[p] = hole_keys[p].combine(key).rank().class();
        }
    };

    // Pass 1: every board by its ranks, as if nobody could make a flush.
    for_each_multiset(&by_rank, 0, need, board_key, fixed, 1, &mut |key, ways| {
        rank_only(key, &mut classes);
        counts.score(&classes[..n], ways);
        counts.total += ways;
    });

    // Pass 2: boards on which someone can make a flush, suit by suit.
    let flushes = flush_table();
    for suit in 0..4u8 {
        let suit_ranks = |mask: u64| CardSet::from_mask_truncate(mask).suit_ranks(suit);
        let board_s = suit_ranks(board);
        let avail_s = suit_ranks(available);
        let mut hole_s = [0u16; MAX_PLAYERS];
        for (h, &hole) in hole_s.iter_mut().zip(holes) {
            *h = suit_ranks(hole);
        }
        let most = hole_s[..n]
            .iter()
            .map(|h| h.count_ones())
            .max()
            .unwrap_or(0);
        let mut off_suit = by_rank;
        for (r, slot) in off_suit.iter_mut().enumerate() {
            *slot -= (avail_s >> r & 1) as u8;
        }
        for k in 0..=need.min(avail_s.count_ones() as usize) {
            if board_s.count_ones() as usize + k + (most as usize) < 5 {
                continue;
            }
            for_each_subset(avail_s, k as u32, &mut |drawn| {
                let mut flush = [0u16; MAX_PLAYERS];
                let mut any = false;
                for p in 0..n {
                    flush[p] = flushes[usize::from(board_s | drawn | hole_s[p])];
                    any |= flush[p] != 0;
                }
                if !any {
                    return;
                }
                let mut key = board_key;
                let mut slot = fixed;
                let mut rest = drawn;
                while rest != 0 {
                    key = key.add_index(stand_in(rest.trailing_zeros() as u8, slot));
                    slot += 1;
                    rest &= rest - 1;
                }
                let mut real = [0u16; MAX_PLAYERS];
                for_each_multiset(&off_suit, 0, need - k, key, slot, 1, &mut |key, ways| {
                    rank_only(key, &mut classes);
                    counts.score(&classes[..n], -ways);
                    for p in 0..n {
                        // With seven cards a flush rules out quads and full houses, so
                        // the flush is the hand.
                        real[p] = if flush[p] != 0 { flush[p] } else { classes[p] };
                    }
                    counts.score(&real[..n], ways);
                });
            });
        }
    }
    counts
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
    fn aces_against_kings_reference() {
        let holes = [mask("AhAs"), mask("KdKc")];
        let c = count_runouts(&holes, 0, 0);
        assert_eq!(c.total, 1_712_304);
        assert_eq!(c.wins[0], 1_388_072);
        assert_eq!(c.wins[1], 317_694);
        assert_eq!(c.ties[0][2], 6_538);
    }
}
