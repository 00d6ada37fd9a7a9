"""The solver guide's examples (docs/solver.md) run as written."""

import doctest
from pathlib import Path

GUIDE = Path(__file__).resolve().parent.parent.parent / "docs" / "solver.md"


def test_guide_examples_run() -> None:
    result = doctest.testfile(str(GUIDE), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
