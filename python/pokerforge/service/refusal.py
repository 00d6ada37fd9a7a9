"""What an error answer's English message says, as a code and its values.

Every error answer carries ``code`` and ``values`` beside its English ``message``, so a
client can say the same in its own language (the web calculator's Italian page does):
``"'Xx' is not a card: ..."`` is ``{"code": "bad_card", "values": {"text": "Xx"}}``. The
codes are read from the engine's and the service's sentences, whose shapes are fixed
(rust/core/src/error.rs, the request models); a message of no known shape is ``"other"``.

Examples:
    >>> explain("the card Ah is given more than once")
    ('duplicate_card', {'card': 'Ah'})
    >>> explain("List should have at most 10 items after validation, not 12")
    ('too_many', {'most': '10', 'given': '12'})
    >>> explain("something new")
    ('other', {})
"""

from __future__ import annotations

import re

__all__ = ["CODES", "explain"]

# (code, pattern): the first pattern found in the message names its code, its named groups
# the values. Order matters where one sentence contains another's words.
_SHAPES: tuple[tuple[str, str], ...] = (
    ("bad_card", r"'(?P<text>[^']*)' is not a card\b"),
    ("duplicate_card", r"the card (?P<card>\S+) is given more than once"),
    ("card_not_in_deck", r"the card (?P<card>\S+) is not in (?P<deck>.+?)$"),
    ("board_count", r"a board needs (?P<expected>[\d, or]+) cards, but (?P<given>\d+)"),
    # The solver's (pokerforge.service.solver).
    ("solver_board_count", r"a solver's board needs [\d, or]+ cards, but (?P<given>\d+)"),
    ("bad_sizes", r"'(?P<text>[^']*)' is not a list of bet sizes: (?:'(?P<size>[^']*)')?"),
    ("card_count", r"needs (?P<expected>\d+) cards, but (?P<given>\d+) (?:was|were) given"),
    (
        "bad_range",
        r"'(?P<text>.*)' is not a valid range: .*?(?:unexpected '(?P<char>.)'.*?)?"
        r" at position (?P<position>\d+)",
    ),
    ("empty_range", r"range leaves no possible hand"),
    ("exact_too_large", r"method = \"exact\" is refused(?:.*?past the limit of (?P<limit>\d+))?"),
    ("exact_time_limit", r"method = \"exact\".*time limit"),
    ("too_many", r"at most (?P<most>\d+) items?.*?, not (?P<given>\d+)"),
    ("too_few", r"at least (?P<least>\d+) items?.*?, not (?P<given>\d+)"),
    ("samples_range", r"expected 1 to (?P<most>\d+) samples, not (?P<given>\d+)"),
    ("stack_too_small", r"= (?P<value>\S+) is not allowed: expected more than the blind"),
    ("not_allowed", r"(?P<name>[\w\[\]]+) = (?P<value>.+?) is not allowed"),
    ("required", r"(?:is required|Field required)"),
    ("unknown_key", r"the API key is not one this server knows"),
    # The statistics' (pokerforge.service.stats, pokerforge.histories.filters).
    ("bad_date", r"'(?P<text>[^']*)' is no date"),
    ("no_player_hands", r"no hands of '(?P<player>.*)' among the hands kept"),
    ("several_units", r"'(?P<player>.*)' played (?P<units>.+?), which do not add up"),
    ("stats_time_limit", r"reading the hands took more than (?P<limit>[\d.]+) s"),
    ("body_too_large", r"the body is over (?P<most>\d+) bytes"),
)

CODES: tuple[str, ...] = (*(code for code, _ in _SHAPES), "other")
"""Every code an error answer may carry."""

_COMPILED = tuple((code, re.compile(pattern, re.DOTALL)) for code, pattern in _SHAPES)


def explain(message: str) -> tuple[str, dict[str, str]]:
    """The code of an English error message and the values it names.

    Args:
        message: The message of an error answer.

    Returns:
        ``(code, values)``: one of `CODES` and the values as text (a value the
        message does not give is left out).
    """
    for code, pattern in _COMPILED:
        found = pattern.search(message)
        if found:
            values = {k: v for k, v in found.groupdict().items() if v is not None}
            return code, values
    return "other", {}
