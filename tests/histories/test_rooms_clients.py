"""Hands the text rooms' clients wrote otherwise than their room's usual layout, replayed
by the game layer with the files' payouts, and those whose room paid by a convention of
its own saying so in ``site_convention`` (excerpts of public parsers' fixtures in
tests/data/rooms, their licences beside them)."""

from __future__ import annotations

from rooms_excerpts import one_hand

from pokerforge.game.phh import loads_phh, to_phh


def test_partypoker_fixed_limit_games_replay_with_their_bets() -> None:
    # "$0.05/$0.10 USD FL": the bets, the big blind the small bet; the winner's 0.50.
    record = one_hand("partypoker/fixed_limit.txt")
    hand = record.hand
    assert hand.spec.betting == "fixed-limit"
    assert record.players[hand.payouts.index(max(hand.payouts))] == "mraeolus"
    assert max(hand.payouts) == 50 and record.site_convention is None
    # "$15/$30 USD Texas Hold'em" names no structure: fixed-limit, replayed to its pot.
    record = one_hand("partypoker/clients.txt")
    assert record.hand.spec.betting == "fixed-limit"


def test_eight_eights_translated_cards_replay() -> None:
    # The Dutch client's "Hc" is the king of clubs; the shown "Bh" the jack of hearts.
    record = one_hand("888/translated_clients.txt")
    assert record.fields["_language"] == "nl"
    assert max(record.hand.payouts) == 17600  # $176, the winner's, in cents
    record = one_hand("888/translated_clients.txt", 1)
    assert record.fields["_language"] == "es"
    record = one_hand("888/translated_clients.txt", 2)
    assert max(record.hand.payouts) == 1_183_764


def test_wpn_capped_and_disconnected_hands_replay() -> None:
    # A capped table: 300 each at most, both players capped on the flop: no more betting.
    record = one_hand("wpn/older_layout_capped_disconnected.txt")
    assert record.hand.starting_stacks == (30_000,) * 6
    assert max(record.hand.payouts) == 61_200
    # Kept all-in for the 80 he had put in when he disconnected: he wins his share of the
    # main pot (198.50) and the room says why his stack is 80.
    record = one_hand("wpn/older_layout_capped_disconnected.txt", 1)
    seat = record.players.index("Player0")
    assert record.hand.payouts[seat] == 19_850
    assert record.site_convention is not None
    assert "kept Player0 all-in for what was put in when disconnected (stack 1017" in (
        record.site_convention
    )


def test_a_room_that_took_or_added_chips_it_did_not_write_says_so() -> None:
    # WPN's jackpot table: 48 put in, 45.75 paid, 2 raked, 0.25 taken and not written.
    record = one_hand("wpn/older_layout_jackpot_drop.txt")
    assert record.site_convention == (
        "WPN/ACR took 0.25 from the pot that its summary does not write"
    )
    assert max(record.hand.payouts) == 4575
    assert sum(record.hand.starting_stacks) - sum(record.hand.stacks) == 225
    # Run It Once's splash the pot: the room's 0.50 in the pot beside the players' 0.15.
    record = one_hand("rio/clients.txt", 1)
    seat = record.players.index("Dawson D")
    assert record.hand.added == 50
    assert record.hand.payouts[seat] == 60  # the pot: 0.10 and 0.50 (his uncalled 0.05 back)
    assert record.site_convention == (
        "Run It Once added 0.50 to the pot, paid to Dawson D beyond the players' pot"
    )
    again = loads_phh(to_phh(record.hand))  # the room's chips written as `_added`
    assert (again.added, again.payouts) == (50, record.hand.payouts)


def test_run_it_once_early_raises_and_checks_all_in_replay() -> None:
    # "raises 44.00 to 68" with 7 in is a raise to 75; the all-in player's written checks
    # on the turn and the river are no actions.
    record = one_hand("rio/clients.txt")
    seat = record.players.index("PaulOpenfold")
    assert record.hand.payouts[seat] == 37_926
    assert record.site_convention is None


def test_betonline_pots_on_lines_of_their_own_and_its_rake_written_zero() -> None:
    # A line a pot ("Total pot 0.42 | Rake 0.04", "Total pot 0.29 | Rake 0.04"): 0.75 put
    # in, the hand's 0.04 rake written on each line, each pot paid as written.
    record = one_hand("betonline/pots_and_rake.txt", 1)
    assert sorted(record.hand.payouts)[-2:] == [29, 42]
    assert record.hand.rake == 4 and record.site_convention is None
    # "Total pot 1.90 | Rake 0.00" of 1.95 put in: the room kept 0.05 and says so.
    record = one_hand("betonline/pots_and_rake.txt")
    assert max(record.hand.payouts) == 190 and record.hand.rake == 5
    assert record.site_convention == (
        "BetOnline took 0.05 from the pot that its summary does not write"
    )
