"""A hand as the table shows it: spades, hearts, diamonds, clubs, each from the ace down
(found by the web layer's tests: the order came out from the two up)."""

from bridgescore.core.deal import Hand
from bridgescore.table.views import sorted_hand


def test_a_hand_is_shown_by_suit_from_the_top() -> None:
    hand = Hand.from_pbn("K52.A.T9873.QJ4")
    assert sorted_hand(hand) == ["SK", "S5", "S2", "HA", "DT", "D9", "D8", "D7", "D3",
                                 "CQ", "CJ", "C4"]
