"""Benchmark: masterpoints and ranks on the platform — the leaderboard, a club's members
with their ranks, a player's ledger, and an award with its promotions — on a platform of
many players and awards.

Run: .venv/bin/python benchmarks/bench_web_ranks.py [--quick] [--pg-url URL]
Default: 20,000 players, 2,000 competitions of 100 awards (200,000 awards), a club of 500
members, one player with 300 awards; ``--quick``: a tenth of it (a check, not a figure).
SQLite (a file in a scratch directory, WAL) unless ``--pg-url`` names a scratch PostgreSQL
database.  The awards are inserted in bulk (the set-up, not what is timed); each timed
operation runs as the pages and the Swiss's last bell run it.  Prints the median of a few
runs of each.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any


def timed(fn: Callable[[], Any], runs: int = 7) -> float:
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return statistics.median(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--pg-url", default="")
    args = parser.parse_args()
    scale = 10 if args.quick else 1
    players, competitions, per = 20_000 // scale, 2_000 // scale, 100
    data = tempfile.mkdtemp(prefix="bench-ranks-")
    os.environ.update(BRIDGESCORE_DATA_DIR=data, DJANGO_SETTINGS_MODULE="bridgescore.web.settings",
                      BRIDGESCORE_LOG_LEVEL="warning",
                      BRIDGESCORE_SECRET_KEY="bench-only-not-secret-0123456789abcdef")
    if args.pg_url:
        os.environ["DATABASE_URL"] = args.pg_url
    import django

    django.setup()
    from decimal import Decimal
    from fractions import Fraction

    from django.core.management import call_command
    from django.db import connection, transaction

    from bridgescore.compete.masterpoints import place_points
    from bridgescore.web.accounts.models import Player, User
    from bridgescore.web.clubs.models import Club, Membership
    from bridgescore.web.compete import ledger
    from bridgescore.web.compete.models import Competition, MasterpointAward
    from bridgescore.web.ratings import boards, figures
    from bridgescore.web.ratings.profile import masterpoints_context

    call_command("migrate", verbosity=0)
    rng = random.Random(12)
    t0 = time.perf_counter()
    club = Club.objects.create(slug="bench", name_en="Bench", name_zh="测试")
    users = User.objects.bulk_create([User(username=f"p{i}") for i in range(players)],
                                     batch_size=2000)
    Player.objects.bulk_create([Player(user=u, name_en=f"Player {u.pk}", name_zh=f"牌手{u.pk}")
                                for u in users], batch_size=2000)
    members = users[:500]
    Membership.objects.bulk_create([Membership(club=club, player=u.player) for u in members])
    cs = Competition.objects.bulk_create(
        [Competition(club=club, kind="swiss", name_en=f"Swiss {i}", status="finished")
         for i in range(competitions)], batch_size=2000)
    points = place_points(per // 2 * 2)  # a field of 100 pairs: places 1-10 score
    heavy = users[1]
    rows = []
    at = datetime.datetime(2030, 1, 1, tzinfo=datetime.UTC)
    for k, c in enumerate(cs):
        field = rng.sample(users, per)
        if k < 300 and heavy not in field:
            field[0] = heavy
        for place, u in enumerate(field, 1):
            p = points[(place - 1) // 2] if place <= 20 else 1 if place <= 60 else 0
            p = p or 1  # every row of the ledger is an award (a real ledger has no zeros)
            rows.append(MasterpointAward(user=u, competition=c, place=place, points=Decimal(p),
                                         exact=str(p), awarded_at=at))
    MasterpointAward.objects.bulk_create(rows, batch_size=5000)
    t = time.perf_counter()
    ledger.rebuild_totals()  # the awards came in bulk, not through give()
    rebuilt = time.perf_counter() - t
    if connection.vendor == "postgresql":
        with connection.cursor() as cur:
            cur.execute("ANALYZE")
    setup = time.perf_counter() - t0
    board = boards.BOARDS["masterpoints"]
    print(f"{connection.vendor}: {players:,} players, {len(rows):,} awards, a club of "
          f"{len(members)} members (set-up {setup:.1f} s; every total made again from the "
          f"ledger: {rebuilt:.1f} s)")
    figures_ = [
        ("leaderboard, all players: page 1 of 50", lambda: boards.page(board, None, 0, 50, "en")),
        ("leaderboard, all players: page 100", lambda: boards.page(board, None, 4950, 50, "en")),
        ("leaderboard, the club: page 1", lambda: boards.page(board, club, 0, 50, "en")),
        ("a player's place (all players)", lambda: boards.place_of(board, None, int(users[7].pk))),
        ("the club's 500 members' rank and masterpoints",
         lambda: figures.cells([int(u.pk) for u in members], "en")),
        ("a player's ledger of 300 awards (the profile's section)",
         lambda: masterpoints_context(heavy, "en")),
    ]
    for name, fn in figures_:
        print(f"  {name:<58} {timed(fn) * 1000:8.1f} ms")

    extra = Competition.objects.bulk_create(
        [Competition(club=club, kind="swiss", name_en=f"Late {i}", status="finished")
         for i in range(20)])
    it = iter(extra)

    def give() -> None:
        with transaction.atomic():
            ledger.give(next(it), heavy, 1, Fraction(3), at)

    print(f"  {'an award with its promotions (300 awards before)':<58} "
          f"{timed(give, runs=15) * 1000:8.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
