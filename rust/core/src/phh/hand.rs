//! What a replay needs from one hand's fields, read once: the chip unit, every amount in
//! chips, the actions as typed steps and the cards dealt.
//!
//! This is the one reader of PHH fields and actions: it reads; it rules on nothing (the
//! game layer's replay applies the rules). A field or action it cannot read is a
//! [`Problem`] that names where it is (the field, the action's index) and what is wrong,
//! for the caller to place on its line.

use super::amount::{too_many, Amount, NotChips, MAX_CHIPS, MAX_PLACES};
use super::fields::Value;
use super::shown::{repr, show};
use super::steps::{steps, Arg, Step, Verb};
use crate::variant::Variant;

/// The row of the variant table that PHH variant code `code` names ([`Variant::of_phh`]).
fn variant_of(code: &str) -> Option<&'static Variant> {
    Variant::of_phh(code).map(|(variant, _)| variant)
}

/// Whether `code` is a draw game's: a player's first `d dh` deals its hand, later ones
/// the replacements of its draws, and the cards shown are those held after the last draw.
fn is_draw(code: &str) -> bool {
    variant_of(code).is_some_and(Variant::draws)
}

/// Whether `code` is one of the stud family's: cards dealt up, no board and no blinds
/// (`blinds_or_straddles` may be left out), a bring-in.
fn is_stud(code: &str) -> bool {
    variant_of(code).is_some_and(Variant::up_cards)
}

/// The cards each player of a stud game is dealt in all.
const STUD_CARDS: usize = 7;

/// The fewest players a hand has.
const MIN_PLAYERS: usize = 2;

const REQUIRED: [&str; 5] = [
    "variant",
    "antes",
    "blinds_or_straddles",
    "starting_stacks",
    "actions",
];
/// The required field stud games go without.
const NOT_IN_STUD: &str = "blinds_or_straddles";
const MONEY_LISTS: [&str; 5] = [
    "antes",
    "blinds_or_straddles",
    "starting_stacks",
    "winnings",
    "finishing_stacks",
];
/// The single amounts: the fixed-limit bets, the minimum bet, the rake's cap, stud's
/// bring-in.
pub const MONEY_FIELDS: [&str; 5] = ["small_bet", "big_bet", "min_bet", "_rake_cap", "bring_in"];

/// One player's hole cards (`None` for an unknown card), `None` if never dealt.
pub type Hole = Option<Vec<Option<u8>>>;

/// One hand's fields read for its replay (see the module's documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Steps {
    /// Decimal places of the chip unit: 0 for whole chips, 2 for cents.
    pub places: u32,
    /// Each player's starting stack in chips (`p1` first); `None` where the record writes
    /// `inf`: a stack the room did not record.
    pub stacks: Vec<Option<i64>>,
    /// The actions, blank ones left out.
    pub steps: Vec<Step>,
    /// Each player's hole cards as dealt (made known by a show), `None` if never dealt.
    pub holes: Vec<Hole>,
    /// The board cards in order.
    pub board: Vec<u8>,
    /// Hole cards per player (4 when no player is dealt any).
    pub hole_count: usize,
    /// The recorded `winnings` in chips, if any.
    pub winnings: Option<Vec<i64>>,
    /// The recorded `finishing_stacks` in chips, if any.
    pub finishing_stacks: Option<Vec<i64>>,
    /// The `antes` in chips, by position.
    pub antes: Vec<i64>,
    /// The `blinds_or_straddles` in chips, by position; a negative entry is a player's own
    /// post (pokerkit's reading: a player coming in, or one paying missed blinds).
    pub blinds: Vec<i64>,
    /// The [`MONEY_FIELDS`] in chips, each if written.
    pub bets: [Option<i64>; 5],
    /// The players' own posts (`_posts`): `(player, live, dead)`, `p1` being 0.
    pub posts: Vec<(usize, i64, i64)>,
}

/// A field or action that cannot be read: where it is and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The field it is in (to find its line), `None` when no one line holds it (a field
    /// missing, the amounts together).
    pub field: Option<&'static str>,
    /// The index of the action in the `actions` list, for an action.
    pub action: Option<usize>,
    /// What is wrong, in words: for a field, a sentence that names it; for an action, what
    /// follows the action's place (`it is not a card ...`).
    pub message: String,
}

fn field_problem(field: &'static str, message: String) -> Problem {
    Problem {
        field: Some(field),
        action: None,
        message,
    }
}

fn get<'v, 'a>(fields: &'v [(&str, Value<'a>)], key: &str) -> Option<&'v Value<'a>> {
    fields.iter().find(|(k, _)| *k == key).map(|(_, v)| v)
}

/// Each amount that sets the chip unit, to `each` (with whether the field may hold it
/// below zero: the blinds' posts): every decimal of the money fields, of `_posts`, and the
/// bets written with a point; those that are no amount are named where they are read.
fn decimals<'a>(
    fields: &[(&str, Value<'a>)],
    actions: &[Value<'a>],
    mut each: impl FnMut(&'a str, Amount<'a>, bool) -> Result<(), Problem>,
) -> Result<(), Problem> {
    let mut add_signed = |value: &Value<'a>, signed: bool| match value {
        Value::Decimal(text) => Amount::parse(text).map_or(Ok(()), |a| each(text, a, signed)),
        _ => Ok(()),
    };
    for key in MONEY_LISTS {
        if let Some(Value::Array(items)) = get(fields, key) {
            let signed = key == "blinds_or_straddles";
            items.iter().try_for_each(|item| add_signed(item, signed))?;
        }
    }
    let mut add = |value: &Value<'a>| add_signed(value, false);
    for key in MONEY_FIELDS {
        if let Some(value) = get(fields, key) {
            add(value)?;
        }
    }
    if let Some(Value::Array(posts)) = get(fields, "_posts") {
        for post in posts {
            if let Value::Array(items) = post {
                items.iter().try_for_each(&mut add)?;
            }
        }
    }
    for action in actions {
        if let Value::Str(text) = action {
            if text.contains(" cbr ") {
                let before = text.split_once('#').map_or(*text, |(head, _)| head);
                let last = before
                    .split(super::fields::is_py_space)
                    .rfind(|w| !w.is_empty());
                if let Some(word) = last.filter(|w| w.contains('.')) {
                    add(&Value::Decimal(word))?;
                }
            }
        }
    }
    Ok(())
}

/// The chip unit's places: the most any amount (not negative, but for a post) is written
/// with.
fn unit_places(fields: &[(&str, Value<'_>)], actions: &[Value<'_>]) -> Result<u32, Problem> {
    let mut places = 0;
    decimals(fields, actions, |text, amount, signed| {
        if amount.is_negative() && !signed {
            return Ok(());
        }
        let written = amount.places();
        if written > u64::from(MAX_PLACES) {
            let shown = text.strip_prefix('+').unwrap_or(text);
            return Err(Problem {
                field: None,
                action: None,
                message: format!(
                    "the amounts need a chip unit: {shown} has more than {MAX_PLACES} decimal places"
                ),
            });
        }
        places = places.max(written as u32);
        Ok(())
    })?;
    Ok(places)
}

/// One amount in chips, at least `least`; the message names it as `label` says.
fn amount(
    label: impl Fn() -> String,
    value: &Value<'_>,
    places: u32,
    least: i64,
) -> Result<i64, String> {
    let parsed = match value {
        Value::Int(text) | Value::Decimal(text) => Amount::parse(text).map(Ok),
        Value::Huge(_) => Some(Err(NotChips::TooMany)),
        _ => None,
    };
    let bound = match least {
        1.. => " above 0",
        0 => " 0 or more",
        _ => "",
    };
    match parsed.map(|a| a.and_then(|a| a.chips(places))) {
        Some(Ok(chips)) if chips >= least => Ok(chips),
        Some(Err(NotChips::TooMany)) => Err(format!(
            "field {}: {}",
            label(),
            too_many(&show(value), places)
        )),
        _ => Err(format!(
            "field {}: {} is not a whole number of chips{bound}",
            label(),
            show(value)
        )),
    }
}

/// A list of one amount per player.
fn amounts(
    fields: &[(&str, Value<'_>)],
    field: &'static str,
    n: usize,
    places: u32,
    least: i64,
) -> Result<Vec<i64>, Problem> {
    let items = match get(fields, field) {
        Some(Value::Array(items)) if items.len() == n => items,
        other => {
            let count = match other {
                Some(Value::Array(items)) => items.len().to_string(),
                _ => "no list".to_string(),
            };
            return Err(field_problem(
                field,
                format!("field {field} needs {n} entries (one per player), not {count}"),
            ));
        }
    };
    items
        .iter()
        .enumerate()
        .map(|(i, value)| amount(|| format!("{field}[{i}]"), value, places, least))
        .collect::<Result<_, _>>()
        .map_err(|message| field_problem(field, message))
}

/// Whether `value` is TOML's positive infinity, as written or as Python's `Decimal` writes
/// it.
fn is_infinite(value: &Value<'_>) -> bool {
    matches!(
        value,
        Value::Decimal("inf" | "+inf" | "Infinity" | "+Infinity")
    )
}

/// The starting stacks, `None` for each written `inf` (a stack not recorded).
fn starting_stacks(
    fields: &[(&str, Value<'_>)],
    n: usize,
    places: u32,
) -> Result<Vec<Option<i64>>, Problem> {
    let field = "starting_stacks";
    let Some(Value::Array(items)) = get(fields, field) else {
        return amounts(fields, field, n, places, 1).map(|s| s.into_iter().map(Some).collect());
    };
    items
        .iter()
        .enumerate()
        .map(|(i, value)| {
            if is_infinite(value) {
                return Ok(None);
            }
            amount(|| format!("{field}[{i}]"), value, places, 1).map(Some)
        })
        .collect::<Result<_, _>>()
        .map_err(|message| field_problem(field, message))
}

/// `_posts = [[player, live, dead], ...]`: players' own posts (rule 29b).
fn posts(
    fields: &[(&str, Value<'_>)],
    n: usize,
    places: u32,
) -> Result<Vec<(usize, i64, i64)>, Problem> {
    let entries = match get(fields, "_posts") {
        None => return Ok(Vec::new()),
        Some(Value::Array(entries)) => entries.iter().collect(),
        Some(one) => vec![one],
    };
    let mut out = Vec::with_capacity(entries.len());
    for entry in entries {
        let player = match entry {
            Value::Array(items)
                if items.len() == 3
                    && items.iter().all(|v| {
                        matches!(v, Value::Int(_) | Value::Decimal(_) | Value::Huge(_))
                    }) =>
            {
                match &items[0] {
                    Value::Int(text) => text
                        .parse::<i128>()
                        .ok()
                        .filter(|p| (1..=n as i128).contains(p)),
                    _ => None,
                }
            }
            _ => None,
        };
        let (Some(player), Value::Array(items)) = (player, entry) else {
            return Err(field_problem(
                "_posts",
                format!(
                    "field _posts: {} is not [player, live, dead] with a player 1 to {n}",
                    repr(entry)
                ),
            ));
        };
        let live = amount(|| "_posts live".into(), &items[1], places, 0);
        let dead = live
            .and_then(|live| Ok((live, amount(|| "_posts dead".into(), &items[2], places, 0)?)));
        let (live, dead) = dead.map_err(|message| field_problem("_posts", message))?;
        out.push((player as usize - 1, live, dead));
    }
    Ok(out)
}

/// Each player's hole cards and the board, from every step: hole cards dealt over several
/// actions add up; cards shown make unknown hole cards known. In a draw game (`draw`) a
/// player's hole cards are those of its first `d dh` alone (the later ones replace
/// discards) and the cards shown, held after the draws, make nothing known.
fn cards_dealt(steps: &[Step], n: usize, draw: bool) -> Result<(Vec<Hole>, Vec<u8>), Problem> {
    let mut holes: Vec<Hole> = vec![None; n];
    let mut board = Vec::new();
    for step in steps {
        match (&step.verb, &step.arg, step.player) {
            (Verb::DealHole, Arg::Cards(_), Some(p)) if draw && holes[p].is_some() => {}
            (Verb::ShowMuck, _, _) if draw => {}
            (Verb::DealHole, Arg::Cards(cards), Some(p)) => {
                holes[p].get_or_insert_with(Vec::new).extend(cards);
            }
            (Verb::DealBoard, Arg::Cards(cards), _) => {
                for card in cards {
                    let Some(card) = card else {
                        return Err(Problem {
                            field: Some("actions"),
                            action: Some(step.action),
                            message: "board cards must be known".to_string(),
                        });
                    };
                    board.push(*card);
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
    Ok((holes, board))
}

/// What the replay of a hand needs, read from its fields.
///
/// # Errors
/// The first [`Problem`], in the order: a required field missing, the variant, the number
/// of players, the actions, the chip unit, the starting stacks, each action, the hole
/// cards, the forced bets and other amounts, `_posts`, the recorded result.
///
/// # Examples
/// ```
/// use pokerforge_core::phh::{read_fields, read_steps, Arg, Verb};
/// let text = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [0.50, 1]\n\
///             starting_stacks = [82.40, 197]\n\
///             actions = ['d dh p1 ????', 'd dh p2 AhKh', 'p2 cbr 3.5']\n";
/// let steps = read_steps(&read_fields(text).unwrap()).unwrap();
/// assert_eq!(steps.places, 2);
/// assert_eq!(steps.stacks, [Some(8240), Some(19700)]);
/// assert_eq!(steps.steps[2].verb, Verb::BetRaise);
/// assert_eq!(steps.steps[2].arg, Arg::Chips(350));
/// assert_eq!(steps.holes[1], Some(vec![Some(50), Some(46)]));
/// assert_eq!(steps.blinds, [50, 100]);
/// let bad = text.replace("p2 cbr 3.5", "p2 raise 3.5");
/// let problem = read_steps(&read_fields(&bad).unwrap()).unwrap_err();
/// assert_eq!((problem.field, problem.action), (Some("actions"), Some(2)));
/// assert_eq!(problem.message, "unknown or malformed action 'raise'");
/// ```
pub fn read_steps(fields: &[(&str, Value<'_>)]) -> Result<Steps, Problem> {
    let stud = matches!(get(fields, "variant"), Some(Value::Str(code)) if is_stud(code));
    for field in REQUIRED {
        if get(fields, field).is_none() && !(stud && field == NOT_IN_STUD) {
            return Err(Problem {
                field: None,
                action: None,
                message: format!("the required field {field} is missing"),
            });
        }
    }
    let variant = get(fields, "variant");
    if !matches!(variant, Some(Value::Str(code)) if variant_of(code).is_some()) {
        let shown = variant.map(repr).unwrap_or_default();
        return Err(field_problem(
            "variant",
            format!("field variant: {shown} is not a game pokerforge plays"),
        ));
    }
    let n = match get(fields, "starting_stacks") {
        Some(Value::Array(items)) => items.len(),
        _ => 0,
    };
    if !(MIN_PLAYERS..=crate::MAX_PLAYERS).contains(&n) {
        return Err(field_problem(
            "starting_stacks",
            format!(
                "field starting_stacks: a hand needs {MIN_PLAYERS} to {} players, not {n}",
                crate::MAX_PLAYERS
            ),
        ));
    }
    let Some(Value::Array(actions)) = get(fields, "actions") else {
        return Err(field_problem(
            "actions",
            "field actions must be a list of strings".to_string(),
        ));
    };
    let places = unit_places(fields, actions)?;
    let stacks = starting_stacks(fields, n, places)?;
    let steps = steps(actions, n, places).map_err(|(action, message)| Problem {
        field: Some("actions"),
        action: Some(action),
        message,
    })?;
    let draw = matches!(variant, Some(Value::Str(code)) if is_draw(code));
    let (holes, board) = cards_dealt(&steps, n, draw)?;
    let mut counts: Vec<usize> = holes.iter().flatten().map(Vec::len).collect();
    counts.sort_unstable();
    counts.dedup();
    if stud {
        // Stud deals street by street to the players still in: counts differ, up to 7.
        if let Some(&most) = counts.last().filter(|&&most| most > STUD_CARDS) {
            return Err(field_problem(
                "actions",
                format!("field actions: a stud player is dealt {most} cards, not at most 7"),
            ));
        }
        counts = vec![STUD_CARDS];
    } else if counts.len() > 1 {
        return Err(field_problem(
            "actions",
            format!("field actions: players are dealt {counts:?} cards"),
        ));
    }
    let antes = amounts(fields, "antes", n, places, 0)?;
    let blinds = if stud && get(fields, NOT_IN_STUD).is_none() {
        vec![0; n]
    } else {
        amounts(fields, "blinds_or_straddles", n, places, -MAX_CHIPS)?
    };
    let mut bets = [None; 5];
    for (bet, field) in bets.iter_mut().zip(MONEY_FIELDS) {
        if let Some(value) = get(fields, field) {
            let least = i64::from(!matches!(field, "min_bet" | "_rake_cap"));
            *bet = Some(
                amount(|| field.into(), value, places, least)
                    .map_err(|m| field_problem(field, m))?,
            );
        }
    }
    let posts = posts(fields, n, places)?;
    let recorded = |field: &'static str| match get(fields, field) {
        None => Ok(None),
        Some(_) => amounts(fields, field, n, places, 0).map(Some),
    };
    Ok(Steps {
        places,
        stacks,
        steps,
        holes,
        board,
        hole_count: counts.first().copied().unwrap_or(4),
        winnings: recorded("winnings")?,
        finishing_stacks: recorded("finishing_stacks")?,
        antes,
        blinds,
        bets,
        posts,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::phh::read_fields;

    fn read(text: &str) -> Result<Steps, Problem> {
        read_steps(&read_fields(text).unwrap())
    }

    const GAME: &str = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n";

    fn problem(actions: &str) -> (Option<usize>, String) {
        let text = format!("{GAME}starting_stacks = [100, 100]\nactions = {actions}\n");
        let problem = read(&text).unwrap_err();
        (problem.action, problem.message)
    }

    #[test]
    fn the_unit_is_the_finest_written() {
        let text = format!("{GAME}starting_stacks = [100, 0.005]\nactions = []\n");
        assert_eq!(read(&text).unwrap().places, 3);
        let text = format!("{GAME}starting_stacks = [100, -0.005]\nactions = []\n");
        let problem = read(&text).unwrap_err();
        assert_eq!(problem.field, Some("starting_stacks"));
        assert_eq!(
            problem.message,
            "field starting_stacks[1]: -0.005 is not a whole number of chips above 0"
        );
    }

    #[test]
    fn actions_that_cannot_be_read_are_named() {
        let cases = [
            ("['p3 f']", 0, "'p3' is not a player (p1 to p2)"),
            ("['p1 raise']", 0, "unknown or malformed action 'raise'"),
            ("['p01 f']", 0, "'p01' is not a player (p1 to p2)"),
            ("['p1 f', 'd dh p9 ????']", 1, "there are only 2 players"),
            ("['d dx p1']", 0, "not a dealer action pokerforge knows"),
            ("['p1 cbr 0']", 0, "a bet of 0 chips is impossible"),
            ("['p1 cbr x']", 0, "'x' is not an amount of chips"),
            (
                "['d dh p1 AhK']",
                0,
                "'AhK' is not a run of two-character cards",
            ),
            ("['p1 f', 'd db ??']", 1, "board cards must be known"),
            ("['p1 cbr 1.123456789']", 0, ""),
            ("[1]", 0, "an action must be a string"),
        ];
        for (actions, index, message) in cases {
            let (action, got) = problem(actions);
            if message.is_empty() {
                assert_eq!(action, None, "{actions}");
                assert!(got.contains("has more than 8 decimal places"), "{got}");
            } else {
                assert_eq!((action, got.as_str()), (Some(index), message), "{actions}");
            }
        }
        let (_, message) = problem("['d dh p1 AhXx']");
        assert!(message.starts_with("'Xx' is not a card"), "{message}");
        let (action, message) = problem("['d dh p1 AhKh', 'd dh p2 AhKhQh']");
        assert_eq!(action, None);
        assert_eq!(message, "field actions: players are dealt [2, 3] cards");
    }

    #[test]
    fn fields_that_cannot_be_read_are_named() {
        let text = format!("{GAME}starting_stacks = [100]\nactions = []\n");
        let problem = read(&text).unwrap_err();
        assert_eq!(
            problem.message,
            "field starting_stacks: a hand needs 2 to 10 players, not 1"
        );
        let text = "variant = 'XX'\nantes = 0\nblinds_or_straddles = 0\nstarting_stacks = [1, 1]\nactions = []\n";
        assert_eq!(
            read(text).unwrap_err().message,
            "field variant: 'XX' is not a game pokerforge plays"
        );
        let text = format!("{GAME}starting_stacks = [100, 100]\nactions = []\n");
        let mut fields = read_fields(&text).unwrap();
        let post =
            |player| Value::Array(vec![Value::Int(player), Value::Int("1"), Value::Int("0")]);
        fields.push(("_posts", Value::Array(vec![post("3")])));
        assert_eq!(
            read_steps(&fields).unwrap_err().message,
            "field _posts: [3, 1, 0] is not [player, live, dead] with a player 1 to 2"
        );
        let text = format!("{GAME}starting_stacks = [100, 100]\nactions = []\nmin_bet = -1\n");
        assert_eq!(
            read(&text).unwrap_err().message,
            "field min_bet: -1 is not a whole number of chips 0 or more"
        );
        let text = "antes = [0, 0]\n";
        assert_eq!(
            read(text).unwrap_err().message,
            "the required field variant is missing"
        );
    }

    #[test]
    fn unknown_stacks_and_posts_are_read() {
        // The dataset's iPoker hands: no stack recorded; PartyPoker and Ongame write a
        // player's own post as a negative blind.
        let text = "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [0.50, 1, -1.5]\n\
                    starting_stacks = [inf, 20, +inf]\nactions = []\n";
        let steps = read(text).unwrap();
        assert_eq!(steps.stacks, [None, Some(2000), None]);
        assert_eq!(steps.blinds, [50, 100, -150]);
        let text = text.replace("-1.5", "-1.505");
        assert_eq!(read(&text).unwrap().places, 3);
        let text = format!("{GAME}starting_stacks = [1, 100]\nactions = []\n");
        for stack in ["-inf", "nan"] {
            let mut fields = read_fields(&text).unwrap();
            fields[3].1 = Value::Array(vec![Value::Other(stack), Value::Int("100")]);
            let problem = read_steps(&fields).unwrap_err();
            assert_eq!(problem.field, Some("starting_stacks"), "{stack}");
        }
        let text = format!("{GAME}starting_stacks = [100, 100]\nactions = []\n");
        let mut fields = read_fields(&text).unwrap();
        fields[0].1 = Value::Str("NT");
        fields[2].1 = Value::Array(vec![Value::Int("1"), Value::Decimal("Infinity")]);
        assert_eq!(
            read_steps(&fields).unwrap_err().message,
            "field blinds_or_straddles[1]: Infinity is not a whole number of chips"
        );
    }

    #[test]
    fn stud_hands_are_read() {
        // No blinds_or_straddles; a bring-in; cards dealt street by street; folded players
        // are dealt fewer cards; "pb" posts the bring-in.
        let text = "variant = 'F7S'\nantes = [1, 1, 1]\nbring_in = 2\nsmall_bet = 5\n\
                    big_bet = 10\nstarting_stacks = [100, 100, 100]\nactions = [\
                    'd dh p1 ????2c', 'd dh p2 AhAd9c', 'd dh p3 ????Kd', 'p1 pb', \
                    'p2 cbr 5', 'p3 cc', 'p1 f', 'd dh p2 4h', 'd dh p3 Ks']\n";
        let steps = read(text).unwrap();
        assert_eq!(steps.hole_count, 7);
        assert_eq!(steps.blinds, [0, 0, 0]);
        assert_eq!(steps.bets, [Some(5), Some(10), None, None, Some(2)]);
        assert_eq!(steps.holes[0], Some(vec![None, None, Some(0)]));
        assert_eq!(steps.holes[1].as_ref().map(Vec::len), Some(4));
        assert_eq!(steps.steps[3].verb, Verb::PostBringIn);
        assert_eq!(steps.steps[3].arg, Arg::Nothing);
        let eight = text.replace("'d dh p3 Ks'", "'d dh p3 Ks2s3s4s5s'");
        assert_eq!(
            read(&eight).unwrap_err().message,
            "field actions: a stud player is dealt 8 cards, not at most 7"
        );
        let holdem = text.replace("'F7S'", "'FT'");
        assert_eq!(
            read(&holdem).unwrap_err().message,
            "the required field blinds_or_straddles is missing"
        );
    }

    #[test]
    fn draw_hands_are_read() {
        // A player's first "d dh" is its hand, later ones its draws' replacements; "sd"
        // stands pat or discards; the cards shown (held after the draws) make nothing
        // known.
        let text = "variant = 'F2L3D'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n\
                    small_bet = 2\nbig_bet = 4\nstarting_stacks = [50, 50]\nactions = [\
                    'd dh p1 7c5d4h3s9c', 'd dh p2 ??????????', 'p2 cc', 'p1 cc', \
                    'p1 sd 9c', 'p2 sd', 'd dh p1 2h', 'p1 sm 7c5d4h3s2h', 'p2 sm KhKdQc8s2c']\n";
        let steps = read(text).unwrap();
        assert_eq!(steps.hole_count, 5);
        assert_eq!(steps.holes[0].as_ref().map(Vec::len), Some(5));
        assert_eq!(steps.holes[1], Some(vec![None; 5]));
        assert_eq!(steps.steps[4].verb, Verb::StandPatDiscard);
        assert_eq!(steps.steps[4].arg, Arg::Cards(vec![Some(28)])); // 9c
        assert_eq!(steps.steps[5].arg, Arg::Cards(Vec::new()));
        assert_eq!(steps.steps[6].verb, Verb::DealHole);
        for code in ["N2L1D", "FB", "N5D", "FAL3D"] {
            assert!(is_draw(code), "{code}");
        }
        assert!(!is_draw("F7S") && !is_draw("NT"));
        // In a board game the same cards shown are the hole cards.
        let holdem = text
            .replace("'F2L3D'", "'FT'")
            .replace(", 'p1 sd 9c', 'p2 sd'", "");
        let holdem = holdem.replace("'d dh p1 2h', ", "");
        assert_eq!(
            read(&holdem).unwrap().holes[1].as_ref().map(Vec::len),
            Some(5)
        );
    }

    #[test]
    fn shows_make_cards_known() {
        let text = format!(
            "{GAME}starting_stacks = [100, 100]\nactions = ['d dh p1 ????', 'd dh p2 ????', \
             'p1 sm AhKh', 'p2 sm', 'p2 sm  -']\nwinnings = [3, 0]\n"
        );
        let mut fields = read_fields(&text).unwrap();
        let post = vec![Value::Int("2"), Value::Int("1"), Value::Decimal("0.5")];
        fields.push(("_posts", Value::Array(vec![Value::Array(post)])));
        let steps = read_steps(&fields).unwrap();
        assert_eq!(steps.holes[0], Some(vec![Some(50), Some(46)]));
        assert_eq!(steps.holes[1], Some(vec![None, None]));
        assert_eq!(steps.steps[3].arg, Arg::Nothing);
        assert_eq!(steps.steps[4].arg, Arg::Cards(vec![]));
        assert_eq!(steps.winnings, Some(vec![30, 0]));
        assert_eq!(steps.finishing_stacks, None);
        assert_eq!(steps.posts, [(1, 10, 5)]);
        assert_eq!(steps.blinds, [10, 20]);
    }
}
