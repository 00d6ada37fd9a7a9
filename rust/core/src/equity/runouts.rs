//! Exact runouts of a two-card-hole game for known hole cards, counted without visiting
//! every board: the count shared by Hold'em ([`super::holdem`]) and short deck
//! ([`super::short_deck`]), which differ only in how they rank a hand.
//!
//! # Why it is fast
//! Five board cards hold three or more cards of at most one suit, and a player (two hole
//! cards) can only make a flush in a suit with three or more board cards. So every board
//! falls in one of two kinds:
//! - no player can make a flush: the result depends on the board's *ranks* only. Boards
//!   are enumerated as rank multisets (6,175 for five cards instead of 1.7 million boards),
//!   each counted `prod C(available of rank r, times r is drawn)` times and ranked once per
//!   player, the board's ranks built once and each hole added to them.
//! - someone can make a flush in suit `s`: enumerated by the exact set of suit-`s` cards
//!   drawn, the other drawn cards again only by rank. For those boards the rank-only
//!   result counted in the first pass is taken back out and the real one put in. With
//!   seven cards a flush leaves no room for four of a kind or a full house, so in either
//!   game a player's flush (or straight flush, found in the same suit) is the hand.
//!
//! A game says how it ranks through [`Ranking`]: how ranks accumulate, the class of a hole
//! with a board by ranks alone, the class of a suit's flush, how a board's classes score.

use super::result::Counts;
use crate::card_set::{CardSet, FULL_MASK};
use crate::MAX_PLAYERS;

/// `BINOMIAL[n][k]` for n, k <= 4: ways to draw k of the n available cards of a rank.
pub(super) const BINOMIAL: [[i64; 5]; 5] = [
    [1, 0, 0, 0, 0],
    [1, 1, 0, 0, 0],
    [1, 2, 1, 0, 0],
    [1, 3, 3, 1, 0],
    [1, 4, 6, 4, 1],
];

/// A game's ranking of seven-card hands, as the two-pass count needs it.
pub(super) trait Ranking {
    /// The ranks of some cards, suits left out, to which more ranks can be added.
    type Ranks: Copy;
    /// The ranks of no cards.
    const EMPTY: Self::Ranks;
    /// `ranks` plus a board card of rank `rank`, the board's `slot`-th card (counted from 0).
    fn add_board(ranks: Self::Ranks, rank: u8, slot: usize) -> Self::Ranks;
    /// The ranks of the two-card hole `mask`.
    fn hole(mask: u64) -> Self::Ranks;
    /// The class of `hole` with the five board cards of `board`, by their ranks alone (as
    /// if no flush could be made).
    fn class(&self, hole: Self::Ranks, board: Self::Ranks) -> u16;
    /// The best flush (or straight flush) class of one suit's 13-bit rank mask of five to
    /// seven ranks; 0 for fewer than five.
    fn flush_class(&self, ranks: u16) -> u16;
    /// Adds one kind of board, ranked `classes` (a class per player), `ways` times.
    fn score(&self, counts: &mut Counts, classes: &[u16], ways: i64);
}

/// Calls `f(ranks, ways)` for every multiset of `left` ranks drawn from `available[r]`
/// cards of each rank `r >= from`, `ranks` being `base` plus the drawn ranks from board
/// slot `slot` on, and `ways` the number of card sets with those ranks.
fn for_each_multiset<R: Ranking>(
    available: &[u8; 13],
    from: u8,
    left: usize,
    base: R::Ranks,
    slot: usize,
    ways: i64,
    f: &mut impl FnMut(R::Ranks, i64),
) {
    if left == 0 {
        f(base, ways);
        return;
    }
    for r in from..13 {
        let have = usize::from(available[usize::from(r)]);
        let mut ranks = base;
        for (m, &choose) in BINOMIAL[have]
            .iter()
            .enumerate()
            .take(have.min(left) + 1)
            .skip(1)
        {
            ranks = R::add_board(ranks, r, slot + m - 1);
            let w = ways * choose;
            for_each_multiset::<R>(available, r + 1, left - m, ranks, slot + m, w, f);
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
/// `board` or `dead`, ranked by `ranking`. `holes` are the players' two-card masks,
/// disjoint from each other and from `board` and `dead` (checked by the caller).
pub(super) fn count_runouts<R: Ranking>(
    ranking: &R,
    holes: &[u64],
    board: u64,
    dead: u64,
) -> Counts {
    let n = holes.len();
    let used = holes.iter().fold(board | dead, |a, &h| a | h);
    let available = !used & FULL_MASK;
    let need = 5 - board.count_ones() as usize;
    let mut counts = Counts::new();

    let mut by_rank = [0u8; 13];
    for (r, slot) in by_rank.iter_mut().enumerate() {
        *slot = (available >> (4 * r) & 0xF).count_ones() as u8;
    }
    let mut hole_ranks = [R::EMPTY; MAX_PLAYERS];
    for (ranks, &hole) in hole_ranks.iter_mut().zip(holes) {
        *ranks = R::hole(hole);
    }
    let mut board_ranks = R::EMPTY;
    for (slot, card) in CardSet::from_mask_truncate(board).iter().enumerate() {
        board_ranks = R::add_board(board_ranks, card.rank() as u8, slot);
    }
    let fixed = 5 - need;

    let mut classes = [0u16; MAX_PLAYERS];
    let rank_only = |ranks: R::Ranks, classes: &mut [u16; MAX_PLAYERS]| {
        for p in 0..n {
            classes[p] = ranking.class(hole_ranks[p], ranks);
        }
    };

    // Pass 1: every board by its ranks, as if nobody could make a flush.
    for_each_multiset::<R>(
        &by_rank,
        0,
        need,
        board_ranks,
        fixed,
        1,
        &mut |ranks, ways| {
            rank_only(ranks, &mut classes);
            ranking.score(&mut counts, &classes[..n], ways);
            counts.total += ways;
        },
    );

    // Pass 2: boards on which someone can make a flush, suit by suit.
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
                    flush[p] = ranking.flush_class(board_s | drawn | hole_s[p]);
                    any |= flush[p] != 0;
                }
                if !any {
                    return;
                }
                let mut ranks = board_ranks;
                let mut slot = fixed;
                let mut rest = drawn;
                while rest != 0 {
                    ranks = R::add_board(ranks, rest.trailing_zeros() as u8, slot);
                    slot += 1;
                    rest &= rest - 1;
                }
                let mut real = [0u16; MAX_PLAYERS];
                let left = need - k;
                for_each_multiset::<R>(&off_suit, 0, left, ranks, slot, 1, &mut |ranks, ways| {
                    rank_only(ranks, &mut classes);
                    ranking.score(&mut counts, &classes[..n], -ways);
                    for p in 0..n {
                        real[p] = if flush[p] != 0 { flush[p] } else { classes[p] };
                    }
                    ranking.score(&mut counts, &real[..n], ways);
                });
            });
        }
    }
    counts
}
