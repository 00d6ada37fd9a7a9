"""The quick start's, the defaults' and the guides' Python runs as written (each page a
doctest file)."""

from __future__ import annotations

import doctest
import os
from pathlib import Path

import pytest

# The pages' examples, the same on every Python: on 3.11 only in the test command.
pytestmark = pytest.mark.slow

DOCS = Path(__file__).resolve().parent.parent / "docs"
PAGES = [DOCS / "quickstart.md", DOCS / "defaults.md", *sorted((DOCS / "guides").glob("*.md"))]


@pytest.mark.parametrize("page", PAGES, ids=[p.stem for p in PAGES])
def test_the_pages_examples_run(
    page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # files a page writes go to a scratch folder
    for folder in ("tests", "examples"):  # the data and the programs the examples read
        (tmp_path / folder).symlink_to(DOCS.parent / folder)
    result = doctest.testfile(
        str(page),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.attempted >= 3, f"{page.name} shows no examples"
    assert result.failed == 0


def test_every_guide_is_in_the_navigation() -> None:
    # The repository's mkdocs.yml (scripts/suite.sh runs the suite from a copy of tests/
    # and docs/, and says where the repository is).
    source = Path(os.environ.get("POKERFORGE_SOURCE") or DOCS.parent)
    nav = (source / "mkdocs.yml").read_text(encoding="utf-8")
    for page in PAGES:
        assert str(page.relative_to(DOCS)) in nav, page.name
