"""A live team event's schedule options and settings: the double round robin (every two teams
meet twice, home and away swapped), the VP scale and the bye as settings that re-score what
is in, what a reader's page must redraw after an entry, and the one entry-fits-its-line
check that pairs and teams share.

Expected values are worked out by hand (Law 77 scores, the Law 78B IMP table, the scales'
published bands in rules.md section 3), never by the code under test.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.errors import BridgeError, ScaleError
from bridgescore.core.result import Result
from bridgescore.sessions.assignment import Assignment
from bridgescore.sessions.live import LiveSession
from bridgescore.sessions.live_teams import (
    LiveTeams,
    match_schedule,
    plan_matches,
    round_robin_schedule,
)
from bridgescore.sessions.model import BoardResult
from bridgescore.sessions.team_events import (
    check_bye_vp,
    default_bye_vp,
    double_round_robin,
    round_robin,
)
from bridgescore.sessions.teams import MatchSettings


def _enter(live: LiveTeams, rnd: int, table: int, board: int, text: str) -> LiveTeams:
    a = next(x for x in live.assignments if (x.round, x.table) == (rnd, table))
    live, _ = live.enter(BoardResult(board, a.ns_pair, a.ew_pair, Result.parse(text),
                                     table=table, round=rnd))
    return live


# ---------------------------------------------------------------- the double round robin
@settings(max_examples=40, deadline=None)
@given(st.integers(2, 16))
def test_double_round_robin_every_two_teams_meet_twice_home_and_away(n: int) -> None:
    teams = [f"T{i}" for i in range(n)]
    single, double = round_robin(teams), double_round_robin(teams)
    assert len(double) == 2 * len(single)
    met = Counter(frozenset((f.home, f.away)) for rnd in double for f in rnd)
    assert set(met) == {frozenset(p) for p in combinations(teams, 2)}
    assert set(met.values()) == {2}
    # Once at home each: every ordered (home, away) exactly once.
    ordered = Counter((f.home, f.away) for rnd in double for f in rnd)
    assert set(ordered.values()) == {1} and len(ordered) == n * (n - 1)
    for i, rnd in enumerate(double, 1):
        playing = [t for f in rnd for t in (f.home, f.away)]
        assert len(playing) == len(set(playing))  # nobody twice in a round
        assert all(f.round == i for f in rnd)
    # The second half is the first again, round by round, the teams swapped.
    half = len(single)
    for r in range(half):
        assert [(f.away, f.home) for f in double[r + half]] == [(f.home, f.away)
                                                                  for f in single[r]]
    home = Counter(f.home for rnd in double for f in rnd)
    away = Counter(f.away for rnd in double for f in rnd)
    assert all(home[t] == away[t] == n - 1 for t in teams)


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 8), st.integers(1, 3))
def test_a_double_round_robin_schedule_makes_two_matches_for_every_two_teams(
        n: int, per: int) -> None:
    teams = [str(t) for t in range(1, n + 1)]
    lines = round_robin_schedule(teams, boards_per_round=per, double=True)
    plans = plan_matches(lines)
    assert len(plans) == n * (n - 1)
    pairs = Counter(frozenset((p.home, p.away)) for p in plans)
    assert set(pairs.values()) == {2} and len(pairs) == n * (n - 1) // 2
    by_teams: dict[frozenset[str], list[tuple[str, str]]] = {}
    for p in plans:
        by_teams.setdefault(frozenset((p.home, p.away)), []).append((p.home, p.away))
    for (h1, a1), (h2, a2) in by_teams.values():
        assert (h2, a2) == (a1, h1)  # the return match has home and away swapped
    at = {(a.round, a.table): a for a in lines}
    for p in plans:
        assert len(p.rounds) == 1 and len(p.boards) == per
        r = p.rounds[0]
        assert p.boards == tuple(range((r - 1) * per + 1, r * per + 1))
        for b in p.boards:
            (ro, to), (rc, tc) = p.open[b], p.closed[b]
            assert ro == rc == r and to % 2 == 1 and tc == to + 1
            # The home team holds the NS cards in the open room, the away team in the closed.
            assert (at[(ro, to)].ns_pair, at[(ro, to)].ew_pair) == (p.home, p.away)
            assert (at[(rc, tc)].ns_pair, at[(rc, tc)].ew_pair) == (p.away, p.home)
    # Two teams never play the same board twice.
    boards: dict[frozenset[str], list[int]] = {}
    for p in plans:
        boards.setdefault(frozenset((p.home, p.away)), []).extend(p.boards)
    assert all(len(v) == len(set(v)) for v in boards.values())
    assert len(round_robin_schedule(teams, boards_per_round=per)) * 2 == len(lines)


def test_the_return_match_is_a_match_of_its_own() -> None:
    # Two teams, one board a round, twice: two matches, not one match in two segments.
    lines = round_robin_schedule(["1", "2"], boards_per_round=2, double=True)
    first, back = plan_matches(lines)
    assert (first.number, first.home, first.away, first.boards) == (1, "1", "2", (1, 2))
    assert (back.number, back.home, back.away, back.boards) == (2, "2", "1", (3, 4))
    # A match in two segments is still one match.
    (m,) = plan_matches(match_schedule("1", "2", boards=4, segments=2))
    assert m.rounds == (1, 2) and m.boards == (1, 2, 3, 4)


def test_teams_meeting_again_on_the_same_boards_are_refused() -> None:
    lines = [Assignment(1, 1, "1", "2", (1,)), Assignment(1, 2, "2", "1", (1,)),
             Assignment(2, 1, "2", "1", (1,)), Assignment(2, 2, "1", "2", (1,))]
    with pytest.raises(BridgeError) as got:
        plan_matches(lines)
    assert got.value.en == "teams 2 and 1 play board 1 twice"
    assert got.value.zh == "2队与1队两次打第1副"


def test_double_must_be_true_or_false() -> None:
    with pytest.raises(BridgeError, match="invalid 'double' 'yes'"):
        round_robin_schedule(["1", "2", "3"], 1, double="yes")  # type: ignore[arg-type]


# ---------------------------------------------------------------- VP scale and bye
# A 4-board match (test_live_teams' MATCH): home 21, away 13, margin 8.
MATCH = [(1, 1, "4S N =", "4S N -1"), (1, 2, "3NT S +1", "3NT S +1"),
         (2, 3, "2H W =", "4H W ="), (2, 4, "4S N +2", "6S N =")]


def _played(**kw: object) -> LiveTeams:
    live = LiveTeams.start(match_schedule("1", "2", boards=4, segments=2), **kw)  # type: ignore[arg-type]
    for rnd, board, open_, closed in MATCH:
        live = _enter(live, rnd, 1, board, open_)
        live = _enter(live, rnd, 2, board, closed)
    return live


@pytest.mark.parametrize(("scale", "vp"), [
    # WBF 2013, 4 boards: blitz 15·√4 = 30; 10 + 10·(1 − τ^(3·8/30))/(1 − τ³) = 14.18.
    ("wbf", (14.18, 5.82)),
    # Its whole-VP version: 14 VPs from where the formula gives 13.5 (6.47 IMPs, so 7) up to
    # where it gives 14.5 (8.75 IMPs, so 8): 8 IMPs is 14–6.
    ("wbf-whole", (14, 6)),
    # ACBL 20-VP, up to 8 boards: 8 IMPs is the fourth step (1, 3, 5, 8): 14–6.
    ("acbl-20", (14, 6)),
])
def test_the_vp_scale_is_a_setting_that_rescores(scale: str, vp: tuple[float, float]) -> None:
    wbf = _played()
    assert wbf.match_state(wbf.matches()[0]).vp == (14.18, 5.82)
    other = wbf.with_settings(MatchSettings(vp_scale=scale))
    state = other.match_state(other.matches()[0])
    assert state.vp == vp and state.score.vp_scale == scale
    assert (state.score.home_total, state.score.away_total) == (21, 13)  # the IMPs stay
    assert other.entries == wbf.entries and other.in_force() == wbf.in_force()
    again = other.with_settings(MatchSettings())
    assert again.match_state(again.matches()[0]).vp == (14.18, 5.82)


def test_a_scale_that_does_not_cover_the_match_is_refused() -> None:
    with pytest.raises(ScaleError) as got:
        _played().with_settings(MatchSettings(vp_scale="acbl-30"))
    assert got.value.en == "the acbl-30 scale covers matches of 6-8 boards, not 4"
    assert got.value.zh == "acbl-30 换算表适用于 6-8 副牌的比赛，不适用于 4 副"
    with pytest.raises(ScaleError):
        LiveTeams.start(match_schedule("1", "2", boards=16),
                        settings=MatchSettings(vp_scale="acbl-30"))
    with pytest.raises(BridgeError, match="scored at IMPs"):
        LiveTeams.start(match_schedule("1", "2", boards=8),
                        settings=MatchSettings(scoring="bam"))


def test_a_match_in_play_has_no_vps_whatever_the_scale() -> None:
    # ACBL's 30-VP scale covers 6 to 8 boards: a match of 8 with two boards in both rooms
    # is scored in IMPs (10 to home) and waits for its VPs.
    live = LiveTeams.start(match_schedule("1", "2", boards=8),
                           settings=MatchSettings(vp_scale="acbl-30"))
    live = _enter(live, 1, 1, 1, "4S N =")
    live = _enter(live, 1, 2, 1, "4S N -1")
    state = live.match_state(live.matches()[0])
    assert state.vp is None and state.score.vp is None and state.score.home_total == 10
    assert state.score.vp_scale == "acbl-30" and not state.complete
    # The other seven boards flat (the same result in both rooms): 10 IMPs over 8 boards,
    # ACBL 30-VP 9–10 IMPs is 24–6.
    for b in range(2, 9):
        live = _enter(live, 1, 1, b, "3NT S =")
        live = _enter(live, 1, 2, b, "3NT S =")
    assert live.match_state(live.matches()[0]).vp == (24, 6)


# Three teams twice round, one board a round (round r plays board r).  Team 1 beats 2 and
# 3, team 2 beats 3, in both halves: the winner's NS makes 7NT N, the loser's goes one down.
# NS not vulnerable (boards 1, 3, 6): 1520 + 50 = 1570 → 17 IMPs; vulnerable (2, 4, 5):
# 2220 + 100 = 2320 → 20.  The rounds (double_round_robin of 1, 2, 3): 1: 2 v 1, 2: 1 v 3,
# 3: 3 v 2, 4: 1 v 2, 5: 3 v 1, 6: 2 v 3; each team has two byes.
BEATS = {frozenset("12"): "1", frozenset("13"): "1", frozenset("23"): "2"}


def _double() -> LiveTeams:
    live = LiveTeams.start(round_robin_schedule(["1", "2", "3"], 1, double=True))
    for p in live.matches():
        won = BEATS[frozenset((p.home, p.away))]
        b = p.boards[0]
        (rnd, to), (_, tc) = p.open[b], p.closed[b]
        live = _enter(live, rnd, to, b, "7NT N =" if won == p.home else "7NT N -1")
        live = _enter(live, rnd, tc, b, "7NT N =" if won == p.away else "7NT N -1")
    return live


def test_double_round_robin_standings_under_each_scale_and_bye() -> None:
    live = _double()
    assert [(p.rounds[0], p.home, p.away) for p in live.matches()] == [
        (1, "2", "1"), (2, "1", "3"), (3, "3", "2"), (4, "1", "2"), (5, "3", "1"), (6, "2", "3")]
    # WBF: every margin (17 or 20) is past the 1-board blitz of 15: 20–0.  Team 1 four
    # wins 80 + two byes of 12 = 104; team 2 40 + 24 = 64; team 3 0 + 24 = 24.
    rows = live.standings()
    assert [(s.team, s.vp, s.played, s.byes) for s in rows] == [
        ("1", 104, 4, 2), ("2", 64, 4, 2), ("3", 24, 4, 2)]
    assert (rows[0].imps_for, rows[0].imps_against) == (17 + 20 + 20 + 20, 0)
    # ACBL 20-VP (1–8 boards): 17 IMPs is the seventh step (17–3), 20 the eighth (18–2).
    # Team 1: 17 + 18 + 18 + 18 = 71; team 2: 3 + 17 + 2 + 17 = 39; team 3: 2 + 3 + 2 + 3 = 10.
    acbl = live.with_settings(MatchSettings(vp_scale="acbl-20"))
    assert [(s.team, s.vp) for s in acbl.standings()] == [("1", 95), ("2", 63), ("3", 34)]
    tens = live.with_settings(MatchSettings(vp_scale="acbl-20"), bye_vp=10.0)
    assert [(s.team, s.vp) for s in tens.standings()] == [("1", 91), ("2", 59), ("3", 30)]
    # A bye worth the team's own average: 71/4 · 2 = 35.5, 39/4 · 2 = 19.5, 10/4 · 2 = 5.
    avg = live.with_settings(MatchSettings(vp_scale="acbl-20"), bye_vp="average")
    assert [(s.team, s.vp) for s in avg.standings()] == [("1", 106.5), ("2", 58.5), ("3", 15)]
    assert tens.bye == 10 and avg.bye == "average" and live.bye == 12


def test_the_bye_must_fit_the_scale() -> None:
    assert default_bye_vp("wbf") == default_bye_vp("acbl-20") == 12
    assert default_bye_vp("acbl-30") == 18
    assert check_bye_vp(20.0) == 20 and check_bye_vp("average") == "average"
    with pytest.raises(BridgeError) as got:
        check_bye_vp(25.0, "acbl-20")
    assert got.value.en == "a bye of 25 VPs is more than the ACBL discrete 20-VP scale gives (at most 20)"
    assert got.value.zh == "轮空 25 VP 超过ACBL 20 VP 整数换算表的满分（最多 20）"
    assert check_bye_vp(25.0, "acbl-30") == 25
    for bad in (-1.0, float("nan"), float("inf"), True, "12"):
        with pytest.raises(BridgeError, match="invalid bye score"):
            check_bye_vp(bad)  # type: ignore[arg-type]
    with pytest.raises(BridgeError, match="more than"):
        _double().with_settings(bye_vp=21.0)
    with pytest.raises(BridgeError, match="more than"):
        _double().standings(bye_vp=21.0)


# ---------------------------------------------------------------- what a page redraws
def test_what_a_page_redraws_after_an_entry() -> None:
    # Four teams, one board a round: in round 1 matches 1 (tables 1, 2) and 2 (tables 3, 4)
    # both play board 1.
    live = LiveTeams.start(round_robin_schedule(["1", "2", "3", "4"], 1))
    live = _enter(live, 1, 1, 1, "4S N =")
    member = live.played_everywhere().__contains__
    assert live.redraw(0) == ((1,), (1,))  # a director: the one match
    assert live.redraw(0, member) == ((), ())  # a member sees nothing of board 1 yet
    for table in (2, 3):
        live = _enter(live, 1, table, 1, "4S N =")
    assert live.redraw(1) == ((1,), (1, 2))  # tables 2 (match 1) and 3 (match 2)
    assert live.redraw(2) == ((1,), (2,))
    live = _enter(live, 1, 4, 1, "4S N -1")
    member = live.played_everywhere().__contains__
    # Played everywhere: both matches show board 1 to a member now.
    assert live.redraw(3, member) == ((1,), (1, 2))
    assert live.redraw(4, member) == ((), ())
    # The director cancels match 2's closed room: the member no longer sees board 1.
    live, _ = live.cancel(4)
    member = live.played_everywhere().__contains__
    assert live.redraw(4, member, shown={1}) == ((1,), (1, 2))
    assert live.redraw(4) == ((1,), (2,))


# ---------------------------------------------------------------- one fit check
@pytest.mark.parametrize(("kind", "ns", "ew", "table", "board", "en", "zh"), [
    ("teams", "2", "1", 1, 1,
     "board 1: team 2 holds the EW cards at table 1 in round 1, not NS (NS is team 1)",
     "第1副：第1轮第1桌2队持东西牌而非南北（南北为1队）"),
    ("pairs", "2", "1", 1, 1,
     "board 1: pair 2 holds the EW cards at table 1 in round 1, not NS (NS is pair 1)",
     "第1副：第1轮第1桌第2对持东西牌而非南北（南北为第1对）"),
    ("teams", "1", "3", 1, 1,
     "board 1: teams 1 v 3 are not at table 1 in round 1: the schedule has 1 v 2 there",
     "第1副：1队与3队不在第1轮第1桌：赛程安排的是1队与2队"),
    ("pairs", "1", "3", 1, 1,
     "board 1: pairs 1 v 3 are not at table 1 in round 1: the movement has 1 v 2 there",
     "第1副：第1对与第3对不在第1轮第1桌：移位安排的是第1对与第2对"),
    ("teams", "1", "2", 1, 3, "board 3: not played at table 1 in round 1 (boards there: 1-2)",
     "第3副：第1轮第1桌不打这副牌（该桌的牌：1-2）"),
    ("pairs", "1", "2", 5, 1, "board 1: no play at table 5 in round 1", "第1副：第1轮第5桌没有比赛"),
])
def test_pairs_and_teams_refuse_an_entry_off_its_line_alike(
        kind: str, ns: str, ew: str, table: int, board: int, en: str, zh: str) -> None:
    lines = (Assignment(1, 1, "1", "2", (1, 2)), Assignment(1, 2, "2", "1", (1, 2)))
    live: LiveTeams | LiveSession = (LiveTeams.start(lines) if kind == "teams"
                                     else LiveSession.start(lines, scoring="mp"))
    with pytest.raises(BridgeError) as got:
        live.enter(BoardResult(board, ns, ew, Result.parse("4S N ="), table=table, round=1))
    assert (got.value.en, got.value.zh) == (en, zh)
