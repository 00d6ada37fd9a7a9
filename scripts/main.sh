#!/usr/bin/env bash
# Sets everything up on a fresh machine and runs the main job: installs pokerforge into
# .venv and runs the `pokerforge` command with the given arguments (default: the odds
# calculator, A-K suited on a flop against two random opponents).
set -euo pipefail
cd "$(dirname "$0")/.."

python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[service]'
if [ "$#" -eq 0 ]; then
  set -- odds AhKh --board 2c7d9h --opponents 2
fi
exec .venv/bin/pokerforge "$@"
