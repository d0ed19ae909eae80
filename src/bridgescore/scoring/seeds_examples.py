"""The sixteen worked examples of the scoring lecture (seed 003, 例一 … 例十六), as printed.

Each records what the seed says: the board, its vulnerability label, the result in Chinese,
the side that scores, the total and the arithmetic (full-width parentheses and all).  The
library must reproduce every total; its arithmetic differs in one place only: 例十一 writes the
two redoubled overtricks ``200×2`` where the library writes ``2×200`` (as 例九 does, ``3×200``).

>>> ex = EXAMPLES[11]
>>> ex.label, ex.result_text, ex.total
('例十二', '北打6NT×，超1', 1880)
>>> ex.breakdown().formula(), ex.scoring_side().name_in("zh")
('(40+5×30)×2+200+1250+50=1880', '南北')
>>> print(EXAMPLES[0].line("zh")); print(EXAMPLES[0].line("en"))
例一：第1副（双方无局），南打2♠超1。南北得 2×30+30+50=140分
Example 1: board 1 (none vulnerable), 2♠ S +1. NS score 2×30+30+50=140
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.board import Board
from ..core.i18n import Lang, is_zh
from ..core.law77 import Breakdown
from ..core.result import Result
from ..core.seat import Side
from ..core.vulnerability import Vulnerability

__all__ = ["EXAMPLES", "SeedExample"]

_NUMERALS = ("一", "二", "三", "四", "五", "六", "七", "八", "九", "十",
             "十一", "十二", "十三", "十四", "十五", "十六")


@dataclass(frozen=True, slots=True)
class SeedExample:
    """One worked example: ``例一：第一副，双无。南打2S，超1。 南北得 2×30+30+50=140分``."""

    number: int
    board: int
    vulnerability_text: str
    result_text: str
    side_text: str
    total: int
    expression: str

    @property
    def label(self) -> str:
        return f"例{_NUMERALS[self.number - 1]}"

    @property
    def vulnerability(self) -> Vulnerability:
        return Board(self.board).vulnerability

    @property
    def result(self) -> Result:
        return Result.parse(self.result_text)

    def breakdown(self) -> Breakdown:
        return self.result.breakdown(self.vulnerability)

    def scoring_side(self) -> Side:
        side = self.result.scoring_side(self.vulnerability)
        assert side is not None  # every example has a declarer
        return side

    def scored(self, lang: Lang = "en") -> str:
        """``南北得 2×30+30+50=140分`` / ``NS score 2×30+30+50=140``."""
        side = self.scoring_side().name_in(lang)
        formula = self.breakdown().formula()
        return f"{side}得 {formula}分" if is_zh(lang) else f"{side} score {formula}"

    def line(self, lang: Lang = "en") -> str:
        """The example as the demo prints it, from the parsed result (not the seed's text)."""
        result = self.result.format(lang, symbols=True)
        vul = self.vulnerability.describe(lang)
        if is_zh(lang):
            return f"{self.label}：第{self.board}副（{vul}），{result}。{self.scored('zh')}"
        return f"Example {self.number}: board {self.board} ({vul}), {result}. {self.scored('en')}"


def _ex(number: int, board: int, vul: str, result: str, side: str, total: int,
        expression: str) -> SeedExample:
    return SeedExample(number, board, vul, result, side, total, expression)


# Copied from seed 003 (lines "例一" to "例十六"); the expression is the text before "分".
EXAMPLES: tuple[SeedExample, ...] = (
    _ex(1, 1, "双无", "南打2S，超1", "南北", 140, "2×30+30+50=140"),
    _ex(2, 2, "南北", "南打3S，宕2", "东西", 200, "100×2=200"),
    _ex(3, 3, "东西", "南打3NT，正好完成", "南北", 400, "40+2×30+300=400"),
    _ex(4, 4, "双有", "南打3C，宕1", "东西", 100, "100"),
    _ex(5, 5, "南北", "西打6D，正好完成", "东西", 920, "6×20+800=920"),
    _ex(6, 6, "东西", "西打7S，正好完成", "东西", 2210, "7×30+2000=2210"),
    _ex(7, 7, "双有", "西打5D×，宕1", "南北", 200, "200"),
    _ex(8, 8, "双无", "西打6H×，宕4", "南北", 800, "100+200×2+300=800"),
    _ex(9, 9, "东西", "北打1D××，超3", "南北", 830, "20×4+3×200+50+100=830"),
    _ex(10, 10, "双有", "北打2NT××，宕2", "东西", 1000, "（200+300）×2=1000"),
    _ex(11, 11, "双无", "北打2H××，超2", "南北", 1040, "2×30×4+200×2+300+100=1040"),
    _ex(12, 12, "南北", "北打6NT×，超1", "南北", 1880, "（40+5×30）×2+200+1250+50=1880"),
    _ex(13, 13, "双有", "东打2NT×，超1", "东西", 890, "（40+30）×2+200+500+50=890"),
    _ex(14, 14, "双无", "东打7C××，正好完成", "东西", 1960, "7×20×4+1300+100=1960"),
    _ex(15, 15, "南北", "东打4H××，宕3", "南北", 1000, "（100+200×2）×2=1000"),
    _ex(16, 16, "东西", "东打7NT××，正好完成", "东西", 2980, "（40+6×30）×4+2000+100=2980"),
)

