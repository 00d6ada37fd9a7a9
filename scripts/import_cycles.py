"""Lists the import cycles between pokerforge's modules; exits 1 if there is any.

Usage: python scripts/import_cycles.py [--graph]

Python: the graph is read from the sources, not from a running interpreter: every ``import`` and
``from ... import`` in ``python/pokerforge`` (at module level or inside a function: both run,
sooner or later; imports under ``if TYPE_CHECKING:`` never run and are left out), and the
Python modules the extension ``pokerforge._core`` imports at run time (``import(py,
"pokerforge.x", ...)`` and ``py.import("pokerforge.x")`` in ``rust/py/src``), the edges an
import graph of the Python side alone cannot show. A package's ``__init__`` running before
its modules is not an edge.

Rust: in each crate (``rust/core``, ``rust/py``), a module uses another where its code (comments
and string literals left out, and each item marked ``#[cfg(test)]``: a ``use``, a function, a
``mod tests``) names a path ``crate::a::b`` or ``super::b`` that leads into it; a module's own
submodules do not count (a parent declares them).

``--graph`` prints every edge as well.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "python"
BINDINGS = ROOT / "rust" / "py" / "src"
CORE = "pokerforge._core"
# py.import("pokerforge.x") or .import(py, "pokerforge.x", "Name") in the bindings.
RUST_IMPORT = re.compile(r"""import\((?:py,\s*)?"(pokerforge(?:\.\w+)*)\"""")


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement that can run (not under ``if TYPE_CHECKING:``)."""
    found: list[ast.Import | ast.ImportFrom] = []
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _type_checking_only(node):
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        stack.extend(ast.iter_child_nodes(node))
    return found


def python_edges(modules: set[str]) -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        name = module_name(path)
        is_package = path.name == "__init__.py"
        targets = edges.setdefault(name, set())
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                targets.update(a.name for a in node.names if a.name.startswith("pokerforge"))
                continue
            base = node.module or ""
            if node.level:  # relative: from the module's package upwards
                package = name.split(".") if is_package else name.split(".")[:-1]
                package = package[: len(package) - (node.level - 1)]
                base = ".".join([*package, base] if base else package)
            if not base.startswith("pokerforge"):
                continue
            for alias in node.names:
                # `from a import b` imports the module a.b when there is one, else a name of a.
                sub = f"{base}.{alias.name}"
                targets.add(sub if sub in modules else base)
        targets.discard(name)
    return edges


def core_edges() -> set[str]:
    return {m for f in sorted(BINDINGS.glob("*.rs")) for m in RUST_IMPORT.findall(f.read_text())}


CRATES = {"pokerforge_core": ROOT / "rust" / "core" / "src", "pokerforge_py": BINDINGS}
RUST_PATH = re.compile(r"\b(crate|super)((?:::\w+)+)")
# `use a::{b, c::d}` lists: each item of a braced list after a path.
RUST_USE = re.compile(r"\buse\s+(crate|super)((?:::\w+)*)::\{([^;]*)\}", re.S)
# Comments (doc links such as [`crate::range::MAX_DEPTH`] name no import), string and character
# literals (so that braces in them do not count); a lifetime such as 'a is none of these.
RUST_NOISE = re.compile(r"""//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])'""", re.S)
TEST_ONLY = "#[cfg(test)]"


def rust_code(text: str) -> str:
    """The text without comments, literals and the items marked ``#[cfg(test)]``."""
    text = RUST_NOISE.sub(lambda m: '""' if m[0].startswith('"') else " ", text)
    while (start := text.find(TEST_ONLY)) >= 0:
        # The item runs to its first `;` outside brackets (a `use`, a declaration) or to the
        # brace that closes its body (a function, a module), whichever comes first.
        at, depth = start + len(TEST_ONLY), 0
        while at < len(text):
            char = text[at]
            if char in "([{":
                depth += 1
            elif char in ")]}":
                depth -= 1
                if char == "}" and depth == 0:
                    break
            elif char == ";" and depth == 0:
                break
            at += 1
        text = text[:start] + text[at + 1 :]
    return text


def rust_module(src: Path, path: Path) -> tuple[str, ...]:
    parts = path.relative_to(src).with_suffix("").parts
    return parts[:-1] if parts[-1] in ("mod", "lib") else parts


def rust_edges(crate: str, src: Path) -> dict[str, set[str]]:
    files = {rust_module(src, f): f for f in sorted(src.rglob("*.rs"))}
    modules = set(files)

    def resolve(here: tuple[str, ...], start: str, rest: list[str]) -> tuple[str, ...] | None:
        base = () if start == "crate" else here[:-1]
        while rest and rest[0] == "super":  # super::super::...
            base, rest = base[:-1], rest[1:]
        path = (*base, *rest)
        while path and path not in modules:
            path = path[:-1]
        return path

    edges: dict[str, set[str]] = {}
    for here, file in files.items():
        text = rust_code(file.read_text(encoding="utf-8"))
        paths = [(m[1], m[2].split("::")[1:]) for m in RUST_PATH.finditer(text)]
        for start, prefix, items in RUST_USE.findall(text):
            for item in re.split(r"[,\s]+", re.sub(r"\{[^}]*\}", "", items)):
                if item and item not in ("self", "*"):
                    paths.append((start, [*prefix.split("::")[1:], *item.split("::")]))
        name = "::".join((crate, *here))
        targets = edges.setdefault(name, set())
        for start, rest in paths:
            target = resolve(here, start, [p for p in rest if p])
            if target is None or target[: len(here)] == here:
                continue  # itself or one of its own submodules
            targets.add("::".join((crate, *target)))
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(10_000)
    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def main() -> int:
    modules = {module_name(p) for p in PACKAGE.rglob("*.py")} | {CORE}
    edges = python_edges(modules)
    edges[CORE] = core_edges()
    for crate, src in CRATES.items():
        rust = rust_edges(crate, src)
        modules |= set(rust)
        edges.update(rust)
    if "--graph" in sys.argv[1:]:
        for source in sorted(edges):
            for target in sorted(edges[source]):
                print(f"{source} -> {target}")
    found = cycles(edges)
    for component in found:
        print("import cycle: " + ", ".join(component))
    if not found:
        print(f"no import cycle among {len(modules)} modules")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
