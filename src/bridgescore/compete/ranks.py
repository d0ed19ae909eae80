"""The 12 ranks (等级) of seed 002 and the masterpoints each takes.

The seed (橋牌游戲等級詳述): "橋牌選手的等級……是根據巔峰大師分的多少確定的。而巔峰大師分只能在巔峰的各類比賽中
獲得。牌手共分12級，從低到高分別是：無等級，有級牌手，中級牌手，高級牌手，巔峰好手，巔峰高手，巔峰大師，巔峰明星，
橋界嘉賓，橋協大師，榮譽大師，專業牌手。"  A rank depends on a player's masterpoints alone; the seed gives
the names, not the thresholds, nor English names: both are ours (docs/ranks.md has the
reasoning).  Masterpoints are only ever added (an append-only ledger of awards), so a rank
never falls: there is no demotion.

>>> rank_of(0), rank_of(1), rank_of(Fraction(29, 2)), rank_of(15)
(<Rank.UNRANKED: 0>, <Rank.RANKED_PLAYER: 1>, <Rank.INTERMEDIATE: 2>, <Rank.ADVANCED: 3>)
>>> Rank.PEAK_MASTER.name_in("zh"), Rank.PEAK_MASTER.name_in("en"), str(Rank.PEAK_MASTER)
('巅峰大师', 'Peak Master', 'peak_master')
>>> [(p.award, p.rank.code) for p in promotions([3, 2, 10])]
[(0, 'ranked_player'), (1, 'intermediate'), (2, 'advanced')]

A player's ledger is read in the order of the awards' dates, never in the order they were
stored (``dated_ledger``): a late correction, a recomputation or a backdated import gives
the same running totals and the same promotions as awards that arrived in date order.
"""

from __future__ import annotations

import bisect
import datetime
import enum
import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from ..core.errors import BridgeError
from ..core.i18n import Lang, pick
from ..core.text import excerpt

__all__ = ["DEFAULT_RANK_SETTINGS", "DEFAULT_THRESHOLDS", "DatedAward", "DatedLedger",
           "DatedPromotion", "LedgerLine", "Promotion", "Rank", "RankProgress", "RankSettings",
           "dated_ledger", "masterpoints", "progress", "promotions", "rank_of"]

Points = int | Fraction


class Rank(enum.Enum):
    """The 12 ranks, lowest to highest; the value is the rank's place in that order."""

    UNRANKED = 0
    RANKED_PLAYER = 1
    INTERMEDIATE = 2
    ADVANCED = 3
    PEAK_ADEPT = 4
    PEAK_EXPERT = 5
    PEAK_MASTER = 6
    PEAK_STAR = 7
    DISTINGUISHED_GUEST = 8
    ASSOCIATION_MASTER = 9
    MASTER_OF_HONOUR = 10
    PROFESSIONAL = 11

    def __str__(self) -> str:
        return self.code

    @property
    def code(self) -> str:
        """A stable code for data and addresses: ``peak_master``."""
        return self.name.lower()

    @property
    def name_en(self) -> str:
        return _NAMES[self.value][0]

    @property
    def name_zh(self) -> str:
        return _NAMES[self.value][1]

    def name_in(self, lang: Lang = "en") -> str:
        """``Peak Master`` / ``巅峰大师``."""
        return pick(lang, self.name_en, self.name_zh)

    # Ranks compare by their order (an Enum does not otherwise).
    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Rank):
            return NotImplemented
        return self.value < other.value

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Rank):
            return NotImplemented
        return self.value <= other.value

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Rank):
            return NotImplemented
        return self.value > other.value

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Rank):
            return NotImplemented
        return self.value >= other.value

    @property
    def next(self) -> Rank | None:
        """The rank above, or None at the top."""
        return None if self.value == len(_NAMES) - 1 else Rank(self.value + 1)

    @classmethod
    def parse(cls, text: str) -> Rank:
        """A rank from its code, English or Chinese name (simplified or the seed's traditional
        spelling), or its number 0–11.

        >>> Rank.parse("Peak Star"), Rank.parse("巔峰明星"), Rank.parse("master_of_honour")
        (<Rank.PEAK_STAR: 7>, <Rank.PEAK_STAR: 7>, <Rank.MASTER_OF_HONOUR: 10>)
        """
        if not isinstance(text, str):
            raise BridgeError(f"invalid rank {excerpt(text)}: expected a rank's name",
                              f"无效的等级 {excerpt(text)}：应为等级名称")
        key = text.strip()
        if not key.isdigit():  # a name: "peak_master", "Peak-Master", "peak  master"
            key = " ".join(key.replace("_", " ").replace("-", " ").split()).lower()
        found = _WORDS.get(key) if key.isdigit() == text.strip().isdigit() else None
        if found is None:
            raise BridgeError(
                f"invalid rank {excerpt(text)}: expected one of "
                + ", ".join(r.name_en for r in Rank) + " (or 0–11)",
                f"无效的等级 {excerpt(text)}：应为以下之一：" + "、".join(r.name_zh for r in Rank)
                + "（或 0–11）")
        return found


# English names: docs/ranks.md says why each.  Chinese: the seed's, in simplified characters.
_NAMES: tuple[tuple[str, str], ...] = (
    ("Unranked", "无等级"),
    ("Ranked Player", "有级牌手"),
    ("Intermediate Player", "中级牌手"),
    ("Advanced Player", "高级牌手"),
    ("Peak Adept", "巅峰好手"),
    ("Peak Expert", "巅峰高手"),
    ("Peak Master", "巅峰大师"),
    ("Peak Star", "巅峰明星"),
    ("Distinguished Guest", "桥界嘉宾"),
    ("Association Master", "桥协大师"),
    ("Master of Honour", "荣誉大师"),
    ("Professional Player", "专业牌手"),
)
# The seed's own (traditional) spelling of each name, accepted as input.
_TRADITIONAL = ("無等級", "有級牌手", "中級牌手", "高級牌手", "巔峰好手", "巔峰高手", "巔峰大師", "巔峰明星",
                "橋界嘉賓", "橋協大師", "榮譽大師", "專業牌手")


def _words() -> dict[str, Rank]:
    out = {"master of honor": Rank.MASTER_OF_HONOUR}  # the American spelling too
    for r in Rank:
        for w in (r.code.replace("_", " "), r.name_en.lower(), r.name_zh, _TRADITIONAL[r.value],
                  str(r.value)):
            out[w] = r
    return out


_WORDS = _words()

# The default thresholds, in masterpoints, of ranks 0–11 (docs/ranks.md: what each takes in
# Swiss wins, worth 3, and places worth 2 and 1).
DEFAULT_THRESHOLDS: tuple[int, ...] = (0, 1, 5, 15, 30, 60, 100, 150, 250, 400, 600, 1000)


@dataclass(frozen=True, slots=True)
class RankSettings:
    """The masterpoints at which each rank begins: ``thresholds[k]`` for ``Rank(k)``.

    Twelve whole numbers, strictly increasing, the first 0 (every player holds a rank).
    """

    thresholds: tuple[int, ...] = DEFAULT_THRESHOLDS

    def __post_init__(self) -> None:
        t = self.thresholds
        if not isinstance(t, tuple) or any(type(x) is not int for x in t):
            raise BridgeError(
                f"invalid rank thresholds {excerpt(t)}: expected a tuple of whole numbers",
                f"无效的等级门槛 {excerpt(t)}：应为整数元组")
        if len(t) != len(Rank):
            raise BridgeError(
                f"invalid rank thresholds {excerpt(t)}: expected {len(Rank)} (one per rank), "
                f"got {len(t)}",
                f"无效的等级门槛 {excerpt(t)}：应为 {len(Rank)} 个（每个等级一个），实为 {len(t)} 个")
        if t[0] != 0:
            raise BridgeError(
                f"invalid rank thresholds {excerpt(t)}: the first ({Rank(0).name_en}) must be "
                f"0, got {t[0]}",
                f"无效的等级门槛 {excerpt(t)}：第一个（{Rank(0).name_zh}）应为 0，实为 {t[0]}")
        for k in range(1, len(t)):
            if t[k] <= t[k - 1]:
                raise BridgeError(
                    f"invalid rank thresholds {excerpt(t)}: they must increase strictly, but "
                    f"{Rank(k).name_en} ({t[k]}) is not above {Rank(k - 1).name_en} ({t[k - 1]})",
                    f"无效的等级门槛 {excerpt(t)}：应严格递增，但{Rank(k).name_zh}（{t[k]}）"
                    f"不高于{Rank(k - 1).name_zh}（{t[k - 1]}）")

    def threshold(self, rank: Rank) -> int:
        return self.thresholds[rank.value]

    def to_dict(self) -> dict[str, Any]:
        from ..core.serial import header

        return {**header("RankSettings"), "thresholds": list(self.thresholds)}

    @classmethod
    def from_dict(cls, data: object) -> RankSettings:
        from ..core.serial import Fields

        f = Fields(data, "RankSettings")
        thresholds = f.wholes("thresholds")
        f.done()
        return cls(thresholds)


DEFAULT_RANK_SETTINGS = RankSettings()


def masterpoints(value: object) -> Fraction:
    """A masterpoint amount as an exact ``Fraction``: an int, a ``Fraction``, a ``Decimal``
    or the ledger's exact text (``"3"``, ``"3/2"``); never negative (a ledger only grows)."""
    if isinstance(value, bool) or not isinstance(value, int | Fraction | Decimal | str):
        raise BridgeError(
            f"invalid masterpoints {excerpt(value)}: expected a whole number or a fraction",
            f"无效的大师分 {excerpt(value)}：应为整数或分数")
    if isinstance(value, str):
        text = value.strip()
        parts = text.split("/")
        if len(text) > 40 or len(parts) > 2 or not all(p.isascii() and p.isdigit() for p in parts):
            raise BridgeError(
                f"invalid masterpoints {excerpt(value)}: expected a whole number or a fraction "
                "such as '3' or '3/2'",
                f"无效的大师分 {excerpt(value)}：应为整数或分数，如 '3' 或 '3/2'")
        if len(parts) == 2 and int(parts[1]) == 0:
            raise BridgeError(f"invalid masterpoints {excerpt(value)}: a zero denominator",
                              f"无效的大师分 {excerpt(value)}：分母为零")
        out = Fraction(text)
    elif isinstance(value, Decimal):
        if not value.is_finite():
            raise BridgeError(f"invalid masterpoints {excerpt(value)}: expected a finite number",
                              f"无效的大师分 {excerpt(value)}：应为有限的数")
        out = Fraction(value)
    else:
        out = Fraction(value)
    if out < 0:
        raise BridgeError(
            f"invalid masterpoints {excerpt(value)}: masterpoints are never negative",
            f"无效的大师分 {excerpt(value)}：大师分不能为负")
    return out


def rank_of(points: object, settings: RankSettings = DEFAULT_RANK_SETTINGS) -> Rank:
    """The rank a player holds with ``points`` masterpoints: the highest whose threshold
    they reach (the threshold itself counts)."""
    p = masterpoints(points)
    # thresholds[0] is 0 ≤ p, so the index is at least 1.
    return Rank(bisect.bisect_right(settings.thresholds, p) - 1)


@dataclass(frozen=True, slots=True)
class RankProgress:
    """Where a player stands: the rank, the next one and the masterpoints still to win."""

    points: Fraction
    rank: Rank
    next: Rank | None
    to_next: Fraction | None  # None at the top
    threshold: int  # of the rank held
    next_threshold: int | None

    @property
    def share(self) -> Fraction | None:
        """How far from this rank's threshold to the next one: 0 ≤ share < 1."""
        if self.next_threshold is None:
            return None
        return (self.points - self.threshold) / (self.next_threshold - self.threshold)


def progress(points: object, settings: RankSettings = DEFAULT_RANK_SETTINGS) -> RankProgress:
    """The rank held with ``points``, and how far it is to the next.

    >>> p = progress(12)
    >>> p.rank.name_en, p.next.name_en, p.to_next, p.share
    ('Intermediate Player', 'Advanced Player', Fraction(3, 1), Fraction(7, 10))
    """
    p = masterpoints(points)
    rank = rank_of(p, settings)
    nxt = rank.next
    if nxt is None:
        return RankProgress(p, rank, None, None, settings.threshold(rank), None)
    t = settings.threshold(nxt)
    return RankProgress(p, rank, nxt, t - p, settings.threshold(rank), t)


@dataclass(frozen=True, slots=True)
class Promotion:
    """A rank reached by an award: the award's index in the sequence given, the rank, and
    the player's masterpoints before and after that award."""

    award: int
    rank: Rank
    before: Fraction
    after: Fraction


def promotions(awards: Iterable[object], settings: RankSettings = DEFAULT_RANK_SETTINGS,
               start: object = 0) -> tuple[Promotion, ...]:
    """The promotions a player's awards make, in order, from ``start`` masterpoints: each
    rank whose threshold an award reaches (before < threshold ≤ after), with that award.  A
    big award can cross several thresholds: one promotion each, lowest rank first.  A rank
    already held at ``start`` is not a promotion."""
    total = masterpoints(start)
    out: list[Promotion] = []
    for i, a in enumerate(awards):
        before, total = total, total + masterpoints(a)
        was, now = rank_of(before, settings), rank_of(total, settings)
        out.extend(Promotion(i, Rank(k), before, total) for k in range(was.value + 1, now.value + 1))
    return tuple(out)


# ---------------------------------------------------------------------------- the dated ledger


@dataclass(frozen=True, slots=True)
class DatedAward:
    """One award of a player's ledger: when it counts, a tie-break and the points.

    ``at`` is the award's moment (on the platform, the competition's final); ``key`` orders
    awards of the same moment and must belong to the award itself, never to when it was
    stored (on the platform: the competition's id, one award per player and competition).
    ``points`` are read exactly (``masterpoints``: never negative).
    """

    at: datetime.datetime
    key: int
    points: Fraction

    def __post_init__(self) -> None:
        if not isinstance(self.at, datetime.datetime):
            raise BridgeError(
                f"invalid award date {excerpt(self.at)}: expected a date and time",
                f"无效的获分时间 {excerpt(self.at)}：应为日期和时间")
        if isinstance(self.key, bool) or not isinstance(self.key, int):
            raise BridgeError(
                f"invalid award key {excerpt(self.key)}: expected a whole number",
                f"无效的获分序号 {excerpt(self.key)}：应为整数")
        # Frozen: the exact value replaces whatever form the points came in ("3/2", 3).  A
        # Fraction already is one (a ledger of hundreds is read at every award: no re-check).
        if type(self.points) is not Fraction or self.points < 0:
            object.__setattr__(self, "points", masterpoints(self.points))

    @property
    def order(self) -> tuple[datetime.datetime, int]:
        """The ledger's order: by date, then by ``key``."""
        return (self.at, self.key)


@dataclass(frozen=True, slots=True)
class LedgerLine:
    """An award in its place in the dated ledger: the totals before and after it, and the
    ranks it reached (lowest first; empty when it crossed no threshold)."""

    award: DatedAward
    before: Fraction
    total: Fraction
    reached: tuple[Rank, ...]


@dataclass(frozen=True, slots=True)
class DatedPromotion:
    """A rank reached: the award whose running total first reached the rank's threshold
    (its date is the promotion's), the threshold, and the totals around that award."""

    rank: Rank
    award: DatedAward
    threshold: int
    before: Fraction
    after: Fraction

    @property
    def at(self) -> datetime.datetime:
        return self.award.at


@dataclass(frozen=True, slots=True)
class DatedLedger:
    """A player's awards in date order with running totals, the promotions they made, the
    total and the rank."""

    lines: tuple[LedgerLine, ...]
    promotions: tuple[DatedPromotion, ...]
    total: Fraction
    rank: Rank


def dated_ledger(awards: Iterable[DatedAward],
                 settings: RankSettings = DEFAULT_RANK_SETTINGS) -> DatedLedger:
    """The ledger of ``awards`` read in date order (ties: the lower ``key`` first), whatever
    order they are given in: the running totals, and each rank's promotion at the award
    whose running total first reaches its threshold.

    So the promotions are a function of the dated awards alone: any permutation of the same
    awards gives the same ledger, and an award dated before others (a backdated one) can
    make a promotion earlier or move one to itself.  Two awards of the same moment and key
    are refused: nothing but their arrival would order them.

    >>> from datetime import datetime as dt
    >>> week2, week1 = (DatedAward(dt(2030, 3, d), d, Fraction(3)) for d in (8, 1))
    >>> [(p.rank.code, p.at.day, str(p.after)) for p in dated_ledger([week2, week1]).promotions]
    [('ranked_player', 1, '3'), ('intermediate', 8, '6')]
    """
    given = list(awards)
    for a in given:
        if not isinstance(a, DatedAward):
            raise BridgeError(f"invalid award {excerpt(a)}: expected a DatedAward",
                              f"无效的获分 {excerpt(a)}：应为 DatedAward")
    if len({a.at.tzinfo is None for a in given}) > 1:
        # Python cannot order the two kinds; refused in words rather than a TypeError.
        raise BridgeError("invalid ledger: some awards' dates have a time zone and others not",
                          "无效的大师分记录：部分获分时间带时区，部分不带")
    ordered = sorted(given, key=lambda a: a.order)
    for a, b in itertools.pairwise(ordered):
        if a.order == b.order:
            raise BridgeError(
                f"invalid ledger: two awards at {a.at.isoformat()} with the same key {a.key}: "
                "their order would be the order they were stored in",
                f"无效的大师分记录：两项获分的时间（{a.at.isoformat()}）与序号（{a.key}）相同，"
                "其先后将只取决于写入的顺序")
    # One walk up the thresholds (each rank once, in order), rather than ``promotions``'
    # two ranks looked up per award: the ledger is read at every award and every page.
    t = settings.thresholds
    nxt = 1  # the lowest rank not yet reached (rank 0 is every player's)
    lines: list[LedgerLine] = []
    found: list[DatedPromotion] = []
    total = Fraction(0)
    for a in ordered:
        before, total = total, total + a.points
        reached: list[Rank] = []
        while nxt < len(t) and total >= t[nxt]:
            rank = Rank(nxt)
            reached.append(rank)
            found.append(DatedPromotion(rank, a, t[nxt], before, total))
            nxt += 1
        lines.append(LedgerLine(a, before, total, tuple(reached)))
    return DatedLedger(tuple(lines), tuple(found), total, Rank(nxt - 1))
