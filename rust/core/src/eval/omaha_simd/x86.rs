//! The kernels, written once over [`Lanes`] and built for AVX2 and AVX-512.

use super::lanes::{Avx2, Avx512, Lanes};

use super::super::omaha::{STRAIGHTS, STRAIGHT_FLUSH_WINDOWS};
use super::super::tables::{FLUSH_TABLE, LOW_TABLE, OMAHA_HIGH, OMAHA_ROW_BASE, OMAHA_ROW_TERMS};

/// `t[r] = r * (r + 1)` bytes, the start of the columns whose higher rank is `r`.
static TRIANGLE: [u32; 16] = {
    let mut t = [0u32; 16];
    let mut r = 0;
    while r < 16 {
        t[r] = (r * (r + 1)) as u32;
        r += 1;
    }
    t
};

/// The low-rank bit of each rank (see `low::low_bit`): two to eight are bits 1 to 7,
/// the ace bit 0, the rest none.
static LOW_BIT: [u8; 16] = [2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 1, 0, 0, 0];

/// The `k` highest bits of the 13-bit mask `m`.
const fn top_bits(m: usize, k: u32) -> u32 {
    let mut out = 0;
    let mut bit = 13;
    let mut left = k;
    while bit > 0 && left > 0 {
        bit -= 1;
        if m >> bit & 1 == 1 {
            out |= 1 << bit;
            left -= 1;
        }
    }
    out
}

/// `HOLE_FLUSH[m]`: the two highest ranks of the hole's flush-suit rank mask `m`.
static HOLE_FLUSH: [u32; 8192] = {
    let mut t = [0u32; 8192];
    let mut m = 0;
    while m < 8192 {
        t[m] = top_bits(m, 2);
        m += 1;
    }
    t
};

/// `BOARD_FLUSH[m]`: the three highest ranks of the board's flush-suit rank mask `m`,
/// and above bit 16 the straights it has exactly three ranks of (see
/// `STRAIGHT_FLUSH_WINDOWS`).
static BOARD_FLUSH: [u32; 8192] = {
    let mut t = [0u32; 8192];
    let mut m = 0;
    while m < 8192 {
        t[m] = top_bits(m, 3) | (STRAIGHT_FLUSH_WINDOWS[m] as u32) << 16;
        m += 1;
    }
    t
};

/// The row terms of board position `i` (see `gen::omaha_row`), as a 16-entry table.
fn terms(i: usize) -> &'static [u32; 16] {
    OMAHA_ROW_TERMS[16 * i..16 * i + 16]
        .try_into()
        .unwrap_or(&[0; 16])
}

/// The words of a group of `N` rows of `K` bytes from `base`: bytes `0..4` of each row
/// and bytes `K - 4..K` (the same word for `K` = 4; for `K` = 3 the first word, which
/// holds a byte of the next row).
///
/// # Safety
/// `3 <= K <= 6`, and the bytes read readable: for `K` = 3, one byte past the group.
#[inline(always)]
unsafe fn words<S: Lanes, const K: usize>(base: *const u8) -> (S::V, S::V) {
    // SAFETY: the caller vouches for the bytes read.
    unsafe {
        let at = S::steps(K as i32);
        let first = S::gather(base, at);
        let last = if K > 4 {
            S::gather(base.add(K - 4), at)
        } else {
            first
        };
        (first, last)
    }
}

/// The cards of a group of `N` rows of `K` bytes from `base`, one vector a card.
///
/// # Safety
/// As [`words`].
#[inline(always)]
unsafe fn cards<S: Lanes, const K: usize>(base: *const u8) -> [S::V; K] {
    // SAFETY: the caller vouches for the bytes read.
    unsafe { cards_of::<S, K>(words::<S, K>(base)) }
}

/// The cards of a group's words (see [`words`]), one vector a card.
#[inline(always)]
unsafe fn cards_of<S: Lanes, const K: usize>((first, last): (S::V, S::V)) -> [S::V; K] {
    // SAFETY: lane operations; the caller has the features.
    unsafe {
        let byte = S::splat(0xFF);
        let mut out = [S::splat(0); K];
        for (j, card) in out.iter_mut().enumerate() {
            let (word, at) = if j < 4 { (first, j) } else { (last, j + 4 - K) };
            *card = S::and(
                match at {
                    0 => word,
                    1 => S::shr::<8>(word),
                    2 => S::shr::<16>(word),
                    _ => S::shr::<24>(word),
                },
                byte,
            );
        }
        out
    }
}

/// Whether a group's words may be read: rows `row .. row + N` of `K` bytes, with a
/// three-byte row's last word reaching one byte further.
#[inline(always)]
fn readable<S: Lanes, const K: usize>(cards: &[u8], row: usize) -> bool {
    (row + S::N) * K + 4usize.saturating_sub(K) <= cards.len()
}

/// Each card's rank, clamped to the ace, rank 12 (for bytes that are no card).
#[inline(always)]
unsafe fn ranks<S: Lanes, const K: usize>(cards: &[S::V; K]) -> [S::V; K] {
    // No closures here or below: a closure is compiled without the caller's features,
    // and the intrinsics in it would stay calls.
    let mut out = *cards;
    for r in out.iter_mut() {
        // SAFETY: lane operations; the caller has the features.
        *r = unsafe { S::min(S::shr::<2>(*r), S::splat(12)) };
    }
    out
}

/// Each lane's count of cards of each suit, one byte a suit.
#[inline(always)]
unsafe fn suit_counts<S: Lanes, const K: usize>(cards: &[S::V; K]) -> S::V {
    // SAFETY: lane operations; the caller has the features.
    unsafe {
        let mut counts = S::splat(0);
        for &c in cards {
            let shift = S::shl::<3>(S::and(c, S::splat(3)));
            counts = S::add(counts, S::shlv(S::splat(1), shift));
        }
        counts
    }
}

/// Sorts each lane's ranks into ascending order: a sorting network.
#[inline(always)]
unsafe fn sort<S: Lanes, const K: usize>(r: &mut [S::V; K]) {
    const THREE: &[(usize, usize)] = &[(0, 1), (1, 2), (0, 1)];
    const FOUR: &[(usize, usize)] = &[(0, 1), (2, 3), (0, 2), (1, 3), (1, 2)];
    const FIVE: &[(usize, usize)] = &[
        (0, 3),
        (1, 4),
        (0, 2),
        (1, 3),
        (0, 1),
        (2, 4),
        (1, 2),
        (3, 4),
        (2, 3),
    ];
    let network = match K {
        3 => THREE,
        4 => FOUR,
        _ => FIVE,
    };
    for &(a, b) in network {
        if a < K && b < K {
            // SAFETY: lane operations; the caller has the features.
            let (lo, hi) = unsafe { (S::min(r[a], r[b]), S::max(r[a], r[b])) };
            r[a] = lo;
            r[b] = hi;
        }
    }
}

/// Each lane's board's row of the high table (a byte offset).
#[inline(always)]
unsafe fn board_row<S: Lanes, const B: usize>(board: &[S::V; B], tables: &[S::T; 6]) -> S::V {
    // SAFETY: lane operations; the caller has the features.
    unsafe {
        let mut sorted = ranks::<S, B>(board);
        sort::<S, B>(&mut sorted);
        let mut row = S::splat(OMAHA_ROW_BASE[B] as i32);
        for (i, &r) in sorted.iter().enumerate() {
            row = S::add(row, S::lookup(tables[i], r));
        }
        row
    }
}

/// The best high class of each lane, flushes aside, and which suit may make one (see
/// [`flush_group`]).
#[inline(always)]
unsafe fn high_group<S: Lanes, const H: usize, const B: usize>(
    hole: &[S::V; H],
    board: &[S::V; B],
    row: S::V,
    tables: &[S::T; 6],
) -> (S::V, S::V) {
    // SAFETY: lane operations and gathers inside the high table: a board's row offset
    // is at most that of five aces (the last row), a column at most 180 bytes, and
    // the table is padded so that a row's 256 bytes can be read (see `row_bytes`).
    unsafe {
        let hole_ranks = ranks::<S, H>(hole);
        let (mut tri, mut twice) = (hole_ranks, hole_ranks);
        for i in 0..H {
            tri[i] = S::lookup(tables[5], hole_ranks[i]);
            twice[i] = S::add(hole_ranks[i], hole_ranks[i]);
        }
        let mut best = S::splat(0);
        for a in 0..H {
            for b in a + 1..H {
                let column = S::add(S::max(tri[a], tri[b]), S::min(twice[a], twice[b]));
                let class = S::gather(OMAHA_HIGH.as_ptr(), S::add(row, column));
                best = S::max16(best, class);
            }
        }
        // A flush needs a suit with three board cards and two hole cards: a board
        // counter of 3 or more carries into bit 7 when 0x7D is added, a hole counter
        // of 2 or more when 0x7E is.
        let board_suits = S::add(suit_counts::<S, B>(board), S::splat(0x7D7D_7D7D));
        let hole_suits = S::add(suit_counts::<S, H>(hole), S::splat(0x7E7E_7E7E));
        let flush = S::and(
            S::and(board_suits, hole_suits),
            S::splat(0x8080_8080u32 as i32),
        );
        (S::and(best, S::splat(0xFFFF)), flush)
    }
}

/// Each lane's low-rank mask (see `low::low_mask`) of a group's words of `K` cards:
/// the bytes' ranks looked up in a byte shuffle, then the four bytes of each lane
/// OR-ed together (the two words of five or six cards overlap, which an OR ignores).
#[inline(always)]
unsafe fn low_mask<S: Lanes, const K: usize>((first, last): (S::V, S::V), table: S::V) -> S::V {
    // SAFETY: lane operations; the caller has the features.
    unsafe {
        // The rank of each byte: a shift of the whole lane brings each byte's upper six
        // bits down, and the mask drops the bits the next byte shifted in.
        let six = S::splat(0x3F3F_3F3F);
        let mut bits = S::or(
            S::shuffle(table, S::and(S::shr::<2>(first), six)),
            S::shuffle(table, S::and(S::shr::<2>(last), six)),
        );
        if K == 3 {
            // The word's last byte is the next row's.
            bits = S::and(bits, S::splat(0x00FF_FFFF));
        }
        bits = S::or(bits, S::shr::<16>(bits));
        bits = S::or(bits, S::shr::<8>(bits));
        S::and(bits, S::splat(0xFF))
    }
}

/// The low class of each lane, from the hole's and the board's words.
#[inline(always)]
unsafe fn low_group<S: Lanes, const H: usize, const B: usize>(
    hole: (S::V, S::V),
    board: (S::V, S::V),
    table: S::V,
) -> S::V {
    // SAFETY: lane operations, and a gather inside the low table: a hole of six cards
    // has at most six low ranks, so its mask is at most 0xFC, and the word read at
    // `0xFC << 8 | 0xFF` ends inside the table's 65,536 bytes.
    unsafe {
        let at = S::or(
            S::shl::<8>(low_mask::<S, H>(hole, table)),
            low_mask::<S, B>(board, table),
        );
        S::and(S::gather(LOW_TABLE.as_ptr(), at), S::splat(0xFF))
    }
}

/// The lookup tables: the five row-term tables and [`TRIANGLE`].
#[inline(always)]
unsafe fn high_tables<S: Lanes>() -> [S::T; 6] {
    // SAFETY: loads of 64-byte tables; the caller has the features.
    unsafe {
        [
            S::table(terms(0)),
            S::table(terms(1)),
            S::table(terms(2)),
            S::table(terms(3)),
            S::table(terms(4)),
            S::table(&TRIANGLE),
        ]
    }
}

/// Each lane's best flush or straight flush, 0 without one, given the `flush` word of
/// [`high_group`] (byte `s` has bit 7 when suit `s` has three board cards and two hole
/// cards): the flush suit's ranks of the hole and of the board, the best plain flush
/// from their top two and top three, and the straight flushes that two hole ranks
/// complete with three board ranks, as the scalar `flush_class` finds them.
#[inline(always)]
unsafe fn flush_group<S: Lanes, const H: usize, const B: usize>(
    hole: &[S::V; H],
    board: &[S::V; B],
    flush: S::V,
) -> S::V {
    // SAFETY: lane operations, and gathers inside the tables: the rank masks have at
    // most 13 bits (the ranks are clamped to the ace), and the flush table's index,
    // five ranks at most, at most 0x1F00, so its word ends inside the table.
    unsafe {
        // The rank bit of each card of the flagged suit, none of other cards.
        let (mut hole_ranks, mut board_ranks) = (S::splat(0), S::splat(0));
        let one = S::splat(1);
        for &c in hole {
            let flagged = S::and(
                S::shr::<7>(S::shrv(flush, S::shl::<3>(S::and(c, S::splat(3))))),
                one,
            );
            hole_ranks = S::or(
                hole_ranks,
                S::shlv(flagged, S::min(S::shr::<2>(c), S::splat(12))),
            );
        }
        for &c in board {
            let flagged = S::and(
                S::shr::<7>(S::shrv(flush, S::shl::<3>(S::and(c, S::splat(3))))),
                one,
            );
            board_ranks = S::or(
                board_ranks,
                S::shlv(flagged, S::min(S::shr::<2>(c), S::splat(12))),
            );
        }
        let hole_top = S::gather(HOLE_FLUSH.as_ptr().cast(), S::shl::<2>(hole_ranks));
        let board_parts = S::gather(BOARD_FLUSH.as_ptr().cast(), S::shl::<2>(board_ranks));
        let five = S::or(hole_top, S::and(board_parts, S::splat(0x1FFF)));
        let mut best = S::and(
            S::gather(FLUSH_TABLE.as_ptr().cast(), S::add(five, five)),
            S::splat(0xFFFF),
        );
        // A straight flush: a window with three board ranks whose other two ranks are
        // in the hole. Straight flushes outrank every flush, so the maximum keeps them.
        let windows = S::shr::<16>(board_parts);
        let held = S::or(hole_ranks, board_ranks);
        let zero = S::splat(0);
        for (w, &straight) in STRAIGHTS.iter().enumerate() {
            let open = S::and(S::shrv(windows, S::splat(w as i32)), one);
            let missing = S::andnot(held, S::splat(i32::from(straight)));
            let made = S::andnot(S::eq(open, zero), S::eq(missing, zero));
            let class = S::splat(i32::from(FLUSH_TABLE[usize::from(straight)]));
            best = S::max(best, S::and(made, class));
        }
        // Lanes without a flagged suit have no ranks, so no flush: a zero.
        S::andnot(
            S::eq(S::and(flush, S::splat(0x8080_8080u32 as i32)), zero),
            best,
        )
    }
}

/// High classes of whole groups of rows; returns how many rows it ranked (the rest are
/// the caller's). `out` has one slot a row, and no more slots than rows.
#[inline(always)]
unsafe fn high_rows<S: Lanes, const H: usize, const B: usize>(
    holes: &[u8],
    boards: &[u8],
    out: &mut [u16],
) -> usize {
    if !(4..=6).contains(&H) || !(3..=5).contains(&B) {
        return 0;
    }
    // SAFETY: each group's words lie in `holes` and `boards` (`readable`) and its
    // slots in `out`; the caller has the features.
    unsafe {
        let tables = high_tables::<S>();
        let slots = out.len();
        let whole = |row: usize| {
            row + S::N <= slots && readable::<S, H>(holes, row) && readable::<S, B>(boards, row)
        };
        let mut row = 0;
        while whole(row) {
            let hole = cards::<S, H>(holes.as_ptr().add(row * H));
            let board = cards::<S, B>(boards.as_ptr().add(row * B));
            let board_at = board_row::<S, B>(&board, &tables);
            let (mut best, flush) = high_group::<S, H, B>(&hole, &board, board_at, &tables);
            if S::nonzero(flush) != 0 {
                best = S::max(best, flush_group::<S, H, B>(&hole, &board, flush));
            }
            S::store16(out.as_mut_ptr().add(row), best);
            row += S::N;
        }
        row
    }
}

/// Low classes of whole groups of rows, as [`high_rows`].
#[inline(always)]
unsafe fn low_rows<S: Lanes, const H: usize, const B: usize>(
    holes: &[u8],
    boards: &[u8],
    out: &mut [u8],
) -> usize {
    if !(4..=6).contains(&H) || !(3..=5).contains(&B) {
        return 0;
    }
    // SAFETY: as in `high_rows`.
    unsafe {
        let low_bits = S::bytes(&LOW_BIT);
        let mut row = 0;
        while row + S::N <= out.len()
            && readable::<S, H>(holes, row)
            && readable::<S, B>(boards, row)
        {
            let hole_words = words::<S, H>(holes.as_ptr().add(row * H));
            let board_words = words::<S, B>(boards.as_ptr().add(row * B));
            S::store8(
                out.as_mut_ptr().add(row),
                low_group::<S, H, B>(hole_words, board_words, low_bits),
            );
            row += S::N;
        }
        row
    }
}

/// High and low classes of whole groups of rows, as [`high_rows`]; `high` and `low`
/// have the same length.
#[inline(always)]
unsafe fn hilo_rows<S: Lanes, const H: usize, const B: usize>(
    holes: &[u8],
    boards: &[u8],
    high: &mut [u16],
    low: &mut [u8],
) -> usize {
    if !(4..=6).contains(&H) || !(3..=5).contains(&B) || high.len() != low.len() {
        return 0;
    }
    // SAFETY: as in `high_rows`.
    unsafe {
        let tables = high_tables::<S>();
        let low_bits = S::bytes(&LOW_BIT);
        let mut row = 0;
        while row + S::N <= high.len()
            && readable::<S, H>(holes, row)
            && readable::<S, B>(boards, row)
        {
            let hole_words = words::<S, H>(holes.as_ptr().add(row * H));
            let board_words = words::<S, B>(boards.as_ptr().add(row * B));
            let (hole, board) = (cards_of::<S, H>(hole_words), cards_of::<S, B>(board_words));
            let board_at = board_row::<S, B>(&board, &tables);
            let (mut best, flush) = high_group::<S, H, B>(&hole, &board, board_at, &tables);
            if S::nonzero(flush) != 0 {
                best = S::max(best, flush_group::<S, H, B>(&hole, &board, flush));
            }
            S::store16(high.as_mut_ptr().add(row), best);
            S::store8(
                low.as_mut_ptr().add(row),
                low_group::<S, H, B>(hole_words, board_words, low_bits),
            );
            row += S::N;
        }
        row
    }
}

/// Checks whole groups of the first `rows` rows: how many it checked and whether one
/// was bad. A row is bad with a byte past 51 or a card twice: each card sets its bit in
/// a low and a high 32-bit half, and a repeated card carries, so a sum differs from the
/// union.
#[inline(always)]
unsafe fn valid_rows<S: Lanes, const H: usize, const B: usize>(
    holes: &[u8],
    boards: &[u8],
    rows: usize,
) -> (usize, bool) {
    // SAFETY: as in `high_rows`.
    unsafe {
        let one = S::splat(1);
        let mut bad = S::splat(0);
        let mut row = 0;
        while row + S::N <= rows && readable::<S, H>(holes, row) && readable::<S, B>(boards, row) {
            let hole = cards::<S, H>(holes.as_ptr().add(row * H));
            let board = cards::<S, B>(boards.as_ptr().add(row * B));
            let (mut low_or, mut low_sum) = (S::splat(0), S::splat(0));
            let (mut high_or, mut high_sum) = (S::splat(0), S::splat(0));
            let mut top = S::splat(0);
            let mut all = [one; 11];
            all[..H].copy_from_slice(&hole);
            all[H..H + B].copy_from_slice(&board);
            for &c in &all[..H + B] {
                // `vpsllvd` gives 0 for a count of 32 or more: cards 32..63 set no bit
                // in the low half, and cards below 32 none in the high (`c - 32` wraps).
                let low_bit = S::shlv(one, c);
                let high_bit = S::shlv(one, S::add(c, S::splat(-32)));
                low_or = S::or(low_or, low_bit);
                low_sum = S::add(low_sum, low_bit);
                high_or = S::or(high_or, high_bit);
                high_sum = S::add(high_sum, high_bit);
                top = S::max(top, c);
            }
            // Past 51: the largest byte minus 51, clamped at zero, is not zero.
            let over = S::xor(S::max(top, S::splat(51)), S::splat(51));
            bad = S::or(
                bad,
                S::or(
                    over,
                    S::or(S::xor(low_or, low_sum), S::xor(high_or, high_sum)),
                ),
            );
            row += S::N;
        }
        (row, S::nonzero(bad) != 0)
    }
}

macro_rules! entry_points {
    ($feature:literal, $lanes:ty, $high:ident, $low:ident, $hilo:ident, $valid:ident) => {
        /// High classes of whole groups of rows (see `high_rows`).
        ///
        /// # Safety
        /// The CPU must have the features enabled here.
        #[target_feature(enable = $feature)]
        pub(super) unsafe fn $high<const H: usize, const B: usize>(
            holes: &[u8],
            boards: &[u8],
            out: &mut [u16],
        ) -> usize {
            // SAFETY: the features are enabled here.
            unsafe { high_rows::<$lanes, H, B>(holes, boards, out) }
        }

        /// Low classes of whole groups of rows (see `low_rows`).
        ///
        /// # Safety
        /// The CPU must have the features enabled here.
        #[target_feature(enable = $feature)]
        pub(super) unsafe fn $low<const H: usize, const B: usize>(
            holes: &[u8],
            boards: &[u8],
            out: &mut [u8],
        ) -> usize {
            // SAFETY: the features are enabled here.
            unsafe { low_rows::<$lanes, H, B>(holes, boards, out) }
        }

        /// High and low classes of whole groups of rows (see `hilo_rows`).
        ///
        /// # Safety
        /// The CPU must have the features enabled here.
        #[target_feature(enable = $feature)]
        pub(super) unsafe fn $hilo<const H: usize, const B: usize>(
            holes: &[u8],
            boards: &[u8],
            high: &mut [u16],
            low: &mut [u8],
        ) -> usize {
            // SAFETY: the features are enabled here.
            unsafe { hilo_rows::<$lanes, H, B>(holes, boards, high, low) }
        }

        /// Checks whole groups of rows (see `valid_rows`).
        ///
        /// # Safety
        /// The CPU must have the features enabled here.
        #[target_feature(enable = $feature)]
        pub(super) unsafe fn $valid<const H: usize, const B: usize>(
            holes: &[u8],
            boards: &[u8],
            rows: usize,
        ) -> (usize, bool) {
            // SAFETY: the features are enabled here.
            unsafe { valid_rows::<$lanes, H, B>(holes, boards, rows) }
        }
    };
}

entry_points!("avx2", Avx2, high_avx2, low_avx2, hilo_avx2, valid_avx2);
entry_points!(
    "avx512f,avx512bw,avx512vl,avx2",
    Avx512,
    high_avx512,
    low_avx512,
    hilo_avx512,
    valid_avx512
);
