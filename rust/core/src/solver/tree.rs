//! The game tree: decisions, chance nodes that deal the turn and the river, folds and
//! showdowns, in one arena laid out depth first.
//!
//! # Layout
//! Nodes are numbered in depth-first pre-order, and each decision's storage (one value per
//! action and hand of the player to act) is given out in the same order, so a subtree's
//! nodes and its storage are each one contiguous run. The solver hands the subtrees of a
//! chance node to different threads as disjoint slices of the storage: no locks, no
//! unsafe code.

use std::collections::HashMap;

use super::action::{Action, Decision};
use super::bet_size::BetSize;
use super::hands::Players;
use super::isomorphism::{chance_cards, Mirror};
use super::spot::Spot;
use crate::card_set::CardSet;
use crate::error::{Error, Result};

/// What a node is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NodeKind {
    /// A decision of player 0 (out of position) or 1.
    Player(u8),
    /// The turn or the river is dealt.
    Chance,
    /// The player given folded.
    Fold(u8),
    /// The hands are shown on the river.
    Showdown,
}

/// A node of the arena.
#[derive(Debug, Clone)]
pub(crate) struct Node {
    pub kind: NodeKind,
    /// The board at the node.
    pub board: u64,
    /// Chips each player has put in on earlier streets (beyond half the starting pot).
    pub invested: i32,
    /// Each player's amount on this street.
    pub bets: [i32; 2],
    /// The node's children: `tree.children[first..first + count]`.
    pub first: u32,
    pub count: u32,
    /// A chance node's mirrored cards: `tree.mirrors[mirror_first..+mirror_count]`.
    pub mirror_first: u32,
    pub mirror_count: u32,
    /// The decision's storage: `[offset, offset + actions * hands)`; the subtree's is
    /// `[offset, end)`.
    pub offset: u64,
    pub end: u64,
    /// A showdown's board, an index into the showdown tables.
    pub river: u32,
    /// One past the subtree's last node: its nodes are `[id, id_end)`.
    pub id_end: u32,
}

/// What leads to a child: an action or a dealt card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edge {
    /// A player's action.
    Action(Action),
    /// A card dealt (its index, 0..52).
    Card(u8),
}

/// The arena.
#[derive(Debug, Clone)]
pub(crate) struct Tree {
    pub nodes: Vec<Node>,
    pub children: Vec<u32>,
    pub edges: Vec<Edge>,
    pub mirrors: Vec<Mirror>,
    /// The river boards of the showdowns, by index.
    pub rivers: Vec<u64>,
    /// Storage values in all (actions times hands, summed over the decisions).
    pub entries: u64,
}

/// Bytes one node costs besides its storage (the node, its child link and edge).
pub(crate) const NODE_BYTES: u64 = (std::mem::size_of::<Node>() + 4 + 8) as u64;

/// The betting state while building.
#[derive(Debug, Clone, Copy)]
struct State {
    street: u8,
    board: u64,
    invested: i32,
    bets: [i32; 2],
    to_act: u8,
    /// Out of position called the last street's final bet (donk sizes apply).
    oop_called: bool,
}

struct Builder<'a> {
    spot: &'a Spot,
    players: &'a Players,
    isomorphism: bool,
    /// Bytes per storage value, to check the bound while building.
    entry_bytes: u64,
    limit: u64,
    tree: Tree,
    rivers: HashMap<u64, u32>,
}

impl Tree {
    /// The tree of `spot` for `players`' hands.
    ///
    /// # Errors
    /// [`Error::SolverTooLarge`] as soon as the nodes and their storage (at `entry_bytes`
    /// per value) pass `limit` bytes.
    pub fn build(
        spot: &Spot,
        players: &Players,
        isomorphism: bool,
        entry_bytes: u64,
        limit: u64,
    ) -> Result<Tree> {
        let street = spot.street()?.index() as u8;
        let mut builder = Builder {
            spot,
            players,
            isomorphism,
            entry_bytes,
            limit,
            tree: Tree {
                nodes: Vec::new(),
                children: Vec::new(),
                edges: Vec::new(),
                mirrors: Vec::new(),
                rivers: Vec::new(),
                entries: 0,
            },
            rivers: HashMap::new(),
        };
        let root = State {
            street,
            board: spot.board.mask(),
            invested: 0,
            bets: [0, 0],
            to_act: 0,
            oop_called: false,
        };
        builder.decision(root)?;
        Ok(builder.tree)
    }

    /// The children of node `n` with their edges.
    pub fn children_of(&self, n: usize) -> impl Iterator<Item = (Edge, usize)> + '_ {
        let node = &self.nodes[n];
        let range = node.first as usize..(node.first + node.count) as usize;
        self.edges[range.clone()]
            .iter()
            .copied()
            .zip(self.children[range].iter().map(|&c| c as usize))
    }

    /// The child nodes of `n`.
    pub fn child_ids(&self, n: usize) -> &[u32] {
        let node = &self.nodes[n];
        &self.children[node.first as usize..(node.first + node.count) as usize]
    }

    /// The actions at decision `n`.
    pub fn actions(&self, n: usize) -> Vec<Action> {
        self.children_of(n)
            .filter_map(|(e, _)| match e {
                Edge::Action(a) => Some(a),
                Edge::Card(_) => None,
            })
            .collect()
    }

    /// The mirrored cards of chance node `n`.
    pub fn mirrors_of(&self, n: usize) -> &[Mirror] {
        let node = &self.nodes[n];
        &self.mirrors[node.mirror_first as usize..(node.mirror_first + node.mirror_count) as usize]
    }
}

impl Builder<'_> {
    fn bytes(&self) -> u64 {
        self.tree.nodes.len() as u64 * NODE_BYTES + self.tree.entries * self.entry_bytes
    }

    /// A new node in pre-order, its storage given out now.
    fn push(&mut self, kind: NodeKind, state: &State, entries: u64) -> Result<usize> {
        let id = self.tree.nodes.len();
        self.tree.nodes.push(Node {
            kind,
            board: state.board,
            invested: state.invested,
            bets: state.bets,
            first: 0,
            count: 0,
            mirror_first: 0,
            mirror_count: 0,
            offset: self.tree.entries,
            end: 0,
            river: u32::MAX,
            id_end: 0,
        });
        self.tree.entries += entries;
        let bytes = self.bytes();
        if bytes > self.limit {
            return Err(Error::SolverTooLarge {
                bytes,
                limit: self.limit,
            });
        }
        Ok(id)
    }

    fn finish(&mut self, id: usize, kids: Vec<(Edge, u32)>) {
        let first = self.tree.children.len() as u32;
        for (edge, child) in &kids {
            self.tree.edges.push(*edge);
            self.tree.children.push(*child);
        }
        let id_end = self.tree.nodes.len() as u32;
        let node = &mut self.tree.nodes[id];
        node.first = first;
        node.count = kids.len() as u32;
        node.end = self.tree.entries;
        node.id_end = id_end;
    }

    /// The sizes player `p` may use at `state`, facing a bet or not.
    fn sizes(&self, state: &State, facing: bool) -> &[BetSize] {
        let street = usize::from(state.street);
        let p = usize::from(state.to_act);
        let own = &self.spot.sizes[street][p];
        if facing {
            return &own.raise;
        }
        // A donk bet: out of position leads a new street after calling the last one.
        let donk = street >= 1 && p == 0 && state.oop_called && state.bets == [0, 0];
        match (&self.spot.donk[street.saturating_sub(1).min(1)], donk) {
            (Some(sizes), true) => sizes,
            _ => &own.bet,
        }
    }

    fn decision(&mut self, state: State) -> Result<usize> {
        let p = usize::from(state.to_act);
        let [mine, theirs] = [state.bets[p], state.bets[p ^ 1]];
        let decision = Decision {
            pot: self.spot.pot + 2 * state.invested + state.bets[0] + state.bets[1],
            mine,
            theirs,
            max_to: self.spot.stack - state.invested,
            streets_left: 3 - state.street,
            allin_threshold: self.spot.allin_threshold,
            merge_threshold: self.spot.merge_threshold,
        };
        let actions = decision.actions(self.sizes(&state, theirs > mine));
        let entries = (actions.len() * self.players.len(p)) as u64;
        let id = self.push(NodeKind::Player(state.to_act), &state, entries)?;
        let mut kids = Vec::with_capacity(actions.len());
        for action in actions {
            let child = match action {
                Action::Fold => {
                    let node = self.push(NodeKind::Fold(state.to_act), &state, 0)?;
                    self.finish(node, Vec::new());
                    node
                }
                Action::Check if p == 0 => self.decision(State { to_act: 1, ..state })?,
                Action::Check => self.street_end(state, false)?,
                Action::Call => {
                    let mut bets = state.bets;
                    bets[p] = theirs;
                    self.street_end(State { bets, ..state }, p == 0)?
                }
                Action::Bet(to) | Action::Raise(to) | Action::AllIn(to) => {
                    let mut bets = state.bets;
                    bets[p] = to;
                    self.decision(State {
                        bets,
                        to_act: state.to_act ^ 1,
                        ..state
                    })?
                }
            };
            kids.push((Edge::Action(action), child as u32));
        }
        self.finish(id, kids);
        Ok(id)
    }

    /// The street is over with equal amounts in: the next card, or the showdown.
    fn street_end(&mut self, state: State, oop_called: bool) -> Result<usize> {
        let invested = state.invested + state.bets[0];
        let next = State {
            invested,
            bets: [0, 0],
            to_act: 0,
            oop_called,
            ..state
        };
        if state.street == 2 {
            return self.showdown(next);
        }
        self.chance(next)
    }

    fn showdown(&mut self, state: State) -> Result<usize> {
        let id = self.push(NodeKind::Showdown, &state, 0)?;
        self.tree.nodes[id].river = self.river_index(state.board);
        self.finish(id, Vec::new());
        Ok(id)
    }

    /// The index of river board `board` in the showdown tables, added when new.
    fn river_index(&mut self, board: u64) -> u32 {
        let next = self.rivers.len() as u32;
        let river = *self.rivers.entry(board).or_insert(next);
        if river == next {
            self.tree.rivers.push(board);
        }
        river
    }

    fn chance(&mut self, state: State) -> Result<usize> {
        let id = self.push(NodeKind::Chance, &state, 0)?;
        let board = CardSet::from_mask_truncate(state.board);
        let (canonical, mirrors) = chance_cards(board, self.players, self.isomorphism);
        let mirror_first = self.tree.mirrors.len() as u32;
        self.tree.mirrors.extend_from_slice(&mirrors);
        let all_in = state.invested >= self.spot.stack;
        let mut kids = Vec::with_capacity(canonical.len());
        for card in canonical {
            let next = State {
                street: state.street + 1,
                board: state.board | 1u64 << card,
                ..state
            };
            let child = if !all_in {
                self.decision(next)?
            } else if next.street == 2 {
                self.showdown(next)?
            } else {
                self.chance(next)?
            };
            kids.push((Edge::Card(card), child as u32));
        }
        self.finish(id, kids);
        let node = &mut self.tree.nodes[id];
        node.mirror_first = mirror_first;
        node.mirror_count = mirrors.len() as u32;
        Ok(id)
    }
}
