use super::Game;
use super::*;
use crate::card_set::CardSet;
use std::collections::HashSet;
use std::str::FromStr;

#[test]
fn rows_are_in_the_order_of_the_game_codes() {
    for (code, row) in VARIANTS.iter().enumerate() {
        assert_eq!(row.game as usize, code, "{}", row.name);
        assert_eq!(Variant::of(row.game).name, row.name);
        assert_eq!(row.game.name(), row.name);
    }
}

#[test]
fn every_name_alias_and_code_is_one_game_s() {
    let mut seen = HashSet::new();
    for row in &VARIANTS {
        for name in std::iter::once(&row.name).chain(row.aliases) {
            assert!(seen.insert(name.to_string()), "{name} twice");
            assert_eq!(Variant::named(name).map(|v| v.game), Some(row.game));
            assert_eq!(Game::from_str(name).ok(), Some(row.game), "{name}");
            assert_eq!(*name, name.to_ascii_lowercase().replace('_', "-"));
        }
        for (structure, code) in row.phh {
            assert!(row.structures.contains(structure), "{code}");
            assert_eq!(Variant::of_phh(code), Some((row, *structure)));
        }
        let codes: HashSet<_> = row.phh.iter().map(|(s, _)| s).collect();
        assert_eq!(
            codes.len(),
            row.phh.len(),
            "{}: a structure coded twice",
            row.name
        );
    }
    assert_eq!(
        Variant::named(" Seven_Card_Stud ").map(|v| v.game),
        Some(Game::Stud)
    );
    assert_eq!(
        Variant::named("F7S/8").map(|v| v.game),
        Some(Game::StudHiLo)
    );
    assert!(Variant::named("pineapple").is_none());
}

#[test]
fn a_full_table_is_dealt_from_the_deck() {
    for row in &VARIANTS {
        assert_eq!(
            usize::from(row.hole_cards[0]),
            row.cards_per_player(),
            "{}",
            row.name
        );
        let dealt = row.cards_per_player() * usize::from(row.max_players);
        let needed = dealt + row.board_cards() + row.burns();
        if row.up_cards() {
            // Rule 41: eight players reaching seventh street may run the deck short, and a
            // common card is turned instead; every street before it is dealt in full.
            let last = row.streets[row.streets.len() - 1];
            let before = dealt - usize::from(last.down + last.up) * usize::from(row.max_players);
            assert!(
                before + row.burns() <= usize::from(row.deck),
                "{}",
                row.name
            );
        } else {
            assert!(
                needed <= usize::from(row.deck),
                "{}: {needed} cards",
                row.name
            );
        }
        assert!(row.high.is_some() || row.low.is_some(), "{}", row.name);
        assert_eq!(
            row.streets[0].burn, 0,
            "{}: a burn before the first deal",
            row.name
        );
    }
}

#[test]
fn families_are_read_from_the_streets() {
    let draws: Vec<_> = VARIANTS.iter().map(|v| v.draw_rounds()).collect();
    assert_eq!(draws, [0, 0, 0, 0, 0, 0, 0, 1, 3, 3, 3, 1, 0, 0, 0]);
    let studs: Vec<_> = VARIANTS
        .iter()
        .filter(|v| v.up_cards())
        .map(|v| v.game)
        .collect();
    assert_eq!(studs, [Game::Stud, Game::StudHiLo, Game::Razz]);
    let boards: Vec<_> = VARIANTS.iter().map(|v| v.board_cards()).collect();
    assert_eq!(boards, [5, 5, 5, 0, 0, 0, 5, 0, 0, 0, 0, 0, 5, 5, 5]);
    let hi_lo: Vec<_> = VARIANTS
        .iter()
        .filter(|v| v.hi_lo())
        .map(|v| v.game)
        .collect();
    assert_eq!(
        hi_lo,
        [
            Game::OmahaHiLo,
            Game::StudHiLo,
            Game::BigO,
            Game::CourchevelHiLo
        ]
    );
    assert_eq!(Variant::of(Game::Stud).cards_per_player(), 7);
    assert_eq!(Variant::of(Game::Badugi).cards_per_player(), 4);
}

#[test]
fn courchevel_and_big_o_are_five_card_omaha() {
    use crate::equity::{equity, EquityOptions, Method};
    let exact = |game: Game, board: &str| {
        let options = EquityOptions {
            game,
            method: Method::Exact,
            ..EquityOptions::default()
        };
        let players = [
            crate::equity::Player::Hand("AhKhQd2c3c".parse().unwrap()),
            crate::equity::Player::Hand("KsKdJc9c8s".parse().unwrap()),
        ];
        equity(&players, board.parse().unwrap(), CardSet::EMPTY, &options).unwrap()
    };
    // The same cards, the same evaluator: a row's game is its hand kinds.
    let big_o = exact(Game::BigO, "2d7s9h");
    let omaha8 = exact(Game::OmahaHiLo, "2d7s9h");
    assert_eq!(big_o.players[0].equity, omaha8.players[0].equity);
    let courchevel = exact(Game::Courchevel, "2d7s9h");
    assert_eq!(
        courchevel.players[0].equity,
        exact(Game::Omaha, "2d7s9h").players[0].equity
    );
    // Courchevel's board before the first round: one card.
    let preflop = exact(Game::Courchevel, "2d");
    let total: f64 = preflop.players.iter().map(|p| p.equity).sum();
    assert!((total - 1.0).abs() < 1e-9);
    let four = "AhKhQd2c".parse::<crate::CardSet>().unwrap();
    let options = EquityOptions {
        game: Game::BigO,
        ..EquityOptions::default()
    };
    let refused = equity(
        &[
            crate::equity::Player::Hand(four),
            crate::equity::Player::Random,
        ],
        CardSet::EMPTY,
        CardSet::EMPTY,
        &options,
    );
    assert!(refused.is_err(), "Big O is dealt five cards");
}
