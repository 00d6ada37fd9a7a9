"""PokerStars hand histories that others wrote: public parsers' test fixtures
(tests/data/pokerstars, with their licences), in every encoding the clients wrote."""

from __future__ import annotations

import re
import tempfile
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerforge.game.history import loads_phh
from pokerforge.game.pots import split_runouts
from pokerforge.histories import BadHandError, HandRecord, PokerStarsError, read_pokerstars
from pokerforge.histories.encoding import decoded_lines

DATA = Path(__file__).parent.parent / "data" / "pokerstars"
FILES = sorted(DATA.glob("*.txt"))
HEADER = re.compile(r"PokerStars (?:Zoom )?(?:Hand|Game) #\d+")


def _one(name: str) -> HandRecord:
    reader = read_pokerstars(DATA / name)
    [record] = list(reader)
    assert reader.hands == 1 and reader.skipped == 0
    return record


def _net(record: HandRecord) -> dict[str, int]:
    return dict(zip(record.players, record.hand.net, strict=True))


@pytest.mark.parametrize("path", [p for p in FILES if p.name != "LICENSES.txt"], ids=str)
def test_every_hand_of_every_file_is_read_skipped_by_cause_or_counted_cancelled(
    path: Path,
) -> None:
    headers = len(HEADER.findall("".join(decoded_lines(path))))
    reader = read_pokerstars(path, skip_bad=True)
    records = list(reader)
    assert headers >= 1
    assert (
        reader.hands + reader.skipped + reader.cancelled
        == headers
        == len(records) + (reader.skipped + reader.cancelled)
    )
    assert sum(reader.causes.values()) == reader.skipped


def test_most_hands_of_the_fixtures_are_accepted() -> None:
    readers = [read_pokerstars(p, skip_bad=True) for p in FILES if p.name != "LICENSES.txt"]
    hands = [len(list(reader)) for reader in readers]
    dealt = sum(hands) + sum(r.skipped for r in readers)
    assert sum(hands) == dealt  # the run-it-twice hand included (rule 26b)
    assert {cause for r in readers for cause in r.causes} == set()


def test_the_old_header_and_a_cp1252_name() -> None:
    record = _one("hhp_2008_tournament_cp1252.txt")  # "PokerStars Game #", 2008
    assert record.number == 23371891311 and record.fields["tournament"] == "130326981"
    assert "Ass'e bastò" in record.players
    assert _net(record)["44Albo44"] == 130


def test_a_sitting_out_player_who_posts_is_dealt_in_and_his_posts_stay_in_the_pot() -> None:
    record = _one("hhp_player_sitting_out.txt")
    net = _net(record)
    assert net["UP.itAA007"] == -19  # the ante and the small blind, then folded
    assert net["frazioneto"] == 489 - 130  # the file's pot of 489, all of it
    assert record.fields["winnings"][record.fields["players"].index("frazioneto")] == 489


def test_zoom_hands() -> None:
    record = _one("hhp_cash_zoom_2017.txt")
    assert record.hand.chip_value == Decimal("0.01") and record.hand.rake == 1


def test_fixed_limit_holdem_takes_its_bets_from_the_stakes() -> None:
    record = _one("hhsmithy_fixed_limit_holdem.txt")  # Hold'em Limit ($0.50/$1.00 USD)
    spec = record.hand.spec
    assert (spec.betting, spec.small_bet, spec.big_bet) == ("fixed-limit", 50, 100)
    assert spec.blinds == (25, 50)


def test_fixed_limit_omaha_hilo_with_a_capped_rake_from_the_main_pot() -> None:
    # $300/$600, two pots each split high and low; the $5 rake came from the main pot alone.
    record = _one("hhsmithy_fixed_limit_omaha_hilo.txt")
    assert record.hand.spec.variant == "omaha-hilo" and record.hand.rake == 500
    assert _net(record)["LewisFriend"] == 165500
    assert "_rake_split" not in record.fields  # replayed with the main pot raked first


def test_pot_limit_omaha_hilo() -> None:
    record = _one("hhsmithy_pot_limit_omaha_hilo.txt")
    assert (record.hand.spec.variant, record.hand.spec.betting) == ("omaha-hilo", "pot-limit")


def test_side_pots_are_raked_in_proportion_as_pokerstars_rakes_them() -> None:
    # Main pot 5.62, side pots 7.86 and 6.36, rake 0.89: 0.25, 0.36 and 0.28 of them.
    record = _one("hhsmithy_side_pots_raked.txt")
    assert record.fields["_rake_split"] == "proportional" and record.hand.rake == 89
    assert record.hand.payouts[record.players.index("CrSilva.11")] == 537
    assert record.hand.payouts[record.players.index("templargio")] == 750 + 608
    again = loads_phh(record.to_phh())  # the split travels in the PHH export
    assert again.payouts == record.hand.payouts and again.spec.rake is not None
    assert again.spec.rake.split == "proportional"


def test_capped_no_limit_plays_each_stack_up_to_the_cap() -> None:
    record = _one("hhsmithy_capped_no_limit.txt")  # $0.50/$1.00 - $20 Cap
    assert max(record.fields["starting_stacks"]) == 20
    assert _net(record)["ekologe"] == 1896


def test_a_single_card_shown_leaves_the_other_unknown() -> None:
    record = _one("hhsmithy_single_card_shown.txt")
    zaza = record.players.index("Zaza5573")
    assert record.hand.hole_cards[zaza] == ()
    assert "p6 sm Qc??" in record.fields["actions"] or any(
        a.endswith("sm Qc??") for a in record.fields["actions"]
    )
    assert _net(record)["fingies7"] == 984


def test_lines_ended_by_carriage_returns_alone() -> None:
    assert _net(_one("hhsmithy_carriage_returns.txt")) == {"a0Kribu": -25, "JOZSEF1981": 25}


def test_a_cancelled_hand_is_counted_not_read() -> None:
    reader = read_pokerstars(DATA / "hhsmithy_cancelled.txt")
    assert list(reader) == [] and (reader.cancelled, reader.hands, reader.skipped) == (1, 0, 0)


def test_a_board_run_twice_is_replayed_on_both_boards() -> None:
    # PLO $10/$20: all-in on the turn, the river run twice ("Hand was run twice").
    record = _one("hhsmithy_run_it_twice.txt")
    hand = record.hand
    assert hand.runouts == 2
    assert [" ".join(map(str, board)) for board in hand.boards] == [
        "3d Kd 9h 8h 4s",  # FIRST Board
        "3d Kd 9h 8h Kc",  # SECOND Board
    ]
    # FLATC@T (two pair on the second board, queens on the first) collects both halves of
    # the main and the side pot: $1,513.50 twice, $3 raked from $3,030.
    assert _net(record)["FLATC@T"] == 302700 - 101000
    assert _net(record)["KENZA_MILOU"] == -100000
    # Each pot in two halves (rule 26b). The record's pots after its $3 rake are $3,007 and
    # $20 (the main pot alone raked); the reader rakes in proportion, so a cent moves from
    # the side pot to the main pot and the main pot's halves differ by that odd cent.
    halves = [split_runouts(pot.amount, 2) for pot in hand.pots]
    assert [sum(row) for row in hand.runout_payouts] == [sum(h[0] for h in halves),
                                                         sum(h[1] for h in halves)]  # fmt: skip
    assert sum(pot.amount for pot in hand.pots) == 302700
    actions = record.fields["actions"]
    assert actions.index("d db 4s") + 1 == actions.index("d db Kc")
    # Its PHH export reads back to the same hand, both boards included.
    again = loads_phh(record.to_phh())
    assert again.boards == hand.boards and again.stacks == hand.stacks


SOURCE = DATA / "hhp_2008_tournament_cp1252.txt"


@pytest.mark.parametrize(
    ("encoding", "mark"),
    [
        ("utf-8", b""),
        ("utf-8", b"\xef\xbb\xbf"),
        ("cp1252", b""),
        ("utf-16-le", b"\xff\xfe"),
        ("utf-16-be", b"\xfe\xff"),
        ("utf-16-le", b""),
        ("utf-16-be", b""),
        ("utf-32-le", b"\xff\xfe\x00\x00"),
    ],
)
def test_encodings_are_detected(tmp_path: Path, encoding: str, mark: bytes) -> None:
    text = SOURCE.read_bytes().decode("cp1252")
    path = tmp_path / "hands.txt"
    path.write_bytes(mark + text.encode(encoding))
    [record] = list(read_pokerstars(path))
    assert "Ass'e bastò" in record.players and record.number == 23371891311


def test_an_encoding_named_is_used(tmp_path: Path) -> None:
    [record] = list(read_pokerstars(SOURCE, encoding="latin-1"))
    assert "Ass'e bastò" in record.players
    path = tmp_path / "hands.txt"
    path.write_bytes(SOURCE.read_bytes().decode("cp1252").encode("utf-16-be"))  # no mark
    [record] = list(read_pokerstars(path, encoding="utf-16"))
    assert "Ass'e bastò" in record.players
    with pytest.raises(PokerStarsError, match="'klingon' is not a text encoding"):
        read_pokerstars(SOURCE, encoding="klingon")


def test_bytes_that_are_no_text_are_a_counted_problem_of_their_hand(tmp_path: Path) -> None:
    good = (DATA / "hhp_player_sitting_out.txt").read_bytes()
    bad = SOURCE.read_bytes().replace(b"bast\xf2", b"bast\x81")  # 0x81: no cp1252 character
    path = tmp_path / "hands.txt"
    path.write_bytes(good + b"\n\n" + bad + b"\n\n" + good)
    reader = read_pokerstars(path, skip_bad=True)
    assert [r.number for r in reader] == [159903637686, 159903637686]
    assert reader.skipped == 1 and dict(reader.causes) == {"encoding": 1}
    assert (
        "hand 23371891311, line 9: the bytes 81 at column 19 are not text in UTF-8 or cp1252"
        in reader.problems[0]
    )
    with pytest.raises(BadHandError, match="not text in UTF-8 or cp1252"):
        list(read_pokerstars(path))
    # A named encoding that does not fit the file: its lines are named the same way.
    reader = read_pokerstars(SOURCE, encoding="ascii", skip_bad=True)
    assert list(reader) == [] and dict(reader.causes) == {"encoding": 1}


def test_text_with_no_hand_before_it_is_named(tmp_path: Path) -> None:
    text = (DATA / "hhp_player_sitting_out.txt").read_text()
    cut = text[text.index("*** HOLE CARDS ***") :]  # a file cut in the middle of a hand
    path = tmp_path / "hands.txt"
    path.write_text(cut + "\n\n" + text)
    reader = read_pokerstars(path, skip_bad=True)
    assert len(list(reader)) == 1 and dict(reader.causes) == {"no hand": 1}
    assert "does not start a PokerStars hand" in reader.problems[0]


_FILE_BYTES = [p.read_bytes() for p in FILES if p.name != "LICENSES.txt"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(_FILE_BYTES),
    st.lists(st.tuples(st.integers(0, 3000), st.binary(max_size=6)), max_size=6),
    st.sampled_from([None, "utf-8", "cp1252", "utf-16", "utf-16-be", "utf-32", "latin-1"]),
)
def test_any_bytes_read_as_hands_or_counted_problems(
    data: bytes, edits: list[tuple[int, bytes]], encoding: str | None
) -> None:
    """Fuzzed files (a fixture's bytes with bytes put in anywhere, read in any encoding):
    with ``skip_bad`` every hand is read or counted, and nothing raises."""
    for at, piece in edits:
        data = data[:at] + piece + data[at:]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hands.txt"
        path.write_bytes(data)
        reader = read_pokerstars(path, encoding=encoding, skip_bad=True)
        records = list(reader)
    assert reader.hands == len(records)
    assert sum(reader.causes.values()) == reader.skipped
