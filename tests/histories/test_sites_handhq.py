"""The rooms' conventions on their own HandHQ files (issue 28): real excerpts of the public
PHH dataset for Full Tilt, PokerStars, PartyPoker and Ongame (tests/data/phh, sources in
LICENSE.phh-dataset), each read hand by hand, its coverage counted by cause, its repaired
and recorded results checked, and one player's statistics worked out by hand."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest

from pokerforge.errors import UnpaidPotError
from pokerforge.game.actions import PostBlind, ReturnBet
from pokerforge.game.phh import loads_phh
from pokerforge.histories import HandRecord, Stats, read_phhs
from pokerforge.histories.phhs import _tables

DATA = Path(__file__).parents[1] / "data" / "phh"
FTP = DATA / "handhq_ftp_50nlh.phhs"
PS = DATA / "handhq_ps_50nlh.phhs"
PTY = DATA / "handhq_pty_25nlh.phhs"
ONG = DATA / "handhq_ong_400nlh.phhs"


def _hands(path: Path) -> list[str]:
    """Each hand's text (without its ``[n]`` header)."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    return ["".join(chunk) for _, _, chunk in _tables(lines)]


def _by_player(record: HandRecord, values: list[int]) -> dict[str, int]:
    """Per-seat chips keyed by the player's name."""
    return {name: values[seat] for seat, name in enumerate(record.players)}


def _recorded(record: HandRecord, field: str) -> dict[str, Decimal]:
    """A per-player field of the record (``p1`` first) keyed by the player's name."""
    return dict(zip(record.fields["players"], record.fields[field], strict=True))


def _returned(record: HandRecord) -> list[int]:
    """The uncalled bets given back, per seat."""
    back = [0] * record.hand.num_seats
    for action in record.hand.history:
        if isinstance(action, ReturnBet):
            back[action.seat] += action.amount
    return back


@pytest.mark.parametrize("path", [FTP, PS, PTY, ONG], ids=lambda p: p.stem)
def test_every_hand_of_every_room_reads_without_an_exception(path: Path) -> None:
    # Each hand alone, by every reader and every option: an outcome or a named problem.
    texts = _hands(path)
    for repair in (False, True):
        reader = read_phhs(path, skip_bad=True, repair=repair)
        records = list(reader)
        assert reader.hands + reader.skipped == len(texts)
        assert len(records) == reader.hands
        for record in records:
            hand = record.hand
            assert hand.is_over
            # Chips are conserved: what the players end with, the rake and an undecided
            # pot add up to what they started with.
            left = 0 if hand.result_known else sum(p.amount for p in hand.pots)
            assert sum(hand.stacks) + hand.rake + left == sum(hand.starting_stacks)


def test_full_tilt_pays_nothing_to_a_winner_in_the_blinds_or_on_the_button() -> None:
    reader = read_phhs(FTP, skip_bad=True)
    records = list(reader)
    # 24 hands. Read: 3 whose winners sat elsewhere, paid after rake ([5] p4 the cutoff
    # $1.25 of a $1.25 pot, [12] p3 $8.10, [19] p3 $22.80), and 3 all-in showdowns of shown
    # cards whose record has no winnings at all ([3], [16], [20]). Unpaid: 18 whose winnings
    # are all 0: 16 winners in a blind or on the button (heads-up both seats are), and 2
    # heads-up showdowns ([17], [21]) where the winner showed and the loser's cards are
    # written ????.
    assert [r.table for r in records] == ["3", "5", "12", "16", "19", "20"]
    assert reader.coverage == {"FTP": Counter(read=6, UnpaidPotError=18)}
    assert "[15] (hand 26262274180)" in reader.problems[11]
    assert "the record pays nothing to p2, who won the pot of 42.00" in reader.problems[11]
    assert "p1, p2, who were in the showdown for the pot of 15.00" in reader.problems[12]
    for record in records:
        if "winnings" in record.fields:  # paid as recorded, the rest of the pot raked
            winnings = _recorded(record, "winnings")
            paid = _by_player(record, list(record.hand.payouts))
            assert {k: Decimal(v) / 100 for k, v in paid.items()} == winnings
    assert sum(r.hand.rake for r in records) == 160  # $0.40 + $1.20 on [12] and [19]


def test_full_tilt_repaired_from_the_replay() -> None:
    reader = read_phhs(FTP, skip_bad=True, repair=True)
    records = list(reader)
    # The 16 pots won uncontested are paid to their winners, unraked, and so are the two
    # showdowns [17] and [21]: the winner showed, the loser's hand is written ???? (not
    # tabled: it cannot win, rule 22).
    assert reader.coverage == {"FTP": Counter(read=24, repaired=18)}
    assert [r.table for r in records if not r.repaired] == ["3", "5", "12", "16", "19", "20"]
    for record in records:
        hand = record.hand
        assert hand.result_known
        if record.repaired:
            # The record's zero winnings are replaced by the replay's: one winner, the
            # whole pot, no rake, and every other player loses exactly what they put in.
            assert hand.rake == 0 and sum(hand.net) == 0
            [winner] = [seat for seat, won in enumerate(hand.payouts) if won]
            assert hand.payouts[winner] == sum(hand.contributions)
    # [15]: the big blind bets $1.50 and $4, calls a raise to $10, raises the river to
    # $38 over $8.50 and is not called: the $42 pot less his $20.50, +$21.50.
    fifteen = next(r for r in records if r.table == "15")
    assert fifteen.hand.net[fifteen.players.index("mADijDGFNfT9gHt7ScpQwg")] == 2150


def test_pokerstars_pays_nothing_to_a_winner_in_the_blinds_or_on_the_button() -> None:
    reader = read_phhs(PS, skip_bad=True)
    records = list(reader)
    # 22 hands. Read: [15] (p5, the cutoff, paid $1.90 of a $2.00 pot) and 4 showdowns
    # with no winnings recorded ([5], [16] shown; [18], [21] against a hand written ????,
    # not tabled, which cannot win: rule 22), all decided. Unpaid: 17 pots won
    # uncontested by the small blind, the big blind or the button, every winnings entry 0.
    assert [r.table for r in records] == ["5", "15", "16", "18", "21"]
    assert reader.coverage == {"PS": Counter(read=5, UnpaidPotError=17)}
    assert all(r.hand.result_known for r in records)
    [fifteen] = [r for r in records if r.table == "15"]
    assert fifteen.hand.rake == 10
    repaired = read_phhs(PS, skip_bad=True, repair=True)
    again = list(repaired)
    assert repaired.coverage == {"PS": Counter(read=22, repaired=17)}
    for record in again:
        if record.repaired:
            assert record.hand.rake == 0 and record.hand.result_known
    # The result is known where the replay or the record decides it: all 22.
    assert sum(r.hand.result_known for r in again) == 22


def test_partypoker_counts_the_returned_bet_in_the_winnings() -> None:
    reader = read_phhs(PTY)
    records = list(reader)
    # All 30 hands read, every one with a known result; 23 raked ($5.85 in all).
    assert reader.coverage == {"PTY": Counter(read=30)}
    assert all(r.hand.result_known for r in records)
    assert sum(r.hand.rake for r in records) == 585
    with_returns = 0
    for record in records:
        hand = record.hand
        won = _recorded(record, "winnings")
        back = _by_player(record, _returned(record))
        paid = _by_player(record, list(hand.payouts))
        for name, amount in won.items():
            # The record: chips collected from the pots plus the player's own bet given
            # back (e.g. [1]: $1.25 = the $0.50 pot + the $0.75 not called).
            if amount:
                assert amount * 100 == paid[name] + back[name]
                with_returns += back[name] > 0
    assert with_returns == 21
    # Read by the standard, 14 of the 30 records disagree with their own actions.
    standard = read_phhs(PTY, site=None, skip_bad=True)
    assert len(list(standard)) == 16
    assert standard.coverage == {"PHH": Counter(read=16, RecordMismatchError=14)}
    assert "p3 33.50 in the record, 6.83 in the replay" in standard.problems[0]


def test_partypoker_posts_of_players_coming_in_are_live_big_blinds() -> None:
    records = {r.table: r for r in read_phhs(PTY)}
    # [2]: p9 posts -0.25 to come in, folds: loses the live big blind he posted.
    # [30]: p3 posts -0.25, checks his option, calls $0.60 on the flop and loses the
    # showdown: $0.85.
    for table, name, lost in (
        ("2", "SIcgQJacxHgFqTdRNWs4Rw", 25),
        ("30", "BYSXJHnCRu4U3jLTX0n0hg", 85),
    ):
        hand = records[table].hand
        seat = records[table].players.index(name)
        posts = [a for a in hand.history if isinstance(a, PostBlind) and a.seat == seat]
        assert [(a.amount, a.blind) for a in posts] == [(25, "BB")]
        assert hand.net[seat] == -lost


def test_ongame_posts_and_finishing_stacks_agree_with_the_replay() -> None:
    reader = read_phhs(ONG)
    records = list(reader)
    # All 21 read; Ongame records carry finishing stacks as well as winnings, and the
    # replay ends every player on the recorded stack.
    assert reader.coverage == {"ONG": Counter(read=21)}
    for record in records:
        finishing = _recorded(record, "finishing_stacks")
        ends = _by_player(record, list(record.hand.stacks))
        assert {k: Decimal(v) / 100 for k, v in ends.items()} == finishing
    # [1]: p4 posts -2, a dead small blind under a $4 big blind, raises to $16 and takes
    # the $12 pot: the blinds, the dead $2 and his own matched $4, +$6.
    first = records[0]
    seat = first.players.index("juQOjEQcjgHMi6gcXTL4NA")
    posts = [a for a in first.hand.history if isinstance(a, PostBlind) and a.seat == seat]
    assert [(a.amount, a.blind) for a in posts] == [(200, "dead")]
    assert first.hand.net[seat] == 600
    # [9]: a three-handed table where p1 posts the only blind, $4 (no small blind).
    ninth = records[8]
    blinds = [(a.seat, a.amount, a.blind) for a in ninth.hand.history if isinstance(a, PostBlind)]
    assert blinds == [(ninth.players.index("gEI9jdTROU+OESqYotTpLw"), 400, "BB")]
    assert sum(r.hand.rake for r in records) == 2195


@pytest.mark.parametrize("path", [FTP, PS, PTY, ONG], ids=lambda p: p.stem)
def test_a_room_read_hand_by_hand_gives_what_the_stream_gives(path: Path) -> None:
    # One hand's text at a time, the room found from the venue: the same result, or the
    # same named problem, as the stream's.
    streamed = {r.table: r.hand.net for r in read_phhs(path, skip_bad=True, repair=True)}
    for k, text in enumerate(_hands(path)):
        table = str(k + 1)
        if table in streamed:
            assert loads_phh(text, repair=True).net == streamed[table]
        else:
            with pytest.raises(UnpaidPotError):
                loads_phh(text, repair=True)


# -- statistics of one player per room, worked out from the file --------------------------


def test_statistics_of_a_full_tilt_player() -> None:
    # ezgbg/cUTX55fMWlyW15RQ, in [1] and [14], heads-up at $0.25/$0.50:
    # [1] on the button raises to $1.50, the big blind folds: +$0.50.
    # [14] in the big blind calls a raise to $1.50, checks the flop and folds to a bet:
    # -$1.50. Net -$1.00 = -2 big blinds in 2 hands: -100 bb/100; VPIP 2/2, PFR 1/2, one
    # chance to 3-bet not taken, one flop seen and no showdown.
    name = "ezgbg/cUTX55fMWlyW15RQ"
    # Both records pay nothing (every winnings entry 0): not counted unless repaired.
    assert name not in Stats().update(read_phhs(FTP, skip_bad=True)).players()
    me = Stats().update(read_phhs(FTP, skip_bad=True, repair=True)).player(name)
    assert (me.hands, me.net, me.bb_per_100) == (2, Decimal("-1.00"), -100.0)
    assert (me.vpip, me.pfr, me.three_bet, me.went_to_showdown) == (1.0, 0.5, 0.0, 0.0)


def test_statistics_of_a_pokerstars_player() -> None:
    # XFa6sBGjP2gxoIvxR3fZIg, in [4] and [11], heads-up at $0.25/$0.50:
    # [4] on the button raises to $1.50, the big blind folds: +$0.50.
    # [11] in the big blind calls $1, calls $1 on the flop and $2 on the turn, folds the
    # river to $4.25: -$4.00. Net -$3.50 = -7 big blinds in 2 hands: -350 bb/100;
    # VPIP 2/2, PFR 1/2, 3-bet 0/1, AF 0 bets / 2 calls = 0, one flop and no showdown.
    me = Stats().update(read_phhs(PS, skip_bad=True, repair=True)).player("XFa6sBGjP2gxoIvxR3fZIg")
    assert (me.hands, me.net, me.bb_per_100) == (2, Decimal("-3.50"), -350.0)
    assert (me.vpip, me.pfr, me.three_bet, me.aggression_factor) == (1.0, 0.5, 0.0, 0.0)
    assert me.went_to_showdown == 0.0


def test_statistics_of_a_partypoker_player() -> None:
    # 9cB8YUs8166pyJihfngB6w, at $0.10/$0.25, in [1] (p4, folds: 0), [15] (p2, the big
    # blind: checks, checks the flop, folds to $0.25: -$0.25), [22] (p6 raises to $1 and
    # everyone folds: the blinds and his called $0.25, +$0.35; the record's $1.35 counts
    # his $0.75 given back) and [25] (p3, folds: 0). Net +$0.10 = 0.4 big blinds in 4
    # hands: 10 bb/100; VPIP 1/4, PFR 1/4, never a chance to 3-bet, one flop, no showdown.
    me = Stats().update(read_phhs(PTY)).player("9cB8YUs8166pyJihfngB6w")
    assert (me.hands, me.net, me.vpip, me.pfr, me.three_bet) == (
        4,
        Decimal("0.10"),
        0.25,
        0.25,
        None,
    )
    assert me.bb_per_100 == pytest.approx(10.0) and me.went_to_showdown == 0.0


def test_statistics_of_an_ongame_player() -> None:
    # juQOjEQcjgHMi6gcXTL4NA, at $2/$4, in [1] (p4: posts $2 dead, raises to $16, all
    # fold: +$6, 150 -> 156), [15] (p3 folds: 0), [16] (p2, the big blind, folds to a
    # raise: -$4) and [17] (p1, the small blind, raises to $16, the big blind folds: +$4).
    # Net +$6 = 1.5 big blinds in 4 hands: 37.5 bb/100; VPIP 2/4, PFR 2/4, 3-bet 0/1 ([16]),
    # never a flop.
    me = Stats().update(read_phhs(ONG)).player("juQOjEQcjgHMi6gcXTL4NA")
    assert (me.hands, me.net, me.bb_per_100) == (4, Decimal("6.00"), 37.5)
    assert (me.vpip, me.pfr, me.three_bet, me.went_to_showdown) == (0.5, 0.5, 0.0, None)
