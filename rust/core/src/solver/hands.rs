//! Each player's hands: the combos of a range that the board leaves, with their weights,
//! and the maps between the two players' lists that card removal and isomorphism need.

use crate::card_set::CardSet;
use crate::error::{Error, Result};
use crate::range::{Combo, Range};

/// No hand: a marker in the index maps.
pub(crate) const NONE: u32 = u32::MAX;

/// One player's hands, ordered by [`Combo::index`].
#[derive(Debug, Clone)]
pub(crate) struct Hands {
    /// The two card indices of each hand, higher first.
    pub cards: Vec<[u8; 2]>,
    /// The combo of each hand.
    pub combos: Vec<Combo>,
    /// The range's weight of each hand.
    pub weights: Vec<f32>,
    /// The mask of each hand's two cards.
    pub masks: Vec<u64>,
    /// For each of the 1,326 combos, its index here (or [`NONE`]).
    pub index: Vec<u32>,
}

impl Hands {
    /// The hands of `range` that do not touch `board`.
    ///
    /// # Errors
    /// [`Error::NoPossibleHand`] naming `player` when the board leaves none.
    pub fn new(range: &Range, board: CardSet, player: usize) -> Result<Hands> {
        let mut hands = Hands {
            cards: Vec::new(),
            combos: Vec::new(),
            weights: Vec::new(),
            masks: Vec::new(),
            index: vec![NONE; crate::range::COMBOS],
        };
        for (combo, weight) in range.iter() {
            if combo.cards().intersects(board) {
                continue;
            }
            hands.index[combo.index()] = hands.cards.len() as u32;
            hands
                .cards
                .push([combo.high().index(), combo.low().index()]);
            hands.combos.push(combo);
            hands.weights.push(weight as f32);
            hands.masks.push(combo.cards().mask());
        }
        if hands.cards.is_empty() {
            return Err(Error::NoPossibleHand {
                player: Some(player),
            });
        }
        Ok(hands)
    }

    /// Number of hands.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// The mask of hand `h`'s two cards.
    #[inline]
    pub fn mask(&self, h: usize) -> u64 {
        self.masks[h]
    }
}

/// Both players' hands and the maps between them.
#[derive(Debug, Clone)]
pub(crate) struct Players {
    /// Out of position (0) and in position (1).
    pub hands: [Hands; 2],
    /// `same[p][h]`: the index in the other player's list of player `p`'s hand `h`
    /// (the one opposing hand that shares both cards), or [`NONE`].
    pub same: [Vec<u32>; 2],
    /// `swaps[k][p]`: for the `k`-th pair of suits of [`SUIT_PAIRS`], the index of
    /// each of player `p`'s hands with those suits exchanged, or `None` when some hand's
    /// image is not in the range with the same weight (the pair is then not a symmetry).
    pub swaps: Vec<Option<[Vec<u32>; 2]>>,
}

/// The six pairs of suits, in the order of [`Players::swaps`].
pub(crate) const SUIT_PAIRS: [(u8, u8); 6] = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];

/// The index in [`SUIT_PAIRS`] of the pair `a`, `b` (in either order; `a != b`).
pub(crate) fn pair_index(a: u8, b: u8) -> usize {
    let (a, b) = if a < b { (a, b) } else { (b, a) };
    SUIT_PAIRS.iter().position(|&p| p == (a, b)).unwrap_or(0)
}

/// The card `card` with suits `a` and `b` exchanged.
#[inline]
pub(crate) fn swap_card(card: u8, a: u8, b: u8) -> u8 {
    let suit = card & 3;
    let rank = card & !3;
    if suit == a {
        rank | b
    } else if suit == b {
        rank | a
    } else {
        card
    }
}

impl Players {
    /// Both players' hands off `board`, with the maps between them.
    ///
    /// # Errors
    /// [`Error::NoPossibleHand`] when a range has no hand off the board.
    pub fn new(ranges: &[Range; 2], board: CardSet) -> Result<Players> {
        let hands = [
            Hands::new(&ranges[0], board, 0)?,
            Hands::new(&ranges[1], board, 1)?,
        ];
        let same = [0, 1].map(|p| {
            hands[p]
                .combos
                .iter()
                .map(|c| hands[p ^ 1].index[c.index()])
                .collect()
        });
        let swaps = SUIT_PAIRS
            .iter()
            .map(|&(a, b)| {
                let one = |p: usize| -> Option<Vec<u32>> {
                    let h = &hands[p];
                    (0..h.len())
                        .map(|i| {
                            let [x, y] = h.cards[i];
                            let (x, y) = (swap_card(x, a, b), swap_card(y, a, b));
                            let mask = 1u64 << x | 1u64 << y;
                            let combo = crate::starting_hands::combo_index(mask);
                            let j = h.index[combo];
                            (j != NONE && h.weights[j as usize] == h.weights[i]).then_some(j)
                        })
                        .collect()
                };
                Some([one(0)?, one(1)?])
            })
            .collect();
        Ok(Players { hands, same, swaps })
    }

    /// Number of hands of player `p`.
    pub fn len(&self, p: usize) -> usize {
        self.hands[p].len()
    }
}
