//! The Omaha batch kernels (scalar, AVX2, AVX-512: every one this CPU runs) against the
//! scalar kernel, itself pinned against brute force in `omaha`: every board rank multiset
//! with every hole rank multiset, every PLO4 hole on boards of every suit pattern, millions
//! of random deals of every size at every offset, and the checked forms' verdict on
//! broken rows.

use crate::common;
use pokerforge_core::eval::omaha::omaha_rank_indices;
use pokerforge_core::eval::{
    omaha_hilo_rows, omaha_hilo_rows_checked, omaha_low_rows_checked, omaha_rank_rows,
    omaha_rank_rows_checked, OmahaKernel,
};
use pokerforge_core::rng::Rng;

/// The kernels this CPU runs other than the scalar one (on x86-64 with AVX2 at least one).
fn fast_kernels() -> Vec<OmahaKernel> {
    let all = OmahaKernel::all();
    assert_eq!(all[0], OmahaKernel::SCALAR);
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        assert!(all.len() >= 2, "{all:?}");
    }
    all[1..].to_vec()
}

/// Every kernel's high, low and hi-lo classes of these rows equal the scalar kernel's.
fn kernels_agree<const H: usize, const B: usize>(holes: &[u8], boards: &[u8], what: &str) {
    let n = holes.len() / H;
    let (mut high, mut low) = (vec![0u16; n], vec![0u8; n]);
    OmahaKernel::SCALAR.rank_rows::<H, B>(holes, boards, &mut high);
    OmahaKernel::SCALAR.low_rows::<H, B>(holes, boards, &mut low);
    for kernel in fast_kernels() {
        let (mut h, mut l) = (vec![0u16; n], vec![0u8; n]);
        kernel.rank_rows::<H, B>(holes, boards, &mut h);
        kernel.low_rows::<H, B>(holes, boards, &mut l);
        let (mut h2, mut l2) = (vec![0u16; n], vec![0u8; n]);
        kernel.hilo_rows::<H, B>(holes, boards, &mut h2, &mut l2);
        for i in 0..n {
            let row = || {
                format!(
                    "{} {what} H={H} B={B} row {i}: {:?} on {:?}",
                    kernel.name(),
                    &holes[i * H..(i + 1) * H],
                    &boards[i * B..(i + 1) * B]
                )
            };
            assert_eq!(h[i], high[i], "high {}", row());
            assert_eq!(l[i], low[i], "low {}", row());
            assert_eq!((h2[i], l2[i]), (high[i], low[i]), "hi-lo {}", row());
        }
    }
}

/// The rank multisets of `k` ranks (0..13) with at most four of any rank, ascending.
fn multisets(k: usize) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut current = Vec::with_capacity(k);
    fn walk(k: usize, from: u8, current: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if current.len() == k {
            out.push(current.clone());
            return;
        }
        for r in from..13 {
            let copies = current.iter().filter(|&&x| x == r).count();
            if copies < 4 {
                current.push(r);
                walk(k, r, current, out);
                current.pop();
            }
        }
    }
    walk(k, 0, &mut current, &mut out);
    out
}

/// Every board rank multiset of `B` cards (in a shuffled order) against every PLO4 hole rank
/// multiset that fits beside it: every row of the high table with every pair column, and
/// every pair of low masks. Suits are drawn at random (flushes come in by chance).
fn every_board_multiset_with_every_hole_multiset<const B: usize>(seed: u64) {
    let mut rng = Rng::new(seed);
    let counts = |set: &[u8]| {
        let mut counts = [0u8; 13];
        for &r in set {
            counts[usize::from(r)] += 1;
        }
        counts
    };
    let hole_sets: Vec<(Vec<u8>, [u8; 13])> = multisets(4)
        .into_iter()
        .map(|h| {
            let c = counts(&h);
            (h, c)
        })
        .collect();
    let (mut holes, mut boards) = (Vec::new(), Vec::new());
    for board in multisets(B) {
        let on_board = counts(&board);
        for (hole, in_hole) in &hole_sets {
            if (0..13).any(|r| on_board[r] + in_hole[r] > 4) {
                continue;
            }
            // Rank `r`'s suits in the order 0, 1, 2, 3 turned by a random quarter (two
            // random bits a rank), taken by the board's cards of that rank and then the
            // hole's: no card twice, and suits (so flushes) fall at random.
            let turns = rng.next_u64();
            let mut used = [0u8; 13];
            let mut take = |r: u8| {
                let r = usize::from(r);
                let suit = (used[r] + (turns >> (2 * r)) as u8) & 3;
                used[r] += 1;
                4 * r as u8 + suit
            };
            let mut b: Vec<u8> = board.iter().map(|&r| take(r)).collect();
            let h: Vec<u8> = hole.iter().map(|&r| take(r)).collect();
            for i in (1..B).rev() {
                b.swap(i, (turns >> (26 + 5 * i)) as usize % (i + 1));
            }
            holes.extend_from_slice(&h);
            boards.extend_from_slice(&b);
        }
    }
    assert!(holes.len() / 4 > 500_000, "{}", holes.len() / 4);
    kernels_agree::<4, B>(&holes, &boards, "multisets");
}

#[test]
fn every_board_rank_multiset_with_every_hole_rank_multiset() {
    every_board_multiset_with_every_hole_multiset::<3>(3);
    every_board_multiset_with_every_hole_multiset::<4>(4);
    every_board_multiset_with_every_hole_multiset::<5>(5);
}

/// Every PLO4 hole on `board` (card indices), in both card orders.
fn every_hole_on<const B: usize>(board: [u8; B]) {
    let rest: Vec<u8> = (0..52).filter(|c| !board.contains(c)).collect();
    let (mut holes, mut boards) = (Vec::new(), Vec::new());
    let n = rest.len();
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    holes.extend_from_slice(&[rest[a], rest[b], rest[c], rest[d]]);
                    boards.extend_from_slice(&board);
                }
            }
        }
    }
    kernels_agree::<4, B>(&holes, &boards, "every hole");
}

/// The card of rank `r` (0 = two .. 12 = ace) and suit `s`.
const fn card(r: u8, s: u8) -> u8 {
    4 * r + s
}

#[test]
fn every_plo4_hole_on_boards_of_every_suit_pattern() {
    // Rivers: one suit (with a straight flush to draw to), four and one, three and two,
    // three and one and one (with the wheel), two and two and one; a turn of four and of
    // three and one; a flop of one suit.
    every_hole_on([card(12, 0), card(9, 0), card(7, 0), card(3, 0), card(0, 0)]);
    every_hole_on([card(8, 1), card(7, 1), card(6, 1), card(5, 1), card(12, 2)]);
    every_hole_on([
        card(11, 2),
        card(10, 2),
        card(9, 2),
        card(11, 3),
        card(10, 3),
    ]);
    every_hole_on([card(12, 3), card(1, 3), card(2, 3), card(8, 0), card(8, 1)]);
    every_hole_on([card(4, 0), card(4, 1), card(5, 0), card(5, 1), card(6, 2)]);
    every_hole_on([card(3, 2), card(2, 2), card(1, 2), card(0, 2)]);
    every_hole_on([card(10, 1), card(11, 1), card(12, 1), card(0, 0)]);
    every_hole_on([card(5, 3), card(4, 3), card(6, 3)]);
}

/// `n` random deals of `H` hole and `B` board cards, as rows.
fn random_rows<const H: usize, const B: usize>(rng: &mut Rng, n: usize) -> (Vec<u8>, Vec<u8>) {
    let (mut holes, mut boards) = (Vec::with_capacity(n * H), Vec::with_capacity(n * B));
    for _ in 0..n {
        let cards = common::deal(rng, H + B);
        holes.extend_from_slice(&cards[..H]);
        boards.extend_from_slice(&cards[H..]);
    }
    (holes, boards)
}

fn random_deals<const H: usize, const B: usize>(seed: u64, n: usize) {
    let mut rng = Rng::new(seed);
    let (holes, boards) = random_rows::<H, B>(&mut rng, n);
    kernels_agree::<H, B>(&holes, &boards, "random");
    // Every row count around the groups of 8 and 16, from unaligned starts: the kernels
    // leave the tail (and a three-card board's last group) to the scalar loop.
    for rows in 0..70 {
        let skip = rng.below(16) as usize;
        let holes = &holes[skip * H..(skip + rows) * H];
        let boards = &boards[skip * B..(skip + rows) * B];
        kernels_agree::<H, B>(holes, boards, "short");
    }
    // The public batch functions run the chosen kernel.
    let mut high = vec![0u16; 1000];
    omaha_rank_rows::<H, B>(&holes, &boards, &mut high);
    for (i, &class) in high.iter().enumerate() {
        let expected = omaha_rank_indices(&holes[i * H..(i + 1) * H], &boards[i * B..(i + 1) * B]);
        assert_eq!(class, expected.class());
    }
}

#[test]
fn millions_of_random_deals_of_every_size() {
    random_deals::<4, 5>(45, 1_000_000);
    random_deals::<5, 5>(55, 1_000_000);
    random_deals::<6, 5>(65, 1_000_000);
    random_deals::<4, 3>(43, 200_000);
    random_deals::<5, 3>(53, 200_000);
    random_deals::<6, 3>(63, 200_000);
    random_deals::<4, 4>(44, 200_000);
    random_deals::<5, 4>(54, 200_000);
    random_deals::<6, 4>(64, 200_000);
}

/// Whether a row is a valid hand, by the definition: every byte a card, none twice.
fn valid(hole: &[u8], board: &[u8]) -> bool {
    let cards: Vec<u8> = hole.iter().chain(board).copied().collect();
    cards.iter().all(|&c| c < 52)
        && (0..cards.len()).all(|i| (i + 1..cards.len()).all(|j| cards[i] != cards[j]))
}

fn checks_agree<const H: usize, const B: usize>(seed: u64) {
    let mut rng = Rng::new(seed);
    for trial in 0..300 {
        let n = rng.below(200) as usize;
        let (mut holes, mut boards) = random_rows::<H, B>(&mut rng, n);
        // Break a row now and then: a byte past 51 (up to 255), a card twice (in the hole,
        // on the board, or across), or every byte random.
        let breaks = [0, 1, 3][trial % 3];
        for _ in 0..breaks {
            if n == 0 {
                break;
            }
            let row = rng.below(n as u32) as usize;
            let at = |rng: &mut Rng| rng.below((H + B) as u32) as usize;
            let (i, j) = (at(&mut rng), at(&mut rng));
            let value = match rng.below(3) {
                0 => 52 + rng.below(204) as u8,
                1 if j < H => holes[row * H + j],
                1 => boards[row * B + j - H],
                _ => rng.below(256) as u8,
            };
            if i < H {
                holes[row * H + i] = value;
            } else {
                boards[row * B + i - H] = value;
            }
        }
        let first_bad =
            (0..n).find(|&i| !valid(&holes[i * H..(i + 1) * H], &boards[i * B..(i + 1) * B]));
        for kernel in OmahaKernel::all() {
            let limit = rng.below(n as u32 + 1) as usize;
            let expect = first_bad.is_none_or(|bad| bad >= limit);
            assert_eq!(
                kernel.rows_valid::<H, B>(&holes, &boards, limit),
                expect,
                "{} H={H} B={B} rows {limit}, first bad {first_bad:?}",
                kernel.name()
            );
            // Unchecked, broken rows give meaningless classes, never a crash.
            let (mut high, mut low) = (vec![0u16; n], vec![0u8; n]);
            kernel.hilo_rows::<H, B>(&holes, &boards, &mut high, &mut low);
            kernel.rank_rows::<H, B>(&holes, &boards, &mut high);
            kernel.low_rows::<H, B>(&holes, &boards, &mut low);
        }
        let (mut high, mut low) = (vec![0u16; n], vec![0u8; n]);
        let expect = first_bad.map_or(Ok(()), Err);
        assert_eq!(
            omaha_rank_rows_checked::<H, B>(&holes, &boards, &mut high),
            expect
        );
        assert_eq!(
            omaha_low_rows_checked::<H, B>(&holes, &boards, &mut low),
            expect
        );
        let got = omaha_hilo_rows_checked::<H, B>(&holes, &boards, &mut high, &mut low);
        assert_eq!(got, expect);
        if expect.is_ok() {
            let (mut h2, mut l2) = (vec![0u16; n], vec![0u8; n]);
            omaha_hilo_rows::<H, B>(&holes, &boards, &mut h2, &mut l2);
            assert_eq!((h2, l2), (high, low));
        }
    }
}

#[test]
fn checked_forms_find_exactly_the_broken_rows() {
    checks_agree::<4, 5>(1);
    checks_agree::<5, 4>(2);
    checks_agree::<6, 3>(3);
    checks_agree::<4, 3>(4);
    checks_agree::<6, 5>(5);
}

#[test]
fn kernels_by_name() {
    assert_eq!(OmahaKernel::named("scalar"), Some(OmahaKernel::SCALAR));
    assert_eq!(OmahaKernel::named("sse9"), None);
    for kernel in OmahaKernel::all() {
        assert_eq!(OmahaKernel::named(kernel.name()), Some(kernel));
    }
    assert!(OmahaKernel::all().contains(&OmahaKernel::best()));
}
