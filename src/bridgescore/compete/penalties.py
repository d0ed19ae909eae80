"""Disconnection penalties (断线扣分, seed 002; platform.md §10).

The seed: "在贴点系统中，断线一次扣总积分20分。在全场记分/复式记分系统中，断线一次扣本周分16分，
断线者在这副牌上所得Rate为0。"

- **贴点 system** (``System.HANDICAP``, :mod:`bridgescore.home.handicap`): each disconnection
  deducts **20** from the player's total points (总积分);
- **duplicate and full-field systems** (``System.DUPLICATE``, ``System.FULL_FIELD``: the board
  pool of :mod:`.pool` and the rating on it): each disconnection deducts **16** from this
  week's points (本周分), and the player's **Rate on that board is 0** — recorded in
  ``Deduction.rate_zero`` for the rating to read.

**What counts as a disconnection** is decided once, in :mod:`bridgescore.table.seating`: a player's
drop that outlasts the grace period (60 s) while a board is in progress gives one
:class:`~bridgescore.table.seating.Disconnected` event (one per drop, however long it lasts), and the
web layer stores it once (one row per player, table and moment of the drop) with the board.
Each such record is one disconnection here (``DisconnectionRecord.from_event``).  A drop
within the grace period, or between boards, is not one.

Choices where the seed is silent: the board's result stands — a robot finished it — for the
other three, who are not penalised, and for the player, whose IMPs on it still count before
the 16 are taken off; two disconnections on one board cost twice (32), the Rate on that board
being 0 once; a record given twice (the same player, system, board and moment of the drop)
counts once; the records given are one week's (the week's points are per week).  Points of
both the duplicate and the full-field systems come off the one figure "this week's points"
(platform.md §2 lists one).

>>> records = [DisconnectionRecord("ann", "duplicate", board=7, at=100.0),
...            DisconnectionRecord("ann", "duplicate", board=7, at=100.0),  # the same drop
...            DisconnectionRecord("ann", "贴点"),
...            DisconnectionRecord("bob", "full-field", board=9)]
>>> d = deductions(records)
>>> d["ann"].week_points, d["ann"].total_points, sorted(d["ann"].rate_zero), d["bob"].week_points
(-16, -20, [7], -16)
"""

from __future__ import annotations

import enum
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..core.i18n import Lang, is_zh
from ..core.text import excerpt
from .pool import WeekFigures
from .refusal import Refusal

if TYPE_CHECKING:
    from ..table.seating import Disconnected

__all__ = [
    "HANDICAP_DEDUCTION",
    "WEEK_DEDUCTION",
    "Deduction",
    "DisconnectionRecord",
    "PenaltyError",
    "System",
    "deductions",
    "with_penalties",
]

HANDICAP_DEDUCTION = 20  # from the 贴点 total, per disconnection
WEEK_DEDUCTION = 16  # from this week's points, per disconnection (duplicate, full-field)


class PenaltyError(Refusal):
    """A disconnection record refused (the competitions' :class:`~.refusal.Refusal`)."""


class System(enum.Enum):
    """The platform's scoring systems a disconnection can happen in."""

    HANDICAP = "handicap"  # 贴点
    DUPLICATE = "duplicate"  # 复式记分
    FULL_FIELD = "full-field"  # 全场记分

    def name_in(self, lang: Lang = "en") -> str:
        if is_zh(lang):
            return {"handicap": "贴点系统", "duplicate": "复式记分系统",
                    "full-field": "全场记分系统"}[self.value]
        return {"handicap": "HCP-handicap system", "duplicate": "duplicate scoring system",
                "full-field": "full-field scoring system"}[self.value]

    @classmethod
    def parse(cls, text: str | System) -> System:
        """``handicap``/``贴点``, ``duplicate``/``复式``, ``full-field``/``全场`` (and the
        systems' full Chinese names)."""
        if isinstance(text, System):
            return text
        key = text.strip().lower().replace("_", "-").replace(" ", "-") \
            if isinstance(text, str) else None
        for system, words in _WORDS.items():
            if key in words:
                return system
        raise PenaltyError(
            "bad_system", f"unknown scoring system {excerpt(text)}: expected handicap, duplicate "
            "or full-field",
            f"未知的记分系统 {excerpt(text)}：应为 handicap（贴点）、duplicate（复式）或 full-field（全场）")

    @property
    def weekly(self) -> bool:
        """Penalised on this week's points and the board's Rate (not the 贴点 total)."""
        return self is not System.HANDICAP


_WORDS = {
    System.HANDICAP: {"handicap", "贴点", "贴点系统", "貼點", "貼點系統", "tiedian"},
    System.DUPLICATE: {"duplicate", "复式", "复式记分", "复式记分系统", "復式", "復式記分",
                       "復式記分系統"},
    System.FULL_FIELD: {"full-field", "fullfield", "全场", "全场记分", "全场记分系统", "全場",
                        "全場記分", "全場記分系統"},
}


@dataclass(frozen=True, slots=True)
class DisconnectionRecord:
    """One disconnection: who, in which system, on which board (needed for the duplicate and
    full-field systems, whose Rate on it becomes 0) and, when known, when the connection
    dropped (``Disconnected.at``: it tells one drop from another)."""

    player: str
    system: System
    board: int | None = None
    at: float | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "system", System.parse(self.system))
        if not isinstance(self.player, str) or not self.player.strip():
            raise PenaltyError("bad_record", f"invalid player {excerpt(self.player)}: expected a "
                               "player id (a non-empty text)",
                               f"无效的牌手 {excerpt(self.player)}：应为牌手编号（非空文本）")
        if self.board is not None and (type(self.board) is not int or self.board < 1):
            raise PenaltyError("bad_record", f"invalid board {excerpt(self.board)}: expected a "
                               "whole number from 1",
                               f"无效的牌副 {excerpt(self.board)}：应为从 1 起的整数")
        if self.board is None and self.system.weekly:
            raise PenaltyError(
                "no_board", f"a disconnection of {excerpt(self.player)} in the "
                f"{self.system.name_in('en')} needs its board: the player's Rate on that board "
                "becomes 0",
                f"{self.system.name_in('zh')}中 {excerpt(self.player)} 的断线须注明牌副："
                "断线者在这副牌上的 Rate 为 0")
        at = self.at
        if at is not None and (isinstance(at, bool) or not isinstance(at, int | float)
                               or not math.isfinite(at)):
            raise PenaltyError("bad_record", f"invalid time of the drop {excerpt(at)}: expected "
                               "seconds (a finite number)",
                               f"无效的断线时间 {excerpt(at)}：应为秒数（有限的数）")

    @classmethod
    def from_event(cls, event: Disconnected, system: System | str,
                   board: int | None = None) -> DisconnectionRecord:
        """The record of a seating's ``Disconnected`` event, on the board in progress."""
        return cls(event.player, System.parse(system), board, event.at)


@dataclass(frozen=True, slots=True)
class Deduction:
    """What a player's disconnections cost: ``total_points`` off the 贴点 total and
    ``week_points`` off this week's points (both ≤ 0), and the boards whose Rate is 0."""

    player: str
    disconnections: int = 0
    total_points: int = 0
    week_points: int = 0
    rate_zero: frozenset[int] = frozenset()

    def zero_rate(self, board: int) -> bool:
        """Whether the player's Rate on ``board`` is 0 (they disconnected during it)."""
        return board in self.rate_zero


def deductions(records: Iterable[DisconnectionRecord]) -> dict[str, Deduction]:
    """Each player's deductions from a week's disconnection records (players in order of
    their first record)."""
    out: dict[str, Deduction] = {}
    seen: set[tuple[str, System, int | None, float]] = set()
    for r in records:
        if not isinstance(r, DisconnectionRecord):
            raise PenaltyError("bad_record", f"expected disconnection records, got {excerpt(r)}",
                               f"应为断线记录，实为 {excerpt(r)}")
        if r.at is not None:
            key = (r.player, r.system, r.board, r.at)
            if key in seen:
                continue  # the same drop recorded twice
            seen.add(key)
        d = out.get(r.player) or Deduction(r.player)
        if r.system.weekly:
            assert r.board is not None
            d = replace(d, disconnections=d.disconnections + 1,
                        week_points=d.week_points - WEEK_DEDUCTION,
                        rate_zero=d.rate_zero | {r.board})
        else:
            d = replace(d, disconnections=d.disconnections + 1,
                        total_points=d.total_points - HANDICAP_DEDUCTION)
        out[r.player] = d
    return out


def with_penalties(figures: Mapping[str, WeekFigures],
                   deductions: Mapping[str, Deduction]) -> dict[str, WeekFigures]:
    """This week's figures with the disconnections' points taken off (``WeekFigures.penalty``;
    ``total`` is then the week's points after them).  A player penalised without a result
    this week appears with no boards and the penalty alone."""
    out = dict(figures)
    for player, d in deductions.items():
        if d.week_points:
            f = out.get(player) or WeekFigures(player)
            out[player] = replace(f, penalty=d.week_points)
    return out
