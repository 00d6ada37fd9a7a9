"""Every public exception of the package is importable from ``pokerforge.errors``."""

from __future__ import annotations

import importlib
import pkgutil

import pokerforge
from pokerforge import errors


def _subclasses(cls: type) -> set[type]:
    found = set()
    for sub in cls.__subclasses__():
        found |= {sub, *_subclasses(sub)}
    return found


def test_every_poker_error_is_in_the_errors_module() -> None:
    for module in pkgutil.walk_packages(pokerforge.__path__, "pokerforge."):
        if not module.name.endswith("__main__"):  # that one runs the command
            importlib.import_module(module.name)
    public = {
        cls
        for cls in _subclasses(errors.PokerError)
        if cls.__module__.startswith("pokerforge") and not cls.__name__.startswith("_")
    }
    assert len(public) > 20  # the walk really imported the package
    for cls in public:
        assert getattr(errors, cls.__name__, None) is cls, cls
        assert cls.__name__ in errors.__all__
