"""Static results pages (HTML, Chinese or English): rankings, every board's traveller, each
pair's personal scorecard, a team match with its running score, and the printable team-of-four
scoresheet of the seeds (四人队复式桥牌比赛记分表).  Charts are inline SVG, drawn here.

>>> print(running_chart([0, 6], [0, 3], "H", "A")[:40])
<svg xmlns="http://www.w3.org/2000/svg"
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from ..core.board import Board
from ..core.figures import column as _column
from ..core.figures import fixed
from ..core.i18n import Lang, check_lang, is_zh, signed
from ..sessions.adjusted import award_text as _award
from ..sessions.model import BoardResult
from ..sessions.scores import SessionScores
from ..sessions.teams import MatchScore

if TYPE_CHECKING:
    from ..sessions.team_events import Standing
    from ..sessions.team_results import TeamEvent

__all__ = ["percentage_chart", "running_chart", "write_match_pages", "write_pairs_pages",
           "write_standings_page"]

_T = {
    "en": {
        "scoring": "Scoring", "boards": "Boards", "place": "Place", "pair": "Pair",
        "names": "Players", "total": "Total", "ranking": "Ranking", "datum": "datum",
        "top": "top", "ns": "NS", "ew": "EW", "contract": "Contract", "lead": "Lead",
        "ns_plus": "NS +", "ns_minus": "NS −", "ns_score": "NS", "ew_score": "EW",
        "board": "Board", "direction": "Sat", "against": "v", "score": "Score",
        "result": "Result", "scoresheet": "Printable scoresheet", "open": "Open room",
        "closed": "Closed room", "open_ns": "NS", "closed_ns": "NS", "diff": "Diff",
        "running": "Running", "sheet_title": "Teams-of-four scoresheet", "date": "Date",
        "home_team": "Home", "away_team": "Away", "round": "Round", "room": "Room",
        "table": "Table", "north_south": "North–South", "east_west": "East–West",
        "dealer": "Dealer", "vul": "Vul", "declarer": "Declarer", "tricks": "Result",
        "this_half": "This session", "carried": "Carried forward", "net": "Net",
        "captain": "captain's signature", "director": "Director's signature",
        "ew_check": "EW check", "mp": "matchpoints", "ximp": "cross-IMPs", "butler": "Butler IMPs",
        "online": "online datum IMPs", "total_pts": "total points", "field_ns": "North–South",
        "field_ew": "East–West", "field_all": "Ranking", "chart_pct": "% board by board",
        "chart_imps": "Running IMPs", "ns_pair": "NS pair", "ew_pair": "EW pair",
        "value_mp": "MP", "value_imp": "IMPs", "value_pts": "Points", "sep": " – ",
        "standings": "Standings", "team": "Team", "played": "Played", "byes": "Byes",
        "imps_for": "IMPs won", "imps_against": "IMPs lost", "quotient": "Quotient",
        "after_rounds": "after {n} rounds", "after_round": "after 1 round",
        "vp_scale": "VP scale", "tie_breaks": "Ties broken by",
        "tb_quotient": "IMP quotient", "tb_head_to_head": "head to head",
        "bye_note": "A bye scores {vp} VP.", "board_axis": "board", "matches": "Matches",
        "bye": "bye",
    },
    "zh": {
        "scoring": "记分方法", "boards": "牌副", "place": "名次", "pair": "对号",
        "names": "牌手", "total": "总分", "ranking": "排名", "datum": "基准分",
        "top": "满分", "ns": "南北", "ew": "东西", "contract": "定约", "lead": "首攻",
        "ns_plus": "南北 +", "ns_minus": "南北 −", "ns_score": "南北", "ew_score": "东西",
        "board": "副序", "direction": "方位", "against": "对手", "score": "得分",
        "result": "成绩", "scoresheet": "可打印记分表", "open": "开室", "closed": "闭室",
        "open_ns": "南北", "closed_ns": "南北", "diff": "分差", "running": "累计",
        "sheet_title": "四人队复式桥牌比赛记分表", "date": "日期", "home_team": "主队",
        "away_team": "客队", "round": "轮次", "room": "室别", "table": "桌号",
        "north_south": "南北", "east_west": "东西", "dealer": "发牌人", "vul": "局况",
        "declarer": "定约人", "tricks": "结果", "this_half": "本节", "carried": "上节",
        "net": "净胜", "captain": "队长签名", "director": "裁判签名", "ew_check": "东西核签",
        "mp": "比赛分（MP）", "ximp": "交叉 IMP（XIMP）", "butler": "巴特勒 IMP",
        "online": "网上复式（去高低平均）IMP", "total_pts": "总分制", "field_ns": "南北排名",
        "field_ew": "东西排名", "field_all": "排名", "chart_pct": "逐副百分比",
        "chart_imps": "累计 IMP", "ns_pair": "南北对", "ew_pair": "东西对",
        "value_mp": "比赛分", "value_imp": "IMP", "value_pts": "分", "sep": "、",
        "standings": "名次表", "team": "队", "played": "场数", "byes": "轮空",
        "imps_for": "得 IMP", "imps_against": "失 IMP", "quotient": "IMP 商",
        "after_rounds": "第{n}轮后", "after_round": "第1轮后",
        "vp_scale": "VP 换算表", "tie_breaks": "同分判定",
        "tb_quotient": "IMP 商", "tb_head_to_head": "相互间成绩",
        "bye_note": "轮空得 {vp} VP。", "board_axis": "副", "matches": "各轮赛果",
        "bye": "轮空",
    },
}


def _n(x: float | None) -> str:
    """A figure on its own: up to two decimals, rounded half up, no trailing zeros."""
    if x is None:
        return ""
    text = fixed(x)
    return text.rstrip("0").rstrip(".") if "." in text else text


def _file(pair: str) -> str:
    return re.sub(r"[^0-9A-Za-z_-]", "_", pair)


def _contract(r: BoardResult, lang: Lang) -> str:
    if r.kind == "artificial":
        return f"{_award(r.ns_award)}/{_award(r.ew_award)}"
    if r.kind == "weighted":
        return "; ".join(f"{w * 100:g}% {signed(s)}" for w, s in r.weighted)
    if r.result is None:
        return ""
    return r.result.format(lang)


def _scale_title(scale: str, lang: Lang) -> str:
    """The VP scale's title in the page's language (its name if it is not a known scale)."""
    from ..core.errors import BridgeError
    from ..scoring.vp import get_vp_scale

    try:
        return get_vp_scale(scale).title(lang)
    except BridgeError:
        return scale


def _render(name: str, **context: object) -> str:
    from .templates import render_template  # the package's one Jinja environment

    return render_template(name, **context)


_FONT = 'font-size="12"'


def percentage_chart(values: list[tuple[int, float]], title: str, axis: str = "board") -> str:
    """Bars of a pair's percentage on each board against a 0–100% scale with the 50% line.  A
    bottom (0%) still shows as a thin bar, so a board is never silently missing."""
    w, h, left, right, top, bottom = 640, 210, 40, 10, 26, 30
    n = max(len(values), 1)
    step = (w - left - right) / n
    plot = h - top - bottom
    base = h - bottom
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" '
             f'height="{h}" class="chart" role="img" aria-label="{escape(title)}">'
             f'<title>{escape(title)}</title>']
    for grid in (0, 25, 50, 75, 100):
        y = base - plot * grid / 100
        dash = ' stroke-dasharray="5 3"' if grid == 50 else ""
        colour = "#444" if grid in (0, 50) else "#ccc"
        parts.append(f'<line x1="{left}" y1="{y:.1f}" x2="{w - right}" y2="{y:.1f}" '
                     f'stroke="{colour}"{dash}></line>')
        parts.append(f'<text x="{left - 4}" y="{y + 4:.1f}" {_FONT} text-anchor="end">'
                     f'{grid}%</text>')
    label_every = 1 if n <= 30 else math.ceil(n / 30)
    for i, (board, pct) in enumerate(values):
        bh = max(plot * max(0.0, min(pct, 100)) / 100, 1.5)
        x = left + i * step
        colour = "#1f5fa8" if pct >= 50 else "#b5651d"
        parts.append(f'<rect x="{x + 1:.1f}" y="{base - bh:.1f}" width="{max(step - 2, 1):.1f}" '
                     f'height="{bh:.1f}" fill="{colour}"><title>{board}: {fixed(pct, 0)}%</title></rect>')
        if i % label_every == 0:
            parts.append(f'<text x="{x + step / 2:.1f}" y="{h - 12}" {_FONT} '
                         f'text-anchor="middle">{board}</text>')
    parts.append(f'<text x="{w - right}" y="{h - 1}" font-size="11" text-anchor="end" '
                 f'fill="#555">{escape(axis)}</text>')
    parts.append(f'<text x="{left}" y="16" font-size="13" font-weight="600">{escape(title)}'
                 '</text></svg>')
    return "".join(parts)


def running_chart(home: list[float], away: list[float], home_name: str, away_name: str,
                  title: str = "IMPs", boards: list[int] | None = None,
                  axis: str = "board") -> str:
    """Two lines: each team's running IMPs after each board (start at the carry-over), with
    an IMP scale and the board numbers along the bottom."""
    w, h, left, right, top, bottom = 640, 240, 40, 12, 44, 30
    peak = max([*home, *away, 1.0])
    step_y = next(s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000, 10**9)
                  if peak / s <= 6)
    ymax = math.ceil(peak / step_y) * step_y
    n = max(len(home) - 1, 1)
    plot = h - top - bottom
    base = h - bottom

    def x(i: int) -> float:
        return left + i * (w - left - right) / n

    def y(v: float) -> float:
        return base - plot * v / ymax

    def pts(vals: list[float]) -> str:
        return " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(vals))

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" '
             f'height="{h}" class="chart" role="img" aria-label="{escape(title)}">'
             f'<title>{escape(title)}</title>']
    for v in range(0, int(ymax) + 1, step_y):
        parts.append(f'<line x1="{left}" y1="{y(v):.1f}" x2="{w - right}" y2="{y(v):.1f}" '
                     f'stroke="{"#444" if v == 0 else "#ccc"}"></line>'
                     f'<text x="{left - 4}" y="{y(v) + 4:.1f}" {_FONT} text-anchor="end">{v}</text>')
    numbers = boards if boards is not None else list(range(1, n + 1))
    every = 1 if n <= 30 else math.ceil(n / 30)
    for i, b in enumerate(numbers, 1):
        if (i - 1) % every == 0:
            parts.append(f'<text x="{x(i):.1f}" y="{h - 12}" {_FONT} text-anchor="middle">{b}</text>')
    parts.append(f'<text x="{w - right}" y="{h - 1}" font-size="11" text-anchor="end" '
                 f'fill="#555">{escape(axis)}</text>')
    for vals, colour, dash in ((home, "#1f5fa8", ""), (away, "#b5651d", ' stroke-dasharray="6 3"')):
        parts.append(f'<polyline points="{pts(vals)}" fill="none" stroke="{colour}" '
                     f'stroke-width="2.5"{dash}></polyline>')
    parts.append(f'<text x="{left}" y="16" font-size="13" font-weight="600">{escape(title)}</text>'
                 f'<text x="{left}" y="34" font-size="13" fill="#1f5fa8">━ {escape(home_name)} '
                 f'{_n(home[-1])}</text><text x="{left + (w - left) // 2}" y="34" font-size="13" '
                 f'fill="#b5651d">╍ {escape(away_name)} {_n(away[-1])}</text></svg>')
    return "".join(parts)


def _value_heading(scoring: str, t: dict[str, str]) -> str:
    return t["value_mp"] if scoring == "mp" else t["value_pts"] if scoring == "total" else t["value_imp"]


def write_pairs_pages(scores: SessionScores, out: Path, lang: Lang = "en") -> Path:
    """Write index.html (rankings), board-N.html and pair-ID.html; return index.html."""
    from markupsafe import Markup

    lang = check_lang(lang)
    t = _T[lang]
    out.mkdir(parents=True, exist_ok=True)
    session = scores.session
    names = {p: t["sep"].join(pair.names) for p, pair in session.pairs.items()} if session else {}
    title = (session.name if session and session.name else
             ("Pairs results" if not is_zh(lang) else "双人赛成绩"))
    scoring_name = t.get(scores.scoring if scores.scoring != "total" else "total_pts",
                         scores.scoring)
    value = _value_heading(scores.scoring, t)
    pct = scores.scoring == "mp"
    fields = []
    shown_total: dict[str, str] = {}
    for key, tkey in (("NS", "field_ns"), ("EW", "field_ew"), (None, "field_all")):
        members = [p for p in scores.pairs if (p.direction.name if p.direction else None) == key]
        if members:
            totals = _column([p.total for p in members])
            shown_total.update((p.pair, tot) for p, tot in zip(members, totals, strict=True))
            fields.append({"title": t[tkey], "pct": pct, "rows": [
                {"place": p.place, "pair": p.pair, "file": _file(p.pair),
                 "names": names.get(p.pair, ""), "total": tot,
                 "pct": "" if p.percentage is None else fixed(p.percentage), "boards": p.boards}
                for p, tot in zip(members, totals, strict=True)]})
    numbers = [b.board for b in scores.boards]
    html_lang = "zh-CN" if is_zh(lang) else "en"
    (out / "index.html").write_text(_render(
        "event_ranking.html", html_lang=html_lang, title=title, t=t, fields=fields,
        boards=numbers, scoring_name=scoring_name, value=value), encoding="utf-8")
    per_pair: dict[str, list[dict[str, object]]] = {p.pair: [] for p in scores.pairs}
    per_pair_values: dict[str, list[float]] = {p.pair: [] for p in scores.pairs}
    chart: dict[str, list[tuple[int, float]]] = {p.pair: [] for p in scores.pairs}
    for i, b in enumerate(scores.boards):
        ns_col = _column([s.ns for s in b.results])
        ew_col = _column([s.ew for s in b.results])
        rows = []
        for s, ns_v, ew_v in zip(b.results, ns_col, ew_col, strict=True):
            r = s.result
            rows.append({"ns": r.ns_pair, "ew": r.ew_pair, "ns_file": _file(r.ns_pair),
                         "ew_file": _file(r.ew_pair), "contract": _contract(r, lang),
                         "lead": r.lead or "",
                         "plus": f"{r.score}" if r.score is not None and r.score > 0 else "",
                         "minus": f"{-r.score}" if r.score is not None and r.score < 0 else "",
                         "ns_mp": ns_v, "ew_mp": ew_v, "note": _note(s.note, lang)})
            for side, pair, other, v, pc in (("ns", r.ns_pair, r.ew_pair, s.ns, s.ns_pct),
                                            ("ew", r.ew_pair, r.ns_pair, s.ew, s.ew_pct)):
                per_pair.setdefault(pair, []).append({
                    "board": b.board, "direction": t[side], "against": other,
                    "contract": _contract(r, lang),
                    "score": "" if r.score is None else signed(r.score if side == "ns" else -r.score),
                    "pct": "" if pc is None else fixed(pc, 0), "note": _note(s.note, lang)})
                per_pair_values.setdefault(pair, []).append(v)
                if pc is not None:
                    chart.setdefault(pair, []).append((b.board, pc))
        board = Board(b.board)
        (out / f"board-{b.board}.html").write_text(_render(
            "event_board.html", html_lang=html_lang, t=t, rows=rows, value=value,
            notes=any(row["note"] for row in rows),
            title=f"{title} — " + (f"Board {b.board}" if not is_zh(lang) else f"第{b.board}副"),
            describe=board.describe(lang), datum=None if b.datum is None else _n(b.datum),
            top=None if b.top is None else _n(b.top),
            prev=numbers[i - 1] if i > 0 else None,
            next=numbers[i + 1] if i + 1 < len(numbers) else None), encoding="utf-8")
    for p in scores.pairs:
        label = f"{p.pair} {names.get(p.pair, '')}".strip()
        summary = (f"{t['place']} {p.place or '–'} · {t['total']} "
                   f"{shown_total.get(p.pair, _n(p.total))}"
                   + (f" · {fixed(p.percentage)}%" if p.percentage is not None else ""))
        svg = percentage_chart(chart.get(p.pair, []), t["chart_pct"], t["board_axis"]) if pct else ""
        card = per_pair.get(p.pair, [])
        for row, shown in zip(card, _column(list(per_pair_values.get(p.pair, []))), strict=True):
            row["value"] = shown
        (out / f"pair-{_file(p.pair)}.html").write_text(_render(
            "event_pair.html", html_lang=html_lang, t=t, pct=pct, value=value,
            notes=any(row["note"] for row in card),
            title=f"{title} — {t['pair']} {label}", summary=summary, chart=Markup(svg),
            rows=sorted(card, key=lambda row: int(str(row["board"])))),
            encoding="utf-8")
    return out / "index.html"


_NOTES_ZH = {"weighted": "加权判分", "provisional": "暂定", "closed": "已截止，不计"}


def _note(note: str, lang: Lang) -> str:
    """A result's note (A+/A-, weighted, provisional, closed) in the page's language."""
    return _NOTES_ZH.get(note, note) if is_zh(lang) else note


def write_match_pages(m: MatchScore, out: Path, lang: Lang = "en") -> Path:
    """Write match.html (per-board IMPs, running score chart) and scoresheet.html."""
    from markupsafe import Markup

    lang = check_lang(lang)
    t = _T[lang]
    out.mkdir(parents=True, exist_ok=True)
    html_lang = "zh-CN" if is_zh(lang) else "en"
    home, away = m.match.home.label(lang), m.match.away.label(lang)
    title = m.match.name or (f"{home} v {away}" if not is_zh(lang) else f"{home} 对 {away}")
    homes = _column([b.home if b.home else None for b in m.boards])
    aways = _column([b.away if b.away else None for b in m.boards])
    running_h = _column([b.home_running for b in m.boards])
    running_a = _column([b.away_running for b in m.boards])
    rows = [{"board": b.board, "open": _contract(b.open, lang), "open_ns": _n(b.open.score),
             "closed": _contract(b.closed, lang), "closed_ns": _n(b.closed.score),
             "diff": _diff(b.difference, b.note, lang),
             "home": hv, "away": av, "running": f"{rh} – {ra}"}
            for b, hv, av, rh, ra in zip(m.boards, homes, aways, running_h, running_a, strict=True)]
    vp = "" if m.vp is None else f" · VP {_n(m.vp[0])} – {_n(m.vp[1])}"
    summary = f"{home} {_n(m.home_total)} – {_n(m.away_total)} {away}{vp}"
    start = m.match.carry_over if m.scoring == "imps" else 0.0
    chart = running_chart([start, *[b.home_running for b in m.boards]],
                          [0.0, *[b.away_running for b in m.boards]], home, away,
                          t["chart_imps"], [b.board for b in m.boards], t["board_axis"])
    (out / "match.html").write_text(_render(
        "event_match.html", html_lang=html_lang, t=t, title=title, summary=summary,
        chart=Markup(chart), rows=rows, home=home, away=away), encoding="utf-8")
    sheets = []
    for room, key in (("open", "open"), ("closed", "closed")):
        srows = []
        home_imps = _column([b.home if b.home else None for b in m.boards])
        away_imps = _column([b.away if b.away else None for b in m.boards])
        for b, hi, ai in zip(m.boards, home_imps, away_imps, strict=True):
            r = b.open if room == "open" else b.closed
            board = Board(b.board)
            res = r.result
            # The side that gained the points, even when the gain is worth 0 IMPs.
            home_gain = (b.difference or 0) > 0
            srows.append({
                "board": b.board, "dealer": board.dealer.name_in(lang)[:1] if not is_zh(lang)
                else board.dealer.name_in(lang), "vul": board.vulnerability.name_in(lang),
                "contract": _contract(r, lang) if res is None or res.declarer is None
                else res.contract.format(lang),
                "declarer": "" if res is None or res.declarer is None else res.declarer.name_in(lang),
                "lead": r.lead or "",
                "result": "" if res is None or res.declarer is None else
                ("=" if res.relative == 0 else f"{res.relative:+d}"),
                "plus": r.score if r.score is not None and r.score > 0 else "",
                "minus": -r.score if r.score is not None and r.score < 0 else "",
                "home_diff": abs(b.difference) if b.difference and home_gain else "",
                "home_imps": hi,
                "away_diff": abs(b.difference) if b.difference and not home_gain else "",
                "away_imps": ai})
        ns_team, ew_team = (home, away) if room == "open" else (away, home)
        sheets.append({"room": t[key], "rows": srows, "ns_team": ns_team, "ew_team": ew_team})
    net = m.home_total - m.away_total
    (out / "scoresheet.html").write_text(_render(
        "event_scoresheet.html", html_lang=html_lang, t=t, home=home, away=away, sheets=sheets,
        title=t["sheet_title"],
        home_total=_n(m.home_total - start), away_total=_n(m.away_total),
        carry_home=_n(start) if start else "", carry_away="",
        net_home=_n(net) if net > 0 else "", net_away=_n(-net) if net < 0 else "",
        vp_home="" if m.vp is None else _n(m.vp[0]),
        vp_away="" if m.vp is None else _n(m.vp[1])), encoding="utf-8")
    return out / "match.html"


def _diff(difference: int | None, note: str, lang: Lang) -> str:
    if difference is None:
        return _note(note, lang)
    return "0" if difference == 0 else f"{difference:+d}"


def write_standings_page(table: list[Standing], event: TeamEvent, out: Path, lang: Lang = "en",
                         *, scale: str = "wbf", tie_breaks: list[str] | None = None,
                         bye_vp: str = "") -> Path:
    """Write standings.html: a team event's standings by VPs with the matches of each round."""
    lang = check_lang(lang)
    t = _T[lang]
    out.mkdir(parents=True, exist_ok=True)
    rounds = max([m.round for m in event.matches] + [r for r, _ in event.byes], default=0)
    after = t["after_round"] if rounds == 1 else t["after_rounds"].format(n=rounds)
    title = f"{event.name or t['standings']} — {after}" if not is_zh(lang) else \
        f"{event.name or t['standings']}——{after}"
    vps = _column([s.vp for s in table])
    imps_for = _column([s.imps_for for s in table])
    imps_against = _column([s.imps_against for s in table])
    rows = []
    for s, v, f, a in zip(table, vps, imps_for, imps_against, strict=True):
        q = s.quotient
        rows.append({"place": s.place, "team": s.team, "name": event.names.get(s.team, ""),
                     "played": s.played, "byes": s.byes or "", "vp": v, "for": f, "against": a,
                     "quotient": fixed(q, 3) if math.isfinite(q) else "∞"})
    matches: list[tuple[int, int, dict[str, object]]] = []
    for i, m in enumerate(event.matches):
        hv, av = m.vps(scale)
        matches.append((m.round, i, {
            "round": m.round, "home": event.label(m.home), "away": event.label(m.away),
            "imps": f"{_n(m.home_imps)} – {_n(m.away_imps)}", "vp": f"{fixed(hv)} – {fixed(av)}",
            "boards": m.boards}))
    for i, (r, team) in enumerate(event.byes):
        matches.append((r, len(event.matches) + i, {
            "round": r, "home": event.label(team), "away": t["bye"], "imps": "", "vp": "",
            "boards": ""}))
    breaks = " › ".join(t.get(f"tb_{b}", b) for b in (tie_breaks or []))
    (out / "standings.html").write_text(_render(
        "event_standings.html", html_lang="zh-CN" if is_zh(lang) else "en", t=t, title=title,
        rows=rows, matches=[row for _, _, row in sorted(matches, key=lambda x: x[:2])],
        scale=_scale_title(scale, lang) if is_zh(lang) else scale, breaks=breaks,
        bye_note=t["bye_note"].format(vp=bye_vp) if bye_vp and event.byes else ""),
        encoding="utf-8")
    return out / "standings.html"
