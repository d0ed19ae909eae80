"""Shared pieces of the ranks' tests: competitions to award from, and awards given through
the ledger (``compete.ledger.give``, the Swiss's own path), each in its transaction."""

from __future__ import annotations

import datetime
from fractions import Fraction

from django.db import transaction

from bridgescore.web.accounts.models import User
from bridgescore.web.clubs.models import Club
from bridgescore.web.compete import clock, ledger
from bridgescore.web.compete import services as sv
from bridgescore.web.compete.models import Competition, MasterpointAward, RankPromotion

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
