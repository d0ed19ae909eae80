"""What goes in and out of the automatic Swiss pairs (``swissevent``): the actions, the events,
the refusal, and their plain data.

Every action carries ``now`` (seconds, the caller's clock); every event carries ``at``, the
time it happened *as scheduled*: a round that ended at 20:24 is cut "at 20:24" even when the
server only noticed at 20:31.  So the events are the same however the ticks fell.

Actions and events are flat frozen values.  ``to_dict()`` gives plain data with ``type`` and
``version`` (``bridgescore.core.serial``); exact scores are texts such as ``"7/3"``, as
``PairScore.to_dict`` writes them.  ``action_from_dict`` reads an action back (the web layer
stores the actions and replays them).
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from ..core.errors import BridgeError
from ..core.result import Result
from ..core.serial import Data, Fields, excerpt, header, is_number
from ..sessions.model import BoardResult
from .refusal import Refusal

__all__ = [
    "Action",
    "AskToLeave",
    "AskedToLeave",
    "BoardDone",
    "BoardRecorded",
    "BoardsCut",
    "Cancelled",
    "Event",
    "Final",
    "HandLowered",
    "HandRaised",
    "Leave",
    "Left",
    "LowerHand",
    "PairRegistered",
    "PairWithdrew",
    "RaiseHand",
    "RegistrationClosed",
    "RoundLine",
    "RoundScored",
    "Seat",
    "Seated",
    "Sit",
    "Standing",
    "SwissActionError",
    "TableDraw",
    "TablesCreated",
    "Tick",
    "Withdraw",
    "action_from_dict",
    "fraction_from",
    "plain",
]

Seat = Literal["N", "S"]  # the two seats of a registration table
SEATS: tuple[Seat, ...] = ("N", "S")


class SwissActionError(Refusal):
    """An action the event refuses (nothing changes): the competitions' ``Refusal``, so the
    web layer answers every kind's refusals alike."""


def plain(value: Any) -> Any:
    """A value as plain data: exact numbers as texts (``"7/3"``), library values by their
    ``to_dict``, tuples as lists."""
    if isinstance(value, Fraction):
        return str(value)
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if isinstance(value, tuple | list):
        return [plain(x) for x in value]
    return value


def _to_dict(obj: Any) -> Data:
    return {**header(type(obj).__name__),
            **{f.name: plain(getattr(obj, f.name)) for f in dataclasses.fields(obj)}}


def fraction_from(f: Fields, key: str, text: object) -> Fraction:
    """An exact number written as ``plain`` writes it."""
    if isinstance(text, str) and len(text) <= 60:
        try:
            return Fraction(text)
        except (ValueError, ZeroDivisionError):
            pass
    raise f.error(key, "an exact number such as '7/3'", "精确的数，如 '7/3'")


# -- actions --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Tick:
    """The clock: every transition due by ``now`` happens (each as of its own time)."""

    now: float

    def to_dict(self) -> Data:
        return _to_dict(self)


@dataclass(frozen=True, slots=True)
class Sit:
    """``player`` sits at registration table ``table``, North or South."""

    player: str
    table: int
    seat: Seat
    now: float

    def to_dict(self) -> Data:
        return _to_dict(self)


@dataclass(frozen=True, slots=True)
class Leave:
    player: str
    now: float

    def to_dict(self) -> Data:
        return _to_dict(self)


@dataclass(frozen=True, slots=True)
class RaiseHand:
    """The player accepts the partner sitting opposite (the entry is confirmed once both have
    kept their hands up for the hold time)."""

    player: str
    now: float

    def to_dict(self) -> Data:
        return _to_dict(self)


@dataclass(frozen=True, slots=True)
class LowerHand:
    player: str
    now: float

    def to_dict(self) -> Data:
        return _to_dict(self)


@dataclass(frozen=True, slots=True)
class AskToLeave:
    """The player who sat down first asks the one opposite to leave; ``force`` makes them
    (seed: "请他离开（赶走他也可以）")."""

    player: str
    now: float
    force: bool = False

    def to_dict(self) -> Data:
        return _to_dict(self)


@dataclass(frozen=True, slots=True)
class BoardDone:
    """A board finished at a table of the round in play, with its result."""

    round: int
    table: int
    board: int
    result: Result
    now: float

    def to_dict(self) -> Data:
        return _to_dict(self)


@dataclass(frozen=True, slots=True)
class Withdraw:
    """The pair withdraws (退赛): it is not drawn again and keeps its results."""

    pair: str
    now: float

    def to_dict(self) -> Data:
        return _to_dict(self)


Action = Tick | Sit | Leave | RaiseHand | LowerHand | AskToLeave | BoardDone | Withdraw


def _now(f: Fields) -> float:
    v = f.number("now")
    return float(v)


def action_from_dict(data: object) -> Action:
    """An action from its ``to_dict`` data; a ``BridgeError`` names what is wrong."""
    kind = data.get("type") if isinstance(data, dict) else None
    readers = {"Tick", "Sit", "Leave", "RaiseHand", "LowerHand", "AskToLeave", "BoardDone",
               "Withdraw"}
    if not isinstance(kind, str) or kind not in readers:
        raise BridgeError(f"invalid Swiss event action {excerpt(kind)}: expected one of "
                          + ", ".join(sorted(readers)),
                          f"无效的瑞士移位赛操作 {excerpt(kind)}：应为 " + "、".join(sorted(readers))
                          + " 之一")
    f = Fields(data, kind)
    out: Action
    if kind == "Tick":
        out = Tick(_now(f))
    elif kind == "Sit":
        out = Sit(f.text("player"), f.whole("table"), f.choice("seat", SEATS), _now(f))
    elif kind == "Leave":
        out = Leave(f.text("player"), _now(f))
    elif kind == "RaiseHand":
        out = RaiseHand(f.text("player"), _now(f))
    elif kind == "LowerHand":
        out = LowerHand(f.text("player"), _now(f))
    elif kind == "AskToLeave":
        out = AskToLeave(f.text("player"), _now(f), f.flag("force"))
    elif kind == "BoardDone":
        out = BoardDone(f.whole("round"), f.whole("table"), f.whole("board"),
                        f.obj("result", Result.from_dict), _now(f))
    else:
        out = Withdraw(f.text("pair"), _now(f))
    f.done()
    return out


# -- parts of events ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TableDraw:
    """A table of a round: the pair sitting North-South, the pair East-West, the boards."""

    table: int
    ns: str
    ew: str
    boards: tuple[int, ...]

    def to_dict(self) -> Data:
        return _to_dict(self)

    @classmethod
    def from_dict(cls, data: object) -> TableDraw:
        f = Fields(data, "TableDraw")
        out = cls(f.whole("table"), f.text("ns"), f.text("ew"), f.wholes("boards"))
        f.done()
        return out


LineStatus = Literal["played", "no_board", "bye", "withdrawn", "not_entered"]
LINE_STATUSES: tuple[LineStatus, ...] = ("played", "no_board", "bye", "withdrawn", "not_entered")


@dataclass(frozen=True, slots=True)
class RoundLine:
    """A pair's round: ``status`` (played; at a table but no board completed; the bye;
    withdrawn; not entered yet), its score (``None``: none), its running total, the boards it
    completed this round (``played``) and in all (``boards``)."""

    pair: str
    status: LineStatus
    score: Fraction | None
    total: Fraction
    played: int
    boards: int

    def to_dict(self) -> Data:
        return _to_dict(self)

    @classmethod
    def from_dict(cls, data: object) -> RoundLine:
        f = Fields(data, "RoundLine")
        pair, status = f.text("pair"), f.choice("status", LINE_STATUSES)
        score = f.opt_text("score")
        total = f.text("total")
        out = cls(pair, status, None if score is None else fraction_from(f, "score", score),
                  fraction_from(f, "total", total), f.whole("played"), f.whole("boards"))
        f.done()
        return out


@dataclass(frozen=True, slots=True)
class Standing:
    """A pair in the final results: its place (``None``: it did not complete the share of
    boards and is listed unranked), total, boards completed, masterpoints (each of its
    players gets them), the round it withdrew from (``None``: it did not) and its score in
    each round (``None``: none)."""

    pair: str
    players: tuple[str, str]
    place: int | None
    total: Fraction
    boards: int
    masterpoints: Fraction
    withdrawn_from: int | None
    by_round: tuple[Fraction | None, ...]

    def to_dict(self) -> Data:
        return _to_dict(self)

    @classmethod
    def from_dict(cls, data: object) -> Standing:
        f = Fields(data, "Standing")
        pair, players = f.text("pair"), f.texts("players")
        if len(players) != 2:
            raise f.error("players", "the pair's two players", "该对的两名牌手")
        place, total, boards = f.opt_whole("place"), f.text("total"), f.whole("boards")
        points, withdrawn = f.text("masterpoints"), f.opt_whole("withdrawn_from")
        by_round = tuple(None if x is None else fraction_from(f, "by_round", x)
                         for x in f.items("by_round"))
        f.done()
        return cls(pair, (players[0], players[1]), place, fraction_from(f, "total", total),
                   boards, fraction_from(f, "masterpoints", points), withdrawn, by_round)


# -- events ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Seated:
    table: int
    seat: Seat
    player: str
    at: float

    def to_dict(self) -> Data:
        return _to_dict(self)


LeftReason = Literal["left", "sent_away", "closed"]


@dataclass(frozen=True, slots=True)
class Left:
    """A player left a registration table: by choice, sent away by the partner opposite, or
    because registration closed."""

    table: int
    seat: Seat
    player: str
    reason: LeftReason
    at: float

    def to_dict(self) -> Data:
        return _to_dict(self)


@dataclass(frozen=True, slots=True)
class HandRaised:
    table: int
    seat: Seat
    player: str
    at: float

    def to_dict(self) -> Data:
        return _to_dict(self)


@dataclass(frozen=True, slots=True)
class HandLowered:
    """A hand went down: by the player, or because the partner it accepted left."""

    table: int
    seat: Seat
    player: str
    reason: Literal["lowered", "partner_left"]
    at: float

    def to_dict(self) -> Data:
        return _to_dict(self)


@dataclass(frozen=True, slots=True)
class AskedToLeave:
    table: int
    by: str
    player: str
    at: float

    def to_dict(self) -> Data:
        return _to_dict(self)


@dataclass(frozen=True, slots=True)
class PairRegistered:
    """An entry confirmed (报名成功): pair ``pair`` (numbered in the order of confirmation),
    North and South as they sat; it plays from ``entry_round``."""

    pair: str
    north: str
    south: str
    table: int
    entry_round: int
    at: float

    def to_dict(self) -> Data:
        return _to_dict(self)


@dataclass(frozen=True, slots=True)
class RegistrationClosed:
    at: float

    def to_dict(self) -> Data:
        return _to_dict(self)


@dataclass(frozen=True, slots=True)
class Cancelled:
    """Too few pairs at round 1's start: the event does not take place."""

    pairs: tuple[str, ...]
    at: float

    def to_dict(self) -> Data:
        return _to_dict(self)


@dataclass(frozen=True, slots=True)
class TablesCreated:
    """A round's rooms: its tables, its bye (``None``: none), when play starts and ends."""

    round: int
    tables: tuple[TableDraw, ...]
    bye: str | None
    starts: float
    ends: float
    at: float

    def to_dict(self) -> Data:
        return _to_dict(self)


@dataclass(frozen=True, slots=True)
class BoardRecorded:
    round: int
    table: int
    board: int
    result: BoardResult
    at: float

    def to_dict(self) -> Data:
        return _to_dict(self)


@dataclass(frozen=True, slots=True)
class BoardsCut:
    """The boards not finished when the round ended (``(table, board)``): cut for good, or,
    with the ``average`` setting, scored Average to both sides."""

    round: int
    boards: tuple[tuple[int, int], ...]
    averaged: bool
    at: float

    def to_dict(self) -> Data:
        return _to_dict(self)


@dataclass(frozen=True, slots=True)
class RoundScored:
    """Every registered pair's round, in registration order."""

    round: int
    lines: tuple[RoundLine, ...]
    at: float

    def to_dict(self) -> Data:
        return _to_dict(self)


@dataclass(frozen=True, slots=True)
class PairWithdrew:
    pair: str
    from_round: int
    at: float

    def to_dict(self) -> Data:
        return _to_dict(self)


@dataclass(frozen=True, slots=True)
class Final:
    """The results, the moment the last round ends: the ranked pairs by place, then the pairs
    that did not complete the share of boards; each player's masterpoints."""

    standings: tuple[Standing, ...]
    players: tuple[tuple[str, Fraction], ...]
    at: float

    def to_dict(self) -> Data:
        return _to_dict(self)

    @classmethod
    def from_dict(cls, data: object) -> Final:
        f = Fields(data, "Final")
        standings = f.objs("standings", Standing.from_dict)
        rows = f.items("players")
        if not all(isinstance(r, list | tuple) and len(r) == 2 and isinstance(r[0], str)
                   for r in rows):
            raise f.error("players", "a list of [player, masterpoints]", "[牌手, 大师分] 的列表")
        players = tuple((r[0], fraction_from(f, "players", r[1])) for r in rows)
        at = f.number("at")
        f.done()
        return cls(standings, players, float(at))


Event = (Seated | Left | HandRaised | HandLowered | AskedToLeave | PairRegistered
         | RegistrationClosed | Cancelled | TablesCreated | BoardRecorded | BoardsCut
         | RoundScored | PairWithdrew | Final)


def check_now(now: object) -> float:
    """An action's time: a finite number of seconds."""
    if not is_number(now):
        raise SwissActionError("bad_time", f"invalid time {excerpt(now)}: expected a number of "
                               "seconds", f"无效的时间 {excerpt(now)}：应为秒数")
    value = float(now)  # type: ignore[arg-type]
    assert math.isfinite(value)
    return value
