"""Cross-IMPs, Butler, the online datum scoring of seed 002, total points: rules.md §5."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore import imps
from bridgescore.core.errors import BridgeError
from bridgescore.scoring.datum import (
    butler_datum,
    butler_drop,
    cross_imps,
    cross_imps_pairwise,
    round_datum,
)
from bridgescore.sessions.imp_pairs import ImpSettings, score_imp_pairs
from bridgescore.sessions.model import BoardResult, Session

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


# How many scores the Butler rule drops from each end, for every field size from 1 to 70: none
# from 3 or fewer, then ceil((n − 10)/15) + 1 (rules.md 5.2): 1 up to 10, 2 up to 25, …
DROP_BY_SIZE = {**dict.fromkeys(range(1, 4), 0), **dict.fromkeys(range(4, 11), 1),
                **dict.fromkeys(range(11, 26), 2), **dict.fromkeys(range(26, 41), 3),
                **dict.fromkeys(range(41, 56), 4), **dict.fromkeys(range(56, 71), 5)}


@pytest.mark.parametrize(("n", "k"), sorted(DROP_BY_SIZE.items()))
def test_butler_drop_for_every_field_size(n: int, k: int) -> None:
    assert butler_drop(n) == k


def test_butler_drop_settings() -> None:
    assert butler_drop(20, 0.1) == 2 and butler_drop(9, 0.1) == 0 and butler_drop(30, 0.1) == 3
    assert butler_drop(6, 0) == 0 and butler_drop(2, 1) == 0


# Datum vectors worked by hand: (dropped low, kept, dropped high) and the datum when a mean
# ending in 5 rounds away from zero, to even, up.  The kept mean is exact: a tie happens only
# with an even number of kept scores.  The dropped scores are far out, so dropping one too
# many or too few moves the datum.
DATUMS = [
    ([], [-620], [], (-620, -620, -620)),  # 1 result
    ([], [-300, -290], [], (-300, -300, -290)),  # 2: mean −295
    ([], [650, 170, 200], [], (340, 340, 340)),  # 3: 1020/3 = 340 (bridge-scorer)
    ([-500], [-300, -290], [1000], (-300, -300, -290)),  # 4: −295
    ([-50], [400, 420, 430], [450], (420, 420, 420)),  # 5: 1250/3 = 416.7
    ([-1440], [-650, -200, -170, -170], [100], (-300, -300, -300)),  # 6: −297.5 (Woburn Sands)
    ([170], [170, 170, 620, 620, 620], [620], (440, 440, 440)),  # 7: 2200/5 (Hemel)
    ([-100], [110, 140, 140, 170, 420, 450], [620], (240, 240, 240)),  # 8: 1430/6 = 238.3
    ([-1100], [-50, 90, 110, 110, 120, 140, 140], [1430], (90, 90, 90)),  # 9: 660/7 = 94.3
    ([-800], [140, 140, 170, 170, 400, 420, 420, 420], [1430], (290, 280, 290)),  # 10: 285
    ([-1100, -500], [100, 110, 110, 120, 140, 140, 170], [620, 1430],
     (130, 130, 130)),  # 11: 890/7 = 127.1
    ([-1100, -800], [-50, -50, -100, -100, -140, -140, -170, -170], [400, 620],
     (-120, -120, -110)),  # 12: −920/8 = −115
    ([-2000] * 2, [-420] * 10 + [-170] * 11, [2000] * 2,
     (-290, -290, -290)),  # 25: −6070/21 = −289.0
    ([-2000] * 3, [-1100] + [-420] * 8 + [-170] * 10 + [260], [2000] * 3,
     (-300, -300, -290)),  # 26: −5900/20 = −295
    ([-2000] * 3, [-1100] + [-420] * 16 + [-170] * 16 + [510], [2000] * 3,
     (-300, -300, -290)),  # 40: −10030/34 = −295
    ([-2000] * 4, [-1100] + [-420] * 15 + [-170] * 16 + [260], [2000] * 4,
     (-300, -300, -300)),  # 41: −9860/33 = −298.8
]


@pytest.mark.parametrize(("low", "kept", "high", "expected"), DATUMS)
def test_butler_datum_for_field_sizes(low: list[int], kept: list[int], high: list[int],
                                      expected: tuple[int, int, int]) -> None:
    scores = [*high, *kept[::2], *low, *kept[1::2]]  # any order
    assert len(low) == len(high) == DROP_BY_SIZE[len(scores)]
    got = tuple(butler_datum(scores, rounding=r) for r in ("away", "even", "up"))
    assert got == expected
    assert butler_datum(scores) == expected[0]  # away from zero is the default


def test_datum_rounding_settings() -> None:
    assert (round_datum(-295), round_datum(295)) == (-300, 300)  # default: away from zero
    assert (round_datum(-295, rounding="up"), round_datum(295, rounding="up")) == (-290, 300)
    assert (round_datum(-295, rounding="even"), round_datum(285, rounding="even")) == (-300, 280)
    assert round_datum(-297.5) == -300 and round_datum(-294.999) == -290
    with pytest.raises(BridgeError) as e:
        round_datum(5, rounding="bankers")  # type: ignore[arg-type]
    assert "away, even or up" in e.value.message("en") and "远离零" in e.value.message("zh")
    with pytest.raises(BridgeError):
        ImpSettings(rounding="half")  # type: ignore[arg-type]


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
    # The first six: drop −50 and 450, mean of 170, 400, 420, 420 = 352.5 → 350; against it
    # 420 +70 → 2, 450 +100 → 3, −50 −400 → −9, 170 −180 → −5, 400 +50 → 2, 420 → 2.
    # The seventh: all seven, drop −50 and 1440, 1860/5 = 372 → 370; 1440 +1070 → 14.
    assert [r.ns for r in sc.boards[0].results] == [2, 3, -9, -5, 2, 2, 14]
    final = score_imp_pairs(_session(scores), "online", ImpSettings(rescore=True))
    # Everyone against 370: +50 → 2, +80 → 2, −420 → −9, −200 → −5, +30 → 1, 2, 14.
    assert [r.ns for r in final.boards[0].results] == [2, 2, -9, -5, 1, 2, 14]
    assert final.boards[0].datum == 370


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
    # The weighted table enters the datum as 0.5·430 + 0.5·(−50) = 190; five field scores
    # [190, 400, 400, 420, 430] drop one each end: 1220/3 = 406.7 → 410.  The A+/A− table
    # takes no part.  Weighted: 0.5·imps(430 − 410 = 20) + 0.5·imps(−50 − 410 = −460)
    # = 0.5·1 + 0.5·(−10) = −4.5.
    assert b.datum == 410
    assert (b.results[4].ns, b.results[4].ew) == (-4.5, 4.5)
    assert (b.results[5].ns, b.results[5].ew) == (3, -3)


def test_factored_cross_imps() -> None:
    rs = [BoardResult(1, f"N{i}", f"E{i}", score=s) for i, s in enumerate([420, 450, -50])]
    rs += [BoardResult(3, f"N{i}", f"E{i}", score=s) for i, s in enumerate([140, 110])]
    sc = score_imp_pairs(Session(tuple(rs)), "ximp", ImpSettings(form="factored"))
    plain = score_imp_pairs(Session(tuple(rs)), "ximp", ImpSettings(form="sum"))
    assert sc.pair("N2").total == plain.pair("N2").total * 2
