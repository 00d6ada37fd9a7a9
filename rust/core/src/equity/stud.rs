//! Seven-card stud, stud hi-lo (eight or better) and razz: every player ends with seven
//! cards of their own, some known (up cards seen, one's own down cards), the rest dealt
//! from the stub.
//!
//! A player is the cards known of them, 0 to 7; there is no board. When the stub cannot
//! give every player all the cards still to come, the rules' common card applies: each
//! player's last card is one card dealt face up for all ([`Deal::common`]). Burn cards are
//! unseen, so they change no chance and are not modelled; the common card is decided by
//! the unseen cards alone.
//!
//! Exact equity has two routes:
//!
//! - heads-up without a common card, by card removal ([`count_pairs`]): each player's
//!   final hand depends only on their own completion, so each player's completions are
//!   listed once with their value, and the pairs of *disjoint* completions are counted by
//!   inclusion-exclusion over the cards they share. For every set `S` of stub cards, the
//!   pairs `(A, B)` of completions that both contain `S` are compared by merging the two
//!   sorted lists of values; a pair whose completions share the set `T` is counted once
//!   for every `S` inside `T`, with sign `(-1)^|S|`, and those signs sum to 0 unless `T`
//!   is empty. Heads-up from third street (4 cards to come each, 18 billion pairs) is
//!   163,185 completions a player and 179,447 sets `S`: milliseconds, not hours.
//! - any other deal, by plain enumeration ([`count_all`]): every player's completion in
//!   turn, each ranked once, the common card first when there is one.
//!
//! Monte Carlo deals each player's cards from the stub ([`unit`]).
//!
//! What is counted per player: stud and stud hi-lo report the high hand's category; razz
//! reports the shape of the best ace-to-five low as a category (high card: five distinct
//! ranks; then pair, two pair, three of a kind, full house, four of a kind), as
//! [`A5LowRank::category`] defines it.

use rayon::prelude::*;

use super::result::{category_of, Counts};
use super::{Game, Setup};
use crate::card_set::{CardSet, FULL_MASK};
use crate::error::{Error, Location, Result};
use crate::eval::high::rank_mask;
use crate::eval::low_a5::low_a5_class;
use crate::eval::short_deck::ShortDeckOrder;
use crate::eval::A5LowRank;
use crate::rng::Rng;
use crate::MAX_PLAYERS;

use super::deals::Hand;
use super::Player;
use pairs::count_pairs;

mod pairs;

/// Cards each stud player ends with.
pub(crate) const CARDS: usize = 7;

/// The most players a stud game deals to.
pub(crate) const MAX_STUD_PLAYERS: usize = 8;

/// Ace-to-five classes below the eight-or-better lows: class `EIGHT_OFFSET + k` is the
/// eight-or-better low of class `k` (1..=56), see [`A5LowRank`].
const EIGHT_OFFSET: u16 = 6175 - 56;

/// Entries (completions times their subsets) above which the card-removal count is not
/// used: about 200 MB of lists.
pub(crate) const MAX_PAIR_ENTRIES: f64 = 50e6;

/// Bytes of lists above which the card-removal count is not used (plain enumeration,
/// which needs almost no memory, counts the deal instead when it is affordable): each
/// completion listed takes 16 bytes while it is sorted, each entry 4.
pub(crate) const MAX_PAIR_BYTES: f64 = 512e6;

/// Nodes of plain enumeration above which exact stud equity is refused (a minute of work
/// on one thread at [`NANOS_PER_NODE`], the bound of the board games' exact count):
/// Monte Carlo is the tool.
pub(crate) const MAX_NODES: f64 = 4e8;

/// Estimated nanoseconds per entry of the card-removal count (listing, bucketing and
/// merging), measured on the development machine under load (two cores shared: heads-up
/// third street, 5.2 million entries, 0.15 to 0.25 s), rounded up.
const NANOS_PER_ENTRY: f64 = 60.0;

/// Estimated nanoseconds per node of plain enumeration (one completion of one player,
/// ranked, plus the scoring of the deals it ends), measured the same way (three players
/// from fifth and sixth street, 650,000 nodes, 55 to 95 ms on two busy cores), rounded up.
const NANOS_PER_NODE: f64 = 150.0;

/// Leaves between two calls of the abort hook in plain enumeration.
const ABORT_CHECK: u64 = 1 << 14;

/// The stud game's way of ranking a hand of seven.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Scale {
    /// Stud: the best high five.
    High,
    /// Razz: the best ace-to-five low five (no qualifier).
    Low,
    /// Stud hi-lo: the best high five, and the best eight-or-better low (or none).
    HiLo,
}

impl Scale {
    fn of(game: Game) -> Scale {
        match game {
            Game::Razz => Scale::Low,
            Game::StudHiLo => Scale::HiLo,
            _ => Scale::High,
        }
    }

    /// The value of seven cards: `(primary, low)`, greater is better for both. The
    /// primary is the high class (stud, hi-lo) or the ace-to-five low class (razz); `low`
    /// is the eight-or-better low class (1..=56, 0 for none) in hi-lo, 0 otherwise.
    #[inline(always)]
    fn value(self, mask: u64) -> (u16, u8) {
        match self {
            Scale::High => (rank_mask(mask).class(), 0),
            Scale::Low => (low_a5_class(mask), 0),
            Scale::HiLo => {
                let low = low_a5_class(mask).saturating_sub(EIGHT_OFFSET);
                (rank_mask(mask).class(), low as u8)
            }
        }
    }

    /// The category index reported for a primary value.
    #[inline(always)]
    fn category(self, primary: u16) -> usize {
        match self {
            Scale::Low => A5LowRank::new(primary).map_or(0, |r| r.category() as usize),
            _ => category_of(primary),
        }
    }

    fn counts(self) -> Counts {
        if self == Scale::HiLo {
            Counts::new_hilo()
        } else {
            Counts::new()
        }
    }
}

/// The deal still to come, from a validated setup.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Deal {
    n: usize,
    /// The cards known of each player.
    known: [u64; MAX_PLAYERS],
    /// Cards each player is still dealt from the stub for themselves (the common card
    /// aside).
    own: [usize; MAX_PLAYERS],
    /// Whether the last card is one common card for all.
    common: bool,
    /// The unseen cards.
    stub: u64,
}

impl Deal {
    pub(crate) fn of(setup: &Setup) -> Deal {
        let n = setup.players.len();
        let mut known = [0u64; MAX_PLAYERS];
        let mut own = [0usize; MAX_PLAYERS];
        for (p, hands) in setup.players.iter().enumerate() {
            known[p] = hands[0].mask;
            own[p] = CARDS - known[p].count_ones() as usize;
        }
        let seen = known.iter().fold(setup.dead, |a, &k| a | k);
        let stub = FULL_MASK & !seen;
        let common = own[..n].iter().sum::<usize>() > stub.count_ones() as usize;
        if common {
            for o in &mut own[..n] {
                *o -= 1;
            }
        }
        Deal {
            n,
            known,
            own,
            common,
            stub,
        }
    }
}

/// A stud request checked and listed: each player as one "hand" of their known cards.
///
/// # Errors
/// [`Error::PlayerCount`] (2 to 8), a board ([`Error::CardCount`] at the board), a hand
/// of more than 7 cards, a range ([`Error::InvalidSetting`]), a card given twice, or a
/// deal the stub cannot give even with the common card ([`Error::DeckExhausted`]).
pub(crate) fn validate(
    players: &[Player],
    board: CardSet,
    dead: CardSet,
    game: Game,
) -> Result<Setup> {
    if !(2..=MAX_STUD_PLAYERS).contains(&players.len()) {
        return Err(Error::PlayerCount {
            got: players.len(),
            expected: "2 to 8 (seven cards each, the stud family's limit)",
        });
    }
    let (board_what, hand_what, no_ranges) = match game {
        Game::Razz => (
            "a board in razz",
            "a razz hand",
            "cards (0 to 7, up and down) or \"random\": razz has no ranges",
        ),
        Game::StudHiLo => (
            "a board in stud hi-lo",
            "a stud hi-lo hand",
            "cards (0 to 7, up and down) or \"random\": stud hi-lo has no ranges",
        ),
        _ => (
            "a board in seven-card stud",
            "a seven-card stud hand",
            "cards (0 to 7, up and down) or \"random\": seven-card stud has no ranges",
        ),
    };
    if !board.is_empty() {
        return Err(Error::CardCount {
            what: board_what,
            expected: "0 (each player's own up and down cards are the hand)",
            got: board.len(),
        }
        .at(Location::Board));
    }
    let mut known = CardSet::EMPTY;
    let mut hands = Vec::with_capacity(players.len());
    for (i, player) in players.iter().enumerate() {
        let cards = match player {
            Player::Hand(cards) => *cards,
            Player::Random => CardSet::EMPTY,
            Player::Range(range) => {
                return Err(Error::InvalidSetting {
                    name: "players",
                    value: format!("'{range}'"),
                    expected: no_ranges,
                }
                .at(Location::Player(i)));
            }
        };
        if cards.len() > CARDS {
            return Err(Error::CardCount {
                what: hand_what,
                expected: "0 to 7",
                got: cards.len(),
            }
            .at(Location::Player(i)));
        }
        known = known
            .try_union(cards)
            .map_err(|e| e.at(Location::Player(i)))?;
        hands.push(vec![Hand {
            mask: cards.mask(),
            weight: 1.0,
        }]);
    }
    known = known.try_union(dead).map_err(|e| e.at(Location::Dead))?;
    let left = 52 - known.len();
    let to_come: Vec<usize> = hands
        .iter()
        .map(|h| CARDS - h[0].mask.count_ones() as usize)
        .collect();
    let wanted: usize = to_come.iter().sum();
    // The common card stands for every player's last card: it needs every player to be
    // still waiting for one, and one card fewer from the stub per player but one.
    let with_common = (wanted + 1).saturating_sub(players.len());
    if wanted > left && (to_come.contains(&0) || with_common > left) {
        return Err(Error::DeckExhausted {
            wanted: if to_come.contains(&0) {
                wanted
            } else {
                with_common
            },
            left,
        });
    }
    Ok(Setup {
        game,
        hole: CARDS,
        players: hands,
        dealt: Vec::new(),
        board: 0,
        dead: dead.mask(),
        need: 0,
        order: ShortDeckOrder::default(), // short deck's alone
    })
}

fn binomial(n: usize, k: usize) -> f64 {
    if k > n {
        return 0.0;
    }
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

/// How exact equity runs for a deal.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Route {
    /// Heads-up by card removal ([`count_pairs`]), with this many entries.
    Pairs(f64),
    /// Plain enumeration ([`count_all`]), with this many nodes.
    All(f64),
}

impl Route {
    pub(crate) fn of(deal: &Deal) -> Route {
        let m = deal.stub.count_ones() as usize;
        if deal.n == 2 && !deal.common {
            let kmax = deal.own[0].min(deal.own[1]);
            let entries: f64 = (0..2)
                .map(|p| {
                    let subsets: f64 = (0..=kmax).map(|k| binomial(deal.own[p], k)).sum();
                    binomial(m, deal.own[p]) * subsets
                })
                .sum();
            let completions = binomial(m, deal.own[0]) + binomial(m, deal.own[1]);
            let buckets: f64 = (0..=kmax).map(|k| binomial(m, k)).sum();
            let bytes = 16.0 * completions + 4.0 * entries + 8.0 * buckets;
            if entries <= MAX_PAIR_ENTRIES && bytes <= MAX_PAIR_BYTES {
                return Route::Pairs(entries);
            }
        }
        // Nodes: the completions listed at each level, summed.
        let mut left = m;
        let mut ways = 1.0;
        let mut nodes = 0.0;
        if deal.common {
            ways = m as f64;
            nodes += ways;
            left -= 1;
        }
        for &own in &deal.own[..deal.n] {
            ways *= binomial(left, own);
            nodes += ways;
            left -= own;
        }
        Route::All(nodes)
    }

    /// Estimated seconds on one thread; infinite beyond what exact enumeration takes.
    pub(crate) fn seconds(self) -> f64 {
        match self {
            Route::Pairs(entries) => entries * NANOS_PER_ENTRY * 1e-9,
            Route::All(nodes) if nodes > MAX_NODES => f64::INFINITY,
            Route::All(nodes) => nodes * NANOS_PER_NODE * 1e-9,
        }
    }
}

/// Refuses exact stud equity beyond [`MAX_NODES`] nodes of plain enumeration, with the
/// figure.
pub(crate) fn check_affordable(setup: &Setup) -> Result<()> {
    if let Route::All(nodes) = Route::of(&Deal::of(setup)) {
        if nodes > MAX_NODES {
            return Err(Error::TooManyDeals {
                what: match setup.game {
                    Game::Razz => "exact razz equity",
                    Game::StudHiLo => "exact stud hi-lo equity",
                    _ => "exact stud equity",
                },
                size: format!("about {nodes:.1e} completions of hands (so many cards to come)"),
                limit: format!("{MAX_NODES:.0e} completions"),
            });
        }
    }
    Ok(())
}

/// Exact counts of a validated stud setup, or `None` when `abort` stopped the work.
pub(crate) fn count(setup: &Setup, abort: &(dyn Fn() -> bool + Sync)) -> Option<Counts> {
    let deal = Deal::of(setup);
    let scale = Scale::of(setup.game);
    match Route::of(&deal) {
        Route::Pairs(_) => count_pairs(&deal, scale, abort),
        Route::All(_) => count_all(&deal, scale, abort),
    }
}

/// Adds one deal of a high or razz game: primary values and categories per player.
#[inline]
fn score(counts: &mut Counts, values: &[u16], categories: &[usize]) {
    let best = values.iter().copied().max().unwrap_or(0);
    let winners = values.iter().filter(|&&v| v == best).count();
    for (p, (&v, &c)) in values.iter().zip(categories).enumerate() {
        counts.categories[p][c] += 1;
        if v == best {
            if winners == 1 {
                counts.wins[p] += 1;
            } else {
                counts.ties[p][winners] += 1;
            }
        }
    }
    counts.total += 1;
}

/// Scores one deal whose final values are `values` (primary, low) per player.
#[inline]
fn score_deal(counts: &mut Counts, scale: Scale, values: &[(u16, u8)]) {
    let n = values.len();
    let mut primary = [0u16; MAX_PLAYERS];
    let mut low = [0u8; MAX_PLAYERS];
    let mut categories = [0usize; MAX_PLAYERS];
    for (p, &(v, l)) in values.iter().enumerate() {
        primary[p] = v;
        low[p] = l;
        categories[p] = scale.category(v);
    }
    if scale == Scale::HiLo {
        counts.score_hilo(&primary[..n], &low[..n]);
    } else {
        score(counts, &primary[..n], &categories[..n]);
    }
}

/// The cards of `mask`, ascending.
fn cards_of(mask: u64) -> Vec<u8> {
    (0..52u8).filter(|&c| mask >> c & 1 == 1).collect()
}

/// Calls `f` with every `k` cards of `cards` (as a mask), in a fixed order.
fn combinations(cards: &[u8], k: usize, f: &mut impl FnMut(u64) -> bool) -> bool {
    fn go(cards: &[u8], from: usize, k: usize, acc: u64, f: &mut impl FnMut(u64) -> bool) -> bool {
        if k == 0 {
            return f(acc);
        }
        for i in from..=cards.len() - k {
            if !go(cards, i + 1, k - 1, acc | 1 << cards[i], f) {
                return false;
            }
        }
        true
    }
    if k > cards.len() {
        return true;
    }
    go(cards, 0, k, 0, f)
}

/// First-level choices handed to the threads at once: each batch's counts are merged in
/// order before the next is listed, so the memory stays a few batches' worth however
/// many completions the first level has (up to `C(45, 7)`, 45 million; one set of
/// counts a choice would take tens of gigabytes).
const FIRSTS_PER_BATCH: usize = 1 << 14;

/// Tasks a batch is cut into (fewer when it has fewer choices): a task's choices share
/// one set of counts.
const TASKS_PER_BATCH: usize = 256;

/// Plain enumeration: every completion of every player in turn (the common card first),
/// the first level's choices spread over threads in batches and summed in order.
fn count_all(deal: &Deal, scale: Scale, abort: &(dyn Fn() -> bool + Sync)) -> Option<Counts> {
    struct Walk<'a> {
        deal: &'a Deal,
        scale: Scale,
        values: [(u16, u8); MAX_PLAYERS],
        counts: Counts,
        leaves: u64,
        abort: &'a (dyn Fn() -> bool + Sync),
    }
    impl Walk<'_> {
        /// Player `p` onwards, with the cards `used` and the common card `common`.
        fn go(&mut self, p: usize, used: u64, common: u64) -> bool {
            let deal = self.deal;
            if p == deal.n {
                score_deal(&mut self.counts, self.scale, &self.values[..deal.n]);
                self.leaves += 1;
                return self.leaves % ABORT_CHECK != 0 || !(self.abort)();
            }
            let cards = cards_of(deal.stub & !used);
            combinations(&cards, deal.own[p], &mut |drawn| {
                self.values[p] = self.scale.value(deal.known[p] | drawn | common);
                self.go(p + 1, used | drawn, common)
            })
        }
    }
    let count_first = |first: u64, walk: &mut Walk<'_>| {
        if deal.common {
            walk.go(0, first, first)
        } else {
            walk.values[0] = scale.value(deal.known[0] | first);
            walk.go(1, first, 0)
        }
    };
    let count_batch = |batch: &[u64]| -> Option<Counts> {
        let parts: Vec<Option<Counts>> = batch
            .par_chunks(batch.len().div_ceil(TASKS_PER_BATCH).max(1))
            .map(|task| {
                let mut walk = Walk {
                    deal,
                    scale,
                    values: [(0, 0); MAX_PLAYERS],
                    counts: scale.counts(),
                    leaves: 0,
                    abort,
                };
                for &first in task {
                    if !count_first(first, &mut walk) || abort() {
                        return None;
                    }
                }
                Some(walk.counts)
            })
            .collect();
        let mut sum = scale.counts();
        for part in &parts {
            sum.merge(part.as_ref()?);
        }
        Some(sum)
    };
    let stub = cards_of(deal.stub);
    // The first level: the common card, or the first player's completions.
    let first_size = if deal.common { 1 } else { deal.own[0] };
    let mut total = scale.counts();
    let mut batch: Vec<u64> = Vec::with_capacity(FIRSTS_PER_BATCH);
    let mut stopped = false;
    combinations(&stub, first_size, &mut |m| {
        batch.push(m);
        if batch.len() < FIRSTS_PER_BATCH {
            return true;
        }
        match count_batch(&batch) {
            Some(counts) => total.merge(&counts),
            None => stopped = true,
        }
        batch.clear();
        !stopped
    });
    if stopped {
        return None;
    }
    total.merge(&count_batch(&batch)?);
    Some(total)
}

/// A Monte Carlo unit: `size` deals, each player's cards to come (and the common card)
/// drawn from the stub by `draw`; `stop(done)` ends the unit early.
pub(crate) fn unit(
    setup: &Setup,
    rng: &mut Rng,
    size: u64,
    draw: fn(&mut Rng, &mut u64, usize) -> u64,
    stop: &mut dyn FnMut(u64) -> bool,
) -> Counts {
    let deal = Deal::of(setup);
    let scale = Scale::of(setup.game);
    let n = deal.n;
    let mut counts = scale.counts();
    let fixed_used = !deal.stub;
    let mut values = [(0u16, 0u8); MAX_PLAYERS];
    let mut done = 0;
    while done < size {
        if stop(done) {
            break;
        }
        let mut used = fixed_used;
        let common = if deal.common {
            draw(rng, &mut used, 1)
        } else {
            0
        };
        for (p, value) in values[..n].iter_mut().enumerate() {
            let drawn = draw(rng, &mut used, deal.own[p]);
            *value = scale.value(deal.known[p] | drawn | common);
        }
        score_deal(&mut counts, scale, &values[..n]);
        done += 1;
    }
    counts
}

/// Rough nanoseconds per Monte Carlo deal on one thread (calibrated like the other games',
/// erring on the slow side).
pub(crate) fn nanos_per_deal(setup: &Setup) -> f64 {
    let per_player = if setup.game == Game::StudHiLo {
        90.0
    } else {
        60.0
    };
    40.0 + per_player * setup.players.len() as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::equity::{validate as validate_any, EquityOptions};

    fn setup(hands: &[&str], dead: &str, game: Game) -> Setup {
        let players: Vec<Player> = hands.iter().map(|t| t.parse().unwrap()).collect();
        let options = EquityOptions {
            game,
            ..EquityOptions::default()
        };
        validate_any(&players, CardSet::EMPTY, dead.parse().unwrap(), &options).unwrap()
    }

    #[test]
    fn card_removal_matches_plain_enumeration() {
        let never = || false;
        for game in [Game::Stud, Game::Razz, Game::StudHiLo] {
            for (hands, dead) in [
                (&["AsAhKd2c3c", "QcQd7h8h9s"][..], "4d"),
                (&["As2h3d4c5c6d", "KcQdJh8h9s"][..], "Ts"),
                (&["Ah2h3h4h", "5s6s7s8s9s"][..], "KdKcKhKs"),
            ] {
                let s = setup(hands, dead, game);
                let deal = Deal::of(&s);
                let scale = Scale::of(game);
                let pairs = count_pairs(&deal, scale, &never).unwrap();
                let all = count_all(&deal, scale, &never).unwrap();
                assert_eq!(pairs.total, all.total, "{game:?} {hands:?}");
                assert_eq!(pairs.wins, all.wins, "{game:?} {hands:?}");
                assert_eq!(pairs.categories, all.categories, "{game:?} {hands:?}");
                if game == Game::StudHiLo {
                    let (p, a) = (pairs.hilo.unwrap(), all.hilo.unwrap());
                    assert_eq!((p.share, p.high, p.low), (a.share, a.high, a.low));
                    assert_eq!(pairs.ties[0][0], all.ties[0][0]);
                } else {
                    assert_eq!(pairs.ties, all.ties, "{game:?} {hands:?}");
                }
            }
        }
    }

    #[test]
    fn the_heads_up_count_asks_its_abort_hook_while_it_ranks_completions() {
        // Seven unknown cards against seven known: 2,629,575 completions ranked and
        // sorted before the count proper. That part once never asked the hook, so a
        // deadline passed unseen for a second or more.
        use std::sync::atomic::{AtomicUsize, Ordering};
        let s = setup(
            &["random", "QcKh4dTh2hQdAs"],
            "JdJcQsTd8cAd7h2d9d2s3s4s5s6s",
            Game::Stud,
        );
        let deal = Deal::of(&s);
        assert!(matches!(Route::of(&deal), Route::Pairs(_)));
        let asked = AtomicUsize::new(0);
        let hook = || {
            asked.fetch_add(1, Ordering::Relaxed);
            false
        };
        let counts = count_pairs(&deal, Scale::High, &hook).unwrap();
        assert_eq!(counts.total, 2_629_575);
        assert!(asked.load(Ordering::Relaxed) as u64 >= 2 * 2_629_575 / ABORT_CHECK);
        // Told to stop: each player's ranking stops at its first question, and nothing
        // is counted.
        let stop = AtomicUsize::new(0);
        let always = || stop.fetch_add(1, Ordering::Relaxed) < usize::MAX;
        assert!(count_pairs(&deal, Scale::High, &always).is_none());
        assert_eq!(stop.load(Ordering::Relaxed), 2);
    }

    #[test]
    fn the_common_card_comes_when_the_stub_runs_short() {
        // Eight players on third street: 24 seen, 28 left, 32 to come.
        let hands: Vec<String> = (0..8)
            .map(|p| {
                let c = |i: usize| {
                    let card = crate::card::Card::from_index((3 * p + i) as i64).unwrap();
                    card.to_string()
                };
                format!("{}{}{}", c(0), c(1), c(2))
            })
            .collect();
        let texts: Vec<&str> = hands.iter().map(String::as_str).collect();
        let deal = Deal::of(&setup(&texts, "", Game::Stud));
        assert!(deal.common);
        assert_eq!(deal.own[..8], [3; 8]);
        let deal = Deal::of(&setup(&texts[..7], "", Game::Stud));
        assert!(!deal.common);
    }
}
