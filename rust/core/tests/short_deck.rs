//! Short deck: every five-card hand against an independent naive evaluator (class order is
//! the naive order, dense 1..=1404, and the categories' sizes), and every six- and
//! seven-card hand equal to its best drop-one subhand, under both orders of three of a
//! kind and a straight. By induction from five cards, that pins the whole space:
//! 376,992 + 1,947,792 + 8,347,680 hands per order.

use pokerforge_core::eval::short_deck::{short_deck_class, short_deck_rows_checked};
use pokerforge_core::eval::{evaluate_short_deck, Category, ShortDeckOrder, ShortDeckRank};
use pokerforge_core::{CardSet, Rank};

const ORDERS: [ShortDeckOrder; 2] = [
    ShortDeckOrder::TripsBeatStraight,
    ShortDeckOrder::StraightBeatsTrips,
];

/// The naive value of five short-deck cards (indices 16..52): the category's position in
/// the order, then the ranks in order of significance (ace low in A-6-7-8-9), and the
/// category itself.
fn naive5(cards: &[u8], order: ShortDeckOrder) -> (u8, Vec<u8>, Category) {
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
    let mut shape: Vec<u8> = counts.iter().copied().filter(|&c| c > 0).collect();
    shape.sort_unstable_by(|a, b| b.cmp(a));
    let flush = cards.iter().all(|&c| c % 4 == cards[0] % 4);
    let distinct = shape.len() == 5;
    let wheel = ranks == [12, 7, 6, 5, 4];
    let straight = distinct && (ranks[0] - ranks[4] == 4 || wheel);
    if wheel {
        ranks = vec![7, 6, 5, 4, 12];
    }
    let category = match (straight, flush, shape.as_slice()) {
        (true, true, _) => Category::StraightFlush,
        (_, _, [4, 1]) => Category::FourOfAKind,
        (_, _, [3, 2]) => Category::FullHouse,
        (false, true, _) => Category::Flush,
        (true, false, _) => Category::Straight,
        (_, _, [3, 1, 1]) => Category::ThreeOfAKind,
        (_, _, [2, 2, 1]) => Category::TwoPair,
        (_, _, [2, 1, 1, 1]) => Category::Pair,
        _ => Category::HighCard,
    };
    let trips_first = order == ShortDeckOrder::TripsBeatStraight;
    let position = match category {
        Category::HighCard => 0,
        Category::Pair => 1,
        Category::TwoPair => 2,
        Category::ThreeOfAKind => 3 + u8::from(trips_first),
        Category::Straight => 4 - u8::from(trips_first),
        Category::FullHouse => 5,
        Category::Flush => 6,
        Category::FourOfAKind => 7,
        Category::StraightFlush => 8,
    };
    (position, ranks, category)
}

/// Calls `f` with every `k`-card hand of the short deck, as ascending card indices.
fn for_each_hand(k: usize, f: &mut dyn FnMut(&[u8])) {
    fn rec(start: u8, hand: &mut Vec<u8>, k: usize, f: &mut dyn FnMut(&[u8])) {
        if hand.len() == k {
            f(hand);
            return;
        }
        for c in start..52 {
            hand.push(c);
            rec(c + 1, hand, k, f);
            hand.pop();
        }
    }
    rec(16, &mut Vec::with_capacity(k), k, f);
}

fn mask(cards: &[u8]) -> u64 {
    cards.iter().fold(0, |m, &c| m | 1 << c)
}

#[test]
fn every_five_card_hand_agrees_with_the_naive_order() {
    for order in ORDERS {
        let mut seen: Vec<((u8, Vec<i8>), u16)> = Vec::with_capacity(376_992);
        let mut counts = [0u32; 9];
        for_each_hand(5, &mut |cards| {
            let (position, ranks, category) = naive5(cards, order);
            let class = short_deck_class(mask(cards), order);
            let rank = ShortDeckRank::new(class, order).expect("a valid class");
            assert_eq!(rank.category(), category, "{cards:?}");
            let expected: Vec<Rank> = ranks.iter().map(|&r| Rank::ALL[usize::from(r)]).collect();
            assert_eq!(rank.ranks().to_vec(), expected, "{cards:?}");
            counts[category as usize] += 1;
            // The ace of A-6-7-8-9 compares below the six.
            let mut key: Vec<i8> = ranks.iter().map(|&r| r as i8).collect();
            let straight = matches!(category, Category::Straight | Category::StraightFlush);
            if straight && key[4] == 12 {
                key[4] = -1;
            }
            seen.push(((position, key), class));
        });
        assert_eq!(
            counts,
            [122_400, 193_536, 36_288, 16_128, 6_120, 480, 1_728, 288, 24]
        );
        seen.sort();
        assert_eq!(seen[0].1, 1);
        for pair in seen.windows(2) {
            let ((a, ca), (b, cb)) = (&pair[0], &pair[1]);
            if a == b {
                assert_eq!(ca, cb, "{a:?}");
            } else {
                assert_eq!(ca + 1, *cb, "{a:?} then {b:?}");
            }
        }
        assert_eq!(seen.last().map(|s| s.1), Some(ShortDeckRank::CLASSES));
    }
}

#[test]
fn every_six_and_seven_card_hand_is_its_best_subhand() {
    for order in ORDERS {
        for k in [6, 7] {
            let mut hands = 0u64;
            for_each_hand(k, &mut |cards| {
                let m = mask(cards);
                let best = cards
                    .iter()
                    .map(|&c| short_deck_class(m & !(1 << c), order))
                    .max();
                assert_eq!(Some(short_deck_class(m, order)), best, "{cards:?}");
                hands += 1;
            });
            assert_eq!(hands, if k == 6 { 1_947_792 } else { 8_347_680 });
        }
    }
}

#[test]
fn the_orders_differ_only_in_trips_and_straights() {
    for_each_hand(5, &mut |cards| {
        let [a, b] = ORDERS.map(|o| ShortDeckRank::new(short_deck_class(mask(cards), o), o));
        let (a, b) = (a.unwrap(), b.unwrap());
        assert_eq!(a.category(), b.category());
        assert_eq!(a.ranks(), b.ranks());
        if !matches!(a.category(), Category::ThreeOfAKind | Category::Straight) {
            assert_eq!(a.class(), b.class(), "{cards:?}");
        }
    });
}

#[test]
fn batches_agree_with_single_hands_and_name_bad_rows() {
    let hands: Vec<u8> = [
        "AsKsQsJsTs",
        "As6c7h8h9h",
        "7c7d7hTsQc",
        "6s7s8sTsQs",
        "AsAhKcKhKd",
    ]
    .iter()
    .flat_map(|t| {
        let set: CardSet = t.parse().unwrap();
        set.iter().map(|c| c.index()).collect::<Vec<_>>()
    })
    .collect();
    for order in ORDERS {
        let mut out = [0u16; 5];
        short_deck_rows_checked::<5>(&hands, &mut out, order).unwrap();
        for (row, &class) in hands.chunks(5).zip(&out) {
            let set = CardSet::from_indices(row).unwrap();
            assert_eq!(evaluate_short_deck(set, order).unwrap().class(), class);
        }
        let mut bad = hands.clone();
        bad[12] = 3; // a two of spades in the third row
        assert_eq!(short_deck_rows_checked::<5>(&bad, &mut out, order), Err(2));
        bad[12] = bad[11]; // a card twice
        assert_eq!(short_deck_rows_checked::<5>(&bad, &mut out, order), Err(2));
    }
}

#[test]
fn the_batch_path_agrees_with_the_mask_path_on_every_hand() {
    for k in [5, 6, 7] {
        let mut rows = Vec::new();
        for_each_hand(k, &mut |cards| rows.extend_from_slice(cards));
        for order in ORDERS {
            let mut out = vec![0u16; rows.len() / k];
            let checked = match k {
                5 => short_deck_rows_checked::<5>(&rows, &mut out, order),
                6 => short_deck_rows_checked::<6>(&rows, &mut out, order),
                _ => short_deck_rows_checked::<7>(&rows, &mut out, order),
            };
            assert_eq!(checked, Ok(()));
            for (row, &class) in rows.chunks_exact(k).zip(&out) {
                assert_eq!(class, short_deck_class(mask(row), order), "{row:?}");
            }
        }
    }
}
