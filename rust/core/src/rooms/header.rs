//! A hand's first lines in the PokerStars layout and those written after it: the number,
//! the tournament, the game and its stakes, the time; the table, its size and the button.

use super::money::{symbol, units};
use super::table::{phh_code, Deal, BETTING, GAMES};

/// What a hand's first line says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    pub number: String,
    pub tournament: Option<String>,
    pub game: &'static str,
    pub betting: &'static str,
    pub code: Option<&'static str>,
    pub game_text: String,
    pub hole_count: usize,
    pub deal: Deal,
    /// The stakes in units (blinds, or a fixed-limit game's bets); a tournament's level.
    pub stakes: Option<(i64, i64)>,
    /// The cap of a capped no-limit game, in units.
    pub cap: Option<i64>,
    pub currency: String,
    pub time: String,
}

/// `haystack` has `needle` at byte `at`, regardless of ASCII case.
fn has_at(haystack: &str, at: usize, needle: &str) -> bool {
    haystack
        .get(at..at + needle.len())
        .is_some_and(|s| s.eq_ignore_ascii_case(needle))
}

/// The game and its betting: the written game name followed by a betting structure (or
/// whose name implies one) that ends first in the line, the longest name there.
fn game(line: &str) -> Option<(usize, usize, usize, &'static str)> {
    let mut best: Option<(usize, usize, usize, &'static str)> = None; // (end, start, row, betting)
                                                                      // Found in the line in lower case (ASCII letters only: every byte keeps its place, and
                                                                      // a match of a whole name starts where a character does), one search per name rather
                                                                      // than a comparison at every character.
    let lower = line.to_ascii_lowercase();
    for (row, (name, _, _, _, implied)) in GAMES.iter().enumerate() {
        let needle = name.to_ascii_lowercase();
        let mut from = 0;
        while let Some(found) = lower
            .get(from..)
            .and_then(|rest| rest.find(&needle))
            .map(|i| from + i)
        {
            from = found + name.len();
            let after = &line[from..];
            let gap = after.len() - after.trim_start_matches([' ', '(']).len();
            let betting = BETTING
                .iter()
                .find(|(written, _)| has_at(after, gap, written))
                .map(|(written, betting)| (gap + written.len(), *betting));
            let found_end = match (betting, implied) {
                (Some((len, betting)), _) => Some((from + len, betting)),
                // Not a mixed game's list of games ("Mixed NLH/PLO (Hold'em No Limit, ..."):
                // the game being played is the one in brackets.
                (None, Some(betting))
                    if (after.starts_with([' ', ':', '(']) || after.is_empty())
                        && !line[..found].ends_with('/') =>
                {
                    Some((from, *betting))
                }
                _ => None,
            };
            if let Some((end, betting)) = found_end {
                let better = best.is_none_or(|(e, s, _, _)| end < e || (end == e && found < s));
                if better {
                    best = Some((end, found, row, betting));
                }
            }
        }
    }
    best
}

/// The game and its betting written apart (Bovada's tournaments: `HOLDEM Tournament
/// #1447554 TBL#25, No Limit- Level 18`): the first game name, and the first betting
/// structure after it (or before it); else the room's `default` structure.
fn apart(line: &str, default: Option<&'static str>) -> Option<(usize, usize, usize, &'static str)> {
    let lower = line.to_ascii_lowercase();
    let (start, row) = GAMES
        .iter()
        .enumerate()
        .filter_map(|(row, g)| Some((lower.find(&g.0.to_ascii_lowercase())?, row)))
        .min_by_key(|&(start, row)| (start, std::cmp::Reverse(GAMES[row].0.len())))?;
    let end = start + GAMES[row].0.len();
    apart_betting(&lower, start, row).or_else(|| default.map(|d| (end, start, row, d)))
}

/// The betting structure written apart from the game at `start` (row `row` of [`GAMES`]).
fn apart_betting(
    lower: &str,
    start: usize,
    row: usize,
) -> Option<(usize, usize, usize, &'static str)> {
    let after = start + GAMES[row].0.len();
    let found = BETTING
        .iter()
        .filter_map(|(w, b)| {
            Some((
                lower[after..].find(&w.to_ascii_lowercase())? + after,
                *w,
                *b,
            ))
        })
        .min_by_key(|&(at, w, _)| (at, std::cmp::Reverse(w.len())));
    if let Some((at, written, betting)) = found {
        return Some((at + written.len(), start, row, betting));
    }
    // Written before the game (Full Tilt: "No Limit Hold'em"): the last before it.
    let (at, _, betting) = BETTING
        .iter()
        .filter_map(|(w, b)| Some((lower[..start].rfind(&w.to_ascii_lowercase())?, *w, *b)))
        .max_by_key(|&(at, w, _)| (at + w.len(), w.len()))?; // "No Limit" over "Limit"
    Some((after, at, row, betting))
}

/// The first pair `a/b` of amounts after `from` (the stakes or the level's blinds); of
/// three, `ante/a/b` (Winamax: `(50/200/400)`, `(5€/25€/50€)`), the last two, where the
/// ante is no more than either (a date, `2012/11/23`, is no stakes).
fn stakes(line: &str) -> Option<(i64, i64)> {
    line.split(|c: char| c.is_whitespace() || c == '(' || c == ')')
        .filter_map(|word| word.split_once('/'))
        .find_map(|(a, b)| {
            let b = b.trim_end_matches(['-', ',']);
            if let Some((small, big)) = b.split_once('/') {
                let (ante, small, big) = (units(a)?, units(small)?, units(big)?);
                return (ante <= small && small <= big).then_some((small, big));
            }
            Some((units(a)?, units(b)?))
        })
}

/// The hand's first line read, the text after the room's start (`rest`, from the
/// number on); `default_betting` is the room's structure for a line that names none.
///
/// # Errors
/// A message naming what is missing or not played.
pub fn header(rest: &str, default_betting: Option<&'static str>) -> Result<Header, String> {
    // Winamax writes its number after "HandId: #".
    let numbered = rest.find("HandId: #").map_or(rest, |at| &rest[at + 9..]);
    let number: String = numbered
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
        .collect();
    if number.is_empty() {
        return Err(format!("{:?} holds no hand number", truncate(rest)));
    }
    let tournament = rest
        .find("Tournament #")
        .map(|at| {
            rest[at + 12..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect::<String>()
        })
        .or_else(|| {
            // Winamax names its tournaments: `Tournament "Freeroll 150€" buyIn: ...`.
            let named = &rest[rest.find("Tournament \"")? + 12..];
            Some(named[..named.find('"')?].to_string())
        });
    let Some((end, start, row, betting)) = game(rest).or_else(|| apart(rest, default_betting))
    else {
        return Err(format!(
            "{:?} names no game and betting pokerforge knows",
            truncate(rest)
        ));
    };
    let (_, name, hole_count, deal, _) = GAMES[row];
    // PokerStars' "Split Hold'em" deals two boards, each half of the pot.
    let split = rest[..start].trim_end().ends_with("Split");
    if betting.is_empty() || name.is_empty() || split {
        return Err(format!(
            "{:?} is a game pokerforge does not play",
            &rest[start..end]
        ));
    }
    let after = &rest[end..];
    // After the game (PokerStars) or before it (Full Tilt: "- $5/$10 - Limit Razz").
    let stakes = stakes(after).or_else(|| stakes(&rest[..start]));
    let currency = symbol(after.split(" - ").next().unwrap_or(""))
        .map(String::from)
        .or_else(|| {
            ["USD", "EUR", "GBP", "CNY", "INR", "CAD"]
                .iter()
                .find(|code| after.contains(*code))
                .map(|c| c.to_string())
        })
        .unwrap_or_default();
    let cap = after
        .find(" Cap")
        .and_then(|at| {
            let before = after[..at].rsplit(' ').next()?;
            units(before)
        })
        .or_else(|| {
            // Full Tilt writes the cap alone before the betting ("- $5/$10 - $400 Pot
            // Limit Omaha Hi -").
            let (_, written) = rest[..start].trim_end().rsplit_once(" - ")?;
            units(written).filter(|&x| x > 0)
        });
    let time = after
        .rfind(" - ")
        .map(|at| after[at + 3..].trim().to_string())
        .unwrap_or_default();
    Ok(Header {
        number,
        tournament,
        game: name,
        betting,
        code: phh_code(name, betting),
        game_text: rest[start..end].to_string(),
        hole_count,
        deal,
        stakes,
        cap,
        currency,
        time,
    })
}

/// The table line: its name, the seats it has, the button's seat.
pub fn table_line(line: &str) -> Option<(String, Option<u32>, Option<u32>)> {
    let button = line.find("Seat #").and_then(|at| {
        let digits: String = line[at + 6..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        digits.parse().ok()
    });
    let max = line.find("-max").and_then(|at| {
        let digits: String = line[..at]
            .chars()
            .rev()
            .take_while(char::is_ascii_digit)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        digits.parse().ok()
    });
    let name = if let Some(open) = line.find('\'') {
        let close = line.rfind('\'').filter(|&c| c > open)?;
        line[open + 1..close].to_string()
    } else {
        let cut = line
            .find(" Seat #")
            .or_else(|| line.find(" ("))
            .unwrap_or(line.len());
        let head = line[..cut].trim();
        match head.rsplit_once(' ') {
            Some((name, size)) if size.ends_with("-max") => name.to_string(),
            _ => head.to_string(),
        }
    };
    let name = name.strip_prefix("Table: ").unwrap_or(&name).to_string();
    Some((name, max, button))
}

fn truncate(text: &str) -> &str {
    let end = text.char_indices().nth(80).map_or(text.len(), |(i, _)| i);
    &text[..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_lines_are_read() {
        let h = header(
            "1001:  Hold'em No Limit ($0.50/$1 USD) - 2024/01/02 10:00:00 ET",
            None,
        )
        .unwrap();
        assert_eq!(
            (h.game, h.betting, h.code),
            ("holdem", "no-limit", Some("NT"))
        );
        assert_eq!(
            (h.stakes, h.currency.as_str()),
            (Some((5_000, 10_000)), "$")
        );
        assert_eq!(h.time, "2024/01/02 10:00:00 ET");
        let h = header("OM1410171: PLO-5 ($0.1/$0.25) - 2021/04/13 10:03:48", None).unwrap();
        assert_eq!((h.game, h.betting, h.hole_count), ("omaha", "pot-limit", 5));
        let h = header(
            "TM106348078: Tournament #5948181, High Rollers PLO Main Event $1K Omaha Pot Limit - Level4 (90/180) - 2020/06/23",
            None,
        )
        .unwrap();
        assert_eq!(
            (h.game, h.hole_count, h.stakes),
            ("omaha", 4, Some((900_000, 1_800_000)))
        );
        assert_eq!(h.tournament.as_deref(), Some("5948181"));
        let h = header(
            "7: Tournament #7, 100+9 8-Game (7 Card Stud Hi/Lo Limit) - Level I (10/20)",
            None,
        )
        .unwrap();
        assert_eq!((h.game, h.code), ("stud-hilo", Some("F7S/8")));
        let h = header(
            "151588328 - Holdem(No Limit) - $0.01/$0.02 - 2019/11/08 04:43:23 UTC",
            None,
        )
        .unwrap();
        assert_eq!((h.game, h.stakes), ("holdem", Some((100, 200))));
        // Winamax: the ante, then the blinds (or a stud game's bets).
        let line = "Tournament \"Quitte ou Double\" buyIn: 0.93-0.07 level: 10 - HandId: \
                    #1-31-1343 - Holdem no limit (50/200/400) - 2012/07/23 20:36:56 UTC";
        let h = header(line, None).unwrap();
        assert_eq!(h.stakes, Some((2_000_000, 4_000_000)));
        // A date is no stakes (Full Tilt writes its stakes before the game, its date after).
        let line = "3: Table X - $150/$300 - Limit 2-7 Triple Draw - 0:40:00 ET - 2010/12/13";
        assert_eq!(
            header(line, None).unwrap().stakes,
            Some((1_500_000, 3_000_000))
        );
        assert!(header(
            "5: Hold'em Pot Limit Pre-Flop, No Limit Post-Flop (1/2)",
            None
        )
        .is_err());
        // Ignition's tournaments name no structure: the room's own.
        let line = "4: HOLDEM Tournament #41678164 TBL#81, Normal- Level 13 (300/600) - 2021";
        assert!(header(line, None).is_err());
        assert_eq!(header(line, Some("no-limit")).unwrap().betting, "no-limit");
        // Full Tilt: the stakes and the betting before the game.
        let h = header(
            "3: $26 Matrix (24), Match 2 - 15/30 - No Limit Hold'em - 09:20 ET",
            None,
        )
        .unwrap();
        assert_eq!(
            (h.game, h.betting, h.stakes),
            ("holdem", "no-limit", Some((150_000, 300_000)))
        );
        let h = header(
            "4: Table Tam (6 max) - $5/$10 - Limit 2-7 Triple Draw - 15:37 ET",
            None,
        )
        .unwrap();
        assert_eq!((h.game, h.betting), ("2-7-triple-draw", "fixed-limit"));
        assert_eq!(h.cap, None);
        let h = header(
            "2: Table Pam (6 max) - $5/$10 - $400 Pot Limit Omaha Hi - 15:35:09 ET",
            None,
        )
        .unwrap();
        assert_eq!(
            (h.game, h.betting, h.cap),
            ("omaha", "pot-limit", Some(4_000_000))
        );
        assert!(header("5: Pineapple No Limit (1/2)", None).is_err());
        let split = header("7:  Split Hold'em No Limit ($1/$2 USD) - 2018/03/28", None);
        assert!(split
            .unwrap_err()
            .contains("a game pokerforge does not play"));
        let line = "6:  Mixed NLH/PLO (Hold'em No Limit, $0.10/$0.25 USD) - 2012/04/15";
        let h = header(line, None).unwrap();
        assert_eq!((h.game, h.betting), ("holdem", "no-limit"));
        let t = table_line("Table 'Alpha' 6-max Seat #1 is the button").unwrap();
        assert_eq!(t, ("Alpha".to_string(), Some(6), Some(1)));
        let t = table_line("Blitz Poker 6-max Seat #1 is the button").unwrap();
        assert_eq!(t, ("Blitz Poker".to_string(), Some(6), Some(1)));
        let t = table_line("Table: 'Durban 02' 9-max (real money) Seat #7 is the button").unwrap();
        assert_eq!(t.0, "Durban 02");
    }
}
