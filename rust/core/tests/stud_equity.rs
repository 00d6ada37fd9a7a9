//! Stud, stud hi-lo and razz equity against a brute-force oracle written here (every
//! deal of the cards to come, ranked by the public evaluators), Monte Carlo against
//! exact, the common card, and every error.

use pokerforge_core::equity::plan;
use pokerforge_core::eval::{evaluate, evaluate_low_a5};
use pokerforge_core::{
    equity, CardSet, Category, EquityOptions, EquityResult, Error, Game, Location, Method, Player,
};

fn players(texts: &[&str]) -> Vec<Player> {
    texts.iter().map(|t| t.parse().unwrap()).collect()
}

fn cards(text: &str) -> CardSet {
    text.parse().unwrap()
}

fn run(texts: &[&str], dead: &str, game: Game, method: Method) -> EquityResult {
    let options = EquityOptions {
        game,
        method,
        samples: (method == Method::MonteCarlo).then_some(100_000),
        seed: 7,
        ..EquityOptions::default()
    };
    equity(&players(texts), CardSet::EMPTY, cards(dead), &options).unwrap()
}

/// What the oracle counts per player: pot share, whole pots, split pots, the two halves,
/// and the categories (razz: the shape of the best low).
#[derive(Debug, Default, Clone)]
struct Sums {
    share: f64,
    win: f64,
    tie: f64,
    high: f64,
    low: f64,
    categories: [f64; 9],
}

/// Every deal of the cards to come, one at a time: each player's cards from what is left
/// (the common card first, when the stub cannot give everyone their own), each final
/// hand ranked by the public evaluators and the pot split by the rules.
fn brute_force(texts: &[&str], dead: &str, game: Game) -> (Vec<Sums>, f64) {
    let known: Vec<u64> = texts
        .iter()
        .map(|t| if *t == "random" { 0 } else { cards(t).mask() })
        .collect();
    let n = known.len();
    let seen = known.iter().fold(cards(dead).mask(), |a, &k| a | k);
    let stub: Vec<u8> = (0..52).filter(|&c| seen >> c & 1 == 0).collect();
    let to_come: Vec<usize> = known.iter().map(|k| 7 - k.count_ones() as usize).collect();
    let common = to_come.iter().sum::<usize>() > stub.len();
    let mut sums = vec![Sums::default(); n];
    let mut deals = 0.0;
    let mut finals = vec![0u64; n];
    fn choose(stub: &[u8], used: u64, k: usize, from: usize, acc: u64, out: &mut Vec<u64>) {
        if k == 0 {
            out.push(acc);
            return;
        }
        for i in from..stub.len() {
            if used >> stub[i] & 1 == 0 {
                choose(stub, used, k - 1, i + 1, acc | 1 << stub[i], out);
            }
        }
    }
    #[allow(clippy::too_many_arguments)]
    fn go(
        p: usize,
        used: u64,
        common: u64,
        ctx: (&[u64], &[usize], &[u8], Game),
        finals: &mut Vec<u64>,
        sums: &mut [Sums],
        deals: &mut f64,
    ) {
        let (known, own, stub, game) = ctx;
        if p == known.len() {
            *deals += 1.0;
            score(finals, game, sums);
            return;
        }
        let mut options = Vec::new();
        choose(stub, used, own[p], 0, 0, &mut options);
        for drawn in options {
            finals[p] = known[p] | drawn | common;
            go(p + 1, used | drawn, common, ctx, finals, sums, deals);
        }
    }
    let own: Vec<usize> = to_come.iter().map(|&t| t - usize::from(common)).collect();
    let firsts: Vec<u64> = if common {
        stub.iter().map(|&c| 1u64 << c).collect()
    } else {
        vec![0]
    };
    for first in firsts {
        go(
            0,
            seen | first,
            first,
            (&known, &own, &stub, game),
            &mut finals,
            &mut sums,
            &mut deals,
        );
    }
    (sums, deals)
}

fn score(finals: &[u64], game: Game, sums: &mut [Sums]) {
    let set = |m: u64| CardSet::from_mask(m).unwrap();
    let highs: Vec<_> = if game == Game::Razz {
        Vec::new()
    } else {
        finals.iter().map(|&m| evaluate(set(m)).unwrap()).collect()
    };
    let high: Vec<u16> = highs.iter().map(|h| h.class()).collect();
    let lows: Vec<_> = if game == Game::Stud {
        Vec::new()
    } else {
        finals
            .iter()
            .map(|&m| evaluate_low_a5(set(m)).unwrap())
            .collect()
    };
    let winners = |values: &[u16]| -> Vec<bool> {
        let best = *values.iter().max().unwrap();
        values.iter().map(|&v| v == best).collect()
    };
    let mut shares = vec![0.0; finals.len()];
    match game {
        Game::Stud | Game::Razz => {
            let values: Vec<u16> = if game == Game::Stud {
                high.clone()
            } else {
                lows.iter().map(|l| l.class()).collect()
            };
            let won = winners(&values);
            let k = won.iter().filter(|&&w| w).count() as f64;
            for (p, &w) in won.iter().enumerate() {
                if w {
                    shares[p] = 1.0 / k;
                }
            }
            for (p, s) in sums.iter_mut().enumerate() {
                let category = if game == Game::Stud {
                    highs[p].category()
                } else {
                    lows[p].category()
                };
                s.categories[category as usize] += 1.0;
            }
        }
        _ => {
            let eight: Vec<u16> = lows
                .iter()
                .map(|l| l.eight_or_better().map_or(0, |e| u16::from(e.class())))
                .collect();
            let any_low = eight.iter().any(|&e| e > 0);
            let high_pot = if any_low { 0.5 } else { 1.0 };
            let won_high = winners(&high);
            let kh = won_high.iter().filter(|&&w| w).count() as f64;
            let won_low = winners(&eight);
            let kl = won_low.iter().filter(|&&w| w).count() as f64;
            for p in 0..finals.len() {
                let h = if won_high[p] { high_pot / kh } else { 0.0 };
                let l = if any_low && won_low[p] { 0.5 / kl } else { 0.0 };
                shares[p] = h + l;
                sums[p].high += h;
                sums[p].low += l;
                sums[p].categories[highs[p].category() as usize] += 1.0;
            }
        }
    }
    for (p, s) in sums.iter_mut().enumerate() {
        s.share += shares[p];
        if shares[p] >= 1.0 {
            s.win += 1.0;
        } else if shares[p] > 0.0 {
            s.tie += 1.0;
        }
    }
}

fn assert_close(got: f64, want: f64, tolerance: f64, what: &str) {
    assert!(
        (got - want).abs() <= tolerance,
        "{what}: got {got}, want {want}"
    );
}

fn assert_matches_oracle(texts: &[&str], dead: &str, game: Game) {
    let (sums, deals) = brute_force(texts, dead, game);
    let r = run(texts, dead, game, Method::Exact);
    let what = format!("{game:?} {texts:?} dead {dead}");
    assert!(r.exact, "{what}");
    assert_eq!(r.deals as f64, deals, "{what}");
    for (p, s) in r.players.iter().zip(&sums) {
        assert_close(p.equity, s.share / deals, 1e-12, &what);
        assert_close(p.win, s.win / deals, 1e-12, &what);
        assert_close(p.tie, s.tie / deals, 1e-12, &what);
        for c in 0..9 {
            assert_close(p.categories[c], s.categories[c] / deals, 1e-12, &what);
        }
        if game == Game::StudHiLo {
            assert_close(p.high.unwrap(), s.high / deals, 1e-12, &what);
            assert_close(p.low.unwrap(), s.low / deals, 1e-12, &what);
            assert_close(p.scoop.unwrap(), s.win / deals, 1e-12, &what);
        } else {
            assert_eq!((p.high, p.low, p.scoop), (None, None, None), "{what}");
        }
    }
}

const GAMES: [Game; 3] = [Game::Stud, Game::StudHiLo, Game::Razz];

#[test]
fn heads_up_card_removal_matches_brute_force() {
    // Two cards to come each (fifth street: sets of up to two shared cards), one against
    // three, with and without dead cards: the card-removal count against every deal.
    for game in GAMES {
        assert_matches_oracle(&["AsAhKd7c2c", "QcQd3h4h5s"], "", game);
        assert_matches_oracle(&["Ac2d3h4s5c", "9c9d8h8s7s"], "Kh7d", game);
        assert_matches_oracle(&["2c3c4c5c6h7h", "AdKdQdJd"], "Tc", game);
    }
}

#[test]
fn multiway_and_common_card_enumeration_matches_brute_force() {
    for game in GAMES {
        // Three players on sixth street.
        assert_matches_oracle(&["AsAhKd7c2c9s", "QcQd3h4h5s8d", "2d3d4d5d6c7s"], "", game);
        // Eight players on sixth street: 48 seen, 4 left for 8 last cards, so the last
        // card is one common card (4 deals).
        let eight = [
            "AcAdAhAs2c2d",
            "KcKdKhKs2h2s",
            "QcQdQhQs3c3d",
            "JcJdJhJs3h3s",
            "TcTdThTs4c4d",
            "9c9d9h9s4h4s",
            "8c8d8h8s5c5d",
            "7c7d7h7s5h5s",
        ];
        assert_matches_oracle(&eight, "", game);
    }
}

#[test]
fn third_street_heads_up_is_exact_and_agrees_with_monte_carlo() {
    // The target: 4 cards to come each, 18 billion pairs of completions, by card removal.
    for (game, hands) in [
        (Game::Stud, ["AsAhAd", "KcQc7d"]),
        (Game::StudHiLo, ["Ad2d3c", "KsKhQd"]),
        (Game::Razz, ["As2d3h", "7c8dTs"]),
    ] {
        let exact = run(&hands, "", game, Method::Exact);
        let pairs = 163_185u64 * 111_930; // C(46, 4) * C(42, 4)
        assert_eq!(exact.deals, pairs);
        let total: f64 = exact.players.iter().map(|p| p.equity).sum();
        assert_close(total, 1.0, 1e-12, "equities");
        let mc = run(&hands, "", game, Method::MonteCarlo);
        for (e, m) in exact.players.iter().zip(&mc.players) {
            assert_close(m.equity, e.equity, 5.0 * m.stderr, &format!("{game:?}"));
            assert_close(m.win, e.win, 0.01, &format!("{game:?}"));
            if game == Game::StudHiLo {
                assert_close(m.scoop.unwrap(), e.scoop.unwrap(), 0.01, "scoop");
                assert_close(m.low.unwrap(), e.low.unwrap(), 0.01, "low");
            }
            for c in 0..9 {
                assert_close(m.categories[c], e.categories[c], 0.01, "category");
            }
        }
        let options = EquityOptions {
            game,
            ..EquityOptions::default()
        };
        let auto = plan(&players(&hands), CardSet::EMPTY, CardSet::EMPTY, &options).unwrap();
        assert_eq!(auto.method(), Method::Exact, "{game:?}");
    }
    // Rolled-up aces are a big favourite at stud; the three wheel cards are at razz.
    let aces = run(&["AsAhAd", "KcQc7d"], "", Game::Stud, Method::Exact);
    assert!(aces.players[0].equity > 0.75);
    assert_close(
        aces.players[0].category(Category::HighCard),
        0.0,
        0.0,
        "no high card with trips",
    );
    let razz = run(&["As2d3h", "7c8dTs"], "", Game::Razz, Method::Exact);
    assert!((0.65..0.75).contains(&razz.players[0].equity));
}

#[test]
fn monte_carlo_does_not_depend_on_threads_and_deals_the_common_card() {
    let hands = ["AsAhKd", "random", "QcQd", "7h"];
    let at = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| run(&hands, "2c", Game::StudHiLo, Method::MonteCarlo))
    };
    assert_eq!(at(1), at(3));
    // Eight players on third street: the last card is common, and Monte Carlo agrees
    // with the exact count of a smaller question of the same shape (sixth street).
    let eight = [
        "AcAdAhAs2c2d",
        "KcKdKhKs2h2s",
        "QcQdQhQs3c3d",
        "JcJdJhJs3h3s",
        "TcTdThTs4c4d",
        "9c9d9h9s4h4s",
        "8c8d8h8s5c5d",
        "7c7d7h7s5h5s",
    ];
    let exact = run(&eight, "", Game::Stud, Method::Exact);
    let mc = run(&eight, "", Game::Stud, Method::MonteCarlo);
    for (e, m) in exact.players.iter().zip(&mc.players) {
        assert_close(m.equity, e.equity, 5.0 * m.stderr.max(1e-3), "common card");
    }
}

#[test]
fn dead_cards_change_the_odds() {
    let hands = ["AsAh5d9c", "KcKd2s3s"];
    let live = run(&hands, "", Game::Stud, Method::Exact);
    let dead = run(&hands, "AcAd", Game::Stud, Method::Exact);
    assert!(dead.players[0].equity < live.players[0].equity - 0.01);
    assert_eq!(dead.deals, 11_480 * 9_139); // C(42, 3) * C(39, 3)
}

#[test]
fn auto_counts_what_it_can_and_samples_the_rest() {
    // A random opponent: 45 million completions, too many for the card-removal lists.
    let options = EquityOptions {
        game: Game::Razz,
        samples: Some(20_000),
        ..EquityOptions::default()
    };
    let r = equity(
        &players(&["As2d3h", "random"]),
        CardSet::EMPTY,
        CardSet::EMPTY,
        &options,
    )
    .unwrap();
    assert_eq!(r.method, Method::MonteCarlo);
    let options = EquityOptions {
        game: Game::Razz,
        method: Method::Exact,
        ..EquityOptions::default()
    };
    let err = equity(
        &players(&["As2d3h", "random", "random"]),
        CardSet::EMPTY,
        CardSet::EMPTY,
        &options,
    )
    .unwrap_err();
    assert!(matches!(err, Error::TooManyDeals { .. }), "{err}");
    assert_eq!(err.field().as_deref(), Some("method"));
}

#[test]
fn every_error_names_its_place() {
    let options = EquityOptions {
        game: Game::Stud,
        ..EquityOptions::default()
    };
    let error = |texts: &[&str], board: &str, dead: &str| {
        equity(&players(texts), cards(board), cards(dead), &options).unwrap_err()
    };
    let board = error(&["AsAhKd", "QcQd7h"], "2c3c4c", "");
    assert_eq!(board.location(), Some(Location::Board));
    assert!(board.to_string().contains("seven-card stud"), "{board}");
    let range = error(&["AsAhKd", "QQ+"], "", "");
    assert_eq!(range.location(), Some(Location::Player(1)));
    assert!(
        range.to_string().contains("seven-card stud has no ranges"),
        "{range}"
    );
    let big = error(&["AsAhKdKcKhKs2c2d", "QcQd7h"], "", "");
    assert_eq!(big.location(), Some(Location::Player(0)));
    assert!(big.to_string().contains("8 were given"), "{big}");
    let nine = error(&["random"; 9], "", "");
    assert!(matches!(nine, Error::PlayerCount { got: 9, .. }), "{nine}");
    let twice = error(&["AsAhKd", "QcQd7h"], "", "Kd");
    assert_eq!(twice.location(), Some(Location::Dead));
    // 40 dead cards and 10 known leave 2 for 4 cards to come (3 with a common card).
    let all: Vec<String> = (0..52)
        .map(|i| pokerforge_core::Card::from_index(i).unwrap().to_string())
        .collect();
    let dead: String = all[12..52].concat();
    let short = error(&["2c2d2h2s3c", "3d3h3s4c4d"], "", &dead);
    assert!(
        matches!(short, Error::DeckExhausted { wanted: 3, left: 2 }),
        "{short}"
    );
    let razz = EquityOptions {
        game: Game::Razz,
        ..EquityOptions::default()
    };
    let err = equity(
        &players(&["As2d", "AK"]),
        CardSet::EMPTY,
        CardSet::EMPTY,
        &razz,
    )
    .unwrap_err();
    assert!(err.to_string().contains("razz has no ranges"), "{err}");
    for (name, game) in [
        ("stud", Game::Stud),
        ("STUD_HI_LO", Game::StudHiLo),
        ("F7S/8", Game::StudHiLo),
        ("razz", Game::Razz),
    ] {
        assert_eq!(name.parse::<Game>(), Ok(game));
    }
}
