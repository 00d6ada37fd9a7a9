//! ICM against a brute-force reference over every finishing order, published values, and
//! the properties any prize model must have.

use pokerforge_core::icm::{
    bubble_factors, finish_probabilities, icm, IcmMethod, IcmOptions, Model, EXACT_MAX_PLAYERS,
};
use pokerforge_core::rng::Rng;

/// Every permutation of `0..n`, by recursion (n! of them; the tests stay at n <= 9).
fn permutations(n: usize) -> Vec<Vec<usize>> {
    fn extend(prefix: &mut Vec<usize>, used: &mut [bool], out: &mut Vec<Vec<usize>>) {
        if prefix.len() == used.len() {
            out.push(prefix.clone());
            return;
        }
        for i in 0..used.len() {
            if !used[i] {
                used[i] = true;
                prefix.push(i);
                extend(prefix, used, out);
                prefix.pop();
                used[i] = false;
            }
        }
    }
    let mut out = Vec::new();
    extend(&mut Vec::new(), &mut vec![false; n], &mut out);
    out
}

/// The probability of one finishing order (first place first), straight from the model's
/// definition. The weight left is summed anew at each draw (not subtracted from a running
/// total, which would lose the small stacks' digits next to large ones).
fn order_probability(stacks: &[f64], order: &[usize], model: Model) -> f64 {
    let weight = |i: usize| match model {
        Model::Harville => stacks[i],
        Model::Weitzman => 1.0 / stacks[i],
    };
    // Harville draws the places from the top, Weitzman the eliminations from the bottom.
    let draws: Vec<usize> = match model {
        Model::Harville => order.to_vec(),
        Model::Weitzman => order.iter().rev().copied().collect(),
    };
    let mut p = 1.0;
    for (t, &i) in draws.iter().enumerate() {
        let left: f64 = draws[t..].iter().map(|&j| weight(j)).sum();
        p *= weight(i) / left;
    }
    p
}

/// Prize equities by summing over all n! orders.
fn brute_force(stacks: &[f64], payouts: &[f64], model: Model) -> Vec<f64> {
    let mut equity = vec![0.0; stacks.len()];
    for order in permutations(stacks.len()) {
        let p = order_probability(stacks, &order, model);
        for (place, &i) in order.iter().enumerate() {
            equity[i] += p * payouts.get(place).copied().unwrap_or(0.0);
        }
    }
    equity
}

fn exact(stacks: &[f64], payouts: &[f64], model: Model) -> Vec<f64> {
    let options = IcmOptions {
        model,
        method: IcmMethod::Exact,
        ..IcmOptions::default()
    };
    icm(stacks, payouts, &options, &|| false).unwrap().equities
}

/// Random stacks spanning several orders of magnitude, and a payout table that may be
/// shorter or longer than the field.
fn random_case(rng: &mut Rng, n: usize) -> (Vec<f64>, Vec<f64>) {
    let stacks = (0..n)
        .map(|_| {
            let scale = [1.0, 100.0, 10_000.0][rng.below(3) as usize];
            (1.0 + rng.below(1000) as f64) * scale
        })
        .collect();
    let places = 1 + rng.below(n as u32 + 2) as usize;
    let mut payouts: Vec<f64> = (0..places).map(|_| rng.unit_f64() * 1000.0).collect();
    payouts.sort_by(|a, b| b.total_cmp(a));
    (stacks, payouts)
}

#[test]
fn exact_equals_brute_force_up_to_nine_players() {
    let mut rng = Rng::new(2024);
    for n in 1..=9 {
        let cases = if n <= 7 { 30 } else { 4 };
        for _ in 0..cases {
            let (stacks, payouts) = random_case(&mut rng, n);
            for model in [Model::Harville, Model::Weitzman] {
                let want = brute_force(&stacks, &payouts, model);
                let got = exact(&stacks, &payouts, model);
                let pool: f64 = payouts.iter().take(n).sum();
                for i in 0..n {
                    assert!(
                        (got[i] - want[i]).abs() <= 1e-12 * pool.max(1.0),
                        "{model:?} {stacks:?} {payouts:?}: player {i} {} vs {}",
                        got[i],
                        want[i]
                    );
                }
            }
        }
    }
}

#[test]
fn textbook_three_players() {
    // 50%, 30%, 20% of the chips, 70 and 30 paid (the usual worked example):
    // A = 70 * 0.5 + 30 * (0.3 * 0.5 / 0.7 + 0.2 * 0.5 / 0.8), and so on.
    let got = exact(&[50.0, 30.0, 20.0], &[70.0, 30.0], Model::Harville);
    let want = [
        35.0 + 30.0 * (0.15 / 0.7 + 0.1 / 0.8),
        21.0 + 30.0 * (0.3 + 0.06 / 0.8),
        14.0 + 30.0 * (0.2 + 0.06 / 0.7),
    ];
    for i in 0..3 {
        assert!((got[i] - want[i]).abs() < 1e-12, "{got:?}");
    }
    assert!((got[0] - 45.178_571_428_571).abs() < 1e-9);
}

#[test]
fn published_chance_of_finishing_last() {
    // Stacks 1, 2, ..., 10: the chance of finishing last, as published on the 2+2 forum
    // ("ICM problems", 2006) to 16 digits, computed there by another program.
    let stacks: Vec<f64> = (1..=10).map(f64::from).collect();
    let places = finish_probabilities(&stacks, 10, Model::Harville).unwrap();
    let published = [
        0.518_416_415_297_366_8,
        0.215_155_771_310_598_4,
        0.108_930_086_317_613_22,
        0.061_097_508_535_035_85,
        0.036_606_485_042_195_436,
        0.022_998_223_608_975_937,
        0.014_984_758_061_417_186,
        0.010_053_105_474_764_727,
        0.006_909_801_915_833_682,
        0.004_847_844_436_198_742_5,
    ];
    for i in 0..10 {
        assert!((places[i][9] - published[i]).abs() < 1e-13, "{i}");
    }
}

#[test]
fn properties() {
    let mut rng = Rng::new(7);
    for _ in 0..40 {
        let n = 2 + rng.below(11) as usize;
        let (stacks, payouts) = random_case(&mut rng, n);
        for model in [Model::Harville, Model::Weitzman] {
            let base = exact(&stacks, &payouts, model);
            // The pool is paid out whole.
            let pool: f64 = payouts.iter().take(n).sum();
            assert!((base.iter().sum::<f64>() - pool).abs() <= 1e-9 * pool.max(1.0));
            // Renaming players renames results (reverse the order).
            let rev_stacks: Vec<f64> = stacks.iter().rev().copied().collect();
            let rev = exact(&rev_stacks, &payouts, model);
            for i in 0..n {
                assert!((rev[n - 1 - i] - base[i]).abs() <= 1e-9 * pool.max(1.0));
            }
            // Only the shares of the chips matter.
            let scaled: Vec<f64> = stacks.iter().map(|s| s * 8.0).collect();
            let again = exact(&scaled, &payouts, model);
            for i in 0..n {
                assert!((again[i] - base[i]).abs() <= 1e-9 * pool.max(1.0));
            }
            // More chips never lower a player's equity when prizes fall with the place.
            for i in 0..n {
                for j in 0..n {
                    if stacks[i] > stacks[j] {
                        assert!(base[i] >= base[j] - 1e-9 * pool.max(1.0), "{model:?}");
                    }
                }
            }
        }
    }
    // Equal stacks split the pool equally.
    let got = exact(&[5.0; 6], &[50.0, 30.0, 20.0], Model::Harville);
    assert!(got.iter().all(|e| (e - 100.0 / 6.0).abs() < 1e-12));
}

#[test]
fn players_without_chips_share_the_last_places() {
    let got = exact(
        &[0.0, 30.0, 0.0, 10.0],
        &[40.0, 30.0, 20.0, 10.0],
        Model::Harville,
    );
    let alive = exact(&[30.0, 10.0], &[40.0, 30.0], Model::Harville);
    assert_eq!(got, vec![15.0, alive[0], 15.0, alive[1]]);
    let got = exact(&[0.0, 30.0, 10.0], &[40.0, 30.0, 20.0], Model::Weitzman);
    assert_eq!(got[0], 20.0);
}

#[test]
fn exact_handles_its_largest_field() {
    let stacks: Vec<f64> = (1..=EXACT_MAX_PLAYERS).map(|i| i as f64).collect();
    let payouts: Vec<f64> = (0..EXACT_MAX_PLAYERS).map(|k| (30 - k) as f64).collect();
    let got = exact(&stacks, &payouts, Model::Harville);
    let pool: f64 = payouts.iter().sum();
    assert!((got.iter().sum::<f64>() - pool).abs() < 1e-9 * pool);
    assert!(got.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn monte_carlo_agrees_with_exact_and_is_seeded() {
    let stacks = [1200.0, 800.0, 4000.0, 50.0, 950.0, 2500.0, 300.0, 0.0];
    let payouts = [50.0, 25.0, 15.0, 10.0];
    for model in [Model::Harville, Model::Weitzman] {
        let options = IcmOptions {
            model,
            method: IcmMethod::MonteCarlo,
            samples: Some(300_000),
            seed: Some(99),
        };
        let mc = icm(&stacks, &payouts, &options, &|| false).unwrap();
        let want = exact(&stacks, &payouts, model);
        assert!(!mc.exact && mc.seed == Some(99) && mc.samples == 300_000);
        for (i, want) in want.iter().enumerate() {
            let tolerance = 5.0 * mc.stderr[i] + 1e-12;
            assert!(
                (mc.equities[i] - want).abs() <= tolerance,
                "{model:?} {i}: {} vs {want} (stderr {})",
                mc.equities[i],
                mc.stderr[i]
            );
        }
        assert!((mc.equities.iter().sum::<f64>() - 100.0).abs() < 1e-9);
        // The same seed gives the same numbers on one thread as on all of them.
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let again = one.install(|| icm(&stacks, &payouts, &options, &|| false).unwrap());
        assert_eq!(again, mc);
        let other = IcmOptions {
            seed: Some(100),
            ..options
        };
        assert_ne!(icm(&stacks, &payouts, &other, &|| false).unwrap(), mc);
    }
    // Cancelled between chunks.
    let options = IcmOptions {
        method: IcmMethod::MonteCarlo,
        ..IcmOptions::default()
    };
    assert_eq!(
        icm(&stacks, &payouts, &options, &|| true),
        Err(pokerforge_core::Error::Interrupted)
    );
}

#[test]
fn bubble_factors_of_a_bubble() {
    // Four left, three paid: the bubble. Every factor is above 1 and the short stack
    // risks least against the others.
    let stacks = [5000.0, 3000.0, 1500.0, 500.0];
    let payouts = [50.0, 30.0, 20.0];
    let f = bubble_factors(&stacks, &payouts, Model::Harville, &|| false).unwrap();
    for (i, row) in f.iter().enumerate() {
        for (j, &factor) in row.iter().enumerate() {
            if i == j {
                assert!(factor.is_nan());
            } else {
                assert!(factor > 1.0, "{i} {j}: {factor}");
            }
        }
    }
    assert!(f[3][0] < f[1][0]);
    // Winner takes all: chips are worth their face value.
    let f = bubble_factors(&stacks, &[100.0], Model::Harville, &|| false).unwrap();
    assert!((f[1][2] - 1.0).abs() < 1e-12);
    // Heads-up, the factor is always 1: equity is linear in chips.
    let f = bubble_factors(&[700.0, 300.0], &[60.0, 40.0], Model::Harville, &|| false).unwrap();
    assert!((f[0][1] - 1.0).abs() < 1e-12 && (f[1][0] - 1.0).abs() < 1e-12);
    assert_eq!(
        bubble_factors(&stacks, &payouts, Model::Harville, &|| true),
        Err(pokerforge_core::Error::Interrupted)
    );
}
