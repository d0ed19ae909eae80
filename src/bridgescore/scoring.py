"""Duplicate scoring by Law 77, with the breakdown a learner reads.

>>> score("4S", 10, vulnerable=True)
620
>>> b = breakdown("6NTX", 13, vulnerable=True)
>>> b.formula()
'(40+5×30)×2+200+1250+50=1880'
>>> [(p.kind.value, p.points) for p in b.parts]  # doctest: +NORMALIZE_WHITESPACE
[('trick_score', 380), ('overtricks', 200), ('game_bonus', 500), ('slam_bonus', 750),
 ('insult', 50)]
>>> breakdown("4HXX", 7, vulnerable=False).formula()
'(100+200×2)×2=1000'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .contract import Contract, Doubling, all_contracts
from .errors import ImpossibleResultError, NotationError
from .strain import Strain

__all__ = [
    "SCORE_TABLE",
    "Breakdown",
    "Part",
    "PartKind",
    "breakdown",
    "score",
    "undertrick_penalty",
]


class PartKind(enum.Enum):
    TRICK_SCORE = "trick_score"
    OVERTRICKS = "overtricks"
    PARTSCORE_BONUS = "partscore_bonus"
    GAME_BONUS = "game_bonus"
    SLAM_BONUS = "slam_bonus"
    INSULT = "insult"
    UNDERTRICKS = "undertricks"

    def name_in(self, lang: str = "en") -> str:
        return _PART_NAMES[self][1 if lang == "zh" else 0]


_PART_NAMES = {
    PartKind.TRICK_SCORE: ("trick score", "基本分"),
    PartKind.OVERTRICKS: ("overtricks", "超额奖分"),
    PartKind.PARTSCORE_BONUS: ("partscore bonus", "未成局奖分"),
    PartKind.GAME_BONUS: ("game bonus", "成局奖分"),
    PartKind.SLAM_BONUS: ("slam bonus", "满贯奖分"),
    PartKind.INSULT: ("bonus for making a doubled contract", "完成加倍定约奖分"),
    PartKind.UNDERTRICKS: ("undertricks", "罚分"),
}


@dataclass(frozen=True, slots=True)
class Part:
    """One named part of a score, with the arithmetic that gives it (``2×30``)."""

    kind: PartKind
    points: int
    expression: str

    def name_in(self, lang: str = "en") -> str:
        if self.kind is PartKind.INSULT and self.expression == "100":
            return "完成再加倍定约奖分" if lang == "zh" else "bonus for making a redoubled contract"
        if self.kind is PartKind.SLAM_BONUS:
            if lang == "zh":
                return "大满贯奖分" if self.points >= 1000 else "小满贯奖分"
            return "grand slam bonus" if self.points >= 1000 else "small slam bonus"
        return self.kind.name_in(lang)


@dataclass(frozen=True, slots=True)
class Breakdown:
    """How a score is made up.

    ``parts`` are from the point of view of the side that scores them: the declaring side
    when the contract makes, the defenders when it fails.  ``total`` is that side's score
    (never negative); ``declarer_score`` carries the sign.
    """

    contract: Contract
    tricks: int
    vulnerable: bool
    parts: tuple[Part, ...]
    expression: str

    @property
    def total(self) -> int:
        return sum(p.points for p in self.parts)

    @property
    def made(self) -> bool:
        return self.tricks >= self.contract.tricks_needed

    @property
    def declarer_score(self) -> int:
        return self.total if self.made else -self.total

    def formula(self) -> str:
        """The arithmetic as the seeds write it: ``2×30+30+50=140``."""
        if not self.parts:
            return "0"
        if self.expression == str(self.total):
            return self.expression
        return f"{self.expression}={self.total}"


def _mult(n: int, value: str | int) -> str:
    """``n×value``, or just ``value`` when n is 1."""
    return str(value) if n == 1 else f"{n}×{value}"


def _trick_expression(contract: Contract) -> str:
    level, dbl = contract.level, contract.doubling.multiplier
    if contract.strain is Strain.NOTRUMP:
        base = "40" if level == 1 else f"40+{_mult(level - 1, 30)}"
        if dbl == 1:
            return base
        return f"({base})×{dbl}" if level > 1 else f"40×{dbl}"
    base = _mult(level, contract.strain.trick_value)
    return base if dbl == 1 else f"{base}×{dbl}"


def undertrick_penalty(down: int, doubling: Doubling, vulnerable: bool) -> tuple[int, str]:
    """Points the defenders score for ``down`` undertricks, and the arithmetic."""
    if doubling is Doubling.UNDOUBLED:
        each = 100 if vulnerable else 50
        return each * down, (str(each) if down == 1 else f"{each}×{down}")
    if vulnerable:
        terms = ["200"] + ([_times(300, down - 1)] if down > 1 else [])
        points = 200 + 300 * (down - 1)
    else:
        terms = ["100"]
        if down > 1:
            terms.append(_times(200, min(down, 3) - 1))
        if down > 3:
            terms.append(_times(300, down - 3))
        points = 100 + 200 * (min(down, 3) - 1) + 300 * max(down - 3, 0)
    expr = "+".join(terms)
    if doubling is Doubling.REDOUBLED:
        points *= 2
        expr = f"({expr})×2" if "+" in expr else f"{expr}×2"
    return points, expr


def _times(value: int, n: int) -> str:
    """Undertricks are written value×count in the seeds (``200×2``)."""
    return str(value) if n == 1 else f"{value}×{n}"


def _check(contract: Contract, tricks: int) -> None:
    if not isinstance(tricks, int) or isinstance(tricks, bool) or not 0 <= tricks <= 13:
        raise ImpossibleResultError(
            f"invalid number of tricks {tricks!r}: expected 0-13",
            f"无效的墩数 {tricks!r}：应为 0-13",
        )


def breakdown(contract: Contract | str, tricks: int, vulnerable: bool) -> Breakdown:
    """Score a result by Law 77 and say how the score is made up."""
    if isinstance(contract, str):
        contract = Contract.parse(contract)
    if contract.is_passed_out:
        return Breakdown(contract, 0, vulnerable, (), "0")
    _check(contract, tricks)
    dbl = contract.doubling
    need = contract.tricks_needed
    if tricks < need:
        points, expr = undertrick_penalty(need - tricks, dbl, vulnerable)
        part = Part(PartKind.UNDERTRICKS, points, expr)
        return Breakdown(contract, tricks, vulnerable, (part,), expr)

    parts: list[Part] = []
    trick_expr = _trick_expression(contract)
    parts.append(Part(PartKind.TRICK_SCORE, contract.trick_score, trick_expr))
    terms = [trick_expr]
    over = tricks - need
    if over:
        if dbl is Doubling.UNDOUBLED:
            each = contract.strain.trick_value
        else:
            each = (100 if not vulnerable else 200) * (dbl.multiplier // 2)
        over_expr = _mult(over, each)
        parts.append(Part(PartKind.OVERTRICKS, over * each, over_expr))
        terms.append(over_expr)
    if contract.is_game:
        game = 500 if vulnerable else 300
        parts.append(Part(PartKind.GAME_BONUS, game, str(game)))
        bonus = game
        if contract.level == 6:
            slam = 750 if vulnerable else 500
        elif contract.level == 7:
            slam = 1500 if vulnerable else 1000
        else:
            slam = 0
        if slam:
            parts.append(Part(PartKind.SLAM_BONUS, slam, str(slam)))
        # The seeds add the slam bonus to the game bonus and write one figure (6×20+800).
        terms.append(str(bonus + slam))
    else:
        parts.append(Part(PartKind.PARTSCORE_BONUS, 50, "50"))
        terms.append("50")
    if dbl is not Doubling.UNDOUBLED:
        insult = 50 * (dbl.multiplier // 2)
        parts.append(Part(PartKind.INSULT, insult, str(insult)))
        terms.append(str(insult))
    return Breakdown(contract, tricks, vulnerable, tuple(parts), "+".join(terms))


def _build_table() -> tuple[int, ...]:
    # Flat table: contract.index * 28 + vulnerable * 14 + tricks; the passed-out row is zeros.
    table: list[int] = []
    for contract in all_contracts():
        for vul in (False, True):
            table.extend(breakdown(contract, t, vul).declarer_score for t in range(14))
    table.extend([0] * 28)
    return tuple(table)


SCORE_TABLE: tuple[int, ...] = _build_table()


def score(contract: Contract | str, tricks: int, vulnerable: bool) -> int:
    """The declaring side's score (negative when the contract fails).

    ``contract`` is a :class:`Contract` or its notation; ``tricks`` the tricks declarer took
    (0-13); ``vulnerable`` whether the declaring side is vulnerable.

    >>> score("3NT", 9, False), score("4SX", 8, True), score("pass", 0, False)
    (400, -500, 0)
    """
    if type(contract) is str:
        contract = Contract.parse(contract)
    elif type(contract) is not Contract:
        raise NotationError(
            f"invalid contract {contract!r}: expected a Contract or a string such as '4SX'",
            f"无效的定约 {contract!r}：应为 Contract 或如 '4SX' 的文字",
        )
    if type(tricks) is not int or not 0 <= tricks <= 13:
        _check(contract, tricks)  # raises
    # One look-up in a table built from ``breakdown`` at import: the hot path of the library.
    return SCORE_TABLE[contract.index * 28 + (14 if vulnerable else 0) + tricks]
