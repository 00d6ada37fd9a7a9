//! A heads-up No-Limit Hold'em postflop solver: equilibrium strategies from the flop, the
//! turn or the river.
//!
//! A [`Spot`] gives the board, both players' weighted ranges, the pot, the effective
//! stacks, the bet sizes per street and player, and the rake. [`Game::new`] deals the
//! hands out (combos the board blocks are left out), builds the tree of decisions and of
//! chance nodes that deal the turn and the river, and sizes its memory before allocating
//! it. [`Game::solve`] runs the equilibrium algorithm until the exploitability reaches a
//! target, an iteration or time budget runs out, or a stop hook says so.
//!
//! # The algorithm: discounted CFR
//! Counterfactual regret minimisation (Zinkevich et al., NeurIPS 2007) with the discounts
//! of Brown & Sandholm, "Solving Imperfect-Information Games via Discounted Regret
//! Minimization" (AAAI 2019), in their recommended setting alpha = 1.5, beta = 0,
//! gamma = 2: before iteration `t` adds its regrets, positive cumulative regrets are
//! multiplied by `(t-1)^1.5 / ((t-1)^1.5 + 1)`, negative ones by 1/2, and the cumulative
//! (own-reach weighted) strategy by `((t-1)/t)^2`. The players update alternately (out of
//! position, then in position against the fresh strategy).
//!
//! Why this one: in the paper's experiments on heads-up no-limit subgames DCFR converges
//! faster than CFR+ and linear CFR by a factor of about two to three, it keeps CFR's
//! guarantee (its average strategy converges to a Nash equilibrium in two-player zero-sum
//! games), it needs no more memory than CFR (one regret and one strategy sum per action and
//! hand), and it is what the fastest open postflop solver uses. Newer variants (predictive
//! or dynamically discounted CFR, Xu et al. 2024) gain on some games but need extra
//! storage or a learned schedule; the speed here comes instead from the vectorised
//! traversal and linear-time showdowns.
//!
//! # Representation
//! Every node works on per-hand vectors: reaches come down the tree, counterfactual values
//! come back up ([`cfr`]). Each decision stores `actions x hands` regrets and strategy sums
//! ([`slab`]), as 32-bit floats or, optionally, 16-bit integers with a scale per decision.
//! Chance nodes run their subtrees on rayon's threads. Folds and showdowns cost O(n) per
//! node with exact card removal ([`showdown`]). Suits the board does not tell apart are
//! solved once ([`isomorphism`]). The exploitability is exact ([`exploitability`]).
//!
//! # Units
//! Chips are integers; values are chips won or lost from the start of the spot (each
//! player is counted as having put in half the starting pot), per deal of the two ranges.

mod action;
mod bet_size;
mod cfr;
mod exploitability;
mod game;
mod hands;
mod isomorphism;
mod lock;
mod pool;
mod save;
mod showdown;
mod slab;
mod spot;
mod tree;
mod view;

pub use action::Action;
pub use bet_size::{parse_list as parse_bet_sizes, BetSize, BetSizes, MAX_SIZES};
pub use game::{Game, GameOptions, MemoryEstimate, Progress, SolveOptions};
pub use spot::{Spot, Street, MAX_CHIPS};
pub use tree::{Edge, NodeKind};
pub use view::Line;
