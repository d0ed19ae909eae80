"""A pair's running score by round as an inline SVG, drawn here (no script, no other file:
the page's Content-Security-Policy allows neither inline script nor inline style, and an
SVG's presentation attributes are neither)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from xml.sax.saxutils import escape

from ....core.figures import fixed

# Narrow enough that its text stays legible when a phone shrinks it to its width.
W, H, LEFT, RIGHT, TOP, BOTTOM = 400, 210, 44, 12, 30, 34


def _ticks(low: float, high: float) -> list[float]:
    """Round steps covering [low, high], about five of them."""
    span = max(high - low, 1.0)
    step = next(s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000, 10.0**9)
                if span / s <= 6)
    start = math.floor(low / step) * step
    end = math.ceil(high / step) * step
    out = []
    v = start
    while v <= end + 1e-9:
        out.append(v)
        v += step
    return out


def running_svg(points: Sequence[tuple[int, float]], *, title: str, axis: str,
                percentage: bool) -> str:
    """A line through (round, running score) with a 50 % line for percentages (or 0 for
    IMPs); '' when there is nothing to draw."""
    if not points:
        return ""
    values = [v for _, v in points]
    if percentage:
        low, high = min(30.0, *values), max(70.0, *values)
    else:
        low, high = min(0.0, *values), max(0.0, *values)
    ticks = _ticks(low, high)
    low, high = ticks[0], ticks[-1]
    plot_w, plot_h = W - LEFT - RIGHT, H - TOP - BOTTOM
    n = len(points)

    def x(i: int) -> float:
        return LEFT + (plot_w * (i + 0.5) / n)

    def y(v: float) -> float:
        return TOP + plot_h * (high - v) / (high - low)

    unit = "%" if percentage else ""
    middle = 50.0 if percentage else 0.0
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" class="chart" '
             f'role="img" aria-label="{escape(title)}"><title>{escape(title)}</title>']
    for t in ticks:
        colour = "#444" if t == middle else "#ccc"
        dash = ' stroke-dasharray="5 3"' if t == middle else ""
        parts.append(f'<line x1="{LEFT}" y1="{y(t):.1f}" x2="{W - RIGHT}" y2="{y(t):.1f}" '
                     f'stroke="{colour}"{dash}></line>'
                     f'<text x="{LEFT - 6}" y="{y(t) + 4:.1f}" font-size="13" '
                     f'text-anchor="end">{t:g}{unit}</text>')
    line = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, (_, v) in enumerate(points))
    parts.append(f'<polyline points="{line}" fill="none" stroke="#0b5d3b" '
                 'stroke-width="3"></polyline>')
    for i, (rnd, v) in enumerate(points):
        shown = fixed(v) + unit
        parts.append(f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="5" fill="#0b5d3b">'
                     f'<title>{rnd}: {shown}</title></circle>'
                     f'<text x="{x(i):.1f}" y="{H - 14}" font-size="13" '
                     f'text-anchor="middle">{rnd}</text>')
    parts.append(f'<text x="{W - RIGHT}" y="{H - 1}" font-size="11" text-anchor="end" '
                 f'fill="#555">{escape(axis)}</text>'
                 f'<text x="{LEFT}" y="18" font-size="13" font-weight="600">{escape(title)}'
                 '</text></svg>')
    return "".join(parts)
