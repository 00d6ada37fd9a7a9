"""docs/rules.md defines every rule the code cites."""

from __future__ import annotations

import re
from pathlib import Path

import pokerforge

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rules.md"
# The code that cites the rules: the package under test (the source tree, or the installed
# wheel when the suite runs against it).
PACKAGE = Path(pokerforge.__file__).resolve().parent

# "rule 13", "rules 3, 7-9, 29b", "Rule 30b", "rules 34 and 35"
_CITATION = re.compile(r"\b[Rr]ules? (\d+[a-z]?(?:(?:, | and |-)\d+[a-z]?)*)")


def _numbers(citation: str) -> set[str]:
    out: set[str] = set()
    for part in re.split(r", | and ", citation):
        if "-" in part:
            low, high = part.split("-")
            out.update(str(n) for n in range(int(low), int(high) + 1))
        else:
            out.add(part)
    return out


def _cited() -> dict[str, set[str]]:
    cited: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for match in _CITATION.finditer(path.read_text(encoding="utf-8")):
            for number in _numbers(match.group(1)):
                cited.setdefault(number, set()).add(path.name)
    return cited


def _defined() -> set[str]:
    return set(re.findall(r"^\*\*(\d+[a-z]?)\.\*\*", DOC.read_text(encoding="utf-8"), re.M))


def test_every_cited_rule_is_defined() -> None:
    cited = _cited()
    assert len(cited) >= 30  # the scan finds the citations
    missing = {number: files for number, files in cited.items() if number not in _defined()}
    assert missing == {}


def test_the_scan_reads_ranges_and_lists() -> None:
    assert _numbers("3, 7-9, 29b") == {"3", "7", "8", "9", "29b"}
    assert _numbers("34 and 35") == {"34", "35"}


def test_rules_are_defined_once_in_order() -> None:
    numbers = re.findall(r"^\*\*(\d+[a-z]?)\.\*\*", DOC.read_text(encoding="utf-8"), re.M)
    assert len(numbers) == len(set(numbers))
    assert [int(re.sub(r"[a-z]", "", n)) for n in numbers] == sorted(
        int(re.sub(r"[a-z]", "", n)) for n in numbers
    )
    assert {str(n) for n in range(1, 55)} | {"26b", "29b", "30b", "30c"} == set(numbers)


def test_every_worked_example_is_a_test() -> None:
    examples = re.findall(r"^- \*\*([A-Z]+)\.\*\*", DOC.read_text(encoding="utf-8"), re.M)
    assert examples == [chr(c) for c in range(ord("A"), ord("Z") + 1)] + ["AA"]
    tests = (ROOT / "tests" / "game" / "test_rules_examples.py").read_text(encoding="utf-8")
    for letter in examples:
        assert re.search(rf"^def test_{letter.lower()}_", tests, re.M), letter


def test_every_stud_example_is_a_test() -> None:
    examples = re.findall(r"^- \*\*Stud (\d+)\.\*\*", DOC.read_text(encoding="utf-8"), re.M)
    assert examples == ["1", "2", "3", "4", "5"]
    tests = (ROOT / "tests" / "game" / "test_stud.py").read_text(encoding="utf-8")
    for number in examples:
        assert re.search(rf"^def test_example_stud_{number}_", tests, re.M), number


def test_every_short_deck_example_is_a_test() -> None:
    examples = re.findall(r"^- \*\*Short (\d+)\.\*\*", DOC.read_text(encoding="utf-8"), re.M)
    assert examples == ["1", "2", "3", "4"]
    tests = (ROOT / "tests" / "game" / "test_short_deck.py").read_text(encoding="utf-8")
    for number in examples:
        # One test may hold two: test_examples_short_3_and_4_...
        assert re.search(rf"^def test_examples?_short_(\d+_and_)?{number}_", tests, re.M), number


def test_every_draw_example_is_a_test() -> None:
    examples = re.findall(r"^- \*\*Draw (\d+)\.\*\*", DOC.read_text(encoding="utf-8"), re.M)
    assert examples == ["1", "2", "3", "4", "5", "6"]
    tests = (ROOT / "tests" / "game" / "test_draw.py").read_text(encoding="utf-8")
    for number in examples:
        assert re.search(rf"^def test_example_draw_{number}_", tests, re.M), number
