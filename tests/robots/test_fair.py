"""The fair robot (bridgescore.robots.fair): what it is given never holds a card its seat may
not see, every layout it samples is consistent with what is known, its card is legal and the
same for the same position and seed, and its sampler ends (relaxing the auction) when the
auction's constraints cannot be met."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgescore.core.auction import Auction
from bridgescore.core.cards import Card
from bridgescore.core.contract import Contract
from bridgescore.core.deal import Deal, Hand
from bridgescore.core.errors import IllegalPlayError, NotationError
from bridgescore.core.play import Play
from bridgescore.core.seat import Seat
from bridgescore.deals.ddplay import use_dd
from bridgescore.deals.dealing import random_deal
from bridgescore.robots import robot_card
from bridgescore.robots.bidding import robot_call
from bridgescore.robots.fair import (
    Layouts,
    SeatKnowledge,
    fair_choice,
    knowledge_for,
    knowledge_from_play,
    position_seed,
    sample_layouts,
)
from bridgescore.robots.table import robot_action
from bridgescore.table.actions import AnswerClaim, Claim, PlayCard
from bridgescore.table.state import BoardDeal, Phase, TableState, apply
from bridgescore.table.views import Viewer, view, visible_cards
from tests.sizes import size
from tests.solver import needs_endplay


def position(seed: int, cards: int) -> TableState | None:
    """Board ``seed`` bid by the robots, then ``cards`` random legal cards played (fewer when
    the play ends); ``None`` when the board is passed out."""
    number = seed % 32 + 1
    board = BoardDeal.numbered(number, random_deal(seed=seed, board=number))
    auction = Auction(board.dealer)
    while not auction.is_complete:
        auction = auction.add(robot_call(board.deal[auction.next_seat], auction,
                                         board.vulnerability))
    if auction.contract is None or auction.contract.is_passed_out:
        return None
    assert auction.declarer is not None
    play = Play(board.deal, auction.contract, auction.declarer)
    rng = random.Random(seed)
    for _ in range(min(cards, 51)):
        play.play(rng.choice(play.legal_cards()))
    return TableState(board, calls=auction.calls, alerts=(None,) * len(auction.calls),
                      cards=tuple(play.cards_played()))


def check_layouts(known: SeatKnowledge, layouts: Layouts) -> None:
    played = known.played_mask
    for hands in layouts.hands:
        union = 0
        for s in Seat:
            m = hands[s.value]
            assert not union & m  # no card in two hands
            union |= m
            assert m.bit_count() == known.counts[s.value]
            seen = known.visible[s.value]
            if seen is not None:
                assert m == seen.mask  # the known cards are fixed
            for suit in known.voids[s.value]:
                assert not Hand(m).length(suit)  # a player who showed out has none
        assert union | played == (1 << 52) - 1 and not union & played


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9), st.integers(0, 51))
def test_knowledge_is_the_seats_view_and_layouts_fit_it(seed: int, cards: int) -> None:
    state = position(seed, cards)
    if state is None or state.phase is not Phase.PLAY:
        return
    seat = state.to_act[0]
    known = knowledge_for(state, seat)
    deal = state.board.deal
    played = set(state.cards)
    # every card the robot is given: the seat's own hand, dummy's once faced, or played
    may_see = set(state.hand(seat)) | played
    if state.cards:
        assert state.dummy is not None
        may_see |= set(state.hand(state.dummy))
    assert known.known_cards() <= may_see
    assert known.known_cards() == visible_cards(state, Viewer(seat)) | played
    for s in Seat:
        hand = known.visible[s.value]
        if hand is not None:
            assert set(hand) <= set(deal[s])  # no card put in the wrong hand
    assert not hasattr(known, "deal")
    assert known.to_play is state.next_seat
    assert set(known.legal_cards()) == set(state.legal_cards())
    # the same rule from the play alone gives the same knowledge, the auction aside
    assert state.play is not None
    from_play = knowledge_from_play(state.play, seat)
    assert from_play.visible == known.visible and from_play.played == known.played
    layouts = sample_layouts(known, 8, random.Random(seed))
    assert len(layouts.hands) == 8 and 0 <= layouts.level <= 3
    check_layouts(known, layouts)
    # the same seed, the same layouts
    assert sample_layouts(known, 8, random.Random(seed)) == layouts


def test_no_robot_input_holds_a_hidden_card_over_many_boards() -> None:
    """Thousands of random boards, each at a random point of its play, a robot deciding for
    the seat to act: what it is given (its knowledge for a card, its view for a claim) never
    names a card that seat may not see (its own hand, dummy once faced, the claimer's hand
    when it decides a claim, the cards played).  No solving: the robots' inputs only."""
    rng = random.Random(2024)
    boards = size(2000, 10000, "BRIDGESCORE_TEST_ROBOT_INPUTS")
    checked = 0
    for _ in range(boards):
        state = position(rng.randrange(10**9), rng.randrange(0, 52))
        if state is None or state.phase is not Phase.PLAY:
            continue
        if state.cards and rng.random() < 0.3:  # a claim pending: its deciders' inputs
            assert state.declarer is not None and state.play is not None
            claimer = rng.choice([state.declarer, state.declarer.lho, state.declarer.rho])
            state = apply(state, Claim(claimer, rng.randrange(state.play.remaining + 1)))[0]
        played = set(state.cards)
        for seat in state.to_act:
            allowed = visible_cards(state, Viewer(seat)) | played
            if state.claim is None:
                assert knowledge_for(state, seat).known_cards() <= allowed
            seen = view(state, Viewer(seat))
            named = {Card.parse(c) for cards in seen["hands"].values() for c in cards}
            assert named <= allowed  # the claim judge's input (claims.fair_accepts_claim)
            checked += 1
    assert checked >= boards // 2


def test_seed_comes_from_the_position_and_the_salt() -> None:
    state = None
    seed = 0
    while state is None or state.phase is not Phase.PLAY:
        seed += 1
        state = position(seed, 9)
    known = knowledge_for(state, state.to_act[0])
    again = knowledge_for(state, state.to_act[0])
    assert position_seed(known) == position_seed(again)
    assert position_seed(known, "room 1") != position_seed(known, "room 2")
    after = apply(state, PlayCard(state.to_act[0], state.legal_cards()[0]))[0]
    if after.phase is Phase.PLAY:
        assert position_seed(knowledge_for(after, after.to_act[0])) != position_seed(known)


def contradictory() -> SeatKnowledge:
    """South, on lead against East's 2NT (20-21 balanced), holds 37 HCP itself."""
    deal = Deal.from_pbn("S:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    play = Play(deal, Contract.parse("2NT"), Seat.EAST)
    return knowledge_from_play(play, Seat.SOUTH, calls=Auction.parse("E", "2NT P P P").calls,
                               dealer=Seat.EAST)


def test_sampler_ends_under_contradictory_auction() -> None:
    known = contradictory()
    layouts = sample_layouts(known, 10, random.Random(1), tries_per_level=200)
    assert layouts.level == 3 and layouts.relaxed and len(layouts.hands) == 10
    assert layouts.by_level == (0, 0, 0, 10)
    assert layouts.tries <= 4 * 200 + 10  # the system's pass, then three levels
    check_layouts(known, layouts)


def test_sampler_keeps_the_auction_when_it_can() -> None:
    deal = random_deal(seed=5, board=1)
    play = Play(deal, Contract.parse("3NT"), Seat.SOUTH)  # West on lead: three hands hidden
    calls = Auction.parse("N", "P P 1NT P 3NT P P P").calls  # North passed, South 1NT
    known = knowledge_from_play(play, Seat.WEST, calls=calls, dealer=Seat.NORTH)
    layouts = sample_layouts(known, 20, random.Random(2))
    if layouts.level == 0:
        for hands in layouts.hands:
            south = Hand(hands[Seat.SOUTH.value])
            assert 15 <= south.hcp <= 17 and south.is_balanced
    check_layouts(known, layouts)


def rebid(hands: dict[Seat, Hand], dealer: Seat, vulnerability: object,
          length: int) -> tuple[object, ...]:
    """The robots' auction of these original hands, re-run call by call from the start (the
    first ``length`` calls): an independent re-bidding, not the sampler's per-seat check."""
    auction = Auction(dealer)
    while len(auction.calls) < length and not auction.is_complete:
        auction = auction.add(robot_call(hands[auction.next_seat], auction,
                                         vulnerability))  # type: ignore[arg-type]
    return auction.calls


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), cards=st.integers(0, 30))
def test_exact_layouts_are_bid_as_the_table_bid(seed: int, cards: int) -> None:
    """Every layout the sampler calls exact, put back with the cards played, makes the robots
    bid the very auction the table had; with the check turned off, none is exact."""
    state = position(seed, cards)
    if state is None or state.phase is not Phase.PLAY:
        return
    seat = state.to_act[0]
    known = knowledge_for(state, seat)
    layouts = sample_layouts(known, 12, random.Random(seed))
    check_layouts(known, layouts)
    assert 0 <= layouts.exact <= layouts.by_level[0]
    played_by = {s: 0 for s in Seat}
    for s, c in known.played:
        played_by[s] |= 1 << c.index
    for hands in layouts.hands[:layouts.exact]:
        original = {s: Hand(hands[s.value] | played_by[s]) for s in Seat}
        assert rebid(original, known.dealer, known.vulnerability,
                     len(known.calls)) == known.calls
    assert sample_layouts(known, 12, random.Random(seed), system=False).exact == 0


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), cards=st.integers(0, 40))
def test_the_actual_hands_pass_the_system_check(seed: int, cards: int) -> None:
    """At a robots' table the hidden hands as dealt are always among the layouts the
    system check allows: each hidden seat's hand, re-bid alone, makes the calls it made."""
    from bridgescore.robots.fair import _system_checks

    state = position(seed, cards)
    if state is None or state.phase is not Phase.PLAY:
        return
    known = knowledge_for(state, state.to_act[0])
    checks = _system_checks(known)
    assert checks is not None  # a robots' auction: every hidden seat called
    for seat, ok in checks.items():
        assert ok(state.board.deal[seat].mask)


def test_exact_layouts_when_the_system_bids_so() -> None:
    """South opened 1NT and North raised to 3NT: West, on lead, gets exact layouts, and in
    each South is 15-17 balanced without a five-card major (the system opens 1NT so) and
    North passed nothing it would have bid otherwise (the re-bid says so)."""
    deal = random_deal(seed=5, board=1)
    play = Play(deal, Contract.parse("3NT"), Seat.SOUTH)
    calls = Auction.parse("S", "1NT P 3NT P P P").calls
    known = knowledge_from_play(play, Seat.WEST, calls=calls, dealer=Seat.SOUTH)
    layouts = sample_layouts(known, 4, random.Random(3), tries_per_level=4000)
    assert layouts.exact == 4 and layouts.level == 0
    for hands in layouts.hands:
        south = Hand(hands[Seat.SOUTH.value])
        assert 15 <= south.hcp <= 17 and south.is_balanced
        assert robot_call(south, Auction(Seat.SOUTH), known.vulnerability) == calls[0]


def test_no_exact_layout_for_calls_the_system_never_makes() -> None:
    """A human's 7NT opening: the system never opens it, so no layout is exact and the
    sampler falls back to the ranges (here none either: the auction is ignored)."""
    deal = random_deal(seed=8, board=1)
    play = Play(deal, Contract.parse("7NT"), Seat.SOUTH)
    known = knowledge_from_play(play, Seat.WEST, calls=Auction.parse("S", "7NT P P P").calls,
                                dealer=Seat.SOUTH)
    layouts = sample_layouts(known, 6, random.Random(1), tries_per_level=100)
    assert layouts.exact == 0 and len(layouts.hands) == 6
    check_layouts(known, layouts)


def test_swap_walk_is_uniform_over_the_valid_layouts() -> None:
    """The walk that adds layouts once one is found: every layout it gives passes the
    checks, and over many steps each valid layout comes about equally often (the swap is a
    symmetric proposal kept when valid).  Eight free cards between two hidden hands of four:
    the 70 splits enumerated, the valid ones those where East holds at most one heart."""
    from itertools import combinations

    from bridgescore.robots.fair import _swap_walk

    free = [Card.parse(c).index for c in ("S2", "S3", "H2", "H3", "H4", "D2", "D3", "C2")]
    free_mask = sum(1 << i for i in free)
    hearts = sum(1 << Card.parse(c).index for c in ("H2", "H3", "H4"))

    def east_ok(mask: int) -> bool:
        return (mask & hearts).bit_count() <= 1

    valid = set()
    for east in combinations(free, 4):
        e = sum(1 << i for i in east)
        if east_ok(e):
            valid.add((0, e, 0, free_mask & ~e))
    start = next(iter(sorted(valid)))
    got = _swap_walk([start], 12000, random.Random(4), (Seat.EAST, Seat.WEST), free_mask,
                     (frozenset(),) * 4, (0, 0, 0, 0),
                     lambda seat, mask: seat is not Seat.EAST or east_ok(mask))
    assert len(got) == 12000 and set(got) <= valid
    counts = {v: got.count(v) for v in valid}
    expected = len(got) / len(valid)
    assert all(0.75 * expected <= c <= 1.25 * expected for c in counts.values()), counts


def test_knowledge_refuses_what_does_not_fit() -> None:
    deal = random_deal(seed=3, board=1)
    play = Play(deal, Contract.parse("4S"), Seat.NORTH)
    known = knowledge_from_play(play)
    assert known.seat is Seat.EAST and known.hidden() == (Seat.NORTH, Seat.SOUTH, Seat.WEST)
    with pytest.raises(IllegalPlayError):  # West does not decide East's lead
        knowledge_from_play(play, Seat.WEST)
    with pytest.raises(IllegalPlayError):
        SeatKnowledge(Seat.EAST, 1, Seat.NORTH, known.vulnerability, (), known.contract,
                      Seat.NORTH, known.visible, (13, 13, 13, 12), ())
    with pytest.raises(NotationError):
        use_dd("oracle")


# -- with the solver ---------------------------------------------------------------------


@needs_endplay
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9), st.integers(1, 48), st.sampled_from(["mp", "imp"]))
def test_fair_card_is_legal_and_replays(seed: int, cards: int, scoring: str) -> None:
    state = position(seed, cards)
    if state is None or state.phase is not Phase.PLAY:
        return
    seat = state.to_act[0]
    known = knowledge_for(state, seat)
    choice = fair_choice(known, samples=6, scoring=scoring, salt="t")
    assert choice.card in state.legal_cards()
    assert fair_choice(known, samples=6, scoring=scoring, salt="t").card == choice.card
    if choice.method == "sample":
        assert choice.layouts is not None
        check_layouts(known, choice.layouts)
        assert set(choice.tricks) == set(known.legal_cards())


@needs_endplay
def test_robot_action_plays_a_whole_board_fairly() -> None:
    seed = 0
    state = None
    while state is None:
        seed += 1
        state = position(seed, 0)
    while state.phase is Phase.PLAY:
        seat = state.to_act[0]
        action = robot_action(state, seat, solver="fair", salt="x")
        if state.claim is not None:
            assert isinstance(action, AnswerClaim) and action.seat is seat
        elif isinstance(action, Claim):  # the rest, by declarer, at a trick's start
            assert state.play is not None and not state.play.current.cards
            assert action.seat is state.declarer and action.tricks == state.play.remaining
        else:
            assert isinstance(action, PlayCard) and action.card in state.legal_cards()
        state = apply(state, action)[0]
    assert state.result is not None


@needs_endplay
def test_opening_lead_by_rules_and_by_sampling() -> None:
    known = contradictory()
    rules = fair_choice(known)
    assert rules.method == "rules" and rules.card in known.legal_cards()
    sampled = fair_choice(known, lead="sample", samples=4)
    assert sampled.method == "sample" and sampled.card in known.legal_cards()


@needs_endplay
def test_robot_card_fair_without_knowledge_uses_the_seats_rule() -> None:
    deal = random_deal(seed=11, board=1)
    play = Play(deal, Contract.parse("4H"), Seat.SOUTH)
    for _ in range(3):
        card = robot_card(deal, play, solver="fair")
        assert card in play.legal_cards()
        play.play(card)
    other = knowledge_from_play(Play(deal, Contract.parse("4H"), Seat.SOUTH))
    with pytest.raises(IllegalPlayError):
        robot_card(deal, play, solver="fair", knowledge=other)


def test_an_equal_choice_needs_no_solver() -> None:
    deal = Deal.from_pbn("N:AKQ.AKQJ.AKQ.AKQ 5432.T98.JT9.JT9 T987.765.876.876 J6.432.5432.5432")
    play = Play(deal, Contract.parse("7NT"), Seat.SOUTH)
    play.play(Card.parse("C2"))  # West leads; North's ace, king and queen are equal
    choice = fair_choice(knowledge_from_play(play))
    assert choice.method == "equal" and choice.card == Card.parse("CQ")
