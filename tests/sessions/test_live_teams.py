"""A live team event (``sessions.live_teams``): schedules, entering, correcting, visibility,
match scores and round-robin standings.

Expected values are worked out by hand (Law 77 scores, the Law 78B IMP table, the WBF 2013
VP formula), never by the code under test.  Every combination of artificial and played
scores in the two rooms is the library's table (``test_events_teams_adjusted``), replayed
here through the live state.
"""

from __future__ import annotations

import math
from dataclasses import replace
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.errors import BridgeError
from bridgescore.core.result import Result
from bridgescore.sessions.assignment import Assignment
from bridgescore.sessions.live_teams import (
    LiveTeams,
    imp_arithmetic,
    match_schedule,
    plan_matches,
    room_arithmetic,
    round_robin_schedule,
)
from bridgescore.sessions.model import BoardResult, Team, TeamMatch
from bridgescore.sessions.teams import score_match
from sessions.test_teams_adjusted import CASES, _room


def _enter(live: LiveTeams, rnd: int, table: int, board: int, text: str) -> LiveTeams:
    a = next(x for x in live.assignments if (x.round, x.table) == (rnd, table))
    live, _ = live.enter(BoardResult(board, a.ns_pair, a.ew_pair, Result.parse(text),
                                     table=table, round=rnd))
    return live


# A 4-board match in two segments, home team 1 (NS at table 1), away team 2.  By hand:
# b1 (none vul): open 4S N = +420, closed 4S N -1 −50: 470 → 10 IMPs to home.
# b2 (NS vul): 3NT S +1 +630 in both rooms: 0.
# b3 (EW vul): open 2H W = −110, closed 4H W = −620: +510 → 11 to home.
# b4 (both vul): open 4S N +2 +680, closed 6S N = +1430: −750 → 13 to away.
# Home 21, away 13: margin 8 over 4 boards.  WBF 2013: blitz 15·√4 = 30;
# VP = 10 + 10·(1 − τ^(3·8/30))/(1 − τ³), τ = (√5 − 1)/2, = 14.18 (to 2 places).
MATCH = [(1, 1, "4S N =", "4S N -1"), (1, 2, "3NT S +1", "3NT S +1"),
         (2, 3, "2H W =", "4H W ="), (2, 4, "4S N +2", "6S N =")]


def _played_match() -> LiveTeams:
    live = LiveTeams.start(match_schedule("1", "2", boards=4, segments=2))
    for rnd, board, open_, closed in MATCH:
        live = _enter(live, rnd, 1, board, open_)
        live = _enter(live, rnd, 2, board, closed)
    return live


def _wbf(margin: int, boards: int) -> float:
    tau = (math.sqrt(5) - 1) / 2
    b = 15 * math.sqrt(boards)
    if margin >= b:
        return 20.0
    return round(10 + 10 * (1 - tau ** (3 * margin / b)) / (1 - tau ** 3), 2)


def test_a_match_scored_board_by_board() -> None:
    live = _played_match()
    (plan,) = live.matches()
    assert (plan.home, plan.away, plan.boards, plan.rounds) == ("1", "2", (1, 2, 3, 4), (1, 2))
    m = live.match_state(plan)
    assert [(b.board, b.difference, b.imps) for b in m.score.boards] == [
        (1, 470, 10), (2, 0, 0), (3, 510, 11), (4, -750, -13)]
    assert (m.score.home_total, m.score.away_total, m.complete) == (21, 13, True)
    assert m.vp == (pytest.approx(_wbf(8, 4)), pytest.approx(20 - _wbf(8, 4)))
    assert m.vp == (14.18, 5.82)
    assert live.outstanding() == ()


def test_the_arithmetic_in_both_languages() -> None:
    live = _played_match()
    m = live.match_state(live.matches()[0])
    b1, _, b3, b4 = m.score.boards
    assert imp_arithmetic(b1, "Lions", "Tigers") == "+420 − (-50) = +470: 10 IMPs to Lions"
    assert imp_arithmetic(b1, "狮队", "虎队", "zh") == "+420 − (-50) = +470：狮队得 10 IMP"
    assert imp_arithmetic(b3, "H", "A") == "-110 − (-620) = +510: 11 IMPs to H"
    assert imp_arithmetic(b4, "H", "A") == "+680 − (+1430) = -750: 13 IMPs to A"
    assert room_arithmetic(b1.open) == "NS score 4×30+300=420"
    assert room_arithmetic(b1.closed, "zh") == "东西得 50分"


def test_a_partly_played_match_shows_only_boards_in_both_rooms() -> None:
    live = LiveTeams.start(match_schedule("1", "2", boards=4, segments=2))
    live = _enter(live, 1, 1, 1, "4S N =")
    live = _enter(live, 1, 1, 2, "3NT S +1")
    live = _enter(live, 1, 2, 1, "4S N -1")
    m = live.match_state(live.matches()[0])
    assert [b.board for b in m.score.boards] == [1]
    assert m.waiting == (2, 3, 4) and not m.complete and m.vp is None
    assert (m.score.home_total, m.score.away_total) == (10, 0)
    assert live.played_everywhere() == frozenset({1})
    assert [(s.round, s.table, s.board) for s in live.outstanding(1)] == [(1, 2, 2)]


def test_correct_and_cancel() -> None:
    live = LiveTeams.start(match_schedule("1", "2", boards=2))
    live = _enter(live, 1, 1, 1, "4S N =")
    live = _enter(live, 1, 2, 1, "4S N -1")
    # Closed room corrected to 4S N = (+420): the rooms tie, 0 IMPs.
    live, change = live.correct(2, BoardResult(1, "2", "1", Result.parse("4S N ="),
                                               table=2, round=1))
    assert change.seq == 3 and change.boards == (1,) and change.pairs == ("1", "2")
    assert [b.imps for b in live.match_state(live.matches()[0]).score.boards] == [0]
    live, _ = live.cancel(1)
    assert [(s.table, s.board) for s in live.outstanding()] == [(1, 1), (1, 2), (2, 2)]
    with pytest.raises(BridgeError, match="superseded by entry 4"):
        live.cancel(1)
    # A rebuilt state from the log is the same state.
    again = LiveTeams(live.assignments, entries=live.entries)
    assert again.in_force() == live.in_force() and again.seq == live.seq == 4


def test_entries_that_do_not_fit_are_refused() -> None:
    live = LiveTeams.start(match_schedule("1", "2", boards=2))
    live = _enter(live, 1, 1, 1, "4S N =")
    with pytest.raises(BridgeError) as got:
        _enter(live, 1, 1, 1, "3NT N =")
    assert got.value.en == ("board 1: already entered at table 1 in round 1 (entry 1): "
                            "correct that entry instead")
    assert got.value.zh == "第1副：第1轮第1桌已录入（第 1 条）：请更正该条录入"
    r = Result.parse("4S N =")
    with pytest.raises(BridgeError, match="holds the EW cards at table 1"):
        live.enter(BoardResult(2, "2", "1", r, table=1, round=1))
    with pytest.raises(BridgeError, match="not played at table 1 in round 1"):
        live.enter(BoardResult(3, "1", "2", r, table=1, round=1))
    with pytest.raises(BridgeError, match="no play at table 3"):
        live.enter(BoardResult(1, "1", "2", r, table=3, round=1))
    with pytest.raises(BridgeError, match="needs its round and table"):
        live.enter(BoardResult(1, "1", "2", r))


def test_a_room_without_its_other_room_is_refused() -> None:
    with pytest.raises(BridgeError) as got:
        plan_matches([Assignment(1, 1, "1", "2", (1, 2)), Assignment(1, 2, "2", "1", (3, 4))])
    assert got.value.en.startswith("round 1, table 1: teams 1 v 2 have no other room")
    with pytest.raises(BridgeError, match="do not split into 3 equal segments"):
        match_schedule("1", "2", boards=8, segments=3)


@pytest.mark.parametrize("k", [2, 3, 4, 5, 6])
def test_round_robin_every_pair_meets_once_in_two_rooms(k: int) -> None:
    teams = [str(t) for t in range(1, k + 1)]
    lines = round_robin_schedule(teams, boards_per_round=3)
    plans = plan_matches(lines)
    assert sorted(tuple(sorted((p.home, p.away))) for p in plans) == sorted(
        combinations(teams, 2))
    rounds = k - 1 if k % 2 == 0 else k
    assert {a.round for a in lines} == set(range(1, rounds + 1))
    for a in lines:  # round r plays boards 3r-2 … 3r at every table
        assert a.boards == (3 * a.round - 2, 3 * a.round - 1, 3 * a.round)
    for p in plans:
        for b in p.boards:  # the open room is the odd table, the closed the next one
            (ro, to), (rc, tc) = p.open[b], p.closed[b]
            assert ro == rc and to % 2 == 1 and tc == to + 1


def test_round_robin_standings_with_byes() -> None:
    # 3 teams, one board a round (round r plays board r): each round one match and one bye
    # (12 VP).  Team 1 beats 2 and 3, team 2 beats 3: the winner's NS bids 7NT and makes it,
    # the loser's goes one down.  Boards 1 and 3 (NS not vulnerable): 1520 + 50 = 1570 → 17
    # IMPs; board 2 (NS vulnerable): 2220 + 100 = 2320 → 20.  Either is above the 1-board
    # blitz of 15 → 20-0.  By hand: team 1 20+20+12 = 52, team 2 0+20+12 = 32, team 3
    # 0+0+12 = 12; team 1 (rounds 1 and 2) wins 17 + 20 = 37 IMPs, team 3 loses 20 + 17.
    lines = round_robin_schedule(["1", "2", "3"], boards_per_round=1)
    live = LiveTeams.start(lines)
    beats = {frozenset("12"): "1", frozenset("13"): "1", frozenset("23"): "2"}
    for p in live.matches():
        won = beats[frozenset((p.home, p.away))]
        (rnd, to), (_, tc) = p.open[p.boards[0]], p.closed[p.boards[0]]
        b = p.boards[0]
        live = _enter(live, rnd, to, b, "7NT N =" if won == p.home else "7NT N -1")
        live = _enter(live, rnd, tc, b, "7NT N =" if won == p.away else "7NT N -1")
    rows = {s.team: s for s in live.standings()}
    assert [(s.team, s.vp, s.byes, s.place) for s in live.standings()] == [
        ("1", 52, 1, "1"), ("2", 32, 1, "2"), ("3", 12, 1, "3")]
    assert (rows["1"].imps_for, rows["1"].imps_against) == (37, 0)
    assert (rows["3"].imps_for, rows["3"].imps_against) == (0, 37)


def test_standings_count_only_complete_matches() -> None:
    live = LiveTeams.start(round_robin_schedule(["1", "2", "3", "4"], boards_per_round=1))
    first = live.matches()[0]
    b = first.boards[0]
    (rnd, to), (_, tc) = first.open[b], first.closed[b]
    live = _enter(live, rnd, to, b, "7NT N =")
    live = _enter(live, rnd, tc, b, "7NT N -1")
    assert sum(s.played for s in live.standings()) == 2
    # While the other match of the round has yet to play the board, a reader in play sees
    # nothing of it: the board is not played everywhere.
    seen = live.played_everywhere()
    assert b not in seen
    assert sum(s.played for s in live.standings(visible=seen.__contains__)) == 0
    m = live.match_state(first, visible=seen.__contains__)
    assert m.score.boards == () and m.waiting == (b,)


@pytest.mark.parametrize(("open_room", "closed_room", "expected"),
                         [c for c in CASES if "W" not in c[:2]])
def test_artificial_and_played_in_either_room(open_room: str, closed_room: str,
                                              expected: float) -> None:
    # The library's table of every combination, through the live state: the director's
    # award (or a played score) entered for each room at its table.
    live = LiveTeams.start((Assignment(1, 1, "H", "A", (1,)), Assignment(1, 2, "A", "H", (1,))))
    for table, room in ((1, "open"), (2, "closed")):
        r = _room(open_room if room == "open" else closed_room, room)
        live, _ = live.enter(BoardResult(r.board, r.ns_pair, r.ew_pair, r.result, r.score,
                                         r.ns_award, r.ew_award, table=table, round=1))
    (b,) = live.match_state(live.matches()[0]).score.boards
    assert b.imps == pytest.approx(expected, abs=1e-12)


RESULTS = ["4S N =", "4S N -1", "3NT S +1", "2H W =", "6S N =", "pass", "1NT E -2"]
OPS = st.lists(st.tuples(st.sampled_from(["enter", "correct", "cancel"]),
                         st.integers(0, 7), st.integers(0, 99), st.sampled_from(RESULTS)),
               max_size=25)


@settings(max_examples=60, deadline=None)
@given(OPS)
def test_the_live_state_is_the_batch_scoring_of_what_is_in_force(ops: list[Any]) -> None:
    # A model of the log: slot → result text, kept by hand; the live state must hold the
    # same results, and its match score must be the batch scoring of them.
    lines = match_schedule("1", "2", boards=4, segments=2)
    slots = [(a.round, a.table, b, a.ns_pair, a.ew_pair) for a in lines for b in a.boards]
    live = LiveTeams.start(lines)
    model: dict[tuple[int, int, int], str] = {}
    seqs: dict[tuple[int, int, int], int] = {}
    for kind, i, pick, text in ops:
        rnd, table, board, ns, ew = slots[i]
        key = (rnd, table, board)
        r = BoardResult(board, ns, ew, Result.parse(text), table=table, round=rnd)
        if kind == "enter" and key not in model:
            live, _ = live.enter(r)
            model[key], seqs[key] = text, live.seq
        elif kind == "enter":
            with pytest.raises(BridgeError, match="already entered"):
                live.enter(r)
        elif model:
            target = sorted(model)[pick % len(model)]
            if kind == "correct":
                rnd, table, board = target
                a = next(x for x in lines if (x.round, x.table) == (rnd, table))
                live, _ = live.correct(seqs[target], BoardResult(
                    board, a.ns_pair, a.ew_pair, Result.parse(text), table=table, round=rnd))
                model[target], seqs[target] = text, live.seq
            else:
                live, _ = live.cancel(seqs[target])
                del model[target], seqs[target]
    held = {(r.round, r.table, r.board): str(r.result) for r in live.results()}
    assert held == {k: str(Result.parse(v)) for k, v in model.items()}
    both = [r for r in live.results() if sum(
        1 for k in model if k[2] == r.board) == 2]
    batch = score_match(TeamMatch(Team("1"), Team("2"), tuple(
        replace(r, round=None, seq=None) for r in both)))
    m = live.match_state(live.matches()[0])
    assert [(b.board, b.imps) for b in m.score.boards] == [(b.board, b.imps) for b in batch.boards]
    assert LiveTeams(lines, entries=live.entries).in_force() == live.in_force()
