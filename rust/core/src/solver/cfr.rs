//! One iteration of discounted CFR for one player, vectorised over hands.
//!
//! Every call works on whole vectors: the opponent's reach of each of their hands comes
//! down the tree, and the updating player's counterfactual value of each of theirs comes
//! back up. The player's own reach comes down too, to weight their average strategy.
//! Chance nodes run their subtrees on rayon's threads, each on its own slice of the
//! storage (`tree.rs` says why the slices are disjoint).

use rayon::prelude::*;

use super::hands::Players;
use super::isomorphism::Mirror;
use super::pool::Buf;
use super::showdown::{fold_values, showdown_values, Payoffs, Showdowns};
use super::slab::{weigh, Slab};
use super::tree::{Edge, Node, NodeKind, Tree};
use std::collections::HashMap;

/// Locked strategies by node: `actions` rows of one value per hand, NaN in the first row
/// for a hand that is not locked.
pub(crate) type Locks = HashMap<usize, Vec<f32>>;

/// What every node of a traversal reads.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Ctx<'a> {
    pub tree: &'a Tree,
    pub players: &'a Players,
    pub showdowns: &'a Showdowns,
    pub locks: &'a Locks,
    /// Half the starting pot: each player's share of it.
    pub half_pot: f64,
    pub rake_rate: f64,
    pub rake_cap: f64,
}

impl Ctx<'_> {
    fn rake(&self, pot: f64) -> f64 {
        (pot * self.rake_rate).min(self.rake_cap)
    }

    /// Player `p`'s values at terminal node `n` against the opponent's `reach`.
    pub fn terminal(&self, n: usize, p: usize, reach: &[f32], out: &mut [f32]) {
        let node = &self.tree.nodes[n];
        match node.kind {
            NodeKind::Fold(_) => {
                let payoff = self.fold_payoff(node, p);
                fold_values(out, self.players, p, reach, node.board, payoff);
            }
            NodeKind::Showdown => {
                let (river, pay) = (node.river as usize, self.payoffs(node));
                showdown_values(
                    out,
                    None,
                    self.players,
                    self.showdowns,
                    p,
                    reach,
                    river,
                    pay,
                );
            }
            NodeKind::Player(_) | NodeKind::Chance => out.fill(0.0),
        }
    }

    /// What fold `node` pays player `p` (negative when `p` folded).
    fn fold_payoff(&self, node: &Node, p: usize) -> f64 {
        let NodeKind::Fold(folder) = node.kind else {
            return 0.0;
        };
        let folder = usize::from(folder);
        let put_in = self.half_pot + f64::from(node.invested + node.bets[folder]);
        if folder == p {
            -put_in
        } else {
            put_in - self.rake(2.0 * put_in)
        }
    }

    /// What showdown `node` pays the player whose values are wanted.
    fn payoffs(&self, node: &Node) -> Payoffs {
        let put_in = self.half_pot + f64::from(node.invested);
        let rake = self.rake(2.0 * put_in);
        Payoffs {
            win: put_in - rake,
            lose: put_in,
            tie: -rake / 2.0,
        }
    }

    /// At a decision of player `p`, the positions among its children of a fold of `p`'s
    /// and a showdown (a call on the river): the opponent's reach is the same at both, and
    /// [`Ctx::fold_and_showdown`] gives both children's values in one pass.
    pub fn fold_beside_showdown(&self, n: usize, p: usize) -> Option<(usize, usize)> {
        let kids = self.tree.child_ids(n);
        let kind = |k: &u32| self.tree.nodes[*k as usize].kind;
        let fold = kids
            .iter()
            .position(|k| kind(k) == NodeKind::Fold(p as u8))?;
        let showdown = kids.iter().position(|k| kind(k) == NodeKind::Showdown)?;
        Some((fold, showdown))
    }

    /// Player `p`'s values at fold `f` (of `p`) into `fold_out` and at showdown `s` into
    /// `out`, two children of one of `p`'s decisions, against the opponent's `reach`.
    pub fn fold_and_showdown(
        &self,
        [f, s]: [usize; 2],
        p: usize,
        reach: &[f32],
        [fold_out, out]: [&mut [f32]; 2],
    ) {
        let (fold, node) = (&self.tree.nodes[f], &self.tree.nodes[s]);
        let (river, pay) = (node.river as usize, self.payoffs(node));
        let payoff = self.fold_payoff(fold, p);
        let (players, showdowns) = (self.players, self.showdowns);
        let fold = Some((fold_out, payoff));
        showdown_values(out, fold, players, showdowns, p, reach, river, pay);
    }

    /// Player `p`'s values at each child of decision `n` of `p`'s into its row of `cfv`:
    /// terminal children from `terminal`, a fold beside a showdown with it
    /// ([`Ctx::fold_and_showdown`]), any other child from `child(a, c, row)`.
    pub fn children_values(
        &self,
        n: usize,
        p: usize,
        opp: &[f32],
        cfv: &mut [f32],
        mut child: impl FnMut(usize, usize, &mut [f32]),
    ) {
        let kids = self.tree.child_ids(n);
        let nh = cfv.len() / kids.len().max(1);
        let pair = self.fold_beside_showdown(n, p);
        if let Some((f, s)) = pair {
            let (low, high) = (f.min(s), f.max(s));
            let (first, second) = cfv.split_at_mut(high * nh);
            let (low, high) = (&mut first[low * nh..(low + 1) * nh], &mut second[..nh]);
            let rows = if f < s { [low, high] } else { [high, low] };
            let ids = [kids[f] as usize, kids[s] as usize];
            self.fold_and_showdown(ids, p, opp, rows);
        }
        for (a, &c) in kids.iter().enumerate() {
            if pair.is_some_and(|(f, s)| a == f || a == s) {
                continue;
            }
            child(a, c as usize, &mut cfv[a * nh..(a + 1) * nh]);
        }
    }

    /// Cards a chance node on `board` can deal once both players hold their two.
    pub fn deal_count(board: u64) -> f32 {
        (52 - board.count_ones() - 4) as f32
    }

    /// Overwrites the locked hands' columns of `strategy` (of decision `n`, `nh` hands)
    /// with their locks; the locked hands, or `None` when there are none.
    pub fn apply_lock(&self, n: usize, strategy: &mut [f32], nh: usize) -> Option<Vec<bool>> {
        if self.locks.is_empty() {
            return None;
        }
        let lock = self.locks.get(&n)?;
        let frozen: Vec<bool> = lock[..nh].iter().map(|x| !x.is_nan()).collect();
        for (row, lrow) in strategy.chunks_exact_mut(nh).zip(lock.chunks_exact(nh)) {
            for ((s, &l), &f) in row.iter_mut().zip(lrow).zip(&frozen) {
                if f {
                    *s = l;
                }
            }
        }
        Some(frozen)
    }

    /// Sets `out` to the values of a chance node's children (the `k`-th slice of
    /// `out.len()` values of `values` for its `k`-th child) and of the cards mirrored from
    /// them, times `scale` (one over the number of cards that can come).
    ///
    /// The children get the reaches unchanged: values are linear in the opponent's reach,
    /// so the chance probability is applied once here instead of to every child's copy;
    /// the hands that hold the card dealt keep their reach, and every terminal leaves out
    /// the hands that touch its board (their values are 0 all the way up).
    pub fn sum_chance(
        &self,
        p: usize,
        cards: &[u8],
        mirrors: &[Mirror],
        values: &[f32],
        scale: f64,
        out: &mut [f32],
    ) {
        let mut sums = vec![0.0f64; out.len()];
        let values: Vec<&[f32]> = values.chunks_exact(out.len()).collect();
        for &v in &values {
            for (s, &x) in sums.iter_mut().zip(v) {
                *s += f64::from(x);
            }
        }
        let mut slot = [usize::MAX; 52];
        for (k, &c) in cards.iter().enumerate() {
            slot[usize::from(c)] = k;
        }
        for m in mirrors {
            let k = slot[usize::from(m.canonical)];
            let Some(Some(perm)) = self.players.swaps.get(usize::from(m.pair)) else {
                continue;
            };
            let v = values[k];
            for (s, &j) in sums.iter_mut().zip(&perm[p]) {
                *s += f64::from(v[j as usize]);
            }
        }
        for (o, s) in out.iter_mut().zip(sums) {
            *o = (s * scale) as f32;
        }
    }
}

/// The cards on the edges of chance node `n`'s children.
pub(crate) fn chance_children(tree: &Tree, n: usize) -> (Vec<u8>, Vec<usize>) {
    tree.children_of(n)
        .map(|(e, c)| match e {
            Edge::Card(card) => (card, c),
            Edge::Action(_) => (0, c),
        })
        .unzip()
}

/// The power of the average strategy's weights: iteration `t` weighs `t^GAMMA`.
pub(crate) const GAMMA: i32 = 3;

/// The DCFR discounts of iteration `t` (from 1): what the cumulative regrets (positive,
/// negative) and strategy are multiplied by before iteration `t` adds to them:
/// `(t-1)^1.5 / ((t-1)^1.5 + 1)`, `1/2` and `((t-1)/t)^GAMMA` (see the
/// [module docs](super) for the choice of `GAMMA`).
pub(crate) fn discounts(t: u32) -> [f32; 3] {
    let prev = f64::from(t.saturating_sub(1));
    let pow = prev * prev.sqrt();
    let alpha = pow / (pow + 1.0);
    let beta = 0.5;
    let gamma = if t <= 1 {
        0.0
    } else {
        (prev / f64::from(t)).powi(GAMMA)
    };
    [alpha as f32, beta, gamma as f32]
}

/// Player `p`'s counterfactual values at node `n` into `out`, updating `p`'s regrets and
/// average strategy below `n`. `opp` is the opponent's reach (times chance), `own` the
/// player's.
#[allow(clippy::too_many_arguments)]
pub(crate) fn cfr(
    ctx: &Ctx<'_>,
    n: usize,
    p: usize,
    opp: &[f32],
    own: &[f32],
    mut slab: Slab<'_>,
    out: &mut [f32],
    discount: [f32; 3],
) {
    let tree = ctx.tree;
    let node = &tree.nodes[n];
    match node.kind {
        NodeKind::Fold(_) | NodeKind::Showdown => ctx.terminal(n, p, opp, out),
        NodeKind::Chance => {
            let scale = 1.0 / f64::from(Ctx::deal_count(node.board));
            let (cards, kids) = chance_children(tree, n);
            let mut slabs = Vec::with_capacity(kids.len());
            let mut rest = slab;
            for &c in &kids {
                let child = &tree.nodes[c];
                let (mine, after) = rest.split(child.end, child.id_end as usize);
                slabs.push(mine);
                rest = after;
            }
            // One buffer for all the children's values, a slice each (not from the pool,
            // whose buffers would all grow to its size).
            let nh = own.len();
            let mut values = vec![0.0f32; kids.len() * nh];
            kids.par_iter()
                .zip(slabs.into_par_iter())
                .zip(values.par_chunks_mut(nh))
                .for_each(|((&c, slab), v)| cfr(ctx, c, p, opp, own, slab, v, discount));
            ctx.sum_chance(p, &cards, tree.mirrors_of(n), &values, scale, out);
        }
        NodeKind::Player(actor) if usize::from(actor) == p => {
            let nh = out.len();
            let kids = tree.child_ids(n);
            let actions = kids.len();
            // A locked decision's strategy is known only once its locks are applied.
            let (sigma, weighted, frozen) = if !ctx.locks.is_empty() && ctx.locks.contains_key(&n) {
                let mut sigma = slab.current_strategy(node.offset, actions, nh);
                let frozen = ctx.apply_lock(n, &mut sigma, nh);
                let weighted = weigh(&sigma, own);
                slab.update_strategy(n, node.offset, &weighted, discount[2]);
                (sigma, weighted, frozen)
            } else {
                let (sigma, weighted) =
                    slab.strategy_for(n, node.offset, own, actions, discount[2]);
                (sigma, weighted, None)
            };
            let mut cfv = Buf::scratch(actions * nh);
            ctx.children_values(n, p, opp, &mut cfv, |a, c, v| {
                let w = &weighted[a * nh..(a + 1) * nh];
                cfr(ctx, c, p, opp, w, slab.reborrow(), v, discount);
            });
            out.fill(0.0);
            for (row_s, row_v) in sigma.chunks_exact(nh).zip(cfv.chunks_exact(nh)) {
                for ((o, &s), &v) in out.iter_mut().zip(row_s).zip(row_v) {
                    *o += s * v;
                }
            }
            slab.update_regrets(n, node.offset, nh, &cfv, out, discount, frozen.as_deref());
        }
        NodeKind::Player(_) => {
            let no = opp.len();
            let kids = tree.child_ids(n);
            let mut sigma = slab.current_strategy(node.offset, kids.len(), no);
            ctx.apply_lock(n, &mut sigma, no);
            out.fill(0.0);
            let mut reach = Buf::scratch(no);
            let mut v = Buf::scratch(out.len());
            for (a, &c) in kids.iter().enumerate() {
                let c = c as usize;
                for ((r, &o), &s) in reach.iter_mut().zip(opp).zip(&sigma[a * no..]) {
                    *r = o * s;
                }
                cfr(ctx, c, p, &reach, own, slab.reborrow(), &mut v, discount);
                for (o, &x) in out.iter_mut().zip(&v) {
                    *o += x;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::{Game, GameOptions, Spot};
    use crate::{CardSet, Range};

    /// Whole-tree chip conservation: at every fold and showdown, for every pair of hands
    /// that can meet there, what one player wins the other loses, less the rake of that
    /// pot (min(5% of it, 3 chips)), and a player's result never passes what is in the pot.
    #[test]
    fn every_terminal_conserves_chips() {
        let board = CardSet::from_cards(CardSet::parse_cards("Td9d6hQc").unwrap()).unwrap();
        let ranges = [
            Range::parse("QQ,T9s,AKo,55").unwrap(),
            Range::parse("JJ,AdKd,98s,66").unwrap(),
        ];
        let mut spot = Spot::new(board, ranges, 60, 100, "50%, a", "2x").unwrap();
        spot.rake_rate = 0.05;
        spot.rake_cap = 3.0;
        let game = Game::new(spot, GameOptions::default()).unwrap();
        let ctx = game.ctx();
        let [n0, n1] = [game.players.len(0), game.players.len(1)];
        let mut terminals = 0;
        for (id, node) in game.tree.nodes.iter().enumerate() {
            if !matches!(node.kind, NodeKind::Fold(_) | NodeKind::Showdown) {
                continue;
            }
            terminals += 1;
            let pot = 60.0
                + 2.0 * f64::from(node.invested)
                + f64::from(node.bets[0].min(node.bets[1])) * 2.0;
            let rake = (pot * 0.05).min(3.0);
            for h in 0..n0 {
                for o in 0..n1 {
                    let (m0, m1) = (game.players.hands[0].mask(h), game.players.hands[1].mask(o));
                    if m0 & m1 != 0 || (m0 | m1) & node.board != 0 {
                        continue;
                    }
                    let mut reach1 = vec![0.0f32; n1];
                    reach1[o] = 1.0;
                    let mut reach0 = vec![0.0f32; n0];
                    reach0[h] = 1.0;
                    let mut v0 = vec![0.0f32; n0];
                    let mut v1 = vec![0.0f32; n1];
                    ctx.terminal(id, 0, &reach1, &mut v0);
                    ctx.terminal(id, 1, &reach0, &mut v1);
                    let sum = f64::from(v0[h]) + f64::from(v1[o]);
                    assert!(
                        (sum + rake).abs() < 1e-3,
                        "node {id}: {} + {} vs rake {rake}",
                        v0[h],
                        v1[o]
                    );
                    assert!(f64::from(v0[h].abs().max(v1[o].abs())) <= pot / 2.0 + 1e-3);
                }
            }
        }
        assert!(terminals > 100, "{terminals}");
    }

    #[test]
    fn discounts_follow_the_paper() {
        let [a, b, g] = discounts(1);
        assert_eq!((a, b, g), (0.0, 0.5, 0.0));
        let [a, _, g] = discounts(5);
        // (t-1)^1.5 / ((t-1)^1.5 + 1) with t - 1 = 4: 8 / 9; ((t-1)/t)^3 = 64/125.
        assert!((a - 8.0 / 9.0).abs() < 1e-6 && (g - 64.0 / 125.0).abs() < 1e-6);
    }
}
