# Shared by the test and build scripts (sourced, not run): the tools and the stage clock.
# Run from the repository root.

# Python writes its bytecode caches here (some machines turn them off): the suite starts
# many Python processes (parallel workers, servers, Dask and pool workers), and each would
# otherwise compile every module it imports, and pytest rewrite every test module, anew.
unset PYTHONDONTWRITEBYTECODE

# uv creates the environments and installs into them: with its cache warm, an environment
# with every test dependency takes a second or two, where pip takes half a minute. It is
# itself a PyPI package, installed into .venv with pip the first time. It never downloads an
# interpreter: the machine's own are used.
export UV_PYTHON_DOWNLOADS=never
UV=.venv/bin/uv

# Makes .venv (Python 3.11, the development environment) with uv in it, where missing.
ensure_uv() {
  if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
  fi
  if [ ! -x "$UV" ]; then
    .venv/bin/python -m pip install --quiet 'uv>=0.5'
  fi
}

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

# Makes environment ENV (created with Python VERSION where missing) hold the dependencies
# of pokerforge's extras EXTRA... as pyproject.toml lists them, without pokerforge itself:
# the test command runs this while the wheel compiles, so that installing the wheel after
# is a matter of a second. Their bytecode is left to be written as modules are first
# imported: compiling every module at install costs half a minute of CPU per environment,
# mostly for modules no test imports.
env_deps() {
  local env=$1 version=$2 extras=() e
  shift 2
  for e in "$@"; do extras+=(--extra "$e"); done
  [ -x "$env/bin/python" ] || "$UV" venv --quiet --python "$(interpreter "$version")" "$env"
  "$UV" pip install --quiet --python "$env/bin/python" -r pyproject.toml "${extras[@]}"
}

# Makes folder TO hold what folder FROM holds, rewriting only the files whose content
# differs (so they are dated now) and leaving the others as they are, dates included: tools
# that cache by path and date (cargo, Python's bytecode) then redo only what changed.
sync_tree() {
  local from=$1 to=$2 f
  mkdir -p "$to"
  (cd "$to" && find . -type f ! -path '*/__pycache__/*') | while read -r f; do
    [ -e "$from/$f" ] || rm -f "$to/$f"
  done
  (cd "$from" && find . -type f ! -path '*/__pycache__/*') | while read -r f; do
    if ! cmp -s "$from/$f" "$to/$f"; then
      mkdir -p "$(dirname "$to/$f")"
      cp "$from/$f" "$to/$f"
    fi
  done
}

# The stage clock: `stage NAME` starts a stage (ending the one before), `stage_report`
# ends the last and prints each stage's wall time.
_stage_names=()
_stage_times=()
_stage_name=""
_stage_start=0
_stage_first=$(date +%s.%N)

stage() {
  local now
  now=$(date +%s.%N)
  if [ -n "$_stage_name" ]; then
    _stage_names+=("$_stage_name")
    _stage_times+=("$(awk -v a="$_stage_start" -v b="$now" 'BEGIN { printf "%.0f", b - a }')")
  fi
  _stage_name=$1
  _stage_start=$now
  [ -n "$1" ] && echo "== $1"
  return 0
}

stage_report() {
  local i total
  stage ""
  total=$(awk -v a="$_stage_first" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }')
  echo "== wall time by stage (seconds)"
  for i in "${!_stage_names[@]}"; do
    printf '  %-44s %5s\n' "${_stage_names[$i]}" "${_stage_times[$i]}"
  done
  printf '  %-44s %5s\n' "total" "$total"
}
