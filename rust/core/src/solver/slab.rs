//! The solver's per-decision storage, 32-bit floats or 16-bit integers, and the views of
//! a subtree's part of it that the threads work on.
//!
//! # Compressed form
//! Each decision keeps its cumulative regrets as `i16` and its cumulative strategy as
//! `u16`, each row set with one `f32` scale per decision: a value is `q * scale / 32767`
//! (regrets) or `q * scale / 65535` (strategy), the scale being the largest magnitude of
//! the decision's values when they were last written. Half the memory of the float form;
//! the rounding error is at most half a step of the decision's largest value, small
//! beside the regrets that decide the strategy.

use super::pool::Buf;

/// The storage of a whole game.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Storage {
    /// 32-bit floats.
    Full {
        regret: Vec<f32>,
        strategy: Vec<f32>,
    },
    /// 16-bit integers with a scale per decision (`scales[node] = [regret, strategy]`).
    Compressed {
        regret: Vec<i16>,
        strategy: Vec<u16>,
        scales: Vec<[f32; 2]>,
    },
}

impl Storage {
    /// Zeroed storage for `entries` values and `nodes` nodes.
    pub fn new(entries: usize, nodes: usize, compressed: bool) -> Storage {
        if compressed {
            Storage::Compressed {
                regret: vec![0; entries],
                strategy: vec![0; entries],
                scales: vec![[0.0; 2]; nodes],
            }
        } else {
            Storage::Full {
                regret: vec![0.0; entries],
                strategy: vec![0.0; entries],
            }
        }
    }

    /// Bytes per value (regret and strategy together).
    pub fn entry_bytes(compressed: bool) -> u64 {
        if compressed {
            4
        } else {
            8
        }
    }

    /// Whether the values are 16-bit.
    pub fn is_compressed(&self) -> bool {
        matches!(self, Storage::Compressed { .. })
    }

    /// A view of all of it.
    pub fn slab(&mut self) -> Slab<'_> {
        match self {
            Storage::Full { regret, strategy } => Slab {
                data: Data::Full { regret, strategy },
                base: 0,
                id_base: 0,
            },
            Storage::Compressed {
                regret,
                strategy,
                scales,
            } => Slab {
                data: Data::Compressed {
                    regret,
                    strategy,
                    scales,
                },
                base: 0,
                id_base: 0,
            },
        }
    }

    /// The cumulative strategy of a decision (`len` values from `offset`), decoded.
    pub fn strategy_sums(&self, node: usize, offset: u64, len: usize) -> Vec<f32> {
        let o = offset as usize;
        match self {
            Storage::Full { strategy, .. } => strategy[o..o + len].to_vec(),
            Storage::Compressed {
                strategy, scales, ..
            } => {
                let d = scales[node][1] / f32::from(u16::MAX);
                strategy[o..o + len]
                    .iter()
                    .map(|&q| f32::from(q) * d)
                    .collect()
            }
        }
    }
}

#[derive(Debug)]
enum Data<'a> {
    Full {
        regret: &'a mut [f32],
        strategy: &'a mut [f32],
    },
    Compressed {
        regret: &'a mut [i16],
        strategy: &'a mut [u16],
        scales: &'a mut [[f32; 2]],
    },
}

/// A subtree's part of the storage: values from global offset `base`, node scales from
/// node `id_base`.
#[derive(Debug)]
pub(crate) struct Slab<'a> {
    data: Data<'a>,
    base: u64,
    id_base: usize,
}

impl<'a> Slab<'a> {
    /// The same view, borrowed again (for one child at a time).
    pub fn reborrow(&mut self) -> Slab<'_> {
        let data = match &mut self.data {
            Data::Full { regret, strategy } => Data::Full { regret, strategy },
            Data::Compressed {
                regret,
                strategy,
                scales,
            } => Data::Compressed {
                regret,
                strategy,
                scales,
            },
        };
        Slab {
            data,
            base: self.base,
            id_base: self.id_base,
        }
    }

    /// Splits at global value offset `at` and node `id_at`: the part before and the
    /// part from there on.
    pub fn split(self, at: u64, id_at: usize) -> (Slab<'a>, Slab<'a>) {
        let k = (at - self.base) as usize;
        let (left, right) = match self.data {
            Data::Full { regret, strategy } => {
                let (r0, r1) = regret.split_at_mut(k);
                let (s0, s1) = strategy.split_at_mut(k);
                (
                    Data::Full {
                        regret: r0,
                        strategy: s0,
                    },
                    Data::Full {
                        regret: r1,
                        strategy: s1,
                    },
                )
            }
            Data::Compressed {
                regret,
                strategy,
                scales,
            } => {
                let (r0, r1) = regret.split_at_mut(k);
                let (s0, s1) = strategy.split_at_mut(k);
                let (c0, c1) = scales.split_at_mut(id_at - self.id_base);
                (
                    Data::Compressed {
                        regret: r0,
                        strategy: s0,
                        scales: c0,
                    },
                    Data::Compressed {
                        regret: r1,
                        strategy: s1,
                        scales: c1,
                    },
                )
            }
        };
        (
            Slab {
                data: left,
                base: self.base,
                id_base: self.id_base,
            },
            Slab {
                data: right,
                base: at,
                id_base: id_at,
            },
        )
    }

    /// The current strategy of the decision at `offset` by regret matching: `actions` rows of `n`
    /// (each hand's positive regrets, normalised; uniform when none is positive).
    pub fn current_strategy(&self, offset: u64, actions: usize, n: usize) -> Buf {
        let o = (offset - self.base) as usize;
        let len = actions * n;
        match &self.data {
            Data::Full { regret, .. } => regret_matching(&regret[o..o + len], actions, n, |r| r),
            Data::Compressed { regret, .. } => {
                regret_matching(&regret[o..o + len], actions, n, f32::from)
            }
        }
    }

    /// The current strategy of decision `node` (as [`Slab::current_strategy`]) and the
    /// player's reach `own` times it, having updated the decision's strategy sums with
    /// the latter ([`Slab::update_strategy`]).
    ///
    /// With 32-bit storage the sums are scaled by `gamma` in the same pass that reads the
    /// regrets: both arrays are cold (each is read once an iteration), and their cache
    /// misses then overlap instead of coming one array after the other.
    pub fn strategy_for(
        &mut self,
        node: usize,
        offset: u64,
        own: &[f32],
        actions: usize,
        gamma: f32,
    ) -> (Buf, Buf) {
        let n = own.len();
        let o = (offset - self.base) as usize;
        let len = actions * n;
        let Data::Full { regret, strategy } = &mut self.data else {
            let sigma = self.current_strategy(offset, actions, n);
            let weighted = weigh(&sigma, own);
            self.update_strategy(node, offset, &weighted, gamma);
            return (sigma, weighted);
        };
        let (regret, strategy) = (&regret[o..o + len], &mut strategy[o..o + len]);
        let mut sigma = Buf::scratch(len);
        let mut sums = Buf::scratch(n);
        let rows = sigma.chunks_exact_mut(n).zip(regret.chunks_exact(n));
        for (a, ((row, row_r), row_s)) in rows.zip(strategy.chunks_exact_mut(n)).enumerate() {
            for ((x, &r), y) in row.iter_mut().zip(row_r).zip(row_s.iter_mut()) {
                *x = r.max(0.0);
                *y *= gamma;
            }
            if a == 0 {
                sums.copy_from_slice(row);
            } else {
                for (t, &x) in sums.iter_mut().zip(row.iter()) {
                    *t += x;
                }
            }
        }
        scale_columns(&mut sigma, &mut sums, actions, n);
        let weighted = weigh(&sigma, own);
        for (y, &w) in strategy.iter_mut().zip(weighted.iter()) {
            *y += w;
        }
        (sigma, weighted)
    }

    /// The DCFR update of decision `node`'s strategy sums: `S = S * gamma + weighted`
    /// (the player's reach times the current strategy).
    ///
    /// The solver calls it before the decision's children, not after: the sums are
    /// read nowhere else in an iteration, so they are cold, and their cache misses then
    /// overlap those of the regrets just read for the current strategy.
    pub fn update_strategy(&mut self, node: usize, offset: u64, weighted: &[f32], gamma: f32) {
        let o = (offset - self.base) as usize;
        let len = weighted.len();
        match &mut self.data {
            Data::Full { strategy, .. } => {
                for (s, &w) in strategy[o..o + len].iter_mut().zip(weighted) {
                    *s = *s * gamma + w;
                }
            }
            Data::Compressed {
                strategy, scales, ..
            } => {
                let k = node - self.id_base;
                let sd = scales[k][1] / f32::from(u16::MAX);
                let mut new_s = Buf::scratch(len);
                for ((x, &q), &w) in new_s.iter_mut().zip(&strategy[o..o + len]).zip(weighted) {
                    *x = f32::from(q) * sd * gamma + w;
                }
                let smax = new_s.iter().fold(0.0f32, |m, &x| m.max(x));
                let se = if smax > 0.0 {
                    f32::from(u16::MAX) / smax
                } else {
                    0.0
                };
                for (q, &x) in strategy[o..o + len].iter_mut().zip(new_s.iter()) {
                    *q = (x * se + 0.5) as u16;
                }
                scales[k][1] = smax;
            }
        }
    }

    /// The DCFR update of decision `node`'s regrets: `R = R * (R > 0 ? alpha : beta) +
    /// (cfv[a] - value)`; hands with `frozen[h]` (locked) keep none.
    #[allow(clippy::too_many_arguments)]
    pub fn update_regrets(
        &mut self,
        node: usize,
        offset: u64,
        n: usize,
        cfv: &[f32],
        value: &[f32],
        discount: [f32; 3],
        frozen: Option<&[bool]>,
    ) {
        let o = (offset - self.base) as usize;
        let len = cfv.len();
        let [alpha, beta, _] = discount;
        match &mut self.data {
            Data::Full { regret, .. } => {
                let regret = &mut regret[o..o + len];
                for (row_r, row_c) in regret.chunks_exact_mut(n).zip(cfv.chunks_exact(n)) {
                    for ((r, &c), &v) in row_r.iter_mut().zip(row_c).zip(value) {
                        let coef = if *r > 0.0 { alpha } else { beta };
                        *r = *r * coef + (c - v);
                    }
                }
                if let Some(frozen) = frozen {
                    for row in regret.chunks_exact_mut(n) {
                        for (r, &f) in row.iter_mut().zip(frozen) {
                            if f {
                                *r = 0.0;
                            }
                        }
                    }
                }
            }
            Data::Compressed { regret, scales, .. } => {
                let k = node - self.id_base;
                let rd = scales[k][0] / f32::from(i16::MAX);
                let mut new_r = Buf::scratch(len);
                let rows = new_r
                    .chunks_exact_mut(n)
                    .zip(regret[o..o + len].chunks_exact(n));
                for ((row_n, row_q), row_c) in rows.zip(cfv.chunks_exact(n)) {
                    for (((x, &q), &c), &v) in row_n.iter_mut().zip(row_q).zip(row_c).zip(value) {
                        let r = f32::from(q) * rd;
                        let coef = if r > 0.0 { alpha } else { beta };
                        *x = r * coef + (c - v);
                    }
                }
                if let Some(frozen) = frozen {
                    for row in new_r.chunks_exact_mut(n) {
                        for (r, &f) in row.iter_mut().zip(frozen) {
                            if f {
                                *r = 0.0;
                            }
                        }
                    }
                }
                let rmax = new_r.iter().fold(0.0f32, |m, &x| m.max(x.abs()));
                let re = if rmax > 0.0 {
                    f32::from(i16::MAX) / rmax
                } else {
                    0.0
                };
                for (q, &x) in regret[o..o + len].iter_mut().zip(new_r.iter()) {
                    // Round half away from zero without a call to `roundf` (no SSE4.1 assumed).
                    *q = (x * re + 0.5f32.copysign(x)) as i16;
                }
                scales[k][0] = rmax;
            }
        }
    }
}

/// Each row of `sigma` times `own`, hand by hand.
pub(crate) fn weigh(sigma: &[f32], own: &[f32]) -> Buf {
    let mut weighted = Buf::scratch(sigma.len());
    for (w, s) in weighted
        .chunks_exact_mut(own.len())
        .zip(sigma.chunks_exact(own.len()))
    {
        for ((w, &r), &s) in w.iter_mut().zip(own).zip(s) {
            *w = r * s;
        }
    }
    weighted
}

/// Regret matching over `actions` rows of `n` regrets: each hand's positive parts,
/// normalised (uniform when none is positive). Branch-free, so that it vectorises; the
/// positive parts are written and summed in one pass.
fn regret_matching<T: Copy>(regret: &[T], actions: usize, n: usize, f: impl Fn(T) -> f32) -> Buf {
    let mut s = Buf::scratch(regret.len());
    let mut sums = Buf::scratch(n);
    for (a, (row, row_r)) in s
        .chunks_exact_mut(n)
        .zip(regret.chunks_exact(n))
        .enumerate()
    {
        for (x, &r) in row.iter_mut().zip(row_r) {
            *x = f(r).max(0.0);
        }
        if a == 0 {
            sums.copy_from_slice(row);
        } else {
            for (t, &x) in sums.iter_mut().zip(row.iter()) {
                *t += x;
            }
        }
    }
    scale_columns(&mut s, &mut sums, actions, n);
    s
}

/// Normalises each hand's column of `actions` rows of `n` to sum 1 (uniform when 0).
pub(crate) fn normalise(s: &mut [f32], actions: usize, n: usize) {
    let mut sums = Buf::zeroed(n);
    for row in s.chunks_exact(n) {
        for (t, &x) in sums.iter_mut().zip(row) {
            *t += x;
        }
    }
    scale_columns(s, &mut sums, actions, n);
}

/// Divides each hand's column of `s` by its sum in `sums` (a uniform column when the sum is
/// not positive); `sums` is overwritten.
fn scale_columns(s: &mut [f32], sums: &mut [f32], actions: usize, n: usize) {
    // Each hand's factor and its uniform share: (1/sum, 0) or (0, 1/actions).
    let uniform = 1.0 / actions as f32;
    let mut add = Buf::scratch(n);
    for (t, a) in sums.iter_mut().zip(add.iter_mut()) {
        let positive = *t > 0.0;
        *a = if positive { 0.0 } else { uniform };
        *t = if positive { 1.0 / *t } else { 0.0 };
    }
    for row in s.chunks_exact_mut(n) {
        for ((x, &k), &a) in row.iter_mut().zip(sums.iter()).zip(add.iter()) {
            *x = *x * k + a;
        }
    }
}
