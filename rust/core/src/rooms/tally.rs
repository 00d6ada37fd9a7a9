//! What each player did in one hand, as the statistics count it: the one definition of
//! every count (`pokerforge.histories.counts` documents each figure in words and calls
//! [`tally`] for hands replayed by the game layer; the import's fast replay,
//! [`super::replay`], calls it for its own).
//!
//! A hand is given as its records in order ([`Record`]: what the game layer's history
//! holds, reduced to what the counts read) with each seat's position name, whether the hand
//! reached its showdown, its result is known, and which seats folded or won chips.

/// The counts kept per player and hand, in order (the columns of the hand database's
/// `players` table between `cards` and `net`).
pub const COUNT_NAMES: [&str; 39] = [
    "hands",
    "vpip",
    "pfr",
    "three_bet",
    "three_bet_chances",
    "fold_to_three_bet",
    "fold_to_three_bet_chances",
    "aggressive",
    "calls",
    "saw_flop",
    "showdowns",
    "showdowns_known",
    "won_showdowns",
    "results",
    "folds",
    "steal",
    "steal_chances",
    "fold_to_steal",
    "fold_to_steal_chances",
    "cbet_flop",
    "cbet_flop_chances",
    "cbet_turn",
    "cbet_turn_chances",
    "cbet_river",
    "cbet_river_chances",
    "fold_to_cbet_flop",
    "fold_to_cbet_flop_chances",
    "fold_to_cbet_turn",
    "fold_to_cbet_turn_chances",
    "fold_to_cbet_river",
    "fold_to_cbet_river_chances",
    "check_raise_flop",
    "check_raise_flop_chances",
    "check_raise_turn",
    "check_raise_turn_chances",
    "check_raise_river",
    "check_raise_river_chances",
    "won_without_showdown",
    "allin_adjusted",
];

/// One seat's counts, in the order of [`COUNT_NAMES`].
pub type Counts = [i64; COUNT_NAMES.len()];

const HANDS: usize = 0;
const VPIP: usize = 1;
const PFR: usize = 2;
const THREE_BET: usize = 3;
const FOLD_TO_THREE_BET: usize = 5;
const AGGRESSIVE: usize = 7;
const CALLS: usize = 8;
const SAW_FLOP: usize = 9;
const SHOWDOWNS: usize = 10;
const SHOWDOWNS_KNOWN: usize = 11;
const WON_SHOWDOWNS: usize = 12;
const RESULTS: usize = 13;
const FOLDS: usize = 14;
const STEAL: usize = 15;
const FOLD_TO_STEAL: usize = 17;
/// The c-bet, fold to c-bet and check-raise counts of the flop, turn and river (each
/// followed by its chances).
const CBET: [usize; 4] = [0, 19, 21, 23];
const FOLD_TO_CBET: [usize; 4] = [0, 25, 27, 29];
const CHECK_RAISE: [usize; 4] = [0, 31, 33, 35];
const WON_WITHOUT_SHOWDOWN: usize = 37;
const ALLIN_ADJUSTED: usize = 38;

/// A record of a hand's history, as the counts read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Record<'a> {
    /// Board cards dealt (`preflop`: a board card turned before the first round, as
    /// Courchevel's).
    Board { preflop: bool, cards: &'a [u8] },
    /// A runout's whole board (a board run more than once).
    Runout { cards: &'a [u8] },
    /// Cards dealt to a player, up or down, or a draw (a discard, standing pat).
    Deal,
    /// A check.
    Check(usize),
    /// A stud bring-in.
    BringIn,
    /// A blind posted (any: small, big, straddle, dead).
    Blind,
    /// A fold.
    Fold(usize),
    /// A call.
    Call(usize),
    /// A bet (the street's opening one).
    Bet(usize),
    /// A raise.
    Raise(usize),
    /// Anything else (antes, returned bets, shown hands, awards): no count reads it.
    Other,
}

/// One finished hand, as [`tally`] reads it.
#[derive(Debug, Clone, Copy)]
pub struct Hand<'a> {
    /// Its records in order.
    pub records: &'a [Record<'a>],
    /// Each seat's position name (`"BTN"`, `"SB"`, ...).
    pub positions: &'a [&'a str],
    /// Whether each seat folded.
    pub folded: &'a [bool],
    /// Whether each seat won chips.
    pub won: &'a [bool],
    /// Whether the hand reached its showdown.
    pub showdown: bool,
    /// Whether its result is known.
    pub known: bool,
}

/// Each seat's counts of one hand, and the board as it was when the betting ended where
/// board cards were dealt after that (an all-in before the board was complete: the
/// hand's all-in adjusted results are worked out on it), else `None`. A seat's
/// `allin_adjusted` count is left to the caller, which knows whether the adjustment could
/// be made.
///
/// # Examples
/// ```
/// use pokerforge_core::rooms::tally::{tally, Hand, Record, COUNT_NAMES};
/// // Three-handed: the button raises, both blinds fold.
/// let records = [Record::Blind, Record::Blind, Record::Raise(0), Record::Fold(1), Record::Fold(2)];
/// let (counts, board) = tally(&Hand {
///     records: &records,
///     positions: &["BTN", "SB", "BB"],
///     folded: &[false, true, true],
///     won: &[true, false, false],
///     showdown: false,
///     known: true,
/// });
/// let steal = COUNT_NAMES.iter().position(|c| *c == "steal").unwrap();
/// assert_eq!((counts[0][steal], counts[1][steal + 3], board), (1, 1, None));
/// ```
pub fn tally(hand: &Hand<'_>) -> (Vec<Counts>, Option<Vec<u8>>) {
    let n = hand.positions.len();
    let mut flags = vec![[0i64; COUNT_NAMES.len()]; n];
    let board = Walk::new(n, hand.positions).run(hand.records, &mut flags);
    for (seat, f) in flags.iter_mut().enumerate() {
        f[HANDS] = 1;
        let won = hand.won.get(seat).copied().unwrap_or(false);
        if hand.showdown && !hand.folded.get(seat).copied().unwrap_or(true) {
            f[SHOWDOWNS] = 1;
            if hand.known {
                f[SHOWDOWNS_KNOWN] = 1;
                f[WON_SHOWDOWNS] = i64::from(won);
            }
        } else if f[SAW_FLOP] != 0 && won {
            f[WON_WITHOUT_SHOWDOWN] = 1;
        }
        if hand.known {
            f[RESULTS] = 1;
        }
    }
    (flags, board)
}

/// Marks the seats still in as all-in adjusted (their results adjusted by equity).
pub fn mark_adjusted(flags: &mut [Counts], folded: &[bool]) {
    for (f, out) in flags.iter_mut().zip(folded) {
        if !out {
            f[ALLIN_ADJUSTED] = 1;
        }
    }
}

fn stealer_position(name: &str) -> bool {
    matches!(name, "CO" | "BTN" | "SB")
}

fn blind_position(name: &str) -> bool {
    matches!(name, "SB" | "BB")
}

/// The state of one pass over a hand's records.
struct Walk<'a> {
    positions: &'a [&'a str],
    street: usize, // 0 pre-flop, 1 the flop, 2 the turn, 3 the river, ...
    acted: bool,   // the round's betting has begun
    raises: u32,   // voluntary raises so far, pre-flop
    opener: Option<usize>,
    aggressor: Option<usize>, // the last to bet or raise in the round
    faced_one: Vec<bool>,
    faced_three_bet: Vec<bool>,
    folded: Vec<bool>,
    blinds: bool,  // a game with blinds (stealing them has a meaning)
    entered: bool, // someone called or raised pre-flop
    first: Vec<bool>,
    stealer: Option<usize>, // the seat whose steal is still the only voluntary action
    candidate: Option<usize>, // the seat that may c-bet this round
    cbettor: Option<usize>, // the seat whose c-bet nobody has raised yet this round
    opened: bool,           // someone bet this round
    checked: Vec<bool>,
    answered: Vec<bool>, // faced the c-bet (or the steal) once already
    xr_done: Vec<bool>,
    board: Vec<u8>,
    board_at_end: usize, // board cards when the last betting action was made
    dealt_after: bool,   // board cards came after the last betting action
    runouts: bool,
}

impl<'a> Walk<'a> {
    fn new(n: usize, positions: &'a [&'a str]) -> Self {
        Walk {
            positions,
            street: 0,
            acted: false,
            raises: 0,
            opener: None,
            aggressor: None,
            faced_one: vec![false; n],
            faced_three_bet: vec![false; n],
            folded: vec![false; n],
            blinds: false,
            entered: false,
            first: vec![true; n],
            stealer: None,
            candidate: None,
            cbettor: None,
            opened: false,
            checked: vec![false; n],
            answered: vec![false; n],
            xr_done: vec![false; n],
            board: Vec::new(),
            board_at_end: 0,
            dealt_after: false,
            runouts: false,
        }
    }

    fn run(mut self, records: &[Record<'_>], flags: &mut [Counts]) -> Option<Vec<u8>> {
        let n = flags.len();
        for record in records {
            match *record {
                Record::Board { preflop, cards } => {
                    if !self.runouts {
                        self.board.extend_from_slice(cards);
                    }
                    self.dealt_after = true;
                    // (Courchevel turns a board card before the first round: not its flop.)
                    if !preflop {
                        self.next_round(flags);
                    }
                }
                Record::Deal if self.acted => self.next_round(flags),
                Record::Check(seat) if seat < n => self.check(seat, flags),
                Record::BringIn => self.acted = true,
                Record::Blind => self.blinds = true,
                Record::Runout { cards } if !self.runouts => {
                    // The first runout's whole board; its deals follow.
                    self.runouts = true;
                    self.dealt_after = true;
                    self.board = cards.to_vec();
                }
                Record::Fold(seat)
                | Record::Call(seat)
                | Record::Bet(seat)
                | Record::Raise(seat)
                    if seat < n =>
                {
                    self.act(record, seat, flags);
                }
                _ => {}
            }
        }
        (self.dealt_after && self.board_at_end < self.board.len())
            .then(|| self.board[..self.board_at_end].to_vec())
    }

    /// A round ends: the next one begins (the flop after pre-flop: who saw it).
    fn next_round(&mut self, flags: &mut [Counts]) {
        if self.street == 0 {
            for (f, folded) in flags.iter_mut().zip(&self.folded) {
                if !folded {
                    f[SAW_FLOP] = 1;
                }
            }
            self.candidate = self.aggressor;
        } else {
            self.candidate = self.cbettor;
        }
        self.street += 1;
        self.acted = false;
        self.opened = false;
        self.aggressor = None;
        self.cbettor = None;
        self.checked.fill(false);
        self.answered.fill(false);
        self.xr_done.fill(false);
    }

    fn check(&mut self, seat: usize, flags: &mut [Counts]) {
        self.acted = true;
        self.board_at_end = self.board.len();
        self.dealt_after = false;
        if self.street > 0 {
            if self.street <= 3 && self.candidate == Some(seat) && !self.opened {
                flags[seat][CBET[self.street] + 1] = 1; // the chance, not taken
                self.candidate = None;
            }
            self.checked[seat] = true;
        } else if self.first[seat] {
            self.first_preflop(flags, seat, false);
            self.first[seat] = false;
        }
    }

    fn act(&mut self, record: &Record<'_>, seat: usize, flags: &mut [Counts]) {
        self.acted = true;
        self.board_at_end = self.board.len();
        self.dealt_after = false;
        let fold = matches!(record, Record::Fold(_));
        let bet = matches!(record, Record::Bet(_));
        let raise = matches!(record, Record::Raise(_));
        let aggressive = bet || raise;
        if self.street == 0 {
            self.preflop(flags, seat, fold, aggressive);
        } else {
            let f = &mut flags[seat];
            if fold {
                f[FOLDS] += 1;
            } else if aggressive {
                f[AGGRESSIVE] += 1;
            } else {
                f[CALLS] += 1;
            }
            if self.street <= 3 {
                self.after_flop(&mut flags[seat], seat, fold, bet, raise);
                if self.candidate == Some(seat) && !self.opened {
                    self.candidate = None;
                    if bet {
                        self.cbettor = Some(seat);
                    }
                } else if raise {
                    self.cbettor = None;
                }
            }
            if aggressive {
                self.opened = true;
                self.aggressor = Some(seat);
            }
        }
        if fold {
            self.folded[seat] = true;
        }
    }

    fn preflop(&mut self, flags: &mut [Counts], seat: usize, fold: bool, aggressive: bool) {
        let f = &mut flags[seat];
        if self.raises == 1 && self.opener != Some(seat) && !self.faced_one[seat] {
            self.faced_one[seat] = true;
            f[THREE_BET + 1] = 1;
            if aggressive {
                f[THREE_BET] = 1;
            }
        } else if self.raises >= 2 && self.opener == Some(seat) && !self.faced_three_bet[seat] {
            self.faced_three_bet[seat] = true;
            f[FOLD_TO_THREE_BET + 1] = 1;
            if fold {
                f[FOLD_TO_THREE_BET] = 1;
            }
        }
        if self.stealer.is_some_and(|s| s != seat)
            && blind_position(self.positions[seat])
            && !self.answered[seat]
        {
            self.answered[seat] = true;
            f[FOLD_TO_STEAL + 1] = 1;
            if fold {
                f[FOLD_TO_STEAL] = 1;
            }
        }
        if self.first[seat] {
            self.first[seat] = false;
            if self.first_preflop(flags, seat, aggressive) {
                self.stealer = Some(seat);
                self.answered.fill(false);
            } else if !fold {
                self.stealer = None;
            }
        } else if !fold {
            self.stealer = None;
        }
        let f = &mut flags[seat];
        if !fold {
            f[VPIP] = 1;
            self.entered = true;
            if aggressive {
                f[PFR] = 1;
                self.raises += 1;
                self.aggressor = Some(seat);
                if self.raises == 1 {
                    self.opener = Some(seat);
                }
            }
        }
    }

    /// A steal's chance at the seat's first pre-flop action; whether it stole.
    fn first_preflop(&self, flags: &mut [Counts], seat: usize, aggressive: bool) -> bool {
        if !self.blinds || self.entered || !stealer_position(self.positions[seat]) {
            return false;
        }
        flags[seat][STEAL + 1] = 1;
        if aggressive {
            flags[seat][STEAL] = 1;
        }
        aggressive
    }

    /// The c-bet, fold to c-bet and check-raise of one action after the flop.
    fn after_flop(&mut self, f: &mut Counts, seat: usize, fold: bool, bet: bool, raise: bool) {
        let street = self.street;
        if self.candidate == Some(seat) && !self.opened {
            f[CBET[street] + 1] = 1;
            if bet {
                f[CBET[street]] = 1;
            }
        }
        if self.cbettor.is_some_and(|c| c != seat) && !self.answered[seat] {
            self.answered[seat] = true;
            f[FOLD_TO_CBET[street] + 1] = 1;
            if fold {
                f[FOLD_TO_CBET[street]] = 1;
            }
        }
        if self.checked[seat] && !self.xr_done[seat] {
            self.xr_done[seat] = true;
            f[CHECK_RAISE[street] + 1] = 1;
            if raise {
                f[CHECK_RAISE[street]] = 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(name: &str) -> usize {
        COUNT_NAMES.iter().position(|c| *c == name).unwrap()
    }

    #[test]
    fn a_cbet_and_a_check_raise_are_counted() {
        // Blinds 1/2, three seats, the button opens, the small blind folds, the big blind
        // calls; on the flop the big blind checks, the button c-bets, the big blind
        // check-raises and the button folds.
        let flop = [1u8, 2, 3];
        let records = [
            Record::Deal,
            Record::Blind,
            Record::Blind,
            Record::Raise(0),
            Record::Fold(1),
            Record::Call(2),
            Record::Board {
                preflop: false,
                cards: &flop,
            },
            Record::Check(2),
            Record::Bet(0),
            Record::Raise(2),
            Record::Fold(0),
            Record::Other,
        ];
        let (counts, board) = tally(&Hand {
            records: &records,
            positions: &["BTN", "SB", "BB"],
            folded: &[true, true, false],
            won: &[false, false, true],
            showdown: false,
            known: true,
        });
        assert_eq!(board, None);
        let (button, blind) = (&counts[0], &counts[2]);
        assert_eq!(button[at("steal")], 1);
        assert_eq!(button[at("cbet_flop")], 1);
        assert_eq!(button[at("cbet_flop_chances")], 1);
        assert_eq!(button[at("folds")], 1);
        assert_eq!(blind[at("fold_to_steal_chances")], 1);
        assert_eq!(blind[at("fold_to_steal")], 0);
        assert_eq!(blind[at("check_raise_flop")], 1);
        assert_eq!(blind[at("fold_to_cbet_flop_chances")], 1);
        assert_eq!(blind[at("won_without_showdown")], 1);
        assert_eq!(counts[1][at("saw_flop")], 0);
    }

    #[test]
    fn an_all_in_before_the_river_gives_the_board_at_its_end() {
        let flop = [1u8, 2, 3];
        let turn = [4u8];
        let records = [
            Record::Blind,
            Record::Blind,
            Record::Raise(0),
            Record::Call(1),
            Record::Board {
                preflop: false,
                cards: &flop,
            },
            Record::Bet(1),
            Record::Call(0),
            Record::Board {
                preflop: false,
                cards: &turn,
            },
        ];
        let (counts, board) = tally(&Hand {
            records: &records,
            positions: &["BTN", "BB"],
            folded: &[false, false],
            won: &[true, false],
            showdown: true,
            known: true,
        });
        assert_eq!(board, Some(vec![1, 2, 3]));
        assert_eq!(counts[0][at("showdowns_known")], 1);
        assert_eq!(counts[0][at("won_showdowns")], 1);
        assert_eq!(counts[1][at("won_showdowns")], 0);
        // The big blind led the flop: no c-bet chance for the pre-flop raiser.
        assert_eq!(counts[0][at("cbet_flop_chances")], 0);
        assert_eq!(counts[0][at("three_bet_chances")], 0);
        assert_eq!(counts[1][at("three_bet_chances")], 1);
    }
}
