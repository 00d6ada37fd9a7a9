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
//!   drawn, the other drawn cards again only by rank (listed once per suit and count).
//!   These boards' rank-only results are taken back out of the first pass's and their real
//!   ones put in. With seven cards a flush leaves no room for four of a kind or a full
//!   house, so in either game a player's flush (or straight flush, found in the same suit)
//!   is the hand.
//!
//! Both passes meet the same rank multisets: the second pass's boards are some of the
//! boards of the first pass's multisets. So the first pass keeps each multiset's classes
//! (a row per multiset in [`Multisets`], found again by the ranking's additive key) and the
//! second reads them instead of ranking again. Nor does the second pass score each flush
//! board twice: it counts per multiset how many boards it took over, and each multiset's
//! rank-only wins and ties are scored once at the end, for the boards left. For one set of
//! drawn suit cards the flushes are fixed, and a player without one matters only if his
//! rank-only class reaches the best flush (a full house or four of a kind in Hold'em, four
//! of a kind in short deck): the multiset's best class, kept beside its row, tells when no
//! one's does, and those boards share one outcome, awarded once. Only the flush makers'
//! categories change on a flush board (the others' are their rank-only ones, counted at
//! the end for every board). Six known hands pre-flop: about 5,900 multisets, 42,000 flush
//! boards' rank multisets (for 658,008 boards).
//!
//! A game says how it ranks through [`Ranking`]: how ranks accumulate and their key, the
//! class of a hole with a board by ranks alone, the class of a suit's flush, the category
//! of a class.

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

/// Most multisets of five ranks out of 13 (any rank up to four times; more than the cards
/// left allow, so a bound).
const MOST_MULTISETS: usize = 6188;

/// The first pass's rank multisets, a row each: the players' classes, the best of them,
/// the boards with those ranks and how many of them the second pass took over; found again
/// by the ranking's key through an open-addressing table (linear probing, at most half
/// full). Kept per thread and cleared slot by slot rather than allocated and cleared whole:
/// a range's exact count calls [`count_runouts`] once per class of deals, thousands of times.
struct Multisets {
    /// Open-addressing slots: [`Multisets::FREE`] or a key.
    keys: Box<[u64]>,
    /// The row of the key in the same slot.
    rows: Box<[u32]>,
    /// The slot of each row, to clear.
    slots: Vec<u32>,
    /// `n` classes a row.
    classes: Vec<u16>,
    best: Vec<u16>,
    ways: Vec<i64>,
    taken: Vec<i64>,
}

thread_local! {
    static MULTISETS: std::cell::RefCell<Multisets> = std::cell::RefCell::new(Multisets::new());
}

impl Multisets {
    const FREE: u64 = u64::MAX;
    const SLOTS: usize = (2 * MOST_MULTISETS).next_power_of_two();
    const SHIFT: u32 = 64 - Self::SLOTS.trailing_zeros();

    fn new() -> Multisets {
        Multisets {
            keys: vec![Self::FREE; Self::SLOTS].into_boxed_slice(),
            rows: vec![0; Self::SLOTS].into_boxed_slice(),
            slots: Vec::with_capacity(MOST_MULTISETS),
            classes: Vec::new(),
            best: Vec::with_capacity(MOST_MULTISETS),
            ways: Vec::with_capacity(MOST_MULTISETS),
            taken: Vec::with_capacity(MOST_MULTISETS),
        }
    }

    /// Empties the store (its slots one by one).
    fn clear(&mut self) {
        for &slot in &self.slots {
            self.keys[slot as usize] = Self::FREE;
        }
        self.slots.clear();
        self.classes.clear();
        self.best.clear();
        self.ways.clear();
        self.taken.clear();
    }

    #[inline(always)]
    fn home(key: u64) -> usize {
        // Fibonacci hashing: the multiply spreads keys that differ in few bits.
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> Self::SHIFT) as usize
    }

    /// Adds the multiset `key`, on `ways` boards, whose players' classes are `classes`.
    fn push(&mut self, key: u64, ways: i64, classes: impl Iterator<Item = u16>) {
        let mut i = Self::home(key);
        while self.keys[i] != Self::FREE {
            i = (i + 1) & (Self::SLOTS - 1);
        }
        self.keys[i] = key;
        self.rows[i] = self.ways.len() as u32;
        self.slots.push(i as u32);
        self.ways.push(ways);
        self.taken.push(0);
        let start = self.classes.len();
        self.classes.extend(classes);
        self.best
            .push(self.classes[start..].iter().copied().max().unwrap_or(0));
    }

    /// The row of `key`, which must have been pushed (every board of the second pass has
    /// the ranks of one of the first pass's: a free slot here is a bug, and a panic beats
    /// probing on forever).
    #[inline(always)]
    fn row(&self, key: u64) -> usize {
        let mut i = Self::home(key);
        while self.keys[i] != key {
            assert_ne!(self.keys[i], Self::FREE, "a multiset the first pass missed");
            i = (i + 1) & (Self::SLOTS - 1);
        }
        self.rows[i] as usize
    }
}

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
    /// A number that differs between any two different multisets of five board ranks
    /// (built with [`Ranking::add_board`]) and is never `u64::MAX`. Keys add: a board's
    /// key is the sum of its cards' keys, whatever their slots, and the key of no cards is 0.
    fn key(board: Self::Ranks) -> u64;
    /// The class of `hole` with the five board cards of `board`, by their ranks alone (as
    /// if no flush could be made).
    fn class(&self, hole: Self::Ranks, board: Self::Ranks) -> u16;
    /// The best flush (or straight flush) class of one suit's 13-bit rank mask of five to
    /// seven ranks; 0 for fewer than five.
    fn flush_class(&self, ranks: u16) -> u16;
    /// The category (an index into [`Counts::categories`]' rows) of a class.
    fn category(&self, class: u16) -> usize;
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
    MULTISETS.with_borrow_mut(|multisets| {
        multisets.clear();
        count_with(ranking, holes, board, dead, multisets)
    })
}

/// [`count_runouts`] with an empty store of multisets.
fn count_with<R: Ranking>(
    ranking: &R,
    holes: &[u64],
    board: u64,
    dead: u64,
    multisets: &mut Multisets,
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

    // Pass 1: every board by its ranks, as if nobody could make a flush; each multiset's
    // classes kept in its row, with the best of them.
    for_each_multiset::<R>(
        &by_rank,
        0,
        need,
        board_ranks,
        fixed,
        1,
        &mut |ranks, ways| {
            let classes = hole_ranks[..n].iter().map(|&h| ranking.class(h, ranks));
            multisets.push(R::key(ranks), ways, classes);
        },
    );
    // Pass 2: boards on which someone can make a flush, suit by suit. A player makes one
    // exactly when the suit's board cards, drawn cards and hole cards number five or more
    // (they are distinct cards), so `k` drawn cards of the suit decide who can. A player's
    // rank-only class with a flush is below every flush (seven cards with five of a suit
    // hold no full house or four of a kind), so a multiset's best class below the best
    // flush means no one without a flush reaches it.
    let board_key = R::key(board_ranks);
    let rank_keys: [u64; 13] = std::array::from_fn(|r| R::key(R::add_board(R::EMPTY, r as u8, 0)));
    let mut others: Vec<(u64, i64)> = Vec::new();
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
            // The other `need - k` cards, by their ranks: the same for every set of `k`
            // drawn cards of the suit, listed once as (key, ways).
            others.clear();
            let collect = &mut |ranks, ways| others.push((R::key(ranks), ways));
            for_each_multiset::<R>(&off_suit, 0, need - k, R::EMPTY, 0, 1, collect);
            for_each_subset(avail_s, k as u32, &mut |drawn| {
                let mut flush = [0u16; MAX_PLAYERS];
                let mut makers = [0usize; MAX_PLAYERS];
                let mut m = 0;
                for p in 0..n {
                    flush[p] = ranking.flush_class(board_s | drawn | hole_s[p]);
                    if flush[p] != 0 {
                        makers[m] = p;
                        m += 1;
                    }
                }
                let makers = &makers[..m];
                let top = flush[..n].iter().copied().max().unwrap_or(0);
                let mut key = board_key;
                let mut rest = drawn;
                while rest != 0 {
                    key += rank_keys[rest.trailing_zeros() as usize];
                    rest &= rest - 1;
                }
                let (mut all, mut flush_only) = (0i64, 0i64);
                for &(rest, ways) in &others {
                    let row = multisets.row(key + rest);
                    multisets.taken[row] += ways;
                    all += ways;
                    let classes = &multisets.classes[row * n..row * n + n];
                    for &p in makers {
                        counts.categories[p][ranking.category(classes[p])] -= ways;
                    }
                    if multisets.best[row] < top {
                        flush_only += ways;
                    } else {
                        let mut real = [0u16; MAX_PLAYERS];
                        for p in 0..n {
                            real[p] = if flush[p] != 0 { flush[p] } else { classes[p] };
                        }
                        counts.award(&real[..n], ways);
                    }
                }
                for &p in makers {
                    counts.categories[p][ranking.category(flush[p])] += all;
                }
                if flush_only != 0 {
                    counts.award(&flush[..n], flush_only);
                }
            });
        }
    }

    // Every multiset's rank-only categories, and its rank-only wins and ties on the
    // boards that no flush took over.
    // (`max`: a call without players counts boards only, instead of panicking.)
    let rows = multisets.classes.chunks_exact(n.max(1));
    for ((&ways, &taken), classes) in multisets.ways.iter().zip(&multisets.taken).zip(rows) {
        counts.total += ways;
        for (p, &class) in classes.iter().enumerate() {
            counts.categories[p][ranking.category(class)] += ways;
        }
        if ways != taken {
            counts.award(classes, ways - taken);
        }
    }
    counts
}

/// Tests: `n` random disjoint cards from the ones in `from`, as single-card masks.
#[cfg(test)]
pub(crate) fn random_cards(rng: &mut crate::rng::Rng, from: u64, n: usize) -> Vec<u64> {
    let mut left = from;
    (0..n)
        .map(|_| {
            let mut pick = rng.below(left.count_ones());
            let mut rest = left;
            while pick > 0 {
                rest &= rest - 1;
                pick -= 1;
            }
            let card = rest & rest.wrapping_neg();
            left &= !card;
            card
        })
        .collect()
}
