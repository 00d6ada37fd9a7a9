#!/usr/bin/env bash
# Sets everything up on a fresh machine and runs every test: the Python suite (with the
# extension built in release mode, doctests included) and the Rust suite in release mode,
# whose exhaustive checks are too slow in debug.
set -euo pipefail
cd "$(dirname "$0")/.."

python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
# Editable install: builds pokerforge._core (release profile) next to the Python sources,
# so pytest's doctests import the same package the tests do.
.venv/bin/python -m pip install --quiet -e '.[test,rl]'

# The web calculator's test drives Debian's Chromium (Playwright cannot download its own
# browser here); install it once.
command -v chromium >/dev/null || (apt-get update -qq && apt-get install -y -qq chromium)

# pytest exits 5 when it collects nothing; with `set -e` that fails the run, as it should.
.venv/bin/python -m pytest -q
cargo test --release --workspace --exclude pokerforge-py
