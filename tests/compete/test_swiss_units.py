"""The automatic Swiss pairs piece by piece: the registration room (hands, the hold time,
declining, asking to leave, no double entry), seating, cuts, byes, withdrawals, late entry,
settings and refusals in both languages.  Expected figures are worked by hand here."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from fractions import Fraction

import pytest

from bridgescore.compete.swiss_messages import (
    Action,
    AskedToLeave,
    AskToLeave,
    BoardDone,
    BoardsCut,
    Cancelled,
    Event,
    Final,
    HandLowered,
    Leave,
    Left,
    LowerHand,
    PairRegistered,
    PairWithdrew,
    RaiseHand,
    RoundScored,
    Sit,
    SwissActionError,
    TablesCreated,
    Tick,
    Withdraw,
    action_from_dict,
)
from bridgescore.compete.swissevent import SwissEvent, SwissSettings, apply, round_session
from bridgescore.core.errors import BridgeError
from bridgescore.core.result import Result
from bridgescore.sessions.imp_pairs import score_session

T0 = 100_000.0  # round 1's start in these tests
OPEN = T0 - 1800  # the registration room opens 30 minutes before


def settings(**kw: object) -> SwissSettings:
    base: dict[str, object] = {"start": T0, "rounds": 3, "boards_per_round": 2,
                               "round_minutes": 10}
    return SwissSettings(**{**base, **kw})  # type: ignore[arg-type]


def run(state: SwissEvent, *actions: Action) -> tuple[SwissEvent, list[Event]]:
    out: list[Event] = []
    for a in actions:
        state, evs = apply(state, a)
        out += evs
    return state, out


def refused(state: SwissEvent, action: Action) -> SwissActionError:
    with pytest.raises(SwissActionError) as e:
        apply(state, action)
    return e.value


def names(events: Sequence[Event]) -> list[str]:
    return [type(e).__name__ for e in events]


def register(state: SwissEvent, n: str, s: str, table: int, t: float) -> SwissEvent:
    state, _ = run(state, Sit(n, table, "N", t), Sit(s, table, "S", t), RaiseHand(n, t),
                   RaiseHand(s, t))
    return state


def field(k: int, **kw: object) -> SwissEvent:
    """``k`` pairs registered in number order (pair i: players ni, si), before the start."""
    s = SwissEvent.start(settings(**kw))
    for i in range(1, k + 1):
        s = register(s, f"n{i}", f"s{i}", i, OPEN + 10 * i)
    s, _ = run(s, Tick(OPEN + 10 * k + 31))
    assert [p.id for p in s.pairs] == [str(i) for i in range(1, k + 1)]
    return s


def R(text: str) -> Result:
    return Result.parse(text)


# ---------------------------------------------------------------------- registration
def test_both_hands_held_for_the_hold_time_confirm_the_entry() -> None:
    s = SwissEvent.start(settings(hold_seconds=45))
    s, evs = run(s, Sit("ann", 7, "N", OPEN + 1), Sit("bob", 7, "S", OPEN + 2),
                 RaiseHand("ann", OPEN + 3), RaiseHand("bob", OPEN + 10))
    assert names(evs) == ["Seated", "Seated", "HandRaised", "HandRaised"]
    s, evs = run(s, Tick(OPEN + 54.9))
    assert evs == []  # 44.9 s since both hands were up
    s, evs = run(s, Tick(OPEN + 60))
    assert evs == [PairRegistered("1", "ann", "bob", 7, 1, OPEN + 55)]  # at +10 +45, as due
    assert s.seats == {} and s.pair_of == {"ann": "1", "bob": "1"}


def test_a_player_who_does_not_raise_a_hand_is_not_entered() -> None:
    s = SwissEvent.start(settings())
    s, _ = run(s, Sit("ann", 1, "N", OPEN), Sit("bob", 1, "S", OPEN + 1),
               RaiseHand("bob", OPEN + 2))
    s, evs = run(s, Tick(T0))
    assert not [e for e in evs if isinstance(e, PairRegistered)]
    assert [e for e in evs if isinstance(e, Left)] == [
        Left(1, "N", "ann", "closed", T0), Left(1, "S", "bob", "closed", T0)]
    assert isinstance(evs[-1], Cancelled) and evs[-1].pairs == ()


def test_lowering_a_hand_restarts_the_hold() -> None:
    s = SwissEvent.start(settings())
    s, _ = run(s, Sit("a", 1, "N", OPEN), Sit("b", 1, "S", OPEN), RaiseHand("a", OPEN),
               RaiseHand("b", OPEN), LowerHand("a", OPEN + 20))
    s, evs = run(s, Tick(OPEN + 45))
    assert evs == []
    s, evs = run(s, RaiseHand("a", OPEN + 50), Tick(OPEN + 79))
    assert names(evs) == ["HandRaised"]
    s, evs = run(s, Tick(OPEN + 80))
    assert names(evs) == ["PairRegistered"] and evs[0].at == OPEN + 80  # type: ignore[union-attr]


def test_a_raised_hand_accepts_the_player_opposite_only() -> None:
    s = SwissEvent.start(settings())
    s, _ = run(s, Sit("a", 1, "N", OPEN))
    assert refused(s, RaiseHand("a", OPEN + 1)).code == "no_partner"
    s, _ = run(s, Sit("b", 1, "S", OPEN + 1), RaiseHand("a", OPEN + 2))
    s, evs = run(s, Leave("b", OPEN + 3))
    assert evs == [Left(1, "S", "b", "left", OPEN + 3),
                   HandLowered(1, "N", "a", "partner_left", OPEN + 3)]
    # A newcomer's raised hand alone does not enter the pair.
    s, _ = run(s, Sit("c", 1, "S", OPEN + 4), RaiseHand("c", OPEN + 5), Tick(OPEN + 100))
    assert s.pairs == ()
    assert refused(s, LowerHand("a", OPEN + 101)).code == "hand_down"
    s, _ = run(s, RaiseHand("a", OPEN + 101))
    assert refused(s, RaiseHand("a", OPEN + 102)).code == "hand_up"


def test_the_first_to_sit_may_ask_the_other_to_leave_or_send_them_away() -> None:
    s = SwissEvent.start(settings())
    s, _ = run(s, Sit("me", 3, "S", OPEN), Sit("stranger", 3, "N", OPEN + 5),
               RaiseHand("stranger", OPEN + 6))
    e = refused(s, AskToLeave("stranger", OPEN + 7))
    assert e.code == "not_first" and "'me'" in e.en and "先坐下" in e.zh
    s, evs = run(s, AskToLeave("me", OPEN + 8))
    assert evs == [AskedToLeave(3, "me", "stranger", OPEN + 8)]
    assert s.seats[(3, "N")].player == "stranger"  # asked, not made
    s, evs = run(s, AskToLeave("me", OPEN + 9, force=True))
    assert evs == [AskedToLeave(3, "me", "stranger", OPEN + 9),
                   Left(3, "N", "stranger", "sent_away", OPEN + 9)]
    assert (3, "N") not in s.seats
    assert refused(s, AskToLeave("me", OPEN + 10)).code == "no_partner"


def test_no_player_in_two_pairs_and_no_pair_twice() -> None:
    s = register(SwissEvent.start(settings()), "a", "b", 1, OPEN)
    s, _ = run(s, Tick(OPEN + 30))
    for who, table in (("a", 2), ("b", 1)):
        e = refused(s, Sit(who, table, "N", OPEN + 40))
        assert e.code == "already_registered" and "pair 1" in e.en and "第1对" in e.zh
    s, _ = run(s, Sit("c", 2, "N", OPEN + 41))
    e = refused(s, Sit("c", 3, "S", OPEN + 42))
    assert e.code == "already_seated" and "table 2" in e.en
    assert refused(s, Sit("d", 2, "N", OPEN + 42)).code == "seat_taken"


def test_pairs_are_numbered_in_order_of_confirmation() -> None:
    s = SwissEvent.start(settings())
    s, _ = run(s, Sit("a", 1, "N", OPEN), Sit("b", 1, "S", OPEN),  # sat first, confirms last
               Sit("c", 2, "N", OPEN + 1), Sit("d", 2, "S", OPEN + 1),
               RaiseHand("c", OPEN + 2), RaiseHand("d", OPEN + 3),
               RaiseHand("a", OPEN + 4), RaiseHand("b", OPEN + 5),
               # Two tables due at the same time: the later raise decides (f's at OPEN+9).
               Sit("e", 3, "N", OPEN + 6), Sit("f", 3, "S", OPEN + 6),
               Sit("g", 4, "N", OPEN + 6), Sit("h", 4, "S", OPEN + 6),
               RaiseHand("g", OPEN + 9), RaiseHand("e", OPEN + 9),
               RaiseHand("h", OPEN + 9), RaiseHand("f", OPEN + 9))
    s, evs = run(s, Tick(OPEN + 100))
    assert [(e.pair, e.north, e.at) for e in evs] == [  # type: ignore[union-attr]
        ("1", "c", OPEN + 33), ("2", "a", OPEN + 35), ("3", "g", OPEN + 39),
        ("4", "e", OPEN + 39)]


def test_the_room_opens_before_the_start_and_closes_at_it() -> None:
    s = SwissEvent.start(settings(registration_minutes=20))
    e = refused(s, Sit("a", 1, "N", T0 - 1201))
    assert e.code == "not_open" and "报名室尚未开放" in e.zh
    s, _ = run(s, Sit("a", 1, "N", T0 - 1200), Sit("b", 1, "S", T0 - 40),
               RaiseHand("a", T0 - 30), RaiseHand("b", T0 - 30),  # due exactly at the start
               Sit("c", 2, "N", T0 - 20), Sit("d", 2, "S", T0 - 20),
               RaiseHand("c", T0 - 10), RaiseHand("d", T0 - 10))  # due 20 s too late
    s, evs = run(s, Tick(T0))
    assert names(evs) == ["PairRegistered", "Left", "Left", "RegistrationClosed", "Cancelled"]
    assert refused(s, Sit("x", 5, "N", T0 + 1)).code == "event_over"
    s2 = field(2)
    s2, _ = run(s2, Tick(T0))
    e = refused(s2, Sit("x", 5, "N", T0 + 1))
    assert e.code == "registration_closed" and "报名已经截止" in e.zh


def test_late_entry_joins_the_next_draw_with_its_starting_score() -> None:
    s = field(4, late_entry=True, late_score=-2.5, scoring="butler")
    s, _ = run(s, Tick(T0))
    s = register(s, "n5", "s5", 9, T0 + 60)  # during round 1: enters round 2
    s, evs = run(s, Tick(T0 + 90))
    assert evs == [PairRegistered("5", "n5", "s5", 9, 2, T0 + 90)]
    assert s.totals["5"] == Fraction(-5, 2)
    s, evs = run(s, Tick(T0 + 600))
    scored = next(e for e in evs if isinstance(e, RoundScored))
    assert scored.lines[-1].status == "not_entered" and scored.lines[-1].total == Fraction(-5, 2)
    # Round 1 had no results: every pair 0.  Round 2 by totals, equal in registration order:
    # 1 v 3 (1 met 2), 2 v 4, and 5 (lowest, −2.5) has the bye.
    tc = next(e for e in evs if isinstance(e, TablesCreated))
    assert [(t.ns, t.ew) for t in tc.tables] == [("1", "3"), ("2", "4")] and tc.bye == "5"
    # Registration closes when the last round (3) is drawn, at round 2's end: a pair due
    # 10 s later is not entered.
    s = register(s, "n6", "s6", 9, T0 + 1180)
    s, evs = run(s, Tick(T0 + 1300))
    assert names(evs) == ["BoardsCut", "RoundScored", "Left", "Left", "RegistrationClosed",
                          "TablesCreated"]
    assert [p.id for p in s.pairs] == ["1", "2", "3", "4", "5"]


# ---------------------------------------------------------------------- rounds
def test_round_one_by_registration_order_the_earlier_pair_north_south() -> None:
    s = field(5)
    s, evs = run(s, Tick(T0))
    assert names(evs) == ["RegistrationClosed", "TablesCreated"]
    tc = evs[1]
    assert isinstance(tc, TablesCreated)
    assert [(t.table, t.ns, t.ew, t.boards) for t in tc.tables] == [(1, "1", "2", (1, 2)),
                                                                    (2, "3", "4", (1, 2))]
    assert tc.bye == "5" and (tc.starts, tc.ends, tc.at) == (T0, T0 + 600, T0)
    assert s.table_of("4") == tc.tables[1] and s.table_of("5") is None
    s, evs = run(s, Tick(T0 + 600))
    tc = evs[-1]
    assert isinstance(tc, TablesCreated) and tc.tables[0].boards == (3, 4)


def test_unfinished_boards_are_cut_for_good() -> None:
    s = field(4)
    s, _ = run(s, BoardDone(1, 1, 1, R("4S N ="), T0 + 100),
               BoardDone(1, 2, 1, R("4S N +1"), T0 + 200),
               BoardDone(1, 2, 2, R("3NT S ="), T0 + 599.9))
    e = refused(s, BoardDone(1, 1, 2, R("2H E ="), T0 + 600))
    assert e.code == "cut" and "can never be played" in e.en and "不能再打" in e.zh
    s, evs = run(s, Tick(T0 + 600))
    cut = evs[0]
    assert cut == BoardsCut(1, ((1, 2),), False, T0 + 600)
    # Still refused later, whoever asks.
    assert refused(s, BoardDone(1, 1, 2, R("2H E ="), T0 + 700)).code == "cut"
    # Round 1 scored by cross-IMPs on the two boards played: board 1 (none vulnerable) 420 v
    # 450 is 1 IMP to pair 3 (and to EW pair 2); board 2 only at table 2, nothing to compare.
    sc = evs[1]
    assert isinstance(sc, RoundScored)
    assert [(x.pair, x.score, x.played) for x in sc.lines] == [
        ("1", -1, 1), ("2", 1, 1), ("3", 1, 2), ("4", -1, 2)]


def test_a_board_is_accepted_only_at_its_table_in_its_round() -> None:
    s = field(4, gap_minutes=5)
    s, _ = run(s, Tick(T0), BoardDone(1, 1, 1, R("4S N ="), T0 + 1))
    cases = [
        (BoardDone(2, 1, 3, R("4S N ="), T0 + 2), "wrong_round"),
        (BoardDone(1, 3, 1, R("4S N ="), T0 + 2), "no_table"),
        (BoardDone(1, 1, 3, R("4S N ="), T0 + 2), "wrong_board"),
        (BoardDone(1, 1, 1, R("4S N ="), T0 + 2), "board_done"),
        (BoardDone(1, 1, 2, "4S N =", T0 + 2), "bad_result"),  # type: ignore[arg-type]
        (BoardDone(1, True, 2, R("4S N ="), T0 + 2), "bad_message"),  # type: ignore[arg-type]
    ]
    for action, code in cases:
        assert refused(s, action).code == code
    # A gap: round 2 is drawn at round 1's end but starts 5 minutes later.
    s, evs = run(s, Tick(T0 + 600))
    tc = evs[-1]
    assert isinstance(tc, TablesCreated) and (tc.at, tc.starts, tc.ends) == (
        T0 + 600, T0 + 900, T0 + 1500)
    assert refused(s, BoardDone(2, 1, 3, R("4S N ="), T0 + 899)).code == "not_started"
    s, evs = run(s, BoardDone(2, 1, 3, R("4S N ="), T0 + 900))
    assert names(evs) == ["BoardRecorded"]


def test_the_average_setting_scores_a_cut_board_average() -> None:
    s = field(4, unfinished="average", scoring="mp")
    s, evs = run(s, BoardDone(1, 1, 1, R("4S N ="), T0 + 100),
                 BoardDone(1, 2, 1, R("4S N +1"), T0 + 200), Tick(T0 + 600))
    cut = next(e for e in evs if isinstance(e, BoardsCut))
    assert cut.boards == ((1, 2), (2, 2)) and cut.averaged
    sc = next(e for e in evs if isinstance(e, RoundScored))
    # Board 1: 450 beats 420, a top of 2 to pair 3 and to EW pair 2.  Board 2 Average to
    # everyone: 50% of a top of 2 = 1.  Completed boards count only the one played.
    assert [(x.pair, x.score, x.played) for x in sc.lines] == [
        ("1", 1, 1), ("2", 3, 1), ("3", 3, 1), ("4", 1, 1)]
    session = round_session(s, 1)
    assert len(session.results) == 4 and sum(r.kind == "artificial" for r in session.results) == 2
    assert [p.total for p in score_session(session, "mp").pairs] != []


def test_a_table_with_no_board_done_scores_nothing() -> None:
    s = field(4)
    s, evs = run(s, BoardDone(1, 1, 1, R("4S N ="), T0 + 100), Tick(T0 + 600))
    sc = next(e for e in evs if isinstance(e, RoundScored))
    assert [(x.pair, x.status, x.score, x.played) for x in sc.lines] == [
        ("1", "played", 0, 1), ("2", "played", 0, 1), ("3", "no_board", None, 0),
        ("4", "no_board", None, 0)]


# ---------------------------------------------------------------------- byes
def test_the_bye_scores_the_mean_of_the_round_by_default() -> None:
    s = field(5, scoring="mp")
    s, evs = run(s, BoardDone(1, 1, 1, R("4S N ="), T0 + 100),
                 BoardDone(1, 2, 1, R("4S N +1"), T0 + 200),
                 BoardDone(1, 1, 2, R("3NT S ="), T0 + 300), Tick(T0 + 600))
    sc = next(e for e in evs if isinstance(e, RoundScored))
    # Board 1: pair 3 (450) and EW pair 2 get the top of 2, pairs 1 and 4 nothing.  Board 2
    # has one result of the two expected: Neuberg (0 + 1)·2/1 − 1 = 1 to pairs 1 and 2.
    # Round: 1, 3, 2, 0; the bye (pair 5) gets their mean, 6/4 = 3/2, and its two boards.
    assert [(x.pair, x.status, x.score, x.played) for x in sc.lines] == [
        ("1", "played", 1, 2), ("2", "played", 3, 2), ("3", "played", 2, 1),
        ("4", "played", 0, 1), ("5", "bye", Fraction(3, 2), 2)]
    # Round 2: 2 (3), 3 (2), 5 (3/2), 1 (1), 4 (0); the bye to the lowest without one: 4.
    tc = evs[-1]
    assert isinstance(tc, TablesCreated)
    assert [(t.ns, t.ew) for t in tc.tables] == [("2", "3"), ("5", "1")] and tc.bye == "4"


def test_a_fixed_bye_score_and_bye_boards_not_counted() -> None:
    s = field(3, bye_score=2, bye_counts=False)
    s, evs = run(s, Tick(T0 + 600))
    sc = next(e for e in evs if isinstance(e, RoundScored))
    assert [(x.pair, x.status, x.score, x.played) for x in sc.lines] == [
        ("1", "no_board", None, 0), ("2", "no_board", None, 0), ("3", "bye", 2, 0)]


# ---------------------------------------------------------------------- withdrawals
def test_a_withdrawn_pair_is_not_drawn_again_and_keeps_its_results() -> None:
    s = field(5, rounds=2, completion=0.5)
    s, evs = run(s, Withdraw("4", T0 - 1))  # before the start: never drawn
    assert evs == [PairWithdrew("4", 1, T0 - 1)]
    s, evs = run(s, Tick(T0))
    tc = evs[-1]
    assert isinstance(tc, TablesCreated)
    assert [(t.ns, t.ew) for t in tc.tables] == [("1", "2"), ("3", "5")] and tc.bye is None
    s, evs = run(s, BoardDone(1, 1, 1, R("4S N ="), T0 + 10),
                 BoardDone(1, 2, 1, R("4S N +1"), T0 + 20),
                 Withdraw("2", T0 + 30),  # mid-round: its table plays on
                 BoardDone(1, 1, 2, R("3NT S ="), T0 + 40),
                 BoardDone(1, 2, 2, R("3NT S ="), T0 + 50))
    assert PairWithdrew("2", 2, T0 + 30) in evs
    e = refused(s, Withdraw("2", T0 + 60))
    assert e.code == "withdrawn" and "第2对已经退赛" in e.zh
    assert refused(s, Withdraw("9", T0 + 60)).code == "no_pair"
    s, evs = run(s, Tick(T0 + 600))
    tc = evs[-1]
    assert isinstance(tc, TablesCreated)
    assert [(t.ns, t.ew) for t in tc.tables] == [("3", "1")] and tc.bye == "5"
    s, evs = run(s, BoardDone(2, 1, 3, R("4S N ="), T0 + 700), Tick(T0 + 1200))
    final = evs[-1]
    assert isinstance(final, Final)
    # 4 boards in all, 2 needed.  Round 1 by cross-IMPs: board 1 pair 3 +1, pair 1 −1 (EW
    # the other way); board 2 flat.  Round 2: one result, 0.  The bye: the mean of round 2's
    # scores, 0, and its two boards.
    rows = [(x.pair, x.place, x.total, x.boards, x.withdrawn_from, x.masterpoints)
            for x in final.standings]
    assert rows == [("3", 1, 1, 3, None, 3), ("2", 2, 1, 2, 2, 2), ("5", 3, -1, 4, None, 0),
                    ("1", 4, -1, 3, None, 0), ("4", None, 0, 0, 1, 0)]
    assert refused(s, Withdraw("1", T0 + 1300)).code == "event_over"
    assert refused(s, BoardDone(2, 1, 4, R("4S N ="), T0 + 1300)).code == "cut"


def test_withdrawals_leaving_one_pair_give_it_the_bye() -> None:
    s = field(3, rounds=2)
    s, _ = run(s, Withdraw("1", T0 + 1), Withdraw("2", T0 + 2))
    s, evs = run(s, Tick(T0 + 600))
    tc = evs[-1]
    assert isinstance(tc, TablesCreated) and tc.tables == () and tc.bye == "3"


def test_too_few_pairs_cancel_the_event() -> None:
    s = field(3, min_pairs=4)
    s, evs = run(s, Tick(T0))
    assert evs[-1] == Cancelled(("1", "2", "3"), T0) and s.phase == "cancelled"
    assert refused(s, BoardDone(1, 1, 1, R("4S N ="), T0 + 1)).code == "event_over"
    assert refused(s, Withdraw("1", T0 + 1)).code == "event_over"


# ---------------------------------------------------------------------- the final results
def test_places_masterpoints_and_unranked_pairs() -> None:
    s = field(6, rounds=1, completion=1.0)
    s, evs = run(s, *[BoardDone(1, t, b, R(res), T0 + 10 * k)
                      for k, (t, b, res) in enumerate([
                          (1, 1, "4S N +1"), (2, 1, "4S N ="), (3, 1, "4S N ="),
                          (1, 2, "3NT S ="), (2, 2, "3NT S ="), (3, 2, "3NT S =")])
                      if (t, b) != (3, 2)], Tick(T0 + 600))
    final = evs[-1]
    assert isinstance(final, Final)
    # Board 1: 450 (pair 1) against two 420s (pairs 3, 5), cross-IMPs averaged over the 2
    # comparisons: pair 1 (1 + 1)/2 = +1, pairs 3 and 5 (−1 + 0)/2 = −1/2; EW the other way:
    # pair 2 −1, pairs 4 and 6 +1/2.  Board 2 flat (600 twice).  Pairs 5 and 6 missed board
    # 2: unranked (100% needed).  The four ranked have a top half of 2: 3 and 2 masterpoints.
    rows = [(x.pair, x.place, x.total, x.masterpoints) for x in final.standings]
    assert rows == [("1", 1, 1, 3), ("4", 2, Fraction(1, 2), 2), ("3", 3, Fraction(-1, 2), 0),
                    ("2", 4, -1, 0), ("6", None, Fraction(1, 2), 0),
                    ("5", None, Fraction(-1, 2), 0)]
    assert dict(final.players)["n4"] == dict(final.players)["s4"] == 2
    assert s.final == final and s.phase == "finished"


def test_ties_go_to_more_boards_then_earlier_registration() -> None:
    s = field(4, rounds=1, completion=0.0, scoring="butler")
    s, evs = run(s, BoardDone(1, 1, 1, R("4S N ="), T0 + 1),
                 BoardDone(1, 2, 1, R("4S N ="), T0 + 2),
                 BoardDone(1, 2, 2, R("3NT S ="), T0 + 3), Tick(T0 + 600))
    final = evs[-1]
    assert isinstance(final, Final)
    # Every score equals the datum: 0 each.  Pairs 3 and 4 completed 2 boards, 1 and 2 one.
    assert [(x.pair, x.place, x.total, x.boards) for x in final.standings] == [
        ("3", 1, 0, 2), ("4", 2, 0, 2), ("1", 3, 0, 1), ("2", 4, 0, 1)]


# ---------------------------------------------------------------------- data and refusals
def test_actions_and_states_as_plain_data() -> None:
    acts: list[Action] = [Tick(1.5), Sit("a", 1, "N", 2), Leave("a", 3), RaiseHand("a", 4),
                          LowerHand("a", 5), AskToLeave("a", 6, True),
                          BoardDone(1, 2, 3, R("4SX N -2"), 7), Withdraw("3", 8)]
    for a in acts:
        assert action_from_dict(json.loads(json.dumps(a.to_dict()))) == a
    s = field(3)
    s, _ = run(s, Tick(T0), BoardDone(1, 1, 2, R("4S N ="), T0 + 5))
    data = json.loads(json.dumps(s.to_dict()))
    assert SwissEvent.from_dict(data) == s
    assert SwissSettings.from_dict(s.settings.to_dict()) == s.settings


@pytest.mark.parametrize(("data", "en", "zh"), [
    ({"type": "Jump", "version": 1}, "invalid Swiss event action 'Jump'", "无效的瑞士移位赛操作"),
    ({"type": "Tick", "version": 1}, "'now' is missing", "缺少 'now'"),
    ({"type": "Sit", "version": 1, "player": "a", "table": 1, "seat": "E", "now": 1},
     "'seat' must be one of 'N', 'S'", "'seat' 应为 'N', 'S' 之一"),
    ({"type": "Tick", "version": 1, "now": 1, "extra": 2}, "unknown key(s) 'extra'", "未知的键"),
])
def test_bad_action_data(data: dict[str, object], en: str, zh: str) -> None:
    with pytest.raises(BridgeError) as e:
        action_from_dict(data)
    assert en in e.value.en and zh in e.value.zh


HAN = re.compile(r"[\u4e00-\u9fff]")


def refusals() -> list[tuple[str, Callable[[], SwissEvent], Action]]:
    def empty() -> SwissEvent:
        return SwissEvent.start(settings())

    def seated() -> SwissEvent:
        return run(empty(), Sit("a", 1, "N", OPEN), Sit("b", 1, "S", OPEN + 1))[0]

    def playing() -> SwissEvent:
        return run(field(4), Tick(T0))[0]

    return [
        ("bad_time", empty, Tick(float("nan"))),
        ("bad_time", empty, Tick("soon")),  # type: ignore[arg-type]
        ("bad_player", empty, Sit("", 1, "N", OPEN)),
        ("bad_player", empty, Sit("x" * 101, 1, "N", OPEN)),
        ("no_table", empty, Sit("a", 0, "N", OPEN)),
        ("no_table", empty, Sit("a", 251, "N", OPEN)),
        ("bad_seat", empty, Sit("a", 1, "E", OPEN)),  # type: ignore[arg-type]
        ("not_open", empty, Sit("a", 1, "N", OPEN - 1)),
        ("not_seated", empty, Leave("a", OPEN)),
        ("not_seated", empty, RaiseHand("a", OPEN)),
        ("seat_taken", seated, Sit("c", 1, "S", OPEN + 2)),
        ("already_seated", seated, Sit("a", 2, "S", OPEN + 2)),
        ("hand_down", seated, LowerHand("a", OPEN + 2)),
        ("not_first", seated, AskToLeave("b", OPEN + 2)),
        ("registration_closed", playing, Sit("z", 1, "N", T0 + 1)),
        ("wrong_round", empty, BoardDone(1, 1, 1, R("4S N ="), OPEN)),
        ("no_table", playing, BoardDone(1, 9, 1, R("4S N ="), T0 + 1)),
        ("wrong_board", playing, BoardDone(1, 1, 5, R("4S N ="), T0 + 1)),
        ("no_pair", playing, Withdraw("x", T0 + 1)),
        ("bad_action", empty, "sit down"),  # type: ignore[arg-type]
    ]


@pytest.mark.parametrize(("code", "make", "action"), refusals())
def test_refusals_say_why_in_both_languages(code: str, make: Callable[[], SwissEvent],
                                            action: Action) -> None:
    state = make()
    e = refused(state, action)
    assert e.code == code
    assert e.en and not HAN.search(e.en) and HAN.search(e.zh)
    assert e.message("zh") == e.zh and str(e) == e.en


@pytest.mark.parametrize(("kw", "en", "zh"), [
    ({"rounds": 0}, "setting rounds 0: expected a whole number from 1 to 200", "rounds 0"),
    ({"boards_per_round": 2.0}, "boards_per_round 2.0", "的整数"),
    ({"round_minutes": 0}, "round_minutes 0: expected a number more than 0", "大于 0 的数"),
    ({"gap_minutes": -1}, "gap_minutes -1: expected a number at least 0", "不小于 0 的数"),
    ({"completion": 1.5}, "completion 1.5: expected a share from 0 to 1", "0 到 1 之间的比例"),
    ({"scoring": "online"}, "scoring 'online': expected ximp, butler or mp", "ximp、butler 或 mp"),
    ({"unfinished": "skip"}, "unfinished 'skip'", "cut（切断）或 average（平均）"),
    ({"bye_score": "half"}, "bye_score 'half'", "'average'（平均）或数"),
    ({"top_half": "round"}, "top_half 'round'", "down 或 up"),
    ({"late_entry": 1}, "late_entry 1: expected true or false", "true 或 false"),
    ({"min_pairs": 1}, "min_pairs 1", "2 到 100000 的整数"),
    ({"start": float("inf")}, "start inf: expected a time in seconds", "以秒计的时间"),
])
def test_bad_settings_in_both_languages(kw: dict[str, object], en: str, zh: str) -> None:
    with pytest.raises(BridgeError) as e:
        settings(**kw)
    assert en in e.value.en and zh in e.value.zh and "瑞士移位赛设置" in e.value.zh
