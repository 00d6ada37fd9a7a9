//! Which cards a player keeps at a draw: the built-in drawing policy of each draw game,
//! and the rule that throws a given number of a hand's worst cards.
//!
//! Both work on a hand as a card mask (bit `4 * rank + suit`) and answer the cards kept;
//! the rest are thrown. They are pure functions of the hand and the draws left (this one
//! included), so exact enumeration and Monte Carlo apply them the same way.
//!
//! # The policies
//! Ranks below are written as in the games: for 2-7 the ace is the highest card, for A-5
//! and badugi the lowest.
//!
//! - **2-7 (single and triple draw).** Stand pat on a made low (no pair, no straight, no
//!   flush) of 8-low or better while two or more draws are left, of 9-low or better on
//!   the last draw. Otherwise keep one card of each rank up to 7 on the first of three
//!   draws, up to 8 on later ones; when that keeps all five cards (a low straight or
//!   flush, or a rough made hand being broken), the highest is thrown.
//! - **A-5 triple draw.** The same numbers with aces low and no straights or flushes: pat
//!   on five different ranks topped by 8 or lower (9 on the last draw); otherwise keep
//!   one card of each rank up to 7 (first of three draws) or 8.
//! - **Badugi.** Keep the cards that play (the best subset of different ranks and suits,
//!   as the evaluator ranks it) and throw the rest; with two or more draws left, a playing
//!   queen or king is thrown too (a queen- or king-high badugi is broken). A badugi kept
//!   whole is a pat hand.
//! - **Five-card draw.** Stand pat on a straight or better; keep trips, two pair or a pair
//!   and draw to them; with no pair keep four to a flush or four consecutive ranks open at
//!   both ends (2-3-4-5 counts: an ace or a six makes it) and draw one; otherwise keep the
//!   highest card and draw four.
//!
//! # Throwing a number of cards
//! A player told to draw `n` throws the `n` worst cards, in this order of badness:
//! - 2-7 and A-5: a second (third, ...) card of a rank before any card of a new rank, the
//!   highest such rank first; then the highest cards (the ace highest in 2-7, lowest in
//!
//! - Badugi: cards that do not play, the highest first; then the playing cards, the
//!   highest first (aces low).
//! - Five-card draw: unpaired cards, the lowest first; then the cards of the smallest
//!   groups (a pair before trips), the lower rank first.
//!
//! Among cards of one rank the lower suit (clubs, diamonds, hearts, spades) is kept first.

use super::super::Game;
use crate::eval::badugi::badugi_playing;
use crate::eval::high::rank_mask;
use crate::eval::low_27::low_27_class;

/// Cards of one rank: bits `4 * rank .. 4 * rank + 4`.
const RANK: u64 = 0xF;
/// Ranks from the one kept first: 2-7 (deuce first, ace last).
const DEUCE_UP: [u8; 13] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
/// Ranks from the one kept first with aces low (A-5, badugi).
const ACE_UP: [u8; 13] = [12, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
/// Rank indices (0 = deuce).
const SEVEN: u8 = 5;
const EIGHT: u8 = 6;
const NINE: u8 = 7;
const QUEEN: u8 = 10;
const ACE: u8 = 12;
/// The lowest 2-7 class of a made low (no pair, straight or flush): 7,462 down to 6,185.
const MADE_27: u16 = 6185;

/// The lowest card (lowest suit) of `cards`.
#[inline(always)]
fn lowest(cards: u64) -> u64 {
    cards & cards.wrapping_neg()
}

/// A rank's position in ace-low order (the ace 0, the deuce 1, the king 12).
#[inline(always)]
const fn ace_low(rank: u8) -> u8 {
    if rank == ACE {
        0
    } else {
        rank + 1
    }
}

/// The cards of `hand` in the order they are kept, best first, for the lows (`order`:
/// ranks from the lowest): one card of each rank, then the other cards of each rank.
#[inline]
fn low_keep_order(hand: u64, order: &[u8; 13]) -> ([u64; 8], usize) {
    let mut out = [0u64; 8];
    let mut len = 0;
    let mut seconds = 0u64;
    for &r in order {
        let cards = hand >> (4 * r) & RANK;
        if cards != 0 && len < out.len() {
            let first = lowest(cards);
            out[len] = first << (4 * r);
            len += 1;
            seconds |= (cards & !first) << (4 * r);
        }
    }
    for &r in order {
        let mut cards = seconds >> (4 * r) & RANK;
        while cards != 0 && len < out.len() {
            let first = lowest(cards);
            out[len] = first << (4 * r);
            len += 1;
            cards &= !first;
        }
    }
    (out, len)
}

/// The first `keep` cards of a keep order.
#[inline]
fn first_of(order: &([u64; 8], usize), keep: usize) -> u64 {
    order.0[..order.1.min(keep)].iter().fold(0, |a, &c| a | c)
}

/// One card of each rank of `hand` up to `limit` (an index in `order`'s ranks), the
/// lowest suit of each.
#[inline]
fn one_per_rank_up_to(hand: u64, order: &[u8; 13], limit: u8) -> u64 {
    let mut kept = 0;
    for &r in order {
        let cards = hand >> (4 * r) & RANK;
        if cards != 0 {
            kept |= lowest(cards) << (4 * r);
        }
        if r == limit {
            break;
        }
    }
    kept
}

/// Each rank's 4-bit mask of the hand, as 13 bits: bit `r` set when rank `r` is held.
#[inline]
fn rank_bits(hand: u64) -> u16 {
    let mut bits = 0u16;
    for r in 0..13 {
        bits |= u16::from(hand >> (4 * r) & RANK != 0) << r;
    }
    bits
}

/// The highest card of `hand` among `order`'s ranks (the last rank held in `order`).
#[inline]
fn highest_in(hand: u64, order: &[u8; 13]) -> u64 {
    let mut top = 0;
    for &r in order {
        let cards = hand >> (4 * r) & RANK;
        if cards != 0 {
            top = lowest(cards) << (4 * r);
        }
    }
    top
}

/// The rank of the highest card of `hand` in `order` (`order`'s index of it).
#[inline]
fn top_position(hand: u64, order: &[u8; 13]) -> usize {
    order
        .iter()
        .rposition(|&r| hand >> (4 * r) & RANK != 0)
        .unwrap_or(0)
}

/// The cards a player of `game` keeps from `hand` under the game's policy with
/// `draws_left` draws left, this one included (at least 1).
pub fn keep(game: Game, hand: u64, draws_left: usize) -> u64 {
    match game {
        Game::Badugi => keep_badugi(hand, draws_left),
        Game::FiveCardDraw => keep_five_card(hand),
        Game::A5TripleDraw => keep_a5(hand, draws_left),
        _ => keep_27(hand, draws_left),
    }
}

/// The cards a player keeps from `hand` when throwing its `n` worst cards.
pub fn throw_worst(game: Game, hand: u64, n: usize) -> u64 {
    let size = hand.count_ones() as usize;
    let keep = size.saturating_sub(n);
    match game {
        Game::Badugi => {
            let playing = playing_cards(hand);
            let mut kept = 0;
            let mut left = keep;
            for group in [playing, hand & !playing] {
                for &r in &ACE_UP {
                    let mut cards = group >> (4 * r) & RANK;
                    while cards != 0 && left > 0 {
                        let first = lowest(cards);
                        kept |= first << (4 * r);
                        cards &= !first;
                        left -= 1;
                    }
                }
            }
            kept
        }
        Game::FiveCardDraw => {
            // Groups by size, then rank, from the best: the order cards are kept in.
            let mut order: Vec<(u32, u8)> = (0..13u8)
                .filter_map(|r| {
                    let n = (hand >> (4 * r) & RANK).count_ones();
                    (n > 0).then_some((n, r))
                })
                .collect();
            order.sort_unstable_by(|a, b| b.cmp(a));
            let mut kept = 0;
            let mut left = keep;
            for (_, r) in order {
                let mut cards = hand >> (4 * r) & RANK;
                while cards != 0 && left > 0 {
                    let first = lowest(cards);
                    kept |= first << (4 * r);
                    cards &= !first;
                    left -= 1;
                }
            }
            kept
        }
        Game::A5TripleDraw => first_of(&low_keep_order(hand, &ACE_UP), keep),
        _ => first_of(&low_keep_order(hand, &DEUCE_UP), keep),
    }
}

/// 2-7: pat on a made 8 (9 on the last draw), else keep ranks up to 7 (first of three
/// draws) or 8.
fn keep_27(hand: u64, draws_left: usize) -> u64 {
    let made = low_27_class(hand) >= MADE_27;
    let pat_limit = if draws_left > 1 { EIGHT } else { NINE };
    if made && top_position(hand, &DEUCE_UP) <= usize::from(pat_limit) {
        return hand;
    }
    let limit = if draws_left >= 3 { SEVEN } else { EIGHT };
    let kept = one_per_rank_up_to(hand, &DEUCE_UP, limit);
    if kept == hand {
        // Five low cards that do not make a pat hand (a straight or a flush): break it
        // at the top.
        return kept & !highest_in(kept, &DEUCE_UP);
    }
    kept
}

/// pat on five ranks topped by 8 (9 on the last draw), else keep ranks up to 7
/// (first of three draws) or 8.
fn keep_a5(hand: u64, draws_left: usize) -> u64 {
    let made = rank_bits(hand).count_ones() == 5;
    let pat_limit = if draws_left > 1 { EIGHT } else { NINE };
    if made && top_position(hand, &ACE_UP) <= usize::from(ace_low(pat_limit)) {
        return hand;
    }
    let limit = if draws_left >= 3 { SEVEN } else { EIGHT };
    let kept = one_per_rank_up_to(hand, &ACE_UP, limit);
    if kept == hand {
        return kept & !highest_in(kept, &ACE_UP);
    }
    kept
}

/// The cards of the best badugi subset of `hand` (up to four cards): the largest subset
/// of different ranks and suits, among those the one whose highest card is lowest (then
/// the next, ...), aces low.
#[inline]
pub(crate) fn playing_cards(hand: u64) -> u64 {
    badugi_playing(hand)
}

/// Badugi: keep the cards that play; with two or more draws left, not a playing queen or
/// king.
fn keep_badugi(hand: u64, draws_left: usize) -> u64 {
    let playing = playing_cards(hand);
    if draws_left > 1 {
        // Queens and kings: the top two ranks of the ace-high index.
        let high = (RANK << (4 * QUEEN)) | (RANK << (4 * (QUEEN + 1)));
        return playing & !high;
    }
    playing
}

/// Five-card draw: pat on a straight or better, keep made groups, four to a flush or an
/// open-ended straight, else the highest card.
fn keep_five_card(hand: u64) -> u64 {
    // Straight (class above the three of a kind bound) or better stands pat.
    if rank_mask(hand).class() > crate::eval::Category::UPPER_BOUNDS[3] {
        return hand;
    }
    let mut grouped = 0u64;
    for r in 0..13 {
        let cards = hand >> (4 * r) & RANK;
        if cards.count_ones() >= 2 {
            grouped |= cards << (4 * r);
        }
    }
    if grouped != 0 {
        return grouped;
    }
    for suit in 0..4 {
        let suited = hand & (crate::equity::result::SUIT0 << suit);
        if suited.count_ones() == 4 {
            return suited;
        }
    }
    let bits = rank_bits(hand);
    // Four ranks in a row from `low` (0 = deuce) to `low + 3`, a rank free on each side
    // (below the deuce, the ace).
    for low in (0..=8u8).rev() {
        if bits >> low & 0xF == 0xF {
            return (0..4).fold(0, |kept, r| kept | (hand & (RANK << (4 * (low + r)))));
        }
    }
    highest_in(hand, &DEUCE_UP)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card_set::CardSet;

    fn mask(text: &str) -> u64 {
        text.parse::<CardSet>().unwrap().mask()
    }

    fn kept(game: Game, hand: &str, left: usize) -> String {
        CardSet::from_mask(keep(game, mask(hand), left))
            .unwrap()
            .to_string()
    }

    fn thrown(game: Game, hand: &str, n: usize) -> String {
        let h = mask(hand);
        CardSet::from_mask(h & !throw_worst(game, h, n))
            .unwrap()
            .to_string()
    }

    fn same(a: &str, b: &str) -> bool {
        a.parse::<CardSet>().unwrap() == b.parse::<CardSet>().unwrap()
    }

    #[track_caller]
    fn check(got: String, want: &str) {
        assert!(same(&got, want), "got {got}, want {want}");
    }

    #[test]
    fn deuce_seven_policy_decisions() {
        let g = Game::Deuce7TripleDraw;
        // A made 8 stands pat with draws left; a made 9 only on the last draw.
        check(kept(g, "8h6d4c3s2h", 3), "8h6d4c3s2h");
        check(kept(g, "9h6d4c3s2h", 2), "6d4c3s2h");
        check(kept(g, "9h6d4c3s2h", 1), "9h6d4c3s2h");
        // A ten-low is broken even on the last draw.
        check(kept(g, "Th6d4c3s2h", 1), "6d4c3s2h");
        // First of three draws: sevens and below; later: eights too.
        check(kept(g, "8h7d4c4s2h", 3), "7d4c2h");
        check(kept(g, "8h7d4c4s2h", 2), "8h7d4c2h");
        // A wheel is ace-high in 2-7 (no straight): the ace goes.
        check(kept(g, "Ah5d4c3s2h", 3), "5d4c3s2h");
        // A six-high straight: all five are low, the six is thrown.
        check(kept(g, "6h5d4c3s2h", 2), "5d4c3s2h");
        // A 7-5-4-3-2 flush is not a made low: the seven is thrown.
        check(kept(g, "7h5h4h3h2h", 1), "5h4h3h2h");
        // 7-5-4-3-2 offsuit: pat.
        check(kept(g, "7h5d4c3s2h", 3), "7h5d4c3s2h");
        check(kept(Game::Deuce7SingleDraw, "KhQdJc3s2h", 1), "3s2h");
    }

    #[test]
    fn ace_five_policy_decisions() {
        let g = Game::A5TripleDraw;
        // Straights and flushes do not count: 5-4-3-2-A suited is the nuts, pat.
        check(kept(g, "5h4h3h2hAh", 3), "5h4h3h2hAh");
        check(kept(g, "8h6d4c3sAh", 3), "8h6d4c3sAh");
        check(kept(g, "9h6d4c3sAh", 2), "6d4c3sAh");
        check(kept(g, "9h6d4c3sAh", 1), "9h6d4c3sAh");
        // Aces are low: kept; kings go.
        check(kept(g, "KhAd7c7sAh", 3), "Ad7c");
        check(kept(g, "8h8dAc2s3h", 3), "Ac2s3h");
        check(kept(g, "8h8dAc2s3h", 2), "8dAc2s3h");
    }

    #[test]
    fn badugi_policy_decisions() {
        let g = Game::Badugi;
        check(kept(g, "Ac2d3h4s", 3), "Ac2d3h4s");
        // A king-high badugi is broken with draws left, kept on the last draw.
        check(kept(g, "Kc2d3h4s", 2), "2d3h4s");
        check(kept(g, "Kc2d3h4s", 1), "Kc2d3h4s");
        // Three cards play (the two clubs clash): the higher club goes.
        check(kept(g, "7c2c3h4s", 3), "2c3h4s");
        // A pair of deuces and two hearts: two cards play, the best pair of them.
        check(kept(g, "2c2d5h9h", 1), "2c5h");
        check(
            CardSet::from_mask(playing_cards(mask("Ks Kh Kd Kc")))
                .unwrap()
                .to_string(),
            "Kc",
        );
    }

    #[test]
    fn five_card_draw_policy_decisions() {
        let g = Game::FiveCardDraw;
        check(kept(g, "9h8d7c6s5h", 1), "9h8d7c6s5h");
        check(kept(g, "KhKdKc3s2h", 1), "KhKdKc");
        check(kept(g, "KhKd3c3s2h", 1), "KhKd3c3s");
        check(kept(g, "AhAd9c3s2h", 1), "AhAd");
        check(kept(g, "Ah9h5h3h2c", 1), "Ah9h5h3h");
        check(kept(g, "9h8d7c6s2h", 1), "9h8d7c6s");
        check(kept(g, "5h4d3c2sKh", 1), "5h4d3c2s");
        // J-Q-K-A is one-ended: no straight draw kept.
        check(kept(g, "AhKdQcJs3h", 1), "Ah");
    }

    #[test]
    fn throwing_the_worst_cards() {
        check(thrown(Game::Deuce7SingleDraw, "KhKd7c3s2h", 1), "Kh");
        check(thrown(Game::Deuce7SingleDraw, "KhKd7c3s2h", 2), "KhKd");
        check(thrown(Game::Deuce7SingleDraw, "Ah8d7c3s2h", 1), "Ah");
        check(thrown(Game::A5TripleDraw, "Ah8d7c3s2h", 1), "8d");
        check(thrown(Game::A5TripleDraw, "Ah8d7c7s2h", 2), "7s8d");
        check(thrown(Game::Badugi, "7c2c3h4s", 1), "7c");
        check(thrown(Game::Badugi, "7c2c3h4s", 2), "7c4s");
        check(thrown(Game::FiveCardDraw, "AhAd9c3s2h", 3), "9c3s2h");
        check(thrown(Game::FiveCardDraw, "KhKd3c3s2h", 1), "2h");
        check(thrown(Game::FiveCardDraw, "KhKd3c3s2h", 3), "3c3s2h");
        check(thrown(Game::FiveCardDraw, "KhKd3c3s2h", 0), "");
        check(thrown(Game::FiveCardDraw, "KhKd3c3s2h", 5), "KhKd3c3s2h");
    }
}
