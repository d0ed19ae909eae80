"""Every finished board analysed card by card, once, in the background (issue 22).

A board's analysis is the library's (:mod:`bridgescore.deals.analysis`: declarer's
double-dummy total before and after every card, the cards that gave tricks away with what
they cost and the cards that would have kept them, the double-dummy table, par and an account
in both languages), worked out from the board's game record and stored as a row
(:class:`~bridgescore.web.play.models.PlayBoardAnalysis`).  Pages read the row and never wait
for it: a board not analysed yet says so.

The work is each server's: the play app's sweep (``live.register_sweep``) starts at most one
thread a process, which analyses the finished boards that have no row yet, oldest first, a
few a sweep.  Two servers may analyse the same board at once; the row's key (the board)
keeps one, and the other's work is dropped.  A board that cannot be analysed (passed out, no
card played) gets a row with the reason, so it is not tried again; without the solver nothing
is stored, and the boards wait for a server that has it.

A board page shows the deal's double-dummy table and par from the stored analysis of a table
that played it (``double_dummy``).  A deal no table analysed (the director entered its
results, every table passed it out) is queued by the page that asks for it (a
:class:`~bridgescore.web.play.models.DealDoubleDummy` row without data), and the same thread
solves the queued deals first, a batch at a time, storing the table and par for every dealer
and vulnerability: the page reads them and never calls the solver.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterable
from typing import Any

from django.db import IntegrityError, OperationalError, connection, transaction
from django.utils import timezone

from ...core.board import Board
from ...core.deal import Deal
from ...core.errors import BridgeError
from ...core.i18n import Lang, is_zh
from ...core.seat import Seat
from ...core.vulnerability import Vulnerability
from ...deals.dd import DDTable, ParResult
from . import records
from .models import DealDoubleDummy, PlayBoard, PlayBoardAnalysis

log = logging.getLogger(__name__)

__all__ = ["BOARDS_A_SWEEP", "DEALS_A_SWEEP", "analyse_board", "analyse_due", "double_dummy",
           "solve_due_deals", "sweep", "view"]

BOARDS_A_SWEEP = 8  # about a second each on one core: a sweep's thread stays short
DEALS_A_SWEEP = 8  # one batch: DDS spreads it over the cores


def analyse_board(board: PlayBoard) -> PlayBoardAnalysis | None:
    """The board's analysis, worked out now and stored (the row already there if another
    server stored it first); None when the double-dummy solver is not installed."""
    from ...deals.analysis import analyse_record
    from ...deals.dd import MissingSolverError

    started = time.perf_counter()
    data: dict[str, Any] | None = None
    note_en = note_zh = ""
    try:
        done = analyse_record(records.record_of(board))
    except MissingSolverError:
        return None
    except BridgeError as e:  # passed out, no card played: the reason, in both languages
        note_en, note_zh = e.en, e.zh
    else:
        data = done.to_dict()
        if done.par is not None:
            langs: tuple[Lang, ...] = ("en", "zh")
            data["par_text"] = {lang: done.par.format(lang, symbols=True) for lang in langs}
    try:
        with transaction.atomic():
            row, _ = PlayBoardAnalysis.objects.get_or_create(
                board=board, defaults={"data": data, "note_en": note_en, "note_zh": note_zh,
                                       "seconds": time.perf_counter() - started})
    except IntegrityError:  # another server's row arrived between the look and the write
        row = PlayBoardAnalysis.objects.get(board=board)
    return row


def due(limit: int = BOARDS_A_SWEEP) -> list[PlayBoard]:
    """Finished boards without an analysis, the oldest first."""
    return list(PlayBoard.objects.filter(finished__isnull=False, analysis__isnull=True)
                .select_related("table").order_by("finished", "pk")[:limit])


def analyse_due(limit: int = BOARDS_A_SWEEP) -> int:
    """Analyse up to ``limit`` finished boards that have none; how many were stored."""
    stored = 0
    for board in due(limit):
        try:
            row = analyse_board(board)
        except OperationalError as e:  # SQLite busy with the tables' writes: a later sweep
            log.info("board %s: analysis left for a later sweep (%s)", board.pk, e)
            break
        except Exception:
            # Logged and left: the board is tried again at a later sweep, the others go on.
            log.exception("board %s: the analysis failed", board.pk)
            continue
        if row is None:
            log.info("the double-dummy solver is not installed: boards are not analysed")
            break
        stored += 1
    return stored


def _par_key(dealer: Seat, vulnerability: Vulnerability) -> str:
    """``N-none``, ``E-ns``: a stored deal's par for this dealer and vulnerability."""
    return f"{dealer.letter}-{vulnerability.name.lower()}"


def solve_due_deals(limit: int = DEALS_A_SWEEP) -> int:
    """Solve up to ``limit`` deals that board pages asked for (the oldest first), in one
    batch, and store each one's table and its par for every dealer and vulnerability; how
    many were stored (none without the solver: the deals wait for a server that has it)."""
    from ...deals.dd import MissingSolverError, dd_tables, par

    rows = list(DealDoubleDummy.objects.filter(data__isnull=True).order_by("asked", "pk")[:limit])
    if not rows:
        return 0
    started = time.perf_counter()
    try:
        tables = dd_tables([Deal.from_pbn(r.deal) for r in rows])
    except MissingSolverError:
        log.info("the double-dummy solver is not installed: deals are not solved")
        return 0
    seconds = (time.perf_counter() - started) / len(rows)
    for row, table in zip(rows, tables, strict=True):
        data = {"dd_table": table.to_dict(),
                "par": {_par_key(d, v): par(table, v, d).to_dict()
                        for d in Seat for v in Vulnerability}}
        # Another server may have stored it meanwhile: the first one stays.
        DealDoubleDummy.objects.filter(pk=row.pk, data__isnull=True).update(
            data=data, made=timezone.now(), seconds=seconds)
    return len(rows)


_worker: list[threading.Thread] = []
_worker_lock = threading.Lock()


def _run() -> None:
    try:
        # The deals first: a reader asked for them.  Each part on its own: one failing
        # leaves the other to do its work.
        for work, what in ((solve_due_deals, "solving the asked deals"),
                           (analyse_due, "analysing the finished boards")):
            try:
                work()
            except OperationalError as e:  # SQLite busy with the tables' writes
                log.info("%s: left for a later sweep (%s)", what, e)
            except Exception:
                log.exception("%s failed", what)
    finally:
        connection.close()


def sweep() -> int:
    """The analyses' part of a server's sweep: ``solve_due_deals`` and ``analyse_due`` in a
    thread of its own (the solver takes about a second a board, which the tables' sweep must
    not wait for); at most one such thread a process.  Returns 1 when it started one."""
    with _worker_lock:
        if _worker and _worker[0].is_alive():
            return 0
        if not (DealDoubleDummy.objects.filter(data__isnull=True).exists()
                or PlayBoard.objects.filter(finished__isnull=False,
                                            analysis__isnull=True).exists()):
            return 0
        t = threading.Thread(target=_run, name="analyse-boards", daemon=True)
        _worker[:] = [t]
        t.start()
    return 1


# -- what the pages show -----------------------------------------------------------------------


def summaries(board_ids: Iterable[int], lang: Lang) -> dict[int, str]:
    """The one-line summary in ``lang`` of each of these boards whose analysis is done (the
    board comparisons: a competition's, the pool's, a vugraph match's boards); a board
    not analysed yet, or that cannot be, is left out (the page never waits for it)."""
    key = "zh" if is_zh(lang) else "en"
    ids = [int(i) for i in board_ids]
    if not ids:
        return {}
    return {int(pk): str(data["summary"][key]) for pk, data in
            PlayBoardAnalysis.objects.filter(board_id__in=ids, data__isnull=False)
            .values_list("board_id", "data") if data is not None}


def pending(board_ids: Iterable[int]) -> set[int]:
    """Those of these boards the background has not looked at yet: no row, neither the
    analysis nor the reason it cannot be made (a live vugraph match's page says "being
    analysed" for them, and asks again a little later)."""
    ids = {int(i) for i in board_ids}
    if not ids:
        return set()
    return ids - {int(pk) for pk in PlayBoardAnalysis.objects.filter(board_id__in=ids)
                  .values_list("board_id", flat=True)}


def double_dummy(deal: Deal, number: int, board_ids: Iterable[int]
                 ) -> tuple[DDTable, ParResult | None] | None:
    """The complete ``deal``'s double-dummy table and the par of board ``number`` (its dealer
    and vulnerability), as the background stored them: from the analysis of one of these
    play boards (board ``number`` at the tables that played it), else from the deal's own
    row.  None when neither is there yet: then, unless one of the boards is finished and
    still to be analysed (its analysis brings the table), the deal is queued for the sweep.
    Never calls the solver."""
    pbn = deal.pbn()
    ids = [int(i) for i in board_ids]
    if ids:
        for data in PlayBoardAnalysis.objects.filter(
                board_id__in=ids, data__isnull=False).values_list("data", flat=True):
            if data is not None and data.get("deal") == pbn:
                stored_par = data.get("par")
                return (DDTable.from_dict(data["dd_table"]),
                        None if stored_par is None else ParResult.from_dict(stored_par))
    row = DealDoubleDummy.objects.filter(deal=pbn).first()
    if row is not None and row.data is not None:
        b = Board(number)
        return (DDTable.from_dict(row.data["dd_table"]),
                ParResult.from_dict(row.data["par"][_par_key(b.dealer, b.vulnerability)]))
    if row is None and not PlayBoard.objects.filter(pk__in=ids, finished__isnull=False,
                                                    analysis__isnull=True).exists():
        try:
            with transaction.atomic():
                DealDoubleDummy.objects.get_or_create(deal=pbn)
        except (IntegrityError, OperationalError):
            pass  # another request queued it, or SQLite is busy: the next look asks again
    return None


def view(board: PlayBoard, lang: Lang) -> dict[str, Any]:
    """The page's part: ``pending`` (not analysed yet), ``note`` (cannot be: why), or the
    analysis: the summary and the account in ``lang``, the play trick by trick with
    declarer's double-dummy total after every card, the costly cards marked, par and the
    double-dummy table."""
    row = PlayBoardAnalysis.objects.filter(board=board).first()
    if row is None:
        return {"pending": True}
    zh = is_zh(lang)
    key = "zh" if zh else "en"
    if row.data is None:
        return {"note": row.note_zh if zh else row.note_en}
    d: dict[str, Any] = row.data
    from ...core.cards import Card

    tricks: list[dict[str, Any]] = []
    for c in d["cards"]:
        if not tricks or tricks[-1]["n"] != c["trick"]:
            tricks.append({"n": c["trick"], "cards": []})
        tricks[-1]["cards"].append({
            **records.card_view(Card.parse(c["card"])), "seat": Seat.parse(c["seat"]).name_in(lang),
            "after": c["dd_after"], "cost": c["cost"],
            "better": " ".join(Card.parse(b).format(lang, symbols=True) for b in c["better"])})
    for t in tricks:
        t["cards"] += [None] * (4 - len(t["cards"]))
    return {
        "summary": d["summary"][key],
        "account": d["account"][key],
        "start": d["dd_start"],
        "tricks": tricks,
        "par": (d.get("par_text") or {}).get(key, ""),
        "dd_heads": records.dd_heads(lang),
        "dd_rows": records.dd_rows(DDTable.from_dict(d["dd_table"]), lang),
    }
