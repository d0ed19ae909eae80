"""IMP scales.  A scale is data: the lower bound of each IMP band, plus a name.

>>> imps(450), imps(-2240), imps(4000), imps(15), imps(45)
(10, -19, 24, 0, 1)
>>> get_imp_scale("ebl-1960").imps(4100)
15

Differences that are not multiples of 10 (averaged or weighted comparisons) are placed by the
``between`` setting.  The default, ``"lower"``, gives the IMPs of the highest band whose printed
lower bound the difference reaches: 15 → 0 and 45 → 1, because 20 and 50 were not reached.
``"upper"`` reads the Law's table by its upper bounds instead (15 → 1, 45 → 2).
"""

from __future__ import annotations

import bisect
import itertools
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Literal

from ..core.errors import ScaleError
from ..core.i18n import Lang, is_zh, os_error_text
from ..core.serial import Data, Fields, excerpt, header

__all__ = ["IMP_SCALES", "ImpScale", "get_imp_scale", "imps", "load_imp_scale"]

Between = Literal["lower", "upper"]


@dataclass(frozen=True, slots=True)
class ImpScale:
    """``thresholds[k]`` is the smallest difference worth ``k + 1`` IMPs."""

    name: str
    title_en: str
    title_zh: str
    thresholds: tuple[int, ...]

    def __post_init__(self) -> None:
        for label, v in (("name", self.name), ("title_en", self.title_en),
                         ("title_zh", self.title_zh)):
            if not isinstance(v, str):
                raise ScaleError(f"IMP scale {excerpt(self.name)}: {label} must be a text, "
                                 f"got {excerpt(v)}",
                                 f"IMP 表 {excerpt(self.name)}：{label} 应为文本，实为 {excerpt(v)}")
        t = self.thresholds
        if isinstance(t, list):
            t = tuple(t)
            object.__setattr__(self, "thresholds", t)
        if (not isinstance(t, tuple) or not t or any(type(x) is not int for x in t)
                or any(b <= a for a, b in itertools.pairwise(t)) or t[0] <= 0):
            raise ScaleError(
                f"IMP scale {excerpt(self.name)}: lower bounds must be positive whole numbers, "
                f"increasing, got {excerpt(t)}",
                f"IMP 表 {excerpt(self.name)}：各档下限应为递增的正整数，实为 {excerpt(t)}",
            )

    @property
    def maximum(self) -> int:
        return len(self.thresholds)

    def title(self, lang: Lang = "en") -> str:
        return self.title_zh if is_zh(lang) else self.title_en

    def imps(self, difference: float, between: Between = "lower") -> int:
        """IMPs for a points difference; the sign follows the difference."""
        if isinstance(difference, bool) or not isinstance(difference, int | float):
            raise ScaleError(
                f"invalid points difference {difference!r}: expected a number",
                f"无效的分差 {difference!r}：应为数字",
            )
        if not math.isfinite(difference):
            raise ScaleError(
                f"invalid points difference {difference!r}: expected a finite number",
                f"无效的分差 {difference!r}：应为有限的数",
            )
        size = abs(difference)
        if between == "upper":
            # Round up to the table's grid of 10 and read the band that holds it.
            size = math.ceil(size / 10 - 1e-9) * 10
        elif between != "lower":
            raise ScaleError(
                f"invalid setting between={between!r}: expected 'lower' or 'upper'",
                f"无效的设置 between={between!r}：应为 'lower' 或 'upper'",
            )
        n = bisect.bisect_right(self.thresholds, size)
        return -n if difference < 0 else n

    def to_dict(self) -> Data:
        """Plain data (``bridgescore.core.serial``), thresholds included: passed by value."""
        return {**header("ImpScale"), "name": self.name, "title_en": self.title_en,
                "title_zh": self.title_zh, "thresholds": list(self.thresholds)}

    @classmethod
    def from_dict(cls, data: object) -> ImpScale:
        f = Fields(data, "ImpScale")
        name, title_en, title_zh = f.text("name"), f.text("title_en"), f.text("title_zh")
        thresholds = f.wholes("thresholds")
        f.done()
        return cls(name, title_en, title_zh, thresholds)

    def bands(self) -> list[tuple[int, int | None, int]]:
        """``(low, high, imps)`` rows as printed: ``(0, 10, 0), (20, 40, 1), … (4000, None, 24)``."""
        lows = [0, *self.thresholds]
        return [
            (low, (lows[i + 1] - 10) if i + 1 < len(lows) else None, i)
            for i, low in enumerate(lows)
        ]


WBF_1962 = ImpScale(
    "wbf",
    "IMP scale (Law 78B, since 1962)",
    "IMP 换算表（第78B条，1962年起）",
    (20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500,
     1750, 2000, 2250, 2500, 3000, 3500, 4000),
)
EBL_1960 = ImpScale(
    "ebl-1960",
    "European 15-IMP scale (1960 Olympiad)",
    "欧洲15 IMP 旧表（1960年奥林匹克赛）",
    (20, 70, 140, 220, 350, 500, 750, 1000, 1250, 1500, 2000, 2500, 3000, 3500, 4000),
)

#: The scales shipped, by name.  Read-only: a scale of one's own is passed by value.
IMP_SCALES: Mapping[str, ImpScale] = MappingProxyType({s.name: s for s in (WBF_1962, EBL_1960)})
_ALIASES = {"law78b": "wbf", "1962": "wbf", "standard": "wbf", "15": "ebl-1960",
            "european": "ebl-1960", "1960": "ebl-1960", "1948": "ebl-1960"}


def get_imp_scale(name: str | ImpScale) -> ImpScale:
    """A shipped scale by name (or an alias such as ``law78b``); a scale object as it is."""
    if isinstance(name, ImpScale):
        return name
    if not isinstance(name, str):
        raise ScaleError(f"invalid IMP scale {excerpt(name)}: expected a name or an ImpScale",
                         f"无效的 IMP 表 {excerpt(name)}：应为名称或 ImpScale")
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    if key not in IMP_SCALES:
        raise ScaleError(
            f"unknown IMP scale {excerpt(name)}: expected one of {', '.join(IMP_SCALES)}",
            f"未知的 IMP 表 {excerpt(name)}：应为 {', '.join(IMP_SCALES)} 之一",
        )
    return IMP_SCALES[key]


def load_imp_scale(path: str | Path) -> ImpScale:
    """Read a scale from JSON (``{"name": …, "thresholds": [20, 50, …]}``) or from text with
    one lower bound per line (``#`` starts a comment)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise ScaleError(f"cannot read IMP scale {str(p)!r}: {os_error_text(e)}",
                         f"无法读取 IMP 表 {str(p)!r}：{os_error_text(e, 'zh')}") from None
    name = p.stem
    if text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
            thresholds = [int(x) for x in data["thresholds"]]
            name = str(data.get("name", name))
            title_en = str(data.get("title_en", name))
            title_zh = str(data.get("title_zh", title_en))
        except (ValueError, KeyError, TypeError) as e:
            raise ScaleError(
                f"invalid IMP scale file {str(p)!r}: expected JSON with a 'thresholds' list of "
                f"integers ({e})",
                f"无效的 IMP 表文件 {str(p)!r}：应为含整数列表 'thresholds' 的 JSON（{e}）",
            ) from None
    else:
        thresholds = []
        for number, line in enumerate(text.splitlines(), 1):
            item = line.split("#", 1)[0].strip().rstrip(",")
            if not item:
                continue
            try:
                thresholds.append(int(item))
            except ValueError:
                raise ScaleError(
                    f"{p}:{number}: invalid lower bound {item!r}: expected a whole number",
                    f"{p}:{number}：无效的下限 {item!r}：应为整数",
                ) from None
        title_en = title_zh = name
    return ImpScale(name, title_en, title_zh, tuple(thresholds))


def imps(difference: float, scale: ImpScale | str = WBF_1962, between: Between = "lower") -> int:
    """IMPs for a points difference on the Law 78B scale (or another ``scale``)."""
    return get_imp_scale(scale).imps(difference, between)
