"""Contracts: level, strain and doubling, with notation that round-trips.

>>> c = Contract.parse("4♠X")
>>> c, str(c), c.level, c.strain, c.doubling
(Contract.parse('4SX'), '4SX', 4, <Strain.SPADES: 3>, <Doubling.DOUBLED: 1>)
>>> Contract.parse("7nt**") == Contract.parse("7NTXX") == Contract.parse("七无将再加倍")
True
>>> Contract.parse("4SX").format(lang="zh", symbols=True)
'4♠×'
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from .errors import NotationError
from .i18n import Lang, is_zh
from .strain import STRAIN_WORDS, Strain
from .text import excerpt, normalize, parse_int

if TYPE_CHECKING:
    from .serial import Data

__all__ = ["CONTRACT_PATTERN", "PASS_WORDS", "Contract", "Doubling"]


class Doubling(enum.Enum):
    UNDOUBLED = 0
    DOUBLED = 1
    REDOUBLED = 2

    def __str__(self) -> str:
        return ("", "X", "XX")[self.value]

    @property
    def multiplier(self) -> int:
        return (1, 2, 4)[self.value]

    def mark(self, lang: Lang = "en") -> str:
        """``X``/``XX`` in English, ``×``/``××`` in Chinese (as the seeds write them)."""
        return ("", "×", "××")[self.value] if is_zh(lang) else str(self)

    def name_in(self, lang: Lang = "en") -> str:
        if is_zh(lang):
            return ("未加倍", "加倍", "再加倍")[self.value]
        return ("undoubled", "doubled", "redoubled")[self.value]

    @classmethod
    def parse(cls, text: str) -> Doubling:
        if not isinstance(text, str):
            raise NotationError(
                f"invalid doubling {excerpt(text)}: expected text such as 'X'",
                f"无效的加倍标记 {excerpt(text)}：应为如 'X' 的文字",
            )
        key = normalize(text).lower().replace(" ", "")
        if key in _DOUBLING_WORDS:
            return _DOUBLING_WORDS[key]
        raise NotationError(
            f"invalid doubling {excerpt(text)}: expected '', X or XX (also *, **, ×, 加倍, 再加倍)",
            f"无效的加倍标记 {excerpt(text)}：应为 空、X 或 XX（也可写 *、**、×、加倍、再加倍）",
        )


_DOUBLING_WORDS = {
    "": Doubling.UNDOUBLED, "undoubled": Doubling.UNDOUBLED, "未加倍": Doubling.UNDOUBLED,
    "x": Doubling.DOUBLED, "*": Doubling.DOUBLED, "×": Doubling.DOUBLED,
    "dbl": Doubling.DOUBLED, "doubled": Doubling.DOUBLED, "加倍": Doubling.DOUBLED,
    "xx": Doubling.REDOUBLED, "**": Doubling.REDOUBLED, "××": Doubling.REDOUBLED,
    "rdbl": Doubling.REDOUBLED, "redoubled": Doubling.REDOUBLED, "再加倍": Doubling.REDOUBLED,
}


def _alternation(words: list[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


_STRAIN_RE = _alternation(list(STRAIN_WORDS))
_DOUBLING_RE = _alternation([w for w in _DOUBLING_WORDS if w])
_LEVEL_RE = r"\d+|[零〇一二两三四五六七八九十]+"
# The regular expression of one contract inside a lower-cased, normalised string.
CONTRACT_PATTERN = (
    rf"(?P<level>{_LEVEL_RE})\s*(?P<strain>{_STRAIN_RE})\s*(?P<doubling>{_DOUBLING_RE})?"
)


@cache
def _contract_full() -> re.Pattern[str]:
    # Compiled on first use: the result parser's fast path reads 4S N = without it.
    return re.compile(CONTRACT_PATTERN)

# Every way of writing a passed-out board, lower-cased and without spaces (the result parser
# reads the same words).
PASS_WORDS = frozenset(
    {"pass", "p", "passed", "passedout", "passout", "po", "allpass", "ap",
     "四家不叫", "四家都不叫", "四家全不叫", "全部不叫", "全都不叫", "全不叫", "都不叫", "不叫",
     "作废", "过"}
)


@dataclass(frozen=True, slots=True)
class Contract:
    """A contract; ``level == 0`` is the passed-out board (``Contract.parse("pass")``)."""

    level: int
    strain: Strain = Strain.NOTRUMP
    doubling: Doubling = Doubling.UNDOUBLED
    # A dense number 0-105 (105 = passed out) for table look-ups; not part of equality.
    index: int = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if type(self.strain) is not Strain or type(self.doubling) is not Doubling:
            raise NotationError(
                f"invalid contract {excerpt(self.level)} {excerpt(self.strain)} "
                f"{excerpt(self.doubling)}: expected a Strain and a Doubling",
                f"无效的定约 {excerpt(self.level)} {excerpt(self.strain)} "
                f"{excerpt(self.doubling)}：应为 Strain 和 Doubling",
            )
        if type(self.level) is not int or not 0 <= self.level <= 7:
            raise NotationError(
                f"invalid contract level {excerpt(self.level)}: level must be 1-7 (0 = passed out)",
                f"无效的定约阶数 {excerpt(self.level)}：阶数应为 1-7（0 表示四家不叫）",
            )
        if self.level == 0:
            if self.strain is not Strain.NOTRUMP or self.doubling is not Doubling.UNDOUBLED:
                raise NotationError(
                    "a passed-out board has no strain or doubling",
                    "四家不叫的牌没有花色，也没有加倍",
                )
            index = 105
        else:
            index = ((self.level - 1) * 5 + self.strain.value) * 3 + self.doubling.value
        object.__setattr__(self, "index", index)

    @classmethod
    def passed_out(cls) -> Contract:
        return PASSED_OUT

    @property
    def is_passed_out(self) -> bool:
        return self.level == 0

    @property
    def tricks_needed(self) -> int:
        """Tricks declarer must take: the book of six plus the level."""
        return self.level + 6 if self.level else 0

    @property
    def trick_score(self) -> int:
        """Points for the odd tricks bid (Law 77), doubled or redoubled."""
        if self.level == 0:
            return 0
        base = self.strain.trick_value * self.level + (10 if self.strain is Strain.NOTRUMP else 0)
        return base * self.doubling.multiplier

    @property
    def is_game(self) -> bool:
        """A trick score of 100 or more bid, doubling included."""
        return self.trick_score >= 100

    @property
    def is_slam(self) -> bool:
        return self.level >= 6

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return f"Contract.parse({str(self)!r})"

    def format(self, lang: Lang = "en", symbols: bool = False) -> str:
        """``4SX`` (default), ``4♠X`` (symbols), ``4S×``/``4♠×`` (Chinese), ``pass``/``四家不叫``."""
        if self.level == 0:
            return "四家不叫" if is_zh(lang) else "pass"
        strain = self.strain.symbol if symbols else self.strain.letter
        return f"{self.level}{strain}{self.doubling.mark(lang)}"

    def name_in(self, lang: Lang = "en") -> str:
        """``4 spades doubled`` / ``4黑桃加倍``."""
        if self.level == 0:
            return "四家不叫" if is_zh(lang) else "passed out"
        if is_zh(lang):
            dbl = self.doubling.name_in("zh") if self.doubling.value else ""
            return f"{self.level}{self.strain.name_in('zh')}{dbl}"
        dbl = f" {self.doubling.name_in('en')}" if self.doubling.value else ""
        return f"{self.level} {self.strain.name_in('en')}{dbl}"

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Parse a contract: ``4SX``, ``4♠X``, ``4sx``, ``4S*``, ``7NTXX``, ``3N``, ``pass``,
        ``3无将``, ``6H×``, ``北``-free Chinese forms such as ``四黑桃加倍``."""
        if not isinstance(text, str):
            raise NotationError(
                f"invalid contract {excerpt(text)}: expected a string such as '4SX'",
                f"无效的定约 {excerpt(text)}：应为如 '4SX' 的文字",
            )
        # Long text is no contract anyone writes: parse it without keeping it in the cache.
        return _parse_contract(text) if len(text) <= 64 else _parse_uncached(text)

    def to_dict(self) -> Data:
        """Plain data (``bridgescore.core.serial``): level, strain and doubling by name."""
        from .serial import header  # serial loads when values are stored, not to score

        return {**header("Contract"), "level": self.level, "strain": self.strain.name,
                "doubling": self.doubling.name}

    @classmethod
    def from_dict(cls, data: object) -> Contract:
        from .serial import Fields

        f = Fields(data, "Contract")
        level, strain = f.whole("level"), f.enum("strain", Strain)
        doubling = f.enum("doubling", Doubling)
        f.done()
        return cls(level, strain, doubling)


def _parse_uncached(text: str) -> Contract:
    key = normalize(text).lower()
    if key.replace(" ", "") in PASS_WORDS:
        return PASSED_OUT
    m = _contract_full().fullmatch(key)
    if m is None:
        raise NotationError(
            f"invalid contract {excerpt(text)}: expected a level 1-7, a strain C/D/H/S/NT and "
            "optionally X or XX, e.g. '4SX', or 'pass'",
            f"无效的定约 {excerpt(text)}：应为阶数 1-7、花色 C/D/H/S/NT，可加 X 或 XX，如 '4SX'，或 '不叫'",
        )
    return contract_from_match(m, text)


_parse_contract = lru_cache(maxsize=65536)(_parse_uncached)


def contract_from_match(m: re.Match[str], text: str) -> Contract:
    """Build a contract from a match of :data:`CONTRACT_PATTERN`, checking the level."""
    level = parse_int(m["level"])
    if level is None or not 1 <= level <= 7:
        raise NotationError(
            f"invalid contract {excerpt(text)}: level must be 1-7",
            f"无效的定约 {excerpt(text)}：阶数应为 1-7",
        )
    strain = STRAIN_WORDS[m["strain"]]
    doubling = _DOUBLING_WORDS[m["doubling"] or ""]
    return CONTRACTS[((level - 1) * 5 + strain.value) * 3 + doubling.value]


PASSED_OUT = Contract(0)


def all_contracts() -> list[Contract]:
    """The 105 contracts in index order (level, strain, doubling)."""
    return [
        Contract(level, strain, doubling)
        for level in range(1, 8)
        for strain in Strain
        for doubling in Doubling
    ]


# Every contract, built once, in index order (the passed-out board last, at 105): parsers
# hand these out instead of building and validating a new value each time.
CONTRACTS: tuple[Contract, ...] = (*all_contracts(), PASSED_OUT)
