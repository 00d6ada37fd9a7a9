#!/usr/bin/env bash
# Times pokerforge-core's scalar Hold'em evaluator side by side with b-inary's
# holdem-hand-evaluator (not on crates.io), on the same random seven-card hands from
# memory, the two taken in turns in one run (see BENCHMARKS.md, "Hold'em evaluator").
#
# The peer's code never enters this repository: the user passes the path of their own
# checkout of it, and this script writes a throw-away harness crate into a temporary
# folder that depends on both by path, builds it with the release profile's settings
# (fat LTO, one codegen unit, no target-cpu), checks that both order the hands alike, and
# prints the median and best nanoseconds a hand of each, and their ratio.
#
# Usage: bash scripts/peer-binary-bench.sh PATH/TO/holdem-hand-evaluator [ROUNDS]
#   e.g. git clone https://github.com/b-inary/holdem-hand-evaluator /tmp/peer-binary
#        bash scripts/peer-binary-bench.sh /tmp/peer-binary 300
set -euo pipefail
peer=$(cd "${1:?usage: peer-binary-bench.sh PEER_CHECKOUT [ROUNDS]}" && pwd)
rounds=${2:-300}
core=$(cd "$(dirname "$0")/../rust/core" && pwd)
test -f "$peer/src/hand.rs" || { echo "$peer is not a holdem-hand-evaluator checkout" >&2; exit 2; }

harness=$(mktemp -d "${TMPDIR:-/tmp}/pokerforge-peer-XXXXXX")
trap 'rm -rf "$harness"' EXIT
mkdir -p "$harness/src"
cat > "$harness/Cargo.toml" <<EOF
[package]
name = "peer-harness"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
pokerforge-core = { path = "$core" }
holdem-hand-evaluator = { path = "$peer" }

[profile.release]
lto = "fat"
codegen-units = 1

[profile.release.build-override]
opt-level = 3
EOF
cat > "$harness/src/main.rs" <<'EOF'
use std::hint::black_box;
use std::time::Instant;

const HANDS: usize = 1 << 16;

/// `HANDS` random seven-card hands as card indices (4 * rank + suit, both libraries'
/// numbering), from a fixed xorshift seed.
fn random_hands() -> Vec<u8> {
    let mut s = 0x9E37_79B9_7F4A_7C15u64;
    let mut out = Vec::with_capacity(HANDS * 7);
    for _ in 0..HANDS {
        let (mut used, mut n) = (0u64, 0);
        while n < 7 {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            let c = (s % 52) as u8;
            if used >> c & 1 == 0 {
                used |= 1 << c;
                out.push(c);
                n += 1;
            }
        }
    }
    out
}

fn ours(hands: &[u8]) -> u32 {
    let mut sum = 0u32;
    for h in hands.chunks_exact(7) {
        sum = sum.wrapping_add(u32::from(pokerforge_core::eval::high::rank_indices(h).class()));
    }
    sum
}

fn peer_rank(h: &[u8]) -> u16 {
    let mut hand = holdem_hand_evaluator::Hand::new();
    for &c in h {
        hand = hand.add_card(usize::from(c));
    }
    hand.evaluate()
}

fn peer(hands: &[u8]) -> u32 {
    let mut sum = 0u32;
    for h in hands.chunks_exact(7) {
        sum = sum.wrapping_add(u32::from(peer_rank(h)));
    }
    sum
}

fn main() {
    let rounds: usize = std::env::args().nth(1).map_or(300, |a| a.parse().expect("rounds"));
    let hands = random_hands();
    let a: Vec<u16> = hands
        .chunks_exact(7)
        .map(|h| pokerforge_core::eval::high::rank_indices(h).class())
        .collect();
    let b: Vec<u16> = hands.chunks_exact(7).map(peer_rank).collect();
    for i in 1..a.len() {
        assert_eq!(a[i].cmp(&a[i - 1]), b[i].cmp(&b[i - 1]), "hands {} and {i} order differently", i - 1);
    }
    let (mut t_ours, mut t_peer) = (Vec::new(), Vec::new());
    for r in 0..rounds {
        let time = |f: fn(&[u8]) -> u32, into: &mut Vec<f64>| {
            let t = Instant::now();
            black_box(f(black_box(&hands)));
            into.push(t.elapsed().as_secs_f64() * 1e9 / HANDS as f64);
        };
        if r % 2 == 0 {
            time(ours, &mut t_ours);
            time(peer, &mut t_peer);
        } else {
            time(peer, &mut t_peer);
            time(ours, &mut t_ours);
        }
    }
    let stats = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        (v[v.len() / 2], v[0])
    };
    let (om, ob) = stats(&mut t_ours);
    let (pm, pb) = stats(&mut t_peer);
    println!("random 7-card hands from memory, {HANDS} hands x {rounds} rounds, in turns");
    println!("pokerforge rank_indices   median {om:.3} ns/hand  best {ob:.3}");
    println!("b-inary Hand::evaluate    median {pm:.3} ns/hand  best {pb:.3}");
    println!("ratio (peer / pokerforge) median {:.2}x  best {:.2}x", pm / om, pb / ob);
}
EOF
echo "building the harness in $harness (load: $(cut -d' ' -f1-3 /proc/loadavg))" >&2
CARGO_TARGET_DIR="$harness/target" cargo build --quiet --release --manifest-path "$harness/Cargo.toml"
echo "load before the run: $(cut -d' ' -f1-3 /proc/loadavg)"
"$harness/target/release/peer-harness" "$rounds"
echo "load after the run: $(cut -d' ' -f1-3 /proc/loadavg)"
