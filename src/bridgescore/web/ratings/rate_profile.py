"""The profile's Rate section: for each of the player's clubs, the five figures, the Rate's
history as a chart (inline SVG, drawn here: no script), the recent weeks, and the recent pool
boards, each rated one able to show what it did to the Rate (``explain``).

In the joint fit a board's share (docs/ratings.md "A board's share") depends only on the
board's results that week, the fitted Rates of the board's players that week (their
``RatingHistory.rate``: every one of them played that week) and the player's precision that
week (``RatingHistory.precision``), with the week's stored settings: the library's
``board_share`` works it out from those, without the week's other results.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from ...core.i18n import Lang, signed
from ..compete.models import PoolBoard, PoolPenalty, PoolResult, PoolScore
from . import profile, standing
from .models import RatingHistory, RatingWeek
from .rate_figures import rate_text, week_points_text

__all__ = ["BoardRate", "board_rate", "chart", "rate_context"]

RECENT_WEEKS = 8
RECENT_BOARDS = 10
CHART_WEEKS = 52


@dataclasses.dataclass(frozen=True)
class BoardRate:
    share: float | None  # what the board did to the player's Rate (None: it did not count)
    text: str  # its arithmetic in the reader's language


def board_rate(board: PoolBoard, player_id: int, lang: Lang) -> BoardRate | None:
    """What a pool board did to the player's Rate in its week's fit, and its arithmetic;
    None while the board's week is not rated (or the player has no result on it)."""
    from ...core.errors import BridgeError
    from ...ratings import RateSettings, Ratings, WeekResults, board_share, explain_share

    week = RatingWeek.objects.filter(week_id=board.week_id).first()
    if week is None:
        return None
    results = list(PoolResult.objects.filter(board=board).order_by("pk"))
    # Who disconnected on the board: the penalties that zero the Rate, as the week read them.
    zero = set(PoolPenalty.objects.filter(board=board, rate_zero=True)
               .values_list("player_id", flat=True))
    players = [r.player_ids for r in results]
    if not any(player_id in p for p in players):
        return None
    everyone = sorted({p for four in players for p in four})
    rows = list(RatingHistory.objects.filter(week=week, player_id__in=everyone)
                .values_list("player_id", "rate", "weight", "boards", "precision"))
    mine = [r for r in rows if r[0] == player_id]
    if not mine:
        return None
    rates = Ratings.of([r[0] for r in rows], [r[1] for r in rows], [r[2] for r in rows],
                       [r[3] for r in rows])
    try:
        settings = RateSettings.from_dict(week.settings)
    except BridgeError:
        return None  # a week of an earlier Rate, not yet refitted (recompute --refit)
    results_week = WeekResults.of(
        [board.number] * len(results), players, [r.ns_score for r in results],
        [[p in zero for p in four] for four in players])
    share = board_share(results_week, rates, float(mine[0][4]), player_id, settings)
    return BoardRate(share.share if share.counted else None, explain_share(share, lang))


def _signed_rate(x: float) -> str:
    """A change of the Rate as shown: two decimals, its sign always (−, +)."""
    return ("+" if x >= 0 else "") + rate_text(x)


def _ticks(lo: float, hi: float) -> list[float]:
    """Round values from below ``lo`` to above ``hi``, four or five steps apart."""
    raw = max(hi - lo, 1.0) / 4
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    first, last = math.floor(lo / step), math.ceil(hi / step)
    if first == last:
        last += 1
    return [round(k * step, 6) for k in range(first, last + 1)]


def chart(points: list[tuple[int, float]], title: str, chart_id: str) -> SafeString:
    """The Rate after each week as a line chart: inline SVG with an accessible title, the
    weeks along the bottom, the Rate up the side (both axes labelled)."""
    if not points:
        return mark_safe("")
    # Narrow enough that its text stays readable when a phone shrinks it to ~350 px.
    width, height = 480, 260
    left, right, top, bottom = 58, 14, 14, 54
    rates = [r for _w, r in points]
    ticks = _ticks(min([*rates, standing.START_RATE]), max([*rates, standing.START_RATE]))
    y_lo, y_hi = ticks[0], ticks[-1]
    n = len(points)

    def x(i: int) -> float:
        return left + (width - left - right) * (i / (n - 1) if n > 1 else 0.5)

    def y(v: float) -> float:
        return top + (height - top - bottom) * (1 - (v - y_lo) / (y_hi - y_lo or 1))

    parts = [f'<svg class="rate-chart" viewBox="0 0 {width} {height}" role="img" '
             f'aria-labelledby="{chart_id}-t {chart_id}-d" preserveAspectRatio="xMidYMid meet">',
             f'<title id="{chart_id}-t">{escape(title)}</title>',
             f'<desc id="{chart_id}-d">{escape(_describe(points))}</desc>']
    for t in ticks:
        parts.append(f'<line class="grid" x1="{left}" x2="{width - right}" y1="{y(t):.1f}" '
                     f'y2="{y(t):.1f}"/>')
        parts.append(f'<text class="tick" x="{left - 6}" y="{y(t) + 4:.1f}" '
                     f'text-anchor="end">{t:g}</text>')
    every = max(1, math.ceil(n / 6))  # at most about six week labels
    for i, (w, _r) in enumerate(points):
        if i % every == 0 or i == n - 1:
            parts.append(f'<text class="tick" x="{x(i):.1f}" y="{height - bottom + 22}" '
                         f'text-anchor="middle">{w}</text>')
    line = " ".join(f"{x(i):.1f},{y(r):.1f}" for i, (_w, r) in enumerate(points))
    parts.append(f'<polyline class="line" points="{line}"/>')
    for i, (w, r) in enumerate(points):
        label = _("Week %(week)s: %(rate)s") % {"week": w, "rate": rate_text(r)}
        parts.append(f'<circle class="dot" cx="{x(i):.1f}" cy="{y(r):.1f}" r="3.5">'
                     f'<title>{escape(label)}</title></circle>')
    week_label, rate_label = escape(_("Week")), escape(_("Rate"))
    mid = (top + height - bottom) / 2
    parts.append(f'<text class="axis" x="{(left + width - right) / 2:.0f}" y="{height - 8}" '
                 f'text-anchor="middle">{week_label}</text>')
    parts.append(f'<text class="axis" x="16" y="{mid:.0f}" text-anchor="middle" '
                 f'transform="rotate(-90 16 {mid:.0f})">{rate_label}</text>')
    parts.append("</svg>")
    return mark_safe("".join(parts))  # every text above is escaped


def _describe(points: list[tuple[int, float]]) -> str:
    (w0, r0), (w1, r1) = points[0], points[-1]
    return _("From week %(first)s to week %(last)s the Rate went from %(start)s to %(end)s.") % {
        "first": w0, "last": w1, "start": rate_text(r0), "end": rate_text(r1)}


def _club_context(club: Any, f: standing.Figures, user_id: int, lang: Lang) -> dict[str, Any]:
    history = list(RatingHistory.objects.filter(club=club, player_id=user_id)
                   .select_related("week").order_by("-week__number")[:CHART_WEEKS])
    history.reverse()
    weeks = [{"number": h.week.number, "boards": h.played, "points": week_points_text(h.points),
              "average": "—" if h.average is None else rate_text(h.average),
              "week_rate": "—" if h.week_rate is None else rate_text(h.week_rate),
              "rate": rate_text(h.rate)} for h in reversed(history[-RECENT_WEEKS:])]
    scores = list(PoolScore.objects.filter(week__club=club, player_id=user_id)
                  .select_related("result", "board", "week").order_by("-result__at", "-pk")
                  [:RECENT_BOARDS])
    rows = []
    for s in scores:
        explained = board_rate(s.board, user_id, lang)
        rows.append({"week": s.week.number, "board": s.board.number, "contract": s.result.contract,
                     "score": signed(s.result.ns_score if s.seat in (0, 2) else -s.result.ns_score),
                     "imps": week_points_text(s.imps), "provisional": s.provisional,
                     "at": s.result.at, "explained": explained,
                     "share": None if explained is None or explained.share is None
                     else _signed_rate(explained.share)})
    slug = club.slug
    return {
        "club": club, "name": club.name_in(lang), "id": f"rate-{slug}",
        "rate": rate_text(f.shown_rate), "rated": f.rated,
        "week_points": week_points_text(f.week_points), "week_boards": f.week_boards,
        "total_boards": f.total_boards,
        "last_average": "—" if f.last_average is None else rate_text(f.last_average),
        "chart": chart([(h.week.number, h.rate) for h in history],
                       _("The Rate after each week at %(club)s") % {"club": club.name_in(lang)},
                       f"rate-chart-{slug}"),
        "weeks": weeks, "boards": rows,
    }


def rate_context(user: Any, lang: Lang) -> dict[str, Any]:
    uid = int(user.pk)
    return {"clubs": [_club_context(c, f, uid, lang) for c, f in standing.player_figures(uid)],
            "start": rate_text(standing.START_RATE)}


profile.register(profile.Section("rate", "ratings/_rate.html", rate_context), before="masterpoints")
