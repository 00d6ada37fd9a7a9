//! Counting draw-game equity: exact enumeration of the replacement cards of one draw,
//! Monte Carlo over every draw left, and the classes the final hands are reported by.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;
use std::time::Instant;

use rayon::prelude::*;

use super::super::monte_carlo::{sample_cap, Stop, CHECK, ROUND, UNIT};
use super::super::result::{category_of, Counts, Tally};
use super::super::{EquityResult, Game, Method};
use super::policy;
use super::{DrawSetup, First};
use crate::card_set::FULL_MASK;
use crate::error::{Error, Result};
use crate::eval::badugi::{badugi_class, BadugiRank};
use crate::eval::high::rank_mask;
use crate::eval::low_27::{low_27_class, Low27Rank};
use crate::eval::low_a5::{low_a5_class, A5LowRank};
use crate::eval::Category;
use crate::rng::Rng;
use crate::MAX_PLAYERS;

/// Final-hand classes of the game with the most (2-7).
const BUCKETS: usize = 16;
/// The category slot of a class that has none (badugi).
const NO_CATEGORY: u8 = u8::MAX;

const LABELS_27: [&str; 16] = [
    "7-low",
    "8-low",
    "9-low",
    "T-low",
    "J-low",
    "Q-low",
    "K-low",
    "A-low",
    "pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
];
const LABELS_A5: [&str; 14] = [
    "5-low",
    "6-low",
    "7-low",
    "8-low",
    "9-low",
    "T-low",
    "J-low",
    "Q-low",
    "K-low",
    "pair",
    "two pair",
    "three of a kind",
    "full house",
    "four of a kind",
];
const LABELS_BADUGI: [&str; 13] = [
    "4-high badugi",
    "5-high badugi",
    "6-high badugi",
    "7-high badugi",
    "8-high badugi",
    "9-high badugi",
    "T-high badugi",
    "J-high badugi",
    "Q-high badugi",
    "K-high badugi",
    "three cards",
    "two cards",
    "one card",
];
const LABELS_HIGH: [&str; 9] = [
    "straight flush",
    "four of a kind",
    "full house",
    "flush",
    "straight",
    "three of a kind",
    "two pair",
    "pair",
    "high card",
];

/// The names of a draw game's final-hand classes, best first: what
/// [`DrawResult::hands`](super::DrawResult::hands) counts. 2-7: a made low by its
/// highest card (`"7-low"` to `"A-low"`), then `"pair"` to `"straight flush"`; A-5:
/// `"5-low"` to `"K-low"`, then `"pair"` to `"four of a kind"`; badugi: a four-card badugi
/// by its highest card (`"4-high badugi"` to `"K-high badugi"`), then `"three cards"`,
/// `"two cards"`, `"one card"`; five-card draw: the high-hand categories from
/// `"straight flush"` down to `"high card"`. Empty for the board games.
pub fn hand_labels(game: Game) -> &'static [&'static str] {
    match game {
        Game::Deuce7SingleDraw | Game::Deuce7TripleDraw => &LABELS_27,
        Game::A5TripleDraw => &LABELS_A5,
        Game::Badugi => &LABELS_BADUGI,
        Game::FiveCardDraw => &LABELS_HIGH,
        _ => &[],
    }
}

/// The strength of a final hand: the game's class, greater is better.
#[inline]
fn strength(game: Game, hand: u64) -> u16 {
    match game {
        Game::Badugi => badugi_class(hand),
        Game::FiveCardDraw => rank_mask(hand).class(),
        Game::A5TripleDraw => low_a5_class(hand),
        _ => low_27_class(hand),
    }
}

/// For each class of a game (index 0 unused): its final-hand class (an index of
/// [`hand_labels`]) and its shape as a [`Category`] (or [`NO_CATEGORY`]).
type ClassTable = Vec<(u8, u8)>;

fn class_table(game: Game) -> &'static [(u8, u8)] {
    static LOW_27: OnceLock<ClassTable> = OnceLock::new();
    static LOW_A5: OnceLock<ClassTable> = OnceLock::new();
    static BADUGI: OnceLock<ClassTable> = OnceLock::new();
    static HIGH: OnceLock<ClassTable> = OnceLock::new();
    match game {
        Game::A5TripleDraw => LOW_A5.get_or_init(|| {
            (0..=A5LowRank::MAX.class())
                .map(|c| {
                    let Some(low) = A5LowRank::new(c) else {
                        return (0, NO_CATEGORY);
                    };
                    let category = low.category();
                    let class = match category {
                        // The highest card of five ranks, the ace last: a five to a king.
                        Category::HighCard => low.ranks()[0] as u8 - 3,
                        Category::Pair => 9,
                        Category::TwoPair => 10,
                        Category::ThreeOfAKind => 11,
                        Category::FullHouse => 12,
                        _ => 13,
                    };
                    (class, category as u8)
                })
                .collect()
        }),
        Game::Badugi => BADUGI.get_or_init(|| {
            (0..=BadugiRank::MAX.class())
                .map(|c| {
                    let Some(hand) = BadugiRank::new(c) else {
                        return (0, NO_CATEGORY);
                    };
                    let class = match hand.size() {
                        // A badugi's highest card: a four to a king.
                        4 => hand.ranks()[0] as u8 - 2,
                        3 => 10,
                        2 => 11,
                        _ => 12,
                    };
                    (class, NO_CATEGORY)
                })
                .collect()
        }),
        Game::FiveCardDraw => HIGH.get_or_init(|| {
            (0..=7462u16)
                .map(|c| {
                    let category = category_of(c) as u8;
                    (8 - category, category)
                })
                .collect()
        }),
        _ => LOW_27.get_or_init(|| {
            (0..=Low27Rank::MAX.class())
                .map(|c| {
                    let Some(low) = Low27Rank::new(c) else {
                        return (0, NO_CATEGORY);
                    };
                    let category = low.category();
                    let class = match category {
                        // The highest card of a made low: a seven to an ace.
                        Category::HighCard => low.ranks()[0] as u8 - 5,
                        other => 7 + other as u8,
                    };
                    (class, category as u8)
                })
                .collect()
        }),
    }
}

/// Integer results of a set of deals: the board games' counts and the final hands.
#[derive(Debug, Clone)]
struct DrawCounts {
    counts: Counts,
    hands: [[i64; BUCKETS]; MAX_PLAYERS],
}

impl DrawCounts {
    fn new() -> DrawCounts {
        DrawCounts {
            counts: Counts::new(),
            hands: [[0; BUCKETS]; MAX_PLAYERS],
        }
    }

    fn merge(&mut self, other: &DrawCounts) {
        self.counts.merge(&other.counts);
        for (a, b) in self.hands.iter_mut().zip(&other.hands) {
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
        }
    }

    /// Adds one deal whose final hands have strengths `classes`.
    #[inline]
    fn score(&mut self, classes: &[u16], table: &[(u8, u8)]) {
        let best = classes.iter().copied().max().unwrap_or(0);
        let winners = classes.iter().filter(|&&c| c == best).count();
        let counts = &mut self.counts;
        counts.total += 1;
        for (p, &class) in classes.iter().enumerate() {
            let (hand, category) = table.get(usize::from(class)).copied().unwrap_or((0, 0));
            self.hands[p][usize::from(hand)] += 1;
            if let Some(slot) = counts.categories[p].get_mut(usize::from(category)) {
                *slot += 1;
            }
            if class == best {
                if winners == 1 {
                    counts.wins[p] += 1;
                } else {
                    counts.ties[p][winners] += 1;
                }
            }
        }
    }

    /// The result of the counted deals, and each player's chance of each final hand.
    fn finish(
        &self,
        players: usize,
        labels: usize,
        method: Method,
        seed: Option<u64>,
    ) -> (EquityResult, Vec<Vec<f64>>) {
        let mut tally = Tally::new(players);
        tally.add(&self.counts, 1.0, 1);
        let total = self.counts.total.max(1) as f64;
        let hands = self.hands[..players]
            .iter()
            .map(|h| h[..labels].iter().map(|&n| n as f64 / total).collect())
            .collect();
        (tally.finish(method, seed), hands)
    }
}

/// `C(n, k)`, or `None` past `u64`.
fn choose(n: u64, k: u64) -> Option<u64> {
    let mut result = 1u64;
    for i in 0..k {
        result = result.checked_mul(n - i)? / (i + 1);
    }
    Some(result)
}

/// The cards each player keeps at the next draw (known hands only).
fn kept_cards(setup: &DrawSetup) -> Option<Vec<u64>> {
    setup
        .first
        .iter()
        .map(|f| match f {
            First::Kept(kept) => Some(*kept),
            _ => None,
        })
        .collect()
}

/// The number of replacement sets the exact count walks, when it applies: at most one
/// draw left, every hand known, and a stub that covers every replacement.
pub(crate) fn exact_leaves(setup: &DrawSetup) -> Option<u64> {
    if setup.rounds > 1 || !setup.random.is_empty() {
        return None;
    }
    let kept = kept_cards(setup)?;
    let known = setup.hands.iter().fold(setup.dead, |a, &h| a | h);
    let mut stub = 52 - u64::from(known.count_ones());
    let mut leaves = 1u64;
    for k in kept
        .iter()
        .map(|m| (setup.size - m.count_ones() as usize) as u64)
    {
        if k > stub {
            return None;
        }
        leaves = leaves.checked_mul(choose(stub, k)?)?;
        stub -= k;
    }
    Some(leaves)
}

/// Calls `f` with every `k`-card subset of `cards` (as a mask).
fn subsets(cards: &[u8], k: usize, acc: u64, f: &mut dyn FnMut(u64)) {
    if k == 0 {
        f(acc);
        return;
    }
    for i in 0..cards.len().saturating_sub(k - 1) {
        subsets(&cards[i + 1..], k - 1, acc | 1 << cards[i], f);
    }
}

/// Replacement sets scored between two questions to the exact count's stop hook (well
/// under a millisecond of work): the deadline is seen inside a unit of work, however few
/// the first drawer's choices are (six badugi hands drawing one have 28).
const EXACT_CHECK: u64 = 1 << 13;

/// What the exact count needs at every level of its walk.
struct Walk<'a> {
    game: Game,
    table: &'a [(u8, u8)],
    /// The players who draw, in turn, with how many cards.
    drawers: &'a [(usize, usize)],
    kept: &'a [u64],
    stub: &'a [u8],
    halt: &'a (dyn Fn() -> bool + Sync),
}

/// One task's place in the exact walk: sets scored, and whether the stop hook said stop.
#[derive(Default)]
struct Progress {
    leaves: u64,
    halted: bool,
}

impl Walk<'_> {
    /// Deals drawer `level` onwards every replacement set from the stub less `used`.
    fn deal(
        &self,
        level: usize,
        used: u64,
        classes: &mut [u16],
        counts: &mut DrawCounts,
        progress: &mut Progress,
    ) {
        if progress.halted {
            return;
        }
        let Some(&(p, k)) = self.drawers.get(level) else {
            counts.score(classes, self.table);
            progress.leaves += 1;
            if progress.leaves % EXACT_CHECK == 0 && (self.halt)() {
                progress.halted = true;
            }
            return;
        };
        let mut left = [0u8; 52];
        let mut n = 0;
        for &c in self.stub {
            if used >> c & 1 == 0 {
                left[n] = c;
                n += 1;
            }
        }
        subsets(&left[..n], k, 0, &mut |drawn| {
            if progress.halted {
                return;
            }
            classes[p] = strength(self.game, self.kept[p] | drawn);
            self.deal(level + 1, used | drawn, classes, counts, progress);
        });
    }
}

/// Exact equity of one draw (or none) left: every replacement set of every drawer.
pub(crate) fn exact(
    setup: &DrawSetup,
    deadline: Option<Instant>,
    cancel: Option<&AtomicBool>,
) -> Result<(EquityResult, Vec<Vec<f64>>)> {
    let start = Instant::now();
    let n = setup.players();
    let (Some(kept), Some(_)) = (kept_cards(setup), exact_leaves(setup)) else {
        return Err(Error::InvalidSetting {
            name: "method",
            value: "\"exact\"".to_string(),
            expected: "\"monte-carlo\" or \"auto\" for this request",
        });
    };
    let game = setup.game;
    let table = class_table(game);
    let known = setup.hands.iter().fold(setup.dead, |a, &h| a | h);
    let stub: Vec<u8> = (0..52u8).filter(|&c| known >> c & 1 == 0).collect();
    let drawers: Vec<(usize, usize)> = kept
        .iter()
        .enumerate()
        .map(|(p, m)| (p, setup.size - m.count_ones() as usize))
        .filter(|&(_, k)| k > 0)
        .collect();
    let classes: Vec<u16> = kept.iter().map(|&m| strength(game, m)).collect();
    let halt = || {
        cancel.is_some_and(|c| c.load(Ordering::Relaxed))
            || deadline.is_some_and(|d| Instant::now() >= d)
    };
    let walk = Walk {
        game,
        table,
        drawers: &drawers,
        kept: &kept,
        stub: &stub,
        halt: &halt,
    };
    let mut total = DrawCounts::new();
    match drawers.first() {
        None => total.score(&classes, table),
        Some(&(p, k)) => {
            // The first drawer's replacement sets are the units of parallel work, each
            // counted whole and merged in order.
            let mut firsts = Vec::new();
            subsets(&stub, k, 0, &mut |m| firsts.push(m));
            // At most 256 tasks, so the counts held at once stay small.
            let parts: Vec<Option<DrawCounts>> = firsts
                .par_chunks(firsts.len().div_ceil(256).max(1))
                .map(|chunk| {
                    if halt() {
                        return None;
                    }
                    let mut counts = DrawCounts::new();
                    let mut classes = classes.clone();
                    let mut progress = Progress::default();
                    for &drawn in chunk {
                        classes[p] = strength(game, kept[p] | drawn);
                        walk.deal(1, drawn, &mut classes, &mut counts, &mut progress);
                        if progress.halted {
                            return None;
                        }
                    }
                    Some(counts)
                })
                .collect();
            for part in parts {
                match part {
                    Some(counts) => total.merge(&counts),
                    None if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) => {
                        return Err(Error::Interrupted)
                    }
                    None => {
                        return Err(Error::OutOfTime {
                            seconds: format!(
                                "{:.3}",
                                deadline.map_or(0.0, |d| d
                                    .saturating_duration_since(start)
                                    .as_secs_f64())
                            ),
                        })
                    }
                }
            }
        }
    }
    Ok(total.finish(n, hand_labels(game).len(), Method::Exact, None))
}

/// `k` cards drawn uniformly from `stub` (at most all of it), taken out of it.
#[inline]
fn take(rng: &mut Rng, stub: &mut u64, k: usize) -> u64 {
    let count = stub.count_ones() as usize;
    let k = k.min(count);
    let mut drawn = 0u64;
    if count >= 24 {
        // Six random bits per candidate card: a candidate is taken when it is still in
        // the stub, which keeps every set of cards equally likely.
        let mut left = k;
        while left > 0 {
            let mut bits = rng.next_u64();
            for _ in 0..10 {
                let card = bits & 63;
                bits >>= 6;
                if (*stub & !drawn) >> card & 1 == 1 {
                    drawn |= 1 << card;
                    left -= 1;
                    if left == 0 {
                        break;
                    }
                }
            }
        }
    } else {
        // A small stub (after a reshuffle): pick the i-th card left.
        for taken in 0..k {
            let mut rest = *stub & !drawn;
            for _ in 0..rng.below((count - taken) as u32) {
                rest &= rest - 1;
            }
            drawn |= rest & rest.wrapping_neg();
        }
    }
    *stub &= !drawn;
    drawn
}

/// Plays one deal: random hands dealt, every draw left in turn; answers the final hands
/// in `hands`.
#[inline]
fn play(setup: &DrawSetup, rng: &mut Rng, stub0: u64, hands: &mut [u64; MAX_PLAYERS]) {
    let n = setup.players();
    let game = setup.game;
    let mut stub = stub0;
    hands[..n].copy_from_slice(&setup.hands);
    for &p in &setup.random {
        hands[p] = take(rng, &mut stub, setup.size);
    }
    let mut pile = setup.dead;
    for round in 0..setup.rounds {
        let left = setup.rounds - round;
        for (slot, &first) in hands[..n].iter_mut().zip(&setup.first) {
            let hand = *slot;
            let kept = match (round, first) {
                (0, First::Kept(kept)) => kept,
                (0, First::Throw(k)) => policy::throw_worst(game, hand, k),
                _ => policy::keep(game, hand, left),
            };
            let thrown = hand & !kept;
            let k = thrown.count_ones() as usize;
            if k == 0 {
                continue;
            }
            let s = stub.count_ones() as usize;
            let drawn = if s >= k {
                take(rng, &mut stub, k)
            } else {
                // The stub runs out: its last cards, then the discards shuffled into a new
                // stub (the cards this player has just thrown stay out).
                let last = stub;
                stub = pile;
                pile = 0;
                last | take(rng, &mut stub, k - s)
            };
            *slot = kept | drawn;
            pile |= thrown;
        }
    }
}

/// Counts up to `size` deals of one work unit, stopping early when `halt` says so (checked
/// every [`CHECK`] deals, after the first ones).
fn unit(
    setup: &DrawSetup,
    rng: &mut Rng,
    size: u64,
    halt: &(dyn Fn() -> bool + Sync),
) -> DrawCounts {
    let n = setup.players();
    let table = class_table(setup.game);
    let known = setup.hands.iter().fold(setup.dead, |a, &h| a | h);
    let stub = FULL_MASK & !known;
    let mut counts = DrawCounts::new();
    let mut hands = [0u64; MAX_PLAYERS];
    let mut classes = [0u16; MAX_PLAYERS];
    for done in 0..size {
        if done % CHECK == 0 && done > 0 && halt() {
            break;
        }
        play(setup, rng, stub, &mut hands);
        for p in 0..n {
            classes[p] = strength(setup.game, hands[p]);
        }
        counts.score(&classes[..n], table);
    }
    counts
}

/// Monte Carlo equity of every draw left: work units of [`UNIT`] deals from
/// `Rng::for_stream(seed, unit)`, in rounds of [`ROUND`] units, summed in order.
pub(crate) fn monte_carlo(
    setup: &DrawSetup,
    stop: Stop,
    seed: u64,
    cancel: Option<&AtomicBool>,
) -> Result<(EquityResult, Vec<Vec<f64>>)> {
    let start = Instant::now();
    let samples = sample_cap(stop);
    let units = samples.div_ceil(UNIT);
    let cancelled = || cancel.is_some_and(|c| c.load(Ordering::Relaxed));
    let late = || stop.deadline.is_some_and(|d| Instant::now() >= d);
    let halt = || cancelled() || late();
    if late() && !cancelled() {
        return Err(Error::NoDealInTime {
            seconds: "0.000".to_string(),
        });
    }
    let mut total = DrawCounts::new();
    let mut first = 0u64;
    'rounds: while first < units {
        let last = units.min(first + ROUND);
        let parts: Vec<(u64, DrawCounts)> = (first..last)
            .into_par_iter()
            .map(|u| {
                let size = UNIT.min(samples - u * UNIT);
                let mut rng = Rng::for_stream(seed, u);
                (size, unit(setup, &mut rng, size, &halt))
            })
            .collect();
        if cancelled() {
            return Err(Error::Interrupted);
        }
        // Whole units in order, then the first unit cut short: what a replay with the
        // same sample count counts.
        for (size, counts) in parts {
            total.merge(&counts);
            if counts.counts.total as u64 != size {
                break 'rounds;
            }
        }
        first = last;
        if late() {
            break;
        }
        if let Some(target) = stop.target_stderr {
            let mut tally = Tally::new(setup.players());
            tally.add(&total.counts, 1.0, 1);
            if tally.stderr() <= target {
                break;
            }
        }
    }
    if total.counts.total == 0 {
        if cancelled() {
            return Err(Error::Interrupted);
        }
        return Err(Error::NoDealInTime {
            seconds: format!(
                "{:.3}",
                stop.deadline
                    .map_or(0.0, |d| d.saturating_duration_since(start).as_secs_f64())
            ),
        });
    }
    Ok(total.finish(
        setup.players(),
        hand_labels(setup.game).len(),
        Method::MonteCarlo,
        Some(seed),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card_set::CardSet;
    use crate::equity::draw::{plan, Draw, DrawPlan};
    use crate::equity::{EquityOptions, Player};

    fn setup_of(game: Game, hands: &[&str], draws: &[Draw]) -> DrawSetup {
        let players: Vec<Player> = hands.iter().map(|h| h.parse().unwrap()).collect();
        let options = EquityOptions {
            game,
            ..EquityOptions::default()
        };
        let plan: DrawPlan = plan(
            &players,
            CardSet::EMPTY,
            CardSet::EMPTY,
            draws,
            None,
            &options,
        )
        .unwrap();
        plan.setup
    }

    #[test]
    fn a_reshuffle_never_gives_players_their_own_discards() {
        // Nine known five-card hands leave 7 cards in the stub; everyone throws all five,
        // so from the second player on every draw needs the discards reshuffled.
        let hands = [
            "2c3c4c5c6c",
            "7c8c9cTcJc",
            "QcKcAc2d3d",
            "4d5d6d7d8d",
            "9dTdJdQdKd",
            "Ad2h3h4h5h",
            "6h7h8h9hTh",
            "JhQhKhAh2s",
            "3s4s5s6s7s",
        ];
        let setup = setup_of(Game::FiveCardDraw, &hands, &[Draw::Count(5); 9]);
        let known = setup.hands.iter().fold(0, |a, &h| a | h);
        for seed in 0..200 {
            let mut rng = Rng::for_stream(seed, 0);
            let mut finals = [0u64; MAX_PLAYERS];
            play(&setup, &mut rng, FULL_MASK & !known, &mut finals);
            let mut seen = 0u64;
            for (p, &hand) in finals[..9].iter().enumerate() {
                assert_eq!(hand.count_ones(), 5);
                assert_eq!(hand & setup.hands[p], 0, "player {p} got a discard back");
                assert_eq!(hand & seen, 0, "a card dealt twice");
                seen |= hand;
            }
        }
    }

    #[test]
    fn final_hand_classes_cover_every_class() {
        for game in [
            Game::Deuce7SingleDraw,
            Game::A5TripleDraw,
            Game::Badugi,
            Game::FiveCardDraw,
        ] {
            let labels = hand_labels(game).len();
            let mut used = vec![false; labels];
            for &(class, _) in &class_table(game)[1..] {
                used[usize::from(class)] = true;
            }
            assert!(used.iter().all(|&u| u), "{game:?}: {used:?}");
        }
        // 7-5-4-3-2 is the best 2-7 class, a seven-low; 5-4-3-2-A the best A-5, a five-low.
        assert_eq!(class_table(Game::Deuce7TripleDraw)[7462].0, 0);
        assert_eq!(class_table(Game::A5TripleDraw)[6175].0, 0);
        assert_eq!(class_table(Game::Badugi)[1092].0, 0);
        assert_eq!(class_table(Game::Badugi)[1].0, 12);
    }
}
