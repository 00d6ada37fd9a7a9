"""A replayed hand against its record: the recorded result must be the replay's.

A record may give the players' ``winnings`` or their ``finishing_stacks`` (or both). The
replay takes the first as what a showdown it cannot decide paid (:func:`recorded_result`:
hole cards nobody showed), and :func:`check_record` then requires every recorded figure to
be the replay's, the rake being what the pots held beyond the recorded winnings.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from pokerforge.errors import RecordMismatchError
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
    keyword :class:`~pokerforge.game.Hand` takes it: the winnings when recorded, else the
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
