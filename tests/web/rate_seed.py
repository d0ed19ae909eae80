"""Three rated weeks and an open one of the demo club's board pool, for the Rate's browser
test and screenshots (until the demo makes its own): run in the site's environment,
``python -m tests.web.rate_seed`` (it sets Django up).  The demo's members and eight more
players (a rated board needs six results: 24 players) play four boards a week, scored and
rated by the pool's and the weekly job's own code."""

from __future__ import annotations

import random
import time

DAY = 86_400.0


def seed() -> None:
    from bridgescore.web.accounts.models import Player, User
    from bridgescore.web.clubs.models import Club, Membership
    from bridgescore.web.compete import clock
    from bridgescore.web.pool import services as pool
    from bridgescore.web.pool.models import PoolWeek
    from bridgescore.web.ratings import weekly
    from bridgescore.web.ratings.fill import disconnect, fill_week

    club = Club.objects.get(slug="demo")
    if PoolWeek.objects.filter(club=club).exists():
        return
    director = User.objects.get(player__memberships__club=club,
                                player__memberships__role="director")
    for i in range(1, 9):
        u = User.objects.create_user(f"pool{i}", f"pool{i}@example.org", "demo-member")
        p = Player.objects.create(user=u, name_en=f"Pool Player {i}", name_zh=f"牌库牌手{i}")
        Membership.objects.create(club=club, player=p, role="member")
    ids = sorted(int(u) for u in Membership.objects.filter(
        club=club, role="member", player__user__isnull=False).values_list("player__user_id",
                                                                            flat=True))
    me = int(User.objects.get(username="zhangmin").pk)
    rng = random.Random(2026)
    start = time.time() - 3.5 * 7 * DAY
    clock.set(start)
    week = pool.start_pool(club, director, boards=12, days=7, start=start, seed="rate-demo")
    for n in range(1, 5):
        lib = pool.pool_of(week)
        rows = []
        for b in range(1, 5 if n < 4 else 3):
            who = rng.sample([i for i in ids if i != me], 23)
            who.insert(rng.randrange(12), me)  # at one of the first three tables
            scores = sorted(s for s in lib.board(b).scores if abs(s) <= 1500)
            tables = 6 if n < 4 else 3
            for t in range(tables):
                rows.append((b, who[4 * t:4 * t + 4], rng.choice(scores)))
        fill_week(week, rows)
        if n == 2:
            disconnect(week, 3, ids[5])
        if n == 4:
            break
        clock.set(start + n * 7 * DAY + 600)
        while pool.close_due():
            pass
        weekly.rate_due()
        week = PoolWeek.objects.get(club=club, number=n + 1)
    clock.real()


if __name__ == "__main__":
    import django

    django.setup()
    seed()
