#!/usr/bin/env bash
# Runs the Python suite (tests/ and the installed package's doctests) against the pokerforge
# installed for one interpreter, from a copy of tests/ outside the source tree (in
# target/suite/, kept between runs for its bytecode caches), so that every import is the
# installed package, never python/. Its steps:
#   prepare   the copy of tests/ (and of README.md, docs/, examples/, which the tests read);
#   parallel  every test not marked `serial` or `workers`, on every core (pytest-xdist;
#             WORKERS sets the number of worker processes, 0 for none);
#   serial    the tests marked `serial` (servers with worker processes, timed waits), which
#             must not share the machine with other tests: whoever runs this part sees that
#             nothing else runs beside it but work at a low priority (scripts/test.sh); and
#             beside them, in a process of its own at a low priority (nice 15: above the
#             other versions' suites at 19, which scripts/test.sh runs beside this part, far
#             below the serial tests), the tests marked `workers`: worker pools and Dask
#             clusters that would take the parallel part's cores, and whose checks time
#             nothing, so they lose nothing to waiting for the cores the serial tests leave
#             idle (most of them: the serial tests mostly wait on servers and sockets);
#   warm      the copy prepared, and its test modules put through pytest's assertion
#             rewriting once, their rewritten bytecode cached beside them, so the parts'
#             processes (each worker would rewrite every module anew: about 5 CPU-seconds
#             each) only read it. It can run before pokerforge is installed: without the
#             conftest files (which import it), and pytest caches a module's rewritten
#             bytecode before running it, whether or not its imports then fail.
# It ends with the number of tests each part ran.
#
# Usage: bash scripts/suite.sh PYTHON [all|versions|others] [both|prepare|parallel|serial|count|warm]
#   all       the whole suite (the default);
#   versions  all but the tests marked `slow`: long end-to-end and exhaustive checks whose
#             outcome does not depend on the Python version (`scripts/test.sh --quick`);
#   others    what the test command runs on the Python versions besides 3.11: the package's
#             doctests and the test files in OTHERS below (their tests not marked `slow`),
#             the parts of the package whose behaviour can differ from one Python to another;
#             nox runs the whole suite on every version (noxfile.py).
#   both      every step: prepare, the parallel part, the serial part (the `workers` tests
#             beside it), the counts (the default); `prepare`, `parallel`, `serial` and
#             `count` run one step each, the first before the others (scripts/test.sh fills
#             the serial parts' idle cores with other versions' parallel parts); `warm`
#             prepares and warms (above).
# PYTEST_ARGS adds pytest arguments to both parts (e.g. PYTEST_ARGS="-x -k equity").
# POKERFORGE_TRAIN_PYTHON is the interpreter of the MaskablePPO example's test (default
# .venv-train's, which scripts/train-env.sh makes).
# Where pokerkit is not installed (it needs Python 3.11+), the tests that compare against it
# are left out, and the run says so.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
source scripts/lib.sh
python=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
mode=${2:-all}
part=${3:-both}

# What the test command runs on 3.10 and 3.13 (mode `others`; 3.11 runs everything). The
# extension is one abi3 wheel for every version and the package is checked by
# `mypy --python-version 3.10` (pyproject.toml, .ci/run), so what another Python can change
# is where the package meets the interpreter, its standard library or dependencies whose
# releases differ by Python version; the rest (the game's rules, the rooms' readers, the
# solver, the service's routes, the statistics: Python over the core, in the language mypy
# checks) behaves the same on every version, and running it three times over checked
# nothing more for about 30 CPU-seconds a version (3.10's parallel and serial parts: 77-81
# CPU-seconds with every test not `slow`, 47-50 with these). On 3.10 and 3.13:
# - every module of the package imported, and its docstring examples run (the doctests,
#   `--pyargs pokerforge`): an import or a standard-library call that fails on one
#   version, reprs and enum formatting;
# - the binding: every entry point's argument conversion (ints, index-like objects,
#   NumPy arrays and scalars, text, odd input under hypothesis), its errors, the objects
#   it keeps out of the garbage collector's sight, the version and the extras' messages;
# - the command line, whose usage errors and help are argparse's and change between
#   versions (`test_command_refusals.py` makes every command refuse once);
# - the README's code, the tabular learner's example, the ICM and solver pages' examples
#   and the RL page's table (the other guides, and the deep learners' runs in
#   .venv-train, are `slow`);
# - TOML (tomli on 3.10, tomllib after), gymnasium and PettingZoo, pandas, DuckDB and
#   Parquet, Matplotlib, the service on asyncio (both HTTP parsers: the drain), worker
#   processes (spawn, pickling, multiprocessing's internals: `sim/workers.py`) and Dask.
OTHERS=(
  tests/test_cards.py
  tests/test_errors.py
  tests/test_eval.py
  tests/test_eval_draw.py
  tests/test_eval_inputs.py
  tests/test_eval_low_a5.py
  tests/test_eval_omaha_batch.py
  tests/test_eval_short_deck.py
  tests/test_equity_inputs.py
  tests/test_equity_plan.py
  tests/test_equity_ranges.py
  tests/test_equity_sampling.py
  tests/test_extras.py
  tests/test_fuzz_text.py
  tests/test_games.py
  tests/test_icm.py
  tests/test_memory_limit.py
  tests/test_preflop_table.py
  tests/test_range_grammar.py
  tests/test_regressions.py
  tests/test_robustness_regressions.py
  tests/test_version.py
  tests/game/test_collector.py
  tests/test_cli.py
  tests/test_cli_words.py
  tests/test_command_refusals.py
  tests/test_readme.py
  tests/test_icm_docs.py
  tests/rl/test_docs.py
  tests/rl/test_example.py
  tests/solver/test_docs.py
  tests/histories/test_core_reader.py
  tests/histories/test_phh_hardening.py
  tests/histories/test_phhs_stream.py
  tests/histories/test_stats.py
  tests/histories/test_database.py
  tests/rl/test_envs.py
  tests/rl/test_checkers.py
  tests/rl/test_sb3.py
  tests/sim/test_grid.py
  tests/sim/test_sim_workers.py
  tests/service/test_service_api.py
  tests/service/test_service_drain.py
)
case "$mode" in
  all) select="" paths=(tests) ;;
  versions) select="not slow and " paths=(tests) ;;
  others) select="not slow and " paths=("${OTHERS[@]}") ;;
  *) echo "suite.sh: the mode is all, versions or others, not '$mode'" >&2; exit 2 ;;
esac
case "$part" in
  both | prepare | parallel | serial | count | warm) ;;
  *)
    echo "suite.sh: the part is both, prepare, parallel, serial, count or warm, not '$part'" >&2
    exit 2
    ;;
esac

version=$("$python" -c 'import platform; print(platform.python_version())')
work=target/suite/$version
# The tests read README.md, docs/ and examples/ beside tests/, as in the repository; the
# documentation site's tests build it from the repository itself (POKERFORGE_SOURCE: its
# mkdocs.yml reads the sources, CHANGELOG.md and BENCHMARKS.md).
if [ "$part" = both ] || [ "$part" = prepare ] || [ "$part" = warm ]; then
  for d in tests docs examples; do
    sync_tree "$d" "$work/$d"
  done
  cp README.md "$work"/
  rm -f "$work"/*.xml
  cat > "$work/pytest.ini" <<'INI'
[pytest]
addopts = --doctest-modules --strict-markers -p no:cacheprovider
xfail_strict = true
INI
fi
[ "$part" = prepare ] && exit 0
if [ "$part" = warm ]; then
  # Collection only; its errors (pokerforge not installed yet) are the suite's to report.
  (cd "$work" && "$python" -m pytest -q --collect-only --noconftest tests >/dev/null 2>&1) || true
  exit 0
fi

NEEDS_POKERKIT=(
  tests/game/test_pokerkit_differential.py
  tests/test_equity_short_deck_pokerkit.py
  tests/game/test_pokerkit_stud_differential.py
  tests/game/test_phh_pokerkit.py
  tests/game/test_phh_runouts_pokerkit.py
  tests/game/test_phh_short_deck_pokerkit.py
  tests/game/test_phh_stud.py
  tests/game/test_phh_draw.py
  tests/game/test_pokerkit_draw_differential.py
  tests/histories/test_dataset_sample.py
  tests/histories/test_sites_pokerkit.py
  tests/test_equity_stud_pokerkit.py
  tests/test_equity_draw_pokerkit.py
  tests/test_eval_variants_pokerkit.py
)
ignore=()
if ! "$python" -c "import pokerkit" 2>/dev/null; then
  echo "pokerkit is not installable on this Python: leaving out ${NEEDS_POKERKIT[*]}"
  for f in "${NEEDS_POKERKIT[@]}"; do ignore+=(--ignore "$f"); done
fi

# --pyargs collects the doctests from the installed package itself. pytest exits 5 when it
# collects nothing; with `set -e` that fails the run, as it should.
# NICE, where set, is the niceness added to the run's.
run() {
  local name=$1
  shift
  (cd "$work" && POKERFORGE_EXPECT_INSTALLED=1 POKERFORGE_SOURCE="$root" \
    POKERFORGE_TRAIN_PYTHON="${POKERFORGE_TRAIN_PYTHON:-$root/.venv-train/bin/python}" \
    nice -n "${NICE:-0}" "$python" -m pytest -q \
    --junitxml="$root/$work/$name.xml" ${PYTEST_ARGS:-} "${ignore[@]}" "$@")
}
# Every core (WORKERS=0: this process alone), a module's tests on one worker (its fixtures
# made once; the web page's tests share one browser a worker, tests/service/conftest.py).
if [ "$part" = both ] || [ "$part" = parallel ]; then
  run parallel -n "${WORKERS:-auto}" --dist loadscope -m "${select}not serial and not workers" \
    "${paths[@]}" --pyargs pokerforge
fi
# Only the files that mark tests serial (or workers) are collected: collecting the whole
# suite (with every package's doctests) would cost a few seconds more for the same tests.
if [ "$part" = both ] || [ "$part" = serial ]; then
  mapfile -t serial_files < <(grep -rl --include='test_*.py' 'pytest.mark.serial' "${paths[@]}")
  mapfile -t workers_files < <(grep -rl --include='test_*.py' 'pytest.mark.workers' "${paths[@]}")
  NICE=15 run workers -p no:xdist -m "${select}workers" "${workers_files[@]}" \
    >"$work/workers.log" 2>&1 &
  workers_pid=$!
  trap 'kill "$workers_pid" 2>/dev/null || true' EXIT
  serial_status=0
  run serial -p no:xdist -m "${select}serial" "${serial_files[@]}" || serial_status=$?
  workers_status=0
  wait "$workers_pid" || workers_status=$?
  trap - EXIT
  echo "(the tests marked workers, beside them:)"
  cat "$work/workers.log"
  [ "$serial_status" = 0 ] && [ "$workers_status" = 0 ] || exit 1
fi
[ "$part" = both ] || [ "$part" = count ] || exit 0

"$python" - "$work" "$version" "$mode" <<'PY'
import sys
import xml.etree.ElementTree as ET

work, version, mode = sys.argv[1:]
counts = {}
for part in ("parallel", "serial", "workers"):
    suites = list(ET.parse(f"{work}/{part}.xml").getroot().iter("testsuite"))
    counts[part] = [sum(int(s.get(k, 0)) for s in suites) for k in ("tests", "skipped")]
total = sum(c[0] for c in counts.values())
skipped = sum(c[1] for c in counts.values())
print(
    f"Python {version} ({mode}): {total} tests, {skipped} skipped"
    f" ({counts['parallel'][0]} in parallel, {counts['serial'][0]} alone,"
    f" {counts['workers'][0]} beside them at a low priority)"
)
PY
