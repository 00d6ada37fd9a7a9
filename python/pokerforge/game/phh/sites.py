"""What each room writes into a record: the conventions of the public PHH dataset's HandHQ
files (July 2009, converted by pokerkit's parsers) and of PokerStars, as data.

The PHH standard says ``winnings`` are the chips each player collected from the pots (after
rake), ``starting_stacks`` the chips each had, and ``blinds_or_straddles`` the forced bets
by position. The rooms, and the conversion of their logs, depart from it in known ways:

| code | room | what its records write |
|---|---|---|
| ABS | Absolute Poker | winnings as collected after rake (the standard) |
| FTP | Full Tilt Poker | as collected, but 0 for a winner in a blind or on the button |
| IPN | iPoker Network | no winnings at all (every entry 0) and no stacks (``inf``) |
| MPN | Microgaming | read by the standard (none in the dataset's published counts) |
| ONG | Ongame Network | as collected, with finishing stacks; own posts as negative blinds |
| PS | PokerStars | as Full Tilt: 0 for a winner in a blind or on the button |
| PTY | PartyPoker | collected plus the uncalled bet returned; posts as negative blinds |

Full Tilt's and PokerStars' zeros come from the dataset's conversion, which missed the
summary lines that name a winner's seat (``Seat 3: ann (button) collected ($5)``).
Their showdowns often carry no ``winnings`` at all: the replay decides those where the
cards are shown, or where the loser's hand is written ``????`` beside the winner's shown
cards (not tabled: it cannot win, rule 22), and leaves the result unknown where no hand's
cards are written.
PartyPoker's walks and uncontested raises show the returned bet plainly (a raise to $1
that takes the blinds of $0.10/$0.25 is recorded as $1.25 won: the $0.50 pot and the
$0.75 not called), and so do its raked pots ($1.20 for a $1.00 pot, $0.25 returned,
$0.05 rake).

Every room's rake is what the pots held beyond the recorded winnings (taken from the main
pot first); where the winnings are not recorded (IPN) the rake is not known and counts as
0. A negative entry of ``blinds_or_straddles`` is a player's own post (pokerkit's reading;
rule 29b): the chips up to the big blind live (a player coming in), the rest dead (a missed
small blind), all of it dead when it is less than the big blind.

Each room's row is checked on an unchanged excerpt of its own HandHQ files
(``tests/data/phh``): every hand read, the skips counted by cause, the results against
the records and against pokerkit.

The readers ([`read_phhs()`][pokerforge.histories.read_phhs],
[`load_phh()`][pokerforge.game.phh.load_phh] and [`loads_phh()`][pokerforge.game.phh.loads_phh])
find a hand's room from its ``venue`` field, else from the file's name (``pty NLH
handhq_1-OBFUSCATED.phhs``, a folder ``PTY-2009-07-01_...``); their ``site=`` overrides it.
[`pokerforge.histories`][pokerforge.histories] names the same table.

Examples:
    >>> from pokerforge.histories import SITES
    >>> from pokerforge.game.phh.sites import site_for
    >>> SITES["PTY"].winnings
    'with-returns'
    >>> site_for({"venue": "iPoker Network"}).code
    'IPN'
    >>> site_for({}, "data/handhq/PS-2009-07-01_2009-07-23_50NLH_OBFU/1/x.phhs").code
    'PS'
    >>> site_for({}) is None
    True
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pokerforge.errors import InvalidHistoryError

__all__ = ["SITES", "WINNINGS", "Site", "site_for", "site_named", "site_of_name"]

#: What a room writes into ``winnings``: ``"collected"`` (the standard: chips collected
#: after rake), ``"blinds-unpaid"`` (the standard, but 0 for a winner in a blind or on the
#: button: such a hand is an unpaid pot, see [`UnpaidPotError`][pokerforge.errors.UnpaidPotError]),
#: ``"with-returns"`` (collected plus the uncalled bet returned) or ``"none"`` (not
#: recorded: every entry 0, read as no record).
WINNINGS = ("collected", "blinds-unpaid", "with-returns", "none")

Winnings = Literal["collected", "blinds-unpaid", "with-returns", "none"]


@dataclass(frozen=True, slots=True)
class Site:
    """One room's conventions.

    Attributes:
        code: the HandHQ code (``"PTY"``).
        name: the room (``"PartyPoker"``).
        venue: the ``venue`` field its records carry.
        winnings: what ``winnings`` holds (one of `WINNINGS`).
        stacks: whether its records give the starting stacks (``False``: ``inf``).
        posts: whether it writes players' own posts as negative blinds.
    """

    code: str
    name: str
    venue: str
    winnings: Winnings = "collected"
    stacks: bool = True
    posts: bool = False


#: The rooms of the HandHQ files and PokerStars, by code.
SITES: dict[str, Site] = {
    site.code: site
    for site in (
        Site("ABS", "Absolute Poker", "Absolute Poker"),
        Site("FTP", "Full Tilt Poker", "Full Tilt Poker", winnings="blinds-unpaid"),
        Site("IPN", "iPoker Network", "iPoker Network", winnings="none", stacks=False),
        Site("MPN", "Microgaming Poker Network", "Microgaming Poker Network"),
        Site("ONG", "Ongame Network", "Ongame Network", posts=True),
        Site("PS", "PokerStars", "PokerStars", winnings="blinds-unpaid"),
        Site("PTY", "PartyPoker", "PartyPoker", winnings="with-returns", posts=True),
    )
}

_BY_VENUE = {site.venue: site for site in SITES.values()}
# A HandHQ file's name starts with its room's code in lower case ("pty NLH handhq_1...");
# its folder with the code in capitals ("PTY-2009-07-01_...").
_NAME = re.compile(r"(?:^|[/\\])(?:(ABS|FTP|IPN|MPN|ONG|PS|PTY)-|(abs|ftp|ipn|mpn|ong|ps|pty) )")


def site_for(doc: Mapping[str, Any], source: str = "") -> Site | None:
    """The room of a hand: by its ``venue`` field, else by the file name ``source``;
    ``None`` when neither says (a plain PHH hand, read by the standard)."""
    venue = doc.get("venue")
    if type(venue) is str:
        site = _BY_VENUE.get(venue)
        if site is not None:
            return site
    return site_of_name(source)


def site_of_name(source: str) -> Site | None:
    """The room a HandHQ file's name or folder names, if any.

    Examples:
        >>> site_of_name("ipn NLH handhq_1-OBFUSCATED.phhs").name
        'iPoker Network'
        >>> site_of_name("hands.phhs") is None
        True
    """
    found = None
    for match in _NAME.finditer(source):
        found = match  # the innermost: the file's own name over its folders
    if found is None:
        return None
    return SITES[(found.group(1) or found.group(2)).upper()]


def site_named(site: str | Site) -> Site:
    """A site given by code (``"pty"``, ``"PTY"``) or as a [`Site`][pokerforge.histories.Site].

    Raises:
        InvalidHistoryError: no room has that code.

    Examples:
        >>> site_named("pty").name
        'PartyPoker'
        >>> site_named("XYZ")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        pokerforge.errors.InvalidHistoryError: 'XYZ' is not a site code: expected one of ABS, ...
    """
    if isinstance(site, Site):
        return site
    found = SITES.get(site.upper()) if isinstance(site, str) else None
    if found is None:
        raise InvalidHistoryError(
            f"{site!r} is not a site code: expected one of {', '.join(SITES)}"
        )
    return found
