"""A PHH hand replayed through the engine: [`loads_phh()`][pokerforge.game.loads_phh] (text),
[`load_phh()`][pokerforge.game.load_phh] (a file), [`load_many()`][pokerforge.game.load_many]
(several hands, all or none) and `replay()` (fields already read). Every action goes through the
rules of [`Hand`][pokerforge.game.Hand], so a history that breaks a rule is refused with the line
and the rule; the recorded result is then checked (`pokerforge.game.phh.checks`).
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import replace
from decimal import Decimal
from pathlib import Path
from typing import Any, cast

from pokerforge._core import phh_tables
from pokerforge.errors import (
    IllegalActionError,
    InvalidHistoryError,
    PokerError,
    RecordMismatchError,
    UnpaidPotError,
)
from pokerforge.game.actions import ReturnBet, Street
from pokerforge.game.hand import Hand
from pokerforge.game.phh.checks import check_record, recorded_result, show
from pokerforge.game.phh.game import game_spec, seats
from pokerforge.game.phh.reading import (
    Problem,
    Read,
    Step,
    Where,
    problem_error,
    read_hand,
    toml_fields,
    unit_of,
)
from pokerforge.game.phh.sites import Site, site_for, site_named
from pokerforge.money import to_money

__all__ = [
    "from_phh",
    "load_many",
    "load_phh",
    "loads_phh",
    "replay",
    "replay_record",
    "replay_seated",
]

#: What a record's ``winnings`` hold (see `pokerforge.histories.sites.WINNINGS`).
WinningsKind = str

_FIELD = re.compile(r"field (\w+)")


def replay(
    doc: Mapping[str, Any],
    text: str | Sequence[str] = "",
    *,
    first_line: int = 1,
    read: Read | None = None,
) -> Hand:
    """Replay one hand from its parsed PHH fields.

    Args:
        doc: the fields; amounts are ``int`` or `Decimal` (TOML read with
            ``parse_float=Decimal``); see [`loads_phh()`][pokerforge.game.loads_phh].
        text: the hand's text or lines, read only to name the line of an error.
        first_line: the line number of the text's first line in its file.
        read: what the core's PHH reader already read from ``doc``
            (`Read`), so that it is not read twice; it
            must come from the same fields.
    """
    return replay_seated(doc, text, first_line=first_line, read=read)[0]


def replay_seated(
    doc: Mapping[str, Any],
    text: str | Sequence[str] = "",
    *,
    first_line: int = 1,
    read: Read | None = None,
    problem: Problem | None = None,
) -> tuple[Hand, Sequence[int]]:
    """`replay()`, and the seat of each player ``p1..pN`` (as
    `seat_map()` says), which a reader of many hands needs
    again for the players' names. ``problem``: what the core's reader found wrong with
    ``doc`` instead of a reading (raised, placed on its line)."""
    hand, seat_of, _ = replay_record(doc, text, first_line=first_line, read=read, problem=problem)
    return hand, seat_of


def replay_record(
    doc: Mapping[str, Any],
    text: str | Sequence[str] = "",
    *,
    first_line: int = 1,
    read: Read | None = None,
    problem: Problem | None = None,
    winnings: WinningsKind = "collected",
    repair: bool = False,
) -> tuple[Hand, Sequence[int], bool]:
    """[`replay_seated()`][pokerforge.game.phh.replay_seated] for a room's record: ``(hand, seats,
    repaired)``.

    Args:
        winnings: what the record's ``winnings`` hold: ``"collected"`` (the standard,
            also ``"blinds-unpaid"``), ``"with-returns"`` (the uncalled bet returned
            counted in: taken out again before the check) or ``"none"`` (not recorded:
            ignored).
        repair: a record that pays nothing to any player still in the hand
            ([`UnpaidPotError`][pokerforge.errors.UnpaidPotError]) is replayed without its
            winnings, the replay paying the pots where it can decide them (``repaired``
            is then true); where it cannot, the error stands.

    Raises:
        InvalidHistoryError: as `replay()`.
        UnpaidPotError: the record pays no player still in the hand (and ``repair`` is
            false, or the replay cannot decide who won).
        RecordMismatchError: another recorded figure disagrees with the replay.
    """
    actions = doc.get("actions")
    where = Where(text, actions if isinstance(actions, list) else [], first_line)
    if problem is not None:
        raise problem_error(problem, where)
    if read is None:
        read = read_hand(doc, where)
    if winnings == "none" and read[6] is not None:
        read = (*read[:6], None, *read[7:])
    try:
        try:
            return (*_replay(doc, where, read), False)
        except UnpaidPotError:
            if not repair:
                raise
            bare = (*read[:6], None, None, *read[8:])
            hand, seat_of = _replay(doc, where, bare)
            if not hand.result_known:
                raise
            return hand, seat_of, True
        except RecordMismatchError:
            if winnings != "with-returns":
                raise
            return (*_replay(doc, where, read, take_returns=True), False)
    except InvalidHistoryError as err:
        message = str(err)
        if type(err) is InvalidHistoryError and message.startswith("field "):
            field = _FIELD.match(message).group(1)  # type: ignore[union-attr]
            raise InvalidHistoryError(where.at_field(field, message)) from None
        raise


def _untabled(steps: list[Step], seat_of: Sequence[int]) -> list[int]:
    """The seats whose hands were not tabled: an ``sm`` that mucks, or that shows no card
    the record knows (``????``) where another ``sm`` shows known cards. (A record whose
    every ``sm`` is ``????``, as iPoker's, never wrote what was shown: nothing follows.)"""
    shows = [(who, arg) for _, who, verb, arg in steps if verb == "sm"]
    tabled = any(arg and None not in arg for _, arg in shows)
    return [
        seat_of[who]
        for who, arg in shows
        if arg == "" or (tabled and arg and all(card is None for card in arg))
    ]


def _replay(
    doc: Mapping[str, Any], where: Where, read: Read, *, take_returns: bool = False
) -> tuple[Hand, Sequence[int]]:
    """The hand replayed and its record checked; ``take_returns``: the recorded winnings
    count each uncalled bet returned (a room's convention), taken out before the check.

    A hand shown as ``pN sm ????`` (no card known) was not tabled: it cannot win a pot
    (rule 22; the WSOP's rules: the winning hand must be shown to claim the pot), so the
    tabled hands decide where every other hand is known, unless the record pays it."""
    (
        places,
        stacks,
        steps,
        holes,
        board,
        hole_count,
        winnings,
        finishing,
        antes,
        blinds,
        bets,
        posts,
    ) = read
    n = len(stacks)
    unit = unit_of(places)
    if min(blinds) < 0:
        blinds, posts = _own_posts(blinds, posts, unit)
    spec, dead_sb = game_spec(doc, hole_count, antes, blinds, bets)
    if len(board) > 5:  # a board run more than once (rule 26b): its runouts follow in order
        spec = replace(spec, rules=replace(spec.rules, runouts=len(board) - 4))
    seat_of, button = seats(doc, n)
    if None in stacks:  # a stack not recorded (inf): one that never limits the hand
        known = unlimited_stacks(stacks, steps, antes, blinds, posts)
    else:
        known = cast("list[int]", stacks)
    if take_returns and winnings is not None:
        winnings = _less_returns(doc, where, read, winnings, seat_of)
    hand_holes: list[object | None] = [None] * n
    hand_stacks = [0] * n
    unknown = []
    for p, seat in enumerate(seat_of):
        hand_stacks[seat] = known[p]
        cards = holes[p]
        if cards is not None and None not in cards:
            hand_holes[seat] = cards
        else:
            unknown.append(seat)
    seed = doc.get("_seed", 0)
    dealt: dict[str, Any] = {"hole_cards": hand_holes, "board": board}
    if spec.is_stud:
        dealt, unknown = _stud_cards(holes, seat_of, board)
    elif spec.is_draw:
        dealt = {"hole_cards": hand_holes, "shown_cards": _draw_shown(steps, seat_of, unknown)}
    result: dict[str, Any] = recorded_result(winnings, finishing, seat_of)
    if result and doc.get("_paid_as_recorded") is True:  # the room's own split (histories)
        result["recorded_pays"] = True
    try:
        hand = Hand(
            spec,
            stacks=hand_stacks,
            button=button,
            seed=seed if isinstance(seed, int) else 0,
            dead_small_blind=dead_sb,
            posts=[(seat_of[p], live, dead) for p, live, dead in posts] if posts else (),
            added=_added(doc, unit) if "_added" in doc else 0,
            unknown_hole_cards=unknown,
            unshown_hole_cards=_untabled(steps, seat_of) if unknown else (),
            chip_value=unit,
            **dealt,
            **result,
        )
    except PokerError as err:
        raise InvalidHistoryError(f"field actions: the cards dealt are impossible: {err}") from None
    _play(hand, steps, seat_of, where)
    if len(hand.board_indices) > len(board):
        raise InvalidHistoryError(
            f"field actions: the replay reaches {len(hand.board_indices)} board cards but the "
            f"file deals {len(board)}"
        )
    check_record(hand, seat_of, unit, winnings, finishing)
    return hand, seat_of


def _draw_shown(
    steps: list[Step], seat_of: Sequence[int], unknown: list[int]
) -> dict[int, list[int]]:
    """A draw hand's unknown seats that showed every card at the end (``pN sm cards``):
    the hands they held after their draws, which decide the showdown."""
    return {
        seat_of[who]: list(arg)
        for _, who, verb, arg in steps
        if verb == "sm" and arg and None not in arg and seat_of[who] in unknown
    }


def _draw(
    hand: Hand, steps: list[Step], i: int, *, used: set[int], seat_of: Sequence[int], where: Where
) -> None:
    """``pN sd [cards]``: the player stands pat or discards, the replacements being those
    of the player's next ``d dh`` (the standard deals them after the discard, at once or
    once everybody has discarded)."""
    k, who, _, arg = steps[i]
    seat = seat_of[who]
    if hand.actor != seat or hand.state.drawing != seat:
        _turn(hand, steps[i], seat_of, where)
        raise InvalidHistoryError(f"{where(k)}: p{who + 1} cannot draw now")
    try:
        if not arg:
            hand.stand_pat(seat=seat)
            return
        new = None
        for j in range(i + 1, len(steps)):
            step = steps[j]
            if step[1] == who and step[2] == "sd":
                break
            if step[1] == who and step[2] == "dh" and j not in used:
                used.add(j)
                new = step[3]
                break
        if new is None:
            raise InvalidHistoryError(f"{where(k)}: p{who + 1}'s replacements are never dealt")
        if seat in hand.unknown_hole_cards:  # (some of its cards may be known: ignored)
            hand._discard_unknown(len(arg), seat=seat)  # the replay only: unknown cards
        elif None in arg:
            raise InvalidHistoryError(
                f"{where(k)}: p{who + 1} discards unknown cards but its cards are known"
            )
        elif None in new:
            raise InvalidHistoryError(
                f"{where(k)}: p{who + 1}'s replacements are unknown but its cards are known"
            )
        else:
            hand.discard(list(arg), drawn=list(new), seat=seat)
    except IllegalActionError as err:
        raise InvalidHistoryError(f"{where(k)}: {err}") from None


def _turn(hand: Hand, step: Step, seat_of: Sequence[int], where: Where) -> None:
    """Whose turn it is, named, when ``step`` is out of turn."""
    k, who, _, _ = step
    if hand.is_over:
        raise InvalidHistoryError(f"{where(k)}: the hand is already over")
    if hand.actor != seat_of[who]:
        actor = seat_of.index(hand.actor) + 1 if hand.actor is not None else 0
        raise InvalidHistoryError(f"{where(k)}: it is p{actor}'s turn, not p{who + 1}'s")


def _stud_cards(
    holes: list[list[int | None] | None], seat_of: Sequence[int], board: list[int]
) -> tuple[dict[str, Any], list[int]]:
    """A stud hand's cards as ``Hand`` takes them, from each player's cards in the order
    dealt (two down, four up, one down; a player who folded has fewer): the down cards,
    the up cards and the common card (rule 41); the seats whose cards are not all known
    (an up card unknown to the record, ``??``, is dealt but seen by nobody: it never
    brings it in nor acts first).
    """
    n = len(seat_of)
    down: list[object | None] = [None] * n
    up: list[object | None] = [None] * n
    unknown = []
    for p, seat in enumerate(seat_of):
        dealt = holes[p] or []
        ups = dealt[2:6]
        up[seat] = ups
        downs = [*dealt[:2], *dealt[6:]]
        if None in downs or None in ups:  # a seat not all known: its showdown as recorded
            unknown.append(seat)
        else:
            down[seat] = downs
    cards: dict[str, Any] = {"hole_cards": down, "up_cards": up, "board": board or None}
    return cards, unknown


def _added(doc: Mapping[str, Any], unit: Decimal) -> int:
    """The chips the room added to the pot (the user field ``_added``, in the record's
    money: a Cash Drop, a splash), as ``Hand(added=...)`` takes them.

    Examples:
        >>> _added({"_added": Decimal("0.20")}, Decimal("0.01"))
        20
        >>> _added({"_added": "1/2"}, Decimal(1))
        Traceback (most recent call last):
        ...
        pokerforge.errors.InvalidHistoryError: field _added: '1/2' is not a whole number of \
chips of 1 at least 0
    """
    value = doc["_added"]
    try:
        chips = Decimal(str(value)) / unit if not isinstance(value, bool) else Decimal(-1)
    except ArithmeticError:
        chips = Decimal(-1)
    if not chips.is_finite() or chips < 0 or chips != chips.to_integral_value():
        raise InvalidHistoryError(
            f"field _added: {value!r} is not a whole number of chips of {unit} at least 0"
        )
    return int(chips)


def _own_posts(
    blinds: tuple[int, ...], posts: list[tuple[int, int, int]], unit: Decimal
) -> tuple[tuple[int, ...], list[tuple[int, int, int]]]:
    """Negative blinds (pokerkit's players' own posts) as posts ``(player, live, dead)``:
    live up to the big blind, the rest dead; all dead when less than the big blind
    (rule 29b). The blinds come back without them.

    Raises:
        InvalidHistoryError: a negative small or big blind: those players post their blind.
    """
    big = max(blinds[:2])
    own = list(posts)
    kept = list(blinds)
    for i, amount in enumerate(blinds):
        if amount < 0:
            if i < 2 or len(blinds) == 2:
                raise InvalidHistoryError(
                    f"field blinds_or_straddles: {show(to_money(amount, unit))} is negative for "
                    f"the {'small' if i == 0 else 'big'} blind: only other players post "
                    "their own blinds (rule 29b)"
                )
            chips = -amount
            live = big if chips >= big else 0
            own.append((i, live, chips - live))
            kept[i] = 0
    return tuple(kept), own


def unlimited_stacks(
    stacks: Sequence[int | None],
    steps: list[Step],
    antes: Sequence[int],
    blinds: Sequence[int],
    posts: Sequence[tuple[int, int, int]],
) -> list[int]:
    """Stacks for the players whose stack the record does not know (``None``): more than
    every chip the record has anyone bet, so that no stack ever limits the hand (nobody is
    all in, every bet and call is made in full).

    Examples:
        >>> unlimited_stacks([None, 500], [(0, 0, "cbr", 300), (1, 1, "cbr", 900)], [0, 0],
        ...     [1, 2], [])
        [1204, 500]
    """
    bound = 1 + sum(antes) + sum(blinds)
    for _, live, dead in posts:
        bound += live + dead
    for step in steps:
        if step[2] == "cbr":
            bound += step[3]
    return [bound if s is None else s for s in stacks]


def _less_returns(
    doc: Mapping[str, Any], where: Where, read: Read, winnings: list[int], seat_of: Sequence[int]
) -> list[int]:
    """The recorded winnings less each player's uncalled bet returned, found by a replay
    that pays as the replay decides."""
    hand, _ = _replay(doc, where, (*read[:6], None, None, *read[8:]), take_returns=False)
    returned = [0] * len(seat_of)
    for record in hand.history:
        if isinstance(record, ReturnBet):
            returned[record.seat] += record.amount
    return [max(0, w - returned[seat_of[p]]) for p, w in enumerate(winnings)]


def _play(hand: Hand, steps: list[Step], seat_of: Sequence[int], where: Where) -> None:
    """Apply the player actions; check the board and shown cards against the hand."""
    dealt = 0
    runs = False
    replaced: set[int] = set()  # the draws' replacements already paired with a discard
    for i, step in enumerate(steps):
        k, who, verb, arg = step
        # The usual actions first, passing the seat so that the engine checks the turn; an
        # action it refuses has changed nothing, and _act then names the problem.
        if verb == "cc":
            try:
                hand.check_or_call(seat=seat_of[who])
            except IllegalActionError:
                _act(hand, step, seat_of, where)
        elif verb == "f":
            try:
                hand.fold(seat=seat_of[who])
            except IllegalActionError:
                _act(hand, step, seat_of, where)
        elif verb == "cbr":
            # raise_to checks a seat it is given the slow way: the turn is checked here.
            if hand.actor != seat_of[who]:
                _act(hand, step, seat_of, where)
            else:
                try:
                    hand.raise_to(arg)
                except IllegalActionError:
                    _act(hand, step, seat_of, where)
        elif verb == "db":
            if hand.max_runouts is not None:  # the first card of the runouts (rule 26b)
                _run_it(hand, steps[i:], where(k))
                runs = True
            dealt += len(arg)
            if not runs and dealt > 5:
                raise InvalidHistoryError(
                    f"{where(k)}: more than five board cards, and the board is not run again: "
                    "further runouts are dealt only when players are all-in with cards to "
                    "come (rule 26b)"
                )
            if not runs and len(hand.board_indices) < dealt:
                raise InvalidHistoryError(f"{where(k)}: the board is dealt before the betting ends")
        elif verb == "pb":
            try:
                hand.bring_in(seat=seat_of[who])
            except IllegalActionError:
                _act(hand, step, seat_of, where)
        elif verb == "sd":
            _draw(hand, steps, i, used=replaced, seat_of=seat_of, where=where)
        elif verb == "dh":  # stud's later cards are dealt from the holes read: no step
            if hand.spec.is_draw and i not in replaced:
                raise InvalidHistoryError(
                    f"{where(k)}: p{who + 1} is dealt cards it did not draw (rule 49)"
                )
        else:  # "sm"
            _shown(hand, step, seat_of[who], where)


def _run_it(hand: Hand, rest: list[Step], place: str) -> None:
    """The players are asked how many times to run the board and the file deals the rest:
    the count is the runouts its board cards make (every player asked for it)."""
    cards = sum(len(step[3]) for step in rest if step[2] == "db")
    each = 5 - len(hand.board_indices)
    times, odd = divmod(cards, each)
    most = hand.max_runouts
    assert most is not None
    if odd or not 1 <= times <= most:
        raise InvalidHistoryError(
            f"{place}: the {cards} board cards dealt after the all-in are not a whole number "
            f"of runouts of {each} cards from 1 to {most} (rule 26b)"
        )
    while hand.max_runouts is not None:
        hand.run_it(times)


def _shown(hand: Hand, step: Step, seat: int, where: Where) -> None:
    """``pN sm [cards]``: the cards shown must be those dealt (a hand the replay does not
    know, unknown and paid as recorded, shows what it shows); at an asked showdown the
    player shows or mucks."""
    k, who, _, arg = step
    shown = list(arg) if arg else []  # () for "-", "" for a muck
    known = sorted(c for c in shown if c is not None)
    dealt = sorted(c.index for c in (*hand.hole_cards[seat], *hand.up_cards[seat]))
    if (
        shown
        and dealt  # a hand the replay never knew (unknown, not dealt from the record)
        and len(known) == len(shown)
        # Stud: a player all-in shows the cards dealt so far, before the last ones come.
        and (not set(known) <= set(dealt) if hand.spec.is_stud else known != dealt)
    ):
        raise InvalidHistoryError(f"{where(k)}: these are not the cards p{who + 1} was dealt")
    if hand.street == Street.SHOWDOWN and not hand.is_over:  # an asked showdown
        try:
            hand.show(seat=seat) if arg != "" else hand.muck(seat=seat)
        except IllegalActionError as err:
            raise InvalidHistoryError(f"{where(k)}: {err}") from None


def _act(hand: Hand, step: Step, seat_of: Sequence[int], where: Where) -> None:
    """One player action with every check in the order of the rules, the problem named:
    the whole work for what `_play()` does not take at once."""
    k, who, verb, arg = step
    seat = seat_of[who]
    if hand.is_over:
        raise InvalidHistoryError(f"{where(k)}: the hand is already over")
    if hand.actor != seat:
        actor = seat_of.index(hand.actor) + 1 if hand.actor is not None else 0
        raise InvalidHistoryError(f"{where(k)}: it is p{actor}'s turn, not p{who + 1}'s")
    try:
        if verb == "f":
            hand.fold()
        elif verb == "cc":
            hand.check_or_call()
        elif verb == "pb":
            hand.bring_in()
        else:
            hand.raise_to(arg)
    except IllegalActionError as err:
        raise InvalidHistoryError(f"{where(k)}: {err}") from None


def loads_phh(
    text: str, *, site: str | Site | None = "auto", repair: bool = False, source: str = ""
) -> Hand:
    """Replay a PHH hand history (one hand's text) into a [`Hand`][pokerforge.game.Hand].

    Amounts may be decimal (``starting_stacks = [247.10, 14.60]``): the hand then counts
    chips of the unit the file needs (`Hand.chip_value`, a cent here) and exports back
    in the file's units. Unknown hole cards (``????``) stay unknown: a showdown that needs
    them is paid as the file's ``winnings`` / ``finishing_stacks`` say, or left undecided
    (`Hand.result_known`); a hand shown ``????`` beside one shown with its cards was
    not tabled and cannot win (rule 22), so the shown hands decide where the record does
    not pay it. A recorded result must agree with the replay, the rake
    being what the pots held beyond the recorded winnings. A stack written ``inf`` (not
    recorded) never limits the hand.

    Args:
        text: the hand.
        site: whose conventions the record follows
            ([`pokerforge.game.phh.sites`][pokerforge.game.phh.sites]): ``"auto"`` finds the room
            from the ``venue`` field (else from ``source``), a code or a
            [`Site`][pokerforge.game.phh.sites.Site] names it, ``None`` reads by the standard.
        repair: a record paying nothing to any player still in the hand gets its winnings
            from the replay where the replay decides them.
        source: the file's name, for ``site="auto"``.

    Raises:
        InvalidHistoryError: bad TOML, a missing or impossible field, an unknown action, an
            action out of turn or against the rules (the message names the line or field).
        UnpaidPotError: the record pays no player still in the hand (without ``repair``, or
            when the replay cannot decide the pot).
        RecordMismatchError: the recorded result disagrees with the replay.
    """
    # The core's reader first (one hand's fields, amounts, actions and cards read at once,
    # as read_phhs reads each hand); tomllib for the rest (several tables, other TOML).
    try:
        tables, _, _ = phh_tables(text, 1, True)
    except ValueError:  # a lone surrogate: tomllib names it
        tables = []
    read: Read | None = None
    problem: Problem | None = None
    doc: Mapping[str, Any] | None = None
    if len(tables) == 1:
        name, _, _, doc, read, problem = tables[0]
        if name is not None:
            doc = None
    if doc is None:
        doc, read, problem = toml_fields(text), None, None
    if site == "auto":
        site = site_for(doc, source)
    elif site is not None:
        site = site_named(site)
    return replay_record(
        doc,
        text,
        read=read,
        problem=problem,
        winnings="collected" if site is None else site.winnings,
        repair=repair,
    )[0]


def from_phh(text: str) -> Hand:
    """Deprecated name of [`loads_phh()`][pokerforge.game.loads_phh] (same behaviour; warns).

    Examples:
        >>> import warnings
        >>> from pokerforge.game import GameSpec, Hand
        >>> from pokerforge.game.phh import to_phh
        >>> text = to_phh(Hand(GameSpec(blinds=(1, 2)), stacks=[100, 100], seed=1))
        >>> with warnings.catch_warnings(record=True) as caught:
        ...     warnings.simplefilter("always")
        ...     hand = from_phh(text)
        >>> caught[0].category.__name__, hand.stacks
        ('DeprecationWarning', (99, 98))
    """
    warnings.warn(
        "from_phh is deprecated; use loads_phh (text) or load_phh (a file path)",
        DeprecationWarning,
        stacklevel=2,
    )
    return loads_phh(text)


def load_phh(path: str | Path, *, site: str | Site | None = "auto", repair: bool = False) -> Hand:
    """Replay the PHH file at ``path`` (see [`loads_phh()`][pokerforge.game.loads_phh];
    ``site="auto"`` also looks at the file's name)."""
    return loads_phh(
        Path(path).read_text(encoding="utf-8"), site=site, repair=repair, source=str(path)
    )


def load_many(text: str) -> list[Hand]:
    """Replay several hands, each a TOML table (``[1]``, ``[2]``, ...): all or none.

    For big ``.phhs`` files, [`pokerforge.histories.read_phhs()`][pokerforge.histories.read_phhs]
    streams hand by hand.

    Raises:
        InvalidHistoryError: any hand is bad (the message names its table); no hand is
            returned then.
    """
    doc = toml_fields(text)
    hands = []
    lines = text.splitlines()
    for name, table in doc.items():
        if not isinstance(table, dict):
            raise InvalidHistoryError(f"{name!r} is not a table of one hand")
        header = next(
            (i for i, line in enumerate(lines) if line.strip() in (f"[{name}]", f'["{name}"]')),
            0,
        )
        try:
            hands.append(replay(table, lines[header:], first_line=header + 1))
        except InvalidHistoryError as err:
            extra = (err.differences,) if isinstance(err, RecordMismatchError) else ()
            raise type(err)(f"hand [{name}]: {err}", *extra) from None
    return hands
