"""Running the board more than once (rule 26b, ``RuleProfile(runouts=...)``).

When the betting is over because players are all-in and board cards are still to come,
a game whose rule profile allows more than one runout asks the players still in, one at a
time clockwise from the left of the button, how many times to deal the rest of the board
([`RunoutTurns.run_it()`][pokerforge.game.runouts.RunoutTurns.run_it], with ``can_`` / ``verify_``
like every action). The board is run more than once only when every one of them asks for the same
count; the first player who asks for once, or for a count another player did not ask for, settles it
at once, and the rest are not asked. Each pot is then split between the runouts
(`split_runouts()`) and each share goes to the best hands on its
runout's board.

Examples:
    >>> from pokerforge.game import GameSpec, Hand, RuleProfile
    >>> spec = GameSpec(blinds=(1, 2), rules=RuleProfile(runouts=2))
    >>> hand = Hand(spec, stacks=[100, 100], seed=4, hole_cards=["AsAd", "KsKd"],
    ...             board="2c7d9h")
    >>> _ = hand.raise_to(100); _ = hand.call()  # all-in before the flop
    >>> hand.actor, hand.max_runouts, hand.can_run_it(2), hand.can_run_it(3)
    (1, 2, True, False)
    >>> hand.run_it(2), hand.run_it(2, seat=0)
    (RunIt(seat=1, times=2), RunIt(seat=0, times=2))
    >>> hand.is_over, hand.runouts, len(hand.boards)
    (True, 2, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from pokerforge.errors import IllegalActionError
from pokerforge.game.actions import RunIt
from pokerforge.game.deal import BOARD_AT
from pokerforge.game.spec import GameSpec
from pokerforge.game.state import HandState

__all__ = ["RunoutTurns", "RunoutVote", "deal_runouts", "runouts_the_deck_allows"]


class RunoutVote:
    """The players' answers to how many times to run the board, asked in turn.

    Examples:
        >>> vote = RunoutVote((2, 0), most=3)
        >>> vote.to_act, vote.answer(3), vote.to_act, vote.times
        (2, None, 0, None)
        >>> vote.answer(2), vote.to_act  # asked for another count: the board is run once
        (1, None)
    """

    __slots__ = ("answers", "most", "order", "times")

    def __init__(self, order: tuple[int, ...], *, most: int) -> None:
        self.order = order  # the seats asked, in turn
        self.most = most  # the most runouts allowed (the profile and the deck)
        self.answers: list[int] = []
        self.times: int | None = None  # the count, once settled

    @property
    def to_act(self) -> int | None:
        """The seat to answer next, or ``None`` once the count is settled."""
        return None if self.times is not None else self.order[len(self.answers)]

    def answer(self, times: int) -> int | None:
        """The seat to act asks for ``times`` runouts; returns the count once settled."""
        self.answers.append(times)
        if times == 1 or times != self.answers[0]:
            self.times = 1  # no agreement on running it more than once
        elif len(self.answers) == len(self.order):
            self.times = times
        return self.times

    def copy(self) -> RunoutVote:
        """An independent copy (for ``Hand.copy``)."""
        new = RunoutVote(self.order, most=self.most)
        new.answers = self.answers.copy()
        new.times = self.times
        return new


def runouts_the_deck_allows(cards_left: int, shown: int) -> int:
    """The most runouts the deck can deal: each runout after the first burns one card and
    turns the cards of every street still to come (rule 10) from the ``cards_left`` cards
    the deck holds once the first board is out, over the ``shown`` board cards all runouts
    share.

    Examples:
        >>> runouts_the_deck_allows(24, 0)  # ten players of Hold'em all-in before the flop
        4
        >>> runouts_the_deck_allows(3, 4)  # one card and its burn each: one more runout
        2
    """
    streets = sum(1 for end in BOARD_AT if end > shown)
    per_runout = 5 - shown + streets
    return 1 + cards_left // per_runout


def deal_runouts(
    shown: tuple[int, ...],
    first: tuple[int, ...],
    times: int,
    given: Sequence[int],
    deck: Iterator[int],
) -> tuple[tuple[int, ...], ...]:
    """The boards of ``times`` runouts: ``first`` (the hand's board), then boards sharing
    the ``shown`` cards, their cards taken from ``given`` in order (replays) and then from
    ``deck``, one card burnt from ``deck`` before each street (rule 10).

    Examples:
        >>> deal_runouts((1, 2, 3), (1, 2, 3, 4, 5), 2, (), iter(range(10, 20)))
        ((1, 2, 3, 4, 5), (1, 2, 3, 11, 13))
        >>> deal_runouts((1, 2, 3), (1, 2, 3, 4, 5), 2, (30, 31), iter(range(10, 20)))
        ((1, 2, 3, 4, 5), (1, 2, 3, 30, 31))
    """
    boards = [first]
    cards = iter(given)
    for _ in range(times - 1):
        board = list(shown)
        for end in BOARD_AT:
            if end <= len(shown):
                continue
            next(deck)  # the burn
            while len(board) < end:
                card = next(cards, None)
                board.append(next(deck) if card is None else card)
        boards.append(tuple(board))
    return tuple(boards)


class RunoutTurns:
    """The players' choice of how many times to run the board (a base of
    [`Hand`][pokerforge.game.Hand], which deals the runouts once the count is settled)."""

    __slots__ = ()

    _vote: RunoutVote | None
    _state: HandState
    _spec: GameSpec

    # The hand's own (its ending's), declared so that no stub here comes before it in the
    # hand's bases: deals the rest of the board ``times`` times and pays the pots.
    _deal_runouts: Callable[[int], None]

    @property
    def max_runouts(self) -> int | None:
        """While a player is asked how many times to run the board (`actor`), the
        most runouts it may ask for (the rule profile's limit, or fewer when the deck
        cannot deal more); ``None`` when nobody is asked (rule 26b)."""
        vote = self._vote
        return None if vote is None or vote.to_act is None else vote.most

    def _run_it_problem(self, times: object, seat: int | None) -> str | None:
        vote = self._vote
        asked = None if vote is None else vote.to_act
        if vote is None or asked is None or self._state.over:
            return (
                f"cannot run the board {times!r} times: nobody is asked how many times to "
                "run it (rule 26b: only when the betting is over with a player all-in, cards "
                "to come, and a rule profile allowing more than one runout)"
            )
        if seat is not None and seat != asked:
            return (
                f"seat {seat} cannot choose the runouts: it is seat {asked}'s turn "
                "(rule 26b: the players still in choose in turn)"
            )
        if isinstance(times, bool) or not isinstance(times, int) or not 1 <= times <= vote.most:
            limit = self._spec.rules.runouts
            why = (
                f"the rule profile allows {limit}"
                if vote.most == limit
                else f"the deck has cards for {vote.most}"
            )
            return (
                f"cannot run the board {times!r} times: a count from 1 to {vote.most} is "
                f"needed ({why}; rule 26b)"
            )
        return None

    def verify_run_it(self, times: int, *, seat: int | None = None) -> None:
        """Raise ``IllegalActionError`` (naming the rule) unless the seat asked may ask for
        ``times`` runouts now."""
        problem = self._run_it_problem(times, seat)
        if problem is not None:
            raise IllegalActionError(problem)

    def can_run_it(self, times: int, *, seat: int | None = None) -> bool:
        """Whether the seat asked may ask for ``times`` runouts now (rule 26b)."""
        return self._run_it_problem(times, seat) is None

    def run_it(self, times: int, *, seat: int | None = None) -> RunIt:
        """The seat asked how many times to run the board asks for ``times``; once every
        player still in has asked for the same count, or one asks for once or for another
        count (then the board is run once), the rest of the board is dealt and the pots
        are paid. Returns the record.

        Raises:
            IllegalActionError: nobody is asked, not this seat, or a count out of range;
                nothing changes.
        """
        self.verify_run_it(times, seat=seat)
        vote = self._vote
        assert vote is not None
        asker = vote.to_act
        assert asker is not None
        record = RunIt(asker, times)
        self._state.log.append(record)
        settled = vote.answer(times)
        if settled is not None:
            self._deal_runouts(settled)
        return record
