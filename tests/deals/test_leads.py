"""Checking an entered opening lead against the deal (``leads.lead_is_possible`` and
``check_entry(deals=…)``), and reading a board set (``boardset.read_board_set``).

The leader of each declarer is written out here (Law 41A: declarer's left), not taken from
the code under test; every card of every deal is tried against every declarer."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.cards import DECK
from bridgescore.core.deal import Deal, Hand
from bridgescore.core.errors import FileFormatError
from bridgescore.core.seat import Seat
from bridgescore.deals.boardset import read_board_set
from bridgescore.deals.dealing import deal_boards
from bridgescore.deals.leads import lead_is_possible
from bridgescore.sessions.entry import check_entry

LEADER = {Seat.NORTH: Seat.EAST, Seat.EAST: Seat.SOUTH, Seat.SOUTH: Seat.WEST,
          Seat.WEST: Seat.NORTH}
# N holds the spades AKQJ, hearts T98, diamonds 765, clubs 432 (and so on round the table).
DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
SEAT_WORDS = ("North", "East", "South", "West", "北", "东", "南", "西", "N ", " E", " S ", " W")


@given(st.integers(0, 2**32 - 1))
@settings(max_examples=40, deadline=None)
def test_every_card_against_every_declarer(seed: int) -> None:
    deal = deal_boards(1, seed=str(seed))[0].deal
    for declarer, leader in LEADER.items():
        for card in DECK:
            assert lead_is_possible(deal, declarer, card) is (card in deal[leader]), (
                declarer, card)


def test_a_partly_known_deal_refuses_only_cards_placed_elsewhere() -> None:
    # Only North's hand is known: East (North's left) may hold any card North does not.
    north = Hand.from_pbn("AKQJ.T98.765.432")
    deal = Deal.from_hands({Seat.NORTH: north}, complete=False)
    for card in DECK:
        assert lead_is_possible(deal, Seat.NORTH, card) is (card not in north)
    # North leads against West: North's hand is complete, so only its own cards.
    for card in DECK:
        assert lead_is_possible(deal, Seat.WEST, card) is (card in north)


def test_a_lead_the_leader_holds_is_taken_and_one_elsewhere_refused() -> None:
    assert check_entry(board=1, ns_pair=1, ew_pair=2, contract="3NT", declarer="N", tricks=9,
                       lead="SA", deals={1: Deal.from_pbn(DEAL)}).errors[0].code == "lead.not_held"
    # East holds the spade ten and the club ace.
    for lead in ("ST", "♠10", "黑桃10", "CA"):
        got = check_entry(board=1, ns_pair=1, ew_pair=2, contract="3NT", declarer="N",
                          tricks=9, lead=lead, deals={1: Deal.from_pbn(DEAL)})
        assert got.ok, lead
    # The whole result in the contract field: declarer South, West leads (holds ♠4).
    got = check_entry(board=1, ns_pair=1, ew_pair=2, contract="3NT S =", lead="S4",
                      deals={1: Deal.from_pbn(DEAL)})
    assert got.ok
    got = check_entry(board=1, ns_pair=1, ew_pair=2, contract="3NT S =", lead="ST",
                      deals={1: Deal.from_pbn(DEAL)})
    assert [e.code for e in got.errors] == ["lead.not_held"]


def test_no_check_without_the_boards_deal_or_without_deals() -> None:
    # Board numbers may restart: a board the set does not hold is not checked.
    got = check_entry(board=2, ns_pair=1, ew_pair=2, contract="3NT", declarer="N", tricks=9,
                      lead="SA", deals={1: Deal.from_pbn(DEAL)})
    assert got.ok
    assert check_entry(board=1, ns_pair=1, ew_pair=2, contract="3NT", declarer="N", tricks=9,
                       lead="SA").ok


@pytest.mark.parametrize("declarer", ["N", "E", "S", "W"])
def test_the_message_names_no_holder_and_no_card(declarer: str) -> None:
    deal = Deal.from_pbn(DEAL)
    leader = LEADER[Seat.parse(declarer)]
    for card in DECK:
        if card in deal[leader]:
            continue
        got = check_entry(board=1, ns_pair=1, ew_pair=2, contract="3NT", declarer=declarer,
                          tricks=9, lead=str(card), deals={1: deal})
        (error,) = got.errors
        assert error.code == "lead.not_held" and error.field == "lead" and not error.params
        for lang in ("en", "zh"):
            text = error.message(lang)
            for other in DECK:
                for shown in (str(other), other.format("en", symbols=True),
                              other.format("zh")):
                    assert shown not in text, (text, shown)
            for word in SEAT_WORDS:
                assert word not in text, (text, word)


# ---------------------------------------------------------------------------- board sets

PBN = ('[Event "周二双人赛"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
       f'[Deal "{DEAL}"]\n\n[Event "#"]\n[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n'
       '[Deal "E:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n')


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "gb18030", "utf-16", "big5"])
def test_board_set_in_each_encoding(encoding: str) -> None:
    text = PBN if encoding != "big5" else PBN.replace("周二双人赛", "週二雙人賽")
    got = read_board_set(text.encode(encoding), name="set.pbn")
    assert [b.number for b in got.boards] == [1, 2]
    assert got.deals[1][Seat.NORTH] == Hand.from_pbn("AKQJ.T98.765.432")
    # Board 2's deal starts with East.
    assert got.deals[2][Seat.EAST] == Hand.from_pbn("AKQJ.T98.765.432")
    assert ("周二双人赛" if encoding != "big5" else "週二雙人賽") in got.text


def test_a_malformed_board_set_names_its_line_in_both_languages() -> None:
    bad = PBN.replace("765.432.AKQJ.T98 432", "765.432.AKQJ.T98 43Z", 1)
    with pytest.raises(FileFormatError) as e:
        read_board_set(bad.encode(), name="set.pbn")
    assert e.value.line == 5
    assert e.value.message("en").startswith("set.pbn:5: ")
    assert e.value.message("zh").startswith("set.pbn:5：")


def test_a_board_twice_with_two_deals_and_a_game_without_a_deal_are_errors() -> None:
    twice = PBN.replace('[Board "2"]', '[Board "1"]')
    with pytest.raises(FileFormatError, match="board 1 is given twice") as e:
        read_board_set(twice.encode(), name="x.pbn")
    assert e.value.line == 7
    # The same deal twice (a results file repeats it for every table) is one board.
    same = PBN + f'\n[Board "1"]\n[Deal "{DEAL}"]\n'
    assert [b.number for b in read_board_set(same.encode()).boards] == [1, 2]
    with pytest.raises(FileFormatError, match="board 3 has no deal"):
        read_board_set(PBN + '\n[Board "3"]\n[Dealer "S"]\n')
    with pytest.raises(FileFormatError, match="empty"):
        read_board_set(b"  \n")
    with pytest.raises(FileFormatError, match=r"binary|cannot read"):
        read_board_set(b"\x00\x01\x02PK")


def test_an_unknown_card_in_deals_is_never_a_crash() -> None:
    # Any card is a Card; check_entry with deals still reads a bad lead as lead.invalid.
    got = check_entry(board=1, ns_pair=1, ew_pair=2, contract="3NT", declarer="N", tricks=9,
                      lead="SZ", deals={1: Deal.from_pbn(DEAL)})
    assert [e.code for e in got.errors] == ["lead.invalid"]
