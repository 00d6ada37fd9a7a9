#!/usr/bin/env bash
# Sets everything up on a fresh machine and runs the main job: installs pokerforge into
# .venv and runs the `pokerforge` command with the given arguments (default: rank a hand).
set -euo pipefail
cd "$(dirname "$0")/.."

python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e .
if [ "$#" -eq 0 ]; then
  set -- eval AsKsQsJsTs
fi
exec .venv/bin/pokerforge "$@"
