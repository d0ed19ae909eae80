"""A result: contract, declarer and tricks taken, in English or Chinese notation.

>>> r = Result.parse("南打3NT超1")
>>> r, r.tricks, str(r)
(Result.parse('3NT S +1'), 10, '3NT S +1')
>>> Result.parse("4SX N -2") == Result.parse("4SXN-2") == Result.parse("北打4S×宕2")
True
>>> Result.parse("北定约2S，拿8墩").format(lang="zh")
'北打2S，正好完成'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .contract import (
    _DOUBLING_WORDS,
    CONTRACT_PATTERN,
    CONTRACTS,
    PASSED_OUT,
    Contract,
    Doubling,
    contract_from_match,
)
from .errors import ImpossibleResultError, NotationError
from .scoring import SCORE_TABLE, Breakdown, breakdown
from .seat import _SEAT_WORDS, Seat, Side
from .text import normalize, parse_int
from .vulnerability import Vulnerability

__all__ = ["Result"]


@dataclass(frozen=True, slots=True)
class Result:
    """What happened on one board at one table.  A passed-out board has no declarer."""

    contract: Contract
    declarer: Seat | None
    tricks: int

    def __post_init__(self) -> None:
        if self.contract.is_passed_out:
            if self.declarer is not None or self.tricks != 0:
                raise NotationError(
                    "a passed-out board has no declarer and no tricks",
                    "四家不叫的牌没有定约人，也没有墩数",
                )
            return
        if self.declarer is None:
            raise NotationError(
                f"result of {self.contract} needs a declarer (N, E, S or W)",
                f"{self.contract.format(lang='zh')} 的结果需要定约人（北、东、南、西）",
            )
        if type(self.tricks) is not int or not 0 <= self.tricks <= 13:
            raise ImpossibleResultError(
                f"invalid number of tricks {self.tricks!r}: expected 0-13",
                f"无效的墩数 {self.tricks!r}：应为 0-13",
            )

    @classmethod
    def passed_out(cls) -> Result:
        return cls(PASSED_OUT, None, 0)

    @classmethod
    def from_relative(
        cls, contract: Contract, declarer: Seat, relative: int, *, source: str | None = None
    ) -> Result:
        """Build from ``=``/``+n``/``-n`` (``relative`` 0, n, -n), refusing the impossible.
        ``source`` is the text the result was read from, quoted in the error message."""
        tricks = contract.tricks_needed + relative
        shown = repr(source) if source is not None else f"{contract}{_rel(relative)}"
        shown_zh = (repr(source) if source is not None
                    else f"{contract.format(lang='zh')}{_rel_zh(relative)}")
        if tricks > 13:
            raise ImpossibleResultError(
                f"impossible result {shown}: {contract} needs "
                f"{contract.tricks_needed} of the 13 tricks, so "
                + (f"at most +{13 - contract.tricks_needed}" if contract.tricks_needed < 13
                   else "no overtrick is possible"),
                f"不可能的结果 {shown_zh}："
                f"该定约需要 13 墩中的 {contract.tricks_needed} 墩，"
                + (f"最多超 {13 - contract.tricks_needed}" if contract.tricks_needed < 13
                   else "不可能超墩"),
            )
        if tricks < 0:
            raise ImpossibleResultError(
                f"impossible result {shown}: {contract} can go down "
                f"at most {contract.tricks_needed}",
                f"不可能的结果 {shown_zh}："
                f"该定约最多宕 {contract.tricks_needed}",
            )
        return _shared(contract, declarer, tricks)

    @property
    def is_passed_out(self) -> bool:
        return self.contract.is_passed_out

    @property
    def relative(self) -> int:
        """Overtricks (positive), undertricks (negative) or 0 for made exactly."""
        return self.tricks - self.contract.tricks_needed if self.declarer else 0

    @property
    def made(self) -> bool:
        return self.relative >= 0

    def declarer_vulnerable(self, vulnerability: Vulnerability) -> bool:
        return self.declarer is not None and vulnerability.is_vulnerable(self.declarer)

    def score(self, vulnerability: Vulnerability) -> int:
        """The declaring side's score."""
        if self.declarer is None:
            return 0
        # The declaring side's vulnerability bit: NS is bit 0, EW bit 1 of the board's value.
        vul = (vulnerability._value_ >> (self.declarer._value_ & 1)) & 1
        return SCORE_TABLE[self.contract.index * 28 + vul * 14 + self.tricks]

    def ns_score(self, vulnerability: Vulnerability) -> int:
        """The score from North–South's point of view (EW's is the negation)."""
        s = self.score(vulnerability)
        return -s if self.declarer is not None and self.declarer.side is Side.EW else s

    def breakdown(self, vulnerability: Vulnerability) -> Breakdown:
        return breakdown(self.contract, self.tricks, self.declarer_vulnerable(vulnerability))

    def explain(self, vulnerability: Vulnerability, lang: str = "en") -> list[str]:
        """The explanation a learner reads, as the seeds write it: who scores, the arithmetic,
        then each named part.

        >>> Result.parse("南打2S，超1").explain(Vulnerability.NONE, "zh")
        ['南北得 2×30+30+50=140分', '  基本分 2×30=60', '  超额奖分 30', '  未成局奖分 50']
        >>> Result.parse("3S S -2").explain(Vulnerability.NS)
        ['EW score 100×2=200', '  undertricks 100×2=200']
        """
        zh = lang == "zh"
        side = self.scoring_side(vulnerability)
        if side is None:
            return ["四家不叫，双方均得0分" if zh else "Passed out: both sides score 0"]
        b = self.breakdown(vulnerability)
        lines = [f"{side.name_in('zh')}得 {b.formula()}分" if zh else f"{side} score {b.formula()}"]
        for part in b.parts:
            shown = part.expression
            if shown != str(part.points):
                shown = f"{shown}={part.points}"
            lines.append(f"  {part.name_in(lang)} {shown}")
        return lines

    def scoring_side(self, vulnerability: Vulnerability) -> Side | None:
        """The side that scores the points (declarer's if made, else the defenders')."""
        if self.declarer is None:
            return None
        return self.declarer.side if self.made else self.declarer.side.opponents

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return f"Result.parse({str(self)!r})"

    def format(self, lang: str = "en", symbols: bool = False) -> str:
        """``4SX N -2`` / ``北打4S×宕2``; passed out is ``pass`` / ``四家不叫``."""
        if self.declarer is None:
            return self.contract.format(lang)
        c = self.contract.format(lang, symbols)
        if lang == "zh":
            return f"{self.declarer.name_in('zh')}打{c}{_rel_zh(self.relative)}"
        return f"{c} {self.declarer} {_rel(self.relative)}"

    @classmethod
    def parse(cls, text: str) -> Result:
        """Parse a result in English or Chinese notation (see the module docstring)."""
        if not isinstance(text, str):
            raise NotationError(
                f"invalid result {text!r}: expected text such as '4SX N -2' or '南打3NT超1'",
                f"无效的结果 {text!r}：应为如 '4SX N -2' 或 '南打3NT超1' 的文字",
            )
        return _parse_result(text)


def _interned() -> tuple[Result, ...]:
    # Every result with a declarer, 105 × 4 × 14 = 5,880 of them, built once at import
    # (about 2 ms) like the score table: parsers hand these out instead of building a value.
    # All are valid by construction, so the constructor's checks are skipped here.
    new, put = object.__new__, object.__setattr__
    table = []
    for contract in CONTRACTS[:105]:
        for seat in Seat:
            for tricks in range(14):
                r = new(Result)
                put(r, "contract", contract)
                put(r, "declarer", seat)
                put(r, "tricks", tricks)
                table.append(r)
    return tuple(table)


RESULTS: tuple[Result, ...] = _interned()


def _shared(contract: Contract, declarer: Seat, tricks: int) -> Result:
    return RESULTS[(contract.index * 4 + declarer._value_) * 14 + tricks]


def _rel(relative: int) -> str:
    return "=" if relative == 0 else f"{relative:+d}"


def _rel_zh(relative: int) -> str:
    if relative == 0:
        return "，正好完成"
    return f"超{relative}" if relative > 0 else f"宕{-relative}"


_NUM = r"\d+|[零一二两三四五六七八九十]+"
_SEAT_EN = r"north|east|south|west|n|e|s|w|北家?|东家?|南家?|西家?"
_RES_EN = (
    r"(?P<rel>=|[+-]\s*\d+|making|made|mk|正好完成|正好|完成)|(?:down|dn)\s*(?P<down>\d+)"
    r"|(?:made\s*|making\s*|took\s*|\+)?(?P<tricks>\d+)\s*tricks?"
    # the Chinese result words after an English-order contract and seat: 4S N 超1, 4S 北 宕一
    rf"|超(?P<over_zh>{_NUM})墩?|宕(?P<down_zh>{_NUM})墩?|(?:拿|得)(?P<tricks_zh>{_NUM})墩"
)
_EN_FORMS = [
    re.compile(rf"(?:{CONTRACT_PATTERN})\s*(?:by\s*)?(?P<seat>{_SEAT_EN})\s*(?:{_RES_EN})"),
    re.compile(rf"(?P<seat>{_SEAT_EN})\s*:?\s+(?:{CONTRACT_PATTERN})\s*(?:{_RES_EN})"),
    re.compile(rf"(?:{CONTRACT_PATTERN})\s*(?:{_RES_EN})\s*(?:by\s*)?(?P<seat>{_SEAT_EN})"),
]
_NO_SEAT = re.compile(rf"(?:{CONTRACT_PATTERN})\s*(?P<rel>=|[+-]\s*\d+)")
# The common English forms (4SX N -2, 4sxn-2, 3NT by S +1) read without the general parser;
# anything else, or anything impossible, falls through to it (and to its error messages).
_FAST = re.compile(r"([1-7])\s*(nt|n|c|d|h|s)\s*(xx|x)?\s*(?:by\s*)?([nesw])\s*(=|[+-]\s*\d{1,2})")
_FAST_STRAIN = {"c": 0, "d": 1, "h": 2, "s": 3, "n": 4, "nt": 4}
_FAST_SEAT = {"n": 0, "e": 1, "s": 2, "w": 3}
_ZH_HEAD = re.compile(
    rf"(?P<seat>[北东南西])(?:家|方)?\s*(?:主打|打|定约|做庄|坐庄|庄|叫|做)?\s*(?:{CONTRACT_PATTERN})"
)
_ZH_DOUBLED = re.compile(r"(?:(?P<by>南北|东西|对方|防守方|敌方)方?)?(?P<dbl>再加倍|加倍)")
_ZH_RESULT = re.compile(
    rf"(?:结果|结果是|最后)?\s*(?:"
    rf"超(?:额)?(?P<over>{_NUM})墩?|宕(?P<down>{_NUM})墩?|(?:down|-)\s*(?P<down2>\d+)"
    rf"|\+\s*(?P<over2>\d+)|(?P<exact>=|正好完成定约|正好完成|正好|刚好完成|完成定约|完成|做成|打成)"
    rf"|(?:拿|得|赢|取)(?:了)?(?P<tricks>{_NUM})墩"
    rf")"
)
_PASS_RE = re.compile(r"(?:pass(?:ed)?\s*(?:out)?|p|po|all\s*pass|四家不叫|不叫|全不叫|作废|都不叫)")
_SPLIT = re.compile(r"[,;.\s]+")
_SEPARATORS = re.compile(r"[,;/|:]")


def _bad(text: str, why_en: str = "", why_zh: str = "") -> NotationError:
    return NotationError(
        f"invalid result {text!r}: {why_en or 'expected e.g. 4SX N -2, 3NT by S +1, 3NT S =, 南打3NT超1'}",
        f"无效的结果 {text!r}：{why_zh or '应为如 4SX N -2、3NT by S +1、南打3NT超1、北定约2S，拿8墩'}",
    )


@lru_cache(maxsize=65536)
def _parse_result(text: str) -> Result:
    key = (text.strip() if text.isascii() else normalize(text)).lower().rstrip(".")
    fast = _FAST.fullmatch(key)
    if fast is not None:
        level_text, strain, dbl, seat, rel = fast.groups()
        level = ord(level_text) - 48  # one digit 1-7
        tricks = level + 6
        if rel != "=":
            tricks += int(rel if " " not in rel else rel.replace(" ", ""))
        if 0 <= tricks <= 13:
            index = ((level - 1) * 5 + _FAST_STRAIN[strain]) * 3 + (len(dbl) if dbl else 0)
            return RESULTS[(index * 4 + _FAST_SEAT[seat]) * 14 + tricks]
    if _PASS_RE.fullmatch(key):
        return Result.passed_out()
    head = _ZH_HEAD.match(key)
    if head is not None:
        return _parse_zh(text, key, head)
    # Separators people type between the parts: "4S by E, down 1", "3nt/s/+1".
    spaced = _SEPARATORS.sub(" ", key).strip()
    for form in _EN_FORMS:
        m = form.fullmatch(spaced)
        if m is not None:
            contract = contract_from_match(m, text)
            seat = _SEAT_WORDS[m["seat"]]
            if m["tricks"] is not None or m["tricks_zh"] is not None:
                taken = parse_int(m["tricks"] or m["tricks_zh"])
                return _with_tricks(text, contract, seat, -1 if taken is None else taken)
            if m["down"] is not None or m["down_zh"] is not None:
                down = parse_int(m["down"] or m["down_zh"])
                return Result.from_relative(contract, seat, -(down or 0), source=text)
            if m["over_zh"] is not None:
                return Result.from_relative(contract, seat, parse_int(m["over_zh"]) or 0,
                                            source=text)
            rel = m["rel"].replace(" ", "")
            exact = rel in ("=", "making", "made", "mk", "正好完成", "正好", "完成")
            return Result.from_relative(contract, seat, 0 if exact else int(rel), source=text)
    m = _NO_SEAT.fullmatch(key)
    if m is not None:
        # No declarer: still say so precisely, and catch the impossible first (7S+1).
        contract = contract_from_match(m, text)
        rel = m["rel"].replace(" ", "")
        Result.from_relative(contract, Seat.NORTH, 0 if rel == "=" else int(rel), source=text)
        raise _bad(text, "the declarer is missing (N, E, S or W)", "缺少定约人（北、东、南、西）")
    raise _bad(text)


def _with_tricks(text: str, contract: Contract, seat: Seat, tricks: int) -> Result:
    if not 0 <= tricks <= 13:
        raise ImpossibleResultError(
            f"impossible result {text!r}: tricks must be 0-13, not {tricks}",
            f"不可能的结果 {text!r}：墩数应为 0-13，而不是 {tricks}",
        )
    return Result(contract, seat, tricks)


def _parse_zh(text: str, key: str, head: re.Match[str]) -> Result:
    seat = Seat.parse(head["seat"])
    contract = contract_from_match(head, text)
    doubling = contract.doubling
    relative: int | None = None
    tricks: int | None = None
    for piece in _SPLIT.split(key[head.end():]):
        if not piece:
            continue
        rest = piece
        dm = _ZH_DOUBLED.match(rest)
        if dm is not None:
            said = _DOUBLING_WORDS[dm["dbl"]]
            if dm["by"] in ("南北", "东西") and Side.parse(dm["by"]) is seat.side:
                raise _bad(text, "a side cannot double its own contract", "不能加倍本方的定约")
            if doubling is not Doubling.UNDOUBLED and doubling is not said:
                raise _bad(text, "the doubling is given twice and differently", "加倍写了两次且不一致")
            doubling = said
            rest = rest[dm.end():]
            if not rest:
                continue
        rm = _ZH_RESULT.fullmatch(rest)
        if rm is None:
            raise _bad(text)
        if rm["tricks"] is not None:
            if tricks is not None:
                raise _bad(text, "the tricks are given twice", "墩数写了两次")
            tricks = parse_int(rm["tricks"])
            continue
        if relative is not None:
            raise _bad(text, "the result is given twice", "结果写了两次")
        if rm["exact"] is not None:
            relative = 0
        else:
            n = parse_int(rm["over"] or rm["over2"] or rm["down"] or rm["down2"] or "")
            if n is None:
                raise _bad(text)
            relative = n if (rm["over"] or rm["over2"]) else -n
    contract = Contract(contract.level, contract.strain, doubling)
    if tricks is None and relative is None:
        raise _bad(text, "the result is missing (e.g. 超1, 宕2, 正好完成, 拿8墩)",
                   "缺少结果（如 超1、宕2、正好完成、拿8墩）")
    if tricks is not None:
        result = _with_tricks(text, contract, seat, tricks)
        if relative is not None and result.relative != relative:
            raise _bad(
                text,
                f"{tricks} tricks is {_rel(result.relative)}, not {_rel(relative)}",
                f"拿{tricks}墩即{_rel_zh(result.relative).lstrip('，')}，与所写结果不符",
            )
        return result
    assert relative is not None
    return Result.from_relative(contract, seat, relative, source=text)
