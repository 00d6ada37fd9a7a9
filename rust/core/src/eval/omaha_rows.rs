//! Omaha batch rows: the `omaha_*_rows*` functions rank many hands given as rows of hole
//! and board card indices, the `_checked` forms validating every row first.

use super::omaha_simd::{valid_row, OmahaKernel};

/// High classes of many hands: `holes` holds rows of `H` card indices and `boards` rows of
/// `B`; row `i` of each makes hand `i`, ranked into `out[i]`. Unchecked like
/// [`omaha_rank_indices`](super::omaha::omaha_rank_indices); stops at the shortest of the
/// three. Runs the fastest kernel this CPU has ([`OmahaKernel::best`]).
#[inline]
pub fn omaha_rank_rows<const H: usize, const B: usize>(
    holes: &[u8],
    boards: &[u8],
    out: &mut [u16],
) {
    OmahaKernel::best().rank_rows::<H, B>(holes, boards, out);
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
    OmahaKernel::best().hilo_rows::<H, B>(holes, boards, high_out, low_out);
}

/// The low class (0 = no low) of each row: `holes` holds rows of `H` card indices and
/// `boards` rows of `B`, row `i` of each making hand `i`; unchecked like
/// [`omaha_low_indices`](super::low::omaha_low_indices).
#[inline]
pub fn omaha_low_rows<const H: usize, const B: usize>(holes: &[u8], boards: &[u8], out: &mut [u8]) {
    OmahaKernel::best().low_rows::<H, B>(holes, boards, out);
}

/// Finds the first invalid row of `holes`/`boards` (rows of `H` and `B` card indices) among
/// the first `rows`: checked in lanes, then row by row only when one is bad.
fn first_bad_row<const H: usize, const B: usize>(
    holes: &[u8],
    boards: &[u8],
    rows: usize,
) -> std::result::Result<(), usize> {
    if OmahaKernel::best().rows_valid::<H, B>(holes, boards, rows) {
        return Ok(());
    }
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
/// [`CardSet`](crate::CardSet)s and call [`evaluate_omaha`](super::evaluate_omaha) to learn
/// what is wrong with it.
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

/// [`omaha_low_rows`], checking every row first like
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
    omaha_low_rows::<H, B>(holes, boards, out);
    Ok(())
}
#[cfg(test)]
mod tests {
    use super::*;

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
