//! Each room's conventions as data: how its hands start, how a line names the player, where
//! its winnings are written, its games' names; one row a room, read by the parsers (no
//! room's name is a branch in them).

/// How a room's files are laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// PokerStars' text layout and those written after it: a first line with the hand's
    /// number and game, seat lines, `*** ... ***` sections, a summary.
    StarsText,
    /// The Winning Poker Network's older layout: `Game started at: ...`, `Game ID: N
    /// stakes table (game)`, `Player NAME verb (amount)` lines, a summary of each
    /// player's bets and collections.
    GameStarted,
    /// The layout 888 (Pacific) and PartyPoker write: `#Game No : N`, a `***** ... Hand
    /// History for Game N *****` line, amounts in brackets, `** Dealing ... **` sections.
    GameNo,
    /// The iPoker network's XML (`<session>`, a `<game>` a hand).
    IPokerXml,
    /// The Merge network's XML (`<description>`, a `<game>` a hand).
    MergeXml,
}

/// Where a room writes what each player won.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Winnings {
    /// `NAME collected X from pot` lines in the hand (the summary's only where there are
    /// none).
    Collected,
    /// The summary's `Seat N: NAME ... won X` lines.
    Summary,
}

/// One room's row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Room {
    /// Its code (`"PS"`).
    pub code: &'static str,
    /// Its name.
    pub name: &'static str,
    /// The beginnings of a hand's first line, each with the client's language.
    pub starts: &'static [(&'static str, &'static str)],
    /// The layout of its files.
    pub format: Format,
    /// What follows a player's name before the action (`": "` or `" "`).
    pub after_name: &'static str,
    /// Where it writes the winnings.
    pub winnings: Winnings,
    /// The currency its cash games are in when the stakes carry no symbol.
    pub currency: &'static str,
    /// Whether its summary's total pot is written after the rake (and the fees) are taken.
    pub pot_after_rake: bool,
    /// Whether an uncalled bet it writes no return line for is collected with the pot.
    pub returns_collected: bool,
    /// Whether its hands state the total pot and the rake (else the rake is what the pot
    /// held beyond the collected amounts).
    pub writes_totals: bool,
    /// Words one of which a hand's second line holds, where rooms share a first line
    /// (empty: any).
    pub marks: &'static [&'static str],
    /// Whether its seat lines list players who are not dealt in without saying so (a
    /// seat is then in the hand when it is dealt cards, posts or acts).
    pub lists_absent: bool,
    /// The betting structure of a hand whose first line names none (Ignition's
    /// tournaments: `HOLDEM Tournament #... Normal- Level 13`, all of them no-limit).
    pub default_betting: Option<&'static str>,
    /// Text replaced in each line before it is read (`(from, to)`, in order).
    pub rewrites: &'static [(&'static str, &'static str)],
    /// The room's words for an action after the player's name, each with PokerStars'
    /// (`("Calls ", "calls ")`), and for what PokerStars writes otherwise: `"collected "`
    /// (a player's winnings), `"returned "` (an uncalled bet given back), `"dealt "` (his
    /// hole cards), `"button ["` (the button's seat).
    pub verbs: &'static [(&'static str, &'static str)],
}

/// Every room pokerforge reads, in the order their starts are tried (a longer start
/// before a shorter one it begins with).
pub const ROOMS: [Room; 17] = [
    Room {
        code: "PS",
        name: "PokerStars",
        starts: &[
            ("PokerStars Home Game Hand #", "en"),
            ("PokerStars Zoom Hand #", "en"),
            ("PokerStars Hand #", "en"),
            ("PokerStars Game #", "en"),
            ("Mão PokerStars #", "pt"),
        ],
        format: Format::StarsText,
        after_name: ": ",
        winnings: Winnings::Collected,
        currency: "",
        pot_after_rake: false,
        returns_collected: false,
        writes_totals: true,
        marks: &[],
        lists_absent: false,
        default_betting: None,
        rewrites: &[],
        verbs: &[],
    },
    Room {
        code: "GG",
        name: "GGPoker",
        starts: &[("Poker Hand #", "en")],
        format: Format::StarsText,
        after_name: ": ",
        winnings: Winnings::Collected,
        currency: "",
        pot_after_rake: false,
        returns_collected: false,
        writes_totals: true,
        marks: &[],
        lists_absent: false,
        default_betting: None,
        rewrites: &[],
        verbs: &[],
    },
    Room {
        code: "WPN",
        name: "Winning Poker Network (ACR)",
        starts: &[("Game Hand #", "en"), ("Hand #", "en")],
        format: Format::StarsText,
        after_name: " ",
        winnings: Winnings::Summary,
        currency: "",
        pot_after_rake: true,
        returns_collected: true,
        writes_totals: true,
        marks: &[],
        lists_absent: false,
        default_betting: None,
        // Its runs of a board twice, as PokerStars names them.
        rewrites: &[
            ("*** FLOP 1 ***", "*** FIRST FLOP ***"),
            ("*** TURN 1 ***", "*** FIRST TURN ***"),
            ("*** RIVER 1 ***", "*** FIRST RIVER ***"),
            ("*** SHOW DOWN 1 ***", "*** FIRST SHOW DOWN ***"),
            ("*** FLOP 2 ***", "*** SECOND FLOP ***"),
            ("*** TURN 2 ***", "*** SECOND TURN ***"),
            ("*** RIVER 2 ***", "*** SECOND RIVER ***"),
            ("*** SHOW DOWN 2 ***", "*** SECOND SHOW DOWN ***"),
        ],
        // A fixed-limit raise that caps the betting, written to its total.
        verbs: &[
            ("caps ", "raises "),
            // Both blinds at once: the big blind live, the rest dead.
            ("posts dead ", "posts small & big blinds "),
        ],
    },
    Room {
        code: "WPN",
        name: "Winning Poker Network (ACR), its older layout",
        starts: &[("Game started at: ", "en")],
        format: Format::GameStarted,
        after_name: " ",
        winnings: Winnings::Summary,
        currency: "",
        pot_after_rake: true,
        returns_collected: true,
        writes_totals: true,
        marks: &[],
        lists_absent: false,
        default_betting: None,
        rewrites: &[],
        verbs: &[],
    },
    Room {
        code: "WMX",
        name: "Winamax",
        starts: &[("Winamax Poker - ", "fr")],
        format: Format::StarsText,
        after_name: " ",
        winnings: Winnings::Collected,
        currency: "€",
        pot_after_rake: true,
        returns_collected: true,
        writes_totals: true,
        marks: &[],
        lists_absent: false,
        default_betting: None,
        rewrites: &[
            // A draw game's draws, as PokerStars names them (its betting rounds are
            // sections of their own: see `section`).
            ("*** FIRST-DRAW ***", "*** FIRST DRAW ***"),
            ("*** SECOND-DRAW ***", "*** SECOND DRAW ***"),
            ("*** THIRD-DRAW ***", "*** THIRD DRAW ***"),
            // The play-money client's stud streets.
            ("*** THIRD ***", "*** 3RD STREET ***"),
            ("*** FOURTH ***", "*** 4TH STREET ***"),
            ("*** FIFTH ***", "*** 5TH STREET ***"),
            ("*** SIXTH ***", "*** 6TH STREET ***"),
            ("*** SEVENTH ***", "*** 7TH STREET ***"),
        ],
        verbs: &[
            // A draw's cards are not written: "discard 2 cards", "discard 0 card".
            ("discard 0 card", "stands pat"),
            ("discard ", "discards "),
            ("bring-in ", "brings in for "),
        ],
    },
    Room {
        code: "FTP",
        name: "Full Tilt Poker",
        starts: &[("Full Tilt Rush Hand #", "en"), ("Full Tilt Hand #", "en")],
        format: Format::StarsText,
        after_name: ": ",
        winnings: Winnings::Collected,
        currency: "",
        pot_after_rake: false,
        returns_collected: false,
        writes_totals: true,
        marks: &[],
        lists_absent: false,
        default_betting: None,
        rewrites: &[],
        verbs: &[],
    },
    Room {
        code: "RIO",
        name: "Run It Once Poker",
        starts: &[("Run It Once Poker Hand #", "en")],
        format: Format::StarsText,
        after_name: ": ",
        winnings: Winnings::Collected,
        currency: "€",
        pot_after_rake: false,
        // A walk's uncalled big blind is written with the pot, not returned.
        returns_collected: true,
        writes_totals: true,
        marks: &[],
        lists_absent: false,
        default_betting: None,
        rewrites: &[],
        verbs: &[],
    },
    Room {
        code: "RIO",
        name: "Run It Once Poker, its client of early 2019",
        // Its hands start as the later client's: read by this row where the first row's
        // reading does not make the totals the hand states (see `read_hand`).
        starts: &[("Run It Once Poker Hand #", "en")],
        format: Format::StarsText,
        after_name: ": ",
        winnings: Winnings::Collected,
        currency: "€",
        pot_after_rake: false,
        returns_collected: true,
        writes_totals: true,
        marks: &[],
        lists_absent: false,
        default_betting: None,
        rewrites: &[],
        // "raises €44 to €68" by a player with €7 in: the raise puts €68 in (to €75), as
        // the calls after it and the total pot show.
        verbs: &[("raises ", "raises, adding ")],
    },
    Room {
        code: "PM",
        name: "PokerMaster",
        starts: &[("PokerMaster Hand #", "en")],
        format: Format::StarsText,
        after_name: ": ",
        winnings: Winnings::Collected,
        currency: "",
        pot_after_rake: false,
        returns_collected: false,
        writes_totals: true,
        marks: &[],
        lists_absent: false,
        default_betting: None,
        rewrites: &[],
        verbs: &[],
    },
    Room {
        code: "PB",
        name: "PokerBros",
        starts: &[("PokerBros Hand #", "en")],
        format: Format::StarsText,
        after_name: ": ",
        winnings: Winnings::Collected,
        currency: "",
        pot_after_rake: false,
        returns_collected: false,
        writes_totals: true,
        marks: &[],
        lists_absent: false,
        default_betting: None,
        rewrites: &[],
        verbs: &[],
    },
    Room {
        code: "BOL",
        name: "BetOnline",
        starts: &[
            ("BetOnline Poker Game #", "en"),
            ("PayNoRake Game #", "en"),
            // Skins of the same network.
            ("ActionPoker.com Game #", "en"),
            ("Gear Poker Game #", "en"),
        ],
        format: Format::StarsText,
        after_name: ": ",
        winnings: Winnings::Collected,
        currency: "",
        pot_after_rake: true,
        returns_collected: false,
        writes_totals: true,
        marks: &[],
        lists_absent: false,
        // Its tournaments name no structure (`Tournament #7212650: Hold'em $40.00/$80.00`):
        // they are no-limit (their bets show it).
        default_betting: Some("no-limit"),
        // Its skins' client of 2012 (ActionPoker, Gear Poker) capitalises its words.
        rewrites: &[("Dealt To ", "Dealt to "), ("Total Pot ", "Total pot ")],
        // A player entering posts a big blind out of turn, live.
        verbs: &[
            ("Posts ", "posts "),
            ("Folds", "folds"),
            ("Checks", "checks"),
            ("Calls ", "calls "),
            ("Bets ", "bets "),
            ("Raises ", "raises "),
            ("post now ", "posts big blind "),
            // A returning player's both blinds, written as the big blind (or 0.00): the
            // totals it states count the small blind dead beside the big.
            ("post dead ", "posts both blinds, written "),
            // Its tournaments' antes (0.00 at its cash tables).
            ("ante processed ", "posts the ante "),
        ],
    },
    Room {
        code: "888",
        name: "888poker (Pacific)",
        starts: &[
            ("#Game No : ", "en"),
            ("***** 888poker Hand History for Game ", "en"),
            ("***** 888.es Hand History for Game ", "es"),
            ("***** Cassava Hand History for Game ", "en"),
        ],
        format: Format::GameNo,
        after_name: " ",
        winnings: Winnings::Collected,
        currency: "",
        pot_after_rake: false,
        returns_collected: true,
        writes_totals: false,
        marks: &["888", "Cassava", "Pacific"],
        lists_absent: false,
        default_betting: None,
        rewrites: &[],
        verbs: &[],
    },
    Room {
        code: "PTY",
        name: "PartyPoker",
        starts: &[
            ("#Game No : ", "en"),
            ("***** Hand History for Game ", "en"),
            ("***** Hand History For Game ", "en"),
        ],
        format: Format::GameNo,
        after_name: " ",
        winnings: Winnings::Collected,
        currency: "",
        pot_after_rake: false,
        returns_collected: true,
        writes_totals: false,
        marks: &[],
        lists_absent: false,
        default_betting: None,
        rewrites: &[],
        verbs: &[],
    },
    Room {
        code: "IPN",
        name: "iPoker Network",
        starts: &[("<session sessioncode=", "en")],
        format: Format::IPokerXml,
        after_name: "",
        winnings: Winnings::Collected,
        currency: "",
        pot_after_rake: false,
        returns_collected: true,
        writes_totals: false,
        marks: &[],
        lists_absent: false,
        default_betting: None,
        rewrites: &[],
        verbs: &[],
    },
    Room {
        code: "BOV",
        name: "Bovada (Ignition, Bodog)",
        starts: &[
            ("Bovada Hand #", "en"),
            ("Ignition Hand #", "en"),
            ("Bodog Hand #", "en"),
            ("Bodog.eu Hand #", "en"),
            ("Bodog.com Hand #", "en"),
            ("Bodog UK Hand #", "en"),
        ],
        format: Format::StarsText,
        after_name: " : ",
        winnings: Winnings::Collected,
        currency: "$",
        pot_after_rake: false,
        returns_collected: true,
        writes_totals: false,
        marks: &[],
        lists_absent: true,
        default_betting: Some("no-limit"),
        // Seats are named by position, the client's own with "[ME]" (written with two
        // spaces before it in the actions).
        rewrites: &[
            ("  [ME]", " [ME]"),
            ("Total Pot(", "Total pot "),
            // Older files deal the board with no section line.
            ("Card dealt to table ", "*** BOARD *** "),
        ],
        verbs: &[
            ("Card dealt to a spot ", "dealt "),
            ("Set dealer [", "button ["),
            ("Set dealer/Bring in spot [", "button ["),
            ("Ante/Small Blind ", "posts small blind "),
            ("Ante/Small blind ", "posts small blind "),
            ("Big blind/Bring in ", "posts big blind "),
            ("Big blind/Bring in(timeout) ", "posts big blind "),
            ("Bring_in chip ", "brings in for "),
            // Stud's double bet on fourth street (an open pair).
            ("Double bets ", "bets "),
            ("D bets ", "bets "),
            // Both blinds at once (a seat returning): the big blind live, the rest dead.
            ("Posts dead chip ", "posts small & big blinds "),
            ("Posts chip ", "posts big blind "),
            ("Small Blind ", "posts small blind "),
            ("Small blind ", "posts small blind "),
            ("Big blind ", "posts big blind "),
            ("Big Blind ", "posts big blind "),
            ("Ante chip ", "posts the ante "),
            ("Folds", "folds"),
            ("Fold", "folds"),
            ("Checks", "checks"),
            ("Calls ", "calls "),
            ("Call ", "calls "),
            ("Call(timeout) ", "calls "),
            // A bet the player's time ran out on, made for him.
            ("Bets chip info(timeout) ", "bets "),
            ("Bets ", "bets "),
            ("Raises ", "raises "),
            ("Raises(timeout) ", "raises "),
            ("All-in(raise) ", "raises "),
            ("All-in(raise-timeout) ", "raises "),
            ("All-in(timeout) ", "bets "),
            ("All-in ", "bets "),
            ("Showdown ", "shows "),
            ("Hand Result-Side Pot ", "collected "),
            ("Hand result-Side pot ", "collected "),
            ("Hand Result ", "collected "),
            ("Hand result ", "collected "),
            ("Return uncalled portion of bet ", "returned "),
        ],
    },
    Room {
        code: "FTP",
        name: "Full Tilt Poker (its older layout)",
        starts: &[
            ("Full Tilt Poker Game #", "en"),
            ("FullTiltPoker Game #", "en"),
        ],
        format: Format::StarsText,
        after_name: " ",
        winnings: Winnings::Collected,
        currency: "",
        pot_after_rake: false,
        returns_collected: false,
        writes_totals: true,
        marks: &[],
        lists_absent: false,
        default_betting: None,
        rewrites: &[
            ("Uncalled bet of ", "Uncalled bet ("),
            ("Board: [", "Board ["),
            // Courchevel's first board card, dealt before the betting.
            ("*** FLOPET ***", "*** PRE-FLOP ***"),
            // Its runs of a board twice, as PokerStars names them.
            ("*** FLOP 1 ***", "*** FIRST FLOP ***"),
            ("*** TURN 1 ***", "*** FIRST TURN ***"),
            ("*** RIVER 1 ***", "*** FIRST RIVER ***"),
            ("*** SHOW DOWN 1 ***", "*** FIRST SHOW DOWN ***"),
            ("*** FLOP 2 ***", "*** SECOND FLOP ***"),
            ("*** TURN 2 ***", "*** SECOND TURN ***"),
            ("*** RIVER 2 ***", "*** SECOND RIVER ***"),
            ("*** SHOW DOWN 2 ***", "*** SECOND SHOW DOWN ***"),
        ],
        verbs: &[
            ("posts the small blind of ", "posts small blind "),
            ("posts the big blind of ", "posts big blind "),
            ("posts a dead small blind of ", "posts dead "),
            ("posts an ante of ", "posts the ante "),
            ("antes ", "posts the ante "),
            ("raises to ", "raises "),
            ("wins the side pot ", "collected "),
            ("wins the main pot ", "collected "),
            ("wins the pot ", "collected "),
            ("ties for the side pot ", "collected "),
            ("ties for the main pot ", "collected "),
            ("ties for the pot ", "collected "),
            // Each run of a board run twice is a pot of its own.
            ("wins pot 1 ", "collected "),
            ("wins pot 2 ", "collected "),
            ("ties for pot 1 ", "collected "),
            ("ties for pot 2 ", "collected "),
            // A player joining the game posts a big blind out of turn, live.
            ("posts $", "posts big blind $"),
        ],
    },
    Room {
        code: "MRG",
        name: "Merge Network (Carbon)",
        starts: &[("<description type=", "en")],
        format: Format::MergeXml,
        after_name: "",
        winnings: Winnings::Collected,
        currency: "",
        pot_after_rake: false,
        returns_collected: true,
        writes_totals: false,
        marks: &[],
        lists_absent: false,
        default_betting: None,
        rewrites: &[],
        verbs: &[],
    },
];

/// How a game is dealt, as far as its record's layout goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deal {
    /// Hole cards and a board (Hold'em, Omaha, Courchevel).
    Board,
    /// Seven cards each, street by street, some face up.
    Stud,
    /// A hand drawn to (five cards; four in badugi).
    Draw,
}

/// A game as the rooms write it: `(name written, game, hole cards, how it is dealt, the
/// betting its name implies)`. Names are matched without regard to case, the longest
/// first where two begin at the same place.
pub type GameRow = (
    &'static str,
    &'static str,
    usize,
    Deal,
    Option<&'static str>,
);

/// Every game name the rooms write.
pub const GAMES: [GameRow; 39] = [
    ("Hold'em", "holdem", 2, Deal::Board, None),
    ("Holdem", "holdem", 2, Deal::Board, None),
    ("6+ Hold'em", "short-deck", 2, Deal::Board, None),
    ("ShortDeck", "short-deck", 2, Deal::Board, None),
    ("Omaha Hi/Lo", "omaha-hilo", 4, Deal::Board, None),
    ("Omaha H/L", "omaha-hilo", 4, Deal::Board, None),
    ("Omaha", "omaha", 4, Deal::Board, None),
    ("5 Card Omaha Hi/Lo", "omaha-hilo", 5, Deal::Board, None),
    ("5 Card Omaha", "omaha", 5, Deal::Board, None),
    ("Omaha5", "omaha", 5, Deal::Board, None),
    ("6 Card Omaha Hi/Lo", "omaha-hilo", 6, Deal::Board, None),
    ("6 Card Omaha", "omaha", 6, Deal::Board, None),
    ("PLO-5", "omaha", 5, Deal::Board, Some("pot-limit")),
    ("PLO-6", "omaha", 6, Deal::Board, Some("pot-limit")),
    ("PLO", "omaha", 4, Deal::Board, Some("pot-limit")),
    ("HOLDEMZonePoker", "holdem", 2, Deal::Board, None),
    ("OMAHAZonePoker", "omaha", 4, Deal::Board, None),
    ("OMAHA HiLo", "omaha-hilo", 4, Deal::Board, None),
    ("Courchevel Hi/Lo", "courchevel-hilo", 5, Deal::Board, None),
    ("Courchevel", "courchevel", 5, Deal::Board, None),
    ("7 Card Stud Hi/Lo", "stud-hilo", 7, Deal::Stud, None),
    ("7 Card Stud", "stud", 7, Deal::Stud, None),
    ("7-Card Stud Hi/Lo", "stud-hilo", 7, Deal::Stud, None),
    ("7-Card Stud", "stud", 7, Deal::Stud, None),
    ("7Stud", "stud", 7, Deal::Stud, None),
    ("7CARD HiLo", "stud-hilo", 7, Deal::Stud, None),
    ("7CARD", "stud", 7, Deal::Stud, None),
    ("Razz", "razz", 7, Deal::Stud, None),
    ("Stud Hi", "stud", 7, Deal::Stud, None),
    ("Stud H/L", "stud-hilo", 7, Deal::Stud, None),
    ("2-7 Triple Draw", "2-7-triple-draw", 5, Deal::Draw, None),
    // Winamax's play-money tables (three draws, as its hands show).
    ("Lowball27", "2-7-triple-draw", 5, Deal::Draw, None),
    (
        "Triple Draw 2-7 Lowball",
        "2-7-triple-draw",
        5,
        Deal::Draw,
        None,
    ),
    (
        "Single Draw 2-7 Lowball",
        "2-7-single-draw",
        5,
        Deal::Draw,
        None,
    ),
    (
        "Triple Draw A-5 Lowball",
        "a-5-triple-draw",
        5,
        Deal::Draw,
        None,
    ),
    ("5 Card Draw", "five-card-draw", 5, Deal::Draw, None),
    // Full Tilt's names.
    ("2-7 Single Draw", "2-7-single-draw", 5, Deal::Draw, None),
    ("A-5 Triple Draw", "a-5-triple-draw", 5, Deal::Draw, None),
    ("Badugi", "badugi", 4, Deal::Draw, None),
];

/// Betting structures as written after a game's name: `(written, structure)`, the
/// longest first; an empty structure is one pokerforge does not play (a hand's betting
/// changing from street to street).
pub const BETTING: [(&str, &str); 8] = [
    ("Pot Limit Pre-Flop", ""),
    ("No Limit", "no-limit"),
    ("Pot Limit", "pot-limit"),
    ("Fixed Limit", "fixed-limit"),
    ("Limit", "fixed-limit"),
    // Full Tilt's abbreviations, written before the game ("NL Hold'em").
    ("NL ", "no-limit"),
    ("PL ", "pot-limit"),
    ("FL ", "fixed-limit"),
];

/// The PHH code of a game and structure, where PHH (or pokerforge's codes of its shape)
/// has one.
pub fn phh_code(game: &str, betting: &str) -> Option<&'static str> {
    let variant = crate::variant::Variant::named(game)?;
    let structure = crate::variant::Structure::ALL
        .into_iter()
        .find(|s| s.name() == betting)?;
    variant.phh_code(structure)
}

/// Tables whose name marks a cap on what each player puts in a hand, which the hand
/// does not write: `(room code, words of the table's name, the cap in big blinds)`. WPN's
/// capped tables ("Miramar (Cap)", "Mauilite (PRR) - CAP - 6-Max") cap a hand at 30 big
/// blinds, as their capped hands' bets show ("caps $0.55": to $0.60 at $0.01/$0.02).
pub const CAPPED_TABLES: [(&str, &str, i64); 2] = [("WPN", "(Cap)", 30), ("WPN", "- CAP -", 30)];

/// The cap a table's name gives a hand of room `code` at `stakes` (see
/// [`CAPPED_TABLES`]).
pub fn table_cap(code: &str, table: &str, stakes: Option<(i64, i64)>) -> Option<i64> {
    let (_, _, blinds) = CAPPED_TABLES
        .iter()
        .find(|c| c.0 == code && table.contains(c.1))?;
    stakes.map(|(_, big)| blinds.saturating_mul(big))
}

/// The row of the room whose code is `code`.
pub fn room(code: &str) -> Option<&'static Room> {
    ROOMS.iter().find(|r| r.code == code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rooms_layouts_share_its_conventions_of_money() {
        // A room with two layouts has two rows of one code; what the totals check reads
        // from the row ([`room`] finds the first) must be the same in both.
        for a in &ROOMS {
            let b = room(a.code).expect("a row");
            let money = |r: &Room| (r.pot_after_rake, r.returns_collected, r.writes_totals);
            assert_eq!(money(a), money(b), "{}", a.code);
        }
        for (name, game, hole, _, _) in GAMES {
            assert!(!name.is_empty() && !game.is_empty() && (2..=7).contains(&hole));
        }
    }
}
