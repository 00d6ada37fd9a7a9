"""Imports every module the test suite imports that is installed, so that Python writes
their bytecode caches now (scripts/test.sh runs this at the lowest priority while the wheel
links on one core) rather than in each of the suite's first processes at once.

Usage: PYTHON scripts/warm_imports.py      (from the repository root)
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import io
from pathlib import Path


def _imported(tests: Path) -> set[str]:
    names: set[str] = set()
    for path in tests.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_bytes())):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module)
    return names


def main() -> None:
    for name in sorted(_imported(Path("tests"))):
        # Modules that are not installed (the test helpers, pokerforge before its wheel,
        # pokerkit on 3.10) are left for the suite to import or report.
        with contextlib.suppress(Exception), contextlib.redirect_stdout(io.StringIO()):
            importlib.import_module(name)


if __name__ == "__main__":
    main()
