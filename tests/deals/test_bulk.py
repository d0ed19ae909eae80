"""Bulk dealing with NumPy: validity, constraints, pre-dealt cards and uniformity."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.cards import Card
from bridgescore.core.deal import Deal
from bridgescore.core.errors import NotationError
from bridgescore.core.seat import Seat
from bridgescore.deals import bulk as bulk_deals


def test_every_row_is_a_valid_deal() -> None:
    deals = bulk_deals.deal_array(5000, seed=1)
    assert deals.shape == (5000, 52)
    counts = np.stack([(deals == s).sum(axis=1) for s in range(4)], axis=1)
    assert (counts == 13).all()
    for d in bulk_deals.to_deals(deals[:20]):
        assert Deal.from_pbn(d.pbn()) == d


def test_hcp_and_lengths_agree_with_hand_evaluation() -> None:
    deals = bulk_deals.deal_array(200, seed=2)
    h, ln = bulk_deals.hcp(deals), bulk_deals.lengths(deals)
    for row, d in enumerate(bulk_deals.to_deals(deals)):
        for seat in Seat:
            assert h[row, seat.value] == d[seat].hcp
            assert tuple(ln[row, seat.value, ::-1]) == d[seat].shape


def test_constraints() -> None:
    c = bulk_deals.Constraints.parse(["N:hcp=20-", "S:S=5-,H=0-2", "E:balanced"])
    deals = bulk_deals.generate(300, c, seed=3)
    for d in bulk_deals.to_deals(deals):
        assert d[Seat.NORTH].hcp >= 20
        spades, hearts, _, _ = d[Seat.SOUTH].shape
        assert spades >= 5 and hearts <= 2
        assert d[Seat.EAST].is_balanced
    shaped = bulk_deals.generate(50, bulk_deals.Constraints.parse(["W:shape=4441/5440"]), seed=4)
    assert {d[Seat.WEST].shape for d in bulk_deals.to_deals(shaped)} <= {(4, 4, 4, 1), (5, 4, 4, 0)}


def test_predealt_cards_stay_put() -> None:
    c = bulk_deals.Constraints.parse([], predeal="N:AKQJ.AKQ.AKQ.AKQ - - 2...")
    deals = bulk_deals.to_deals(bulk_deals.generate(100, c, seed=5))
    for d in deals:
        assert d[Seat.NORTH].pbn() == "AKQJ.AKQ.AKQ.AKQ"
        assert Card.parse("S2") in d[Seat.WEST]


def test_uniform_card_to_seat_frequencies() -> None:
    n = 40000
    deals = bulk_deals.deal_array(n, seed=6)
    counts = np.stack([(deals == s).sum(axis=0) for s in range(4)], axis=1)
    expected = n / 4
    chi2 = float(((counts - expected) ** 2 / expected).sum())
    df = 156
    limit = df * (1 - 2 / (9 * df) + 5.0 * (2 / (9 * df)) ** 0.5) ** 3
    assert chi2 < limit


@pytest.mark.parametrize("spec", ["N", "N:hcp=30-20", "Q:hcp=1", "N:Z=3", "N:shape=4333x", "N:hcp=50"])
def test_bad_constraints(spec: str) -> None:
    with pytest.raises(NotationError):
        bulk_deals.Constraints.parse([spec])


def test_impossible_constraint_gives_up() -> None:
    c = bulk_deals.Constraints.parse(["N:hcp=37-", "S:hcp=37-"])
    with pytest.raises(NotationError):
        bulk_deals.generate(1, c, seed=1, max_deals=100000)


@pytest.mark.parametrize(("specs", "predeal", "reason"), [
    (["N:hcp=38-"], None, "a hand holds at most 37 HCP"),
    (["E:hcp=21-", "W:hcp=20-"], None, "need at least 41 HCP"),
    (["S:hcp=5-"], "N:AKQJ.AKQ.AKQ.AKQ - - -", "S can hold at most 3 HCP"),
    (["W:H=-2"], "W:.AKQ.. - - -", "already has 3 pre-dealt cards in H"),
])
def test_impossible_constraints_are_refused_before_dealing(
    specs: list[str], predeal: str | None, reason: str
) -> None:
    c = bulk_deals.Constraints.parse(specs, predeal)
    with pytest.raises(NotationError) as info:
        bulk_deals.generate(1, c, seed=1, max_deals=1)  # one try: the refusal must come first
    assert reason in info.value.en and "没有满足" in info.value.zh


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_check_accepts_every_deal_it_could_produce(seed: int) -> None:
    # A constraint copied from a real deal is satisfiable, so the up-front check must pass it.
    deals = bulk_deals.deal_array(1, seed=seed)
    points, lens = bulk_deals.hcp(deals)[0], bulk_deals.lengths(deals)[0]
    specs = [f"{s.letter}:hcp={points[s.value]},S={lens[s.value][3]}-{lens[s.value][3]}" for s in Seat]
    bulk_deals.Constraints.parse(specs).check()
    # ... and so is it with North's own hand pre-dealt.
    north = bulk_deals.to_deals(deals)[0].pbn(Seat.NORTH).split(":")[1].split()[0]
    bulk_deals.Constraints.parse(specs, f"N:{north} - - -").check()
