"""One table result checked against the event's movement: the pairs, which way round they
sit, the board, the round and the table must be where the movement puts them.

>>> from bridgescore.sessions.model import BoardResult
>>> from bridgescore.sessions.movements import mitchell
>>> check_against(mitchell(3), BoardResult(1, "1", "4", score=420, round=1, table=1))
>>> check_against(mitchell(3), BoardResult(1, "4", "1", score=420, round=1, table=1))
Traceback (most recent call last):
...
bridgescore.core.errors.BridgeError: board 1: pair 4 sits NS here but EW in the movement (expected NS 1 against EW 4 in round 1 at table 1)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.errors import BridgeError
from .board_errors import board_error

if TYPE_CHECKING:
    from .model import BoardResult
    from .movements import Assignment, Movement

__all__ = ["check_against", "expected_seats"]


def expected_seats(a: Assignment) -> tuple[int, int]:
    """``(pair holding the NS cards, pair holding the EW cards)``: swapped by an arrow switch."""
    return (a.ew, a.ns) if a.arrow_switch else (a.ns, a.ew)


def _where(a: Assignment) -> tuple[str, str]:
    ns, ew = expected_seats(a)
    return (f"NS {ns} against EW {ew} in round {a.round} at table {a.table}",
            f"南北 {ns} 对东西 {ew}，第{a.round}轮第{a.table}桌")


def _pair_number(mv: Movement, r: BoardResult, p: str) -> int:
    n = int(p) if p.isdigit() and len(p) <= 6 else None
    if n is None or n not in mv.pair_set:
        raise board_error(
            r.board, f"pair {p} is not in the movement ({mv.describe('en')}: pairs "
            f"{mv.pairs[0]}-{mv.pairs[-1]})",
            f"第{p}对不在本移位中（{mv.describe('zh')}：编号 {mv.pairs[0]}-{mv.pairs[-1]}）",
            source=r.source, line=r.line)
    return n


def check_against(mv: Movement, r: BoardResult) -> None:
    """Raise a ``BridgeError`` naming the line when ``r`` is not where ``mv`` puts it."""
    def fail(en: str, zh: str) -> BridgeError:
        return board_error(r.board, en, zh, source=r.source, line=r.line)

    if not 1 <= r.board <= mv.total_boards:
        raise fail(f"not a board of the movement ({mv.describe('en')}: boards 1-"
                   f"{mv.total_boards})",
                   f"不是本移位的牌（{mv.describe('zh')}：第1-{mv.total_boards}副）")
    ns, ew = _pair_number(mv, r, r.ns_pair), _pair_number(mv, r, r.ew_pair)
    a = mv.where(ns, r.board) or mv.where(ew, r.board)
    if a is None:
        plays = "; ".join(_where(x)[0] for x in mv.plays_of(r.board))
        plays_zh = "；".join(_where(x)[1] for x in mv.plays_of(r.board))
        raise fail(f"pairs {ns} and {ew} do not play this board in the movement "
                   f"(expected one of: {plays})",
                   f"本移位中第{ns}对和第{ew}对不打这副牌（应为以下之一：{plays_zh}）")
    want_ns, want_ew = expected_seats(a)
    if ((ns, ew) == (want_ns, want_ew) and r.round in (None, a.round)
            and r.table in (None, a.table)):
        return  # where the movement puts it (the texts below are for a result that is not)
    where_en, where_zh = _where(a)
    if {ns, ew} != {want_ns, want_ew}:
        p = ns if ns in (want_ns, want_ew) else ew
        here = ew if p == ns else ns
        there = want_ew if p == want_ns else want_ns
        raise fail(f"pair {p} plays pair {here} here but pair {there} in the movement "
                   f"(expected {where_en})",
                   f"第{p}对在这里对第{here}对，但移位中对第{there}对（应为{where_zh}）")
    if (ns, ew) != (want_ns, want_ew):
        raise fail(f"pair {ns} sits NS here but EW in the movement (expected {where_en})",
                   f"第{ns}对在这里坐南北，但移位中坐东西（应为{where_zh}）")
    if r.round is not None and r.round != a.round:
        raise fail(f"round {r.round} here but round {a.round} in the movement (expected "
                   f"{where_en})",
                   f"这里是第{r.round}轮，但移位中是第{a.round}轮（应为{where_zh}）")
    if r.table is not None and r.table != a.table:
        raise fail(f"table {r.table} here but table {a.table} in the movement (expected "
                   f"{where_en})",
                   f"这里是第{r.table}桌，但移位中是第{a.table}桌（应为{where_zh}）")
