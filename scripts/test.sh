#!/usr/bin/env bash
# Sets everything up on a fresh machine and runs every test, building the extension once:
#   set-up        .venv (Python 3.11), with packages installed by uv; Debian's Chromium for
#                 the web page's tests; the Rust suite's build starts in the background;
#   wheel         scripts/build-dist.sh: the sdist and, from it, the release wheel, the one
#                 build of the extension (cargo's cache in target/dist serves later runs);
#   install       that wheel, with every extra the tests need, into .venv, which is also the
#                 development environment (the linters, the stub check, the docs);
#   docs          the documentation site, with warnings as errors;
#   rust          the Rust suite, optimised (profile release-tests: opt-level 3 without
#                 link-time optimisation), including all 133,784,560 seven-card hands;
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
rust_log=target/rust-build.log
if [ "$quick" = 0 ]; then
  # The Rust suite compiles while the wheel does: the wheel's last steps (one codegen unit,
  # link-time optimisation) keep a single core busy.
  cargo test --profile release-tests --workspace --exclude pokerforge-py --no-run \
    >"$rust_log" 2>&1 &
  rust_build=$!
  trap 'kill "$rust_build" 2>/dev/null || true' EXIT
fi

stage "wheel (sdist, then the wheel from it)"
bash scripts/build-dist.sh
wheel=$(ls dist/pokerforge-*.whl)

stage "install the wheel into .venv"
# Bytecode compiled at install, as in scripts/test-installed.sh.
"$UV" pip install --quiet --python .venv/bin/python --compile-bytecode \
  --reinstall-package pokerforge "pokerforge[test,docs] @ file://$PWD/$wheel"

if [ "$quick" = 1 ]; then
  stage "python 3.11 (all but slow)"
  bash scripts/suite.sh .venv/bin/python versions
  stage_report
  exit 0
fi

stage "docs"
.venv/bin/mkdocs build --strict --quiet

stage "rust (the rest of its build, then the suite)"
wait "$rust_build" || { cat "$rust_log"; exit 1; }
cargo test --profile release-tests --workspace --exclude pokerforge-py

stage "python 3.11 (all)"
bash scripts/suite.sh .venv/bin/python all

stage "python 3.10 and 3.13 side by side (all but slow)"
# One process each, at the same time (two suites of one process fill two cores with less
# start-up than one after the other on two workers each); their serial parts take turns,
# alone (scripts/suite.sh). Each one's output is shown when both are done.
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
