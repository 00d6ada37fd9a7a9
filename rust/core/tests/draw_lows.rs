//! The draw games' evaluators over their whole spaces: every five-card hand as a
//! deuce-to-seven low and every four-card hand as a badugi hand, each against a naive
//! reference written here the way a dealer reads the hand, and the batch paths against the
//! single-hand ones.

use pokerforge_core::eval::badugi::{badugi_class, badugi_rows_checked};
use pokerforge_core::eval::low_27::{low_27_class, low_27_rows_checked};
use pokerforge_core::eval::{evaluate_badugi, evaluate_low_27, BadugiRank, Category, Low27Rank};
use pokerforge_core::CardSet;

fn mask(cards: &[u8]) -> u64 {
    cards.iter().fold(0, |m, &c| m | 1 << c)
}

/// The naive strength of five cards as a high hand with the ace only high (greater is
/// stronger, so a worse 2-7 low): the shape (0 no pair .. 8 straight flush), then the
/// ranks by count and from the highest down.
fn naive_ace_high(cards: &[u8]) -> (u8, Vec<u8>) {
    let mut counts = [0u8; 13];
    for &c in cards {
        counts[usize::from(c / 4)] += 1;
    }
    let mut ranks: Vec<u8> = cards.iter().map(|&c| c / 4).collect();
    ranks.sort_by(|&a, &b| {
        counts[usize::from(b)]
            .cmp(&counts[usize::from(a)])
            .then(b.cmp(&a))
    });
    let flush = cards.iter().all(|&c| c % 4 == cards[0] % 4);
    // Five distinct ranks in a row, the ace only at the top.
    let straight = counts.iter().filter(|&&n| n == 1).count() == 5 && ranks[0] - ranks[4] == 4;
    let mut shape: Vec<u8> = counts.iter().copied().filter(|&n| n > 0).collect();
    shape.sort_unstable_by(|a, b| b.cmp(a));
    let category = match (shape.as_slice(), straight, flush) {
        (_, true, true) => 8,
        ([4, 1], _, _) => 7,
        ([3, 2], _, _) => 6,
        (_, false, true) => 5,
        (_, true, false) => 4,
        ([3, 1, 1], _, _) => 3,
        ([2, 2, 1], _, _) => 2,
        ([2, 1, 1, 1], _, _) => 1,
        _ => 0,
    };
    (category, ranks)
}

/// Calls `f` with every `k`-card hand of the 52 cards, in ascending index order.
fn for_each_hand(k: usize, f: &mut dyn FnMut(&[u8])) {
    fn rec(next: u8, hand: &mut Vec<u8>, k: usize, f: &mut dyn FnMut(&[u8])) {
        if hand.len() == k {
            f(hand);
            return;
        }
        for c in next..52 {
            hand.push(c);
            rec(c + 1, hand, k, f);
            hand.pop();
        }
    }
    rec(0, &mut Vec::with_capacity(k), k, f);
}

/// Sorted by the reference's order, worst first, the classes must be dense from 1 and
/// equal exactly where the reference says the hands tie; returns the number of classes.
fn check_dense<K: Ord + std::fmt::Debug>(mut seen: Vec<(K, u16)>) -> u16 {
    seen.sort();
    assert_eq!(seen[0].1, 1, "{:?}", seen[0].0);
    for pair in seen.windows(2) {
        let ((a, ca), (b, cb)) = (&pair[0], &pair[1]);
        if a == b {
            assert_eq!(ca, cb, "{a:?}");
        } else {
            assert_eq!(*cb, ca + 1, "{a:?} then {b:?}");
        }
    }
    seen.last().map_or(0, |s| s.1)
}

#[test]
fn every_five_card_hand_is_the_naive_deuce_to_seven_low() {
    let mut seen = Vec::with_capacity(2_598_960);
    let mut rows = Vec::with_capacity(5 * 2_598_960);
    let mut shapes = [0usize; 9];
    for_each_hand(5, &mut |hand| {
        rows.extend_from_slice(hand);
        let class = low_27_class(mask(hand));
        let low = Low27Rank::new(class).expect("a valid class");
        let (category, ranks) = naive_ace_high(hand);
        assert_eq!(low.category() as u8, category, "{hand:?}");
        let played: Vec<u8> = low.ranks().iter().map(|&r| r as u8).collect();
        assert_eq!(played, ranks, "{hand:?}");
        shapes[usize::from(category)] += 1;
        // A stronger high hand is a worse low: reverse the reference's order.
        seen.push((std::cmp::Reverse((category, ranks)), class));
    });
    assert_eq!(seen.len(), 2_598_960);
    // The hands of each shape: the wheels are no straights.
    assert_eq!(
        shapes,
        [1_303_560, 1_098_240, 123_552, 54_912, 9_180, 5_112, 3_744, 624, 36]
    );
    // The batch path gives every hand the class of the mask path.
    let mut out = vec![0u16; seen.len()];
    assert_eq!(low_27_rows_checked(&rows, &mut out), Ok(()));
    assert!(out.iter().zip(&seen).all(|(a, (_, b))| a == b));
    assert_eq!(check_dense(seen), 7462, "as many 2-7 lows as Hold'em hands");
    let set: CardSet = "7c5d4h3s2c".parse().unwrap();
    assert_eq!(evaluate_low_27(set).unwrap(), Low27Rank::MAX);
    let set: CardSet = "AsKsQsJsTs".parse().unwrap();
    assert_eq!(evaluate_low_27(set).unwrap(), Low27Rank::MIN);
    assert_eq!(
        evaluate_low_27(set).unwrap().category(),
        Category::StraightFlush
    );
}

/// The naive badugi value of four cards (greater is better): every subset with distinct
/// ranks and distinct suits, valued by its size, then by its ace-low ranks from the
/// highest down (the lower the better); the best of them.
fn naive_badugi(cards: &[u8]) -> (usize, Vec<std::cmp::Reverse<u8>>) {
    let low = |c: u8| (c / 4 + 1) % 13; // ace 0, two 1, .., king 12
    let mut best = (0, Vec::new());
    for subset in 1..16u32 {
        let chosen: Vec<u8> = (0..4)
            .filter(|i| subset >> i & 1 == 1)
            .map(|i| cards[i])
            .collect();
        let distinct = chosen.iter().enumerate().all(|(i, &a)| {
            chosen[i + 1..]
                .iter()
                .all(|&b| a / 4 != b / 4 && a % 4 != b % 4)
        });
        if !distinct {
            continue;
        }
        let mut ranks: Vec<u8> = chosen.iter().map(|&c| low(c)).collect();
        ranks.sort_unstable_by(|a, b| b.cmp(a));
        let value = (
            chosen.len(),
            ranks.into_iter().map(std::cmp::Reverse).collect(),
        );
        best = best.max(value);
    }
    best
}

#[test]
fn every_four_card_hand_is_the_naive_badugi_hand() {
    let mut seen = Vec::with_capacity(270_725);
    let mut rows = Vec::with_capacity(4 * 270_725);
    let mut sizes = [0usize; 5];
    for_each_hand(4, &mut |hand| {
        rows.extend_from_slice(hand);
        let class = badugi_class(mask(hand));
        let rank = BadugiRank::new(class).expect("a valid class");
        let (size, ranks) = naive_badugi(hand);
        assert_eq!(rank.size(), size, "{hand:?}");
        let played: Vec<u8> = rank.ranks().iter().map(|&r| (r as u8 + 1) % 13).collect();
        let naive: Vec<u8> = ranks.iter().map(|r| r.0).collect();
        assert_eq!(played, naive, "{hand:?}");
        sizes[size] += 1;
        seen.push(((size, ranks), class));
    });
    assert_eq!(seen.len(), 270_725);
    // Badugis: 715 rank sets times 4! suit assignments.
    assert_eq!(sizes[4], 715 * 24);
    // One card: four of a kind (13) or four of one suit (4 times 715).
    assert_eq!(sizes, [0, 13 + 4 * 715, 96_252, 154_440, 17_160]);
    let mut out = vec![0u16; seen.len()];
    assert_eq!(badugi_rows_checked(&rows, &mut out), Ok(()));
    assert!(out.iter().zip(&seen).all(|(a, (_, b))| a == b));
    // A bad row past the SIMD groups' first blocks is named.
    rows[4 * 1000 + 2] = rows[4 * 1000];
    assert_eq!(badugi_rows_checked(&rows, &mut out), Err(1000));
    rows[4 * 1000 + 2] = 52;
    assert_eq!(badugi_rows_checked(&rows, &mut out), Err(1000));
    assert_eq!(check_dense(seen), 1092);
    let set: CardSet = "4s3h2dAc".parse().unwrap();
    assert_eq!(evaluate_badugi(set).unwrap(), BadugiRank::MAX);
}

#[test]
fn batches_name_bad_rows() {
    let mut rows: Vec<u8> = [0u8, 5, 10, 15, 20].repeat(300);
    let mut out = vec![0u16; 300];
    assert_eq!(low_27_rows_checked(&rows, &mut out), Ok(()));
    assert!(out.iter().all(|&c| c == out[0] && c != 0));
    rows[5 * 299 + 4] = 15;
    assert_eq!(low_27_rows_checked(&rows, &mut out), Err(299));
}
