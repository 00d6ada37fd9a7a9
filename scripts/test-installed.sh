#!/usr/bin/env bash
# Tests pokerforge as users install it: the wheel in dist/ (scripts/build-dist.sh) goes into
# a fresh virtual environment per Python version, and the Python suite runs from a copy of
# tests/ outside the source tree, so every import is the installed wheel, never python/.
#
# Usage: bash scripts/test-installed.sh [VERSION...]     (default: 3.10 3.11 3.12 3.13)
# PYTEST_ARGS adds pytest arguments (e.g. PYTEST_ARGS="-x -k equity").
# QUICK=1 leaves out the slowest end-to-end files (a real browser, Dask clusters, server
# processes, the command's worker processes, the long pokerkit comparisons); the full run
# covers them on one version.
# Where pokerkit does not install (it needs Python 3.11+), the tests that compare against it
# are left out, and the run says so.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

wheel=$(ls dist/pokerforge-*.whl 2>/dev/null | head -n 1 || true)
[ -n "$wheel" ] || { echo "no wheel in dist/: run scripts/build-dist.sh first" >&2; exit 2; }
[ "$#" -gt 0 ] || set -- 3.10 3.11 3.12 3.13

# An interpreter for "3.12": pyenv's newest 3.12.x where pyenv is set up, else python3.12.
interpreter() {
  local v=$1 full
  if command -v pyenv >/dev/null; then
    full=$(pyenv versions --bare | grep -E "^${v//./\\.}\.[0-9]+$" | sort -V | tail -n 1 || true)
    if [ -n "$full" ]; then
      PYENV_VERSION=$full pyenv which "python$v"
      return
    fi
  fi
  command -v "python$v"
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The tests read README.md, docs/ and examples/ beside tests/, as in the repository.
cp -r tests README.md docs examples "$work"/
cat > "$work/pytest.ini" <<'INI'
[pytest]
addopts = --doctest-modules --strict-markers -p no:cacheprovider
xfail_strict = true
INI

SLOW=(
  tests/service/test_service_page.py
  tests/service/test_service_page_access.py
  tests/service/test_service_page_ranges.py
  tests/service/test_service_process.py
  tests/service/test_service_hostile.py
  tests/sim/test_sim_backends.py
  tests/sim/test_sim_output.py
  tests/game/test_pokerkit_differential.py
  tests/game/test_phh_pokerkit.py
)
NEEDS_POKERKIT=(
  tests/game/test_pokerkit_differential.py
  tests/game/test_phh_pokerkit.py
  tests/histories/test_dataset_sample.py
)

for v in "$@"; do
  py=$(interpreter "$v") || { echo "Python $v not found" >&2; exit 2; }
  env=".venv-py$v"
  echo "== installed wheel on Python $v ($py)"
  rm -rf "$env"
  "$py" -m venv "$env"
  "$env/bin/python" -m pip install --quiet --upgrade pip
  "$env/bin/python" -m pip install --quiet "pokerforge[test] @ file://$root/$wheel"
  ignore=()
  if [ "${QUICK:-0}" = 1 ]; then
    for f in "${SLOW[@]}"; do ignore+=(--ignore "$f"); done
  fi
  if ! "$env/bin/python" -c "import pokerkit" 2>/dev/null; then
    echo "pokerkit is not installable on Python $v: leaving out ${NEEDS_POKERKIT[*]}"
    for f in "${NEEDS_POKERKIT[@]}"; do ignore+=(--ignore "$f"); done
  fi
  # --pyargs collects the doctests from the installed package itself.
  (cd "$work" && POKERFORGE_EXPECT_INSTALLED=1 "$root/$env/bin/python" -m pytest -q \
    ${PYTEST_ARGS:-} "${ignore[@]}" tests --pyargs pokerforge)
done
