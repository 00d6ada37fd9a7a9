"""The optional parts and the extras that install them, for one message everywhere.

A part of pokerforge that needs an optional package imports it through `require()`,
which, when the package is missing, raises
[`MissingExtraError`][pokerforge.errors.MissingExtraError] saying what needed it and the extra to
install: the same sentence from the command, Python and the service, whichever part asks.

Examples:
    >>> try:
    ...     require("no_such_module", "db", "the hand database")
    ... except MissingExtraError as err:
    ...     print(str(err).replace(": ", ":\\n"))
    the hand database needs no_such_module, which pokerforge[db] installs:
    pip install 'pokerforge[db]'
"""

from __future__ import annotations

import importlib
from types import ModuleType

from pokerforge.errors import MissingExtraError

__all__ = ["EXTRAS", "require"]

EXTRAS = {
    "service": "the HTTP service and its page",
    "dask": "simulations and reports on a Dask cluster, Parquet output, charts",
    "rl": "the Gymnasium and PettingZoo environments",
    "db": "the hand database and its Parquet export",
    "histories": "statistics as data frames and charts",
}
"""Each extra and what it adds (docs/defaults.md lists them too)."""


def require(module: str, extra: str, what: str) -> ModuleType:
    """``module``, imported; or, when it (or a package it needs) is missing,
    [`MissingExtraError`][pokerforge.errors.MissingExtraError] saying that ``what`` needs it and
    which extra installs it.

    Raises:
        MissingExtraError: the module cannot be imported.
    """
    try:
        return importlib.import_module(module)
    except ImportError:
        top = module.partition(".")[0]
        raise MissingExtraError(
            f"{what} needs {top}, which pokerforge[{extra}] installs: "
            f"pip install 'pokerforge[{extra}]'"
        ) from None
