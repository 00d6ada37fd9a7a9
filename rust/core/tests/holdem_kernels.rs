//! Every batch path of the Hold'em evaluator (scalar, AVX2, AVX-512, those this CPU has)
//! gives the same class for every 5-, 6- and 7-card hand, and so does the AVX-512 kernel
//! that checks rows as it ranks them; row counts that leave a tail, and `out` shorter than
//! the rows, are ranked alike; garbage rows stay in bounds; every checked path finds the
//! first bad row wherever it lies in a group.

use pokerforge_core::eval::{
    rank_rows, rank_rows_checked, rank_rows_checked_using, rank_rows_using, Kernel,
};

/// Rows per block: the enumeration fills a block, then every path ranks it.
const BLOCK: usize = 1 << 18;

/// Calls `check(rows)` with blocks of every `K`-card hand as rows of card indices, in
/// lexicographic order, the last block partial.
fn for_each_block<const K: usize>(check: &mut impl FnMut(&[u8])) {
    let mut rows: Vec<u8> = Vec::with_capacity(BLOCK * K);
    let mut hand = [0u8; K];
    for (i, c) in hand.iter_mut().enumerate() {
        *c = i as u8;
    }
    loop {
        rows.extend_from_slice(&hand);
        if rows.len() == BLOCK * K {
            check(&rows);
            rows.clear();
        }
        // The next combination: bump the last card that can move, reset those after it.
        let Some(i) = (0..K).rev().find(|&i| usize::from(hand[i]) < 52 - K + i) else {
            break;
        };
        hand[i] += 1;
        for j in i + 1..K {
            hand[j] = hand[j - 1] + 1;
        }
    }
    if !rows.is_empty() {
        check(&rows);
    }
}

fn every_path_agrees<const K: usize>(expected_hands: u64) {
    let paths: Vec<Kernel> = Kernel::ALL
        .into_iter()
        .filter(|k| k.is_available())
        .collect();
    assert!(paths.contains(&Kernel::Scalar));
    let mut scalar = vec![0u16; BLOCK];
    let mut other = vec![0u16; BLOCK];
    let mut hands = 0u64;
    for_each_block::<K>(&mut |rows| {
        let n = rows.len() / K;
        assert!(rank_rows_using::<K>(Kernel::Scalar, rows, &mut scalar[..n]));
        assert!(scalar[..n].iter().all(|&c| (1..=7462).contains(&c)));
        for &path in &paths[1..] {
            other[..n].fill(0);
            assert!(rank_rows_using::<K>(path, rows, &mut other[..n]));
            if let Some(i) = (0..n).find(|&i| other[i] != scalar[i]) {
                panic!(
                    "{path:?} ranks {:?} as {}, the scalar path as {}",
                    &rows[i * K..i * K + K],
                    other[i],
                    scalar[i]
                );
            }
        }
        // The kernel that checks as it ranks (the other checked paths rank with the paths
        // above, after a check that the tests below cover).
        for &path in paths.iter().filter(|k| k.checks_in_kernel()) {
            other[..n].fill(0);
            assert_eq!(
                rank_rows_checked_using::<K>(path, rows, &mut other[..n]),
                Some(Ok(()))
            );
            assert!(other[..n] == scalar[..n], "{path:?} checked");
        }
        hands += n as u64;
    });
    assert_eq!(hands, expected_hands);
}

#[test]
fn every_path_agrees_on_every_five_card_hand() {
    every_path_agrees::<5>(2_598_960);
}

#[test]
fn every_path_agrees_on_every_six_card_hand() {
    every_path_agrees::<6>(20_358_520);
}

#[test]
fn every_path_agrees_on_every_seven_card_hand() {
    every_path_agrees::<7>(133_784_560);
}

/// Rows from a fixed xorshift stream: valid hands, or any bytes.
fn sample_rows<const K: usize>(n: usize, valid: bool) -> Vec<u8> {
    let mut s = 0x2545_F491_4F6C_DD1Du64;
    let mut rows = Vec::with_capacity(n * K);
    for _ in 0..n {
        let mut used = 0u64;
        let mut k = 0;
        while k < K {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            let c = if valid { (s % 52) as u8 } else { s as u8 };
            if !valid || used >> (c & 63) & 1 == 0 {
                used |= 1 << (c & 63);
                rows.push(c);
                k += 1;
            }
        }
    }
    rows
}

fn tails_and_short_outputs<const K: usize>() {
    let rows = sample_rows::<K>(1001, true);
    let mut expected = vec![0u16; 1001];
    assert!(rank_rows_using::<K>(Kernel::Scalar, &rows, &mut expected));
    for path in Kernel::ALL.into_iter().filter(|k| k.is_available()) {
        for n in [0, 1, 7, 8, 9, 15, 16, 17, 31, 33, 100, 999, 1000] {
            // Exactly n rows, a part row after them, and an `out` of n slots over more rows:
            // each ranks the first n rows and writes nothing past them.
            for (cards, slots) in [
                (&rows[..n * K], n),
                (&rows[..n * K + K - 1], n),
                (&rows[..], n),
            ] {
                let mut out = vec![u16::MAX; slots + 3];
                assert!(rank_rows_using::<K>(path, cards, &mut out[..slots]));
                assert_eq!(out[..slots], expected[..slots], "{path:?}, {n} rows");
                assert!(
                    out[slots..].iter().all(|&c| c == u16::MAX),
                    "{path:?} wrote past {n}"
                );
            }
        }
    }
}

#[test]
fn every_path_handles_tails_and_short_outputs() {
    tails_and_short_outputs::<5>();
    tails_and_short_outputs::<6>();
    tails_and_short_outputs::<7>();
}

#[test]
fn garbage_rows_stay_in_bounds_on_every_path() {
    // Unchecked rows may hold anything: the classes are meaningless but every read stays
    // inside the tables (a gather past one would crash the test).
    let rows = sample_rows::<7>(4096, false);
    for path in Kernel::ALL.into_iter().filter(|k| k.is_available()) {
        let mut out = vec![0u16; 4096];
        assert!(rank_rows_using::<7>(path, &rows, &mut out));
    }
}

#[test]
fn the_active_path_is_available_and_named() {
    let active = Kernel::active();
    assert!(active.is_available());
    assert!(active <= Kernel::detected());
    for k in Kernel::ALL {
        assert_eq!(Kernel::from_name(k.name()), Some(k));
    }
    assert_eq!(Kernel::from_name("sse9"), None);
    let rows = sample_rows::<7>(64, true);
    let (mut a, mut b) = (vec![0u16; 64], vec![0u16; 64]);
    rank_rows::<7>(&rows, &mut a);
    assert!(rank_rows_using::<7>(Kernel::Scalar, &rows, &mut b));
    assert_eq!(a, b);
}

/// The plain definition: every value a card, no two equal.
fn row_is_valid(row: &[u8]) -> bool {
    row.iter().all(|&c| c < 52)
        && (0..row.len()).all(|i| (i + 1..row.len()).all(|j| row[i] != row[j]))
}

/// Runs every checked path on `cards` with `out` of `slots` slots and checks the contract:
/// `Err` of the first bad row (by the plain definition), the rows before it ranked as the
/// scalar path ranks them, no slot from it on written.
fn checked_paths_agree<const K: usize>(cards: &[u8], slots: usize, expected: &[u16]) {
    let rows = (cards.len() / K).min(slots);
    let first_bad = cards[..rows * K]
        .chunks_exact(K)
        .position(|r| !row_is_valid(r));
    let ranked = first_bad.unwrap_or(rows);
    for path in Kernel::ALL.into_iter().filter(|k| k.is_available()) {
        let mut out = vec![u16::MAX; slots];
        let got = rank_rows_checked_using::<K>(path, cards, &mut out);
        assert_eq!(
            got,
            Some(first_bad.map_or(Ok(()), Err)),
            "{path:?}, {rows} rows"
        );
        assert_eq!(out[..ranked], expected[..ranked], "{path:?}, {rows} rows");
        assert!(
            out[ranked..].iter().all(|&c| c == u16::MAX),
            "{path:?} wrote past {ranked}"
        );
    }
}

fn checked_paths_find_the_first_bad_row<const K: usize>() {
    // 40 rows: two groups of 16 and a tail of 8, so a bad row sits at every lane of a
    // group, after a group, and in the tail.
    const ROWS: usize = 40;
    let good = sample_rows::<K>(ROWS, true);
    let mut expected = vec![0u16; ROWS];
    assert!(rank_rows_using::<K>(Kernel::Scalar, &good, &mut expected));
    checked_paths_agree::<K>(&good, ROWS, &expected);
    for at in 0..ROWS {
        let mut rows = good.clone();
        // Every value that is no card, at every card of the row.
        for j in 0..K {
            for bad in 52..=255u8 {
                rows[at * K + j] = bad;
                checked_paths_agree::<K>(&rows, ROWS, &expected);
            }
            rows[at * K + j] = good[at * K + j];
        }
        // A card repeated in every pair of positions.
        for i in 0..K {
            for j in i + 1..K {
                rows[at * K + j] = rows[at * K + i];
                checked_paths_agree::<K>(&rows, ROWS, &expected);
                rows[at * K + j] = good[at * K + j];
            }
        }
        // A second bad row after the first changes nothing.
        rows[at * K] = 52;
        rows[ROWS * K - 1] = 200;
        checked_paths_agree::<K>(&rows, ROWS, &expected);
    }
}

#[test]
fn checked_paths_find_the_first_bad_row_at_every_position() {
    checked_paths_find_the_first_bad_row::<5>();
    checked_paths_find_the_first_bad_row::<6>();
    checked_paths_find_the_first_bad_row::<7>();
}

#[test]
fn checked_paths_agree_on_valid_and_garbage_rows() {
    let valid = sample_rows::<7>(1001, true);
    let mut expected = vec![0u16; 1001];
    assert!(rank_rows_using::<7>(Kernel::Scalar, &valid, &mut expected));
    for n in [0, 1, 15, 16, 17, 33, 1000] {
        // n rows, a part row after them, and `out` shorter than the rows.
        checked_paths_agree::<7>(&valid[..n * 7], n, &expected);
        checked_paths_agree::<7>(&valid[..n * 7 + 6], n, &expected);
        checked_paths_agree::<7>(&valid, n, &expected);
    }
    // Bytes of any value: a bad row in nearly every group, found wherever it falls.
    let garbage = sample_rows::<7>(256, false);
    for start in 0..16 {
        let mut rows = valid[..(start + 256) * 7].to_vec();
        rows[start * 7..].copy_from_slice(&garbage);
        checked_paths_agree::<7>(&rows, start + 256, &expected);
    }
    // The active path's entry takes the same road.
    let mut out = vec![0u16; 1001];
    assert_eq!(rank_rows_checked::<7>(&valid, &mut out), Ok(()));
    assert_eq!(out, expected);
}
