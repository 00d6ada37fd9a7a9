"""The dealer's deck and the procedures for dealer errors (docs/rules.md section 6).

A [`Dealer`][pokerforge.game.Dealer] follows the physical deck of one hand: the shuffled stub, the
hole cards dealt one at a time clockwise from the seat left of the button, and for each street its
burn card(s) and board cards. Dealer errors are explicit operations, each handled exactly
as the rule says (IT by default; the WSOP preset through ``RuleProfile.flop_misdeal``):

* [`Dealer.expose_hole_card()`][pokerforge.game.Dealer.expose_hole_card]: the first card dealt
exposed is a misdeal (rule 31);
  another exposed card is replaced after the deal by the next card and becomes the first
  burn (rule 32); a second irregular card is a misdeal.
* [`Dealer.deal_extra_card()`][pokerforge.game.Dealer.deal_extra_card]: a card too many after every
player has a first card goes
  back on the deck as the first burn (rule 33); a second one is a misdeal.
* [`Dealer.flop_too_many_cards()`][pokerforge.game.Dealer.flop_too_many_cards]: one or more extra
cards: redealt entirely (IT), or
  with one extra card scrambled, one card becoming the next burn (WSOP) (rule 34).
* [`Dealer.boxed_card()`][pokerforge.game.Dealer.boxed_card]: a card found face up in the deck while
dealing is set aside
  and the deal goes on (RR; rule 34); [`Dealer.missed_burn()`][pokerforge.game.Dealer.missed_burn]:
  a street turned without a burn is put back in its proper order (RR; rule 34).
* [`Dealer.premature_flop()`][pokerforge.game.Dealer.premature_flop],
[`Dealer.premature_turn()`][pokerforge.game.Dealer.premature_turn],
  [`Dealer.premature_river()`][pokerforge.game.Dealer.premature_river] (rules 34, 35).

A misdeal reshuffles and deals again with the same button. Reshuffles are seeded from the
dealer's seed, so a seed fixes every card. The hand itself is a normal
[`Hand`][pokerforge.game.Hand] made by [`Dealer.start_hand()`][pokerforge.game.Dealer.start_hand];
board procedures change the cards of the streets still to come and the hand plays on.

Examples:
    >>> from pokerforge import Deck
    >>> from pokerforge.game import GameSpec
    >>> from pokerforge.game.dealer import Dealer
    >>> dealer = Dealer(GameSpec(), stacks=[100, 100, 100], seed=9)
    >>> stub = Deck(seed=9).undealt
    >>> dealer.expose_hole_card(4).kind  # seat 2's second card is turned over
    'replace'
    >>> hand = dealer.start_hand()
    >>> hand.hole_cards[2][1] == stub[6]  # replaced by the next card after the deal
    True
    >>> _ = hand.call(); _ = hand.call(); _ = hand.check()
    >>> dealer.burns == (stub[4],), hand.board == tuple(stub[7:10])  # it was the burn
    (True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from pokerforge.cards import Card, Deck
from pokerforge.errors import IllegalActionError, InvalidSpecError
from pokerforge.game.actions import DealBoard, Street
from pokerforge.game.arguments import player_count, seat_number
from pokerforge.game.deal import BOARD_AT, lay_out_board
from pokerforge.game.hand import Hand
from pokerforge.game.positions import SEAT_ORDERS
from pokerforge.game.spec import GameSpec
from pokerforge.game.stub import check_table

__all__ = ["Dealer", "Procedure"]


@dataclass(frozen=True, slots=True)
class Procedure:
    """What the dealer did about an error.

    Attributes:
        kind: ``"misdeal"``, ``"replace"`` (rule 32), ``"extra-burn"`` (rule 33),
            ``"redeal-flop"``, ``"scramble-flop"``, ``"missed-burn"``, ``"boxed-card"``
            (rule 34), ``"premature-flop"``, ``"premature-turn"`` or ``"premature-river"``.
        rule: the rule applied (docs/rules.md).
        cards: the cards the error is about (the exposed, extra or early board cards).
        reshuffled: the stub in its new order after a reshuffle (empty when none).
    """

    kind: str
    rule: int
    cards: tuple[Card, ...]
    reshuffled: tuple[Card, ...] = ()


def _cards(indices: Sequence[int]) -> tuple[Card, ...]:
    return tuple(Card.from_index(c) for c in indices)


class Dealer:
    """The physical deal of one hand, with the dealer-error procedures.

    Args:
        spec: the game.
        stacks: each seat's chips (as for [`Hand`][pokerforge.game.Hand]).
        button: the button's seat.
        seed: seeds the deck and every reshuffle (``None``: random).
        dead_small_blind: passed on to the hand (rule 29).
        posts: passed on to the hand (rule 29b).

    Raises:
        InvalidSpecError: a bad number of seats or button; a stud game.
    """

    def __init__(
        self,
        spec: GameSpec,
        *,
        stacks: Sequence[int],
        button: int = 0,
        seed: int | None = None,
        dead_small_blind: bool = False,
        posts: Sequence[tuple[int, int, int]] = (),
    ) -> None:
        n = player_count(len(stacks))
        seat_number(button, n, what="the button")
        if not spec.engine.board_at[-1]:
            raise InvalidSpecError(
                f"the dealer-error procedures (rules 31-35) are the board games', not "
                f"{spec.variant}'s, which has no board: deal its hands with Hand"
            )
        # What a Hand of these seats would refuse, refused here (a deck too small for
        # them once failed inside start_hand with StopIteration).
        check_table(spec, n, dead_small_blind, bool(posts), None, None, None)
        self.spec = spec
        self._stacks = list(stacks)
        self._button = button
        self._dead_sb = dead_small_blind
        self._posts = tuple(posts)
        deck = Deck(seed=seed)
        self.seed: int = deck.seed if deck.seed is not None else 0
        self._rng = random.Random(self.seed)
        # The game's cards: short-deck's 36 are the seeded order without its twos to fives,
        # as a Hand deals them (rule 43).
        first = 52 - spec.engine.deck  # the lowest ranks, four cards each, are left out
        self._deck = range(first, 52)
        self._stub = [c.index for c in deck.undealt if c.index >= first]
        self._order = [seat for _ in range(spec.hole_card_count) for seat in SEAT_ORDERS[n][button]]
        self._exposed: list[int] = []
        self._extra: list[int] = []
        self._hand: Hand | None = None
        # Per street (flop, turn, river): its burn cards and its board cards.
        self._plan: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        self._rest: list[int] = []
        self._early_burns: set[int] = set()
        self.misdeals = 0
        """How many misdeals this deal has had (the button stays where it is)."""
        self.procedures: list[Procedure] = []
        """Every procedure applied, in order."""
        self.boxed: list[Card] = []
        """Cards found face up in the deck and set aside, out of play (rule 34), until a
        misdeal shuffles the whole deck again."""

    # -- the deck --------------------------------------------------------------------------

    @property
    def stub(self) -> tuple[Card, ...]:
        """The cards still in the deck, top first."""
        if self._hand is None:
            return _cards(self._stub)
        shown = self._hand.board_indices
        out: list[int] = []
        for i, (burns, cards) in enumerate(self._plan):
            if len(shown) < BOARD_AT[i]:
                out.extend(b for b in burns if b not in self._early_burns)
                out.extend(cards)
        return _cards(out + self._rest)

    @property
    def burns(self) -> tuple[Card, ...]:
        """The cards burned so far, in order."""
        if self._hand is None:
            return ()
        shown = self._hand.board_indices
        return _cards(
            [
                b
                for i, (burns, _) in enumerate(self._plan)
                for b in burns
                if len(shown) >= BOARD_AT[i] or b in self._early_burns
            ]
        )

    @property
    def hand(self) -> Hand | None:
        """The hand, once [`start_hand()`][pokerforge.game.Dealer.start_hand] has been called."""
        return self._hand

    def _reshuffle(self, cards: Sequence[int]) -> list[int]:
        keep = set(cards)
        dead = [Card.from_index(c) for c in range(52) if c not in keep]
        return [c.index for c in Deck(seed=self._rng.getrandbits(63), dead=dead).undealt]

    # -- errors during the deal (rules 31-33) ------------------------------------------------

    def _deal_position(self, position: object, which: str = "", taken: Sequence[int] = ()) -> None:
        """Checks that ``position`` is a card of the deal (0: the first card dealt), not
        one of ``taken``; ``which`` says what else it must be, for the message."""
        total = len(self._order)
        if isinstance(position, bool) or not isinstance(position, int):
            raise InvalidSpecError(f"position must be a whole number, not {position!r}")
        if not 0 <= position < total or position in taken:
            what = f"a card of the deal {which}, 0" if which else "a card of the deal, 0"
            raise InvalidSpecError(f"position must be {what} to {total - 1}, not {position}")

    def _dealing(self) -> None:
        if self._hand is not None:
            raise IllegalActionError("the deal is over: the hand has started")

    def _misdeal(self, rule: int, cards: Sequence[int]) -> Procedure:
        self._stub = self._reshuffle(self._deck)
        self._exposed.clear()
        self._extra.clear()
        self.boxed.clear()  # the whole deck is shuffled again, the boxed cards with it
        self.misdeals += 1
        done = Procedure("misdeal", rule, _cards(cards), _cards(self._stub))
        self.procedures.append(done)
        return done

    def _card_at(self, position: int) -> int:
        """The card that the deal puts at ``position`` (extra cards taken into account)."""
        return self._stub[position + sum(1 for e in self._extra if e <= position)]

    def expose_hole_card(self, position: int) -> Procedure:
        """The hole card dealt at ``position`` (0: the first card dealt) was exposed.

        The first card exposed is a misdeal (rule 31); any other is replaced, once the deal
        is complete, by the next card off the deck and becomes the first burn (rule 32). A
        second exposed (or extra) card is a misdeal.

        Raises:
            IllegalActionError: the hand has already started.
            InvalidSpecError: ``position`` is not a card of the deal.
        """
        self._dealing()
        self._deal_position(position, "not yet exposed", self._exposed)
        card = self._card_at(position)
        if position == 0:
            return self._misdeal(31, [card])
        if self._exposed or self._extra:
            return self._misdeal(32, [card])
        self._exposed.append(position)
        done = Procedure("replace", 32, _cards([card]))
        self.procedures.append(done)
        return done

    def deal_extra_card(self, after: int) -> Procedure:
        """One card too many came off the deck after ``after`` cards of the deal.

        It goes back on the deck and is the first burn (rule 33); a second irregular card
        is a misdeal.

        Raises:
            IllegalActionError: the hand has started, or not every player has a first card
                yet (rule 33 covers only extra cards after that).
        """
        self._dealing()
        n, total = len(self._stacks), len(self._order)
        if isinstance(after, bool) or not isinstance(after, int) or not n <= after <= total:
            raise IllegalActionError(
                f"an extra card after every player has a first card comes after {n} to "
                f"{total} cards of the deal, not {after!r} (rule 33)"
            )
        card = self._stub[after + len(self._extra)]
        if self._exposed or self._extra:
            return self._misdeal(33, [card])
        self._extra.append(after)
        done = Procedure("extra-burn", 33, _cards([card]))
        self.procedures.append(done)
        return done

    def start_hand(self) -> Hand:
        """Complete the deal and start the hand.

        Raises:
            IllegalActionError: the hand has already started.
        """
        self._dealing()
        n = len(self._stacks)
        stub = self._stub
        p = 0
        holes: list[list[int]] = [[] for _ in range(n)]
        first_burn: int | None = None
        for k, seat in enumerate(self._order):
            if k in self._extra:
                first_burn = stub[p]
                p += 1
            holes[seat].append(stub[p])
            p += 1
        if len(self._order) in self._extra:
            first_burn = stub[p]
            p += 1
        if self._exposed:
            k = self._exposed[0]
            seat, nth = self._order[k], k // n
            first_burn = holes[seat][nth]
            holes[seat][nth] = stub[p]
            p += 1
        stream = iter(stub[p:])
        burns, board = lay_out_board(stream, first_burn=first_burn)
        self._plan = [((burns[0],), board[:3]), ((burns[1],), board[3:4]), ((burns[2],), board[4:])]
        self._rest = list(stream)
        self._hand = Hand(
            self.spec,
            stacks=self._stacks,
            button=self._button,
            seed=self.seed,
            hole_cards=holes,
            board=self._board(),
            dead_small_blind=self._dead_sb,
            posts=self._posts,
        )
        return self._hand

    # -- errors on the board (rules 34, 35) ---------------------------------------------------

    def _board(self) -> tuple[int, ...]:
        return tuple(c for _, cards in self._plan for c in cards)

    def _started_any(self, what: str) -> Hand:
        hand = self._hand
        if hand is None or hand.is_over:
            raise IllegalActionError(f"{what}: no hand is being dealt")
        return hand

    def _started(self, street: Street, what: str) -> Hand:
        hand = self._hand
        if hand is None:
            raise IllegalActionError(f"{what}: the hand has not started")
        if hand.is_over or hand.street != street:
            raise IllegalActionError(
                f"{what} can only happen while the {street.name.lower()} betting is going on"
            )
        return hand

    def _apply(self, hand: Hand, done: Procedure) -> Procedure:
        hand._redeal_board(self._board())
        self.procedures.append(done)
        return done

    def _turn_not_set_aside(self, what: str) -> None:
        if len(self._plan[1][0]) != 1:
            raise IllegalActionError(
                f"{what} cannot be handled: the turn card was already set aside on this flop "
                "(rule 35)"
            )

    def _unshown_stub(self, start: int) -> list[int]:
        out: list[int] = []
        for burns, cards in self._plan[start:]:
            out.extend(burns)
            out.extend(cards)
        return out + self._rest

    def premature_flop(self) -> Procedure:
        """The flop was turned before pre-flop betting ended (rule 34).

        The burn stays burned; the three cards are shuffled back into the stub and, when the
        betting ends, a new flop is dealt from it without a burn.

        Raises:
            IllegalActionError: the hand is not in pre-flop betting.
        """
        hand = self._started(Street.PREFLOP, "a premature flop")
        (burn,), flop = self._plan[0]
        self._early_burns.add(burn)
        s = self._reshuffle([*flop, *self._unshown_stub(1)])
        self._plan = [((burn,), tuple(s[:3])), ((s[3],), (s[4],)), ((s[5],), (s[6],))]
        self._rest = s[7:]
        return self._apply(hand, Procedure("premature-flop", 34, _cards(flop), _cards(s)))

    def _fresh_street(self, street: Street, what: str) -> Hand:
        """The hand, when ``street`` has just been dealt and nobody has acted on it yet."""
        hand = self._started(street, what)
        last = hand.history[-1]
        if type(last) is not DealBoard or last.street != street:
            raise IllegalActionError(
                f"{what} is handled before any action on the {street.name.lower()}"
            )
        return hand

    def flop_too_many_cards(self, extra: int = 1) -> Procedure:
        """The flop just dealt came with ``extra`` cards too many (the next cards off the
        deck), before any action on it (rule 34).

        IT (``flop_misdeal="redeal"``): the burn stays, the flop and the extra cards go
        back into the stub, which is reshuffled, and a new flop is dealt without a burn.
        WSOP (``"scramble"``), one extra card: the four are scrambled, one becomes the next
        burn and the other three the flop. Two or more extra cards are always redealt.

        Raises:
            IllegalActionError: the flop is not freshly dealt (or action on it began).
            InvalidSpecError: ``extra`` is not 1 to 4.
        """
        hand = self._fresh_street(Street.FLOP, "a flop with too many cards")
        if isinstance(extra, bool) or not isinstance(extra, int) or not 1 <= extra <= 4:
            raise InvalidSpecError(f"extra must be 1 to 4 cards too many, not {extra!r}")
        burn, flop = self._plan[0]
        self._turn_not_set_aside("a flop with too many cards")
        (turn_burn,), turn = self._plan[1]
        unshown = [turn_burn, *turn, *self._unshown_stub(2)]
        turned = (*flop, *unshown[:extra])
        if extra == 1 and self.spec.rules.flop_misdeal == "scramble":
            s = self._reshuffle(turned)
            self._plan[0] = (burn, tuple(s[1:]))
            self._plan[1] = ((s[0],), turn)
            return self._apply(hand, Procedure("scramble-flop", 34, _cards(turned), _cards(s)))
        s = self._reshuffle([*flop, *unshown])
        self._plan = [(burn, tuple(s[:3])), ((s[3],), (s[4],)), ((s[5],), (s[6],))]
        self._rest = s[7:]
        return self._apply(hand, Procedure("redeal-flop", 34, _cards(turned), _cards(s)))

    def missed_burn(self) -> Procedure:
        """The street just dealt was turned without a burn, before any action on it.

        The error is corrected by restoring the cards to their proper order (RR): the
        first card turned is the burn it should have been, the street's cards are the
        ones after it, so the board is exactly the one a correct deal gives (rule 34).
        The procedure reports the burn card that was exposed.

        Raises:
            IllegalActionError: no street was just dealt, or action on it began.
        """
        hand = self._started_any("a missed burn")
        street = hand.street
        if street == Street.PREFLOP:
            raise IllegalActionError("a missed burn: no board card has been dealt yet")
        self._fresh_street(street, "a missed burn")
        burns, _ = self._plan[street - 1]
        done = Procedure("missed-burn", 34, _cards(burns[-1:]))
        self.procedures.append(done)
        return done

    def boxed_card(self, position: int) -> Procedure:
        """The card the deal would put at ``position`` (0: the first card dealt) is found
        face up in the deck (a boxed card).

        It is a meaningless scrap of paper (RR): it is set aside, out of play, and the
        deal goes on with the next card in its place (rule 34).

        Raises:
            IllegalActionError: the hand has already started.
            InvalidSpecError: ``position`` is not a card of the deal.
        """
        self._dealing()
        self._deal_position(position)
        index = position + sum(1 for e in self._extra if e <= position)
        card = self._stub.pop(index)
        self.boxed.append(Card.from_index(card))
        done = Procedure("boxed-card", 34, _cards([card]))
        self.procedures.append(done)
        return done

    def premature_turn(self) -> Procedure:
        """The turn was turned before the flop betting ended (rule 35).

        The card is set aside and the burn stays; when the betting ends the dealer burns
        and turns what would have been the river as the turn; after that round the stub is
        reshuffled with the set-aside card (not the burns) and the river is dealt without a
        burn. The reshuffle is drawn now, from the seed, and reported.

        Raises:
            IllegalActionError: the hand is not in flop betting.
        """
        hand = self._started(Street.FLOP, "a premature turn")
        self._turn_not_set_aside("a premature turn")
        (burn,), (early,) = self._plan[1]
        (river_burn,), river = self._plan[2]
        self._early_burns.add(burn)
        s = self._reshuffle([early, *self._rest])
        self._plan[1] = ((burn, river_burn), river)
        self._plan[2] = ((), (s[0],))
        self._rest = s[1:]
        return self._apply(hand, Procedure("premature-turn", 35, _cards([early]), _cards(s)))

    def premature_river(self) -> Procedure:
        """The river was turned before the turn betting ended (rule 35).

        The burn stays; the card is shuffled back into the stub and the river is dealt from
        it without a burn when the betting ends.

        Raises:
            IllegalActionError: the hand is not in turn betting.
        """
        hand = self._started(Street.TURN, "a premature river")
        burns, (early,) = self._plan[2]
        self._early_burns.update(burns)
        s = self._reshuffle([early, *self._rest])
        self._plan[2] = (burns, (s[0],))
        self._rest = s[1:]
        return self._apply(hand, Procedure("premature-river", 35, _cards([early]), _cards(s)))
