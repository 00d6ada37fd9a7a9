"""The observation layout, named slot by slot.

Every environment's observation is a flat ``float32`` vector whose layout depends on the
seat count, the history length and the discrete action set;
[`ObservationLayout`][pokerforge.rl.ObservationLayout] says where everything is. Chips are in big
blinds; seats are counted clockwise from the observing seat (``seat+0`` is the observer). The table
of sections is in the reinforcement learning guide (docs/rl.md) and in
[`ObservationLayout.table()`][pokerforge.rl.ObservationLayout.table].

Examples:
    >>> layout = ObservationLayout(seats=6, history=8)
    >>> layout.size, layout.version
    (309, 2)
    >>> layout.describe()[:2], layout.describe()[104]
    (['hole:2c', 'hole:2d'], 'street:preflop')
    >>> layout.index("seat+1:stack"), layout.section("history")
    (122, (173, 136))
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerforge._core import ObsEncoder
from pokerforge.errors import InvalidSpecError
from pokerforge.game import GameSpec
from pokerforge.rl.tables import DEFAULT_ACTIONS, chip_slots, game_of

__all__ = ["ObservationLayout"]


class ObservationLayout:
    """The layout for tables of ``seats`` players, ``history`` remembered actions and the
    discrete betting ``actions``, in the game of ``spec`` (default: Hold'em): the game's
    row of the variant table decides its card planes, streets, up cards and draws (see
    docs/rl.md), and a draw game adds its draw actions to ``actions``.

    Raises:
        InvalidSpecError: seats outside 2-10, a history above 1024, a bad action name.

    Examples:
        >>> from pokerforge.game import GameSpec
        >>> stud = GameSpec(variant="stud", betting="fixed-limit", ante=1, bring_in=1,
        ...                 small_bet=2, big_bet=4)
        >>> layout = ObservationLayout(seats=2, history=1, spec=stud)
        >>> layout.section("up"), layout.describe()[layout.section("street")[0]]
        ((52, 104), 'street:third street')
        >>> td = GameSpec(variant="badugi", betting="fixed-limit", small_bet=2, big_bet=4)
        >>> ObservationLayout(seats=2, history=0, spec=td).actions[6:8]
        ('draw:0000', 'draw:1000')
    """

    def __init__(
        self,
        *,
        seats: int,
        history: int = 16,
        actions: Sequence[str] = DEFAULT_ACTIONS,
        spec: GameSpec | None = None,
    ) -> None:
        game = {} if spec is None else game_of(spec)
        encoder = ObsEncoder(seats, history=history, actions=list(actions), **game)
        self.seats = seats
        self.history = history
        self.actions: tuple[str, ...] = tuple(encoder.actions)
        self.size: int = encoder.size
        self.version: int = encoder.version
        self._sections = {name: (offset, length) for name, offset, length in encoder.sections()}
        self._names: list[str] = encoder.slot_names()
        self._index = {name: i for i, name in enumerate(self._names)}

    def describe(self) -> list[str]:
        """The name of every slot, in order (``len(...) == size``)."""
        return list(self._names)

    def index(self, name: str) -> int:
        """The slot with this name.

        Raises:
            InvalidSpecError: no slot has that name.
        """
        try:
            return self._index[name]
        except KeyError:
            raise InvalidSpecError(f"{name!r} is not a slot of this layout") from None

    def chip_slots(self) -> list[int]:
        """The slots that hold chips (in big blinds): stacks, bets, the pot, the legal
        amounts, each action's amount and each history entry's; the others are 0 or 1.

        Examples:
            >>> layout = ObservationLayout(seats=2, history=1)
            >>> [layout.describe()[i] for i in layout.chip_slots()][:4]
            ['seat+0:stack', 'seat+0:bet', 'seat+1:stack', 'seat+1:bet']
        """
        return chip_slots(self._names)

    def section(self, name: str) -> tuple[int, int]:
        """``(offset, length)`` of a section (``"hole"``, ``"up"``, ``"board"``,
        ``"street"``, ``"position"``, ``"seats"``, ``"draws"``, ``"pot"``, ``"legal"``,
        ``"action_mask"``, ``"action_amount"``, ``"history"``; those the game has).

        Raises:
            InvalidSpecError: no section has that name.
        """
        try:
            return self._sections[name]
        except KeyError:
            raise InvalidSpecError(f"{name!r} is not a section of this layout") from None

    def sections(self) -> list[tuple[str, int, int]]:
        """``(name, offset, length)`` of every section, in order."""
        return [(name, offset, length) for name, (offset, length) in self._sections.items()]

    def table(self) -> str:
        """The sections as a Markdown table of offsets.

        Examples:
            >>> print(ObservationLayout(seats=2, history=1).table().splitlines()[2])
            | hole | 0 | 52 |
        """
        rows = ["| section | offset | length |", "|---|---|---|"]
        rows += [f"| {name} | {offset} | {length} |" for name, offset, length in self.sections()]
        return "\n".join(rows)

    def __repr__(self) -> str:
        return (
            f"ObservationLayout(seats={self.seats}, history={self.history}, "
            f"actions={self.actions!r}, size={self.size}, version={self.version})"
        )
