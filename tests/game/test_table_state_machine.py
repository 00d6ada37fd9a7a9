"""Tables that cannot be put in a wrong state: every Table / Dealer operation in any order.

A hypothesis state machine seats, unseats, sits players out and in, deals hands directly or
through a :class:`Dealer` (with its error procedures), acts and finishes hands. After every
step: chips are conserved, a refused operation changed nothing, and the table's button and
blinds agree with the hand's positions (through dead small blinds, players joining a
heads-up game, missed blinds and posts).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from pokerforge.errors import PokerError
from pokerforge.game import GameSpec, Hand, PostBlind, Table
from pokerforge.game.dealer import Dealer

SEATS = 6
STATS: dict[str, int] = {"finished": 0}
SPEC = GameSpec(blinds=(1, 2))


class TableMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.table = Table(SPEC, seats=SEATS, seed=7)
        self.dealer: Dealer | None = None
        self.pending: Dealer | None = None
        self.brought = 0  # chips sat down minus chips taken away
        self.names = 0

    # -- helpers ---------------------------------------------------------------------------

    def _snapshot(self) -> Any:
        table = self.table
        hand = table.hand
        seats = [
            (p, table.owes(p.seat), table.waiting(p.seat)) for p in table.players
        ]  # fmt: skip
        return (
            seats,
            len(table.hands),
            table.total_chips,
            table.dealt_in,
            None if hand is None else (hand.history, hand.actor, hand.stacks),
        )

    def _try(self, operation: Any, *args: Any, **kwargs: Any) -> Any:
        """Run an operation; when it is refused, nothing may have changed."""
        before = self._snapshot()
        try:
            return operation(*args, **kwargs)
        except PokerError:
            assert self._snapshot() == before
            return None

    # -- seating ---------------------------------------------------------------------------

    @rule(
        seat=st.integers(-1, SEATS),
        chips=st.one_of(st.integers(1, 300), st.integers(-5, 0)),
        wait=st.booleans(),
    )
    def sit(self, seat: int, chips: int, wait: bool) -> None:
        self.names += 1
        name = f"p{self.names}"
        self._try(self.table.sit, seat, name, chips, wait)
        if any(p.name == name for p in self.table.players):
            self.brought += chips

    @rule(seat=st.integers(0, SEATS - 1))
    def leave(self, seat: int) -> None:
        chips = self._try(self.table.leave, seat)
        if chips is not None:
            self.brought -= chips

    @rule(seat=st.integers(0, SEATS - 1))
    def sit_out(self, seat: int) -> None:
        self._try(self.table.sit_out, seat)

    @rule(seat=st.integers(0, SEATS - 1), wait=st.booleans())
    def sit_in(self, seat: int, wait: bool) -> None:
        self._try(self.table.sit_in, seat, wait_for_big_blind=wait)

    @rule(seat=st.integers(0, SEATS - 1))
    def post_big_blind(self, seat: int) -> None:
        self._try(self.table.post_big_blind, seat)

    # -- hands -----------------------------------------------------------------------------

    @rule()
    def start_hand(self) -> None:
        table = self.table
        # Two players with chips who do not sit out can always play: newcomers waiting for
        # the big blind never leave a table unable to deal (the game starts again).
        can_play = sum(1 for p in table.players if p.chips and not p.sitting_out) >= 2
        expected = can_play and table.hand is None
        if self._try(table.start_hand) is not None:
            self.dealer = None
        else:
            assert not expected, table.players

    @rule()
    def deal_for_later(self) -> None:
        """A deal made and left pending: seats may change before it starts."""
        self.pending = self._try(self.table.deal)

    @rule()
    def start_pending(self) -> None:
        pending = self.pending
        if pending is not None and self._try(self.table.start_hand, dealer=pending) is not None:
            self.dealer = pending
            self.pending = None

    @rule(procedure=st.sampled_from(["none", "expose", "extra", "boxed"]), at=st.integers(0, 9))
    def deal(self, procedure: str, at: int) -> None:
        dealer = self._try(self.table.deal)
        if dealer is None:
            return
        if procedure == "expose":
            self._try(dealer.expose_hole_card, at)
        elif procedure == "extra":
            self._try(dealer.deal_extra_card, at)
        elif procedure == "boxed":
            self._try(dealer.boxed_card, at)
        self._try(self.table.start_hand, dealer=dealer)
        self.dealer = dealer if self.table.hand is not None else None

    @rule(kind=st.sampled_from(["premature_flop", "flop_too_many_cards", "premature_turn",
                                "premature_river", "missed_burn"]))  # fmt: skip
    def board_procedure(self, kind: str) -> None:
        if self.dealer is not None and self.dealer.hand is self.table.hand:
            self._try(getattr(self.dealer, kind))

    @precondition(lambda self: self.table.hand is not None and not self.table.hand.is_over)
    @rule(choice=st.integers(0, 99))
    def act(self, choice: int) -> None:
        self._act(choice)

    @rule(choices=st.lists(st.integers(0, 99), min_size=1, max_size=40))
    def play_hand(self, choices: list[int]) -> None:
        """A whole hand: started if none is in progress, played out, finished."""
        if self.table.hand is None:
            self.start_hand()
        hand = self.table.hand
        if hand is None:
            return
        for choice in choices * 20:
            if hand.is_over:
                break
            self._act(choice)
        self.finish()

    def _act(self, choice: int) -> None:
        hand = self.table.hand
        assert hand is not None
        legal = hand.legal_actions()
        self._try(hand.raise_to, 10**9)  # always refused: beyond every stack
        if legal.min_raise_to is not None and legal.max_raise_to is not None and choice < 20:
            hand.raise_to(legal.min_raise_to if choice < 15 else legal.max_raise_to)
        elif legal.call and choice < 40:
            hand.fold()
        elif legal.call:
            hand.call()
        else:
            hand.check()

    @rule()
    def finish(self) -> None:
        hand = self.table.hand
        done = self._try(self.table.finish_hand)
        if done is None:
            return
        assert hand is done.hand
        STATS["finished"] += 1
        _blinds_agree(done.hand, done.seats, done.big_blind, done.small_blind, done.button)

    # -- invariants ------------------------------------------------------------------------

    @invariant()
    def chips_are_conserved(self) -> None:
        assert self.table.total_chips == self.brought
        hand = self.table.hand
        if hand is not None:
            assert sum(hand.stacks) + hand.total_pot + hand.rake == sum(hand.starting_stacks)

    @invariant()
    def the_hand_holds_the_dealt_in_players_chips(self) -> None:
        table, hand = self.table, self.table.hand
        if hand is None:
            return
        seated = {p.seat: p.chips for p in table.players}
        assert [seated.get(seat) for seat in table.dealt_in] == list(hand.starting_stacks)

    @invariant()
    def button_and_blinds_agree_with_the_hand(self) -> None:
        table, hand = self.table, self.table.hand
        if hand is None:
            return
        seats = table.dealt_in
        assert table.big_blind is not None and table.button is not None
        sb = next((r.seat for r in hand.history if isinstance(r, PostBlind) and r.blind == "SB"),
                  None)  # fmt: skip
        _blinds_agree(hand, seats, table.big_blind, None if sb is None else seats[sb],
                      table.button)  # fmt: skip


def _blinds_agree(
    hand: Hand, seats: tuple[int, ...], big_blind: int, small_blind: int | None, button: int
) -> None:
    positions = hand.positions
    bb = next(r.seat for r in hand.history if isinstance(r, PostBlind) and r.blind == "BB")
    assert seats[bb] == big_blind and positions[bb] == "BB"
    assert positions[hand.button] == "BTN"
    if button in seats:
        assert seats[hand.button] == button
    if small_blind is None:
        assert "SB" not in positions
    else:
        sb = seats.index(small_blind)
        assert positions[sb] == ("BTN" if len(seats) == 2 else "SB")


TableMachine.TestCase.settings = settings(
    max_examples=200,
    derandomize=True,
    stateful_step_count=50,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@pytest.mark.slow  # pure-Python rules, the same on every Python: 3.11 only in the test command
def test_table_state_machine() -> None:
    TableMachine.TestCase().runTest()
    assert STATS["finished"] > 0  # the machine really plays hands to the end


def _fold_hand(table: Table) -> None:
    hand = table.start_hand()
    _blinds_agree(hand, table.dealt_in, table.big_blind, _small_blind(table), table.button)  # type: ignore[arg-type]
    while not hand.is_over:
        hand.fold()
    done = table.finish_hand()
    _blinds_agree(done.hand, done.seats, done.big_blind, done.small_blind, done.button)


def _small_blind(table: Table) -> int | None:
    hand = table.hand
    assert hand is not None
    sb = next((r.seat for r in hand.history if isinstance(r, PostBlind) and r.blind == "SB"), None)
    return None if sb is None else table.dealt_in[sb]


def test_positions_agree_through_a_dead_small_blind() -> None:
    table = Table(SPEC, seats=SEATS, seed=3)
    for seat in (0, 1, 2, 3):
        table.sit(seat, f"p{seat}", 100)
    _fold_hand(table)  # button 0, SB 1, BB 2
    table.leave(2)  # the next small blind's seat empties: a dead small blind
    hand = table.start_hand()
    assert _small_blind(table) is None and hand.positions == ("UTG", "BTN", "BB")
    _blinds_agree(hand, table.dealt_in, table.big_blind, None, table.button)  # type: ignore[arg-type]


def test_positions_agree_when_a_third_player_joins_heads_up() -> None:
    for newcomer in range(1, SEATS):
        if newcomer == 2:
            continue
        table = Table(SPEC, seats=SEATS, seed=3)
        table.sit(0, "a", 100)
        table.sit(2, "b", 100)
        _fold_hand(table)  # heads-up: button and small blind 0, big blind 2
        table.sit(newcomer, "c", 100, wait_for_big_blind=False)
        for _ in range(4):
            _fold_hand(table)
        assert len(table.hands[-1].seats) == 3


def test_a_table_busted_down_to_one_deals_again_when_newcomers_sit() -> None:
    # Heads-up all-in every hand until one player has every chip; four newcomers sit and
    # would wait for a big blind that no hand brings: the game starts again instead.
    table = Table(SPEC, seats=SEATS, seed=0)
    table.sit(0, "A", 30)
    table.sit(1, "B", 40)
    while sum(1 for p in table.players if p.chips) > 1:
        hand = table.start_hand()
        while not hand.is_over:
            legal = hand.legal_actions()
            hand.raise_to(legal.max_raise_to) if legal.max_raise_to else hand.call()
        table.finish_hand()
    for seat in (0, 2, 3, 4, 5):
        if all(p.seat != seat for p in table.players):  # the busted seat is free again
            table.sit(seat, f"N{seat}", 50)
    hand = table.start_hand()
    assert len(table.dealt_in) == 6
    # Nobody owes a post at a game's new start: only the blinds are in.
    assert sum(hand.starting_stacks) - sum(hand.stacks) == 3
    assert not any(table.waiting(p.seat) for p in table.players)


def test_a_player_dealt_in_by_deal_cannot_leave_before_the_hand() -> None:
    table = Table(SPEC, seats=SEATS, seed=1)
    for seat, name in ((0, "A"), (2, "B"), (4, "C")):
        table.sit(seat, name, 100)
    dealer = table.deal()
    with pytest.raises(PokerError, match="seat 4 is dealt into the next hand"):
        table.leave(4)
    hand = table.start_hand(dealer=dealer)
    assert table.total_chips == 300 and sum(hand.starting_stacks) == 300
    with pytest.raises(PokerError, match="a hand is in progress"):
        table.start_hand(dealer=dealer)
