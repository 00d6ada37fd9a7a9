"""What GGPoker, Full Tilt, Bovada and PokerStars write beyond the common layout, read and
replayed with the file's payouts, on excerpts of the real files (``tests/data/rooms``):
straddles written as totals, boards run twice, Full Tilt's own sections and posts, a raise
nobody can call, the room's own split of a pot run twice; and the hands the rules pokerforge
plays have no place for, refused by name."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from pokerforge import _core
from pokerforge.game import Bet, Raise
from pokerforge.game.phh import loads_phh, to_phh
from pokerforge.histories import HandRecord, read_histories

ROOMS = Path(__file__).parent.parent / "data" / "rooms"


def _one(name: str) -> HandRecord:
    reader = read_histories(ROOMS / name)
    records = list(reader)
    assert len(records) == 1 and reader.skipped == 0, reader.problems
    return records[0]


def test_ggpoker_straddles_are_their_posters_totals() -> None:
    # The big blind of $50 straddles to $100: his blind is $100, the raise to $325 is
    # called by no one and the pot of $255 pays $242.25 after $12.75 rake.
    record = _one("ggpoker/big_blind_straddle.txt")
    assert record.fields["blinds_or_straddles"] == [Decimal("25.00"), Decimal("100.00"), 0]
    assert (record.hand.payouts, record.hand.rake) == ((0, 0, 24225), 1275)
    # The button straddles $0.50, then $15.35 all-in: one straddle of $15.35, $15.10 of it
    # returned, the $0.60 pot his.
    record = _one("ggpoker/over_straddle.txt")
    assert record.fields["blinds_or_straddles"][2] == Decimal("15.35")
    assert record.hand.payouts == (0, 0, 60)


def test_straddles_the_rules_have_no_place_for_are_refused_by_name() -> None:
    # A straddle on the button (a "Mississippi" straddle) moves the order of play.
    reader = read_histories(ROOMS / "ggpoker" / "button_straddle.txt", skip_bad=True)
    assert list(reader) == [] and dict(reader.causes) == {"blinds": 1}
    assert "player 6 straddles from a seat other than" in reader.problems[0]
    # 6+ Hold'em with straddles: the button's own straddle raises his button blind (the
    # hand replays); one from another seat is refused.
    reader = read_histories(ROOMS / "ggpoker" / "short_deck_straddles.txt", skip_bad=True)
    (record,) = list(reader)
    assert dict(reader.causes) == {"blinds": 3}
    assert record.fields["blinds_or_straddles"] == [0, 0, 0, Decimal("0.08")]
    assert record.hand.payouts == (0, 0, 63, 0)


def test_a_missed_blind_posted_dead_is_no_uncalled_bet() -> None:
    # $2 posted dead and $5 live: the uncalled $16 is counted over the live chips, the
    # pot of $103 split between the two runs of the board.
    _, _, hands = _core.rooms_read((ROOMS / "ggpoker" / "missed_blind_run_twice.txt").read_bytes())
    ((ok, fields),) = hands
    assert ok and fields["_posts"] == [(4, 500, 200)] and fields["total_pot"] == 10300
    record = _one("ggpoker/missed_blind_run_twice.txt")
    assert (record.hand.payouts, record.hand.rake) == ((4892, 0, 0, 4893, 0, 0), 515)


def test_a_board_run_twice_keeps_the_rooms_split_of_its_rake() -> None:
    # GGPoker raked the side pot too (69.26 paid of its 69.84): the hand keeps the room's
    # payouts, run twice, and says why.
    record = _one("ggpoker/rake_per_pot_run_twice.txt")
    assert record.hand.paid_as_recorded and record.hand.payouts[1:3] == (51532, 6926)
    assert record.site_convention is not None
    assert "p3 69.26 in the record, 69.84 in the replay" in record.site_convention
    again = loads_phh(to_phh(record.hand))  # its PHH keeps the room's payouts
    assert again.payouts == record.hand.payouts and again.paid_as_recorded


def test_full_tilts_runs_courchevel_cap_and_posts() -> None:
    # "*** TURN 1 ***", "wins pot 1": each run a pot, the side pot apart.
    record = _one("fulltilt/run_twice_side_pot.txt")
    assert (record.hand.payouts[:2], record.hand.rake) == ((7760, 15395), 300)
    # "*** FLOPET ***": Courchevel's first board card.
    record = _one("fulltilt/courchevel.txt")
    assert record.hand.spec.variant == "courchevel" and record.hand.payouts[2] == 900
    # "$400 Pot Limit Omaha Hi": the stacks play capped at $400, both players all-in.
    record = _one("fulltilt/capped_omaha.txt")
    assert max(record.hand.starting_stacks) == 4000  # in dimes and record.hand.payouts[4] == 10170
    # "Player2 posts $5": a live big blind from a player coming in, $2.50 dead besides.
    record = _one("fulltilt/live_post.txt")
    assert record.fields["_posts"] == [[4, Decimal("5.00"), Decimal("2.50")]]
    assert record.hand.payouts[3] == 1500


def test_full_tilts_empty_button_seat_and_summary_board() -> None:
    # The button's seat 4 is empty: the small blind sits in seat 5, the next one.
    record = _one("fulltilt/empty_button_seat.txt")
    assert record.players[:2] == ("Player1", "Player0")
    assert record.fields["blinds_or_straddles"][:2] == [20, 40]
    # No river line: the summary's "Board: [...]" deals it.
    record = _one("fulltilt/board_in_summary.txt")
    assert len(record.hand.board) == 5 and record.hand.payouts == (0, 0, 250)


def test_full_tilts_stud_cards_and_players_sitting_out() -> None:
    # "Dealt to Hero [Td 9d] [Kc]": third street's down and up cards; "Player2 is sitting
    # out" antes nothing and is dealt in nowhere.
    reader = read_histories(ROOMS / "fulltilt" / "stud_sitting_out.txt")
    first, second = list(reader)
    assert "Player2" not in first.players
    assert (first.hand.payouts[1], first.hand.rake) == (295, 10)  # in dimes
    assert second.hand.payouts[5] == 104


def test_bovadas_both_blinds_and_ten_card_showdown() -> None:
    # "Posts dead chip $15": the big blind of $10 live, $5 dead.
    record = _one("bovada/dead_chip_both_blinds.txt")
    assert record.fields["_posts"] == [[4, Decimal("10.00"), Decimal("5.00")]]
    assert (record.hand.payouts[3], record.hand.rake) == (15800, 200)
    # Hi-lo stud shown as its high five and its low five: the seven dealt are the cards.
    record = _one("bovada/stud_hilo_showdown.txt")
    assert sorted(p for p in record.hand.payouts if p) == [7350, 7350]


def test_a_raise_nobody_can_call_plays_as_the_call_it_leaves_in() -> None:
    # PokerStars: a re-raise to 5.90 over an all-in of 3.20, the one other player in
    # short of 3.20: 2.70 returned; the hand replays with the call.
    _, _, hands = _core.rooms_read((ROOMS / "pokerstars" / "uncallable_raise.txt").read_bytes())
    ((ok, fields),) = hands
    assert ok and "p4 cbr 5.9" not in fields["actions"]
    assert fields["actions"][12] == "p4 cc"
    record = _one("pokerstars/uncallable_raise.txt")
    assert (record.hand.payouts[3], record.hand.rake) == (670, 35)
    # Ignition: the small blind all-in for more than the all-in button and the short big
    # blind can call.
    record = _one("bovada/uncallable_raise.txt")
    assert record.hand.payouts[0] == 35480


def test_a_mixed_game_is_the_game_in_brackets() -> None:
    record = _one("pokerstars/mixed_nlh_plo.txt")
    assert record.hand.spec.variant == "holdem" and record.hand.spec.betting == "no-limit"
    assert record.hand.payouts == (344, 0)


def test_a_cash_drop_is_the_rooms_money_in_the_pot() -> None:
    # "Cash Drop to Pot : total $0.2": the pot of $2.81 is $2.61 of the players' chips and
    # $0.20 of GGPoker's, which count in the pot-limit maximum: the raise to $0.41 is the
    # pot with them (0.01 + 0.02 + 0.06 + 0.20 + the call of 0.06, on 0.06), and so is
    # the all-in of $0.88 on the flop (1.02 + 0.20 would allow 1.22; 0.82 + 0.03 alone
    # only 0.85).
    _, _, hands = _core.rooms_read((ROOMS / "ggpoker" / "cash_drop.txt").read_bytes())
    ((ok, fields),) = hands
    assert ok and ("added", 4, 20) in fields["notes"]  # p5, 291a0936
    assert (fields["total_pot"], max(fields["room_winnings"])) == (261, 253)
    (record,) = list(read_histories(ROOMS / "ggpoker" / "cash_drop.txt"))
    hand = record.hand
    assert hand.spec.betting == "pot-limit" and hand.added == 20
    assert [a.to for a in hand.history if isinstance(a, Raise)] == [6, 41]
    # The winner's $2.73: the players' $2.61 and the drop, less $0.08 of rake and jackpot.
    assert max(hand.payouts) == 273 and hand.rake == 8
    assert sum(hand.payouts) + hand.rake == sum(hand.contributions) + 20
    assert record.site_convention == (
        "GGPoker added 0.20 to the pot, paid to 291a0936 beyond the players' pot"
    )


def _bets(record: HandRecord) -> list[int]:
    """The street totals the hand's bets and raises went to, in order."""
    return [a.to for a in record.hand.history if isinstance(a, Bet | Raise)]


def test_each_rooms_fixed_limit_short_all_in_replays_its_way() -> None:
    # Rule 18's switch, as each room's own hands show it. PokerStars, badugi at 60/120:
    # after a raise to 120 Player13 goes all in for 150, half a bet more, and Player19,
    # who raised to 120, raises again, to 180: the level the full raise would have
    # reached, the betting reopened ("completes").
    record = _one("pokerstars/badugi_short_all_in.txt")
    assert record.hand.spec.rules.limit_short_all_in == "completes"
    assert _bets(record)[:6] == [120, 180, 60, 120, 150, 180]
    # Bovada at $8/$16: an all-in bet of $8.50 on the turn stands for the $16 bet, raised
    # to $32, then $48 ("full-bet"); the river bet $16 and raised to $32.
    record = _one("bovada/fixed_limit_short_all_in.txt")
    assert record.hand.spec.rules.limit_short_all_in == "full-bet"
    assert _bets(record)[-5:] == [850, 3200, 4800, 1600, 3200]
    # iPoker at $0.10/$0.20: an all-in bet of $0.13 on the river, raised to $0.40 by a
    # player who had checked ("full-bet").
    record = _one("ipoker/limit_short_all_in.xml")
    assert record.hand.spec.rules.limit_short_all_in == "full-bet"
    assert _bets(record)[-2:] == [13, 40]
    # Written to PHH, the switch goes with the hand, and the hand replays the same.
    again = loads_phh(to_phh(record.hand))
    assert again.spec.rules.limit_short_all_in == "full-bet"
    assert again.payouts == record.hand.payouts
