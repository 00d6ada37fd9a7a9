//! `15%`: the top share of starting hands, by the engine's own pre-flop ordering.
//!
//! The 169 classes are ordered by their exact equity against one random hand (the shipped
//! table of [`crate::equity::preflop`]; equal equities keep the classes' own order), and a
//! share takes classes from the top while the combos taken stay nearest to that share of
//! the 1,326: a class is taken when at least half of it falls within the share. So `100%`
//! is every hand, and a share too small for half of `AA` (under about 0.23%) names none.

use std::sync::OnceLock;

use crate::equity::preflop;
use crate::starting_hands::{class_combos, CLASSES, COMBOS};

/// The 169 class indices from strongest to weakest against one random hand; empty only if
/// the compiled-in table is broken (a test rules that out).
pub fn strength_order() -> &'static [usize] {
    static ORDER: OnceLock<Vec<usize>> = OnceLock::new();
    ORDER.get_or_init(|| {
        let Some(table) = preflop::table() else {
            return Vec::new();
        };
        let mut order: Vec<usize> = (0..CLASSES).collect();
        // A stable sort: equal equities keep the classes' order.
        order.sort_by(|&a, &b| table[b].equity().total_cmp(&table[a].equity()));
        order
    })
}

/// The two-card masks of the top `percent` (above 0, at most 100) of starting hands.
pub(super) fn top(percent: f64) -> Vec<u64> {
    let target = percent / 100.0 * COMBOS as f64;
    let mut masks = Vec::new();
    for &class in strength_order() {
        let size = class_combos(class).count();
        if masks.len() as f64 + size as f64 / 2.0 > target {
            break;
        }
        masks.extend(class_combos(class));
    }
    masks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::starting_hands::class_name;

    fn names(percent: f64) -> Vec<String> {
        let taken = top(percent).len();
        let mut seen = 0;
        strength_order()
            .iter()
            .take_while(|&&c| {
                seen += class_combos(c).count();
                seen <= taken
            })
            .filter_map(|&c| class_name(c))
            .collect()
    }

    #[test]
    fn the_order_starts_with_aces_and_ends_with_three_deuce_offsuit() {
        let order = strength_order();
        assert_eq!(order.len(), CLASSES);
        assert_eq!(class_name(order[0]).unwrap(), "AA");
        assert_eq!(class_name(order[CLASSES - 1]).unwrap(), "32o");
    }

    #[test]
    fn shares_take_whole_classes_nearest_to_the_share() {
        assert_eq!(top(100.0).len(), COMBOS);
        assert!(top(0.2).is_empty()); // under half of AA's 6 combos
        assert_eq!(top(0.3).len(), 6); // AA
                                       // 5% is 66.3 combos: 77+ (48), AKs (4), AKo (12) and AQs, AJs (8) make 72, nearer
                                       // to the share with each class than without it.
        assert_eq!(top(5.0).len(), 72);
        assert!(names(5.0).contains(&"AJs".to_string()));
        for percent in [1.0, 7.5, 15.0, 33.3, 50.0, 85.0] {
            let taken = top(percent).len() as f64;
            assert!(
                (taken - percent / 100.0 * COMBOS as f64).abs() <= 6.0,
                "{percent}"
            );
        }
    }
}
