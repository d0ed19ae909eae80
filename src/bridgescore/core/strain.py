"""Strains (denominations) in bridge order: clubs, diamonds, hearts, spades, notrump."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType

from .errors import NotationError
from .i18n import Lang, is_zh
from .text import excerpt, normalize

__all__ = ["Strain"]


class Strain(enum.Enum):
    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NOTRUMP = 4

    def __str__(self) -> str:
        return ("C", "D", "H", "S", "NT")[self.value]

    @property
    def letter(self) -> str:
        return ("C", "D", "H", "S", "NT")[self.value]

    @property
    def symbol(self) -> str:
        return ("♣", "♦", "♥", "♠", "NT")[self.value]

    def name_in(self, lang: Lang = "en") -> str:
        if is_zh(lang):
            return ("梅花", "方块", "红心", "黑桃", "无将")[self.value]
        return ("clubs", "diamonds", "hearts", "spades", "notrump")[self.value]

    @property
    def is_minor(self) -> bool:
        return self.value <= 1

    @property
    def is_major(self) -> bool:
        return self.value in (2, 3)

    @property
    def trick_value(self) -> int:
        """Points for each odd trick after the first (Law 77): 20 minors, 30 majors and NT."""
        return 20 if self.value <= 1 else 30

    @classmethod
    def parse(cls, text: str) -> Strain:
        """``S``, ``♠``, ``spades``, ``黑桃``, ``NT``, ``N``, ``无将``, ``無王`` (Taiwan) …

        >>> Strain.parse("♥"), Strain.parse("无将"), Strain.parse("n"), Strain.parse("無王")
        (<Strain.HEARTS: 2>, <Strain.NOTRUMP: 4>, <Strain.NOTRUMP: 4>, <Strain.NOTRUMP: 4>)
        """
        if not isinstance(text, str):
            raise NotationError(
                f"invalid strain {excerpt(text)}: expected text such as 'S'",
                f"无效的花色 {excerpt(text)}：应为如 'S' 的文字",
            )
        strain = STRAIN_WORDS.get(normalize(text).lower())
        if strain is None:
            raise NotationError(
                f"invalid strain {excerpt(text)}: expected C, D, H, S or NT (or ♣ ♦ ♥ ♠, 梅花 方块 红心 黑桃 无将)",
                f"无效的花色 {excerpt(text)}：应为 C、D、H、S 或 NT（或 ♣ ♦ ♥ ♠、梅花 方块 红心 黑桃 无将）",
            )
        return strain


# Every spelling accepted as input, lower-cased.  Longest spellings are tried first by the
# regular expressions built from this table.
_STRAIN_WORDS: dict[str, Strain] = {
    "c": Strain.CLUBS, "♣": Strain.CLUBS, "clubs": Strain.CLUBS, "club": Strain.CLUBS,
    "梅花": Strain.CLUBS, "草花": Strain.CLUBS, "梅": Strain.CLUBS,
    "d": Strain.DIAMONDS, "♦": Strain.DIAMONDS, "diamonds": Strain.DIAMONDS,
    "diamond": Strain.DIAMONDS, "方块": Strain.DIAMONDS, "方片": Strain.DIAMONDS,
    "方": Strain.DIAMONDS,
    "h": Strain.HEARTS, "♥": Strain.HEARTS, "hearts": Strain.HEARTS, "heart": Strain.HEARTS,
    "红心": Strain.HEARTS, "红桃": Strain.HEARTS, "红": Strain.HEARTS,
    "s": Strain.SPADES, "♠": Strain.SPADES, "spades": Strain.SPADES, "spade": Strain.SPADES,
    "黑桃": Strain.SPADES, "黑": Strain.SPADES,
    "nt": Strain.NOTRUMP, "n": Strain.NOTRUMP, "notrump": Strain.NOTRUMP,
    "notrumps": Strain.NOTRUMP, "no trump": Strain.NOTRUMP, "no-trump": Strain.NOTRUMP,
    "无将": Strain.NOTRUMP, "无": Strain.NOTRUMP,
    "无王": Strain.NOTRUMP,  # Taiwan: 無王
}
STRAIN_WORDS: Mapping[str, Strain] = MappingProxyType(_STRAIN_WORDS)  # read-only
