//! Lines a room's client writes again, word for word, right after themselves: Bovada's
//! tournament files of 2014 and 2015 write a forced bet, a bet, a raise, a call, an
//! uncalled bet's return or a player's result two to sixteen times
//! (`Small Blind : Ante/Small blind 125` four times in a hand whose pot holds one small
//! blind, as its total and its results say).
//!
//! An action that no player can make twice in a row (a post, a bet, a raise, a call, a
//! fold, a return, cards dealt) is read once: between two of a player's bets or calls
//! another player acts, and cards are dealt once. A check is read each time (the older
//! layout, which writes no street's line, has a player check the end of one street and
//! the start of the next), and so is a result (a player may win two pots of one size)
//! unless the summary's line for the player says he won it once. The totals the hand
//! states are then held against the actions as for any hand: a line read once that was
//! not written again leaves the pot short, and the hand is refused.

use super::money::units;
use super::table::Room;

/// The codes of the rooms whose clients write lines again.
const WRITES_AGAIN: [&str; 1] = ["BOV"];

/// The actions (as PokerStars names them: the canonical words of a room's verbs) that a
/// player cannot make twice in a row.
const ONCE: [&str; 8] = [
    "posts ",
    "bets ",
    "raises ",
    "calls ",
    "folds",
    "returned ",
    "dealt ",
    "brings in for ",
];

/// What a line written again at once is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Again {
    /// Not written again, or written again as it may be: read.
    Read,
    /// An action no player makes twice in a row: passed over.
    Once,
    /// A player's result: read once if the summary says it was paid once.
    Result,
}

/// The lines of one hand seen so far, for a room whose client writes lines again.
#[derive(Debug, Default)]
pub struct Repeats {
    on: bool,
    after_name: &'static str,
    verbs: &'static [(&'static str, &'static str)],
    last: String,
    /// The results written again, each an index of the hand's lines, not yet read.
    pub results: Vec<usize>,
}

impl Repeats {
    /// The tracker of a hand of `room`.
    pub fn new(room: &'static Room) -> Repeats {
        Repeats {
            on: WRITES_AGAIN.contains(&room.code),
            after_name: room.after_name,
            verbs: room.verbs,
            ..Repeats::default()
        }
    }

    /// What line `i` of the hand, `line` (trimmed, not blank), is; a result written again
    /// is kept in [`Repeats::results`].
    pub fn seen(&mut self, i: usize, line: &str) -> Again {
        if !self.on {
            return Again::Read;
        }
        if line != self.last {
            self.last.clear();
            self.last.push_str(line);
            return Again::Read;
        }
        let Some((_, action)) = line.split_once(self.after_name) else {
            return Again::Read;
        };
        let canonical = self
            .verbs
            .iter()
            .find_map(|(word, canonical)| action.strip_prefix(word).map(|_| *canonical));
        match canonical {
            Some("collected ") => {
                self.results.push(i);
                Again::Result
            }
            Some(c) if ONCE.iter().any(|once| c.starts_with(once)) => Again::Once,
            _ => Again::Read,
        }
    }

    /// The results written again (indices of `lines`, the hand's) that the summary does not
    /// say were paid once, to be read again: `won` gives a result line's player, as his
    /// seat line names him, and what he was read to win.
    pub fn unpaid(
        &self,
        lines: &[&str],
        won: impl Fn(&str) -> Option<(String, i64)>,
    ) -> Vec<usize> {
        self.results
            .iter()
            .copied()
            .filter(|&i| {
                let line = lines.get(i).map_or("", |l| l.trim());
                won(line).is_none_or(|(name, x)| summary_paid(lines, &name) != Some(x))
            })
            .collect()
    }
}

/// What the summary of a hand (`lines`) says the player seated as `name` won: the amount
/// after his name on his `Seat+N: NAME AMOUNT ...` line (Bovada's summary names its seats
/// by position, without the client's `[ME]`), if it writes one.
pub fn summary_paid(lines: &[&str], name: &str) -> Option<i64> {
    let name = name.strip_suffix(" [ME]").unwrap_or(name).trim_end();
    let summary = lines
        .iter()
        .position(|l| l.trim().starts_with("*** SUMMARY ***"))?;
    lines[summary..].iter().find_map(|line| {
        let line = line.trim();
        let rest = line
            .strip_prefix("Seat+")
            .or_else(|| line.strip_prefix("Seat "))?;
        let (_, rest) = rest.split_once(": ")?;
        let rest = rest.strip_prefix(name)?.strip_prefix(' ')?;
        units(rest.split_whitespace().next()?)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bovada() -> &'static Room {
        super::super::table::room("BOV").expect("Bovada's row")
    }

    #[test]
    fn an_action_no_player_makes_twice_is_read_once() {
        let mut r = Repeats::new(bovada());
        let lines = [
            "Small Blind : Ante/Small blind 125",
            "Small Blind : Ante/Small blind 125",
            "Big Blind : Big blind/Bring in 250",
            "UTG : Raises 760 to 760",
            "UTG : Raises 760 to 760",
            "Big Blind : Checks",
            "Big Blind : Checks",
            "UTG : Hand Result 825",
            "UTG : Hand Result 825",
        ];
        let seen: Vec<Again> = lines
            .iter()
            .enumerate()
            .map(|(i, l)| r.seen(i, l))
            .collect();
        use Again::{Once, Read, Result};
        assert_eq!(
            seen,
            [Read, Once, Read, Read, Once, Read, Read, Read, Result]
        );
        assert_eq!(r.results, [8]);
        // Another room's lines are read as written.
        let mut stars = Repeats::new(super::super::table::room("PS").expect("a row"));
        assert_eq!(stars.seen(0, lines[0]), Read);
        assert_eq!(stars.seen(1, lines[0]), Read);
    }

    #[test]
    fn the_summary_says_what_a_player_won() {
        let lines = [
            "UTG : Hand Result 825",
            "*** SUMMARY ***",
            "Total Pot(825)",
            "Seat+1: UTG+2 Folded before the FLOP",
            "Seat+2: UTG 825  with High Card [Ks Kd ]",
            "Seat 4: Big Blind $115.50 [Does not show]",
        ];
        assert_eq!(summary_paid(&lines, "UTG [ME]"), Some(8_250_000));
        assert_eq!(summary_paid(&lines, "UTG+2"), None);
        assert_eq!(summary_paid(&lines, "Big Blind"), Some(1_155_000));
        assert_eq!(summary_paid(&lines, "UTG+1"), None);
        assert_eq!(summary_paid(&lines[..1], "UTG"), None);
    }
}
