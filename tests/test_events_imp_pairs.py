"""Cross-IMPs, Butler, the online datum scoring of seed 002, total points: rules.md §5."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore import imps
from bridgescore.events.imp_pairs import (
    ImpSettings,
    butler_datum,
    butler_drop,
    cross_imps,
    cross_imps_pairwise,
    round_datum,
    score_imp_pairs,
)
from bridgescore.events.model import BoardResult, Session

SCORES = st.sampled_from([-1100, -500, -200, -100, -50, 0, 50, 90, 110, 140, 170, 400, 420,
                          430, 450, 620, 650, 680, 1430, 1460, 2210])


def test_cross_imp_vector() -> None:
    s = [620, 170, 140, 140, -100]
    assert [x / 4 for x in cross_imps(s).tolist()] == [10.5, -0.25, -1.25, -1.25, -7.75]


def test_cross_imp_bridge55() -> None:
    # NS +420 against five other tables whose NS scores are the negation of the EW scores.
    field = [450, -100, -200, 400, 590]
    mine = [imps(420 - t) for t in field]
    assert mine == [-1, 11, 12, 1, -5]
    assert cross_imps([420, *field]).tolist()[0] / 5 == 3.6


@given(st.lists(SCORES, min_size=1, max_size=30))
def test_cross_imps_fast_matches_pairwise(scores: list[int]) -> None:
    assert cross_imps(scores).tolist() == cross_imps_pairwise(scores)


@given(st.lists(st.integers(-400, 400).map(lambda x: x * 5), min_size=1, max_size=20))
def test_cross_imps_fast_matches_pairwise_any_points(scores: list[int]) -> None:
    assert cross_imps(scores).tolist() == cross_imps_pairwise(scores)


@given(st.lists(SCORES, min_size=1, max_size=30))
def test_cross_imps_sum_to_zero(scores: list[int]) -> None:
    assert sum(cross_imps(scores).tolist()) == 0


def test_butler_vectors() -> None:
    s = [-650, -170, -1440, 100, -170, -200]
    d = butler_datum(s)
    assert d == -300
    assert [imps(x - d) for x in s] == [-8, 4, -15, 9, 4, 3]
    assert butler_datum([650, 170, 200]) == 340
    # Hemel: 4 × EW +620, 3 × EW +170, top and bottom dropped → 440 (EW view).
    ew = [620] * 4 + [170] * 3
    assert butler_datum(ew, drop=1) == 440
    assert imps(620 - 440) == 5 and imps(170 - 440) == -7


def test_butler_drop_settings() -> None:
    assert [butler_drop(n) for n in (3, 4, 10, 11, 25, 26, 40)] == [0, 1, 1, 2, 2, 3, 3]
    assert butler_drop(20, 0.1) == 2 and butler_drop(9, 0.1) == 0
    assert butler_drop(6, 0) == 0 and butler_drop(2, 1) == 0


def test_datum_rounding_settings() -> None:
    assert (round_datum(-295), round_datum(295)) == (-290, 300)
    assert (round_datum(-295, rounding="away"), round_datum(295, rounding="away")) == (-300, 300)
    assert (round_datum(-295, rounding="even"), round_datum(285, rounding="even")) == (-300, 280)
    assert round_datum(-297.5) == -300


def _session(scores: list[int], board: int = 1) -> Session:
    return Session(tuple(BoardResult(board, f"N{i}", f"E{i}", score=s)
                         for i, s in enumerate(scores)))


def test_butler_session() -> None:
    sc = score_imp_pairs(_session([-650, -170, -1440, 100, -170, -200], board=3), "butler")
    assert sc.boards[0].datum == -300
    assert [r.ns for r in sc.boards[0].results] == [-8, 4, -15, 9, 4, 3]
    assert [r.ew for r in sc.boards[0].results] == [8, -4, 15, -9, -4, -3]


def test_online_provisional_below_six() -> None:
    sc = score_imp_pairs(_session([420, 450, -50, 170, 400]), "online")
    assert sc.boards[0].provisional
    assert all(r.ns == 0 and r.note == "provisional" for r in sc.boards[0].results)


def test_online_scores_on_arrival() -> None:
    scores = [420, 450, -50, 170, 400, 420, 1440]
    sc = score_imp_pairs(_session(scores), "online")
    first_six = butler_datum(scores[:6])
    got = [r.ns for r in sc.boards[0].results]
    assert got[:6] == [imps(s - first_six) for s in scores[:6]]
    assert got[6] == imps(1440 - butler_datum(scores))
    final = score_imp_pairs(_session(scores), "online", ImpSettings(rescore=True))
    assert [r.ns for r in final.boards[0].results] == [imps(s - butler_datum(scores))
                                                      for s in scores]


def test_online_closed_at_forty() -> None:
    scores = [420, 450, -50, 170, 400] * 9  # 45 results
    sc = score_imp_pairs(_session(scores), "online")
    results = sc.boards[0].results
    assert sum(r.counted for r in results) == 40
    assert all(r.note == "closed" and not r.counted for r in results[40:])
    assert sc.pair("N44").boards == 0


def test_total_points_and_average_forms() -> None:
    sc = score_imp_pairs(_session([620, 170, 140, 140, -100], board=4), "total")
    assert [r.ns for r in sc.boards[0].results] == [620, 170, 140, 140, -100]
    x = score_imp_pairs(_session([620, 170, 140, 140, -100], board=4), "ximp")
    assert [r.ns for r in x.boards[0].results] == [10.5, -0.25, -1.25, -1.25, -7.75]
    s = score_imp_pairs(_session([620, 170, 140, 140, -100], board=4), "ximp",
                        ImpSettings(form="sum"))
    assert s.pair("N0").total == 42


def test_weighted_and_artificial_at_butler() -> None:
    rs = [BoardResult(1, f"N{i}", f"E{i}", score=s) for i, s in enumerate([400, 400, 420, 430])]
    rs.append(BoardResult(1, "NW", "EW", weighted=((0.5, 430), (0.5, -50))))
    rs.append(BoardResult(1, "NA", "EA", ns_award="A+", ew_award="A-"))
    sc = score_imp_pairs(Session(tuple(rs)), "butler")
    b = sc.boards[0]
    d = b.datum
    assert d is not None
    assert b.results[4].ns == pytest.approx(0.5 * imps(430 - d) + 0.5 * imps(-50 - d))
    assert (b.results[5].ns, b.results[5].ew) == (3, -3)


def test_factored_cross_imps() -> None:
    rs = [BoardResult(1, f"N{i}", f"E{i}", score=s) for i, s in enumerate([420, 450, -50])]
    rs += [BoardResult(3, f"N{i}", f"E{i}", score=s) for i, s in enumerate([140, 110])]
    sc = score_imp_pairs(Session(tuple(rs)), "ximp", ImpSettings(form="factored"))
    plain = score_imp_pairs(Session(tuple(rs)), "ximp", ImpSettings(form="sum"))
    assert sc.pair("N2").total == plain.pair("N2").total * 2
