"""A live entry checked against the event's lines (model ``Assignment``): it names its round
and table, the board is one of that table's, and the entrants are the ones sitting there
with the NS cards the right way round.  One check for the pairs log (``sessions.live``) and
the team log (``sessions.live_teams``), which differ only in what they call their entrants
and their lines.

>>> from bridgescore.sessions.model import BoardResult
>>> at = {(1, 1): Assignment(1, 1, "1", "2", (1, 2))}
>>> check_line(BoardResult(1, "1", "2", score=420, round=1, table=1), at, TEAMS)
Assignment(round=1, table=1, ns_pair='1', ew_pair='2', boards=(1, 2))
>>> check_line(BoardResult(1, "2", "1", score=420, round=1, table=1), at, PAIRS)
Traceback (most recent call last):
...
bridgescore.core.errors.BridgeError: board 1: pair 2 holds the EW cards at table 1 in round 1, not NS (NS is pair 1)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.errors import BridgeError
from .assignment import Assignment

if TYPE_CHECKING:
    from .model import BoardResult

__all__ = ["PAIRS", "TEAMS", "Wording", "check_line"]


@dataclass(frozen=True, slots=True)
class Wording:
    """How the messages name an entrant and the lines, in both languages."""

    one: str  # "pair"
    many: str  # "pairs"
    lines: str  # "movement"
    lines_zh: str  # "移位"
    zh: Callable[[str], str]  # "1" → "第1对"


PAIRS = Wording("pair", "pairs", "movement", "移位", lambda p: f"第{p}对")
TEAMS = Wording("team", "teams", "schedule", "赛程", lambda t: f"{t}队")


def check_line(r: BoardResult, at: Mapping[tuple[int, int], Assignment],
               words: Wording = PAIRS) -> Assignment:
    """The line ``r`` was played on (``at``: (round, table) → its line), or a
    ``BridgeError`` saying, in both languages, how the entry does not fit."""

    def err(en: str, zh: str) -> BridgeError:
        return BridgeError(f"board {r.board}: {en}", f"第{r.board}副：{zh}")

    if r.round is None or r.table is None:
        raise err("an entry needs its round and table", "录入需注明轮次和桌号")
    a = at.get((r.round, r.table))
    if a is None:
        raise err(f"no play at table {r.table} in round {r.round}",
                  f"第{r.round}轮第{r.table}桌没有比赛")
    if r.board not in a.boards:
        raise err(f"not played at table {r.table} in round {r.round} (boards there: "
                  f"{_ranges(a.boards)})",
                  f"第{r.round}轮第{r.table}桌不打这副牌（该桌的牌：{_ranges(a.boards)}）")
    w, zh = words, words.zh
    if (r.ns_pair, r.ew_pair) == (a.ew_pair, a.ns_pair):
        raise err(f"{w.one} {r.ns_pair} holds the EW cards at table {r.table} in round "
                  f"{r.round}, not NS (NS is {w.one} {a.ns_pair})",
                  f"第{r.round}轮第{r.table}桌{zh(r.ns_pair)}持东西牌而非南北"
                  f"（南北为{zh(a.ns_pair)}）")
    if (r.ns_pair, r.ew_pair) != (a.ns_pair, a.ew_pair):
        raise err(f"{w.many} {r.ns_pair} v {r.ew_pair} are not at table {r.table} in round "
                  f"{r.round}: the {w.lines} has {a.ns_pair} v {a.ew_pair} there",
                  f"{zh(r.ns_pair)}与{zh(r.ew_pair)}不在第{r.round}轮第{r.table}桌："
                  f"{w.lines_zh}安排的是{zh(a.ns_pair)}与{zh(a.ew_pair)}")
    return a


def _ranges(numbers: Iterable[int]) -> str:
    from .model import _ranges as ranges

    return ranges(sorted(numbers))
