"""The Rate's weekly cycle on the platform (docs/ratings.md "On the platform").

When a club's pool week has closed (``pool.services.close_due``), ``rate_due`` — run by each
server's sweep, in a thread of its own so that the tables' sweep never waits for it — rates
it exactly once: the week's results are read from the pool's rows into a ``WeekResults``
(``read_week``: binary COPY in chunks on PostgreSQL, no model instances), the club's
``RatingStanding`` rows are the prior, the library's ``rate_week`` does the rest, and the
``RatingWeek``, every player's ``RatingHistory`` and the new standings are written in one
transaction (``bulk``).  Exactly once however many servers sweep: the pool week's row is
taken with ``skip_locked`` inside the transaction (SQLite: its single writer), and
``RatingWeek`` is unique per pool week and per club and number.  A club's weeks are rated in
order: week n waits until week n − 1 is rated, so a server that was down catches up week by
week.  ``week_rows`` is the pure arithmetic from the arrays to the rows, shared with the
recomputation (``recompute``), which must find the stored rows to the last digit.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
from django.conf import settings as django_settings
from django.db import IntegrityError, OperationalError, connection, transaction

from ...ratings import RateSettings, Ratings, WeekRating, WeekResults, rate_week
from ..compete import clock
from ..pool.models import PoolBoard, PoolPenalty, PoolResult, PoolScore, PoolWeek
from . import bulk
from .models import RatingHistory, RatingStanding, RatingWeek

if TYPE_CHECKING:
    from numpy.typing import NDArray

log = logging.getLogger(__name__)

__all__ = ["Timings", "WeekRows", "WeekTally", "rate_due", "rate_settings", "rate_week_of",
           "read_prior", "read_tally", "read_week", "sweep", "week_rows"]

CHUNK = 1 << 20  # rows read at a time


def _t(model: Any) -> str:
    return str(connection.ops.quote_name(model._meta.db_table))


def rate_settings() -> RateSettings:
    """The Django setting ``BRIDGESCORE_RATE`` (a ``RateSettings.to_dict()`` mapping), else
    the library's defaults."""
    given = getattr(django_settings, "BRIDGESCORE_RATE", None)
    return RateSettings() if given is None else RateSettings.from_dict(given)


# ---------------------------------------------------------------------------- reading


def read_week(week_id: int, chunk: int = CHUNK) -> WeekResults:
    """The pool week's results: board key = the ``PoolBoard`` id, the four players, the NS
    score; ``rate_zero`` where a disconnection penalty with ``rate_zero`` names the player and
    the board (a handful a week: matched against the rows in NumPy, no join)."""
    res, board = _t(PoolResult), _t(PoolBoard)
    where = f"FROM {res} r JOIN {board} b ON b.id = r.board_id WHERE b.week_id = %s"
    with connection.cursor() as cur:
        cur.execute(f"SELECT COUNT(*) {where}", [week_id])
        total = int(cur.fetchone()[0])
    zero = sorted((int(b), int(p)) for b, p in PoolPenalty.objects.filter(
        week_id=week_id, rate_zero=True, board__isnull=False).values_list("board_id", "player_id"))
    zero_keys = np.array([(b << 32) | p for b, p in zero], dtype=np.int64)
    sql = (f"SELECT CAST(r.board_id AS bigint), CAST(r.north_id AS bigint), "
           f"CAST(r.east_id AS bigint), CAST(r.south_id AS bigint), CAST(r.west_id AS bigint), "
           f"CAST(r.ns_score AS bigint) {where}")

    def pieces() -> Any:
        for b, n, e, s, w, score in bulk.read(sql, [week_id], "iiiiii", chunk):
            players = np.stack([n, e, s, w], axis=1)
            rz = np.zeros(players.shape, np.bool_)
            if zero_keys.size:
                if int(players.max()) >= 1 << 32 or int(b.max()) >= 1 << 31:
                    raise RuntimeError("ids too large for the penalties' keys")
                for seat in range(4):
                    rz[:, seat] = np.isin((b << 32) | players[:, seat], zero_keys)
            yield WeekResults(b, players, score, rz)

    return WeekResults.concat(pieces(), total)


@dataclass(frozen=True)
class WeekTally:
    """This week's pool figures of every player with a result (``player`` sorted): results
    (``played``) and points (their IMPs plus their disconnection penalties)."""

    player: NDArray[np.int64]
    played: NDArray[np.int64]
    points: NDArray[np.int64]


def read_tally(week_id: int) -> WeekTally:
    sql = (f"SELECT CAST(player_id AS bigint), CAST(SUM(imps) AS bigint), "
           f"CAST(COUNT(*) AS bigint) FROM {_t(PoolScore)} WHERE week_id = %s "
           f"GROUP BY player_id")
    parts = list(bulk.read(sql, [week_id], "iii"))
    if parts:
        player, imps, played = (np.concatenate([p[i] for p in parts]) for i in range(3))
    else:
        player = imps = played = np.zeros(0, np.int64)
    order = np.argsort(player, kind="stable")
    player, imps, played = player[order], imps[order], played[order]
    points = imps.copy()
    pens = PoolPenalty.objects.filter(week_id=week_id).values_list("player_id", "points")
    for pid, pts in pens:
        at = int(np.searchsorted(player, pid))
        if at < player.size and int(player[at]) == pid:  # no result: not in the history
            points[at] += int(pts)
    return WeekTally(player, played, points)


def read_prior(club_id: int) -> Ratings:
    sql = (f"SELECT CAST(player_id AS bigint), CAST(rate AS double precision), "
           f"CAST(weight AS double precision), CAST(boards AS bigint) "
           f"FROM {_t(RatingStanding)} WHERE club_id = %s")
    parts = list(bulk.read(sql, [club_id], "iffi"))
    if not parts:
        return Ratings.empty()
    cols = [np.concatenate([p[i] for p in parts]) for i in range(4)]
    return Ratings(cols[0], cols[1], cols[2], cols[3])


# ---------------------------------------------------------------------------- the arithmetic


@dataclass(frozen=True)
class WeekRows:
    """What a rated week writes.  History (one per player with a result, ``player`` sorted;
    NaN for none): ``rate``, ``weight``, ``boards``, ``pass_rate``, ``week_rate``,
    ``week_boards``, ``played``, ``points``, ``average``.  Standings (one per player of the
    new ratings, ``rating.ratings.player``): the new Rate, weight and boards from ``rating``,
    ``stand_played`` (this week's results, 0 if away) and ``stand_average`` (NaN if away)."""

    rating: WeekRating
    player: NDArray[np.int64]
    rate: NDArray[np.float64]
    weight: NDArray[np.float64]
    boards: NDArray[np.int64]
    pass_rate: NDArray[np.float64]
    week_rate: NDArray[np.float64]
    week_boards: NDArray[np.int64]
    played: NDArray[np.int64]
    points: NDArray[np.int64]
    average: NDArray[np.float64]
    stand_played: NDArray[np.int64]
    stand_average: NDArray[np.float64]


def week_rows(prior: Ratings, week: WeekResults, tally: WeekTally, st: RateSettings) -> WeekRows:
    done = rate_week(prior, week, st)
    new = done.ratings
    assert done.pass_rate is not None
    at = np.searchsorted(new.player, tally.player)
    if tally.player.size and not bool(np.all(new.player[np.minimum(at, new.player.size - 1)]
                                             == tally.player)):
        raise RuntimeError("a player has pool scores but no result this week")
    week_rate = np.full(tally.player.size, np.nan)
    week_boards = np.zeros(tally.player.size, np.int64)
    rated = np.searchsorted(tally.player, done.player)
    week_rate[rated] = done.week_rate
    week_boards[rated] = done.boards
    with np.errstate(divide="ignore", invalid="ignore"):
        average = np.where(tally.played > 0, tally.points / np.maximum(tally.played, 1), np.nan)
    stand_played = np.zeros(new.player.size, np.int64)
    stand_played[at] = tally.played
    stand_average = np.full(new.player.size, np.nan)
    stand_average[at] = average
    return WeekRows(done, tally.player, new.rate[at], new.weight[at], new.boards[at],
                    done.pass_rate[at], week_rate, week_boards, tally.played, tally.points,
                    average, stand_played, stand_average)


# ---------------------------------------------------------------------------- writing

_HISTORY_IN = ("player_id", "rate", "weight", "boards", "pass_rate", "week_rate", "week_boards",
               "played", "points", "average")
_HISTORY_KINDS = "iffiffiiif"
_STANDING_IN = ("player_id", "rate", "weight", "boards", "played", "last_average")
_STANDING_KINDS = "iffiif"


def _temp(cur: Any, name: str, columns: tuple[str, ...], kinds: str) -> None:
    cur.execute(f"DROP TABLE IF EXISTS {name}")
    cols = ", ".join(f"{c} {'bigint' if k == 'i' else 'double precision'}"
                     for c, k in zip(columns, kinds, strict=True))
    cur.execute(f"CREATE TEMPORARY TABLE {name} ({cols})")


def _write(rw: RatingWeek, rows: WeekRows) -> None:
    hist, stand = _t(RatingHistory), _t(RatingStanding)
    with connection.cursor() as cur:
        _temp(cur, "rating_history_in", _HISTORY_IN, _HISTORY_KINDS)
        _temp(cur, "rating_standing_in", _STANDING_IN, _STANDING_KINDS)
    bulk.write("rating_history_in", _HISTORY_IN,
               [rows.player, rows.rate, rows.weight, rows.boards, rows.pass_rate,
                rows.week_rate, rows.week_boards, rows.played, rows.points, rows.average],
               _HISTORY_KINDS)
    new = rows.rating.ratings
    bulk.write("rating_standing_in", _STANDING_IN,
               [new.player, new.rate, new.weight, new.boards, rows.stand_played,
                rows.stand_average], _STANDING_KINDS)
    with connection.cursor() as cur:
        cur.execute(
            f"INSERT INTO {hist} (week_id, club_id, player_id, rate, weight, boards, pass_rate, "
            f"week_rate, week_boards, played, points, average) SELECT %s, %s, player_id, rate, "
            f"weight, boards, pass_rate, NULLIF(week_rate, 'NaN'), week_boards, played, points, "
            f"NULLIF(average, 'NaN') FROM rating_history_in", [rw.pk, rw.club_id])
        # Everyone of the new ratings: one who stayed away keeps the Rate, the weight fades.
        cur.execute(
            f"INSERT INTO {stand} (club_id, player_id, week_id, rate, weight, boards, "
            f"played_total, last_average) SELECT %s, player_id, %s, rate, weight, boards, "
            f"played, NULLIF(last_average, 'NaN') FROM rating_standing_in WHERE true "
            f"ON CONFLICT (club_id, player_id) DO UPDATE SET week_id = excluded.week_id, "
            f"rate = excluded.rate, weight = excluded.weight, boards = excluded.boards, "
            f"played_total = {stand}.played_total + excluded.played_total, "
            f"last_average = excluded.last_average", [rw.club_id, rw.pk])
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
    results = read_week(week_id)
    tally = read_tally(week_id)
    t1 = time.perf_counter()
    rows = week_rows(prior, results, tally, st)
    t2 = time.perf_counter()
    rw = RatingWeek.objects.create(week=week, club_id=week.club_id, number=week.number,
                                   settings=st.to_dict(), results=len(results),
                                   players=int(rows.player.size), rated_at=clock.moment())
    _write(rw, rows)
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
