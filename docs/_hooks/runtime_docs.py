"""griffe extension: the extension module's classes and functions documented by their Rust docs.

``pokerforge._core`` is compiled; its hand-written stub ``_core.pyi`` gives griffe the
signatures and types but carries no docstrings, since the documentation is written once, on
the Rust side (``///``), and PyO3 hands it to Python as ``__doc__``. This extension copies
those runtime docstrings onto the stub's objects, so the reference shows them.
"""

from __future__ import annotations

import importlib
import inspect
from typing import Any

import griffe

_MODULE = "pokerforge._core"


class RuntimeDocstrings(griffe.Extension):
    """Fills empty docstrings of ``pokerforge._core`` objects from the imported module."""

    def on_package(self, *, pkg: griffe.Module, **_: Any) -> None:
        if pkg.path != "pokerforge":
            return
        runtime = importlib.import_module(_MODULE)
        stub = pkg.modules_collection[_MODULE]
        for name, member in stub.members.items():
            self._fill(member, getattr(runtime, name, None))

    def _fill(self, obj: griffe.Object | griffe.Alias, runtime: object) -> None:
        if obj.is_alias:
            # The classes name their module "pokerforge" (for reprs and pickles), so
            # griffe sees them as re-exports: document the class they resolve to.
            try:
                obj = obj.final_target
            except (griffe.AliasResolutionError, griffe.CyclicAliasError):
                return
        doc = inspect.getdoc(runtime) if runtime is not None else None
        if doc and obj.docstring is None:
            obj.docstring = griffe.Docstring(doc, parent=obj, parser="google")
        if obj.is_class:
            for name, member in obj.members.items():
                attr = inspect.getattr_static(runtime, name, None)
                if isinstance(attr, (staticmethod, classmethod)):
                    attr = attr.__func__
                self._fill(member, attr)
