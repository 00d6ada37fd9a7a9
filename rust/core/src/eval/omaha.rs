//! Omaha high (4, 5 or 6 hole cards) and Omaha Hi-Lo eight or better: the best hand using
//! exactly two hole cards and three board cards, on the Hold'em scale ([`HandRank`]).
//!
//! # How
//! Flushes aside, a hand is a rank problem, and it splits along the two-plus-three rule:
//! for a board's rank multiset and a pair of hole ranks, the best class over the board's
//! three-card subsets depends on nothing else. A generated table holds that answer for every
//! board multiset of 3 to 5 ranks (8,463 rows) and every pair of ranks (91 columns): 1.5 MB.
//! A hand is then one lookup per hole pair (6 for PLO4, 10 for PLO5, 15 for PLO6), all in
//! the board's 182-byte row.
//!
//! Flushes need three board cards of a suit, so at most one suit of a board of five can
//! make one, and then the hole needs two of that suit. The best flush of two hole ranks
//! and three board ranks takes the top two and the top three (any other choice is beaten
//! card by card), so only straight flushes need a search: over the straights with exactly
//! three board cards in the suit (a precomputed 16 KiB table), highest first, checking
//! whether the hole has the other two. The flush classes come from the Hold'em flush table.
//!
//! The low is in [`low`](super::low); [`OmahaBoard`] prepares a board once for many holes.

use super::low::{low_bit, low_class_of_masks, low_mask, low_mask_indices, LowRank};
use super::rank::HandRank;
use super::tables::{FLUSH_TABLE, OMAHA_HIGH, OMAHA_PAIR_BYTES, OMAHA_ROW_BASE, OMAHA_ROW_TERMS};
use crate::card_set::{CardSet, FULL_MASK};
use crate::error::{Error, Result};

/// The cards of suit 0 in a mask: every fourth bit from bit 0, thirteen of them.
const SUIT_CARDS: u64 = 0x0001_1111_1111_1111;

/// `SUIT_ONES[i]`: a one in the 4-bit counter of card `i`'s suit.
static SUIT_ONES: [u16; 64] = {
    let mut ones = [0u16; 64];
    let mut i = 0;
    while i < 64 {
        ones[i] = 1 << (4 * (i % 4));
        i += 1;
    }
    ones
};

/// `flush_suit` of a board on which no flush is possible.
const NO_SUIT: u8 = 4;

/// The ten straights as 13-bit rank masks, weakest first: the wheel (A-2-3-4-5), then the
/// straight from rank `w - 1` to `w + 3` at index `w`.
const STRAIGHTS: [u16; 10] = {
    let mut s = [0x100F; 10];
    let mut w = 1;
    while w < 10 {
        s[w] = 0x1F << (w - 1);
        w += 1;
    }
    s
};

/// `STRAIGHT_FLUSH_WINDOWS[m]`: bit `w` set when [`STRAIGHTS`]`[w]` has exactly three ranks
/// in the 13-bit mask `m`, so that a hole holding the other two makes that straight flush.
static STRAIGHT_FLUSH_WINDOWS: [u16; 8192] = {
    let mut table = [0u16; 8192];
    let mut m = 0;
    while m < 8192 {
        let mut w = 0;
        while w < 10 {
            if (STRAIGHTS[w] & m as u16).count_ones() == 3 {
                table[m] |= 1 << w;
            }
            w += 1;
        }
        m += 1;
    }
    table
};

/// The larger of each pair of 16-bit lanes of `x` and `y`, lanes below `0x8000`.
///
/// Which pair of hole cards makes the best hand is a coin toss with random deals; a chain
/// of `max` compiles to branches that are mispredicted about once a hand, and lane
/// arithmetic has none.
#[inline(always)]
fn lane_max(x: u64, y: u64) -> u64 {
    const TOP: u64 = 0x8000_8000_8000_8000;
    // Per lane `(x | 0x8000) - y` cannot borrow, and keeps the top bit iff x >= y.
    let x_wins = ((x | TOP) - y) & TOP;
    let mask = (x_wins >> 15) * 0xFFFF;
    (x & mask) | (y & !mask)
}

/// The `k` highest bits of `x`.
#[inline(always)]
fn top_bits(mut x: u16, k: usize) -> u16 {
    let mut out = 0;
    for _ in 0..k {
        if x == 0 {
            break;
        }
        let bit = 1 << (15 - x.leading_zeros());
        out |= bit;
        x &= !bit;
    }
    out
}

/// A board prepared for evaluating many Omaha holes against it: the board's row of the
/// high table, its flush suit and its low ranks, each found once.
///
/// The unchecked methods (`*_mask`, `*_indices`, `*_rows`) trust their input: hole cards
/// must be valid (index < 52), distinct, not on the board, and 4 to 6 of them (fewer
/// than two give no hand). Breaking that gives meaningless answers, never undefined
/// behaviour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OmahaBoard {
    cards: CardSet,
    /// Byte offset of the board's row in the high table.
    row: u32,
    /// The one suit with three or more board cards, or [`NO_SUIT`].
    flush_suit: u8,
    /// The cards of `flush_suit` (mask), none without one: a hole needs two of them.
    flush_cards: u64,
    /// The board's low-rank mask (see [`low_mask`]).
    low: u8,
}

impl OmahaBoard {
    /// Prepares a board of 3, 4 or 5 cards.
    ///
    /// # Errors
    /// [`Error::CardCount`] for any other number of cards.
    pub fn new(board: CardSet) -> Result<OmahaBoard> {
        check_board(board)?;
        Ok(OmahaBoard::from_mask(board.mask()))
    }

    /// Prepares the board of card mask `mask`, unchecked: it must hold 3 to 5 cards.
    #[inline(always)]
    pub fn from_mask(mask: u64) -> OmahaBoard {
        let mask = mask & FULL_MASK;
        // One pass over the cards (no population counts: x86-64 without POPCNT has none
        // to spare), counting suits in 4-bit counters.
        let mut suit_counts = 0u16;
        let mut low = 0u8;
        let mut len = 0;
        let mut rest = mask;
        while rest != 0 && len < 5 {
            let card = rest.trailing_zeros() as usize;
            suit_counts += SUIT_ONES[card & 63];
            low |= low_bit(card);
            len += 1;
            rest &= rest - 1;
        }
        OmahaBoard::build(mask, len, suit_counts, low)
    }

    /// Prepares the board of these card indices, unchecked: 3 to 5 valid, distinct cards.
    #[inline(always)]
    pub fn from_indices(board: &[u8]) -> OmahaBoard {
        let mut mask = 0u64;
        let mut suit_counts = 0u16;
        for &c in board {
            mask |= 1 << (c & 63);
            suit_counts += SUIT_ONES[usize::from(c & 63)];
        }
        let low = low_mask_indices(board);
        OmahaBoard::build(mask & FULL_MASK, board.len(), suit_counts, low)
    }

    /// `suit_counts` has one 4-bit counter of the board's cards per suit.
    #[inline(always)]
    fn build(mask: u64, len: usize, suit_counts: u16, low: u8) -> OmahaBoard {
        // Ascending card order is ascending rank order, so the `i`-th set bit is the `i`-th
        // smallest rank and adds its term to the row (see `gen::omaha_row`).
        let mut row = OMAHA_ROW_BASE[len.min(5)];
        let mut rest = mask;
        for terms in OMAHA_ROW_TERMS.chunks_exact(16) {
            if rest == 0 {
                break;
            }
            row += terms[rest.trailing_zeros() as usize >> 2 & 15];
            rest &= rest - 1;
        }
        // A counter of 3 or more carries into its top bit when 5 is added. Branch-free (a
        // third of random boards have a flush suit, unpredictably): with no flush the suit
        // comes out as NO_SUIT and its cards as none.
        let flush = (suit_counts + 0x5555) & 0x8888;
        let flush_suit = ((u32::from(flush) | 1 << (4 * NO_SUIT)).trailing_zeros() / 4) as u8;
        let flush_cards =
            (SUIT_CARDS << (flush_suit & 3)) & 0u64.wrapping_sub(u64::from(flush != 0));
        OmahaBoard {
            cards: CardSet::from_mask_truncate(mask),
            row,
            flush_suit,
            flush_cards,
            low,
        }
    }

    /// The board's cards.
    pub const fn cards(&self) -> CardSet {
        self.cards
    }

    /// The best Omaha high hand of `hole` (4, 5 or 6 cards) on this board.
    ///
    /// # Errors
    /// [`Error::CardCount`] for a wrong hole size, [`Error::DuplicateCard`] for a hole card
    /// on the board.
    pub fn rank(&self, hole: CardSet) -> Result<HandRank> {
        check_omaha(hole, self.cards)?;
        Ok(self.rank_mask(hole.mask()))
    }

    /// The best Omaha low of `hole` on this board, `None` when no low qualifies.
    ///
    /// # Errors
    /// As [`OmahaBoard::rank`].
    pub fn low(&self, hole: CardSet) -> Result<Option<LowRank>> {
        check_omaha(hole, self.cards)?;
        Ok(LowRank::new(self.low_mask(hole.mask())))
    }

    /// High and low of `hole` on this board, each with its own choice of two hole cards.
    ///
    /// # Errors
    /// As [`OmahaBoard::rank`].
    pub fn hilo(&self, hole: CardSet) -> Result<(HandRank, Option<LowRank>)> {
        check_omaha(hole, self.cards)?;
        Ok((
            self.rank_mask(hole.mask()),
            LowRank::new(self.low_mask(hole.mask())),
        ))
    }

    /// The high rank of the hole with card mask `hole`, unchecked (see the type's docs).
    #[inline]
    pub fn rank_mask(&self, hole: u64) -> HandRank {
        let (cards, n) = hole_indices(hole);
        self.rank_indices(&cards[..n])
    }

    /// The high rank of the hole with these card indices, unchecked (see the type's docs).
    #[inline(always)]
    pub fn rank_indices(&self, hole: &[u8]) -> HandRank {
        HandRank::from_table(self.high_class(hole))
    }

    /// The low class (1..=56, 0 for no low) of the hole with card mask `hole`, unchecked.
    #[inline]
    pub fn low_mask(&self, hole: u64) -> u8 {
        low_class_of_masks(low_mask(CardSet::from_mask_truncate(hole)), self.low)
    }

    /// The low class (1..=56, 0 for no low) of these hole card indices, unchecked.
    #[inline(always)]
    pub fn low_indices(&self, hole: &[u8]) -> u8 {
        low_class_of_masks(low_mask_indices(hole), self.low)
    }

    /// High classes of many holes on this board: `holes` holds rows of `H` card indices;
    /// row `i` goes to `out[i]`. Unchecked (see the type's docs).
    #[inline]
    pub fn rank_rows<const H: usize>(&self, holes: &[u8], out: &mut [u16]) {
        for (hole, slot) in holes.chunks_exact(H).zip(out.iter_mut()) {
            *slot = self.high_class(hole);
        }
    }

    /// High classes of prepared holes on this board, unchecked (see the type's docs): the
    /// equity engine's inner loop, where every hole meets every board.
    #[inline]
    pub fn rank_hole(&self, hole: &OmahaHole) -> HandRank {
        let row = self.row_bytes();
        let mut words = [0u64; 4];
        for (k, &column) in hole.columns[..usize::from(hole.pairs).min(15)]
            .iter()
            .enumerate()
        {
            words[k >> 2] |= u64::from(class_at(row, column)) << (16 * (k & 3));
        }
        HandRank::from_table(self.best_of(&words, usize::from(hole.pairs), hole.cards.mask()))
    }

    /// The low class (1..=56, 0 for no low) of a prepared hole on this board, unchecked.
    #[inline]
    pub fn low_hole(&self, hole: &OmahaHole) -> u8 {
        low_class_of_masks(hole.low, self.low)
    }

    /// The board's row of the high table, read whole, so that a column from a byte needs
    /// no bounds check (the table is padded for the last rows). A valid board always has
    /// its row; anything else reads as no hand.
    #[inline(always)]
    fn row_bytes(&self) -> &'static [u8; 256] {
        OMAHA_HIGH
            .get(self.row as usize..self.row as usize + 256)
            .and_then(|row| <&[u8; 256]>::try_from(row).ok())
            .unwrap_or(&[0; 256])
    }

    /// The best high class: one table read per hole pair, then flushes when possible.
    #[inline(always)]
    fn high_class(&self, hole: &[u8]) -> u16 {
        let row = self.row_bytes();
        // Four classes to a word, for a branch-free maximum (see `lane_max`).
        let mut words = [0u64; 4];
        let mut k = 0;
        let mut hole_cards = 0u64;
        for (i, &a) in hole.iter().enumerate() {
            hole_cards |= 1 << (a & 63);
            for &b in &hole[i + 1..] {
                words[k >> 2 & 3] |= u64::from(class_at(row, pair_column(a, b))) << (16 * (k & 3));
                k += 1;
            }
        }
        self.best_of(&words, k, hole_cards)
    }

    /// The best of the `pairs` classes packed in `words`, or a flush of `hole_cards`.
    #[inline(always)]
    fn best_of(&self, words: &[u64; 4], pairs: usize, hole_cards: u64) -> u16 {
        let mut best = if pairs <= 8 {
            lane_max(words[0], words[1])
        } else {
            lane_max(lane_max(words[0], words[1]), lane_max(words[2], words[3]))
        };
        best = lane_max(best, best >> 32);
        let best = lane_max(best, best >> 16) as u16;
        // A flush needs two hole cards of the board's flush suit: rare, so out of line.
        let suited = hole_cards & self.flush_cards;
        if suited & suited.wrapping_sub(1) != 0 {
            best.max(self.flush_class(suited))
        } else {
            best
        }
    }

    /// The best flush or straight flush with two of the hole's `suited` cards.
    #[cold]
    fn flush_class(&self, suited: u64) -> u16 {
        let suit = self.flush_suit & 3;
        let hole = CardSet::from_mask_truncate(suited).suit_ranks(suit);
        let board = self.cards.suit_ranks(suit);
        let mut windows = STRAIGHT_FLUSH_WINDOWS[usize::from(board & 0x1FFF)];
        while windows != 0 {
            let w = (15 - windows.leading_zeros()) as usize;
            let straight = STRAIGHTS[w.min(9)];
            if straight & !board & !hole == 0 {
                return FLUSH_TABLE[usize::from(straight)];
            }
            windows &= !(1 << w);
        }
        FLUSH_TABLE[usize::from((top_bits(hole, 2) | top_bits(board, 3)) & 0x1FFF)]
    }
}

/// The indices of the (up to six) lowest cards of `mask`, and how many there are.
#[inline(always)]
fn hole_indices(mask: u64) -> ([u8; 6], usize) {
    let mut cards = [0u8; 6];
    let mut n = 0;
    let mut rest = mask & FULL_MASK;
    while rest != 0 && n < 6 {
        cards[n] = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        n += 1;
    }
    (cards, n)
}

/// The byte offset in a row of the high table of the column of cards `a` and `b`'s ranks.
#[inline(always)]
fn pair_column(a: u8, b: u8) -> u8 {
    OMAHA_PAIR_BYTES[usize::from(a >> 2 & 15) << 4 | usize::from(b >> 2 & 15)]
}

/// The class at byte offset `column` (even, at most 180) of a row.
#[inline(always)]
fn class_at(row: &[u8; 256], column: u8) -> u16 {
    // Two adjacent bytes that provably fit: one 16-bit load, no bounds check.
    let at = usize::from(column & 0xFE);
    u16::from_le_bytes([row[at], row[at + 1]])
}

/// An Omaha hole prepared for evaluation on many boards ([`OmahaBoard::rank_hole`]): the
/// columns of its pairs in the high table, its cards and its low ranks, each found once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OmahaHole {
    cards: CardSet,
    /// Byte offsets in a row of the high table, one per pair of hole cards; the first
    /// `pairs` are used (6, 10 or 15).
    columns: [u8; 15],
    pairs: u8,
    /// The hole's low-rank mask (see [`low_mask`]).
    low: u8,
}

impl OmahaHole {
    /// Prepares a hole of 4, 5 or 6 cards.
    ///
    /// # Errors
    /// [`Error::CardCount`] for any other number of cards.
    pub fn new(hole: CardSet) -> Result<OmahaHole> {
        check_hole(hole)?;
        Ok(OmahaHole::from_mask(hole.mask()))
    }

    /// Prepares the hole of card mask `mask`, unchecked: it must hold 4 to 6 cards (only
    /// the lowest six count).
    pub fn from_mask(mask: u64) -> OmahaHole {
        let (cards, n) = hole_indices(mask);
        OmahaHole::from_indices(&cards[..n])
    }

    /// Prepares the hole of these card indices, unchecked: 4 to 6 valid, distinct cards
    /// (only the first six count).
    pub fn from_indices(hole: &[u8]) -> OmahaHole {
        let hole = &hole[..hole.len().min(6)];
        let mut columns = [0u8; 15];
        let mut pairs = 0;
        for (i, &a) in hole.iter().enumerate() {
            for &b in &hole[i + 1..] {
                columns[pairs] = pair_column(a, b);
                pairs += 1;
            }
        }
        // In one order, so that equal holes compare equal however their cards came.
        columns[..pairs].sort_unstable();
        OmahaHole {
            cards: CardSet::from_mask_truncate(hole.iter().fold(0, |m, &c| m | 1 << (c & 63))),
            columns,
            pairs: pairs as u8,
            low: low_mask_indices(hole),
        }
    }

    /// The hole's cards.
    pub const fn cards(&self) -> CardSet {
        self.cards
    }
}

fn check_hole(hole: CardSet) -> Result<()> {
    if (4..=6).contains(&hole.len()) {
        Ok(())
    } else {
        Err(Error::CardCount {
            what: "an Omaha hand",
            expected: "4, 5 or 6",
            got: hole.len(),
        })
    }
}

fn check_board(board: CardSet) -> Result<()> {
    if (3..=5).contains(&board.len()) {
        Ok(())
    } else {
        Err(Error::CardCount {
            what: "an Omaha board",
            expected: "3, 4 or 5",
            got: board.len(),
        })
    }
}

/// Checks an Omaha hole and board: 4 to 6 hole cards, 3 to 5 board cards, none shared.
pub(crate) fn check_omaha(hole: CardSet, board: CardSet) -> Result<()> {
    check_hole(hole)?;
    check_board(board)?;
    hole.try_union(board).map(|_| ())
}

/// The best Omaha high hand of `hole` (4, 5 or 6 cards) on `board` (3, 4 or 5 cards),
/// using exactly two hole cards and three board cards.
///
/// # Errors
/// [`Error::CardCount`] for a hole of other than 4 to 6 cards or a board of other than 3
/// to 5, [`Error::DuplicateCard`] for a card in both.
pub fn evaluate_omaha(hole: CardSet, board: CardSet) -> Result<HandRank> {
    check_omaha(hole, board)?;
    Ok(OmahaBoard::from_mask(board.mask()).rank_mask(hole.mask()))
}

/// Omaha Hi-Lo eight or better: the best high hand and the best qualifying low (`None` when
/// there is none) of `hole` on `board`, the hole cards chosen independently for each.
///
/// # Errors
/// As [`evaluate_omaha`].
pub fn evaluate_omaha_hilo(hole: CardSet, board: CardSet) -> Result<(HandRank, Option<LowRank>)> {
    // `hilo` checks the sizes and the overlap before evaluating.
    OmahaBoard::from_mask(board.mask()).hilo(hole)
}

/// The Omaha high rank of hole and board card indices, unchecked: 4 to 6 hole and 3 to 5
/// board cards, all valid and distinct (otherwise meaningless, never undefined behaviour).
#[inline(always)]
pub fn omaha_rank_indices(hole: &[u8], board: &[u8]) -> HandRank {
    OmahaBoard::from_indices(board).rank_indices(hole)
}

/// High and low (0 = no low) of hole and board card indices, unchecked like
/// [`omaha_rank_indices`].
#[inline(always)]
pub fn omaha_hilo_indices(hole: &[u8], board: &[u8]) -> (HandRank, u8) {
    let board = OmahaBoard::from_indices(board);
    (board.rank_indices(hole), board.low_indices(hole))
}

/// High classes of many hands: `holes` holds rows of `H` card indices and `boards` rows of
/// `B`; row `i` of each makes hand `i`, ranked into `out[i]`. Unchecked like
/// [`omaha_rank_indices`]; stops at the shortest of the three.
#[inline]
pub fn omaha_rank_rows<const H: usize, const B: usize>(
    holes: &[u8],
    boards: &[u8],
    out: &mut [u16],
) {
    for ((hole, board), slot) in holes
        .chunks_exact(H)
        .zip(boards.chunks_exact(B))
        .zip(out.iter_mut())
    {
        *slot = omaha_rank_indices(hole, board).class();
    }
}

/// High and low classes of many hands, like [`omaha_rank_rows`]; lows go to `low_out`
/// (0 = no low).
#[inline]
pub fn omaha_hilo_rows<const H: usize, const B: usize>(
    holes: &[u8],
    boards: &[u8],
    high_out: &mut [u16],
    low_out: &mut [u8],
) {
    for (((hole, board), high), low) in holes
        .chunks_exact(H)
        .zip(boards.chunks_exact(B))
        .zip(high_out.iter_mut())
        .zip(low_out.iter_mut())
    {
        let (h, l) = omaha_hilo_indices(hole, board);
        *high = h.class();
        *low = l;
    }
}

/// Whether a row is a valid Omaha hand: sizes 4..=6 and 3..=5, every index < 52, all
/// distinct (hole and board together).
#[inline]
fn valid_row(hole: &[u8], board: &[u8]) -> bool {
    let mut mask = 0u64;
    let mut any = 0u8;
    for &c in hole.iter().chain(board) {
        mask |= 1u64 << (c & 63);
        any |= c;
    }
    (4..=6).contains(&hole.len())
        && (3..=5).contains(&board.len())
        && any < 64
        && mask & !FULL_MASK == 0
        && mask.count_ones() as usize == hole.len() + board.len()
}

/// Finds the first invalid row of `holes`/`boards` (rows of `H` and `B` card indices) among
/// the first `rows`.
fn first_bad_row<const H: usize, const B: usize>(
    holes: &[u8],
    boards: &[u8],
    rows: usize,
) -> std::result::Result<(), usize> {
    match holes
        .chunks_exact(H)
        .zip(boards.chunks_exact(B))
        .take(rows)
        .position(|(hole, board)| !valid_row(hole, board))
    {
        Some(i) => Err(i),
        None => Ok(()),
    }
}

/// [`omaha_rank_rows`], checking every row first: hole sizes 4 to 6, board sizes 3 to 5,
/// every value a card index (< 52), and no card twice in a row (hole and board together).
///
/// # Errors
/// The index of the first bad row; nothing is written then. Rebuild that row as two
/// [`CardSet`]s and call [`evaluate_omaha`] to learn what is wrong with it.
pub fn omaha_rank_rows_checked<const H: usize, const B: usize>(
    holes: &[u8],
    boards: &[u8],
    out: &mut [u16],
) -> std::result::Result<(), usize> {
    first_bad_row::<H, B>(holes, boards, out.len())?;
    omaha_rank_rows::<H, B>(holes, boards, out);
    Ok(())
}

/// [`omaha_hilo_rows`], checking every row first like [`omaha_rank_rows_checked`].
///
/// # Errors
/// The index of the first bad row; nothing is written then.
pub fn omaha_hilo_rows_checked<const H: usize, const B: usize>(
    holes: &[u8],
    boards: &[u8],
    high_out: &mut [u16],
    low_out: &mut [u8],
) -> std::result::Result<(), usize> {
    first_bad_row::<H, B>(holes, boards, high_out.len().min(low_out.len()))?;
    omaha_hilo_rows::<H, B>(holes, boards, high_out, low_out);
    Ok(())
}

/// [`omaha_low_rows`](super::low::omaha_low_rows), checking every row first like
/// [`omaha_rank_rows_checked`].
///
/// # Errors
/// The index of the first bad row; nothing is written then.
pub fn omaha_low_rows_checked<const H: usize, const B: usize>(
    holes: &[u8],
    boards: &[u8],
    out: &mut [u8],
) -> std::result::Result<(), usize> {
    first_bad_row::<H, B>(holes, boards, out.len())?;
    super::low::omaha_low_rows::<H, B>(holes, boards, out);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::gen;

    fn set(text: &str) -> CardSet {
        text.parse().unwrap()
    }

    fn hi(hole: &str, board: &str) -> HandRank {
        evaluate_omaha(set(hole), set(board)).unwrap()
    }

    #[test]
    fn row_terms_match_the_generator() {
        // The runtime walks the mask; the generator sums binomials over sorted ranks.
        for ranks in [
            &[0u8, 0, 0][..],
            &[12, 12, 12, 12],
            &[0, 5, 5, 9, 12],
            &[3, 7, 11],
        ] {
            let mask = ranks
                .iter()
                .enumerate()
                .fold(0u64, |m, (i, &r)| m | 1 << (4 * r + (i as u8 % 4)));
            let board = OmahaBoard::from_mask(mask);
            let expected = 2 * gen::OMAHA_PAIRS * gen::omaha_row(ranks);
            assert_eq!(board.row as usize, expected, "{ranks:?}");
        }
        let rows = 2 * gen::OMAHA_PAIRS * gen::omaha_rows();
        assert_eq!(OMAHA_HIGH.len(), rows + 256 - 2 * gen::OMAHA_PAIRS);
        // The padding bytes are zeros.
        assert!(OMAHA_HIGH[rows..].iter().all(|&b| b == 0));
    }

    #[test]
    fn exactly_two_from_the_hole_and_three_from_the_board() {
        // Four hearts in the hole, one on the board: no flush.
        assert_eq!(hi("AhKhQhJh", "Th2c3d4s9c").to_string(), "High card, ace");
        // Four of a kind on the board plays only three of them.
        assert_eq!(
            hi("AhKd2c3c", "QcQdQhQs5d").describe(),
            "Three of a kind, queens"
        );
        assert_eq!(
            hi("AhAd2c3c", "QcQdQhQs5d").describe(),
            "Full house, queens full of aces"
        );
        // A board flush needs two hole cards of the suit.
        assert_eq!(hi("As2c3d4h", "KsQsJs9s8s").describe(), "High card, ace");
        assert_eq!(hi("AsTs3d4h", "KsQsJs9s8s").describe(), "Royal flush");
    }

    #[test]
    fn straight_flush_over_a_higher_flush_choice() {
        // Top two and top three would be A-K with K-Q-J... but 9-8 with 7-6-5 is a straight
        // flush, which wins.
        let r = hi("9h8hAhKh", "7h6h5hQh2c");
        assert_eq!(r.describe(), "Straight flush, nine high");
        // The wheel straight flush.
        assert_eq!(
            hi("Ah2h9c9d", "3h4h5hKsKd").describe(),
            "Straight flush, five high"
        );
    }

    #[test]
    fn prepared_board_agrees_with_the_one_call_forms() {
        let board = OmahaBoard::new(set("2c5d7sKhQc")).unwrap();
        let hole = set("Ah3d4cJs");
        assert_eq!(
            board.rank(hole).unwrap(),
            evaluate_omaha(hole, board.cards()).unwrap()
        );
        let (h, l) = board.hilo(hole).unwrap();
        assert_eq!(l.map(|l| l.to_string()).as_deref(), Some("7-5-3-2-A"));
        assert_eq!(board.low(hole).unwrap(), l);
        let idx: Vec<u8> = hole.iter().map(|c| c.index()).collect();
        let bidx: Vec<u8> = board.cards().iter().map(|c| c.index()).collect();
        assert_eq!(
            omaha_hilo_indices(&idx, &bidx),
            (h, l.map_or(0, |l| l.class()))
        );
        let mut out = [0u16; 1];
        board.rank_rows::<4>(&idx, &mut out);
        assert_eq!(out[0], h.class());
    }

    #[test]
    fn checked_rows_name_the_bad_row() {
        let holes = [0u8, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
        let boards = [20u8, 21, 22, 23, 24, 25, 26, 27, 8];
        let mut out = [0u16; 3];
        assert_eq!(
            omaha_rank_rows_checked::<4, 3>(&holes, &boards, &mut out),
            Err(2)
        );
        assert_eq!(out, [0; 3]);
        let mut low = [0u8; 2];
        assert_eq!(
            omaha_low_rows_checked::<4, 3>(&holes, &boards, &mut low),
            Ok(())
        );
        let mut high = [0u16; 2];
        assert_eq!(
            omaha_hilo_rows_checked::<4, 3>(&holes, &boards, &mut high, &mut low),
            Ok(())
        );
        assert!(high.iter().all(|&h| h > 0));
        assert_eq!(
            omaha_rank_rows_checked::<4, 3>(&holes, &[52, 0, 1], &mut out),
            Err(0)
        );
        assert_eq!(
            omaha_rank_rows_checked::<3, 3>(&holes, &boards, &mut out),
            Err(0)
        );
    }
}
