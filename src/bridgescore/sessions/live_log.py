"""The values of a live session's log (``sessions.live``): the actions a scorer asks for, the
numbered entries they become, what each changed, and the boards still to come."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from ..core.errors import BridgeError
from ..core.serial import Data, Fields, excerpt, header
from .model import BoardResult

__all__ = ["Action", "Change", "Changes", "Entry", "Kind", "Slot", "current_round"]

Kind = Literal["enter", "correct", "cancel"]


@dataclass(frozen=True, slots=True)
class Slot:
    """A board still to be played: in ``round`` at ``table``, ``ns_pair`` (holding the NS
    cards) against ``ew_pair``."""

    round: int
    table: int
    board: int
    ns_pair: str
    ew_pair: str

    def to_dict(self) -> Data:
        return {**header("Slot"), "round": self.round, "table": self.table, "board": self.board,
                "ns_pair": self.ns_pair, "ew_pair": self.ew_pair}

    @classmethod
    def from_dict(cls, data: object) -> Slot:
        f = Fields(data, "Slot")
        rnd, table, board = f.whole("round"), f.whole("table"), f.whole("board")
        ns, ew = f.text("ns_pair"), f.text("ew_pair")
        f.done()
        return cls(rnd, table, board, ns, ew)


def current_round(outstanding: Iterable[Slot], table: int, closed_round: int = 0) -> int | None:
    """The round a table is in: its first round after ``closed_round`` (the rounds the
    director has closed) with a board still to come; ``None`` when it has none (every board
    in, or only boards of closed rounds missing).  A table's phone page and its API both ask
    here (through a live session's ``current_round``), so they never show different rounds.

    >>> slots = [Slot(1, 2, 3, "2", "5"), Slot(2, 2, 5, "2", "6"), Slot(2, 1, 4, "1", "4")]
    >>> current_round(slots, 2), current_round(slots, 2, closed_round=1), current_round(slots, 3)
    (1, 2, None)
    """
    return min((s.round for s in outstanding if s.table == table and s.round > closed_round),
               default=None)


@dataclass(frozen=True, slots=True)
class Action:
    """What a scorer asks: ``enter`` a result, ``correct`` entry ``replaces`` with a new
    result, or ``cancel`` entry ``replaces``."""

    kind: Kind
    result: BoardResult | None = None
    replaces: int | None = None

    def __post_init__(self) -> None:
        needs_result = self.kind in ("enter", "correct")
        needs_target = self.kind in ("correct", "cancel")
        ok = (self.kind in ("enter", "correct", "cancel")
              and isinstance(self.result, BoardResult) == needs_result
              and (self.result is None or needs_result)
              and ((type(self.replaces) is int and self.replaces >= 1) if needs_target
                   else self.replaces is None))
        if not ok:
            raise BridgeError(
                f"invalid action {excerpt(self.kind)} (result {excerpt(self.result)}, replaces "
                f"{excerpt(self.replaces)}): expected enter with a result, correct with an "
                "entry number and a result, or cancel with an entry number",
                f"无效的操作 {excerpt(self.kind)}（结果 {excerpt(self.result)}，更正 "
                f"{excerpt(self.replaces)}）：应为 enter（附结果）、correct（附序号和结果）或 "
                "cancel（附序号）",
            )

    def to_dict(self) -> Data:
        return {**header("Action"), "kind": self.kind,
                "result": None if self.result is None else self.result.to_dict(),
                "replaces": self.replaces}

    @classmethod
    def from_dict(cls, data: object) -> Action:
        f = Fields(data, "Action")
        kind = f.choice("kind", ("enter", "correct", "cancel"))
        result, replaces = f.opt_obj("result", BoardResult.from_dict), f.opt_whole("replaces")
        f.done()
        return cls(kind, result, replaces)


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of the log: the action with the sequence number the session gave it.  The
    result's own ``seq`` is its order of arrival, set by the session (a correction keeps the
    arrival of the entry it replaces)."""

    seq: int
    action: Action

    def to_dict(self) -> Data:
        return {**header("Entry"), "seq": self.seq, "action": self.action.to_dict()}

    @classmethod
    def from_dict(cls, data: object) -> Entry:
        f = Fields(data, "Entry")
        seq, action = f.whole("seq"), f.obj("action", Action.from_dict)
        f.done()
        return cls(seq, action)


@dataclass(frozen=True, slots=True)
class Change:
    """What one entry changed: the boards whose scores and the pairs whose scores or places
    are different afterwards."""

    seq: int
    boards: tuple[int, ...]
    pairs: tuple[str, ...]

    def to_dict(self) -> Data:
        return {**header("Change"), "seq": self.seq, "boards": list(self.boards),
                "pairs": list(self.pairs)}

    @classmethod
    def from_dict(cls, data: object) -> Change:
        f = Fields(data, "Change")
        seq, boards, pairs = f.whole("seq"), f.wholes("boards"), f.texts("pairs")
        f.done()
        return cls(seq, boards, pairs)


@dataclass(frozen=True, slots=True)
class Changes:
    """Everything after sequence number ``since`` up to ``upto``."""

    since: int
    upto: int
    entries: tuple[Entry, ...]
    superseded: tuple[int, ...]  # entries corrected or cancelled by these
    boards: tuple[int, ...]
    pairs: tuple[str, ...]  # in ranking order

    def to_dict(self) -> Data:
        """What a page asks for (``bridgescore.core.serial``)."""
        return {**header("Changes"), "since": self.since, "upto": self.upto,
                "entries": [e.to_dict() for e in self.entries],
                "superseded": list(self.superseded), "boards": list(self.boards),
                "pairs": list(self.pairs)}

    @classmethod
    def from_dict(cls, data: object) -> Changes:
        f = Fields(data, "Changes")
        since, upto = f.whole("since"), f.whole("upto")
        entries, superseded = f.objs("entries", Entry.from_dict), f.wholes("superseded")
        boards, pairs = f.wholes("boards"), f.texts("pairs")
        f.done()
        return cls(since, upto, entries, superseded, boards, pairs)
