#!/usr/bin/env bash
# Builds what a release publishes into dist/: the sdist, then one manylinux_2_17 abi3 wheel
# (CPython 3.10+) built from that sdist unpacked in a clean directory, so a broken sdist
# fails here and not on a user's machine; then checks both with twine.
#
# The wheel is linked with zig (the `ziglang` package) against glibc 2.17, so it loads on
# any x86_64 Linux from 2014 on although this machine's own glibc is much newer; maturin
# checks the manylinux policy itself and refuses a wheel that does not meet it.
# Usage: bash scripts/build-dist.sh        (tools in .venv-build, made on first use)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

if [ ! -x .venv-build/bin/maturin ]; then
  python3 -m venv .venv-build
  .venv-build/bin/python -m pip install --quiet --upgrade pip
  .venv-build/bin/python -m pip install --quiet 'maturin>=1.7,<2' ziglang twine
fi
# maturin finds zig through the interpreter it runs with (python -m ziglang).
export PATH="$root/.venv-build/bin:$PATH"
# Compiled dependencies are kept between builds in a target directory of their own, apart
# from the development build's (different linker, so nothing is shared anyway).
export CARGO_TARGET_DIR="$root/target/dist"

rm -rf dist
maturin sdist --out dist

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar -xzf dist/*.tar.gz -C "$work"
(cd "$work"/pokerforge-* && maturin build --release --zig --compatibility manylinux_2_17 \
  --out "$root/dist")

twine check --strict dist/*
for f in dist/*; do
  printf '%s  %s bytes\n' "$(basename "$f")" "$(stat -c %s "$f")"
done
