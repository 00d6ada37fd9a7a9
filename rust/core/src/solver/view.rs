//! Walking a solved game along a line of play, mirrored cards included.
//!
//! A chance node keeps subtrees only for its canonical cards (`isomorphism.rs`); a
//! line that deals another card continues in the canonical card's subtree with two suits
//! exchanged. A [`Line`] carries that exchange (as a map of suits), and reads strategies
//! and values back in the real suits, hand for hand in the order of [`Game::hands`].

use super::action::Action;
use super::cfr::chance_children;
use super::exploitability::{average_strategy, values, Mode};
use super::game::Game;
use super::hands::{swap_card, SUIT_PAIRS};
use super::tree::{Edge, NodeKind};
use crate::card::Card;
use crate::error::{Error, Result};
use crate::starting_hands::combo_index;

/// A place in the game reached from the root by actions and cards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    node: usize,
    /// `suits[s]`: the suit that real suit `s` stands as in the stored subtree.
    suits: [u8; 4],
    /// The actions and cards so far, as given.
    edges: Vec<Edge>,
}

impl Line {
    /// The node of the tree the line is at.
    pub fn node(&self) -> usize {
        self.node
    }

    /// The actions and cards of the line.
    pub fn edges(&self) -> &[Edge] {
        &self.edges
    }

    /// The map of suits from real to stored (`suits[s]` stands for real suit `s`).
    pub(crate) fn suits(&self) -> &[u8; 4] {
        &self.suits
    }
}

fn no_such(what: String, expected: &'static str) -> Error {
    Error::InvalidSetting {
        name: "line",
        value: what,
        expected,
    }
}

impl Game {
    /// The line at the root.
    pub fn line(&self) -> Line {
        Line {
            node: 0,
            suits: [0, 1, 2, 3],
            edges: Vec::new(),
        }
    }

    /// `line` followed by `action` (at a decision) or the card `card` (at a chance node).
    ///
    /// # Errors
    /// [`Error::InvalidSetting`] naming the action or card when the node does not offer it
    /// (a card already on the board, an action not in the tree, an action at a chance
    /// node).
    pub fn follow(&self, line: &Line, edge: Edge) -> Result<Line> {
        let node = line.node;
        let mut next = line.clone();
        next.edges.push(edge);
        match (self.kind(node), edge) {
            (Some(NodeKind::Player(_)), Edge::Action(action)) => {
                let child = self
                    .children(node)
                    .into_iter()
                    .find_map(|(e, c)| (e == Edge::Action(action)).then_some(c))
                    .ok_or_else(|| no_such(action.to_string(), "one of the actions at the node"))?;
                next.node = child;
                Ok(next)
            }
            (Some(NodeKind::Chance), Edge::Card(card)) => {
                let real = Card::from_index(i64::from(card))?;
                // The card in the stored subtree's suits.
                let seen = (card & !3) | line.suits[usize::from(card & 3)];
                let (cards, kids) = chance_children(&self.tree, node);
                if let Some(k) = cards.iter().position(|&c| c == seen) {
                    next.node = kids[k];
                    return Ok(next);
                }
                let mirror = self
                    .tree
                    .mirrors_of(node)
                    .iter()
                    .find(|m| m.card == seen)
                    .ok_or_else(|| no_such(real.to_string(), "a card that is not on the board"))?;
                let k = cards
                    .iter()
                    .position(|&c| c == mirror.canonical)
                    .ok_or_else(|| no_such(real.to_string(), "a card of the tree"))?;
                let (a, b) = SUIT_PAIRS[usize::from(mirror.pair)];
                for s in &mut next.suits {
                    *s = swap_card(*s, a, b);
                }
                next.node = kids[k];
                Ok(next)
            }
            _ => Err(no_such(
                format!("{edge:?}"),
                "an action at a decision or a card at a chance node",
            )),
        }
    }

    /// The line of `edges` from the root.
    ///
    /// # Errors
    /// As [`Game::follow`].
    pub fn play(&self, edges: &[Edge]) -> Result<Line> {
        edges
            .iter()
            .try_fold(self.line(), |line, &edge| self.follow(&line, edge))
    }

    /// The actions at the line's node (empty unless it is a decision).
    pub fn actions_at(&self, line: &Line) -> Vec<Action> {
        self.actions(line.node)
    }

    /// For each of player `p`'s hands in real suits, its index in the stored subtree.
    fn hand_map(&self, line: &Line, p: usize) -> Vec<usize> {
        let hands = &self.players.hands[p];
        hands
            .cards
            .iter()
            .enumerate()
            .map(|(h, &[a, b])| {
                let map = |c: u8| (c & !3) | line.suits[usize::from(c & 3)];
                let j = hands.index[combo_index(1u64 << map(a) | 1u64 << map(b))];
                // Isomorphism only maps a range onto itself: the image is always there.
                if j == super::hands::NONE {
                    h
                } else {
                    j as usize
                }
            })
            .collect()
    }

    /// The average strategy at the line's decision, in real suits: one row per action,
    /// one value per hand of the player to act.
    ///
    /// # Errors
    /// [`Error::InvalidSetting`] when the line is not at a decision.
    pub fn strategy_at(&self, line: &Line) -> Result<Vec<f32>> {
        let p = self.decision(line.node)?;
        let stored = average_strategy(&self.ctx(), &self.storage, line.node);
        let map = self.hand_map(line, p);
        let n = map.len();
        let mut out = vec![0.0f32; stored.len()];
        for (row_out, row_in) in out.chunks_exact_mut(n).zip(stored.chunks_exact(n)) {
            for (o, &j) in row_out.iter_mut().zip(&map) {
                *o = row_in[j];
            }
        }
        Ok(out)
    }

    /// Each player's reach of each hand (the range's weight times the average strategy's
    /// probabilities along the line), in real suits; hands that hold a card of the line's
    /// board have 0.
    pub fn reach_at(&self, line: &Line) -> [Vec<f32>; 2] {
        let mut reach = [0, 1].map(|p| self.players.hands[p].weights.clone());
        let mut walk = self.line();
        for &edge in &line.edges {
            if let (Some(NodeKind::Player(p)), Edge::Action(action)) = (self.kind(walk.node), edge)
            {
                let p = usize::from(p);
                let actions = self.actions(walk.node);
                let a = actions.iter().position(|&x| x == action).unwrap_or(0);
                if let Ok(strategy) = self.strategy_at(&walk) {
                    let n = reach[p].len();
                    for (r, &s) in reach[p].iter_mut().zip(&strategy[a * n..(a + 1) * n]) {
                        *r *= s;
                    }
                }
            }
            match self.follow(&walk, edge) {
                Ok(next) => walk = next,
                Err(_) => break,
            }
        }
        let board = self.tree.nodes[line.node].board;
        let real_board = board_in_real_suits(board, &line.suits);
        for (p, r) in reach.iter_mut().enumerate() {
            for (x, &m) in r.iter_mut().zip(&self.players.hands[p].masks) {
                if m & real_board != 0 {
                    *x = 0.0;
                }
            }
        }
        reach
    }

    /// Player `p`'s expected chips with each hand at the line's node (from the start of
    /// the spot, like [`Game::hand_values`]), both players playing their average
    /// strategies from there; 0 for a hand that cannot be there.
    pub fn hand_values_at(&self, line: &Line, p: usize) -> Vec<f64> {
        let p = p.min(1);
        let reach = self.reach_at(line);
        // The opponent's reach in the stored subtree's suits.
        let opp_map = self.hand_map(line, p ^ 1);
        let mut opp = vec![0.0f32; reach[p ^ 1].len()];
        for (h, &j) in opp_map.iter().enumerate() {
            opp[j] = reach[p ^ 1][h];
        }
        let mut cfv = vec![0.0f32; self.players.len(p)];
        values(
            &self.ctx(),
            &self.storage,
            line.node,
            p,
            &opp,
            Mode::Average,
            &mut cfv,
        );
        // How much of the opponent's reach each hand can meet.
        let mut meet = vec![0.0f32; cfv.len()];
        let board = self.tree.nodes[line.node].board;
        super::showdown::fold_values(&mut meet, &self.players, p, &opp, board, 1.0);
        let map = self.hand_map(line, p);
        map.iter()
            .map(|&j| {
                let m = f64::from(meet[j]);
                if m > 0.0 {
                    f64::from(cfv[j]) / m
                } else {
                    0.0
                }
            })
            .collect()
    }
}

/// The board of a stored node in real suits (the map of suits is its own inverse only for
/// one exchange, so it is inverted here).
pub(crate) fn board_in_real_suits(board: u64, suits: &[u8; 4]) -> u64 {
    let mut inverse = [0u8; 4];
    for (real, &seen) in suits.iter().enumerate() {
        inverse[usize::from(seen)] = real as u8;
    }
    (0..52u8)
        .filter(|&c| board >> c & 1 == 1)
        .map(|c| 1u64 << ((c & !3) | inverse[usize::from(c & 3)]))
        .fold(0, |m, b| m | b)
}
