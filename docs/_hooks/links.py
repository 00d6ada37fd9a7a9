"""mkdocs hook: pages made of the repository's own Markdown files, with working links.

README.md, BENCHMARKS.md and CHANGELOG.md are written once, for the repository; a page whose
only line is ``<!-- include: NAME.md -->`` shows that file. In the repository, pictures and
guides live under ``docs/`` and the figures in ``BENCHMARKS.md``; the site's pages live
inside ``docs/``, so those links are rewritten to the site's own paths.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

_ROOT = Path(__file__).resolve().parents[2]
_INCLUDE = re.compile(r"^<!-- include: ([\w.-]+\.md) -->$", re.MULTILINE)
# Repository path -> site path, for links written as ](path) or ](path#anchor).
_REWRITES = {
    "docs/": "",
    "BENCHMARKS.md": "benchmarks.md",
    "CHANGELOG.md": "changelog.md",
    "README.md": "guide.md",
}
_LINK = re.compile(r"\]\((" + "|".join(re.escape(k) for k in _REWRITES) + r")")


def _included(match: re.Match[str]) -> str:
    text = (_ROOT / match.group(1)).read_text(encoding="utf-8")
    return _LINK.sub(lambda m: "](" + _REWRITES[m.group(1)], text)


def on_page_markdown(markdown: str, **_: Any) -> str:
    """Replaces each include line with the named repository file, links rewritten."""
    return _INCLUDE.sub(_included, markdown)
