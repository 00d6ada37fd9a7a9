"""The documentation site builds in strict mode (every link and anchor checked) and its
command-line reference lists every option the command has."""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pokerforge.cli import _parser

# The repository (scripts/suite.sh runs the suite from a copy of tests/ and docs/ and says
# where the repository is): the site is built from its mkdocs.yml and sources.
ROOT = Path(os.environ.get("POKERFORGE_SOURCE") or Path(__file__).resolve().parent.parent)

pytestmark = pytest.mark.slow  # a whole site built: the same on every Python


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    mkdocs = Path(sys.executable).with_name("mkdocs")
    done = subprocess.run(
        [str(mkdocs), "build", "--strict", "--quiet", "--site-dir", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "NO_COLOR": "1"},
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return out


def test_the_reference_lists_every_command_and_option(site: Path) -> None:
    page = (site / "reference" / "cli" / "index.html").read_text(encoding="utf-8")
    text = re.sub(r"<[^>]+>", " ", page)
    sub = next(a for a in _parser()._actions if isinstance(a, argparse._SubParsersAction))
    assert len(sub.choices) >= 9
    for name, command in sub.choices.items():
        assert f"pokerforge {name}" in text, name
        for action in command._actions:
            for flag in action.option_strings:
                if flag not in ("-h", "--help"):
                    assert flag in text, f"{name} {flag}"


def test_every_page_is_built(site: Path) -> None:
    for page in ("quickstart", "guides/bots", "guides/tournament-decisions", "rules"):
        assert (site / page / "index.html").is_file(), page


ROLE = re.compile(r":(?:py:)?(?:func|class|meth|attr|mod|data|exc|obj|const):`")


def test_no_raw_sphinx_roles_in_the_site_or_the_sources(site: Path) -> None:
    # One docstring style, the one mkdocstrings reads: links are [`name`][path]
    # (scripts/docstring_links.py rewrites a role), so the site shows no raw role.
    shown = [p.name for p in site.rglob("*.html") if ROLE.search(p.read_text(encoding="utf-8"))]
    assert shown == []
    package = ROOT / "python" / "pokerforge"
    written = [
        str(p.relative_to(ROOT)) for p in package.rglob("*.py") if ROLE.search(p.read_text())
    ]
    assert written == []
