"""The engine's refusals in the command's words.

The engine names the part of a request it refuses as Python and the service name it: the
fields ``players[0]``, ``board`` and ``dead``, and settings written ``method = "exact"``,
``samples = 0`` or ``by_hand = true``. A user of the ``pokerforge`` command typed none of
those: they typed a hand, ``--board``, ``--exact``, ``--samples 0``. `in_command_words()`
rewrites a refusal's message in the words of the command line that was typed, so that it
names what the user wrote and what to do instead.

Examples:
    >>> import argparse
    >>> args = argparse.Namespace(command="odds", hand="AhKhQs", board="", dead="")
    >>> in_command_words("players[0]: a Hold'em hand needs 2 cards, but 3 were given", args)
    "your hand AhKhQs: a Hold'em hand needs 2 cards, but 3 were given"
    >>> in_command_words('method = "exact" is refused: too many deals: use "monte-carlo" '
    ...                  'or "auto"', args)
    '--exact is refused: too many deals: leave out --exact (the answer is then sampled)'
"""

from __future__ import annotations

import argparse
import re

__all__ = ["in_command_words"]

# A setting as the engine writes it (`name = value`) -> the option that sets it.
_OPTIONS = {
    "samples": "--samples",
    "seed": "--seed",
    "time_limit": "--time-limit",
    "draw_rounds": "--draw-rounds",
    "draws": "--draws",
    "trips_beat_straight": "--straight-beats-trips",
    "game": "--game",
}
_SETTING = re.compile(r"\b(" + "|".join(_OPTIONS) + r") = (\"[^\"]*\"|'[^']*'|[^\s,:;]+)")
_EXACT = re.compile(r'\bmethod = "exact"')
_ADVICE = re.compile(r'use "monte-carlo"(?: or "auto")?')
_BY_HAND = re.compile(r"\bby_hand = (?:true|True)")
_PLACE = re.compile(r"^(players\[(\d+)\]|board|dead)(: )")
# An entry of a list the command takes as its arguments (the ICM commands' stacks, their
# --payouts), as the engine names it: stacks[1] = -5.
_ENTRY = re.compile(r"\b(stacks|payouts)\[(\d+)\](?: = (\S+))?")
# A count written without its thousands separators (a count of things, not a seed).
_COUNT = re.compile(r"\b\d{5,}(?= (?:combinations|deals|samples|completions|hands|sets|numbers))")


def _place(match: re.Match[str], args: argparse.Namespace) -> str:
    """The player, board or dead cards a message starts with, as the user gave them."""
    field, index = match.group(1), match.group(2)
    if index is None:  # board or dead
        given = getattr(args, field, "") or ""
        return f"--{field} {given}".rstrip() + match.group(3)
    i = int(index)
    if args.command == "odds":
        return (f"your hand {args.hand}" if i == 0 else f"opponent {i}") + match.group(3)
    players = getattr(args, "players", None) or []
    given = f" ({players[i]})" if i < len(players) else ""
    return f"player {i + 1}{given}" + match.group(3)


def _option(match: re.Match[str]) -> str:
    value = match.group(2).strip("\"'")
    option = _OPTIONS[match.group(1)]
    if option == "--straight-beats-trips":
        return option
    return f"{option} {value}"


def _entry(match: re.Match[str]) -> str:
    what = "stack" if match.group(1) == "stacks" else "payout"
    value = f" ({match.group(3)})" if match.group(3) else ""
    return f"{what} {int(match.group(2)) + 1}{value}"


def in_command_words(message: str, args: argparse.Namespace) -> str:
    """``message`` (a refusal by the engine) with the request's field and setting names
    replaced by the arguments and options of the command line ``args``."""
    message = _PLACE.sub(lambda m: _place(m, args), message, count=1)
    if _EXACT.search(message):
        message = _EXACT.sub("--exact", message)
        message = _ADVICE.sub("leave out --exact (the answer is then sampled)", message)
    else:
        message = _ADVICE.sub("leave out --exact", message)
    message = _BY_HAND.sub("--by-hand", message)
    message = _ENTRY.sub(_entry, message)
    # The engine says "ranges" of every player; random opponents are players too.
    message = message.replace("exact equity of these ranges", "exact equity of these players")
    message = _COUNT.sub(lambda m: f"{int(m.group()):,}", message)
    return _SETTING.sub(_option, message)
