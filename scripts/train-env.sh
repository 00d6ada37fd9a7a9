#!/usr/bin/env bash
# Makes .venv-train, where the test command runs examples/train_maskable_ppo.py (sb3-contrib's
# MaskablePPO on pokerforge's SB3 adapter): Debian's Python 3.11 with Debian's CPU-only torch
# (python3-torch, which scripts/test.sh installs with apt), seen through
# --system-site-packages. torch from PyPI brings its CUDA libraries (gigabytes: too much for a
# test command that starts from a fresh clone and must finish in minutes), and PyPI has no
# CPU-only torch for Linux. Debian's torch is 1.13, built against NumPy 1: so the learning
# libraries are the last releases that take torch 1.13 (stable-baselines3 2.4.1, sb3-contrib
# 2.4.0), installed without their dependencies (which would fetch torch from PyPI), and
# their other dependencies with NumPy held below 2. The environment is kept between runs.
#
# Usage: bash scripts/train-env.sh           the environment and its dependencies
#        bash scripts/train-env.sh WHEEL     then WHEEL (pokerforge) into it, anew
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
ensure_uv

env=.venv-train
[ -x "$env/bin/python" ] ||
  "$UV" venv --quiet --python /usr/bin/python3 --system-site-packages "$env"
"$UV" pip install --quiet --python "$env/bin/python" --no-deps \
  "stable-baselines3==2.4.1" "sb3-contrib==2.4.0"
"$UV" pip install --quiet --python "$env/bin/python" \
  "numpy>=1.24,<2" "gymnasium==1.0.0" "cloudpickle>=3" "pandas" "matplotlib"
if [ "$#" -gt 0 ]; then
  "$UV" pip install --quiet --python "$env/bin/python" --reinstall-package pokerforge \
    "numpy<2" "$1"
fi
