//! Omaha batch kernels in SIMD lanes: high, eight-or-better low and both, one hand a
//! 32-bit lane, 8 hands at a time with AVX2 and 16 with AVX-512, chosen at run time.
//!
//! # How
//! The kernels compute what [`OmahaBoard`](super::OmahaBoard) computes for one hand, in
//! lanes across hands, without a branch but one a group for flushes:
//! - **Cards.** A row's cards are read as 32-bit words, one gather per four cards (two for
//!   five or six, overlapping), and taken apart with shifts. Ranks are clamped to the ace,
//!   so that bytes that are no card (unchecked input) still index inside every table.
//! - **The board's row.** The row of the high table is the sum of one term per board rank in
//!   ascending order (see `gen::omaha_row`): the ranks are sorted by a sorting network of
//!   lane minima and maxima, and each term is a 16-entry lookup (one `vpermd` with
//!   AVX-512, two and a blend with AVX2).
//! - **The pair columns.** The column of ranks `{a, b}` is `hi * (hi + 1) + 2 * lo` bytes
//!   into the row; `r * (r + 1)` grows with `r`, so per pair it is the maximum of the two
//!   cards' `r * (r + 1)` plus the minimum of their `2 * r`. One gather per pair (6, 10 or
//!   15) reads the classes, and a 16-bit maximum keeps the best.
//! - **Flushes.** Each lane counts the board's and the hole's cards of each suit in 8-bit
//!   counters; when a lane of the group has a suit of three on the board and two in the
//!   hole (about one PLO4 hand in sixteen), the group's flushes are found in lanes too: the
//!   suit's rank masks of hole and board, their top two and top three ranks from two small
//!   tables (the best plain flush, from the flush table), and the ten straight flushes, each
//!   made when the board has three of its ranks and the hole the other two.
//! - **Lows.** The rows' words go through a byte shuffle (`vpshufb`) from each byte's rank
//!   to its low-rank bit, OR-ed across the lane; the hole's and the board's masks index the
//!   64 KiB low table with one gather.
//!
//! Measured (`--example omaha_kernels_cpu`, CPU time, AMD EPYC): PLO4 high about 3.7x the
//! scalar kernel with AVX-512 and 2.3x with AVX2; the figures are in BENCHMARKS.md.
//!
//! The kernels rank whole groups of lanes; the rows left over (and, for three-card boards,
//! the last group, whose word reads run a byte past the board) go to the scalar loop.
//! Checked batches are checked in lanes too (every byte a card, no card twice a row)
//! before anything is ranked.
//!
//! # Choosing a path
//! [`OmahaKernel::best`] detects the CPU once and keeps the answer. The environment
//! variable `POKERFORGE_OMAHA_KERNEL` (`scalar`, `avx2` or `avx512`), read at that first
//! detection, forces a path, so that a whole program (the Python tests, a benchmark) can be
//! run on each; a path this CPU lacks is never taken (the best it has is used instead).
//! Tests and benches compare paths directly with [`OmahaKernel::all`].

use super::choice::Chosen;

use super::low::omaha_low_indices;
use super::omaha::omaha_rank_indices;

/// One of the Omaha batch kernels: scalar, AVX2 or AVX-512. Only the kernels this CPU can
/// run can be had ([`OmahaKernel::all`], [`OmahaKernel::best`], [`OmahaKernel::named`]),
/// so every method is safe to call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct OmahaKernel(Path);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Path {
    Scalar,
    #[cfg(target_arch = "x86_64")]
    Avx2,
    #[cfg(target_arch = "x86_64")]
    Avx512,
}

/// The chosen path (its index in [`Path::ALL`]), found at the first detection.
static CHOSEN: Chosen = Chosen::new();

impl Path {
    #[cfg(target_arch = "x86_64")]
    const ALL: [Path; 3] = [Path::Scalar, Path::Avx2, Path::Avx512];
    #[cfg(not(target_arch = "x86_64"))]
    const ALL: [Path; 1] = [Path::Scalar];

    fn name(self) -> &'static str {
        match self {
            Path::Scalar => "scalar",
            #[cfg(target_arch = "x86_64")]
            Path::Avx2 => "avx2",
            #[cfg(target_arch = "x86_64")]
            Path::Avx512 => "avx512",
        }
    }

    /// Whether this CPU can run the path.
    fn available(self) -> bool {
        match self {
            Path::Scalar => true,
            #[cfg(target_arch = "x86_64")]
            Path::Avx2 => std::is_x86_feature_detected!("avx2"),
            #[cfg(target_arch = "x86_64")]
            Path::Avx512 => {
                std::is_x86_feature_detected!("avx512f")
                    && std::is_x86_feature_detected!("avx512bw")
                    && std::is_x86_feature_detected!("avx512vl")
            }
        }
    }
}

impl OmahaKernel {
    /// The scalar kernel, which every CPU runs: one hand at a time through
    /// [`OmahaBoard`](super::OmahaBoard).
    pub const SCALAR: OmahaKernel = OmahaKernel(Path::Scalar);

    /// Every kernel this CPU can run, the scalar one first.
    pub fn all() -> Vec<OmahaKernel> {
        Path::ALL
            .into_iter()
            .filter(|p| p.available())
            .map(OmahaKernel)
            .collect()
    }

    /// The kernel named `name` (`"scalar"`, `"avx2"` or `"avx512"`), if this CPU runs it.
    pub fn named(name: &str) -> Option<OmahaKernel> {
        Path::ALL
            .into_iter()
            .find(|p| p.name() == name && p.available())
            .map(OmahaKernel)
    }

    /// The kernel the batch functions use: the one `POKERFORGE_OMAHA_KERNEL` names when this
    /// CPU runs it, else the fastest this CPU runs. Found once, then one atomic load.
    pub fn best() -> OmahaKernel {
        let index = CHOSEN.index("POKERFORGE_OMAHA_KERNEL", |forced| {
            let fastest = || {
                // `Path::ALL` is in order of speed.
                let path = Path::ALL.into_iter().rev().find(|p| p.available());
                OmahaKernel(path.unwrap_or(Path::Scalar))
            };
            let kernel = forced.and_then(OmahaKernel::named).unwrap_or_else(fastest);
            Path::ALL.iter().position(|&p| p == kernel.0).unwrap_or(0)
        });
        OmahaKernel(Path::ALL[index.min(Path::ALL.len() - 1)])
    }

    /// The kernel's name: `"scalar"`, `"avx2"` or `"avx512"`.
    pub fn name(self) -> &'static str {
        self.0.name()
    }

    /// Omaha high classes of rows of `H` hole and `B` board card indices, as
    /// [`omaha_rank_rows`](super::omaha_rank_rows) (which calls this on [`OmahaKernel::best`]).
    pub fn rank_rows<const H: usize, const B: usize>(
        self,
        holes: &[u8],
        boards: &[u8],
        out: &mut [u16],
    ) {
        let rows = rows::<H, B>(holes, boards, out.len());
        let done = match self.0 {
            Path::Scalar => 0,
            // SAFETY: an `OmahaKernel` of this path exists only where the CPU has AVX2.
            #[cfg(target_arch = "x86_64")]
            Path::Avx2 => unsafe { x86::high_avx2::<H, B>(holes, boards, &mut out[..rows]) },
            // SAFETY: as above, with AVX-512 F, BW and VL.
            #[cfg(target_arch = "x86_64")]
            Path::Avx512 => unsafe { x86::high_avx512::<H, B>(holes, boards, &mut out[..rows]) },
        };
        for i in done..rows {
            out[i] =
                omaha_rank_indices(&holes[i * H..(i + 1) * H], &boards[i * B..(i + 1) * B]).class();
        }
    }

    /// Low classes (0 = no low) as [`omaha_low_rows`](super::omaha_low_rows).
    pub fn low_rows<const H: usize, const B: usize>(
        self,
        holes: &[u8],
        boards: &[u8],
        out: &mut [u8],
    ) {
        let rows = rows::<H, B>(holes, boards, out.len());
        let done = match self.0 {
            Path::Scalar => 0,
            // SAFETY: as in `rank_rows`.
            #[cfg(target_arch = "x86_64")]
            Path::Avx2 => unsafe { x86::low_avx2::<H, B>(holes, boards, &mut out[..rows]) },
            // SAFETY: as in `rank_rows`.
            #[cfg(target_arch = "x86_64")]
            Path::Avx512 => unsafe { x86::low_avx512::<H, B>(holes, boards, &mut out[..rows]) },
        };
        for i in done..rows {
            out[i] = omaha_low_indices(&holes[i * H..(i + 1) * H], &boards[i * B..(i + 1) * B]);
        }
    }

    /// High and low classes as [`omaha_hilo_rows`](super::omaha_hilo_rows).
    pub fn hilo_rows<const H: usize, const B: usize>(
        self,
        holes: &[u8],
        boards: &[u8],
        high_out: &mut [u16],
        low_out: &mut [u8],
    ) {
        let rows = rows::<H, B>(holes, boards, high_out.len().min(low_out.len()));
        let (high_out, low_out) = (&mut high_out[..rows], &mut low_out[..rows]);
        let done = match self.0 {
            Path::Scalar => 0,
            // SAFETY: as in `rank_rows`.
            #[cfg(target_arch = "x86_64")]
            Path::Avx2 => unsafe { x86::hilo_avx2::<H, B>(holes, boards, high_out, low_out) },
            // SAFETY: as in `rank_rows`.
            #[cfg(target_arch = "x86_64")]
            Path::Avx512 => unsafe { x86::hilo_avx512::<H, B>(holes, boards, high_out, low_out) },
        };
        for i in done..rows {
            let (hole, board) = (&holes[i * H..(i + 1) * H], &boards[i * B..(i + 1) * B]);
            high_out[i] = omaha_rank_indices(hole, board).class();
            low_out[i] = omaha_low_indices(hole, board);
        }
    }

    /// Whether the first `rows` rows (at most as many as `holes` and `boards` hold) are
    /// valid Omaha hands: every byte a card index (< 52), no card twice in a row (hole and
    /// board together), sizes 4 to 6 and 3 to 5.
    pub fn rows_valid<const H: usize, const B: usize>(
        self,
        holes: &[u8],
        boards: &[u8],
        rows: usize,
    ) -> bool {
        let rows = self::rows::<H, B>(holes, boards, rows);
        if !(4..=6).contains(&H) || !(3..=5).contains(&B) {
            return rows == 0;
        }
        let (done, bad) = match self.0 {
            Path::Scalar => (0, false),
            // SAFETY: as in `rank_rows`.
            #[cfg(target_arch = "x86_64")]
            Path::Avx2 => unsafe { x86::valid_avx2::<H, B>(holes, boards, rows) },
            // SAFETY: as in `rank_rows`.
            #[cfg(target_arch = "x86_64")]
            Path::Avx512 => unsafe { x86::valid_avx512::<H, B>(holes, boards, rows) },
        };
        !bad && (done..rows)
            .all(|i| valid_row(&holes[i * H..(i + 1) * H], &boards[i * B..(i + 1) * B]))
    }
}

/// The number of whole rows of `H` and `B` bytes in both, at most `limit`.
fn rows<const H: usize, const B: usize>(holes: &[u8], boards: &[u8], limit: usize) -> usize {
    if H == 0 || B == 0 {
        return 0;
    }
    (holes.len() / H).min(boards.len() / B).min(limit)
}

/// Whether one row is a valid Omaha hand (see [`OmahaKernel::rows_valid`]).
pub(super) fn valid_row(hole: &[u8], board: &[u8]) -> bool {
    let mut mask = 0u64;
    let mut sum = 0u64;
    let mut any = 0u8;
    for &c in hole.iter().chain(board) {
        let bit = 1u64 << (c & 63);
        mask |= bit;
        sum = sum.wrapping_add(bit);
        any |= c;
    }
    // A repeated card carries, so the sum of the bits differs from their union.
    (4..=6).contains(&hole.len())
        && (3..=5).contains(&board.len())
        && any < 64
        && mask & !crate::card_set::FULL_MASK == 0
        && mask == sum
}

#[cfg(target_arch = "x86_64")]
mod lanes;
#[cfg(target_arch = "x86_64")]
mod x86;
