"""Seats (North, East, South, West) and sides (North–South, East–West)."""

from __future__ import annotations

import enum

from .errors import NotationError
from .i18n import Lang, is_zh
from .text import excerpt, normalize

__all__ = ["Seat", "Side"]


class Seat(enum.Enum):
    """A seat at the table, in clockwise order from North."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    def __str__(self) -> str:
        return "NESW"[self.value]

    @property
    def letter(self) -> str:
        return "NESW"[self.value]

    def name_in(self, lang: Lang = "en") -> str:
        """``North`` / ``北``."""
        if is_zh(lang):
            return "北东南西"[self.value]
        return ("North", "East", "South", "West")[self.value]

    @property
    def side(self) -> Side:
        return _SIDES[self._value_ & 1]

    @property
    def partner(self) -> Seat:
        return _ORDER[(self._value_ + 2) & 3]

    @property
    def lho(self) -> Seat:
        """Left-hand opponent: the next seat clockwise."""
        return _ORDER[(self._value_ + 1) & 3]

    @property
    def rho(self) -> Seat:
        """Right-hand opponent: the previous seat clockwise."""
        return _ORDER[(self._value_ + 3) & 3]

    def next(self, steps: int = 1) -> Seat:
        # A tuple lookup, not Seat(...): a robot table asks this hundreds of times a move.
        return _ORDER[(self._value_ + steps) % 4]

    @classmethod
    def parse(cls, text: str) -> Seat:
        """``N``, ``north``, ``北``, ``北家``, ``東`` …

        >>> Seat.parse("s"), Seat.parse("西家"), Seat.parse("東")
        (<Seat.SOUTH: 2>, <Seat.WEST: 3>, <Seat.EAST: 1>)
        """
        if not isinstance(text, str):
            raise NotationError(
                f"invalid seat {excerpt(text)}: expected text such as 'N'",
                f"无效的方位 {excerpt(text)}：应为如 'N' 的文字",
            )
        key = normalize(text).lower()
        if key.endswith(("家", "方")) and len(key) == 2:
            key = key[0]
        seat = _SEAT_WORDS.get(key)
        if seat is None:
            raise NotationError(
                f"invalid seat {excerpt(text)}: expected N, E, S or W (or 北, 东, 南, 西)",
                f"无效的方位 {excerpt(text)}：应为 N、E、S、W（或 北、东、南、西）",
            )
        return seat


_SEAT_WORDS: dict[str, Seat] = {}
for _seat in Seat:
    for _word in (_seat.letter.lower(), _seat.name.lower(), _seat.name_in("zh"),
                  _seat.name_in("zh") + "家"):
        _SEAT_WORDS[_word] = _seat


class Side(enum.Enum):
    """A partnership."""

    NS = 0
    EW = 1

    def __str__(self) -> str:
        return self.name

    def name_in(self, lang: Lang = "en") -> str:
        """``NS`` / ``南北``."""
        if is_zh(lang):
            return ("南北", "东西")[self.value]
        return self.name

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat(self.value), Seat(self.value + 2))

    @property
    def opponents(self) -> Side:
        return Side(1 - self.value)

    @classmethod
    def parse(cls, text: str) -> Side:
        """``NS``, ``N-S``, ``EW``, ``南北``, ``东西方`` …

        >>> Side.parse("e-w"), Side.parse("南北方")
        (<Side.EW: 1>, <Side.NS: 0>)
        """
        if not isinstance(text, str):
            raise NotationError(
                f"invalid side {excerpt(text)}: expected text such as 'NS'",
                f"无效的方 {excerpt(text)}：应为如 'NS' 的文字",
            )
        key = normalize(text).lower().replace("-", "").replace("/", "").replace(" ", "")
        if key.endswith("方"):
            key = key[:-1]
        if key in ("ns", "sn", "南北", "北南", "northsouth"):
            return Side.NS
        if key in ("ew", "we", "东西", "西东", "eastwest"):
            return Side.EW
        raise NotationError(
            f"invalid side {excerpt(text)}: expected NS or EW (or 南北, 东西)",
            f"无效的方 {excerpt(text)}：应为 NS 或 EW（或 南北、东西）",
        )


_SIDES = (Side.NS, Side.EW)
_ORDER = tuple(Seat)  # N, E, S, W: index = value
