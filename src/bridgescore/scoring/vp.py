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

import bisect
import itertools
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Literal

from ..core.errors import ScaleError
from ..core.i18n import Lang, is_zh
from ..core.serial import Data, Fields, excerpt, header

__all__ = [
    "VP_SCALES",
    "VpBand",
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
class VpBand:
    """A discrete scale for matches of ``low`` to ``high`` boards: ``steps`` are
    ``(margin, winner's VPs)`` from ``(0, draw)`` up, the winner getting the VPs of the last
    step its margin reaches."""

    low: int
    high: int
    steps: tuple[tuple[int, float | int], ...]

    def __post_init__(self) -> None:
        if isinstance(self.steps, list | tuple):  # lists (as from JSON) become tuples
            object.__setattr__(self, "steps", tuple(
                tuple(st) if isinstance(st, list | tuple) else st for st in self.steps))

    def winner(self, margin: int) -> float | int:
        return self.steps[bisect.bisect_right([m for m, _ in self.steps], margin) - 1][1]


Method = Literal["wbf", "wbf-whole", "table"]


@dataclass(frozen=True, slots=True)
class VpScale:
    """A VP scale, by value.  ``method`` ``"wbf"`` is the WBF 2013 continuous formula,
    ``"wbf-whole"`` its whole-VP version (both for any number of boards); ``"table"`` reads
    ``bands`` (``VpBand``: margins and VPs for a range of board counts), so a scale of one's
    own needs no registry: ``VpScale.from_dict(scale.to_dict())`` rebuilds it anywhere.
    ``method=""`` (the default) picks ``"wbf"``/``"wbf-whole"`` by name, else ``"table"``."""

    name: str
    title_en: str
    title_zh: str
    max_vp: int
    continuous: bool
    method: Method | Literal[""] = ""
    bands: tuple[VpBand, ...] = ()

    def __post_init__(self) -> None:
        for label, v in (("name", self.name), ("title_en", self.title_en),
                         ("title_zh", self.title_zh)):
            if not isinstance(v, str):
                raise self._bad(f"{label} must be a text, got {excerpt(v)}",
                                f"{label} 应为文本，实为 {excerpt(v)}")
        if type(self.max_vp) is not int or self.max_vp < 1:
            raise self._bad(f"maximum {excerpt(self.max_vp)} must be a whole number from 1 up",
                            f"满分 {excerpt(self.max_vp)} 应为从 1 起的整数")
        if type(self.continuous) is not bool:
            raise self._bad(f"'continuous' must be true or false, got {excerpt(self.continuous)}",
                            f"'continuous' 应为 true 或 false，实为 {excerpt(self.continuous)}")
        method = self.method or (self.name if self.name in ("wbf", "wbf-whole") else "table")
        if method not in ("wbf", "wbf-whole", "table"):
            raise self._bad(f"unknown method {excerpt(method)}: expected wbf, wbf-whole or table",
                            f"未知的换算方法 {excerpt(method)}：应为 wbf、wbf-whole 或 table")
        object.__setattr__(self, "method", method)
        bands = tuple(self.bands) if isinstance(self.bands, list | tuple) else None
        if bands is None or any(not isinstance(b, VpBand) for b in bands):
            raise self._bad(f"bands must be VpBand values, got {excerpt(self.bands)}",
                            f"bands 应为 VpBand 值，实为 {excerpt(self.bands)}")
        object.__setattr__(self, "bands", bands)
        if method != "table":
            if bands:
                raise self._bad(f"the {method} formula takes no bands",
                                f"{method} 公式不需要 bands")
            if self.max_vp != 20:
                raise self._bad(f"the {method} formula is a 20-VP scale, not {self.max_vp}",
                                f"{method} 公式是 20 VP 换算表，不是 {self.max_vp}")
            return
        if not bands:
            raise self._bad("a table scale needs at least one band of board counts",
                            "表格换算需要至少一个牌数区间")
        previous = 0
        for b in sorted(bands, key=lambda b: b.low if type(b.low) is int else 0):
            self._check_band(b, previous)
            previous = b.high

    def _bad(self, en: str, zh: str) -> ScaleError:
        return ScaleError(f"VP scale {excerpt(self.name)}: {en}", f"VP 换算表 {excerpt(self.name)}：{zh}")

    def _check_band(self, b: VpBand, previous: int) -> None:
        if type(b.low) is not int or type(b.high) is not int or not previous < b.low <= b.high:
            raise self._bad(
                f"board range {excerpt(b.low)}-{excerpt(b.high)} must be whole numbers from 1 "
                "up, in order and not overlapping",
                f"牌数区间 {excerpt(b.low)}-{excerpt(b.high)} 应为从 1 起、有序且不重叠的整数")
        steps = b.steps if isinstance(b.steps, tuple) else ()
        ok = bool(steps) and all(
            isinstance(st, tuple) and len(st) == 2 and type(st[0]) is int
            and isinstance(st[1], int | float) and not isinstance(st[1], bool)
            and math.isfinite(st[1]) and self.max_vp / 2 <= st[1] <= self.max_vp
            for st in steps)
        ok = ok and steps[0][0] == 0 and steps[0][1] == self.max_vp / 2  # a draw splits evenly
        ok = ok and all(a[0] < c[0] and a[1] <= c[1] for a, c in itertools.pairwise(steps))
        if not ok:
            raise self._bad(
                f"steps of boards {b.low}-{b.high} must be (margin, VPs) pairs from margin 0, "
                f"margins increasing, VPs not decreasing, from a draw of {self.max_vp / 2:g} to "
                f"{self.max_vp}; got {excerpt(b.steps)}",
                f"{b.low}-{b.high} 副的各档应为从分差 0 起的（分差，VP）对，分差递增、VP 不减，"
                f"从平局 {self.max_vp / 2:g} 到 {self.max_vp} 之间；实为 {excerpt(b.steps)}")

    def title(self, lang: Lang = "en") -> str:
        return self.title_zh if is_zh(lang) else self.title_en

    def winner(self, margin: int, boards: int) -> float | int:
        """VPs of the side that won by ``margin`` ≥ 0 IMPs."""
        if self.method == "wbf":
            table = wbf_continuous_cents(boards)
            return table[min(margin, len(table) - 1)] / 100
        if self.method == "wbf-whole":
            bounds = wbf_whole_bounds(boards)
            return 10 + next((k for k, b in enumerate(bounds) if margin <= b), 10)
        for band in self.bands:
            if band.low <= boards <= band.high:
                return band.winner(margin)
        ranges = ", ".join(f"{b.low}-{b.high}" for b in self.bands)
        raise ScaleError(
            f"the {self.name} scale covers matches of {ranges} boards, not {boards}",
            f"{self.name} 换算表适用于 {ranges} 副牌的比赛，不适用于 {boards} 副",
        )

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

    def to_dict(self) -> Data:
        """Plain data (``bridgescore.core.serial``), the whole table included."""
        return {
            **header("VpScale"), "name": self.name, "title_en": self.title_en,
            "title_zh": self.title_zh, "max_vp": self.max_vp, "continuous": self.continuous,
            "method": self.method,
            "bands": [{"boards": [b.low, b.high], "steps": [list(st) for st in b.steps]}
                      for b in self.bands],
        }

    @classmethod
    def from_dict(cls, data: object) -> VpScale:
        f = Fields(data, "VpScale")
        name, title_en, title_zh = f.text("name"), f.text("title_en"), f.text("title_zh")
        max_vp, continuous = f.whole("max_vp"), f.flag("continuous")
        method = f.choice("method", ("wbf", "wbf-whole", "table"))
        raw = f.items("bands")
        f.done()
        return cls(name, title_en, title_zh, max_vp, continuous, method,
                   tuple(_band_from_data(b, f) for b in raw))


def _band_from_data(b: object, f: Fields) -> VpBand:
    ok = isinstance(b, dict) and set(b) == {"boards", "steps"}
    if ok:
        assert isinstance(b, dict)
        bounds, steps = b["boards"], b["steps"]
        ok = (isinstance(bounds, list | tuple) and len(bounds) == 2
              and all(type(x) is int for x in bounds) and isinstance(steps, list | tuple)
              and all(isinstance(st, list | tuple) and len(st) == 2 for st in steps))
    if not ok:
        raise f.error("bands", "a list of {boards: [low, high], steps: [[margin, VPs], …]}",
                      "{boards: [下限, 上限], steps: [[分差, VP], …]} 的列表")
    assert isinstance(b, dict)
    return VpBand(b["boards"][0], b["boards"][1], tuple((st[0], st[1]) for st in b["steps"]))


def _acbl(name: str) -> VpScale:
    """An ACBL scale from ``data/vp_scales.json``, turned into ``VpBand`` steps."""
    text = resources.files("bridgescore").joinpath("data/vp_scales.json").read_text("utf-8")
    data = json.loads(text)[name]
    draw, first = int(data["draw"]), int(data.get("first_step", 1))
    bands = tuple(
        VpBand(band["boards"][0], band["boards"][1],
               ((0, draw), *((s, draw + first - 1 + k) for k, s in enumerate(band["steps"], 1))))
        for band in data["bands"])
    return VpScale(name, data["title_en"], data["title_zh"], int(data["max_vp"]), False,
                   "table", bands)


#: The scales shipped, by name.  Read-only: a scale of one's own is passed by value.
VP_SCALES: Mapping[str, VpScale] = MappingProxyType({
    "wbf": VpScale("wbf", "WBF 2013 continuous 20-VP scale", "WBF 2013 连续 20 VP 换算表", 20, True),
    "wbf-whole": VpScale(
        "wbf-whole", "WBF 2013 whole-VP scale", "WBF 2013 整数 VP 换算表", 20, False
    ),
    "acbl-20": _acbl("acbl-20"),
    "acbl-30": _acbl("acbl-30"),
})


def get_vp_scale(name: str | VpScale) -> VpScale:
    """A shipped scale by name; a scale object as it is."""
    if isinstance(name, VpScale):
        return name
    key = name.strip().lower() if isinstance(name, str) else None
    if key not in VP_SCALES:
        raise ScaleError(
            f"unknown VP scale {excerpt(name)}: expected one of {', '.join(VP_SCALES)}",
            f"未知的 VP 换算表 {excerpt(name)}：应为 {', '.join(VP_SCALES)} 之一",
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
