"""The scorepad drawn as the seeds draw it (十字记分法): WE and THEY columns, a horizontal line
with the premiums above it and the trick points below it, a short line under every game.

Above the line each column grows upwards from the line, as it is written at the table, so the
figure nearest the line is the oldest.  Each figure carries the number of the deal it came
from.  Above the pad, a deal-by-deal table gives each (n), what it scored for each side and the
running totals.  The same view feeds the terminal text and the HTML page
(``home_scorepad.html``).

>>> print(render_text(RubberSeries(["4S N =", "2S E +2"])))
Rubber 1
       Result    WE  THEY  WE so far  THEY so far
   (1) 4S N =   120              120            0
   (2) 2S E +2        120        120          120
<BLANKLINE>
                WE │ THEY
   ────────────────┼────────────────
                   │ 60 (2)
   ════════════════╪════════════════
           (1) 120 │
   ────────────────┼────────────────
                   │ 60 (2)
   ════════════════╪════════════════
   Total       120 │ 120
   If the rubber stopped now: WE +300 (game), THEY +100 (partscore)
   → WE 420, THEY 220; WE by 200
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.i18n import Lang, is_zh
from ..core.seat import Side
from ..core.text import display_width
from ..home.chicago import Chicago, ChicagoSeries
from ..home.handicap import HandicapSession
from ..home.pad import Item, Line, Posting, Team
from ..home.rubber import Rubber, RubberSeries
from ..home.series import deal_log

__all__ = ["GameView", "render_handicap_html", "render_handicap_text", "render_html",
           "render_text", "rjust", "view"]


@dataclass(slots=True)
class GameView:
    """One rubber or Chicago laid out as rows of (WE cell, THEY cell)."""

    title: str
    heads: tuple[str, str]
    above: list[tuple[str, str]]
    #: below the line, one list of rows per game segment; ``closed`` when a game line follows
    segments: list[tuple[list[tuple[str, str]], bool]]
    totals: tuple[int, int]
    settlement: str | None
    settled: str | None
    #: deal by deal: (label, result, WE points, THEY points, WE so far, THEY so far)
    log: list[tuple[str, str, str, str, str, str]] = field(default_factory=list)
    log_heads: tuple[str, str, str, str, str, str] = ("", "", "", "", "", "")
    result: str | None = None

    def rows(self) -> list[tuple[str, str, str]]:
        """Every row as (WE, THEY, CSS class): ``line`` starts the part below the line,
        ``game`` ends a game."""
        out = [(we, they, "") for we, they in self.above] or [("", "", "empty")]
        below: list[tuple[str, str, str]] = []
        for rows, closed in self.segments:
            part = [(we, they, "") for we, they in rows] or [("", "", "empty")]
            if closed:
                we, they, css = part[-1]
                part[-1] = (we, they, f"{css} game".strip())
            below.extend(part)
        if not below:
            below = [("", "", "empty")]
        we, they, css = below[0]
        below[0] = (we, they, f"{css} line".strip())
        return out + below


def _cells(postings: list[Posting], team: Team) -> list[Posting]:
    return [p for p in postings if p.team is team]


def _stack(we: list[str], they: list[str]) -> list[tuple[str, str]]:
    n = max(len(we), len(they))
    return [(we[i] if i < len(we) else "", they[i] if i < len(they) else "") for i in range(n)]


def _game_view(game: Rubber | Chicago, number: int, lang: Lang) -> GameView:
    zh = is_zh(lang)
    is_rubber = isinstance(game, Rubber)
    if is_rubber:
        title = f"第{number}盘" if zh else f"Rubber {number}"
    else:
        title = f"第{number}轮芝加哥" if zh else f"Chicago {number}"
    heads = (Team.WE.name_in(lang), Team.THEY.name_in(lang))
    postings = list(game.postings)
    above = [p for p in postings if p.line is Line.ABOVE]
    # Written upwards from the line: the newest figure is at the top.
    we_above = [f"({p.deal}) {p.points}" for p in reversed(_cells(above, Team.WE))]
    they_above = [f"{p.points} ({p.deal})" for p in reversed(_cells(above, Team.THEY))]
    # Align the two columns at the line (the bottom), as on paper.
    height = max(len(we_above), len(they_above))
    we_above = [""] * (height - len(we_above)) + we_above
    they_above = [""] * (height - len(they_above)) + they_above
    segments: list[tuple[list[tuple[str, str]], bool]] = []
    lines = list(game.game_lines)
    start = 0
    below = [p for p in postings if p.line is Line.BELOW]
    for end in [*lines, None]:
        part = [p for p in below if p.deal > start and (end is None or p.deal <= end)]
        rows = _stack([f"({p.deal}) {p.points}" for p in _cells(part, Team.WE)],
                      [f"{p.points} ({p.deal})" for p in _cells(part, Team.THEY)])
        # An unfinished game shows its (possibly empty) open part under the last game line.
        if end is not None or rows or not game.finished:
            segments.append((rows, end is not None))
        if end is not None:
            start = end
    totals = game.totals(settle=False)
    settlement = settled = None
    extra = game.settlement()
    if extra:
        parts = []
        for p in extra:
            what = ("一局" if p.item is Item.UNFINISHED_GAME else "部分分") if zh else (
                "game" if p.item is Item.UNFINISHED_GAME else "partscore")
            parts.append(f"{p.team.name_in(lang)} +{p.points} ({what})" if not zh
                         else f"{p.team.name_in(lang)} +{p.points}（{what}）")
        settlement = ("如果现在结束这一盘：" if zh else "If the rubber stopped now: ") + (
            "，".join(parts) if zh else ", ".join(parts))
        final = game.totals(settle=True)
        settled = _final_line(final, lang, arrow=True)
    log = []
    for line in deal_log(game):
        entry = line.entry
        text = entry.format(lang)
        if isinstance(game, Chicago):
            n = game.numbers[line.deal - 1]
            dealer = game.dealer(n).name_in(lang)
            vul = game.vulnerability(n).name_in(lang)
            redeal = ""
            if entry.result.is_passed_out:
                redeal = "，重新发牌" if zh else ", redealt"
            text = (f"第{n}副 {dealer}发牌 {vul}：{text}{redeal}" if zh
                    else f"deal {n}, dealer {dealer}, {vul}: {text}{redeal}")
        log.append((f"({line.deal})", text,
                    str(line.points[Team.WE] or ""), str(line.points[Team.THEY] or ""),
                    str(line.running[Team.WE]), str(line.running[Team.THEY])))
    log_heads = (("", "结果", "我方", "他方", "我方累计", "他方累计") if zh
                 else ("", "Result", "WE", "THEY", "WE so far", "THEY so far"))
    result = None
    if game.finished:
        result = _final_line(game.totals(), lang, arrow=False)
    elif isinstance(game, Chicago) and game.played:
        # A Chicago stopped early is the sum of the deals played (nothing is added).
        so_far = _final_line(game.totals(), lang, arrow=False)
        result = (f"已打 {game.played}/4 副：{so_far}（就此停止则不另加分）" if zh
                  else f"After {game.played} of 4 deals: {so_far} "
                  "(if play stops here, nothing is added)")
    return GameView(title, heads, list(zip(we_above, they_above, strict=True)), segments,
                    (totals[Team.WE], totals[Team.THEY]), settlement, settled, log, log_heads,
                    result)


def _final_line(totals: dict[Team, int], lang: Lang, arrow: bool) -> str:
    we, they = totals[Team.WE], totals[Team.THEY]
    lead = "→ " if arrow else ""
    if is_zh(lang):
        if we == they:
            return f"{lead}我方 {we}，他方 {they}；平"
        who = "我方" if we > they else "他方"
        return f"{lead}我方 {we}，他方 {they}；{who}胜 {abs(we - they)}"
    if we == they:
        return f"{lead}WE {we}, THEY {they}; level"
    who = "WE" if we > they else "THEY"
    return f"{lead}WE {we}, THEY {they}; {who} by {abs(we - they)}"


def view(series: RubberSeries | ChicagoSeries, lang: Lang = "en") -> list[GameView]:
    games: list[Rubber | Chicago] = list(series.games)
    return [_game_view(g, i, lang) for i, g in enumerate(games, 1)]


_width = display_width


def rjust(text: str, width: int) -> str:
    """Right-justify for the terminal, counting Chinese characters as two columns."""
    return _rjust(text, width)


def _rjust(text: str, width: int) -> str:
    return " " * max(0, width - _width(text)) + text


def _log_lines(g: GameView) -> list[str]:
    """The deal-by-deal table with running totals (nothing before the first deal)."""
    if not g.log:
        return []
    rows = [g.log_heads, *g.log]
    widths = [max(_width(r[i]) for r in rows) for i in range(6)]
    out = []
    for r in rows:
        cells = [_rjust(r[0], widths[0]), r[1] + " " * (widths[1] - _width(r[1]))]
        cells += [_rjust(r[i], widths[i]) for i in range(2, 6)]
        out.append(f"{cells[0]} {cells[1]}  {'  '.join(cells[2:])}".rstrip())
    return out


def render_text(series: RubberSeries | ChicagoSeries, lang: Lang = "en") -> str:
    """The scorepad as terminal text."""
    out: list[str] = []
    w = 16
    indent = "   "
    for g in view(series, lang):
        if out:
            out.append("")
        out.append(g.title)
        log = _log_lines(g)
        out.extend(f"{indent}{row}" for row in log)
        if log:
            out.append("")
        out.append(f"{indent}{_rjust(g.heads[0], w - 1)} │ {g.heads[1]}")
        out.append(f"{indent}{'─' * w}┼{'─' * w}")
        for we, they in g.above:
            out.append(f"{indent}{_rjust(we, w - 1)} │ {they}".rstrip())
        out.append(f"{indent}{'═' * w}╪{'═' * w}")
        for i, (rows, closed) in enumerate(g.segments):
            for we, they in rows:
                out.append(f"{indent}{_rjust(we, w - 1)} │ {they}".rstrip())
            # The last game's line is the double rule above the totals.
            if closed and i < len(g.segments) - 1:
                out.append(f"{indent}{'─' * w}┼{'─' * w}")
        out.append(f"{indent}{'═' * w}╪{'═' * w}")
        label = "总分" if is_zh(lang) else "Total"
        out.append(f"{indent}{label}{_rjust(str(g.totals[0]), w - 1 - _width(label))} │ "
                   f"{g.totals[1]}")
        if g.result:
            out.append(f"{indent}{g.result}")
        if g.settlement:
            out.append(f"{indent}{g.settlement}")
            assert g.settled is not None
            out.append(f"{indent}{g.settled}")
    if len(series.games) > 1:
        totals = series.totals()
        out.append("")
        head = "合计：" if is_zh(lang) else "All games: "
        out.append(f"{head}{_final_line(totals, lang, arrow=False)}")
    return "\n".join(out)


def _render(name: str, **context: object) -> str:
    from .templates import render_template  # the package's one Jinja environment

    return render_template(name, **context)


def render_html(series: RubberSeries | ChicagoSeries, lang: Lang = "en") -> str:
    """A printable HTML page of the scorepad (template ``home_scorepad.html``)."""
    kind = series.kind
    if is_zh(lang):
        title = "盘式桥牌记分表" if kind == "rubber" else "芝加哥记分表"
    else:
        title = "Rubber bridge scorepad" if kind == "rubber" else "Chicago scorepad"
    all_totals = _final_line(series.totals(), lang, arrow=False) if len(series.games) > 1 else None
    return _render(
        "home_scorepad.html",
        html_lang="zh-CN" if is_zh(lang) else "en", title=title, games=view(series, lang),
        total_label="总分" if is_zh(lang) else "Total",
        all_label="合计：" if is_zh(lang) else "All games: ", all_totals=all_totals,
        we_side=series.settings.we.name_in(lang),
        they_side=series.settings.we.opponents.name_in(lang),
    )


def _handicap_rows(session: HandicapSession, lang: Lang) -> tuple[list[str], list[list[str]]]:
    zh = is_zh(lang)
    simple = session.method.value == "simple"
    given = ("贴点" if simple else "贴分") if zh else ("Handicap IMPs" if simple else "Handicap")
    heads = (["副", "局况", "结果", "南北点", "南北分", given, "南北IMP", "南北累计", "东西累计"]
             if zh else ["Board", "Vul", "Result", "NS HCP", "NS score", given, "NS IMPs",
                         "NS total", "EW total"])
    rows = []
    for s, run in zip(session.scores, session.running(), strict=True):
        d = s.deal
        rows.append([
            "" if d.board is None else str(d.board), d.vulnerability.name_in(lang),
            d.result.format(lang), str(d.ns_hcp), f"{s.ns_counted:+d}" if s.ns_counted else "0",
            str(s.compensation), f"{s.ns_imps:+d}" if s.ns_imps else "0",
            str(run[Side.NS]), str(run[Side.EW]),
        ])
    return heads, rows


def render_handicap_text(session: HandicapSession, lang: Lang = "en") -> str:
    """The 贴点 session as a table with running totals."""
    heads, rows = _handicap_rows(session, lang)
    widths = [max(_width(x) for x in [h, *(r[i] for r in rows)]) for i, h in enumerate(heads)]
    def cell(text: str, i: int) -> str:
        # The result column reads left to right; the figures line up on the right.
        if i == 2:
            return text + " " * (widths[i] - _width(text))
        return _rjust(text, widths[i])

    lines = ["  ".join(cell(h, i) for i, h in enumerate(heads)).rstrip()]
    lines += ["  ".join(cell(c, i) for i, c in enumerate(r)) for r in rows]
    t = session.totals()
    if is_zh(lang):
        lines.append(f"{session.method.name_in('zh')}：南北 {t[Side.NS]}，东西 {t[Side.EW]}"
                     + (f"；{'南北' if t[Side.NS] > t[Side.EW] else '东西'}胜 "
                        f"{abs(t[Side.NS] - t[Side.EW])} IMP" if t[Side.NS] != t[Side.EW] else "；平"))
    else:
        lines.append(f"{session.method.name_in('en').capitalize()}: NS {t[Side.NS]}, "
                     f"EW {t[Side.EW]}"
                     + (f"; {'NS' if t[Side.NS] > t[Side.EW] else 'EW'} by "
                        f"{abs(t[Side.NS] - t[Side.EW])} "
                        f"{'IMP' if abs(t[Side.NS] - t[Side.EW]) == 1 else 'IMPs'}"
                        if t[Side.NS] != t[Side.EW] else "; level"))
    return "\n".join(lines)


def render_handicap_html(session: HandicapSession, lang: Lang = "en") -> str:
    heads, rows = _handicap_rows(session, lang)
    explanations = [s.explain(lang) for s in session.scores]
    return _render(
        "home_handicap.html",
        html_lang="zh-CN" if is_zh(lang) else "en",
        title="贴点赛记分表" if is_zh(lang) else "HCP-handicap scoresheet",
        method=session.method.name_in(lang), heads=heads, rows=rows,
        explanations=explanations, summary=render_handicap_text(session, lang).splitlines()[-1],
    )
