//! Two-card Hold'em starting hands by number: the 1,326 combos and the 169 classes.
//!
//! Ranges ([`crate::range`]) and the pre-flop tables and breakdowns
//! ([`equity`](mod@crate::equity)) number hands the same way; this module is that
//! numbering, and depends on nothing of the crate but the cards.
//!
//! # Combos
//! A combo is two distinct cards, given as a two-card mask (bit `i` for card index `i`).
//! Its index, in 0..[`COMBOS`], is `h(h-1)/2 + l` for the card indices `h > l`: the
//! combos ordered by their higher card, then their lower one.
//!
//! # Classes
//! A class is the ranks and suitedness of a combo: 13 pairs, 78 suited and 78 offsuit
//! hands. Index `13 * row + col` of the usual chart, `row = 12 - rank(first)`,
//! `col = 12 - rank(second)` (ace first): pairs on the diagonal, suited hands above it
//! (`AKs` is 1), offsuit below (`AKo` is 13). Before the flop every combo of a class has
//! the same results (the suits are symmetric), so a class's [`representative`] stands for
//! all of them.

use crate::card::RANK_CHARS;
use crate::card_set::CardSet;

/// Number of two-card combos.
pub const COMBOS: usize = 1326;

/// Number of starting-hand classes.
pub const CLASSES: usize = 169;

/// Dense index (0..1326) of a two-card mask; the caller makes sure it has two cards.
#[inline(always)]
pub const fn combo_index(mask: u64) -> usize {
    let high = (63 - mask.leading_zeros()) as usize;
    let low = mask.trailing_zeros() as usize;
    high * high.saturating_sub(1) / 2 + low
}

/// The two-card mask of combo `index`; 0 for an index of 1,326 or more.
pub fn combo_mask(index: usize) -> u64 {
    if index >= COMBOS {
        return 0;
    }
    // Index = h(h-1)/2 + l for high card h > low card l: invert the triangle.
    let mut high = ((((8 * index + 1) as f64).sqrt() + 1.0) / 2.0) as usize;
    while high * (high - 1) / 2 > index {
        high -= 1;
    }
    while (high + 1) * high / 2 <= index {
        high += 1;
    }
    let low = index - high * (high - 1) / 2;
    1 << high | 1 << low
}

/// The class of a two-card hand, or `None` when `hand` is not two cards.
pub fn class_index(hand: CardSet) -> Option<usize> {
    if hand.len() != 2 {
        return None;
    }
    let mask = hand.mask();
    let (low, high) = (mask.trailing_zeros(), 63 - mask.leading_zeros());
    let suited = low & 3 == high & 3;
    Some(class_of((high >> 2) as u8, (low >> 2) as u8, suited))
}

/// The class of two ranks (0 = `2` .. 12 = `A`, in either order) and whether the hand is
/// suited; a pair ignores `suited`. Ranks above 12 are the caller's mistake (they give an
/// index of 169 or more, which every other function here refuses).
pub fn class_of(first: u8, second: u8, suited: bool) -> usize {
    let row = 12usize.saturating_sub(usize::from(first.max(second)));
    let col = 12usize.saturating_sub(usize::from(first.min(second)));
    if suited || row == col {
        13 * row + col
    } else {
        13 * col + row
    }
}

/// The class's ranks, higher first (0 = `2` .. 12 = `A`), and whether it is suited.
fn parts(index: usize) -> Option<(u8, u8, bool)> {
    if index >= CLASSES {
        return None;
    }
    let (row, col) = (index / 13, index % 13);
    let high = (12 - row.min(col)) as u8;
    let low = (12 - row.max(col)) as u8;
    Some((high, low, row < col))
}

/// The class's name: `"AA"`, `"AKs"`, `"AKo"`; `None` for an index of 169 or more.
pub fn class_name(index: usize) -> Option<String> {
    let (high, low, suited) = parts(index)?;
    let (a, b) = (RANK_CHARS[usize::from(high)], RANK_CHARS[usize::from(low)]);
    Some(if high == low {
        format!("{a}{b}")
    } else if suited {
        format!("{a}{b}s")
    } else {
        format!("{a}{b}o")
    })
}

/// One hand of the class (clubs first, then diamonds); `None` for an index of 169 or more.
pub fn representative(index: usize) -> Option<CardSet> {
    let (high, low, suited) = parts(index)?;
    let second_suit = u64::from(!suited);
    Some(CardSet::from_mask_truncate(
        1 << (4 * u64::from(high)) | 1 << (4 * u64::from(low) + second_suit),
    ))
}

/// The two-card masks of every combo of the class (6 for a pair, 4 suited, 12 offsuit),
/// by suits in order; nothing for an index of 169 or more.
pub fn class_combos(index: usize) -> impl Iterator<Item = u64> {
    let found = parts(index);
    (0..16u64).filter_map(move |suits| {
        let (high, low, suited) = found?;
        let (s1, s2) = (suits / 4, suits % 4);
        let wanted = if high == low {
            s1 < s2
        } else {
            suited == (s1 == s2)
        };
        wanted.then(|| 1 << (4 * u64::from(high) + s1) | 1 << (4 * u64::from(low) + s2))
    })
}

/// The classes in the order the public API lists them: the pairs and suited hands row by
/// row as in the usual chart (`AA`, `AKs`, ... `A2s`, `KK`, `KQs`, ... `22`), then the
/// offsuit hands in the same order (`AKo`, `AQo`, ... `32o`).
pub fn class_order() -> Vec<usize> {
    let upper = (0..13).flat_map(|row| (row..13).map(move |col| 13 * row + col));
    let lower = (0..13).flat_map(|high| (high + 1..13).map(move |low| 13 * low + high));
    upper.chain(lower).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combo_indices_are_dense() {
        for index in 0..COMBOS {
            let mask = combo_mask(index);
            assert_eq!(mask.count_ones(), 2);
            assert_eq!(combo_index(mask), index);
        }
        assert_eq!(combo_mask(COMBOS), 0);
    }

    #[test]
    fn classes_name_and_index_each_other() {
        for index in 0..CLASSES {
            let hand = representative(index).unwrap();
            assert_eq!(class_index(hand), Some(index), "{hand}");
        }
        assert_eq!(class_name(0).as_deref(), Some("AA"));
        assert_eq!(class_name(1).as_deref(), Some("AKs"));
        assert_eq!(class_name(13).as_deref(), Some("AKo"));
        assert_eq!(class_name(168).as_deref(), Some("22"));
        assert_eq!(class_name(CLASSES), None);
        let hand: CardSet = "7h2s".parse().unwrap();
        assert_eq!(
            class_name(class_index(hand).unwrap()).as_deref(),
            Some("72o")
        );
        let hand: CardSet = "Ts9s".parse().unwrap();
        assert_eq!(
            class_name(class_index(hand).unwrap()).as_deref(),
            Some("T9s")
        );
        assert_eq!(class_index("AhKhQh".parse().unwrap()), None);
        assert_eq!(class_of(12, 11, true), 1);
        assert_eq!(class_of(11, 12, false), 13);
        assert_eq!(class_of(0, 0, false), 168);
    }

    #[test]
    fn classes_hold_every_combo_once() {
        let mut seen = [0u8; COMBOS];
        for class in 0..CLASSES {
            let combos: Vec<u64> = class_combos(class).collect();
            let expected = match parts(class).unwrap() {
                (high, low, _) if high == low => 6,
                (_, _, true) => 4,
                _ => 12,
            };
            assert_eq!(combos.len(), expected, "{:?}", class_name(class));
            for mask in combos {
                let hand = CardSet::from_mask_truncate(mask);
                assert_eq!(class_index(hand), Some(class));
                seen[combo_index(mask)] += 1;
            }
        }
        assert!(seen.iter().all(|&n| n == 1));
        assert_eq!(class_combos(CLASSES).count(), 0);
    }

    #[test]
    fn class_order_lists_each_class_once() {
        let order = class_order();
        let names: Vec<String> = order.iter().filter_map(|&c| class_name(c)).collect();
        assert_eq!(names.len(), CLASSES);
        assert_eq!((names[0].as_str(), names[1].as_str()), ("AA", "AKs"));
        assert_eq!((names[13].as_str(), names[90].as_str()), ("KK", "22"));
        assert_eq!((names[91].as_str(), names[168].as_str()), ("AKo", "32o"));
        let mut sorted = order;
        sorted.sort_unstable();
        assert!(sorted.iter().copied().eq(0..CLASSES));
    }
}
