//! Heads-up push/fold equilibria: every value recomputed combo by combo from the pre-flop
//! table, exploitability at every depth, a published Nash chart, and the effect of antes
//! and of ICM.

use pokerforge_core::equity::heads_up::{lookup, BOARDS};
use pokerforge_core::icm::heads_up::{
    range_of, solve, Matchups, Solution, SolveOptions, Spot, CHECK_EVERY,
};
use pokerforge_core::icm::Model;
use pokerforge_core::range::{Combo, COMBOS};
use pokerforge_core::starting_hands::{class_index, class_name, CLASSES};
use pokerforge_core::{CardSet, Error};

fn spot(depth: f64, ante: f64) -> Spot {
    Spot {
        stacks: [depth, depth],
        small_blind: 0.5,
        big_blind: 1.0,
        ante,
        payouts: None,
        others: Vec::new(),
        model: Model::Harville,
    }
}

fn solved(spot: &Spot, matchups: &Matchups) -> Solution {
    solve(spot, &SolveOptions::default(), matchups, &|| false).unwrap()
}

fn class_of(name: &str) -> usize {
    (0..CLASSES)
        .find(|&i| class_name(i).as_deref() == Some(name))
        .unwrap()
}

/// Both players' values per hand and best-response gains, in big blinds, by going over
/// every deal of two hands (1,326 x 1,225) with the pre-flop table, apart from the
/// solver's class sums. Chips only, no ante, equal stacks `depth`.
fn by_every_deal(depth: f64, ante: f64, s: &Solution) -> ([f64; 2], [f64; 2]) {
    let cards: Vec<CardSet> = (0..COMBOS)
        .map(|i| Combo::from_index(i).unwrap().cards())
        .collect();
    let class: Vec<usize> = cards.iter().map(|&c| class_index(c).unwrap()).collect();
    let (fold, steal) = (-(0.5 + ante), 1.0 + ante);
    let (mut sb, mut bb) = (0.0, 0.0);
    // Per class: summed gain of shoving over folding (small blind), of calling over
    // folding when shoved at (big blind, weighted by the shove probability).
    let mut shove_gain = vec![0.0; CLASSES];
    let mut call_gain = vec![0.0; CLASSES];
    let mut deals = 0.0;
    for h in 0..COMBOS {
        for v in 0..COMBOS {
            if cards[h].mask() & cards[v].mask() != 0 {
                continue;
            }
            deals += 1.0;
            let m = lookup(cards[h], cards[v]).unwrap();
            let equity = (f64::from(m.wins) + 0.5 * f64::from(m.ties)) / BOARDS as f64;
            let showdown = depth * (2.0 * equity - 1.0);
            let (p, c) = (s.shove[class[h]], s.call[class[v]]);
            let shoved = (1.0 - c) * steal + c * showdown;
            sb += (1.0 - p) * fold + p * shoved;
            bb += (1.0 - p) * -fold + p * ((1.0 - c) * -steal + c * -showdown);
            shove_gain[class[h]] += shoved - fold;
            call_gain[class[v]] += p * (-showdown + steal);
        }
    }
    let gain = |g: &[f64], strategy: &[f64]| -> f64 {
        g.iter()
            .zip(strategy)
            .map(|(g, p)| g.max(0.0) - p * g)
            .sum::<f64>()
            / deals
    };
    (
        [sb / deals, bb / deals],
        [gain(&shove_gain, &s.shove), gain(&call_gain, &s.call)],
    )
}

#[test]
fn values_and_exploitability_match_every_deal() {
    let matchups = Matchups::new();
    for (depth, ante) in [(10.0, 0.0), (4.0, 0.125)] {
        let s = solved(&spot(depth, ante), &matchups);
        let (values, gains) = by_every_deal(depth, ante, &s);
        for p in 0..2 {
            assert!(
                (values[p] - s.values[p]).abs() < 1e-12,
                "{values:?} {:?}",
                s.values
            );
            assert!(
                (gains[p] - s.gains[p]).abs() < 1e-12,
                "{gains:?} {:?}",
                s.gains
            );
        }
        // Chips are zero-sum.
        assert!((s.values[0] + s.values[1]).abs() < 1e-12);
    }
}

#[test]
fn exploitability_at_every_depth_with_and_without_antes() {
    let matchups = Matchups::new();
    for depth in 1..=20 {
        for ante in [0.0, 0.1, 0.25] {
            if f64::from(depth) < 1.0 + ante {
                // A big blind of 1 bb cannot post an ante as well.
                continue;
            }
            let s = solved(&spot(f64::from(depth), ante), &matchups);
            assert!(s.converged, "{depth} bb, ante {ante}");
            assert!(
                s.exploitability <= 1e-4,
                "{depth} {ante}: {}",
                s.exploitability
            );
            assert!(s.gains.iter().all(|&g| g >= 0.0));
        }
    }
}

/// The published chart: the largest depth at which each class is shoved (`None` for
/// hands marked with gaps), by class index.
fn published_chart() -> Vec<Option<f64>> {
    let text = include_str!("data/hu_push_chart.txt");
    let rows: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(rows.len(), 13);
    let mut chart = vec![None; CLASSES];
    for (row, line) in rows.iter().enumerate() {
        let cells: Vec<&str> = line.split_whitespace().skip(1).collect();
        assert_eq!(cells.len(), 13, "{line}");
        for (col, cell) in cells.iter().enumerate() {
            // Row and column as in `class_index`: pairs on the diagonal, suited above it.
            chart[13 * row + col] = match *cell {
                "20+" => Some(f64::INFINITY),
                "*" => None,
                value => Some(value.parse().unwrap()),
            };
        }
    }
    chart
}

#[test]
fn shoving_ranges_agree_with_the_published_chart() {
    // At every depth from 1 to 20 bb in half big blinds, no ante, the small blind's
    // equilibrium shoves differ from the chart's in at most one class. A class the
    // solution mixes is at indifference and agrees with either answer.
    let chart = published_chart();
    assert_eq!(chart[class_of("63s")], None);
    assert_eq!(chart[class_of("T3s")], Some(7.7));
    assert_eq!(chart[class_of("Q7o")], Some(10.3));
    let matchups = Matchups::new();
    for half in 2..=40 {
        let depth = f64::from(half) / 2.0;
        let s = solved(&spot(depth, 0.0), &matchups);
        let differ: Vec<String> = (0..CLASSES)
            .filter(|&i| match chart[i] {
                Some(limit) => {
                    let shoved = limit >= depth;
                    (shoved && s.shove[i] == 0.0) || (!shoved && s.shove[i] == 1.0)
                }
                None => false,
            })
            .filter_map(class_name)
            .collect();
        assert!(differ.len() <= 1, "{depth} bb: {differ:?}");
    }
    // The page's own example of a gap: 63s is shoved from 5.1 to 7.1 bb and below 2.3 bb.
    let six_three = class_of("63s");
    for (depth, shoved) in [(2.0, true), (3.0, false), (6.0, true), (8.0, false)] {
        let s = solved(&spot(depth, 0.0), &matchups);
        assert_eq!(s.shove[six_three] > 0.5, shoved, "{depth}");
    }
}

#[test]
fn antes_widen_the_ranges() {
    let matchups = Matchups::new();
    let plain = solved(&spot(10.0, 0.0), &matchups);
    let ante = solved(&spot(10.0, 0.2), &matchups);
    let count = |v: &[f64]| v.iter().sum::<f64>();
    assert!(count(&ante.shove) > count(&plain.shove) + 5.0);
    assert!(count(&ante.call) > count(&plain.call) + 5.0);
}

#[test]
fn by_icm() {
    let matchups = Matchups::new();
    let chips = solved(&spot(8.0, 0.0), &matchups);
    // Two players left: prize equity is linear in chips, so the equilibrium is the same.
    let mut heads_up = spot(8.0, 0.0);
    heads_up.payouts = Some(vec![70.0, 30.0]);
    let linear = solved(&heads_up, &matchups);
    let count = |v: &[f64]| v.iter().sum::<f64>();
    assert!((count(&linear.shove) - count(&chips.shove)).abs() <= 1.0);
    assert!((count(&linear.call) - count(&chips.call)).abs() <= 1.0);
    // On the bubble (two more players with 8 bb each, three paid) busting costs more than
    // doubling up gains: the caller, who would risk busting to win a pot, tightens a
    // lot, and against that caller the shover widens (8 bb: from 116 classes to all but
    // one).
    let mut bubble = spot(8.0, 0.0);
    bubble.payouts = Some(vec![50.0, 30.0, 20.0]);
    bubble.others = vec![8.0, 8.0];
    let tight = solved(&bubble, &matchups);
    assert!(tight.converged);
    assert!(count(&tight.call) < count(&chips.call) - 30.0);
    assert!(count(&tight.shove) > count(&chips.shove) + 30.0);
    assert!(tight.shove[class_of("AA")] == 1.0 && tight.call[class_of("AA")] == 1.0);
    // Not zero-sum any more: the players outside the hand gain from a showdown.
    assert!(tight.values[0] + tight.values[1] < 50.0);
}

#[test]
fn ranges_in_the_engines_syntax() {
    let mut freq = vec![0.0; CLASSES];
    freq[class_of("AA")] = 1.0;
    freq[class_of("KK")] = 1.0;
    freq[class_of("AKs")] = 0.5;
    let range = range_of(&freq);
    assert_eq!(range.len(), 16);
    assert_eq!(
        range.to_string().parse::<pokerforge_core::Range>(),
        Ok(range)
    );
}

#[test]
fn bad_spots_are_refused() {
    let matchups = Matchups::new();
    let options = SolveOptions::default();
    let never = || false;
    let mut s = spot(10.0, 0.0);
    s.small_blind = 2.0;
    let err = solve(&s, &options, &matchups, &never).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("small_blind = 2 is not allowed"),
        "{err}"
    );
    let mut s = spot(10.0, 0.0);
    s.stacks[1] = 0.5;
    let err = solve(&s, &options, &matchups, &never).unwrap_err();
    assert_eq!(
        err.to_string(),
        "stacks[1] = 0.5 is not allowed: expected at least the blind and ante it posts"
    );
    let mut s = spot(10.0, f64::NAN);
    assert!(solve(&s, &options, &matchups, &never).is_err());
    s.ante = 0.0;
    s.payouts = Some(vec![10.0, -1.0]);
    assert_eq!(
        solve(&s, &options, &matchups, &never)
            .unwrap_err()
            .field()
            .as_deref(),
        Some("payouts[1]")
    );
    let zero = SolveOptions {
        max_iterations: 0,
        ..options
    };
    assert!(solve(&spot(5.0, 0.0), &zero, &matchups, &never).is_err());
    assert_eq!(
        solve(&spot(5.0, 0.0), &options, &matchups, &|| true),
        Err(Error::Interrupted)
    );
    // A round limit stops the run, unconverged, and says so.
    let short = SolveOptions {
        tolerance: 1e-12,
        max_iterations: 60,
        time_limit: None,
    };
    let s = solve(&spot(12.0, 0.0), &short, &matchups, &never).unwrap();
    assert!(!s.converged && s.iterations == 60);
    // So does a time limit, at its first check (once ran 50 s with no round limit).
    let quick = SolveOptions {
        tolerance: 1e-12,
        max_iterations: usize::MAX,
        time_limit: Some(std::time::Duration::from_nanos(1)),
    };
    let s = solve(&spot(12.0, 0.0), &quick, &matchups, &never).unwrap();
    assert!(
        !s.converged && s.iterations == CHECK_EVERY,
        "{}",
        s.iterations
    );
}
