"""Tournament dealing: order of dealing, reproducibility, board sets, and a chi-square test."""

from __future__ import annotations

import math
import random

import pytest

from bridgescore.core.cards import DECK
from bridgescore.core.errors import NotationError
from bridgescore.core.seat import Seat
from bridgescore.deals.dealing import deal_boards, deal_from_deck, random_deal, shuffled_deck
from bridgescore.formats import pbn
from bridgescore.formats.pbn import boards_to_pbn


@pytest.mark.parametrize("dealer", list(Seat))
def test_dealing_order_starts_left_of_dealer_and_ends_with_dealer(dealer: Seat) -> None:
    deal = deal_from_deck(DECK, dealer)
    assert deal.owner(DECK[0]) is dealer.lho  # first card to the dealer's left
    assert deal.owner(DECK[1]) is dealer.partner
    assert deal.owner(DECK[2]) is dealer.rho
    assert deal.owner(DECK[3]) is dealer
    assert deal.owner(DECK[51]) is dealer  # the last card is the dealer's own
    assert all(len(deal[s]) == 13 for s in Seat)


def test_seeded_sets_are_reproducible_and_board_keyed() -> None:
    a = deal_boards(8, seed="x")
    assert [b.deal for b in a] == [b.deal for b in deal_boards(8, seed="x")]
    assert deal_boards(1, start=5, seed="x")[0].deal == a[4].deal
    assert a[0].deal != deal_boards(1, seed="y")[0].deal
    assert [(b.dealer, str(b.vulnerability)) for b in a[:5]] == [
        (Seat.NORTH, "None"), (Seat.EAST, "NS"), (Seat.SOUTH, "EW"), (Seat.WEST, "Both"),
        (Seat.NORTH, "NS")]
    # unseeded deals differ (a collision has probability about 1e-28)
    assert random_deal() != random_deal()
    with pytest.raises(NotationError):
        deal_boards(0)


def test_board_set_as_pbn() -> None:
    boards = deal_boards(3, start=15, seed=3)
    games = pbn.loads(boards_to_pbn(boards, event="Test"))
    assert [g.tag("Board") for g in games] == ["15", "16", "17"]
    assert [g.tag("Vulnerable") for g in games] == ["NS", "EW", "None"]
    assert [g.tag("Dealer") for g in games] == ["S", "W", "N"]
    assert [pbn.to_record(g).deal for g in games] == [b.deal for b in boards]
    # PBN 2.1 export format (3.4.11): the Deal tag starts with the dealer's hand
    assert [g.tag("Deal", "")[:2] for g in games] == ["S:", "W:", "N:"]
    assert games[0].tag("Deal", "")[2:].split()[0] == boards[0].deal[Seat.SOUTH].pbn()


def _chi_square_limit(df: int, z: float) -> float:
    # Wilson-Hilferty: the chi-square quantile from the normal quantile z.
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def test_card_to_seat_frequencies_chi_square() -> None:
    n = 4000
    counts = [[0] * 4 for _ in range(52)]
    for _ in range(n):
        deck = shuffled_deck()  # the secure source
        deal = deal_from_deck(deck, Seat.NORTH)
        for card_index, seat in enumerate(deal.seat_of_card()):
            counts[card_index][seat] += 1
    expected = n / 4
    chi2 = sum((c - expected) ** 2 / expected for row in counts for c in row)
    df = 52 * 3
    # z = 5: a fair shuffle fails about once in 3.5 million runs
    assert chi2 < _chi_square_limit(df, 5.0)
    # and a biased dealer (a deck that is never shuffled) fails clearly
    biased = [[0] * 4 for _ in range(52)]
    rng = random.Random(1)
    for _ in range(n):
        deck = list(DECK)
        i = rng.randrange(52)
        deck[0], deck[i] = deck[i], deck[0]  # only one swap: far from uniform
        for card_index, seat in enumerate(deal_from_deck(deck, Seat.NORTH).seat_of_card()):
            biased[card_index][seat] += 1
    chi2_biased = sum((c - expected) ** 2 / expected for row in biased for c in row)
    assert chi2_biased > _chi_square_limit(df, 5.0)


def test_pbn_export_has_the_mandatory_tag_set_in_order() -> None:
    # PBN 2.1 section 3: the seven-tag roster plus Dealer ... Result, in this order on export.
    mts = ["Event", "Site", "Date", "Round", "Board", "West", "North", "East", "South",
           "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result"]
    text = boards_to_pbn(deal_boards(2, seed="tags"))
    names = [line[1:].split()[0] for line in text.splitlines() if line.startswith("[")]
    assert names == mts * 2
