"""The Rate's demo: the club's board pool with three weeks closed and rated, so that the
pages show the members' Rates (牌技指数) and their history, and a fourth week open with
four boards played (this week's points and boards).

Eight more members join the pool players (a board rated needs six results: 24 different
players).  Each week twelve boards get seven results each, written through the row-level
fill (``fill``: scored as the pool scores them); who does well is a matter of each player's
strength and a seeded draw.  The pool's clock closes each week (``close_due``) and the
weekly job rates it (``weekly.rate_due``), as a server's sweep would.  Loading it twice
changes nothing (the club's pool is made once).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from ..accounts.models import Player, User
from ..clubs.models import Club, Membership
from ..compete import clock
from ..compete.models import PoolRoom, PoolWeek
from ..compete.pool import services as pool
from ..demo_users import password_hash
from . import weekly
from .fill import Row, disconnect, fill_week

WEEKS = 3
BOARDS = 12
RESULTS = 7  # a board's results a week (7 tables: 28 players)
OPEN_BOARDS = 4  # boards already played in the open week
MORE = [("tanghao", "Tang Hao", "唐浩"), ("fengyu", "Feng Yu", "冯雨"),
        ("dengli", "Deng Li", "邓丽"), ("caojun", "Cao Jun", "曹军"),
        ("pengfei", "Peng Fei", "彭飞"), ("xiaoqing", "Xiao Qing", "肖青"),
        ("tianye", "Tian Ye", "田野"), ("dongmei", "Dong Mei", "董梅")]
PASSWORD = "demo-member"


def _member(club: Club, username: str, name_en: str, name_zh: str) -> User:
    user = User.objects.filter(username=username).first()
    if user is None:
        user = User(username=username, email=f"{username}@example.org",
                    password=password_hash(PASSWORD))
        user.save()
        Player.objects.create(user=user, name_en=name_en, name_zh=name_zh)
    Membership.objects.get_or_create(club=club, player=user.player)
    return user


def load_pool_demo(club: Club, director: User, members: Sequence[User]) -> int:
    """The pool and its three rated weeks; how many weeks were rated now (0 the second time)."""
    if PoolRoom.objects.filter(club=club).exists():
        return 0
    people = [*members, *(_member(club, *m) for m in MORE)][:RESULTS * 4]
    rng = random.Random(1202)
    strength = {int(u.pk): rng.gauss(0, 1) for u in people}
    now = time.time()
    begin = now - WEEKS * 7 * 86_400 - 86_400
    try:
        clock.set(begin)
        week = pool.start_pool(club, director, boards=BOARDS, days=7, start=begin,
                               seed="demo", grace_seconds=60)
        def results(week: PoolWeek, boards: int) -> list[Row]:
            lib = pool.pool_of(week)
            rows: list[Row] = []
            for b in range(1, boards + 1):
                scores = sorted(s for s in lib.board(b).scores if abs(s) <= 1100)
                who = [int(u.pk) for u in rng.sample(people, RESULTS * 4)]
                for t in range(RESULTS):
                    n, e, s, w = who[4 * t:4 * t + 4]
                    edge = strength[n] + strength[s] - strength[e] - strength[w]
                    # The stronger side's score sits higher in the board's range.
                    at = 0.5 + 0.12 * edge + rng.gauss(0, 0.15)
                    rows.append((b, (n, e, s, w),
                                 scores[min(len(scores) - 1, max(0, int(at * len(scores))))]))
            return rows

        for _ in range(WEEKS):
            rows = results(week, BOARDS)
            fill_week(week, rows)
            # One dropped connection a week: 16 points off, the Rate 0 on that board.
            board, four, _ = rows[rng.randrange(len(rows))]
            disconnect(week, board, four[rng.randrange(4)])
            clock.set(week.end.timestamp() + 1)
            pool.close_due()
            week = PoolWeek.objects.get(club=club, number=week.number + 1)
        # The open week has begun: this week's points and boards are not all zero.
        fill_week(week, results(week, OPEN_BOARDS))
        return weekly.rate_due()
    finally:
        clock.real()
