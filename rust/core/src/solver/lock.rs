//! Node locking: fixing some hands' strategy at a decision, so that the rest of the game
//! adapts to it (how a player is modelled as deviating from equilibrium).

use super::game::Game;
use crate::error::{Error, Result};

/// How far a locked hand's frequencies may sum from 1.
const SUM_TOLERANCE: f32 = 1e-3;

impl Game {
    /// Values a lock at `node` takes (actions times hands of the player to act), or `None`
    /// when `node` is not a decision.
    pub fn lock_len(&self, node: usize) -> Option<usize> {
        let p = self.decision(node).ok()?;
        Some(self.tree.nodes[node].count as usize * self.players.len(p))
    }

    /// Locks the strategy at decision `node`: `strategy` has one row per action and one
    /// value per hand of the player to act ([`Game::hands`]); a hand whose column is NaN
    /// stays free, the others play their column from now on (their regrets stay at 0).
    /// A lock replaces an earlier one at the node. With isomorphism on, a node under a
    /// chance node also stands for its mirror images: lock with suit-symmetric columns.
    ///
    /// # Errors
    /// [`Error::InvalidSetting`] when `node` is not a decision, `strategy` has the wrong
    /// length, or a locked column has a value outside 0 to 1, mixes NaN with numbers, or
    /// does not sum to 1.
    pub fn lock(&mut self, node: usize, strategy: &[f32]) -> Result<()> {
        let len = self
            .lock_len(node)
            .ok_or_else(|| self.decision(node).unwrap_err())?;
        let fail = |value: String, expected: &'static str| Error::InvalidSetting {
            name: "strategy",
            value,
            expected,
        };
        if strategy.len() != len {
            return Err(fail(
                format!("{} values", strategy.len()),
                "one value per action and hand of the player to act",
            ));
        }
        let actions = self.tree.nodes[node].count as usize;
        let n = len / actions;
        for h in 0..n {
            let column: Vec<f32> = (0..actions).map(|a| strategy[a * n + h]).collect();
            if column.iter().all(|x| x.is_nan()) {
                continue;
            }
            let sum: f32 = column.iter().sum();
            if column.iter().any(|x| !(0.0..=1.0).contains(x)) || (sum - 1.0).abs() > SUM_TOLERANCE
            {
                return Err(fail(
                    format!("{column:?} for hand {h}"),
                    "frequencies from 0 to 1 summing to 1 (or NaN for a free hand)",
                ));
            }
        }
        self.locks.insert(node, strategy.to_vec());
        Ok(())
    }

    /// Removes the lock at `node`, if any; whether there was one.
    pub fn unlock(&mut self, node: usize) -> bool {
        self.locks.remove(&node).is_some()
    }
}
