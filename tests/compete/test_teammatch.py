"""The VP team match (VP队式赛) state machine: a hand-worked 8-board match, the set-up rules,
results in any order, the time limit, the director's scores and the refusals.

Scores are Law 77 figures worked by hand; IMPs are read from the WBF table (Law 78B):
20-40 → 1, 220-260 → 6, 430-490 → 10, 600-740 → 12, 750-890 → 13.  VPs are the WBF 2013
continuous scale, ``W(M) = 10 + 10·(1 − τ^(3M/X))/(1 − τ³)``, ``X = 15·√N``,
``τ = (√5 − 1)/2``, worked in the comments and checked against rules.md §3.1's table."""

from __future__ import annotations

import pytest

from bridgescore.compete.refusal import Refusal
from bridgescore.compete.teammatch import (
    Adjust,
    BoardCompared,
    BoardRecorded,
    BoardsCut,
    MatchEnded,
    MatchStarted,
    Phase,
    RecordBoard,
    Start,
    TeamMatchSettings,
    TeamMatchState,
    Tick,
    apply,
)
from bridgescore.core.result import Result
from bridgescore.sessions.model import BoardResult, Player, Team, TeamMatch
from bridgescore.sessions.teams import score_match

# (board, open room: home NS, closed room: away NS, open NS, closed NS, IMPs to home)
# Vulnerability by board number: 1 none, 2 NS, 3 EW, 4 both, 5 NS, 6 EW, 7 both, 8 none.
MATCH = [
    (1, "4S N =", "4S N -1", 420, -50, 10),      # 420 + 50 = 470 → 10
    (2, "3NT S =", "3NT S =", 600, 600, 0),      # NS vul game both rooms: flat
    (3, "2H W =", "2S N =", -110, 110, -6),      # −110 − 110 = −220 → 6 to away
    (4, "6NT N =", "3NT N +3", 1440, 690, 13),   # 190+500+750 v 100+90+500: 750 → 13
    (5, "4S N -1", "4S N =", -100, 620, -12),    # vul: −100 − 620 = −720 → 12 to away
    (6, "1NT N +1", "2S E =", 120, -110, 6),     # 40+30+50 = 120; EW 60+50: 230 → 6
    (7, "3NT W =", "3NT W =", -600, -600, 0),    # flat
    (8, "2S S =", "2S S +1", 110, 140, -1),      # −30 → 1 to away
]
# Home 10 + 13 + 6 = 29, away 6 + 12 + 1 = 19: home by 10.  8 boards: X = 15·√8 = 42.43,
# 3M/X = 0.7071, τ^0.7071 = 0.7116, W = 10 + 10·0.2884/0.7639 = 13.775 → 13.78 (rules.md
# §3.1: N = 8, 10 IMPs → 13.78); the loser 20 − 13.78 = 6.22.


def started(boards: int = 8, **kw: object) -> TeamMatchState:
    s = TeamMatchState.setup("H", "A", TeamMatchSettings(boards=boards, **kw))  # type: ignore[arg-type]
    s, ev = apply(s, Start(0))
    assert ev == [MatchStarted(0, kw.get("time_limit"))]  # type: ignore[arg-type]
    return s


def refused(s: TeamMatchState, action: object) -> str:
    with pytest.raises(Refusal) as e:
        apply(s, action)  # type: ignore[arg-type]
    assert e.value.en and e.value.zh and e.value.en != e.value.zh
    return e.value.code


def test_hand_worked_eight_boards_in_any_order() -> None:
    s = started()
    # The closed room runs ahead; boards arrive out of order.
    arrivals = [("closed", 3), ("closed", 1), ("open", 1), ("closed", 2), ("open", 3),
                ("open", 2), ("closed", 8), ("open", 4), ("open", 5), ("closed", 4),
                ("closed", 5), ("open", 8), ("closed", 7), ("closed", 6), ("open", 6),
                ("open", 7)]
    rows = {b: (o, c) for b, o, c, *_ in MATCH}
    compared = []
    ended = []
    for t, (room, b) in enumerate(arrivals, 1):
        text = rows[b][0] if room == "open" else rows[b][1]
        s, ev = apply(s, RecordBoard(room, b, Result.parse(text), t))  # type: ignore[arg-type]
        assert isinstance(ev[0], BoardRecorded) and (ev[0].room, ev[0].board) == (room, b)
        compared += [e for e in ev if isinstance(e, BoardCompared)]
        ended += [e for e in ev if isinstance(e, MatchEnded)]
    want = {b: (o, c, imp) for b, _, _, o, c, imp in MATCH}
    home = away = 0
    for e in compared:  # the order of comparison: 1, 3, 2, 4, 5, 8, 6, 7
        o, c, imp = want[e.board]
        home, away = home + max(imp, 0), away + max(-imp, 0)
        assert (e.open_ns, e.closed_ns, e.difference, e.imps) == (o, c, o - c, imp)
        assert (e.home_total, e.away_total) == (home, away)
    assert [e.board for e in compared] == [1, 3, 2, 4, 5, 8, 6, 7]
    assert s.phase is Phase.DONE and len(ended) == 1
    out = ended[0].outcome
    assert (out.home_total, out.away_total, out.margin) == (29, 19, 10)
    assert out.vp == (13.78, 6.22) and out.winner == "H" and out.boards_scored == 8
    assert s.outcome() == out
    assert refused(s, RecordBoard("open", 1, Result.parse("4S N ="), 99)) == "match_over"


def test_same_as_the_library_team_scoring() -> None:
    s = started()
    results = []
    for t, (b, o, c, *_) in enumerate(MATCH):
        s, _ = apply(s, RecordBoard("open", b, Result.parse(o), t))
        s, _ = apply(s, RecordBoard("closed", b, Result.parse(c), t))
        results += [BoardResult(b, "H", "A", Result.parse(o)), BoardResult(b, "A", "H", Result.parse(c))]
    direct = score_match(TeamMatch(Team("H"), Team("A"), tuple(results)))
    out = s.outcome()
    assert out is not None and direct.vp == out.vp
    assert (direct.home_total, direct.away_total) == (out.home_total, out.away_total)
    assert [r.scored.imps for r in s.rows() if r.scored] == [b.imps for b in direct.boards]


@pytest.mark.parametrize(("boards", "vp"), [(12, (13.18, 6.82)), (16, (12.80, 7.20))])
def test_vp_on_the_match_length(boards: int, vp: tuple[float, float]) -> None:
    # One swing of 10 IMPs (board 1: 470), every other board flat.  12 boards:
    # X = 51.96, W(10) = 13.175 → 13.18; 16 boards: X = 60, W(10) = 12.799 → 12.80
    # (rules.md §3.1's table).
    s = started(boards)
    for b in range(1, boards + 1):
        s, _ = apply(s, RecordBoard("open", b, Result.parse("4S N =" if b == 1 else "PASS"), b))
        s, _ = apply(s, RecordBoard("closed", b, Result.parse("4S N -1" if b == 1 else "PASS"), b))
    out = s.outcome()
    assert out is not None and (out.margin, out.vp) == (10, vp)


def test_lengths_and_scales() -> None:
    for n in (8, 12, 16):
        assert TeamMatchSettings(boards=n).boards == n
        TeamMatchSettings(boards=n, vp_scale="wbf-whole")
        TeamMatchSettings(boards=n, vp_scale="acbl-20")
    for bad in (0, 7, 10, 14, 24, "16", 16.0, None):
        with pytest.raises(Refusal) as e:
            TeamMatchSettings(boards=bad)  # type: ignore[arg-type]
        assert e.value.code == "bad_boards" and "8、12 或 16" in e.value.zh
        assert "8, 12 or 16" in e.value.en
    TeamMatchSettings(boards=8, vp_scale="acbl-30")  # the ACBL 30-VP scale is for 6-8 boards
    for n in (12, 16):
        with pytest.raises(Refusal) as e:
            TeamMatchSettings(boards=n, vp_scale="acbl-30")
        assert e.value.code == "bad_scale" and str(n) in e.value.zh
    with pytest.raises(Refusal) as e:
        TeamMatchSettings(vp_scale="wbf-2099")
    assert e.value.code == "bad_scale"
    for kw in ({"time_limit": 0}, {"time_limit": "1h"}, {"unfinished": "replay"}):
        with pytest.raises(Refusal) as e:
            TeamMatchSettings(**kw)  # type: ignore[arg-type]
        assert e.value.code == "bad_settings"


def test_whole_vp_scale() -> None:
    # WBF whole-VP scale, 16 boards (rules.md §3.2): 9-12 IMPs → 13 VPs.
    s = started(16, vp_scale="wbf-whole")
    for b in range(1, 17):
        s, _ = apply(s, RecordBoard("open", b, Result.parse("4S N =" if b == 1 else "PASS"), b))
        s, _ = apply(s, RecordBoard("closed", b, Result.parse("4S N -1" if b == 1 else "PASS"), b))
    out = s.outcome()
    assert out is not None and out.vp == (13, 7)


def test_teams() -> None:
    four = tuple(Player(f"h{i}") for i in range(4))
    other = tuple(Player(f"a{i}") for i in range(4))
    TeamMatchState.setup(Team("H", members=four), Team("A", members=other))
    for home, away, code in (
            (Team("H", members=four[:3]), Team("A", members=other), "bad_team"),
            (Team("H", members=four), Team("A", members=(*other[:3], four[0])), "shared_player"),
            ("H", "H", "same_team"), ("", "A", "bad_team")):
        with pytest.raises(Refusal) as e:
            TeamMatchState.setup(home, away)
        assert e.value.code == code and e.value.zh


def test_refusals() -> None:
    s = TeamMatchState.setup("H", "A", TeamMatchSettings(boards=8))
    r = Result.parse("4S N =")
    assert refused(s, RecordBoard("open", 1, r, 1)) == "not_started"
    s, _ = apply(s, Start(1))
    assert refused(s, Start(2)) == "already_started"
    assert refused(s, RecordBoard("open", 9, r, 2)) == "bad_board"
    assert refused(s, RecordBoard("open", 0, r, 2)) == "bad_board"
    assert refused(s, RecordBoard("lounge", 1, r, 2)) == "bad_room"  # type: ignore[arg-type]
    assert refused(s, RecordBoard("open", 1, "4S N =", 2)) == "bad_result"  # type: ignore[arg-type]
    assert refused(s, Adjust("open", 1, "A++", "A", 2)) == "bad_result"
    assert refused(s, "RecordBoard") == "bad_action"  # type: ignore[arg-type]
    s, _ = apply(s, RecordBoard("open", 1, r, 2))
    assert refused(s, RecordBoard("open", 1, r, 3)) == "already_recorded"
    assert refused(s, RecordBoard("closed", 1, r, 1)) == "time_backwards"


def test_time_limit_cuts_unfinished_boards() -> None:
    s = started(8, time_limit=3600)
    s, _ = apply(s, RecordBoard("open", 1, Result.parse("4S N ="), 100))
    s, _ = apply(s, RecordBoard("closed", 1, Result.parse("4S N -1"), 200))  # +10 to home
    s, _ = apply(s, RecordBoard("open", 2, Result.parse("3NT S ="), 300))  # closed unfinished
    s, ev = apply(s, Tick(3599))
    assert ev == []
    s, ev = apply(s, Tick(5000))
    assert ev[0] == BoardsCut((2, 3, 4, 5, 6, 7, 8), "cut", 3600)
    assert isinstance(ev[-1], MatchEnded) and ev[-1].at == 3600
    # The VPs stay on the 8-board scale: 10 IMPs → 13.78, not the 1-board value.
    out = ev[-1].outcome
    assert (out.margin, out.vp, out.boards_scored) == (10, (13.78, 6.22), 1)
    assert s.cut == frozenset(range(2, 9))
    assert s.result("open", 2) is not None  # kept on record, never compared
    assert [r.cut for r in s.rows()] == [False] + [True] * 7


def test_a_result_after_the_limit_is_refused() -> None:
    s = started(8, time_limit=3600)
    s, _ = apply(s, RecordBoard("open", 1, Result.parse("4S N ="), 100))
    # The limit is applied first: the match is over, nothing changes.
    assert refused(s, RecordBoard("closed", 1, Result.parse("4S N ="), 3600)) == "match_over"
    assert s.phase is Phase.PLAYING


def test_time_limit_averages_unfinished_boards() -> None:
    s = started(8, time_limit=3600, unfinished="average")
    s, _ = apply(s, RecordBoard("open", 1, Result.parse("4S N ="), 100))
    s, _ = apply(s, RecordBoard("closed", 1, Result.parse("4S N -1"), 200))
    s, _ = apply(s, RecordBoard("open", 2, Result.parse("3NT S ="), 300))
    s, ev = apply(s, Tick(3600))
    assert ev[0] == BoardsCut((2, 3, 4, 5, 6, 7, 8), "average", 3600)
    averaged = [e for e in ev if isinstance(e, BoardRecorded)]
    assert [(e.room, e.board, e.note) for e in averaged][:3] == [
        ("closed", 2, "A/A"), ("open", 3, "A/A"), ("closed", 3, "A/A")]
    # Law 86 as sessions.teams applies it: a board with an artificial score in a room counts 0.
    assert all(e.imps == 0 for e in ev if isinstance(e, BoardCompared))
    out = ev[-1].outcome  # type: ignore[union-attr]
    assert (out.margin, out.vp, out.boards_scored) == (10, (13.78, 6.22), 8)


def test_directors_scores() -> None:
    s = started(8)
    # Board 2: the open room cannot play it; A+ to the home pair (NS there), A- to away.
    s, ev = apply(s, Adjust("open", 2, "A+", "A-", 10))
    assert ev == [BoardRecorded("open", 2, None, "A+/A-", 10)]
    s, ev = apply(s, RecordBoard("closed", 2, Result.parse("3NT S ="), 11))
    # sessions.teams: A+/A- in one room is +3 IMPs to the side with A+ (Law 86).
    assert ev[-1].imps == 3 and ev[-1].note == "A+/A-"
    # A ruling replaces a table result: the board is compared again.
    s, _ = apply(s, RecordBoard("open", 1, Result.parse("4S N ="), 12))
    s, ev = apply(s, RecordBoard("closed", 1, Result.parse("4S N -1"), 13))
    assert ev[-1].imps == 10 and ev[-1].home_total == 13
    s, ev = apply(s, Adjust("closed", 1, "A", "A", 14))
    assert ev[0].revised and isinstance(ev[1], BoardCompared) and ev[1].revised
    assert (ev[1].imps, ev[1].home_total) == (0, 3)


# -- line-ups ---------------------------------------------------------------------------


def _four(prefix: str) -> Team:
    return Team(prefix, prefix, members=tuple(Player(f"{prefix}{i}", f"{prefix}{i}")
                                              for i in range(1, 5)))


def test_lineup_before_the_start_and_locked_after() -> None:
    from bridgescore.compete.teammatch import Lineup, LineupSet, seating

    s = TeamMatchState.setup(_four("h"), _four("a"), TeamMatchSettings(boards=8))
    # The home captain plays h4 and h3 in the open room, h2 and a fifth member, h5, closed.
    s, events = apply(s, Lineup("h", ("h4", "h3", "h2", "h5"), now=10))
    assert events == [LineupSet("h", ("h1", "h2", "h3", "h4"), ("h4", "h3", "h2", "h5"), 10)]
    assert [p.id for p in s.home.members] == ["h4", "h3", "h2", "h5"]
    assert s.home.name == "h" and s.phase is Phase.READY
    # Chosen again: the last choice counts.
    s, _ = apply(s, Lineup("h", ("h1", "h3", "h2", "h5"), now=20))
    # Seating: open room N h1, E a1, S h3, W a2; closed room N a3, E h2, S a4, W h5.
    home = tuple(p.id for p in s.home.members)
    away = tuple(p.id for p in s.away.members)
    assert seating(home, away) == (("h1", "a1", "h3", "a2"), ("a3", "h2", "a4", "h5"))
    # Refusals, each leaving the state as it was.
    for bad, code in [(Lineup("x", ("h1", "h2", "h3", "h4"), 30), "bad_team"),
                      (Lineup("h", ("h1", "h2", "h3"), 30), "bad_lineup"),
                      (Lineup("h", ("h1", "h2", "h3", "h3"), 30), "bad_lineup"),
                      (Lineup("h", ("h1", "h2", "h3", ""), 30), "bad_lineup"),
                      (Lineup("h", ("h1", "h2", "h3", "a1"), 30), "shared_player")]:
        with pytest.raises(Refusal) as e:
            apply(s, bad)
        assert e.value.code == code and e.value.en and e.value.zh
    s, _ = apply(s, Start(now=40))
    with pytest.raises(Refusal) as e:
        apply(s, Lineup("a", ("a4", "a3", "a2", "a1"), now=50))
    assert e.value.code == "lineup_locked"
    assert [p.id for p in s.away.members] == ["a1", "a2", "a3", "a4"]


def test_seating_needs_two_line_ups_of_four() -> None:
    from bridgescore.compete.teammatch import seating

    assert seating(("1", "2", "3", "4"), ("5", "6", "7", "8")) == (
        ("1", "5", "2", "6"), ("7", "3", "8", "4"))
    with pytest.raises(Refusal):
        seating(("1", "2", "3"), ("5", "6", "7", "8"))
