//! Monte Carlo equity: seeded random deals in fixed work units.
//!
//! Unit `u` draws its deals from `Rng::for_stream(seed, u)` and units are summed in
//! order, so a seed gives the same result whatever the number of threads. Stopping rules
//! are checked between rounds of [`ROUND`] units (so a target standard error also stops at
//! the same place on every machine); a deadline and the cancellation hook are also
//! checked every [`CHECK`] deals inside a unit. A run cut short by its deadline keeps the
//! deals in order up to the first unit that was stopped (that unit's deals so far
//! included): the first `m` deals of a unit are the deals of a unit of size `m`, so the
//! result's seed and sample count replay it exactly.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use rayon::prelude::*;

use super::deals::{can_deal, for_each_deal_within, Hand, Holes, FEASIBILITY_STEPS};
use super::result::{category_of, Counts};
use super::result::{EquityResult, Method, Tally};
use super::{omaha, short_deck, stud, Game, Setup};
use crate::card_set::FULL_MASK;
use crate::error::{Error, Result};
use crate::eval::HandKey;
use crate::rng::Rng;
use crate::MAX_PLAYERS;

/// Deals per work unit.
pub(crate) const UNIT: u64 = 4096;
/// Units per round.
pub(crate) const ROUND: u64 = 32;
/// Joint deals of hole cards listed up front for exact sampling (beyond this the ranges
/// are wide, clashes rare, and sampling each player then rejecting clashes is cheap).
const TABLE_LIMIT: u64 = 200_000;
/// Deals between two checks of the deadline and the cancellation hook.
pub(crate) const CHECK: u64 = 128;
/// Clashing draws in a row after which ranges are taken to be impossible together when
/// nothing else can stop the run (no deadline, no cancellation hook); with either, draws
/// go on until a deal is found or the run is stopped.
const MAX_REJECTIONS: u64 = 1 << 32;
/// Hands tried while listing the joint deals (a few milliseconds): crowded ranges whose
/// deals hide among many dead ends are sampled instead.
const LISTING_STEPS: u64 = 4 * TABLE_LIMIT;
/// Samples taken when no stopping rule is given.
pub(crate) const DEFAULT_SAMPLES: u64 = 1_000_000;
/// Samples at most when only a target standard error is given.
const MAX_SAMPLES: u64 = 1 << 34;

/// When to stop.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Stop {
    pub samples: Option<u64>,
    pub target_stderr: Option<f64>,
    pub deadline: Option<Instant>,
}

/// One player's possible hands, for drawing by weight.
#[derive(Debug, Clone)]
struct Table {
    masks: Vec<u64>,
    keys: Vec<HandKey>,
    /// Running sums of the weights.
    cumulative: Vec<f64>,
}

impl Table {
    fn new(hands: &[Hand]) -> Table {
        let mut total = 0.0;
        Table {
            masks: hands.iter().map(|h| h.mask).collect(),
            keys: hands.iter().map(|h| key_of(h.mask)).collect(),
            cumulative: hands
                .iter()
                .map(|h| {
                    total += h.weight;
                    total
                })
                .collect(),
        }
    }

    #[inline]
    fn draw(&self, rng: &mut Rng) -> usize {
        let total = self.cumulative.last().copied().unwrap_or(0.0);
        let x = rng.unit_f64() * total;
        self.cumulative
            .partition_point(|&c| c <= x)
            .min(self.cumulative.len() - 1)
    }
}

fn key_of(mask: u64) -> HandKey {
    HandKey::from_set(crate::card_set::CardSet::from_mask_truncate(mask))
}

/// How hole cards are drawn.
#[derive(Debug)]
enum Holdings {
    /// Every player's hand is known.
    Fixed {
        masks: Holes,
        keys: [HandKey; MAX_PLAYERS],
    },
    /// Every possible joint deal, listed: draws follow the joint weights exactly.
    Listed {
        deals: Vec<Holes>,
        cumulative: Vec<f64>,
    },
    /// Each player drawn from their own range; a deal with a clash is drawn again from
    /// scratch, which keeps the joint weights exact.
    Independent { tables: Vec<Table> },
}

impl Holdings {
    fn new(players: &[Vec<Hand>]) -> Result<Holdings> {
        let n = players.len();
        if players.iter().all(|hands| hands.len() == 1) {
            let mut masks = [0u64; MAX_PLAYERS];
            let mut keys = [HandKey::EMPTY; MAX_PLAYERS];
            let mut used = 0u64;
            for p in 0..n {
                masks[p] = players[p][0].mask;
                keys[p] = key_of(masks[p]);
                // Ranges narrowed to one combo each may still share a card (AA and AA
                // once AhAs is out): such hands can never be dealt together.
                if masks[p] & used != 0 {
                    return Err(Error::NoPossibleHand { player: None });
                }
                used |= masks[p];
            }
            return Ok(Holdings::Fixed { masks, keys });
        }
        let mut deals = Vec::new();
        let mut cumulative = Vec::new();
        let mut total = 0.0;
        let listed =
            for_each_deal_within(players, TABLE_LIMIT, LISTING_STEPS, &mut |holes, weight| {
                total += weight;
                deals.push(*holes);
                cumulative.push(total);
            });
        if listed {
            if deals.is_empty() {
                return Err(Error::NoPossibleHand { player: None });
            }
            return Ok(Holdings::Listed { deals, cumulative });
        }
        if can_deal(players, FEASIBILITY_STEPS) == Some(false) {
            return Err(Error::NoPossibleHand { player: None });
        }
        Ok(Holdings::Independent {
            tables: players.iter().map(|hands| Table::new(hands)).collect(),
        })
    }

    /// Draws one deal into `masks` and `keys`; answers the union of the hole cards.
    /// Fills `masks` and `keys` with the hands that never change.
    fn init(&self, masks: &mut Holes, keys: &mut [HandKey; MAX_PLAYERS]) {
        if let Holdings::Fixed { masks: m, keys: k } = self {
            *masks = *m;
            *keys = *k;
        }
    }

    /// Draws one deal into `masks` and `keys` (after [`Holdings::init`]); answers the
    /// union of the hole cards, or `None` when `checker` stopped a long run of clashes.
    #[inline]
    fn draw(
        &self,
        n: usize,
        rng: &mut Rng,
        masks: &mut Holes,
        keys: &mut [HandKey; MAX_PLAYERS],
        checker: &Checker<'_>,
    ) -> Result<Option<u64>> {
        match self {
            Holdings::Fixed { masks: m, .. } => Ok(Some(m[..n].iter().fold(0, |a, &b| a | b))),
            Holdings::Listed { deals, cumulative } => {
                let total = cumulative.last().copied().unwrap_or(0.0);
                let x = rng.unit_f64() * total;
                let i = cumulative.partition_point(|&c| c <= x).min(deals.len() - 1);
                *masks = deals[i];
                let mut used = 0;
                for p in 0..n {
                    keys[p] = key_of(masks[p]);
                    used |= masks[p];
                }
                Ok(Some(used))
            }
            Holdings::Independent { tables } => {
                let mut tries = 0u64;
                'again: loop {
                    tries += 1;
                    if tries % (1 << 12) == 0 {
                        if checker.late() {
                            return Ok(None);
                        }
                        if !checker.stoppable && tries >= MAX_REJECTIONS {
                            return Err(Error::NoPossibleHand { player: None });
                        }
                    }
                    let mut used = 0;
                    for (p, table) in tables.iter().enumerate() {
                        let i = table.draw(rng);
                        let mask = table.masks[i];
                        if mask & used != 0 {
                            continue 'again;
                        }
                        used |= mask;
                        masks[p] = mask;
                        keys[p] = table.keys[i];
                    }
                    return Ok(Some(used));
                }
            }
        }
    }
}

/// `count` cards not in `used`, drawn uniformly, added to `used` and answered as a mask.
#[inline(always)]
pub(crate) fn draw_cards(rng: &mut Rng, used: &mut u64, count: usize) -> u64 {
    let mut drawn = 0u64;
    let mut left = count;
    // Six random bits per candidate card, ten candidates per draw: a candidate is taken
    // when it is a card not yet used, which keeps every set of cards equally likely.
    while left > 0 {
        let mut bits = rng.next_u64();
        for _ in 0..10 {
            let card = bits & 63;
            bits >>= 6;
            if (*used | drawn) >> card & 1 == 0 {
                drawn |= 1 << card;
                left -= 1;
                if left == 0 {
                    break;
                }
            }
        }
    }
    *used |= drawn;
    drawn
}

/// Tells a unit when to stop early.
struct Checker<'a> {
    /// Answers `true` once the run must stop (deadline passed or cancelled).
    stop: &'a (dyn Fn() -> bool + Sync),
    /// Whether anything can stop the run at all.
    stoppable: bool,
}

impl Checker<'_> {
    fn late(&self) -> bool {
        (self.stop)()
    }

    /// Whether to stop before deal number `done` of the unit. A unit deals its first
    /// [`CHECK`] deals before it looks: a unit whose thread got a core only after the
    /// deadline (on a busy machine) still counts a few deals rather than none, at a cost
    /// of microseconds past the deadline.
    #[inline(always)]
    fn stop_at(&mut self, done: u64) -> bool {
        done % CHECK == 0 && done > 0 && self.late()
    }
}

/// Runs one unit of at most `size` deals; its `total` says how many were counted before
/// `checker` stopped it.
fn run_unit(
    setup: &Setup,
    holdings: &Holdings,
    rng: &mut Rng,
    size: u64,
    checker: &mut Checker<'_>,
) -> Result<Counts> {
    match setup.game {
        Game::Holdem => holdem_unit(setup, holdings, rng, size, checker),
        Game::Omaha | Game::OmahaHiLo | Game::Courchevel | Game::BigO | Game::CourchevelHiLo => {
            omaha_unit(setup, holdings, rng, size, checker)
        }
        Game::Stud | Game::StudHiLo | Game::Razz => {
            let mut stop = |done| checker.stop_at(done);
            Ok(stud::unit(setup, rng, size, draw_cards, &mut stop))
        }
        Game::ShortDeck => short_deck_unit(setup, holdings, rng, size, checker),
        // `validate` sends the draw games to `draw`: no setup of theirs comes here.
        game => Err(super::not_a_board_game(game)),
    }
}

/// A Hold'em unit: the board's key is built card by card as it is drawn, then each hole
/// key is added to it.
fn holdem_unit(
    setup: &Setup,
    holdings: &Holdings,
    rng: &mut Rng,
    size: u64,
    checker: &mut Checker<'_>,
) -> Result<Counts> {
    let n = setup.players.len();
    if let (2, Holdings::Fixed { masks, keys }) = (n, holdings) {
        if let [] | [_] = setup.dealt.as_slice() {
            let used = setup.board | setup.dead | !FULL_MASK | masks[0] | masks[1];
            return Ok(headsup_unit(
                setup,
                [keys[0], keys[1]],
                used,
                rng,
                size,
                checker,
            ));
        }
    }
    any_holdem_unit(setup, holdings, rng, size, checker)
}

/// A Hold'em unit for any players.
fn any_holdem_unit(
    setup: &Setup,
    holdings: &Holdings,
    rng: &mut Rng,
    size: u64,
    checker: &mut Checker<'_>,
) -> Result<Counts> {
    let n = setup.players.len();
    let mut counts = Counts::new();
    let board_key = key_of(setup.board);
    let fixed_used = setup.board | setup.dead | !FULL_MASK;
    let mut masks = [0u64; MAX_PLAYERS];
    let mut keys = [HandKey::EMPTY; MAX_PLAYERS];
    let mut classes = [0u16; MAX_PLAYERS];
    holdings.init(&mut masks, &mut keys);
    let mut done = 0;
    while done < size {
        if checker.stop_at(done) {
            break;
        }
        let Some(hole) = holdings.draw(n, rng, &mut masks, &mut keys, checker)? else {
            break;
        };
        let mut used = fixed_used | hole;
        for &p in &setup.dealt {
            masks[p] = draw_cards(rng, &mut used, 2);
            keys[p] = key_of(masks[p]);
        }
        let mut board = board_key;
        let mut left = setup.need;
        'draw: while left > 0 {
            let mut bits = rng.next_u64();
            for _ in 0..10 {
                let card = (bits & 63) as u8;
                bits >>= 6;
                if used >> card & 1 == 0 {
                    used |= 1 << card;
                    board = board.add_index(card);
                    left -= 1;
                    if left == 0 {
                        break 'draw;
                    }
                }
            }
        }
        for p in 0..n {
            classes[p] = keys[p].combine(board).rank().class();
        }
        counts.score(&classes[..n], 1);
        done += 1;
    }
    counts.total = done as i64;
    Ok(counts)
}

/// A Hold'em unit for two players, each known or random (at most one random), the most
/// common questions: the same deals as [`any_holdem_unit`] (the same random numbers,
/// used the same way), with the scoring written out for two players and kept in local
/// counters.
fn headsup_unit(
    setup: &Setup,
    mut keys: [HandKey; 2],
    fixed_used: u64,
    rng: &mut Rng,
    size: u64,
    checker: &mut Checker<'_>,
) -> Counts {
    let board_key = key_of(setup.board);
    let random = setup.dealt.first().map(|&p| p & 1);
    let mut wins = [0u64; 2];
    let mut ties = 0u64;
    let mut categories = [[0u64; 9]; 2];
    let mut done = 0;
    while done < size {
        if checker.stop_at(done) {
            break;
        }
        done += 1;
        let mut used = fixed_used;
        if let Some(p) = random {
            let hole = draw_cards(rng, &mut used, 2);
            let (a, b) = (hole.trailing_zeros(), 63 - hole.leading_zeros());
            keys[p] = HandKey::EMPTY.add_index(a as u8).add_index(b as u8);
        }
        let drawn = draw_cards(rng, &mut used, setup.need);
        let mut board = board_key;
        let mut rest = drawn;
        while rest != 0 {
            board = board.add_index(rest.trailing_zeros() as u8);
            rest &= rest - 1;
        }
        let a = keys[0].combine(board).rank().class();
        let b = keys[1].combine(board).rank().class();
        categories[0][category_of(a)] += 1;
        categories[1][category_of(b)] += 1;
        wins[0] += u64::from(a > b);
        wins[1] += u64::from(b > a);
        ties += u64::from(a == b);
    }
    let mut counts = Counts::new();
    counts.total = done as i64;
    for p in 0..2 {
        counts.wins[p] = wins[p] as i64;
        counts.ties[p][2] = ties as i64;
        for (c, &k) in counts.categories[p].iter_mut().zip(&categories[p]) {
            *c = k as i64;
        }
    }
    counts
}

/// An Omaha unit: each board is prepared once and every hole asked about it.
fn omaha_unit(
    setup: &Setup,
    holdings: &Holdings,
    rng: &mut Rng,
    size: u64,
    checker: &mut Checker<'_>,
) -> Result<Counts> {
    let n = setup.players.len();
    let hilo = setup.game.variant().hi_lo();
    let mut counts = if hilo {
        Counts::new_hilo()
    } else {
        Counts::new()
    };
    let fixed_used = setup.board | setup.dead | !FULL_MASK;
    let mut masks = [0u64; MAX_PLAYERS];
    let mut keys = [HandKey::EMPTY; MAX_PLAYERS];
    holdings.init(&mut masks, &mut keys);
    let mut done = 0;
    while done < size {
        if checker.stop_at(done) {
            break;
        }
        let Some(hole) = holdings.draw(n, rng, &mut masks, &mut keys, checker)? else {
            break;
        };
        done += 1;
        let mut used = fixed_used | hole;
        for &p in &setup.dealt {
            masks[p] = draw_cards(rng, &mut used, setup.hole);
        }
        let drawn = draw_cards(rng, &mut used, setup.need);
        omaha::score_board(&mut counts, &masks[..n], setup.board | drawn);
    }
    Ok(counts)
}

/// A short-deck unit: Omaha's loop (the holes drawn, then the board, each hand ranked
/// whole) with the short deck's ranking; the deck's low cards are dead in the setup.
fn short_deck_unit(
    setup: &Setup,
    holdings: &Holdings,
    rng: &mut Rng,
    size: u64,
    checker: &mut Checker<'_>,
) -> Result<Counts> {
    let n = setup.players.len();
    let mut counts = Counts::new();
    let fixed_used = setup.board | setup.dead | !FULL_MASK;
    let mut masks = [0u64; MAX_PLAYERS];
    let mut keys = [HandKey::EMPTY; MAX_PLAYERS];
    holdings.init(&mut masks, &mut keys);
    let mut done = 0;
    while done < size {
        if checker.stop_at(done) {
            break;
        }
        let Some(hole) = holdings.draw(n, rng, &mut masks, &mut keys, checker)? else {
            break;
        };
        done += 1;
        let mut used = fixed_used | hole;
        for &p in &setup.dealt {
            masks[p] = draw_cards(rng, &mut used, 2);
        }
        let drawn = draw_cards(rng, &mut used, setup.need);
        short_deck::score_board(&mut counts, &masks[..n], setup.board | drawn, setup.order);
    }
    Ok(counts)
}

/// How the players' hole cards are drawn. Random players are dealt from the deck with
/// the board: drawing the ranged players by their joint weights first and the rest
/// uniformly from what is left gives every deal its exact chance, since the number of
/// ways to deal the rest is the same for every choice of ranged hands.
fn holdings_of(setup: &Setup) -> Result<Holdings> {
    let mut ranged = setup.players.clone();
    for &p in &setup.dealt {
        ranged[p] = vec![Hand {
            mask: 0,
            weight: 1.0,
        }];
    }
    Holdings::new(&ranged)
}

/// The number of deals a run stops at, unless a deadline or a target stops it first.
pub(crate) fn sample_cap(stop: Stop) -> u64 {
    match stop {
        Stop {
            samples: Some(s), ..
        } => s,
        Stop {
            samples: None,
            target_stderr: None,
            deadline: None,
        } => DEFAULT_SAMPLES,
        Stop {
            target_stderr: Some(_),
            ..
        } => MAX_SAMPLES,
        _ => u64::MAX,
    }
}

/// Rough seconds per deal on one thread, ranges' draws aside: measured figures rounded
/// up (a known hand is cheap; a random one is dealt from the deck and ranked on its own).
/// Calibrated against measured runs (`tests/service/test_service_estimates.py` compares
/// them on a set of requests); they err on the slow side.
fn seconds_per_deal(setup: &Setup) -> f64 {
    let n = setup.players.len() as f64;
    let random = setup.dealt.len() as f64;
    let nanos = match setup.game {
        Game::Holdem => 25.0 + 6.0 * n + 48.0 * random,
        Game::Stud | Game::StudHiLo | Game::Razz => stud::nanos_per_deal(setup),
        // Each hand ranked whole by its rank multiset, and a draw from 36 of 64 indices:
        // scaled from Omaha's figure by runs of both on one machine (434 ns heads-up, 909
        // ns for six players against Omaha's 584 ns heads-up).
        Game::ShortDeck => 110.0 + 50.0 * n + 40.0 * random,
        // Omaha (the draw games never come here: `validate` sends them to `draw`).
        _ => 60.0 + 120.0 * n,
    };
    nanos * 1e-9
}

/// Rough seconds a deal of drawing one ranged player's hand: alone (no clash to redraw),
/// and as one of several drawn jointly (a clash redraws them all).
const DRAW_SECONDS: f64 = 40e-9;
const JOINT_DRAW_SECONDS: f64 = 100e-9;

/// Rough seconds a deal of drawing the ranged players' hands.
fn draw_seconds(setup: &Setup) -> f64 {
    match setup.ranged().len() {
        0 => 0.0,
        1 => DRAW_SECONDS,
        k => draws_per_deal(setup) * k as f64 * JOINT_DRAW_SECONDS,
    }
}

/// Joint draws of the ranged players per deal that fits, estimated from a fixed sample of
/// draws (uniform within each range): crowded ranges cost that many draws a deal.
/// Infinite when none of the sample fits.
fn draws_per_deal(setup: &Setup) -> f64 {
    const TRIES: u32 = 1024;
    let ranged = setup.ranged();
    if ranged.len() < 2 {
        return 1.0;
    }
    let mut rng = Rng::for_stream(0, u64::MAX);
    let fits = (0..TRIES)
        .filter(|_| {
            let mut used = 0u64;
            ranged.iter().all(|hands| {
                let len = u32::try_from(hands.len()).unwrap_or(u32::MAX);
                let mask = hands[rng.below(len) as usize].mask;
                let free = mask & used == 0;
                used |= mask;
                free
            })
        })
        .count();
    if fits == 0 {
        f64::INFINITY
    } else {
        f64::from(TRIES) / fits as f64
    }
}

/// Estimated seconds of a run on one thread (infinite when only a deadline stops it, or
/// when the ranges almost never fit together).
pub(crate) fn estimated_seconds(setup: &Setup, stop: Stop) -> f64 {
    match sample_cap(stop) {
        u64::MAX => f64::INFINITY,
        // A draw costs a few nanoseconds a player; crowded ranges need many per deal.
        cap => cap as f64 * (seconds_per_deal(setup) + draw_seconds(setup)),
    }
}

/// Monte Carlo equity of a validated setup.
pub(crate) fn run(
    setup: &Setup,
    stop: Stop,
    seed: u64,
    cancel: Option<&AtomicBool>,
) -> Result<EquityResult> {
    let n = setup.players.len();
    let start = Instant::now();
    let holdings = holdings_of(setup)?;
    let samples = sample_cap(stop);
    let units = samples.div_ceil(UNIT);
    let cancelled = || cancel.is_some_and(|c| c.load(Ordering::Relaxed));
    let late = || stop.deadline.is_some_and(|d| Instant::now() >= d);
    let halt = || cancelled() || late();
    let stoppable = cancel.is_some() || stop.deadline.is_some();
    if late() && !cancelled() {
        // A deadline already past: nothing is dealt (the units would each deal a few).
        return Err(Error::NoDealInTime {
            seconds: "0.000".to_string(),
        });
    }
    let mut tally = Tally::new(n);
    let mut first = 0u64;
    'rounds: while first < units {
        let last = units.min(first + ROUND);
        let results: Vec<Result<Counts>> = (first..last)
            .into_par_iter()
            .map(|unit| {
                let size = UNIT.min(samples - unit * UNIT);
                let mut checker = Checker {
                    stop: &halt,
                    stoppable,
                };
                let mut rng = Rng::for_stream(seed, unit);
                run_unit(setup, &holdings, &mut rng, size, &mut checker)
            })
            .collect();
        if cancelled() {
            return Err(Error::Interrupted);
        }
        // Whole units in order, then the first unit that was cut short (its deals so far
        // are what a unit of that size deals): what a replay with the same sample count
        // counts.
        for (unit, result) in (first..last).zip(results) {
            let counts = result?;
            let full = counts.total as u64 == UNIT.min(samples - unit * UNIT);
            if counts.total > 0 {
                tally.add(&counts, 1.0, 1);
            }
            if !full {
                break 'rounds;
            }
        }
        first = last;
        if late() {
            break;
        }
        if stop.target_stderr.is_some_and(|t| tally.stderr() <= t) {
            break;
        }
    }
    if tally.is_empty() {
        // Stopped before a single deal: by the caller, or by a deadline that came before
        // crowded ranges could be dealt once (or had passed already).
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
    Ok(tally.finish(Method::MonteCarlo, Some(seed)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card_set::CardSet;
    use crate::equity::{validate, EquityOptions, Player};

    /// The validated setup and the holdings of `hands` on `board` in `game`.
    fn prepared(hands: &[&str], board: &str, game: Game) -> (Setup, Holdings) {
        let players: Vec<Player> = hands.iter().map(|t| t.parse().unwrap()).collect();
        let options = EquityOptions {
            game,
            ..EquityOptions::default()
        };
        let setup = validate(&players, board.parse().unwrap(), CardSet::EMPTY, &options).unwrap();
        let holdings = holdings_of(&setup).unwrap();
        (setup, holdings)
    }

    #[test]
    fn headsup_path_deals_what_the_general_loop_deals() {
        for (hands, board) in [
            (["AhKh", "QsQd"], ""),
            (["7c2d", "8h8s"], "2h7h9c"),
            (["AhKh", "random"], ""),
            (["random", "8h8s"], "2h7h9c"),
        ] {
            let (setup, holdings) = prepared(&hands, board, Game::Holdem);
            assert!(matches!(holdings, Holdings::Fixed { .. }));
            let never = || false;
            let mut checker = Checker {
                stop: &never,
                stoppable: false,
            };
            let fast = holdem_unit(
                &setup,
                &holdings,
                &mut Rng::for_stream(3, 1),
                UNIT,
                &mut checker,
            )
            .unwrap();
            let slow = any_holdem_unit(
                &setup,
                &holdings,
                &mut Rng::for_stream(3, 1),
                UNIT,
                &mut checker,
            )
            .unwrap();
            assert_eq!(fast, slow);
        }
    }

    #[test]
    fn a_unit_started_after_the_deadline_still_deals_its_first_deals() {
        // A pool thread that got a core only once the deadline had passed: every unit, of
        // every game's loop, counts its first CHECK deals, then stops.
        for (hands, board) in [
            (&["AhKh", "QsQd"][..], ""),
            (&["AhKh", "random", "random"][..], "2h7h9c"),
            (&["QQ+, AK", "random"][..], ""),
            (&["AhKhQdJs", "random"][..], ""),
        ] {
            let game = if hands[0].len() == 8 {
                Game::Omaha
            } else {
                Game::Holdem
            };
            let (setup, holdings) = prepared(hands, board, game);
            let late = || true;
            let mut checker = Checker {
                stop: &late,
                stoppable: true,
            };
            let counts = run_unit(
                &setup,
                &holdings,
                &mut Rng::for_stream(3, 1),
                UNIT,
                &mut checker,
            )
            .unwrap();
            assert_eq!(counts.total as u64, CHECK, "{hands:?}");
        }
    }
}
