"""The whole Python suite on every supported Python, against the release wheel: one nox
session per version (``tests-3.10`` ... ``tests-3.13``).

The test command (``scripts/test.sh``) runs the whole suite on 3.11 and, on 3.10 and 3.13,
only what can differ between versions (``scripts/suite.sh``'s mode ``others``); a release
runs this matrix as well, the whole suite on each (docs/release.md)::

    bash scripts/build-dist.sh                  # the wheel in dist/
    .venv/bin/python -m pip install nox         # once
    .venv/bin/nox                               # every version; or: nox -s tests-3.12

Each session installs the wheel from ``dist/`` with its ``test`` extra into an environment of
its own (made with uv) and runs ``scripts/suite.sh`` on it: the tests in parallel, then the
ones marked ``serial`` alone. The MaskablePPO example's test trains in ``.venv-train``, which
the test command makes (or ``bash scripts/train-env.sh dist/WHEEL``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import nox

ROOT = Path(__file__).parent
VERSIONS = ["3.10", "3.11", "3.12", "3.13"]

nox.options.default_venv_backend = "uv"  # uv is in .venv beside nox (scripts/lib.sh)
nox.options.error_on_missing_interpreters = True


def _pyenv_interpreters() -> None:
    """Puts pyenv's newest patch release of each version on PATH, where nox looks for
    ``python3.X`` (pyenv's shims answer only for the versions selected)."""
    if shutil.which("pyenv") is None:
        return
    installed = subprocess.run(
        ["pyenv", "versions", "--bare"], capture_output=True, text=True, check=True
    ).stdout.split()
    root = subprocess.run(
        ["pyenv", "root"], capture_output=True, text=True, check=True
    ).stdout.strip()
    dirs = []
    for version in VERSIONS:
        patches = [v for v in installed if v.startswith(version + ".") and v.count(".") == 2]
        if patches:
            newest = max(patches, key=lambda v: int(v.rsplit(".", 1)[1]))
            dirs.append(str(Path(root, "versions", newest, "bin")))
    os.environ["PATH"] = os.pathsep.join([*dirs, os.environ["PATH"]])


_pyenv_interpreters()


@nox.session(python=VERSIONS)
def tests(session: nox.Session) -> None:
    """The whole suite against the wheel in dist/ (scripts/build-dist.sh builds it)."""
    wheels = sorted(ROOT.glob("dist/pokerforge-*.whl"))
    if not wheels:
        session.error("no wheel in dist/: run scripts/build-dist.sh first")
    # The wheel's version does not change between builds: put it in anew every time.
    session.install("--reinstall-package", "pokerforge", f"pokerforge[test] @ {wheels[0].as_uri()}")
    python = Path(session.virtualenv.location, "bin", "python")
    session.run("bash", str(ROOT / "scripts" / "suite.sh"), str(python), "all", external=True)
