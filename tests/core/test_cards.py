"""Cards, suits and ranks: every card's notation round-trips."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core.cards import DECK, Card, Rank, Suit
from bridgescore.core.errors import BridgeError, NotationError


def test_deck_has_52_distinct_cards_in_bridge_order() -> None:
    assert len(set(DECK)) == 52
    assert DECK[0] == Card.parse("C2") and DECK[51] == Card.parse("SA")
    assert sorted(DECK) == list(DECK)


@pytest.mark.parametrize("card", DECK)
def test_every_card_round_trips_in_every_notation(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert Card.parse(card.format(symbols=True)) == card
    assert Card.parse(card.format(lang="zh")) == card
    assert Card.parse(card.rank.display + card.suit.symbol) == card


def test_spellings() -> None:
    assert Card.parse("♥10") == Card.parse("HT") == Card.parse("h10") == Card.parse("10H")
    assert Card.parse("黑桃A") == Card.parse("SA")
    assert Card.parse("梅花2").format("zh") == "梅花2"
    assert Rank.ACE.hcp == 4 and Rank.JACK.hcp == 1 and Rank.TEN.hcp == 0
    assert Suit.parse("红心") is Suit.HEARTS


@pytest.mark.parametrize("bad", ["", "S", "S1", "SAA", "NTA", "X5", "S11", "1Spam", "ZZ"])
def test_bad_cards_are_notation_errors(bad: str) -> None:
    with pytest.raises(NotationError):
        Card.parse(bad)


@given(st.text(max_size=6))
def test_fuzzed_card_text_raises_only_bridge_error(text: str) -> None:
    with contextlib.suppress(BridgeError):
        Card.parse(text)
