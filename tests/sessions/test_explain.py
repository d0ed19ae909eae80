"""The arithmetic of a board's figures in words (``sessions.explain``): hand-worked boards on
both matchpoint scales, with Neuberg and with artificial scores, in both languages; and for
random boards (Hypothesis) every line ends on the scorer's own figures: the count of
scores beaten and tied equals the Law's pairwise count, the Neuberg line and the EW line
give the NS and EW matchpoints the scorer gave."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.sessions.explain import figure, value_lines
from bridgescore.sessions.imp_pairs import score_session
from bridgescore.sessions.matchpoints import (
    MatchpointSettings,
    matchpoints_pairwise,
    score_matchpoints,
)
from bridgescore.sessions.model import BoardResult, Session
from bridgescore.sessions.scores import ScoredBoard, ScoredResult


def board(scores: list[int | str], expected: int | None = None, scale: str = "2/1/0",
          other: list[int] | None = None) -> ScoredBoard:
    """Board 1 with these NS scores at tables 1, 2, … (``"A+/A-"`` an artificial score;
    pair k NS v pair 10 + k); ``other`` a second board's scores, for the session's pairs."""
    rs = []
    for t, s in enumerate(scores, 1):
        if isinstance(s, str):
            ns, ew = s.split("/")
            rs.append(BoardResult(1, str(t), str(t + 10), ns_award=ns, ew_award=ew, table=t))
        else:
            rs.append(BoardResult(1, str(t), str(t + 10), score=s, table=t))
    for t, s in enumerate(other or [], 1):
        rs.append(BoardResult(2, str(t), str(t + 10), score=s, table=t))
    scored = score_matchpoints(Session(tuple(rs), expected=expected),
                               MatchpointSettings(scale=scale))  # type: ignore[arg-type]
    return next(b for b in scored.boards if b.board == 1)


def exact(s: ScoredResult, side: str) -> Fraction:
    num, den = s.ns_exact if side == "ns" else s.ew_exact  # type: ignore[misc]
    return Fraction(num, den)


def test_figures() -> None:
    assert [figure(x) for x in (Fraction(7), Fraction(51, 5), Fraction(1, 2), Fraction(28, 3),
                                Fraction(-1, 8), 2.4)] == ["7", "10.2", "0.5", "9.33", "-0.13",
                                                           "2.4"]


def test_a_full_board_on_both_scales_by_hand() -> None:
    # +420 against +400, +420, -50, +450: beats 2, ties 1, loses to 1.
    b = board([420, 400, 420, -50, 450])
    assert value_lines(b, b.results[0], "mp") == [
        "NS +420 against 4 other results:",
        "beats 2 (+400, -50): 2 × 2 = 4",
        "ties 1 (+420): 1 × 1 = 1",
        "loses to 1 (+450): 0",
        "in all 4 + 1 = 5 MP (top 8)",
        "EW: 8 − 5 = 3 MP"]
    assert value_lines(b, b.results[0], "mp", "zh") == [
        "南北 +420，与其他 4 个结果比较：",
        "胜 2 个（+400、-50）：2 × 2 = 4",
        "平 1 个（+420）：1 × 1 = 1",
        "负 1 个（+450）：0",
        "合计 4 + 1 = 5 比赛分（满分 8）",
        "东西：8 − 5 = 3 比赛分"]
    half = board([420, 400, 420, -50, 450], scale="1/0.5/0")
    assert value_lines(half, half.results[0], "mp", mp_scale="1/0.5/0") == [
        "NS +420 against 4 other results:",
        "beats 2 (+400, -50): 2 × 1 = 2",
        "ties 1 (+420): 1 × 0.5 = 0.5",
        "loses to 1 (+450): 0",
        "in all 2 + 0.5 = 2.5 MP (top 4)",
        "EW: 4 − 2.5 = 1.5 MP"]
    assert exact(half.results[0], "ns") == Fraction(5, 2)


def test_neuberg_by_hand_on_both_scales() -> None:
    # Three results where four are expected (board 2 has four): +420 beats two.
    b = board([420, 400, -50], other=[110, 140, 170, 200])
    assert exact(b.results[0], "ns") == Fraction(17, 3)  # (4 + 1)·4/3 − 1
    assert value_lines(b, b.results[0], "mp")[-2:] == [
        "Neuberg (3 results where 4 are expected): (4 + 1) × 4 ÷ 3 − 1 = 5.67 MP (top 6)",
        "EW: 6 − 5.67 = 0.33 MP"]
    half = board([420, 400, -50], other=[110, 140, 170, 200], scale="1/0.5/0")
    assert exact(half.results[0], "ns") == Fraction(17, 6)  # (2 + ½)·4/3 − ½
    assert value_lines(half, half.results[0], "mp", "zh", mp_scale="1/0.5/0")[-2:] == [
        "Neuberg 折算（实有 3 个结果，应有 4 个）：(2 + 0.5) × 4 ÷ 3 − 0.5 = 2.83 比赛分（满分 3）",
        "东西：3 − 2.83 = 0.17 比赛分"]
    # A lone result is an average: (0 + 1)·4/1 − 1 = 3 of 6.
    lone = board([420], expected=4)
    assert value_lines(lone, lone.results[0], "mp") == [
        "NS +420 against 0 other results:", "loses to 0", "in all 0 MP (top 0)",
        "Neuberg (1 result where 4 are expected): (0 + 1) × 4 ÷ 1 − 1 = 3 MP (top 6)",
        "EW: 6 − 3 = 3 MP"]


def test_artificial_scores_by_hand() -> None:
    # Board 1: +420, +400 and an A+/A- at table 3 (top 4); board 2 gives pairs 1-3 and
    # 11-13 their session percentages: pair 3 (NS) beats both others there (100%), pair 13
    # (EW) so 0%.
    b = board([420, 400, "A+/A-"], other=[110, 140, 170])
    adj = b.results[2]
    assert (exact(adj, "ns"), exact(adj, "ew")) == (4, 0)  # 100% and 0% of the top 4
    assert value_lines(b, adj, "mp") == [
        "NS A+ (the pair's session percentage, above 60%): 100% × 4 = 4 MP",
        "EW A- (the pair's session percentage, below 40%): 0% × 4 = 0 MP"]
    assert value_lines(b, adj, "mp", "zh") == [
        "南北 A+（该对本场得分率高于 60%）：100% × 4 = 4 比赛分",
        "东西 A-（该对本场得分率低于 40%）：0% × 4 = 0 比赛分"]
    plain = board([420, 400, "A/A"], other=[110, 140, 170])
    assert value_lines(plain, plain.results[2], "mp") == ["NS A: 50% × 4 = 2 MP",
                                                          "EW A: 50% × 4 = 2 MP"]
    # At IMPs: the award (cross-IMPs, the average form: A+ is +3, A- is -3).
    rs = (BoardResult(1, "1", "11", score=420, table=1),
          BoardResult(1, "2", "12", score=400, table=2),
          BoardResult(1, "3", "13", ns_award="A+", ew_award="A-", table=3))
    x = score_session(Session(rs), "ximp").boards[0]
    assert value_lines(x, x.results[2], "ximp") == ["NS A+: +3 IMPs", "EW A-: -3 IMPs"]
    assert value_lines(x, x.results[0], "ximp") == [
        "v table 2: +420 − +400 = 20 → +1 IMP", "in all +1 IMP; average +1 ÷ 1 = 1"]


def test_an_unknown_scale_is_refused_in_both_languages() -> None:
    from bridgescore.core.errors import BridgeError

    b = board([420, 400])
    with pytest.raises(BridgeError) as e:
        value_lines(b, b.results[0], "mp", mp_scale="3/2/1")
    assert "'3/2/1'" in e.value.en and "'3/2/1'" in e.value.zh


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([-100, -50, 0, 110, 140, 400, 420, 450]), min_size=1,
                max_size=9),
       st.integers(min_value=0, max_value=3), st.sampled_from(["2/1/0", "1/0.5/0"]),
       st.booleans())
def test_every_line_ends_on_the_scorers_figures(scores: list[int], more: int, scale: str,
                                               zh: bool) -> None:
    b = board(list(scores), expected=len(scores) + more, scale=scale)
    win = Fraction(2) if scale == "2/1/0" else Fraction(1)
    pairwise = matchpoints_pairwise([float(s) for s in scores])
    lang = "zh" if zh else "en"
    for s, raw in zip(b.results, pairwise, strict=True):
        lines = value_lines(b, s, "mp", lang, mp_scale=scale)
        total = lines[-3] if more else lines[-2]
        # The count: the Law's pairwise matchpoints (2/1/0), on the event's scale.
        shown = re.findall(r"= ([\d.]+) (?:MP|比赛分)|(?:in all|合计) ([\d.]+) (?:MP|比赛分)",
                           total)
        assert shown and Fraction(shown[0][0] or shown[0][1]) == Fraction(raw) * win / 2, total
        ns, ew = exact(s, "ns"), exact(s, "ew")
        if more:
            assert lines[-2].split(" = ")[-1].startswith(figure(ns) + " "), lines[-2]
        assert lines[-1].endswith(f"= {figure(ew)} {'比赛分' if zh else 'MP'}"), lines[-1]
        assert f" − {figure(ns)} = " in lines[-1]


def session_of(boards: list[list[int]]) -> Session:
    """Boards 1, 2, … with these NS scores at tables 1, 2, … (pair k NS v pair 10 + k)."""
    return Session(tuple(BoardResult(b, str(t), str(t + 10), score=s, table=t)
                         for b, scores in enumerate(boards, 1)
                         for t, s in enumerate(scores, 1)))


def test_a_side_counts_from_its_own_point_of_view_with_its_percentage() -> None:
    # The example: eight results, +420 beats five (+400 ×3, +170, -50), ties one
    # (+420) and loses to one (+450): 5 × 2 + 1 × 1 = 11 of 2 × 7 = 14, 78.57%.  Its East-West
    # pair has -420: it beats only -450, ties -420: 2 + 1 = 3 of 14 = 21.43% (14 − 11 = 3).
    b = board([420, 400, 400, 400, 170, -50, 420, 450])
    assert value_lines(b, b.results[0], "mp", side="ns") == [
        "NS +420 against 7 other results:",
        "beats 5 (+400, +400, +400, +170, -50): 5 × 2 = 10",
        "ties 1 (+420): 1 × 1 = 1",
        "loses to 1 (+450): 0",
        "in all 10 + 1 = 11 MP (top 14)",
        "11 ÷ 14 = 78.57%"]
    assert value_lines(b, b.results[0], "mp", "zh", side="ew") == [
        "东西 -420，与其他 7 个结果比较：",
        "胜 1 个（-450）：1 × 2 = 2",
        "平 1 个（-420）：1 × 1 = 1",
        "负 5 个（+50、-170、-400、-400、-400）：0",
        "合计 2 + 1 = 3 比赛分（满分 14）",
        "3 ÷ 14 = 21.43%"]
    assert (b.results[0].ns_pct, b.results[0].ew_pct) == pytest.approx((1100 / 14, 300 / 14))
    # A traveller's row: North-South's count, East-West's figure, both percentages.
    assert value_lines(b, b.results[0], "mp", percent=True)[-3:] == [
        "EW: 14 − 11 = 3 MP", "NS: 11 ÷ 14 = 78.57%", "EW: 3 ÷ 14 = 21.43%"]
    # On the 1/0.5/0 scale the same board: 5 × 1 + 1 × 0.5 = 5.5 of 7, the same 78.57%.
    half = board([420, 400, 400, 400, 170, -50, 420, 450], scale="1/0.5/0")
    assert value_lines(half, half.results[0], "mp", "zh", mp_scale="1/0.5/0", side="ns")[-2:] == [
        "合计 5 + 0.5 = 5.5 比赛分（满分 7）", "5.5 ÷ 7 = 78.57%"]


def test_a_board_factored_to_the_top_without_neuberg() -> None:
    # Three results where four are expected, factored by the top (6 / 4): +420 beats both
    # others: 4 × 6 ÷ 4 = 6 MP, 100%; -50 gets 0; East-West of +400 beats one: 2 × 6 ÷ 4 = 3.
    rs = [BoardResult(1, str(t), str(t + 10), score=s, table=t)
          for t, s in enumerate([420, 400, -50], 1)]
    rs += [BoardResult(2, str(t), str(t + 10), score=s, table=t)
           for t, s in enumerate([110, 140, 170, 200], 1)]
    b = score_matchpoints(Session(tuple(rs)), MatchpointSettings(factoring="session")).boards[0]
    assert value_lines(b, b.results[0], "mp", side="ns", factoring="session")[-2:] == [
        "factored to the top (3 results where 4 are expected): 4 × 6 ÷ 4 = 6 MP", "6 ÷ 6 = 100.00%"]
    assert exact(b.results[1], "ew") == 3
    assert value_lines(b, b.results[1], "mp", "zh", side="ew", factoring="session")[-2:] == [
        "按满分折算（实有 3 个结果，应有 4 个）：2 × 6 ÷ 4 = 3 比赛分", "3 ÷ 6 = 50.00%"]


def test_cross_imps_and_butler_from_east_west() -> None:
    # Cross-IMPs, NS +420, +400, -50: table 3's East-West +50 against -420 is 470 → 10
    # (430–490), against -400 450 → 10: +20, averaged over 2 comparisons, +10.
    x = score_session(session_of([[420, 400, -50]]), "ximp").boards[0]
    assert exact(x.results[2], "ew") == 10
    assert value_lines(x, x.results[2], "ximp", side="ew") == [
        "EW v table 1: +50 − -420 = 470 → +10 IMPs", "EW v table 2: +50 − -400 = 450 → +10 IMPs",
        "in all +20 IMPs; average +20 ÷ 2 = 10"]
    assert value_lines(x, x.results[2], "ximp", "zh", side="ew")[-1] == (
        "共 +20 IMP，平均 +20 ÷ 2 = 10")
    # Butler, NS +650, +170, +200 (three results: none dropped): datum (650 + 170 + 200) ÷ 3
    # = 340.  Table 2's East-West -170 against the datum -340 seen from East-West: +170 →
    # 5 IMPs (170–210); its North-South +170 − 340 = -170 → -5.
    bt = score_session(session_of([[650, 170, 200]]), "butler").boards[0]
    assert bt.datum == 340 and exact(bt.results[1], "ew") == 5
    assert value_lines(bt, bt.results[1], "butler", side="ew") == [
        "EW -170 − datum -340 = 170 → +5 IMPs"]
    assert value_lines(bt, bt.results[1], "butler", "zh", side="ns") == [
        "南北 +170 − 基准分 +340 = -170 → -5 IMP"]


def test_a_pairs_total_from_its_boards() -> None:
    # Pair 2 (NS at table 2): board 1 +400 of +420, +400, -50 beats one: 2; board 2 +140 of
    # 110, 140, 170: 2; board 3 +100 of -100, +100, +100: beats one, ties one: 3.  7 of 3 × 4
    # = 12: 58.33%.  Pair 13 (EW at table 3): 4 + 0 + 1 = 5 of 12, 41.67%.
    from bridgescore.sessions.explain import total_lines

    scores = [[420, 400, -50], [110, 140, 170], [-100, 100, 100]]
    mp = score_matchpoints(session_of(scores))
    assert total_lines(mp.boards, mp.pair("2"), "mp") == [
        "3 boards: 2 + 2 + 3 = 7 MP", "tops: 3 × 4 = 12", "7 ÷ 12 = 58.33%"]
    assert total_lines(mp.boards, mp.pair("13"), "mp", "zh") == [
        "3 副牌：4 + 0 + 1 = 5 比赛分", "满分：3 × 4 = 12", "5 ÷ 12 = 41.67%"]
    assert f"{mp.pair('13').percentage:.2f}" == "41.67"
    # Cross-IMPs, pair 1: board 1 (20 → 1, 470 → 10) 11 ÷ 2 = 5.5; board 2 (-30 → -1, -60 →
    # -2) -1.5; board 3 (-200 → -5 twice) -5: 5.5 − 1.5 − 5 = -1.
    x = score_session(session_of(scores), "ximp")
    assert total_lines(x.boards, x.pair("1"), "ximp") == ["3 boards: 5.5 − 1.5 − 5 = -1 IMP"]
    assert total_lines(x.boards, x.pair("1"), "ximp", "zh") == ["3 副牌：5.5 − 1.5 − 5 = -1 IMP"]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([-100, -50, 0, 110, 140, 400, 420, 450]), min_size=1,
                max_size=9),
       st.integers(min_value=0, max_value=3), st.sampled_from(["2/1/0", "1/0.5/0"]),
       st.sampled_from(["neuberg", "session"]))
def test_each_sides_percentage_is_the_scorers(scores: list[int], more: int, scale: str,
                                              factoring: str) -> None:
    from bridgescore.core.figures import fixed

    rs = tuple(BoardResult(1, str(t), str(t + 10), score=s, table=t)
               for t, s in enumerate(scores, 1))
    b = score_matchpoints(Session(rs, expected=len(scores) + more), MatchpointSettings(
        scale=scale, factoring=factoring)).boards[0]  # type: ignore[arg-type]
    for s in b.results:
        for side, pct in (("ns", s.ns_pct), ("ew", s.ew_pct)):
            lines = value_lines(b, s, "mp", side=side, mp_scale=scale,  # type: ignore[arg-type]
                                factoring=factoring)
            assert (pct is not None and lines[-1].endswith(f"= {fixed(pct)}%")) or (
                b.top == 0 and lines[-1].endswith("50.00%")), lines


def test_a_total_of_one_board() -> None:
    from bridgescore.sessions.explain import total_lines

    mp = score_matchpoints(session_of([[420, 400, -50]]))
    assert total_lines(mp.boards, mp.pair("1"), "mp") == [
        "1 board: 4 MP", "top: 4", "4 ÷ 4 = 100.00%"]
    assert total_lines(mp.boards, mp.pair("12"), "mp", "zh") == [
        "1 副牌：2 比赛分", "满分：4", "2 ÷ 4 = 50.00%"]
