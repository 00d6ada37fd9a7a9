"""Each room's conventions as its readers implement and observe them, beside
[`SITES`][pokerforge.histories.SITES] (which holds the PHH conversions' conventions): one
frozen [`RoomConvention`][pokerforge.histories.RoomConvention] a room, keyed by the code the
core's readers give a hand (``record.site``).

Every field is what the readers do or what the rooms' public fixture files show; a room's
payouts are always the record (a hand whose room paid otherwise than the rules split it is
kept as paid, its ``record.site_convention`` saying why), so no field overrides them.

The table, made from the data by [`conventions_table()`][pokerforge.histories.conventions_table],
is on the hand histories' reference page (a test keeps that copy equal to it).

Columns: ``rake`` is how a hand states its pot and rake (``stated``: the summary's total pot
and rake, checked against the actions; ``stated after rake``: the total pot written less the
rake; ``not written``: the rake is what the pots held beyond what was paid, at most a
quarter of them); ``raked from`` which pots the rake comes from where there are side pots
(``main pot first``, ``each pot``, ``not seen``); ``uncalled bet`` is how a bet nobody
called comes back (``returned line``: a line of its own; ``with winnings``: inside the
amount the player is paid, taken off it for PHH); ``all-ins`` is how a player all-in is
known (``written``: the action says so; ``by stack``: the action puts in the player's whole
stack; ``protected``: a disconnected player kept all-in for what he had put in); ``notes``
are the record notes the readers give its hands; ``names`` whether players carry nicknames
or are anonymous (named by their position), and ``straddles`` where the room posts them;
``limit all-in`` where a fixed-limit raise goes after an all-in of at least half a bet short
of a full one (rule 18's switch, [`RuleProfile.limit_short_all_in`][pokerforge.game.RuleProfile],
as the room's hands show it: their replays follow it).

Examples:
    >>> from pokerforge.histories import CONVENTIONS
    >>> CONVENTIONS["IPN"].uncalled
    'with winnings'
    >>> CONVENTIONS["BOV"].anonymous, CONVENTIONS["GG"].straddles
    (True, True)
    >>> sorted(CONVENTIONS) == sorted(("PS", "GG", "WMX", "888", "IPN", "PTY", "WPN", "RIO",
    ...     "BOV", "BOL", "FTP", "MRG"))
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

__all__ = ["CONVENTIONS", "NOTES", "RoomConvention", "conventions_table"]

Rake = Literal["stated", "stated after rake", "not written"]
Uncalled = Literal["returned line", "with winnings"]
RakeTaken = Literal["main pot first", "each pot", "not seen"]
ShortAllIn = Literal["all-in", "full-bet", "completes", "not seen"]

#: The notes a reader gives a hand (``pokerforge._core.rooms_read``'s ``notes``): an uncalled
#: bet returned, a player who cashed out (took the room's insurance-like offer), the board
#: run more than once, a seat listed sitting out, a disconnected player kept all-in, chips
#: the room added to the pot (paid to a player beyond the players' pot), chips the room
#: took from the pot that its summary does not write (a jackpot drop), a player who joined the
#: table after its seat lines and played (his seat from the order of play, his stack unknown).
NOTES = (
    "returned",
    "cashed out",
    "runouts",
    "sitting out",
    "all-in protected",
    "added",
    "unwritten fee",
    "joined",
)


@dataclass(frozen=True, slots=True)
class RoomConvention:
    """One room's conventions as its readers implement them.

    Attributes:
        code: the code its hands carry (``record.site``).
        name: the room, its skins named where they write alike.
        currencies: the currencies its cash hands are written in (the symbol or code the
            hands carry), as its public fixture files show them; tournaments are in chips,
            and a hand whose stakes carry no currency (play money, some layouts) has none.
        rake: how a hand states its pot and rake: ``"stated"``, ``"stated after rake"``
            or ``"not written"`` (see the module's notes).
        rake_taken: which pots a hand with side pots is raked from, as its hands show:
            ``"main pot first"`` (the rules' way, rule 27: such hands replay to the room's
            payouts), ``"each pot"`` (in proportion: such hands keep the room's payouts,
            ``record.site_convention`` saying by how much they differ), ``"not seen"``.
            Ties and odd chips are paid as the room wrote them in every room, a split the
            rules make otherwise being said the same way.
        uncalled: how an uncalled bet comes back: ``"returned line"`` or ``"with
            winnings"``.
        all_in: how a player all-in is known: ``"written"``, ``"by stack"``, and
            ``"protected"`` where the room keeps a disconnected player all-in.
        notes: the record notes its hands can carry (a subset of `NOTES`).
        anonymous: whether players are named by their position, not a nickname.
        straddles: whether its hands post straddles (read as PHH's third blind).
        limit_short_all_in: where a fixed-limit raise goes after an all-in of at least half
            a bet short of a full one, as its hands show (``"not seen"`` where none does):
            the rule profile's switch its hands replay with (rule 18).
    """

    code: str
    name: str
    currencies: tuple[str, ...]
    rake: Rake
    uncalled: Uncalled
    rake_taken: RakeTaken = "not seen"
    all_in: tuple[str, ...] = ("written",)
    notes: frozenset[str] = frozenset()
    anonymous: bool = False
    straddles: bool = False
    limit_short_all_in: ShortAllIn = "not seen"

    def describe(self, note: str, player: str, amount: str) -> str:
        """A note of this room's in words, for ``record.site_convention``.

        Examples:
            >>> CONVENTIONS["IPN"].describe("all-in protected", "Ann", "2.29")
            'iPoker kept Ann all-in for what was put in when disconnected (stack 2.29)'
        """
        if note == "all-in protected":
            return (
                f"{self.name} kept {player} all-in for what was put in when disconnected "
                f"(stack {amount})"
            )
        if note == "cashed out":
            return f"{player} cashed out the hand with {self.name} for {amount}"
        if note == "added":
            return (
                f"{self.name} added {amount} to the pot, paid to {player} beyond the players' pot"
            )
        if note == "joined":
            return (
                f"{player} joined {self.name}'s table after its seat lines (seat {amount}), "
                "the stack not written"
            )
        if note == "unwritten fee":
            return f"{self.name} took {amount} from the pot that its summary does not write"
        return f"{self.name}: {note} {player} {amount}".strip()


def _room(  # noqa: PLR0917
    code: str,
    name: str,
    currencies: tuple[str, ...],
    rake: Rake,
    uncalled: Uncalled,
    notes: tuple[str, ...] = (),
    *,
    rake_taken: RakeTaken = "not seen",
    all_in: tuple[str, ...] = ("written",),
    anonymous: bool = False,
    straddles: bool = False,
    limit_short_all_in: ShortAllIn = "not seen",
) -> RoomConvention:
    return RoomConvention(
        code,
        name,
        currencies,
        rake,
        uncalled,
        rake_taken,
        all_in,
        frozenset(notes),
        anonymous,
        straddles,
        limit_short_all_in,
    )


_SIT = "sitting out"
_RET = "returned"

#: Every room the readers know, by the code its hands carry (read-only).
CONVENTIONS = MappingProxyType(
    {
        c.code: c
        for c in (
            _room(
                "PS",
                "PokerStars",
                ("$", "€", "£"),
                "stated",
                "returned line",
                (_RET, "cashed out", "runouts", _SIT),
                rake_taken="main pot first",
                # At 60/120 a raise to 120, an all-in to 150, re-raised to 180 by the
                # player who raised to 120 (tests/data/rooms/pokerstars/badugi_short_all_in.txt).
                limit_short_all_in="completes",
            ),
            _room(
                "GG",
                "GGPoker",
                ("$",),
                "stated",
                "returned line",
                (_RET, "runouts", "added"),
                rake_taken="each pot",
                straddles=True,
            ),
            # A raise nobody could call is paid back with the pot ("collected 230 from side
            # pot 1"): its excess is read returned.
            _room("WMX", "Winamax", ("€",), "stated after rake", "with winnings", (_RET, _SIT)),
            _room(
                "888",
                "888poker (Pacific)",
                ("$",),
                "not written",
                "with winnings",
                (_SIT,),
                all_in=("by stack",),
            ),
            _room(
                "IPN",
                "iPoker",
                ("$", "€", "£", "RSD"),
                "not written",
                "with winnings",
                (_SIT, "all-in protected"),
                rake_taken="each pot",
                all_in=("by stack", "protected"),
                # At 0.10/0.20 an all-in bet of 0.13 on the river, raised to 0.40 by a player
                # who had checked.
                limit_short_all_in="full-bet",
            ),
            _room(
                "PTY",
                "PartyPoker",
                ("$", "€"),
                "not written",
                "with winnings",
                (_SIT, "joined"),
                all_in=("by stack",),
            ),
            _room(
                "WPN",
                "WPN/ACR",
                (),
                "stated",
                "returned line",
                (_RET, "runouts", _SIT, "all-in protected", "unwritten fee"),
                all_in=("written", "protected"),
            ),
            _room("RIO", "Run It Once", ("€",), "stated", "returned line", (_RET, "added")),
            _room(
                "BOV",
                "Ignition/Bovada",
                ("$",),
                "not written",
                "returned line",
                (_RET, _SIT),
                rake_taken="each pot",
                anonymous=True,
                # At 8/16 an all-in bet of 8.50 on the turn, raised to 32.
                limit_short_all_in="full-bet",
            ),
            _room(
                "BOL", "BetOnline", ("$",), "stated", "returned line", (_RET, _SIT, "unwritten fee")
            ),
            _room("FTP", "Full Tilt", (), "stated", "returned line", (_RET, "runouts", _SIT)),
            _room(
                "MRG",
                "Merge (Carbon)",
                ("$",),
                "not written",
                "with winnings",
                (_SIT,),
                all_in=("by stack",),
            ),
        )
    }
)


def conventions_table() -> str:
    """The conventions as a Markdown table, one row a room (the reference page's copy).

    Examples:
        >>> conventions_table().splitlines()[8].split(" | ")[:7]
        ['| WPN', 'WPN/ACR', '-', 'stated', 'not seen', 'returned line', 'written, protected']
    """
    lines = [
        "| code | room | currencies | rake | raked from | uncalled bet | all-ins | notes | names "
        "| limit all-in |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for c in CONVENTIONS.values():
        notes = ", ".join(n for n in NOTES if n in c.notes) or "none"
        names = "anonymous" if c.anonymous else "nicknames"
        if c.straddles:
            names += ", straddles"
        cells = (
            c.code,
            c.name,
            " ".join(c.currencies) or "-",
            c.rake,
            c.rake_taken,
            c.uncalled,
            ", ".join(c.all_in),
            notes,
            names,
            c.limit_short_all_in,
        )
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)
