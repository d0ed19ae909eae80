"""Claims by and to the fair robot (bridgescore.robots.claims, robots.table): the position a
decider's view gives is the actual one, so the fair judge decides as the double-dummy judge
on the actual deal would, without being given the deal; a robot claims only what every
layout it sampled gives, says so in both languages, and never claims again on a board where
a claim was rejected."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgescore.core.seat import Seat
from bridgescore.deals.ddplay import dd_scores
from bridgescore.deals.dealing import random_deal
from bridgescore.robots.claims import (
    CLAIM_STATEMENT,
    claim_position,
    fair_accepts_claim,
    robot_accepts_claim,
)
from bridgescore.robots.fair import fair_choice, knowledge_for
from bridgescore.robots.table import robot_action
from bridgescore.table.actions import AnswerClaim, Claim, PlayCard
from bridgescore.table.state import BoardDeal, Phase, TableState, apply
from bridgescore.table.views import Viewer, view
from tests.solver import needs_endplay

from .test_fair import position


def claimed(seed: int, cards: int, tricks: int, by_declarer: bool) -> TableState | None:
    """A position after ``cards`` random cards with a pending claim of ``tricks`` (at most
    what remains) by declarer or by the defender on declarer's left."""
    state = position(seed, cards)
    if state is None or state.phase is not Phase.PLAY or not state.cards:
        return None
    assert state.declarer is not None and state.play is not None
    claimer = state.declarer if by_declarer else state.declarer.lho
    return apply(state, Claim(claimer, min(tricks, state.play.remaining), "x"))[0]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9), st.integers(1, 51), st.integers(0, 13), st.booleans())
def test_a_deciders_view_gives_the_actual_position(seed: int, cards: int, tricks: int,
                                                     by_declarer: bool) -> None:
    state = claimed(seed, cards, tricks, by_declarer)
    if state is None:
        return
    assert state.claim is not None and state.play is not None
    for seat in state.claim.deciders:
        got = claim_position(view(state, Viewer(seat)))
        assert got is not None
        deal, play = got
        assert deal == state.board.deal  # deduced: three hands faced, the fourth is the rest
        assert play.cards_played() == state.play.cards_played()
    # a seat that does not decide sees two hands at most (its own and dummy): it cannot know
    others = [s for s in Seat if s not in state.claim.deciders and s is not state.dummy
              and s is not state.claim.seat]
    for seat in others:
        assert claim_position(view(state, Viewer(seat))) is None


@needs_endplay
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9), st.integers(1, 51), st.integers(0, 13), st.booleans())
def test_the_fair_judge_agrees_with_double_dummy_on_the_actual_deal(
        seed: int, cards: int, tricks: int, by_declarer: bool) -> None:
    state = claimed(seed, cards, tricks, by_declarer)
    if state is None:
        return
    claim = state.claim
    assert claim is not None and state.play is not None
    # the reference: the actual deal's double-dummy tricks for the claimer's side
    scores = dd_scores(state.play)
    best = max(scores.values())
    side_to_play_claims = state.play.next_seat.side is claim.seat.side
    theirs = best if side_to_play_claims else state.play.remaining - best
    for seat in claim.deciders:
        assert fair_accepts_claim(view(state, Viewer(seat)), seat) == (theirs >= claim.tricks)
        action = robot_action(state, seat, solver="fair")
        assert action == AnswerClaim(seat, theirs >= claim.tricks)
    # the same as the omniscient judge, which is given the deal
    assert robot_accepts_claim(state.board.deal, state.play, claim.seat, claim.tricks,
                               solver="dd") == (theirs >= claim.tricks)


def test_a_view_without_a_claim_is_refused() -> None:
    state = None
    seed = 0
    while state is None or state.phase is not Phase.PLAY:
        seed += 1
        state = position(seed, 5)
    seat = state.to_act[0]
    with pytest.raises(Exception, match="no claim"):
        fair_accepts_claim(view(state, Viewer(seat)), seat)


def test_the_claim_statement_is_in_both_languages() -> None:
    assert "其余各墩" in CLAIM_STATEMENT and "The rest are ours" in CLAIM_STATEMENT
    assert len(CLAIM_STATEMENT) <= 200


def claiming_position() -> TableState:
    """A board of four fair robots played until declarer's robot claims (board 4 of seed
    'claimtry' claims 9 tricks after 16 cards)."""
    state = TableState.start(BoardDeal.numbered(4, random_deal(seed="claimtry", board=4)))
    while True:
        action = robot_action(state, state.to_act[0], solver="fair")
        if isinstance(action, Claim):
            return state
        assert action is not None
        state = apply(state, action)[0]


@needs_endplay
def test_a_robot_claims_what_every_layout_gives_and_only_once() -> None:
    state = claiming_position()
    assert state.play is not None and state.declarer is not None
    seat = state.to_act[0]
    action = robot_action(state, seat, solver="fair")
    assert action == Claim(state.declarer, state.play.remaining, CLAIM_STATEMENT)
    # the reason: one card takes every remaining trick on each layout it sampled
    choice = fair_choice(knowledge_for(state, seat))
    assert choice.sure and choice.layouts is not None and len(choice.layouts.hands) >= 16
    assert not state.play.current.cards and state.play.next_seat.side is state.declarer.side
    # rejected once, the robot plays the board out instead of claiming again
    after = apply(state, action)[0]
    assert after.claim is not None
    refused = apply(after, AnswerClaim(after.claim.deciders[0], False))[0]
    assert refused.refused == 1 and refused.claim is None
    again = robot_action(refused, refused.to_act[0], solver="fair")
    assert isinstance(again, PlayCard)


@needs_endplay
def test_robots_claim_only_at_a_tricks_start_on_random_boards() -> None:
    rng = random.Random(5)
    claims = 0
    for number in range(1, 9):
        state = TableState.start(BoardDeal.numbered(number, random_deal(seed=rng.random(),
                                                                        board=number)))
        while state.phase is not Phase.DONE:
            action = robot_action(state, state.to_act[0], solver="fair")
            assert action is not None
            if isinstance(action, Claim):
                claims += 1
                assert state.play is not None and not state.play.current.cards
                assert state.play.next_seat.side is action.seat.side
                assert action.tricks == state.play.remaining >= 2
            state = apply(state, action)[0]
    assert claims >= 1
