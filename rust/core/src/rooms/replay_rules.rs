//! The rules [`super::replay`] applies: the betting of no-limit and fixed-limit Hold'em
//! (docs/rules.md section 2, as `pokerforge.game.betting` and `streets` apply them), the
//! pots, the rake a record's winnings leave and the showdown (`pokerforge.game.ending`,
//! `pots`, `showdown`), and the seats' position names (`pokerforge.game.positions` reads
//! them from here). Anything these rules refuse gives `None`: the game layer replays the
//! hand and names the problem.

use crate::eval::evaluate;
use crate::CardSet;

/// One record of the replayed hand's history, as the hand database keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// A blind posted: `big` for the big blind (else the small).
    Blind { seat: usize, amount: i64, big: bool },
    /// A fold.
    Fold(usize),
    /// A check.
    Check(usize),
    /// A call of `amount` chips.
    Call {
        seat: usize,
        amount: i64,
        all_in: bool,
    },
    /// The street's opening bet, to `to` (`amount` chips put in).
    Bet {
        seat: usize,
        to: i64,
        amount: i64,
        all_in: bool,
    },
    /// A raise to `to` (`amount` chips put in).
    Raise {
        seat: usize,
        to: i64,
        amount: i64,
        all_in: bool,
    },
    /// Board cards dealt on `street` (1 the flop, 2 the turn, 3 the river): `board[from..to]`.
    Board { street: u8, from: usize, to: usize },
    /// An uncalled bet returned.
    Return { seat: usize, amount: i64 },
    /// A hand shown at the showdown.
    Show(usize),
    /// A hand mucked at the showdown.
    Muck(usize),
}

/// A pot after the rake: its chips and the seats that may win it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pot {
    /// Its chips.
    pub amount: i64,
    /// The seats it is for, ascending.
    pub eligible: Vec<usize>,
}

/// The ending of a replay, as `Betting::finish` gives it.
#[derive(Debug, Clone)]
pub(crate) struct Ended {
    pub events: Vec<Event>,
    pub payouts: Vec<i64>,
    pub contributions: Vec<i64>,
    pub folded: Vec<bool>,
    pub rake: i64,
    pub showdown: bool,
    pub known: bool,
    pub pots: Vec<Pot>,
    /// Won by the one player left.
    pub uncontested: bool,
    /// A showdown the rules decided (every hand in it known).
    pub contested_known: bool,
    /// The chips returned to each seat (uncalled bets).
    pub returned: Vec<i64>,
}

/// How bets are sized.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Structure {
    /// Any bet from the minimum to the whole stack.
    NoLimit,
    /// Bets and raises of the street's fixed size, capped.
    FixedLimit,
}

/// No cap on the raises.
const UNCAPPED: u32 = u32::MAX;
/// Fixed-limit's cap: a bet and three raises (while three players or more can bet).
const LIMIT_CAP: u32 = 4;
/// The board cards showing on each street: pre-flop, the flop, the turn, the river.
const BOARD_AT: [usize; 4] = [0, 3, 4, 5];

/// Position names clockwise from the button, by table size (a full ring's BTN, SB, BB,
/// UTG, UTG+1, UTG+2, UTG+3, UTG+4, HJ, CO; shorter tables drop UTG+4 first, then UTG+3,
/// UTG+2, UTG+1, HJ and CO; heads-up the button and the big blind).
const FROM_BUTTON: [&[&str]; 11] = [
    &[],
    &["BTN"],
    &["BTN", "BB"],
    &["BTN", "SB", "BB"],
    &["BTN", "SB", "BB", "UTG"],
    &["BTN", "SB", "BB", "UTG", "CO"],
    &["BTN", "SB", "BB", "UTG", "HJ", "CO"],
    &["BTN", "SB", "BB", "UTG", "UTG+1", "HJ", "CO"],
    &["BTN", "SB", "BB", "UTG", "UTG+1", "UTG+2", "HJ", "CO"],
    &[
        "BTN", "SB", "BB", "UTG", "UTG+1", "UTG+2", "UTG+3", "HJ", "CO",
    ],
    &[
        "BTN", "SB", "BB", "UTG", "UTG+1", "UTG+2", "UTG+3", "UTG+4", "HJ", "CO",
    ],
];

/// The position names of `n` seats (2 to 10) clockwise from the button's.
///
/// # Examples
/// ```
/// use pokerforge_core::rooms::names_from_button;
/// assert_eq!(names_from_button(6), ["BTN", "SB", "BB", "UTG", "HJ", "CO"]);
/// assert_eq!(names_from_button(2), ["BTN", "BB"]);
/// assert!(names_from_button(11).is_empty());
/// ```
pub fn names_from_button(n: usize) -> &'static [&'static str] {
    FROM_BUTTON.get(n).copied().unwrap_or(&[])
}

/// Each seat's position name, the button at `button`.
pub(crate) fn position_names(n: usize, button: usize) -> Vec<&'static str> {
    let names = names_from_button(n);
    (0..n).map(|seat| names[(seat + n - button) % n]).collect()
}

/// A Hold'em hand's betting, street by street, as the game layer's engine keeps it.
#[derive(Debug, Clone)]
pub(crate) struct Betting {
    structure: Structure,
    n: usize,
    button: usize,
    stacks: Vec<i64>,
    bets: Vec<i64>,
    contributions: Vec<i64>,
    folded: Vec<bool>,
    faced: Vec<i64>, // the level the seat matched when it last acted (-1: not yet)
    reach: Vec<i64>, // the street total the seat can reach (0 once folded)
    level: i64,
    full_level: i64,
    min_inc: i64,
    raises: u32,
    cap: u32,
    active: usize, // seats not folded with chips
    live: usize,   // seats not folded
    aggressor: Option<usize>,
    actor: Option<usize>,
    owe: i64,
    raise: Option<(i64, i64)>,
    street: usize, // 0 pre-flop .. 3 the river, 4 the showdown
    board: usize,  // board cards dealt
    street_min_inc: [i64; 4],
    over: bool,
    uncontested: bool,
    returned: Vec<i64>,
    events: Vec<Event>,
}

impl Betting {
    /// The blinds posted and the first turn; `None` where a blind is all or more of its
    /// poster's stack (a short blind).
    pub(crate) fn new(
        structure: Structure,
        stacks: &[i64],
        button: usize,
        small: i64,
        big: i64,
        small_bet: i64,
        big_bet: i64,
    ) -> Option<Self> {
        let n = stacks.len();
        let (sb, bb) = if n == 2 {
            (button, (button + 1) % n)
        } else {
            ((button + 1) % n, (button + 2) % n)
        };
        if stacks[sb] <= small || stacks[bb] <= big {
            return None;
        }
        let street_min_inc = match structure {
            Structure::NoLimit => [big; 4],
            Structure::FixedLimit => [small_bet, small_bet, big_bet, big_bet],
        };
        let mut b = Betting {
            structure,
            n,
            button,
            stacks: stacks.to_vec(),
            bets: vec![0; n],
            contributions: vec![0; n],
            folded: vec![false; n],
            faced: vec![-1; n],
            reach: stacks.to_vec(),
            level: big,
            full_level: big,
            min_inc: street_min_inc[0],
            raises: 0,
            cap: UNCAPPED,
            active: n,
            live: n,
            aggressor: None,
            actor: Some(bb),
            owe: 0,
            raise: None,
            street: 0,
            board: 0,
            street_min_inc,
            over: false,
            uncontested: false,
            returned: vec![0; n],
            events: Vec::with_capacity(32),
        };
        for (seat, amount, is_big) in [(sb, small, false), (bb, big, true)] {
            b.stacks[seat] -= amount;
            b.bets[seat] += amount;
            b.contributions[seat] += amount;
            b.events.push(Event::Blind {
                seat,
                amount,
                big: is_big,
            });
        }
        // The big blind is fixed-limit's pre-flop bet when it is at least half a bet.
        if structure == Structure::FixedLimit {
            if 2 * big >= b.min_inc {
                b.raises = 1;
            } else {
                b.full_level = 0;
            }
        }
        b.cap = b.round_cap();
        b.advance();
        Some(b)
    }

    /// The seats clockwise after `start`, ending with `start`.
    fn order(&self, start: usize) -> impl Iterator<Item = usize> {
        let n = self.n;
        (1..=n).map(move |k| (start + k) % n)
    }

    fn round_cap(&self) -> u32 {
        // The cap holds only while three players or more can bet (heads-up uncapped).
        if self.active < 3 {
            UNCAPPED
        } else {
            match self.structure {
                Structure::NoLimit => UNCAPPED,
                Structure::FixedLimit => LIMIT_CAP,
            }
        }
    }

    /// The turn passes to the next seat that must act, or the round closes.
    fn advance(&mut self) {
        let start = self.actor.unwrap_or(self.button);
        let top = self.reach.iter().copied().max().unwrap_or(0);
        let ties = self.reach.iter().filter(|&&r| r == top).count();
        for s in self.order(start).collect::<Vec<_>>() {
            let stack = self.stacks[s];
            if self.folded[s] || stack == 0 {
                continue;
            }
            let (bet, seen) = (self.bets[s], self.faced[s]);
            if seen >= 0 && bet >= self.level {
                continue;
            }
            // Rule 14: the most any other live player can put in on this street.
            let most = if self.reach[s] != top || ties > 1 {
                top
            } else {
                (0..self.n)
                    .filter(|&o| o != s)
                    .map(|o| self.reach[o])
                    .max()
                    .unwrap_or(0)
            };
            if most <= bet {
                continue;
            }
            self.actor = Some(s);
            let mut owe = (self.level - bet).max(0);
            self.raise = None;
            if owe >= stack {
                owe = stack;
            } else if seen >= 0 && self.full_level <= seen && self.level - seen < self.min_inc {
                // Rule 13: not reopened.
            } else if most <= self.level {
                // Rule 14: nobody could call a raise.
            } else {
                let all_in = bet + stack;
                match self.structure {
                    Structure::NoLimit => {
                        self.raise = Some(((self.level + self.min_inc).min(all_in), all_in));
                    }
                    Structure::FixedLimit => {
                        if self.active < 3 && self.raises < self.cap {
                            self.cap = self.round_cap();
                        }
                        if self.raises < self.cap {
                            let mut target = self.full_level + self.min_inc;
                            if target <= self.level {
                                target = self.level + self.min_inc;
                            }
                            let target = target.min(all_in);
                            self.raise = Some((target, target));
                        }
                    }
                }
            }
            self.owe = owe;
            return;
        }
        self.actor = None;
        self.close_round();
    }

    fn turn(&self, seat: usize) -> Option<()> {
        (self.actor == Some(seat) && !self.over).then_some(())
    }

    pub(crate) fn fold(&mut self, seat: usize) -> Option<()> {
        self.turn(seat)?;
        self.folded[seat] = true;
        self.reach[seat] = 0;
        self.live -= 1;
        self.active -= 1;
        self.events.push(Event::Fold(seat));
        if self.live == 1 {
            self.actor = None;
            self.return_uncalled();
            self.over = true;
            self.uncontested = true;
        } else {
            self.advance();
        }
        Some(())
    }

    pub(crate) fn check_or_call(&mut self, seat: usize) -> Option<()> {
        self.turn(seat)?;
        let owe = self.owe;
        self.faced[seat] = self.level;
        if owe > 0 {
            let left = self.stacks[seat] - owe;
            self.stacks[seat] = left;
            self.bets[seat] += owe;
            self.contributions[seat] += owe;
            if left == 0 {
                self.active -= 1;
            }
            self.events.push(Event::Call {
                seat,
                amount: owe,
                all_in: left == 0,
            });
        } else {
            self.events.push(Event::Check(seat));
        }
        self.advance();
        Some(())
    }

    pub(crate) fn raise_to(&mut self, seat: usize, total: i64) -> Option<()> {
        self.turn(seat)?;
        let (low, high) = self.raise?;
        if total < low || total > high {
            return None;
        }
        let added = total - self.bets[seat];
        let left = self.stacks[seat] - added;
        self.stacks[seat] = left;
        self.bets[seat] = total;
        self.contributions[seat] += added;
        let level = self.level;
        let full = match self.structure {
            Structure::FixedLimit => {
                let full = total >= self.full_level + self.min_inc
                    || 2 * (total - self.full_level) >= self.min_inc;
                if full {
                    self.raises += 1;
                }
                full
            }
            Structure::NoLimit => {
                let full = total - level >= self.min_inc;
                if full {
                    self.min_inc = total - level;
                }
                full
            }
        };
        if full {
            self.full_level = total;
        }
        self.level = total;
        self.faced[seat] = total;
        self.aggressor = Some(seat);
        if left == 0 {
            self.active -= 1;
        }
        let all_in = left == 0;
        self.events.push(if level == 0 {
            Event::Bet {
                seat,
                to: total,
                amount: added,
                all_in,
            }
        } else {
            Event::Raise {
                seat,
                to: total,
                amount: added,
                all_in,
            }
        });
        self.advance();
        Some(())
    }

    /// What nobody matched of the one largest bet goes back to its bettor.
    fn return_uncalled(&mut self) {
        let top = self.bets.iter().copied().max().unwrap_or(0);
        if top == 0 || self.bets.iter().filter(|&&b| b == top).count() > 1 {
            return;
        }
        let Some(seat) = self.bets.iter().position(|&b| b == top) else {
            return;
        };
        let second = (0..self.n)
            .filter(|&s| s != seat)
            .map(|s| self.bets[s])
            .max()
            .unwrap_or(0);
        let back = top - second;
        self.bets[seat] = second;
        self.contributions[seat] -= back;
        if self.stacks[seat] == 0 && !self.folded[seat] {
            self.active += 1;
        }
        self.stacks[seat] += back;
        self.returned[seat] += back;
        self.events.push(Event::Return { seat, amount: back });
    }

    /// The round is over: the next street dealt and opened (passing over streets where
    /// fewer than two players can bet), else the showdown.
    fn close_round(&mut self) {
        self.return_uncalled();
        let mut index = self.street;
        while index < 3 {
            index += 1;
            let end = BOARD_AT[index];
            if end > self.board {
                self.events.push(Event::Board {
                    street: index as u8,
                    from: self.board,
                    to: end,
                });
                self.board = end;
            }
            if self.active >= 2 {
                self.street = index;
                self.open_round(index);
                return;
            }
        }
        self.bets.fill(0);
        if self.street != 3 {
            self.aggressor = None; // nobody bet on the last street: they were all-in
        }
        self.street = 4;
        self.over = true;
    }

    fn open_round(&mut self, index: usize) {
        for s in 0..self.n {
            self.reach[s] = if self.folded[s] { 0 } else { self.stacks[s] };
            self.bets[s] = 0;
            self.faced[s] = -1;
        }
        self.level = 0;
        self.full_level = 0;
        self.raises = 0;
        self.min_inc = self.street_min_inc[index];
        self.aggressor = None;
        self.cap = self.round_cap();
        self.actor = Some(self.button);
        self.advance();
    }

    /// Whether the hand's betting is over.
    pub(crate) fn is_over(&self) -> bool {
        self.over
    }

    /// The board cards the hand has dealt.
    pub(crate) fn board_dealt(&self) -> usize {
        self.board
    }

    /// Main pot first, then side pots (`pokerforge.game.pots.build_pots`).
    fn build_pots(&self) -> Vec<(i64, Vec<usize>)> {
        let live: Vec<usize> = (0..self.n).filter(|&s| !self.folded[s]).collect();
        let c = &self.contributions;
        let total: i64 = c.iter().sum();
        let mut level = 0i64; // the live seats' one non-zero contribution, -1 if several
        for &s in &live {
            if c[s] != 0 && c[s] != level {
                level = if level == 0 { c[s] } else { -1 };
            }
        }
        if level > 0 || live.len() == 1 {
            return if total > 0 || level > 0 {
                vec![(total, live)]
            } else {
                Vec::new()
            };
        }
        let mut levels: Vec<i64> = live.iter().map(|&s| c[s]).filter(|&x| x > 0).collect();
        levels.sort_unstable();
        levels.dedup();
        let mut pots: Vec<(i64, Vec<usize>)> = Vec::new();
        let mut previous = 0;
        for &top in &levels {
            let amount: i64 = c
                .iter()
                .filter(|&&x| x > previous)
                .map(|&x| x.min(top) - previous)
                .sum();
            pots.push((
                amount,
                live.iter().copied().filter(|&s| c[s] >= top).collect(),
            ));
            previous = top;
        }
        let rest: i64 = c
            .iter()
            .filter(|&&x| x > previous)
            .map(|&x| x - previous)
            .sum();
        match pots.last_mut() {
            Some(last) => last.0 += rest,
            None if rest > 0 => pots.push((rest, live)),
            None => {}
        }
        pots
    }

    /// The pots less the rake the record leaves (what they held beyond its winnings,
    /// taken from the main pot first).
    fn take_rake(&self, winnings: &[i64]) -> (Vec<Pot>, i64) {
        let pots = self.build_pots();
        let total: i64 = pots.iter().map(|p| p.0).sum();
        let mut left = (total - winnings.iter().sum::<i64>()).max(0);
        let due = left;
        let out = pots
            .into_iter()
            .map(|(amount, eligible)| {
                let taken = amount.min(left);
                left -= taken;
                Pot {
                    amount: amount - taken,
                    eligible,
                }
            })
            .collect();
        (out, due - left)
    }

    fn ended(self, pots: Vec<Pot>, rake: i64, payouts: Vec<i64>, known: bool) -> Ended {
        Ended {
            showdown: self.street == 4,
            contested_known: false,
            uncontested: self.uncontested,
            events: self.events,
            payouts,
            contributions: self.contributions,
            folded: self.folded,
            rake,
            known,
            pots,
            returned: self.returned,
        }
    }

    /// The pots paid as the record says (a showdown the replay cannot decide, or one
    /// the room paid its own way): each seat still in its recorded winnings, unless they
    /// add up to more than the pots hold (the result then unknown).
    pub(crate) fn finish_as_recorded(self, winnings: &[i64]) -> Option<Ended> {
        if !self.over || self.uncontested {
            return None;
        }
        let (pots, rake) = self.take_rake(winnings);
        let held: i64 = pots.iter().map(|p| p.amount).sum();
        let mut payouts = vec![0; self.n];
        let known = winnings.iter().sum::<i64>() <= held;
        if known {
            for s in 0..self.n {
                if !self.folded[s] {
                    payouts[s] = winnings[s];
                }
            }
        }
        Some(self.ended(pots, rake, payouts, known))
    }

    /// The hand ended and its pots paid: to the one player left, by the rules' showdown
    /// where every hand in it is known, else as the record says.
    pub(crate) fn finish(
        self,
        board: &[u8],
        holes: &[Option<[u8; 2]>],
        winnings: &[i64],
    ) -> Option<Ended> {
        if !self.over {
            return None;
        }
        if self.uncontested {
            let winner = self.folded.iter().position(|f| !f)?;
            let (pots, rake) = self.take_rake(winnings);
            let mut payouts = vec![0; self.n];
            payouts[winner] = pots.iter().map(|p| p.amount).sum();
            return Some(self.ended(pots, rake, payouts, true));
        }
        let live: Vec<usize> = (0..self.n).filter(|&s| !self.folded[s]).collect();
        if live.iter().any(|&s| holes[s].is_none()) {
            return self.finish_as_recorded(winnings);
        }
        let shown = CardSet::from_indices(&board[..self.board]).ok()?;
        let mut ranks = vec![None; self.n];
        for &s in &live {
            let hole = CardSet::from_indices(&holes[s]?).ok()?;
            ranks[s] = Some(evaluate(shown.try_union(hole).ok()?).ok()?);
        }
        let (pots, rake) = self.take_rake(winnings);
        // Rules 22, 26: the last to bet or raise on the last street shows first (else the
        // first live seat left of the button); odd chips from the button's left.
        let first = self
            .aggressor
            .or_else(|| self.order(self.button).find(|&s| !self.folded[s]))?;
        let show_order: Vec<usize> = self
            .order((first + self.n - 1) % self.n)
            .filter(|&s| !self.folded[s])
            .collect();
        let odd_order: Vec<usize> = self.order(self.button).collect();
        let face_up = show_order.iter().any(|&s| self.stacks[s] == 0);
        let mut payouts = vec![0; self.n];
        let mucked = showdown(
            &pots,
            &ranks,
            &show_order,
            &odd_order,
            face_up,
            &mut payouts,
        );
        let mut b = self;
        for &s in &show_order {
            b.events.push(if mucked.contains(&s) {
                Event::Muck(s)
            } else {
                Event::Show(s)
            });
        }
        let mut ended = b.ended(pots, rake, payouts, true);
        ended.contested_known = true;
        Some(ended)
    }
}

/// Who shows and who mucks (a hand that can win or tie no pot against those shown before
/// it, unless every hand is shown), and every pot split between its best shown hands, the
/// odd chips in `odd_order` (`pokerforge.game.showdown.resolve`); returns the mucked.
fn showdown<R: Ord + Copy>(
    pots: &[Pot],
    ranks: &[Option<R>],
    show_order: &[usize],
    odd_order: &[usize],
    face_up: bool,
    payouts: &mut [i64],
) -> Vec<usize> {
    let mut mucked = Vec::new();
    let mut shown = 0;
    if pots.len() == 1 {
        let mut best: Option<R> = None;
        for &s in show_order {
            let r = ranks[s];
            if r > best {
                best = r;
            } else if r != best && !face_up {
                mucked.push(s);
            }
        }
    } else {
        let mut bests: Vec<Option<R>> = vec![None; pots.len()];
        for &s in show_order {
            let r = ranks[s];
            let beaten = !pots
                .iter()
                .zip(&bests)
                .any(|(pot, &b)| pot.eligible.contains(&s) && r >= b);
            if !face_up && shown > 0 && beaten {
                mucked.push(s);
                continue;
            }
            shown += 1;
            for (pot, b) in pots.iter().zip(bests.iter_mut()) {
                if pot.eligible.contains(&s) && r > *b {
                    *b = r;
                }
            }
        }
    }
    for pot in pots {
        let contenders: Vec<usize> = odd_order
            .iter()
            .copied()
            .filter(|s| pot.eligible.contains(s) && ranks[*s].is_some() && !mucked.contains(s))
            .collect();
        if contenders.is_empty() || pot.amount == 0 {
            continue;
        }
        let top = contenders.iter().map(|&s| ranks[s]).max().flatten();
        let winners: Vec<usize> = contenders
            .into_iter()
            .filter(|&s| ranks[s] == top)
            .collect();
        let k = winners.len() as i64;
        let (each, odd) = (pot.amount / k, pot.amount % k);
        for (j, &s) in winners.iter().enumerate() {
            payouts[s] += each + i64::from((j as i64) < odd);
        }
    }
    mucked
}
