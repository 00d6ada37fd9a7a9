//! Short-deck equity: exact enumeration against a brute force over every opponent hand
//! and every runout, Monte Carlo against exact, and the short deck's own errors.

use pokerforge_core::eval::evaluate_short_deck;
use pokerforge_core::eval::short_deck::SHORT_DECK;
use pokerforge_core::{
    equity, CardSet, EquityOptions, EquityResult, Error, Game, Location, Method, Player,
    ShortDeckOrder,
};

fn players(texts: &[&str]) -> Vec<Player> {
    texts.iter().map(|t| t.parse().unwrap()).collect()
}

fn cards(text: &str) -> CardSet {
    text.parse().unwrap()
}

fn run(
    texts: &[&str],
    board: &str,
    dead: &str,
    method: Method,
    order: ShortDeckOrder,
) -> EquityResult {
    let options = EquityOptions {
        game: Game::ShortDeck,
        method,
        samples: (method == Method::MonteCarlo).then_some(200_000),
        seed: 7,
        short_deck_order: Some(order),
        ..EquityOptions::default()
    };
    equity(&players(texts), cards(board), cards(dead), &options).unwrap()
}

/// Every k-card subset of `cards`.
fn subsets(cards: &[CardSet], k: usize) -> Vec<CardSet> {
    if k == 0 {
        return vec![CardSet::EMPTY];
    }
    let mut out = Vec::new();
    for (i, &c) in cards.iter().enumerate() {
        for rest in subsets(&cards[i + 1..], k - 1) {
            out.push(rest | c);
        }
    }
    out
}

/// Player 0's (equity, win, tie, flush chance) with `hero` against one opponent holding
/// any two short-deck cards left, by visiting every opponent hand and every runout.
fn brute_force(hero: &str, board: &str, dead: &str, order: ShortDeckOrder) -> [f64; 4] {
    let (hero, board, dead) = (cards(hero), cards(board), cards(dead));
    let left: Vec<CardSet> = (SHORT_DECK - hero - board - dead)
        .iter()
        .map(|c| CardSet::EMPTY | c)
        .collect();
    let rank = |cards: CardSet| evaluate_short_deck(cards, order).unwrap();
    let (mut deals, mut share, mut wins, mut ties, mut flushes) = (0.0, 0.0, 0.0, 0.0, 0.0);
    for villain in subsets(&left, 2) {
        let rest: Vec<CardSet> = left
            .iter()
            .copied()
            .filter(|c| (*c & villain).is_empty())
            .collect();
        for runout in subsets(&rest, 5 - board.len()) {
            let (a, b) = (rank(hero | board | runout), rank(villain | board | runout));
            deals += 1.0;
            match a.cmp(&b) {
                std::cmp::Ordering::Greater => (share, wins) = (share + 1.0, wins + 1.0),
                std::cmp::Ordering::Equal => (share, ties) = (share + 0.5, ties + 1.0),
                std::cmp::Ordering::Less => {}
            }
            flushes += f64::from(u8::from(a.category() == pokerforge_core::Category::Flush));
        }
    }
    [share / deals, wins / deals, ties / deals, flushes / deals]
}

fn assert_close(got: f64, want: f64, tolerance: f64, what: &str) {
    assert!(
        (got - want).abs() <= tolerance,
        "{what}: got {got}, want {want}"
    );
}

#[test]
fn exact_equals_visiting_every_opponent_hand_and_runout() {
    for order in [
        ShortDeckOrder::TripsBeatStraight,
        ShortDeckOrder::StraightBeatsTrips,
    ] {
        for (hero, board, dead) in [
            ("AhKh", "6h9hTc", ""),
            ("7c8d", "6s9dJh", "Th"),
            ("QsQd", "AcKcQh9s", ""),
        ] {
            let r = run(&[hero, "random"], board, dead, Method::Exact, order);
            let want = brute_force(hero, board, dead, order);
            let p = &r.players[0];
            let what = format!("{hero} {board} {dead} {order:?}");
            assert_close(p.equity, want[0], 1e-12, &what);
            assert_close(p.win, want[1], 1e-12, &what);
            assert_close(p.tie, want[2], 1e-12, &what);
            assert_close(p.categories[5], want[3], 1e-12, &what);
            assert!(r.exact);
        }
    }
}

#[test]
fn monte_carlo_agrees_with_exact() {
    let order = ShortDeckOrder::default();
    let hands = ["AhKh", "9s9d", "JcTc"];
    let exact = run(&hands, "", "", Method::Exact, order);
    let sampled = run(&hands, "", "", Method::MonteCarlo, order);
    assert_eq!(sampled.deals, 200_000);
    for (e, m) in exact.players.iter().zip(&sampled.players) {
        assert_close(m.equity, e.equity, 5.0 * m.stderr, "equity");
    }
}

#[test]
fn cards_below_the_six_are_named() {
    let options = EquityOptions {
        game: Game::ShortDeck,
        ..EquityOptions::default()
    };
    let refuse = |texts: &[&str], board: &str, dead: &str| {
        equity(&players(texts), cards(board), cards(dead), &options).unwrap_err()
    };
    let not_in_deck = |card: &str, location: Location| Error::At {
        location,
        error: Box::new(Error::NotInDeck {
            card: card.to_string(),
            deck: "the short deck (36 cards, six to ace)",
        }),
    };
    assert_eq!(
        refuse(&["AhKh", "5c6c"], "", ""),
        not_in_deck("5c", Location::Player(1))
    );
    assert_eq!(
        refuse(&["AhKh", "random"], "2d7h8h", ""),
        not_in_deck("2d", Location::Board)
    );
    assert_eq!(
        refuse(&["AhKh", "QQ"], "", "4s"),
        not_in_deck("4s", Location::Dead)
    );
    // A range keeps its short-deck combos; one with none left is refused by name.
    assert_eq!(
        refuse(&["AhKh", "22-55"], "", ""),
        Error::NoPossibleHand { player: Some(1) }
    );
    let wide = run(
        &["AhKh", "22+"],
        "",
        "",
        Method::Exact,
        ShortDeckOrder::default(),
    );
    let pairs = run(
        &["AhKh", "66+"],
        "",
        "",
        Method::Exact,
        ShortDeckOrder::default(),
    );
    assert_eq!(wide.players[0].equity, pairs.players[0].equity);
    // Ten random hands and a board take 25 of the 36 cards: twelve dead leave 24.
    let dead = "6c6d6h6s7c7d7h7s8c8d8h8s";
    assert_eq!(
        refuse(&["random"; 10], "", dead),
        Error::DeckExhausted {
            wanted: 25,
            left: 24
        }
    );
}

#[test]
fn the_order_switch_is_short_decks_alone() {
    let options = EquityOptions {
        short_deck_order: Some(ShortDeckOrder::StraightBeatsTrips),
        ..EquityOptions::default()
    };
    let err = equity(
        &players(&["AhKh", "QsQd"]),
        CardSet::EMPTY,
        CardSet::EMPTY,
        &options,
    );
    assert!(matches!(
        err,
        Err(Error::InvalidSetting {
            name: "trips_beat_straight",
            ..
        })
    ));
}
