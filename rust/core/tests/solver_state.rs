//! The solver's state: node locking, and save and load of a game.

use pokerforge_core::solver::{Action, BetSizes, Edge, Game, GameOptions, SolveOptions, Spot};
use pokerforge_core::{CardSet, Error, Range};

fn board(text: &str) -> CardSet {
    CardSet::from_cards(CardSet::parse_cards(text).unwrap()).unwrap()
}

fn options(target: f64, max_iterations: u32) -> SolveOptions {
    SolveOptions {
        target,
        max_iterations,
        time_limit: None,
        check_every: 10,
    }
}

/// The polarized river of the solver tests: sets of kings and queen-jack suited against
/// aces, one pot-sized bet, no raise, the second player never betting.
fn polarized() -> Spot {
    let ranges = [Range::parse("KK,QJs").unwrap(), Range::parse("AA").unwrap()];
    let mut spot = Spot::new(board("Kh9d5c3s2h"), ranges, 100, 100, "100%", "").unwrap();
    spot.sizes[2][1] = BetSizes::default();
    spot
}

fn bet_node(game: &Game) -> usize {
    game.children(game.root())
        .into_iter()
        .find_map(|(e, c)| matches!(e, Edge::Action(Action::AllIn(_))).then_some(c))
        .unwrap()
}

/// Locking the bluff-catchers into always calling makes bluffing lose: the first player's
/// air stops betting, while the sets keep betting; unlocking gives the closed form back.
#[test]
fn a_locked_caller_is_exploited() {
    let mut game = Game::new(polarized(), GameOptions::default()).unwrap();
    let node = bet_node(&game);
    let n = game.hands(1).len();
    let mut always_call = vec![0.0f32; 2 * n];
    always_call[n..].fill(1.0);
    game.lock(node, &always_call).unwrap();
    game.solve(&options(0.01, 3000), &mut |_| false).unwrap();
    let strategy = game.strategy(game.root()).unwrap();
    let hands = game.hands(0);
    let m = hands.len();
    for (h, (combo, _)) in hands.iter().enumerate() {
        let bet = strategy[m + h];
        if combo.to_string().starts_with('K') {
            assert!(bet > 0.99, "{combo} bets {bet}");
        } else {
            assert!(bet < 0.01, "{combo} bluffs {bet}");
        }
    }
    let locked = game.strategy(node).unwrap();
    assert!(locked[n..].iter().all(|&x| x == 1.0));
    // Bad locks are refused by name.
    assert!(matches!(
        game.lock(node, &always_call[1..]),
        Err(Error::InvalidSetting {
            name: "strategy",
            ..
        })
    ));
    let mut half = always_call.clone();
    half[n] = 0.5;
    assert!(game.lock(node, &half).is_err());
    assert!(game.lock(game.root() + 10_000, &always_call).is_err());
    assert!(game.unlock(node));
    assert!(!game.unlock(node));
}

/// A solved game saved and loaded answers the same, compressed or not; a changed byte, a
/// cut file, or another format are refused by name.
#[test]
fn a_saved_game_loads_back_the_same() {
    for compressed in [false, true] {
        let ranges = [
            Range::parse("TT+,AQs+,98s").unwrap(),
            Range::parse("99+,AJs+,T9s").unwrap(),
        ];
        let mut spot = Spot::new(board("Td9d6hQc"), ranges, 100, 300, "50%, a", "2.5x").unwrap();
        spot.rake_rate = 0.05;
        spot.rake_cap = 5.0;
        let options_ = GameOptions {
            compressed,
            ..GameOptions::default()
        };
        let mut game = Game::new(spot, options_).unwrap();
        game.solve(&options(1.0, 40), &mut |_| false).unwrap();
        let n = game.hands(0).len();
        let mut lock = vec![f32::NAN; 3 * n];
        lock[0] = 1.0;
        lock[n] = 0.0;
        lock[2 * n] = 0.0;
        game.lock(game.root(), &lock).unwrap();
        let bytes = game.save();
        let loaded = Game::load(&bytes, 1 << 30).unwrap();
        assert_eq!(loaded.iterations(), game.iterations());
        assert_eq!(loaded.strategy(0).unwrap(), game.strategy(0).unwrap());
        assert_eq!(
            loaded.compute_exploitability(),
            game.compute_exploitability()
        );
        assert_eq!(loaded.save(), bytes);
        let mut changed = bytes.clone();
        changed[100] ^= 1;
        assert!(matches!(
            Game::load(&changed, 1 << 30),
            Err(Error::InvalidSavedGame { .. })
        ));
        assert!(matches!(
            Game::load(&bytes[..bytes.len() - 1], 1 << 30),
            Err(Error::InvalidSavedGame { .. })
        ));
        assert!(matches!(
            Game::load(b"not a game", 1 << 30),
            Err(Error::InvalidSavedGame { .. })
        ));
        // The caller's memory bound holds on load too.
        assert!(matches!(
            Game::load(&bytes, 1000),
            Err(Error::SolverTooLarge { .. })
        ));
    }
}

/// A line that deals a mirrored card reads the canonical card's subtree in exchanged
/// suits: the strategies match those of a game solved without isomorphism, where the card
/// has a subtree of its own, and the values of each hand add up with the reaches.
#[test]
fn a_line_through_a_mirrored_card_reads_real_suits() {
    let ranges = "TT+,AJs+,KQs,AQo+,87s,76s";
    let build = |isomorphism: bool| {
        let r = [Range::parse(ranges).unwrap(), Range::parse(ranges).unwrap()];
        let s = Spot::new(board("Td9d6d2d"), r, 100, 200, "50%, a", "3x").unwrap();
        let mut game = Game::new(
            s,
            GameOptions {
                isomorphism,
                ..GameOptions::default()
            },
        )
        .unwrap();
        for _ in 0..60 {
            game.iterate();
        }
        game
    };
    let (iso, full) = (build(true), build(false));
    let card = |text: &str| Edge::Card(text.parse::<pokerforge_core::Card>().unwrap().index());
    for river in ["Ah", "As", "Ac", "3h"] {
        let edges = [
            Edge::Action(Action::Check),
            Edge::Action(Action::Check),
            card(river),
        ];
        let a = iso.play(&edges).unwrap();
        let b = full.play(&edges).unwrap();
        let (sa, sb) = (iso.strategy_at(&a).unwrap(), full.strategy_at(&b).unwrap());
        assert_eq!(sa.len(), sb.len());
        for (x, y) in sa.iter().zip(&sb) {
            assert!((x - y).abs() < 2e-3, "{river}: {x} vs {y}");
        }
        let (va, vb) = (iso.hand_values_at(&a, 1), full.hand_values_at(&b, 1));
        for (x, y) in va.iter().zip(&vb) {
            assert!((x - y).abs() < 0.05, "{river}: {x} vs {y}");
        }
        // The hands that hold the river card cannot be there (no hand holds a three).
        let blocked = iso.reach_at(&a)[0].iter().filter(|&&r| r == 0.0).count();
        assert_eq!(blocked > 0, river.starts_with('A'), "{river}: {blocked}");
    }
    // A card on the board, or an action where a card is dealt, is refused by name.
    let root_check = [Edge::Action(Action::Check), Edge::Action(Action::Check)];
    let line = iso.play(&root_check).unwrap();
    assert!(iso.follow(&line, card("Td")).is_err());
    assert!(iso.follow(&line, Edge::Action(Action::Check)).is_err());
    assert!(iso.follow(&iso.line(), Edge::Action(Action::Call)).is_err());
}

/// Donk sizes apply when out of position leads a street after calling the last one; the
/// tree's amounts follow the sizes, the all-in threshold and the raise multiple.
#[test]
fn donk_sizes_lead_after_a_call() {
    let ranges = [
        Range::parse("AA,KK").unwrap(),
        Range::parse("QQ,JJ").unwrap(),
    ];
    let mut spot = Spot::new(board("2c7d9h"), ranges, 100, 1000, "50%", "3x").unwrap();
    spot.donk = [
        Some(vec![pokerforge_core::solver::BetSize::Pot(0.33)]),
        None,
    ];
    let game = Game::new(spot, GameOptions::default()).unwrap();
    let root = game.line();
    assert_eq!(game.actions_at(&root), vec![Action::Check, Action::Bet(50)]);
    let after = |edges: &[Edge]| game.actions_at(&game.play(edges).unwrap());
    let turn = Edge::Card("3s".parse::<pokerforge_core::Card>().unwrap().index());
    let (check, call) = (Edge::Action(Action::Check), Edge::Action(Action::Call));
    // Check, bet 50, call: a pot of 200, so the donk is 66.
    let donk = after(&[check, Edge::Action(Action::Bet(50)), call, turn]);
    assert_eq!(donk, vec![Action::Check, Action::Bet(66)]);
    // Bet 50, call: out of position was the bettor, so the usual 50% (100).
    let lead = after(&[Edge::Action(Action::Bet(50)), call, turn]);
    assert_eq!(lead, vec![Action::Check, Action::Bet(100)]);
    // Facing a bet of 50: fold, call, raise to 3x = 150.
    let facing = after(&[Edge::Action(Action::Bet(50))]);
    assert_eq!(facing, vec![Action::Fold, Action::Call, Action::Raise(150)]);
}
