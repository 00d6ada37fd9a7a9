//! Six- and seven-card hands: the whole seven-card space by category, and agreement with the
//! naive best-of-N reference on samples.

use crate::common;

use pokerforge_core::eval::high::{rank_indices, HandKey};
use pokerforge_core::eval::{evaluate_cards, Category};

#[test]
fn all_seven_card_hands_by_category() {
    let mut counts = [0u64; 9];
    let mut k = [HandKey::EMPTY; 8];
    for a in 0..52u8 {
        k[1] = k[0].add_index(a);
        for b in a + 1..52 {
            k[2] = k[1].add_index(b);
            for c in b + 1..52 {
                k[3] = k[2].add_index(c);
                for d in c + 1..52 {
                    k[4] = k[3].add_index(d);
                    for e in d + 1..52 {
                        k[5] = k[4].add_index(e);
                        for f in e + 1..52 {
                            k[6] = k[5].add_index(f);
                            for g in f + 1..52 {
                                counts[k[6].add_index(g).rank().category() as usize] += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    assert_eq!(counts.iter().sum::<u64>(), 133_784_560);
    assert_eq!(
        counts,
        [
            23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184,
            224_848, 41_584
        ]
    );
    assert_eq!(Category::ALL.len(), counts.len());
}

#[test]
fn six_and_seven_card_hands_agree_with_the_naive_reference() {
    let classes = common::naive_classes();
    let mut state = 2024;
    for n in [6usize, 7] {
        for _ in 0..200_000 {
            let hand = common::sample_hand(&mut state, n);
            let expected = common::naive_rank(&classes, &hand);
            let rank = evaluate_cards(&hand).unwrap();
            assert_eq!(rank.class(), expected, "{hand:?}");
            let idx: Vec<u8> = hand.iter().map(|c| c.index()).collect();
            assert_eq!(rank_indices(&idx), rank);
        }
    }
}
