#!/usr/bin/env bash
# Sets everything up on a fresh machine and runs every test:
#   1. a development install (.venv, editable) for the linters and the Rust-side stub check,
#      and the documentation site (API reference from the docstrings; warnings are errors);
#   2. the release artifacts (scripts/build-dist.sh: sdist, and the manylinux wheel built
#      from it), then the Python suite with doctests against that wheel installed in fresh
#      environments (scripts/test-installed.sh): the whole suite on Python 3.11, and on
#      3.10, 3.12 and 3.13 all of it but the nine slowest end-to-end files (QUICK=1 there;
#      FULL=1 runs the whole suite on every version, as a release does); on 3.10 without
#      the pokerkit comparisons, as pokerkit needs 3.11;
#   3. the Rust suite in release mode, whose exhaustive checks are too slow in debug.
set -euo pipefail
cd "$(dirname "$0")/.."

python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
# Editable install: builds pokerforge._core (release profile) next to the Python sources.
.venv/bin/python -m pip install --quiet -e '.[test,docs]'
.venv/bin/mkdocs build --strict --quiet

# The web calculator's test drives Debian's Chromium (Playwright cannot download its own
# browser here); install it once.
command -v chromium >/dev/null || (apt-get update -qq && apt-get install -y -qq chromium)

bash scripts/build-dist.sh
# pytest exits 5 when it collects nothing; with `set -e` that fails the run, as it should.
bash scripts/test-installed.sh 3.11
# The slowest end-to-end files (scripts/test-installed.sh names them) run once, on 3.11, to
# keep CI under 30 minutes; every other test runs on every version.
if [ "${FULL:-0}" = 1 ]; then
  bash scripts/test-installed.sh 3.10 3.12 3.13
else
  QUICK=1 bash scripts/test-installed.sh 3.10 3.12 3.13
fi
cargo test --release --workspace --exclude pokerforge-py
