"""Static results pages (HTML, Chinese or English): rankings, every board's traveller, each
pair's personal scorecard, a team match with its running score, and the printable team-of-four
scoresheet of the seeds (四人队复式桥牌比赛记分表).  Charts are inline SVG, drawn here.

>>> print(running_chart([0, 6], [0, 3], "H", "A")[:40])
<svg xmlns="http://www.w3.org/2000/svg"
"""

from __future__ import annotations

import re
from pathlib import Path
from xml.sax.saxutils import escape

from ..board import Board
from ..i18n import check_lang
from .model import Award, BoardResult, SessionScores
from .teams import MatchScore

__all__ = ["percentage_chart", "running_chart", "write_match_pages", "write_pairs_pages"]

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
        "chart_imps": "running IMPs",
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
        "chart_imps": "累计 IMP",
    },
}


def _n(x: float | None) -> str:
    if x is None:
        return ""
    r = round(x, 2)
    return str(int(r)) if r == int(r) else f"{r:g}"


def _file(pair: str) -> str:
    return re.sub(r"[^0-9A-Za-z_-]", "_", pair)


def _award(a: Award | None) -> str:
    return "" if a is None else a if isinstance(a, str) else f"{a:g}%"


def _contract(r: BoardResult, lang: str) -> str:
    if r.kind == "artificial":
        return f"{_award(r.ns_award)}/{_award(r.ew_award)}"
    if r.kind == "weighted":
        return "; ".join(f"{w * 100:g}% {s:+d}" for w, s in r.weighted)
    if r.result is None:
        return ""
    return r.result.format(lang)


def _env() -> object:
    from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

    return Environment(loader=PackageLoader("bridgescore", "templates"),
                       autoescape=select_autoescape(["html"]), undefined=StrictUndefined,
                       keep_trailing_newline=True)


def _render(name: str, **context: object) -> str:
    env = _env()
    return str(env.get_template(name).render(**context))  # type: ignore[attr-defined]


def percentage_chart(values: list[tuple[int, float]], title: str) -> str:
    """Bars of a pair's percentage on each board, with the 50% line."""
    w, h, pad = 560, 160, 28
    n = max(len(values), 1)
    step = (w - 2 * pad) / n
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" role="img" '
             f'aria-label="{escape(title)}"><title>{escape(title)}</title>']
    base = h - pad
    for i, (board, pct) in enumerate(values):
        bh = (h - 2 * pad) * max(0.0, min(pct, 100)) / 100
        x = pad + i * step
        colour = "#1f5fa8" if pct >= 50 else "#b5651d"
        parts.append(f'<rect x="{x + 1:.1f}" y="{base - bh:.1f}" width="{max(step - 2, 1):.1f}" '
                     f'height="{bh:.1f}" fill="{colour}"><title>{board}: {pct:.0f}%</title></rect>')
        parts.append(f'<text x="{x + step / 2:.1f}" y="{h - 10}" font-size="9" '
                     f'text-anchor="middle">{board}</text>')
    mid = base - (h - 2 * pad) / 2
    parts.append(f'<line x1="{pad}" y1="{mid:.1f}" x2="{w - pad}" y2="{mid:.1f}" stroke="#444" '
                 'stroke-dasharray="4 3"></line>')
    parts.append(f'<text x="2" y="{mid + 3:.1f}" font-size="9">50%</text>')
    parts.append(f'<text x="{pad}" y="14" font-size="11">{escape(title)}</text></svg>')
    return "".join(parts)


def running_chart(home: list[float], away: list[float], home_name: str, away_name: str) -> str:
    """Two lines: each team's running IMPs after each board (start at the carry-over)."""
    w, h, pad = 560, 180, 30
    top = max([*home, *away, 1.0])
    n = max(len(home) - 1, 1)

    def pts(vals: list[float]) -> str:
        return " ".join(f"{pad + i * (w - 2 * pad) / n:.1f},{h - pad - (h - 2 * pad) * v / top:.1f}"
                        for i, v in enumerate(vals))

    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" role="img" '
            f'aria-label="IMPs"><title>IMPs</title>'
            f'<line x1="{pad}" y1="{h - pad}" x2="{w - pad}" y2="{h - pad}" stroke="#444"></line>'
            f'<polyline points="{pts(home)}" fill="none" stroke="#1f5fa8" stroke-width="2">'
            f'</polyline><polyline points="{pts(away)}" fill="none" stroke="#b5651d" '
            f'stroke-width="2"></polyline>'
            f'<text x="{pad}" y="14" font-size="11" fill="#1f5fa8">{escape(home_name)} '
            f'{_n(home[-1])}</text><text x="{w // 2}" y="14" font-size="11" fill="#b5651d">'
            f'{escape(away_name)} {_n(away[-1])}</text>'
            f'<text x="2" y="{h - pad + 3}" font-size="9">0</text>'
            f'<text x="2" y="{pad + 3}" font-size="9">{_n(top)}</text></svg>')


def write_pairs_pages(scores: SessionScores, out: Path, lang: str = "en") -> Path:
    """Write index.html (rankings), board-N.html and pair-ID.html; return index.html."""
    from markupsafe import Markup

    lang = check_lang(lang)
    t = _T[lang]
    out.mkdir(parents=True, exist_ok=True)
    session = scores.session
    names = {p: " – ".join(pair.names) for p, pair in session.pairs.items()} if session else {}
    title = (session.name if session and session.name else
             ("Pairs results" if lang == "en" else "双人赛成绩"))
    scoring_name = t.get(scores.scoring if scores.scoring != "total" else "total_pts",
                         scores.scoring)
    pct = scores.scoring == "mp"
    fields = []
    for key, tkey in (("NS", "field_ns"), ("EW", "field_ew"), (None, "field_all")):
        members = [p for p in scores.pairs if (p.direction.name if p.direction else None) == key]
        if members:
            # One number format down a column: two decimals as soon as any total needs them.
            whole = all(p.total is None or round(p.total, 2) == int(p.total) for p in members)
            fields.append({"title": t[tkey], "pct": pct, "rows": [
                {"place": p.place, "pair": p.pair, "file": _file(p.pair),
                 "names": names.get(p.pair, ""),
                 "total": _n(p.total) if whole or p.total is None else f"{p.total:.2f}",
                 "pct": "" if p.percentage is None else f"{p.percentage:.2f}", "boards": p.boards}
                for p in members]})
    numbers = [b.board for b in scores.boards]
    html_lang = "zh-CN" if lang == "zh" else "en"
    (out / "index.html").write_text(_render(
        "event_ranking.html", html_lang=html_lang, title=title, t=t, fields=fields,
        boards=numbers, scoring_name=scoring_name), encoding="utf-8")
    per_pair: dict[str, list[dict[str, object]]] = {p.pair: [] for p in scores.pairs}
    chart: dict[str, list[tuple[int, float]]] = {p.pair: [] for p in scores.pairs}
    for i, b in enumerate(scores.boards):
        rows = []
        for s in b.results:
            r = s.result
            rows.append({"ns": r.ns_pair, "ew": r.ew_pair, "ns_file": _file(r.ns_pair),
                         "ew_file": _file(r.ew_pair), "contract": _contract(r, lang),
                         "lead": r.lead or "",
                         "plus": f"{r.score}" if r.score is not None and r.score > 0 else "",
                         "minus": f"{-r.score}" if r.score is not None and r.score < 0 else "",
                         "ns_mp": _n(s.ns), "ew_mp": _n(s.ew), "note": s.note})
            for side, pair, other, value, pc in (("ns", r.ns_pair, r.ew_pair, s.ns, s.ns_pct),
                                                ("ew", r.ew_pair, r.ns_pair, s.ew, s.ew_pct)):
                per_pair.setdefault(pair, []).append({
                    "board": b.board, "direction": t[side], "against": other,
                    "contract": _contract(r, lang),
                    "score": "" if r.score is None else f"{(r.score if side == 'ns' else -r.score):+d}",
                    "value": _n(value), "pct": "" if pc is None else f"{pc:.0f}", "note": s.note})
                if pc is not None:
                    chart.setdefault(pair, []).append((b.board, pc))
        board = Board(b.board)
        (out / f"board-{b.board}.html").write_text(_render(
            "event_board.html", html_lang=html_lang, t=t, rows=rows,
            title=f"{title} — " + (f"Board {b.board}" if lang == "en" else f"第{b.board}副"),
            describe=board.describe(lang), datum=None if b.datum is None else _n(b.datum),
            top=None if b.top is None else _n(b.top),
            prev=numbers[i - 1] if i > 0 else None,
            next=numbers[i + 1] if i + 1 < len(numbers) else None), encoding="utf-8")
    for p in scores.pairs:
        label = f"{p.pair} {names.get(p.pair, '')}".strip()
        summary = (f"{t['place']} {p.place or '–'} · {t['total']} {_n(p.total)}"
                   + (f" · {p.percentage:.2f}%" if p.percentage is not None else ""))
        svg = percentage_chart(chart.get(p.pair, []), t["chart_pct"]) if pct else ""
        (out / f"pair-{_file(p.pair)}.html").write_text(_render(
            "event_pair.html", html_lang=html_lang, t=t, pct=pct,
            title=f"{title} — {t['pair']} {label}", summary=summary, chart=Markup(svg),
            rows=sorted(per_pair.get(p.pair, []), key=lambda row: int(str(row["board"])))),
            encoding="utf-8")
    return out / "index.html"


def write_match_pages(m: MatchScore, out: Path, lang: str = "en") -> Path:
    """Write match.html (per-board IMPs, running score chart) and scoresheet.html."""
    from markupsafe import Markup

    lang = check_lang(lang)
    t = _T[lang]
    out.mkdir(parents=True, exist_ok=True)
    html_lang = "zh-CN" if lang == "zh" else "en"
    home, away = m.match.home.label(lang), m.match.away.label(lang)
    title = m.match.name or (f"{home} v {away}" if lang == "en" else f"{home} 对 {away}")
    rows = [{"board": b.board, "open": _contract(b.open, lang), "open_ns": _n(b.open.score),
             "closed": _contract(b.closed, lang), "closed_ns": _n(b.closed.score),
             "diff": "" if b.difference is None else f"{b.difference:+d}",
             "home": _n(b.home) if b.home else "", "away": _n(b.away) if b.away else "",
             "running": f"{_n(b.home_running)} – {_n(b.away_running)}"} for b in m.boards]
    vp = "" if m.vp is None else f" · VP {_n(m.vp[0])} – {_n(m.vp[1])}"
    summary = f"{home} {_n(m.home_total)} – {_n(m.away_total)} {away}{vp}"
    start = m.match.carry_over if m.scoring == "imps" else 0.0
    chart = running_chart([start, *[b.home_running for b in m.boards]],
                          [0.0, *[b.away_running for b in m.boards]], home, away)
    (out / "match.html").write_text(_render(
        "event_match.html", html_lang=html_lang, t=t, title=title, summary=summary,
        chart=Markup(chart), rows=rows, home=home, away=away), encoding="utf-8")
    sheets = []
    for room, key in (("open", "open"), ("closed", "closed")):
        srows = []
        for b in m.boards:
            r = b.open if room == "open" else b.closed
            board = Board(b.board)
            res = r.result
            home_gain = b.imps > 0
            srows.append({
                "board": b.board, "dealer": board.dealer.name_in(lang)[:1] if lang == "en"
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
                "home_imps": _n(b.home) if b.home else "",
                "away_diff": abs(b.difference) if b.difference and not home_gain else "",
                "away_imps": _n(b.away) if b.away else ""})
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
