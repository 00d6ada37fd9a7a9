//! Push/fold at a table: the two-player table is the heads-up game, values add up (chips
//! to zero, prize equity to the pool), exploitability is met at 3 to 10 players, and
//! ranges tighten on the bubble.

use pokerforge_core::icm::heads_up::{self, Matchups, Spot};
use pokerforge_core::icm::push_fold::{
    pair, solve, values, SolveOptions, Strategies, TableSpot, CHECK_EVERY, MAX_SEATS,
};
use pokerforge_core::icm::Model;
use pokerforge_core::starting_hands::{class_name, CLASSES};
use pokerforge_core::Error;

fn table(stacks: &[f64], ante: f64, payouts: Option<Vec<f64>>) -> TableSpot {
    TableSpot {
        stacks: stacks.to_vec(),
        small_blind: 0.5,
        big_blind: 1.0,
        ante,
        payouts,
        others: Vec::new(),
        model: Model::Harville,
    }
}

fn class_of(name: &str) -> usize {
    (0..CLASSES)
        .find(|&i| class_name(i).as_deref() == Some(name))
        .unwrap()
}

fn share(row: &[f64], m: &Matchups) -> f64 {
    let total: f64 = m.deals.iter().sum();
    (0..CLASSES)
        .map(|i| row[i] * m.deals[CLASSES * i..CLASSES * (i + 1)].iter().sum::<f64>() / total)
        .sum()
}

#[test]
fn two_players_are_the_heads_up_game() {
    let m = Matchups::shared();
    for (depth, ante, payouts) in [
        (10.0, 0.0, None),
        (6.0, 0.125, None),
        (8.0, 0.0, Some(vec![65.0, 35.0])),
    ] {
        let hu = heads_up::solve(
            &Spot {
                stacks: [depth, depth + 3.0],
                small_blind: 0.5,
                big_blind: 1.0,
                ante,
                payouts: payouts.clone(),
                others: Vec::new(),
                model: Model::Harville,
            },
            &heads_up::SolveOptions::default(),
            m,
            &|| false,
        )
        .unwrap();
        let spot = table(&[depth, depth + 3.0], ante, payouts);
        let mut st = Strategies::folding(2);
        st.shove[0] = hu.shove.clone();
        st.call[pair(2, 0, 1)] = hu.call.clone();
        let v = values(&spot, &st, m).unwrap();
        for p in 0..2 {
            assert!(
                (v.players[p] - hu.values[p]).abs() < 1e-9,
                "{v:?} {:?}",
                hu.values
            );
            assert!((v.gains[p] - hu.gains[p]).abs() < 1e-9);
        }
    }
}

#[test]
fn values_add_up() {
    let m = Matchups::shared();
    let stacks = [7.0, 12.0, 4.5, 20.0, 9.0];
    let mut st = Strategies::folding(5);
    for p in 0..5 {
        st.shove[p] = (0..CLASSES)
            .map(|i| ((i * 7 + p) % 5) as f64 / 4.0)
            .collect();
        for c in p + 1..5 {
            st.call[pair(5, p, c)] = (0..CLASSES).map(|i| ((i + c) % 3) as f64 / 2.0).collect();
        }
    }
    let chips = values(&table(&stacks, 0.1, None), &st, m).unwrap();
    assert!(
        chips.players.iter().sum::<f64>().abs() < 1e-9,
        "{:?}",
        chips.players
    );
    let prizes = vec![50.0, 30.0, 20.0];
    let icm = values(&table(&stacks, 0.1, Some(prizes)), &st, m).unwrap();
    assert!((icm.players.iter().sum::<f64>() - 100.0).abs() < 1e-9);
}

#[test]
fn equilibria_from_three_to_ten_players() {
    let m = Matchups::shared();
    for n in 3..=MAX_SEATS {
        let stacks: Vec<f64> = (0..n).map(|i| 6.0 + (i * 5 % 7) as f64).collect();
        let payouts = vec![50.0, 30.0, 20.0];
        let spot = table(&stacks, 0.1, Some(payouts));
        let start = std::time::Instant::now();
        let s = solve(&spot, &SolveOptions::default(), m, &|| false).unwrap();
        println!(
            "{n} players: {:.2} s, {} rounds, exploitability {:.2e}",
            start.elapsed().as_secs_f64(),
            s.iterations,
            s.exploitability
        );
        assert!(s.converged, "{n} players: {}", s.exploitability);
        // The tolerance is 1e-4 big blinds' worth of prize equity.
        assert!(s.exploitability <= 1e-4 * 100.0 / stacks.iter().sum::<f64>());
        // Aces always go in first, seven-deuce offsuit never from the first seat.
        assert_eq!(s.strategies.shove[0][class_of("AA")], 1.0);
        assert_eq!(s.strategies.shove[0][class_of("72o")], 0.0);
    }
}

#[test]
fn the_bubble_tightens_calls() {
    let m = Matchups::shared();
    let stacks = [10.0, 10.0, 10.0, 10.0];
    let chips = solve(
        &table(&stacks, 0.0, None),
        &SolveOptions::default(),
        m,
        &|| false,
    )
    .unwrap();
    let bubble = table(&stacks, 0.0, Some(vec![50.0, 30.0, 20.0]));
    let icm = solve(&bubble, &SolveOptions::default(), m, &|| false).unwrap();
    let at = pair(4, 0, 3);
    let (by_chips, by_icm) = (
        share(&chips.strategies.call[at], m),
        share(&icm.strategies.call[at], m),
    );
    assert!(by_icm < by_chips - 0.05, "{by_icm} {by_chips}");
}

#[test]
fn the_time_limit_stops_the_run() {
    let m = Matchups::shared();
    let stacks: Vec<f64> = (0..10).map(|i| 6.0 + (i * 5 % 7) as f64).collect();
    let spot = table(&stacks, 0.1, Some(vec![50.0, 30.0, 20.0]));
    let options = SolveOptions {
        tolerance: 1e-9,
        time_limit: Some(std::time::Duration::from_millis(1)),
        ..SolveOptions::default()
    };
    let s = solve(&spot, &options, m, &|| false).unwrap();
    // Seen at the first round past the limit (once only every CHECK_EVERY rounds).
    assert!(
        !s.converged && s.iterations < CHECK_EVERY,
        "{}",
        s.iterations
    );
}

#[test]
fn bad_spots_name_the_value() {
    let m = Matchups::shared();
    let o = SolveOptions::default();
    let err = solve(&table(&[10.0], 0.0, None), &o, m, &|| false).unwrap_err();
    assert!(err.to_string().contains("1 players"), "{err}");
    let err = solve(&table(&[10.0; 11], 0.0, None), &o, m, &|| false).unwrap_err();
    assert!(err.to_string().contains("11 players"), "{err}");
    let err = solve(&table(&[10.0, 10.0, 1.0], 0.0, None), &o, m, &|| false).unwrap_err();
    assert_eq!(err.field().as_deref(), Some("stacks[2]"));
    let err = solve(&table(&[10.0, 0.5, 5.0], 0.0, None), &o, m, &|| false).unwrap_err();
    assert_eq!(err.field().as_deref(), Some("stacks[1]"));
    assert_eq!(
        solve(&table(&[10.0, 10.0, 10.0], 0.0, None), &o, m, &|| true).unwrap_err(),
        Error::Interrupted
    );
    let mut st = Strategies::folding(3);
    st.shove[0][0] = 1.5;
    assert!(values(&table(&[10.0; 3], 0.0, None), &st, m).is_err());
    assert!(values(&table(&[10.0; 3], 0.0, None), &Strategies::folding(2), m).is_err());
}
