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

>>> from bridgescore.sessions.model import BoardResult, Session
>>> from bridgescore.sessions.matchpoints import score_matchpoints
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
from typing import Literal

from ..core.figures import fixed
from ..core.i18n import Lang, is_zh, signed
from .adjusted import award_percent, award_text
from .model import Award
from .scores import PairScore, ScoredBoard, ScoredResult

__all__ = ["figure", "percent_line", "total_lines", "value_lines"]

Side = Literal["ns", "ew"]


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
    from ..core.errors import BridgeError

    raise BridgeError(f"unknown matchpoint scale {mp_scale!r}: expected '2/1/0' or '1/0.5/0'",
                      f"未知的比赛分制 {mp_scale!r}：应为 '2/1/0' 或 '1/0.5/0'")


def _scores(xs: Sequence[int], zh: bool) -> str:
    return ("、" if zh else ", ").join(signed(x) for x in xs)


def value_lines(board: ScoredBoard, mine: ScoredResult, scoring: str, lang: Lang = "en", *,
                mp_scale: str = "2/1/0", side: Side | None = None, percent: bool = False,
                factoring: str = "neuberg", form: str = "average") -> list[str]:
    """The arithmetic of ``mine``'s figures on ``board`` (one of its results), scored by
    ``scoring`` (``mp``, ``ximp``, ``butler``; ``total`` needs none beyond the table score),
    in ``lang``; ``mp_scale`` and ``factoring`` are the matchpoint settings the session was
    scored with, ``form`` its cross-IMP form.

    ``side`` (``"ns"`` or ``"ew"``): the figures of that side only, counted from its own point
    of view (an East-West pair's scorecard: its own score against the other East-West
    scores), and at matchpoints its percentage of the top.  Without it, North-South's count
    and East-West's figure as the top less North-South's; ``percent`` adds both sides'
    percentages (a traveller's row shows both)."""
    if mine.result.kind == "weighted":
        return []  # a weighted score's arithmetic is its components': not written out here
    if mine.result.kind == "artificial":
        return _artificial(board, mine, scoring, lang, side)
    if scoring == "mp":
        return _matchpoints(board, mine, lang, _win(mp_scale), side, percent, factoring)
    if scoring == "ximp":
        return _cross_imps(board, mine, lang, side, form)
    if scoring == "butler":
        return _butler(board, mine, lang, side or "ns")
    return []


def percent_line(value: Fraction, top: Fraction, lang: Lang, who: str = "") -> str:
    """A matchpoint figure as a percentage of the top, as the pages round it (two decimals,
    half up): ``11 ÷ 14 = 78.57%``; a board with a top of 0 (one result, not factored) is
    an average, as the scorer has it."""
    zh = is_zh(lang)
    lead = (f"{who}：" if zh else f"{who}: ") if who else ""
    if not top:
        return f"{lead}满分为 0（无其他结果）：50.00%" if zh else f"{lead}top 0 (no other result): 50.00%"
    return f"{lead}{figure(value)} ÷ {figure(top)} = {fixed(100 * value / top, 2)}%"


def _who(side: Side, zh: bool) -> str:
    return ("南北" if side == "ns" else "东西") if zh else side.upper()


def _field(board: ScoredBoard) -> list[ScoredResult]:
    return [s for s in board.results if s.result.kind != "artificial"]


def _matchpoints(board: ScoredBoard, mine: ScoredResult, lang: Lang, win: Fraction,
                 side: Side | None, percent: bool, factoring: str) -> list[str]:
    zh = is_zh(lang)
    tie = win / 2
    score = mine.result.score
    if score is None or board.top is None:
        return []
    # The count from the side's own point of view: East-West's score is North-South's
    # negated, and East-West beats what North-South lost to (Law 78A: each direction is
    # matchpointed within itself).
    sign = -1 if side == "ew" else 1
    own = sign * score
    field = _field(board)
    others = [sign * s.result.score for s in field if s is not mine and s.result.score is not None]
    beaten = sorted((x for x in others if x < own), reverse=True)
    tied = [x for x in others if x == own]
    lost = sorted((x for x in others if x > own), reverse=True)
    who = _who(side or "ns", zh)
    lines = [f"{who} {signed(own)}，与其他 {len(others)} 个结果比较：" if zh
             else f"{who} {signed(own)} against {len(others)} other result"
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
    value = raw
    if top != raw_top:
        value = _factored_line(lines, raw, raw_top, top, len(field), tie, factoring, zh)
    if side is not None:
        # The scorer's own figure (this count reproduces it: the tests check it).
        lines.append(percent_line(value, top, lang))
        return lines
    ew = top - value
    lines.append(f"东西：{figure(top)} − {figure(value)} = {figure(ew)} 比赛分" if zh
                 else f"EW: {figure(top)} − {figure(value)} = {figure(ew)} MP")
    if percent:
        lines.append(percent_line(value, top, lang, _who("ns", zh)))
        lines.append(percent_line(ew, top, lang, _who("ew", zh)))
    return lines


def _factored_line(lines: list[str], raw: Fraction, raw_top: Fraction, top: Fraction, n: int,
                   tie: Fraction, factoring: str, zh: bool) -> Fraction:
    """A board with fewer results than expected, brought to the session's top as the
    scorer does (``matchpoints._factored``); the line is added to ``lines``, the figure
    returned."""
    win = 2 * tie
    # The scorer's expected number of results, from its top: 2/1/0 top = 2(N − 1).
    expected = int(top / win) + 1
    unit = "比赛分" if zh else "MP"
    if factoring == "session":
        if n == 1:  # a lone result is an average
            value = top / 2
            lines.append(f"唯一的结果记平均分：{figure(top)} ÷ 2 = {figure(value)} {unit}" if zh
                         else f"a lone result is an average: {figure(top)} ÷ 2 = "
                              f"{figure(value)} {unit}")
            return value
        value = raw * top / raw_top
        lines.append(f"按满分折算（实有 {n} 个结果，应有 {expected} 个）：{figure(raw)} × "
                     f"{figure(top)} ÷ {figure(raw_top)} = {figure(value)} {unit}" if zh
                     else f"factored to the top ({n} results where {expected} are expected): "
                          f"{figure(raw)} × {figure(top)} ÷ {figure(raw_top)} = "
                          f"{figure(value)} {unit}")
        return value
    from .matchpoints import neuberg

    value = neuberg(raw, n, expected, float(tie))
    lines.append(
        f"Neuberg 折算（实有 {n} 个结果，应有 {expected} 个）：({figure(raw)} + {figure(tie)}) × "
        f"{expected} ÷ {n} − {figure(tie)} = {figure(value)} 比赛分（满分 {figure(top)}）" if zh
        else f"Neuberg ({n} result{'' if n == 1 else 's'} where {expected} are expected): "
             f"({figure(raw)} + {figure(tie)}) × {expected} ÷ {n} − {figure(tie)} = "
             f"{figure(value)} MP (top {figure(top)})")
    return value


def _cross_imps(board: ScoredBoard, mine: ScoredResult, lang: Lang, side: Side | None,
                form: str) -> list[str]:
    from ..scoring.imps import imps

    zh = is_zh(lang)
    score = mine.result.score
    if score is None:
        return []
    sign = -1 if side == "ew" else 1
    own = sign * score
    # Without a side the lines are North-South's, as a traveller's row reads.
    who = "" if side is None else _who(side, zh) + ("" if zh else " ")
    others = [s for s in _field(board) if s is not mine and s.result.score is not None]
    lines: list[str] = []
    total = 0
    for o in others:
        other = sign * (o.result.score or 0)
        n = imps(own - other)
        total += n
        lines.append(f"{who}对第{o.result.table}桌 {signed(own)} − {signed(other)} = "
                     f"{own - other} → {signed(n)} IMP" if zh else
                     f"{who}v table {o.result.table}: {signed(own)} − {signed(other)} = "
                     f"{own - other} → {signed(n)} IMP{'' if abs(n) == 1 else 's'}")
    if others:
        value = figure(_exact(mine, side or "ns"))
        if form != "average":  # the sum is the board's figure
            lines.append(f"共 {signed(total)} IMP" if zh else
                         f"in all {signed(total)} IMP{'' if abs(total) == 1 else 's'}")
        else:
            lines.append(f"共 {signed(total)} IMP，平均 {signed(total)} ÷ {len(others)} = {value}"
                         if zh else f"in all {signed(total)} IMP{'' if abs(total) == 1 else 's'};"
                         f" average {signed(total)} ÷ {len(others)} = {value}")
    return lines


def _butler(board: ScoredBoard, mine: ScoredResult, lang: Lang, side: Side) -> list[str]:
    from ..scoring.imps import imps

    score = mine.result.score
    if score is None or board.datum is None:
        return []
    zh = is_zh(lang)
    # The datum is North-South's; East-West's is its negation (their IMPs North-South's
    # negated).
    sign = -1 if side == "ew" else 1
    own = sign * score
    datum = sign * Fraction(repr(board.datum))
    diff = own - datum
    n = imps(float(diff))
    shown = figure(datum) if datum <= 0 else "+" + figure(datum)
    return [f"{_who(side, zh)} {signed(own)} − 基准分 {shown} = {figure(diff)} → {signed(n)} IMP"
            if zh else
            f"{_who(side, zh)} {signed(own)} − datum {shown} = {figure(diff)} → {signed(n)} "
            f"IMP{'' if abs(n) == 1 else 's'}"]


def _artificial(board: ScoredBoard, mine: ScoredResult, scoring: str, lang: Lang,
                only: Side | None = None) -> list[str]:
    zh = is_zh(lang)
    r = mine.result
    lines = []
    for side, award in (("ns", r.ns_award), ("ew", r.ew_award)):
        if award is None or only not in (None, side):
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


def _terms(xs: Sequence[Fraction]) -> str:
    """Figures added up as a sheet writes them: ``3 − 1 + 0.5``."""
    out = ""
    for i, x in enumerate(xs):
        if i == 0:
            out = figure(x)
        else:
            out += f" − {figure(-x)}" if x < 0 else f" + {figure(x)}"
    return out or "0"


def total_lines(boards: Sequence[ScoredBoard], pair: PairScore, scoring: str,
                lang: Lang = "en") -> list[str]:
    """How a pair's session total (and, at matchpoints, its percentage) comes from its
    boards: each counted board's figure in the order played (round, then board), added up,
    over the sum of the boards' tops.  Nothing when the total is not that sum (a cross-IMP
    total factored to the most boards played): these lines never show another figure than
    the scorer's."""
    zh = is_zh(lang)
    mine: list[tuple[tuple[int, int], Fraction, Fraction]] = []
    for b in boards:
        for s in b.results:
            if not s.counted or pair.pair not in (s.result.ns_pair, s.result.ew_pair):
                continue
            side: Side = "ns" if s.result.ns_pair == pair.pair else "ew"
            top = Fraction(repr(b.top)) if b.top is not None else Fraction(0)
            mine.append(((s.result.round or 0, b.board), _exact(s, side), top))
    mine.sort(key=lambda m: m[0])
    values = [v for _, v, _ in mine]
    total = sum(values, Fraction(0))
    exact = pair.exact if pair.exact is not None else Fraction(repr(pair.total))
    if not mine or total != exact:
        return []
    n = len(mine)
    boards_text = f"{n} 副牌" if zh else f"{n} board{'' if n == 1 else 's'}"
    added = _terms(values) if n == 1 else f"{_terms(values)} = {figure(total)}"
    if scoring != "mp":
        unit = "分" if scoring == "total" and zh else "points" if scoring == "total" else "IMP"
        if unit == "IMP" and not zh and abs(total) != 1:
            unit = "IMPs"
        return [f"{boards_text}：{added} {unit}" if zh else f"{boards_text}: {added} {unit}"]
    tops = [t for _, _, t in mine]
    top = sum(tops, Fraction(0))
    if pair.maximum is None or Fraction(repr(pair.maximum)) != top:
        return []
    same = all(t == tops[0] for t in tops)
    tops_text = (f"{n} × {figure(tops[0])} = {figure(top)}" if same and n > 1
                 else figure(top) if n == 1 else f"{' + '.join(map(figure, tops))} = {figure(top)}")
    return [f"{boards_text}：{added} 比赛分" if zh else f"{boards_text}: {added} MP",
            f"满分：{tops_text}" if zh else f"top{'' if n == 1 else 's'}: {tops_text}",
            percent_line(total, top, lang)]
