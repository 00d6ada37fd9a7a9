//! A solvable game: the spot, its hands, its tree and storage; solving with a budget, and
//! reading strategies and values back.

use std::time::{Duration, Instant};

use super::action::Action;
use super::cfr::{cfr, discounts, Ctx, Locks};
use super::exploitability::{average_strategy, values, Mode};
use super::hands::Players;
use super::showdown::Showdowns;
use super::slab::Storage;
use super::spot::Spot;
use super::tree::{Edge, NodeKind, Tree, NODE_BYTES};
use crate::error::{Error, Result};
use crate::range::Combo;

/// How a game is built.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameOptions {
    /// Store regrets and strategies as 16-bit integers (half the memory).
    pub compressed: bool,
    /// Solve suits the board does not tell apart once (`isomorphism.rs`).
    pub isomorphism: bool,
    /// The most bytes the game may take; building stops with
    /// [`Error::SolverTooLarge`] as soon as it would need more.
    pub memory_limit: u64,
}

impl Default for GameOptions {
    /// Uncompressed, with isomorphism, at most 4 GiB.
    fn default() -> GameOptions {
        GameOptions {
            compressed: false,
            isomorphism: true,
            memory_limit: 4 << 30,
        }
    }
}

/// The budget of a solve: it stops at the first limit reached.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SolveOptions {
    /// Stop once the exploitability is at most this many chips.
    pub target: f64,
    /// Stop after this many iterations (in all, counting earlier solves of the game).
    pub max_iterations: u32,
    /// Stop once this much time has passed (checked after every iteration).
    pub time_limit: Option<Duration>,
    /// Measure the exploitability at least every this many iterations (each measure
    /// costs about one iteration); between, it is measured where the trend of the last
    /// two measures says the target will be met.
    pub check_every: u32,
}

impl SolveOptions {
    /// A target of `percent` of the starting pot of `spot`, 1,000 iterations at most, no
    /// time limit, measured every 10 iterations.
    pub fn percent_of_pot(spot: &Spot, percent: f64) -> SolveOptions {
        SolveOptions {
            target: f64::from(spot.pot) * percent / 100.0,
            max_iterations: 1000,
            time_limit: None,
            check_every: 10,
        }
    }
}

/// Where a solve stands, given to its stop hook after every iteration and returned at
/// the end.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Progress {
    /// Iterations run on the game so far.
    pub iterations: u32,
    /// The last exploitability measured, in chips (`f64::INFINITY` before the first).
    pub exploitability: f64,
    /// Seconds since this solve began.
    pub seconds: f64,
    /// Whether the target was reached.
    pub reached: bool,
}

/// The iteration to measure the exploitability at next: where the power law through the
/// last two measures (exploitability falling as `t^-k`) meets the target, at least 2
/// iterations on and at most `check_every` or a quarter of the iterations so far,
/// whichever is more. A measure costs about an iteration, so measuring near the predicted
/// crossing instead of at a fixed step saves both the measures on the way and the
/// iterations run past the target; the cap keeps a wrong prediction (early measures can
/// fall slowly, then fast) from running far past it.
fn next_check(history: &[(u32, f64)], options: &SolveOptions) -> u32 {
    let Some(&(t1, e1)) = history.last() else {
        return options.check_every;
    };
    let latest = t1.saturating_add(options.check_every.max(t1 / 4));
    let [.., (t0, e0), _] = *history else {
        return t1.saturating_add(options.check_every);
    };
    if !(e1 < e0 && e1 > options.target && options.target > 0.0 && e1.is_finite()) {
        return t1.saturating_add(options.check_every);
    }
    let k = (e0 / e1).ln() / (f64::from(t1) / f64::from(t0)).ln();
    let crossing = f64::from(t1) * (e1 / options.target).powf(1.0 / k);
    if !crossing.is_finite() || crossing > 1e9 {
        return latest;
    }
    (crossing.ceil() as u32).clamp(t1.saturating_add(2), latest)
}

/// A heads-up postflop game ready to solve (see the [module docs](super)).
#[derive(Debug, Clone)]
pub struct Game {
    pub(crate) spot: Spot,
    pub(crate) options: GameOptions,
    pub(crate) players: Players,
    pub(crate) tree: Tree,
    pub(crate) showdowns: Showdowns,
    pub(crate) storage: Storage,
    pub(crate) locks: Locks,
    pub(crate) iterations: u32,
    pub(crate) exploitability: f64,
}

/// The memory a game needs, computed before its storage is allocated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemoryEstimate {
    /// Decisions, chance nodes and terminals.
    pub nodes: u64,
    /// Stored values (actions times hands over the decisions).
    pub entries: u64,
    /// Bytes with 32-bit storage.
    pub bytes: u64,
    /// Bytes with 16-bit storage.
    pub compressed_bytes: u64,
}

impl Game {
    /// Builds the game of `spot`: checks it, builds the tree within the memory limit, then
    /// allocates the storage.
    ///
    /// # Errors
    /// What [`Spot::validate`] returns; [`Error::NoPossibleHand`] for a range the board
    /// empties; [`Error::SolverTooLarge`] when the game needs more than
    /// `options.memory_limit` bytes (found before the storage is allocated).
    pub fn new(spot: Spot, options: GameOptions) -> Result<Game> {
        let (players, tree, estimate) = Game::plan(&spot, options)?;
        let needed = if options.compressed {
            estimate.compressed_bytes
        } else {
            estimate.bytes
        };
        if needed > options.memory_limit {
            return Err(Error::SolverTooLarge {
                bytes: needed,
                limit: options.memory_limit,
            });
        }
        let showdowns = Showdowns::new(&players, &tree.rivers);
        let storage = Storage::new(tree.entries as usize, tree.nodes.len(), options.compressed);
        Ok(Game {
            spot,
            options,
            players,
            tree,
            showdowns,
            storage,
            locks: Locks::new(),
            iterations: 0,
            exploitability: f64::INFINITY,
        })
    }

    /// The memory the game of `spot` would need, without allocating its storage.
    ///
    /// # Errors
    /// As [`Game::new`].
    pub fn estimate(spot: &Spot, options: GameOptions) -> Result<MemoryEstimate> {
        Game::plan(spot, options).map(|(_, _, e)| e)
    }

    fn plan(spot: &Spot, options: GameOptions) -> Result<(Players, Tree, MemoryEstimate)> {
        spot.validate()?;
        let players = Players::new(&spot.ranges, spot.board)?;
        let entry_bytes = Storage::entry_bytes(options.compressed);
        let tree = Tree::build(
            spot,
            &players,
            options.isomorphism,
            entry_bytes,
            options.memory_limit,
        )?;
        let nodes = tree.nodes.len() as u64;
        let fixed = nodes * NODE_BYTES
            + Showdowns::estimate(tree.rivers.len(), players.len(0), players.len(1))
            + 16 * (tree.mirrors.len() as u64);
        let estimate = MemoryEstimate {
            nodes,
            entries: tree.entries,
            bytes: fixed + tree.entries * Storage::entry_bytes(false),
            compressed_bytes: fixed + tree.entries * Storage::entry_bytes(true) + 8 * nodes,
        };
        Ok((players, tree, estimate))
    }

    pub(crate) fn ctx(&self) -> Ctx<'_> {
        Ctx {
            tree: &self.tree,
            players: &self.players,
            showdowns: &self.showdowns,
            locks: &self.locks,
            half_pot: f64::from(self.spot.pot) / 2.0,
            rake_rate: self.spot.rake_rate,
            rake_cap: self.spot.rake_cap,
        }
    }

    /// The spot.
    pub fn spot(&self) -> &Spot {
        &self.spot
    }

    /// The options the game was built with.
    pub fn options(&self) -> GameOptions {
        self.options
    }

    /// Iterations run so far.
    pub fn iterations(&self) -> u32 {
        self.iterations
    }

    /// Bytes the game holds now (tree, tables and storage).
    pub fn memory_bytes(&self) -> u64 {
        let entries = self.tree.entries;
        let nodes = self.tree.nodes.len() as u64;
        nodes * NODE_BYTES
            + self.showdowns.bytes()
            + entries * Storage::entry_bytes(self.storage.is_compressed())
            + if self.storage.is_compressed() {
                8 * nodes
            } else {
                0
            }
    }

    /// Runs one iteration: both players' updates, out of position first.
    pub fn iterate(&mut self) {
        self.iterations += 1;
        let t = self.iterations;
        let discount = discounts(t);
        let players = &self.players;
        let ctx = Ctx {
            tree: &self.tree,
            players,
            showdowns: &self.showdowns,
            locks: &self.locks,
            half_pot: f64::from(self.spot.pot) / 2.0,
            rake_rate: self.spot.rake_rate,
            rake_cap: self.spot.rake_cap,
        };
        for p in 0..2 {
            let mut out = vec![0.0f32; players.len(p)];
            let opp = &players.hands[p ^ 1].weights;
            let own = &players.hands[p].weights;
            cfr(
                &ctx,
                0,
                p,
                opp,
                own,
                self.storage.slab(),
                &mut out,
                discount,
            );
        }
    }

    /// Solves until the first limit of `options` or until `stop` (called after every
    /// iteration with the progress) answers true.
    ///
    /// # Errors
    /// [`Error::InvalidSetting`] for a target that is negative or not a number, or a
    /// `check_every` of 0.
    pub fn solve(
        &mut self,
        options: &SolveOptions,
        stop: &mut dyn FnMut(&Progress) -> bool,
    ) -> Result<Progress> {
        if options.target.is_nan() || options.target < 0.0 {
            return Err(Error::InvalidSetting {
                name: "target",
                value: options.target.to_string(),
                expected: "a number of chips, 0 or more",
            });
        }
        if options.check_every == 0 {
            return Err(Error::InvalidSetting {
                name: "check_every",
                value: "0".to_string(),
                expected: "a positive number of iterations",
            });
        }
        let start = Instant::now();
        let mut progress = Progress {
            iterations: self.iterations,
            exploitability: self.exploitability,
            seconds: 0.0,
            reached: self.exploitability <= options.target,
        };
        let mut measured_at = self.iterations;
        let mut history: Vec<(u32, f64)> = Vec::new();
        let mut next = self.iterations + options.check_every;
        while !progress.reached && self.iterations < options.max_iterations {
            self.iterate();
            if self.iterations >= next || self.iterations == options.max_iterations {
                self.exploitability = self.compute_exploitability();
                measured_at = self.iterations;
                history.push((self.iterations, self.exploitability));
                next = next_check(&history, options);
            }
            progress = Progress {
                iterations: self.iterations,
                exploitability: self.exploitability,
                seconds: start.elapsed().as_secs_f64(),
                reached: self.exploitability <= options.target,
            };
            let out_of_time = options.time_limit.is_some_and(|l| start.elapsed() >= l);
            if stop(&progress) || out_of_time {
                break;
            }
        }
        if !self.exploitability.is_finite() || measured_at != self.iterations {
            self.exploitability = self.compute_exploitability();
            progress.exploitability = self.exploitability;
            progress.reached = self.exploitability <= options.target;
        }
        progress.seconds = start.elapsed().as_secs_f64();
        Ok(progress)
    }

    /// The sum over pairs of hands that can be dealt together of their weights' product:
    /// what root values are divided by to be chips per deal.
    fn pair_weight(&self) -> f64 {
        let mut out = vec![0.0f32; self.players.len(0)];
        let opp = &self.players.hands[1].weights;
        crate::solver::showdown::fold_values(
            &mut out,
            &self.players,
            0,
            opp,
            self.spot.board.mask(),
            1.0,
        );
        out.iter()
            .zip(&self.players.hands[0].weights)
            .map(|(&c, &w)| f64::from(c) * f64::from(w))
            .sum()
    }

    /// Player `p`'s expected chips (won or lost, from the start of the spot) per deal,
    /// playing as `mode` says against the other's average strategy.
    fn root_value(&self, p: usize, mode: Mode) -> f64 {
        let cfv = self.root_values(p, mode);
        let total: f64 = cfv
            .iter()
            .zip(&self.players.hands[p].weights)
            .map(|(&c, &w)| f64::from(c) * f64::from(w))
            .sum();
        total / self.pair_weight()
    }

    fn root_values(&self, p: usize, mode: Mode) -> Vec<f32> {
        let mut cfv = vec![0.0f32; self.players.len(p)];
        let opp = &self.players.hands[p ^ 1].weights;
        values(&self.ctx(), &self.storage, 0, p, opp, mode, &mut cfv);
        cfv
    }

    /// The exploitability of the average strategy, in chips per deal: the mean of what
    /// each player would gain by a best response (`exploitability.rs`).
    pub fn compute_exploitability(&self) -> f64 {
        let raked = self.spot.rake_rate > 0.0 && self.spot.rake_cap > 0.0;
        // Without rake the game is zero-sum: the average strategies' values cancel.
        let gain = |p: usize| {
            let best = self.root_value(p, Mode::Best);
            if raked {
                best - self.root_value(p, Mode::Average)
            } else {
                best
            }
        };
        let (g0, g1) = rayon::join(|| gain(0), || gain(1));
        (g0 + g1) / 2.0
    }

    /// [`Game::compute_exploitability`] as a percentage of the starting pot.
    pub fn exploitability_percent(&self) -> f64 {
        self.compute_exploitability() / f64::from(self.spot.pot) * 100.0
    }

    /// Each player's expected chips per deal under the average strategies (they add up
    /// to minus the expected rake).
    pub fn values(&self) -> [f64; 2] {
        [
            self.root_value(0, Mode::Average),
            self.root_value(1, Mode::Average),
        ]
    }

    /// Player `p`'s hands: combos and weights, in the order of every per-hand array.
    pub fn hands(&self, p: usize) -> Vec<(Combo, f32)> {
        let h = &self.players.hands[p.min(1)];
        h.combos
            .iter()
            .copied()
            .zip(h.weights.iter().copied())
            .collect()
    }

    /// Player `p`'s expected chips with each hand at the root (per deal of the opponent's
    /// range that the hand can meet; 0 for a hand that meets none).
    pub fn hand_values(&self, p: usize) -> Vec<f64> {
        let p = p.min(1);
        let cfv = self.root_values(p, Mode::Average);
        let mut meet = vec![0.0f32; self.players.len(p)];
        crate::solver::showdown::fold_values(
            &mut meet,
            &self.players,
            p,
            &self.players.hands[p ^ 1].weights,
            self.spot.board.mask(),
            1.0,
        );
        cfv.iter()
            .zip(&meet)
            .map(|(&v, &m)| {
                if m > 0.0 {
                    f64::from(v) / f64::from(m)
                } else {
                    0.0
                }
            })
            .collect()
    }

    /// The root node.
    pub fn root(&self) -> usize {
        0
    }

    /// Number of nodes in the tree.
    pub fn node_count(&self) -> usize {
        self.tree.nodes.len()
    }

    /// What node `node` is (`None` past the last node).
    pub fn kind(&self, node: usize) -> Option<NodeKind> {
        self.tree.nodes.get(node).map(|n| n.kind)
    }

    /// The edges out of `node` (actions at a decision, cards at a chance node) with the
    /// children they lead to. A chance node lists only its canonical cards.
    pub fn children(&self, node: usize) -> Vec<(Edge, usize)> {
        if node >= self.tree.nodes.len() {
            return Vec::new();
        }
        self.tree.children_of(node).collect()
    }

    /// The actions at decision `node` (empty for other nodes).
    pub fn actions(&self, node: usize) -> Vec<Action> {
        if node >= self.tree.nodes.len() {
            return Vec::new();
        }
        self.tree.actions(node)
    }

    /// The pot and each player's street amount at `node`.
    pub fn pot_at(&self, node: usize) -> Option<(i32, [i32; 2])> {
        let n = self.tree.nodes.get(node)?;
        let pot = self.spot.pot + 2 * n.invested + n.bets[0] + n.bets[1];
        Some((pot, n.bets))
    }

    /// The average strategy at decision `node`: one row per action, one value per hand
    /// of the player to act ([`Game::hands`]), each hand's column summing to 1.
    ///
    /// # Errors
    /// [`Error::InvalidSetting`] when `node` is not a decision.
    pub fn strategy(&self, node: usize) -> Result<Vec<f32>> {
        self.decision(node)?;
        Ok(average_strategy(&self.ctx(), &self.storage, node))
    }

    /// The player to act at `node` when it is a decision.
    pub(crate) fn decision(&self, node: usize) -> Result<usize> {
        match self.kind(node) {
            Some(NodeKind::Player(p)) => Ok(usize::from(p)),
            _ => Err(Error::InvalidSetting {
                name: "node",
                value: node.to_string(),
                expected: "the number of a decision node of the game",
            }),
        }
    }
}
