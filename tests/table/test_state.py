"""The online table's pure state machine: auction → play → claim → result, undo, views.

Expected scores are the Law 77 figures of rules.md written out by hand, not computed by the
code under test; the security property (no view shows an unplayed card its viewer may not
see) is checked against a reference written here from the Laws, over thousands of random
legal boards."""

from __future__ import annotations

import contextlib
import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.auction import Call
from bridgescore.core.cards import DECK, Card
from bridgescore.core.deal import Deal
from bridgescore.core.seat import Seat
from bridgescore.deals.dealing import random_deal
from bridgescore.table.actions import (
    AnswerClaim,
    AnswerUndo,
    Claim,
    MakeCall,
    PlayCard,
    RequestUndo,
    TableActionError,
    WithdrawClaim,
    WithdrawUndo,
    action_from_dict,
)
from bridgescore.table.state import BoardDeal, Phase, TableRules, TableState, apply
from bridgescore.table.views import Viewer, event_dict, view, visible_cards
from tests.sizes import size

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
# North holds every top card: any contract by North makes all 13 tricks.
TOPS = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")


def bid(state: TableState, *calls: str) -> TableState:
    for c in calls:
        seat = state.auction.next_seat
        state, _ = apply(state, MakeCall(seat, Call.parse(c)))
    return state


def play_cards(state: TableState, *cards: str) -> TableState:
    for c in cards:
        hand = state.next_seat
        assert hand is not None
        state, _ = apply(state, PlayCard(state.controller(hand), Card.parse(c)))
    return state


def refused(state: TableState, action: object, code: str) -> None:
    with pytest.raises(TableActionError) as e:
        apply(state, action)  # type: ignore[arg-type]
    assert e.value.code == code, (e.value.code, e.value.en)
    assert e.value.zh and e.value.zh != e.value.en


def start(number: int = 1, deal: Deal = TOPS, undo: bool = True) -> TableState:
    return TableState.start(BoardDeal.numbered(number, deal), TableRules(undo_allowed=undo))


# -- the board from first call to score -----------------------------------------------------


def test_board_one_dealer_and_vulnerability_come_from_the_number() -> None:
    s = start(2)
    assert s.board.dealer is E and str(s.board.vulnerability) == "NS"
    assert s.phase is Phase.AUCTION and s.to_act == (E,)


def test_passed_out_board_ends_with_no_score() -> None:
    s = start(1)
    s2, events = apply(bid(s, "P", "P", "P"), MakeCall(W, Call.parse("P")))
    assert s2.phase is Phase.DONE and s2.score_ns == 0 and s2.result is not None
    assert [type(e).__name__ for e in events] == ["CallMade", "AuctionEnded", "BoardEnded"]
    refused(s2, PlayCard(E, Card.parse("ST")), "board_over")


def test_thirteen_tricks_in_3nt_score_like_law_77() -> None:
    # 3NT by North, not vulnerable (board 1), 13 tricks: 40+30+30 +4×30 overtricks + 300 game
    # bonus = 520 (rules.md: 3NT+4 NV).
    s = bid(start(1), "3NT", "P", "P", "P")
    assert s.declarer is N and s.to_act == (E,)
    cards = []
    # East leads spades throughout; North wins every trick and then leads, so play the
    # tops from North and have everyone follow low.
    s = play_cards(s, "ST", "S3", "S2", "SA")
    assert s.play is not None and s.play.declarer_tricks == 1
    while s.phase is Phase.PLAY:
        hand = s.next_seat
        assert hand is not None
        card = s.legal_cards()[0] if hand is not N else s.legal_cards()[-1]
        cards.append(card)
        s, _ = apply(s, PlayCard(s.controller(hand), card))
    assert str(s.result) == "3NT N +4" and s.score_ns == 520


def test_east_west_contract_scores_negative_for_north_south() -> None:
    # Board 3: dealer South, East-West vulnerable.  1S by West; North leads and claims all
    # 13 tricks; West accepts: down 7 vulnerable undoubled, 7 x 100 = 700 to North-South.
    s = bid(start(3), "P", "1S", "P", "P", "P")
    assert s.declarer is W and s.to_act == (N,)
    s = play_cards(s, "SA")
    s, events = apply(s, Claim(N, 13))
    assert events[0].deciders == (W,)  # type: ignore[union-attr]
    s, _ = apply(s, AnswerClaim(W, True))
    assert str(s.result) == "1S W -7" and s.score_ns == 700


def test_dummy_plays_nothing_and_declarer_plays_dummys_cards() -> None:
    s = bid(start(1), "1NT", "P", "P", "P")  # North declares, South is dummy
    s = play_cards(s, "ST")  # East leads
    assert s.next_seat is S and s.to_act == (N,)
    refused(s, PlayCard(S, Card.parse("S6")), "dummy_plays_nothing")
    s2, events = apply(s, PlayCard(N, Card.parse("S6")))
    assert events[0].seat is S  # type: ignore[union-attr]
    assert Card.parse("S6") not in s2.hand(S)


def test_out_of_turn_and_illegal_actions_change_nothing() -> None:
    s = start(1)
    refused(s, MakeCall(E, Call.parse("1C")), "not_your_turn")
    s = bid(s, "1H")
    refused(s, MakeCall(E, Call.parse("1C")), "illegal_call")
    refused(s, MakeCall(E, Call.parse("XX")), "illegal_call")
    refused(s, PlayCard(E, Card.parse("ST")), "not_play")
    s = bid(s, "P", "P", "P")
    refused(s, PlayCard(W, Card.parse("S2")), "not_your_turn")
    refused(s, PlayCard(E, Card.parse("SA")), "illegal_card")  # not East's card
    s = play_cards(s, "ST", "S3", "S2")
    # North must follow spades: a heart is refused, naming Law 44C, without naming holders.
    with pytest.raises(TableActionError) as e:
        apply(s, PlayCard(N, Card.parse("HA")))
    assert "44C" in e.value.en and e.value.code == "illegal_card"


def test_not_holding_a_card_does_not_say_who_holds_it() -> None:
    s = bid(start(1), "1NT", "P", "P", "P")
    with pytest.raises(TableActionError) as e:
        apply(s, PlayCard(E, Card.parse("S6")))  # South holds it
    assert "South" not in e.value.en and "南" not in e.value.zh


def test_alert_too_long_refused() -> None:
    refused(start(1), MakeCall(N, Call.parse("2C"), "x" * 201), "alert_too_long")


# -- claims ----------------------------------------------------------------------------------


def played_one_trick() -> TableState:
    return play_cards(bid(start(1), "4S", "P", "P", "P"), "HJ", "H6", "H5", "HA")


def test_claim_needs_both_defenders_and_one_rejection_ends_it() -> None:
    s = played_one_trick()
    assert s.to_act == (N,)
    s, events = apply(s, Claim(N, 12, "all top tricks"))
    assert events[0].deciders == (E, W)  # type: ignore[union-attr]
    assert s.to_act == (E, W)
    refused(s, PlayCard(N, Card.parse("SA")), "claim_pending")
    refused(s, AnswerClaim(S, True), "not_a_decider")  # dummy takes no part
    s2, _ = apply(s, AnswerClaim(E, True))
    assert s2.phase is Phase.PLAY and s2.to_act == (W,)
    refused(s2, AnswerClaim(E, True), "already_answered")
    s3, _ = apply(s2, AnswerClaim(W, False))
    assert s3.claim is None and s3.phase is Phase.PLAY and s3.to_act == (N,)
    s4, events = apply(s2, AnswerClaim(W, True))
    # 4S by North not vulnerable, 13 tricks: 4×30 + 3×30 overtricks + 300 = 510.
    assert s4.phase is Phase.DONE and str(s4.result) == "4S N +3" and s4.score_ns == 510
    assert type(events[-1]).__name__ == "BoardEnded"


def test_defenders_claim_needs_declarer_only() -> None:
    s = played_one_trick()
    s = play_cards(s, "SA")  # North leads; East to play
    s, events = apply(s, Claim(E, 0, "we take no more"))
    assert events[0].deciders == (N,)  # type: ignore[union-attr]
    s, _ = apply(s, AnswerClaim(N, True))
    # The defence concedes all 12 remaining tricks (the trick in progress counts).
    assert str(s.result) == "4S N +3"


def test_claim_rules() -> None:
    s = bid(start(1), "4S", "P", "P", "P")
    refused(s, Claim(N, 13), "no_claim_now")  # before the opening lead
    s = play_cards(s, "HJ")
    refused(s, Claim(S, 13), "dummy_cannot_claim")
    refused(s, Claim(N, 14), "bad_claim")
    refused(s, Claim(N, -1), "bad_claim")
    refused(s, Claim(N, 3, "x" * 301), "statement_too_long")
    s2, _ = apply(s, Claim(N, 13))
    refused(s2, WithdrawClaim(E), "no_claim")
    s3, _ = apply(s2, WithdrawClaim(N))
    assert s3.claim is None and s3 == s


def test_claimers_hand_shown_to_deciders_only() -> None:
    s = played_one_trick()
    before = {seat: visible_cards(s, Viewer(seat)) for seat in Seat}
    s2, _ = apply(s, Claim(N, 12))
    north = frozenset(s2.hand(N))
    assert north <= visible_cards(s2, Viewer(E)) and north <= visible_cards(s2, Viewer(W))
    assert visible_cards(s2, Viewer(S)) == before[S]  # dummy: not a decider
    assert not north & visible_cards(s2, Viewer())  # a spectator
    # A defender's claim shows the defender's hand to declarer, not to the other defender.
    s3 = play_cards(s, "SA")
    s4, _ = apply(s3, Claim(E, 0))
    east = frozenset(s4.hand(E))
    assert east <= visible_cards(s4, Viewer(N)) and not east & visible_cards(s4, Viewer(W))


# -- undo --------------------------------------------------------------------------------------


def test_undo_of_a_call_decided_by_both_opponents() -> None:
    s = bid(start(1), "1H")
    refused(s, RequestUndo(E), "not_your_move")
    s2, events = apply(s, RequestUndo(N))
    assert events[0].deciders == (E, W)  # type: ignore[union-attr]
    refused(s2, AnswerUndo(S, True), "not_a_decider")
    refused(s2, MakeCall(E, Call.parse("P")), "undo_pending")
    s3, _ = apply(s2, AnswerUndo(E, True))
    s4, events = apply(s3, AnswerUndo(W, True))
    assert s4.calls == () and s4.to_act == (N,)
    assert type(events[-1]).__name__ == "MoveTakenBack"
    s5, _ = apply(s3, AnswerUndo(W, False))
    assert s5 == s
    s6, _ = apply(s2, WithdrawUndo(N))
    assert s6 == s


def test_undo_of_the_final_pass_reopens_the_auction() -> None:
    s = bid(start(1), "1H", "P", "P", "P")
    assert s.phase is Phase.PLAY
    s, _ = apply(s, RequestUndo(W))
    s, _ = apply(s, AnswerUndo(N, True))
    s, _ = apply(s, AnswerUndo(S, True))
    assert s.phase is Phase.AUCTION and s.to_act == (W,)


def test_undo_of_a_card_reopens_the_trick_and_lead_stands() -> None:
    s = bid(start(1), "1NT", "P", "P", "P")  # North declares; East leads
    s = play_cards(s, "ST")
    refused(s, RequestUndo(E), "lead_stands")  # dummy is faced: the lead stays
    s = play_cards(s, "S3", "S2")  # dummy's S3 (by North), West's S2
    refused(s, RequestUndo(N), "not_your_move")  # West played last
    s, events = apply(s, RequestUndo(W))
    assert events[0].deciders == (N,)  # type: ignore[union-attr]  # declarer decides
    s, _ = apply(s, AnswerUndo(N, True))
    assert s.cards == (Card.parse("ST"), Card.parse("S3")) and s.to_act == (W,)
    s = play_cards(s, "S2", "SA")
    assert s.play is not None and s.play.declarer_tricks == 1 and s.to_act == (N,)
    # Declarer's own card, after the trick was complete: both defenders decide; the trick
    # opens again with North to play.
    s, events = apply(s, RequestUndo(N))
    assert events[0].deciders == (E, W)  # type: ignore[union-attr]
    s, _ = apply(s, AnswerUndo(E, True))
    s, _ = apply(s, AnswerUndo(W, True))
    assert s.play is not None and s.play.tricks == [] and len(s.play.current.cards) == 3
    assert s.to_act == (N,)
    # Dummy's card, played by declarer, is declarer's to ask back.
    s = play_cards(s, "SA", "SK")  # North wins, leads the king: East to follow
    s = play_cards(s, "S9")  # East
    s2 = play_cards(s, "S4")  # dummy's card, by North
    s3, events = apply(s2, RequestUndo(N))
    assert events[0].deciders == (E, W)  # type: ignore[union-attr]
    assert s3.to_act == (E, W)


def test_undo_forbidden_by_the_table() -> None:
    s = bid(start(1, undo=False), "1H")
    refused(s, RequestUndo(N), "undo_forbidden")


# -- the security property, and replay -------------------------------------------------------

CARD_TOKEN = re.compile(r"\b[SHDC][AKQJT2-9]\b")


def may_see(state: TableState, viewer: Viewer) -> frozenset[Card]:
    """The reference, from the Laws and the issue, written apart from ``visible_hands``:
    own hand; dummy once the opening lead is made (Law 41D); a claimer's hand to those who
    decide the claim; every hand to a spectator the event allows, and to all once over."""
    everything = frozenset(c for s in Seat for c in state.hand(s))
    if state.phase is Phase.DONE or (viewer.seat is None and viewer.sees_all):
        return everything
    seen: set[Card] = set()
    if viewer.seat is not None:
        seen |= set(state.hand(viewer.seat))
    declarer = state.declarer
    if declarer is not None and len(state.cards) > 0:
        seen |= set(state.hand(declarer.partner))
    claim = state.claim
    if claim is not None and viewer.seat is not None and declarer is not None:
        # Declarer's claim: both defenders decide; a defender's: declarer.
        deciders = {declarer.lho, declarer.rho} if claim.seat is declarer else {declarer}
        if viewer.seat in deciders:
            seen |= set(state.hand(claim.seat))
    return frozenset(seen)


# Boards played at random by the property test: 100 (every board number's dealer and
# vulnerability three times over), 400 under CI, or BRIDGESCORE_TEST_BOARDS=….
BOARDS = size(100, 400, "BRIDGESCORE_TEST_BOARDS")
VIEWERS = [Viewer(s) for s in Seat] + [Viewer(), Viewer(sees_all=True)]


def check_views(state: TableState, events: list[object]) -> None:
    played = set(state.cards)
    for viewer in VIEWERS:
        allowed = may_see(state, viewer)
        assert visible_cards(state, viewer) == allowed
        data = view(state, viewer)
        text = json.dumps(data, ensure_ascii=False)
        shown = {Card.parse(t) for t in CARD_TOKEN.findall(text)}
        leaked = shown - played - allowed
        assert not leaked, (viewer, leaked, data)
        # Completeness: the viewer's own unplayed cards are all shown.
        if viewer.seat is not None:
            assert set(state.hand(viewer.seat)) <= {Card.parse(c) for h in data["hands"].values()
                                                     for c in h}
        for e in events:
            etext = json.dumps(event_dict(e, viewer, state), ensure_ascii=False)  # type: ignore[arg-type]
            eshown = {Card.parse(t) for t in CARD_TOKEN.findall(etext)}
            assert not eshown - played - allowed


def random_action(state: TableState, rng: random.Random) -> object | None:
    """One random action the table accepts (or None when the board is over)."""
    if state.phase is Phase.DONE:
        return None
    pending = state.claim or state.undo
    if pending is not None:
        seat = rng.choice(state.to_act)
        r = rng.random()
        if r < 0.1:
            return WithdrawClaim(pending.seat) if state.claim else WithdrawUndo(pending.seat)
        if state.claim is not None:
            return AnswerClaim(seat, r < 0.6)
        return AnswerUndo(seat, r < 0.6)
    r = rng.random()
    last = state.last_move()
    if r < 0.04 and last is not None and not (last[0] == "card" and len(state.cards) == 1):
        kind, seat = last
        return RequestUndo(state.controller(seat) if kind == "card" else seat)
    if r < 0.07 and state.phase is Phase.PLAY and state.cards:
        assert state.play is not None and state.declarer is not None
        claimer = rng.choice([state.declarer, state.declarer.lho, state.declarer.rho])
        return Claim(claimer, rng.randint(0, state.play.remaining), "alert-free")
    if state.phase is Phase.AUCTION:
        calls = state.legal_calls()
        # Mostly passes, so auctions end; sometimes a bid, double or redouble.
        call = calls[0] if rng.random() < 0.55 else rng.choice(calls)
        alert = "natural?" if rng.random() < 0.1 else None
        return MakeCall(state.auction.next_seat, call, alert)
    hand = state.next_seat
    assert hand is not None
    return PlayCard(state.controller(hand), rng.choice(state.legal_cards()))


def random_step(state: TableState, rng: random.Random) -> tuple[TableState, list[object]] | None:
    action = random_action(state, rng)
    if action is None:
        return None
    return apply(state, action)  # type: ignore[arg-type,return-value]


def test_no_view_ever_shows_a_card_its_viewer_may_not_see() -> None:
    boards = 0
    rng = random.Random(20261201)
    while boards < BOARDS:
        number = rng.randint(1, 32)
        state = start(number, random_deal(seed=boards, board=number))
        check_views(state, [])
        steps = 0
        while (step := random_step(state, rng)) is not None:
            state, events = step
            check_views(state, events)
            steps += 1
            assert steps < 1000
        boards += 1
        assert state.result is not None and state.score_ns is not None


def replay_actions(board: BoardDeal, actions: list[object]) -> TableState:
    s = TableState.start(board)
    for a in actions:
        s, _ = apply(s, a)  # type: ignore[arg-type]
    return s


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 36))
def test_a_table_is_rebuilt_exactly_from_its_actions(seed: int, number: int) -> None:
    """What the web layer relies on: replaying the stored actions gives the same state, at
    every step (the table resumes after a restart at the same position)."""
    rng = random.Random(seed)
    board = BoardDeal.numbered(number, random_deal(seed=seed, board=number))
    state = TableState.start(board)
    actions: list[object] = []
    while (action := random_action(state, rng)) is not None:
        actions.append(action)
        state, _ = apply(state, action)  # type: ignore[arg-type]
        if len(actions) % 7 == 0 or state.phase is Phase.DONE:
            assert replay_actions(board, actions) == state
    assert state.result is not None


def play_facts(state: TableState) -> object:
    """Everything a position's play says: the tricks, the trick in progress, each hand, the
    seat to play, its legal cards, the tricks won and the total."""
    p = state.play
    if p is None:
        return None
    return (tuple(p.tricks), p.cards_played(), tuple(p.hand(s) for s in Seat), p.next_seat,
            tuple(p.legal_cards()), p.declarer_tricks, p.defender_tricks, p.total_tricks)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 36))
def test_a_card_played_on_the_last_position_is_the_whole_play_replayed(seed: int,
                                                                       number: int) -> None:
    """A card extends a copy of the last position's play (not a replay of every card), and
    an action that leaves the calls as they were keeps the auction: at every step the
    position is the one the record replayed from the deal gives, and the position before it
    is left as it was (undo and claims included)."""
    rng = random.Random(seed)
    board = BoardDeal.numbered(number, random_deal(seed=seed, board=number))
    state = TableState.start(board)
    while (action := random_action(state, rng)) is not None:
        before = play_facts(state)
        new, _ = apply(state, action)  # type: ignore[arg-type]
        assert play_facts(state) == before  # the old position untouched
        fresh = TableState(board, state.rules, new.calls, new.alerts, new.cards, new.claim,
                           new.undo, new.claimed)
        assert play_facts(new) == play_facts(fresh)
        # The auction reused when the calls are the same says what a fresh one says.
        assert (new.auction, new.auction.contract, new.auction.declarer, new.phase) == (
            fresh.auction, fresh.auction.contract, fresh.auction.declarer, fresh.phase)
        state = new


# -- messages from the wire --------------------------------------------------------------------


def test_action_from_dict_reads_the_protocols_messages() -> None:
    assert action_from_dict(N, {"type": "call", "call": "1NT", "alert": "15-17"}) == MakeCall(
        N, Call.parse("1NT"), "15-17")
    assert action_from_dict(N, {"type": "call", "call": "不叫"}) == MakeCall(N, Call.parse("P"))
    assert action_from_dict(E, {"type": "card", "card": "♠10"}) == PlayCard(E, Card.parse("ST"))
    assert action_from_dict(E, {"type": "claim", "tricks": 3}) == Claim(E, 3, "")
    assert action_from_dict(E, {"type": "claim_answer", "accept": False}) == AnswerClaim(E, False)
    assert action_from_dict(W, {"type": "undo"}) == RequestUndo(W)
    # The seat is always the server's: a "seat" in the message is ignored.
    assert action_from_dict(W, {"type": "undo", "seat": "N"}) == RequestUndo(W)


@pytest.mark.parametrize("data", [
    {}, {"type": "call"}, {"type": "call", "call": 5},
    {"type": "call", "call": "1NT", "alert": ["x"]}, {"type": "card", "card": "Z9"},
    {"type": "card", "card": "S" * 50}, {"type": "claim", "tricks": "3"},
    {"type": "claim", "tricks": True}, {"type": "claim_answer", "accept": "yes"},
    {"type": "fly"}, {"type": None},
])
def test_action_from_dict_refuses_bad_messages_in_both_languages(data: dict[str, object]) -> None:
    with pytest.raises(TableActionError) as e:
        action_from_dict(N, data)
    assert e.value.code == "bad_message" and e.value.en and e.value.zh


@settings(max_examples=500, deadline=None)
@given(st.dictionaries(st.sampled_from(["type", "call", "card", "tricks", "accept", "alert",
                                        "statement"]),
                       st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=30),
                                 st.sampled_from(["call", "card", "claim", "claim_answer",
                                                  "undo", "undo_answer", "1NT", "SA"]))))
def test_action_from_dict_fuzz_only_refuses(data: dict[str, object]) -> None:
    try:
        action = action_from_dict(S, data)
    except TableActionError as e:
        assert e.code == "bad_message"
        return
    # Whatever it reads is refused or accepted by the table, never a crash.
    with contextlib.suppress(TableActionError):
        apply(start(1), action)


def test_a_bid_above_seven_reads_but_the_table_refuses_it_by_law_38() -> None:
    action = action_from_dict(N, {"type": "call", "call": "8NT"})
    refused(start(1), action, "illegal_call")


def test_every_card_of_the_deck_parses_from_its_wire_name() -> None:
    assert all(action_from_dict(N, {"type": "card", "card": str(c)}).card is c  # type: ignore[union-attr]
               for c in DECK)
