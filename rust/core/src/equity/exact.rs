//! Exact equity: every combination of hole cards (grouped by suit symmetry), each over
//! every runout, spread over threads.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use rayon::prelude::*;

use super::deals::{
    can_deal, deal_classes, permute, symmetries, walk_deals, DealClass, Listing, SuitPerm, Walked,
    FEASIBILITY_STEPS,
};
use super::holdem::count_runouts;
use super::result::{EquityResult, Method, Tally};
use super::{omaha, short_deck, stud, Game, Setup};
use crate::error::{Error, Result};

/// Most deals of hole cards that exact enumeration will list (beyond this the classes
/// alone would take too much memory; Monte Carlo is the tool).
pub(crate) const MAX_DEALS: u64 = 2_000_000;

/// Estimated seconds of exact work on one thread (the pessimistic figure of
/// [`estimated_seconds`]) beyond which exact enumeration asked for by name is refused up
/// front with [`Error::TooManyDeals`]: a minute, as for the stud and draw games, which
/// keeps one request from holding a core for many minutes (two random hands and a dead
/// card before the flop are about 2.5e12 deals, estimated at 260 s; a range of pairs
/// against a random hand with a dead card, 16 s, is counted). Monte Carlo answers the
/// questions refused.
pub const MAX_EXACT_SECONDS: f64 = 60.0;

/// Hands tried at most while planning counts the deals of ranges too wide to estimate
/// (tens of milliseconds): ranges whose few deals hide among more dead ends than this are
/// refused for exact enumeration rather than searched for seconds.
const PLAN_STEPS: u64 = 1 << 24;

/// Classes per batch: results of a batch are summed in order, so the sum does not
/// depend on the thread count, and cancellation is checked between batches.
const BATCH: usize = 256;

/// Estimated nanoseconds to classify one class of deals and count its runouts on one
/// thread: `(per class, per player)` by the number of board cards still to come. Measured
/// on the development machine under load (two cores shared), so they err on the slow
/// side; boards of 1 or 2 cards never occur and borrow their neighbours' figures.
const NANOS: [(f64, f64); 6] = [
    (900.0, 100.0),
    (1_000.0, 300.0),
    (1_500.0, 2_000.0),
    (1_500.0, 2_000.0),
    (20_000.0, 400_000.0),
    (20_000.0, 400_000.0),
];

/// Estimated nanoseconds per Omaha board and player (measured for hi-lo, which does a
/// little more than high only).
const OMAHA_NANOS_PER_PLAYER: f64 = 70.0;

fn binomial(n: u64, k: u64) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

/// Estimated number of deal classes: the orbits of the deals under the suit permutations
/// that map every player's list of hands onto itself, counted by Burnside's lemma (the
/// mean number of deals each permutation leaves unchanged). Clashing cards are ignored
/// and classes may merge further under the wider symmetry that [`deal_classes`] uses, so
/// this errs high. A suit-symmetric range or a random hand shrinks the work by up to the
/// group's 24, a known hand only by the permutations that fix it.
fn estimated_classes(setup: &Setup, perms: &[SuitPerm]) -> f64 {
    let sorted: Vec<Vec<u64>> = setup
        .players
        .iter()
        .map(|hands| {
            let mut masks: Vec<u64> = hands.iter().map(|h| h.mask).collect();
            masks.sort_unstable();
            masks
        })
        .collect();
    let (mut members, mut fixed_deals) = (0.0f64, 0.0f64);
    for perm in perms {
        // Random players' lists follow the known cards, which the other checks fix.
        let keeps = sorted.iter().enumerate().all(|(p, masks)| {
            setup.dealt.contains(&p)
                || masks
                    .iter()
                    .all(|&m| masks.binary_search(&permute(m, perm)).is_ok())
        });
        if keeps {
            members += 1.0;
            fixed_deals += sorted
                .iter()
                .map(|masks| masks.iter().filter(|&&m| permute(m, perm) == m).count() as f64)
                .product::<f64>();
        }
    }
    (fixed_deals / members.max(1.0)).max(1.0)
}

/// Estimated seconds of exact work on one thread, or infinity when it is out of reach.
/// The figure does not depend on the machine's thread count, so `Method::Auto` makes
/// the same choice everywhere.
pub(crate) fn estimated_seconds(setup: &Setup) -> f64 {
    let n = setup.players.len() as f64;
    if setup.game.is_stud() {
        return stud::Route::of(&stud::Deal::of(setup)).seconds();
    }
    if is_omaha(setup.game) {
        if !setup.dealt.is_empty() {
            return f64::INFINITY;
        }
        let known = setup
            .players
            .iter()
            .fold(setup.board | setup.dead, |a, h| a | h[0].mask);
        let boards = binomial(52 - known.count_ones() as u64, setup.need as u64);
        return boards * OMAHA_NANOS_PER_PLAYER * n * 1e-9;
    }
    let deals: f64 = setup
        .players
        .iter()
        .map(|hands| hands.len() as f64)
        .product();
    // Beyond this, exact enumeration refuses (see `run`).
    if deals > MAX_DEALS as f64 {
        return f64::INFINITY;
    }
    let perms = symmetries(setup.board, setup.dead);
    estimated_classes(setup, &perms) * seconds_per_class(setup)
}

/// Short deck's cost of a class of deals as a share of Hold'em's, by the number of board
/// cards to come: before the flop 32 cards left rather than 48 make far fewer rank
/// multisets and flush boards (measured 0.17 to 0.27 of Hold'em's figure on one thread);
/// after it the counts are close (0.45 to 0.98), so Hold'em's figures stand.
const SHORT_DECK_SCALE: [f64; 6] = [1.0, 1.0, 1.0, 1.0, 0.3, 0.3];

/// The games counted board by board with every hand known (no symmetry classes).
fn is_omaha(game: Game) -> bool {
    matches!(
        game,
        Game::Omaha | Game::OmahaHiLo | Game::Courchevel | Game::BigO | Game::CourchevelHiLo
    )
}

/// Refuses exact enumeration that cannot be done: an Omaha random player, more deals of
/// hole cards than can be listed ([`MAX_DEALS`]), or work estimated past
/// [`MAX_EXACT_SECONDS`] on one thread.
pub(crate) fn check_affordable(setup: &Setup, estimate: f64) -> Result<()> {
    if setup.game.is_stud() {
        return stud::check_affordable(setup);
    }
    if is_omaha(setup.game) && !setup.dealt.is_empty() {
        return Err(Error::InvalidSetting {
            name: "method",
            value: "\"exact\"".to_string(),
            expected: "\"monte-carlo\" or \"auto\": exact Omaha equity needs every hand known",
        });
    }
    let mut estimate = estimate;
    // An infinite estimate means more listed combinations than `MAX_DEALS` before clashes
    // are removed: count the real ones, within a step budget (crowded ranges can hide
    // their deals among billions of dead ends).
    if estimate.is_infinite() && !is_omaha(setup.game) {
        if can_deal(&setup.players, FEASIBILITY_STEPS) == Some(false) {
            return Err(Error::NoPossibleHand { player: None });
        }
        let mut deals = 0u64;
        match walk_deals(
            &setup.players,
            MAX_DEALS,
            PLAN_STEPS,
            &|| false,
            &mut |_, _| deals += 1,
        ) {
            Walked::Done => {}
            Walked::TooMany | Walked::OutOfSteps | Walked::Aborted => return Err(too_many_deals()),
        }
        // Every deal its own class: the symmetry that merges some of them is not known
        // here, so the figure errs high.
        estimate = deals as f64 * seconds_per_class(setup);
    }
    if estimate > MAX_EXACT_SECONDS {
        return Err(Error::TooManyDeals {
            what: match setup.game {
                Game::ShortDeck => "exact short-deck equity",
                Game::Omaha
                | Game::OmahaHiLo
                | Game::Courchevel
                | Game::BigO
                | Game::CourchevelHiLo => "exact Omaha equity",
                _ => "exact Hold'em equity",
            },
            size: format!(
                "about {:.1e} deals, about {:.0} s of one thread",
                deals_of(setup),
                estimate
            ),
            limit: format!("{MAX_EXACT_SECONDS:.0} s of one thread"),
        });
    }
    Ok(())
}

/// The deals exact enumeration counts, before suit symmetry: the combinations of hole
/// cards times the runouts of the board.
fn deals_of(setup: &Setup) -> f64 {
    let holes: f64 = setup
        .players
        .iter()
        .map(|hands| hands.len() as f64)
        .product();
    let known = setup
        .players
        .iter()
        .filter(|hands| hands.len() == 1)
        .fold(setup.board | setup.dead, |a, h| a | h[0].mask);
    let unknown = setup.players.iter().filter(|h| h.len() != 1).count() as u64;
    let left = 52u64.saturating_sub(known.count_ones() as u64 + setup.hole as u64 * unknown);
    holes * binomial(left, setup.need as u64)
}

/// Estimated seconds of one class of deals on one thread.
fn seconds_per_class(setup: &Setup) -> f64 {
    let n = setup.players.len() as f64;
    let (per_class, per_player) = NANOS[setup.need.min(5)];
    let scale = if setup.game == Game::ShortDeck {
        SHORT_DECK_SCALE[setup.need.min(5)]
    } else {
        1.0
    };
    (per_class + per_player * n) * scale * 1e-9
}

fn too_many_deals() -> Error {
    Error::TooManyDeals {
        what: "exact equity of these ranges",
        size: format!(
            "more than {MAX_DEALS} combinations of hole cards (or more clashing ones than \
             planning searches)"
        ),
        limit: format!("{MAX_DEALS} combinations"),
    }
}

/// Exact equity of a validated setup, stopped with [`Error::OutOfTime`] at `deadline`
/// (checked before each class of deals, and while the classes are listed).
pub(crate) fn run(
    setup: &Setup,
    deadline: Option<Instant>,
    cancel: Option<&AtomicBool>,
) -> Result<EquityResult> {
    let n = setup.players.len();
    let start = Instant::now();
    let cancelled = || cancel.is_some_and(|c| c.load(Ordering::Relaxed));
    let late = || deadline.is_some_and(|d| Instant::now() >= d);
    let stopped = || {
        if cancelled() {
            Error::Interrupted
        } else {
            Error::OutOfTime {
                seconds: format!(
                    "{:.3}",
                    deadline.map_or(0.0, |d| d.saturating_duration_since(start).as_secs_f64())
                ),
            }
        }
    };
    if setup.game.is_stud() {
        check_affordable(setup, 0.0)?;
        let abort = || cancelled() || late();
        let counts = stud::count(setup, &abort).ok_or_else(stopped)?;
        let mut tally = Tally::new(n);
        tally.add(&counts, 1.0, 1);
        return Ok(tally.finish(Method::Exact, None));
    }
    if is_omaha(setup.game) {
        check_affordable(setup, 0.0)?;
        if cancelled() || late() {
            return Err(stopped());
        }
        let holes: Vec<u64> = setup.players.iter().map(|h| h[0].mask).collect();
        let hilo = setup.game.variant().hi_lo();
        let abort = || cancelled() || late();
        let counts = omaha::count_runouts(&holes, setup.board, setup.dead, hilo, &abort)
            .ok_or_else(stopped)?;
        let mut tally = Tally::new(n);
        tally.add(&counts, 1.0, 1);
        return Ok(tally.finish(Method::Exact, None));
    }
    let perms = symmetries(setup.board, setup.dead);
    let abort = || cancelled() || late();
    let classes = match deal_classes(&setup.players, &perms, MAX_DEALS, &abort) {
        Listing::Done(classes) => classes,
        Listing::TooMany => return Err(too_many_deals()),
        Listing::Stopped => return Err(stopped()),
    };
    if classes.is_empty() {
        return Err(Error::NoPossibleHand { player: None });
    }
    let mut tally = Tally::new(n);
    for batch in classes.chunks(BATCH) {
        // Each class is checked on its own: one pre-flop class takes up to a few
        // milliseconds, a batch of them far longer than a deadline may allow.
        let counted: Vec<Option<_>> = batch
            .par_iter()
            .map(|class: &DealClass| {
                (!abort()).then(|| {
                    let holes = &class.holes[..n];
                    match setup.game {
                        Game::ShortDeck => {
                            short_deck::count_runouts(holes, setup.board, setup.dead, setup.order)
                        }
                        _ => count_runouts(holes, setup.board, setup.dead),
                    }
                })
            })
            .collect();
        if counted.iter().any(Option::is_none) {
            return Err(stopped());
        }
        for (class, counts) in batch.iter().zip(counted.iter().flatten()) {
            tally.add(counts, class.weight, class.copies);
        }
    }
    Ok(tally.finish(Method::Exact, None))
}

/// Calibration of `Method::Auto`: for a fixed list of set-ups, one line each with the
/// estimated and the measured seconds on one thread (run by `cargo run --release -p
/// pokerforge-bench --example calibrate_auto`); the per-class costs in `NANOS` come from
/// its output.
#[doc(hidden)]
pub fn calibration_report() -> Result<Vec<String>> {
    use crate::card_set::CardSet;
    use crate::equity::{validate, EquityOptions, Player};

    let mut lines = Vec::new();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .map_err(|_| Error::Interrupted)?;
    let cases: &[(&[&str], &str, &str)] = &[
        (&["AhKh", "QsQd"], "", ""),
        (&["AhKh", "QsQd", "JcTc", "9s8s", "7d7c", "5h4h"], "", ""),
        (&["AhKh", "QsQd", "JcTc"], "2h7h9c", ""),
        (&["QQ+, AKs", "random"], "2h7h9c", ""),
        (&["QQ+, AKs", "random"], "", "2c"),
        (&["AhKh", "random"], "", "2c"),
        (&["22+, AK", "QQ+"], "", ""),
        (&["AhKh", "random", "random"], "2h7h9c", ""),
        (&["random", "random"], "2h7h9cTd", ""),
        (&["QQ+", "AK", "random"], "2h7h9c", ""),
        (&["AhKh", "random", "random"], "2h7h9cTd", ""),
        (&["AA", "KK"], "", ""),
        (&["JJ+", "random"], "2h7h9c", "3s"),
        (&["AhKh", "random", "random"], "2h7h9cTdJs", ""),
        (&["QQ+, AKs", "random", "random"], "2h7h9cTdJs", ""),
        (&["AhKh", "QsQd", "random"], "", ""),
        (&["AhAd", "random"], "2h7h9c", ""),
    ];
    for (hands, board, dead) in cases {
        let players = hands
            .iter()
            .map(|t| t.parse())
            .collect::<Result<Vec<Player>>>()?;
        let board: CardSet = board.parse()?;
        let dead: CardSet = dead.parse()?;
        let setup = pool.install(|| validate(&players, board, dead, &EquityOptions::default()))?;
        let estimate = pool.install(|| estimated_seconds(&setup));
        let start = std::time::Instant::now();
        let ok = pool.install(|| run(&setup, None, None)).is_ok();
        let took = start.elapsed().as_secs_f64();
        let perms = symmetries(setup.board, setup.dead);
        let classes = match deal_classes(&setup.players, &perms, MAX_DEALS, &|| false) {
            Listing::Done(c) => c.len(),
            _ => 0,
        };
        let n = setup.players.len();
        let est_classes = estimated_classes(&setup, &perms);
        lines.push(format!(
            "{hands:?} {board} {dead}: est classes {est_classes:.0} estimate {estimate:.4} s, actual {took:.4} s, ratio {:.2} {ok} classes {classes} need {} us/class/player {:.3}",
            took / estimate, setup.need, took * 1e6 / (classes * n) as f64
        ));
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::equity::{validate, EquityOptions, Player, AUTO_EXACT_SECONDS};

    fn setup(hands: &[&str], board: &str, dead: &str) -> Setup {
        let players: Vec<Player> = hands.iter().map(|t| t.parse().unwrap()).collect();
        let options = EquityOptions::default();
        validate(
            &players,
            board.parse().unwrap(),
            dead.parse().unwrap(),
            &options,
        )
        .unwrap()
    }

    #[test]
    fn estimated_classes_err_a_little_high() {
        for (hands, board, dead) in [
            (&["AhKh", "random"][..], "", "2c"),
            (&["QQ+, AKs", "random"][..], "", "2c"),
            (&["22+, AK", "QQ+"][..], "", ""),
            (&["JJ+", "random"][..], "2h7h9c", "3s"),
            (&["AhKh", "QsQd", "random"][..], "", ""),
        ] {
            let s = setup(hands, board, dead);
            let perms = symmetries(s.board, s.dead);
            let Listing::Done(real) = deal_classes(&s.players, &perms, MAX_DEALS, &|| false) else {
                panic!("{hands:?} not listed");
            };
            let real = real.len() as f64;
            let guess = estimated_classes(&s, &perms);
            assert!(
                real <= guess && guess <= 1.2 * real,
                "{hands:?}: {guess} vs {real}"
            );
        }
    }

    #[test]
    fn estimates_order_the_work() {
        let est =
            |hands: &[&str], board: &str, dead: &str| estimated_seconds(&setup(hands, board, dead));
        let known = est(&["AhKh", "QsQd"], "", "");
        let six = est(&["AhKh", "QsQd", "JcTc", "9s8s", "7d7c", "5h4h"], "", "");
        let flop = est(&["AhKh", "QsQd", "JcTc"], "2h7h9c", "");
        let hand_vs_random = est(&["AhKh", "random"], "", "2c");
        let range_vs_random = est(&["QQ+, AKs", "random"], "", "2c");
        let two_random_flop = est(&["AhKh", "random", "random"], "2h7h9c", "");
        assert!(flop < known && known < six && six < hand_vs_random);
        assert!(hand_vs_random < range_vs_random);
        // Cases that take seconds on one thread stay out of `Method::Auto`'s exact path.
        for slow in [range_vs_random, two_random_flop] {
            assert!(slow > AUTO_EXACT_SECONDS);
        }
        assert!(six < AUTO_EXACT_SECONDS / 10.0);
        assert!(est(&["random"; 3], "", "").is_infinite());
    }
}
