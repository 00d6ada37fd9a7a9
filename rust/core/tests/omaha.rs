//! Omaha high and the eight-or-better low against brute force over every two-plus-three
//! combination: millions of random deals for each hole size, every PLO4 hole on fixed
//! boards, the whole low space, the rule examples, and the error paths.

use crate::common;

use pokerforge_core::eval::high::rank_indices;
use pokerforge_core::eval::low::{low_class_of_masks, low_mask, low_of_masks, omaha_low_indices};
use pokerforge_core::eval::omaha::{omaha_hilo_indices, omaha_rank_indices};
use pokerforge_core::eval::{
    evaluate_omaha, evaluate_omaha_hilo, evaluate_omaha_low, omaha_hilo_rows,
    omaha_hilo_rows_checked, omaha_low_rows, omaha_low_rows_checked, omaha_rank_rows,
    omaha_rank_rows_checked, Category, LowRank, OmahaBoard, OmahaHole,
};
use pokerforge_core::rng::Rng;
use pokerforge_core::{Card, CardSet, Error, HandRank, Rank};

fn set(text: &str) -> CardSet {
    text.parse().unwrap()
}

fn cards(idx: &[u8]) -> Vec<Card> {
    idx.iter()
        .map(|&i| Card::from_index(i64::from(i)).unwrap())
        .collect()
}

fn mask(idx: &[u8]) -> CardSet {
    cards(idx).into_iter().collect()
}

/// Calls `f` with every pair of hole positions and every triple of board positions.
fn for_each_split(h: usize, b: usize, mut f: impl FnMut([usize; 2], [usize; 3])) {
    for i in 0..h {
        for j in i + 1..h {
            for x in 0..b {
                for y in x + 1..b {
                    for z in y + 1..b {
                        f([i, j], [x, y, z]);
                    }
                }
            }
        }
    }
}

/// Brute force: the best class over every two-plus-three combination, each ranked by the
/// five-card evaluator (itself pinned against the naive reference on all 2,598,960 hands).
fn brute_high(hole: &[u8], board: &[u8]) -> u16 {
    let mut best = 0;
    for_each_split(hole.len(), board.len(), |[i, j], [x, y, z]| {
        let five = [hole[i], hole[j], board[x], board[y], board[z]];
        best = best.max(rank_indices(&five).class());
    });
    best
}

/// Brute force with the naive dealer's evaluator instead: its comparable value.
fn naive_high(hole: &[Card], board: &[Card]) -> u64 {
    let mut best = 0;
    for_each_split(hole.len(), board.len(), |[i, j], [x, y, z]| {
        best = best.max(common::naive5([
            hole[i], hole[j], board[x], board[y], board[z],
        ]));
    });
    best
}

/// A card's low value: ace 1, two to eight as themselves, otherwise none.
fn low_value(card: Card) -> Option<u8> {
    match card.rank() {
        Rank::Ace => Some(1),
        r if r <= Rank::Eight => Some(r as u8 + 2),
        _ => None,
    }
}

/// Brute force low: the five values, highest first, of the best qualifying combination.
/// Smaller sequences are better lows.
fn naive_low(hole: &[Card], board: &[Card]) -> Option<[u8; 5]> {
    let mut best: Option<[u8; 5]> = None;
    for_each_split(hole.len(), board.len(), |[i, j], [x, y, z]| {
        let five = [hole[i], hole[j], board[x], board[y], board[z]];
        let Some(mut v) = five
            .iter()
            .map(|&c| low_value(c))
            .collect::<Option<Vec<u8>>>()
        else {
            return;
        };
        v.sort_unstable_by(|a, b| b.cmp(a));
        if v.windows(2).any(|w| w[0] == w[1]) {
            return;
        }
        let v = [v[0], v[1], v[2], v[3], v[4]];
        if best.is_none_or(|b| v < b) {
            best = Some(v);
        }
    });
    best
}

/// The low values of a [`LowRank`], highest first, as [`naive_low`] writes them.
fn low_values(low: LowRank) -> [u8; 5] {
    low.ranks()
        .map(|r| if r == Rank::Ace { 1 } else { r as u8 + 2 })
}

fn check_deal(hole: &[u8], board: &[u8]) {
    let high = omaha_rank_indices(hole, board);
    assert_eq!(
        high.class(),
        brute_high(hole, board),
        "{:?} on {:?}",
        cards(hole),
        cards(board)
    );
    let (h, l) = omaha_hilo_indices(hole, board);
    assert_eq!(h, high);
    assert_eq!(l, omaha_low_indices(hole, board));
}

#[test]
fn random_deals_agree_with_brute_force_for_every_hole_size() {
    const DEALS: usize = 1_000_000;
    for h in [4usize, 5, 6] {
        let mut rng = Rng::new(0x0a4a + h as u64);
        for n in 0..DEALS {
            let b = 3 + n % 3;
            let cards = common::deal(&mut rng, h + b);
            check_deal(&cards[..h], &cards[h..]);
        }
    }
}

#[test]
fn random_deals_agree_with_the_naive_reference_high_and_low() {
    let classes = common::naive_classes();
    let mut rng = Rng::new(77);
    for n in 0..30_000 {
        let (h, b) = (4 + n % 3, 3 + (n / 3) % 3);
        let idx = common::deal(&mut rng, h + b);
        let (hole, board) = (mask(&idx[..h]), mask(&idx[h..]));
        let (hc, bc) = (cards(&idx[..h]), cards(&idx[h..]));
        let (high, low) = evaluate_omaha_hilo(hole, board).unwrap();
        let expected = classes.binary_search(&naive_high(&hc, &bc)).unwrap() as u16 + 1;
        assert_eq!(high.class(), expected, "{hole} on {board}");
        assert_eq!(
            low.map(low_values),
            naive_low(&hc, &bc),
            "{hole} on {board}"
        );
        assert_eq!(evaluate_omaha(hole, board).unwrap(), high);
        assert_eq!(evaluate_omaha_low(hole, board).unwrap(), low);
    }
}

#[test]
fn every_plo4_hole_on_fixed_boards() {
    // Monotone (flushes and straight flushes), paired (full houses, quads), rainbow
    // connected (straights), a two-tone flop and a suited turn.
    for text in [
        "AsJs9s5s2s",
        "KhKd7c7s2d",
        "Th9d8c7s2h",
        "6h5d4h",
        "QcJcTc3d",
    ] {
        let board = set(text);
        let prepared = OmahaBoard::new(board).unwrap();
        let bidx: Vec<u8> = board.iter().map(|c| c.index()).collect();
        let rest: Vec<u8> = (0..52)
            .filter(|&i| !board.contains(cards(&[i])[0]))
            .collect();
        let mut count = 0u32;
        let mut by_category = [0u32; 9];
        let n = rest.len();
        for a in 0..n {
            for b in a + 1..n {
                for c in b + 1..n {
                    for d in c + 1..n {
                        let hole = [rest[a], rest[b], rest[c], rest[d]];
                        let r = prepared.rank_indices(&hole);
                        assert_eq!(
                            r.class(),
                            brute_high(&hole, &bidx),
                            "{:?} on {text}",
                            cards(&hole)
                        );
                        by_category[r.category() as usize] += 1;
                        count += 1;
                    }
                }
            }
        }
        let holes = [178_365, 178_365, 178_365, 211_876, 194_580];
        assert!(holes.contains(&count));
        if text == "AsJs9s5s2s" {
            // Two spades make a flush; 3s4s the wheel straight flush.
            assert!(by_category[Category::Flush as usize] > 0);
            assert!(by_category[Category::StraightFlush as usize] > 0);
        }
    }
}

#[test]
fn plo5_and_plo6_holes_by_the_prepared_board_and_the_rows() {
    let mut rng = Rng::new(5150);
    for (h, b) in [(5usize, 5usize), (6, 5), (6, 3), (5, 4)] {
        let n = 20_000;
        let mut holes = Vec::with_capacity(n * h);
        let mut boards = Vec::with_capacity(n * b);
        for _ in 0..n {
            let idx = common::deal(&mut rng, h + b);
            holes.extend_from_slice(&idx[..h]);
            boards.extend_from_slice(&idx[h..]);
        }
        let mut high = vec![0u16; n];
        let mut high2 = vec![0u16; n];
        let mut low = vec![0u8; n];
        let mut low2 = vec![0u8; n];
        match (h, b) {
            (5, 5) => {
                omaha_rank_rows::<5, 5>(&holes, &boards, &mut high);
                omaha_low_rows::<5, 5>(&holes, &boards, &mut low);
                omaha_hilo_rows_checked::<5, 5>(&holes, &boards, &mut high2, &mut low2).unwrap();
            }
            (6, 5) => {
                omaha_rank_rows_checked::<6, 5>(&holes, &boards, &mut high).unwrap();
                omaha_low_rows_checked::<6, 5>(&holes, &boards, &mut low).unwrap();
                omaha_hilo_rows::<6, 5>(&holes, &boards, &mut high2, &mut low2);
            }
            (6, 3) => {
                omaha_rank_rows::<6, 3>(&holes, &boards, &mut high);
                omaha_low_rows::<6, 3>(&holes, &boards, &mut low);
                omaha_hilo_rows::<6, 3>(&holes, &boards, &mut high2, &mut low2);
            }
            _ => {
                omaha_rank_rows::<5, 4>(&holes, &boards, &mut high);
                omaha_low_rows::<5, 4>(&holes, &boards, &mut low);
                omaha_hilo_rows::<5, 4>(&holes, &boards, &mut high2, &mut low2);
            }
        }
        for i in 0..n {
            let (hole, board) = (&holes[i * h..(i + 1) * h], &boards[i * b..(i + 1) * b]);
            assert_eq!(high[i], brute_high(hole, board));
            assert_eq!((high2[i], low2[i]), (high[i], low[i]));
            let prepared = OmahaBoard::from_indices(board);
            assert_eq!(prepared.rank_mask(mask(hole).mask()).class(), high[i]);
            assert_eq!(prepared.low_mask(mask(hole).mask()), low[i]);
            assert_eq!(prepared, OmahaBoard::from_mask(mask(board).mask()));
            let hole_prepared = OmahaHole::from_indices(hole);
            assert_eq!(hole_prepared, OmahaHole::new(mask(hole)).unwrap());
            assert_eq!(prepared.rank_hole(&hole_prepared).class(), high[i]);
            assert_eq!(prepared.low_hole(&hole_prepared), low[i]);
            let low_rank = LowRank::new(low[i]);
            assert_eq!(
                low_rank.map(low_values),
                naive_low(&cards(hole), &cards(board))
            );
        }
    }
}

#[test]
fn there_are_exactly_56_lows_and_all_occur() {
    let mut seen = [false; 57];
    for hole in 0..=255u8 {
        for board in 0..=255u8 {
            seen[usize::from(low_class_of_masks(hole, board))] = true;
        }
    }
    assert!(seen[1..].iter().all(|&s| s));
    let text: Vec<String> = (1..=56)
        .map(|c| LowRank::new(c).unwrap().to_string())
        .collect();
    assert_eq!(text[0], "8-7-6-5-4");
    assert_eq!(text[55], "5-4-3-2-A");
    assert_eq!(text[54], "6-4-3-2-A");
    assert_eq!(text[53], "6-5-3-2-A");
    let mut sorted = text.clone();
    sorted.dedup();
    assert_eq!(sorted.len(), 56);
    // Greater classes are better: compared from the top card down, smaller values win.
    for c in 1..56 {
        let (worse, better) = (LowRank::new(c).unwrap(), LowRank::new(c + 1).unwrap());
        assert!(low_values(better) < low_values(worse));
        assert!(better > worse);
    }
    assert_eq!(
        LowRank::new(50).unwrap().describe(),
        format!("{} low", LowRank::new(50).unwrap())
    );
}

#[test]
fn share_of_boards_that_allow_a_low() {
    // A board allows a low when some two-card hole completes one; only the two hole ranks
    // matter, so every pair of low ranks stands for every such hole.
    let pairs: Vec<u8> = (0..=255u8).filter(|m| m.count_ones() == 2).collect();
    assert_eq!(pairs.len(), 28);
    let mut boards = 0u64;
    let mut with_low = 0u64;
    for a in 0..52u64 {
        for b in a + 1..52 {
            for c in b + 1..52 {
                for d in c + 1..52 {
                    for e in d + 1..52 {
                        let m = 1 << a | 1 << b | 1 << c | 1 << d | 1 << e;
                        let board_low = low_mask(CardSet::from_mask(m).unwrap());
                        boards += 1;
                        if pairs.iter().any(|&p| low_of_masks(p, board_low).is_some()) {
                            with_low += 1;
                        }
                    }
                }
            }
        }
    }
    assert_eq!(boards, 2_598_960);
    assert_eq!(with_low, 1_561_728);
    assert_eq!(
        format!("{:.2}%", 100.0 * with_low as f64 / boards as f64),
        "60.09%"
    );
}

#[test]
fn rule_s_a_straight_on_a_four_flush_board() {
    let board = set("As Ks Qs Js 2d");
    let straight = evaluate_omaha(set("Ts9h8h7h"), board).unwrap();
    let aces = evaluate_omaha(set("AhAd3c4c"), board).unwrap();
    assert_eq!(straight.describe(), "Straight, king high");
    assert_eq!(aces.describe(), "Three of a kind, aces");
    assert!(straight > aces);
}

#[test]
fn rule_t_and_u_hi_lo_showdowns() {
    let (btn, sb, bb) = (set("KdKs9h9d"), set("Ah3dJcJs"), set("Ac3hThTd"));
    // T: the button's three kings take the high, the blinds split the low.
    let board = set("2c 5d 7s Kh Qc");
    let (b_hi, b_lo) = evaluate_omaha_hilo(btn, board).unwrap();
    let (s_hi, s_lo) = evaluate_omaha_hilo(sb, board).unwrap();
    let (g_hi, g_lo) = evaluate_omaha_hilo(bb, board).unwrap();
    assert_eq!(b_hi.describe(), "Three of a kind, kings");
    assert_eq!(b_lo, None);
    assert!(b_hi > s_hi && b_hi > g_hi);
    assert_eq!(s_lo.unwrap().to_string(), "7-5-3-2-A");
    assert_eq!(s_lo.unwrap().describe(), "7-5-3-2-A low");
    assert_eq!(s_lo, g_lo);
    // U: no low; the small blind's ace-high straight scoops. RULES.md writes the board
    // with 9d, which the button holds; with 9c the example means what it says.
    assert_eq!(
        evaluate_omaha_hilo(btn, set("2c 9d Ts Kh Qc")),
        Err(Error::DuplicateCard { card: "9d".into() })
    );
    let board = set("2c 9c Ts Kh Qc");
    let (b_hi, b_lo) = evaluate_omaha_hilo(btn, board).unwrap();
    let (s_hi, s_lo) = evaluate_omaha_hilo(sb, board).unwrap();
    let (g_hi, g_lo) = evaluate_omaha_hilo(bb, board).unwrap();
    assert_eq!((b_lo, s_lo, g_lo), (None, None, None));
    assert_eq!(s_hi.describe(), "Straight, ace high");
    assert!(s_hi > b_hi && s_hi > g_hi);
    // X: on a royal flush board a hand must still use two hole cards.
    let royal = set("AsKsQsJsTs");
    assert!(evaluate_omaha(set("2c3d4h5c"), royal).unwrap() < HandRank::new(1278).unwrap());
}

/// The suit permutations of `perm` applied to card indices.
fn permute(idx: &[u8], perm: [u8; 4]) -> Vec<u8> {
    idx.iter()
        .map(|&c| (c & !3) | perm[usize::from(c & 3)])
        .collect()
}

#[test]
fn suit_permutations_change_nothing_and_the_low_ignores_suits() {
    let mut perms = Vec::new();
    for a in 0..4u8 {
        for b in 0..4 {
            for c in 0..4 {
                let d = 6 - a - b - c;
                if a != b && a != c && b != c && d < 4 && d != a && d != b && d != c {
                    perms.push([a, b, c, d]);
                }
            }
        }
    }
    assert_eq!(perms.len(), 24);
    let mut rng = Rng::new(99);
    for n in 0..50_000 {
        let (h, b) = (4 + n % 3, 3 + n % 5 % 3);
        let idx = common::deal(&mut rng, h + b);
        let (hole, board) = (&idx[..h], &idx[h..]);
        let (high, low) = omaha_hilo_indices(hole, board);
        let p = perms[n % 24];
        assert_eq!(
            omaha_hilo_indices(&permute(hole, p), &permute(board, p)),
            (high, low)
        );
        // Moving one card to another suit of its rank (where free) keeps the low, whatever
        // it does to flushes.
        let pick = n % idx.len();
        let mut moved = idx.clone();
        for s in 1..4u8 {
            let card = (idx[pick] & !3) | ((idx[pick] + s) & 3);
            if !idx.contains(&card) {
                moved[pick] = card;
                break;
            }
        }
        assert_eq!(omaha_low_indices(&moved[..h], &moved[h..]), low);
    }
}

#[test]
fn every_error_path() {
    let board = set("2c5d7sKhQc");
    let hole = set("AhKdQsJc");
    for text in ["", "Ah", "AhKd", "AhKdQs", "AhKdQsJcTc9c8s"] {
        let bad = set(text);
        let expected = Error::CardCount {
            what: "an Omaha hand",
            expected: "4, 5 or 6",
            got: bad.len(),
        };
        assert_eq!(evaluate_omaha(bad, board), Err(expected.clone()));
        assert_eq!(evaluate_omaha_low(bad, board), Err(expected.clone()));
        assert_eq!(evaluate_omaha_hilo(bad, board), Err(expected.clone()));
        let prepared = OmahaBoard::new(board).unwrap();
        assert_eq!(prepared.rank(bad), Err(expected.clone()));
        assert_eq!(prepared.low(bad), Err(expected.clone()));
        assert_eq!(prepared.hilo(bad), Err(expected.clone()));
        assert_eq!(OmahaHole::new(bad), Err(expected));
    }
    assert_eq!(
        evaluate_omaha(set("AhKdQs"), board)
            .unwrap_err()
            .to_string(),
        "an Omaha hand needs 4, 5 or 6 cards, but 3 were given"
    );
    for text in ["", "2c", "2c5d", "2c5d7sKhQc3c"] {
        let bad = set(text);
        let expected = Error::CardCount {
            what: "an Omaha board",
            expected: "3, 4 or 5",
            got: bad.len(),
        };
        assert_eq!(evaluate_omaha(hole, bad), Err(expected.clone()));
        assert_eq!(evaluate_omaha_low(hole, bad), Err(expected.clone()));
        assert_eq!(evaluate_omaha_hilo(hole, bad), Err(expected.clone()));
        assert_eq!(OmahaBoard::new(bad), Err(expected));
    }
    assert_eq!(
        OmahaBoard::new(set("2c5d")).unwrap_err().to_string(),
        "an Omaha board needs 3, 4 or 5 cards, but 2 were given"
    );
    let shared = set("AhKdQs7s");
    let dup = Error::DuplicateCard { card: "7s".into() };
    assert_eq!(evaluate_omaha(shared, board), Err(dup.clone()));
    assert_eq!(evaluate_omaha_low(shared, board), Err(dup.clone()));
    assert_eq!(evaluate_omaha_hilo(shared, board), Err(dup.clone()));
    assert_eq!(OmahaBoard::new(board).unwrap().hilo(shared), Err(dup));
    assert_eq!(
        evaluate_omaha(shared, board).unwrap_err().to_string(),
        "the card 7s is given more than once"
    );

    // Batch rows: the first bad row is named and nothing is written.
    let good_hole = [48u8, 44, 40, 36];
    let good_board = [0u8, 4, 8];
    let cases: [(&[u8], &[u8]); 5] = [
        (&[48, 44, 40, 52], &good_board),  // not a card
        (&[48, 44, 40, 200], &good_board), // not a card, beyond the mask
        (&[48, 44, 44, 36], &good_board),  // a repeat in the hole
        (&good_hole, &[0, 4, 0]),          // a repeat on the board
        (&good_hole, &[0, 4, 48]),         // a card in both
    ];
    for (bad_hole, bad_board) in cases {
        let holes: Vec<u8> = good_hole.iter().chain(bad_hole).copied().collect();
        let boards: Vec<u8> = good_board.iter().chain(bad_board).copied().collect();
        let mut high = [0u16; 2];
        let mut low = [0u8; 2];
        assert_eq!(
            omaha_rank_rows_checked::<4, 3>(&holes, &boards, &mut high),
            Err(1)
        );
        assert_eq!(
            omaha_low_rows_checked::<4, 3>(&holes, &boards, &mut low),
            Err(1)
        );
        assert_eq!(
            omaha_hilo_rows_checked::<4, 3>(&holes, &boards, &mut high, &mut low),
            Err(1)
        );
        assert_eq!((high, low), ([0; 2], [0; 2]));
    }
    // Sizes outside Omaha's are bad from the first row.
    let mut out = [0u16; 1];
    assert_eq!(
        omaha_rank_rows_checked::<3, 3>(&[0, 1, 2], &[4, 5, 6], &mut out),
        Err(0)
    );
    assert_eq!(
        omaha_rank_rows_checked::<4, 2>(&[0, 1, 2, 3], &[4, 5], &mut out),
        Err(0)
    );
    assert_eq!(
        omaha_rank_rows_checked::<4, 6>(&[0, 1, 2, 3], &[4, 5, 6, 7, 8, 9], &mut out),
        Err(0)
    );
}
