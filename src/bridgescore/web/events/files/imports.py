"""Results files into an event, and double-dummy tables for its hand records.

An import is all or nothing: every result of the file goes through ``entries.enter`` (a
played result) or ``entries.adjust`` (an adjusted score) with source ``import``, in one
transaction; the first one the library or the movement refuses stops the import, names the
file's line, and nothing is stored.
"""

from __future__ import annotations

import hashlib
import importlib.util
import threading
from dataclasses import replace
from typing import Any

from django.core.cache import cache
from django.db import transaction

from ....core.errors import BridgeError, FileFormatError, MissingDependencyError
from ....core.i18n import Lang, pick
from ....deals.handrecord import HandRecordBoard
from ....sessions.adjusted import award_text
from ....sessions.files.any_format import read_results
from ....sessions.model import BoardResult, Session
from .. import entries, replay, services
from ..models import Event, ResultEntry


def _where(event: Event, r: BoardResult) -> tuple[int, int]:
    """The round and table of a result: the file's, else the movement's line where its pairs
    meet on its board."""
    for a in services.assignments_of(event):
        if r.board not in a.boards:
            continue
        if r.table is not None and a.table != r.table:
            continue
        if r.round is not None and a.round != r.round:
            continue
        if r.table is None and r.round is None and {a.ns_pair, a.ew_pair} != {r.ns_pair,
                                                                              r.ew_pair}:
            continue
        if (a.ns_pair, a.ew_pair) != (r.ns_pair, r.ew_pair):
            raise BridgeError(
                f"board {r.board}: pairs {r.ns_pair} (NS) and {r.ew_pair} (EW) do not sit "
                f"so at table {a.table} in round {a.round}: the movement has {a.ns_pair} NS "
                f"and {a.ew_pair} EW there",
                f"第{r.board}副：第{a.round}轮第{a.table}桌不是南北 {r.ns_pair} 对东西 "
                f"{r.ew_pair}：移位中那里是南北 {a.ns_pair}、东西 {a.ew_pair}")
        return a.round, a.table
    where_en = "".join([f" at table {r.table}" if r.table else "",
                        f" in round {r.round}" if r.round else ""])
    where_zh = "".join([f"第{r.round}轮" if r.round else "", f"第{r.table}桌" if r.table else ""])
    raise BridgeError(
        f"board {r.board} is not played by pairs {r.ns_pair} and {r.ew_pair}{where_en} in this "
        "session's movement",
        f"本场比赛的移位中，{where_zh}第{r.ns_pair}对与第{r.ew_pair}对不打第{r.board}副")


def _fields(r: BoardResult) -> dict[str, Any]:
    if r.result is None:
        raise BridgeError(f"board {r.board}: only a score ({r.score}) is given; an import needs "
                          "the contract, declarer and result",
                          f"第{r.board}副：只有分数（{r.score}）；导入需要定约、庄家和结果")
    return {"board": r.board, "contract": str(r.result), "lead": r.lead or None}


def _store(event: Event, actor: services.Actor, r: BoardResult) -> None:
    round, table = _where(event, r)
    if r.kind == "artificial":
        assert r.ns_award is not None and r.ew_award is not None
        entries.adjust(event, actor, round=round, table=table, board=r.board,
                       ns_award=award_text(r.ns_award), ew_award=award_text(r.ew_award),
                       reason="import", source=ResultEntry.Source.IMPORT)
        return
    if r.kind == "weighted":
        raise BridgeError(f"board {r.board}: a weighted score cannot be imported; enter it as "
                          "an adjusted score", f"第{r.board}副：加权判分不能导入，请作为调整分录入")
    try:
        entries.enter(event, actor, round=round, table=table, fields=_fields(r),
                      source=ResultEntry.Source.IMPORT)
    except entries.EntryRefused as e:
        first = e.preview.errors[0] if e.preview.errors else None
        if first is None:
            raise
        raise BridgeError(f"board {r.board}: {first.message('en')}",
                          f"第{r.board}副：{first.message('zh')}") from None


def import_results(event: Event, actor: services.Actor, raw: bytes, name: str) -> int:
    """Enter every result of a results file (USEBIO, PBN or CSV) into ``event``; returns
    how many.  Raises a ``BridgeError`` naming the line of the first bad result."""
    if actor.user is None or not services.may_direct(actor.user, event):
        raise services.NotAllowed("Only a director of this club may do this.",
                                  "只有本俱乐部的裁判可以执行此操作。")
    if event.status == Event.Status.CLOSED:
        raise BridgeError("the session is closed: reopen it to import results",
                          "比赛已结束：请重新开启后再导入成绩")
    read = read_results(raw, name=name)
    if not isinstance(read.item, Session):
        raise BridgeError(f"{name}: a team match file; this session is a pairs event",
                          f"{name}：这是队式赛文件，而本场是双人赛")
    results = read.item.results
    if not results:
        raise FileFormatError("no results in the file", "文件中没有成绩", path=name)
    done = None
    try:
        with transaction.atomic():
            for done in results:
                _store(event, actor, done)
    except BridgeError as e:
        # The rows are rolled back; the live state this process kept must be too.
        replay.forget(int(event.pk))
        if isinstance(e, FileFormatError) or done is None:
            raise
        raise FileFormatError(e.en, e.zh, path=done.source or name, line=done.line) from None
    except BaseException:
        replay.forget(int(event.pk))
        raise
    return len(results)


# ---------------------------------------------------------------------------- double dummy

# Solving takes about a second a board on a small server, too long for a page to wait: the
# tables are worked out in a background thread (started when the board set is loaded, or
# when the page finds none) and kept in the cache, which app servers share through Redis.
_solving: set[str] = set()
_solving_lock = threading.Lock()
DD_SECONDS = 24 * 3600 * 30


def _dd_key(boards: list[HandRecordBoard]) -> str:
    text = "\n".join(b.deal.pbn() for b in boards)
    return "files:dd:" + hashlib.sha256(text.encode()).hexdigest()


def solver_installed() -> bool:
    return importlib.util.find_spec("endplay") is not None


def start_solving(boards: list[HandRecordBoard]) -> bool:
    """Work out the double-dummy tables of the complete deals in the background (once per
    board set and process); False when the solver is not installed."""
    complete = [b for b in boards if b.deal.complete]
    if not complete or not solver_installed():
        return False
    key = _dd_key(complete)
    with _solving_lock:
        if key in _solving or cache.get(key) is not None:
            return True
        _solving.add(key)

    def solve() -> None:
        from ....deals.dd import DDSolver

        try:
            tables = DDSolver().tables([b.deal for b in complete])
            cache.set(key, [t.to_dict() for t in tables], DD_SECONDS)
        except (MissingDependencyError, ImportError, OSError):
            pass  # the page says the tables are missing; nothing else depends on them
        finally:
            with _solving_lock:
                _solving.discard(key)

    threading.Thread(target=solve, name="dd-solver", daemon=True).start()
    return True


def with_double_dummy(boards: list[HandRecordBoard],
                      lang: Lang) -> tuple[list[HandRecordBoard], str]:
    """The boards with their double-dummy tables and par when they are worked out; else the
    boards as they are, and a note saying why there are no tables (the solver is not
    installed, or is still at work)."""
    from ....deals.dd import DDTable, par

    complete = [b for b in boards if b.deal.complete]
    if not complete:
        return boards, ""
    stored = cache.get(_dd_key(complete))
    if stored is None:
        if not start_solving(boards):
            return boards, pick(lang, "Double-dummy tables are not shown: the solver (endplay) "
                                      "is not installed on this server.",
                                "未显示双明手分析：本服务器没有安装求解器（endplay）。")
        return boards, pick(lang, "The double-dummy tables are being worked out (about a "
                                  "second a board): print again in a minute to have them.",
                            "双明手分析正在计算（每副约一秒）：请稍后重新打印以包含分析。")
    tables = {b.number: DDTable.from_dict(t) for b, t in zip(complete, stored, strict=True)}
    out = []
    for b in boards:
        t = tables.get(b.number) if b.deal.complete else None
        out.append(replace(b, dd=t, par=par(t, b.vulnerability, b.dealer)) if t else b)
    return out, ""
