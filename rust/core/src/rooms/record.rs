//! The room-neutral hand: what every room's parser yields, in PHH's terms (the fields of a
//! PHH hand, its actions as typed [`Step`]s) plus what a room writes that PHH has no field
//! for ([`Note`]s, the stated totals), and the [`Refusal`] of a hand that cannot be read.

use super::money::decimal;
use crate::phh::{Arg, Step, Verb};

/// One hand as a room wrote it, read. Players are in PHH's order (`p1` first: the first
/// seat left of the button; stud games, which have no button, in seat order); amounts are
/// in chips of `places` decimal places of the room's money (a tournament's chips: 0).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoomHand {
    /// The room's code in [`super::ROOMS`] (`"PS"`, `"GG"`, ...).
    pub room: &'static str,
    /// The language the client wrote (`"en"`, ...).
    pub language: &'static str,
    /// The hand's number as the room writes it (GGPoker's carry letters: `"RC58843003"`).
    pub number: String,
    /// The table's name.
    pub table: String,
    /// The tournament's number, for a tournament hand.
    pub tournament: Option<String>,
    /// When the hand started, as written (the room's zone and format).
    pub time: String,
    /// The game as pokerforge names it (`"holdem"`, `"stud"`, `"courchevel"`, ...).
    pub game: &'static str,
    /// `"no-limit"`, `"pot-limit"` or `"fixed-limit"`.
    pub betting: &'static str,
    /// The PHH variant code, where PHH (or pokerforge's codes of its shape) has one.
    pub code: Option<&'static str>,
    /// The game as the room names it on the hand's first line.
    pub game_text: String,
    /// Hole cards each player is dealt (a stud game: 7).
    pub hole_count: usize,
    /// The currency: the symbol or code the room writes (`"$"`, `"€"`, `"USD"`), empty
    /// for chips (tournaments, play money).
    pub currency: String,
    /// Decimal places of the chip unit.
    pub places: u32,
    /// Fixed-limit games' small and big bet.
    pub limits: Option<(i64, i64)>,
    /// A stud game's bring-in.
    pub bring_in: Option<i64>,
    /// The seats the table has (`6-max`), if written.
    pub max_seats: Option<u32>,
    /// The button's seat, if any.
    pub button: Option<u32>,
    /// Each player's seat number.
    pub seats: Vec<u32>,
    /// Each player's name.
    pub players: Vec<String>,
    /// Each player's starting stack.
    pub stacks: Vec<i64>,
    /// Each player's ante (PHH `antes`).
    pub antes: Vec<i64>,
    /// The blinds and straddles by position (PHH `blinds_or_straddles`).
    pub blinds: Vec<i64>,
    /// Players' own posts outside the blinds' positions: `(player, live, dead)` (PHH
    /// `_posts`, rule 29b).
    pub posts: Vec<(usize, i64, i64)>,
    /// The actions in PHH's grammar, the hole cards dealt first.
    pub steps: Vec<Step>,
    /// What each player collected, as the room wrote it.
    pub winnings: Vec<i64>,
    /// What each player put in the pot, where the room states it (iPoker), else empty.
    pub put: Vec<i64>,
    /// The total pot the summary states, if it does.
    pub total_pot: Option<i64>,
    /// The rake the summary states, if it does.
    pub rake: Option<i64>,
    /// Other amounts the summary takes from the pot (jackpot, bingo, ...): `(name, chips)`.
    pub fees: Vec<(String, i64)>,
    /// What the room writes that PHH has no field for.
    pub notes: Vec<Note>,
}

/// What a room writes that PHH has no field for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Note {
    /// An uncalled bet returned to a player.
    Returned { player: usize, chips: i64 },
    /// A player cashed out the hand (an insurance-like offer) for this much.
    CashedOut { player: usize, chips: i64 },
    /// The board was run this many times.
    Runouts(u32),
    /// A seat listed sitting out (not dealt in).
    SittingOut { seat: u32, name: String },
    /// A player the room kept all-in for what he had put in when he disconnected
    /// (iPoker's `sum="DP"`): his stack in the record is that much, `stack` the one the
    /// file lists.
    AllInProtected { player: usize, stack: i64 },
    /// A player who joined the table after its seat lines were written and played the hand
    /// (PartyPoker): `seat` placed by the order of play; his stack is not written (the
    /// record's is a bound no bet of the hand reaches).
    Joined { player: usize, seat: u32 },
    /// Chips the room added to the pot (GGPoker's Cash Drop, Run It Once's "STP added",
    /// Splash the Pot), paid to `player` with the pot: taken off his winnings in the record,
    /// whose pot is what the players put in.
    Added { player: usize, chips: i64 },
    /// Chips the room took from the pot that its summary does not write (WPN's jackpot
    /// drop on its jackpot tables, beside the rake it writes; BetOnline's rake where it
    /// writes `Rake 0.00`).
    Unwritten { chips: i64 },
}

/// Why a hand is refused: the kind, for counts by cause.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Cause {
    /// Text where no hand starts (a file cut in a hand's middle, or not a history).
    NoHand,
    /// A hand with no `***` section markers (or the room's equivalent).
    NoSections,
    /// A hand cut off before its summary.
    CutOff,
    /// A hand the room cancelled.
    Cancelled,
    /// A game pokerforge does not know, or one the room writes in a way not read here.
    Game,
    /// Seats and players: too few, too many, a name acting without a seat.
    Players,
    /// Forced bets no rule explains.
    Blinds,
    /// An amount that is no amount.
    Amount,
    /// Cards that are no cards.
    Cards,
    /// A hand past the size limit.
    TooLarge,
    /// The stated totals disagree with the actions.
    Totals,
}

impl Cause {
    /// The cause in words, as counts name it.
    pub const fn name(self) -> &'static str {
        match self {
            Cause::NoHand => "no hand",
            Cause::NoSections => "no sections",
            Cause::CutOff => "cut off",
            Cause::Cancelled => "cancelled",
            Cause::Game => "game",
            Cause::Players => "players",
            Cause::Blinds => "blinds",
            Cause::Amount => "amount",
            Cause::Cards => "cards",
            Cause::TooLarge => "too large",
            Cause::Totals => "totals",
        }
    }
}

/// A hand that cannot be read: its cause, the line it starts on, the number if read, and
/// a sentence naming what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The kind of problem.
    pub cause: Cause,
    /// The code of the room whose hand it is, where one was found.
    pub room: Option<&'static str>,
    /// The hand's first line in the file (from 1).
    pub first_line: usize,
    /// The line the problem is on (from 1), where one line holds it.
    pub line: Option<usize>,
    /// The hand's number, if it was read.
    pub number: Option<String>,
    /// What is wrong, in words.
    pub message: String,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(number) = &self.number {
            write!(f, "hand {number}, ")?;
        }
        match self.line {
            Some(line) => write!(f, "line {line}: {}", self.message),
            None => write!(f, "from line {}: {}", self.first_line, self.message),
        }
    }
}

fn cards_text(cards: &[Option<u8>]) -> String {
    cards
        .iter()
        .map(|c| match c {
            Some(i) => crate::Card::from_index(i64::from(*i))
                .map_or_else(|_| "??".to_string(), |c| c.to_string()),
            None => "??".to_string(),
        })
        .collect()
}

impl RoomHand {
    /// Each player's starting stack as the file writes it: `None` for a player who joined
    /// after the seat lines ([`Note::Joined`]: the record's stack is a bound).
    pub fn stacks_written(&self) -> Vec<Option<i64>> {
        let mut out: Vec<Option<i64>> = self.stacks.iter().map(|&s| Some(s)).collect();
        for note in &self.notes {
            if let Note::Joined { player, .. } = note {
                if let Some(stack) = out.get_mut(*player) {
                    *stack = None;
                }
            }
        }
        out
    }

    /// The actions as PHH writes them (`"d dh p1 AhKh"`, `"p2 cbr 3.5"`, ...), amounts in
    /// the room's money.
    pub fn phh_actions(&self) -> Vec<String> {
        self.steps
            .iter()
            .map(|step| {
                let who = match (step.verb, step.player) {
                    (Verb::DealHole, Some(p)) => format!("d dh p{}", p + 1),
                    (Verb::DealBoard, _) => "d db".to_string(),
                    (verb, Some(p)) => format!("p{} {}", p + 1, verb.code()),
                    (verb, None) => format!("d {}", verb.code()),
                };
                match &step.arg {
                    Arg::Nothing => who,
                    Arg::Chips(chips) => format!("{who} {}", decimal(*chips, self.places)),
                    Arg::Cards(cards) if cards.is_empty() && step.verb == Verb::ShowMuck => {
                        format!("{who} -")
                    }
                    Arg::Cards(cards) => format!("{who} {}", cards_text(cards))
                        .trim_end()
                        .to_string(),
                }
            })
            .collect()
    }
}
