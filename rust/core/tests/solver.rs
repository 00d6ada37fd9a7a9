//! The postflop solver against games whose answers are known: Kuhn poker, a polarized
//! river, random spots driven under their target, symmetry of isomorphic boards, and the
//! errors of bad input.

use pokerforge_core::rng::Rng;
use pokerforge_core::solver::{
    Action, BetSizes, Edge, Game, GameOptions, NodeKind, SolveOptions, Spot,
};
use pokerforge_core::{Card, CardSet, Error, Range};

fn board(text: &str) -> CardSet {
    CardSet::from_cards(CardSet::parse_cards(text).unwrap()).unwrap()
}

fn spot(
    board_text: &str,
    oop: &str,
    ip: &str,
    pot: i32,
    stack: i32,
    bets: &str,
    raises: &str,
) -> Spot {
    let ranges = [Range::parse(oop).unwrap(), Range::parse(ip).unwrap()];
    Spot::new(board(board_text), ranges, pot, stack, bets, raises).unwrap()
}

fn solve(game: &mut Game, target: f64, max_iterations: u32) -> f64 {
    let options = SolveOptions {
        target,
        max_iterations,
        time_limit: None,
        check_every: 10,
    };
    game.solve(&options, &mut |_| false).unwrap().exploitability
}

/// The child of `node` along `action`'s kind (the first bet-like action for `Bet(0)`).
fn child(game: &Game, node: usize, pick: fn(&Action) -> bool) -> usize {
    game.children(node)
        .into_iter()
        .find_map(|(e, c)| match e {
            Edge::Action(a) if pick(&a) => Some(c),
            _ => None,
        })
        .expect("the action is in the tree")
}

/// The weighted frequency of action `a` at decision `node` over the hands of `player`
/// whose combo passes `keep`.
fn frequency(
    game: &Game,
    node: usize,
    player: usize,
    a: usize,
    keep: &dyn Fn(&str) -> bool,
) -> f64 {
    let strategy = game.strategy(node).unwrap();
    let hands = game.hands(player);
    let n = hands.len();
    let (mut sum, mut total) = (0.0, 0.0);
    for (h, (combo, w)) in hands.iter().enumerate() {
        if keep(&combo.to_string()) {
            sum += f64::from(strategy[a * n + h] * w);
            total += f64::from(*w);
        }
    }
    sum / total
}

/// Kuhn poker as a river spot: three hole-card pairs that share no card stand for the
/// jack, queen and king (the same pair cannot be dealt to both players, any two others
/// can, all six deals equally likely), an ante of 1 each (pot 2), one bet of 1 (the whole
/// stack), no raise. The first player's game value is -1/18 (Kuhn, 1950).
#[test]
fn kuhn_poker_has_its_game_value() {
    let cards = "4c4d,5c5d,KcKd";
    let kuhn = spot("2c3d7h9sJc", cards, cards, 2, 1, "50%", "");
    let mut game = Game::new(kuhn, GameOptions::default()).unwrap();
    assert_eq!(
        game.actions(game.root()),
        vec![Action::Check, Action::AllIn(1)]
    );
    let exploitability = solve(&mut game, 1e-5, 20_000);
    assert!(exploitability < 1e-3, "{exploitability}");
    let [first, second] = game.values();
    assert!((first + 1.0 / 18.0).abs() < 1e-3, "{first}");
    assert!((first + second).abs() < 1e-6, "{first} {second}");
    // The second player calls a bet with the queen a third of the time (Kuhn's unique
    // answer for the second player), and always with the king.
    let bet = child(&game, game.root(), |a| matches!(a, Action::AllIn(_)));
    let call_queen = frequency(&game, bet, 1, 1, &|c| c.starts_with('5'));
    let call_king = frequency(&game, bet, 1, 1, &|c| c.starts_with('K'));
    assert!((call_queen - 1.0 / 3.0).abs() < 0.02, "{call_queen}");
    assert!(call_king > 0.99, "{call_king}");
}

/// A river where the first player holds the nuts (sets of kings) and air (queen-jack
/// suited), the second only bluff-catchers (aces), one bet of the pot and no raise. At the
/// equilibrium bluffs are b/(p+2b) = 1/3 of the bets, so 1.5 of the 4 air combos bet
/// behind the 3 value combos, and the bluff-catchers call p/(p+b) = 1/2 of the time.
#[test]
fn a_polarized_river_meets_its_closed_form() {
    let (pot, bet) = (100.0, 100.0);
    let mut river = spot("Kh9d5c3s2h", "KK,QJs", "AA", 100, 100, "100%", "");
    river.sizes[2][1] = BetSizes::default();
    let mut game = Game::new(river, GameOptions::default()).unwrap();
    let exploitability = solve(&mut game, 0.01, 20_000);
    assert!(exploitability <= 0.05, "{exploitability}");
    let root = game.root();
    let bet_node = child(&game, root, |a| {
        matches!(a, Action::AllIn(_) | Action::Bet(_))
    });
    let value_bets = frequency(&game, root, 0, 1, &|c| c.starts_with('K'));
    let bluffs = frequency(&game, root, 0, 1, &|c| c.starts_with('Q'));
    let calls = frequency(&game, bet_node, 1, 1, &|_| true);
    assert!(value_bets > 0.99, "{value_bets}");
    let bluff_share = bluffs * 4.0 / (bluffs * 4.0 + value_bets * 3.0);
    assert!(
        (bluff_share - bet / (pot + 2.0 * bet)).abs() < 0.01,
        "{bluff_share}"
    );
    assert!((calls - pot / (pot + bet)).abs() < 0.01, "{calls}");
}

/// A random range of about `share` of the combos, by a seeded draw.
fn random_range(rng: &mut Rng, share: f64) -> Range {
    let mut range = Range::empty();
    for i in 0..1326 {
        if rng.unit_f64() < share {
            let combo = pokerforge_core::Combo::from_index(i).unwrap();
            range
                .set_weight(combo, 0.25 + 0.75 * rng.unit_f64())
                .unwrap();
        }
    }
    range
}

fn random_board(rng: &mut Rng, cards: usize) -> CardSet {
    let mut set = CardSet::EMPTY;
    while set.len() < cards {
        set.insert(Card::from_index(i64::from(rng.below(52))).unwrap());
    }
    set
}

/// Random river and turn spots, random weighted ranges, rake on some: the exploitability
/// of the average strategy falls under 0.5% of the pot, and without rake the two players'
/// values add up to zero (whole-tree chip conservation under the solved strategies).
#[test]
fn random_spots_reach_their_target() {
    let mut rng = Rng::new(47);
    for case in 0..6 {
        let cards = if case % 3 == 2 { 4 } else { 5 };
        let ranges = [random_range(&mut rng, 0.12), random_range(&mut rng, 0.12)];
        let pot = 50 + rng.below(200) as i32;
        let stack = 50 + rng.below(500) as i32;
        let mut s = Spot::new(
            random_board(&mut rng, cards),
            ranges,
            pot,
            stack,
            "33%, 75%, a",
            "2.5x",
        )
        .unwrap();
        if case % 2 == 1 {
            s.rake_rate = 0.05;
            s.rake_cap = 10.0;
        }
        let mut game = Game::new(s.clone(), GameOptions::default()).unwrap();
        let target = f64::from(pot) * 0.005;
        let first = game.compute_exploitability();
        let last = solve(&mut game, target, 2000);
        assert!(
            last <= target,
            "case {case}: {first} -> {last}, target {target}"
        );
        assert!(last >= -1e-3, "case {case}: {last}");
        let [v0, v1] = game.values();
        if s.rake_rate == 0.0 {
            assert!(
                (v0 + v1).abs() < 1e-3 * f64::from(pot),
                "case {case}: {v0} + {v1}"
            );
        } else {
            assert!(
                v0 + v1 <= 1e-6 && v0 + v1 >= -s.rake_cap - 1e-3,
                "case {case}: {v0} + {v1}"
            );
        }
    }
}

/// Exchanging suits on the board and in the ranges gives the same strategies, hand for
/// hand; and solving the mirrored turn cards once (isomorphism) gives the same strategies
/// as solving each of them.
#[test]
fn isomorphic_boards_have_the_same_strategies() {
    let ranges = "TT+,AJs+,KQs,AQo+,87s,76s";
    let sizes = ("50%, a", "3x");
    let solve_on = |b: &str, isomorphism: bool| {
        let s = spot(b, ranges, ranges, 100, 200, sizes.0, sizes.1);
        let options = GameOptions {
            isomorphism,
            ..GameOptions::default()
        };
        let mut game = Game::new(s, options).unwrap();
        for _ in 0..60 {
            game.iterate();
        }
        game
    };
    // Diamonds to hearts and back: the same game with suits renamed.
    let swap = |text: String| -> String {
        text.chars()
            .map(|c| match c {
                'd' => 'h',
                'h' => 'd',
                c => c,
            })
            .collect()
    };
    let a = solve_on("Td9d6d2d", true);
    let b = solve_on("Th9h6h2h", true);
    let c = solve_on("Td9d6d2d", false);
    assert!(c.node_count() > a.node_count());
    // The root (first player) and the node after a check (second player): nodes 0 and 1
    // in each tree, which differ only below the chance nodes.
    for (node, p) in [(0, 0), (1, 1)] {
        let sa = a.strategy(node).unwrap();
        let sb = b.strategy(node).unwrap();
        let sc = c.strategy(node).unwrap();
        let hands_a = a.hands(p);
        let hands_b: Vec<CardSet> = b.hands(p).iter().map(|h| h.0.cards()).collect();
        let n = hands_a.len();
        for (h, (combo, _)) in hands_a.iter().enumerate() {
            let mirrored = board(&swap(combo.to_string()));
            let k = hands_b.iter().position(|&x| x == mirrored).unwrap();
            for action in 0..sa.len() / n {
                let (x, y, z) = (sa[action * n + h], sb[action * n + k], sc[action * n + h]);
                assert!((x - y).abs() < 1e-4, "{combo}: {x} vs {y}");
                assert!(
                    (x - z).abs() < 1e-3,
                    "{combo}: {x} vs {z} without isomorphism"
                );
            }
        }
    }
    let (ea, ec) = (a.compute_exploitability(), c.compute_exploitability());
    assert!((ea - ec).abs() < 1e-3 * 100.0, "{ea} vs {ec}");
}

#[test]
fn compressed_storage_reaches_the_target_in_half_the_memory() {
    let s = spot(
        "Td9d6hQc",
        "TT+,AQs+,98s,JTs",
        "99+,AJs+,KQs,T9s",
        100,
        300,
        "50%, a",
        "2.5x",
    );
    let full = Game::estimate(&s, GameOptions::default()).unwrap();
    let options = GameOptions {
        compressed: true,
        ..GameOptions::default()
    };
    let mut game = Game::new(s, options).unwrap();
    assert!(
        game.memory_bytes() * 10 < full.bytes * 7,
        "{} {}",
        game.memory_bytes(),
        full.bytes
    );
    let e = solve(&mut game, 0.5, 2000);
    assert!(e <= 0.5, "{e}");
}

#[test]
fn bad_input_is_named() {
    let good = spot("Td9d6h", "AA", "KK", 100, 100, "50%", "");
    let with = |f: &dyn Fn(&mut Spot)| {
        let mut s = good.clone();
        f(&mut s);
        Game::new(s, GameOptions::default()).unwrap_err()
    };
    assert!(matches!(
        with(&|s| s.pot = 0),
        Error::InvalidSetting { name: "pot", .. }
    ));
    assert!(matches!(
        with(&|s| s.stack = -5),
        Error::InvalidSetting { name: "stack", .. }
    ));
    assert!(matches!(
        with(&|s| s.rake_rate = 1.5),
        Error::InvalidSetting {
            name: "rake_rate",
            ..
        }
    ));
    assert!(matches!(
        with(&|s| s.allin_threshold = f64::NAN),
        Error::InvalidSetting {
            name: "allin_threshold",
            ..
        }
    ));
    assert!(matches!(
        with(&|s| s.board = board("Td9d")),
        Error::CardCount { got: 2, .. }
    ));
    assert!(matches!(
        with(&|s| s.ranges[1] = Range::parse("TdTh").unwrap()),
        Error::NoPossibleHand { player: Some(1) }
    ));
    let err = Spot::new(
        board("Td9d6h"),
        [Range::random(), Range::random()],
        100,
        100,
        "50%, 3q",
        "",
    )
    .unwrap_err();
    assert!(matches!(err, Error::InvalidBetSize { .. }));
    assert!(err.to_string().contains("'3q' is not a size"), "{err}");
    // A game past the caller's memory bound is refused before its storage exists.
    let big = spot(
        "Td9d6h",
        "22+,A2+,K2+",
        "22+,A2+,K2+",
        100,
        1000,
        "33%, 75%, a",
        "2x, a",
    );
    let options = GameOptions {
        memory_limit: 1 << 20,
        ..GameOptions::default()
    };
    match Game::new(big, options).unwrap_err() {
        Error::SolverTooLarge { bytes, limit } => assert!(bytes > limit && limit == 1 << 20),
        other => panic!("{other}"),
    }
    let mut game = Game::new(good, GameOptions::default()).unwrap();
    let bad = SolveOptions {
        target: f64::NAN,
        max_iterations: 10,
        time_limit: None,
        check_every: 1,
    };
    assert!(matches!(
        game.solve(&bad, &mut |_| false),
        Err(Error::InvalidSetting { name: "target", .. })
    ));
    assert!(game.strategy(1_000_000).is_err());
    assert!(matches!(game.kind(game.root()), Some(NodeKind::Player(0))));
}

#[test]
fn the_budget_and_the_stop_hook_end_a_solve() {
    let s = spot(
        "Td9d6hQc2s",
        "22+,A2s+",
        "22+,K2s+",
        100,
        300,
        "50%, a",
        "2.5x",
    );
    let mut game = Game::new(s, GameOptions::default()).unwrap();
    let options = SolveOptions {
        target: 0.0,
        max_iterations: 1000,
        time_limit: None,
        check_every: 5,
    };
    let mut calls = 0;
    let progress = game
        .solve(&options, &mut |p| {
            calls += 1;
            p.iterations >= 7
        })
        .unwrap();
    assert_eq!((progress.iterations, calls), (7, 7));
    assert!(progress.exploitability.is_finite() && !progress.reached);
    let options = SolveOptions {
        max_iterations: 12,
        ..options
    };
    assert_eq!(game.solve(&options, &mut |_| false).unwrap().iterations, 12);
}

/// Each hand's equity at the root agrees with exact equity against the opponent's range
/// (the root's reach is the range), on the turn and the flop; a hand that holds a card of
/// the board has none.
#[test]
fn equity_at_the_root_is_exact_equity_against_the_range() {
    use pokerforge_core::{equity, EquityOptions, Player};
    for (board_text, oop, ip) in [
        ("Td9d6hQc", "AA,KK,J8s,0.5(76s)", "QQ-99,AQs,KJo"),
        ("Td9d6h", "AhAd,KsKc,Jd8d", "0.3(QQ),99,AQs,87s"),
    ] {
        let s = spot(board_text, oop, ip, 100, 100, "50%", "");
        let game = Game::new(s, GameOptions::default()).unwrap();
        let root = game.line();
        let equities = game.equity_at(&root, 0);
        let ip_range = Range::parse(ip).unwrap();
        for ((combo, _), &got) in game.hands(0).iter().zip(&equities) {
            let players = [Player::Hand(combo.cards()), Player::Range(ip_range.clone())];
            let exact = equity(
                &players,
                board(board_text),
                CardSet::EMPTY,
                &EquityOptions::default(),
            )
            .unwrap();
            let want = exact.players[0].equity;
            // Weights are kept as 32-bit floats in the game.
            assert!((got - want).abs() < 1e-6, "{combo}: {got} against {want}");
        }
    }
    // On the river: aces beat kings, king-three (king high) loses to them.
    let s = spot("Td9d6hQc2s", "AA,Ks3s", "KK", 100, 100, "50%", "");
    let game = Game::new(s, GameOptions::default()).unwrap();
    let equities = game.equity_at(&game.line(), 0);
    for ((combo, _), e) in game.hands(0).iter().zip(equities) {
        let want = if combo.to_string().starts_with('A') {
            1.0
        } else {
            0.0
        };
        assert!((e - want).abs() < 1e-12, "{combo} {e}");
    }
}
