"""A replayed hand against its record: the recorded result must be the replay's.

A record may give the players' ``winnings`` or their ``finishing_stacks`` (or both). The
replay takes the first as what a showdown it cannot decide paid (`recorded_result()`:
hole cards nobody showed), and `check_record()` then requires every recorded figure to
be the replay's, the rake being what the pots held beyond the recorded winnings.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from pokerforge.errors import RecordMismatchError, UnpaidPotError
from pokerforge.game.actions import ReturnBet
from pokerforge.game.hand import Hand
from pokerforge.money import to_money

__all__ = ["check_record", "recorded_result"]


def show(value: object) -> str:
    """An amount as messages name it: a decimal as written, anything else as ``repr``."""
    return str(value) if isinstance(value, Decimal) else repr(value)


def recorded_result(
    winnings: list[int] | None, finishing: list[int] | None, seat_of: Sequence[int]
) -> dict[str, list[int]]:
    """The recorded result by seat (from the players' figures, ``p1`` first), as the
    keyword [`Hand`][pokerforge.game.Hand] takes it: the winnings when recorded, else the
    finishing stacks, else nothing."""
    for values, keyword in ((winnings, "recorded_winnings"), (finishing, "recorded_stacks")):
        if values is not None:
            by_seat = [0] * len(values)
            for p, value in enumerate(values):
                by_seat[seat_of[p]] = value
            return {keyword: by_seat}
    return {}


def check_record(
    hand: Hand,
    seat_of: Sequence[int],
    unit: Decimal,
    winnings: list[int] | None,
    finishing: list[int] | None,
) -> None:
    """Check the recorded ``winnings`` and ``finishing_stacks`` (in chips, ``p1`` first;
    ``None`` when not recorded) against the finished replay ``hand``.

    Raises:
        UnpaidPotError: the recorded winnings pay nothing to any player still in the hand,
            or leave more than half the pots unpaid: that much would be rake.
        RecordMismatchError: a recorded figure differs from the replay's (each player's
            difference named in the file's money).
    """
    if not hand.is_over:
        return
    n = hand.num_seats
    if not hand.result_known and (winnings is not None or finishing is not None):
        pots = sum(p.amount for p in hand.pots)
        raise RecordMismatchError(
            f"the recorded result pays more than the pots hold ({show(to_money(pots, unit))})",
            [],
        )
    checks = []
    if winnings is not None and hand.result_known:
        checks.append(("winnings", winnings, hand.payouts))
    if finishing is not None and hand.result_known:
        checks.append(("finishing_stacks", finishing, hand.stacks))
    for field, want, result in checks:
        got = [result[seat_of[p]] for p in range(n)]
        if field == "winnings" and want != got:
            returned = [0] * n
            for record in hand.history:
                if isinstance(record, ReturnBet):
                    returned[record.seat] += record.amount
            # Rooms may count a returned uncalled bet as won (HandHQ files do for the big
            # blind's walk); either way the player's chips come out the same.
            got = [
                g + returned[seat_of[p]] if g + returned[seat_of[p]] == want[p] else g
                for p, g in enumerate(got)
            ]
        if want != got:
            diffs = [(p, g, w) for p, (g, w) in enumerate(zip(got, want, strict=True)) if g != w]
            text = ", ".join(
                f"p{p + 1} {show(to_money(w, unit))} in the record, {show(to_money(g, unit))} "
                f"in the replay (difference {show(to_money(g - w, unit))})"
                for p, g, w in diffs
            )
            raise RecordMismatchError(f"field {field} disagrees with the replay: {text}", diffs)
    if winnings is not None and hand.result_known and hand.rake:
        _check_paid(hand, seat_of, unit, winnings)


def _check_paid(hand: Hand, seat_of: Sequence[int], unit: Decimal, winnings: list[int]) -> None:
    """A pot is won by someone: a record paying no player still in the hand books the whole
    pot as rake, which no room does (a fault of the record, never rake); nor does any room
    rake more than half the pots (a pot of several left unpaid).

    Examples:
        >>> from pokerforge.game import GameSpec, Hand
        >>> hand = Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100, 100],
        ...     recorded_winnings=[0, 0, 0])
        >>> _ = hand.fold(), hand.fold()
        >>> _check_paid(hand, [0, 1, 2], Decimal(1), [0, 0, 0])  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        pokerforge.errors.UnpaidPotError: the record pays nothing to p3, who won the pot of 2, ...
    """
    folded = hand.folded
    live = [p for p, seat in enumerate(seat_of) if not folded[seat]]
    rake = hand.rake
    if any(winnings[p] for p in live):
        if 2 * rake <= rake + sum(hand.payouts):
            return
        total = rake + sum(hand.payouts)
        raise UnpaidPotError(
            f"the record leaves {show(to_money(rake, unit))} of the pots' "
            f"{show(to_money(total, unit))} unpaid, more than any rake: a pot its winner "
            "is not paid",
            rake,
        )
    who = ", ".join(f"p{p + 1}" for p in live)
    verb = "won the pot" if len(live) == 1 else "were in the showdown for the pot"
    raise UnpaidPotError(
        f"the record pays nothing to {who}, who {verb} of {show(to_money(rake, unit))}, "
        "so that all of it would be rake",
        rake,
    )
