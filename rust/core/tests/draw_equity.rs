//! Draw-game equity against a brute force written here: every ordered sequence of the
//! stub's top cards, equally likely, each player in turn taking its replacements from the
//! front, the games' policies deciding the later draws. The exact count must equal it to
//! rounding; Monte Carlo must fall within a few standard errors of it; a hand-counted spot
//! pins the numbers; requests the model cannot serve are refused by name.

use pokerforge_core::equity::draw::policy::keep;
use pokerforge_core::equity::draw::{draw_equity, plan, Draw, DrawResult};
use pokerforge_core::eval::badugi::badugi_class;
use pokerforge_core::eval::high::rank_mask;
use pokerforge_core::eval::low_27::low_27_class;
use pokerforge_core::eval::low_a5::low_a5_class;
use pokerforge_core::{CardSet, EquityOptions, Error, Game, Location, Method, Player};

fn mask(text: &str) -> u64 {
    text.parse::<CardSet>().unwrap().mask()
}

fn strength(game: Game, hand: u64) -> u16 {
    match game {
        Game::Badugi => badugi_class(hand),
        Game::FiveCardDraw => rank_mask(hand).class(),
        Game::A5TripleDraw => low_a5_class(hand),
        _ => low_27_class(hand),
    }
}

/// Each player's (pot share, win, tie) over every ordered sequence of `depth` stub
/// cards: player 0 draws first, each draw takes the next cards of the sequence. `first`:
/// the cards each player keeps at the next draw.
fn brute(game: Game, hands: &[u64], first: &[u64], rounds: usize, depth: usize) -> Vec<[f64; 3]> {
    let known = hands.iter().fold(0, |a, &h| a | h);
    let stub: Vec<u8> = (0..52).filter(|&c| known >> c & 1 == 0).collect();
    let n = hands.len();
    let mut sums = vec![[0.0; 3]; n];
    let mut count = 0u64;
    let mut seq = Vec::with_capacity(depth);
    fn walk(stub: &[u8], used: u64, depth: usize, seq: &mut Vec<u8>, f: &mut dyn FnMut(&[u8])) {
        if seq.len() == depth {
            f(seq);
            return;
        }
        for &c in stub {
            if used >> c & 1 == 0 {
                seq.push(c);
                walk(stub, used | 1 << c, depth, seq, f);
                seq.pop();
            }
        }
    }
    walk(&stub, 0, depth, &mut seq, &mut |seq| {
        let mut hands = hands.to_vec();
        let mut next = 0;
        for round in 0..rounds {
            for p in 0..n {
                let kept = if round == 0 {
                    first[p]
                } else {
                    keep(game, hands[p], rounds - round)
                };
                let k = (hands[p] & !kept).count_ones() as usize;
                assert!(next + k <= depth, "the brute force needs a deeper sequence");
                hands[p] = seq[next..next + k].iter().fold(kept, |a, &c| a | 1 << c);
                next += k;
            }
        }
        let classes: Vec<u16> = hands.iter().map(|&h| strength(game, h)).collect();
        let best = *classes.iter().max().unwrap();
        let winners = classes.iter().filter(|&&c| c == best).count();
        for p in 0..n {
            if classes[p] == best {
                sums[p][0] += 1.0 / winners as f64;
                sums[p][if winners == 1 { 1 } else { 2 }] += 1.0;
            }
        }
        count += 1;
    });
    sums.iter().map(|s| s.map(|x| x / count as f64)).collect()
}

fn players(hands: &[&str]) -> Vec<Player> {
    hands.iter().map(|h| h.parse().unwrap()).collect()
}

fn run(
    game: Game,
    hands: &[&str],
    draws: &[Draw],
    rounds: Option<usize>,
    method: Method,
    samples: Option<u64>,
) -> DrawResult {
    let options = EquityOptions {
        game,
        method,
        samples,
        seed: 7,
        ..EquityOptions::default()
    };
    draw_equity(&players(hands), CardSet::EMPTY, draws, rounds, &options).unwrap()
}

#[test]
fn a_pat_eight_against_one_card_to_a_seven_counted_by_hand() {
    // 8-6-4-3-2 stands pat; 7-5-3-2 throws the king and wins with a four or a six (7-5-4-3-2,
    // 7-6-5-3-2): the 4d, 4h, 4s and 6c, 6h, 6s, 6 of the 42 unseen cards.
    let r = run(
        Game::Deuce7SingleDraw,
        &["8h6d4c3s2h", "7c5c3d2dKs"],
        &[Draw::Pat, Draw::Count(1)],
        None,
        Method::Auto,
        None,
    );
    assert!(r.result.exact);
    assert_eq!(r.result.deals, 42);
    assert!((r.result.players[1].equity - 6.0 / 42.0).abs() < 1e-12);
    assert!((r.result.players[0].win - 36.0 / 42.0).abs() < 1e-12);
    assert_eq!(r.result.players[0].tie, 0.0);
    assert_eq!(r.discards[1], Some("Ks".parse().unwrap()));
    // The drawer's final hands: seven-lows 6, eights 3 (8c 8d 8s), nines to queens 4 each,
    // kings 3 (the Ks is out), aces 4, pairs 10 (three 7s, three 5s, two 3s, two 2s).
    let want = [6, 3, 4, 4, 4, 4, 3, 4, 10, 0, 0, 0, 0, 0, 0, 0];
    for (i, &n) in want.iter().enumerate() {
        assert!(
            (r.hands[1][i] - f64::from(n) / 42.0).abs() < 1e-12,
            "{}",
            r.labels[i]
        );
    }
    assert_eq!(r.hands[0][1], 1.0);
}

#[test]
fn exact_equals_every_ordered_deal_of_the_stub() {
    for (game, hands, draws) in [
        (
            Game::Deuce7SingleDraw,
            ["7c5c3d2dKs", "8h6d4cQsJd"],
            [Draw::Count(1), Draw::Count(2)],
        ),
        (
            Game::FiveCardDraw,
            ["AhAd9c3s2h", "KcKsQd7h7d"],
            [Draw::Policy, Draw::Policy],
        ),
        (
            Game::Badugi,
            ["2c3d4hKh", "Ac5d8s"],
            [Draw::Policy, Draw::Discard("8s".parse().unwrap())],
        ),
    ] {
        // A three-card badugi hand is a wrong count; fill it with a clashing card.
        let hands: Vec<String> = hands
            .iter()
            .map(|h| {
                if h.len() == 6 {
                    format!("{h}9d")
                } else {
                    h.to_string()
                }
            })
            .collect();
        let texts: Vec<&str> = hands.iter().map(String::as_str).collect();
        let r = run(game, &texts, &draws, Some(1), Method::Exact, None);
        let masks: Vec<u64> = texts.iter().map(|h| mask(h)).collect();
        let first: Vec<u64> = masks
            .iter()
            .zip(&r.discards)
            .map(|(&h, d)| h & !d.unwrap().mask())
            .collect();
        let depth = masks
            .iter()
            .zip(&first)
            .map(|(h, k)| (h & !k).count_ones() as usize)
            .sum();
        let want = brute(game, &masks, &first, 1, depth);
        for (p, w) in want.iter().enumerate() {
            let got = &r.result.players[p];
            for (a, b) in [got.equity, got.win, got.tie].iter().zip(w) {
                assert!((a - b).abs() < 1e-12, "{game:?} player {p}: {a} != {b}");
            }
        }
    }
}

#[test]
fn monte_carlo_over_three_draws_agrees_with_every_ordered_deal() {
    for (game, hands) in [
        // A pat 8 against 7-5-3-2 drawing one a round while it does not make a pat hand.
        (Game::Deuce7TripleDraw, ["8h6d4c3s2h", "7c5c3d2dKs"]),
        // A pat 5-high badugi against three cards to a 4.
        (Game::Badugi, ["Ac2d3h5s", "2c3d4hKh"]),
        (Game::A5TripleDraw, ["8h6d4c3s2h", "7c5cAd2dKs"]),
    ] {
        let masks: Vec<u64> = hands.iter().map(|h| mask(h)).collect();
        let first: Vec<u64> = masks.iter().map(|&h| keep(game, h, 3)).collect();
        let want = brute(game, &masks, &first, 3, 3);
        let r = run(game, &hands, &[], None, Method::Auto, Some(200_000));
        assert_eq!(r.result.method, Method::MonteCarlo);
        for (p, w) in want.iter().enumerate() {
            let got = &r.result.players[p];
            let err = got.stderr.max(1e-4);
            assert!(
                (got.equity - w[0]).abs() < 5.0 * err,
                "{game:?} player {p}: {} vs {}",
                got.equity,
                w[0]
            );
        }
    }
}

#[test]
fn exact_and_monte_carlo_agree_on_a_single_draw() {
    let hands = ["9h8d4c3s2h", "Tc7c6d2dKs", "AsAcQhJh5s"];
    let exact = run(
        Game::Deuce7SingleDraw,
        &hands,
        &[],
        None,
        Method::Exact,
        None,
    );
    let mc = run(
        Game::Deuce7SingleDraw,
        &hands,
        &[],
        None,
        Method::MonteCarlo,
        Some(300_000),
    );
    for (e, m) in exact.result.players.iter().zip(&mc.result.players) {
        assert!((e.equity - m.equity).abs() < 5.0 * m.stderr, "{e:?} {m:?}");
    }
    let sum: f64 = exact.result.players.iter().map(|p| p.equity).sum();
    assert!((sum - 1.0).abs() < 1e-12);
    for hands in &exact.hands {
        assert!((hands.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }
}

#[test]
fn a_seed_gives_the_same_result_on_any_thread_count() {
    let hands = ["7h5d4c3s2h", "random", "9c8c6d2dKs"];
    let results: Vec<DrawResult> = [1, 3]
        .iter()
        .map(|&threads| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| {
                    run(
                        Game::Deuce7TripleDraw,
                        &hands,
                        &[],
                        None,
                        Method::Auto,
                        Some(50_000),
                    )
                })
        })
        .collect();
    assert_eq!(results[0], results[1]);
    assert_eq!(results[0].result.seed, Some(7));
    assert_eq!(results[0].discards[1], None);
}

#[test]
fn a_stub_that_runs_out_is_refilled_from_the_discards() {
    // Nine five-card hands leave a stub of 7: every player throwing five forces reshuffles
    // in the first round already. The result is still a distribution.
    let hands = ["random"; 9];
    let r = run(
        Game::FiveCardDraw,
        &hands,
        &[Draw::Count(5); 9],
        None,
        Method::Auto,
        Some(20_000),
    );
    let sum: f64 = r.result.players.iter().map(|p| p.equity).sum();
    assert!((sum - 1.0).abs() < 1e-9);
    assert_eq!(r.result.deals, 20_000);
}

fn error_of(
    game: Game,
    hands: &[&str],
    board: &str,
    draws: &[Draw],
    rounds: Option<usize>,
    method: Method,
) -> Error {
    let options = EquityOptions {
        game,
        method,
        ..EquityOptions::default()
    };
    plan(
        &players(hands),
        board.parse().unwrap(),
        CardSet::EMPTY,
        draws,
        rounds,
        &options,
    )
    .unwrap_err()
}

#[test]
fn requests_the_model_cannot_serve_are_refused() {
    let g = Game::Deuce7TripleDraw;
    let two = ["7h5d4c3s2h", "9c8c6d2dKs"];
    let e = error_of(g, &two, "AhKhQh", &[], None, Method::Auto);
    assert_eq!(e.location(), Some(Location::Board));
    let e = error_of(g, &["7h5d4c3s", "9c8c6d2dKs"], "", &[], None, Method::Auto);
    assert!(matches!(e.inner(), Error::CardCount { got: 4, .. }), "{e}");
    assert_eq!(e.location(), Some(Location::Player(0)));
    let e = error_of(
        g,
        &["7h5d4c3s2h", "7h8c6d2dKs"],
        "",
        &[],
        None,
        Method::Auto,
    );
    assert!(matches!(e.inner(), Error::DuplicateCard { .. }), "{e}");
    let e = error_of(
        g,
        &two,
        "",
        &[Draw::Pat, Draw::Count(6)],
        None,
        Method::Auto,
    );
    assert_eq!(
        e.to_string(),
        "players[1]: draws = 6 is not allowed: expected a draw of 0 to 5 cards, \"pat\", or \
         the cards to throw"
    );
    let stray = Draw::Discard("As".parse().unwrap());
    let e = error_of(g, &two, "", &[Draw::Pat, stray], None, Method::Auto);
    assert!(e.to_string().contains("As not in the hand"), "{e}");
    let e = error_of(g, &two, "", &[Draw::Pat], None, Method::Auto);
    assert!(
        matches!(e, Error::InvalidSetting { name: "draws", .. }),
        "{e}"
    );
    let e = error_of(g, &two, "", &[], Some(4), Method::Auto);
    assert!(
        matches!(
            e,
            Error::InvalidSetting {
                name: "draw_rounds",
                ..
            }
        ),
        "{e}"
    );
    let e = error_of(
        g,
        &two,
        "",
        &[Draw::Count(1), Draw::Pat],
        Some(0),
        Method::Auto,
    );
    assert!(e.to_string().contains("draw_rounds = 0"), "{e}");
    // Exact counts one draw of known hands only.
    let e = error_of(g, &two, "", &[], None, Method::Exact);
    assert!(
        matches!(e, Error::InvalidSetting { name: "method", .. }),
        "{e}"
    );
    let e = error_of(
        Game::Deuce7SingleDraw,
        &["7h5d4c3s2h", "random"],
        "",
        &[],
        None,
        Method::Exact,
    );
    assert!(
        matches!(e, Error::InvalidSetting { name: "method", .. }),
        "{e}"
    );
    // Ten five-card hands leave no full draw.
    let e = error_of(g, &["random"; 10], "", &[], None, Method::Auto);
    assert!(matches!(e, Error::PlayerCount { got: 10, .. }), "{e}");
    // A draw game through the board games' path, and a board game given draws.
    let options = EquityOptions {
        game: g,
        ..EquityOptions::default()
    };
    let e = pokerforge_core::equity::plan(&players(&two), CardSet::EMPTY, CardSet::EMPTY, &options)
        .unwrap_err();
    assert!(
        matches!(e, Error::InvalidSetting { name: "game", .. }),
        "{e}"
    );
    let e = error_of(Game::Holdem, &["AhKh", "QsQd"], "", &[], None, Method::Auto);
    assert!(
        matches!(e, Error::InvalidSetting { name: "game", .. }),
        "{e}"
    );
}

#[test]
fn no_draw_left_compares_the_hands_as_they_are() {
    let r = run(
        Game::Badugi,
        &["Ac2d3h4s", "Ad2c3s4h"],
        &[],
        Some(0),
        Method::Auto,
        None,
    );
    assert!(r.result.exact);
    assert_eq!(r.result.deals, 1);
    assert_eq!(r.result.players[0].tie, 1.0);
    assert_eq!(
        r.labels[r.hands[0].iter().position(|&x| x == 1.0).unwrap()],
        "4-high badugi"
    );
}

#[test]
fn the_cards_that_play_in_every_badugi_hand() {
    use pokerforge_core::eval::badugi::badugi_playing;
    use pokerforge_core::eval::BadugiRank;
    let mut hands = 0;
    for a in 0..52u8 {
        for b in a + 1..52 {
            for c in b + 1..52 {
                for d in c + 1..52 {
                    let hand = [a, b, c, d].iter().fold(0u64, |m, &x| m | 1 << x);
                    let playing = badugi_playing(hand);
                    let rank = BadugiRank::new(badugi_class(hand)).unwrap();
                    assert_eq!(playing & !hand, 0);
                    assert_eq!(playing.count_ones() as usize, rank.size());
                    // Different ranks and suits, and the ranks of the hand's class.
                    let (mut ranks, mut suits) = (0u16, 0u8);
                    for card in (0..52).filter(|&x| playing >> x & 1 == 1) {
                        assert_eq!(ranks >> (card / 4) & 1, 0);
                        assert_eq!(suits >> (card % 4) & 1, 0);
                        ranks |= 1 << (card / 4);
                        suits |= 1 << (card % 4);
                    }
                    let want = rank.ranks().iter().fold(0u16, |m, &r| m | 1 << r as u16);
                    assert_eq!(ranks, want, "{hand:#x}");
                    hands += 1;
                }
            }
        }
    }
    assert_eq!(hands, 270_725);
}
