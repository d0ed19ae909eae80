"""The game record of an online table's board (``bridgescore.table.record``), and its PBN and
LIN forms read back by the library's readers: the same deal, auction, play and result.

Boards are played through ``tablestate.apply`` by random legal actions (a random auction that
passes often enough to end, random legal cards, now and then a claim that the deciders
accept), so that passed-out boards, doubled contracts, claims at any trick and boards
played to the last card all occur."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.auction import Call
from bridgescore.core.cards import Card
from bridgescore.core.deal import Deal
from bridgescore.core.gamerecord import GameRecord
from bridgescore.core.seat import Seat
from bridgescore.deals.dealing import deal_boards
from bridgescore.formats import lin
from bridgescore.formats.pbn_records import loads_records
from bridgescore.formats.pbn_write import EXPORT_HEADER, dumps, from_record
from bridgescore.table.actions import AnswerClaim, Claim, MakeCall, PlayCard
from bridgescore.table.record import alerts, game_record, lin_text, pbn_text
from bridgescore.table.state import BoardDeal, Phase, TableState, apply

PLAYERS = {Seat.NORTH: "Ann Lee", Seat.EAST: "王伟", Seat.SOUTH: "Bob", Seat.WEST: "李娜"}


def random_board(number: int, deal: Deal, rng: random.Random, *, claims: bool = True,
                 stop_after: int | None = None) -> TableState:
    """A board played by random legal actions (``stop_after`` moves: left in progress)."""
    s = TableState.start(BoardDeal.numbered(number, deal))
    while s.phase is not Phase.DONE and (stop_after is None or s.moves < stop_after):
        if s.claim is not None:
            s, _ = apply(s, AnswerClaim(s.to_act[0], True))
            continue
        if s.phase is Phase.AUCTION:
            legal = s.legal_calls()
            passes = [c for c in legal if str(c) in ("P", "Pass")]
            call = passes[0] if passes and rng.random() < 0.55 else rng.choice(legal)
            alert = "forcing" if rng.random() < 0.1 else None
            seat = s.auction.next_seat
            assert seat is not None
            s, _ = apply(s, MakeCall(seat, call, alert))
            continue
        play = s.play
        assert play is not None and s.declarer is not None
        if claims and s.cards and rng.random() < 0.03:
            claimer = s.to_act[0]
            if claimer is not s.dummy:
                s, _ = apply(s, Claim(claimer, rng.randint(0, play.remaining)))
                continue
        s, _ = apply(s, PlayCard(s.to_act[0], rng.choice(s.legal_cards())))
    return s


def pbn_round_trip(rec: GameRecord, text: str | None = None) -> GameRecord:
    text = text if text is not None else EXPORT_HEADER + dumps([from_record(rec)])
    back, errors = loads_records(text)
    assert errors == [], (errors, text)
    assert len(back) == 1
    return back[0]


def lin_round_trip(rec: GameRecord, text: str | None = None) -> GameRecord:
    text = text if text is not None else lin.dumps([rec])
    back, errors = lin.loads_with_errors(text)
    assert errors == [], (errors, text)
    assert len(back) == 1
    return back[0]


def check_same(state: TableState, back: GameRecord) -> None:
    assert back.deal == state.board.deal
    assert back.dealer is state.board.dealer
    assert back.vulnerability is state.board.vulnerability
    assert back.board == state.board.number
    calls = list(back.auction.calls) if back.auction is not None else []
    assert calls == list(state.calls)
    assert [c for c in back.play if c is not None] == list(state.cards)
    assert back.final_contract == state.contract
    assert back.final_declarer == state.declarer
    result = back.recorded_result or back.derived_result()
    assert result == state.result
    assert back.score() == state.score_ns


def test_a_known_board_hand_scored() -> None:
    # North holds the four top honours of every suit and plays 3NT; every trick is North's:
    # 13 tricks, not vulnerable on board 1: 40+30+30 + 4×30 overtricks + 300 game = 520.
    deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    s = TableState.start(BoardDeal.numbered(1, deal))
    for call in ["3NT", "P", "P", "P"]:
        seat = s.auction.next_seat
        assert seat is not None
        s, _ = apply(s, MakeCall(seat, Call.parse(call), "to play" if call == "3NT" else None))
    while s.phase is Phase.PLAY:
        legal = s.legal_cards()
        # North (and the others) play their highest card: North wins every trick.
        s, _ = apply(s, PlayCard(s.to_act[0], max(legal, key=lambda c: c.rank.value)))
    rec = game_record(s, PLAYERS, "Club night", "2026.12.01")
    assert rec.tricks == 13 and rec.claim is None and rec.score() == 520
    assert rec.players[Seat.EAST] == "王伟"
    assert alerts(s) == ["to play", None, None, None]
    for back in (pbn_round_trip(rec), lin_round_trip(rec)):
        check_same(s, back)
        assert back.score() == 520
    pbn = pbn_text(s, PLAYERS, "Club night", "2026.12.01")
    assert '[Event "Club night"]' in pbn and '[Date "2026.12.01"]' in pbn
    assert '[Result "13"]' in pbn and '[Contract "3NT"]' in pbn
    # The alert: a note after the call, its text in a Note tag after the auction.
    assert '[Auction "N"]\n3NT =1= Pass Pass Pass\n[Note "1:to play"]' in pbn
    check_same(s, pbn_round_trip(rec, pbn))
    text = lin_text(s, PLAYERS)
    assert "|mb|3NT!|an|to play|mb|p|" in text
    check_same(s, lin_round_trip(rec, text))


def test_a_claim_is_kept() -> None:
    deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    s = TableState.start(BoardDeal.numbered(2, deal))  # board 2: NS vulnerable
    for call in ["P", "P", "P", "6NT", "P", "P", "P"]:
        seat = s.auction.next_seat
        assert seat is not None
        s, _ = apply(s, MakeCall(seat, Call.parse(call)))
    assert s.declarer is Seat.NORTH
    s, _ = apply(s, PlayCard(Seat.EAST, Card.parse("S7")))
    s, _ = apply(s, Claim(Seat.NORTH, 12))  # claims 12 of the 13 remaining: concedes one
    for seat in s.to_act:
        s, _ = apply(s, AnswerClaim(seat, True))
    rec = game_record(s, PLAYERS)
    # 6NT made exactly, vulnerable: 190 + 500 game + 750 small slam = 1440.
    assert rec.claim == 12 and rec.tricks == 12 and rec.score() == 1440
    for back in (pbn_round_trip(rec), lin_round_trip(rec)):
        check_same(s, back)


def test_a_passed_out_board() -> None:
    deal = deal_boards(1, seed="passed")[0].deal
    s = TableState.start(BoardDeal.numbered(3, deal))
    for _ in range(4):
        seat = s.auction.next_seat
        assert seat is not None
        s, _ = apply(s, MakeCall(seat, Call.parse("P")))
    rec = game_record(s, PLAYERS)
    assert rec.final_contract is not None and rec.final_contract.is_passed_out
    assert rec.score() == 0
    for back in (pbn_round_trip(rec), lin_round_trip(rec)):
        check_same(s, back)


def test_a_board_in_progress_has_no_result() -> None:
    deal = deal_boards(1, seed="progress")[0].deal
    rng = random.Random(7)
    for stop in (0, 2, 9, 20):
        s = random_board(5, deal, rng, claims=False, stop_after=stop)
        rec = game_record(s, PLAYERS)
        assert rec.tricks is None and rec.claim is None
        assert len(rec.play) == len(s.cards)
        if s.phase is Phase.AUCTION:
            assert rec.contract is None


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), number=st.integers(1, 32))
def test_random_boards_round_trip(seed: int, number: int) -> None:
    rng = random.Random(seed)
    deal = deal_boards(1, seed=str(seed))[0].deal
    s = random_board(number, deal, rng)
    assert s.phase is Phase.DONE
    rec = game_record(s, PLAYERS, "Random", "2026.12.01")
    check_same(s, pbn_round_trip(rec))
    check_same(s, lin_round_trip(rec))
    # With the alerts written in (PBN notes, LIN ``an``): read back just the same.
    check_same(s, pbn_round_trip(rec, pbn_text(s, PLAYERS, "Random", "2026.12.01")))
    check_same(s, lin_round_trip(rec, lin_text(s, PLAYERS, "Random", "2026.12.01")))


@pytest.mark.parametrize("seed", range(40))
def test_many_boards_played_out(seed: int) -> None:
    # No claims: every board that is not passed out is played to the 52nd card.
    rng = random.Random(1000 + seed)
    deal = deal_boards(1, seed=f"out{seed}")[0].deal
    s = random_board(seed % 16 + 1, deal, rng, claims=False)
    rec = game_record(s, PLAYERS)
    if s.contract is not None and not s.contract.is_passed_out:
        assert len(rec.play) == 52
    check_same(s, pbn_round_trip(rec))
    check_same(s, lin_round_trip(rec))


@pytest.mark.parametrize("number", range(1, 17))
def test_robot_boards_round_trip(number: int) -> None:
    # Four robots (the library's, simple card play) bid and play the board as at a table.
    from bridgescore.robots.table import robot_action

    deal = deal_boards(1, seed=f"robots{number}")[0].deal
    s = TableState.start(BoardDeal.numbered(number, deal))
    for _ in range(200):
        if s.phase is Phase.DONE:
            break
        action = robot_action(s, s.to_act[0], solver="simple")
        assert action is not None
        s, _ = apply(s, action)
    assert s.phase is Phase.DONE
    rec = game_record(s, PLAYERS, "Robots", "2026.12.01")
    check_same(s, pbn_round_trip(rec))
    check_same(s, lin_round_trip(rec))
