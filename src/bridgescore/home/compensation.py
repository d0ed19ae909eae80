"""Compensation tables for 贴点 scoring: the score a side is expected to make with its points.

A table is data: for each number of points from 20 to 40 held by the stronger side, the
expected score non-vulnerable and vulnerable.  The default is the table of rules.md section 11
(one public implementation's table; clubs' tables vary).  A club replaces it with a JSON file

    {"name": "our-club", "rows": [{"hcp": 20, "nv": 0, "v": 0}, {"hcp": "37-40", "nv": 1300, "v": 1950}, …]}

or a CSV/text file with one row per line, ``hcp,nv,v`` (``37-40,1300,1950`` covers a range;
``#`` starts a comment; a header line is allowed).

>>> DEFAULT_TABLE.expected(26, vulnerable=False), DEFAULT_TABLE.expected(26, vulnerable=True)
(350, 520)
>>> DEFAULT_TABLE.expected(40, vulnerable=True)
1950
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.errors import FileFormatError, ScaleError
from ..core.i18n import Lang, is_zh
from ..core.text import excerpt
from ..formats.textfile import json_error, read_text
from .flags import require_flag

__all__ = ["DEFAULT_TABLE", "CompensationTable", "load_compensation_table"]


@dataclass(frozen=True, slots=True)
class CompensationTable:
    """``rows[h - 20]`` is ``(non-vulnerable, vulnerable)`` expected score with ``h`` points."""

    name: str
    title_en: str
    title_zh: str
    rows: tuple[tuple[int, int], ...]

    def __post_init__(self) -> None:
        if len(self.rows) != 21:
            raise ScaleError(
                f"compensation table {self.name!r}: expected rows for 20 to 40 points "
                f"(21 rows), got {len(self.rows)}",
                f"贴点表 {self.name!r}：应有 20 至 40 点的 21 行，实为 {len(self.rows)} 行",
            )
        for i, (nv, v) in enumerate(self.rows):
            if nv < 0 or v < 0:
                raise ScaleError(
                    f"compensation table {self.name!r}: negative expected score at {20 + i} points",
                    f"贴点表 {self.name!r}：{20 + i} 点的期望得分为负数",
                )
        if self.rows[0] != (0, 0):
            raise ScaleError(
                f"compensation table {self.name!r}: 20 points must expect 0 (an even deal)",
                f"贴点表 {self.name!r}：20 点的期望得分应为 0（双方牌力相当）",
            )

    def title(self, lang: Lang = "en") -> str:
        return self.title_zh if is_zh(lang) else self.title_en

    def expected(self, hcp: int, vulnerable: bool) -> int:
        """The expected score of a side holding ``hcp`` (20-40) points."""
        if type(hcp) is not int or not 20 <= hcp <= 40:
            raise ScaleError(
                f"invalid points {excerpt(hcp)} for the compensation table: expected 20-40 "
                "(the stronger side's points)",
                f"贴点表的点数 {excerpt(hcp)} 无效：应为 20-40（牌力较强一方的点数）",
            )
        vul = require_flag(vulnerable, "vulnerable", "whether the stronger side is vulnerable",
                           "牌力较强一方是否有局")
        return self.rows[hcp - 20][1 if vul else 0]

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name, "title_en": self.title_en, "title_zh": self.title_zh,
            "rows": [{"hcp": 20 + i, "nv": nv, "v": v} for i, (nv, v) in enumerate(self.rows)],
        }


_DEFAULT_ROWS = {
    20: (0, 0), 21: (50, 50), 22: (70, 70), 23: (110, 110), 24: (200, 290), 25: (300, 440),
    26: (350, 520), 27: (400, 600), 28: (430, 630), 29: (460, 660), 30: (490, 690),
    31: (600, 900), 32: (700, 1050), 33: (900, 1350), 34: (1000, 1500), 35: (1100, 1650),
    36: (1200, 1800), 37: (1300, 1950), 38: (1300, 1950), 39: (1300, 1950), 40: (1300, 1950),
}

DEFAULT_TABLE = CompensationTable(
    "default",
    "Compensation table (rules.md section 11)",
    "贴点表（rules.md 第11节）",
    tuple(_DEFAULT_ROWS[h] for h in range(20, 41)),
)


def _hcp_range(value: object, path: str, line: int | None) -> range:
    text = str(value).strip()
    try:
        if "-" in text:
            low, high = (int(x) for x in text.split("-", 1))
        else:
            low = high = int(text)
    except ValueError:
        raise FileFormatError(
            f"invalid points {text!r}: expected a number 20-40 or a range such as 37-40",
            f"无效的点数 {text!r}：应为 20-40 的数或如 37-40 的范围", path=path, line=line,
        ) from None
    return range(low, high + 1)


def _build(name: str, items: list[tuple[object, object, object, int | None]], path: str,
           title_en: str | None = None, title_zh: str | None = None) -> CompensationTable:
    rows: dict[int, tuple[int, int]] = {}
    for hcp, nv, v, line in items:
        try:
            pair = (int(str(nv)), int(str(v)))
        except ValueError:
            raise FileFormatError(
                f"invalid expected scores {nv!r}, {v!r}: expected whole numbers",
                f"无效的期望得分 {nv!r}、{v!r}：应为整数", path=path, line=line,
            ) from None
        for h in _hcp_range(hcp, path, line):
            if not 20 <= h <= 40:
                raise FileFormatError(
                    f"points {h} out of range: the table covers 20-40",
                    f"点数 {h} 超出范围：贴点表为 20-40 点", path=path, line=line,
                )
            if h in rows:
                raise FileFormatError(
                    f"points {h} given twice", f"点数 {h} 出现了两次", path=path, line=line,
                )
            rows[h] = pair
    missing = [h for h in range(20, 41) if h not in rows]
    if missing:
        raise FileFormatError(
            f"the table has no row for {', '.join(map(str, missing))} points",
            f"贴点表缺少 {', '.join(map(str, missing))} 点的行", path=path,
        )
    try:
        return CompensationTable(name, title_en or name, title_zh or title_en or name,
                                 tuple(rows[h] for h in range(20, 41)))
    except ScaleError as e:
        raise FileFormatError(e.en, e.zh, path=path) from None


def load_compensation_table(path: str | Path) -> CompensationTable:
    """Read a club's table from JSON or CSV (see the module docstring)."""
    p = Path(path)
    text = read_text(p, "compensation table", "贴点表")
    if text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
            items: list[tuple[object, object, object, int | None]] = [
                (row["hcp"], row["nv"], row["v"], None) for row in data["rows"]
            ]
        except json.JSONDecodeError as e:
            en, zh = json_error(e)
            raise FileFormatError(en, zh, path=str(p)) from None
        except (ValueError, KeyError, TypeError) as e:
            # A missing key is worth naming; other decoder texts are English only.
            en_detail = f" (missing {e})" if isinstance(e, KeyError) else f" ({e})"
            zh_detail = f"（缺少 {e}）" if isinstance(e, KeyError) else ""
            raise FileFormatError(
                f"expected JSON with a 'rows' list of {{'hcp', 'nv', 'v'}} objects{en_detail}",
                f"应为 JSON，含由 {{'hcp', 'nv', 'v'}} 组成的 'rows' 列表{zh_detail}", path=str(p),
            ) from None
        return _build(str(data.get("name", p.stem)), items, str(p),
                      data.get("title_en"), data.get("title_zh"))
    items = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        cells = [c.strip() for c in line.replace("\t", ",").replace(";", ",").split(",")]
        if len(cells) != 3:
            raise FileFormatError(
                f"expected three columns hcp,nv,v, got {line!r}",
                f"应为三列 hcp,nv,v，实为 {line!r}", path=str(p), line=number,
            )
        if not items and not cells[0][:1].isdigit():
            continue  # a header line
        items.append((cells[0], cells[1], cells[2], number))
    return _build(p.stem, items, str(p))
