"""The cells every results format shares: a result, an NS score, an adjusted or a weighted
score, a table or round number — each read whole, each refused with a message that quotes at
most a short excerpt of the cell (a cell of thousands of digits is an error, not a crash of
Python's integer conversion).

>>> result("4S", "N", "=").ns_score(Board(1).vulnerability), score("-100"), artificial("A+/A-")
(420, -100, ('A+', 'A-'))
>>> score("9" * 5000)
Traceback (most recent call last):
...
bridgescore.core.errors.BridgeError: invalid score '99999999999999999999…(5000 characters)…9999999999': expected a whole number such as -100
"""

from __future__ import annotations

from ...core.board import Board
from ...core.errors import BridgeError
from ...core.result import Result
from ...core.text import normalize
from ...formats.textfile import excerpt
from ..model import Award, parse_award

__all__ = ["MAX_CELL", "artificial", "board_number", "ident", "result", "score", "weighted",
           "whole"]

# No result, contract, declarer or score is longer: a longer cell is refused before any parser
# sees it.
MAX_CELL = 100


def _long(text: str, what_en: str, what_zh: str) -> BridgeError:
    return BridgeError(f"invalid {what_en} {excerpt(text)!r}: too long",
                       f"无效的{what_zh} {excerpt(text)!r}：太长")


def ident(text: str, what_en: str, what_zh: str) -> str:
    """A pair or team number, a lead …: any short text."""
    if len(text) > MAX_CELL:
        raise _long(text, what_en, what_zh)
    return text


def board_number(text: str) -> int:
    """``5``, ``B5``, ``第五副`` → 5."""
    if len(text) > 20:
        raise _long(text, "board", "牌副")
    return Board.parse(text).number


def whole(text: str, what_en: str, what_zh: str) -> int | None:
    """A table or round number: a whole number from 1 up (None for an empty cell)."""
    if not text:
        return None
    if not (text.isascii() and text.isdigit() and len(text) <= 9) or int(text) < 1:
        raise BridgeError(f"invalid {what_en} {excerpt(text)!r}: expected a whole number from 1 up",
                          f"无效的{what_zh} {excerpt(text)!r}：应为从 1 起的整数")
    return int(text)


def score(text: str, what_en: str = "score", what_zh: str = "得分") -> int:
    """An NS score: a whole number such as -100 or +420."""
    t = text.replace("＋", "+").replace("−", "-")
    body = t[1:] if t[:1] in "+-" else t
    if not (body.isascii() and body.isdigit() and len(body) <= 9):
        raise BridgeError(f"invalid {what_en} {excerpt(text)!r}: expected a whole number such as "
                          "-100", f"无效的{what_zh} {excerpt(text)!r}：应为整数，如 -100")
    return int(t)


def weighted(text: str) -> tuple[tuple[float, int], ...]:
    """``60%:+430; 40%:-50`` → ((0.6, 430), (0.4, -50))."""
    if len(text) > 10 * MAX_CELL:
        raise _long(text, "weighted score", "加权判分")
    parts = []
    for item in text.replace("；", ";").split(";"):
        w, sep, s = item.partition(":")
        w = w.strip()
        body = w[:-1].strip()
        ok = bool(sep) and w.endswith("%") and body.replace(".", "", 1).isdigit() and \
            body.isascii() and len(body) <= 9
        if not ok:
            raise BridgeError(f"invalid weighted score {excerpt(text)!r}: expected e.g. "
                              "'60%:+430; 40%:-50'",
                              f"无效的加权判分 {excerpt(text)!r}：应为如 '60%:+430; 40%:-50'")
        try:
            parts.append((float(body) / 100, score(s.strip())))
        except BridgeError:
            raise BridgeError(f"invalid weighted score {excerpt(text)!r}: expected e.g. "
                              "'60%:+430; 40%:-50'",
                              f"无效的加权判分 {excerpt(text)!r}：应为如 '60%:+430; 40%:-50'") from None
    return tuple(parts)


def artificial(text: str) -> tuple[Award, Award] | None:
    """An adjusted score (``A+/A-``, ``A``, ``60%/40%``), or None when ``text`` is not one."""
    if len(text) > MAX_CELL:
        return None
    key = normalize(text).strip().replace(" ", "")
    if not key:
        return None
    sides = key.split("/")
    if len(sides) > 2:
        return None
    try:
        awards = [parse_award(s) for s in sides]
    except BridgeError:
        return None
    if len(awards) == 1:
        if awards[0] != "A":  # a lone award is only clear for Average
            return None
        return "A", "A"
    return awards[0], awards[1]


def result(contract: str, declarer: str, tricks: str) -> Result:
    """A played result from its cells: the contract (perhaps a whole result such as
    ``4S N -2`` or ``南打3NT超1``), the declarer, and ``=``/``+1``/``-2`` or the tricks taken."""
    for cell, en, zh in ((contract, "contract", "定约"), (declarer, "declarer", "定约人"),
                         (tricks, "result", "结果")):
        if len(cell) > MAX_CELL:
            raise _long(cell, en, zh)
    if not declarer and not tricks:
        return Result.parse(contract)
    if tricks.strip().isdigit():
        return Result.parse(f"{contract} {declarer} {tricks.strip()} tricks")
    return Result.parse(f"{contract} {declarer} {tricks}")
