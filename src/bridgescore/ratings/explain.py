"""The arithmetic of one player's Rate on one board, written out in English or Chinese, in
the seed's manner: ``2×(62.30−50) + 48.10 + 51.00 − 53.20 + 2×0.40 = 71.40``.

Figures are shown to two decimals, rounded half up (``events.figures.fixed``); the Rate on
the board is the exact figure's rounding, so the shown terms may differ from it in the last
digit."""

from __future__ import annotations

import math

from ..errors import BridgeError
from ..events.figures import fixed
from ..i18n import Lang, is_zh, noun, pick, signed
from ..text import excerpt
from .rate import WeekDetail, WeekRating
from .week import SEAT_NAMES

__all__ = ["explain_board"]


def _num(x: float) -> str:
    return fixed(x, 2).replace("-", "−")


def _term(x: float) -> str:
    """A figure inside a sum: in brackets when negative."""
    return f"({_num(x)})" if x < 0 else _num(x)


def _points(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else _num(x)


def explain_board(rating: WeekRating, board: int, player: int, lang: Lang = "en") -> str:
    """How ``player``'s Rate on ``board`` this week was worked out (``rating`` from
    ``rate_week(..., detail=True)``)."""
    if not isinstance(rating, WeekRating):
        raise BridgeError(f"expected a week's rating (WeekRating), got {excerpt(rating)}",
                          f"应为一周的牌技指数结果（WeekRating），实为 {excerpt(rating)}")
    d = rating.detail
    if d is None:
        raise BridgeError("this week was rated without its detail: rate it with detail=True to "
                          "explain a board", "本周计算时未保留明细：请用 detail=True 计算后再解释某副牌")
    for name, v in (("board", board), ("player", player)):
        if isinstance(v, bool) or not isinstance(v, int):
            raise BridgeError(f"invalid {name} {excerpt(v)}: expected a whole number",
                              f"无效的 {name} {excerpt(v)}：应为整数")
    rows = ((d.board == board) & (d.players == player).any(axis=1)).nonzero()[0]
    if rows.size == 0:
        raise BridgeError(f"player {player} has no result on board {board} this week",
                          f"牌手 {player} 本周在第 {board} 副上没有结果")
    i = int(rows[0])
    seat = int((d.players[i] == player).nonzero()[0][0])
    return _explain(rating, d, i, seat, lang)


def _explain(rating: WeekRating, d: WeekDetail, i: int, seat: int, lang: Lang) -> str:
    st = rating.settings
    zh = is_zh(lang)
    board, player = int(d.board[i]), int(d.players[i, seat])
    en_seat, zh_seat = SEAT_NAMES[seat]
    head = pick(lang, f"Board {board}, {en_seat} (player {player}): ",
                f"第 {board} 副，{zh_seat}（牌手 {player}）：")
    if bool(d.rate_zero[i, seat]):
        r = st.disconnect_rate
        return head + pick(
            lang, f"disconnected, so the Rate on the board is {_num(r)} (a disconnection scores "
            f"{_num(r)} on its board).",
            f"断线，本副牌技指数为 {_num(r)}（断线者在该副牌上的牌技指数记 {_num(r)}）。")
    count = int(d.results[i])
    if not bool(d.rated[i]):
        return head + pick(
            lang, f"the board had {count} {noun(count, 'result', 'results')} this week, fewer "
            f"than {st.min_results}: it is not rated (no reliable datum) and counts for no "
            "one's Rate.",
            f"该副牌本周只有 {count} 个结果，少于 {st.min_results} 个：不计算牌技指数（基准分不可靠），"
            "不计入任何人的牌技指数。")
    ns = seat in (0, 2)
    score = int(d.ns_score[i])
    pct_ns = float(d.pct[i])
    pct = pct_ns if ns else 100.0 - pct_ns
    points = int(d.points[i])
    if st.scoring == "ximp":
        datum = float(d.datum[i])
        result = pick(
            lang, f"NS scored {signed(score)} against a datum of {_points(datum)}: "
            f"{signed(points)} {noun(points, 'IMP', 'IMPs')} for NS, "
            f"50 + 50×tanh({points}/{_points(st.imp_scale)}) = {_num(pct_ns)}% for NS",
            f"南北得 {signed(score)} 分，基准分 {_points(datum)}，南北得 {signed(points)} IMP，"
            f"即南北 50 + 50×tanh({points}/{_points(st.imp_scale)}) = {_num(pct_ns)}%")
    else:
        top = 2 * (count - 1)
        result = pick(
            lang, f"NS scored {signed(score)}: {points} of {top} matchpoints, {_num(pct_ns)}% for NS",
            f"南北得 {signed(score)} 分：比赛分 {points}/{top}，即南北 {_num(pct_ns)}%")
    if not ns:
        result += pick(lang, f", {_num(pct)}% for EW", f"，东西 {_num(pct)}%")
    rates = [float(x) for x in d.rates[i]]
    partner = (seat + 2) % 4
    opponents = (1, 3) if ns else (0, 2)
    field = float(d.field[i]) if ns else -float(d.field[i])
    terms = [f"2×({_num(pct)}−50)"]
    for o in opponents:
        terms.append(f"+ {_term(rates[o])}" + pick(lang, f" ({SEAT_NAMES[o][0]})",
                                                   f"（{SEAT_NAMES[o][1]}）"))
    terms.append(f"− {_term(rates[partner])}" + pick(lang, f" ({SEAT_NAMES[partner][0]}, partner)",
                                                     f"（{SEAT_NAMES[partner][1]}，同伴）"))
    if st.field_adjust:
        terms.append(f"+ 2×{_term(field)}" + pick(lang, " (the field)", "（全场）"))
    r = float(d.board_rate[i, seat])
    expected = float(d.expected[i])
    expected_side = expected if ns else 100.0 - expected
    sep = "" if zh else " "
    formula = sep.join(terms) if not zh else " ".join(terms)
    assert math.isfinite(r)
    return head + result + pick(
        lang, f"; the table was expected to score {_num(expected_side)}% for "
        f"{'NS' if ns else 'EW'}. Rate on the board = {formula} = {_num(r)}.",
        f"；按四人的牌技指数，本桌{'南北' if ns else '东西'}应得 {_num(expected_side)}%。"
        f"本副牌技指数 = {formula} = {_num(r)}。")
