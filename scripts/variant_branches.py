"""Counts the lines that branch on a game's name or family outside the variant table.

A game is one row of the variant table (docs/rules.md, DESIGN.md convention 21): general
code reads the row's fields (its streets, forced bets, hand kinds) and never asks which
game it is playing. This script finds the lines that still do:

- a comparison with a game's name (``variant == "razz"``, ``game in ("stud", ...)``);
- the game-code constants (``RAZZ``, ``SHORT_DECK``, ...) and the families' tuples
  (``STUD_GAMES``, ``DRAW_GAMES``) used to decide something;
- stand-ins for a family: ``spec.is_stud``/``is_draw``, ``engine.bring_in`` or
  ``engine.draw_rounds`` as a test, ``self._stud``/``self._draw`` compared with ``None``;
- in the bindings and the page's scripts, the same names compared as strings.

The table itself (``rust/core/src/variant/``, ``python/pokerforge/games.py``, which reads it)
is not counted. It prints each line found and fails when there are more than the ceiling:
the issue's target is 20; the ceiling only goes down as the branches go.

Usage: python scripts/variant_branches.py [--list]
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CEILING = 7
"""The most lines allowed now (the target: 20). Lower it as branches go; never raise it."""

_NAMES = (
    "holdem|omaha|omaha-hilo|stud|stud-hilo|razz|short-deck|2-7-single-draw|2-7-triple-draw"
    "|a-5-triple-draw|badugi|five-card-draw"
)
_CODES = (
    "HOLDEM|OMAHA|OMAHA_HILO|STUD|STUD_HILO|RAZZ|SHORT_DECK|TWO_SEVEN_SINGLE|TWO_SEVEN_TRIPLE"
    "|A5_TRIPLE|BADUGI|FIVE_CARD_DRAW"
)
PATTERNS = [
    # A comparison with a game's name, either way round, or membership in a literal.
    re.compile(rf"""(==|!=|\bin\b)\s*[(\[{{]?\s*["']({_NAMES})["']"""),
    re.compile(rf"""["']({_NAMES})["']\s*(==|!=|===|!==)"""),
    re.compile(rf"""(===|!==)\s*["']({_NAMES})["']"""),
    re.compile(rf"""\bcase\s+["']({_NAMES})["']"""),
    # The codes and the families' tuples in a test.
    re.compile(rf"(==|!=|\bin\b|\bnot in\b)\s*\(?\s*\b({_CODES})\b"),
    re.compile(rf"\b({_CODES})\s*(==|!=)"),
    re.compile(r"\b(in|not in)\s+(STUD_GAMES|DRAW_GAMES)\b"),
    # Stand-ins for a family.
    re.compile(r"\.is_stud\b|\.is_draw\b"),
    re.compile(r"\bif\b.*\bengine\.(bring_in|draw_rounds)\b"),
    re.compile(r"\b_(stud|draw)\s+is\s+(not\s+)?None\b"),
]
SOURCES = [
    ("python/pokerforge", "*.py"),
    ("python/pokerforge/service/static", "*.js"),
    ("rust/py/src", "*.rs"),
]
EXCLUDED = {
    # The table's Python face: it builds the families from the rows.
    "python/pokerforge/games.py",
}


def _is_comment(line: str) -> bool:
    text = line.strip()
    return text.startswith(("#", "//", "///", "*", '"""', "'''")) or text == ""


def branches() -> list[tuple[str, int, str]]:
    """Every line that branches on a game's name or family: ``(path, line number, text)``."""
    found = []
    for folder, pattern in SOURCES:
        for path in sorted((ROOT / folder).rglob(pattern)):
            name = path.relative_to(ROOT).as_posix()
            if name in EXCLUDED:
                continue
            in_doc = False
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                stripped = line.strip()
                # Docstrings (and their doctests) describe; they do not branch.
                quotes = stripped.count('"""') + stripped.count("'''")
                if in_doc:
                    in_doc = quotes % 2 == 0
                    continue
                if quotes % 2 == 1:
                    in_doc = True
                    continue
                if _is_comment(line) or stripped.startswith(">>>"):
                    continue
                if any(p.search(line) for p in PATTERNS):
                    found.append((name, number, stripped))
    return found


def main(argv: list[str]) -> int:
    found = branches()
    if "--list" in argv or len(found) > CEILING:
        for name, number, text in found:
            print(f"{name}:{number}: {text}")
    print(f"{len(found)} lines branch on a game's name or family (ceiling {CEILING}, target 20)")
    if len(found) > CEILING:
        print(
            "read the game's row instead (pokerforge.games.ROWS / spec.row): a new game is a "
            "row, not a branch",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
