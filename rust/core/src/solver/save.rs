//! Save and load of a game, solved or not, in a small versioned binary format.
//!
//! # Format (version 1, little-endian)
//! - `PFSOLVER` (8 bytes), the version (`u32`).
//! - The spot: board mask (`u64`), pot and stack (`i32`), all-in and merge thresholds,
//!   rake rate and cap (`f64`), both ranges (1,326 `f64` weights each), the sizes of each
//!   street and player (bets, then raises) and the two donk lists (a presence byte first).
//!   A list is a count (`u8`) of sizes; a size is a tag (`u8`: 0 pot share, 1 multiple,
//!   2 geometric, 3 all-in), an `f64` and a `u8` (the geometric streets).
//! - Options: compressed and isomorphism (`u8` each); iterations (`u32`); the last
//!   exploitability (`f64`).
//! - Locks: a count (`u32`), then per lock its node (`u64`), length (`u64`) and values
//!   (`f32`).
//! - Storage: the value count (`u64`), regrets then strategy sums (`f32` each, or `i16`
//!   and `u16` compressed, then each node's two `f32` scales).
//! - An FNV-1a 64-bit checksum of every byte before it.
//!
//! Loading rebuilds the tree from the spot (the tree is a function of it) and checks that
//! the stored values fit it, so a file never yields a game whose storage and tree disagree.

use super::bet_size::{BetSize, BetSizes};
use super::game::{Game, GameOptions};
use super::slab::Storage;
use super::spot::Spot;
use crate::card_set::CardSet;
use crate::error::{Error, Result};
use crate::range::{Combo, Range, COMBOS};

const MAGIC: &[u8; 8] = b"PFSOLVER";
const VERSION: u32 = 1;

fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

struct Writer(Vec<u8>);

impl Writer {
    fn put(&mut self, bytes: &[u8]) {
        self.0.extend_from_slice(bytes);
    }
    fn sizes(&mut self, sizes: &[BetSize]) {
        self.put(&[sizes.len() as u8]);
        for size in sizes {
            let (tag, x, n) = match *size {
                BetSize::Pot(x) => (0u8, x, 0u8),
                BetSize::Multiple(x) => (1, x, 0),
                BetSize::Geometric { streets, cap } => (2, cap, streets),
                BetSize::AllIn => (3, 0.0, 0),
            };
            self.put(&[tag]);
            self.put(&x.to_le_bytes());
            self.put(&[n]);
        }
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

fn bad(reason: &str) -> Error {
    Error::InvalidSavedGame {
        reason: reason.to_string(),
    }
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8]> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or_else(|| bad("it ends too early"))?;
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }
    fn array<const N: usize>(&mut self) -> Result<[u8; N]> {
        let mut out = [0u8; N];
        out.copy_from_slice(self.take(N)?);
        Ok(out)
    }
    fn u8(&mut self) -> Result<u8> {
        Ok(self.array::<1>()?[0])
    }
    fn u32(&mut self) -> Result<u32> {
        Ok(u32::from_le_bytes(self.array()?))
    }
    fn i32(&mut self) -> Result<i32> {
        Ok(i32::from_le_bytes(self.array()?))
    }
    fn u64(&mut self) -> Result<u64> {
        Ok(u64::from_le_bytes(self.array()?))
    }
    fn f64(&mut self) -> Result<f64> {
        Ok(f64::from_le_bytes(self.array()?))
    }
    fn f32(&mut self) -> Result<f32> {
        Ok(f32::from_le_bytes(self.array()?))
    }
    fn sizes(&mut self) -> Result<Vec<BetSize>> {
        let count = self.u8()?;
        (0..count)
            .map(|_| {
                let (tag, x, n) = (self.u8()?, self.f64()?, self.u8()?);
                Ok(match tag {
                    0 => BetSize::Pot(x),
                    1 => BetSize::Multiple(x),
                    2 => BetSize::Geometric { streets: n, cap: x },
                    3 => BetSize::AllIn,
                    _ => return Err(bad("a bet size has an unknown kind")),
                })
            })
            .collect()
    }
}

impl Game {
    /// The game as bytes of the module's format (`save.rs`).
    pub fn save(&self) -> Vec<u8> {
        let mut w = Writer(Vec::new());
        w.put(MAGIC);
        w.put(&VERSION.to_le_bytes());
        let s = &self.spot;
        w.put(&s.board.mask().to_le_bytes());
        w.put(&s.pot.to_le_bytes());
        w.put(&s.stack.to_le_bytes());
        for x in [
            s.allin_threshold,
            s.merge_threshold,
            s.rake_rate,
            s.rake_cap,
        ] {
            w.put(&x.to_le_bytes());
        }
        for range in &s.ranges {
            for &x in range.weights().iter() {
                w.put(&x.to_le_bytes());
            }
        }
        for street in &s.sizes {
            for sizes in street {
                w.sizes(&sizes.bet);
                w.sizes(&sizes.raise);
            }
        }
        for donk in &s.donk {
            w.put(&[u8::from(donk.is_some())]);
            w.sizes(donk.as_deref().unwrap_or(&[]));
        }
        w.put(&[
            u8::from(self.options.compressed),
            u8::from(self.options.isomorphism),
        ]);
        w.put(&self.iterations.to_le_bytes());
        w.put(&self.exploitability.to_le_bytes());
        let mut locks: Vec<_> = self.locks.iter().collect();
        locks.sort_by_key(|(n, _)| **n);
        w.put(&(locks.len() as u32).to_le_bytes());
        for (node, values) in locks {
            w.put(&(*node as u64).to_le_bytes());
            w.put(&(values.len() as u64).to_le_bytes());
            for x in values {
                w.put(&x.to_le_bytes());
            }
        }
        w.put(&self.tree.entries.to_le_bytes());
        match &self.storage {
            Storage::Full { regret, strategy } => {
                for x in regret.iter().chain(strategy) {
                    w.put(&x.to_le_bytes());
                }
            }
            Storage::Compressed {
                regret,
                strategy,
                scales,
            } => {
                for x in regret {
                    w.put(&x.to_le_bytes());
                }
                for x in strategy {
                    w.put(&x.to_le_bytes());
                }
                for x in scales.iter().flatten() {
                    w.put(&x.to_le_bytes());
                }
            }
        }
        let sum = fnv(&w.0);
        w.put(&sum.to_le_bytes());
        w.0
    }

    /// The game saved in `bytes`, rebuilt within `memory_limit` bytes.
    ///
    /// # Errors
    /// [`Error::InvalidSavedGame`] for bytes of another format or version, a checksum that
    /// does not match, or values that do not fit the rebuilt tree; what [`Game::new`]
    /// returns for the spot inside.
    pub fn load(bytes: &[u8], memory_limit: u64) -> Result<Game> {
        if bytes.len() < 20 || &bytes[..8] != MAGIC {
            return Err(bad("it does not start with PFSOLVER"));
        }
        let (body, sum) = bytes.split_at(bytes.len() - 8);
        let mut stored = [0u8; 8];
        stored.copy_from_slice(sum);
        if fnv(body) != u64::from_le_bytes(stored) {
            return Err(bad(
                "the checksum does not match (the bytes were changed or cut)",
            ));
        }
        let mut r = Reader { bytes: body, at: 8 };
        let version = r.u32()?;
        if version != VERSION {
            return Err(Error::InvalidSavedGame {
                reason: format!("it is version {version}, and this build reads version {VERSION}"),
            });
        }
        let board = CardSet::from_mask(r.u64()?).map_err(|_| bad("the board is not cards"))?;
        let (pot, stack) = (r.i32()?, r.i32()?);
        let [allin_threshold, merge_threshold, rake_rate, rake_cap] =
            [r.f64()?, r.f64()?, r.f64()?, r.f64()?];
        let mut ranges = [Range::empty(), Range::empty()];
        for range in &mut ranges {
            for i in 0..COMBOS {
                let weight = r.f64()?;
                if weight != 0.0 {
                    let combo =
                        Combo::from_index(i).ok_or_else(|| bad("a combo is out of range"))?;
                    range
                        .set_weight(combo, weight)
                        .map_err(|_| bad("a range weight is not from 0 to 1"))?;
                }
            }
        }
        let mut sizes: [[BetSizes; 2]; 3] = Default::default();
        for street in &mut sizes {
            for player in street {
                player.bet = r.sizes()?;
                player.raise = r.sizes()?;
            }
        }
        let mut donk: [Option<Vec<BetSize>>; 2] = [None, None];
        for d in &mut donk {
            let present = r.u8()? == 1;
            let list = r.sizes()?;
            *d = present.then_some(list);
        }
        let spot = Spot {
            board,
            ranges,
            pot,
            stack,
            sizes,
            donk,
            allin_threshold,
            merge_threshold,
            rake_rate,
            rake_cap,
        };
        let options = GameOptions {
            compressed: r.u8()? == 1,
            isomorphism: r.u8()? == 1,
            memory_limit,
        };
        let iterations = r.u32()?;
        let exploitability = r.f64()?;
        let mut game = Game::new(spot, options)?;
        game.iterations = iterations;
        game.exploitability = exploitability;
        let locks = r.u32()?;
        for _ in 0..locks {
            let node = r.u64()? as usize;
            let len = r.u64()? as usize;
            let expected = game
                .lock_len(node)
                .ok_or_else(|| bad("a lock is on no decision"))?;
            if len != expected {
                return Err(bad("a lock does not fit its decision"));
            }
            let values = (0..len).map(|_| r.f32()).collect::<Result<Vec<_>>>()?;
            game.locks.insert(node, values);
        }
        if r.u64()? != game.tree.entries {
            return Err(bad("its values do not fit the spot's tree"));
        }
        let n = game.tree.entries as usize;
        let nodes = game.tree.nodes.len();
        let needed = if options.compressed {
            4 * n + 8 * nodes
        } else {
            8 * n
        };
        if body.len() - r.at != needed {
            return Err(bad("its values do not fit the spot's tree"));
        }
        match &mut game.storage {
            Storage::Full { regret, strategy } => {
                for x in regret.iter_mut().chain(strategy.iter_mut()) {
                    *x = r.f32()?;
                }
            }
            Storage::Compressed {
                regret,
                strategy,
                scales,
            } => {
                for x in regret.iter_mut() {
                    *x = i16::from_le_bytes(r.array()?);
                }
                for x in strategy.iter_mut() {
                    *x = u16::from_le_bytes(r.array()?);
                }
                for x in scales.iter_mut().flatten() {
                    *x = r.f32()?;
                }
            }
        }
        Ok(game)
    }
}
