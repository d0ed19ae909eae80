"""BoardResult.lead is a card, read as sessions/entry.py reads its lead field; junk is refused naming
the board, and huge bad values are quoted as excerpts."""

from __future__ import annotations

import pytest

from bridgescore import BridgeError, Result
from bridgescore.sessions.model import BoardResult

MADE = Result.parse("4S N =")


@pytest.mark.parametrize(("lead", "stored"), [("SQ", "SQ"), ("♠10", "ST"), ("黑桃10", "ST"),
                                              ("ST", "ST"), ("10♠", "ST"), (" HA ", "HA")])
def test_cards_are_accepted_and_stored_in_one_notation(lead: str, stored: str) -> None:
    # One notation for a lead, whatever way it was typed, so leads compare and print alike.
    assert BoardResult(3, "1", "2", MADE, lead=lead).lead == stored


@pytest.mark.parametrize("lead", ["SZ", "Z", "", "S1", "NT10", "黑桃"])
def test_a_lead_that_is_no_card_is_refused_naming_the_board(lead: str) -> None:
    # Before: 'SZ' (and any text) was taken silently.
    with pytest.raises(BridgeError) as info:
        BoardResult(3, "1", "2", MADE, lead=lead)
    assert info.value.message("en") == (
        f"board 3: invalid opening lead {lead!r}: expected a suit and a rank, e.g. SA, S10, "
        "♠10, 黑桃10 or ST")
    assert info.value.message("zh") == (
        f"第3副：无效的首攻 {lead!r}：应为花色加点数，如 SA、S10、♠10、黑桃10 或 ST")


def test_a_huge_or_non_text_lead_is_quoted_short() -> None:
    for lead in ("S" * 5000, 10**5000, 7):
        with pytest.raises(BridgeError) as info:
            BoardResult(3, "1", "2", MADE, lead=lead)  # type: ignore[arg-type]
        assert len(info.value.message("en")) < 140 and len(info.value.message("zh")) < 120


def test_a_passed_out_board_has_no_lead() -> None:
    with pytest.raises(BridgeError) as info:
        BoardResult(3, "1", "2", Result.passed_out(), lead="SA")
    assert info.value.message("en") == "board 3: a passed-out board has no opening lead (lead 'SA')"
    assert info.value.message("zh") == "第3副：四家不叫的牌没有首攻（首攻 'SA'）"


def test_a_huge_weight_is_quoted_short() -> None:
    # Before: repr() of a 5,000-digit weight raised Python's own ValueError.
    with pytest.raises(BridgeError) as info:
        BoardResult(3, "1", "2", weighted=((-(10**5000), 420), (0.5, 420)))
    assert "…" in info.value.message("en") and "…" in info.value.message("zh")
    assert len(info.value.message("en")) < 120


def test_a_bad_lead_round_trips_no_more_than_it_is_built() -> None:
    good = BoardResult(3, "1", "2", MADE, lead="黑桃10")
    assert BoardResult.from_dict(good.to_dict()) == good
    data = {**good.to_dict(), "lead": "SZ"}
    with pytest.raises(BridgeError, match="invalid opening lead 'SZ'"):
        BoardResult.from_dict(data)


def test_csv_lead_dash_is_no_lead_and_junk_is_refused() -> None:
    from bridgescore.sessions.files import csvfmt

    text = ("board,ns,ew,contract,declarer,result,lead\n"
            "1,1,2,4S,N,=,{}\n1,3,4,4S,N,-1,HK\n")
    session = csvfmt.loads(text.format("-"))
    assert [r.lead for r in session.results] == [None, "HK"]
    with pytest.raises(BridgeError) as info:
        csvfmt.loads(text.format("SZ"), "club.csv")
    assert "invalid opening lead 'SZ'" in info.value.message("en")
    assert "无效的首攻 'SZ'" in info.value.message("zh")
