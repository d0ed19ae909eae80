"""One line of a movement, as the event model holds it: in a round, at a table, these pairs
play these boards.  (In a module of its own, which imports neither the model nor the
movements, so that the two need not import each other.)"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import BridgeError
from ..core.serial import Data, Fields, excerpt, header
from .participants import as_id

__all__ = ["Assignment"]


@dataclass(frozen=True, slots=True)
class Assignment:
    """One line of a movement: in ``round`` at ``table``, these pairs play these boards."""

    round: int
    table: int
    ns_pair: str
    ew_pair: str
    boards: tuple[int, ...]

    def __post_init__(self) -> None:
        for label, zh, v in (("round", "轮次", self.round), ("table", "桌号", self.table)):
            if type(v) is not int or v < 1:
                raise BridgeError(f"invalid {label} {excerpt(v)}: expected a whole number from 1 up",
                                  f"无效的{zh} {excerpt(v)}：应为从 1 起的整数")
        object.__setattr__(self, "ns_pair", as_id(self.ns_pair))
        object.__setattr__(self, "ew_pair", as_id(self.ew_pair))
        if self.ns_pair == self.ew_pair:
            raise BridgeError(f"round {self.round}, table {self.table}: pair {self.ns_pair} "
                              "cannot play itself",
                              f"第{self.round}轮第{self.table}桌：第{self.ns_pair}对不能与自己比赛")
        object.__setattr__(self, "boards", _board_numbers(self.boards))

    def to_dict(self) -> Data:
        return {**header("Assignment"), "round": self.round, "table": self.table,
                "ns_pair": self.ns_pair, "ew_pair": self.ew_pair, "boards": list(self.boards)}

    @classmethod
    def from_dict(cls, data: object) -> Assignment:
        f = Fields(data, "Assignment")
        rnd, table = f.whole("round"), f.whole("table")
        ns, ew, boards = f.text("ns_pair"), f.text("ew_pair"), f.wholes("boards")
        f.done()
        return cls(rnd, table, ns, ew, boards)


def _board_numbers(value: object) -> tuple[int, ...]:
    if isinstance(value, list | tuple | range) and all(
            type(b) is int and b >= 1 for b in value):
        return tuple(value)
    raise BridgeError(f"invalid boards {excerpt(value)}: expected board numbers from 1 up",
                      f"无效的牌副 {excerpt(value)}：应为从 1 起的牌副号")
