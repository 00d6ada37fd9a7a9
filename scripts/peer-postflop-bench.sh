#!/usr/bin/env bash
# Solves the postflop solver's reference spots with pokerforge-core and with b-inary's
# postflop-solver (AGPL: built from the user's own checkout, never copied here), the same
# tree and target in both, the two taken in turns, and prints each one's wall time, CPU
# time, peak memory and iterations, then how far apart their root values are per hand.
#
# Spots (the solver issue's reference): out of position
# 66+,A8s+,A5s-A4s,AJo+,K9s+,KQo,QTs+,JTs,96s+,85s+,75s+,65s,54s against
# QQ-22,AQs-A2s,ATo+,K5s+,KJo+,Q8s+,J8s+,T7s+,96s+,86s+,75s+,64s+,53s+ on Td9d6h, pot 200,
# stacks 900, bets 50% of the pot and all-in, raises 2.5x, all-in when less than 15% of the
# pot would be left behind, sizes merged within 10%, no rake, target 0.5% of the pot; the
# river Qc 2s, the turn Qc, and the flop.
#
# Usage: bash scripts/peer-postflop-bench.sh PATH/TO/postflop-solver [STREETS] [ROUNDS] [compress] [PERCENT]
#   e.g. git clone https://github.com/b-inary/postflop-solver /tmp/peer-postflop
#        bash scripts/peer-postflop-bench.sh /tmp/peer-postflop "river turn" 3
#   (the flop takes minutes a round in each: run it with ROUNDS 1; PERCENT, the target in
#   percent of the pot, 0.5 by default: a tighter one, e.g. 0.01 on the river, shows how
#   close the two solutions come as both converge)
set -euo pipefail
peer=$(cd "${1:?usage: peer-postflop-bench.sh PEER_CHECKOUT [STREETS] [ROUNDS] [compress]}" && pwd)
streets=${2:-river turn}
rounds=${3:-3}
compress=${4:-nocompress}
percent=${5:-0.5}
root=$(cd "$(dirname "$0")/.." && pwd)
test -f "$peer/src/solver.rs" || { echo "$peer is not a postflop-solver checkout" >&2; exit 2; }

harness=${PEER_HARNESS_DIR:-${TMPDIR:-/tmp}/pokerforge-peer-postflop}
mkdir -p "$harness/src"
cat > "$harness/Cargo.toml" <<EOF
[package]
name = "peer-harness"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
postflop-solver = { path = "$peer", default-features = false, features = ["rayon"] }

[profile.release]
lto = "fat"
codegen-units = 1

[workspace]
EOF
cat > "$harness/src/main.rs" <<'EOF'
// The reference spots with postflop-solver's public API:
// peer-harness STREET [compress] [DUMP] [PERCENT]
use postflop_solver::*;
use std::io::Write;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let street = args.get(1).map(String::as_str).unwrap_or("turn");
    let compress = args.get(2).map(String::as_str) == Some("compress");
    let oop = "66+,A8s+,A5s-A4s,AJo+,K9s+,KQo,QTs+,JTs,96s+,85s+,75s+,65s,54s";
    let ip = "QQ-22,AQs-A2s,ATo+,K5s+,KJo+,Q8s+,J8s+,T7s+,96s+,86s+,75s+,64s+,53s+";
    let (state, turn, river) = match street {
        "river" => (BoardState::River, card_from_str("Qc").unwrap(), card_from_str("2s").unwrap()),
        "turn" => (BoardState::Turn, card_from_str("Qc").unwrap(), NOT_DEALT),
        _ => (BoardState::Flop, NOT_DEALT, NOT_DEALT),
    };
    let cards = CardConfig {
        range: [oop.parse().unwrap(), ip.parse().unwrap()],
        flop: flop_from_str("Td9d6h").unwrap(),
        turn,
        river,
    };
    let sizes = BetSizeOptions::try_from(("50%, a", "2.5x")).unwrap();
    let tree = TreeConfig {
        initial_state: state,
        starting_pot: 200,
        effective_stack: 900,
        rake_rate: 0.0,
        rake_cap: 0.0,
        flop_bet_sizes: [sizes.clone(), sizes.clone()],
        turn_bet_sizes: [sizes.clone(), sizes.clone()],
        river_bet_sizes: [sizes.clone(), sizes],
        turn_donk_sizes: None,
        river_donk_sizes: None,
        add_allin_threshold: 0.0,
        force_allin_threshold: 0.15,
        merging_threshold: 0.1,
    };
    let start = Instant::now();
    let mut game = PostFlopGame::with_config(cards, ActionTree::new(tree).unwrap()).unwrap();
    let (mem, mem_c) = game.memory_usage();
    game.allocate_memory(compress);
    let percent: f32 = args.get(4).and_then(|x| x.parse().ok()).unwrap_or(0.5);
    let target = 200.0 * percent / 100.0;
    // The library's own `solve` loop: measure every 10 iterations.
    let expl = solve(&mut game, 100_000, target, false);
    let secs = start.elapsed().as_secs_f64();
    println!(
        "postflop-solver {street}: {secs:.3} s, exploitability {expl:.4} ({:.3}% of the pot), \
         memory estimate {:.1} MB ({:.1} MB compressed)",
        expl / 2.0, mem as f64 / 1e6, mem_c as f64 / 1e6
    );
    game.cache_normalized_weights();
    let actions = game.available_actions();
    let strategy = game.strategy();
    let weights = game.normalized_weights(0).to_vec();
    let n = game.private_cards(0).len();
    let total: f32 = weights.iter().sum();
    for (a, action) in actions.iter().enumerate() {
        let f: f32 = (0..n).map(|h| strategy[a * n + h] * weights[h]).sum::<f32>() / total;
        println!("  root {action:?}: {f:.4}");
    }
    if let Some(path) = args.get(3) {
        let mut f = std::fs::File::create(path).unwrap();
        for p in 0..2 {
            let ev = game.expected_values(p);
            for (h, &(c1, c2)) in game.private_cards(p).iter().enumerate() {
                let name = holes_to_strings(&[(c1, c2)]).unwrap().remove(0);
                let st: Vec<String> = if p == 0 {
                    (0..actions.len()).map(|a| format!("{:.5}", strategy[a * n + h])).collect()
                } else {
                    Vec::new()
                };
                writeln!(f, "{p} {name} {:.5} {}", ev[h], st.join(" ")).unwrap();
            }
        }
    }
}
EOF
echo "building postflop-solver's harness in $harness" >&2
# The peer's code trips a lint that newer compilers deny by default; it is theirs to fix.
(cd "$harness" && RUSTFLAGS="-A dangerous_implicit_autorefs" cargo build --release -q)
echo "building pokerforge's example" >&2
(cd "$root" && cargo build --release -q -p pokerforge-bench --example solve_spot)
ours="$root/target/release/examples/solve_spot"
theirs="$harness/target/release/peer-harness"
out=$(mktemp -d "${TMPDIR:-/tmp}/pokerforge-solve-XXXXXX")
for street in $streets; do
    for round in $(seq "$rounds"); do
        for who in pokerforge postflop-solver; do
            bin=$ours; [ "$who" = postflop-solver ] && bin=$theirs
            /usr/bin/time -f "  $who $street round $round: %e s wall, %U+%S s CPU, %M KB peak" \
                "$bin" "$street" "$compress" "$out/$who-$street.txt" "$percent" 2>&1 | grep -v '^  iteration' | sed -n '1p;$p'
        done
    done
    # Root values per hand (each with half the pot added, as postflop-solver reports them).
    python3 - "$out/pokerforge-$street.txt" "$out/postflop-solver-$street.txt" <<'EOF'
import sys
def read(path):
    rows = {}
    for line in open(path):
        f = line.split()
        rows[(f[0], ''.join(sorted([f[1][:2], f[1][2:]])))] = [float(x) for x in f[2:]]
    return rows
a, b = read(sys.argv[1]), read(sys.argv[2])
assert a.keys() == b.keys(), "the two solvers deal different hands"
for p in "01":
    keys = [k for k in a if k[0] == p]
    diff = [abs(a[k][0] - b[k][0]) for k in keys]
    print(f"  player {p}: {len(keys)} hands, root EV per hand differs by {max(diff):.3f} at most, "
          f"{sum(diff) / len(diff):.3f} on average (chips)")
    if p == "0":
        sd = [abs(x - y) for k in keys for x, y in zip(a[k][1:], b[k][1:])]
        print(f"  player 0 root strategy per hand and action differs by {max(sd):.3f} at most, "
              f"{sum(sd) / len(sd):.3f} on average")
EOF
done
rm -rf "$out"
