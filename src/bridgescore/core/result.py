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
from _thread import allocate_lock
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING, NamedTuple

from .contract import (
    _DOUBLING_WORDS,
    CONTRACT_PATTERN,
    CONTRACTS,
    PASS_WORDS,
    PASSED_OUT,
    Contract,
    Doubling,
    contract_from_match,
)
from .errors import ImpossibleResultError, NotationError
from .i18n import Lang, is_zh, plural
from .law77 import Breakdown, _Unbuilt, breakdown
from .seat import _SEAT_WORDS, Seat, Side
from .text import excerpt, normalize, parse_int
from .vulnerability import Vulnerability

if TYPE_CHECKING:
    from .serial import Data

    RESULTS: tuple[Result, ...]

__all__ = ["RESULTS", "Result", "all_results", "parse_outcome"]


@dataclass(frozen=True, slots=True)
class Result:
    """What happened on one board at one table.  A passed-out board has no declarer."""

    contract: Contract
    declarer: Seat | None
    tricks: int

    def __post_init__(self) -> None:
        if type(self.contract) is not Contract:
            raise NotationError(
                f"invalid contract {excerpt(self.contract)}: expected a Contract",
                f"无效的定约 {excerpt(self.contract)}：应为 Contract",
            )
        if self.declarer is not None and type(self.declarer) is not Seat:
            raise NotationError(
                f"invalid declarer {excerpt(self.declarer)}: expected a Seat (N, E, S or W)",
                f"无效的定约人 {excerpt(self.declarer)}：应为 Seat（北、东、南、西）",
            )
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
                f"invalid number of tricks {excerpt(self.tricks)}: expected 0-13",
                f"无效的墩数 {excerpt(self.tricks)}：应为 0-13",
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
        if type(contract) is not Contract or contract.is_passed_out:
            raise NotationError(
                f"invalid contract {excerpt(contract)}: expected a played Contract",
                f"无效的定约 {excerpt(contract)}：应为有人主打的 Contract",
            )
        if type(declarer) is not Seat:
            raise NotationError(
                f"invalid declarer {excerpt(declarer)}: expected a Seat (N, E, S or W)",
                f"无效的定约人 {excerpt(declarer)}：应为 Seat（北、东、南、西）",
            )
        if type(relative) is not int:
            raise NotationError(
                f"invalid result {excerpt(relative)}: expected a whole number of over- or "
                "undertricks",
                f"无效的结果 {excerpt(relative)}：应为超墩或宕墩的整数",
            )
        tricks = contract.tricks_needed + relative
        shown = excerpt(source) if source is not None else f"{contract}{_rel(relative)}"
        shown_zh = (excerpt(source) if source is not None
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
        if type(vulnerability) is not Vulnerability:
            raise _not_a_vulnerability(vulnerability)
        return self.declarer is not None and vulnerability.is_vulnerable(self.declarer)

    def score(self, vulnerability: Vulnerability) -> int:
        """The declaring side's score; ``vulnerability`` is the board's (``Vulnerability.NS``)."""
        try:
            # The row offset (0 or 14) of each declarer's side: an attribute only the
            # Vulnerability members carry, so a bool or a Seat given here is refused (at no
            # cost on the hot path) rather than read as some vulnerability.
            offsets = vulnerability._row_offsets
        except AttributeError:
            raise _not_a_vulnerability(vulnerability) from None
        if self.declarer is None:
            return 0
        return _TABLE[self.contract.index * 28 + offsets[self.declarer._value_] + self.tricks]

    def ns_score(self, vulnerability: Vulnerability) -> int:
        """The score from North–South's point of view (EW's is the negation)."""
        s = self.score(vulnerability)
        return -s if self.declarer is not None and self.declarer.side is Side.EW else s

    def breakdown(self, vulnerability: Vulnerability) -> Breakdown:
        return breakdown(self.contract, self.tricks, self.declarer_vulnerable(vulnerability))

    def explain(self, vulnerability: Vulnerability, lang: Lang = "en") -> list[str]:
        """The explanation a learner reads, as the seeds write it: who scores, the arithmetic,
        then each named part.

        >>> Result.parse("南打2S，超1").explain(Vulnerability.NONE, "zh")
        ['南北得 2×30+30+50=140分', '  基本分 2×30=60', '  超额奖分 30', '  未成局奖分 50']
        >>> Result.parse("3S S -2").explain(Vulnerability.NS)
        ['EW score 100×2=200', '  undertricks 100×2=200']
        """
        zh = is_zh(lang)
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
        if type(vulnerability) is not Vulnerability:
            raise _not_a_vulnerability(vulnerability)
        if self.declarer is None:
            return None
        return self.declarer.side if self.made else self.declarer.side.opponents

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return f"Result.parse({str(self)!r})"

    def format(self, lang: Lang = "en", symbols: bool = False) -> str:
        """``4SX N -2`` / ``北打4S×宕2``; passed out is ``pass`` / ``四家不叫``."""
        if self.declarer is None:
            return self.contract.format(lang)
        c = self.contract.format(lang, symbols)
        if is_zh(lang):
            return f"{self.declarer.name_in('zh')}打{c}{_rel_zh(self.relative)}"
        return f"{c} {self.declarer} {_rel(self.relative)}"

    def to_dict(self) -> Data:
        """Plain data (``bridgescore.core.serial``); the declarer by name, ``None`` when passed out."""
        from .serial import enum_name, header

        return {**header("Result"), "contract": self.contract.to_dict(),
                "declarer": enum_name(self.declarer), "tricks": self.tricks}

    @classmethod
    def from_dict(cls, data: object) -> Result:
        from .serial import Fields

        f = Fields(data, "Result")
        contract, declarer = f.obj("contract", Contract.from_dict), f.opt_enum("declarer", Seat)
        tricks = f.whole("tricks")
        f.done()
        return cls(contract, declarer, tricks)

    @classmethod
    def parse(cls, text: str) -> Result:
        """Parse a result in English or Chinese notation (see the module docstring)."""
        if not isinstance(text, str):
            raise NotationError(
                f"invalid result {excerpt(text)}: expected text such as '4SX N -2' or '南打3NT超1'",
                f"无效的结果 {excerpt(text)}：应为如 '4SX N -2' 或 '南打3NT超1' 的文字",
            )
        # Long text is no result anyone writes: parse it without keeping it in the cache.
        return _parse_result(text) if len(text) <= 64 else _parse_uncached(text)


def _not_a_vulnerability(value: object) -> NotationError:
    return NotationError(
        f"invalid vulnerability {excerpt(value)}: expected the board's Vulnerability "
        "(Vulnerability.NONE, NS, EW or BOTH; Vulnerability.parse('ns') reads text)",
        f"无效的局况 {excerpt(value)}：应为这副牌的 Vulnerability（NONE、NS、EW 或 BOTH；"
        "文字可用 Vulnerability.parse('南北') 读取）",
    )


# The score table, built and put here by the first score asked for (see scoring._Unbuilt).
_TABLE: tuple[int, ...] | _Unbuilt = _Unbuilt(globals(), "_TABLE")


# Every result with a declarer, 105 × 4 × 14 = 5,880 of them, one value each: parsers hand
# these out instead of building a value.  Each is made the first time it is asked for (making
# all of them at import took about 4 ms, and one command line parses one result), then kept.
_INTERNED: list[Result | None] = [None] * 5880
_SEATS = tuple(Seat)
_INTERNING = allocate_lock()  # two threads asking for one result at once get the same value


def _result_at(i: int) -> Result:
    """Interned result number ``i``: ``(contract.index * 4 + declarer) * 14 + tricks``."""
    r = _INTERNED[i]
    return r if r is not None else _intern(i)


def _intern(i: int) -> Result:
    with _INTERNING:
        r = _INTERNED[i]
        if r is None:
            # Valid by construction (a contract, a seat and 0-13 tricks), so the constructor's
            # checks are skipped.
            r = object.__new__(Result)
            object.__setattr__(r, "contract", CONTRACTS[i // 56])
            object.__setattr__(r, "declarer", _SEATS[i // 14 % 4])
            object.__setattr__(r, "tricks", i % 14)
            _INTERNED[i] = r
    return r


@cache
def all_results() -> tuple[Result, ...]:
    """Every result with a declarer (5,880), in the order ``(contract.index * 4 + declarer) *
    14 + tricks``: the values the parsers hand out.  ``RESULTS`` is the same tuple."""
    return tuple(_result_at(i) for i in range(5880))


def __getattr__(name: str) -> tuple[Result, ...]:
    if name == "RESULTS":  # the public name, made when first asked for
        return all_results()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _shared(contract: Contract, declarer: Seat, tricks: int) -> Result:
    return _result_at((contract.index * 4 + declarer._value_) * 14 + tricks)


def _rel(relative: int) -> str:
    return "=" if relative == 0 else f"{relative:+d}"


def _rel_zh(relative: int) -> str:
    if relative == 0:
        return "，正好完成"
    return f"超{relative}" if relative > 0 else f"宕{-relative}"


_NUM = r"\d+|[零〇一二两三四五六七八九十]+"
_SEAT_EN = r"north|east|south|west|n|e|s|w|北家?|东家?|南家?|西家?"
_EXACT = (r"=|making|made|mk|正好完成定约|正好完成|正好|刚好完成定约|刚好完成|刚好"
          r"|完成定约|完成|做成|打成")
# What happened, after the contract and the declarer: the same words in every order.  A bare
# number is a trick count (3NT S 9); it is added where it follows a space, see _TAIL.
_OUTCOME = (
    rf"(?P<exact>{_EXACT})"
    r"|(?P<sign>[+-])\s*(?P<signed>\d+)"
    rf"|超额?\s*(?P<over>{_NUM})\s*墩?"
    rf"|(?:down|dn|宕|下|倒)\s*(?P<down>{_NUM})\s*墩?"
    rf"|差\s*(?P<short>{_NUM})\s*墩?"
    rf"|(?:(?:made|making|took)\s*|\+\s*|(?:拿|得|赢|取|做)(?:了|到)?\s*)?(?P<tricks>{_NUM})"
    r"\s*(?:tricks?|墩)"
)
_TAIL = rf"(?:\s*(?:{_OUTCOME})|\s+(?P<bare>{_NUM}))"
# The common English forms (4SX N -2, 4sxn-2, 3NT by S +1) read without the general parser;
# anything else, or anything impossible, falls through to it (and to its error messages).
# These two small patterns are all the fast path compiles.
_FAST = re.compile(r"([1-7])\s*(nt|n|c|d|h|s)\s*(xx|x)?\s*(?:by\s*)?([nesw])\s*(=|[+-]\s*\d{1,2})")
_FAST_STRAIN = {"c": 0, "d": 1, "h": 2, "s": 3, "n": 4, "nt": 4}
_FAST_SEAT = {"n": 0, "e": 1, "s": 2, "w": 3}
_SPACES = re.compile(r"\s+")


# The general patterns are compiled on first use, each group when a text first needs it
# (compiling them all took about 10 ms, most of the cost of importing this module): the
# other English forms, the Chinese forms, and an outcome alone.
class _English(NamedTuple):
    forms: tuple[re.Pattern[str], ...]  # contract, declarer, outcome in the orders people use
    no_seat: re.Pattern[str]  # a result without its declarer, to say exactly that
    separators: re.Pattern[str]  # what people type between the parts: "4S by E, down 1"


class _Chinese(NamedTuple):
    head: re.Pattern[str]  # 庄家南打3NT / 莊家：南，3NT: the word for declarer may come first
    doubled: re.Pattern[str]
    piece: re.Pattern[str]
    split: re.Pattern[str]


@cache
def _english() -> _English:
    return _English(
        (re.compile(rf"(?:{CONTRACT_PATTERN})\s*(?:by\s*)?(?P<seat>{_SEAT_EN}){_TAIL}"),
         re.compile(rf"(?P<seat>{_SEAT_EN})\s*:?\s+(?:{CONTRACT_PATTERN}){_TAIL}"),
         re.compile(rf"(?:{CONTRACT_PATTERN})\s*(?:{_OUTCOME})\s*(?:by\s*)?(?P<seat>{_SEAT_EN})")),
        re.compile(rf"(?:{CONTRACT_PATTERN}){_TAIL}"),
        re.compile(r"[,;/|:]"),
    )


@cache
def _chinese() -> _Chinese:
    return _Chinese(
        re.compile(
            r"(?:(?:庄家|定约人|定约者)\s*:?\s*)?"
            rf"(?P<seat>[北东南西])(?:家|方)?\s*,?\s*(?:主打|打|定约|做庄|坐庄|庄|叫|做)?\s*,?\s*"
            rf"(?:{CONTRACT_PATTERN})"
        ),
        re.compile(r"被?(?:(?P<by>南北|东西|对方|防守方|敌方)方?)?(?P<dbl>再加倍|加倍)"),
        re.compile(rf"(?:(?:结果是|结果|最后)\s*)?(?:{_OUTCOME})|(?P<bare>{_NUM})"),
        re.compile(r"[,;.\s]+"),
    )


@cache
def _outcome_alone() -> re.Pattern[str]:
    return re.compile(rf"(?:{_OUTCOME})|(?P<bare>{_NUM})")


def _bad(text: str, why_en: str = "", why_zh: str = "") -> NotationError:
    error = NotationError(
        f"invalid result {excerpt(text)}: {why_en or 'expected e.g. 4SX N -2, 3NT by S +1, 3NT S =, 南打3NT超1'}",
        f"无效的结果 {excerpt(text)}：{why_zh or '应为如 4SX N -2、3NT by S +1、南打3NT超1、北定约2S，拿8墩'}",
    )
    # What exactly is wrong, when it is more than "not a result": a form that read the text
    # as a result says the same (sessions/entry.py's ``contract.unreadable``), not a vaguer message.
    error.reason = (why_en, why_zh) if why_en else None  # type: ignore[attr-defined]
    return error


def _count(digits: str, text: str) -> int:
    n = parse_int(digits)
    if n is None:
        raise _bad(text, f"{excerpt(digits)} is not a number of tricks",
                   f"{excerpt(digits)} 不是墩数")
    return n


def _read_outcome(m: re.Match[str], text: str) -> tuple[int | None, int | None]:
    """(relative, None) or (None, tricks) from a match holding the groups of _OUTCOME."""
    if m["exact"] is not None:
        return 0, None
    if m["signed"] is not None:
        n = _count(m["signed"], text)
        return (n if m["sign"] == "+" else -n), None
    if m["over"] is not None:
        return _count(m["over"], text), None
    down = m["down"] if m["down"] is not None else m["short"]
    if down is not None:
        return -_count(down, text), None
    tricks = m["tricks"] if m["tricks"] is not None else m["bare"]
    return None, _count(tricks, text)


def parse_outcome(text: str, *, bare: bool = True) -> tuple[int | None, int | None]:
    """What happened, without the contract: ``(relative, None)`` for a result such as ``=``,
    ``+1``, ``-2``, ``超1``, ``宕2``, ``下2``, ``差一墩``, ``刚好``, ``making``, ``down 2``;
    ``(None, tricks)`` for a trick count such as ``9``, ``9墩``, ``拿9墩``, ``9 tricks``.
    Numbers are not range-checked here: that needs the contract.  ``bare=False`` refuses a
    number alone (``9``), for a field where it could be read either way (9 tricks or +9).

    >>> parse_outcome("超1"), parse_outcome("差一墩"), parse_outcome("剛好"), parse_outcome("10墩")
    ((1, None), (-1, None), (0, None), (None, 10))
    """
    if not isinstance(text, str):
        raise _bad(excerpt(text))
    key = (text.strip() if text.isascii() else normalize(text)).lower()
    m = _outcome_alone().fullmatch(key)
    if m is None or (not bare and m["bare"] is not None):
        raise NotationError(
            f"invalid result {excerpt(text)}: expected =, +1, -2 (also 超1, 宕2, 下2, 正好, "
            "making, down 2) or a number of tricks (9, 9墩, 拿9墩)",
            f"无效的结果 {excerpt(text)}：应为 =、+1、-2（也可写 超1、宕2、下2、正好、刚好）"
            "或墩数（9、9墩、拿9墩）",
        )
    return _read_outcome(m, text)


def _parse_uncached(text: str) -> Result:
    key = (text.strip() if text.isascii() else normalize(text)).lower().rstrip(".")
    if "  " in key or not key.isprintable():
        # One space for each run: the patterns' neighbouring \s* would otherwise try every
        # way of sharing a long run among them (a few hundred spaces took seconds).
        key = _SPACES.sub(" ", key)
    fast = _FAST.fullmatch(key)
    if fast is not None:
        level_text, strain, dbl, seat, rel = fast.groups()
        level = ord(level_text) - 48  # one digit 1-7
        tricks = level + 6
        if rel != "=":
            tricks += int(rel if " " not in rel else rel.replace(" ", ""))
        if 0 <= tricks <= 13:
            index = ((level - 1) * 5 + _FAST_STRAIN[strain]) * 3 + (len(dbl) if dbl else 0)
            return _result_at((index * 4 + _FAST_SEAT[seat]) * 14 + tricks)
    if key.replace(" ", "") in PASS_WORDS:
        return Result.passed_out()
    if not key.isascii():  # the Chinese forms start with a Chinese word (南打, 庄家)
        head = _chinese().head.match(key)
        if head is not None:
            return _parse_zh(text, key, head)
    english = _english()
    # Separators people type between the parts: "4S by E, down 1", "3nt/s/+1".
    spaced = _SPACES.sub(" ", english.separators.sub(" ", key)).strip()
    for form in english.forms:
        m = form.fullmatch(spaced)
        if m is not None:
            contract = contract_from_match(m, text)
            return _result(text, contract, _SEAT_WORDS[m["seat"]], *_read_outcome(m, text))
    m = english.no_seat.fullmatch(spaced)
    if m is not None:
        # No declarer: still say so precisely, and catch the impossible first (7S+1).
        _result(text, contract_from_match(m, text), Seat.NORTH, *_read_outcome(m, text))
        raise _bad(text, "the declarer is missing (N, E, S or W)", "缺少定约人（北、东、南、西）")
    raise _bad(text)


_parse_result = lru_cache(maxsize=65536)(_parse_uncached)


def _result(
    text: str, contract: Contract, seat: Seat, relative: int | None, tricks: int | None
) -> Result:
    if tricks is not None:
        return _with_tricks(text, contract, seat, tricks)
    assert relative is not None
    return Result.from_relative(contract, seat, relative, source=text)


def _with_tricks(text: str, contract: Contract, seat: Seat, tricks: int) -> Result:
    if not 0 <= tricks <= 13:
        raise ImpossibleResultError(
            f"impossible result {excerpt(text)}: tricks must be 0-13, not {tricks}",
            f"不可能的结果 {excerpt(text)}：墩数应为 0-13，而不是 {tricks}",
        )
    return _shared(contract, seat, tricks)


def _parse_zh(text: str, key: str, head: re.Match[str]) -> Result:
    zh = _chinese()
    seat = Seat.parse(head["seat"])
    contract = contract_from_match(head, text)
    doubling = contract.doubling
    relative: int | None = None
    tricks: int | None = None
    rest_of_text = key[head.end():]
    # The contract's pattern takes the spaces after it: look behind as well as ahead.
    first_glued = (bool(rest_of_text) and not key[head.end() - 1].isspace()
                   and zh.split.match(rest_of_text) is None)
    for i, piece in enumerate(zh.split.split(rest_of_text)):
        if not piece:
            continue
        glued = i == 0 and first_glued
        rest = piece
        dm = zh.doubled.match(rest)
        if dm is not None:
            said = _DOUBLING_WORDS[dm["dbl"]]
            if dm["by"] in ("南北", "东西") and Side.parse(dm["by"]) is seat.side:
                raise _bad(text, "a side cannot double its own contract", "不能加倍本方的定约")
            if doubling is not Doubling.UNDOUBLED and doubling is not said:
                raise _bad(text, "the doubling is given twice and differently", "加倍写了两次且不一致")
            doubling = said
            rest = rest[dm.end():]
            glued = True  # 加倍10: the number is stuck to the doubling
            if not rest:
                continue
        rm = zh.piece.fullmatch(rest)
        if rm is None:
            raise _bad(text)
        if rm["bare"] is not None and glued:
            # 南打3NT9: a number stuck to the contract is too easily something else.
            raise _bad(text, "write the number of tricks apart from the contract, e.g. "
                       "南打3NT 9 or 南打3NT，9墩", "墩数应与定约分开写，如 南打3NT 9 或 南打3NT，9墩")
        said_relative, said_tricks = _read_outcome(rm, text)
        if said_tricks is not None:
            if tricks is not None:
                raise _bad(text, "the tricks are given twice", "墩数写了两次")
            tricks = said_tricks
            continue
        if relative is not None:
            raise _bad(text, "the result is given twice", "结果写了两次")
        relative = said_relative
    contract = CONTRACTS[contract.index - contract.doubling.value + doubling.value]
    if tricks is None and relative is None:
        raise _bad(text, "the result is missing (e.g. 超1, 宕2, 正好完成, 拿8墩)",
                   "缺少结果（如 超1、宕2、正好完成、拿8墩）")
    if tricks is not None:
        result = _with_tricks(text, contract, seat, tricks)
        if relative is not None and result.relative != relative:
            raise _bad(
                text,
                f"{plural(tricks, 'trick', 'tricks')} is {_rel(result.relative)}, "
                f"not {_rel(relative)}",
                f"拿{tricks}墩即{_rel_zh(result.relative).lstrip('，')}，与所写结果不符",
            )
        return result
    assert relative is not None
    return Result.from_relative(contract, seat, relative, source=text)
