"""The Swiss event's settings and records (``swissevent``'s state is made of these): the
settings a director chooses (``SwissSettings``, each checked with a bilingual error), a pair's
seat in the registration room (``Sitter``), a registered pair (``PairEntry``) and a played
round (``RoundRecord``), each to and from JSON data.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from ..core.errors import BridgeError
from ..core.frozen import FrozenMap
from ..core.serial import (
    Data,
    Fields,
    excerpt,
    header,
    is_number,
    settings_from_dict,
    settings_to_dict,
)
from ..sessions.model import BoardResult
from ..sessions.swiss_pairs import SWISS_SCORING
from .masterpoints import TOP_HALF, TopHalf
from .swiss_messages import RoundLine, TableDraw

__all__ = ["PairEntry", "Phase", "RoundRecord", "Sitter", "SwissSettings"]

Phase = Literal["registration", "playing", "finished", "cancelled"]
PHASES: tuple[Phase, ...] = ("registration", "playing", "finished", "cancelled")
Scoring = Literal["ximp", "butler", "mp"]
Unfinished = Literal["cut", "average"]
MAX_PLAYER = 100  # characters of a player id


def _setting_error(name: str, value: object, en: str, zh: str) -> BridgeError:
    return BridgeError(f"invalid Swiss event setting {name} {excerpt(value)}: expected {en}",
                       f"无效的瑞士移位赛设置 {name} {excerpt(value)}：应为{zh}")


@dataclass(frozen=True, slots=True)
class SwissSettings:
    """An automatic Swiss pairs event.  Times in seconds (``start``: round 1's start on the
    caller's clock, e.g. Unix time); every open point of the seed is a field here."""

    start: float
    rounds: int = 6
    boards_per_round: int = 3
    round_minutes: float = 24.0  # 8 minutes a board, as online clubs time them
    gap_minutes: float = 0.0  # between a round's end and the next one's start
    scoring: Scoring = "ximp"  # seed: XIMP, 总IMP (total IMPs: Butler) or MP
    completion: float = 0.6  # seed: "一般为60%到80%"; the lower end, so fewer are left out
    hold_seconds: float = 30.0  # seed: "停留几十秒钟"
    registration_minutes: float = 30.0  # the registration room opens this long before start
    registration_tables: int = 250
    late_entry: bool = False  # True: registration stays open until the last round is drawn
    late_score: float = 0.0  # a late pair's starting total
    unfinished: Unfinished = "cut"  # seed: cut ("切断…以后也不能补打"); "average": A to both
    bye_score: Literal["average"] | float = "average"  # average: the mean of the round's scores
    bye_counts: bool = True  # the bye's boards count as completed (share and tie-break)
    top_half: TopHalf = "down"  # masterpoints below 20 pairs: the top half of an odd count
    min_pairs: int = 2  # fewer confirmed at the start: the event is cancelled

    def __post_init__(self) -> None:
        def number(name: str, low: float, strict: bool = False) -> None:
            v = getattr(self, name)
            if not is_number(v) or v < low or (strict and v == low):
                more = "more than" if strict else "at least"
                raise _setting_error(name, v, f"a number {more} {low:g}",
                                     f"{'大于' if strict else '不小于'} {low:g} 的数")

        def whole(name: str, low: int, high: int) -> None:
            v = getattr(self, name)
            if type(v) is not int or not low <= v <= high:
                raise _setting_error(name, v, f"a whole number from {low} to {high}",
                                     f" {low} 到 {high} 的整数")

        if not is_number(self.start):
            raise _setting_error("start", self.start, "a time in seconds", "以秒计的时间")
        whole("rounds", 1, 200)
        whole("boards_per_round", 1, 50)
        whole("registration_tables", 1, 100_000)
        whole("min_pairs", 2, 100_000)
        number("round_minutes", 0, strict=True)
        number("gap_minutes", 0)
        number("hold_seconds", 0)
        number("registration_minutes", 0)
        if not is_number(self.completion) or not 0 <= self.completion <= 1:
            raise _setting_error("completion", self.completion, "a share from 0 to 1",
                                 " 0 到 1 之间的比例")
        if not is_number(self.late_score):
            raise _setting_error("late_score", self.late_score, "a number", "数")
        if self.bye_score != "average" and not is_number(self.bye_score):
            raise _setting_error("bye_score", self.bye_score, "'average' or a number",
                                 " 'average'（平均）或数")
        if self.scoring not in SWISS_SCORING:
            raise _setting_error("scoring", self.scoring, "ximp, butler or mp",
                                 " ximp、butler 或 mp")
        if self.unfinished not in ("cut", "average"):
            raise _setting_error("unfinished", self.unfinished, "cut or average",
                                 " cut（切断）或 average（平均）")
        if self.top_half not in TOP_HALF:
            raise _setting_error("top_half", self.top_half, "down or up", " down 或 up")
        for name in ("late_entry", "bye_counts"):
            if type(getattr(self, name)) is not bool:
                raise _setting_error(name, getattr(self, name), "true or false", " true 或 false")
        # Times and minutes as floats, so that events and stored data read the same however
        # the settings were written (10000 or 10000.0).
        for name in ("start", "round_minutes", "gap_minutes", "hold_seconds",
                     "registration_minutes", "completion", "late_score"):
            object.__setattr__(self, name, float(getattr(self, name)))
        if self.bye_score != "average":
            object.__setattr__(self, "bye_score", float(self.bye_score))

    @property
    def opens(self) -> float:
        return self.start - 60 * self.registration_minutes

    def round_start(self, r: int) -> float:
        return self.start + (r - 1) * 60 * (self.round_minutes + self.gap_minutes)

    def round_end(self, r: int) -> float:
        return self.round_start(r) + 60 * self.round_minutes

    def boards(self, r: int) -> tuple[int, ...]:
        b = self.boards_per_round
        return tuple(range((r - 1) * b + 1, r * b + 1))

    @property
    def total_boards(self) -> int:
        """All the boards of the event: the most a pair can complete."""
        return self.rounds * self.boards_per_round

    def to_dict(self) -> Data:
        return settings_to_dict(self)

    @classmethod
    def from_dict(cls, data: object) -> SwissSettings:
        return settings_from_dict(cls, data)


@dataclass(frozen=True, slots=True)
class Sitter:
    """A player at a registration table: since when, the action number of sitting (who sat
    first), and when the hand went up (``None``: down) with that action's number."""

    player: str
    since: float
    order: int
    hand: float | None = None
    hand_order: int = 0


@dataclass(frozen=True, slots=True)
class PairEntry:
    id: str
    north: str
    south: str
    registered: float
    entry_round: int
    withdrawn_from: int | None = None

    @property
    def players(self) -> tuple[str, str]:
        return (self.north, self.south)


@dataclass(frozen=True)
class RoundRecord:
    """A round: its tables and bye, the boards done (by ``(table, board)``, in order of
    arrival), and once it has ended the boards cut and the pairs' lines."""

    round: int
    tables: tuple[TableDraw, ...]
    bye: str | None
    done: Mapping[tuple[int, int], BoardResult] = field(default_factory=FrozenMap)
    cut: tuple[tuple[int, int], ...] = ()
    lines: tuple[RoundLine, ...] | None = None

    def to_dict(self) -> Data:
        return {**header("RoundRecord"), "round": self.round,
                "tables": [t.to_dict() for t in self.tables], "bye": self.bye,
                "done": [r.to_dict() for r in self.done.values()],
                "cut": [list(c) for c in self.cut],
                "lines": None if self.lines is None else [x.to_dict() for x in self.lines]}

    @classmethod
    def from_dict(cls, data: object) -> RoundRecord:
        f = Fields(data, "RoundRecord")
        rnd, tables, bye = f.whole("round"), f.objs("tables", TableDraw.from_dict), f.opt_text("bye")
        done = f.objs("done", BoardResult.from_dict)
        cut = f.items("cut")
        if not all(isinstance(c, list | tuple) and len(c) == 2 and all(type(x) is int for x in c)
                   for c in cut):
            raise f.error("cut", "a list of [table, board]", "[桌号, 牌号] 的列表")
        lines = f.opt_items("lines")
        f.done()
        for r in done:
            if r.table is None:
                raise f.error("done", "results with their table", "带桌号的结果")
        return cls(rnd, tables, bye, FrozenMap({(r.table or 0, r.board): r for r in done}),
                   tuple((c[0], c[1]) for c in cut),
                   None if lines is None else tuple(RoundLine.from_dict(x) for x in lines))


