"""The duplicate board pool's services (复式记分系统): the only code that writes the pool,
and what pages, the play tables' hooks and the servers' sweep call.

API (rights checked here; refusals are ``BridgeError`` subclasses with ``code``, ``en``,
``zh``: ``NotAllowed`` here, ``play.tables.NoBoard`` when no board can be served):

Writing
- ``start_pool(club, by, *, boards=200, days=7, start=None, seed="", grace_seconds=60)
  -> PoolWeek``: a director of the club; the club's duplicate room and week 1.
- ``open_table(club, by) -> PlayTable``: a member opens a table in the duplicate room.
- ``sit(table, by, seat) -> Outcome``: a member sits (``play.services.sit``); when the
  fourth sits, the first board is served (the board source below).
- ``record_board(board) -> Arrival | None``: a finished board of a pool table is stored and
  scored (``play.services.on_board_end`` calls it; a second call does nothing).
- ``sweep() -> int``: each server's 1 s sweep (``play.live.register_sweep``): a week whose
  end has come is closed and the next made, exactly once whatever the number of servers;
  disconnections at pool tables become penalties; boards of stopped tables are given back.

Serving (``play.tables.board_source``): a pool table's board is chosen when it starts,
under the table's lock and in its transaction, by ``PoolIndex.serve`` for the four players
seated: a board none of them has had this week, never a full or retired one.  **Robots do
not play the pool**: a table with a robot in a seat (not standing in for a member) is served
nothing (``NoBoard``), so no result with a robot is scored; practice with robots is at the
lobby's ordinary tables.  A robot that stands in for a member who dropped finishes the board
and the result counts for the four who started it (the member pays the disconnection).

Reading (pages): ``current_week(club)``, ``room_tables(club, user)``,
``board_list(week, user)``, ``leaderboard(week)``, ``board_results(week, number, user)``,
``can_see_board(week, number, user)``, ``rate_zero_boards(week, user)``.

The serving index.  ``PoolIndex`` is per process and not thread-safe: each week's is kept
behind one lock, rebuilt from the stored rows when a process first needs it
(``PoolIndex.rebuild``), and never changed in place: every serve, result and release is a
row stamped with the week's next ``seq`` under the week's row lock, and before serving the
index applies the rows stamped after its own ``seq`` (its own and other servers').  A
transaction that rolls back leaves nothing to apply, so the index cannot drift from the rows.
"""

from __future__ import annotations

import datetime
import logging
import threading
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, OperationalError, connection, transaction
from django.db.models import Count, Max, Q, Sum

from ....compete.penalties import DisconnectionRecord, System, deductions
from ....compete.pool import Arrival, BoardTally, Pool, TableResult, may_see_board
from ....compete.pool import PoolBoard as LibBoard
from ....compete.pool_index import PoolIndex
from ....core.deal import Deal
from ....core.seat import Seat
from ....core.vulnerability import Vulnerability
from ....scoring.datum import DatumSteps
from ...accounts.models import User
from ...clubs.models import Club
from ...clubs.roles import AnyUser, can_direct, is_member
from ...core import refusals
from ...play import live
from ...play import messages as play_messages
from ...play import robots as play_robots
from ...play import services as play
from ...play import tables as play_tables
from ...play.analysis import summaries
from ...play.models import Disconnection, PlayBoard, PlaySeat, PlayTable, Room
from .. import clock
from ..models import (
    PoolBoard,
    PoolPenalty,
    PoolPlay,
    PoolResult,
    PoolRoom,
    PoolScore,
    PoolTable,
    PoolWeek,
)

log = logging.getLogger(__name__)

__all__ = ["NotAllowed", "board_list", "board_results", "can_see_board", "current_week",
           "forget", "leaderboard", "open_table", "rate_zero_boards", "record_board",
           "room_tables", "sit", "start_pool", "sweep"]

TABLE_BOARDS = 64  # a play table's most; then the four open another table


class NotAllowed(refusals.Refused):
    """The pool's refusal; its code says its kind (``refusals.family``)."""

    code = "not_allowed"

    def __init__(self, en: str, zh: str, code: str = "not_allowed") -> None:
        super().__init__(en, zh, code)


refusals.family(NotAllowed)


def _member(user: AnyUser, club: Club) -> None:
    if not user.is_authenticated:
        raise NotAllowed("Log in first.", "请先登录。", "not_authenticated")
    if not is_member(user, club):
        raise NotAllowed("The duplicate pool is for the club's members only.",
                         "复式记分系统只对本俱乐部会员开放。", "not_member")


# ---------------------------------------------------------------------------- the week's pool

_locks: dict[int, threading.Lock] = {}
_locks_lock = threading.Lock()
_pools: dict[tuple[int, float], Pool] = {}
_POOLS_KEPT = 8


@dataclass
class _Served:
    index: PoolIndex
    seq: int  # the week's changes applied


_indexes: dict[tuple[int, float], _Served] = {}


def _lock(week_id: int) -> threading.Lock:
    with _locks_lock:
        return _locks.setdefault(week_id, threading.Lock())


def _key(week: PoolWeek) -> tuple[int, float]:
    # Keyed by the creation time too: a test database reuses ids.
    return (int(week.pk), week.created.timestamp())


def forget() -> None:
    """Drop every cached pool and index (as a restarted server starts)."""
    with _locks_lock:
        _pools.clear()
        _indexes.clear()


def week_name(week: PoolWeek) -> str:
    return f"{week.club_id}-W{week.number}"


def pool_of(week: PoolWeek) -> Pool:
    """The library's pool of the week's boards (cached per process: boards never change)."""
    key = _key(week)
    with _locks_lock:
        got = _pools.get(key)
    if got is not None:
        return got
    boards = tuple(LibBoard(int(n), Deal.from_pbn(d), Seat(dealer), Vulnerability(v))
                   for n, d, dealer, v in PoolBoard.objects.filter(week=week).order_by("number")
                   .values_list("number", "deal", "dealer", "vulnerability"))
    pool = Pool(week_name(week), boards)
    with _locks_lock:
        if len(_pools) >= _POOLS_KEPT:
            _pools.pop(next(iter(_pools)))
        _pools[key] = pool
    return pool


def _players(p: PoolPlay | PoolResult) -> tuple[str, str, str, str]:
    n, e, s, w = p.player_ids
    return (str(n), str(e), str(s), str(w))


def _locked_week(week_id: int, *, skip_locked: bool = False) -> PoolWeek | None:
    qs = PoolWeek.objects.filter(pk=week_id)
    if connection.features.has_select_for_update:
        qs = qs.select_for_update(skip_locked=skip_locked)
    return qs.first()


_PLAY_FIELDS = ("board__number", "north_id", "east_id", "south_id", "west_id", "status",
                "started_seq", "ended_seq")


def _index(week: PoolWeek) -> PoolIndex:
    """The week's index as of ``week.seq`` (call with the week's lock and its row locked)."""
    key = _key(week)
    served = _indexes.get(key)
    if served is None:
        rows = list(PoolPlay.objects.filter(board__week=week).values_list(*_PLAY_FIELDS))
        by = {s: [(r[0], tuple(str(x) for x in r[1:5])) for r in rows if r[5] == s]
              for s in PoolPlay.Status.values}
        index = PoolIndex.rebuild(pool_of(week), results=by[PoolPlay.Status.RESULT],
                                  playing=by[PoolPlay.Status.PLAYING],
                                  released=by[PoolPlay.Status.RELEASED])
        served = _indexes[key] = _Served(index, week.seq)
    elif served.seq < week.seq:
        rows = list(PoolPlay.objects.filter(board__week=week)
                    .filter(Q(started_seq__gt=served.seq) | Q(ended_seq__gt=served.seq))
                    .values_list(*_PLAY_FIELDS))
        changes = []
        for r in rows:
            board, players = r[0], tuple(str(x) for x in r[1:5])
            if r[6] > served.seq:
                changes.append((r[6], "start", board, players))
            if r[7] is not None and r[7] > served.seq:
                changes.append((r[7], r[5], board, players))
        for _, what, board, players in sorted(changes):
            if what == "start":
                served.index.start(board, players)
            elif what == PoolPlay.Status.RESULT:
                served.index.finish(board, players)
            else:
                served.index.release(board, players)
        served.seq = week.seq
    return served.index


def _next_seq(week: PoolWeek) -> int:
    week.seq += 1
    PoolWeek.objects.filter(pk=week.pk).update(seq=week.seq)
    return week.seq


def current_week(club: Club) -> PoolWeek | None:
    """The club's open week (the latest not closed)."""
    return PoolWeek.objects.filter(club=club, closed=False).order_by("-number").first()


# ---------------------------------------------------------------------------- setting up


def _deal_week(week: PoolWeek) -> None:
    from ....deals.dealing import deal_boards

    seed = f"{week.deal_seed}-{week.number}" if week.deal_seed else None
    PoolBoard.objects.bulk_create(
        [PoolBoard(week=week, number=b.number, deal=b.deal.pbn(), dealer=b.dealer.value,
                   vulnerability=b.vulnerability.value)
         for b in deal_boards(week.boards, seed=seed)], batch_size=2000)


def start_pool(club: Club, by: AnyUser, *, boards: int = 200, days: int = 7,
               start: float | None = None, seed: str = "", grace_seconds: int = 60) -> PoolWeek:
    """The club's duplicate room and its first week (a director)."""
    if not can_direct(by, club):
        raise NotAllowed("Only a director of the club may start its board pool.",
                         "只有本俱乐部的裁判可以开设牌库。", "not_director")
    if type(boards) is not int or not 1 <= boards <= 20_000:
        raise NotAllowed(f"invalid number of boards {boards!r:.40}: expected 1 to 20000",
                         f"无效的牌数 {boards!r:.40}：应为 1 到 20000", "bad_settings")
    if type(days) is not int or not 1 <= days <= 31:
        raise NotAllowed(f"invalid length of a week {days!r:.40}: expected 1 to 31 days",
                         f"无效的记分周长度 {days!r:.40}：应为 1 到 31 天", "bad_settings")
    begin = clock.moment(start)
    with transaction.atomic():
        if current_week(club) is not None:
            raise NotAllowed("The club's pool is running already.", "本俱乐部的牌库已在运行。",
                             "running")
        room = Room.objects.create(club=club, name_en="Duplicate room", name_zh="复式室")
        PoolRoom.objects.update_or_create(club=club, defaults={
            "room": room, "boards": boards, "days": days, "grace_seconds": grace_seconds})
        number = (PoolWeek.objects.filter(club=club).aggregate(m=Max("number"))["m"] or 0) + 1
        week = PoolWeek.objects.create(club=club, number=number, start=begin,
                                       end=begin + datetime.timedelta(days=days),
                                       boards=boards, deal_seed=seed)
        _deal_week(week)
    return week


def open_table(club: Club, by: AnyUser) -> PlayTable:
    """A new table in the club's duplicate room (a member)."""
    _member(by, club)
    pr = PoolRoom.objects.filter(club=club).select_related("room").first()
    if pr is None:
        raise NotAllowed("The club has no board pool.", "本俱乐部没有牌库。", "no_pool")
    with transaction.atomic():
        number = (PoolTable.objects.filter(club=club).aggregate(m=Max("number"))["m"] or 0) + 1
        table = play_tables.create_table(pr.room, None, name=f"{number}", boards=TABLE_BOARDS,
                                         undo_allowed=False, spectators_allowed=False,
                                         grace_seconds=pr.grace_seconds)
        PoolTable.objects.create(club=club, number=number, play_table=table)
    return table


def sit(table: PlayTable, by: AnyUser, seat: Seat) -> play_messages.Outcome:
    pt = PoolTable.objects.filter(play_table=table).select_related("club").first()
    if pt is None:
        raise NotAllowed("This is not a table of the duplicate room.", "这不是复式室的牌桌。",
                         "not_pool")
    _member(by, pt.club)
    return play.sit(table, by, seat)


# ---------------------------------------------------------------------------- serving


def serve_board(table: PlayTable, rows: list[PlaySeat], index: int) -> tuple[int, Deal] | None:
    """The board source of pool tables (the module: ``play.tables.board_source``)."""
    club_id = (PoolTable.objects.filter(play_table_id=table.pk)
               .values_list("club_id", flat=True).first())
    if club_id is None:
        return None
    if any(r.user_id is None for r in rows):
        raise play_tables.NoBoard("Pool boards are played by four members: robots do not play the "
                                  "pool (practise with robots at an ordinary table).",
                                  "牌库的牌由四位会员来打：机器人不参加复式记分（与机器人练习请去普通牌桌）。")
    week0 = PoolWeek.objects.filter(club_id=club_id, closed=False).order_by("-number").first()
    if week0 is None:
        raise play_tables.NoBoard("The week's pool is closed: the new one comes in a moment.",
                                  "本周牌库已关闭：新牌库马上就到。")
    ids = [int(r.user_id) for r in rows if r.user_id is not None]
    players = (str(ids[0]), str(ids[1]), str(ids[2]), str(ids[3]))
    with _lock(int(week0.pk)):
        week = _locked_week(int(week0.pk))
        assert week is not None
        served = _index(week).serve(players)
        if served is None:
            raise play_tables.NoBoard(
                f"These four players have had every open board of week {week.number}.",
                f"这四位牌手已打过第{week.number}周牌库中所有可打的牌。")
        board = PoolBoard.objects.get(week=week, number=served)
        PoolPlay.objects.create(board=board, table=table, index=index, north_id=ids[0],
                                east_id=ids[1], south_id=ids[2], west_id=ids[3],
                                started_seq=_next_seq(week))
    return served, Deal.from_pbn(board.deal)


# ---------------------------------------------------------------------------- results


def _result_of(r: PoolResult) -> TableResult:
    return TableResult(r.board.number, _players(r), r.ns_score)


def record_board(board: PlayBoard) -> Arrival | None:
    """A finished board of a pool table: its result stored and scored (once)."""
    if board.finished is None or board.score_ns is None:
        return None
    found = (PoolPlay.objects.filter(table_id=board.table_id, index=board.index)
             .select_related("board").first())
    if found is None:
        return None
    week_id = int(found.board.week_id)
    try:
        # The transaction first, then the week's lock, as the board source takes them (it
        # runs in a play table's transaction): SQLite's write lock is never awaited while
        # holding the week's lock.
        with transaction.atomic(), _lock(week_id):
            return _record(week_id, int(found.pk), board)
    except IntegrityError:
        # Stored meanwhile by another server (unique play / play board / arrival).
        log.info("pool play %s: the result raced in", found.pk)
        return None


def _record(week_id: int, play_id: int, board: PlayBoard) -> Arrival | None:
    week = _locked_week(week_id)
    assert week is not None
    p = PoolPlay.objects.select_related("board").get(pk=play_id)
    if p.status != PoolPlay.Status.PLAYING:
        return None  # recorded already (a second call), or given back
    pool = pool_of(week)
    number = int(p.board.number)
    earlier = list(PoolResult.objects.filter(board=p.board).select_related("board")
                   .order_by("arrival"))
    tally = BoardTally.of(pool, number, [_result_of(r) for r in earlier])
    players = _players(p)
    tally, arrival = tally.add(TableResult(number, players, int(board.score_ns or 0)))
    now = clock.moment()
    result = PoolResult.objects.create(
        board=p.board, play=p, play_board=board, arrival=arrival.score.arrival,
        ns_score=int(board.score_ns or 0), contract=board.result[:24], north_id=p.north_id,
        east_id=p.east_id, south_id=p.south_id, west_id=p.west_id, at=now)
    zero = set(PoolPenalty.objects.filter(board=p.board, player_id__in=p.player_ids)
               .values_list("player_id", flat=True))
    score = arrival.score
    PoolScore.objects.bulk_create([
        PoolScore(result=result, week=week, board=p.board, player_id=int(pid), seat=i,
                  imps=int(imps), provisional=score.provisional,
                  datum=None if score.datum is None else int(score.datum),
                  scored_at=score.arrival, rate_zero=int(pid) in zero)
        for i, (pid, imps) in enumerate(score.per_player())])
    # The 6th result scores the first five too (with ``rescore``, every arrival): their
    # rows rewritten in one statement.
    again = {s.arrival: s for s in arrival.scored if s.arrival != score.arrival}
    if again:
        ids = {r.pk: r.arrival for r in earlier if r.arrival in again}
        rows = list(PoolScore.objects.filter(result_id__in=ids))
        for row in rows:
            s = again[ids[row.result_id]]
            row.imps = int(s.of(str(row.player_id)))
            row.provisional = False
            row.datum = None if s.datum is None else int(s.datum)
            row.scored_at = score.arrival
        PoolScore.objects.bulk_update(rows, ["imps", "provisional", "datum", "scored_at"])
    p.status = PoolPlay.Status.RESULT
    p.ended_seq = _next_seq(week)
    p.save(update_fields=["status", "ended_seq"])
    return arrival


def release_stopped() -> int:
    """Boards served to tables that stopped before finishing them: their places back (the
    four keep them as had)."""
    done = 0
    for pid, week_id in (PoolPlay.objects.filter(status=PoolPlay.Status.PLAYING,
                                                 table__status=PlayTable.Status.FINISHED)
                         .values_list("pk", "board__week_id")[:100]):
        with transaction.atomic(), _lock(int(week_id)):
            week = _locked_week(int(week_id))
            p = PoolPlay.objects.filter(pk=pid).first()
            if week is None or p is None or p.status != PoolPlay.Status.PLAYING:
                continue
            pb = PlayBoard.objects.filter(table_id=p.table_id, index=p.index).first()
            if pb is not None and pb.finished is not None:
                continue  # finished: its result is on its way (record_board)
            p.status = PoolPlay.Status.RELEASED
            p.ended_seq = _next_seq(week)
            p.save(update_fields=["status", "ended_seq"])
            done += 1
    return done


# ---------------------------------------------------------------------------- penalties


def record_penalties(limit: int = 200) -> int:
    """Each disconnection at a pool table during a pool board, once: 16 off this week's
    points (the library's ``deductions``) and the player's Rate on the board 0."""
    made = 0
    rows = (Disconnection.objects.filter(table__pool_table__isnull=False, board__isnull=False,
                                         pool_penalty__isnull=True)
            .select_related("board")[:limit])
    for d in rows:
        assert d.board is not None
        p = (PoolPlay.objects.filter(table_id=d.table_id, index=d.board.index)
             .select_related("board").first())
        if p is None:
            continue
        record = DisconnectionRecord(str(d.user_id), System.DUPLICATE, board=int(p.board.number),
                                     at=d.dropped_at.timestamp())
        cost = deductions([record])[record.player]
        try:
            with transaction.atomic():
                _, created = PoolPenalty.objects.get_or_create(
                    disconnection=d, defaults={
                        "week_id": p.board.week_id, "board": p.board, "player_id": d.user_id,
                        "points": cost.week_points, "rate_zero": cost.zero_rate(record.board or 0),
                        "at": d.dropped_at})
                PoolScore.objects.filter(board=p.board, player_id=d.user_id).update(rate_zero=True)
        except IntegrityError:
            continue  # another server recorded it
        made += created
    return made


def rate_zero_boards(week: PoolWeek, user: AnyUser) -> set[int]:
    """The board numbers on which the player's Rate is 0 this week (the rating reads it)."""
    return set(PoolPenalty.objects.filter(week=week, player_id=user.pk, rate_zero=True)
               .values_list("board__number", flat=True))


# ---------------------------------------------------------------------------- the clock


def close_due(limit: int = 20) -> int:
    """Close every week whose end has come and make the next one, exactly once: the row is
    taken with ``skip_locked`` (PostgreSQL; SQLite's write transaction), the week read again
    under the lock, and ``unique(club, number)`` refuses a second next week."""
    closed = 0
    for wid in (PoolWeek.objects.filter(closed=False, end__lte=clock.moment())
                .order_by("end").values_list("pk", flat=True)[:limit]):
        # A lock of its own, not the serving one (which a board source takes inside a play
        # table's transaction): taken before the transaction, so this process's other
        # sweepers skip the week at once instead of queueing on the database.
        lock = _lock(-int(wid))
        if not lock.acquire(blocking=False):
            continue  # this process is on it
        try:
            with transaction.atomic():
                closed += _close_once(int(wid))
        except IntegrityError:
            log.info("pool week %s: the next week raced in", wid)
        finally:
            lock.release()
    return closed


def _close_once(week_id: int) -> int:
    week = _locked_week(week_id, skip_locked=True)
    if week is None or week.closed or week.end > clock.moment():
        return 0
    week.closed = True
    week.closed_at = clock.moment()
    week.save(update_fields=["closed", "closed_at"])
    pr = PoolRoom.objects.filter(club_id=week.club_id).first()
    days = pr.days if pr is not None else 7
    boards = pr.boards if pr is not None else week.boards
    # The next week starts when this one ended (a server down for a while catches up week
    # by week, each with its own scheduled moments).
    new = PoolWeek.objects.create(club_id=week.club_id, number=week.number + 1, start=week.end,
                                  end=week.end + datetime.timedelta(days=days), boards=boards,
                                  deal_seed=week.deal_seed)
    _deal_week(new)
    return 1


def sweep() -> int:
    """The pool's part of every server's sweep; how many weeks it closed.  A part that
    finds the database busy (SQLite's one writer) is skipped: the next sweep, a second
    later, does it."""
    closed = 0
    for part in (close_due, record_penalties, release_stopped):
        try:
            done = part()
        except OperationalError as e:
            log.info("pool sweep: %s skipped (%s)", part.__name__, e)
            continue
        if part is close_due:
            closed = done
    return closed


# ---------------------------------------------------------------------------- reading


def _names(ids: set[int]) -> dict[int, dict[str, str]]:
    out = {}
    for u in User.objects.filter(pk__in=ids).select_related("player"):
        p = getattr(u, "player", None)
        en = (p.name_en if p is not None else "") or u.username
        out[int(u.pk)] = {"en": en, "zh": (p.name_zh if p is not None else "") or en}
    return out


def room_tables(club: Club, user: AnyUser) -> list[dict[str, Any]]:
    """The duplicate room's tables not finished: seats with names, and the user's own."""
    _member(user, club)
    tables = list(PoolTable.objects.filter(club=club)
                  .exclude(play_table__status=PlayTable.Status.FINISHED)
                  .select_related("play_table").order_by("number")[:100])
    seats = list(PlaySeat.objects.filter(table__in=[t.play_table_id for t in tables])
                 .values_list("table_id", "seat", "user_id", "robot"))
    names = _names({int(u) for _, _, u, _ in seats if u is not None})
    by: dict[int, list[dict[str, Any]]] = {}
    for tid, seat, uid, robot in sorted(seats, key=lambda s: (s[0], s[1])):
        by.setdefault(int(tid), []).append(
            {"seat": Seat(seat).letter, "player": names.get(int(uid)) if uid else None,
             "robot": bool(robot), "mine": uid is not None and uid == user.pk})
    return [{"number": t.number, "play_table": t.play_table_id, "status": t.play_table.status,
             "seats": by.get(int(t.play_table_id), []),
             "mine": any(s["mine"] for s in by.get(int(t.play_table_id), []))}
            for t in tables]


def board_list(week: PoolWeek, user: AnyUser) -> list[dict[str, Any]]:
    """The player's boards of the week, latest first: contract, NS score, datum, the
    player's IMPs, provisional or final, and the board's results so far."""
    _member(user, week.club)
    rows = list(PoolScore.objects.filter(week=week, player_id=user.pk)
                .select_related("result", "board").order_by("-result__at", "-pk"))
    counts = dict(PoolResult.objects.filter(board__in=[r.board_id for r in rows])
                  .values_list("board_id").annotate(n=Count("pk")))
    return [{"board": r.board.number, "contract": r.result.contract,
             "ns_score": r.result.ns_score, "seat": Seat(r.seat).letter,
             "datum": r.datum, "imps": r.imps, "provisional": r.provisional,
             "results": counts.get(r.board_id, 0), "rate_zero": r.rate_zero}
            for r in rows]


def leaderboard(week: PoolWeek) -> list[dict[str, Any]]:
    """This week's points (本周积分, after disconnection penalties) and boards (本周副数) of
    every player, best first (more boards, then name, between equals)."""
    sums = {int(p): (int(pts or 0), int(n), int(prov))
            for p, pts, n, prov in PoolScore.objects.filter(week=week).values_list("player_id")
            .annotate(pts=Sum("imps"), n=Count("pk"), prov=Count("pk", filter=Q(provisional=True)))}
    pens = {int(p): (int(s or 0), int(n)) for p, s, n in
            PoolPenalty.objects.filter(week=week).values_list("player_id")
            .annotate(s=Sum("points"), n=Count("pk"))}
    names = _names(set(sums) | set(pens))
    rows: list[dict[str, Any]] = []
    for pid in set(sums) | set(pens):
        pts, n, prov = sums.get(pid, (0, 0, 0))
        pen, drops = pens.get(pid, (0, 0))
        rows.append({"player": pid, "name": names.get(pid, {"en": str(pid), "zh": str(pid)}),
                     "points": pts, "penalty": pen, "total": pts + pen, "boards": n,
                     "provisional": prov, "disconnections": drops})
    rows.sort(key=lambda r: (-r["total"], -r["boards"], r["name"]["en"]))
    place = 0
    for i, r in enumerate(rows):
        if i == 0 or (r["total"], r["boards"]) != (rows[i - 1]["total"], rows[i - 1]["boards"]):
            place = i + 1
        r["place"] = place
    return rows


def can_see_board(week: PoolWeek, number: int, user: AnyUser) -> bool:
    """A board's results and hands, by the library's rule (``compete.pool.may_see_board``):
    the facts it needs read here, the table's ones only when they decide."""
    member = user.is_authenticated and is_member(user, week.club)
    director = member and can_direct(user, week.club)
    uid = user.pk
    # Had it: a result, or a table of theirs that stopped with it; not while playing it (the
    # page shows the four hands).
    had_it = (member and not (week.closed or director) and PoolPlay.objects.filter(
        board__week=week, board__number=number).exclude(status=PoolPlay.Status.PLAYING).filter(
        Q(north_id=uid) | Q(east_id=uid) | Q(south_id=uid) | Q(west_id=uid)).exists())
    return may_see_board(member=member, director=director, week_closed=week.closed,
                         had_it=had_it)


def _datum_steps(steps: DatumSteps) -> dict[str, Any]:
    """The library's steps of a datum as the page shows them (the mean to two places)."""
    return {"sorted": list(steps.ordered), "dropped": steps.dropped, "kept": list(steps.kept),
            "sum": steps.total, "count": steps.count,
            "mean": round(float(steps.mean), 2) if steps.mean is not None else None}


def board_results(week: PoolWeek, number: int, user: AnyUser) -> dict[str, Any]:
    """Every result of a board with its datum and IMPs (rights: ``can_see_board``)."""
    if not can_see_board(week, number, user):
        raise NotAllowed("You may see a pool board's results once you have played it, or when "
                         "the week is over.", "打过这副牌后，或本周结束后，才能查看它的结果。",
                         "not_yet")
    board = PoolBoard.objects.filter(week=week, number=number).first()
    if board is None:
        raise NotAllowed(f"week {week.number} has no board {number}",
                         f"第{week.number}周没有第{number}副", "not_found")
    results = list(PoolResult.objects.filter(board=board).order_by("arrival"))
    played = [r.play_board_id for r in results if r.play_board_id is not None]
    analysed = {"en": summaries(played, "en"), "zh": summaries(played, "zh")}
    ns: dict[int, PoolScore] = {}
    for north in PoolScore.objects.filter(result__in=results, seat=0):
        ns[north.result_id] = north
    names = _names({pid for r in results for pid in r.player_ids})
    pool = pool_of(week)
    below = pool.settings.provisional_below
    scores = [r.ns_score for r in results]
    out = []
    for r in results:
        s = ns.get(r.pk)
        datum = s.datum if s is not None else None
        upto = max(r.arrival, below)
        out.append({"arrival": r.arrival, "contract": r.contract, "ns_score": r.ns_score,
                    "players": [names.get(pid) for pid in r.player_ids],
                    "datum": datum, "imps": s.imps if s is not None else 0,
                    "provisional": s.provisional if s is not None else True,
                    "difference": None if datum is None else r.ns_score - datum,
                    # the game record and its play against double dummy, once analysed
                    "record": r.play_board_id,
                    "analysis": {lang: got[r.play_board_id] for lang, got in analysed.items()
                                 if r.play_board_id in got},
                    "steps": (_datum_steps(pool.datum_steps(scores[:upto]))
                              if datum is not None else None)})
    lb = pool.board(number)
    return {"week": week.number, "board": number, "dealer": lb.dealer,
            "vulnerability": lb.vulnerability, "deal": lb.deal, "results": out,
            "retired": len(results) >= pool.settings.close_at,
            "provisional_below": below, "close_at": pool.settings.close_at}


play_tables.board_source(serve_board)
# A pool board is scored in IMPs against its datum: robots at a pool table play for IMPs.
play_robots.scoring_source(
    lambda table: "imp" if PoolTable.objects.filter(play_table=table).exists() else None)
play.on_board_end(record_board)
live.register_sweep("pool", sweep)
