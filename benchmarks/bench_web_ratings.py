"""Benchmark: the Rate's weekly close on the platform (``web/ratings/weekly.py``) — one pool
week of many results rated: read from the pool's rows, rated, and written back (every
player's history row and standing) in one transaction.

Run: .venv/bin/python benchmarks/bench_web_ratings.py --pg-url URL [--quick] [--out FILE]
Default: 10,000,000 results of 1,000,000 players (250,000 boards of 40 results; four
``PoolScore`` rows a result, 1,000 disconnection penalties); ``--quick``: 100,000 results of
10,000 players (a check, not a figure).  URL names an empty scratch PostgreSQL database
(migrated here).  The week is filled server-side (``INSERT … SELECT`` over
``generate_series``, foreign-key triggers off: the set-up, not what is timed), then
``rate_week_timed`` runs once and its read / rate / write split is printed with the peak
memory of this process (``ru_maxrss``) and a ratio against a naive ORM reader (model
instances) measured on a sample.  Targets: at most 60 s on one core and 4 GB at 10M.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import sys
import time


def rss_mb() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024


def fill(results: int, players: int) -> tuple[int, float]:
    """The week's rows; (the pool week's id, seconds)."""
    from django.db import connection

    from bridgescore.web.clubs.models import Club
    from bridgescore.web.compete import clock
    from bridgescore.web.compete.models import (
        PoolBoard,
        PoolPenalty,
        PoolPlay,
        PoolResult,
        PoolRoom,
        PoolScore,
        PoolWeek,
    )
    from bridgescore.web.play.models import PlayTable, Room

    t = time.perf_counter()
    club = Club.objects.create(slug="bench", name_en="Bench", name_zh="测试")
    room = Room.objects.create(club=club, name_en="Duplicate room", name_zh="复式室")
    PoolRoom.objects.create(club=club, room=room)
    table = PlayTable.objects.create(room=room, name="bench", status="finished")
    now = clock.moment()
    week = PoolWeek.objects.create(club=club, number=1, start=now, end=now, boards=0,
                                   closed=True, closed_at=now)
    boards = -(-results // 40)
    # Result i: board i / 40, arrival i % 40 + 1; its board's 160 players are consecutive ids
    # (mod the players) from a spread-out start, so nobody plays a board twice.
    player = (f"1 + (((i / 40) * 160 * 7919) % {players} + 4 * (i % 40) + {{seat}}) "
              f"% {players}")
    n, e, s, w = (player.format(seat=k) for k in range(4))
    series = f"generate_series(0::bigint, {results - 1}) i"
    statements = [
        "SET session_replication_role = replica",  # no foreign-key triggers while filling
        f"INSERT INTO accounts_user (id, password, is_superuser, username, first_name, "
        f"last_name, email, is_staff, is_active, date_joined, time_zone) SELECT g, '!', false, "
        f"'p' || g, '', '', '', false, true, now(), '' FROM generate_series(1, {players}) g",
        f"SELECT setval(pg_get_serial_sequence('accounts_user', 'id'), {players})",
        f"UPDATE {PoolWeek._meta.db_table} SET boards = {boards} WHERE id = {week.pk}",
        f"INSERT INTO {PoolBoard._meta.db_table} (id, week_id, number, deal, dealer, vulnerability) "
        f"SELECT g, {week.pk}, g, '', 0, 0 FROM generate_series(1, {boards}) g",
        f"INSERT INTO {PoolPlay._meta.db_table} (id, board_id, table_id, index, north_id, east_id, "
        f"south_id, west_id, status, started_seq, ended_seq, started) SELECT i + 1, i / 40 + 1, "
        f"{table.pk}, i + 1, {n}, {e}, {s}, {w}, 'result', 0, 0, now() FROM {series}",
        f"INSERT INTO {PoolResult._meta.db_table} (id, board_id, play_id, arrival, ns_score, contract, "
        f"north_id, east_id, south_id, west_id, at) SELECT i + 1, i / 40 + 1, i + 1, "
        f"i % 40 + 1, ((i * 7919) % 97 - 48) * 10, '', {n}, {e}, {s}, {w}, now() FROM {series}",
        f"INSERT INTO {PoolScore._meta.db_table} (result_id, week_id, board_id, player_id, seat, imps, "
        f"provisional, datum, scored_at, rate_zero) SELECT i + 1, {week.pk}, i / 40 + 1, "
        f"{player.format(seat='k')}, k, CASE WHEN k % 2 = 0 THEN 1 ELSE -1 END * "
        f"((i * 31) % 13 - 6), false, 0, 6, false FROM {series} CROSS JOIN "
        f"generate_series(0, 3) k",
        f"INSERT INTO play_disconnection (id, table_id, user_id, seat, dropped_at, recorded_at) "
        f"SELECT j + 1, {table.pk}, {n.replace('i', '(j * {r} / 1000)')}, 0, "
        f"now() + j * interval '1 second', now() FROM generate_series(0::bigint, 999) j"
        .replace("{r}", str(results)),
        f"INSERT INTO {PoolPenalty._meta.db_table} (disconnection_id, week_id, board_id, player_id, points, "
        f"rate_zero, at) SELECT j + 1, {week.pk}, (j * {results} / 1000) / 40 + 1, "
        f"{n.replace('i', '(j * {r} / 1000)')}, -16, true, now() "
        f"FROM generate_series(0::bigint, 999) j".replace("{r}", str(results)),
        "SET session_replication_role = DEFAULT",
        "ANALYZE",
    ]
    with connection.cursor() as cur:
        for sql in statements:
            cur.execute(sql)
    return int(week.pk), time.perf_counter() - t


def naive_read(week_id: int, sample: int) -> float:
    """Seconds a result for the obvious ORM reader: model instances of the results and of
    their penalties, then the arrays."""
    from bridgescore.ratings import WeekResults
    from bridgescore.web.compete.models import PoolPenalty, PoolResult

    t = time.perf_counter()
    rows = list(PoolResult.objects.filter(board__week_id=week_id).order_by("pk")[:sample])
    zero = {(p.board_id, p.player_id) for p in PoolPenalty.objects.filter(week_id=week_id)}
    WeekResults.of(board=[r.board_id for r in rows],
                   players=[[r.north_id, r.east_id, r.south_id, r.west_id] for r in rows],
                   ns_score=[r.ns_score for r in rows],
                   rate_zero=[[(r.board_id, p) in zero for p in
                               (r.north_id, r.east_id, r.south_id, r.west_id)] for r in rows])
    return (time.perf_counter() - t) / len(rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--pg-url", required=True, help="an empty scratch PostgreSQL database")
    parser.add_argument("--results", type=int, default=0)
    parser.add_argument("--players", type=int, default=0)
    parser.add_argument("--out", default="", help="write the figures to this JSON file")
    parser.add_argument("--again", action="store_true",
                        help="rate the week a previous run filled again (its ratings emptied)")
    args = parser.parse_args()
    results = args.results or (100_000 if args.quick else 10_000_000)
    players = args.players or (10_000 if args.quick else 1_000_000)
    os.environ.update(DATABASE_URL=args.pg_url, DJANGO_SETTINGS_MODULE="bridgescore.web.settings",
                      BRIDGESCORE_LOG_LEVEL="warning",
                      BRIDGESCORE_SECRET_KEY="bench-only-not-secret-0123456789abcdef")
    import django

    django.setup()
    import numpy as np
    from django.core.management import call_command
    from django.db import connection

    from bridgescore.web.compete.models import PoolResult
    from bridgescore.web.ratings.models import RatingHistory, RatingStanding
    from bridgescore.web.ratings.weekly import rate_week_timed

    if connection.vendor != "postgresql":
        print("this benchmark needs PostgreSQL (--pg-url)", file=sys.stderr)
        return 2
    call_command("migrate", verbosity=0)
    if args.again:
        from bridgescore.web.compete.models import PoolWeek

        week_id = int(PoolWeek.objects.get(club__slug="bench", number=1).pk)
        results = PoolResult.objects.count()
        with connection.cursor() as cur:
            cur.execute("TRUNCATE ratings_ratinghistory, ratings_ratingstanding, "
                        "ratings_ratingwindow, ratings_ratingweek")
            cur.execute(f"DELETE FROM {PoolWeek._meta.db_table} WHERE number > 1")
        print(f"postgresql: {results:,} results of {players:,} players, filled before")
    else:
        if PoolResult.objects.exists():
            print("the database is not empty: give a scratch one", file=sys.stderr)
            return 2
        week_id, setup = fill(results, players)
        print(f"postgresql: {results:,} results of {players:,} players filled in {setup:.1f} s")
    before = rss_mb()
    cpu0 = time.process_time()
    t = time.perf_counter()
    got = rate_week_timed(week_id)
    total = time.perf_counter() - t
    cpu = time.process_time() - cpu0
    peak = rss_mb()
    assert got is not None
    assert RatingHistory.objects.count() == got.players == players
    assert RatingStanding.objects.count() == players
    # The next week, nobody playing: the window (the first week's results) read from the row
    # the first close kept and fitted again, every standing updated in place (the first week
    # inserted them), the write a later week pays on top of its own history rows.
    from bridgescore.web.compete.models import PoolWeek

    first = PoolWeek.objects.get(pk=week_id)
    nxt = PoolWeek.objects.create(club_id=first.club_id, number=2, start=first.end,
                                  end=first.end, boards=0, closed=True, closed_at=first.end)
    with connection.cursor() as cur:  # the standings' updates so far, and heap-only ones
        cur.execute("SELECT pg_stat_force_next_flush()")
        cur.execute("SELECT pg_stat_get_tuples_updated(c.oid), "
                    "pg_stat_get_tuples_hot_updated(c.oid) FROM pg_class c "
                    "WHERE c.relname = 'ratings_ratingstanding'")
        upd0, hot0 = cur.fetchone()
    later = rate_week_timed(int(nxt.pk))
    assert later is not None
    time.sleep(1.0)  # the close's statistics reach the shared counters at its commit
    with connection.cursor() as cur:
        cur.execute("SELECT pg_stat_force_next_flush()")
        cur.execute("SELECT pg_stat_get_tuples_updated(c.oid), "
                    "pg_stat_get_tuples_hot_updated(c.oid) FROM pg_class c "
                    "WHERE c.relname = 'ratings_ratingstanding'")
        upd1, hot1 = cur.fetchone()
    sample = min(20_000, results)
    naive = naive_read(week_id, sample)
    ours = got.read / results
    figures = {
        "results": results, "players": players,
        "python": platform.python_version(), "numpy": np.__version__,
        "seconds": round(total, 2), "read_seconds": round(got.read, 2),
        "rate_seconds": round(got.rate, 2), "write_seconds": round(got.write, 2),
        "cpu_seconds": round(cpu, 2),
        "empty_week_seconds": round(later.read + later.rate + later.write, 2),
        "empty_week_write_seconds": round(later.write, 2),
        "empty_week_read_seconds": round(later.read, 2),
        "empty_week_rate_seconds": round(later.rate, 2),
        "empty_week_standings_updated": int(upd1 - upd0),
        "empty_week_heap_only_updates": int(hot1 - hot0),
        "load_average": round(os.getloadavg()[0], 1),
        "rss_before_mb": before, "peak_rss_mb": peak,
        "naive_results": sample, "naive_read_us_per_result": round(naive * 1e6, 2),
        "read_us_per_result": round(ours * 1e6, 3), "read_ratio": round(naive / ours),
    }
    print(f"  rate_week_of: {total:.1f} s (read {got.read:.1f} s, rate {got.rate:.1f} s, "
          f"write {got.write:.1f} s; this process's CPU {cpu:.1f} s)")
    print(f"  the next week, nobody playing ({players:,} standings updated in place): "
          f"{later.read + later.rate + later.write:.1f} s (read {later.read:.1f} s: the kept window; "
          f"fit {later.rate:.1f} s; write {later.write:.1f} s)")
    print(f"  the empty week's standings: {upd1 - upd0:,} updated, {hot1 - hot0:,} of them "
          f"heap-only (no index touched)")
    print(f"  peak memory {peak:,} MB (before {before:,} MB)")
    print(f"  read: {ours * 1e6:.3f} µs a result; a naive ORM reader {naive * 1e6:.1f} µs "
          f"({sample:,} results): {naive / ours:.0f}× slower")
    if args.out:
        with open(args.out, "w") as f:
            json.dump(figures, f, indent=2)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
