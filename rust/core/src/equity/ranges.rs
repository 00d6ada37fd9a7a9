//! Heads-up Hold'em, a hand or range against a hand or range, exactly, hand by hand.
//!
//! - Before the flop (no dead cards): every pair of hands is one lookup in the
//!   [`heads_up`](super::heads_up) table.
//! - After the flop: each runout is dealt once; on it every hand of both ranges is ranked
//!   once and sorted, and one sweep through the two sorted lists counts, for each hand,
//!   the opponent's weight it beats and ties. The opponent hands that share a card with
//!   the hand are taken out by card-removal correction: running sums per card, so that
//!   "beaten opponents not holding my cards" is `beaten - beaten[c1] - beaten[c2] +
//!   beaten[c1 and c2]`, the last term being the opponent's copy of the very same combo.
//!   The work per runout grows with the sum of the range sizes, not their product.
//!
//! Both give each hand's own totals (the breakdown), and the players' totals are their
//! sums, so they equal the pair-by-pair enumeration in counts.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use rayon::prelude::*;

use super::breakdown::HandEquity;
use super::deals::Hand;
use super::heads_up::{lookup_masks, BOARDS};
use super::result::{category_of, EquityResult, Method, PlayerEquity};
use super::{Game, Setup};
use crate::card_set::{CardSet, FULL_MASK};
use crate::error::{Error, Result};
use crate::eval::HandKey;
use crate::starting_hands::{combo_index, COMBOS};

/// Runouts per unit of parallel work; units are summed in order so the totals do not
/// depend on the thread count, and cancellation is checked between them.
const RUNOUTS_PER_UNIT: usize = 48;

/// The exact heads-up way that answers a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Route {
    /// Before the flop, no dead cards: the heads-up table (no categories).
    Table,
    /// After the flop: the sorted-rank sweep.
    Sweep,
}

/// Which way answers a Hold'em heads-up `setup` exactly, hand by hand, if any: the table
/// when the categories may be left out (or each hand's result is wanted), the sweep after
/// the flop unless both hands are known (the runout counter is quicker for two hands,
/// unless each hand's result is wanted).
pub(crate) fn route(setup: &Setup, skip_categories: bool, by_hand: bool) -> Option<Route> {
    if setup.game != Game::Holdem || setup.players.len() != 2 {
        return None;
    }
    let both_known = setup.players.iter().all(|hands| hands.len() == 1);
    match setup.board.count_ones() {
        0 if setup.dead == 0 && (skip_categories || by_hand) => Some(Route::Table),
        3..=5 if by_hand || !both_known => Some(Route::Sweep),
        _ => None,
    }
}

/// Estimated seconds of `route` on one thread (pessimistic, as measured on a busy
/// machine): per pair of hands for the table, per hand and runout for the sweep.
pub(crate) fn estimated_seconds(route: Route, setup: &Setup) -> f64 {
    let [a, b] = [setup.players[0].len(), setup.players[1].len()].map(|n| n as f64);
    match route {
        Route::Table => a * b * 40e-9,
        Route::Sweep => {
            let left = 52 - (setup.board | setup.dead).count_ones() as u64;
            let runouts = match 5 - setup.board.count_ones() {
                0 => 1,
                1 => left,
                _ => left * (left - 1) / 2,
            };
            runouts as f64 * (a + b) * 80e-9
        }
    }
}

/// Whether `route` runs on the calling thread alone: the table, or a sweep of one unit
/// of runouts (from the turn on).
pub(crate) fn sequential(route: Route, setup: &Setup) -> bool {
    route == Route::Table || setup.board.count_ones() >= 4
}

/// Runs `route` on `setup` (two players), stopped with [`Error::OutOfTime`] at
/// `deadline` (checked between batches of runouts).
///
/// # Errors
/// [`Error::Interrupted`] when `cancel` is set, [`Error::OutOfTime`].
pub(crate) fn run(
    route: Route,
    setup: &Setup,
    deadline: Option<Instant>,
    cancel: Option<&AtomicBool>,
) -> Result<HeadsUp> {
    let hands = [setup.players[0].as_slice(), setup.players[1].as_slice()];
    match route {
        Route::Table => Ok(preflop(hands)),
        Route::Sweep => postflop(hands, setup.board, setup.dead, deadline, cancel),
    }
}

/// One hand's exact totals against the other player's range, weighted by the opponent's
/// weights (the hand's own weight is applied when the player's totals are summed).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(crate) struct HandTotals {
    /// Opponent weight times boards won alone.
    pub win: f64,
    /// Opponent weight times boards split.
    pub tie: f64,
    /// Opponent weight times boards: every deal this hand takes part in.
    pub deals: f64,
    /// Deals this hand takes part in, unweighted.
    pub count: u64,
    /// Opponent weight times boards ending in each category (when counted).
    pub categories: [f64; 9],
}

impl HandTotals {
    fn add(&mut self, other: &HandTotals) {
        self.win += other.win;
        self.tie += other.tie;
        self.deals += other.deals;
        self.count += other.count;
        for (a, b) in self.categories.iter_mut().zip(&other.categories) {
            *a += b;
        }
    }
}

/// Both players' hands with their totals.
#[derive(Debug, Clone)]
pub(crate) struct HeadsUp {
    pub hands: [Vec<Hand>; 2],
    pub totals: [Vec<HandTotals>; 2],
    /// Whether the categories were counted (the pre-flop table has none).
    pub categories: bool,
}

impl HeadsUp {
    fn new(hands: [&[Hand]; 2], categories: bool) -> HeadsUp {
        let totals = hands.map(|h| vec![HandTotals::default(); h.len()]);
        HeadsUp {
            hands: hands.map(<[Hand]>::to_vec),
            totals,
            categories,
        }
    }

    /// The players' results, with each hand's own when `by_hand`.
    ///
    /// # Errors
    /// [`Error::NoPossibleHand`] when no pair of hands can be dealt together.
    pub fn answer(&self, by_hand: bool) -> Result<EquityResult> {
        let mut result = self
            .result()
            .ok_or(Error::NoPossibleHand { player: None })?;
        if by_hand {
            for (p, player) in result.players.iter_mut().enumerate() {
                player.by_hand = Some(self.breakdown(p));
            }
        }
        Ok(result)
    }

    /// The players' results: each the weighted sum of its hands' totals. `None` when no
    /// pair of hands can be dealt together.
    pub fn result(&self) -> Option<EquityResult> {
        let mut players = Vec::with_capacity(2);
        let mut deals = 0;
        for (hands, totals) in self.hands.iter().zip(&self.totals) {
            let mut sum = HandTotals::default();
            for (hand, t) in hands.iter().zip(totals) {
                sum.win += hand.weight * t.win;
                sum.tie += hand.weight * t.tie;
                sum.deals += hand.weight * t.deals;
                sum.count += t.count;
                for (a, b) in sum.categories.iter_mut().zip(&t.categories) {
                    *a += hand.weight * b;
                }
            }
            if sum.deals <= 0.0 {
                return None;
            }
            deals = sum.count;
            players.push(player(&sum));
        }
        Some(EquityResult {
            players,
            method: Method::Exact,
            exact: true,
            deals,
            stderr: 0.0,
            seed: None,
            categories: self.categories,
        })
    }
}

impl HeadsUp {
    /// Player `p`'s hands, each with its own result.
    pub fn breakdown(&self, p: usize) -> Vec<HandEquity> {
        self.hands[p]
            .iter()
            .zip(&self.totals[p])
            .filter(|(_, t)| t.deals > 0.0)
            .map(|(hand, t)| {
                let result = player(t);
                HandEquity {
                    cards: CardSet::from_mask_truncate(hand.mask),
                    weight: hand.weight,
                    equity: result.equity,
                    win: result.win,
                    tie: result.tie,
                    deals: t.deals,
                }
            })
            .collect()
    }
}

/// A player's (or one hand's) result from its totals.
pub(crate) fn player(t: &HandTotals) -> PlayerEquity {
    let n = t.deals;
    PlayerEquity {
        equity: (t.win + 0.5 * t.tie) / n,
        win: t.win / n,
        tie: t.tie / n,
        categories: t.categories.map(|c| c / n),
        stderr: 0.0,
        high: None,
        low: None,
        scoop: None,
        by_hand: None,
    }
}

/// Pre-flop, no dead cards: every pair of hands from the table. Categories are not in the
/// table and are left at zero.
pub(crate) fn preflop(hands: [&[Hand]; 2]) -> HeadsUp {
    let mut out = HeadsUp::new(hands, false);
    let [mine, theirs] = &mut out.totals;
    let boards = BOARDS as f64;
    for (a, hand) in hands[0].iter().enumerate() {
        let me = &mut mine[a];
        for (b, other) in hands[1].iter().enumerate() {
            if hand.mask & other.mask != 0 {
                continue;
            }
            let m = lookup_masks(hand.mask, other.mask);
            let (wins, ties, losses) =
                (f64::from(m.wins), f64::from(m.ties), f64::from(m.losses()));
            me.win += other.weight * wins;
            me.tie += other.weight * ties;
            me.deals += other.weight * boards;
            me.count += BOARDS;
            let them = &mut theirs[b];
            them.win += hand.weight * losses;
            them.tie += hand.weight * ties;
            them.deals += hand.weight * boards;
            them.count += BOARDS;
        }
    }
    out
}

/// One player's hands as the sweep sees them, with what it needs of each worked out once.
struct Side<'a> {
    hands: &'a [Hand],
    keys: Vec<HandKey>,
    /// Each hand's two card indices, lower first.
    cards: Vec<[usize; 2]>,
    /// The opponent's weight of the very same combo (0 when it has none).
    same: Vec<f64>,
}

impl<'a> Side<'a> {
    fn pair(hands: [&'a [Hand]; 2]) -> [Side<'a>; 2] {
        let by_combo = hands.map(|list| {
            let mut weights = vec![0.0; COMBOS];
            for h in list {
                weights[combo_index(h.mask)] = h.weight;
            }
            weights
        });
        [0, 1].map(|me| {
            let list = hands[me];
            Side {
                hands: list,
                keys: list
                    .iter()
                    .map(|h| HandKey::from_set(CardSet::from_mask_truncate(h.mask)))
                    .collect(),
                cards: list
                    .iter()
                    .map(|h| {
                        [
                            h.mask.trailing_zeros() as usize & 63,
                            63 - h.mask.leading_zeros() as usize,
                        ]
                    })
                    .collect(),
                same: list
                    .iter()
                    .map(|h| by_combo[1 - me][combo_index(h.mask)])
                    .collect(),
            }
        })
    }
}

/// Scratch space for one runout, reused across runouts.
struct Runout {
    /// Per side: `class << 16 | hand index` of the hands that miss the board, sorted.
    ranked: [Vec<u32>; 2],
    /// Per side: summed weight and count, in all and per card.
    total: [(f64, u64); 2],
    per_card: [[(f64, u64); 52]; 2],
}

impl Runout {
    fn new() -> Runout {
        Runout {
            ranked: [Vec::new(), Vec::new()],
            total: [(0.0, 0); 2],
            per_card: [[(0.0, 0); 52]; 2],
        }
    }

    /// Ranks and sorts both sides' hands on `board`, then adds each hand's results to
    /// `acc`.
    fn count(&mut self, sides: &[Side<'_>; 2], board: u64, acc: &mut [Vec<HandTotals>; 2]) {
        let board_key = HandKey::from_set(CardSet::from_mask_truncate(board));
        for (s, side) in sides.iter().enumerate() {
            let ranked = &mut self.ranked[s];
            ranked.clear();
            self.total[s] = (0.0, 0);
            self.per_card[s] = [(0.0, 0); 52];
            for (i, (hand, key)) in side.hands.iter().zip(&side.keys).enumerate() {
                if hand.mask & board != 0 {
                    continue;
                }
                let class = u32::from(key.combine(board_key).rank().class());
                ranked.push(class << 16 | i as u32);
                self.total[s].0 += hand.weight;
                self.total[s].1 += 1;
                for card in side.cards[i] {
                    let slot = &mut self.per_card[s][card];
                    slot.0 += hand.weight;
                    slot.1 += 1;
                }
            }
            ranked.sort_unstable();
        }
        for (me, totals) in acc.iter_mut().enumerate() {
            self.sweep(sides, me, totals);
        }
    }

    /// Adds to `acc` the results of each hand of side `me` against the other side, in
    /// one pass through both sorted lists: one pointer passes the opponent hands ranked
    /// below the current hand (wins), a second those ranked at or below it (wins and
    /// ties), each with running sums in all and per card.
    fn sweep(&self, sides: &[Side<'_>; 2], me: usize, acc: &mut [HandTotals]) {
        let them = 1 - me;
        let (theirs, other, mine) = (&self.ranked[them], &sides[them], &sides[me]);
        let (total_w, total_n) = self.total[them];
        let per_card = &self.per_card[them];
        let (mut below, mut below_card) = (0.0, [0.0f64; 52]);
        let (mut upto, mut upto_card) = (0.0, [0.0f64; 52]);
        let (mut next_below, mut next_upto) = (0usize, 0usize);
        let add = |sum: &mut f64, card: &mut [f64; 52], packed: u32| {
            let index = (packed & 0xFFFF) as usize;
            let w = other.hands[index].weight;
            let [lo, hi] = other.cards[index];
            *sum += w;
            card[lo] += w;
            card[hi] += w;
        };
        for &packed in &self.ranked[me] {
            let class = packed >> 16;
            while next_below < theirs.len() && theirs[next_below] >> 16 < class {
                add(&mut below, &mut below_card, theirs[next_below]);
                next_below += 1;
            }
            while next_upto < theirs.len() && theirs[next_upto] >> 16 <= class {
                add(&mut upto, &mut upto_card, theirs[next_upto]);
                next_upto += 1;
            }
            let index = (packed & 0xFFFF) as usize;
            let [lo, hi] = mine.cards[index];
            // The opponent's copy of this very combo ranks the same: never below, but at
            // or below, where it was taken out twice (once per card): put back once.
            let same = mine.same[index];
            let wins = below - below_card[lo] - below_card[hi];
            let at_or_below = upto - upto_card[lo] - upto_card[hi] + same;
            let deals = total_w - per_card[lo].0 - per_card[hi].0 + same;
            let t = &mut acc[index];
            t.win += wins;
            t.tie += at_or_below - wins;
            t.deals += deals;
            t.count += total_n + u64::from(same > 0.0) - per_card[lo].1 - per_card[hi].1;
            t.categories[category_of(class as u16)] += deals;
        }
    }
}

/// After the flop (`board` of 3 to 5 cards): every runout, swept as described in the
/// module documentation.
///
/// # Errors
/// [`Error::Interrupted`] when `cancel` is set.
pub(crate) fn postflop(
    hands: [&[Hand]; 2],
    board: u64,
    dead: u64,
    deadline: Option<Instant>,
    cancel: Option<&AtomicBool>,
) -> Result<HeadsUp> {
    let start = Instant::now();
    let sides = Side::pair(hands);
    let deck: Vec<u8> = (0..52u8)
        .filter(|&c| (board | dead) >> c & 1 == 0 && FULL_MASK >> c & 1 == 1)
        .collect();
    let runouts: Vec<u64> = match 5 - board.count_ones() {
        0 => vec![board],
        1 => deck.iter().map(|&c| board | 1 << c).collect(),
        _ => deck
            .iter()
            .enumerate()
            .flat_map(|(i, &a)| deck[i + 1..].iter().map(move |&b| board | 1 << a | 1 << b))
            .collect(),
    };
    let mut out = HeadsUp::new(hands, true);
    let units: Vec<&[u64]> = runouts.chunks(RUNOUTS_PER_UNIT).collect();
    let threads = rayon::current_num_threads().max(1);
    for batch in units.chunks(4 * threads) {
        if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            return Err(Error::Interrupted);
        }
        if let Some(deadline) = deadline.filter(|&d| Instant::now() >= d) {
            return Err(Error::OutOfTime {
                seconds: format!(
                    "{:.3}",
                    deadline.saturating_duration_since(start).as_secs_f64()
                ),
            });
        }
        let count = |unit: &&[u64]| {
            let mut acc = hands.map(|h| vec![HandTotals::default(); h.len()]);
            let mut scratch = Runout::new();
            for &runout in *unit {
                scratch.count(&sides, runout, &mut acc);
            }
            acc
        };
        // One unit (a turn or a river) is not worth waking other threads for.
        let parts: Vec<[Vec<HandTotals>; 2]> = if units.len() == 1 {
            batch.iter().map(count).collect()
        } else {
            batch.par_iter().map(count).collect()
        };
        for part in &parts {
            for (totals, add) in out.totals.iter_mut().zip(part) {
                for (t, a) in totals.iter_mut().zip(add) {
                    t.add(a);
                }
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::equity::{exact, validate, EquityOptions, Player, Setup};
    use crate::rng::Rng;

    fn setup(players: &[&str], board: &str, dead: &str) -> Setup {
        let players: Vec<Player> = players.iter().map(|t| t.parse().unwrap()).collect();
        let (board, dead) = (board.parse().unwrap(), dead.parse().unwrap());
        validate(&players, board, dead, &EquityOptions::default()).unwrap()
    }

    fn pair(s: &Setup) -> [&[Hand]; 2] {
        [&s.players[0], &s.players[1]]
    }

    /// `k` random combos of the 1,326, as range text (some weighted when `weights`).
    fn random_range(rng: &mut Rng, k: usize, weights: bool) -> String {
        let mut items = Vec::new();
        for _ in 0..k {
            let combo = crate::range::Combo::from_index(rng.below(COMBOS as u32) as usize);
            let combo = combo.unwrap().to_string();
            if weights && rng.below(2) == 0 {
                items.push(format!("0.{}({combo})", 1 + rng.below(9)));
            } else {
                items.push(combo);
            }
        }
        items.join(",")
    }

    /// Same integer counts (so the same floats): equity, win, tie, categories, deals.
    fn assert_same(fast: &EquityResult, slow: &EquityResult, categories: bool, what: &str) {
        assert_eq!(fast.deals, slow.deals, "{what}");
        for (f, s) in fast.players.iter().zip(&slow.players) {
            assert_eq!((f.equity, f.win, f.tie), (s.equity, s.win, s.tie), "{what}");
            if categories {
                assert_eq!(f.categories, s.categories, "{what}");
            }
        }
    }

    #[test]
    fn sweep_equals_pair_by_pair_enumeration() {
        let mut rng = Rng::new(7);
        for (round, board) in ["2c7d9h", "AhKhQh", "2c7d9hTd", "2c7d9hTdJs", "5s5d5c"]
            .iter()
            .enumerate()
        {
            let hero = random_range(&mut rng, 12 + round, false);
            let villain = random_range(&mut rng, 9, false);
            let s = setup(
                &[&hero, &villain],
                board,
                if round == 1 { "2h" } else { "" },
            );
            let fast = postflop(pair(&s), s.board, s.dead, None, None).unwrap();
            let slow = exact::run(&s, None, None).unwrap();
            assert_same(&fast.result().unwrap(), &slow, true, board);
        }
        let s = setup(&["QQ+,AKs", "JJ-99,AQs+"], "Ts8s2c", "");
        let fast = postflop(pair(&s), s.board, s.dead, None, None).unwrap();
        assert_same(
            &fast.result().unwrap(),
            &exact::run(&s, None, None).unwrap(),
            true,
            "QQ+",
        );
    }

    #[test]
    fn weighted_sweep_agrees_with_enumeration() {
        let mut rng = Rng::new(11);
        let (hero, villain) = (
            random_range(&mut rng, 10, true),
            random_range(&mut rng, 8, true),
        );
        let s = setup(&[&hero, &villain], "3d8hJc4s", "");
        let fast = postflop(pair(&s), s.board, s.dead, None, None)
            .unwrap()
            .result()
            .unwrap();
        let slow = exact::run(&s, None, None).unwrap();
        for (f, s) in fast.players.iter().zip(&slow.players) {
            assert!((f.equity - s.equity).abs() < 1e-12);
            assert!((f.tie - s.tie).abs() < 1e-12);
        }
    }

    #[test]
    fn table_equals_pair_by_pair_enumeration() {
        let s = setup(&["KK,7c6c", "QQ,AKs,AhKd"], "", "");
        let fast = preflop(pair(&s)).result().unwrap();
        assert_same(
            &fast,
            &exact::run(&s, None, None).unwrap(),
            false,
            "pre-flop",
        );
    }

    #[test]
    fn each_hand_sums_to_the_player() {
        let s = setup(&["QQ+,AKs", "random"], "2c7d9h", "");
        let heads_up = postflop(pair(&s), s.board, s.dead, None, None).unwrap();
        for p in 0..2 {
            let count: u64 = heads_up.totals[p].iter().map(|t| t.count).sum();
            assert_eq!(count, heads_up.result().unwrap().deals);
        }
    }
}
