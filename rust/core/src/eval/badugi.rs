//! Badugi: four cards, aces low; the hand is the largest subset of cards with different
//! ranks and different suits, and a larger subset beats any smaller one. Among subsets of
//! the same size, the highest card decides first, then the next, the lower winning.
//!
//! For one size, comparing highest card first is comparing the subsets' ace-low rank masks
//! as integers (the smaller wins), and the mask's rank among the masks of its size is its
//! colex rank (the combinatorial number system). So a table of 8,192 classes, one per rank
//! mask, ranks a subset in one read; a hand is the best of its at most 15 valid subsets.

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

/// The class (1..=1092) of four distinct card indices, unchecked: other input gives a
/// meaningless class (0 at worst), never a panic.
#[inline(always)]
pub fn badugi_class_of_indices(cards: [u8; 4]) -> u16 {
    let ranks = cards.map(|c| RANK_BITS[usize::from(c & 63)]);
    let suits = cards.map(|c| 1u8 << (c & 3));
    // Subsets grow one card at a time from the subset without their lowest card; a subset
    // is valid when that one is and the new card repeats none of its ranks and suits.
    let mut subset_ranks = [0u16; 16];
    let mut subset_suits = [0u8; 16];
    let mut valid = [true; 16];
    let mut best = 0;
    for subset in 1..16usize {
        let rest = subset & (subset - 1);
        let card = subset.trailing_zeros() as usize;
        subset_ranks[subset] = subset_ranks[rest] | ranks[card];
        subset_suits[subset] = subset_suits[rest] | suits[card];
        valid[subset] = valid[rest]
            && subset_ranks[rest] & ranks[card] == 0
            && subset_suits[rest] & suits[card] == 0;
        let class = CLASS_OF_RANKS[usize::from(subset_ranks[subset] & 0x1FFF)];
        if valid[subset] && class > best {
            best = class;
        }
    }
    best
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
