#!/usr/bin/env bash
# The long fuzz run (the test command runs the same targets for a few thousand inputs):
#   the core's parsers of outside text (rust/core/tests/fuzz.rs: cards, players and ranges,
#   PHH fields, steps and tables) and the observation encoder on chip counts anywhere in
#   i64, INPUTS inputs each (default 2,000,000: 12 million in all), and its computations
#   (equity in every game, ICM, push/fold) on a tenth of that each;
#   every public Python entry point taking text (tests/test_fuzz_text.py, against the
#   pokerforge installed in .venv: run bash scripts/test.sh --quick first), EXAMPLES
#   examples each (default 5,000).
# Both run at the lowest priority and print the inputs they ran per target; any failure
# stops the run with the input that caused it. SEED picks other inputs (default 7).
# Usage: bash scripts/fuzz.sh        INPUTS=... EXAMPLES=... SEED=... bash scripts/fuzz.sh
set -euo pipefail
cd "$(dirname "$0")/.."

# The core's targets run with overflow checks on (a wrap is then a panic the target
# reports), built in a folder of their own so that the test command's build stays as it is.
POKERFORGE_FUZZ_INPUTS=${INPUTS:-2000000} POKERFORGE_FUZZ_SEED=${SEED:-7} \
  CARGO_PROFILE_RELEASE_TESTS_OVERFLOW_CHECKS=true CARGO_TARGET_DIR=target/fuzz \
  nice -n 19 cargo test --profile release-tests -p pokerforge-core --test core \
  -- fuzz:: --nocapture --test-threads 1
POKERFORGE_FUZZ_EXAMPLES=${EXAMPLES:-5000} nice -n 19 .venv/bin/python tests/test_fuzz_text.py
