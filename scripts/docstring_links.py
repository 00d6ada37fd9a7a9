"""Writes the docstrings' cross-references in the one style the documentation reads.

The reference pages are made by mkdocstrings from Google-style docstrings in Markdown, where
a link to another documented object is ``[`Hand`][pokerforge.game.Hand]`` (autorefs). Sphinx
roles (``:class:`Hand```, ``:func:`~pokerforge.equity```) are no links there: they show as
raw text. This script rewrites every role in ``python/pokerforge`` as a link to the object's
place in the built site, or as plain code where the object has no page (Python's own
classes, private helpers).

It needs the site built first (the anchors it links to are read from it):

    .venv/bin/mkdocs build --strict --site-dir target/site
    .venv/bin/python scripts/docstring_links.py target/site          # rewrite
    .venv/bin/python scripts/docstring_links.py target/site --check  # fail if a role is left

``tests/test_docs_site.py`` checks that the built site shows no raw role.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "python" / "pokerforge"
ROLE = re.compile(r":(?:py:)?(func|class|meth|attr|mod|data|exc|obj|const):`([^`]+)`")
_ANCHOR = re.compile(r'id="(pokerforge[\w.]*)"')


def anchors(site: Path) -> set[str]:
    """Every object path the built site has a heading for."""
    found: set[str] = set()
    for page in site.rglob("*.html"):
        found.update(_ANCHOR.findall(page.read_text(encoding="utf-8")))
    return found


def _object(path: str) -> Any:
    """The object at a dotted path (a module, then attributes), or ``None``."""
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        try:
            for name in parts[cut:]:
                obj = getattr(obj, name)
        except AttributeError:
            return None
        return obj
    return None


class Linker:
    """Finds, for a role's target in a module, the path of its heading in the site."""

    def __init__(self, paths: set[str]) -> None:
        self.paths = paths
        # The documented objects by identity (classes, functions, modules), shortest path
        # first, so that a re-exported object links to its public place.
        self.by_id: dict[int, str] = {}
        for path in sorted(paths, key=lambda p: (p.count("."), p)):
            obj = _object(path)
            if obj is not None and (inspect.isclass(obj) or callable(obj) or inspect.ismodule(obj)):
                self.by_id.setdefault(id(obj), path)

    def _documented(self, obj: Any) -> str | None:
        return self.by_id.get(id(obj))

    def link(self, module: Any, target: str) -> str | None:
        """The site path of ``target`` as written in ``module``'s docstrings, or ``None``."""
        target = target.lstrip(".")
        if target in self.paths:
            return target
        first, _, rest = target.partition(".")
        owners: list[Any] = []
        if first in vars(module):
            owners.append(vars(module)[first])
        else:  # a name of a class of the module (a method or attribute written alone)
            owners += [
                getattr(c, first)
                for c in vars(module).values()
                if inspect.isclass(c) and c.__module__ == module.__name__ and hasattr(c, first)
            ]
            obj = _object(f"pokerforge.{target}")
            if obj is not None:
                owners.append(obj)
                rest = ""
        for owner in owners:
            found = self._path(owner, rest)
            if found is not None:
                return found
        # An attribute or method of a class of the module written alone: Class.name.
        for c in vars(module).values():
            if inspect.isclass(c) and c.__module__ == module.__name__:
                base = self._documented(c)
                if base is not None and f"{base}.{target}" in self.paths:
                    return f"{base}.{target}"
        return None

    def _path(self, obj: Any, rest: str) -> str | None:
        """The path of ``obj``'s attribute chain ``rest`` under ``obj``'s heading."""
        if not rest:
            return self._documented(obj)
        head, _, tail = rest.partition(".")
        base = self._documented(obj)
        if base is not None and f"{base}.{rest}" in self.paths:
            return f"{base}.{rest}"
        child = getattr(obj, head, None)
        if child is None:
            return None
        return self._path(child, tail) if tail else self._documented(child)


def rewrite(text: str, module: Any, linker: Linker) -> tuple[str, int]:
    """``text`` with its roles as links (or code); the number rewritten."""
    count = 0

    def one(match: re.Match[str]) -> str:
        nonlocal count
        count += 1
        body = match.group(2)
        titled = re.fullmatch(r"(.+?)\s*<([^>]+)>", body)
        if titled:
            shown, target = titled.group(1), titled.group(2)
        else:
            target = body
            shown = body.lstrip("~").lstrip(".")
            if body.startswith("~"):
                shown = shown.rsplit(".", 1)[-1]
        target = target.lstrip("~")
        if match.group(1) in ("func", "meth") and not shown.endswith(")") and not titled:
            shown += "()"
        path = linker.link(module, target)
        code = shown if titled else f"`{shown}`"
        return f"[{code}][{path}]" if path else code

    return ROLE.sub(one, text), count


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path, help="the built site (mkdocs build --site-dir)")
    parser.add_argument("--check", action="store_true", help="fail if any role is left")
    args = parser.parse_args()
    files = sorted(PACKAGE.rglob("*.py"))
    if args.check:
        left = [(f, len(ROLE.findall(f.read_text(encoding="utf-8")))) for f in files]
        left = [(f, n) for f, n in left if n]
        for f, n in left:
            print(f"{f.relative_to(ROOT)}: {n} roles")
        return 1 if left else 0
    linker = Linker(anchors(args.site))
    total = 0
    for f in files:
        text = f.read_text(encoding="utf-8")
        if not ROLE.search(text):
            continue
        name = ".".join(f.relative_to(ROOT / "python").with_suffix("").parts)
        name = name.removesuffix(".__init__")
        module = importlib.import_module(name) if name != "pokerforge.__main__" else None
        if module is None:
            continue
        new, count = rewrite(text, module, linker)
        f.write_text(new, encoding="utf-8")
        total += count
    print(f"{total} roles rewritten")
    return 0


if __name__ == "__main__":
    sys.exit(main())
