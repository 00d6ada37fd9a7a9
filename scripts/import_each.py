"""Imports every module of the installed pokerforge on its own, each in a fresh interpreter.

Usage: .venv/bin/python scripts/import_each.py

A module that works only when something else happened to be imported first (a missing
import hidden by the order of a test run) fails here. Every module of the package is
tried, the optional extras' too, so the environment needs them (the test command's .venv
has them all). Prints each failure with the last line of its error; exits 1 if any.
"""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pokerforge


def modules() -> list[str]:
    names = ["pokerforge"]
    for info in pkgutil.walk_packages(pokerforge.__path__, "pokerforge."):
        if not info.name.endswith(".__main__"):  # importing it runs the command
            names.append(info.name)
    return sorted(names)


def try_import(name: str) -> tuple[str, str | None]:
    run = subprocess.run(
        [sys.executable, "-c", f"import {name}"], capture_output=True, text=True, check=False
    )
    if run.returncode == 0:
        return name, None
    lines = run.stderr.strip().splitlines()
    return name, lines[-1] if lines else f"exit status {run.returncode}"


def main() -> int:
    names = modules()
    with ThreadPoolExecutor() as pool:
        results = list(pool.map(try_import, names))
    failed = [(name, error) for name, error in results if error is not None]
    for name, error in failed:
        print(f"{name}: {error}")
    print(f"{len(names) - len(failed)} of {len(names)} modules import on their own")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
