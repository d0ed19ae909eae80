"""Board numbers, dealers and vulnerability (Law 2: a cycle of 16 boards).

>>> b = Board(5)
>>> b.dealer, b.vulnerability
(<Seat.NORTH: 0>, <Vulnerability.NS: 1>)
>>> Board.parse("第十三副")
Board(13)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .errors import NotationError
from .i18n import Lang, is_zh
from .seat import Seat
from .text import excerpt, normalize, parse_int
from .vulnerability import Vulnerability

if TYPE_CHECKING:
    from .serial import Data

__all__ = ["MAX_BOARD", "Board"]

# Law 2: each group of four boards shifts the vulnerability cycle by one.
_VUL_CYCLE = (Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH)
# Far beyond any event or bulk deal, and small enough that every board prints (Python will not
# turn an int of more than 4,300 digits into text).
MAX_BOARD = 1_000_000_000
_BOARD_RE = re.compile(r"(?:board|bd|b|#|第)?\s*(\S+?)\s*(?:副|号|号牌|副牌)?")


@dataclass(frozen=True, slots=True)
class Board:
    number: int

    def __post_init__(self) -> None:
        if type(self.number) is not int or not 1 <= self.number <= MAX_BOARD:
            raise NotationError(
                f"invalid board number {excerpt(self.number)}: expected a whole number from 1 "
                f"to {MAX_BOARD}",
                f"无效的牌副号 {excerpt(self.number)}：应为 1 到 {MAX_BOARD} 的整数",
            )

    def __repr__(self) -> str:
        return f"Board({self.number})"

    def __str__(self) -> str:
        return str(self.number)

    @property
    def dealer(self) -> Seat:
        return Seat((self.number - 1) % 4)

    @property
    def vulnerability(self) -> Vulnerability:
        i = self.number - 1
        return _VUL_CYCLE[(i + (i // 4) % 4) % 4]

    def describe(self, lang: Lang = "en") -> str:
        """``Board 5: dealer North, NS vulnerable`` / ``第5副：北发牌，南北有局``."""
        if is_zh(lang):
            return (
                f"第{self.number}副：{self.dealer.name_in('zh')}发牌，"
                f"{self.vulnerability.describe('zh')}"
            )
        return (
            f"Board {self.number}: dealer {self.dealer.name_in('en')}, "
            f"{self.vulnerability.describe('en')}"
        )

    def to_dict(self) -> Data:
        """Plain data (``bridgescore.core.serial``)."""
        from .serial import header  # serial loads when values are stored, not to score

        return {**header("Board"), "number": self.number}

    @classmethod
    def from_dict(cls, data: object) -> Board:
        from .serial import Fields

        f = Fields(data, "Board")
        number = f.whole("number")
        f.done()
        return cls(number)

    @classmethod
    def parse(cls, text: str | int) -> Board:
        """``5``, ``board 5``, ``B5``, ``#5``, ``第五副`` …"""
        if isinstance(text, int) and not isinstance(text, bool):
            return cls(text)
        number = None
        if isinstance(text, str):
            m = _BOARD_RE.fullmatch(normalize(text).lower())
            number = parse_int(m[1]) if m else None
        if number is None or not 1 <= number <= MAX_BOARD:
            raise NotationError(
                f"invalid board {excerpt(text)}: expected a board number from 1 to {MAX_BOARD}, "
                "e.g. '5' or '第五副'",
                f"无效的牌副 {excerpt(text)}：应为 1 到 {MAX_BOARD} 的牌副号，如 '5' 或 '第五副'",
            )
        return cls(number)
