"""Benchmark: one result's arrival through the pool's service (``web.pool.services.
record_board``: the result stored, the board's earlier results read and scored with the
library's tally, the four players' score rows written — at the 6th, the first five tables'
twenty rows too — and the serving change stamped) in a week of 10,000 boards.

The board list is refreshed by htmx polling (every 3 s), not pushed, so the "push" of an
arrival is nothing here; the page's own query (``board_list``) is timed after the arrivals.

Run: .venv/bin/python benchmarks/bench_web_pool.py [--quick] [--pg-url URL]
``--quick``: 10 boards of 40 results (400 arrivals); else 100 boards (4,000).  SQLite (a
file in a scratch directory, WAL) unless ``--pg-url`` names a scratch PostgreSQL database.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--pg-url", default="")
    parser.add_argument("--boards", type=int, default=10_000)
    args = parser.parse_args()
    data = tempfile.mkdtemp(prefix="bench-pool-")
    os.environ.update(BRIDGESCORE_DATA_DIR=data, DJANGO_SETTINGS_MODULE="bridgescore.web.settings",
                      BRIDGESCORE_LOG_LEVEL="warning",
                      BRIDGESCORE_SECRET_KEY="bench-only-not-secret-0123456789abcdef")
    if args.pg_url:
        os.environ["DATABASE_URL"] = args.pg_url
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.utils import timezone

    from bridgescore.web.accounts.models import Player, User
    from bridgescore.web.clubs.models import Club, Membership
    from bridgescore.web.compete.models import PoolBoard, PoolPlay, PoolWeek
    from bridgescore.web.compete.pool import services as pool
    from bridgescore.web.play.models import PlayBoard, PlayTable, Room

    call_command("migrate", verbosity=0)
    boards_measured = 10 if args.quick else 100
    players = 160  # 40 tables of four, each plays every measured board once
    club = Club.objects.create(slug="bench", name_en="Bench", name_zh="测试")
    td = User.objects.create_user("td", "td@example.org", "x")
    Membership.objects.create(club=club, player=Player.objects.create(user=td, name_en="td"),
                              role="director")
    users = User.objects.bulk_create([User(username=f"p{i}") for i in range(players)])
    t = time.perf_counter()
    week = pool.start_pool(club, td, boards=args.boards, seed="bench")
    made = time.perf_counter() - t
    t = time.perf_counter()
    pool.pool_of(week)
    loaded = time.perf_counter() - t
    Membership.objects.create(club=club, player=Player.objects.create(user=users[0], name_en="p0"),
                              role="member")
    room = Room.objects.create(club=club, name_en="bench")
    tables = PlayTable.objects.bulk_create([PlayTable(room=room, boards=64) for _ in range(40)])
    times: list[float] = []
    sixth: list[float] = []
    rng_scores = [420, 450, -50, 170, 400, 420, 1440, -100, 140, 620]
    for b in range(1, boards_measured + 1):
        row = PoolBoard.objects.get(week=week, number=b)
        for k, table in enumerate(tables):
            four = users[4 * k:4 * k + 4]
            # As the board source would have served it (the serve is not what is timed).
            PoolPlay.objects.create(board=row, table=table, index=b, north=four[0],
                                    east=four[1], south=four[2], west=four[3], started_seq=0)
            score = rng_scores[(b + k) % len(rng_scores)]
            if score not in pool.pool_of(week).board(b).scores:
                score = 0
            pb = PlayBoard.objects.create(table=table, index=b, number=b, deal=row.deal,
                                          finished=timezone.now(), result="bench",
                                          score_ns=score)
            t = time.perf_counter()
            arrival = pool.record_board(pb)
            dt = time.perf_counter() - t
            assert arrival is not None
            (sixth if arrival.score.arrival == 6 else times).append(dt)
    t = time.perf_counter()
    rows = pool.board_list(PoolWeek.objects.get(pk=week.pk), users[0])
    listed = time.perf_counter() - t
    assert len(rows) == boards_measured
    ms = sorted(x * 1000 for x in times)
    print(f"backend: {connection.vendor}; week of {args.boards} boards "
          f"(dealt and stored in {made:.1f} s; the library's pool loaded in {loaded:.2f} s)")
    print(f"arrivals: {len(times) + len(sixth)} on {boards_measured} boards × 40")
    print(f"  an arrival (not the 6th): mean {statistics.mean(ms):.2f} ms, median "
          f"{ms[len(ms) // 2]:.2f} ms, p99 {ms[int(len(ms) * 0.99)]:.2f} ms")
    print(f"  the 6th (24 players scored): mean {statistics.mean(sixth) * 1000:.2f} ms")
    print(f"  a player's board list of {len(rows)} boards: {listed * 1000:.1f} ms")
    print(f"  load average {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
