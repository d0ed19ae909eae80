"""How a pair's figure on a board came, worked out in words: the arithmetic behind one result
of a scored board (``ScoredBoard``), as a results page's "how the score is worked out" shows it.

* **Matchpoints** (Law 78A): each other result a score beats earns the scale's win (2 on the
  2/1/0 scale, 1 on 1/0.5/0), each tie half of it, each loss nothing.  A board with fewer
  results than expected (the fullest board of the session, artificial scores included; a cut
  board, an adjusted one) is scaled by Neuberg's formula, the scorer's own
  (``matchpoints.neuberg``).  An artificial score is a percentage of the top.  East-West's
  figure is the top less North-South's.
* **Cross-IMPs** (the average form): IMPs against each other table's score, summed, divided by
  the number of comparisons.
* **Butler** (total IMPs): the difference from the datum, in IMPs.
* An **artificial** score at IMPs: each side's award.

>>> from bridgescore.events.model import BoardResult, Session
>>> from bridgescore.events.matchpoints import score_matchpoints
>>> rs = [BoardResult(1, str(p), str(p + 10), score=s, table=p)
...       for p, s in ((1, 420), (2, 400), (3, 420), (4, -50))]
>>> board = score_matchpoints(Session(tuple(rs))).boards[0]
>>> print("\\n".join(value_lines(board, board.results[0], "mp")))
NS +420 against 3 other results:
beats 2 (+400, -50): 2 × 2 = 4
ties 1 (+420): 1 × 1 = 1
loses to 0
in all 4 + 1 = 5 MP (top 6)
EW: 6 − 5 = 1 MP

The figures are worked out again here from the board's results, with the scorer's own formulas;
the tests check that every line ends on the scorer's figure.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ..i18n import Lang, is_zh, signed
from .adjusted import award_percent, award_text
from .figures import fixed
from .model import Award
from .scores import ScoredBoard, ScoredResult

__all__ = ["figure", "value_lines"]


def figure(x: Fraction | float | int) -> str:
    """A figure as the lines write it: whole numbers whole, up to two decimals without
    trailing zeros when exact (10.2, 0.5), else rounded half up to two (9.33)."""
    f = Fraction(x) if not isinstance(x, float) else Fraction(repr(x))
    if f.denominator == 1:
        return str(f.numerator)
    if (f * 100).denominator == 1:
        return fixed(f, 2).rstrip("0")
    return fixed(f, 2)


def _exact(s: ScoredResult, side: str) -> Fraction:
    pair = s.ns_exact if side == "ns" else s.ew_exact
    if pair is not None:
        return Fraction(pair[0], pair[1])
    return Fraction(repr(s.ns if side == "ns" else s.ew))


def _win(mp_scale: str) -> Fraction:
    """One beaten score's matchpoints: 2 on the 2/1/0 scale, 1 on 1/0.5/0."""
    if mp_scale == "2/1/0":
        return Fraction(2)
    if mp_scale == "1/0.5/0":
        return Fraction(1)
    from ..errors import BridgeError

    raise BridgeError(f"unknown matchpoint scale {mp_scale!r}: expected '2/1/0' or '1/0.5/0'",
                      f"未知的比赛分制 {mp_scale!r}：应为 '2/1/0' 或 '1/0.5/0'")


def _scores(xs: Sequence[int], zh: bool) -> str:
    return ("、" if zh else ", ").join(signed(x) for x in xs)


def value_lines(board: ScoredBoard, mine: ScoredResult, scoring: str, lang: Lang = "en", *,
                mp_scale: str = "2/1/0") -> list[str]:
    """The arithmetic of ``mine``'s figures on ``board`` (one of its results), scored by
    ``scoring`` (``mp``, ``ximp``, ``butler``; ``total`` needs none beyond the table score),
    in ``lang``; ``mp_scale`` is the matchpoint scale the session was scored on."""
    if mine.result.kind == "weighted":
        return []  # a weighted score's arithmetic is its components': not written out here
    if mine.result.kind == "artificial":
        return _artificial(board, mine, scoring, lang)
    if scoring == "mp":
        return _matchpoints(board, mine, lang, _win(mp_scale))
    if scoring == "ximp":
        return _cross_imps(board, mine, lang)
    if scoring == "butler":
        return _butler(board, mine, lang)
    return []


def _field(board: ScoredBoard) -> list[ScoredResult]:
    return [s for s in board.results if s.result.kind != "artificial"]


def _matchpoints(board: ScoredBoard, mine: ScoredResult, lang: Lang,
                 win: Fraction) -> list[str]:
    zh = is_zh(lang)
    tie = win / 2
    own = mine.result.score
    if own is None or board.top is None:
        return []
    field = _field(board)
    others = [s.result.score for s in field if s is not mine and s.result.score is not None]
    beaten = sorted((x for x in others if x < own), reverse=True)
    tied = [x for x in others if x == own]
    lost = sorted((x for x in others if x > own), reverse=True)
    lines = [f"南北 {signed(own)}，与其他 {len(others)} 个结果比较：" if zh
             else f"NS {signed(own)} against {len(others)} other result"
                  f"{'' if len(others) == 1 else 's'}:"]
    parts: list[Fraction] = []
    for group, each, en, zh_word in ((beaten, win, "beats", "胜"), (tied, tie, "ties", "平")):
        if not group:
            continue
        got = len(group) * each
        parts.append(got)
        listed = f"{len(group)} × {figure(each)} = {figure(got)}"
        lines.append(f"{zh_word} {len(group)} 个（{_scores(group, zh)}）：{listed}" if zh
                     else f"{en} {len(group)} ({_scores(group, zh)}): {listed}")
    lines.append(f"负 {len(lost)} 个（{_scores(lost, zh)}）：0" if zh and lost else
                 f"loses to {len(lost)} ({_scores(lost, zh)}): 0" if lost else
                 "负 0 个" if zh else "loses to 0")
    raw = sum(parts, Fraction(0))
    raw_top = win * len(others)
    sums = " + ".join(figure(p) for p in parts) or "0"
    total = sums if len(parts) <= 1 else f"{sums} = {figure(raw)}"
    lines.append(f"合计 {total} 比赛分（满分 {figure(raw_top)}）" if zh
                 else f"in all {total} MP (top {figure(raw_top)})")
    top = Fraction(repr(board.top))
    ns = _exact(mine, "ns")
    if top != raw_top:
        from .matchpoints import neuberg

        # The scorer's expected number of results, from its top: 2/1/0 top = 2(N − 1).
        expected = int(top / win) + 1
        n = len(field)
        value = neuberg(raw, n, expected, float(tie))
        lines.append(
            f"Neuberg 折算（实有 {n} 个结果，应有 {expected} 个）：({figure(raw)} + {figure(tie)}) × "
            f"{expected} ÷ {n} − {figure(tie)} = {figure(value)} 比赛分（满分 {figure(top)}）" if zh
            else f"Neuberg ({n} result{'' if n == 1 else 's'} where {expected} are expected): "
                 f"({figure(raw)} + {figure(tie)}) × {expected} ÷ {n} − {figure(tie)} = "
                 f"{figure(value)} MP (top {figure(top)})")
        ns = value
    ew = top - ns
    lines.append(f"东西：{figure(top)} − {figure(ns)} = {figure(ew)} 比赛分" if zh
                 else f"EW: {figure(top)} − {figure(ns)} = {figure(ew)} MP")
    return lines


def _cross_imps(board: ScoredBoard, mine: ScoredResult, lang: Lang) -> list[str]:
    from ..imps import imps

    zh = is_zh(lang)
    own = mine.result.score
    if own is None:
        return []
    others = [s for s in _field(board) if s is not mine and s.result.score is not None]
    lines: list[str] = []
    total = 0
    for o in others:
        other = o.result.score or 0
        n = imps(own - other)
        total += n
        lines.append(f"对第{o.result.table}桌 {signed(own)} − {signed(other)} = "
                     f"{own - other} → {signed(n)} IMP" if zh else
                     f"v table {o.result.table}: {signed(own)} − {signed(other)} = "
                     f"{own - other} → {signed(n)} IMPs")
    if others:
        value = figure(_exact(mine, "ns"))
        lines.append(f"共 {signed(total)} IMP，平均 {signed(total)} ÷ {len(others)} = {value}"
                     if zh else f"in all {signed(total)} IMPs; average {signed(total)} ÷ "
                     f"{len(others)} = {value}")
    return lines


def _butler(board: ScoredBoard, mine: ScoredResult, lang: Lang) -> list[str]:
    from ..imps import imps

    own = mine.result.score
    if own is None or board.datum is None:
        return []
    datum = Fraction(repr(board.datum))
    diff = own - datum
    n = imps(float(diff))
    return [f"南北 {signed(own)} − 基准分 {figure(datum)} = {figure(diff)} → {signed(n)} IMP"
            if is_zh(lang) else
            f"NS {signed(own)} − datum {figure(datum)} = {figure(diff)} → {signed(n)} IMPs"]


def _artificial(board: ScoredBoard, mine: ScoredResult, scoring: str, lang: Lang) -> list[str]:
    zh = is_zh(lang)
    r = mine.result
    lines = []
    for side, award in (("ns", r.ns_award), ("ew", r.ew_award)):
        if award is None:
            continue
        who = ("南北" if side == "ns" else "东西") if zh else side.upper()
        value = _exact(mine, side)
        if scoring != "mp":
            unit = "IMP" if zh else "IMPs"
            if scoring == "total":
                unit = "分" if zh else "points"
            shown = figure(value) if value <= 0 else "+" + figure(value)
            lines.append(f"{who} {award_text(award)}：{shown} {unit}" if zh
                         else f"{who} {award_text(award)}: {shown} {unit}")
            continue
        if board.top is None:
            continue
        top = Fraction(repr(board.top))
        pct = value / top * 100 if top else Fraction(50)
        lines.append(_award_line(who, award, pct, top, value, zh))
    return lines


def _award_line(who: str, award: Award, pct: Fraction, top: Fraction, value: Fraction,
                zh: bool) -> str:
    base = award_percent(award)
    arithmetic = f"{figure(pct)}% × {figure(top)} = {figure(value)}"
    if pct == base or not isinstance(award, str):
        return (f"{who} {award_text(award)}：{arithmetic} 比赛分" if zh
                else f"{who} {award_text(award)}: {arithmetic} MP")
    # Average-plus and Average-minus take the pair's own session percentage when it is
    # better (worse) than 60% (40%): the WBF rule the scorer applies.
    if zh:
        why = (f"该对本场得分率高于 {figure(base)}%" if pct > base
               else f"该对本场得分率低于 {figure(base)}%")
        return f"{who} {award_text(award)}（{why}）：{arithmetic} 比赛分"
    why = (f"the pair's session percentage, above {figure(base)}%" if pct > base
           else f"the pair's session percentage, below {figure(base)}%")
    return f"{who} {award_text(award)} ({why}): {arithmetic} MP"
