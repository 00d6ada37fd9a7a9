#!/usr/bin/env bash
# Sets everything up on a fresh machine and runs every test, building the extension once:
#   set-up        .venv (Python 3.11) with uv in it; Debian's Chromium for the web page's
#                 tests; in the background, the Rust suite's build and every environment's
#                 dependencies (.venv, .venv-py3.10, .venv-py3.13; uv installs them);
#   wheel         scripts/build-dist.sh: the sdist and, from it, the release wheel, the one
#                 build of the extension (cargo's cache in target/dist serves later runs);
#   install       that wheel, with every extra the tests need, into .venv, which is also the
#                 development environment (the linters, the stub check, the docs);
#   rust, docs    the Rust suite, optimised (profile release-tests: opt-level 3 without
#                 link-time optimisation), including all 133,784,560 seven-card hands; beside
#                 it, the documentation site, with warnings as errors;
#   python 3.11   the whole Python suite and the doctests against the installed wheel, on
#                 every core (scripts/suite.sh; the tests marked `serial` after, alone);
#   python 3.10, 3.13  the same but the tests marked `slow` (long end-to-end or exhaustive
#                 checks that do not depend on the Python version), each in its own
#                 environment, the two side by side; `nox` runs the whole suite on every
#                 version (docs/release.md).
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
# The web page's tests drive Debian's Chromium (Playwright cannot download its own browser
# here); installed once.
if [ "$quick" = 0 ] && ! command -v chromium >/dev/null; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
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
# machine, little work for the cores), and the Rust suite compiles (the wheel's last steps,
# one codegen unit and link-time optimisation, keep a single core busy).
start deps-3.11 env_deps .venv 3.11 test docs
if [ "$quick" = 0 ]; then
  start deps-3.10 env_deps .venv-py3.10 3.10 test
  start deps-3.13 env_deps .venv-py3.13 3.13 test
  start rust-build cargo test --profile release-tests -p pokerforge-core \
    --no-run
fi

stage "wheel (sdist, then the wheel from it)"
bash scripts/build-dist.sh
wheel=$(ls dist/pokerforge-*.whl)

stage "install the wheel into .venv"
finish deps-3.11
"$UV" pip install --quiet --python .venv/bin/python --reinstall-package pokerforge \
  "pokerforge[test,docs] @ file://$PWD/$wheel"

if [ "$quick" = 1 ]; then
  stage "python 3.11 (all but slow)"
  bash scripts/suite.sh .venv/bin/python versions
  stage_report
  exit 0
fi

stage "rust (the rest of its build, then the suite) and the docs"
# The documentation site, warnings as errors, builds beside the Rust suite (one core).
start docs .venv/bin/mkdocs build --strict --quiet
finish rust-build
cargo test --profile release-tests -p pokerforge-core
finish docs

stage "python 3.11 (all)"
bash scripts/suite.sh .venv/bin/python all

stage "python 3.10 and 3.13 side by side (all but slow)"
# One process each, at the same time (two suites of one process fill two cores with less
# start-up than one after the other on two workers each); their serial parts take turns,
# alone (scripts/suite.sh). Each one's output is shown when both are done.
finish deps-3.10
finish deps-3.13
pids=()
for v in 3.10 3.13; do
  MODE=versions WORKERS=0 bash scripts/test-installed.sh "$v" >"target/python$v.log" 2>&1 &
  pids+=($!)
done
failed=0
for pid in "${pids[@]}"; do
  wait "$pid" || failed=1
done
cat target/python3.10.log target/python3.13.log
[ "$failed" = 0 ]
stage_report
