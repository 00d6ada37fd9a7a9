//! The observation layout: which slot of the flat `f32` vector holds what.
//!
//! # Layout (version 2)
//! The sections a game's observation holds come from its row of the variant table
//! ([`Shape::of`]): the deck's size sizes every card plane, the streets name the street
//! slots and the history's, up cards add a plane per seat, the board a plane, drawing
//! rounds a block per seat and one discrete action per set of cards to throw. A section
//! the game does not use has no slots. Hold'em's layout is version 1's, slot for slot.
//!
//! `S` is the layout's seat count, `A` the number of betting actions, `D` the draw actions
//! (`2^k` for a draw game of `k` cards, else 0), `C` the deck's cards (52, or 36 for the
//! short deck: a plane's slot `i` is the card of index `52 - C + i`), `T` the game's
//! streets, `R` its drawing rounds, `H` the history length. Seats are numbered relative to
//! the observing seat: `seat+0` is the observer, `seat+1` the next seat clockwise, and so
//! on. Chips are in big blinds.
//!
//! | section | length | contents |
//! |---|---|---|
//! | `hole` | C | 1 for each of the observer's own cards dealt face down (card index `4 * rank + suit`) |
//! | `up` | C S (games dealing up cards) | per relative seat, 1 for each of its up cards |
//! | `board` | C (games with a board, or whose deck may run short: a common card) | 1 for each board card turned up |
//! | `street` | T + 1 | one-hot: the row's streets in order, then over |
//! | `position` | S | one-hot: seats clockwise from the button (0 = button) |
//! | `seats` | 6 S | per relative seat: present, stack, bet, folded, all-in, acted this street |
//! | `draws` | 1 + 2 R S (draw games) | the observer is to draw now; per relative seat and drawing round: has drawn, cards drawn |
//! | `pot` | 2 | chips in the pots from finished streets; bets on this street |
//! | `legal` | 8 | to act (bet or draw), may fold, may check, may call, call chips, may raise, min and max raise-to |
//! | `action_mask` | A + D | 1 where the discrete action is legal now |
//! | `action_amount` | A | the chips each legal betting action puts the street total to (call: chips added) |
//! | `history` | H (S + T + 7) | the last H betting actions, most recent first; each: present, seat one-hot (relative), kind one-hot (fold, check, call, raise), all-in, street one-hot (T), amount |
//!
//! Draw action `d` (index `A + d`) throws away the cards at the positions of `d`'s set
//! bits, positions counting the drawing seat's cards from the lowest card index up; `d = 0`
//! stands pat. A stud bring-in is the check/call action, its completion a raise.
//!
//! The whole vector is rewritten on every call, so slots that do not apply are 0.

use crate::error::{Error, Result};
use crate::obs::actions::ActionSet;
use crate::variant::{Street, Variant};
use crate::MAX_PLAYERS;

/// The layout's version; it changes whenever a slot moves or changes meaning.
pub const LAYOUT_VERSION: u32 = 2;

/// The most history entries a layout may hold.
pub const MAX_HISTORY: usize = 1024;

/// The most streets of a game the layout takes (the variant table's longest has five).
pub const MAX_STREETS: usize = 8;

/// The most drawing rounds of a game the layout takes.
pub const MAX_DRAWS: usize = 4;

/// The most cards a drawing player holds (so that `2^k` draw actions stay few).
pub const MAX_DRAW_CARDS: usize = 5;

/// The name of the street slot after the game's streets.
pub const OVER: &str = "over";
/// Names of the per-seat slots, in order.
pub const SEAT_FIELDS: [&str; 6] = ["present", "stack", "bet", "folded", "all_in", "acted"];
/// Names of the `legal` slots, in order.
pub const LEGAL_FIELDS: [&str; 8] = [
    "to_act",
    "fold",
    "check",
    "call",
    "call_amount",
    "raise",
    "min_raise_to",
    "max_raise_to",
];
/// Names of the action kinds in a history entry.
pub const KINDS: [&str; 4] = ["fold", "check", "call", "raise"];

/// What a game's row puts in the observation: the part of the layout that depends on the
/// game, read from its [`Variant`] row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shape {
    /// Cards of the deck, the top `deck` card indices (each card plane's length).
    pub deck: usize,
    /// The streets' names, in order.
    pub streets: Vec<&'static str>,
    /// Whether a plane of up cards per seat is kept (some street deals cards face up).
    pub up: bool,
    /// Whether a board plane is kept: the row deals board cards, or its deck may run short
    /// of what its streets deal a full table and turn a common card (rule 41).
    pub board: bool,
    /// Drawing rounds.
    pub draws: usize,
    /// Cards a drawing player holds (0 in a game without draws).
    pub draw_cards: usize,
    /// Whether a player's own cards change after the first street (later down cards, or
    /// draws): then they are read from the hand at every step.
    pub cards_change: bool,
}

impl Shape {
    /// The shape of `variant` played with `hole` cards each (one of its
    /// [`Variant::hole_cards`]).
    ///
    /// # Errors
    /// [`Error::InvalidSetting`] for more streets than [`MAX_STREETS`], more drawing rounds
    /// than [`MAX_DRAWS`], or a draw game of more than [`MAX_DRAW_CARDS`] cards.
    pub fn of(variant: &Variant, hole: usize) -> Result<Shape> {
        let streets: &[Street] = variant.streets;
        let later = streets.get(1..).unwrap_or(&[]);
        let draws = variant.draw_rounds();
        let dealt = usize::from(variant.max_players) * variant.cards_per_player();
        let shape = Shape {
            deck: usize::from(variant.deck),
            streets: streets.iter().map(|s| s.name).collect(),
            up: variant.up_cards(),
            board: variant.board_cards() > 0
                || (draws == 0 && dealt + variant.burns() > usize::from(variant.deck)),
            draws,
            draw_cards: if draws > 0 { hole } else { 0 },
            cards_change: later.iter().any(|s| s.down > 0 || s.up > 0 || s.draw),
        };
        let bad = |name, value: usize, expected| {
            Err(Error::InvalidSetting {
                name,
                value: value.to_string(),
                expected,
            })
        };
        if shape.streets.len() > MAX_STREETS {
            return bad("streets", shape.streets.len(), "at most 8 streets");
        }
        if draws > MAX_DRAWS {
            return bad("drawing rounds", draws, "at most 4 drawing rounds");
        }
        if shape.draw_cards > MAX_DRAW_CARDS {
            return bad(
                "draw cards",
                shape.draw_cards,
                "at most 5 cards to draw from",
            );
        }
        Ok(shape)
    }

    /// The draw actions: one per set of the drawing player's cards to throw away.
    pub fn draw_actions(&self) -> usize {
        if self.draws > 0 {
            1 << self.draw_cards
        } else {
            0
        }
    }

    /// The lowest card index on a card plane.
    pub fn first_card(&self) -> usize {
        52 - self.deck
    }
}

/// One named run of slots.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// The section's name (the first column of the table in the module docs).
    pub name: &'static str,
    /// Index of its first slot.
    pub offset: usize,
    /// Number of slots.
    pub len: usize,
}

/// Where everything sits in an observation for a given game, seat count, action set and
/// history.
#[derive(Debug, Clone, PartialEq)]
pub struct ObsLayout {
    pub(crate) seats: usize,
    pub(crate) history: usize,
    pub(crate) actions: ActionSet,
    pub(crate) shape: Shape,
    /// Whether the betting is fixed-limit: then a raise is to the smallest or the largest
    /// legal total only (an open pair on stud's fourth street allows both), never between.
    pub(crate) fixed_limit: bool,
    pub(crate) up: usize,
    pub(crate) board: usize,
    pub(crate) street: usize,
    pub(crate) position: usize,
    pub(crate) seat_block: usize,
    pub(crate) draws: usize,
    pub(crate) pot: usize,
    pub(crate) legal: usize,
    pub(crate) mask: usize,
    pub(crate) amount: usize,
    pub(crate) hist: usize,
    pub(crate) size: usize,
}

impl ObsLayout {
    /// The Hold'em layout for tables of up to `seats` players, `history` remembered
    /// actions and this action set.
    ///
    /// # Errors
    /// As [`ObsLayout::for_game`].
    pub fn new(seats: usize, history: usize, actions: ActionSet) -> Result<ObsLayout> {
        let holdem = Variant::of(crate::Game::Holdem);
        ObsLayout::for_game(Shape::of(holdem, 2)?, seats, history, actions)
    }

    /// The layout of a game of this [`Shape`] for tables of up to `seats` players,
    /// `history` remembered actions and this betting action set.
    ///
    /// # Errors
    /// [`Error::InvalidSetting`] for seats outside 2..=10 or a history above 1024.
    pub fn for_game(
        shape: Shape,
        seats: usize,
        history: usize,
        actions: ActionSet,
    ) -> Result<ObsLayout> {
        if !(2..=MAX_PLAYERS).contains(&seats) {
            return Err(Error::InvalidSetting {
                name: "seats",
                value: seats.to_string(),
                expected: crate::PLAYER_COUNTS,
            });
        }
        if history > MAX_HISTORY {
            return Err(Error::InvalidSetting {
                name: "history",
                value: history.to_string(),
                expected: "0 to 1024 entries",
            });
        }
        let a = actions.len();
        let c = shape.deck;
        let up = c;
        let board = up + if shape.up { c * seats } else { 0 };
        let street = board + if shape.board { c } else { 0 };
        let position = street + shape.streets.len() + 1;
        let seat_block = position + seats;
        let draws = seat_block + SEAT_FIELDS.len() * seats;
        let pot = draws + draw_block(&shape, seats);
        let legal = pot + 2;
        let mask = legal + LEGAL_FIELDS.len();
        let amount = mask + a + shape.draw_actions();
        let hist = amount + a;
        let mut layout = ObsLayout {
            seats,
            history,
            actions,
            shape,
            fixed_limit: false,
            up,
            board,
            street,
            position,
            seat_block,
            draws,
            pot,
            legal,
            mask,
            amount,
            hist,
            size: 0,
        };
        layout.size = hist + history * layout.entry_size();
        Ok(layout)
    }

    /// This layout for fixed-limit betting (`true`): each raise action is legal only at the
    /// smallest or the largest legal total, the only totals fixed-limit allows.
    pub fn with_fixed_limit(mut self, fixed: bool) -> ObsLayout {
        self.fixed_limit = fixed;
        self
    }

    /// Number of `f32` slots in one observation.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The seat count the layout was built for.
    pub fn seats(&self) -> usize {
        self.seats
    }

    /// The number of history entries.
    pub fn history(&self) -> usize {
        self.history
    }

    /// The betting action set.
    pub fn actions(&self) -> &ActionSet {
        &self.actions
    }

    /// The game's part of the layout.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// Every discrete action: the betting actions, then the draw actions.
    pub fn width(&self) -> usize {
        self.actions.len() + self.shape.draw_actions()
    }

    /// The discrete actions' names, in index order: the betting actions' (`"fold"`,
    /// `"0.5pot"`, ...), then each draw action's, `"draw:"` and one digit per card
    /// position from the lowest card up, 1 where it is thrown (`"draw:00000"` stands pat).
    pub fn action_names(&self) -> Vec<String> {
        let k = self.shape.draw_cards;
        let mut names: Vec<String> = self.actions.actions().iter().map(|a| a.name()).collect();
        names.extend((0..self.shape.draw_actions()).map(|d| {
            let digits: String = (0..k)
                .map(|i| if d >> i & 1 == 1 { '1' } else { '0' })
                .collect();
            format!("draw:{digits}")
        }));
        names
    }

    /// Slots per history entry.
    pub fn entry_size(&self) -> usize {
        self.seats + self.shape.streets.len() + 7
    }

    /// The sections in order, each with its offset and length (a section the game does
    /// not use is left out).
    pub fn sections(&self) -> Vec<Section> {
        let a = self.actions.len();
        let c = self.shape.deck;
        [
            ("hole", 0, c),
            ("up", self.up, self.board - self.up),
            ("board", self.board, self.street - self.board),
            ("street", self.street, self.shape.streets.len() + 1),
            ("position", self.position, self.seats),
            ("seats", self.seat_block, SEAT_FIELDS.len() * self.seats),
            ("draws", self.draws, self.pot - self.draws),
            ("pot", self.pot, 2),
            ("legal", self.legal, LEGAL_FIELDS.len()),
            ("action_mask", self.mask, self.width()),
            ("action_amount", self.amount, a),
            ("history", self.hist, self.history * self.entry_size()),
        ]
        .into_iter()
        .filter(|&(name, _, len)| len > 0 || !matches!(name, "up" | "board" | "draws"))
        .map(|(name, offset, len)| Section { name, offset, len })
        .collect()
    }

    /// The name of every slot, in order, e.g. `"hole:Ah"`, `"seat+1:stack"`,
    /// `"up:seat+1:Kd"`, `"draws:seat+2:round1:cards"`, `"action:0.5pot:amount"`,
    /// `"history[0]:kind:raise"`.
    pub fn slot_names(&self) -> Vec<String> {
        let mut names = Vec::with_capacity(self.size);
        let cards: Vec<String> = (self.shape.first_card()..52)
            .map(|i| {
                crate::card::Card::from_index(i as i64)
                    .map(|c| c.to_string())
                    .unwrap_or_default()
            })
            .collect();
        names.extend(cards.iter().map(|c| format!("hole:{c}")));
        if self.shape.up {
            for k in 0..self.seats {
                names.extend(cards.iter().map(|c| format!("up:seat+{k}:{c}")));
            }
        }
        if self.shape.board {
            names.extend(cards.iter().map(|c| format!("board:{c}")));
        }
        let streets = &self.shape.streets;
        names.extend(streets.iter().chain([&OVER]).map(|s| format!("street:{s}")));
        names.extend((0..self.seats).map(|k| format!("position:{k}")));
        for k in 0..self.seats {
            names.extend(SEAT_FIELDS.iter().map(|f| format!("seat+{k}:{f}")));
        }
        if self.shape.draws > 0 {
            names.push("draws:to_draw".into());
            for k in 0..self.seats {
                for r in 1..=self.shape.draws {
                    names.push(format!("draws:seat+{k}:round{r}:drawn"));
                    names.push(format!("draws:seat+{k}:round{r}:cards"));
                }
            }
        }
        names.push("pot".into());
        names.push("bets".into());
        names.extend(LEGAL_FIELDS.iter().map(|f| format!("legal:{f}")));
        names.extend(
            self.action_names()
                .iter()
                .map(|action| format!("action:{action}:legal")),
        );
        for action in self.actions.actions() {
            names.push(format!("action:{action}:amount"));
        }
        for h in 0..self.history {
            names.push(format!("history[{h}]:present"));
            names.extend((0..self.seats).map(|k| format!("history[{h}]:seat+{k}")));
            names.extend(KINDS.iter().map(|k| format!("history[{h}]:kind:{k}")));
            names.push(format!("history[{h}]:all_in"));
            names.extend(streets.iter().map(|s| format!("history[{h}]:street:{s}")));
            names.push(format!("history[{h}]:amount"));
        }
        names
    }
}

/// Slots of the `draws` section: the flag, then two per seat and drawing round.
fn draw_block(shape: &Shape, seats: usize) -> usize {
    if shape.draws > 0 {
        1 + 2 * shape.draws * seats
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::VARIANTS;

    #[test]
    fn sections_tile_the_vector_and_every_slot_is_named() {
        for variant in &VARIANTS {
            let shape = Shape::of(variant, usize::from(variant.hole_cards[0])).unwrap();
            for seats in 2..=10 {
                for history in [0, 1, 16] {
                    let set = ActionSet::standard();
                    let layout = ObsLayout::for_game(shape.clone(), seats, history, set).unwrap();
                    let mut next = 0;
                    for section in layout.sections() {
                        assert_eq!(section.offset, next, "{}", section.name);
                        next += section.len;
                    }
                    assert_eq!(next, layout.size());
                    let names = layout.slot_names();
                    assert_eq!(names.len(), layout.size(), "{}", variant.name);
                    let unique: std::collections::HashSet<&String> = names.iter().collect();
                    assert_eq!(unique.len(), names.len());
                }
            }
        }
        let layout = ObsLayout::new(6, 2, ActionSet::standard()).unwrap();
        let names = layout.slot_names();
        assert_eq!(names[51], "hole:As");
        assert_eq!(names[104], "street:preflop");
        assert_eq!(names[layout.seat_block + 6 + 1], "seat+1:stack");
        assert_eq!(names[layout.amount + 3], "action:0.5pot:amount");
        // Version 1's Hold'em vector, slot for slot.
        assert_eq!(layout.size(), 104 + 5 + 6 + 36 + 2 + 8 + 12 + 2 * (6 + 11));
    }

    #[test]
    fn each_game_s_row_shapes_its_layout() {
        let shape = |name: &str| {
            let v = Variant::named(name).unwrap();
            Shape::of(v, usize::from(v.hole_cards[0])).unwrap()
        };
        let holdem = shape("holdem");
        assert!(holdem.board && !holdem.up && !holdem.cards_change);
        assert_eq!((holdem.deck, holdem.draw_actions()), (52, 0));
        let short = shape("short-deck");
        assert_eq!((short.deck, short.first_card()), (36, 16));
        let stud = shape("razz");
        // Eight players of seven cards and four burns pass the 52 cards: a common card.
        assert!(stud.up && stud.board && stud.cards_change);
        assert_eq!(stud.streets.len(), 5);
        let triple = shape("2-7-triple-draw");
        assert!(!triple.board && !triple.up && triple.cards_change);
        assert_eq!((triple.draws, triple.draw_actions()), (3, 32));
        assert_eq!(shape("badugi").draw_actions(), 16);
        assert_eq!(shape("five-card-draw").draws, 1);
        let courchevel = shape("courchevel");
        assert!(!courchevel.cards_change && courchevel.board);

        let layout = ObsLayout::for_game(triple, 3, 1, ActionSet::standard()).unwrap();
        let names = layout.action_names();
        assert_eq!(names.len(), 6 + 32);
        assert_eq!((&names[6][..], &names[7][..]), ("draw:00000", "draw:10000"));
        let slots = layout.slot_names();
        assert!(slots.contains(&"draws:seat+2:round3:cards".to_string()));
        assert!(slots.contains(&"history[0]:street:third draw".to_string()));
        assert!(!slots.iter().any(|s| s.starts_with("board:")));
        let layout = ObsLayout::for_game(short, 2, 0, ActionSet::standard()).unwrap();
        assert_eq!(layout.slot_names()[0], "hole:6c");
    }

    #[test]
    fn rejects_bad_sizes() {
        assert!(ObsLayout::new(1, 0, ActionSet::standard()).is_err());
        assert!(ObsLayout::new(11, 0, ActionSet::standard()).is_err());
        assert!(ObsLayout::new(6, 1025, ActionSet::standard()).is_err());
        let draw = Variant::named("five-card-draw").unwrap();
        assert!(Shape::of(draw, 6).is_err());
    }
}
