"""LIN: reading BBO files, writing deals, round trips and conversion to PBN."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.deal import Deal
from bridgescore.core.errors import BridgeError, FileFormatError
from bridgescore.core.gamerecord import GameRecord
from bridgescore.core.seat import Seat
from bridgescore.core.vulnerability import Vulnerability
from bridgescore.formats import lin, pbn

DATA = Path(__file__).parents[1] / "data"


def test_reads_bbo_file() -> None:
    recs = lin.load(DATA / "endplay_example1.lin", strict=True)
    assert [r.board for r in recs] == list(range(1, 9))
    r = recs[0]
    assert r.players[Seat.SOUTH] == "domtp" and r.dealer is Seat.NORTH
    assert r.vulnerability is Vulnerability.NONE and recs[1].vulnerability is Vulnerability.NS
    # md|3SKH4579QKAD69C58K,...: North deals; South holds ♠K ♥AKQ9754 ♦96 ♣K85
    assert r.deal is not None and r.deal[Seat.SOUTH].pbn() == "K.AKQ9754.96.K85"
    assert r.deal.complete  # the fourth hand is the rest of the deck
    assert recs[2].claim == 9 and recs[6].claim == 11


def test_round_trip() -> None:
    recs = lin.load(DATA / "endplay_example1.lin", strict=True)
    again = lin.loads(lin.dumps(recs), strict=True)
    for a, b in zip(recs, again, strict=True):
        assert (a.deal, a.dealer, a.vulnerability, a.auction, a.play, a.claim, a.board) == (
            b.deal, b.dealer, b.vulnerability, b.auction, b.play, b.claim, b.board)


def test_write_deal_only() -> None:
    deal = Deal.from_pbn("N:AJ8.82.632.KT974 94.76.A875.Q8652 6532.KQT43.QJT9. KQT7.AJ95.K4.AJ3")
    text = lin.dumps([GameRecord(board=2, dealer=Seat.EAST, vulnerability=Vulnerability.NS, deal=deal)])
    # LIN lists S, W, N, E with ranks low to high; dealer East is digit 4
    assert "|md|4S2356H34TQKD9TJQC,S7TQKH59JAD4KC3JA,S8JAH28D236C479TK,S49H67D578AC2568Q|" in text
    back = lin.loads(text, strict=True)[0]
    assert back.deal == deal and back.dealer is Seat.EAST and back.board == 2


def test_pbn_lin_pbn() -> None:
    rec = pbn.read_records(DATA / "seed_game.pbn", strict=True)[0][0]
    back = lin.loads(lin.dumps([rec]), strict=True)[0]
    assert back.deal == rec.deal and back.auction == rec.auction and back.play == rec.play
    assert back.derived_result() == rec.recorded_result


def test_errors_name_the_line() -> None:
    text = "pn|a,b,c,d|\nmd|3SAKQ,S2,,|\nsv|o|mb|1S|mb|1H|"
    recs, errors = lin.loads_with_errors(text, path="x.lin")
    assert recs == [] or all(r.auction is None for r in recs)
    assert errors and errors[0].line == 3 and "Law 27" in str(errors[0])
    with pytest.raises(FileFormatError):
        lin.loads("md|3SAKQJHAKQDAKQCAKQ,S2345H2345D234C23,,|mb|1S|mb|1H|", strict=True)


@settings(max_examples=200)
@given(st.text(alphabet="|mdbpcsvh123SHDCAKQJT98,ox!rn ", max_size=100))
def test_fuzzed_lin_raises_only_bridge_error(text: str) -> None:
    with contextlib.suppress(BridgeError):  # any other exception fails the test
        for r in lin.loads(text, strict=True):
            r.derived_result() if r.deal is not None and r.deal.complete and r.final_contract else None


@pytest.mark.parametrize("text", ["garbage|||", "pn|a,b,c,d|ah|Board 1|", "st||sv|o|"])
def test_a_file_without_a_deal_is_an_error(text: str) -> None:
    with pytest.raises(FileFormatError) as info:
        lin.loads(text, strict=True, path="bad.lin")
    assert "md|" in info.value.en and "md|" in info.value.zh and "bad.lin" in str(info.value)
    recs, errors = lin.loads_with_errors(text, path="bad.lin")
    assert recs == [] and len(errors) == 1


def test_keys_before_the_first_deal_make_no_board() -> None:
    recs = lin.loads("vg|Final,I,P,1,2|qx|o1|md|3SAKQJHAKQDAKQCAKQ,S2345H2345D234C23,,|", strict=True)
    assert len(recs) == 1 and recs[0].deal is not None and recs[0].dealer is Seat.NORTH
