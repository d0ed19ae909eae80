"""Victory-point scales: the WBF 2013 continuous 20-VP scale, its whole-VP version, and the
ACBL discrete scales (data in ``data/vp_scales.json``).

>>> victory_points(10, 16)
(12.8, 7.2)
>>> victory_points(-10, 16)
(7.2, 12.8)
>>> victory_points(7, 14), victory_points(14, 16)
((12.16, 7.84), (13.75, 6.25))
>>> victory_points(6, 20, scale="wbf-whole")
(12, 8)
"""

from __future__ import annotations

import itertools
import json
import math
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from functools import cache
from importlib import resources

from .errors import ScaleError

__all__ = [
    "VP_SCALES",
    "VpScale",
    "blitz",
    "get_vp_scale",
    "victory_points",
    "vp_table",
    "wbf_continuous_cents",
    "wbf_whole_bounds",
]

TAU = (math.sqrt(5) - 1) / 2
R = TAU**3


def blitz(boards: int) -> float:
    """The WBF 2013 blitz margin ``15·√N`` (not rounded)."""
    return 15 * math.sqrt(boards)


def _check_boards(boards: int) -> None:
    if type(boards) is not int or boards < 1:
        raise ScaleError(
            f"invalid number of boards {boards!r}: expected a whole number from 1 up",
            f"无效的牌数 {boards!r}：应为从 1 起的整数",
        )


def _raw_cents(margin: int, boards: int) -> int:
    """Winner's VP in hundredths by the formula, rounded half-up (never banker's rounding)."""
    x = blitz(boards)
    vp = min(20.0, 10 + 10 * (1 - R ** (margin / x)) / (1 - R))
    return int(Decimal(repr(vp)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP) * 100)


@cache
def wbf_continuous_cents(boards: int) -> tuple[int, ...]:
    """The winner's VPs (in hundredths) for margins 0, 1, … up to the first 20.00.

    Plain rounding can make one IMP worth 0.01 more than the IMP before it; the WBF wants each
    extra IMP worth no more than the previous one, so such a value is raised by 0.01 (the
    repair in rules.md 3.1), repeatedly until the table is concave.
    """
    _check_boards(boards)
    values = []
    m = 0
    while True:
        values.append(_raw_cents(m, boards))
        if values[-1] >= 2000 and len(values) > 2:
            break
        m += 1
    values.append(2000)
    changed = True
    while changed:
        changed = False
        for i in range(2, len(values)):
            if values[i] - 2 * values[i - 1] + values[i - 2] > 0:
                values[i - 1] += 1
                changed = True
                break
    return tuple(values[:-1])


def _imps_at(vp: float, boards: int) -> int:
    # Inverse of the formula: the margin at which the winner reaches ``vp``, truncated.
    return int(blitz(boards) * math.log(1 - (1 - R) * (vp / 10 - 1)) / math.log(R))


@cache
def wbf_whole_bounds(boards: int) -> tuple[int, ...]:
    """Upper IMP bound of each whole VP 10…19 on the WBF discrete scale (20 above the last).

    Each bound is where the continuous scale reaches VP + 0.5; bounds are then lowered until
    no band is narrower than the band below it (the draw band counts both signs: 2·b+1).
    """
    _check_boards(boards)
    bounds = [_imps_at(k + 0.5, boards) for k in range(10, 20)]
    while True:
        widths = [2 * bounds[0] + 1] + [b - a for a, b in itertools.pairwise(bounds)]
        shrink = next((k for k in range(1, len(widths)) if widths[k] < widths[k - 1]), None)
        if shrink is None:
            return tuple(bounds)
        bounds[shrink - 1] -= 1


@dataclass(frozen=True, slots=True)
class VpScale:
    name: str
    title_en: str
    title_zh: str
    max_vp: int
    continuous: bool

    def title(self, lang: str = "en") -> str:
        return self.title_zh if lang == "zh" else self.title_en

    def winner(self, margin: int, boards: int) -> float | int:
        """VPs of the side that won by ``margin`` ≥ 0 IMPs."""
        if self.name == "wbf":
            table = wbf_continuous_cents(boards)
            return table[min(margin, len(table) - 1)] / 100
        if self.name == "wbf-whole":
            bounds = wbf_whole_bounds(boards)
            return 10 + next((k for k, b in enumerate(bounds) if margin <= b), 10)
        draw, first, steps = _acbl_steps(self.name, boards)
        earned = sum(1 for s in steps if margin >= s)
        if earned == 0:
            return draw
        return draw + first - 1 + earned

    def points(self, margin: int, boards: int) -> tuple[float, float] | tuple[int, int]:
        _check_boards(boards)
        if isinstance(margin, bool) or not isinstance(margin, int | float):
            raise ScaleError(f"invalid IMP margin {margin!r}: expected a whole number",
                             f"无效的 IMP 差 {margin!r}：应为整数")
        if isinstance(margin, float):
            if not float(margin).is_integer():
                raise ScaleError(
                    f"invalid IMP margin {margin!r}: VP scales take whole IMPs; round the margin first",
                    f"无效的 IMP 差 {margin!r}：VP 换算按整数 IMP，请先取整",
                )
            margin = int(margin)
        w = self.winner(abs(margin), boards)
        if isinstance(w, float):
            loser = (self.max_vp * 100 - round(w * 100)) / 100
            return (w, loser) if margin >= 0 else (loser, w)
        lose = self.max_vp - w
        return (w, lose) if margin >= 0 else (lose, w)


@cache
def _acbl_data() -> dict[str, dict[str, object]]:
    text = resources.files("bridgescore").joinpath("data/vp_scales.json").read_text("utf-8")
    data: dict[str, dict[str, object]] = json.loads(text)
    return data


def _acbl_steps(name: str, boards: int) -> tuple[int, int, list[int]]:
    scale = _acbl_data()[name]
    for band in scale["bands"]:  # type: ignore[attr-defined]
        low, high = band["boards"]
        if low <= boards <= high:
            return int(scale["draw"]), int(scale.get("first_step", 1)), list(band["steps"])  # type: ignore[call-overload]
    ranges = ", ".join(f"{b['boards'][0]}-{b['boards'][1]}" for b in scale["bands"])  # type: ignore[attr-defined]
    raise ScaleError(
        f"the {name} scale covers matches of {ranges} boards, not {boards}",
        f"{name} 换算表适用于 {ranges} 副牌的比赛，不适用于 {boards} 副",
    )


VP_SCALES: dict[str, VpScale] = {
    "wbf": VpScale("wbf", "WBF 2013 continuous 20-VP scale", "WBF 2013 连续 20 VP 换算表", 20, True),
    "wbf-whole": VpScale(
        "wbf-whole", "WBF 2013 whole-VP scale", "WBF 2013 整数 VP 换算表", 20, False
    ),
    "acbl-20": VpScale("acbl-20", "ACBL discrete 20-VP scale", "ACBL 20 VP 整数换算表", 20, False),
    "acbl-30": VpScale("acbl-30", "ACBL 30-VP scale", "ACBL 30 VP 换算表", 30, False),
}


def get_vp_scale(name: str | VpScale) -> VpScale:
    if isinstance(name, VpScale):
        return name
    key = name.strip().lower()
    if key not in VP_SCALES:
        raise ScaleError(
            f"unknown VP scale {name!r}: expected one of {', '.join(VP_SCALES)}",
            f"未知的 VP 换算表 {name!r}：应为 {', '.join(VP_SCALES)} 之一",
        )
    return VP_SCALES[key]


def victory_points(
    margin: int, boards: int, scale: str | VpScale = "wbf"
) -> tuple[float, float] | tuple[int, int]:
    """VPs for both sides of a match won by ``margin`` IMPs (negative: the first side lost)."""
    return get_vp_scale(scale).points(margin, boards)


def vp_table(boards: int, scale: str | VpScale = "wbf") -> list[tuple[int, float | int, float | int]]:
    """Rows ``(margin, winner, loser)`` from 0 to the first margin worth the maximum."""
    s = get_vp_scale(scale)
    _check_boards(boards)
    rows: list[tuple[int, float | int, float | int]] = []
    m = 0
    while True:
        w, lose = s.points(m, boards)
        rows.append((m, w, lose))
        if w >= s.max_vp or m > 1000:
            return rows
        m += 1
