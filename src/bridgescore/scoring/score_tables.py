"""The tables the seed documents print, as data: score table, penalties, IMPs and VPs.

Every value is computed by the library (``score``, ``ImpScale.bands``, ``vp_table``); nothing is
typed in.  Each table offers the same small interface (``title``, ``headers``, ``to_rows``,
``to_dict`` …) so that the text, CSV, JSON and HTML renderers in :mod:`bridgescore.render`
share one source of truth.

>>> t = score_table()
>>> g = t.group(5, StrainGroup.MAJOR)
>>> g.label(), [r.scores for r in g.rows if r.made == 6]
('5♥ 5♠', [(480, 750, 1200, 680, 1050, 1600)])
>>> penalty_table().rows[2]
PenaltyRow(down=3, scores=(150, 500, 1000, 300, 800, 1600))
>>> imp_table().bands[:3], imp_table().bands[-1]
(((0, 10, 0), (20, 40, 1), (50, 80, 2)), (4000, None, 24))
>>> vp_table(16).rows[10]
(10, 12.8, 7.2)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal, Protocol

from ..core.contract import Contract, Doubling
from ..core.errors import BridgeError
from ..core.i18n import Lang, check_lang, is_zh, pick, plural
from ..core.law77 import score, undertrick_penalty
from ..core.strain import Strain
from .imps import ImpScale, get_imp_scale
from .vp import VpScale, get_vp_scale
from .vp import vp_table as _vp_rows

__all__ = [
    "COLUMNS",
    "TABLE_KINDS",
    "Cell",
    "ColumnGroup",
    "ImpTable",
    "PenaltyRow",
    "PenaltyTable",
    "ScoreGroup",
    "ScoreRow",
    "ScoreTable",
    "Section",
    "StrainGroup",
    "Table",
    "TableKind",
    "VpTable",
    "display",
    "imp_table",
    "make_table",
    "penalty_table",
    "score_table",
    "vp_table",
]

TableKind = Literal["score", "penalty", "imp", "vp"]
TABLE_KINDS: tuple[TableKind, ...] = ("score", "penalty", "imp", "vp")

# A cell as data: whole points, VPs with two decimals, a label, or None for an open end
# (the last IMP band, "4000 and more").
Cell = int | float | str | None

# The six columns of the seed's tables, in its order: not vulnerable, then vulnerable,
# each undoubled / doubled / redoubled.
COLUMNS: tuple[tuple[bool, Doubling], ...] = tuple(
    (vul, dbl) for vul in (False, True) for dbl in Doubling
)


def display(cell: Cell, lang: Lang = "en") -> str:
    """A cell as text: VPs always with two decimals, an open end as "and more" / "以上"."""
    if cell is None:
        return pick(lang, "and more", "以上")
    if isinstance(cell, float):
        return f"{cell:.2f}"
    return str(cell)


def _vul_word(vul: bool, lang: Lang) -> str:
    if is_zh(lang):
        return "有局方" if vul else "无局方"
    return "Vulnerable" if vul else "Not vulnerable"


def _dbl_word(dbl: Doubling, lang: Lang) -> str:
    return dbl.name_in("zh") if is_zh(lang) else dbl.name_in("en").capitalize()


def _six_headers(lang: Lang) -> list[str]:
    """Full column names for CSV and JSON: ``Not vulnerable, doubled`` / ``无局方加倍``."""
    if is_zh(lang):
        return [f"{_vul_word(v, lang)}{_dbl_word(d, lang)}" for v, d in COLUMNS]
    return [f"{_vul_word(v, lang)}, {_dbl_word(d, lang).lower()}" for v, d in COLUMNS]


def _six_short(lang: Lang) -> list[str]:
    """Compact names for the terminal, which has no two-row header: ``NV X`` / ``无局×``."""
    if is_zh(lang):
        return [f"{'有局' if v else '无局'}{d.mark('zh')}" for v, d in COLUMNS]
    return [f"{'Vul' if v else 'NV'}{' ' + str(d) if d.value else ''}" for v, d in COLUMNS]


def _six_dict(scores: tuple[int, ...]) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {"not_vulnerable": {}, "vulnerable": {}}
    for (vul, dbl), value in zip(COLUMNS, scores, strict=True):
        out["vulnerable" if vul else "not_vulnerable"][dbl.name.lower()] = value
    return out


@dataclass(frozen=True, slots=True)
class ColumnGroup:
    """A header cell spanning ``span`` columns; an empty label means the columns stand alone
    (their own header then takes both header rows)."""

    label: str
    span: int


@dataclass(frozen=True, slots=True)
class Section:
    """Rows that belong together and should not be split across printed pages."""

    label: str | None
    rows: tuple[tuple[Cell, ...], ...]


class Table(Protocol):
    """What every table offers its renderers."""

    @property
    def kind(self) -> TableKind: ...
    def title(self, lang: Lang = "en") -> str: ...
    def subtitle(self, lang: Lang = "en") -> str: ...
    def headers(self, lang: Lang = "en") -> list[str]: ...
    def short_headers(self, lang: Lang = "en") -> list[str]: ...
    def sub_headers(self, lang: Lang = "en") -> list[str]: ...
    def column_groups(self, lang: Lang = "en") -> list[ColumnGroup]: ...
    def sections(self, lang: Lang = "en") -> list[Section]: ...
    def to_rows(self, lang: Lang = "en") -> list[list[Cell]]: ...
    def to_dict(self, lang: Lang = "en") -> dict[str, Any]: ...
    def notes(self, lang: Lang = "en") -> list[str]: ...


def _flatten(sections: list[Section]) -> list[list[Cell]]:
    return [list(row) for s in sections for row in s.rows]


class StrainGroup(enum.Enum):
    """The seed's score table shares one row block between strains that score alike."""

    MINOR = (Strain.CLUBS, Strain.DIAMONDS)
    MAJOR = (Strain.HEARTS, Strain.SPADES)
    NOTRUMP = (Strain.NOTRUMP,)

    @property
    def strains(self) -> tuple[Strain, ...]:
        return self.value  # type: ignore[no-any-return]

    def name_in(self, lang: Lang = "en") -> str:
        i = list(StrainGroup).index(self)
        if is_zh(lang):
            return ("低级花色", "高级花色", "无将")[i]
        return ("minor", "major", "notrump")[i]


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """Declarer took ``tricks`` = 6 + ``made``; ``scores`` in the order of :data:`COLUMNS`."""

    made: int
    tricks: int
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ScoreGroup:
    """One contract level and strain group, with a row for each level made up to 7."""

    level: int
    strain_group: StrainGroup
    rows: tuple[ScoreRow, ...]

    def label(self, lang: Lang = "en", symbols: bool = True) -> str:
        """``1♣ 1♦``, ``1♥ 1♠``, ``1NT`` (the seed prints the same in Chinese);
        ``symbols=False`` gives ``1C 1D``."""
        del lang  # the same in both languages, as in the seed
        return " ".join(
            Contract(self.level, s).format(symbols=symbols) for s in self.strain_group.strains
        )


@dataclass(frozen=True, slots=True)
class ScoreTable:
    """记分一览表: every contract made, by vulnerability and doubling (seed 003's layout)."""

    groups: tuple[ScoreGroup, ...]

    @property
    def kind(self) -> TableKind:
        return "score"

    def group(self, level: int, strain_group: StrainGroup) -> ScoreGroup:
        return next(g for g in self.groups if g.level == level and g.strain_group is strain_group)

    def title(self, lang: Lang = "en") -> str:
        return pick(lang, "Score table", "记分一览表")

    def subtitle(self, lang: Lang = "en") -> str:
        return pick(lang, "Duplicate scoring, contracts made", "复式桥牌记分：完成定约")

    def headers(self, lang: Lang = "en") -> list[str]:
        return [pick(lang, "Contract", "定约"), pick(lang, "Made", "完成"),
                pick(lang, "Tricks", "墩数"), *_six_headers(lang)]

    def short_headers(self, lang: Lang = "en") -> list[str]:
        return [pick(lang, "Contract", "定约"), pick(lang, "Made", "完成"),
                pick(lang, "Tricks", "墩数"), *_six_short(lang)]

    def sub_headers(self, lang: Lang = "en") -> list[str]:
        return [*self.short_headers(lang)[:3], *(_dbl_word(d, lang) for _, d in COLUMNS)]

    def column_groups(self, lang: Lang = "en") -> list[ColumnGroup]:
        check_lang(lang)
        return [ColumnGroup("", 1)] * 3 + [
            ColumnGroup(_vul_word(False, lang), 3), ColumnGroup(_vul_word(True, lang), 3)
        ]

    def sections(self, lang: Lang = "en") -> list[Section]:
        return [
            Section(g.label(lang), tuple((g.label(lang), r.made, r.tricks, *r.scores)
                                         for r in g.rows))
            for g in self.groups
        ]

    def to_rows(self, lang: Lang = "en") -> list[list[Cell]]:
        return _flatten(self.sections(lang))

    def to_dict(self, lang: Lang = "en") -> dict[str, Any]:
        return {
            "kind": self.kind,
            "title": self.title(lang),
            "columns": self.headers(lang),
            "groups": [
                {
                    "level": g.level,
                    "strain_group": g.strain_group.name.lower(),
                    "strains": [s.letter for s in g.strain_group.strains],
                    "label": g.label(lang),
                    "rows": [{"made": r.made, "tricks": r.tricks, **_six_dict(r.scores)}
                             for r in g.rows],
                }
                for g in self.groups
            ],
        }

    def notes(self, lang: Lang = "en") -> list[str]:
        return [pick(
            lang,
            "Points for the declaring side (Law 77). Made = the level made: a contract made "
            "with overtricks is read on a later row (2NT taking 11 tricks: row 5).",
            "定约方得分（第77条）。完成 = 完成的阶数：有超墩时查下面的行（2NT 拿11墩：查完成5这一行）。",
        )]


@cache  # immutable, and the same for every caller
def score_table() -> ScoreTable:
    """The score table: levels 1-7 × minor/major/notrump, rows for each level made."""
    groups = []
    for level in range(1, 8):
        for group in StrainGroup:
            contracts = [Contract(level, group.strains[0], d) for d in Doubling]
            rows = tuple(
                ScoreRow(made, 6 + made, tuple(
                    score(contracts[dbl.value], 6 + made, vul) for vul, dbl in COLUMNS
                ))
                for made in range(level, 8)
            )
            groups.append(ScoreGroup(level, group, rows))
    return ScoreTable(tuple(groups))


@dataclass(frozen=True, slots=True)
class PenaltyRow:
    down: int
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PenaltyTable:
    """罚分: what the defenders score for 1-13 undertricks."""

    rows: tuple[PenaltyRow, ...]

    @property
    def kind(self) -> TableKind:
        return "penalty"

    def title(self, lang: Lang = "en") -> str:
        return pick(lang, "Undertrick penalties", "罚分表")

    def subtitle(self, lang: Lang = "en") -> str:
        return pick(lang, "Duplicate scoring, contracts defeated", "复式桥牌记分：定约失败（宕）")

    def headers(self, lang: Lang = "en") -> list[str]:
        return [pick(lang, "Down", "宕"), *_six_headers(lang)]

    def short_headers(self, lang: Lang = "en") -> list[str]:
        return [pick(lang, "Down", "宕"), *_six_short(lang)]

    def sub_headers(self, lang: Lang = "en") -> list[str]:
        return [pick(lang, "Down", "宕"), *(_dbl_word(d, lang) for _, d in COLUMNS)]

    def column_groups(self, lang: Lang = "en") -> list[ColumnGroup]:
        return [ColumnGroup("", 1), ColumnGroup(_vul_word(False, lang), 3),
                ColumnGroup(_vul_word(True, lang), 3)]

    def sections(self, lang: Lang = "en") -> list[Section]:
        check_lang(lang)  # numbers only, but still a language
        return [Section(None, tuple((r.down, *r.scores) for r in self.rows))]

    def to_rows(self, lang: Lang = "en") -> list[list[Cell]]:
        return _flatten(self.sections(lang))

    def to_dict(self, lang: Lang = "en") -> dict[str, Any]:
        return {
            "kind": self.kind,
            "title": self.title(lang),
            "columns": self.headers(lang),
            "rows": [{"down": r.down, **_six_dict(r.scores)} for r in self.rows],
        }

    def notes(self, lang: Lang = "en") -> list[str]:
        return [pick(
            lang,
            "Points the defenders score when the contract goes down (Law 77). "
            "Doubled: 1 3 5 8 11 not vulnerable, 2 5 8 11 14 vulnerable (hundreds); "
            "redoubled is twice doubled.",
            "定约失败时防守方得分（第77条）。加倍：无局方“1 3 5 8 11”，有局方“2 5 8 11 14”（百分）；"
            "再加倍为加倍的两倍。",
        )]


@cache
def penalty_table() -> PenaltyTable:
    return PenaltyTable(tuple(
        PenaltyRow(down, tuple(undertrick_penalty(down, dbl, vul)[0] for vul, dbl in COLUMNS))
        for down in range(1, 14)
    ))


@dataclass(frozen=True, slots=True)
class ImpTable:
    """国际比赛分 (IMP) 换算表: bands ``(low, high, imps)``; ``high`` is None for the last."""

    scale: ImpScale
    bands: tuple[tuple[int, int | None, int], ...]

    @property
    def kind(self) -> TableKind:
        return "imp"

    def title(self, lang: Lang = "en") -> str:
        return pick(lang, "IMP table", "国际比赛分 (IMP) 换算表")

    def subtitle(self, lang: Lang = "en") -> str:
        return self.scale.title(lang)

    def headers(self, lang: Lang = "en") -> list[str]:
        return [pick(lang, "Difference from", "净胜分数自"), pick(lang, "Difference to", "净胜分数至"),
                pick(lang, "IMPs", "IMP")]

    def short_headers(self, lang: Lang = "en") -> list[str]:
        return self.headers(lang)

    def column_groups(self, lang: Lang = "en") -> list[ColumnGroup]:
        return [ColumnGroup(pick(lang, "Score difference", "净胜分数"), 2), ColumnGroup("", 1)]

    def sub_headers(self, lang: Lang = "en") -> list[str]:
        return [pick(lang, "from", "自"), pick(lang, "to", "至"), pick(lang, "IMPs", "IMP")]

    def sections(self, lang: Lang = "en") -> list[Section]:
        check_lang(lang)
        return [Section(None, tuple(self.bands))]

    def to_rows(self, lang: Lang = "en") -> list[list[Cell]]:
        return _flatten(self.sections(lang))

    def to_dict(self, lang: Lang = "en") -> dict[str, Any]:
        return {
            "kind": self.kind,
            "title": self.title(lang),
            "scale": self.scale.name,
            "scale_title": self.scale.title(lang),
            "columns": self.headers(lang),
            "bands": [{"low": lo, "high": hi, "imps": n} for lo, hi, n in self.bands],
        }

    def notes(self, lang: Lang = "en") -> list[str]:
        return [pick(
            lang,
            "The difference between the two tables' North-South scores on a board; "
            "the side that gained scores the IMPs.",
            "同一副牌两桌南北得分之差；得分多的一方得 IMP。",
        )]


def imp_table(scale: str | ImpScale = "wbf") -> ImpTable:
    s = get_imp_scale(scale) if isinstance(scale, str) else scale
    return ImpTable(s, tuple(s.bands()))


@dataclass(frozen=True, slots=True)
class VpTable:
    """胜利分 (VP) 换算表 for a match of ``boards`` boards: ``(margin, winner, loser)`` rows."""

    scale: VpScale
    boards: int
    rows: tuple[tuple[int, float | int, float | int], ...]

    # Rows per printed block: small blocks let a page break fall between them.
    BLOCK = 10

    @property
    def kind(self) -> TableKind:
        return "vp"

    def title(self, lang: Lang = "en") -> str:
        return pick(lang, "Victory point (VP) table", "胜利分 (VP) 换算表")

    def subtitle(self, lang: Lang = "en") -> str:
        return pick(lang, f"{self.scale.title('en')}, {plural(self.boards, 'board', 'boards')}",
                    f"{self.scale.title('zh')}，{self.boards} 副牌")

    def headers(self, lang: Lang = "en") -> list[str]:
        return [pick(lang, "IMP margin", "IMP 差"), pick(lang, "Winner VP", "胜方 VP"),
                pick(lang, "Loser VP", "负方 VP")]

    def short_headers(self, lang: Lang = "en") -> list[str]:
        return self.headers(lang)

    def column_groups(self, lang: Lang = "en") -> list[ColumnGroup]:
        check_lang(lang)
        return [ColumnGroup("", 1)] * 3

    def sub_headers(self, lang: Lang = "en") -> list[str]:
        return self.headers(lang)

    def sections(self, lang: Lang = "en") -> list[Section]:
        check_lang(lang)
        rows: tuple[tuple[Cell, ...], ...] = self.rows
        return [Section(None, rows[i:i + self.BLOCK]) for i in range(0, len(rows), self.BLOCK)]

    def to_rows(self, lang: Lang = "en") -> list[list[Cell]]:
        return _flatten(self.sections(lang))

    def to_dict(self, lang: Lang = "en") -> dict[str, Any]:
        return {
            "kind": self.kind,
            "title": self.title(lang),
            "scale": self.scale.name,
            "scale_title": self.scale.title(lang),
            "boards": self.boards,
            "columns": self.headers(lang),
            # VPs are floats on every scale (whole scales too): one type per field.
            "rows": [{"margin": m, "winner": float(w), "loser": float(lo)}
                     for m, w, lo in self.rows],
            "maximum_from": self.rows[-1][0],
        }

    def notes(self, lang: Lang = "en") -> list[str]:
        last = self.rows[-1][0]
        return [pick(
            lang,
            f"Margin = the IMP difference of the match. A margin of {last} or more gives "
            f"{self.scale.max_vp}-0.",
            f"IMP 差 = 全场 IMP 之差。相差 {last} IMP 及以上为 {self.scale.max_vp}:0。",
        )]


def vp_table(boards: int, scale: str | VpScale = "wbf") -> VpTable:
    s = get_vp_scale(scale)
    return VpTable(s, boards, tuple(_vp_rows(boards, s)))


def make_table(
    kind: str,
    *,
    boards: int | None = None,
    imp_scale: str | ImpScale = "wbf",
    vp_scale: str | VpScale = "wbf",
) -> Table:
    """The table named ``kind`` (``score``, ``penalty``, ``imp`` or ``vp``)."""
    key = kind.strip().lower() if isinstance(kind, str) else kind
    if key == "score":
        return score_table()
    if key == "penalty":
        return penalty_table()
    if key == "imp":
        return imp_table(imp_scale)
    if key == "vp":
        if boards is None:
            raise BridgeError(
                "the vp table needs the number of boards in a match (e.g. --boards 16)",
                "VP 换算表需要一场比赛的牌数（如 --boards 16）",
            )
        return vp_table(boards, vp_scale)
    raise BridgeError(
        f"unknown table {kind!r}: expected score, penalty, imp or vp",
        f"未知的表 {kind!r}：应为 score、penalty、imp 或 vp",
    )
