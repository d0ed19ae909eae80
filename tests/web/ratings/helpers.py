"""Shared pieces of the ranks' tests: competitions to award from, and awards given through
the ledger (``compete.ledger.give``, the Swiss's own path), each in its transaction."""

from __future__ import annotations

import datetime
import re
from decimal import Decimal
from fractions import Fraction

from django.db import transaction

from bridgescore.web.accounts.models import User
from bridgescore.web.clubs.models import Club
from bridgescore.web.compete import clock, ledger
from bridgescore.web.compete import services as sv
from bridgescore.web.compete.models import (
    Competition,
    MasterpointAward,
    RankPromotion,
)

T0 = 1_900_000_000.0  # the fake clock's start (Unix seconds, 2030)
DAY = datetime.timedelta(days=1)
START = datetime.datetime(2030, 3, 1, 12, 0, tzinfo=datetime.UTC)


def event(club: Club, director: User, name_en: str, name_zh: str = "") -> Competition:
    """A competition to award masterpoints from (a pairs event that starts by the clock)."""
    clock.set(T0)
    try:
        return sv.create_competition(
            club, director, kind="pairs", name_en=name_en, name_zh=name_zh or f"{name_en}（中）",
            settings={"winners": 1, "boards_per_round": 1, "round_time": 600,
                      "start_at": T0 + 100, "deal_seed": 7})
    finally:
        clock.real()


def award(user: User, c: Competition, points: Fraction | int | str, place: int = 1,
          day: int = 0) -> tuple[MasterpointAward, list[RankPromotion]]:
    with transaction.atomic():
        return ledger.give(c, user, place, Fraction(points), START + day * DAY)


# ---------------------------------------------------------------------------- the ledger page

Row = tuple[str, int, str, str, list[int]]  # date, competition, +points, total, ranks marked ↑
Shown = tuple[int, str, int, str]  # a promotion listed: rank, date, competition, total


def ledger_page(html: str) -> tuple[list[Row], list[Shown]]:
    """The ledger page's rows (newest first: date, competition, points, running total and
    the ranks marked ↑ on the row) and its list of promotions (newest first: rank, date,
    competition, the total "in all"), read from the HTML as a reader sees them."""
    t = re.sub(r"\s+", " ", html)
    rows = [(date, int(cid), points, total,
             [int(k) for k in re.findall(r'<span class="reached">↑ <span class="rank rank-(\d+)">',
                                         event)])
            for date, cid, event, points, total in re.findall(
                r'<tr data-award="\d+"> <td class="date">([^<]*)</td> <td class="event">'
                r'<a href="/compete/(\d+)/results/">(.*?)</td> <td class="num place"[^>]*>\d+</td>'
                r'<td class="num points">([^<]*)</td><td class="num total"[^>]*>([^<]*)</td></tr>',
                t)]
    # "6 in all" in English, "累计 6 分" in Chinese.
    shown = [(int(k), date, int(cid), en or zh) for k, date, cid, en, zh in re.findall(
        r'<li><span><span class="rank rank-(\d+)">[^<]*</span>.*?<span class="when">([^ ]*) · '
        r'<a href="/compete/(\d+)/results/">[^<]*</a> · (?:([^ <]*) in all|累计 ([^ <]*) 分)</span>',
        t)]
    return rows, shown


def check_ledger_page(rows: list[Row], shown: list[Shown], thresholds: tuple[int, ...]) -> None:
    """The page agrees with itself: oldest first, each row's total is the one before plus
    its points; it is marked ↑ with exactly the ranks whose threshold lies between the total
    before it (exclusive) and its own (inclusive), so ranks never go down and every mark is
    at a total that reaches its rank; the list of promotions is those marks, newest first,
    with the row's date, competition and total."""
    before = Decimal(0)
    marks: list[Shown] = []
    for date, cid, points, total, ranks in reversed(rows):
        after = Decimal(total)
        assert after == before + Decimal(points.lstrip("+")), (date, cid, points, total)
        want = [k for k, t in enumerate(thresholds) if before < t <= after]
        assert ranks == want, (date, cid, before, after, ranks)
        marks += [(k, date, cid, total) for k in ranks]
        before = after
    assert [m[0] for m in marks] == sorted({m[0] for m in marks})  # each once, upwards
    assert shown == marks[::-1]
