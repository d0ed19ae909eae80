"""The Rate's weekly cycle on the platform (docs/ratings.md "On the platform").

When a club's pool week has closed (``pool.services.close_due``), ``rate_due`` — run by each
server's sweep, in a thread of its own so that the tables' sweep never waits for it — rates
it exactly once: the week's results are read from the pool's rows into a ``WeekResults``
(``read_week``: binary COPY in chunks on PostgreSQL, no model instances), the club's
``RatingStanding`` rows are the prior, the window of the weeks before is rebuilt from the
pool's stored results of the club's last ``window`` rated weeks (``read_window``: the same
reader, each week prepared and added as it is read) unless the last close kept it
(``RatingWindow``, 28 bytes a result), the library's ``rate_week`` fits the Rates jointly, and
the ``RatingWeek``, every player's ``RatingHistory``, the new standings and the new window are
written in one transaction (``copy_io``).  Read back from the results, the window costs a read of
every result it holds (with ``window`` = 40 weeks, 40 weeks of results, at most
``max_results``, 10 million by default, about 2.8 µs a result on PostgreSQL, growing with the
weeks until the window is full); kept, one row of 28 bytes a result.  Exactly once however many servers sweep: the pool week's row is
taken with ``skip_locked`` inside the transaction (SQLite: its single writer), and
``RatingWeek`` is unique per pool week and per club and number.  A club's weeks are rated in
order: week n waits until week n − 1 is rated, so a server that was down catches up week by
week.  ``week_rows`` is the pure arithmetic from the arrays to the rows, shared with the
recomputation (``recompute``), which must find the stored rows to the last digit.
"""

from __future__ import annotations

import json
import logging
import struct
import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
from django.conf import settings as django_settings
from django.db import IntegrityError, OperationalError, connection, transaction

from ...core.errors import BridgeError
from ...ratings import (
    RateSettings,
    Ratings,
    WeekRating,
    WeekResults,
    WeekTally,
    Window,
    rate_week,
    tally_week,
)
from ...ratings.fit import prepare
from ..compete import clock
from ..compete.models import PoolBoard, PoolPenalty, PoolResult, PoolScore, PoolWeek
from . import copy_io
from .models import RatingHistory, RatingStanding, RatingWeek, RatingWindow

if TYPE_CHECKING:
    from numpy.typing import NDArray

log = logging.getLogger(__name__)

__all__ = ["Timings", "WeekRows", "WeekTally", "keep_window", "rate_due", "rate_settings",
           "rate_week_of", "read_prior", "read_week", "read_window", "sweep", "week_rows"]

CHUNK = 1 << 20  # rows read at a time


def _t(model: Any) -> str:
    return str(connection.ops.quote_name(model._meta.db_table))


def rate_settings() -> RateSettings:
    """The Django setting ``BRIDGESCORE_RATE`` (a ``RateSettings.to_dict()`` mapping), else
    the library's defaults."""
    given = getattr(django_settings, "BRIDGESCORE_RATE", None)
    return RateSettings() if given is None else RateSettings.from_dict(given)


# ---------------------------------------------------------------------------- reading


def read_week(week_id: int, chunk: int = CHUNK, tally: bool = True
              ) -> tuple[WeekResults, WeekTally]:
    """The pool week's results, and its players' tally (``ratings.tally_week``; an empty
    tally when ``tally`` is off: the window's weeks need the results only).

    Results: board key = the ``PoolBoard`` id, the four players, the NS score; ``rate_zero``
    where a disconnection penalty with ``rate_zero`` names the player and the board (a
    handful a week: matched against the rows in NumPy, no join).

    The tally adds up the ``PoolScore`` rows of the week as the pool shows them, without
    reading all four of each result: the pool writes a result's four rows from one figure,
    the NS IMPs, as +, −, +, − for North, East, South and West (``TableScore.per_player``,
    rescoring included), so North's row (seat 0) carries the result's.  One pass over the
    score rows of one seat, then sums in NumPy: a ``GROUP BY`` over the week's four rows a
    result costs PostgreSQL several times more at ten million results."""
    res, board, score = _t(PoolResult), _t(PoolBoard), _t(PoolScore)
    ids = np.zeros(0, np.int64)
    imps = np.zeros(0, np.int64)
    if tally:
        # The NS IMPs of each result (their count is the week's number of results).
        parts = list(copy_io.read(f"SELECT CAST(result_id AS bigint), CAST(imps AS bigint) FROM "
                               f"{score} WHERE week_id = %s AND seat = 0", [week_id], "ii",
                               chunk))
        ids = np.concatenate([p[0] for p in parts]) if parts else np.zeros(0, np.int64)
        imps = np.concatenate([p[1] for p in parts]) if parts else np.zeros(0, np.int64)
        del parts
        order = np.argsort(ids)
        ids, imps = ids[order], imps[order]
        del order
    zero = sorted((int(b), int(p)) for b, p in PoolPenalty.objects.filter(
        week_id=week_id, rate_zero=True, board__isnull=False).values_list("board_id", "player_id"))
    zero_keys = np.array([(b << 32) | p for b, p in zero], dtype=np.int64)
    sql = (f"SELECT CAST(r.id AS bigint), CAST(r.board_id AS bigint), "
           f"CAST(r.north_id AS bigint), CAST(r.east_id AS bigint), CAST(r.south_id AS bigint), "
           f"CAST(r.west_id AS bigint), CAST(r.ns_score AS bigint) FROM {res} r "
           f"JOIN {board} b ON b.id = r.board_id WHERE b.week_id = %s")
    total = int(ids.size)
    ns_imps = np.empty(total, np.int64)
    at = [0]

    def pieces() -> Any:
        for rid, b, n, e, s, w, sc in copy_io.read(sql, [week_id], "iiiiiii", chunk):
            k = int(rid.size)
            if tally:
                if at[0] + k > total:
                    raise RuntimeError("a pool result without its scores")
                found = np.searchsorted(ids, rid)
                if k and not bool(np.all(ids[np.minimum(found, max(total - 1, 0))] == rid)):
                    raise RuntimeError("a pool result without its scores")
                ns_imps[at[0]:at[0] + k] = imps[found]
            at[0] += k
            players = np.stack([n, e, s, w], axis=1)
            rz = np.zeros(players.shape, np.bool_)
            if zero_keys.size:
                if int(players.max()) >= 1 << 32 or int(b.max()) >= 1 << 31:
                    raise RuntimeError("ids too large for the penalties' keys")
                for seat in range(4):
                    rz[:, seat] = np.isin((b << 32) | players[:, seat], zero_keys)
            yield WeekResults(b, players, sc, rz)

    week = WeekResults.concat(pieces(), total) if tally else WeekResults.concat(pieces())
    if not tally:
        return week, tally_week(np.zeros((0, 4), np.int64), np.zeros(0, np.int64))
    pens = list(PoolPenalty.objects.filter(week_id=week_id).values_list("player_id", "points"))
    return week, tally_week(week.players, ns_imps, np.array([p for p, _ in pens], np.int64),
                            np.array([x for _, x in pens], np.int64))


def read_window(club_id: int, number: int, st: RateSettings, cached: bool = True) -> Window:
    """The window the fit of the club's week ``number`` starts from: the one the last close
    kept (``RatingWindow``) when it holds week ``number − 1`` with these very settings (and
    ``cached``); else the club's rated weeks ``number − window`` … ``number − 1`` read from the
    pool's stored results, oldest first, each prepared and added as it is read
    (``Window.push``): the window the weekly fits left, to the last digit (``Window.of``)."""
    if cached:
        kept = RatingWindow.objects.filter(club_id=club_id, number=number - 1).values_list(
            "pk", "settings", "idle").first()
        if kept is not None and kept[1] == st.to_dict():
            try:
                window = Window.from_bytes(_kept_bytes(int(kept[0])), st)
            except BridgeError:
                log.warning("club %s: the kept window is unreadable; read back", club_id)
            else:
                # The weeks nobody played since the bytes were written, pushed again as the
                # closes pushed them (none of them let a week leave: ``keep_window``).
                idle = prepare(WeekResults.empty(), st)
                for _ in range(int(kept[2])):
                    window = window.push(idle, st)
                return window
    window = Window.empty(st)
    for wid in (RatingWeek.objects.filter(club_id=club_id, number__gte=number - st.window,
                                          number__lt=number)
                .order_by("number").values_list("week_id", flat=True)):
        results, _ = read_week(int(wid), tally=False)
        window = window.push(prepare(results, st), st)
        del results
    return window


def _kept_bytes(pk: int) -> bytes:
    """The kept window's bytes.  On PostgreSQL by one binary ``COPY … TO STDOUT`` (a field
    count, the length, the bytes): a query's result would come as hexadecimal text, twice the
    size, decoded in Python (5 s for a window of 250 MB against 2 s)."""
    if not copy_io.postgres():
        return bytes(RatingWindow.objects.filter(pk=pk).values_list("data", flat=True)[0])
    buf = bytearray()
    with connection.cursor() as cur, cur.cursor.copy(
            f"COPY (SELECT data FROM {_t(RatingWindow)} WHERE id = {int(pk)}) TO STDOUT "
            f"(FORMAT binary)") as cp:
        for chunk in cp:
            buf += chunk
    at = len(copy_io._HEADER)
    fields, size = struct.unpack_from("!hi", buf, at)
    if fields != 1 or size < 0 or at + 6 + size > len(buf):
        raise BridgeError("not a kept window: the row did not come back whole",
                          "不是保存的窗口：该行没有完整读回")
    return bytes(memoryview(buf)[at + 6:at + 6 + size])


def keep_window(club_id: int, number: int, st: RateSettings, window: Window) -> None:
    """The window after the club's week ``number``, kept for the next close.  On PostgreSQL
    the row goes in by one binary ``COPY`` (the window's bytes as they are: a parameter of a
    few hundred megabytes sent as text costs seconds of hex encoding).

    A week in which nobody played and no week left the window adds an empty week to the
    window and changes nothing else: when the kept row holds the week before with these
    settings, only its number and its count of idle weeks change (the 28 bytes a result
    are not written again); ``read_window`` pushes the idle weeks back."""
    settings = st.to_dict()
    newest = window.weeks - 1
    if newest >= 1 and int(window.week_rows[newest]) == 0 and \
            int(window.week_boards[newest]) == 0 and int(window.week_zeros[newest]) == 0:
        kept = RatingWindow.objects.filter(club_id=club_id, number=number - 1,
                                           weeks__gte=1).values_list(
            "settings", "weeks", "idle").first()
        if kept is not None and kept[0] == settings and kept[1] + kept[2] + 1 == window.weeks:
            RatingWindow.objects.filter(club_id=club_id).update(number=number,
                                                                idle=kept[2] + 1)
            return
    data = window.to_bytes()
    if not copy_io.postgres():
        if not RatingWindow.objects.filter(club_id=club_id).update(
                number=number, settings=settings, data=data, weeks=window.weeks, idle=0):
            RatingWindow.objects.create(club_id=club_id, number=number, settings=settings,
                                        data=data, weeks=window.weeks, idle=0)
        return
    table = _t(RatingWindow)
    text = json.dumps(settings).encode()
    # One row of six fields: bigint, integer, integer, integer, jsonb (version 1, then the
    # text), bytea.
    head = (struct.pack("!hiq", 6, 8, club_id) + struct.pack("!ii", 4, number)
            + struct.pack("!ii", 4, window.weeks) + struct.pack("!ii", 4, 0)
            + struct.pack("!i", len(text) + 1) + b"\x01" + text + struct.pack("!i", len(data)))
    with connection.cursor() as cur:
        cur.execute(f"DELETE FROM {table} WHERE club_id = %s", [club_id])
        with cur.cursor.copy(f"COPY {table} (club_id, number, weeks, idle, settings, data) "
                             f"FROM STDIN (FORMAT binary)") as cp:
            cp.write(copy_io._HEADER)
            cp.write(head)
            cp.write(data)
            cp.write(copy_io._TRAILER)


def read_prior(club_id: int) -> Ratings:
    sql = (f"SELECT CAST(player_id AS bigint), CAST(rate AS double precision), "
           f"CAST(weight AS double precision), CAST(boards AS bigint), "
           f"CAST(anchor AS double precision), CAST(anchor_weight AS double precision) "
           f"FROM {_t(RatingStanding)} WHERE club_id = %s")
    parts = list(copy_io.read(sql, [club_id], "iffiff"))
    if not parts:
        return Ratings.empty()
    cols = [np.concatenate([p[i] for p in parts]) for i in range(6)]
    return Ratings(cols[0], cols[1], cols[2], cols[3], cols[4], cols[5])


# ---------------------------------------------------------------------------- the arithmetic


@dataclass(frozen=True)
class WeekRows:
    """What a rated week writes.  History (one per player with a result, ``player`` sorted;
    NaN for none): ``rate``, ``weight``, ``boards``, ``precision``, ``week_rate``,
    ``week_boards``, ``played``, ``points``, ``average``.  Standings (one per player of the
    new ratings, ``rating.ratings.player``): the new Rate, weight, boards and prior from
    ``rating``, ``stand_played`` (this week's results, 0 if away) and ``stand_average`` (NaN
    if away)."""

    rating: WeekRating
    player: NDArray[np.int64]
    rate: NDArray[np.float64]
    weight: NDArray[np.float64]
    boards: NDArray[np.int64]
    precision: NDArray[np.float64]
    week_rate: NDArray[np.float64]
    week_boards: NDArray[np.int64]
    played: NDArray[np.int64]
    points: NDArray[np.int64]
    average: NDArray[np.float64]
    stand_played: NDArray[np.int64]
    stand_average: NDArray[np.float64]


def week_rows(prior: Ratings, week: WeekResults, tally: WeekTally, st: RateSettings,
              window: Window | None = None) -> WeekRows:
    done = rate_week(prior, week, st, window)
    new = done.ratings
    at = np.searchsorted(new.player, tally.player)
    if tally.player.size and (new.player.size == 0 or not bool(np.all(
            new.player[np.minimum(at, new.player.size - 1)] == tally.player))):
        raise RuntimeError("a player has pool scores but no result this week")
    week_rate = np.full(tally.player.size, np.nan)
    week_boards = np.zeros(tally.player.size, np.int64)
    rated = np.searchsorted(tally.player, done.player)
    if done.player.size and (tally.player.size == 0 or not bool(np.all(
            tally.player[np.minimum(rated, tally.player.size - 1)] == done.player))):
        raise RuntimeError("a player has a result but no pool scores this week")
    week_rate[rated] = done.week_rate
    week_boards[rated] = done.boards
    average = tally.average
    stand_played = np.zeros(new.player.size, np.int64)
    stand_played[at] = tally.played
    stand_average = np.full(new.player.size, np.nan)
    stand_average[at] = average
    return WeekRows(done, tally.player, new.rate[at], new.weight[at], new.boards[at],
                    done.precision[at], week_rate, week_boards, tally.played, tally.points,
                    average, stand_played, stand_average)


# ---------------------------------------------------------------------------- writing

_HISTORY_IN = ("player_id", "rate", "weight", "boards", "precision", "week_rate",
               "week_boards", "played", "points", "average")
_HISTORY_KINDS = "iffiffiiif"
_STANDING_IN = ("player_id", "rate", "weight", "boards", "anchor", "anchor_weight", "played",
                "last_average", "known")
_STANDING_KINDS = "iffiffifi"


def _temp(cur: Any, name: str, columns: tuple[str, ...], kinds: str) -> None:
    cur.execute(f"DROP TABLE IF EXISTS {name}")
    cols = ", ".join(f"{c} {'bigint' if k == 'i' else 'double precision'}"
                     for c, k in zip(columns, kinds, strict=True))
    cur.execute(f"CREATE TEMPORARY TABLE {name} ({cols})")


def _write(rw: RatingWeek, rows: WeekRows, prior: Ratings) -> None:
    """The week's history and the club's new standings.  ``prior`` is what the week was
    rated from: the club's standings as read (``read_prior``) or, in a refit, the week
    before's ratings, which are the standings the refit wrote."""
    hist, stand = _t(RatingHistory), _t(RatingStanding)
    with connection.cursor() as cur:
        _temp(cur, "rating_history_in", _HISTORY_IN, _HISTORY_KINDS)
        _temp(cur, "rating_standing_in", _STANDING_IN, _STANDING_KINDS)
    copy_io.write("rating_history_in", _HISTORY_IN,
               [rows.player, rows.rate, rows.weight, rows.boards, rows.precision,
                rows.week_rate, rows.week_boards, rows.played, rows.points, rows.average],
               _HISTORY_KINDS)
    new = rows.rating.ratings
    # Which of the new ratings have a standing already: those of the prior (both lists are
    # sorted).  Knowing it here spares the database an anti-join of a million rows against
    # the standings it has just updated, which at 10M results it planned row by row and did
    # not finish in twenty minutes.
    at = np.searchsorted(prior.player, new.player)
    known = np.zeros(new.player.size, np.int64)
    if prior.player.size:
        known[prior.player[np.minimum(at, prior.player.size - 1)] == new.player] = 1
    copy_io.write("rating_standing_in", _STANDING_IN,
               [new.player, new.rate, new.weight, new.boards, new.anchor, new.anchor_weight,
                rows.stand_played, rows.stand_average, known], _STANDING_KINDS)
    with connection.cursor() as cur:
        if copy_io.postgres():
            # Fresh statistics of the standings in (a temporary table has none): the planner
            # then joins them to the club's standings by a hash, not row by row.
            cur.execute("ANALYZE rating_standing_in")
        cur.execute(
            f"INSERT INTO {hist} (week_id, club_id, player_id, rate, weight, boards, precision, "
            f"week_rate, week_boards, played, points, average) SELECT %s, %s, player_id, rate, "
            f"weight, boards, precision, NULLIF(week_rate, 'NaN'), week_boards, played, points, "
            f"NULLIF(average, 'NaN') FROM rating_history_in", [rw.pk, rw.club_id])
        # Everyone of the new ratings: one who stayed away keeps the Rate, the weight fades.
        # The club's standings that exist are updated by one join (no index probe a row, as
        # an upsert makes); a row whose Rate is unchanged (a week nobody played) then gets
        # its new version on its own page (fillfactor 45, migration ratings 0002) without touching the
        # indexes.  Then the players new to the club are inserted.  One transaction: a
        # reader sees the week before or this week, never a mixture.
        cur.execute(
            f"UPDATE {stand} SET week_id = %s, rate = s.rate, weight = s.weight, "
            f"boards = s.boards, anchor = s.anchor, anchor_weight = s.anchor_weight, "
            f"played_total = {stand}.played_total + s.played, "
            f"last_average = NULLIF(s.last_average, 'NaN') FROM rating_standing_in s "
            f"WHERE s.known = 1 AND {stand}.club_id = %s AND {stand}.player_id = s.player_id",
            [rw.pk, rw.club_id])
        cur.execute(
            f"INSERT INTO {stand} (club_id, player_id, week_id, rate, weight, boards, anchor, "
            f"anchor_weight, played_total, last_average) SELECT %s, s.player_id, %s, s.rate, "
            f"s.weight, s.boards, s.anchor, s.anchor_weight, s.played, "
            f"NULLIF(s.last_average, 'NaN') FROM rating_standing_in s WHERE s.known = 0",
            [rw.club_id, rw.pk])
        cur.execute("DROP TABLE rating_history_in")
        cur.execute("DROP TABLE rating_standing_in")


# ---------------------------------------------------------------------------- the week


@dataclass(frozen=True)
class Timings:
    results: int
    players: int
    read: float
    rate: float
    write: float


_locks: dict[int, threading.Lock] = {}
_locks_lock = threading.Lock()


def _lock(week_id: int) -> threading.Lock:
    with _locks_lock:
        return _locks.setdefault(week_id, threading.Lock())


def rate_week_of(pool_week_id: int) -> bool:
    """Rate one closed pool week, exactly once; False when it is not closed, is rated
    already (or being rated by another worker), or waits for the club's previous week."""
    return rate_week_timed(pool_week_id) is not None


def rate_week_timed(pool_week_id: int) -> Timings | None:
    """``rate_week_of``, with how long reading, rating and writing took."""
    lock = _lock(int(pool_week_id))
    if not lock.acquire(blocking=False):
        return None  # this process is on it
    try:
        with transaction.atomic():
            return _rate_once(int(pool_week_id))
    except IntegrityError:
        log.info("pool week %s: its rating raced in", pool_week_id)
        return None
    finally:
        lock.release()


def _rate_once(week_id: int) -> Timings | None:
    qs = PoolWeek.objects.filter(pk=week_id)
    if connection.features.has_select_for_update:
        qs = qs.select_for_update(skip_locked=True)
    week = qs.first()
    if week is None or not week.closed or RatingWeek.objects.filter(week_id=week_id).exists():
        return None
    if PoolWeek.objects.filter(club_id=week.club_id, number=week.number - 1,
                               rating__isnull=True).exists():
        return None  # the previous week first
    t0 = time.perf_counter()
    st = rate_settings()
    prior = read_prior(int(week.club_id))
    window = read_window(int(week.club_id), int(week.number), st)
    results, tally = read_week(week_id)
    t1 = time.perf_counter()
    rows = week_rows(prior, results, tally, st, window)
    del window
    t2 = time.perf_counter()
    rw = RatingWeek.objects.create(week=week, club_id=week.club_id, number=week.number,
                                   settings=st.to_dict(), results=len(results),
                                   players=int(rows.player.size), rated_at=clock.moment())
    _write(rw, rows, prior)
    keep_window(int(week.club_id), int(week.number), st, rows.rating.window)
    t3 = time.perf_counter()
    RatingWeek.objects.filter(pk=rw.pk).update(seconds=t3 - t0)
    return Timings(len(results), int(rows.player.size), t1 - t0, t2 - t1, t3 - t2)


def rate_due(limit: int = 20) -> int:
    """Rate every closed pool week not rated yet, a club's in order; how many were rated."""
    done = 0
    for wid in (PoolWeek.objects.filter(closed=True, rating__isnull=True)
                .order_by("club_id", "number").values_list("pk", flat=True)[:limit]):
        try:
            done += rate_week_of(int(wid))
        except OperationalError as e:  # SQLite busy: the next sweep does it
            log.info("rating pool week %s skipped (%s)", wid, e)
        except Exception:
            # Logged and left for the next sweep: a week that cannot be rated holds up its
            # own club's later weeks only, not the other clubs'.
            log.exception("rating pool week %s failed", wid)
    return done


_worker: list[threading.Thread] = []


def _run() -> None:
    try:
        rate_due()
    except Exception:
        log.exception("rating the pool weeks failed")
    finally:
        connection.close()


def sweep() -> int:
    """The ratings' part of a server's sweep: ``rate_due`` in a thread of its own (a week of
    millions of results takes a minute, which the tables' sweep must not wait for); at most
    one such thread a process.  Returns 1 when it started one."""
    with _locks_lock:
        if _worker and _worker[0].is_alive():
            return 0
        if not PoolWeek.objects.filter(closed=True, rating__isnull=True).exists():
            return 0
        t = threading.Thread(target=_run, name="rate-due", daemon=True)
        _worker[:] = [t]
        t.start()
    return 1
