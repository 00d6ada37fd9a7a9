//! Fuzzing the core's parsers of outside text on stable Rust: cards, players and ranges,
//! PHH fields, steps and tables; the observation encoder on chip counts anywhere in
//! `i64`; and the computations a caller can start with any input: equity in every game
//! (hands of 0 to 7 random cards, ranges, boards and dead cards of any size, every method,
//! a deadline of 2 ms), ICM (stacks and payouts zero, negative, tiny, huge, NaN or
//! infinite; every model and method; finishing chances and bubble factors) and push/fold
//! heads-up and at tables of 3 to 10 (odd blinds, antes, tolerances and round limits).
//!
//! Each target takes inputs drawn from a seeded generator: random bytes, random Unicode
//! (control characters, Unicode white space, surrogate-free scalars), soups of the
//! grammar's own tokens (suits as symbols, weights, brackets, quotes, `cbr`), and valid
//! inputs mutated (tokens inserted, spans deleted, doubled or repeated thousands of times,
//! which is how deep nesting and long texts arise). A target fails on a panic (caught,
//! with the input that caused it printed) or a broken property (a parsed range prints
//! to a text that parses back to it; cutting a text in blocks gives the tables of the
//! whole); a stack overflow ends the process, which fails the test as well.
//!
//! The computing targets take a tenth of the parsers' inputs (each does real work, up to
//! its deadline); a failure names the case and seed that replay it.
//!
//! The test command runs a few thousand inputs a target (well under a second). The long run
//! is `bash scripts/fuzz.sh`, which sets `POKERFORGE_FUZZ_INPUTS` (inputs per target,
//! 2,000,000 there) and `POKERFORGE_FUZZ_SEED` (another seed, other inputs) and builds with
//! overflow checks on; each target prints its count.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::str::FromStr;

use pokerforge_core::equity::Player;
use pokerforge_core::obs::{
    Action, ActionKind, ActionSet, Entry, HandLog, Legal, ObsLayout, TableState, MAX_CHIPS, MAX_POT,
};
use pokerforge_core::phh::{has_header, read_fields, read_steps, split_tables};
use pokerforge_core::rng::Rng;
use pokerforge_core::variant::VARIANTS;
use pokerforge_core::{Card, CardSet, Range};

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn inputs() -> u64 {
    setting("POKERFORGE_FUZZ_INPUTS", 3_000)
}

/// Draws fuzz inputs for one target: its tokens and its valid examples.
struct Gen {
    rng: Rng,
    tokens: &'static [&'static str],
    seeds: &'static [&'static str],
}

/// Characters parsers trip over: controls, Unicode white space, suit symbols, a BOM, the
/// largest scalar, a character of four UTF-8 bytes.
const ODD: &[char] = &[
    '\0',
    '\t',
    '\n',
    '\r',
    '\u{b}',
    '\u{c}',
    '\u{1c}',
    '\u{1f}',
    '\u{7f}',
    '\u{85}',
    '\u{a0}',
    '\u{2003}',
    '\u{3000}',
    '\u{feff}',
    '\u{200b}',
    '♠',
    '♥',
    '♦',
    '♣',
    '♤',
    'é',
    'ß',
    '\u{10ffff}',
    '🂡',
];

impl Gen {
    fn new(target: u64, tokens: &'static [&'static str], seeds: &'static [&'static str]) -> Gen {
        Gen {
            rng: Rng::for_stream(setting("POKERFORGE_FUZZ_SEED", 1), target),
            tokens,
            seeds,
        }
    }

    fn below(&mut self, n: usize) -> usize {
        self.rng.below(u32::try_from(n).unwrap_or(u32::MAX)) as usize
    }

    fn token(&mut self) -> &'static str {
        self.tokens[self.below(self.tokens.len())]
    }

    fn scalar(&mut self) -> char {
        match self.below(4) {
            0 => ODD[self.below(ODD.len())],
            1 => char::from(self.below(128) as u8),
            _ => loop {
                if let Some(c) = char::from_u32(self.rng.below(0x11_0000)) {
                    break c;
                }
            },
        }
    }

    /// One input.
    fn text(&mut self) -> String {
        match self.below(8) {
            0 => {
                let bytes: Vec<u8> = (0..self.below(48))
                    .map(|_| self.rng.next_u64() as u8)
                    .collect();
                String::from_utf8_lossy(&bytes).into_owned()
            }
            1 => (0..self.below(24)).map(|_| self.scalar()).collect(),
            2 | 3 => (0..self.below(24)).map(|_| self.token()).collect(),
            _ => {
                let seed = self.seeds[self.below(self.seeds.len())];
                let mut text = seed.to_string();
                for _ in 0..=self.below(4) {
                    text = self.mutate(text);
                }
                text
            }
        }
    }

    /// A char boundary of `text`, anywhere.
    fn boundary(&mut self, text: &str) -> usize {
        let mut at = self.below(text.len() + 1);
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        at
    }

    fn mutate(&mut self, mut text: String) -> String {
        let at = self.boundary(&text);
        match self.below(6) {
            0 => text.insert_str(at, self.token()),
            1 => {
                let c = self.scalar();
                text.insert(at, c);
            }
            2 => {
                let end = self.boundary(&text[at..]) + at;
                text.replace_range(at..end, "");
            }
            3 => {
                let end = self.boundary(&text[at..]) + at;
                let span = text[at..end].to_string();
                text.insert_str(at, &span);
            }
            4 => {
                // A span repeated up to thousands of times: deep nesting, long texts.
                let end = (self.boundary(&text[at..]) + at).min(at + 8);
                let end = (at..=end)
                    .rev()
                    .find(|&e| text.is_char_boundary(e))
                    .unwrap_or(at);
                let times = [2, 10, 100, 5_000][self.below(4)];
                let span = text[at..end].repeat(times);
                text.insert_str(at, &span);
            }
            _ => {
                let token = self.token();
                let end = self.boundary(&text[at..]) + at;
                text.replace_range(at..end, token);
            }
        }
        text
    }
}

/// Runs `check` on `inputs()` inputs of a target; a panic fails with the input shown.
fn fuzz(
    name: &str,
    target: u64,
    tokens: &'static [&'static str],
    seeds: &'static [&'static str],
    check: impl Fn(&str),
) {
    let mut generator = Gen::new(target, tokens, seeds);
    let count = inputs();
    for _ in 0..count {
        let text = generator.text();
        if catch_unwind(AssertUnwindSafe(|| check(&text))).is_err() {
            panic!("fuzz target {name} failed on the input {text:?}");
        }
    }
    println!("fuzz {name}: {count} inputs, 0 failures");
}

const CARD_TOKENS: &[&str] = &[
    "A", "K", "Q", "J", "T", "10", "9", "2", "1", "0", "a", "t", "h", "d", "c", "s", "H", "S", "♠",
    "♥", "♦", "♣", "♡", " ", ",", "\t", "\u{3000}", "x", "-", "??",
];
const CARD_SEEDS: &[&str] = &["AhKh", "Ah Kh", "Ah,Kh", "10h", "A♥", "2c7d9hKsQs", "as"];

#[test]
fn fuzz_cards() {
    fuzz("cards", 1, CARD_TOKENS, CARD_SEEDS, |text| {
        if let Ok(cards) = CardSet::from_str(text) {
            assert_eq!(CardSet::from_str(&cards.to_string()), Ok(cards));
            assert_eq!(
                CardSet::parse_compact(cards.to_string().as_bytes()),
                Some(cards)
            );
        }
        if let Ok(card) = Card::from_str(text) {
            assert_eq!(Card::from_str(&card.to_string()), Ok(card));
        }
        let _ = CardSet::parse_compact(text.as_bytes());
    });
}

const RANGE_TOKENS: &[&str] = &[
    "A", "K", "Q", "J", "T", "9", "2", "10", "s", "o", "h", "d", "c", "+", "-", ",", ":", "(", ")",
    "0.5", "1", "0", ".", "1e9", "0.", "random", "any", "*", " ", "♠", "AKs", "QQ+", "A2s-A5s",
    "0.25(", ")", "1(", "AhKh", "\u{a0}",
];
const RANGE_SEEDS: &[&str] = &[
    "QQ+, AKs, A2s-A5s, KTo+",
    "0.5(JJ, 0.5(AKs)), TT:0.25",
    "22-77, AhKh, random",
    "1(1(1(AA)))",
    "AA:0, KK",
];

#[test]
fn fuzz_ranges_and_players() {
    fuzz("range", 2, RANGE_TOKENS, RANGE_SEEDS, |text| {
        if let Ok(range) = Range::parse(text) {
            assert!(range.weights().iter().all(|w| (0.0..=1.0).contains(w)));
            // Its canonical text is a range text: it parses back to the same range.
            assert_eq!(Range::parse(&range.to_string()).as_ref(), Ok(&range));
        }
        let _ = Player::from_str(text);
    });
}

const FIELD_TOKENS: &[&str] = &[
    "variant",
    " = ",
    "=",
    "'NT'",
    "\"NT\"",
    "'''",
    "[",
    "]",
    ", ",
    ",",
    "'p1 f'",
    "1",
    "0",
    "2.50",
    "-3",
    "+0.5",
    "1e3",
    "true",
    "false",
    "00:00:09",
    "25:00:00",
    "#",
    "\n",
    "\r\n",
    "\r",
    "\t",
    " ",
    "\\",
    "\"",
    "'",
    "99999999999999999999",
    "a-b_c",
    "\u{3000}",
    "\u{1}",
];
const FIELD_SEEDS: &[&str] = &[
    "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [0.50, 1]\n\
     starting_stacks = [82.40, 197]\n\
     actions = ['d dh p1 ????', 'd dh p2 ????', 'p2 cbr 3', 'p1 cc', 'd db 2c7d9h', \
     'p2 cbr 1.50', 'p1 f']\nhand = 3017241370\nplayers = ['Ann', 'Bob']\n\
     winnings = [0, 7.50]\ntime = 12:30:00\n",
    "variant = \"NT\"\r\nantes = [0, 0, 0]\r\nblinds_or_straddles = [1, 2, 0]\r\n\
     starting_stacks = [200, 200, 200]\r\n\
     actions = ['d dh p1 AhKh', 'd dh p2 ????', 'd dh p3 7c2d', 'p3 f', 'p1 cc', 'p2 cc', \
     'd db 2c7d9h', 'p2 sm QsQd', 'p1 sm -']\r\nfinishing_stacks = [200, 200, 200]\r\n",
    "table = '''AMY'S AVE'''\nseats = [1, 3]\n# a comment\n\nmin_bet = 2\n",
];

#[test]
fn fuzz_phh_fields_and_steps() {
    fuzz("phh fields", 3, FIELD_TOKENS, FIELD_SEEDS, |text| {
        if let Ok(fields) = read_fields(text) {
            if let Ok(steps) = read_steps(&fields) {
                assert!(steps.places <= 8);
                assert!(steps.stacks.iter().all(|s| s.is_none_or(|s| s > 0)));
            }
        }
    });
}

const ACTION_TOKENS: &[&str] = &[
    "'p1 f'",
    "'p2 cc'",
    "'p3 cbr 7'",
    "'p1 cbr 2.25'",
    "'p2 cbr 3.125'",
    "'p1 cbr 0'",
    "'p2 cbr -1'",
    "'p1 cbr 1e1'",
    "'p1 cbr 99999999999999999999'",
    "'p1 cbr 0.000000001'",
    "'p4 f'",
    "'p0 f'",
    "'p9999999999999999999 f'",
    "'d db ??'",
    "'d db 2c7d9h'",
    "'d db Ks'",
    "'p1 sm'",
    "'p2 sm -'",
    "'p1 sm AhKh'",
    "'p3 sm ????'",
    "'d dh p1 AhKh'",
    "'d dh p2 AhXx'",
    "'d dh p1 ??????????????'",
    "'p1 cc # a comment'",
    "''",
    "5",
    ", ",
    "'p1\u{3000}f'",
    "'p1 f\u{b}'",
];
const ACTION_SEEDS: &[&str] = &[
    "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\n\
     starting_stacks = [100, 100.5, 100]\n\
     actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 6', 'p1 f', \
     'p2 cc', 'd db 2c7d9h', 'p2 cbr 10.25', 'p3 cc', 'd db Ks', 'd db Qs', 'p2 sm AhAd', \
     'p3 sm']\nwinnings = [0, 33.5, 0]\n",
];

#[test]
fn fuzz_phh_steps() {
    fuzz("phh steps", 4, ACTION_TOKENS, ACTION_SEEDS, |text| {
        if let Ok(fields) = read_fields(text) {
            let _ = read_steps(&fields);
        }
    });
}

const TABLE_TOKENS: &[&str] = &[
    "[1]\n",
    "[2]\n",
    "['a b']\n",
    "[\"x]\"]\n",
    "[[x]]\n",
    "[1] # c\n",
    " [3]\n",
    "[",
    "]",
    "\n",
    "\r\n",
    "a = 1\n",
    "# c\n",
    "\u{3000}",
    "\t",
    "[1",
    "'",
    "\"",
];
const TABLE_SEEDS: &[&str] = &[
    "# hands\n[1]\nvariant = 'NT'\n\n[2]\nvariant = 'NT'\n",
    "variant = 'NT'\nantes = [0, 0]\n",
    "[1]\na = 1\n[2] x\n[3]\n[4]\nb = 2",
];

#[test]
fn fuzz_phh_tables() {
    fuzz("phh tables", 5, TABLE_TOKENS, TABLE_SEEDS, |text| {
        let owned =
            |tables: &[pokerforge_core::phh::Table<'_>]| -> Vec<(Option<String>, usize, String)> {
                tables
                    .iter()
                    .map(|t| (t.name.map(str::to_string), t.first_line, t.body.to_string()))
                    .collect()
            };
        let whole = owned(&split_tables(text, 1, true).tables);
        // Cut in two blocks anywhere (at a char boundary), the text gives the same tables.
        let cut = text.len() / 2;
        let cut = (0..=cut)
            .rev()
            .find(|&c| text.is_char_boundary(c))
            .unwrap_or(0);
        let first = split_tables(&text[..cut], 1, false);
        let rest = format!("{}{}", &text[first.rest..cut], &text[cut..]);
        let mut pieces = owned(&first.tables);
        pieces.extend(owned(&split_tables(&rest, first.rest_line, true).tables));
        assert_eq!(pieces, whole);
        // A text holds a header exactly when a table was cut at one.
        assert_eq!(has_header(text), whole.iter().any(|t| t.0.is_some()));
    });
}

/// One hand and one moment of it for the observation encoder, every chip count drawn
/// from [`chips`].
#[derive(Debug)]
struct EncoderCase {
    button: usize,
    big_blind: i64,
    unit: i64,
    starts: Vec<i64>,
    entries: Vec<Entry>,
    street: usize,
    stacks: Vec<i64>,
    bets: Vec<i64>,
    folded: Vec<bool>,
    total_pot: i64,
    actor: Option<usize>,
    legal: Legal,
    seat: usize,
    actions: usize,
}

/// A chip count the encoder's sums could trip over: within its limit (0, 1, small, at the
/// limit) when `valid`, else also past it (near 2**31, 2**32, 2**62, the ends of `i64`,
/// negative, or any 64 bits).
fn chips(rng: &mut Rng, valid: bool) -> i64 {
    const EDGES: [i64; 10] = [
        1 << 31,
        (1 << 32) + 1,
        1 << 62,
        i64::MAX,
        i64::MAX - 1,
        i64::MIN,
        -1,
        MAX_CHIPS + 1,
        2 * MAX_CHIPS,
        MAX_POT + 1,
    ];
    match rng.below(if valid { 4 } else { 7 }) {
        0 => i64::from(rng.below(3)),
        1 => i64::from(rng.below(1_000)),
        2 => MAX_CHIPS - i64::from(rng.below(1_000)),
        3 => (rng.next_u64() >> 11) as i64, // 0 to 2**53 - 1
        4 => EDGES[rng.below(EDGES.len() as u32) as usize],
        _ => rng.next_u64() as i64,
    }
}

fn encoder_case(rng: &mut Rng) -> EncoderCase {
    let valid = rng.below(2) == 0;
    let n = 2 + rng.below(9) as usize;
    let count = |rng: &mut Rng| chips(rng, valid);
    let starts: Vec<i64> = (0..n).map(|_| count(rng).max(1)).collect();
    let entries = (0..rng.below(12))
        .map(|_| Entry {
            seat: rng.below(n as u32) as u8,
            kind: ActionKind::from_code(i64::from(rng.below(4))).expect("a kind"),
            street: rng.below(4) as u8,
            all_in: rng.below(2) == 0,
            amount: count(rng),
        })
        .collect();
    let raise = rng.below(3) > 0;
    EncoderCase {
        button: rng.below(n as u32) as usize,
        big_blind: count(rng).max(1),
        unit: count(rng).max(1),
        starts,
        entries,
        street: rng.below(5) as usize,
        stacks: (0..n).map(|_| count(rng)).collect(),
        bets: (0..n).map(|_| count(rng)).collect(),
        folded: (0..n).map(|_| rng.below(3) == 0).collect(),
        total_pot: if rng.below(2) == 0 {
            count(rng)
        } else {
            count(rng) / 10 * i64::from(rng.below(10))
        },
        actor: (rng.below(4) > 0).then(|| rng.below(n as u32) as usize),
        legal: Legal {
            fold: rng.below(2) == 0,
            check: rng.below(2) == 0,
            call: count(rng),
            min_raise_to: raise.then(|| count(rng)),
            max_raise_to: raise.then(|| count(rng)),
        },
        seat: rng.below(n as u32) as usize,
        actions: rng.below(2) as usize,
    }
}

/// The observation encoder on chip counts anywhere in `i64`: it refuses a count past its
/// limit or encodes exactly, never a sum that wraps (with overflow checks on, as in the
/// long run, a wrap is a panic this target reports); the discrete actions' amounts stay
/// within the legal bounds, whatever counts they are resolved from.
#[test]
fn fuzz_observation_encoder() {
    let sets = [
        ActionSet::standard(),
        ActionSet::parse(&["fold", "call", "min", "0.25pot", "2pot", "100pot", "allin"])
            .expect("actions"),
    ];
    let mut rng = Rng::for_stream(setting("POKERFORGE_FUZZ_SEED", 1), 6);
    let count = inputs();
    let mut encoded = 0u64;
    for _ in 0..count {
        let case = encoder_case(&mut rng);
        let check = || -> bool {
            let set = &sets[case.actions];
            let holes: Vec<CardSet> = (0..case.starts.len() as u64)
                .map(|i| CardSet::from_mask(0b11 << (2 * i)).expect("two cards"))
                .collect();
            let (mut mask, mut amounts) = (vec![0u8; set.len()], vec![0i64; set.len()]);
            // The actions resolved from the counts as drawn, checked or not.
            let level = case.bets[case.seat].wrapping_add(case.legal.call);
            set.resolve(
                &case.legal,
                level,
                case.total_pot,
                case.unit,
                &mut mask,
                &mut amounts,
            );
            if let (Some(lo), Some(hi)) = (case.legal.min_raise_to, case.legal.max_raise_to) {
                for ((&m, &a), action) in mask.iter().zip(&amounts).zip(set.actions()) {
                    if m == 1 && lo <= hi && !matches!(action, Action::Fold | Action::CheckCall) {
                        assert!((lo..=hi).contains(&a), "{action} = {a}");
                    }
                }
            }
            let Ok(mut log) = HandLog::new(
                case.button,
                case.big_blind,
                case.unit,
                case.starts.clone(),
                holes,
            ) else {
                return false;
            };
            for &entry in &case.entries {
                let _ = log.push(entry);
            }
            let mut net = vec![0.0f32; case.starts.len()];
            if log.net_bb(&case.stacks, &mut net).is_ok() {
                assert!(net.iter().all(|x| x.is_finite()));
            }
            let _ = log.infoset(case.seat, &[]);
            let layout = ObsLayout::new(case.starts.len().max(2), 4, set.clone()).expect("layout");
            let state = TableState {
                street: case.street,
                board: CardSet::EMPTY,
                stacks: &case.stacks,
                bets: &case.bets,
                folded: &case.folded,
                total_pot: case.total_pot,
                actor: case.actor,
                legal: case.legal,
                holes: &[],
                up: &[],
                draws: &[],
                drawing: None,
            };
            let mut obs = vec![0.0f32; layout.size()];
            if layout
                .encode(&log, &state, case.seat, &mut obs, &mut mask, &mut amounts)
                .is_err()
            {
                return false;
            }
            assert!(obs.iter().all(|x| x.is_finite()));
            assert!(amounts.iter().all(|a| (0..=MAX_CHIPS).contains(a)));
            true
        };
        match catch_unwind(AssertUnwindSafe(check)) {
            Ok(ok) => encoded += u64::from(ok),
            Err(_) => panic!("fuzz target encoder failed on the input {case:?}"),
        }
    }
    // Both sides drawn: refused counts and counts encoded.
    assert!(
        count < 100 || (encoded > 0 && encoded < count),
        "{encoded} of {count}"
    );
    println!("fuzz encoder: {count} inputs ({encoded} encoded), 0 failures");
}

/// Inputs of the targets that compute (each call does real work, up to a few
/// milliseconds): a tenth of the parsers' count.
fn work_inputs() -> u64 {
    (inputs() / 10).max(1)
}

/// Runs `check` on `work_inputs()` seeded cases of a computing target; a panic fails with
/// the case number and seed, which replay it.
fn fuzz_work(name: &str, target: u64, check: impl Fn(&mut Rng)) {
    let seed = setting("POKERFORGE_FUZZ_SEED", 1);
    let count = work_inputs();
    for case in 0..count {
        let mut rng = Rng::for_stream(seed ^ target << 32, case);
        if catch_unwind(AssertUnwindSafe(|| check(&mut rng))).is_err() {
            panic!("fuzz target {name} failed on case {case} (seed {seed})");
        }
    }
    println!("fuzz {name}: {count} inputs, 0 failures");
}

/// `count` distinct random cards (of the 52), as a set.
fn some_cards(rng: &mut Rng, count: usize, taken: &mut u64) -> CardSet {
    let mut mask = 0u64;
    while (mask.count_ones() as usize) < count && (*taken | mask).count_ones() < 52 {
        let card = rng.below(52);
        if (*taken | mask) >> card & 1 == 0 {
            mask |= 1 << card;
        }
    }
    *taken |= mask;
    CardSet::from_mask(mask).unwrap_or_default()
}

/// A number a caller might send: ordinary, zero, negative, tiny, huge, NaN or infinite.
fn odd_number(rng: &mut Rng) -> f64 {
    match rng.below(12) {
        0 => 0.0,
        1 => -1.0,
        2 => f64::NAN,
        3 => f64::INFINITY,
        4 => 1e-320,
        5 => 1e308,
        6 => f64::MAX,
        7 => f64::MIN_POSITIVE,
        _ => f64::from(rng.below(10_000)) / f64::from(1 + rng.below(100)),
    }
}

#[test]
fn fuzz_equity_every_game() {
    use pokerforge_core::equity::draw::{draw_equity, Draw};
    use pokerforge_core::{equity, EquityOptions, Method};
    use std::time::{Duration, Instant};
    fuzz_work("equity", 7, |rng| {
        let game = VARIANTS[rng.below(VARIANTS.len() as u32) as usize].game;
        let n = 1 + rng.below(10) as usize;
        let mut taken = 0u64;
        let players: Vec<Player> = (0..n)
            .map(|_| match rng.below(6) {
                0 => Player::Random,
                1 => Player::from_str(
                    ["QQ+, AKs", "22+", "random", "AA:0.5, KK"][rng.below(4) as usize],
                )
                .unwrap_or(Player::Random),
                _ => {
                    let size = rng.below(8) as usize;
                    Player::Hand(some_cards(rng, size, &mut taken))
                }
            })
            .collect();
        let board_size = [0, 0, 3, 4, 5, 2][rng.below(6) as usize];
        let board = some_cards(rng, board_size, &mut taken);
        let dead_size = rng.below(4) as usize;
        let dead = some_cards(rng, dead_size, &mut taken);
        let method = [Method::Auto, Method::Exact, Method::MonteCarlo][rng.below(3) as usize];
        let options = EquityOptions {
            game,
            method,
            samples: (method == Method::MonteCarlo).then(|| 1 + u64::from(rng.below(256))),
            deadline: Some(Instant::now() + Duration::from_millis(2)),
            seed: rng.next_u64(),
            ..EquityOptions::default()
        };
        let result = if game.draw_rounds().is_some() {
            let draws: Vec<Draw> = (0..n)
                .map(|_| match rng.below(4) {
                    0 => Draw::Pat,
                    1 => Draw::Policy,
                    _ => Draw::Count(rng.below(7) as usize),
                })
                .collect();
            let rounds = (rng.below(2) == 0).then(|| rng.below(5) as usize);
            draw_equity(&players, dead, &draws, rounds, &options).map(|r| r.result)
        } else {
            equity(&players, board, dead, &options)
        };
        if let Ok(result) = result {
            let total: f64 = result.players.iter().map(|p| p.equity).sum();
            assert!((total - 1.0).abs() < 1e-6, "{game:?} {players:?}: {total}");
            assert!(result.players.iter().all(|p| p.equity.is_finite()));
        }
    });
}

#[test]
fn fuzz_icm() {
    use pokerforge_core::icm::{
        bubble_factors, finish_probabilities, icm, IcmMethod, IcmOptions, Model,
    };
    fuzz_work("icm", 8, |rng| {
        let n = rng.below(30) as usize;
        let stacks: Vec<f64> = (0..n).map(|_| odd_number(rng)).collect();
        let paid = rng.below(8) as usize;
        let payouts: Vec<f64> = (0..paid).map(|_| odd_number(rng)).collect();
        let model = [Model::Harville, Model::Weitzman][rng.below(2) as usize];
        let method =
            [IcmMethod::Auto, IcmMethod::Exact, IcmMethod::MonteCarlo][rng.below(3) as usize];
        let options = IcmOptions {
            model,
            method,
            samples: Some(u64::from(rng.below(300))),
            seed: Some(rng.next_u64()),
        };
        if let Ok(result) = icm(&stacks, &payouts, &options, &|| false) {
            assert_eq!(result.equities.len(), n);
            // Numbers follow for stacks within a factor 1e300 of each other (the Python
            // layer refuses a wider spread).
            let chips: Vec<f64> = stacks.iter().copied().filter(|&s| s > 0.0).collect();
            let top = chips.iter().copied().fold(0.0, f64::max);
            let sane = chips.iter().all(|&c| c * 1e300 >= top);
            if sane {
                assert!(
                    result.equities.iter().all(|e| !e.is_nan()),
                    "{stacks:?} {payouts:?}"
                );
            }
        }
        // Exact only with few players with chips: 22 take a tenth of a second.
        if stacks.iter().filter(|&&s| s > 0.0).count() <= 10 {
            let places = rng.below(40) as usize;
            if let Ok(table) = finish_probabilities(&stacks, places, model) {
                assert_eq!(table.len(), n);
            }
        }
        if n <= 6 {
            let _ = bubble_factors(&stacks, &payouts, model, &|| false);
        }
    });
}

#[test]
fn fuzz_push_fold() {
    use pokerforge_core::icm::heads_up::{self, Matchups};
    use pokerforge_core::icm::push_fold::{self, TableSpot};
    use pokerforge_core::icm::Model;
    use std::time::Duration;
    let matchups = Matchups::shared();
    fuzz_work("push/fold", 9, |rng| {
        let n = 2 + rng.below(9) as usize;
        let stacks: Vec<f64> = (0..n)
            .map(|_| {
                if rng.below(4) == 0 {
                    odd_number(rng)
                } else {
                    2.0 + f64::from(rng.below(40))
                }
            })
            .collect();
        let payouts = (rng.below(2) == 0).then(|| {
            (0..rng.below(6))
                .map(|_| odd_number(rng))
                .collect::<Vec<f64>>()
        });
        let others: Vec<f64> = (0..rng.below(4)).map(|_| odd_number(rng)).collect();
        let (small, big) = if rng.below(5) == 0 {
            (odd_number(rng), odd_number(rng))
        } else {
            (0.5, 1.0)
        };
        let ante = if rng.below(3) == 0 {
            odd_number(rng)
        } else {
            0.0
        };
        let model = [Model::Harville, Model::Weitzman][rng.below(2) as usize];
        let tolerance = [1e-4, 0.0, -1.0, f64::NAN, 1e-12][rng.below(5) as usize];
        if n == 2 {
            let spot = heads_up::Spot {
                stacks: [stacks[0], stacks[1]],
                small_blind: small,
                big_blind: big,
                ante,
                payouts,
                others,
                model,
            };
            let options = heads_up::SolveOptions {
                tolerance,
                max_iterations: rng.below(300) as usize,
                time_limit: Some(Duration::from_millis(5)),
            };
            if let Ok(s) = heads_up::solve(&spot, &options, matchups, &|| false) {
                assert!(s
                    .shove
                    .iter()
                    .chain(&s.call)
                    .all(|p| (0.0..=1.0).contains(p)));
            }
        } else {
            let spot = TableSpot {
                stacks,
                small_blind: small,
                big_blind: big,
                ante,
                payouts,
                others,
                model,
            };
            let options = push_fold::SolveOptions {
                tolerance,
                max_iterations: rng.below(30) as usize,
                time_limit: Some(Duration::from_millis(5)),
            };
            let _ = push_fold::solve(&spot, &options, matchups, &|| false);
        }
    });
}

const ROOM_TOKENS: &[&str] = &[
    "PokerStars Hand #1: ",
    "Poker Hand #RC1: ",
    "Hand #7 - ",
    "Winamax Poker - CashGame - HandId: #1-2-3 - ",
    "Hold'em No Limit ($0.50/$1 USD)",
    "7 Card Stud Limit ($0.04/$0.08 USD)",
    "Badugi Limit (10/20)",
    "\n",
    "\r\n",
    "Seat 1: Ann ($100 in chips)\n",
    "Seat 2: Bob (1,500)\n",
    "Ann: posts small blind $0.50\n",
    "Bob: posts big blind $1\n",
    "Ann: posts the ante $0.01\n",
    "Bob: straddle $2\n",
    "*** HOLE CARDS ***\n",
    "*** 3rd STREET ***\n",
    "*** 4th STREET ***\n",
    "*** FIRST DRAW ***\n",
    "*** FLOP *** [2c 7d 9h]\n",
    "*** FIRST RIVER *** [Kd]\n",
    "*** SUMMARY ***\n",
    "Dealt to Ann [Ah Kd]\n",
    "Dealt to Bob [Kc] [4d]\n",
    "Ann: raises $2 to $3\n",
    "Bob: calls $2\n",
    "Bob: bets 99999999999999999999\n",
    "Ann: brings in for $0.02\n",
    "Bob: discards 2 cards [Tc Qd]\n",
    "Ann: stands pat\n",
    // Winamax's ways: its stakes of three, its draws' sections and discards, both blinds
    // posted one after the other, a raise written to what it adds.
    "Holdem no limit (50/200/400)",
    "*** FIRST-BET ***\n",
    "*** FIRST-DRAW ***\n",
    "Bob discard 2 cards\n",
    "Ann posts small blind 3 out of position\n",
    "Ann posts big blind 0 out of position\n",
    "Bob raises -6.10 to 18.90\n",
    "Ann collected 230 from side pot 1\n",
    "Ann: shows [Ah Kd X]\n",
    "Ann collected $2.50 from pot\n",
    "Uncalled bet ($2) returned to Ann\n",
    "Total pot $2.50 | Rake $0 | Jackpot $1\n",
    "Seat 1: Ann won ($2.50)\n",
    "Hand cancelled\n",
    "*********** # 2 **************\n",
    "[",
    "]",
    "$",
    "€",
    "\u{feff}",
    "#Game No : 7\n",
    "***** Hand History for Game 7 *****\n",
    "$0.05/$0.10 Blinds No Limit Holdem - *** 06 01 2014\n",
    "Seat 4: Ann ( $10.98 )\n",
    "Ann posts small blind [$0.05]\n",
    "Bob raises [284,48$]\n",
    "** Dealing flop ** [ Jc, Kc, 3c ]\n",
    "Bob collected [ $0.19 ]\n",
    "Bob wins $0.24 USD\n",
    "<session sessioncode=\"0\">",
    "<gametype>Omaha PL €0.50/€1</gametype>",
    "<game gamecode=\"1\">",
    "</game>",
    "<round no=\"1\">",
    "<player seat=\"3\" name=\"Ann\" chips=\"€78.73\" dealer=\"1\" win=\"€0\" bet=\"€3\" />",
    "<action no=\"2\" player=\"Ann\" type=\"23\" sum=\"€1\" />",
    "<cards type=\"Flop\" player=\"\">D8 D4 H2</cards>",
    "&amp;",
    "Ignition Hand #3340409736 TBL#10916521 HOLDEM No Limit - 2016-08-09 12:41:32\n",
    "Seat 4: Big Blind [ME] ($50 in chips)\n",
    "Big Blind  [ME] : Big blind $0.50\n",
    "Dealer : Set dealer [6]\n",
    "Dealer : Card dealt to a spot [4c Kd]\n",
    "Card dealt to table [Ks 7c 9s]\n",
    "Big Blind  [ME] : Hand result $0.75\n",
    "Small Blind : Return uncalled portion of bet $16\n",
    "Total Pot($0.75)\n",
    "Mão PokerStars #1: ",
    "<description type=\"Holdem\" stakes=\"Limit $0.02/$0.04\"/>",
    "<players dealer=\"1\">",
    "<player seat=\"0\" nickname=\"Ann\" balance=\"$0.56\" dealtin=\"true\" />",
    "<event sequence=\"3\" type=\"RAISE\" player=\"0\" amount=\"0.04\"/>",
    "<cards type=\"COMMUNITY\" cards=\"2h,Ah,5d\"/>",
    "<round id=\"END_OF_GAME\" sequence=\"7\">",
    "<winner amount=\"0.59\" uncalled=\"false\" potnumber=\"1\" player=\"0\"/>",
    "Full Tilt Poker Game #1: Table Flash - $0.02/$0.05 - No Limit Hold'em - 15:13 ET\n",
    "Ann posts the small blind of $0.02\n",
    "The button is in seat #4\n",
    "Bob raises to 300, and is all in\n",
    "Uncalled bet of $0.03 returned to Ann\n",
    "Ann wins the pot ($0.04)\n",
    "Lugar 1: Ana (7835 em fichas)\n",
    "Ana: aumenta 160 para 240\n",
    "Caio recebe [9d Qc]\n",
    "*** CARTAS DA MÃO ***\n",
    "*** SUMÁRIO ***\n",
    "Total pote 550 | comissão 0\n",
    "<",
    ">",
    "<gametype>7 Card Stud L</gametype>",
    "<gametype>7 Card Stud Hi-Lo L $0.05/$0.10</gametype>",
    "<gametype>PL $2/$4</gametype>",
    "<cards type=\"Third Street\" player=\"Ann\">X X DA</cards>",
    "<cards type=\"Fourth Street\" player=\"Bob\">SQ</cards>",
    "<cards type=\"River\" player=\"Ann\">X</cards>",
    "<action no=\"7\" player=\"Bob\" type=\"16\" sum=\"15\" />",
    "<action no=\"9\" player=\"Ann\" type=\"5\" sum=\"60\" />",
    "<description type=\"7-Stud\" stakes=\"Limit $0.50/$1\"/>",
    "<description type=\"2-7 Lowball\" stakes=\"Limit $1/$2\" version=\"2\"/>",
    "<description type=\"HORSE Tournament\" stakes=\"Limit\"/>",
    "<game id=\"1-2\" multigametype=\"41\">",
    "<round id=\"BRING_IN\" sequence=\"2\">",
    "<round id=\"FIRST_DRAW\" sequence=\"3\">",
    "<event sequence=\"8\" type=\"BRING_IN\" player=\"0\" amount=\"0.10\"/>",
    "<event sequence=\"5\" type=\"DRAW\" player=\"0\" text=\"2\"/>",
    "<cards type=\"DRAW_DRAWN_CARDS\" cards=\"null,null,7s\" player=\"0\"/>",
    "<cards type=\"HOLE\" cards=\"Qh,Tc,4s,6h,7h\" player=\"0\"/>",
    "Bovada Hand #2633115879: 7CARD Tournament #1378659 TBL#1, Fixed Limit- Level 1 (0/0)\n",
    "Seat+4 [ME]: 1,500 in chips\n",
    "Seat+1 : Card dealt to a spot [8s]\n",
    "Seat+1 : Big blind/Bring in 5\n",
    "Seat+5 : Double bets 20\n",
    "Game started at: 2016/8/2 11:17:19\n",
    "Game ID: 693977667 1/2 (PRR) Leyak (Seven Cards Stud)\n",
    "Player Ann received card: [10d]\n",
    "Player Bob received a card.\n",
    "Player Bob bring in (0.40)\n",
    "*** Third street ***\n",
    "Pot: 1.10. Rake 0. JP fee 0.24\n",
    "*Player Ann mucks (does not show cards). Bets: 0.55. Collects: 1.10. Wins: 0.55.\n",
    "Ignition Hand #4294547312: HOLDEM Tournament #41302505 TBL#13, Turbo- Level 1 (10/20)\n",
    "Big Blind : All-in 237\n",
    "Dealer : Set dealer [3]\n",
    // The clients' own ways: translated cards, points between thousands, joined lines,
    // pot lines, a room's added and unwritten chips, capped and jackpot tables.
    "[ Hc, Knh, 8Pik, 7p, \u{c2}h ]",
    "Player3 is sitting outPlayer4 posts big blind [$0,25 USD].",
    "seat1: Ann ( $3.243 )",
    "STP added: \u{20ac}0.50\n",
    "Total pot 1.26 | Rake 0.22\n",
    "Total pot 0.95 | STP 0.50 | Rake 0.00\n",
    "Game ID: 1 5/10 Mauilite (JP) - CAP - 6-Max (Omaha)\n",
    "Player Ann is disconnected and ALL IN.\n",
    "Blinds-Antes(400/800 -25)\n",
    "Ann: raises 44.00 to 68\n",
    // Both blinds written as one, or not at all; antes by another word; a second, larger
    // big blind; capitalised words; a NUL before the first separator.
    "Ann: post dead 0.00\n",
    "Ann: ante processed 10.00\n",
    "Ann posts big blind + dead [$0.03].\n",
    "Ann posts button blind  [$1 USD]\n",
    "Ann: posts big blind $8\n",
    "Ann: Calls 2.00.\n",
    "\u{0}Game #1 starts.\n",
];
const ROOM_SEEDS: &[&str] = &[
    "Game started at: 2014/3/9 16:53:43\n\
     Game ID: 261641541 0.10/0.25 Tantalite   (JP) (Hold'em)\nSeat 5 is the button\n\
     Seat 1: Ann (44.87).\nSeat 5: Bob (12.85).\nSeat 6: Cy (25.10).\n\
     Player Cy has small blind (0.10)\nPlayer Ann has big blind (0.25)\n\
     Player Cy received card: [Jd]\nPlayer Cy received card: [Js]\n\
     Player Ann received a card.\nPlayer Ann received a card.\nPlayer Bob received a card.\n\
     Player Bob received a card.\nPlayer Bob folds\nPlayer Cy calls (0.15)\nPlayer Ann checks\n\
     *** FLOP ***: [3h 4c 2c]\nPlayer Cy bets (1)\nPlayer Ann folds\n\
     Uncalled bet (1) returned to Cy\n------ Summary ------\nPot: 0.48. Rake 0.02\n\
     *Player Cy shows: One pair [Jd Js]. Bets: 0.25. Collects: 0.48. Wins: 0.23.\n\
     Player Ann does not show cards.Bets: 0.25. Collects: 0. Loses: 0.25.\n\
     Game ended at: 2014/3/9 16:54:45\n",
    "PokerStars Hand #1001:  Hold'em No Limit ($0.50/$1 USD) - 2024/01/02 10:00:00 ET\n\
     Table 'Alpha' 6-max Seat #1 is the button\nSeat 1: Ann ($100 in chips)\n\
     Seat 2: Bob ($80.50 in chips)\nSeat 3: Cid ($120 in chips)\n\
     Bob: posts small blind $0.50\nCid: posts big blind $1\n*** HOLE CARDS ***\n\
     Dealt to Ann [Ah Kd]\nAnn: raises $2 to $3\nBob: folds\nCid: calls $2\n\
     *** FLOP *** [2c 7d 9h]\nCid: checks\nAnn: bets $4\nCid: folds\n\
     Uncalled bet ($4) returned to Ann\nAnn collected $6.50 from pot\n*** SUMMARY ***\n\
     Total pot $6.50 | Rake $0\n",
    "PokerStars Game #3:  7 Card Stud Limit ($0.04/$0.08 USD) - 2009/11/26 10:22:32 ET\n\
     Table 'Dawn II' 8-max\nSeat 3: Ann ($1.46 in chips)\nSeat 5: Bob ($1.60 in chips)\n\
     Ann: posts the ante $0.01\nBob: posts the ante $0.01\n*** 3rd STREET ***\n\
     Dealt to Ann [Kc]\nDealt to Bob [5d Ks 2h]\nBob: brings in for $0.02\nAnn: calls $0.02\n\
     *** 4th STREET ***\nDealt to Ann [Kc] [4d]\nDealt to Bob [5d Ks 2h] [9h]\nAnn: bets $0.04\n\
     Bob: folds\nAnn collected $0.06 from pot\n*** SUMMARY ***\nTotal pot $0.06 | Rake $0\n",
    "PokerStars Game #4:  Triple Draw 2-7 Lowball Limit ($0.10/$0.20 USD) - 2011/06/26\n\
     Table 'S' 6-max Seat #1 is the button\nSeat 1: Ann ($4.36 in chips)\nSeat 2: Bob ($3 in chips)\n\
     Ann: posts small blind $0.05\nBob: posts big blind $0.10\n*** DEALING HANDS ***\n\
     Dealt to Ann [8s Td Kd Qs Qc]\nAnn: calls $0.05\nBob: checks\n*** FIRST DRAW ***\n\
     Bob: discards 3 cards\nAnn: discards 2 cards [8s Td]\nDealt to Ann [Kd Qs Qc] [2h 3c]\n\
     Bob: bets $0.10\nAnn: folds\nBob collected $0.20 from pot\n*** SUMMARY ***\nTotal pot $0.20\n",
    "#Game No : 349736402\n***** 888poker Hand History for Game 349736402 *****\n\
     $0.05/$0.10 Blinds No Limit Holdem - *** 06 01 2014 22:40:28\n\
     Table Abbotsford 6 Max (Real Money)\nSeat 9 is the button\nTotal number of players : 2\n\
     Seat 4: Ann ( $10.98 )\nSeat 9: Bob ( $4.66 )\nBob posts small blind [$0.05]\n\
     Ann posts big blind [$0.10]\n** Dealing down cards **\nBob calls [$0.05]\nAnn checks\n\
     ** Dealing flop ** [ Jc, Kc, 3c ]\nAnn checks\nBob bets [$0.10]\nAnn folds\n\
     ** Summary **\nBob collected [ $0.19 ]\n",
    "<?xml version=\"1.0\"?>\n<session sessioncode=\"0\">\n<general>\
     <gametype>Holdem NL $0.50/$1</gametype></general>\n<game gamecode=\"5\"><general><players>\
     <player seat=\"1\" name=\"Ann\" chips=\"$100\" dealer=\"1\" win=\"$2\" bet=\"$2\" />\
     <player seat=\"2\" name=\"Bob\" chips=\"$100\" dealer=\"0\" win=\"$0\" bet=\"$1\" />\
     </players></general><round no=\"0\">\
     <action no=\"1\" player=\"Ann\" type=\"1\" sum=\"$0.50\" />\
     <action no=\"2\" player=\"Bob\" type=\"2\" sum=\"$1\" /></round><round no=\"1\">\
     <cards type=\"Pocket\" player=\"Ann\">SA C10</cards>\
     <action no=\"3\" player=\"Ann\" type=\"23\" sum=\"$2\" />\
     <action no=\"4\" player=\"Bob\" type=\"0\" sum=\"$0\" /></round></game></session>\n",
    "<?xml version=\"1.0\"?><session sessioncode=\"0\">\n<general>\
     <gametype>7 Card Stud L</gametype></general>\n<game gamecode=\"6\"><general><players>\
     <player seat=\"1\" name=\"Ann\" chips=\"100\" dealer=\"1\" win=\"36\" bet=\"18\" />\
     <player seat=\"2\" name=\"Bob\" chips=\"100\" dealer=\"0\" win=\"0\" bet=\"18\" />\
     </players></general><round no=\"0\">\
     <action no=\"1\" player=\"Ann\" type=\"15\" sum=\"2\" />\
     <action no=\"2\" player=\"Bob\" type=\"15\" sum=\"2\" /></round><round no=\"2\">\
     <cards type=\"Third Street\" player=\"Ann\">SA C10 D2</cards>\
     <action no=\"4\" player=\"Ann\" type=\"5\" sum=\"16\" />\
     <cards type=\"Third Street\" player=\"Bob\">X X C3</cards>\
     <action no=\"3\" player=\"Bob\" type=\"16\" sum=\"4\" />\
     <action no=\"5\" player=\"Bob\" type=\"3\" sum=\"12\" /></round><round no=\"3\">\
     <cards type=\"Fourth Street\" player=\"Ann\">HK</cards>\
     <cards type=\"Fourth Street\" player=\"Bob\">H4</cards>\
     <action no=\"6\" player=\"Ann\" type=\"4\" sum=\"0\" />\
     <action no=\"7\" player=\"Bob\" type=\"0\" sum=\"0\" /></round></game></session>\n",
    "<description type=\"2-7 Lowball\" stakes=\"Limit $1/$2\"/>\n<game id=\"1-1\">\
     <players dealer=\"1\"><player seat=\"1\" nickname=\"Ann\" balance=\"$32\" dealtin=\"true\" />\
     <player seat=\"3\" nickname=\"Bob\" balance=\"$46\" dealtin=\"true\" /></players>\
     <round id=\"BLINDS\"><event type=\"SMALL_BLIND\" player=\"1\" amount=\"0.50\"/>\
     <event type=\"BIG_BLIND\" player=\"3\" amount=\"1.00\"/></round>\
     <round id=\"PRE_FIRST_DRAW\"><event type=\"CALL\" player=\"1\" amount=\"0.50\"/>\
     <event type=\"CHECK\" player=\"3\"/>\
     <cards type=\"HOLE\" cards=\"Qh,Tc,4s,6h,7h\" player=\"3\"/></round>\
     <round id=\"FIRST_DRAW\"><event type=\"DRAW\" player=\"3\" text=\"2\"/>\
     <event type=\"DRAW\" player=\"1\" text=\"0\"/>\
     <cards type=\"DRAW_DRAWN_CARDS\" cards=\"9d,9c,4s,6h,7h\" player=\"3\"/></round>\
     <round id=\"POST_FIRST_DRAW\"><event type=\"BET\" player=\"3\" amount=\"1.00\"/>\
     <event type=\"FOLD\" player=\"1\"/></round><round id=\"END_OF_GAME\">\
     <winner amount=\"3.00\" player=\"3\"/></round></game>\n",
];

/// The rooms' readers on any bytes: a hand is read or refused by name, never a panic; a
/// hand read has players and one winnings entry each, and its totals check runs; the
/// import's fast replay of it conserves chips.
#[test]
fn fuzz_room_histories() {
    fuzz("rooms", 7, ROOM_TOKENS, ROOM_SEEDS, |text| {
        let _ = pokerforge_core::rooms::detect(text.as_bytes());
        for hand in pokerforge_core::rooms::read_file(text.as_bytes()).hands {
            match hand {
                Ok(hand) => {
                    assert!((2..=10).contains(&hand.players.len()));
                    assert_eq!(hand.winnings.len(), hand.players.len());
                    let _ = pokerforge_core::rooms::check_totals(&hand);
                    let _ = hand.phh_actions();
                    // The import's fast replay: chips conserved where it replays the hand.
                    if let Some(r) = pokerforge_core::rooms::replay::replay(&hand) {
                        if r.known {
                            assert_eq!(r.net.iter().sum::<i64>(), -r.rake);
                        }
                        pokerforge_core::rooms::rows::Rows::default().push(&hand, &r);
                    }
                }
                Err(refusal) => assert!(!refusal.message.is_empty()),
            }
        }
    });
}
