#!/usr/bin/env bash
# Sets everything up on a fresh machine and runs every test, building the extension once:
#   set-up        .venv (Python 3.11) with uv in it; in the background, Debian's Chromium
#                 (the web page's tests) and CPU-only torch (the MaskablePPO run), the Rust
#                 suite and every environment's dependencies (.venv, .venv-py3.10,
#                 .venv-py3.13, and .venv-train for the MaskablePPO run; uv installs them);
#   wheel         scripts/build-dist.sh: the sdist and, from it, the release wheel, the one
#                 build of the extension (cargo's cache in target/dist serves later runs);
#   install       that wheel, with every extra the tests need, into .venv, which is also the
#                 development environment (the linters, the stub check, the docs);
#   rust          the Rust suite, optimised (profile release-tests: opt-level 3 without
#                 link-time optimisation), including all 133,784,560 seven-card hands and
#                 every batch kernel over them: built and run in the background at the
#                 lowest priority from the start, on what the other stages leave idle (the
#                 core the wheel's last step, one codegen unit and link-time optimisation,
#                 does not use; the serial parts' waits), and waited for at the end;
#   python        the whole Python suite and the doctests on 3.11, against the installed
#                 wheel (scripts/suite.sh; tests/test_docs_site.py builds the documentation
#                 site there, warnings as errors): first the tests that can share the
#                 machine, on every core; then the tests marked `serial`, which cannot, at
#                 normal priority, and beside them at a low priority those marked `workers`
#                 (worker pools and Dask clusters, which time nothing: they take the cores
#                 the serial tests' waits leave idle, where they used to add their own wall
#                 time to the serial part's); from the start of the first, 3.10 and 3.13 run their parallel part
#                 at the lowest priority, on the cores 3.11's tests leave idle; then 3.10's
#                 and 3.13's serial tests, alone. On 3.10 and 3.13 the suite is cut to what
#                 can differ between Pythons (scripts/suite.sh's mode `others`, which lists
#                 it and says why): every module imported with its doctests, the binding,
#                 the command line (argparse), the README's and examples' code, TOML, the
#                 service on asyncio, worker processes and the dependencies whose releases
#                 differ by version. The rest (the game's rules, the rooms' readers, the
#                 solver, the service's routes; Python over the abi3 extension, in the
#                 language that mypy --python-version 3.10 checks in CI) behaves the same on
#                 every version: running it three times over took about 60 CPU-seconds
#                 more (30 a version) of a command that is CPU-bound on 2 cores, for
#                 nothing 3.11's run does not check. `nox` runs the whole suite on every version (docs/release.md),
#                 as every release does.
# It ends with each stage's wall time.
#
# Usage: bash scripts/test.sh           everything (CI runs this, then the linters)
#        bash scripts/test.sh --quick   the edit-test loop: the wheel rebuilt (only what
#                                       changed is compiled), then the 3.11 suite but the
#                                       tests marked `slow`; no docs, Rust or other versions
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

quick=0
case "${1:-}" in
  "") ;;
  --quick) quick=1 ;;
  *) echo "usage: bash scripts/test.sh [--quick]" >&2; exit 2 ;;
esac

stage "set-up"
ensure_uv
# Debian packages, installed once: Chromium, which the web page's tests drive (Playwright
# cannot download its own browser here), and the CPU-only torch the MaskablePPO example's
# test trains with (scripts/train-env.sh says why Debian's). In the background, at a low
# priority (unpacking takes half a minute of CPU beside the wheel); waited for before the
# Python tests.
packages=()
if [ "$quick" = 0 ]; then
  command -v chromium >/dev/null || packages+=(chromium)
  /usr/bin/python3 -c "import torch" 2>/dev/null || packages+=(python3-torch)
fi
system_packages() {
  [ "$#" -gt 0 ] || return 0
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive nice -n 10 apt-get install -y -qq --no-install-recommends "$@"
}
mkdir -p target
background=()
trap 'kill "${background[@]}" 2>/dev/null || true' EXIT
# Runs a command in the background, its output in target/NAME.log; `finish NAME` waits for
# it and shows that output if it failed.
declare -A job_pid
start() {
  local name=$1
  shift
  "$@" >"target/$name.log" 2>&1 &
  job_pid[$name]=$!
  background+=($!)
}
finish() {
  wait "${job_pid[$1]}" || { cat "target/$1.log"; echo "$1 failed" >&2; exit 1; }
}
# While the wheel compiles: every environment gets its dependencies (downloads on a fresh
# machine, little work for the cores), and the Rust suite is built and run at the lowest
# priority (the wheel's last steps, one codegen unit and link-time optimisation, keep a
# single core busy; what the suite has left runs on beside the Python stages, in their idle
# time, and is waited for at the end: at normal priority it ran 32-51 s past the wheel, the
# Python stages waiting for it).
# 3.11's environment then imports what the tests import, at a low priority: the bytecode
# caches are written on the core the wheel's last step leaves idle, not by the suite's first
# processes, all at once (scripts/warm_imports.py); and pytest's rewritten test modules
# likewise (scripts/suite.sh's warm part). 3.10's and 3.13's are not warmed: their suite
# runs in one process, which writes each cache once anyway, and a warm-up would only import
# and collect everything once more (about 7 CPU-seconds each).
# The environment is ready (for the wheel's install) before its warm-up is done: `ready`
# waits for the first, `finish` for both.
deps() {
  # 3.11's environment first: the wheel's install waits for it, the others' only later.
  if [ "$2" != 3.11 ]; then
    while [ ! -e target/deps-3.11.ready ]; do sleep 0.2; done
  fi
  env_deps "$@"
  touch "target/deps-$2.ready"
  [ "$2" = 3.11 ] || return 0
  # Above the Rust suite's priority (19), which has work enough for every idle core until
  # the Python stages: 3.11's warm-up is waited for before them.
  nice -n 10 "$1/bin/python" scripts/warm_imports.py
  nice -n 10 bash scripts/suite.sh "$1/bin/python" all warm
}
ready() {
  while [ ! -e "target/deps-$1.ready" ]; do
    # The job ended without making the environment: `finish` shows why and stops.
    kill -0 "${job_pid[deps-$1]}" 2>/dev/null || finish "deps-$1"
    sleep 0.2
  done
}
rm -f target/deps-*.ready
start deps-3.11 deps .venv 3.11 test docs
if [ "$quick" = 0 ]; then
  start system system_packages "${packages[@]}"
  start deps-3.10 deps .venv-py3.10 3.10 test
  start deps-3.13 deps .venv-py3.13 3.13 test
  start deps-train bash -c 'while [ ! -e target/deps-3.11.ready ]; do sleep 0.2; done
    bash scripts/train-env.sh'
  start rust nice -n 19 cargo test --profile release-tests -p pokerforge-core
fi

stage "wheel (sdist, then the wheel from it)"
bash scripts/build-dist.sh
wheel=$(ls dist/pokerforge-*.whl)

stage "install the wheel into .venv"
ready 3.11
"$UV" pip install --quiet --python .venv/bin/python --reinstall-package pokerforge \
  "pokerforge[test,docs] @ file://$PWD/$wheel"

if [ "$quick" = 1 ]; then
  finish deps-3.11
  stage "python 3.11 (all but slow)"
  bash scripts/suite.sh .venv/bin/python versions
  stage_report
  exit 0
fi

finish deps-3.11
finish system
finish deps-train
bash scripts/train-env.sh "$wheel"

stage "python 3.11: the tests that share the machine, on every core; 3.10 and 3.13 (what differs by version) beside them, lowest priority"
# 3.10's and 3.13's parallel parts start now, at the lowest priority: 3.11's parallel part
# leaves part of a core idle (a module's tests stay on one worker, browsers wait), and they
# take only that; what is left of them runs beside 3.11's serial part.
finish deps-3.10
finish deps-3.13
for v in 3.10 3.13; do
  MODE=others PART=prepare bash scripts/test-installed.sh "$v"
  start "python$v" nice -n 19 env WORKERS=0 bash scripts/suite.sh ".venv-py$v/bin/python" \
    others parallel
done
bash scripts/suite.sh .venv/bin/python all prepare
bash scripts/suite.sh .venv/bin/python all parallel

stage "python 3.11: serial tests, the workers tests beside them; what is left of 3.10's and 3.13's"
bash scripts/suite.sh .venv/bin/python all serial
bash scripts/suite.sh .venv/bin/python all count
for v in 3.10 3.13; do
  finish "python$v"
  tail -n 3 "target/python$v.log"
done

# Not beside 3.10's and 3.13's parallel parts: their serial tests take both cores at times
# (worker pools, clusters), and a test starved at the lowest priority then overran a time
# limit of the service's (a push/fold answer not converged within its 0.5 s).
stage "python 3.10 and 3.13: serial tests, alone"
for v in 3.10 3.13; do
  bash scripts/suite.sh ".venv-py$v/bin/python" others serial
  bash scripts/suite.sh ".venv-py$v/bin/python" others count
done

stage "the rest of the Rust suite"
finish rust
grep '^test result' target/rust.log
stage_report
