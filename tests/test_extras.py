"""A part used without its optional package says which extra installs it, in one sentence
from every part."""

from __future__ import annotations

import sys

import pytest

from pokerforge.errors import MissingExtraError
from pokerforge.histories import Stats
from pokerforge.sim.output import pyarrow_modules


@pytest.mark.parametrize(
    ("module", "extra", "call"),
    [
        ("pandas", "histories", lambda: Stats().to_dataframe()),
        ("matplotlib", "histories", lambda: Stats(track=["a"]).plot_cumulative("a", "x.png")),
        ("pyarrow", "dask", pyarrow_modules),
    ],
)
def test_a_missing_package_names_its_extra(
    module: str, extra: str, call: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in list(sys.modules):
        if name == module or name.startswith(module + "."):
            monkeypatch.setitem(sys.modules, name, None)  # makes its import fail
    monkeypatch.setitem(sys.modules, module, None)
    with pytest.raises(MissingExtraError, match=rf"needs {module}, which pokerforge\[{extra}\]"):
        call()  # type: ignore[operator]
