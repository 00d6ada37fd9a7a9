//! Writing one observation: the public state of a hand plus one seat's private cards,
//! into the flat layout of [`ObsLayout`].

use crate::card_set::CardSet;
use crate::error::{Error, Result};
use crate::obs::actions::Legal;
use crate::obs::layout::{ObsLayout, MAX_DRAWS, SEAT_FIELDS};
use crate::obs::log::HandLog;
use crate::obs::{check_chips, MAX_POT};
use crate::MAX_PLAYERS;

/// The public state of a hand at one moment, as the game layer reports it.
#[derive(Debug, Clone, Copy)]
pub struct TableState<'a> {
    /// The street: its index among the game's streets, their count when the hand is over.
    pub street: usize,
    /// The board cards turned up.
    pub board: CardSet,
    /// Chips behind per seat (not counting the bet on this street).
    pub stacks: &'a [i64],
    /// Bets on this street per seat.
    pub bets: &'a [i64],
    /// Whether each seat has folded.
    pub folded: &'a [bool],
    /// All chips in the middle: the pots plus this street's bets.
    pub total_pot: i64,
    /// The seat to bet, if any.
    pub actor: Option<usize>,
    /// The actor's legal actions (ignored when there is no actor).
    pub legal: Legal,
    /// Each seat's cards dealt face down so far, where they change after the deal
    /// ([`crate::obs::Shape::cards_change`]); empty: the hole cards the log started with.
    pub holes: &'a [CardSet],
    /// Each seat's up cards (empty in a game without them).
    pub up: &'a [CardSet],
    /// Each seat's draws: per drawing round the cards it drew, -1 before it has drawn
    /// (empty in a game without draws).
    pub draws: &'a [[i8; MAX_DRAWS]],
    /// The seat to draw, if any (then nobody is to bet).
    pub drawing: Option<usize>,
}

impl TableState<'_> {
    /// The cards `seat` holds face down: its hole cards as the log started them, or as
    /// `holes` gives them now.
    fn own(&self, log: &HandLog, seat: usize) -> CardSet {
        self.holes
            .get(seat)
            .copied()
            .unwrap_or_else(|| log.hole(seat))
    }
}

impl ObsLayout {
    /// Writes the observation of `seat` into `obs` (the layout's size), the discrete
    /// actions' mask into `mask` and their exact chip amounts into `amounts` (both the
    /// action set's length). When `seat` is not the one to act, every legal slot, the mask
    /// and the amounts are 0.
    ///
    /// # Errors
    /// [`Error::InvalidSetting`] when a buffer has the wrong length, the per-seat lists do
    /// not match the hand's seat count, the table has more seats than the layout, the
    /// street is above 4 or a seat is off the table; [`Error::ChipLimit`] for a stack, bet
    /// or legal amount below 0 or above [`crate::obs::MAX_CHIPS`], or chips in the middle
    /// below 0 or above [`MAX_POT`] (so that no sum the encoder forms can wrap). Nothing
    /// is written then.
    pub fn encode(
        &self,
        log: &HandLog,
        state: &TableState<'_>,
        seat: usize,
        obs: &mut [f32],
        mask: &mut [u8],
        amounts: &mut [i64],
    ) -> Result<()> {
        self.check(log, state, seat, obs, mask, amounts)?;
        self.encode_checked(log, state, seat, obs, mask, amounts);
        Ok(())
    }

    /// [`ObsLayout::encode`] for a state and seat that [`ObsLayout::check_state`] has
    /// accepted, into buffers of the right lengths, without checking them again: for a
    /// caller that checks many tables before writing any.
    ///
    /// # Panics
    /// When a buffer is shorter than [`ObsLayout::encode`] requires, or the state was not
    /// checked and holds fewer seats than the hand.
    pub fn encode_checked(
        &self,
        log: &HandLog,
        state: &TableState<'_>,
        seat: usize,
        obs: &mut [f32],
        mask: &mut [u8],
        amounts: &mut [i64],
    ) {
        let n = log.seats();
        let bb = log.big_blind() as f32;
        let (deck, first) = (self.shape.deck, self.shape.first_card());
        obs.fill(0.0);
        let mut plane = |at: usize, cards: CardSet| {
            let mut bits = cards.mask() >> first;
            while bits != 0 {
                obs[at + bits.trailing_zeros() as usize] = 1.0;
                bits &= bits - 1;
            }
        };
        plane(0, state.own(log, seat));
        if self.shape.board {
            plane(self.board, state.board);
        }
        if self.shape.up {
            // Up cards by seat clockwise from `seat`.
            for (k, &cards) in state.up[seat..].iter().chain(&state.up[..seat]).enumerate() {
                plane(self.up + k * deck, cards);
            }
        }
        obs[self.street + state.street] = 1.0;
        obs[self.position + (seat + n - log.button()) % n] = 1.0;
        let mut street_bets = 0;
        let seat_fields = SEAT_FIELDS.len();
        let blocks =
            obs[self.seat_block..self.seat_block + n * seat_fields].chunks_exact_mut(seat_fields);
        // Seats clockwise from `seat` (one block each), without a division per seat.
        let order = (seat..n).chain(0..seat);
        for (block, s) in blocks.zip(order) {
            let folded = state.folded[s];
            let stack = state.stacks[s];
            let bet = state.bets[s];
            block[0] = 1.0;
            block[1] = stack as f32 / bb;
            block[2] = bet as f32 / bb;
            block[3] = f32::from(u8::from(folded));
            block[4] = f32::from(u8::from(!folded && stack == 0));
            block[5] = f32::from(u8::from(log.acted(state.street, s)));
            street_bets += bet;
        }
        if self.shape.draws > 0 {
            self.encode_draws(state, seat, n, obs);
        }
        obs[self.pot] = (state.total_pot - street_bets) as f32 / bb;
        obs[self.pot + 1] = street_bets as f32 / bb;
        mask.fill(0);
        amounts.fill(0);
        let streets = self.shape.streets.len();
        let a = self.actions.len();
        if state.drawing == Some(seat) && state.street < streets {
            // Every set of its cards may be thrown (none: standing pat).
            obs[self.legal] = 1.0;
            mask[a..].fill(1);
            obs[self.mask + a..self.amount].fill(1.0);
        }
        if state.actor == Some(seat) && state.street < streets {
            let legal = &state.legal;
            let at = self.legal;
            obs[at] = 1.0;
            obs[at + 1] = f32::from(u8::from(legal.fold));
            obs[at + 2] = f32::from(u8::from(legal.check));
            obs[at + 3] = f32::from(u8::from(legal.call > 0));
            obs[at + 4] = legal.call as f32 / bb;
            if let (Some(lo), Some(hi)) = (legal.min_raise_to, legal.max_raise_to) {
                obs[at + 5] = 1.0;
                obs[at + 6] = lo as f32 / bb;
                obs[at + 7] = hi as f32 / bb;
            }
            let level = state.bets[seat] + legal.call;
            let (mask, amounts) = (&mut mask[..a], &mut amounts[..a]);
            self.actions
                .resolve(legal, level, state.total_pot, log.unit(), mask, amounts);
            if self.fixed_limit {
                let ends = [legal.min_raise_to, legal.max_raise_to];
                let raises = self.actions.actions().iter().map(|a| a.is_raise());
                for ((m, chips), raise) in mask.iter_mut().zip(amounts.iter_mut()).zip(raises) {
                    if raise && !ends.contains(&Some(*chips)) {
                        (*m, *chips) = (0, 0);
                    }
                }
            }
            for (i, (&m, &chips)) in mask.iter().zip(amounts.iter()).enumerate() {
                obs[self.mask + i] = f32::from(m);
                obs[self.amount + i] = chips as f32 / bb;
            }
        }
        self.encode_history(log, seat, n, bb, obs);
    }

    fn encode_history(&self, log: &HandLog, seat: usize, n: usize, bb: f32, obs: &mut [f32]) {
        let width = self.entry_size();
        let entries = obs[self.hist..self.hist + self.history * width].chunks_exact_mut(width);
        for (entry, e) in entries.zip(log.entries().iter().rev()) {
            // The acting seat counted clockwise from `seat` (both below `n`).
            let ahead = usize::from(e.seat) + n - seat;
            let ahead = if ahead >= n { ahead - n } else { ahead };
            entry[0] = 1.0;
            entry[1 + ahead] = 1.0;
            let kinds = &mut entry[1 + self.seats..];
            kinds[e.kind as usize] = 1.0;
            kinds[4] = f32::from(u8::from(e.all_in));
            kinds[5 + usize::from(e.street)] = 1.0;
            kinds[5 + self.shape.streets.len()] = e.amount as f32 / bb;
        }
    }

    /// The `draws` section: whether `seat` is to draw, then each seat's draws clockwise
    /// from it.
    fn encode_draws(&self, state: &TableState<'_>, seat: usize, n: usize, obs: &mut [f32]) {
        let rounds = self.shape.draws;
        obs[self.draws] = f32::from(u8::from(state.drawing == Some(seat)));
        let order = (seat..n).chain(0..seat);
        for (k, s) in order.enumerate() {
            let Some(draws) = state.draws.get(s) else {
                continue;
            };
            let at = self.draws + 1 + 2 * rounds * k;
            for (r, &cards) in draws[..rounds].iter().enumerate() {
                if cards >= 0 {
                    obs[at + 2 * r] = 1.0;
                    obs[at + 2 * r + 1] = f32::from(cards);
                }
            }
        }
    }

    /// Checks that [`ObsLayout::encode`] would accept this state for `seat` (buffers
    /// aside), without writing: so that a caller encoding many tables can refuse a bad one
    /// before any is written.
    ///
    /// # Errors
    /// [`Error::InvalidSetting`] as for [`ObsLayout::encode`].
    pub fn check_state(&self, log: &HandLog, state: &TableState<'_>, seat: usize) -> Result<()> {
        let n = log.seats();
        let bad = |name, value: usize, expected| {
            Err(Error::InvalidSetting {
                name,
                value: value.to_string(),
                expected,
            })
        };
        if n > self.seats {
            return bad("seats", n, "at most the layout's seat count");
        }
        if seat >= n {
            return bad("seat", seat, "a seat of the table");
        }
        if state.street > self.shape.streets.len() {
            return bad("street", state.street, "a street of the game, or over");
        }
        if state.drawing.is_some_and(|s| s >= n) {
            return bad("drawing", seat, "a seat of the table");
        }
        for (name, len) in [
            ("stacks", state.stacks.len()),
            ("bets", state.bets.len()),
            ("folded", state.folded.len()),
        ] {
            if len != n {
                return bad(name, len, "one entry per seat");
            }
        }
        // The games' own lists: one per seat where the game has them, else none (the
        // cards held now may also be left to the log's hole cards).
        if !state.holes.is_empty() && state.holes.len() != n {
            return bad("holes", state.holes.len(), "one entry per seat, or none");
        }
        for (name, len, kept) in [
            ("up", state.up.len(), self.shape.up),
            ("draws", state.draws.len(), self.shape.draws > 0),
        ] {
            if len != if kept { n } else { 0 } {
                return bad(
                    name,
                    len,
                    "one entry per seat where the game has them, else none",
                );
            }
        }
        debug_assert!(n <= MAX_PLAYERS);
        // Every count within the limit: then each sum below (ten bets, the pot beside
        // them, a bet plus a call) stays far inside 64 bits.
        for (&stack, &bet) in state.stacks.iter().zip(state.bets) {
            check_chips("stack", stack)?;
            check_chips("bet", bet)?;
        }
        let legal = &state.legal;
        check_chips("call", legal.call)?;
        for (name, amount) in [
            ("min_raise_to", legal.min_raise_to),
            ("max_raise_to", legal.max_raise_to),
        ] {
            if let Some(amount) = amount {
                check_chips(name, amount)?;
            }
        }
        if !(0..=MAX_POT).contains(&state.total_pot) {
            return Err(Error::ChipLimit {
                name: "pot",
                value: state.total_pot,
                max: "90071992547409920 (10 * 2**53)",
            });
        }
        Ok(())
    }

    fn check(
        &self,
        log: &HandLog,
        state: &TableState<'_>,
        seat: usize,
        obs: &[f32],
        mask: &[u8],
        amounts: &[i64],
    ) -> Result<()> {
        self.check_state(log, state, seat)?;
        let bad = |name, value: usize, expected| {
            Err(Error::InvalidSetting {
                name,
                value: value.to_string(),
                expected,
            })
        };
        if obs.len() != self.size {
            return bad("observation length", obs.len(), "the layout's size");
        }
        let a = self.width();
        if mask.len() != a || amounts.len() != a {
            return bad("action buffer length", mask.len(), "the action set's size");
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::obs::actions::ActionSet;
    use crate::obs::log::{act, ActionKind};

    fn slot(layout: &ObsLayout, obs: &[f32], name: &str) -> f32 {
        let names = layout.slot_names();
        let i = names.iter().position(|n| n == name).expect(name);
        obs[i]
    }

    #[test]
    fn three_handed_flop() {
        // Blinds 1/2, button seat 0. Pre-flop: seat 0 raises to 6, seat 1 folds, seat 2
        // calls 4. On the flop seat 2 checks; seat 0 is to act with 94 behind.
        let holes = ["AhKh", "2c2d", "7s8s"]
            .map(|t| t.parse().unwrap())
            .to_vec();
        let mut log = HandLog::new(0, 2, 1, vec![100, 100, 100], holes).unwrap();
        log.push(act(0, ActionKind::Raise, 0, 6)).unwrap();
        log.push(act(1, ActionKind::Fold, 0, 0)).unwrap();
        log.push(act(2, ActionKind::Call, 0, 4)).unwrap();
        log.push(act(2, ActionKind::Check, 1, 0)).unwrap();
        let layout = ObsLayout::new(4, 3, ActionSet::standard()).unwrap();
        let state = TableState {
            street: 1,
            board: "Qs7d2h".parse().unwrap(),
            stacks: &[94, 99, 94],
            bets: &[0, 0, 0],
            folded: &[false, true, false],
            total_pot: 13,
            actor: Some(0),
            legal: Legal {
                fold: false,
                check: true,
                call: 0,
                min_raise_to: Some(2),
                max_raise_to: Some(94),
            },
            holes: &[],
            up: &[],
            draws: &[],
            drawing: None,
        };
        let mut obs = vec![7.0; layout.size()];
        let mut mask = vec![7; 6];
        let mut amounts = vec![7; 6];
        layout
            .encode(&log, &state, 0, &mut obs, &mut mask, &mut amounts)
            .unwrap();
        let s = |name: &str| slot(&layout, &obs, name);
        assert_eq!((s("hole:Ah"), s("hole:Kh"), s("hole:2c")), (1.0, 1.0, 0.0));
        assert_eq!((s("board:Qs"), s("board:Ah")), (1.0, 0.0));
        assert_eq!((s("street:flop"), s("street:preflop")), (1.0, 0.0));
        assert_eq!((s("position:0"), s("position:1")), (1.0, 0.0));
        assert_eq!(
            (s("seat+0:stack"), s("seat+1:folded"), s("seat+2:acted")),
            (47.0, 1.0, 1.0)
        );
        assert_eq!(
            (s("seat+0:acted"), s("seat+3:present"), s("seat+2:present")),
            (0.0, 0.0, 1.0)
        );
        assert_eq!((s("pot"), s("bets")), (6.5, 0.0));
        assert_eq!(
            (s("legal:to_act"), s("legal:check"), s("legal:fold")),
            (1.0, 1.0, 0.0)
        );
        assert_eq!(
            (s("legal:min_raise_to"), s("legal:max_raise_to")),
            (1.0, 47.0)
        );
        assert_eq!(mask, [0, 1, 1, 1, 1, 1]);
        // Half pot: 6 chips; pot: 13.
        assert_eq!(amounts, [0, 0, 2, 6, 13, 94]);
        assert_eq!(s("action:0.5pot:amount"), 3.0);
        assert_eq!(s("history[0]:kind:check"), 1.0);
        assert_eq!(s("history[0]:seat+2"), 1.0);
        assert_eq!(s("history[0]:street:flop"), 1.0);
        assert_eq!(
            (s("history[1]:kind:call"), s("history[1]:amount")),
            (1.0, 2.0)
        );
        // Three entries kept: the pre-flop raise has dropped out.
        assert_eq!(
            (s("history[2]:kind:fold"), s("history[2]:seat+1")),
            (1.0, 1.0)
        );

        // Seat 2's view: its cards, its position, no legal actions.
        layout
            .encode(&log, &state, 2, &mut obs, &mut mask, &mut amounts)
            .unwrap();
        let s = |name: &str| slot(&layout, &obs, name);
        assert_eq!((s("hole:7s"), s("hole:Ah")), (1.0, 0.0));
        assert_eq!((s("position:2"), s("legal:to_act")), (1.0, 0.0));
        assert_eq!((s("seat+1:stack"), s("seat+2:folded")), (47.0, 1.0));
        assert_eq!(s("history[0]:seat+0"), 1.0);
        assert_eq!(mask, [0; 6]);
    }

    #[test]
    fn stud_up_cards_by_seat_and_draws_from_the_row() {
        use crate::obs::layout::Shape;
        use crate::variant::Variant;
        let layout_of = |name: &str, seats| {
            let v = Variant::named(name).unwrap();
            let shape = Shape::of(v, usize::from(v.hole_cards[0])).unwrap();
            ObsLayout::for_game(shape, seats, 1, ActionSet::standard()).unwrap()
        };
        // Razz, third street: seat 1 brings it in; seat 2 observes.
        let layout = layout_of("razz", 3);
        let holes = ["AhKh", "2c2d", "7s8s"]
            .map(|t| t.parse().unwrap())
            .to_vec();
        let mut log = HandLog::new(0, 2, 1, vec![50, 50, 50], holes.clone()).unwrap();
        log.push(act(1, ActionKind::Raise, 0, 1)).unwrap();
        let up: Vec<CardSet> = ["Qs", "3h", "9d"].map(|t| t.parse().unwrap()).to_vec();
        let state = TableState {
            street: 0,
            board: CardSet::EMPTY,
            stacks: &[49, 48, 49],
            bets: &[0, 1, 0],
            folded: &[false; 3],
            total_pot: 4,
            actor: Some(2),
            legal: Legal {
                fold: true,
                check: false,
                call: 1,
                min_raise_to: Some(2),
                max_raise_to: Some(2),
            },
            holes: &holes,
            up: &up,
            draws: &[],
            drawing: None,
        };
        let mut obs = vec![7.0; layout.size()];
        let (mut mask, mut amounts) = (vec![7; 6], vec![7; 6]);
        layout
            .encode(&log, &state, 2, &mut obs, &mut mask, &mut amounts)
            .unwrap();
        let s = |name: &str| slot(&layout, &obs, name);
        assert_eq!((s("hole:7s"), s("hole:Ah")), (1.0, 0.0));
        assert_eq!(
            (s("up:seat+0:9d"), s("up:seat+1:Qs"), s("up:seat+2:3h")),
            (1.0, 1.0, 1.0)
        );
        assert_eq!(s("street:third street"), 1.0);
        assert_eq!(
            (s("history[0]:kind:raise"), s("history[0]:seat+2")),
            (1.0, 1.0)
        );
        assert_eq!(mask, [1, 1, 1, 0, 0, 0]);

        // Triple draw, first draw: seat 0 stood pat, seat 1 drew two, seat 2 is to draw.
        let layout = layout_of("2-7-triple-draw", 3);
        let holes: Vec<CardSet> = ["2c3d4h7s9c", "5c5d6h8sTc", "2d3h4s8cJd"]
            .map(|t| t.parse().unwrap())
            .to_vec();
        let log = HandLog::new(0, 2, 1, vec![50, 50, 50], holes.clone()).unwrap();
        let draws = [[0, -1, -1, -1], [2, -1, -1, -1], [-1; 4]];
        let state = TableState {
            street: 1,
            actor: None,
            legal: Legal::default(),
            bets: &[0; 3],
            up: &[],
            draws: &draws,
            drawing: Some(2),
            ..state
        };
        let (mut mask, mut amounts) = (vec![7; 6 + 32], vec![7; 6 + 32]);
        let mut obs = vec![7.0; layout.size()];
        layout
            .encode(&log, &state, 2, &mut obs, &mut mask, &mut amounts)
            .unwrap();
        let s = |name: &str| slot(&layout, &obs, name);
        assert_eq!((s("draws:to_draw"), s("legal:to_act")), (1.0, 1.0));
        assert_eq!(s("draws:seat+0:round1:drawn"), 0.0);
        assert_eq!(
            (
                s("draws:seat+1:round1:drawn"),
                s("draws:seat+1:round1:cards")
            ),
            (1.0, 0.0)
        );
        assert_eq!(s("draws:seat+2:round1:cards"), 2.0);
        assert_eq!(s("street:first draw"), 1.0);
        assert_eq!(&mask[..6], &[0; 6]);
        assert!(mask[6..].iter().all(|&m| m == 1));
        assert_eq!(s("action:draw:00000:legal"), 1.0);
        // Seat 0 sees nothing to draw and no legal action.
        layout
            .encode(&log, &state, 0, &mut obs, &mut mask, &mut amounts)
            .unwrap();
        assert!(mask.iter().all(|&m| m == 0));
        // A list of the wrong length is refused.
        let short = TableState {
            draws: &draws[..2],
            ..state
        };
        assert!(layout
            .encode(&log, &short, 0, &mut obs, &mut mask, &mut amounts)
            .is_err());
    }

    #[test]
    fn bad_input_writes_nothing() {
        let holes = ["AhKh", "2c2d"].map(|t| t.parse().unwrap()).to_vec();
        let log = HandLog::new(0, 2, 1, vec![100, 100], holes).unwrap();
        let layout = ObsLayout::new(2, 0, ActionSet::standard()).unwrap();
        let state = TableState {
            street: 0,
            board: CardSet::EMPTY,
            stacks: &[99, 98],
            bets: &[1, 2],
            folded: &[false, false],
            total_pot: 3,
            actor: Some(0),
            legal: Legal::default(),
            holes: &[],
            up: &[],
            draws: &[],
            drawing: None,
        };
        let mut obs = vec![7.0; layout.size()];
        let (mut mask, mut amounts) = (vec![7; 6], vec![7; 6]);
        assert!(layout
            .encode(&log, &state, 2, &mut obs, &mut mask, &mut amounts)
            .is_err());
        let short = TableState {
            stacks: &[99],
            ..state
        };
        assert!(layout
            .encode(&log, &short, 0, &mut obs, &mut mask, &mut amounts)
            .is_err());
        assert!(obs.iter().all(|&x| x == 7.0));
        let small = ObsLayout::new(2, 0, ActionSet::standard()).unwrap();
        let mut wrong = vec![0.0; small.size() + 1];
        assert!(small
            .encode(&log, &state, 0, &mut wrong, &mut mask, &mut amounts)
            .is_err());
    }

    #[test]
    fn counts_past_the_chip_limit_are_refused_and_those_within_are_exact() {
        use crate::obs::MAX_CHIPS;
        let holes = ["AhKh", "2c2d"].map(|t| t.parse().unwrap()).to_vec();
        let log = HandLog::new(0, 2, 1, vec![MAX_CHIPS, MAX_CHIPS], holes).unwrap();
        let layout = ObsLayout::new(2, 0, ActionSet::standard()).unwrap();
        let legal = Legal {
            fold: true,
            check: false,
            call: 1,
            min_raise_to: Some(4),
            max_raise_to: Some(MAX_CHIPS),
        };
        let state = TableState {
            street: 0,
            board: CardSet::EMPTY,
            stacks: &[MAX_CHIPS - 1, MAX_CHIPS - 2],
            bets: &[1, 2],
            folded: &[false, false],
            total_pot: 3,
            actor: Some(0),
            legal,
            holes: &[],
            up: &[],
            draws: &[],
            drawing: None,
        };
        let mut obs = vec![7.0; layout.size()];
        let (mut mask, mut amounts) = (vec![7; 6], vec![7; 6]);
        layout
            .encode(&log, &state, 0, &mut obs, &mut mask, &mut amounts)
            .unwrap();
        // Half the pot comes to the minimum raise's 4: masked as its repeat.
        assert_eq!(amounts, [0, 1, 4, 0, 6, MAX_CHIPS]);
        let huge = i64::MAX;
        let legal_with = |call, lo, hi| Legal {
            call,
            min_raise_to: lo,
            max_raise_to: hi,
            ..legal
        };
        for bad in [
            TableState {
                stacks: &[huge, 1],
                ..state
            },
            TableState {
                bets: &[1, -1],
                ..state
            },
            TableState {
                bets: &[huge, huge],
                ..state
            },
            TableState {
                total_pot: -1,
                ..state
            },
            TableState {
                total_pot: MAX_POT + 1,
                ..state
            },
            TableState {
                legal: legal_with(huge, Some(4), Some(8)),
                ..state
            },
            TableState {
                legal: legal_with(1, Some(-4), Some(8)),
                ..state
            },
            TableState {
                legal: legal_with(1, Some(4), Some(MAX_CHIPS + 1)),
                ..state
            },
        ] {
            obs.fill(7.0);
            let err = layout
                .encode(&log, &bad, 0, &mut obs, &mut mask, &mut amounts)
                .unwrap_err();
            assert!(matches!(err, Error::ChipLimit { .. }), "{err}");
            assert!(obs.iter().all(|&x| x == 7.0));
        }
    }
}
