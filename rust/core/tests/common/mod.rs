//! A naive reference evaluator, written independently of the fast one: it looks at five
//! cards the way a dealer does and produces a comparable number.

#![allow(dead_code)]

use pokerforge_core::rng::Rng;
use pokerforge_core::{Card, HandRank};

/// A comparable value for exactly five cards: category in the high bits, then the ranks
/// that decide ties, most important first.
pub fn naive5(cards: [Card; 5]) -> u64 {
    let mut ranks: Vec<u8> = cards.iter().map(|c| c.rank() as u8).collect();
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    let flush = cards.iter().all(|c| c.suit() == cards[0].suit());
    let distinct = ranks.windows(2).all(|w| w[0] != w[1]);
    let straight_top = if !distinct {
        None
    } else if ranks[0] - ranks[4] == 4 {
        Some(ranks[0])
    } else if ranks == [12, 3, 2, 1, 0] {
        Some(3)
    } else {
        None
    };
    // Groups of equal ranks, biggest group first, then higher rank first.
    let mut groups: Vec<(usize, u8)> = Vec::new();
    for &r in &ranks {
        match groups.iter_mut().find(|g| g.1 == r) {
            Some(g) => g.0 += 1,
            None => groups.push((1, r)),
        }
    }
    groups.sort_unstable_by(|a, b| b.cmp(a));
    let sizes: Vec<usize> = groups.iter().map(|g| g.0).collect();
    let tiebreak: Vec<u8> = groups.iter().map(|g| g.1).collect();
    let (category, tb): (u64, Vec<u8>) = match (flush, straight_top, sizes.as_slice()) {
        (true, Some(top), _) => (8, vec![top]),
        (_, _, [4, 1]) => (7, tiebreak),
        (_, _, [3, 2]) => (6, tiebreak),
        (true, None, _) => (5, tiebreak),
        (false, Some(top), _) => (4, vec![top]),
        (_, _, [3, 1, 1]) => (3, tiebreak),
        (_, _, [2, 2, 1]) => (2, tiebreak),
        (_, _, [2, 1, 1, 1]) => (1, tiebreak),
        _ => (0, tiebreak),
    };
    let mut value = category;
    for i in 0..5 {
        value = value * 16 + u64::from(*tb.get(i).unwrap_or(&0));
    }
    value
}

/// The naive best five of 5 to 7 cards.
pub fn naive_best(cards: &[Card]) -> u64 {
    let n = cards.len();
    let mut best = 0;
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    for e in d + 1..n {
                        best = best.max(naive5([cards[a], cards[b], cards[c], cards[d], cards[e]]));
                    }
                }
            }
        }
    }
    best
}

/// Every naive five-card value, sorted: the position + 1 of a value is its dense class.
pub fn naive_classes() -> Vec<u64> {
    let deck: Vec<Card> = (0..52).map(|i| Card::from_index(i).unwrap()).collect();
    let mut values = Vec::new();
    for a in 0..52 {
        for b in a + 1..52 {
            for c in b + 1..52 {
                for d in c + 1..52 {
                    for e in d + 1..52 {
                        values.push(naive5([deck[a], deck[b], deck[c], deck[d], deck[e]]));
                    }
                }
            }
        }
    }
    values.sort_unstable();
    values.dedup();
    values
}

/// The dense class the naive evaluator gives, for comparison with a [`HandRank`].
pub fn naive_rank(classes: &[u64], cards: &[Card]) -> u16 {
    classes
        .binary_search(&naive_best(cards))
        .expect("a five-card value") as u16
        + 1
}

/// A small deterministic generator for sampling hands in tests.
pub fn sample_hand(state: &mut u64, n: usize) -> Vec<Card> {
    let mut rng = pokerforge_core::rng::Rng::new(*state);
    *state = rng.next_u64();
    let mut set = 0u64;
    let mut cards = Vec::with_capacity(n);
    while cards.len() < n {
        let i = rng.below(52);
        if set >> i & 1 == 0 {
            set |= 1 << i;
            cards.push(Card::from_index(i64::from(i)).unwrap());
        }
    }
    cards
}

pub fn class(rank: HandRank) -> u16 {
    rank.class()
}

/// `n` distinct random card indices (the first `n` of a shuffled deck).
pub fn deal(rng: &mut Rng, n: usize) -> Vec<u8> {
    let mut deck: Vec<u8> = (0..52).collect();
    for i in 0..n {
        let j = i + rng.below((52 - i) as u32) as usize;
        deck.swap(i, j);
    }
    deck.truncate(n);
    deck
}
