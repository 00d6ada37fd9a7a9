//! Work sized before it starts: for every game, the largest exact question is refused by
//! name with its figure before any work or allocation, and the questions just inside the
//! bounds stop at their deadline instead of running on (no timing is asserted: a refusal
//! is an error returned, a stop is `OutOfTime`).

use std::time::{Duration, Instant};

use pokerforge_core::equity::draw::{draw_equity, plan as draw_plan, Draw};
use pokerforge_core::equity::plan;
use pokerforge_core::{equity, CardSet, EquityOptions, Error, Game, Method, Player};

fn players(texts: &[&str]) -> Vec<Player> {
    texts.iter().map(|t| t.parse().unwrap()).collect()
}

fn cards(text: &str) -> CardSet {
    text.parse().unwrap()
}

fn exact(game: Game) -> EquityOptions<'static> {
    EquityOptions {
        game,
        method: Method::Exact,
        ..EquityOptions::default()
    }
}

/// The refusal of an exact plan, which must be [`Error::TooManyDeals`] naming the method.
fn refused(texts: &[&str], board: &str, dead: &str, game: Game) -> Error {
    let Err(err) = plan(&players(texts), cards(board), cards(dead), &exact(game)) else {
        panic!("{game:?} {texts:?} was planned");
    };
    assert!(
        matches!(err, Error::TooManyDeals { .. }),
        "{game:?} {texts:?}: {err}"
    );
    assert_eq!(err.field().as_deref(), Some("method"));
    err
}

#[test]
fn holdem_two_random_hands_and_a_dead_card_are_refused_with_the_figure() {
    // About 2e12 deals: the estimate alone refuses it, before any class is listed.
    let err = refused(&["random", "random"], "", "2c", Game::Holdem);
    let text = err.to_string();
    assert!(
        text.contains("exact Hold'em equity") && text.contains("deals"),
        "{text}"
    );
    assert!(text.contains("60 s of one thread"), "{text}");
    // Monte Carlo and auto answer the same question.
    for method in [Method::Auto, Method::MonteCarlo] {
        let options = EquityOptions {
            method,
            samples: Some(10_000),
            ..EquityOptions::default()
        };
        let result = equity(
            &players(&["random", "random"]),
            CardSet::EMPTY,
            cards("2c"),
            &options,
        );
        assert!(result.is_ok(), "{method:?}");
    }
}

#[test]
fn the_largest_board_game_questions_are_refused() {
    refused(&["random"; 10], "", "", Game::Holdem);
    refused(&["random"; 3], "", "", Game::Holdem);
    refused(&["22+, A2+, K2+", "random", "random"], "", "", Game::Holdem);
    refused(&["random"; 3], "", "", Game::ShortDeck);
    refused(&["random"; 10], "", "", Game::ShortDeck);
    // Omaha with a random player has no exact count at all (every hand must be known).
    let err = plan(
        &players(&["AhKhQdJd", "random"]),
        CardSet::EMPTY,
        CardSet::EMPTY,
        &exact(Game::Omaha),
    )
    .unwrap_err();
    assert!(
        matches!(err, Error::InvalidSetting { name: "method", .. }),
        "{err}"
    );
}

#[test]
fn the_largest_stud_questions_are_refused() {
    for game in [Game::Stud, Game::StudHiLo, Game::Razz] {
        let err = refused(&["random"; 8], "", "", game);
        assert!(err.to_string().contains("completions"), "{err}");
        refused(&["random"; 3], "", "", game);
    }
}

#[test]
fn the_stud_question_that_once_took_26_gb_is_refused() {
    // 15 million completions of the random hand, each with 32 more: one set of counts per
    // completion was 26 GB and aborted the process. Half a billion completions now pass
    // the bound and are refused before any is listed.
    for game in [Game::Stud, Game::StudHiLo, Game::Razz] {
        let err = refused(&["random", "9s9cAs4s9dQsTc", "9hTh6c4c2h7c"], "", "", game);
        assert!(err.to_string().contains("5.2e8 completions"), "{err}");
    }
}

#[test]
fn a_stud_question_inside_the_bound_stops_at_its_deadline() {
    // 12.6 million completions of the random hand at the first level, against two
    // complete hands: counted in batches, in a few megabytes (a set of counts each was
    // 21 GB), and stopped at the deadline.
    let hands = ["random", "9s9cAs4s9dQsTc", "9hTh6c4c2h7cKd"];
    for game in [Game::Stud, Game::StudHiLo, Game::Razz] {
        let options = EquityOptions {
            deadline: Some(Instant::now() + Duration::from_millis(50)),
            ..exact(game)
        };
        match equity(&players(&hands), CardSet::EMPTY, CardSet::EMPTY, &options) {
            // The limit as the computation measured it from its own start: at most the
            // 50 ms given, less where the thread started late (a starved test run).
            Err(Error::OutOfTime { seconds }) => {
                let s: f64 = seconds.parse().unwrap();
                assert!(0.0 < s && s <= 0.050, "{seconds}");
            }
            other => panic!("{game:?}: {other:?}"),
        }
    }
}

#[test]
fn the_largest_draw_questions_are_refused() {
    // Heads-up five-card draw, both throwing five: about 3.7e11 sets of replacements.
    let options = exact(Game::FiveCardDraw);
    let err = draw_plan(
        &players(&["2c3c4c5c7d", "8h9hThJhKs"]),
        CardSet::EMPTY,
        CardSet::EMPTY,
        &[Draw::Count(5), Draw::Count(5)],
        Some(1),
        &options,
    )
    .unwrap_err();
    assert!(matches!(err, Error::TooManyDeals { .. }), "{err}");
    assert!(
        err.to_string().contains("sets of replacement cards"),
        "{err}"
    );
    for game in [
        Game::Deuce7SingleDraw,
        Game::Deuce7TripleDraw,
        Game::A5TripleDraw,
    ] {
        let err = draw_plan(
            &players(&["2c3c4c5c7d", "8h9hThJhKs", "2d3d4d5d7h"]),
            CardSet::EMPTY,
            CardSet::EMPTY,
            &[Draw::Count(5); 3],
            Some(1),
            &exact(game),
        )
        .unwrap_err();
        assert!(matches!(err, Error::TooManyDeals { .. }), "{game:?}: {err}");
    }
    let err = draw_plan(
        &players(&["2c3d4h5s", "6c7d8h9s", "Tc9d8s7h", "2h3s4c5d"]),
        CardSet::EMPTY,
        CardSet::EMPTY,
        &[Draw::Count(4); 4],
        Some(1),
        &exact(Game::Badugi),
    )
    .unwrap_err();
    assert!(matches!(err, Error::TooManyDeals { .. }), "{err}");
}

#[test]
fn six_badugi_hands_drawing_one_stop_at_the_deadline() {
    // 28 choices for the first drawer, each of ten million sets: the deadline was once
    // asked only between the first drawer's choices, so the count ran on for seconds.
    let hands = [
        "2c3d4h5s", "6c7d8h9s", "Tc9d8c7h", "2h3s4c5d", "6h7s8d9c", "ThJsQdKc",
    ];
    let options = EquityOptions {
        deadline: Some(Instant::now() + Duration::from_millis(20)),
        ..exact(Game::Badugi)
    };
    let result = draw_equity(
        &players(&hands),
        CardSet::EMPTY,
        &[Draw::Count(1); 6],
        Some(1),
        &options,
    );
    assert!(matches!(result, Err(Error::OutOfTime { .. })), "{result:?}");
}

#[test]
fn omaha_exact_stops_at_a_deadline_inside_its_boards() {
    let options = EquityOptions {
        deadline: Some(Instant::now() + Duration::from_millis(2)),
        ..exact(Game::OmahaHiLo)
    };
    let result = equity(
        &players(&["AhKhQdJd", "2c3c4s5s"]),
        CardSet::EMPTY,
        CardSet::EMPTY,
        &options,
    );
    assert!(matches!(result, Err(Error::OutOfTime { .. })), "{result:?}");
}

#[test]
fn icm_tables_of_a_million_players_are_refused_before_they_are_made() {
    use pokerforge_core::icm::{bubble_factors, finish_probabilities, Model};
    // Two players with chips and a million without: the tables would be 8 TB.
    let mut stacks = vec![0.0; 1_000_000];
    stacks[0] = 5.0;
    stacks[1] = 3.0;
    let err = finish_probabilities(&stacks, stacks.len(), Model::Harville).unwrap_err();
    assert!(
        matches!(err, Error::InvalidSetting { name: "stacks", .. }),
        "{err}"
    );
    let err = bubble_factors(&stacks[..5000], &[1.0], Model::Harville, &|| false).unwrap_err();
    assert!(err.to_string().contains("at most 4096 players"), "{err}");
    // A few places of many players still fit.
    let table = finish_probabilities(&stacks[..100_000], 3, Model::Harville).unwrap();
    assert_eq!((table.len(), table[0].len()), (100_000, 3));
}

#[test]
fn icm_of_the_largest_and_smallest_stacks_is_a_number() {
    use pokerforge_core::icm::{icm, IcmMethod, IcmOptions, Model};
    // Found by the fuzz target: one stack of f64::MAX gave Weitzman NaN, two of 1e-320
    // gave Harville infinity.
    for model in [Model::Harville, Model::Weitzman] {
        for method in [IcmMethod::Exact, IcmMethod::MonteCarlo] {
            let options = IcmOptions {
                model,
                method,
                samples: Some(1000),
                seed: Some(1),
            };
            let one = icm(&[f64::MAX], &[1.0], &options, &|| false).unwrap();
            assert_eq!(one.equities, vec![1.0], "{model:?} {method:?}");
            let tiny = icm(&[1e-320, 1e-320], &[1.0, 0.5], &options, &|| false).unwrap();
            // Sampled: within a few standard errors (about 0.008) of 0.75 each.
            assert!(
                tiny.equities.iter().all(|e| (e - 0.75).abs() < 0.03),
                "{model:?} {method:?}: {:?}",
                tiny.equities
            );
            let none = icm(&[f64::MAX], &[], &options, &|| false).unwrap();
            assert_eq!(none.equities, vec![0.0], "{model:?} {method:?}");
        }
    }
}

#[test]
fn categories_counted_later_are_sized_first() {
    // The heads-up table answers wide ranges without categories; counting them later is
    // an exact count like any other, refused past its bound (it once ran for minutes).
    let options = EquityOptions {
        skip_categories: true,
        ..EquityOptions::default()
    };
    let every = "22+, A2+, K2+, Q2+, J2+, T2+, 92+, 82+, 72+, 62+, 52+, 42+, 32";
    let wide = players(&[every, every]);
    let table = plan(&wide, CardSet::EMPTY, CardSet::EMPTY, &options).unwrap();
    assert!(table.check_exact().is_ok(), "the table itself is no count");
    let later = table.counting_categories();
    assert!(
        matches!(later.check_exact(), Err(Error::TooManyDeals { .. })),
        "{:?}",
        later.exact_seconds()
    );
    let narrow = players(&["QQ+, AKs", "JJ-99"]);
    let table = plan(&narrow, CardSet::EMPTY, CardSet::EMPTY, &options).unwrap();
    assert!(table.counting_categories().check_exact().is_ok());
}
