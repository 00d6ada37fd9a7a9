//! All 2,598,960 five-card hands against the naive reference.

use crate::common;

use pokerforge_core::eval::{evaluate, evaluate_cards, Category};
use pokerforge_core::{Card, CardSet};

#[test]
fn every_five_card_hand_matches_the_reference_and_the_textbook_counts() {
    let classes = common::naive_classes();
    assert_eq!(classes.len(), 7462);
    let deck: Vec<Card> = (0..52).map(|i| Card::from_index(i).unwrap()).collect();
    let mut per_category = [0u64; 9];
    let mut seen = vec![false; 7463];
    let mut total = 0u64;
    for a in 0..52 {
        for b in a + 1..52 {
            for c in b + 1..52 {
                for d in c + 1..52 {
                    for e in d + 1..52 {
                        let hand = [deck[a], deck[b], deck[c], deck[d], deck[e]];
                        let rank = evaluate_cards(&hand).unwrap();
                        let expected = common::naive_rank(&classes, &hand);
                        assert_eq!(rank.class(), expected, "{:?}", hand);
                        per_category[rank.category() as usize] += 1;
                        seen[usize::from(rank.class())] = true;
                        total += 1;
                    }
                }
            }
        }
    }
    assert_eq!(total, 2_598_960);
    assert!(seen[1..].iter().all(|&s| s), "every class 1..=7462 occurs");
    assert_eq!(
        per_category,
        [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40]
    );
}

#[test]
fn category_bounds_match_the_classes() {
    let mut last = Category::HighCard;
    for class in 1..=7462u16 {
        let rank = pokerforge_core::HandRank::new(class).unwrap();
        assert!(rank.category() >= last);
        last = rank.category();
    }
    assert_eq!(last, Category::StraightFlush);
    let flush = evaluate("AhKhQhJh9h".parse::<CardSet>().unwrap()).unwrap();
    assert_eq!(flush.class(), 7140);
    assert_eq!(flush.category(), Category::Flush);
}
