#!/usr/bin/env bash
# Builds what a release publishes into dist/: the sdist, then one manylinux_2_17 abi3 wheel
# (CPython 3.10+) built from that sdist unpacked apart from the source tree, so a broken
# sdist fails here and not on a user's machine; then checks both with twine.
#
# The wheel is linked with zig (the `ziglang` package) against glibc 2.17, so it loads on
# any x86_64 Linux from 2014 on although this machine's own glibc is much newer; maturin
# checks the manylinux policy itself and refuses a wheel that does not meet it.
#
# This is the project's one release build of the extension: scripts/test.sh installs this
# wheel everywhere (the development environment and every Python's test environment). Its
# cargo cache (target/dist) serves later runs: the sdist is unpacked into a fixed folder,
# target/sdist, where only the files whose content changed are rewritten (sync_tree). Every
# file in an sdist carries one fixed date, and cargo tells a changed file by its path and
# date: unpacking over the folder would hide every change, and unpacking into a new folder
# each time would rebuild everything.
# Usage: bash scripts/build-dist.sh        (its tools go into .venv, made on first use)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
source scripts/lib.sh

ensure_uv
"$UV" pip install --quiet --python .venv/bin/python 'maturin>=1.7,<2' ziglang twine
# maturin finds zig through the interpreter it runs with (python -m ziglang).
export PATH="$root/.venv/bin:$PATH"
# The compiled dependencies and crates are kept between builds in a target directory of
# their own, apart from cargo's default one (another linker, so nothing would be shared).
export CARGO_TARGET_DIR="$root/target/dist"

rm -rf dist
maturin sdist --out dist

fresh=$(mktemp -d)
trap 'rm -rf "$fresh"' EXIT
tar -xzf dist/*.tar.gz -C "$fresh"
unpacked=$(ls -d "$fresh"/pokerforge-*)
build=target/sdist
sync_tree "$unpacked" "$build"
(cd "$build" && maturin build --release --zig --compatibility manylinux_2_17 --out "$root/dist")

twine check --strict dist/*
for f in dist/*; do
  printf '%s  %s bytes\n' "$(basename "$f")" "$(stat -c %s "$f")"
done
