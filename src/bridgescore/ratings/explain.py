"""One board of a player's week explained, in English or Chinese: what the four Rates
expected, what happened, and the board's share in the joint fit (docs/ratings.md "A board's
share").

In a joint fit no board has a Rate of its own: every result moves every Rate a little.  The
board's share shown is the change in the player's Rate with and without the board, the other
players' Rates held where the fit put them, as one Gauss–Newton step of the player's own
equation works it out: for a board where the player's side scored r above its expected
percentage, s = 1 − tanh²(u/K) the slope of the table's expectation (u its level
difference less the board's), m the board's mean of s × residual (each result's, from the
player's side), q the board's weight in the player's equation (``_Rows.weights``: (1 − 1/n)
when every slope is 1) and P the player's precision in boards (4 × the diagonal of the
normal equations, the prior's weight included: ``WeekRating.precision``),

    share = 2·w·(s·r − m) / (P − w·q)

(w is the board's weight, 1 in its week).  With a linear expectation (s = 1, m = 0) this is
exactly the board taken out of the player's own equation; with the saturating one it is
one Newton step of it, hence "about" in the text: within a few per cent of the exact
re-solve (tests/ratings/test_explain.py).  A disconnection's share is ``w·(r₀ − R)/(P − w)``.

Figures are shown to two decimals, rounded half up (``core.figures.fixed``)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..core.errors import BridgeError
from ..core.figures import fixed
from ..core.i18n import Lang, noun, pick, signed
from ..core.text import excerpt
from .fit import prepare
from .rate import WeekRating
from .settings import RateSettings
from .week import SEAT_NAMES, Ratings, WeekResults

__all__ = ["BoardShare", "board_share", "explain_board", "explain_share"]


@dataclass(frozen=True, slots=True)
class BoardShare:
    """One player's board in the fit (``board_share``): ``seat`` 0–3 (N, E, S, W);
    ``disconnected``; ``results`` the board's count that week; ``rated``; ``counted``
    (rated and nobody at the table disconnected, or the player disconnected); ``ns_score``,
    ``datum`` (NaN in MP), ``points`` (NS IMPs or matchpoints), ``pct`` (NS %); ``rates`` the
    four fitted Rates (N, E, S, W); ``field_pct`` the board's mean NS %, ``field_d`` its mean
    difference of pair levels D̄ (both as in the fit, over the results it counts);
    ``level`` the table's u = D − D̄ (D alone without ``field_adjust``); ``field_g`` the
    board's mean of g(u) = K·tanh(u/K); ``expected`` the NS % the Rates expected;
    ``residual`` the player's side's % less its expected %; ``slope`` s = 1 − tanh²(u/K);
    ``mean`` m, the board's mean of s × residual from the player's side; ``weight`` q, the
    board's weight in the player's equation; ``precision`` the player's precision in boards;
    ``share`` the change in the player's Rate the board made (module docstring); ``in_fit``
    how many of the board's results the fit counts."""

    board: int
    player: int
    seat: int
    disconnected: bool
    results: int
    rated: bool
    counted: bool
    ns_score: int
    datum: float
    points: int
    pct: float
    rates: tuple[float, float, float, float]
    field_pct: float
    field_d: float
    level: float
    field_g: float
    expected: float
    residual: float
    slope: float
    mean: float
    weight: float
    precision: float
    share: float
    in_fit: int
    settings: RateSettings


def board_share(results: WeekResults, rates: Ratings, precision: float, player: int,
                settings: RateSettings, weight: float = 1.0) -> BoardShare:
    """The player's board: ``results`` all of one board's results of the week (board keys
    all equal), ``rates`` the fitted Rates of the week (every player of the board's counted
    results), ``precision`` the player's H_pp that week, ``weight`` the board's weight in
    that fit (1: its own week)."""
    st = settings
    if not isinstance(results, WeekResults) or not len(results):
        raise BridgeError(f"expected one board's results (WeekResults), got {excerpt(results)}",
                          f"应为一副牌的结果（WeekResults），实为 {excerpt(results)}")
    if np.unique(results.board).size != 1:
        raise BridgeError("the results are of more than one board",
                          "这些结果不止属于一副牌")
    prep = prepare(results, st)
    hit = np.flatnonzero((prep.players == player).any(axis=1))
    if hit.size == 0:
        raise BridgeError(f"player {player} has no result on this board",
                          f"牌手 {player} 在这副牌上没有结果")
    i = int(hit[0])
    seat = int(np.flatnonzero(prep.players[i] == player)[0])
    board = int(prep.board[i])
    zero = bool(prep.rate_zero[i, seat])
    rated = bool(prep.rated[i])
    pair = prep.pair
    in_fit = int(pair.size)
    nan = float("nan")
    table = tuple(float(rates.rate[rates.index([int(q)])[0]]) if _has(rates, int(q)) else nan
                  for q in prep.players[i])
    common = dict(board=board, player=player, seat=seat, disconnected=zero,
                  results=int(prep.results[i]), rated=rated, ns_score=int(prep.ns_score[i]),
                  datum=float(prep.datum[i]), points=int(prep.points[i]), pct=float(prep.pct[i]),
                  rates=table, precision=float(precision), in_fit=in_fit, settings=st)
    if zero:
        own = table[seat]
        r = st.disconnect_rate - own
        den = precision - weight
        share = weight * r / den if den > 0 else 0.0
        return BoardShare(**common, counted=True, field_pct=nan, field_d=nan,  # type: ignore[arg-type]
                          level=nan, field_g=nan, expected=own, residual=r, slope=1.0,
                          mean=0.0, weight=1.0, share=share)
    if not rated or i not in set(pair.tolist()):
        return BoardShare(**common, counted=False, field_pct=nan, field_d=nan,  # type: ignore[arg-type]
                          level=nan, field_g=nan, expected=nan, residual=nan, slope=nan,
                          mean=nan, weight=nan, share=0.0)
    fit_players = prep.players[pair]
    r4 = np.array([[float(rates.rate[rates.index([int(q)])[0]]) for q in row]
                   for row in fit_players])
    d = (r4[:, 0] + r4[:, 2]) / 2 - (r4[:, 1] + r4[:, 3]) / 2
    y = prep.pct[pair] - 50.0
    k = int(np.flatnonzero(pair == i)[0])
    side = 1.0 if seat in (0, 2) else -1.0
    kk = st.saturation
    if st.field_adjust:
        field_pct = 50.0 + float(y.mean())
        field_d = float(d.mean())
    else:
        field_pct, field_d = 50.0, 0.0
    u = d - field_d
    if kk:
        t = np.tanh(u / kk)
        g = kk * t
        slopes = 1.0 - t * t
    else:  # linear
        g, slopes = u, np.ones(u.size)
    field_g = float(g.mean()) if st.field_adjust else 0.0
    expected_all = field_pct + g - field_g
    resid = side * (prep.pct[pair] - expected_all)  # every result's, from the player's side
    n = in_fit
    if st.field_adjust:
        m = float((slopes * resid).mean())
        sm = float(slopes.mean())
        own = slopes[k] * (1 - 2 / n) + sm / n
        others = np.delete((sm - slopes[k] - slopes) / n, k)
        q = float(own * own + (others * others).sum())
    else:
        m, q = 0.0, float(slopes[k] ** 2)
    expected = float(expected_all[k])
    r = float(resid[k])
    sk = float(slopes[k])
    den = precision - weight * q
    share = 2 * weight * (sk * r - m) / den if den > 0 and q > 0 else 0.0
    return BoardShare(**common, counted=True, field_pct=field_pct, field_d=field_d,  # type: ignore[arg-type]
                      level=float(u[k]), field_g=field_g, expected=expected, residual=r,
                      slope=sk, mean=m, weight=q, share=share)


def _has(rates: Ratings, p: int) -> bool:
    i = int(np.searchsorted(rates.player, p))
    return i < len(rates) and int(rates.player[i]) == p


def explain_board(rating: WeekRating, board: int, player: int, lang: Lang = "en") -> str:
    """How ``player``'s result on ``board`` (a board key of the week) stood in the week's
    fit (``rating`` from ``rate_week``), in the reader's language."""
    if not isinstance(rating, WeekRating):
        raise BridgeError(f"expected a week's rating (WeekRating), got {excerpt(rating)}",
                          f"应为一周的牌技指数结果（WeekRating），实为 {excerpt(rating)}")
    for name, v in (("board", board), ("player", player)):
        if isinstance(v, bool) or not isinstance(v, int):
            raise BridgeError(f"invalid {name} {excerpt(v)}: expected a whole number",
                              f"无效的 {name} {excerpt(v)}：应为整数")
    week = rating.week
    rows = np.flatnonzero(week.board == board)
    if rows.size == 0 or not bool((week.players[rows] == player).any()):
        raise BridgeError(f"player {player} has no result on board {board} this week",
                          f"牌手 {player} 本周在第 {board} 副上没有结果")
    precision = float(rating.precision[rating.ratings.index([player])[0]])
    return explain_share(board_share(week.take(rows), rating.ratings, precision, player,
                                     rating.settings), lang)


def _num(x: float) -> str:
    return fixed(x, 2).replace("-", "−")


def _signed(x: float) -> str:
    s = _num(abs(x))
    if s == "0.00":  # no sign on what rounds to nothing (not "−0.00")
        return s
    return ("+" if x >= 0 else "−") + s


def _term(x: float) -> str:
    """A figure inside a product: in brackets when negative."""
    return f"({_num(x)})" if x < 0 else _num(x)


def _points(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else _num(x)


def explain_share(s: BoardShare, lang: Lang = "en") -> str:
    """``s`` in words and figures (English, or Chinese for ``zh``)."""
    st = s.settings
    en_seat, zh_seat = SEAT_NAMES[s.seat]
    head = pick(lang, f"Board {s.board}, {en_seat} (player {s.player}): ",
                f"第 {s.board} 副，{zh_seat}（牌手 {s.player}）：")
    if s.disconnected:
        return head + pick(
            lang, f"disconnected: the table's result is left out of the fit, and the board "
            f"counts as a Rate of {_num(st.disconnect_rate)} for this player (the seed's rule), "
            f"against the fitted Rate of {_num(s.rates[s.seat])}. With the other players' Rates "
            f"held where the fit put them, this board moved the Rate by {_signed(s.share)}.",
            f"断线：本桌结果不计入拟合，该副牌对此牌手按牌技指数 {_num(st.disconnect_rate)} 计（规则如此），"
            f"而拟合出的牌技指数为 {_num(s.rates[s.seat])}。其他牌手的牌技指数保持拟合值不变时，"
            f"这副牌使牌技指数变化 {_signed(s.share)}。")
    if not s.rated:
        return head + pick(
            lang, f"the board had {s.results} {noun(s.results, 'result', 'results')} this "
            f"week, fewer than {st.min_results}: it is not rated (no reliable datum) and counts "
            "for no one's Rate.",
            f"该副牌本周只有 {s.results} 个结果，少于 {st.min_results} 个：不计算牌技指数（基准分不可靠），"
            "不计入任何人的牌技指数。")
    ns = s.seat in (0, 2)
    if st.scoring == "ximp":
        scale = _points(st.imp_scale)
        result = pick(
            lang, f"NS scored {signed(s.ns_score)} against a datum of {_points(s.datum)}: "
            f"{signed(s.points)} {noun(s.points, 'IMP', 'IMPs')} for NS, "
            f"50 + 50×tanh({s.points}/{scale}) = {_num(s.pct)}% for NS",
            f"南北得 {signed(s.ns_score)} 分，基准分 {_points(s.datum)}，南北得 {signed(s.points)} IMP，"
            f"即南北 50 + 50×tanh({s.points}/{scale}) = {_num(s.pct)}%")
    else:
        top = 2 * (s.results - 1)
        result = pick(
            lang, f"NS scored {signed(s.ns_score)}: {s.points} of {top} matchpoints, "
            f"{_num(s.pct)}% for NS",
            f"南北得 {signed(s.ns_score)} 分：比赛分 {s.points}/{top}，即南北 {_num(s.pct)}%")
    if not s.counted:
        return head + result + pick(
            lang, ". A player at the table disconnected: the table's result is left out of the "
            "fit and does not move this player's Rate.",
            "。本桌有牌手断线：本桌结果不计入拟合，不影响此牌手的牌技指数。")
    names_en = [n[0] for n in SEAT_NAMES]
    names_zh = [n[1] for n in SEAT_NAMES]
    four_en = ", ".join(f"{names_en[k]} {_num(s.rates[k])}" for k in range(4))
    four_zh = "，".join(f"{names_zh[k]} {_num(s.rates[k])}" for k in range(4))
    if not st.saturation:
        return head + result + _linear(s, four_en, four_zh, lang)
    d = (s.rates[0] + s.rates[2]) / 2 - (s.rates[1] + s.rates[3]) / 2
    ns = s.seat in (0, 2)
    side_en, side_zh = ("NS", "南北") if ns else ("EW", "东西")
    pct_side = s.pct if ns else 100.0 - s.pct
    exp_side = s.expected if ns else 100.0 - s.expected
    k = _points(st.saturation)
    g = st.saturation * float(np.tanh(s.level / st.saturation))
    pairs = (f"({_num(s.rates[0])} + {_num(s.rates[2])})/2 − ({_num(s.rates[1])} + "
             f"{_num(s.rates[3])})/2 = {_num(d)}")
    curve = f"{k}×tanh({_num(s.level)}/{k}) = {_num(g)}"
    if st.field_adjust:
        exp_en = (f"put the pairs {pairs} apart; the board's average difference is "
                  f"{_num(s.field_d)}: u = {_num(d)} − {_term(s.field_d)} = {_num(s.level)}; "
                  f"the expectation flattens as pairs draw apart, "
                  f"{curve}, so NS were expected the board's mean {_num(s.field_pct)}% + "
                  f"{_term(g)} − the board's mean of it {_term(s.field_g)} = "
                  f"{_num(s.expected)}%")
        exp_zh = (f"两对相差 {pairs}，全场平均差 {_num(s.field_d)}：u = {_num(d)} − "
                  f"{_term(s.field_d)} = {_num(s.level)}；"
                  f"两对相差越大期望越趋平缓，{curve}，故南北的预期为本副全场均值 "
                  f"{_num(s.field_pct)}% + {_term(g)} − 其全场均值 {_term(s.field_g)} = "
                  f"{_num(s.expected)}%")
    else:
        exp_en = (f"put the pairs {pairs} apart: u = {_num(s.level)}; the expectation flattens "
                  f"as pairs draw apart, {curve}, so NS were expected 50 + {_term(g)} = "
                  f"{_num(s.expected)}%")
        exp_zh = (f"两对相差 {pairs}：u = {_num(s.level)}；两对相差越大期望越趋平缓，{curve}，"
                  f"故南北的预期为 50 + {_term(g)} = {_num(s.expected)}%")
    work = (f"2×({_num(s.slope)}×{_term(s.residual)} − {_term(s.mean)}) ÷ "
            f"({_num(s.precision)} − {_num(s.weight)}) = {_signed(s.share)}")
    return head + result + pick(
        lang, f". The four fitted Rates ({four_en}) {exp_en}; {side_en} scored "
        f"{_num(pct_side)}% against {_num(exp_side)}% expected: {_signed(s.residual)}. "
        f"In the joint fit, with the other players' Rates held where the fit put them, this "
        f"board moved the Rate by about {work} ({_num(s.slope)} = 1 − tanh²({_num(s.level)}/{k}): how "
        f"much the expectation still follows the Rates at this table; {_num(s.mean)}: the "
        f"board's mean of that slope × the residual; {_num(s.weight)}: the board's weight in "
        f"the player's equation; {_num(s.precision)}: the Rate's precision, its weight in "
        f"boards in the fit, prior included).",
        f"。四人拟合后的牌技指数（{four_zh}）：{exp_zh}；{side_zh}实得 {_num(pct_side)}%，"
        f"预期 {_num(exp_side)}%：差 {_signed(s.residual)}。在联合拟合中，其他牌手的牌技指数保持拟合值不变时，"
        f"这副牌使牌技指数变化约 {work}（{_num(s.slope)} = 1 − tanh²({_num(s.level)}/{k})：此桌的期望"
        f"仍随牌技指数变化的程度；{_num(s.mean)}：本副各结果该斜率 × 差的均值；{_num(s.weight)}："
        f"本副在此牌手方程中的权重；{_num(s.precision)} 为牌技指数的精度：它在拟合中以副数计的权重，含先验）。")


def _linear(s: BoardShare, four_en: str, four_zh: str, lang: Lang) -> str:
    """The rest of a counted board's explanation with a linear expectation (``saturation``
    0)."""
    st = s.settings
    d = (s.rates[0] + s.rates[2]) / 2 - (s.rates[1] + s.rates[3]) / 2
    ns = s.seat in (0, 2)
    side_en, side_zh = ("NS", "南北") if ns else ("EW", "东西")
    pct_side = s.pct if ns else 100.0 - s.pct
    exp_side = s.expected if ns else 100.0 - s.expected
    if st.field_adjust:
        exp_en = (f"the board's mean {_num(s.field_pct)}% + the pair difference "
                  f"({_num(s.rates[0])} + {_num(s.rates[2])})/2 − ({_num(s.rates[1])} + "
                  f"{_num(s.rates[3])})/2 = {_num(d)} − the field's mean difference "
                  f"{_num(s.field_d)} = {_num(s.expected)}% for NS")
        exp_zh = (f"本副全场均值 {_num(s.field_pct)}% + 两对差 ({_num(s.rates[0])} + {_num(s.rates[2])})/2 − "
                  f"({_num(s.rates[1])} + {_num(s.rates[3])})/2 = {_num(d)} − 全场平均差 {_num(s.field_d)}"
                  f" = 南北 {_num(s.expected)}%")
    else:
        exp_en = (f"50 + ({_num(s.rates[0])} + {_num(s.rates[2])})/2 − ({_num(s.rates[1])} + "
                  f"{_num(s.rates[3])})/2 = {_num(s.expected)}% for NS")
        exp_zh = (f"50 + ({_num(s.rates[0])} + {_num(s.rates[2])})/2 − ({_num(s.rates[1])} + "
                  f"{_num(s.rates[3])})/2 = 南北 {_num(s.expected)}%")
    coef = f"(1 − 1/{s.in_fit})" if st.field_adjust else "1"
    return pick(
        lang, f". The four fitted Rates ({four_en}) expected {exp_en}; {side_en} scored "
        f"{_num(pct_side)}% against {_num(exp_side)}% expected: {_signed(s.residual)}. "
        f"In the joint fit, with the other players' Rates held where the fit put them, this "
        f"board moved the Rate by 2×{_term(s.residual)} ÷ ({_num(s.precision)} − {coef}) = "
        f"{_signed(s.share)} ({_num(s.precision)}: the Rate's precision, its weight in boards in "
        f"the fit, prior included).",
        f"。四人拟合后的牌技指数（{four_zh}）预期：{exp_zh}；{side_zh}实得 {_num(pct_side)}%，"
        f"预期 {_num(exp_side)}%：差 {_signed(s.residual)}。在联合拟合中，其他牌手的牌技指数保持拟合值不变时，"
        f"这副牌使牌技指数变化 2×{_term(s.residual)} ÷ ({_num(s.precision)} − {coef}) = "
        f"{_signed(s.share)}（{_num(s.precision)} 为牌技指数的精度：它在拟合中以副数计的权重，含先验）。")

