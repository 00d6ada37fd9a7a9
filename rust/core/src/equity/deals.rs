//! The players' possible hole cards, their joint deals, and the suit symmetries that let
//! equivalent deals be counted once.

use std::collections::HashMap;

use super::result::SUIT0;
use crate::MAX_PLAYERS;

/// One possible hand of a player: its cards as a mask, and its weight in the range.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Hand {
    pub mask: u64,
    pub weight: f64,
}

/// Hole cards of every player in one deal.
pub(crate) type Holes = [u64; MAX_PLAYERS];

/// Calls `f(holes, weight)` for every deal of one hand per player in which no card is
/// used twice, `weight` being the product of the hands' weights. Stops and answers
/// `false` once more than `limit` deals have been seen.
pub(crate) fn for_each_deal(
    players: &[Vec<Hand>],
    limit: u64,
    f: &mut impl FnMut(&Holes, f64),
) -> bool {
    for_each_deal_within(players, limit, u64::MAX, f)
}

/// [`for_each_deal`] that also stops (answering `false`) after `steps` hands tried, for
/// crowded ranges whose deals are few among many dead ends.
pub(crate) fn for_each_deal_within(
    players: &[Vec<Hand>],
    limit: u64,
    steps: u64,
    f: &mut impl FnMut(&Holes, f64),
) -> bool {
    struct Walk<'a, F> {
        players: &'a [Vec<Hand>],
        holes: Holes,
        seen: u64,
        limit: u64,
        steps: u64,
        f: F,
    }
    impl<F: FnMut(&Holes, f64)> Walk<'_, F> {
        fn go(&mut self, p: usize, used: u64, weight: f64) -> bool {
            if p == self.players.len() {
                self.seen += 1;
                if self.seen > self.limit {
                    return false;
                }
                (self.f)(&self.holes, weight);
                return true;
            }
            for hand in &self.players[p] {
                if self.steps == 0 {
                    return false;
                }
                self.steps -= 1;
                if hand.mask & used == 0 {
                    self.holes[p] = hand.mask;
                    if !self.go(p + 1, used | hand.mask, weight * hand.weight) {
                        return false;
                    }
                }
            }
            true
        }
    }
    let mut walk = Walk {
        players,
        holes: [0u64; MAX_PLAYERS],
        seen: 0,
        limit,
        steps,
        f,
    };
    walk.go(0, 0, 1.0)
}

/// Whether one hand per player can be dealt with no card used twice: `Some(answer)`, or
/// `None` when the search gave up after `budget` steps. Players with the fewest hands
/// are placed first, which settles most questions in a few steps.
pub(crate) fn can_deal(players: &[Vec<Hand>], budget: u64) -> Option<bool> {
    fn go(order: &[&Vec<Hand>], used: u64, steps: &mut u64) -> Option<bool> {
        let Some((first, rest)) = order.split_first() else {
            return Some(true);
        };
        for hand in first.iter() {
            if *steps == 0 {
                return None;
            }
            *steps -= 1;
            if hand.mask & used == 0 && go(rest, used | hand.mask, steps)? {
                return Some(true);
            }
        }
        Some(false)
    }
    let mut order: Vec<&Vec<Hand>> = players.iter().collect();
    order.sort_by_key(|hands| hands.len());
    let mut steps = budget;
    go(&order, 0, &mut steps)
}

/// A permutation of the four suits: `perm[s]` is where suit `s` goes.
pub(crate) type SuitPerm = [u8; 4];

/// The cards of `mask` with their suits moved by `perm`.
#[inline]
pub(crate) fn permute(mask: u64, perm: &SuitPerm) -> u64 {
    let mut out = 0;
    for (s, &to) in perm.iter().enumerate() {
        let cards = (mask >> s) & SUIT0;
        out |= cards << to;
    }
    out
}

/// The suit permutations that leave `fixed` (e.g. the board) and `dead` each unchanged:
/// deals that one of them maps onto each other have the same results.
pub(crate) fn symmetries(fixed: u64, dead: u64) -> Vec<SuitPerm> {
    let mut perms = Vec::with_capacity(24);
    for code in 0..256u32 {
        let perm: SuitPerm = [0, 1, 2, 3].map(|i| (code >> (2 * i) & 3) as u8);
        let distinct = (0..4).all(|i| (i + 1..4).all(|j| perm[i] != perm[j]));
        if distinct && permute(fixed, &perm) == fixed && permute(dead, &perm) == dead {
            perms.push(perm);
        }
    }
    perms
}

/// Deals grouped into classes under the suit symmetries.
#[derive(Debug, Clone)]
pub(crate) struct DealClass {
    /// The class's smallest member (a valid deal).
    pub holes: Holes,
    /// Summed weight of the members.
    pub weight: f64,
    /// Number of members.
    pub copies: u64,
}

/// What [`deal_classes`] found.
#[derive(Debug)]
pub(crate) enum Listing {
    /// Every class, in ascending order.
    Done(Vec<DealClass>),
    /// More deals than the limit.
    TooMany,
    /// `abort` answered `true`.
    Stopped,
}

/// Deals listed between two calls of the `abort` hook of [`deal_classes`].
const ABORT_CHECK: u64 = 1 << 14;

/// Every possible deal of `players`, grouped by `perms`, unless there are more than
/// `limit` deals or `abort` (asked every few thousand deals) says to stop. Classes come in
/// ascending order, so that results do not depend on hashing.
pub(crate) fn deal_classes(
    players: &[Vec<Hand>],
    perms: &[SuitPerm],
    limit: u64,
    abort: &dyn Fn() -> bool,
) -> Listing {
    let n = players.len();
    let mut classes: HashMap<Holes, (f64, u64)> = HashMap::new();
    let mut seen = 0u64;
    let mut aborted = false;
    let complete = for_each_deal(players, limit, &mut |holes, weight| {
        seen += 1;
        if aborted || (seen % ABORT_CHECK == 0 && abort()) {
            aborted = true;
            return;
        }
        let mut best = *holes;
        for perm in perms {
            let mut moved = [0u64; MAX_PLAYERS];
            for p in 0..n {
                moved[p] = permute(holes[p], perm);
            }
            if moved < best {
                best = moved;
            }
        }
        let entry = classes.entry(best).or_insert((0.0, 0));
        entry.0 += weight;
        entry.1 += 1;
    });
    if aborted {
        return Listing::Stopped;
    }
    if !complete {
        return Listing::TooMany;
    }
    let mut out: Vec<DealClass> = classes
        .into_iter()
        .map(|(holes, (weight, copies))| DealClass {
            holes,
            weight,
            copies,
        })
        .collect();
    out.sort_by_key(|c| c.holes);
    Listing::Done(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card_set::CardSet;

    fn mask(text: &str) -> u64 {
        text.parse::<CardSet>().unwrap().mask()
    }

    #[test]
    fn symmetries_fix_the_board() {
        assert_eq!(symmetries(0, 0).len(), 24);
        assert_eq!(symmetries(mask("AhKh"), 0).len(), 6);
        assert_eq!(symmetries(mask("2h7h9c"), 0).len(), 2);
        assert_eq!(symmetries(mask("2h7d9c"), mask("2s")).len(), 1);
        for perm in symmetries(0, 0) {
            let m = mask("AhKd2c9s");
            assert_eq!(permute(m, &perm).count_ones(), 4);
        }
        assert_eq!(permute(mask("AhKd"), &[1, 0, 3, 2]), mask("AsKc"));
    }

    #[test]
    fn deals_skip_shared_cards() {
        let aa: Vec<Hand> = crate::range::Range::parse("AA")
            .unwrap()
            .iter()
            .map(|(c, w)| Hand {
                mask: c.cards().mask(),
                weight: w,
            })
            .collect();
        let mut count = 0;
        assert!(for_each_deal(
            &[aa.clone(), aa.clone()],
            100,
            &mut |_, _| count += 1
        ));
        assert_eq!(count, 6);
        let Listing::Done(classes) =
            deal_classes(&[aa.clone(), aa], &symmetries(0, 0), 100, &|| false)
        else {
            panic!("not listed");
        };
        assert_eq!(classes.len(), 1);
        assert_eq!(classes[0].copies, 6);
    }
}
