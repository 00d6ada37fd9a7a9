use super::Game;
use super::*;
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
    assert_eq!(draws, [0, 0, 0, 0, 0, 0, 0, 1, 3, 3, 3, 1]);
    let studs: Vec<_> = VARIANTS
        .iter()
        .filter(|v| v.up_cards())
        .map(|v| v.game)
        .collect();
    assert_eq!(studs, [Game::Stud, Game::StudHiLo, Game::Razz]);
    let boards: Vec<_> = VARIANTS.iter().map(|v| v.board_cards()).collect();
    assert_eq!(boards, [5, 5, 5, 0, 0, 0, 5, 0, 0, 0, 0, 0]);
    let hi_lo: Vec<_> = VARIANTS
        .iter()
        .filter(|v| v.hi_lo())
        .map(|v| v.game)
        .collect();
    assert_eq!(hi_lo, [Game::OmahaHiLo, Game::StudHiLo]);
    assert_eq!(Variant::of(Game::Stud).cards_per_player(), 7);
    assert_eq!(Variant::of(Game::Badugi).cards_per_player(), 4);
}
