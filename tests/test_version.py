"""One version everywhere: the wheel's metadata, ``pokerforge.__version__`` and the CLI."""

from __future__ import annotations

import importlib.metadata
import re

import pytest

import pokerforge
from pokerforge.cli import main


def test_version_matches_the_installed_metadata() -> None:
    assert pokerforge.__version__ == importlib.metadata.version("pokerforge")
    assert re.fullmatch(r"\d+\.\d+\.\d+([-.\w]*)", pokerforge.__version__)


def test_cli_prints_the_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"pokerforge {pokerforge.__version__}\n"
