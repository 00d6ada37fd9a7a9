//! Measures the floor under the scalar Hold'em evaluator: `scalar_floor [ROUNDS] [ROWS]`
//! times, in turns, on the same ROWS random seven-card rows (default 65,536) and ROUNDS
//! times (default 2,000):
//! - `rank_indices`, the evaluator itself;
//! - `keys`: only what every hand must do before any table read (its seven card keys
//!   summed, the flush test and the hash multiply), with no read at all;
//! - `keys + one read of N KiB`: that, plus one read of a `u16` table of N KiB at the
//!   hashed slot, for tables the size of the displacements (16 KiB), of less than the
//!   73,775 rank multisets need (128 KiB) and of the rank table (256 KiB);
//! - `keys + two reads, chained`: a 16 KiB read whose value moves the 256 KiB read, the
//!   shape of the evaluator's hash and displace;
//! - `keys + two reads, independent`: a 128 KiB and a 256 KiB read at slots of two
//!   multiplies, xored, the shape of a two-table retrieval (XOR) hash.
//!
//! All but the first give wrong answers on purpose: they time a table layout's reads
//! without its tables (see BENCHMARKS.md, "Scalar against b-inary's
//! holdem-hand-evaluator"). Each prints its median and best nanoseconds a hand.

use std::hint::black_box;
use std::time::Instant;

use pokerforge_bench::random_rows;
use pokerforge_core::eval::hash::{card_key, mix, FLUSH_BITS, SUIT_START};
use pokerforge_core::eval::high::rank_indices;

/// Card keys as the evaluator builds them, the first card's with the suit counters' start.
struct Keys {
    first: [u64; 256],
    rest: [u64; 256],
}

impl Keys {
    fn new() -> Keys {
        let mut keys = Keys {
            first: [0; 256],
            rest: [0; 256],
        };
        for i in 0..52u8 {
            keys.rest[usize::from(i)] = card_key(i);
            keys.first[usize::from(i)] = card_key(i) + SUIT_START;
        }
        keys
    }

    /// The summed key of a row: the same loads and adds as `rank_indices`.
    #[inline(always)]
    fn sum(&self, row: &[u8]) -> u64 {
        let (&first, rest) = row.split_first().expect("seven cards");
        rest.iter().fold(self.first[usize::from(first)], |key, &c| {
            key + self.rest[usize::from(c)]
        })
    }
}

/// The reads a variant makes after the keys.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reads {
    /// One read of a table of `2^bits` entries (`0`: none).
    One(u32),
    /// A 16 KiB read, then a 256 KiB read at a slot xored with its value.
    Chained,
    /// A 128 KiB and a 256 KiB read at independent slots, xored.
    Independent,
}

/// The keys, then `reads`.
#[inline(always)]
fn floor(reads: Reads, keys: &Keys, table: &[u16; 1 << 17], rows: &[u8]) -> u32 {
    let mut sum = 0u32;
    for row in rows.chunks_exact(7) {
        let key = keys.sum(row);
        let value = if key & FLUSH_BITS == 0 {
            let h = mix(key as u32);
            match reads {
                Reads::One(0) => h >> 15,
                Reads::One(bits) => u32::from(table[(h >> (32 - bits)) as usize]),
                Reads::Chained => {
                    let d = table[(h >> 19) as usize];
                    u32::from(table[((h >> 2) as usize & 0x1FFFF) ^ usize::from(d)])
                }
                Reads::Independent => {
                    let h2 = (key as u32).wrapping_mul(0x6C8E_9CF5);
                    u32::from(table[(h >> 16) as usize] ^ table[(h2 >> 15) as usize])
                }
            }
        } else {
            (key >> 32) as u32
        };
        sum = sum.wrapping_add(value);
    }
    sum
}

/// [`floor`] with `reads` fixed at compile time, as a separate function.
macro_rules! variant {
    ($name:ident, $reads:expr) => {
        #[inline(never)]
        fn $name(keys: &Keys, table: &[u16; 1 << 17], rows: &[u8]) -> u32 {
            floor($reads, keys, table, rows)
        }
    };
}
variant!(no_read, Reads::One(0));
variant!(read_16k, Reads::One(13));
variant!(read_128k, Reads::One(16));
variant!(read_256k, Reads::One(17));
variant!(chained, Reads::Chained);
variant!(independent, Reads::Independent);

#[inline(never)]
fn evaluator(rows: &[u8]) -> u32 {
    rows.chunks_exact(7).fold(0u32, |sum, row| {
        sum.wrapping_add(u32::from(rank_indices(row).class()))
    })
}

fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: usize = args.next().map_or(2000, |a| a.parse().expect("ROUNDS"));
    let hands: usize = args.next().map_or(1 << 16, |a| a.parse().expect("ROWS"));
    let rows = random_rows(7, hands, 1);
    let keys = Keys::new();
    let table: Box<[u16; 1 << 17]> = (0..1u32 << 17)
        .map(|i| (i.wrapping_mul(0x9E37_79B1) >> 16) as u16)
        .collect::<Vec<u16>>()
        .into_boxed_slice()
        .try_into()
        .expect("2^17 entries");
    let names = [
        "rank_indices (the evaluator)",
        "keys, no read",
        "keys + one read of 16 KiB",
        "keys + one read of 128 KiB",
        "keys + one read of 256 KiB",
        "keys + two reads, chained",
        "keys + two reads, independent",
    ];
    let mut times = vec![Vec::new(); names.len()];
    for r in 0..rounds {
        for i in 0..names.len() {
            // Rotate the order each round so no variant always follows the same one.
            let which = (i + r) % names.len();
            let rows = black_box(rows.as_slice());
            let t = Instant::now();
            let sum = match which {
                0 => evaluator(rows),
                1 => no_read(&keys, &table, rows),
                2 => read_16k(&keys, &table, rows),
                3 => read_128k(&keys, &table, rows),
                4 => read_256k(&keys, &table, rows),
                5 => chained(&keys, &table, rows),
                _ => independent(&keys, &table, rows),
            };
            black_box(sum);
            times[which].push(t.elapsed().as_secs_f64() * 1e9 / hands as f64);
        }
    }
    println!("7-card rows, {hands} random hands x {rounds} rounds, in turns");
    for (name, t) in names.iter().zip(&mut times) {
        t.sort_by(f64::total_cmp);
        println!(
            "{name:30} median {:.3} ns/hand  best {:.3}",
            t[t.len() / 2],
            t[0]
        );
    }
}
