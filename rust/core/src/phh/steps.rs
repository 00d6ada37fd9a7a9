//! What a replay needs from one hand's fields, read once: the chip unit, the amounts in
//! chips, the actions as typed steps and the cards dealt.
//!
//! This reads; it rules on nothing. A hand whose fields this reader would have to refuse
//! (a malformed action, an amount that is not a whole number of chips, a card that is not
//! one, ...) gets no [`Steps`]: the caller then reads it the slow way, whose errors name
//! the problem, so a bad hand is refused by one piece of code with one message.

use super::fields::{is_ascii_py_space, is_py_space, Value};
use crate::Card;

/// The finest chip unit a hand may need: a hundred-millionth of the record's money.
const MAX_PLACES: u32 = 8;

/// What an action does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verb {
    /// `d dh pN cards`: hole cards dealt.
    DealHole,
    /// `d db cards`: board cards dealt.
    DealBoard,
    /// `pN f`.
    Fold,
    /// `pN cc`: check or call.
    CheckCall,
    /// `pN cbr amount`: bet or raise to a street total.
    BetRaise,
    /// `pN sm [cards]`: show (cards, or `-`) or muck (nothing).
    ShowMuck,
}

impl Verb {
    /// The verb as PHH writes it.
    pub const fn code(self) -> &'static str {
        match self {
            Verb::DealHole => "dh",
            Verb::DealBoard => "db",
            Verb::Fold => "f",
            Verb::CheckCall => "cc",
            Verb::BetRaise => "cbr",
            Verb::ShowMuck => "sm",
        }
    }
}

/// What follows the verb.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    /// Nothing (`f`, `cc`, a muck).
    Nothing,
    /// A bet or raise to this many chips.
    Chips(i64),
    /// Cards by index (`4 * rank + suit`), in the order written; `None` for `??`.
    Cards(Vec<Option<u8>>),
}

/// One action: its index in the `actions` list, its player (0-based, `None` for the
/// dealer's board), the verb and its argument.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// Index of the action in the `actions` list (comments and blank actions counted).
    pub action: usize,
    /// `p1` is 0; `None` for `d db`.
    pub player: Option<usize>,
    /// What the action does.
    pub verb: Verb,
    /// Its argument.
    pub arg: Arg,
}

/// One hand's fields read for its replay (see the module's documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Steps {
    /// Decimal places of the chip unit: 0 for whole chips, 2 for cents.
    pub places: u32,
    /// Each player's starting stack in chips (`p1` first).
    pub stacks: Vec<i64>,
    /// The actions, blank ones left out.
    pub steps: Vec<Step>,
    /// Each player's hole cards as dealt (made known by a show), `None` if never dealt.
    pub holes: Vec<Option<Vec<Option<u8>>>>,
    /// The board cards in order.
    pub board: Vec<u8>,
    /// Hole cards per player (4 when no player is dealt any).
    pub hole_count: usize,
    /// The recorded `winnings` in chips, if any.
    pub winnings: Option<Vec<i64>>,
    /// The recorded `finishing_stacks` in chips, if any.
    pub finishing_stacks: Option<Vec<i64>>,
}

/// The variant codes the game layer plays.
const VARIANTS: [&str; 9] = ["NT", "FT", "PO", "FO/8", "PT", "NO", "FO", "NO/8", "PO/8"];
const MONEY_LISTS: [&str; 5] = [
    "antes",
    "blinds_or_straddles",
    "starting_stacks",
    "winnings",
    "finishing_stacks",
];
const MONEY_FIELDS: [&str; 4] = ["small_bet", "big_bet", "min_bet", "_rake_cap"];

/// An amount as written, unsigned: whole part and fraction digits (ASCII).
fn parts(text: &str) -> Option<(&str, &str)> {
    let text = text.strip_prefix('+').unwrap_or(text);
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    (!whole.is_empty() && digits(whole) && digits(fraction)).then_some((whole, fraction))
}

/// Decimal places of an amount as written (`247.10` has 2); `None` for a negative or odd one.
fn places_of(value: &Value<'_>) -> Option<u32> {
    match value {
        Value::Decimal(text) => parts(text).map(|(_, f)| f.len() as u32),
        _ => Some(0),
    }
}

/// `text` in chips of `10^-places`; `None` when it is not a whole number of them (or is
/// negative, or overflows).
fn chips(text: &str, places: u32) -> Option<i64> {
    let (whole, fraction) = parts(text)?;
    let kept = fraction.len().min(places as usize);
    if fraction.bytes().skip(kept).any(|b| b != b'0') {
        return None;
    }
    let mut out: i64 = 0;
    for b in whole.bytes().chain(fraction[..kept].bytes()) {
        out = out.checked_mul(10)?.checked_add(i64::from(b - b'0'))?;
    }
    out.checked_mul(10_i64.checked_pow(places - kept as u32)?)
}

fn value_chips(value: &Value<'_>, places: u32, least: i64) -> Option<i64> {
    let amount = match value {
        Value::Int(text) | Value::Decimal(text) => chips(text, places)?,
        _ => return None,
    };
    (amount >= least).then_some(amount)
}

fn chip_list(value: Option<&Value<'_>>, n: usize, places: u32, least: i64) -> Option<Vec<i64>> {
    match value? {
        Value::Array(items) if items.len() == n => items
            .iter()
            .map(|v| value_chips(v, places, least))
            .collect(),
        _ => None,
    }
}

/// Cards written two characters each; `??` an unknown card.
fn cards(text: &str) -> Option<Vec<Option<u8>>> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() % 2 != 0 {
        return None;
    }
    chars
        .chunks(2)
        .map(|pair| {
            if pair == ['?', '?'] {
                return Some(None);
            }
            let text: String = pair.iter().collect();
            text.parse::<Card>().ok().map(|card| Some(card.index()))
        })
        .collect()
}

/// `pN` with `N` in 1..=n (ASCII digits, no leading zero): the player's index.
fn player(word: &str, n: usize) -> Option<usize> {
    let digits = word.strip_prefix('p')?;
    if digits.is_empty() || digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let number: usize = digits.parse().ok()?;
    (number <= n).then(|| number - 1)
}

/// The first words of `text` split at Python's white space (`str.split()`), at most
/// [`WORDS`] of them, and how many there are (`WORDS` meaning that many or more): no action
/// has more, so the rest is never needed.
fn words(text: &str) -> ([&str; WORDS], usize) {
    let mut out = [""; WORDS];
    let mut count = 0;
    if text.is_ascii() {
        // Byte by byte, as the files' actions are ASCII.
        let bytes = text.as_bytes();
        let mut at = 0;
        while count < WORDS {
            while at < bytes.len() && is_ascii_py_space(bytes[at]) {
                at += 1;
            }
            if at == bytes.len() {
                break;
            }
            let start = at;
            while at < bytes.len() && !is_ascii_py_space(bytes[at]) {
                at += 1;
            }
            out[count] = &text[start..at];
            count += 1;
        }
    } else {
        for word in text
            .split(is_py_space)
            .filter(|w| !w.is_empty())
            .take(WORDS)
        {
            out[count] = word;
            count += 1;
        }
    }
    (out, count)
}

/// One more word than the longest action (`d dh pN cards`) has.
const WORDS: usize = 5;

fn step(action: usize, text: &str, n: usize, places: u32) -> Option<Option<Step>> {
    let before = text.split_once('#').map_or(text, |(head, _)| head);
    let (words, count) = self::words(before);
    let words = &words[..count];
    let Some(&first) = words.first() else {
        return Some(None); // a blank action (or a comment alone)
    };
    let (player, verb, arg) = match (first, words.len()) {
        ("d", 4) if words[1] == "dh" => (Some(player(words[2], n)?), Verb::DealHole, words[3]),
        ("d", 3) if words[1] == "db" => (None, Verb::DealBoard, words[2]),
        ("d", _) => return None,
        _ => {
            let who = player(first, n)?;
            let verb = match (words.get(1).copied(), words.len()) {
                (Some("f"), 2) => Verb::Fold,
                (Some("cc"), 2) => Verb::CheckCall,
                (Some("cbr"), 3) => Verb::BetRaise,
                (Some("sm"), 2 | 3) => Verb::ShowMuck,
                _ => return None,
            };
            (Some(who), verb, words.get(2).copied().unwrap_or(""))
        }
    };
    let arg = match verb {
        Verb::Fold | Verb::CheckCall => Arg::Nothing,
        Verb::BetRaise => Arg::Chips(chips(arg, places).filter(|&c| c > 0)?),
        Verb::ShowMuck if arg.is_empty() => Arg::Nothing,
        Verb::ShowMuck if arg == "-" => Arg::Cards(Vec::new()),
        _ if !arg.is_empty() && arg.bytes().all(|b| b == b'?') => {
            // Every card unknown, as most online hands are: an even run of '?'.
            Arg::Cards(vec![None; (arg.len() % 2 == 0).then_some(arg.len() / 2)?])
        }
        _ => Arg::Cards(cards(arg)?),
    };
    Some(Some(Step {
        action,
        player,
        verb,
        arg,
    }))
}

fn get<'v, 'a>(fields: &'v [(&str, Value<'a>)], key: &str) -> Option<&'v Value<'a>> {
    fields.iter().find(|(k, _)| *k == key).map(|(_, v)| v)
}

/// The chip unit's places: the most any amount is written with (money lists and fields,
/// and bets written with a point). `None` for an amount this reader leaves to the slow
/// path (a negative or unusual number), or more than eight places.
fn unit_places(fields: &[(&str, Value<'_>)], actions: &[Value<'_>]) -> Option<u32> {
    let mut places = 0;
    for key in MONEY_LISTS {
        if let Some(Value::Array(items)) = get(fields, key) {
            for item in items {
                if let Value::Decimal(_) = item {
                    places = places.max(places_of(item)?);
                }
            }
        }
    }
    for key in MONEY_FIELDS {
        if let Some(value @ Value::Decimal(_)) = get(fields, key) {
            places = places.max(places_of(value)?);
        }
    }
    for action in actions {
        if let Value::Str(text) = action {
            if text.contains(" cbr ") {
                let before = text.split_once('#').map_or(*text, |(head, _)| head);
                if let Some(last) = before.split(is_py_space).rfind(|w| !w.is_empty()) {
                    if last.contains('.') {
                        places = places.max(parts(last)?.1.len() as u32);
                    }
                }
            }
        }
    }
    (places <= MAX_PLACES).then_some(places)
}

/// What the replay of a hand needs, read from its fields; `None` when anything is out of
/// the ordinary (see the module's documentation).
///
/// # Examples
/// ```
/// use pokerforge_core::phh::{read_fields, read_steps, Arg, Verb};
/// let text = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [0.50, 1]\n\
///             starting_stacks = [82.40, 197]\n\
///             actions = ['d dh p1 ????', 'd dh p2 AhKh', 'p2 cbr 3.5']\n";
/// let steps = read_steps(&read_fields(text).unwrap()).unwrap();
/// assert_eq!((steps.places, steps.stacks.as_slice()), (2, &[8240, 19700][..]));
/// assert_eq!(steps.steps[2].verb, Verb::BetRaise);
/// assert_eq!(steps.steps[2].arg, Arg::Chips(350));
/// assert_eq!(steps.holes[1], Some(vec![Some(50), Some(46)]));
/// ```
pub fn read_steps(fields: &[(&str, Value<'_>)]) -> Option<Steps> {
    match get(fields, "variant")? {
        Value::Str(code) if VARIANTS.contains(code) => {}
        _ => return None,
    }
    for key in ["antes", "blinds_or_straddles"] {
        get(fields, key)?;
    }
    if get(fields, "_posts").is_some() {
        return None;
    }
    let Value::Array(stacks) = get(fields, "starting_stacks")? else {
        return None;
    };
    let n = stacks.len();
    if !(2..=10).contains(&n) {
        return None;
    }
    let Value::Array(actions) = get(fields, "actions")? else {
        return None;
    };
    let places = unit_places(fields, actions)?;
    let stacks = chip_list(get(fields, "starting_stacks"), n, places, 1)?;
    let mut steps = Vec::with_capacity(actions.len());
    for (k, action) in actions.iter().enumerate() {
        let Value::Str(text) = action else {
            return None;
        };
        if let Some(step) = step(k, text, n, places)? {
            steps.push(step);
        }
    }
    let mut holes: Vec<Option<Vec<Option<u8>>>> = vec![None; n];
    let mut board = Vec::new();
    for step in &steps {
        match (&step.verb, &step.arg, step.player) {
            (Verb::DealHole, Arg::Cards(cards), Some(p)) => {
                holes[p].get_or_insert_with(Vec::new).extend(cards);
            }
            (Verb::DealBoard, Arg::Cards(cards), _) => {
                for card in cards {
                    board.push((*card)?);
                }
            }
            (Verb::ShowMuck, Arg::Cards(cards), Some(p))
                if !cards.is_empty()
                    && cards.iter().all(Option::is_some)
                    && holes[p].as_ref().is_none_or(|h| h.contains(&None)) =>
            {
                holes[p] = Some(cards.clone());
            }
            _ => {}
        }
    }
    let mut counts = holes.iter().flatten().map(Vec::len);
    let hole_count = counts.next().unwrap_or(4);
    if counts.any(|c| c != hole_count) {
        return None;
    }
    let recorded = |key| match get(fields, key) {
        None => Some(None),
        value => chip_list(value, n, places, 0).map(Some),
    };
    Some(Steps {
        places,
        stacks,
        steps,
        holes,
        board,
        hole_count,
        winnings: recorded("winnings")?,
        finishing_stacks: recorded("finishing_stacks")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::phh::read_fields;

    fn read(text: &str) -> Option<Steps> {
        read_steps(&read_fields(text).unwrap())
    }

    const GAME: &str = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n";

    #[test]
    fn amounts_in_the_finest_unit_written() {
        assert_eq!(chips("3.5", 2), Some(350));
        assert_eq!(chips("3.500", 2), Some(350));
        assert_eq!(chips("3.501", 2), None);
        assert_eq!(chips("-1", 0), None);
        assert_eq!(chips("99999999999999999999", 0), None);
        let text = format!("{GAME}starting_stacks = [100, 0.005]\nactions = []\n");
        assert_eq!(read(&text).unwrap().places, 3);
    }

    #[test]
    fn anything_unusual_is_left_to_the_slow_path() {
        for actions in [
            "['p3 f']",
            "['p1 raise']",
            "['p01 f']",
            "['d dh p1 AhXx']",
            "['d db ??']",
            "['p1 cbr 0']",
            "['p1 cbr 1.123456789']",
            "['d dh p1 AhKh', 'd dh p2 AhKhQh']",
            "[1]",
        ] {
            let text = format!("{GAME}starting_stacks = [100, 100]\nactions = {actions}\n");
            assert_eq!(read(&text), None, "{actions}");
        }
        let text = format!("{GAME}starting_stacks = [100, 0]\nactions = []\n");
        assert_eq!(read(&text), None);
    }

    #[test]
    fn words_split_as_python_splits() {
        let split = |text| {
            let (words, count) = words(text);
            words[..count].to_vec()
        };
        assert_eq!(split("  p1\tcbr \x1f 3 "), ["p1", "cbr", "3"]);
        assert_eq!(split("p1\u{a0}cc\u{3000}"), ["p1", "cc"]);
        assert_eq!(split("a b c d e f g").len(), WORDS);
        assert!(split(" \u{85} ").is_empty());
        let text = format!("{GAME}starting_stacks = [100, 100]\nactions = ['d dh p1 ?? ?? ??']\n");
        assert_eq!(read(&text), None); // five words: no action has so many
    }

    #[test]
    fn shows_make_cards_known() {
        let text = format!(
            "{GAME}starting_stacks = [100, 100]\nactions = ['d dh p1 ????', 'd dh p2 ????', \
             'p1 sm AhKh', 'p2 sm', 'p2 sm  -']\nwinnings = [3, 0]\n"
        );
        let steps = read(&text).unwrap();
        assert_eq!(steps.holes[0], Some(vec![Some(50), Some(46)]));
        assert_eq!(steps.holes[1], Some(vec![None, None]));
        assert_eq!(steps.steps[3].arg, Arg::Nothing);
        assert_eq!(steps.steps[4].arg, Arg::Cards(vec![]));
        assert_eq!(steps.winnings, Some(vec![3, 0]));
        assert_eq!(steps.finishing_stacks, None);
    }
}
