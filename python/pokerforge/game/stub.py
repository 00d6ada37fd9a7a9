"""The deal of a hand, as its game's row of the variant table lays it out.

A hand is dealt in one of three ways, each chosen by what the row's streets deal, never by
the game's name: the board games deal every hole card and the whole board at once (the
streets turn the board up); the games that deal players cards on later streets (stud)
deal the first street and keep a stub to deal the rest from; the games with drawing rounds
deal the hands and keep a stub to draw from. `deal_hand()` returns what every hand
needs from it, and `check_table()` what the row's forced bets and deck allow at a
table of ``n`` (the checks a hand makes before it deals).

Examples:
    >>> from pokerforge.game import GameSpec
    >>> dealt = deal_hand(GameSpec(blinds=(1, 2)), 3, 0, 7)  # 3 seats, button 0, seed 7
    >>> len(dealt.holes), len(dealt.board), dealt.stud is None and dealt.draw is None
    (3, 5, True)
    >>> stud = GameSpec(variant="razz", betting="fixed-limit", bring_in=1, small_bet=2,
    ...                 big_bet=4)
    >>> dealt = deal_hand(stud, 2, 0, 7)
    >>> [len(h) for h in dealt.holes], [len(u) for u in dealt.up], dealt.stud is not None
    ([2, 2], [1, 1], True)
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import NamedTuple

from pokerforge._core import record as _record  # see betting.py
from pokerforge.cards import Card
from pokerforge.errors import CardCountError, DuplicateCardError, InvalidSpecError
from pokerforge.game import draw as draw_rules
from pokerforge.game import stud as stud_rules
from pokerforge.game.deal import deal
from pokerforge.game.spec import DEAL_DRAW, DEAL_STUD, GameSpec

__all__ = ["Dealt", "check_extra", "check_table", "deal_hand"]


class Dealt(NamedTuple):
    """A hand's deal: the seed used, each seat's first cards (down), their up cards (the
    games that deal cards up; else ``None``), the board's cards as the deck holds them (the
    board games; else empty), and the stub the rest is dealt from (the stud family's or
    the draw games'; else ``None``)."""

    seed: int | None
    holes: tuple[tuple[int, ...], ...]
    up: tuple[tuple[int, ...], ...] | None = None
    board: tuple[int, ...] = ()
    stud: stud_rules.StudDeck | None = None
    draw: draw_rules.DrawDeck | None = None


def check_table(  # noqa: PLR0917 - positional, as deal_hand passes them on
    spec: GameSpec,
    n: int,
    dead_small_blind: bool,
    posts: bool,
    board: object | None,
    up_cards: object | None,
    shown_cards: object | None,
    /,
) -> None:
    """What the game's row allows a hand of ``n`` players: its most players, its forced
    bets (a straddle and a dead small blind need three players; no blinds to post or
    leave dead in the games with a bring-in or a button blind; rules 29, 36, 44, 47) and
    the replay arguments its dealing takes.

    Raises:
        InvalidSpecError: the first thing the game does not allow, named.
    """
    engine = spec.engine
    variant = spec.variant
    most = spec.row.max_players
    if n > most:
        why = (
            "seven cards each would run out of cards (rule 36)"
            if engine.deal_kind == DEAL_STUD
            else "the cards out of the hands must cover a full draw (rule 47)"
        )
        raise InvalidSpecError(f"{variant} is dealt to at most {most} players, not {n}: {why}")
    if up_cards is not None and not engine.up_cards:
        raise InvalidSpecError(f"up cards are dealt in stud, not in {variant}")
    if shown_cards is not None and engine.deal_kind != DEAL_DRAW:
        raise InvalidSpecError(
            f"shown_cards are a draw game's replay, not {variant}'s: the hole cards "
            "shown are those dealt (hole_cards)"
        )
    if board is not None and engine.deal_kind == DEAL_DRAW:
        raise InvalidSpecError(f"{variant} has no board, not {board!r}")
    if not engine.blinds and (dead_small_blind or posts):
        raise InvalidSpecError(f"{variant} has no blinds to post or leave dead")
    if engine.straddle and n < 3:
        raise InvalidSpecError("a straddle needs at least three players")
    if dead_small_blind and n < 3:
        raise InvalidSpecError("a dead small blind needs at least three players (rule 29)")
    if dead_small_blind and engine.button_blind:
        raise InvalidSpecError(
            "a button blind has no small blind to leave dead: dead_small_blind must be "
            "False (rule 44)"
        )
    if n > engine.max_players:  # the deck holds fewer of this spec's hands (rule 43)
        raise InvalidSpecError(
            f"{n} players with {engine.hole_count} hole cards each need more than "
            f"{engine.deck} cards"
        )


def deal_hand(  # noqa: PLR0917 - positional: called for every hand dealt
    spec: GameSpec,
    n: int,
    button: int,
    seed: int | None,
    hole_cards: Sequence[object | None] | None = None,
    board: object | None = None,
    up_cards: Sequence[object | None] | None = None,
    unknown: Collection[int] = (),
    shown: Mapping[int, object] | None = None,
    reserved: Collection[int] = (),
    dead_small_blind: bool = False,
    posts: bool = False,
    /,
) -> Dealt:
    """The deal of a hand of ``spec`` to ``n`` seats, dealing from the button's left: the
    cards given (replays; ``unknown`` seats are dealt none, ``reserved`` cards are nobody's,
    ``shown`` are a draw replay's shown hands) and the rest from the deck seeded ``seed``;
    first what `check_table()` checks, where there is anything to check (a dead small
    blind, ``posts`` of players' own blinds, replay arguments, a straddle or a full table).

    Raises:
        InvalidSpecError: what `check_table()` refuses.
        CardCountError: a seat given the wrong number of cards.
        DuplicateCardError: a card given twice.
    """
    engine = spec.engine
    kind = engine.deal_kind
    if not (  # the common case needs no check (a hand is dealt in a few microseconds)
        n <= engine.max_players
        and up_cards is None
        and shown is None
        and not dead_small_blind
        and not posts
        and (board is None or kind != DEAL_DRAW)
        and (not engine.straddle or n > 2)
    ):
        check_table(spec, n, dead_small_blind, posts, board, up_cards, shown)
    if kind == DEAL_STUD:  # cards dealt as the hand goes
        seed, stud, down, up = stud_rules.deal_stud(
            n, button=button, seed=seed, hole_cards=hole_cards, up_cards=up_cards,
            unknown=unknown, common=board,
        )  # fmt: skip
        return Dealt(seed, tuple(down), tuple(up), (), stud, None)
    if kind == DEAL_DRAW:  # hands drawn to from the stub
        seed, stub, holes = draw_rules.deal_draw(
            n, engine.hole_count, button=button, seed=seed, hole_cards=hole_cards,
            unknown=unknown, shown=shown,
        )  # fmt: skip
        return Dealt(seed, holes, None, (), None, stub)
    seed, holes, cards = deal(
        n,
        engine.hole_count,
        button=button,
        seed=seed,
        hole_cards=hole_cards,
        board=board,
        unknown=unknown,  # never invent cards: these seats are dealt none
        short_deck=engine.deck != 52,
        reserved=reserved,  # the given cards of further runouts are nobody's
    )
    return _record(Dealt, seed, holes, None, cards, None, None)


def check_extra(dealt: Dealt, extra: Sequence[int], spec: GameSpec) -> None:
    """The given cards of further runouts (``extra``, a replay's board past its fifth
    card): allowed by the rules, held by nobody else (rule 26b).

    Raises:
        CardCountError: more than five board cards where the board is run once.
        DuplicateCardError: a card of ``extra`` dealt, or given twice.
    """
    if spec.rules.runouts < 2:
        raise CardCountError(
            f"a board has at most 5 cards, not {5 + len(extra)}: more are those of "
            "further runouts, which need RuleProfile(runouts=...) above 1 (rule 26b)"
        )
    used = set(dealt.board)
    for hole in dealt.holes:
        used.update(hole)
    for card in extra:
        if card in used:
            raise DuplicateCardError(f"the card {Card.from_index(card)} is given more than once")
        used.add(card)
