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

/// How a walk over the deals ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Walked {
    /// Every deal was seen.
    Done,
    /// More deals than the limit.
    TooMany,
    /// The step budget ran out (crowded ranges: many dead ends for few deals).
    OutOfSteps,
    /// The `abort` hook answered `true`.
    Aborted,
}

/// Hands tried between two calls of a walk's `abort` hook: the hook is asked inside the
/// search, so a walk through dead ends (hands that clash with those placed before) is
/// stopped as promptly as one that finds deals.
const ABORT_CHECK: u64 = 1 << 14;

/// Calls `f(holes, weight)` for every deal of one hand per player in which no card is
/// used twice, `weight` being the product of the hands' weights. Stops and answers
/// `false` once more than `limit` deals have been seen, or after `steps` hands tried (for
/// crowded ranges whose deals are few among many dead ends).
pub(crate) fn for_each_deal_within(
    players: &[Vec<Hand>],
    limit: u64,
    steps: u64,
    f: &mut impl FnMut(&Holes, f64),
) -> bool {
    walk_deals(players, limit, steps, &|| false, f) == Walked::Done
}

/// The walk behind [`for_each_deal_within`]: every deal, within `limit` deals and `steps` hands
/// tried, asking `abort` every [`ABORT_CHECK`] hands tried (dead ends included).
pub(crate) fn walk_deals(
    players: &[Vec<Hand>],
    limit: u64,
    steps: u64,
    abort: &dyn Fn() -> bool,
    f: &mut impl FnMut(&Holes, f64),
) -> Walked {
    struct Walk<'a, F> {
        players: &'a [Vec<Hand>],
        holes: Holes,
        seen: u64,
        limit: u64,
        steps: u64,
        tried: u64,
        abort: &'a dyn Fn() -> bool,
        f: F,
    }
    impl<F: FnMut(&Holes, f64)> Walk<'_, F> {
        fn go(&mut self, p: usize, used: u64, weight: f64) -> Walked {
            if p == self.players.len() {
                self.seen += 1;
                if self.seen > self.limit {
                    return Walked::TooMany;
                }
                (self.f)(&self.holes, weight);
                return Walked::Done;
            }
            for hand in &self.players[p] {
                if self.tried >= self.steps {
                    return Walked::OutOfSteps;
                }
                self.tried += 1;
                if self.tried % ABORT_CHECK == 0 && (self.abort)() {
                    return Walked::Aborted;
                }
                if hand.mask & used == 0 {
                    self.holes[p] = hand.mask;
                    let walked = self.go(p + 1, used | hand.mask, weight * hand.weight);
                    if walked != Walked::Done {
                        return walked;
                    }
                }
            }
            Walked::Done
        }
    }
    let mut walk = Walk {
        players,
        holes: [0u64; MAX_PLAYERS],
        seen: 0,
        limit,
        steps,
        tried: 0,
        abort,
        f,
    };
    walk.go(0, 0, 1.0)
}

/// Steps of the search that tells whether ranges can be dealt at all ([`can_deal`]).
pub(crate) const FEASIBILITY_STEPS: u64 = 1 << 18;

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

/// Every possible deal of `players`, grouped by `perms`, unless there are more than
/// `limit` deals or `abort` (asked every few thousand hands tried, inside the search)
/// says to stop. Classes come in
/// ascending order, so that results do not depend on hashing.
pub(crate) fn deal_classes(
    players: &[Vec<Hand>],
    perms: &[SuitPerm],
    limit: u64,
    abort: &dyn Fn() -> bool,
) -> Listing {
    let n = players.len();
    let mut classes: HashMap<Holes, (f64, u64)> = HashMap::new();
    let walked = walk_deals(players, limit, u64::MAX, abort, &mut |holes, weight| {
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
    match walked {
        Walked::Done => {}
        Walked::TooMany => return Listing::TooMany,
        Walked::OutOfSteps | Walked::Aborted => return Listing::Stopped,
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

    fn hands(text: &str) -> Vec<Hand> {
        crate::range::Range::parse(text)
            .unwrap()
            .iter()
            .map(|(c, w)| Hand {
                mask: c.cards().mask(),
                weight: w,
            })
            .collect()
    }

    #[test]
    fn a_walk_through_dead_ends_is_stopped_inside_the_search() {
        // Five players holding an ace each, then two who need all four aces: billions of
        // hands tried and not one deal, so a check per deal found would never come.
        let mut players = vec![hands("A2o+"); 5];
        players.extend([hands("AA"), hands("AA")]);
        let asked = std::cell::Cell::new(0u32);
        let abort = || {
            asked.set(asked.get() + 1);
            asked.get() >= 3
        };
        let mut found = 0;
        let walked = walk_deals(&players, u64::MAX, u64::MAX, &abort, &mut |_, _| found += 1);
        assert_eq!((walked, asked.get(), found), (Walked::Aborted, 3, 0));
        let walked = walk_deals(&players, u64::MAX, 1_000, &|| false, &mut |_, _| {});
        assert_eq!(walked, Walked::OutOfSteps);
        assert_eq!(can_deal(&players, FEASIBILITY_STEPS), Some(false));
        let classes = deal_classes(&players, &symmetries(0, 0), u64::MAX, &abort);
        assert!(matches!(classes, Listing::Stopped));
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
        assert!(for_each_deal_within(
            &[aa.clone(), aa.clone()],
            100,
            u64::MAX,
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
