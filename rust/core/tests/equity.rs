//! Equity against exact reference figures, Monte Carlo against exact, and every error.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use pokerforge_core::equity::checked_samples;
use pokerforge_core::MAX_PLAYERS;
use pokerforge_core::{
    equity, CardSet, Category, EquityOptions, EquityResult, Error, Game, Location, Method, Player,
    Range,
};

fn players(texts: &[&str]) -> Vec<Player> {
    texts.iter().map(|t| t.parse().unwrap()).collect()
}

fn cards(text: &str) -> CardSet {
    text.parse().unwrap()
}

fn exact(texts: &[&str], board: &str, dead: &str) -> EquityResult {
    let options = EquityOptions {
        method: Method::Exact,
        ..EquityOptions::default()
    };
    equity(&players(texts), cards(board), cards(dead), &options).unwrap()
}

fn monte_carlo(texts: &[&str], board: &str, samples: u64, seed: u64) -> EquityResult {
    let options = EquityOptions {
        method: Method::MonteCarlo,
        samples: Some(samples),
        seed,
        ..EquityOptions::default()
    };
    equity(&players(texts), cards(board), CardSet::EMPTY, &options).unwrap()
}

fn assert_close(got: f64, want: f64, tolerance: f64) {
    assert!((got - want).abs() <= tolerance, "got {got}, want {want}");
}

fn assert_consistent(r: &EquityResult) {
    let total: f64 = r.players.iter().map(|p| p.equity).sum();
    assert_close(total, 1.0, 1e-9);
    for p in &r.players {
        assert_close(p.categories.iter().sum(), 1.0, 1e-9);
        assert!(p.win <= p.equity + 1e-12 && p.equity <= p.win + p.tie + 1e-12);
    }
}

#[test]
fn aces_against_kings() {
    let r = exact(&["AhAs", "KdKc"], "", "");
    assert!(r.exact);
    assert_eq!(r.method, Method::Exact);
    assert_eq!(r.deals, 1_712_304);
    assert_eq!(r.seed, None);
    let deals = 1_712_304.0;
    assert_close(r.players[0].win * deals, 1_388_072.0, 1e-6);
    assert_close(r.players[1].win * deals, 317_694.0, 1e-6);
    assert_close(r.players[0].tie * deals, 6_538.0, 1e-6);
    assert_close(r.players[0].equity, 0.812555, 5e-7);
    assert_consistent(&r);
}

#[test]
fn suited_connectors_against_queens() {
    let r = exact(&["AhKh", "QsQd"], "", "");
    assert_close(r.players[0].equity, 0.46214, 5e-6);
    assert_close(r.players[0].win, 0.46018, 5e-6);
    assert_close(r.players[0].tie, 0.00393, 5e-6);
    assert_consistent(&r);
}

#[test]
fn three_players_on_a_flop() {
    let r = exact(&["AhKh", "QsQd", "JcTc"], "2h7h9c", "");
    assert_eq!(r.deals, 903);
    for (p, want) in r.players.iter().zip([0.52602, 0.32115, 0.15282]) {
        assert_close(p.equity, want, 5e-6);
    }
    assert_consistent(&r);
}

#[test]
fn aces_against_a_random_hand() {
    let r = exact(&["AA", "random"], "", "");
    assert_close(r.players[0].equity, 0.852037, 5e-7);
    let known = exact(&["AhAs", "random"], "", "");
    assert_close(known.players[0].equity, 0.852037, 5e-7);
    assert_eq!(known.deals, 1225 * 1_712_304);
    assert_consistent(&r);
}

#[test]
fn range_weights_are_honoured() {
    let r = exact(&["AA:0.5, KhKd", "QsQd"], "2c7d9h", "");
    let aces: f64 = Range::parse("AA")
        .unwrap()
        .iter()
        .map(|(c, _)| exact(&[&c.to_string(), "QsQd"], "2c7d9h", "").players[0].equity)
        .sum();
    let kings = exact(&["KhKd", "QsQd"], "2c7d9h", "").players[0].equity;
    assert_close(r.players[0].equity, (0.5 * aces + kings) / 4.0, 1e-12);
}

#[test]
fn full_board_and_dead_cards() {
    let r = exact(&["AhKh", "QsQd"], "2h7h9hQcTs", "");
    assert_eq!(r.deals, 1);
    assert_eq!(r.players[0].equity, 1.0);
    assert_eq!(r.players[0].category(Category::Flush), 1.0);
    assert_eq!(r.players[1].category(Category::ThreeOfAKind), 1.0);
    let dead = exact(&["AhKh", "QsQd"], "2h7h9c", "3h4h5h6h8hThJh");
    let live = exact(&["AhKh", "QsQd"], "2h7h9c", "");
    assert!(dead.players[0].equity < live.players[0].equity);
    // Only the queen and nine of hearts are left to make the flush: 73 of 703 runouts.
    assert_close(
        dead.players[0].category(Category::Flush),
        73.0 / 703.0,
        1e-12,
    );
    assert_eq!(dead.deals, 38 * 37 / 2);
}

#[test]
fn swapping_players_swaps_results() {
    let a = exact(&["AhKh", "QsQd", "JcTc"], "2h7h9c", "");
    let b = exact(&["JcTc", "AhKh", "QsQd"], "2h7h9c", "");
    for (i, j) in [(0, 1), (1, 2), (2, 0)] {
        assert_eq!(a.players[i].equity, b.players[j].equity);
        assert_eq!(a.players[i].categories, b.players[j].categories);
    }
    let a = monte_carlo(&["AhKh", "QsQd"], "", 50_000, 9);
    let b = monte_carlo(&["QsQd", "AhKh"], "", 50_000, 9);
    assert_eq!(a.players[0].win, b.players[1].win);
    assert_eq!(a.players[0].tie, b.players[1].tie);
}

#[test]
fn monte_carlo_agrees_with_exact() {
    for (hands, board) in [
        (&["AhKh", "QsQd"][..], ""),
        (&["QQ+, AKs", "random"][..], "2h7h9c"),
        // Two unknown hands on the turn: on the flop the exact count alone (966 million
        // deals) would take seconds.
        (&["AhKh", "random", "random"][..], "2c7d9hJs"),
        (&["22+", "AK, AQs", "random"][..], "Ts9s2d"),
    ] {
        let truth = exact(hands, board, "");
        let mc = monte_carlo(hands, board, 300_000, 7);
        assert!(!mc.exact);
        assert_eq!(mc.method, Method::MonteCarlo);
        assert_eq!(mc.seed, Some(7));
        assert_eq!(mc.deals, 300_000);
        assert_consistent(&mc);
        for (t, m) in truth.players.iter().zip(&mc.players) {
            assert!(m.stderr > 0.0);
            assert!(
                (t.equity - m.equity).abs() <= 4.0 * m.stderr,
                "{hands:?}: exact {} vs {} ± {}",
                t.equity,
                m.equity,
                m.stderr
            );
        }
    }
}

#[test]
fn monte_carlo_does_not_depend_on_threads() {
    let run = |threads: usize, hands: &[&str]| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| monte_carlo(hands, "", 100_000, 42))
    };
    for hands in [&["AhKh", "QsQd"][..], &["QQ+", "random", "AK"][..]] {
        let one = run(1, hands);
        assert_eq!(one, run(2, hands));
        assert_eq!(one, run(3, hands));
        assert_ne!(one, monte_carlo(hands, "", 100_000, 43));
    }
}

#[test]
fn monte_carlo_stops_on_target_or_deadline() {
    let run = |hands: &[&str], options: EquityOptions<'_>| {
        let options = EquityOptions {
            method: Method::MonteCarlo,
            ..options
        };
        equity(&players(hands), CardSet::EMPTY, CardSet::EMPTY, &options).unwrap()
    };
    let d = EquityOptions::default();
    let target = EquityOptions {
        target_stderr: Some(0.002),
        seed: 3,
        ..d
    };
    let r = run(&["AhKh", "QsQd"], target);
    assert!(r.stderr <= 0.002 && r.deals < 1_000_000, "{r:?}");
    let late = EquityOptions {
        deadline: Some(Instant::now()),
        ..d
    };
    let passed = equity(
        &players(&["AhKh", "QsQd"]),
        CardSet::EMPTY,
        CardSet::EMPTY,
        &EquityOptions {
            method: Method::MonteCarlo,
            ..late
        },
    );
    assert!(
        matches!(passed, Err(Error::NoDealInTime { .. })),
        "{passed:?}"
    );
    let soon = EquityOptions {
        deadline: Some(Instant::now() + Duration::from_millis(50)),
        ..d
    };
    let start = Instant::now();
    let r = run(&["random"; 6], soon);
    assert!(start.elapsed() < Duration::from_secs(2));
    assert_consistent(&r);
}

#[test]
fn auto_chooses_and_says_which() {
    let options = EquityOptions::default();
    let r = equity(
        &players(&["AhKh", "QsQd"]),
        CardSet::EMPTY,
        CardSet::EMPTY,
        &options,
    )
    .unwrap();
    assert_eq!(r.method, Method::Exact);
    let r = equity(
        &players(&["random"; 3]),
        CardSet::EMPTY,
        CardSet::EMPTY,
        &options,
    )
    .unwrap();
    assert_eq!(r.method, Method::MonteCarlo);
    assert_eq!(r.deals, 1_000_000);
    assert_close(r.players[0].equity, 1.0 / 3.0, 4.0 * r.stderr);
    // A range against a random hand with a dead card (past the pre-flop table) is
    // seconds of exact work: Monte Carlo.
    let r = equity(
        &players(&["QQ+, AKs", "random"]),
        CardSet::EMPTY,
        cards("2c"),
        &options,
    )
    .unwrap();
    assert_eq!(r.method, Method::MonteCarlo);
}

fn omaha(texts: &[&str], board: &str, game: Game, method: Method) -> EquityResult {
    let options = EquityOptions {
        game,
        method,
        samples: (method == Method::MonteCarlo).then_some(200_000),
        seed: 5,
        ..EquityOptions::default()
    };
    equity(&players(texts), cards(board), CardSet::EMPTY, &options).unwrap()
}

#[test]
fn omaha_hilo_reference() {
    let r = omaha(
        &["As2s3d4d", "KhKcQhQc"],
        "",
        Game::OmahaHiLo,
        Method::Exact,
    );
    assert_eq!(r.deals, 1_086_008);
    assert_close(r.players[0].equity, 0.550647, 5e-7);
    assert_consistent(&r);
    for p in &r.players {
        let (high, low) = (p.high.unwrap(), p.low.unwrap());
        assert_close(high + low, p.equity, 1e-12);
        assert_eq!(p.scoop, Some(p.win));
    }
    let auto = omaha(&["As2s3d4d", "KhKcQhQc"], "", Game::OmahaHiLo, Method::Auto);
    assert_eq!(auto.method, Method::Exact);
}

#[test]
fn omaha_monte_carlo_agrees_with_exact() {
    for (hands, board, game) in [
        (&["AhKhQdJd", "9s8s7c6c"][..], "2h3h9d", Game::Omaha),
        (
            &["As2s3d4d5c", "KhKcQhQcJd", "9s8s7c6c2h"][..],
            "",
            Game::Omaha,
        ),
        (
            &["As2s3d4d", "KhKcQhQc", "5h6h7d8d"][..],
            "2d9cTs",
            Game::OmahaHiLo,
        ),
    ] {
        let truth = omaha(hands, board, game, Method::Exact);
        let mc = omaha(hands, board, game, Method::MonteCarlo);
        assert_consistent(&mc);
        for (t, m) in truth.players.iter().zip(&mc.players) {
            assert!((t.equity - m.equity).abs() <= 4.0 * m.stderr, "{hands:?}");
        }
    }
    let r = omaha(&["AhAsKhKs", "random"], "", Game::Omaha, Method::Auto);
    assert_eq!(r.method, Method::MonteCarlo);
    assert!(
        r.players[0].equity > 0.6 && r.players[0].equity < 0.75,
        "{r:?}"
    );
}

#[test]
fn omaha_errors() {
    let o = EquityOptions {
        game: Game::Omaha,
        ..EquityOptions::default()
    };
    assert!(matches!(
        error(&["AhKh", "QsQd"], "", "", &o),
        Error::CardCount { got: 2, .. }
    ));
    assert!(matches!(
        error(&["AhKhQhJh", "QsQdTs9s8s"], "", "", &o),
        Error::CardCount { got: 5, .. }
    ));
    assert!(matches!(
        error(&["AhKhQhJh", "QQ+"], "", "", &o),
        Error::InvalidSetting {
            name: "players",
            ..
        }
    ));
    let exact = EquityOptions {
        method: Method::Exact,
        ..o
    };
    assert!(matches!(
        error(&["AhKhQhJh", "random"], "", "", &exact),
        Error::InvalidSetting { name: "method", .. }
    ));
    let mut crowd = vec!["AhKhQhJhTh9h"];
    crowd.extend(["random"; 9]);
    assert_eq!(
        error(&crowd, "", "", &o),
        Error::DeckExhausted {
            wanted: 59,
            left: 46
        }
    );
}

/// The error of a request, without its location (tested in `errors_name_their_place`).
fn error(texts: &[&str], board: &str, dead: &str, options: &EquityOptions<'_>) -> Error {
    located(texts, board, dead, options).inner().clone()
}

fn located(texts: &[&str], board: &str, dead: &str, options: &EquityOptions<'_>) -> Error {
    equity(&players(texts), cards(board), cards(dead), options).unwrap_err()
}

#[test]
fn errors_name_their_place() {
    let d = EquityOptions::default();
    let cases: [(&[&str], &str, &str, Option<Location>); 8] = [
        (&["AhKh", "AhQd"], "", "", Some(Location::Player(1))),
        (&["AhKh", "QsQd"], "2c7dAh", "", Some(Location::Board)),
        (&["AhKh", "QsQd"], "", "Qd", Some(Location::Dead)),
        (&["AhKh", "QsQd"], "2c7d9c", "9c", Some(Location::Dead)),
        (&["AhKh", "QsQd"], "2c7d", "", Some(Location::Board)),
        (&["AhKhQh", "QsQd"], "", "", Some(Location::Player(0))),
        (&["AhKh", "AA"], "2c7dAs", "Ad", Some(Location::Player(1))),
        (&["AA", "AA", "AA"], "", "", None),
    ];
    for (hands, board, dead, want) in cases {
        let err = located(hands, board, dead, &d);
        assert_eq!(err.location(), want, "{hands:?} {board} {dead}: {err}");
        if let Some(place) = want {
            assert!(
                err.to_string().starts_with(&format!("{place}: "))
                    || matches!(err, Error::NoPossibleHand { .. })
            );
        }
    }
}

#[test]
fn every_error_path() {
    let d = EquityOptions::default();
    let eleven = vec!["random"; MAX_PLAYERS + 1];
    assert_eq!(
        error(&eleven, "", "", &d),
        Error::PlayerCount {
            got: 11,
            expected: "2 to 10"
        }
    );
    assert!(matches!(
        error(&["AhKh"], "", "", &d),
        Error::PlayerCount { got: 1, .. }
    ));
    let many = "2c2d2h2s3c3d3h3s4c4d4h4s5c5d5h5s6c6d6h6s7c7d7h7s8c8d8h8s9c9d9h9sTcTdThTs";
    assert_eq!(
        error(&["random"; 10], "", many, &d),
        Error::DeckExhausted {
            wanted: 25,
            left: 16
        }
    );
    assert_eq!(
        error(&["AhKh", "AhQd"], "", "", &d),
        Error::DuplicateCard { card: "Ah".into() }
    );
    assert_eq!(
        error(&["AhKh", "QsQd"], "2c7dAh", "", &d),
        Error::DuplicateCard { card: "Ah".into() }
    );
    assert_eq!(
        error(&["AhKh", "QsQd"], "", "Qd", &d),
        Error::DuplicateCard { card: "Qd".into() }
    );
    assert_eq!(
        error(&["AhKh", "AA"], "As", "Ad", &d),
        Error::CardCount {
            what: "a board",
            expected: "0, 3, 4 or 5",
            got: 1
        }
    );
    assert_eq!(
        error(&["AhKh", "AA"], "2c7dAs", "Ad", &d),
        Error::NoPossibleHand { player: Some(1) }
    );
    for method in [Method::Exact, Method::MonteCarlo, Method::Auto] {
        let o = EquityOptions { method, ..d };
        assert_eq!(
            error(&["AA", "AA", "AA"], "", "", &o),
            Error::NoPossibleHand { player: None },
            "{method:?}"
        );
    }
    for board in ["2c7d", "2c7d9hTsJsQs"] {
        assert!(matches!(
            error(&["AhKh", "QsQd"], board, "", &d),
            Error::CardCount {
                what: "a board",
                ..
            }
        ));
    }
    assert!(matches!(
        error(&["AhKhQh", "QsQd"], "", "", &d),
        Error::CardCount { got: 3, .. }
    ));
    let zero = EquityOptions {
        samples: Some(0),
        ..d
    };
    assert!(matches!(
        error(&["AhKh", "QsQd"], "", "", &zero),
        Error::InvalidSetting {
            name: "samples",
            ..
        }
    ));
    let bad_target = EquityOptions {
        target_stderr: Some(-1.0),
        ..d
    };
    assert!(matches!(
        error(&["AhKh", "QsQd"], "", "", &bad_target),
        Error::InvalidSetting {
            name: "target_stderr",
            ..
        }
    ));
    let e = checked_samples(-5).unwrap_err();
    assert_eq!(
        e.to_string(),
        "samples = -5 is not allowed: expected a positive number of deals"
    );
    assert_eq!(checked_samples(10), Ok(10));
    assert_eq!(
        "poker".parse::<Game>(),
        Err(Error::UnknownGame {
            name: "poker".into()
        })
    );
    assert_eq!("omaha-hilo".parse::<Game>(), Ok(Game::OmahaHiLo));
    assert!(matches!(
        "AK+x".parse::<Player>(),
        Err(Error::InvalidRange { .. })
    ));
    let stop = AtomicBool::new(true);
    for method in [Method::Exact, Method::MonteCarlo] {
        let o = EquityOptions {
            method,
            cancel: Some(&stop),
            ..d
        };
        assert_eq!(error(&["AhKh", "QsQd"], "", "", &o), Error::Interrupted);
    }
    let too_many = EquityOptions {
        method: Method::Exact,
        ..d
    };
    assert!(matches!(
        error(&["random"; 4], "", "", &too_many),
        Error::TooManyDeals { .. }
    ));
    // Every message is a sentence naming the problem.
    for e in [
        error(&eleven, "", "", &d),
        error(&["AA", "AA", "AA"], "", "", &d),
        error(&["AhKh", "AA"], "2c7dAs", "Ad", &d),
    ] {
        assert!(e.to_string().len() > 20, "{e}");
    }
}

/// Every hand the deck can deal, as a range: the same deals as `"random"`, but counted
/// by enumeration rather than read from the pre-flop table.
fn every_hand() -> Player {
    Player::Range(Range::random())
}

#[test]
fn preflop_table_matches_enumeration() {
    let options = EquityOptions::default();
    for (hero, other) in [
        ("AhAs", "random"),
        ("7h2s", "random"),
        ("random", "Ts9s"),
        ("QQ+, AKs, 0.5(JJ)", "random"),
    ] {
        let table = equity(
            &players(&[hero, other]),
            CardSet::EMPTY,
            CardSet::EMPTY,
            &options,
        )
        .unwrap();
        assert_eq!(table.method, Method::Exact);
        assert!(table.exact);
        assert_consistent(&table);
        let live_players: Vec<Player> = [hero, other]
            .iter()
            .map(|t| match *t {
                "random" => every_hand(),
                t => t.parse().unwrap(),
            })
            .collect();
        let exact = EquityOptions {
            method: Method::Exact,
            ..options
        };
        let live = equity(&live_players, CardSet::EMPTY, CardSet::EMPTY, &exact).unwrap();
        assert_eq!(table.deals, live.deals, "{hero} vs {other}");
        for (t, l) in table.players.iter().zip(&live.players) {
            assert_close(t.equity, l.equity, 1e-12);
            assert_close(t.win, l.win, 1e-12);
            assert_close(t.tie, l.tie, 1e-12);
            for (a, b) in t.categories.iter().zip(&l.categories) {
                assert_close(*a, *b, 1e-12);
            }
        }
    }
    // Board, dead cards or a Monte Carlo request bypass the table.
    let mc = EquityOptions {
        method: Method::MonteCarlo,
        samples: Some(10_000),
        ..options
    };
    let r = equity(
        &players(&["AhAs", "random"]),
        CardSet::EMPTY,
        CardSet::EMPTY,
        &mc,
    )
    .unwrap();
    assert_eq!(r.method, Method::MonteCarlo);
}

#[test]
fn preflop_table_regenerates() {
    use pokerforge_core::equity::preflop::{enumerate, table};
    use pokerforge_core::starting_hands::{class_name, CLASSES};
    let table = table().expect("the committed table parses");
    // A sample keeps the test short: a pair, suited, offsuit, both ends of the chart.
    for index in [0, 1, 13, 84, 168, CLASSES - 2] {
        assert_eq!(
            enumerate(index),
            Some(table[index]),
            "{:?}",
            class_name(index)
        );
    }
    assert_close(table[0].equity(), 0.852037, 5e-7);
}

#[test]
fn exact_stops_at_its_deadline() {
    // About a second of exact work on one thread: given 200 ms.
    let hands = players(&["AhKh", "random", "random"]);
    let board = cards("2h7h9cTd");
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let run = |method| {
        let options = EquityOptions {
            method,
            seed: 9,
            deadline: Some(Instant::now() + Duration::from_millis(200)),
            ..EquityOptions::default()
        };
        let start = Instant::now();
        let result = pool.install(|| equity(&hands, board, CardSet::EMPTY, &options));
        (result, start.elapsed())
    };
    let (exact, took) = run(Method::Exact);
    assert!(matches!(exact, Err(Error::OutOfTime { .. })), "{exact:?}");
    assert!(took < Duration::from_secs(2), "{took:?}");
    // Auto hands over to Monte Carlo for the rest of the time.
    let (auto, _) = run(Method::Auto);
    let auto = auto.unwrap();
    assert_eq!((auto.method, auto.seed), (Method::MonteCarlo, Some(9)));
    assert!(auto.deals > 0);
}

#[test]
fn a_run_cut_by_its_deadline_replays_from_seed_and_samples() {
    let hands = players(&["QQ+, AKs", "TT-77, AQ", "random"]);
    for millis in [40, 120] {
        let cut = EquityOptions {
            method: Method::MonteCarlo,
            seed: 11,
            deadline: Some(Instant::now() + Duration::from_millis(millis)),
            ..EquityOptions::default()
        };
        let first = equity(&hands, CardSet::EMPTY, CardSet::EMPTY, &cut).unwrap();
        assert!(first.deals > 0);
        let replay = EquityOptions {
            method: Method::MonteCarlo,
            seed: 11,
            samples: Some(first.deals),
            ..EquityOptions::default()
        };
        let again = equity(&hands, CardSet::EMPTY, CardSet::EMPTY, &replay).unwrap();
        assert_eq!(first, again, "{millis} ms");
    }
}

#[test]
fn crowded_ranges_are_sampled_not_refused() {
    // Ten players on 22+ clash on most joint draws, and on TT+ (five ranks for ten
    // players) only about one draw in a million fits; valid deals exist in both (ten of
    // them take TT+ about 10 million draws).
    for range in ["22+", "TT+"] {
        let options = EquityOptions {
            method: Method::MonteCarlo,
            samples: Some(10),
            seed: 2,
            deadline: Some(Instant::now() + Duration::from_secs(30)),
            ..EquityOptions::default()
        };
        let r = equity(
            &players(&[range; 10]),
            CardSet::EMPTY,
            CardSet::EMPTY,
            &options,
        )
        .unwrap();
        assert!(r.deals > 0, "{range}");
        let total: f64 = r.players.iter().map(|p| p.equity).sum();
        assert!((total - 1.0).abs() < 1e-9, "{range}: {total}");
    }
}

#[test]
fn combos_listed_with_commas_are_a_range_and_cards_a_hand() {
    // Two-card combos separated by commas are a range of those combos; the same cards
    // together, or listed one by one, are a hand.
    let listed: Player = "AsKs, AhKh".parse().unwrap();
    let Player::Range(range) = &listed else {
        panic!("a list of combos is a range, not {listed:?}");
    };
    assert_eq!(range.combos().len(), 2);
    assert_eq!(
        "AsKs".parse::<Player>().unwrap(),
        Player::Hand(cards("AsKs"))
    );
    assert_eq!(
        "As,Ks".parse::<Player>().unwrap(),
        Player::Hand(cards("AsKs"))
    );
    assert_eq!(
        "AsKsAhKh".parse::<Player>().unwrap(),
        Player::Hand(cards("AsKsAhKh"))
    );
    let vs_queens = exact(&["AsKs, AhKh", "QdQc"], "", "");
    let alone = exact(&["AsKs", "QdQc"], "", "");
    assert_close(vs_queens.players[0].equity, alone.players[0].equity, 1e-12);
}
