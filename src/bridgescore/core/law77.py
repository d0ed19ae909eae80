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
from typing import TYPE_CHECKING, Any

from .contract import Contract, Doubling, all_contracts
from .errors import ImpossibleResultError, NotationError
from .i18n import Lang, is_zh
from .strain import Strain
from .text import excerpt

__all__ = [
    "SCORE_TABLE",
    "Breakdown",
    "Part",
    "PartKind",
    "breakdown",
    "score",
    "score_table",
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

    def name_in(self, lang: Lang = "en") -> str:
        return _PART_NAMES[self][1 if is_zh(lang) else 0]


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

    def name_in(self, lang: Lang = "en") -> str:
        if self.kind is PartKind.INSULT and self.expression == "100":
            return "完成再加倍定约奖分" if is_zh(lang) else "bonus for making a redoubled contract"
        if self.kind is PartKind.SLAM_BONUS:
            if is_zh(lang):
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
    """Points the defenders score for ``down`` undertricks (1-13), and the arithmetic."""
    if type(down) is not int or not 1 <= down <= 13:
        raise ImpossibleResultError(
            f"invalid number of undertricks {excerpt(down)}: expected 1-13",
            f"无效的宕墩数 {excerpt(down)}：应为 1-13",
        )
    if type(doubling) is not Doubling:
        raise NotationError(
            f"invalid doubling {excerpt(doubling)}: expected a Doubling",
            f"无效的加倍 {excerpt(doubling)}：应为 Doubling",
        )
    if type(vulnerable) is not bool:
        raise not_a_flag(vulnerable)
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


def not_a_flag(vulnerable: object) -> NotationError:
    """The error for a ``vulnerable`` argument that is not ``True`` or ``False``.

    Only a real ``bool`` is taken: ``"no"``, ``0`` or ``Vulnerability.NONE`` are all truthy or
    falsy by accident, and scoring them as a flag would silently give a wrong score.
    """
    hint_en = hint_zh = ""
    if type(vulnerable).__name__ == "Vulnerability":
        hint_en = (" (this is a board's vulnerability: Result.score(vulnerability) reads it, or "
                   "pass vulnerability.is_vulnerable(declarer))")
        hint_zh = "（这是一副牌的局况：请用 Result.score(局况)，或传 局况.is_vulnerable(定约人)）"
    return NotationError(
        f"invalid vulnerable flag {excerpt(vulnerable)}: expected True or False (whether the "
        f"declaring side is vulnerable){hint_en}",
        f"无效的有局标记 {excerpt(vulnerable)}：应为 True 或 False（定约方是否有局）{hint_zh}",
    )


def _check(contract: Contract, tricks: int) -> None:
    if not isinstance(tricks, int) or isinstance(tricks, bool) or not 0 <= tricks <= 13:
        raise ImpossibleResultError(
            f"invalid number of tricks {excerpt(tricks)}: expected 0-13",
            f"无效的墩数 {excerpt(tricks)}：应为 0-13",
        )
    if contract.is_passed_out and tricks:
        raise _passed_out_tricks(tricks)


def _passed_out_tricks(tricks: int) -> ImpossibleResultError:
    return ImpossibleResultError(
        f"invalid number of tricks {tricks} for a passed-out board: no trick is played (0)",
        f"无效的墩数 {tricks}：四家不叫的牌不打牌（墩数为 0）",
    )


def _contract(contract: object) -> Contract:
    if type(contract) is str:
        return Contract.parse(contract)
    if type(contract) is not Contract:
        raise NotationError(
            f"invalid contract {excerpt(contract)}: expected a Contract or a string such as '4SX'",
            f"无效的定约 {excerpt(contract)}：应为 Contract 或如 '4SX' 的文字",
        )
    return contract


def breakdown(contract: Contract | str, tricks: int, vulnerable: bool) -> Breakdown:
    """Score a result by Law 77 and say how the score is made up.

    ``vulnerable`` must be ``True`` or ``False``; a passed-out board takes 0 tricks."""
    contract = _contract(contract)
    if type(vulnerable) is not bool:
        raise not_a_flag(vulnerable)
    _check(contract, tricks)
    if contract.is_passed_out:
        return Breakdown(contract, 0, vulnerable, (), "0")
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
    # score() relies on this: only the passed-out row holds 0.
    assert 0 not in table
    table.extend([0] * 28)
    return tuple(table)


# The table is built on first use (2,940 breakdowns: about 15 ms, most of what importing the
# package used to cost), not at import: a process that scores one result and explains it
# (``bridgescore score``) never needs it.
_BUILT: tuple[int, ...] = ()

if TYPE_CHECKING:
    SCORE_TABLE: tuple[int, ...]


def score_table() -> tuple[int, ...]:
    """The declaring side's score of every result, ``contract.index * 28 + vulnerable * 14 +
    tricks`` (2,968 entries; the passed-out row, 105, is all zeros), built from
    :func:`breakdown` on first call.  ``SCORE_TABLE`` is the same tuple."""
    global _BUILT
    if not _BUILT:
        _BUILT = _build_table()  # two threads at once build equal tuples: either may stay
    return _BUILT


class _Unbuilt:
    """Stands in a module's global for the score table until the first look-up, which builds
    the table, puts it in this object's place and answers.  The hot paths (score() and
    Result.score()) then index a plain tuple with the same bytecode as when the table was
    built at import: the laziness costs nothing after the first score."""

    __slots__ = ("_name", "_namespace")

    def __init__(self, namespace: dict[str, Any], name: str) -> None:
        self._namespace = namespace
        self._name = name

    def __getitem__(self, i: int) -> int:
        table = score_table()
        self._namespace[self._name] = table
        return table[i]


# What score() indexes: this placeholder, then the table itself.
_TABLE: tuple[int, ...] | _Unbuilt = _Unbuilt(globals(), "_TABLE")


def __getattr__(name: str) -> tuple[int, ...]:
    if name == "SCORE_TABLE":  # the public name, built when first asked for
        return score_table()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def score(contract: Contract | str, tricks: int, vulnerable: bool) -> int:
    """The declaring side's score (negative when the contract fails).

    ``contract`` is a :class:`Contract` or its notation; ``tricks`` the tricks declarer took
    (0-13; 0 on a passed-out board); ``vulnerable`` whether the declaring side is vulnerable,
    ``True`` or ``False`` (anything else, ``"no"`` or ``Vulnerability.NONE``, is refused).

    >>> score("3NT", 9, False), score("4SX", 8, True), score("pass", 0, False)
    (400, -500, 0)
    """
    if type(contract) is not Contract:
        contract = _contract(contract)
    if type(tricks) is not int or not 0 <= tricks <= 13:
        _check(contract, tricks)  # raises
    # One look-up in a table built from ``breakdown`` on first use: the hot path of the
    # library.  ``vulnerable`` must be a real bool (anything else is refused, not read as
    # truthy); identity tests cost no more than the truth test they replace.
    if vulnerable is False:
        points = _TABLE[contract.index * 28 + tricks]
    elif vulnerable is True:
        points = _TABLE[contract.index * 28 + 14 + tricks]
    else:
        raise not_a_flag(vulnerable)
    if points or not tricks:
        return points
    # Only the passed-out row scores 0 (every played result scores something), and it has
    # no tricks: score("pass", 9, …) is a mistake, not 0.
    raise _passed_out_tricks(tricks)
