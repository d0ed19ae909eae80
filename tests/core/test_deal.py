"""Hands and deals: validity, PBN notation and evaluation."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core.cards import Suit
from bridgescore.core.deal import Deal, Hand
from bridgescore.core.errors import BridgeError, InvalidDealError, NotationError
from bridgescore.core.seat import Seat

SEED_DEAL = "N:AJ8.82.632.KT974 94.76.A875.Q8652 6532.KQT43.QJT9. KQT7.AJ95.K4.AJ3"


def test_round_trip_and_rotation() -> None:
    d = Deal.from_pbn(SEED_DEAL)
    assert d.pbn() == SEED_DEAL
    east_first = d.pbn(Seat.EAST)
    assert east_first == "E:94.76.A875.Q8652 6532.KQT43.QJT9. KQT7.AJ95.K4.AJ3 AJ8.82.632.KT974"
    assert Deal.from_pbn(east_first) == d
    assert Deal.from_pbn(SEED_DEAL.replace("T", "10")) == d


def test_missing_and_repeated_cards_are_named() -> None:
    # the ace of spades given to East as well as North
    with pytest.raises(InvalidDealError, match="SA is dealt twice"):
        Deal.from_pbn("N:AJ8.82.632.KT974 A4.76.A875.Q8652 6532.KQT43.QJT9. KQT7.AJ95.K4.AJ3")
    with pytest.raises(InvalidDealError, match=r"SA missing \(North has 12 cards\)") as info:
        Deal.from_pbn("N:J8.82.632.KT974 94.76.A875.Q8652 6532.KQT43.QJT9. KQT7.AJ95.K4.AJ3")
    assert info.value.message("zh") == "无效的牌局：缺少 黑桃A（北家有 12 张牌）"
    # every card there once, but 14 and 12: the seats are named
    with pytest.raises(InvalidDealError, match="North has 14 cards, expected 13"):
        Deal.from_pbn("N:AJ87.82.632.KT974 94.76.A875.Q8652 6532.KQT43.QJT9. KQT.AJ95.K4.AJ3")
    with pytest.raises(InvalidDealError, match="C2, C3, C4, C5 and 9 more missing"):
        Deal.from_pbn("N:AJ8.82.632.KT974 94.76.A875.Q8652 6532.KQT43.QJT9. KQT7.AJ95.K4.AJ3"
                      .replace("KT974", "").replace("Q8652", "").replace("AJ3", ""))
    with pytest.raises(InvalidDealError, match="appears twice"):
        Hand.from_pbn("AA.K.Q.J")
    h = Deal.from_pbn("N:AJ8.82.632.KT974 - - -")
    assert not h.complete and h[Seat.NORTH].hcp == 8


def test_missing_card_named() -> None:
    hands = [Hand.from_pbn(x) for x in SEED_DEAL[2:].split()]
    with pytest.raises(InvalidDealError, match="SA missing"):  # North's first card: the ace of spades
        Deal((hands[0].without(next(iter(hands[0]))), hands[1], hands[2], hands[3]))


def test_evaluation_by_hand() -> None:
    d = Deal.from_pbn(SEED_DEAL)
    west, south, north = d[Seat.WEST], d[Seat.SOUTH], d[Seat.NORTH]
    # West: KQT7 AJ95 K4 AJ3 = 5 + 5 + 3 + 5
    assert west.hcp == 18 and west.controls == 1 + 2 + 1 + 2
    assert west.shape == (4, 4, 2, 3) and west.is_balanced and west.pattern == (4, 4, 3, 2)
    # South: 6532 KQT43 QJT9 void: losers 3 + 1 + 2 + 0
    assert south.losers == 6 and not south.is_balanced and south.length(Suit.CLUBS) == 0
    assert north.losers == 2 + 2 + 3 + 2
    assert sum(d[s].hcp for s in Seat) == 40
    assert Hand.from_pbn("AKQ.AKQ.AKQ.AKQJ").losers == 0
    assert Hand.from_pbn("AKQJT98765432...").pattern == (13, 0, 0, 0)


@pytest.mark.parametrize("bad", ["", "N:", "X:...", "N:AKQ", "N:a b c d e", "N:ZZ.K.Q.J - - -"])
def test_bad_notation(bad: str) -> None:
    with pytest.raises(BridgeError):
        Deal.from_pbn(bad)


@given(st.permutations(list(range(52))))
def test_any_deal_round_trips(perm: list[int]) -> None:
    seats = [0] * 52
    for i, card in enumerate(perm):
        seats[card] = i // 13
    d = Deal.from_seat_of_card(seats)
    assert Deal.from_pbn(d.pbn()) == d
    assert d.seat_of_card() == seats
    assert sum(len(d[s]) for s in Seat) == 52


@given(st.text(max_size=80))
def test_fuzzed_deal_text_raises_only_bridge_error(text: str) -> None:
    with contextlib.suppress(BridgeError):
        Deal.from_pbn(text)
    with contextlib.suppress(BridgeError, NotationError):
        Deal.from_pbn("N:" + text)
