#!/usr/bin/env bash
# Tests pokerforge as users install it, on other Python versions: the wheel in dist/
# (scripts/build-dist.sh) goes into an environment per version (.venv-pyX.Y, made with uv and
# kept between runs; the wheel is put in anew each time), and scripts/suite.sh runs the
# Python suite against it.
#
# Usage: bash scripts/test-installed.sh [VERSION...]     (default: 3.10 3.11 3.12 3.13)
# MODE=versions leaves out the tests marked `slow`, MODE=others runs what can differ between
# Python versions (scripts/suite.sh); the default is all.
# PART=prepare, parallel, serial or count runs one step of the suite (scripts/suite.sh); the
# default, every step.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
source scripts/lib.sh

wheel=$(ls dist/pokerforge-*.whl 2>/dev/null | head -n 1 || true)
[ -n "$wheel" ] || { echo "no wheel in dist/: run scripts/build-dist.sh first" >&2; exit 2; }
[ "$#" -gt 0 ] || set -- 3.10 3.11 3.12 3.13
ensure_uv

for v in "$@"; do
  py=$(interpreter "$v") || { echo "Python $v not found" >&2; exit 2; }
  env=".venv-py$v"
  echo "== installed wheel on Python $v ($py)"
  env_deps "$env" "$v" test
  # The wheel's version does not change between builds: --reinstall-package puts it in anew.
  "$UV" pip install --quiet --python "$env/bin/python" --reinstall-package pokerforge \
    "pokerforge[test] @ file://$root/$wheel"
  bash scripts/suite.sh "$env/bin/python" "${MODE:-all}" "${PART:-both}"
done
