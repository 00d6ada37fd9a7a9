"""A short run of the training example: the learned policy beats random play."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("gymnasium")

EXAMPLE = Path(__file__).parents[2] / "examples" / "train_tabular.py"


def test_training_example_improves_on_random_play(capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("train_tabular", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    rates = module.main(hands=700, rounds=3, evaluate=400, seed=1)
    assert len(rates) == 4
    assert rates[-1] > rates[0] + 100  # bb/100 hands
    assert "training hands" in capsys.readouterr().out
