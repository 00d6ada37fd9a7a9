//! The hand-by-hand breakdown of a range's equity: each of its hands, and each starting
//! hand class, with its own exact result against the other player.

use crate::card_set::CardSet;
use crate::starting_hands::{class_index, class_name, class_order, CLASSES};

/// One hand of a player's range and its exact result against the other player.
#[derive(Debug, Clone, PartialEq)]
pub struct HandEquity {
    /// The hand.
    pub cards: CardSet,
    /// Its weight in the range.
    pub weight: f64,
    /// Its share of the pot.
    pub equity: f64,
    /// Fraction of its deals won alone.
    pub win: f64,
    /// Fraction of its deals in which the pot is split.
    pub tie: f64,
    /// The deals it takes part in, weighted by the opponent's weights: the player's
    /// result is the mean of its hands' results weighted by `weight * deals`.
    pub deals: f64,
}

/// One starting-hand class of a player's range (`"AKs"`): its hands' results together.
#[derive(Debug, Clone, PartialEq)]
pub struct ClassEquity {
    /// The class's index (0..169, the order of the pre-flop tables: `AA`, `AKs`, ...).
    pub class: usize,
    /// The summed weight of its hands in the range.
    pub weight: f64,
    /// Its share of the pot.
    pub equity: f64,
    /// Fraction of its deals won alone.
    pub win: f64,
    /// Fraction of its deals in which the pot is split.
    pub tie: f64,
}

impl ClassEquity {
    /// The class's name, e.g. `"AKs"`.
    pub fn name(&self) -> String {
        class_name(self.class).unwrap_or_default()
    }
}

/// The hands' results grouped by starting-hand class, in the public order of the classes
/// ([`class_order`]: `AA`, `AKs`, ... `32o`); a class's result is its hands' results weighted by
/// `weight * deals`, so the classes add up to the player just as the hands do.
pub fn by_class(hands: &[HandEquity]) -> Vec<ClassEquity> {
    // (weight, weight * deals, and weighted wins, ties and shares) per class.
    let mut sums = vec![[0.0f64; 5]; CLASSES];
    for hand in hands {
        let Some(class) = class_index(hand.cards) else {
            continue;
        };
        let n = hand.weight * hand.deals;
        let s = &mut sums[class];
        s[0] += hand.weight;
        s[1] += n;
        s[2] += n * hand.win;
        s[3] += n * hand.tie;
        s[4] += n * hand.equity;
    }
    class_order()
        .into_iter()
        .map(|class| (class, sums[class]))
        .filter(|(_, s)| s[1] > 0.0)
        .map(|(class, s)| ClassEquity {
            class,
            weight: s[0],
            equity: s[4] / s[1],
            win: s[2] / s[1],
            tie: s[3] / s[1],
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(text: &str, weight: f64, equity: f64, deals: f64) -> HandEquity {
        HandEquity {
            cards: text.parse().unwrap(),
            weight,
            equity,
            win: equity,
            tie: 0.0,
            deals,
        }
    }

    #[test]
    fn classes_weigh_their_hands() {
        let hands = [
            hand("AhKh", 1.0, 0.6, 10.0),
            hand("AsKs", 0.5, 0.3, 20.0),
            hand("2c2d", 1.0, 0.5, 5.0),
        ];
        let classes = by_class(&hands);
        assert_eq!(classes.len(), 2);
        assert_eq!(classes[0].name(), "AKs");
        assert_eq!(classes[0].weight, 1.5);
        assert!((classes[0].equity - 0.45).abs() < 1e-12);
        assert_eq!(classes[1].name(), "22");
    }
}
