//! The ace-to-five low: every five-card hand against an independent naive order (dense
//! classes 1..=6175, the 56 best being the eight-or-better lows in `LowRank`'s order), and
//! every rank multiset of six and seven cards equal to its best drop-one subhand. A low
//! reads only the hand's ranks, so the multisets are the whole six- and seven-card space
//! up to suits; the five-card pass covers every suit assignment.

use pokerforge_core::eval::low::low_mask;
use pokerforge_core::eval::low_a5::{low_a5_class, low_a5_rows_checked};
use pokerforge_core::eval::{evaluate_low_a5, A5LowRank, Category};
use pokerforge_core::CardSet;

/// The naive badness of five cards as ace-to-five lows (smaller is better): the counts of
/// the ranks from the most repeated down, then the ace-low ranks (ace 1, king 13) in the
/// same order, highest first among equal counts.
fn naive_badness(cards: &[u8]) -> (Vec<u8>, Vec<u8>) {
    let low = |c: u8| if c / 4 == 12 { 1 } else { c / 4 + 2 };
    let mut counts = [0u8; 14];
    for &c in cards {
        counts[usize::from(low(c))] += 1;
    }
    let mut ranks: Vec<u8> = cards.iter().map(|&c| low(c)).collect();
    ranks.sort_by(|&a, &b| {
        counts[usize::from(b)]
            .cmp(&counts[usize::from(a)])
            .then(b.cmp(&a))
    });
    let mut shape: Vec<u8> = counts.iter().copied().filter(|&c| c > 0).collect();
    shape.sort_unstable_by(|a, b| b.cmp(a));
    (shape, ranks)
}

fn mask(cards: &[u8]) -> u64 {
    cards.iter().fold(0, |m, &c| m | 1 << c)
}

#[test]
fn every_five_card_hand_agrees_with_the_naive_order() {
    let mut seen = Vec::with_capacity(2_598_960);
    let mut rows = Vec::with_capacity(5 * 2_598_960);
    for a in 0..52 {
        for b in a + 1..52 {
            for c in b + 1..52 {
                for d in c + 1..52 {
                    for e in d + 1..52 {
                        let hand = [a, b, c, d, e];
                        rows.extend_from_slice(&hand);
                        let class = low_a5_class(mask(&hand));
                        let low = A5LowRank::new(class).expect("a valid class");
                        let (shape, ranks) = naive_badness(&hand);
                        let distinct = shape.len() == 5;
                        let qualifies = distinct && ranks[0] <= 8;
                        let set = CardSet::from_indices(&hand).unwrap();
                        match low.eight_or_better() {
                            Some(eight) => {
                                assert!(qualifies, "{hand:?}");
                                assert_eq!(eight.rank_mask(), low_mask(set), "{hand:?}");
                                assert_eq!(A5LowRank::from(eight), low);
                            }
                            None => assert!(!qualifies, "{hand:?}"),
                        }
                        assert_eq!(low.category() == Category::HighCard, distinct);
                        seen.push(((shape, ranks), class));
                    }
                }
            }
        }
    }
    // The batch path gives every hand the class of the mask path.
    let mut out = vec![0u16; seen.len()];
    assert_eq!(low_a5_rows_checked::<5>(&rows, &mut out), Ok(()));
    assert!(out.iter().zip(&seen).all(|(a, (_, b))| a == b));
    // Ascending badness must be descending class, dense from 6,175 down to 1.
    seen.sort();
    assert_eq!(seen[0].1, A5LowRank::MAX.class());
    for pair in seen.windows(2) {
        let ((a, ca), (b, cb)) = (&pair[0], &pair[1]);
        if a == b {
            assert_eq!(ca, cb, "{a:?}");
        } else {
            assert_eq!(*ca, cb + 1, "{a:?} then {b:?}");
        }
    }
    assert_eq!(seen.last().map(|s| s.1), Some(A5LowRank::MIN.class()));
}

/// Calls `f` with one hand (as card indices, suit `j` for the `j`-th copy of a rank) of
/// every multiset of `k` ranks.
fn for_each_rank_multiset(k: usize, f: &mut dyn FnMut(&[u8])) {
    fn rec(rank: u8, hand: &mut Vec<u8>, k: usize, f: &mut dyn FnMut(&[u8])) {
        if hand.len() == k {
            f(hand);
            return;
        }
        if rank == 13 {
            return;
        }
        for copies in (0..=4.min(k - hand.len())).rev() {
            for suit in 0..copies {
                hand.push(4 * rank + suit as u8);
            }
            rec(rank + 1, hand, k, f);
            hand.truncate(hand.len() - copies);
        }
    }
    rec(0, &mut Vec::with_capacity(k), k, f);
}

#[test]
fn every_six_and_seven_card_rank_multiset_is_its_best_subhand() {
    for (k, expected) in [(6, 18_395), (7, 49_205)] {
        let mut multisets = 0;
        for_each_rank_multiset(k, &mut |cards| {
            let m = mask(cards);
            let best = cards.iter().map(|&c| low_a5_class(m & !(1 << c))).max();
            assert_eq!(Some(low_a5_class(m)), best, "{cards:?}");
            multisets += 1;
        });
        assert_eq!(multisets, expected);
    }
}

#[test]
fn batches_agree_with_single_hands_and_name_bad_rows() {
    let hands: Vec<u8> = ["7c5d3h2sAcKdKh", "2c2d3h3sAcAdAh", "KsKhKdKcQsQhQd"]
        .iter()
        .flat_map(|t| {
            let set: CardSet = t.parse().unwrap();
            set.iter().map(|c| c.index()).collect::<Vec<_>>()
        })
        .collect();
    let mut out = [0u16; 3];
    low_a5_rows_checked::<7>(&hands, &mut out).unwrap();
    for (row, &class) in hands.chunks(7).zip(&out) {
        let set = CardSet::from_indices(row).unwrap();
        assert_eq!(evaluate_low_a5(set).unwrap().class(), class);
    }
    let mut bad = hands.clone();
    bad[8] = 52;
    assert_eq!(low_a5_rows_checked::<7>(&bad, &mut out), Err(1));
}
