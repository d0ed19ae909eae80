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

from .errors import NotationError
from .seat import Seat
from .text import normalize, parse_int
from .vulnerability import Vulnerability

__all__ = ["Board"]

# Law 2: each group of four boards shifts the vulnerability cycle by one.
_VUL_CYCLE = (Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH)
_BOARD_RE = re.compile(r"(?:board|bd|b|#|第)?\s*(\S+?)\s*(?:副|号|号牌|副牌)?")


@dataclass(frozen=True, slots=True)
class Board:
    number: int

    def __post_init__(self) -> None:
        if type(self.number) is not int or self.number < 1:
            raise NotationError(
                f"invalid board number {self.number!r}: expected a whole number from 1 up",
                f"无效的牌副号 {self.number!r}：应为从 1 起的整数",
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

    def describe(self, lang: str = "en") -> str:
        """``Board 5: dealer North, NS vulnerable`` / ``第5副：北发牌，南北有局``."""
        if lang == "zh":
            return (
                f"第{self.number}副：{self.dealer.name_in('zh')}发牌，"
                f"{self.vulnerability.describe('zh')}"
            )
        return (
            f"Board {self.number}: dealer {self.dealer.name_in('en')}, "
            f"{self.vulnerability.describe('en')}"
        )

    @classmethod
    def parse(cls, text: str | int) -> Board:
        """``5``, ``board 5``, ``B5``, ``#5``, ``第五副`` …"""
        if isinstance(text, int) and not isinstance(text, bool):
            return cls(text)
        key = normalize(str(text)).lower()
        m = _BOARD_RE.fullmatch(key)
        number = parse_int(m[1]) if m else None
        if number is None or number < 1:
            raise NotationError(
                f"invalid board {text!r}: expected a board number from 1 up, e.g. '5' or '第五副'",
                f"无效的牌副 {text!r}：应为从 1 起的牌副号，如 '5' 或 '第五副'",
            )
        return cls(number)
