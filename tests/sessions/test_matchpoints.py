"""Matchpoints, Neuberg, adjusted and weighted scores: rules.md §4 vectors and properties."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core.result import Result
from bridgescore.sessions.matchpoints import (
    MatchpointSettings,
    matchpoints,
    matchpoints_pairwise,
    neuberg,
    score_matchpoints,
    weighted_matchpoints,
)
from bridgescore.sessions.model import BoardResult, Session


@pytest.mark.parametrize(
    ("scores", "expected"),
    [
        ([400, 430, 150, -50], [4, 6, 2, 0]),
        ([-110, -140, -140, -120], [6, 1, 1, 4]),
        ([50, -90, -90, -90], [6, 2, 2, 2]),
        ([420, 420, 450, 400, -50, 420], [6, 6, 10, 2, 0, 6]),
        # nationwidepairs.com.au, 11 results, top 20
        ([1430, 690, 680, 680, 680, 660, 660, 650, -100, -100, -200],
         [20, 18, 14, 14, 14, 9, 9, 6, 3, 3, 0]),
    ],
)
def test_matchpoint_vectors(scores: list[int], expected: list[int]) -> None:
    assert matchpoints(scores).tolist() == expected


def test_ew_and_half_scale() -> None:
    rs = [BoardResult(1, str(i), str(10 + i), score=s)
          for i, s in enumerate([400, 430, 150, -50], 1)]
    sc = score_matchpoints(Session(tuple(rs)))
    assert [r.ew for r in sc.boards[0].results] == [2, 0, 4, 6]
    half = score_matchpoints(Session(tuple(rs)), MatchpointSettings(scale="1/0.5/0"))
    assert [r.ns for r in half.boards[0].results] == [2, 3, 1, 0]
    assert sc.pair("2").percentage == half.pair("2").percentage == 100


@given(st.lists(st.sampled_from([-500, -100, -50, 0, 50, 90, 110, 140, 420, 450, 620, 1430]),
                min_size=1, max_size=40))
def test_fast_matches_pairwise(scores: list[int]) -> None:
    assert matchpoints(scores).tolist() == matchpoints_pairwise(scores)


@given(st.lists(st.integers(-50, 50), min_size=2, max_size=30))
def test_board_sums_to_n_times_average(scores: list[int]) -> None:
    n = len(scores)
    assert sum(matchpoints(scores).tolist()) == n * (n - 1)


def test_neuberg_ebu() -> None:
    # 11 expected, 10 played: a sole top 19.9, steps of 2.2, bottom 0.1.
    assert neuberg(18, 10, 11) == pytest.approx(19.9)
    assert neuberg(16, 10, 11) == pytest.approx(17.7)
    assert neuberg(0, 10, 11) == pytest.approx(0.1)
    assert neuberg(9, 10, 11, unit=0.5) == pytest.approx(9.95)


def _board(scores: list[int], board: int = 4) -> list[BoardResult]:
    return [BoardResult(board, f"N{i}", f"E{i}", score=s) for i, s in enumerate(scores)]


def test_neuberg_and_average_plus() -> None:
    # rules.md 4.2/4.3: 6 expected (top 10), 5 real results; the sixth table A+/A−.
    rs = _board([620, 600, 170, 140, -100])
    rs.append(BoardResult(4, "NX", "EX", ns_award="A+", ew_award="A-"))
    sc = score_matchpoints(Session(tuple(rs)))
    b = sc.boards[0]
    assert b.top == 10
    assert [r.ns for r in b.results[:5]] == pytest.approx([9.8, 7.4, 5.0, 2.6, 0.2])
    assert sum(r.ns for r in b.results[:5]) == pytest.approx(25)
    assert (b.results[5].ns, b.results[5].ew) == (6.0, 4.0)


def test_session_rule_for_artificial_scores() -> None:
    # Pair N0 scores 100% on board 1, then gets A+ on board 2: max(60, 100) = 100%.
    # Pair E0 scores 0% on board 1, then A− on board 2: min(40, 0) = 0%.
    rs = _board([620, 100, -100], board=4)
    rs += [BoardResult(5, "N0", "E0", ns_award="A+", ew_award="A-")]
    rs += [BoardResult(5, f"N{i}", f"E{i}", score=s) for i, s in ((1, 100), (2, -100))]
    sc = score_matchpoints(Session(tuple(rs)))
    adj = sc.boards[1].results[0]
    assert (adj.ns_pct, adj.ew_pct) == (100, 0)
    plain = score_matchpoints(Session(tuple(rs)), MatchpointSettings(session_rule=False))
    adj = plain.boards[1].results[0]
    assert (adj.ns_pct, adj.ew_pct) == (60, 40)


def test_split_score() -> None:
    rs = _board([420, 450, 400, 170, -50], board=1)
    rs.append(BoardResult(1, "NX", "EX", ns_award=60.0, ew_award=10.0))
    r = score_matchpoints(Session(tuple(rs))).boards[0].results[5]
    assert (r.ns, r.ew) == (6, 1)


def test_weighted_matchpoints() -> None:
    # rules.md 4.3: field [+430, +400, +400, -50]; the table is 60% +430 / 40% -50 → 4.6 of 8.
    mp = weighted_matchpoints([[(0.6, 430), (0.4, -50)], [(1, 430)], [(1, 400)], [(1, 400)],
                               [(1, -50)]])
    assert mp[0] == pytest.approx(4.6)
    assert sum(mp) == pytest.approx(5 * 4)  # the board still shares out n(n-1)
    rs = _board([430, 400, 400, -50], board=1)
    rs.append(BoardResult(1, "NW", "EW", weighted=((0.6, 430), (0.4, -50))))
    assert score_matchpoints(Session(tuple(rs))).boards[0].results[4].ns == pytest.approx(4.6)


def test_session_factoring_differs_from_neuberg() -> None:
    rs = _board([620, 600, 170, 140, -100])
    rs += _board([620, 600, 170, 140, -100, 650], board=7)
    sc = score_matchpoints(Session(tuple(rs)), MatchpointSettings(factoring="session"))
    assert [r.ns for r in sc.boards[0].results] == pytest.approx([10, 7.5, 5, 2.5, 0])


def test_mitchell_two_fields_and_percentages() -> None:
    rs = []
    # Three NS pairs (1-3) stay; EW pairs (11-13) rotate over boards 1-3.
    for rnd in range(3):
        for t in range(3):
            ew = str(11 + (t - rnd) % 3)
            board = 1 + (t + rnd) % 3
            rs.append(BoardResult(board, str(1 + t), ew, Result.parse(
                ["2S N =", "3NT S =", "4H E -1"][(t + 2 * rnd) % 3]), table=t + 1, round=rnd + 1))
    sc = score_matchpoints(Session(tuple(rs)))
    dirs = {p.pair: p.direction.name for p in sc.pairs if p.direction is not None}
    assert set(dirs.values()) == {"NS", "EW"} and len(dirs) == 6
    ns = [p for p in sc.pairs if p.direction is not None and p.direction.name == "NS"]
    ew = [p for p in sc.pairs if p.direction is not None and p.direction.name == "EW"]
    # Every board shares 2·(n−1)·n matchpoints between the NS pairs: average 50%.
    assert sum(p.percentage or 0 for p in ns) / 3 == pytest.approx(50)
    assert sum(p.percentage or 0 for p in ew) / 3 == pytest.approx(50)
    assert ns[0].place.startswith("1")


def test_howell_single_field() -> None:
    rs = [BoardResult(1, "1", "2", score=110), BoardResult(1, "3", "4", score=140),
          BoardResult(3, "2", "3", score=-50), BoardResult(3, "4", "1", score=-100)]
    sc = score_matchpoints(Session(tuple(rs)))
    assert all(p.direction is None for p in sc.pairs)
    # Pair 1: bottom as NS on board 1 (0 of 2), top as EW on board 2 (2 of 2) → 50%.
    assert sc.pair("1").percentage == 50


def test_arrow_switch_makes_one_field() -> None:
    # Round 2 is arrow-switched: pair 11 (normally EW) holds the NS cards on board 2, so the
    # pairs are no longer in two fields and the session ranks them together.
    rs = [BoardResult(1, "1", "11", score=420), BoardResult(1, "2", "12", score=450),
          BoardResult(2, "11", "1", score=-100), BoardResult(2, "12", "2", score=110)]
    sc = score_matchpoints(Session(tuple(rs)))
    assert all(p.direction is None for p in sc.pairs)
    # Pair 1: NS bottom on board 1 (0%), EW on board 2 against −100 v +110 → top (100%).
    assert sc.pair("1").percentage == 50
    with_fields = score_matchpoints(Session(tuple(rs[:2])))
    assert {p.direction.name for p in with_fields.pairs if p.direction} == {"NS", "EW"}
