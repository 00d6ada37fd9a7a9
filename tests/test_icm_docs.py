"""The tournament guide's examples (docs/icm.md) run as written."""

import doctest
from pathlib import Path

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "icm.md"


def test_guide_examples_run() -> None:
    result = doctest.testfile(str(GUIDE), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
