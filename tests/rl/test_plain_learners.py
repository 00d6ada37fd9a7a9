"""Stable-Baselines3's plain PPO and DQN run unmodified on a registered environment made
with ``illegal="penalize"``, and PPO learns to stop choosing illegal actions (the example,
run briefly in the training environment, .venv-train: scripts/train-env.sh)."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).parents[2] / "examples" / "train_ppo.py"
SHARE = re.compile(r"([\d.]+)% illegal choices over")


def _run(*args: str) -> tuple[float, float]:
    python = os.environ.get("POKERFORGE_TRAIN_PYTHON", "")
    assert Path(python).is_file(), (
        f"no training interpreter at {python!r}: run `bash scripts/train-env.sh WHEEL` "
        "and set POKERFORGE_TRAIN_PYTHON to its .venv-train/bin/python (scripts/suite.sh does)"
    )
    run = subprocess.run(
        [python, str(EXAMPLE), *args, "--checks", "1000"],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "OMP_NUM_THREADS": "1", "PYTHONWARNINGS": "ignore"},
        check=False,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    before, after = (float(share) for share in SHARE.findall(run.stdout))
    return before, after


@pytest.mark.slow
def test_plain_ppo_learns_to_stop_choosing_illegal_actions() -> None:
    before, after = _run("--algo", "ppo", "--steps", "4096")
    # Untrained, about three choices in ten are masked ones (penalized, replaced by a check
    # or a fold); a few thousand steps take that to almost none.
    assert before > 10 and after < before / 3, (before, after)


@pytest.mark.slow
def test_plain_dqn_runs_unmodified() -> None:
    before, after = _run("--algo", "dqn", "--steps", "2000")
    assert 0 <= after <= 100 and 0 <= before <= 100
