"""The exceptions pokerforge raises.

Every error caused by bad input is a [`PokerError`][pokerforge.errors.PokerError], which is a
`ValueError`, so ``except ValueError`` keeps working for code that does not know pokerforge.
Messages are sentences that name the bad value. A failed call leaves every object as it was.

Examples:
    >>> import pokerforge
    >>> try:
    ...     pokerforge.Card("1x")
    ... except pokerforge.InvalidCardError as err:
    ...     print(err)
    '1x' is not a card: expected a rank 2-9, T, J, Q, K, A followed by a suit c, d, h, s
"""

from __future__ import annotations

__all__ = [
    "BadHandError",
    "CardCountError",
    "ChipLimitError",
    "DuplicateCardError",
    "FieldError",
    "IllegalActionError",
    "InvalidArrayError",
    "InvalidCardError",
    "InvalidHistoryError",
    "InvalidPayoutError",
    "InvalidRangeError",
    "InvalidSpecError",
    "InvalidStackError",
    "MissingExtraError",
    "OutputError",
    "PokerError",
    "PokerStarsError",
    "PolicyError",
    "RangeLimitError",
    "RecordMismatchError",
    "SimBackendError",
    "SolverTooLargeError",
    "TimeLimitError",
    "TooManyChipsError",
    "TooManyDealsError",
    "UnitError",
    "UnknownKeyError",
    "UnpaidPotError",
]


class PokerError(ValueError):
    """Base class of every pokerforge error about bad input.

    Attributes:
        location: For an error about an equity request, the part at fault as the
            request names it: ``"players[2]"``, ``"board"``, ``"dead"``, a setting
            (``"samples"``, ``"method"``), or ``"players"`` for the players as a whole;
            ``None`` otherwise.
    """

    location: str | None = None


class InvalidCardError(PokerError):
    """Text, an index or a mask that is not a card (or set of cards)."""


class DuplicateCardError(PokerError):
    """The same card appears twice: in one hand, or in two places (hand, board, dead)."""


class CardCountError(PokerError):
    """A hand or board with the wrong number of cards, or a deck with too few left."""


class InvalidArrayError(PokerError):
    """A NumPy array of the wrong dtype or shape for a batch function."""


class InvalidRangeError(PokerError):
    """A hand range that does not parse, or that leaves no possible hand."""


class RangeLimitError(InvalidRangeError):
    """Range text past the parser's limits: weight brackets nested more than 32 deep, or
    more than 2,097,152 characters (no range needs either; the limits keep a hostile text
    from exhausting the stack or the memory). The message names the limit and the position
    where the text passes it.

    Examples:
        >>> import pokerforge
        >>> try:
        ...     pokerforge.Range("1(" * 40 + "AA" + ")" * 40)
        ... except pokerforge.RangeLimitError as err:
        ...     print(err)  # doctest: +ELLIPSIS
        the range '1(1(...' (122 characters) is refused: it has brackets nested more than 32...
    """


class InvalidSpecError(PokerError):
    """A setting that makes no sense: a game specification or table set-up, an unknown game
    or method, a bad number of players, samples, threads or seed."""


class ChipLimitError(InvalidSpecError):
    """A chip count the reinforcement-learning observation encoder does not take: a stack,
    bet, blind, chip unit or legal amount below 0 or above
    ``pokerforge.rl.MAX_ENCODED_CHIPS`` (2**53), so that no sum the encoder forms over a
    table can pass 64 bits. The message names the count.

    Examples:
        >>> from pokerforge.rl import Tables
        >>> from pokerforge.game import GameSpec
        >>> try:
        ...     Tables(GameSpec(blinds=(1, 2)), seats=2, stacks=2**62)
        ... except ChipLimitError as err:
        ...     print(err)  # doctest: +ELLIPSIS
        seat 0's stack = 4611686018427387904 is not a chip count the observation encoder takes...
    """


class TooManyDealsError(InvalidSpecError):
    """Exact work refused before it starts because its size, computed first, passes the
    bound that keeps one request from taking the machine's memory or hours of its time
    (docs/guide.md, "Bounds"): exact equity past its count of deals or its memory. The
    message gives the size and the bound; Monte Carlo (``method="monte-carlo"`` or
    ``"auto"``) answers the same question.

    Examples:
        >>> import pokerforge
        >>> try:
        ...     pokerforge.equity(["random", "random"], dead="2c", method="exact")
        ... except pokerforge.errors.TooManyDealsError as err:
        ...     print(err)  # doctest: +ELLIPSIS
        method = "exact" is refused: exact Hold'em equity would count about ...
    """


class SolverTooLargeError(InvalidSpecError):
    """A solver's game refused before its memory is allocated: its tree and storage, sized
    first, would take more than the memory limit. The message names both sizes in bytes;
    fewer bet sizes, a later street or ``compressed=True`` make the game smaller.

    Examples:
        >>> from pokerforge.solver import solve
        >>> try:
        ...     solve(ranges=["22+", "22+"], board="Td9d6h", pot=100, stack=1000,
        ...           memory_limit=100_000)
        ... except SolverTooLargeError as err:
        ...     print(err)  # doctest: +ELLIPSIS
        the solver's game needs ... bytes (... MB), more than the limit of 100000 bytes (0.1 MB)...
    """


class TimeLimitError(InvalidSpecError):
    """Work that ran out of its time limit with no partial answer to give: exact equity
    asked for by name, Monte Carlo that counted no deal, ICM by sampling, bubble factors,
    a simulation or a grid (whose finished chunks are kept, named in the message).
    ``location`` is ``"time_limit"`` (``"method"`` for exact equity, which Monte Carlo
    would answer). docs/limits.md lists how often each computation asks its deadline.

    Examples:
        >>> from pokerforge.icm import bubble_factors
        >>> try:
        ...     bubble_factors([1000 + i for i in range(22)], [3, 2, 1], time_limit=1e-9)
        ... except TimeLimitError as err:
        ...     print(err.location)
        time_limit
    """


class InvalidStackError(PokerError):
    """A stack a tournament computation cannot use (negative, NaN, infinite, too small for
    its forced bets), or stacks that add up to no chips; ``location`` names it
    (``"stacks[2]"``, or ``"stacks"`` for all of them)."""


class InvalidPayoutError(PokerError):
    """A prize that is negative, NaN or infinite; ``location`` names it (``"payouts[1]"``)."""


class IllegalActionError(PokerError):
    """An action the rules do not allow now; the message names the rule."""


class OutputError(PokerError):
    """An output that cannot be written (a folder that does not exist, a full disk): the
    message names the path and the reason, and the partial file is removed. The command
    line exits 1 on it (a failure of the machine, not of the input)."""


class PolicyError(PokerError):
    """A policy (a player written as code) raised an exception, returned something that is
    not a decision, or chose an action the rules do not allow; the message names the seat
    (in simulations also the hand's number, seed and button, to replay it)."""


class SimBackendError(PokerError):
    """A simulation backend cannot run: a missing optional dependency, an unreachable Dask
    scheduler, or worker processes that keep dying."""


class InvalidHistoryError(InvalidSpecError):
    """A hand history (PHH or PokerStars text) that cannot be read or replayed; the message
    names the line or field."""


class RecordMismatchError(InvalidHistoryError):
    """A hand history whose recorded result (``winnings`` or ``finishing_stacks``) disagrees
    with its own replay; ``differences`` lists ``(player, replay, record)`` in chips for
    each player (``p1`` is player 0) where they differ."""

    def __init__(self, message: str, differences: list[tuple[int, int, int]]) -> None:
        super().__init__(message)
        self.differences = differences


class UnpaidPotError(RecordMismatchError):
    """A hand history whose record pays nothing to any player still in the hand, so that
    the pot would be booked as rake (the HandHQ conversion of PokerStars and Full Tilt wrote
    zero winnings whenever the winner sat in the blinds or on the button). ``pot`` is the
    pot in chips that nobody is paid."""

    def __init__(self, message: str, pot: int) -> None:
        super().__init__(message, [])
        self.pot = pot


class BadHandError(InvalidHistoryError):
    """A hand in a ``.phh``/``.phhs`` file that cannot be read or replayed; the message names
    the file, the table, the hand number and the line. ``mismatch`` is true when the hand
    replays but its recorded result disagrees with the replay; ``cause`` names the kind of
    problem (the class of the error behind it: ``"UnpaidPotError"``,
    ``"RecordMismatchError"``, ``"InvalidHistoryError"``)."""

    def __init__(
        self, message: str, *, mismatch: bool = False, cause: str = "InvalidHistoryError"
    ) -> None:
        super().__init__(message)
        self.mismatch = mismatch
        self.cause = cause


class PokerStarsError(InvalidHistoryError):
    """A PokerStars hand the importer cannot read; the message names the hand and line.
    ``cause`` names the kind of problem in a few words (``"cash out"``, ``"game"``,
    ``"encoding"``, ...), by which a reader counts the hands it skips."""

    def __init__(self, message: str, *, cause: str = "layout") -> None:
        super().__init__(message)
        self.cause = cause


class UnitError(PokerError):
    """An amount that is not money: a float, a negative or non-finite value, or one finer
    than any chip unit allows."""


class TooManyChipsError(UnitError):
    """An amount of more chips than an amount may count (``pokerforge.money.MAX_CHIPS``,
    2**63 - 1): hand-history readers name it as it is, where other unit errors read "not a
    whole number of chips"."""


class FieldError(PokerError):
    """A field of a service request that is wrong; ``field`` (also ``location``) names it
    (``players[1]``, ``board``) and ``message`` says what is wrong with it."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.location = field
        self.message = message


class UnknownKeyError(PokerError):
    """A request's API key is not in the equity service's list of keys (answered 401)."""


class MissingExtraError(PokerError):
    """An optional part used without the package it needs: the message names the part, the
    package and the extra that installs it (``pip install 'pokerforge[db]'``; see
    `pokerforge.extras`)."""
