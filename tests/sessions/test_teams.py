"""A team match: the seeds' exercise, IMPs, BAM, aggregate, adjusted and weighted scores, VPs."""

from __future__ import annotations

import pytest

from bridgescore import imps
from bridgescore.core.errors import BridgeError
from bridgescore.core.result import Result
from bridgescore.sessions.model import BoardResult, Team, TeamMatch
from bridgescore.sessions.teams import MatchSettings, score_match

H, A = Team("H", "甲队"), Team("A", "乙队")


def match(rooms: list[tuple[int, str, str]], **kw: object) -> TeamMatch:
    rs = [BoardResult(b, "H", "A", Result.parse(o)) for b, o, _ in rooms]
    rs += [BoardResult(b, "A", "H", Result.parse(c)) for b, _, c in rooms]
    return TeamMatch(H, A, tuple(rs), **kw)  # type: ignore[arg-type]


# Seed 003, 练习二 question 8: home team 甲 (NS in the open room), away team 乙.
EXERCISE = [(1, "南主打3S，结果超1", "北主打4S，结果正好完成"),
            (2, "北主打6D××，超1", "北主打6NT，超1"),
            (3, "东主打5C，正好完成", "西主打3NT，宕1"),
            (4, "西主打4S×宕2", "南主打4H，结果超1")]


def test_seed_exercise_away_team_wins_by_9() -> None:
    m = score_match(match(EXERCISE))
    # The printed answer's open/closed NS scores for boards 1-3 ...
    assert [(b.open.score, b.closed.score) for b in m.boards[:3]] == [
        (170, 420), (2230, 1470), (-600, 100)]
    # ... and board 4 by the Laws: 4♥+1 vulnerable is +650, not +620 as printed.
    assert (m.boards[3].open.score, m.boards[3].closed.score) == (500, 650)
    assert [b.imps for b in m.boards] == [-6, 13, -12, -4]
    assert (m.home_total, m.away_total, m.margin, m.winner) == (13, 22, -9, "A")
    assert [(b.home_running, b.away_running) for b in m.boards] == [
        (0, 6), (13, 6), (13, 18), (13, 22)]
    # WBF 2013 (rules.md 3.1): 4 boards, X = 15·√4 = 30; the winner by 9 gets
    # 10 + 10·(1 − τ^(3·9/30))/(1 − τ³) = 10 + 10·(1 − 0.64852)/0.76393 = 14.60, the loser 5.40.
    assert m.vp == (5.4, 14.6)


def test_vp_scale_choice() -> None:
    m = score_match(match(EXERCISE), MatchSettings(vp_scale="acbl-20"))
    # ACBL 20-VP scale, short matches (rules.md 3.3, 6–8 boards; the library's band starts at
    # 1 board): 8–10 IMPs is 14 VPs, so 9 IMPs lose 6 – 14.
    assert m.vp == (6, 14)


def test_bam_and_aggregate() -> None:
    # Cohen: +620 with teammates -100 wins the board; +130 v +120 wins although 0 IMPs.
    rooms = [(1, "4S N =", "4S N -1"), (5, "4C N =", "2NT N ="), (9, "1NT N =", "1NT N =")]
    bam = score_match(match(rooms), MatchSettings(scoring="bam"))
    assert [(b.home, b.away) for b in bam.boards] == [(1, 0), (1, 0), (0.5, 0.5)]
    assert (bam.home_total, bam.away_total, bam.vp) == (2.5, 0.5, None)
    assert score_match(match(rooms)).boards[1].imps == 0
    agg = score_match(match(rooms), MatchSettings(scoring="aggregate"))
    assert agg.home_total == (420 + 50) + (130 - 120) and agg.away_total == 0
    two = score_match(match(rooms), MatchSettings(scoring="bam", bam_points=2))
    assert [b.home for b in two.boards] == [2, 2, 1]


def test_average_plus_minus_at_teams() -> None:
    rs = [BoardResult(1, "H", "A", ns_award="A+", ew_award="A-"),
          BoardResult(1, "A", "H", Result.parse("3NT N =")),
          BoardResult(2, "H", "A", Result.parse("2S S =")),
          BoardResult(2, "A", "H", ns_award="A+", ew_award="A-")]
    m = score_match(TeamMatch(H, A, tuple(rs)))
    assert [b.imps for b in m.boards] == [3, -3]
    five = score_match(TeamMatch(H, A, tuple(rs)), MatchSettings(avg_plus=2, avg_minus=-2))
    assert [b.imps for b in five.boards] == [2, -2]


def test_weighted_score_at_teams() -> None:
    # bridgeregler.dk: 60% +430, 10% +400, 20% -50, 10% -150 against +400 → -2.5 IMPs.
    rs = [BoardResult(1, "H", "A", weighted=((0.6, 430), (0.1, 400), (0.2, -50), (0.1, -150))),
          BoardResult(1, "A", "H", score=400)]
    m = score_match(TeamMatch(H, A, tuple(rs)))
    assert m.boards[0].imps == pytest.approx(-2.5)
    assert imps(430 - 400) == 1


def test_carry_over() -> None:
    m = score_match(match(EXERCISE, carry_over=10.5))
    assert m.home_total == 23.5 and m.margin == 1.5


def test_missing_room_and_wrong_teams() -> None:
    with pytest.raises(BridgeError, match="board 2: the closed-room result is missing"):
        TeamMatch(H, A, (BoardResult(2, "H", "A", score=-100),))
    with pytest.raises(BridgeError, match="board 1: the teams at the table"):
        TeamMatch(H, A, (BoardResult(1, "H", "X", score=0),))
    with pytest.raises(BridgeError, match="board 1: two results in the open room"):
        TeamMatch(H, A, (BoardResult(1, "H", "A", score=0), BoardResult(1, "H", "A", score=0)))
