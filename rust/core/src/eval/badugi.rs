//! Badugi: four cards, aces low; the hand is the largest subset of cards with different
//! ranks and different suits, and a larger subset beats any smaller one. Among subsets of
//! the same size, the highest card decides first, then the next, the lower winning.
//!
//! For one size, comparing highest card first is comparing the subsets' ace-low rank masks
//! as integers (the smaller wins), and the mask's rank among the masks of its size is its
//! colex rank (the combinatorial number system). So a table of 8,192 classes, one per rank
//! mask, ranks a subset in one read. Which subsets can play depends only on which of the
//! six pairs of cards clash (share a rank or a suit): a second table gives, for each of the
//! 64 clash patterns, the clean subsets of the largest size, and the hand is the best of
//! those (one for a badugi, at most four).

use std::fmt;

use crate::card::Rank;
use crate::card_set::CardSet;
use crate::error::{Error, Result};

/// The classes below each size: 13 one-card hands, 78 two-card, 286 three-card and 715
/// badugis (four cards), 1,092 in all.
const BELOW_SIZE: [u16; 5] = [0, 0, 13, 13 + 78, 13 + 78 + 286];
/// `C(13, k)`, the rank masks of each size.
const OF_SIZE: [u16; 5] = [1, 13, 78, 286, 715];

/// `C(n, k)` for the small numbers of a 13-bit mask.
const fn choose(n: u32, k: u32) -> u32 {
    if k > n {
        return 0;
    }
    let mut result = 1;
    let mut i = 0;
    while i < k {
        result = result * (n - i) / (i + 1);
        i += 1;
    }
    result
}

/// `CLASS_OF_RANKS[m]` is the class of the subset whose ace-low rank mask is `m` (bit 0
/// the ace, bit 12 the king), 0 for masks of no size 1 to 4: the sizes below it, then the
/// masks of its size above it in integer order (the worse ones), plus one.
static CLASS_OF_RANKS: [u16; 8192] = {
    let mut table = [0u16; 8192];
    let mut mask = 1u32;
    while mask < 8192 {
        let size = mask.count_ones();
        if size <= 4 {
            // The colex rank: how many masks of this size are smaller integers.
            let mut colex = 0;
            let mut seen = 0;
            let mut bit = 0;
            while bit < 13 {
                if mask >> bit & 1 == 1 {
                    seen += 1;
                    colex += choose(bit, seen);
                }
                bit += 1;
            }
            table[mask as usize] =
                BELOW_SIZE[size as usize] + OF_SIZE[size as usize] - colex as u16;
        }
        mask += 1;
    }
    table
};

/// `RANKS_OF_CLASS[c]` is the ace-low rank mask of class `c` (the inverse of
/// [`CLASS_OF_RANKS`]).
static RANKS_OF_CLASS: [u16; 1093] = {
    let mut table = [0u16; 1093];
    let mut mask = 1;
    while mask < 8192 {
        let class = CLASS_OF_RANKS[mask];
        if class != 0 {
            table[class as usize] = mask as u16;
        }
        mask += 1;
    }
    table
};

/// The ace-low rank bit of each card index (the ace bit 0, the two bit 1, the king bit
/// 12), 0 for a byte that is no card; a table, so that any byte is safe to look up.
static RANK_BITS: [u16; 64] = {
    let mut bits = [0u16; 64];
    let mut card = 0;
    while card < 52 {
        let rank = card / 4;
        bits[card] = if rank == 12 { 1 } else { 1 << (rank + 1) };
        card += 1;
    }
    bits
};

/// The strength of a badugi hand.
///
/// # Representation
/// The dense class of the hand among the 1,092 distinct badugi hands: 1 is the worst (a
/// lone king: four kings, say) and 1,092 the best (4-3-2-A of four suits). Greater is
/// better, as for every low in pokerforge, so integer order is hand order and equality is
/// a split. Classes are grouped by the number of cards that play: 1..=13 one card,
/// 14..=91 two, 92..=377 three and 378..=1092 four (a badugi); within a size they follow
/// the ranks, highest card first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BadugiRank(u16);

impl BadugiRank {
    /// The worst hand, a lone king.
    pub const MIN: BadugiRank = BadugiRank(1);
    /// The best hand, the 4-3-2-A badugi.
    pub const MAX: BadugiRank = BadugiRank(1092);

    /// The hand of class `class` (1..=1092), or `None` outside that range.
    pub const fn new(class: u16) -> Option<BadugiRank> {
        if class >= 1 && class <= 1092 {
            Some(BadugiRank(class))
        } else {
            None
        }
    }

    /// The dense class, 1..=1092.
    pub const fn class(self) -> u16 {
        self.0
    }

    /// How many cards play: 4 for a badugi, down to 1.
    pub fn size(self) -> usize {
        RANKS_OF_CLASS[usize::from(self.0)].count_ones() as usize
    }

    /// The ranks that play, highest first (the ace last: it plays low).
    pub fn ranks(self) -> Vec<Rank> {
        let mask = RANKS_OF_CLASS[usize::from(self.0)];
        (0..13)
            .rev()
            .filter(|bit| mask >> bit & 1 == 1)
            .map(|bit| Rank::ALL[(bit + 12) % 13])
            .collect()
    }

    /// A phrase naming the hand, e.g. `"4-3-2-A badugi"` or `"7-5-2 (three cards)"`.
    pub fn describe(self) -> String {
        match self.size() {
            4 => format!("{self} badugi"),
            3 => format!("{self} (three cards)"),
            2 => format!("{self} (two cards)"),
            _ => format!("{self} (one card)"),
        }
    }
}

impl fmt::Display for BadugiRank {
    /// The ranks that play, highest first, e.g. `"7-5-2"`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, rank) in self.ranks().into_iter().enumerate() {
            if i > 0 {
                f.write_str("-")?;
            }
            write!(f, "{}", rank.symbol())?;
        }
        Ok(())
    }
}

/// The pairs of a hand's four cards, in the order of their bits in a clash pattern.
const PAIRS: [(usize, usize); 6] = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];

/// `LARGEST_SUBSETS[p]` has bit `s` set for each subset `s` of the four cards (bit `i` of
/// `s` for card `i`) that holds no clashing pair under the clash pattern `p` (bit `k` for
/// `PAIRS[k]`: the two cards share a rank or a suit), among those the largest. Only these
/// can play: a larger subset beats any smaller one.
static LARGEST_SUBSETS: [u16; 64] = {
    let mut table = [0u16; 64];
    let mut pattern = 0;
    while pattern < 64 {
        let mut size = 0;
        let mut subset = 1;
        while subset < 16 {
            let mut clean = true;
            let mut k = 0;
            while k < 6 {
                let (i, j) = PAIRS[k];
                if pattern >> k & 1 == 1 && subset >> i & 1 == 1 && subset >> j & 1 == 1 {
                    clean = false;
                }
                k += 1;
            }
            let n = (subset as u32).count_ones();
            if clean && n > size {
                size = n;
                table[pattern] = 0;
            }
            if clean && n == size {
                table[pattern] |= 1 << subset;
            }
            subset += 1;
        }
        pattern += 1;
    }
    table
};

/// Which of the six pairs of the four cards share a rank or a suit: bit `k` for
/// `PAIRS[k]`, an index of [`LARGEST_SUBSETS`].
#[inline(always)]
fn clash_pattern(cards: [u8; 4]) -> usize {
    let mut pattern = 0;
    for (k, &(i, j)) in PAIRS.iter().enumerate() {
        let (a, b) = (cards[i], cards[j]);
        let clash = (a >> 2 == b >> 2) | ((a ^ b) & 3 == 0);
        pattern |= usize::from(clash) << k;
    }
    pattern
}

/// The class (1..=1092) of four distinct card indices, unchecked: other input gives a
/// meaningless class (0 at worst), never a panic.
#[inline(always)]
pub fn badugi_class_of_indices(cards: [u8; 4]) -> u16 {
    let pattern = clash_pattern(cards);
    let ranks = cards.map(|c| RANK_BITS[usize::from(c & 63)]);
    // Usually one candidate (a badugi, or a hand with one clash), at most four.
    let mut candidates = LARGEST_SUBSETS[pattern];
    let mut best = 0;
    while candidates != 0 {
        let subset = candidates.trailing_zeros();
        candidates &= candidates - 1;
        let mut mask = 0;
        for (i, &rank) in ranks.iter().enumerate() {
            mask |= rank & 0u16.wrapping_sub((subset >> i & 1) as u16);
        }
        best = best.max(CLASS_OF_RANKS[usize::from(mask & 0x1FFF)]);
    }
    best
}

/// The cards that play in the four cards of `mask` (the best subset of different ranks and
/// suits: one that gives the hand its class), unchecked like [`badugi_class`]. The drawing
/// policy of badugi equity keeps these.
#[inline]
pub fn badugi_playing(mask: u64) -> u64 {
    let mut rest = mask;
    let cards: [u8; 4] = std::array::from_fn(|_| {
        let card = rest.trailing_zeros().min(63) as u8;
        rest &= rest.wrapping_sub(1);
        card
    });
    let pattern = clash_pattern(cards);
    let ranks = cards.map(|c| RANK_BITS[usize::from(c & 63)]);
    let mut candidates = LARGEST_SUBSETS[pattern];
    let (mut best, mut playing) = (0, 0u64);
    while candidates != 0 {
        let subset = candidates.trailing_zeros();
        candidates &= candidates - 1;
        let (mut ranks_of, mut cards_of) = (0u16, 0u64);
        for i in 0..4 {
            if subset >> i & 1 == 1 {
                ranks_of |= ranks[i];
                cards_of |= 1u64.checked_shl(u32::from(cards[i])).unwrap_or(0);
            }
        }
        let class = CLASS_OF_RANKS[usize::from(ranks_of & 0x1FFF)];
        if class > best {
            (best, playing) = (class, cards_of);
        }
    }
    playing & mask
}

/// The class of the four cards of `mask`, unchecked: a mask with another count gives a
/// meaningless class (0 at worst), never a panic.
#[inline]
pub fn badugi_class(mask: u64) -> u16 {
    let mut rest = mask;
    let cards = std::array::from_fn(|_| {
        // An exhausted mask repeats card 63, which has no rank bit.
        let card = rest.trailing_zeros().min(63) as u8;
        rest &= rest.wrapping_sub(1);
        card
    });
    badugi_class_of_indices(cards)
}

/// The badugi hand of four cards.
///
/// # Errors
/// [`Error::CardCount`] for any other number of cards.
pub fn evaluate_badugi(cards: CardSet) -> Result<BadugiRank> {
    let n = cards.len();
    if n != 4 {
        return Err(Error::CardCount {
            what: "a badugi hand",
            expected: "4",
            got: n,
        });
    }
    Ok(BadugiRank(badugi_class(cards.mask())))
}

/// Classes each row of `cards` (rows of four card indices, all valid and distinct) into
/// `out`, unchecked: a bad row gives a meaningless class, never a panic.
pub fn badugi_rows(cards: &[u8], out: &mut [u16]) {
    for (row, slot) in cards.chunks_exact(4).zip(out.iter_mut()) {
        *slot = badugi_class_of_indices([row[0], row[1], row[2], row[3]]);
    }
}

/// [`badugi_rows`], checking every row first: four distinct card indices.
///
/// # Errors
/// The index of the first bad row (the rows before it are classed).
pub fn badugi_rows_checked(cards: &[u8], out: &mut [u16]) -> std::result::Result<(), usize> {
    super::rows::check_then_rank::<4>(cards, out, badugi_rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(text: &str) -> BadugiRank {
        evaluate_badugi(text.parse().unwrap()).unwrap()
    }

    #[test]
    fn badugi_hands() {
        assert_eq!(hand("4s3h2dAc"), BadugiRank::MAX);
        assert_eq!(hand("KsKhKdKc"), BadugiRank::MIN);
        assert_eq!(hand("4s3h2dAc").describe(), "4-3-2-A badugi");
        assert_eq!(hand("KsQhJdTc").describe(), "K-Q-J-T badugi");
        // Two spades: the worse one does not play.
        assert_eq!(hand("7s5h2dKs").describe(), "7-5-2 (three cards)");
        assert_eq!(hand("AsAh2s2h").describe(), "2-A (two cards)");
        assert_eq!(hand("KsKhKdKc").describe(), "K (one card)");
        assert!(hand("KsQhJdTc") > hand("4s3h2dAs"), "four cards beat three");
        assert!(
            hand("8s5h3d2c") > hand("8s6h2dAc"),
            "the second card decides"
        );
        assert_eq!(
            hand("4s3h2dAc").ranks(),
            [Rank::Four, Rank::Three, Rank::Two, Rank::Ace]
        );
        assert_eq!(BadugiRank::new(378).map(BadugiRank::size), Some(4));
        assert_eq!(BadugiRank::new(377).map(BadugiRank::size), Some(3));
        assert_eq!(BadugiRank::new(0), None);
        assert_eq!(BadugiRank::new(1093), None);
    }

    #[test]
    fn wrong_counts_are_errors() {
        for text in ["AhKs2d", "AhKs2d3c4c"] {
            let set: CardSet = text.parse().unwrap();
            assert_eq!(
                evaluate_badugi(set),
                Err(Error::CardCount {
                    what: "a badugi hand",
                    expected: "4",
                    got: set.len()
                })
            );
        }
    }
}
