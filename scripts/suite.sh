#!/usr/bin/env bash
# Runs the Python suite (tests/ and the installed package's doctests) against the pokerforge
# installed for one interpreter, from a copy of tests/ outside the source tree (in
# target/suite/, kept between runs for its bytecode caches), so that every import is the
# installed package, never python/. Its steps:
#   prepare   the copy of tests/ (and of README.md, docs/, examples/, which the tests read);
#   parallel  every test not marked `serial`, on every core (pytest-xdist; WORKERS sets the
#             number of worker processes, 0 for none);
#   serial    the tests marked `serial` (real worker processes, clusters, timed waits), which
#             must not share the machine with other tests: whoever runs this part sees that
#             nothing else runs beside it but work at the lowest priority (scripts/test.sh).
#   warm      the copy prepared, and its test modules put through pytest's assertion
#             rewriting once, their rewritten bytecode cached beside them, so the parts'
#             processes (each worker would rewrite every module anew: about 5 CPU-seconds
#             each) only read it. It can run before pokerforge is installed: without the
#             conftest files (which import it), and pytest caches a module's rewritten
#             bytecode before running it, whether or not its imports then fail.
# It ends with the number of tests each part ran.
#
# Usage: bash scripts/suite.sh PYTHON [all|versions] [both|prepare|parallel|serial|count|warm]
#   all       the whole suite (the default);
#   versions  all but the tests marked `slow`: long end-to-end and exhaustive checks whose
#             outcome does not depend on the Python version, which the test command runs on
#             3.11 only (nox runs them on every version);
#   both      every step: prepare, the parallel part, the serial part, the counts (the
#             default); `prepare`, `parallel`, `serial` and `count` run one step each, the
#             first before the others (scripts/test.sh fills the serial parts' idle cores
#             with other versions' parallel parts); `warm` prepares and warms (above).
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

case "$mode" in
  all) select="" ;;
  versions) select="not slow and " ;;
  *) echo "suite.sh: the mode is all or versions, not '$mode'" >&2; exit 2 ;;
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
run() {
  local name=$1
  shift
  (cd "$work" && POKERFORGE_EXPECT_INSTALLED=1 POKERFORGE_SOURCE="$root" \
    POKERFORGE_TRAIN_PYTHON="${POKERFORGE_TRAIN_PYTHON:-$root/.venv-train/bin/python}" \
    "$python" -m pytest -q \
    --junitxml="$root/$work/$name.xml" ${PYTEST_ARGS:-} "${ignore[@]}" "$@")
}
# Every core (WORKERS=0: this process alone), a module's tests on one worker (its fixtures
# made once; the web page's tests share one browser a worker, tests/service/conftest.py).
if [ "$part" = both ] || [ "$part" = parallel ]; then
  run parallel -n "${WORKERS:-auto}" --dist loadscope -m "${select}not serial" \
    tests --pyargs pokerforge
fi
# Only the files that mark tests serial are collected: collecting the whole suite (with
# every package's doctests) would cost a few seconds more for the same tests.
if [ "$part" = both ] || [ "$part" = serial ]; then
  mapfile -t serial_files < <(grep -rl --include='test_*.py' 'pytest.mark.serial' tests)
  run serial -p no:xdist -m "${select}serial" "${serial_files[@]}"
fi
[ "$part" = both ] || [ "$part" = count ] || exit 0

"$python" - "$work" "$version" "$mode" <<'PY'
import sys
import xml.etree.ElementTree as ET

work, version, mode = sys.argv[1:]
counts = {}
for part in ("parallel", "serial"):
    suites = list(ET.parse(f"{work}/{part}.xml").getroot().iter("testsuite"))
    counts[part] = [sum(int(s.get(k, 0)) for s in suites) for k in ("tests", "skipped")]
total = sum(c[0] for c in counts.values())
skipped = sum(c[1] for c in counts.values())
print(
    f"Python {version} ({mode}): {total} tests, {skipped} skipped"
    f" ({counts['parallel'][0]} in parallel, {counts['serial'][0]} alone)"
)
PY
