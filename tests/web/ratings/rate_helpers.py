"""Pool rows and rated weeks written directly, as the pool's services and the weekly job
would leave them: a week, its boards, a table's result with its four players' scores, a
rated week's history and standings."""

from __future__ import annotations

import datetime as dt
from typing import Any

from bridgescore.ratings import RateSettings
from bridgescore.web.accounts.models import User
from bridgescore.web.clubs.models import Club
from bridgescore.web.compete.models import (
    PoolBoard,
    PoolPlay,
    PoolResult,
    PoolScore,
    PoolWeek,
)
from bridgescore.web.play.models import PlayTable, Room
from bridgescore.web.ratings.models import RatingHistory, RatingStanding, RatingWeek

T0 = dt.datetime(2030, 3, 4, 12, 0, tzinfo=dt.UTC)
DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def week(club: Club, number: int, closed: bool = False) -> PoolWeek:
    start = T0 + dt.timedelta(days=7 * (number - 1))
    return PoolWeek.objects.create(club=club, number=number, start=start,
                                   end=start + dt.timedelta(days=7), boards=10, closed=closed,
                                   closed_at=start + dt.timedelta(days=7) if closed else None)


def board(w: PoolWeek, number: int) -> PoolBoard:
    return PoolBoard.objects.create(week=w, number=number, deal=DEAL, dealer=0, vulnerability=0)


def result(b: PoolBoard, four: list[User], ns_score: int, imps: int, arrival: int = 1,
           rate_zero: tuple[int, ...] = (), minutes: int = 0) -> PoolResult:
    """A table's result: NS score ``ns_score``, ``imps`` to NS (−imps to EW)."""
    room, _ = Room.objects.get_or_create(club=b.week.club, name_en="Pool")
    table = PlayTable.objects.create(room=room)
    n, e, s, w = (u.pk for u in four)
    play = PoolPlay.objects.create(board=b, table=table, index=1, north_id=n, east_id=e,
                                   south_id=s, west_id=w, status=PoolPlay.Status.RESULT,
                                   started_seq=1, ended_seq=2)
    at = b.week.start + dt.timedelta(hours=1, minutes=minutes)
    r = PoolResult.objects.create(board=b, play=play, arrival=arrival, ns_score=ns_score,
                                  contract="4S N =" if ns_score > 0 else "3NT N -1",
                                  north_id=n, east_id=e, south_id=s, west_id=w, at=at)
    for seat, u in enumerate(four):
        PoolScore.objects.create(result=r, week=b.week, board=b, player=u, seat=seat,
                                 imps=imps if seat in (0, 2) else -imps, provisional=False,
                                 datum=None, scored_at=arrival, rate_zero=seat in rate_zero)
    return r


# The settings the tests' figures are worked by hand in (S = 3, a newcomer's weight 24).
HAND = RateSettings(min_results=2, start_weight=24.0, imp_scale=3.0, fade=0.99)


def rated(w: PoolWeek, settings: RateSettings | None = None) -> RatingWeek:
    return RatingWeek.objects.create(
        week=w, club=w.club, number=w.number,
        settings=(settings or HAND).to_dict(), rated_at=w.end)


def history(rw: RatingWeek, u: User, **kw: Any) -> RatingHistory:
    fields: dict[str, Any] = {"rate": 50.0, "weight": 80.0, "boards": 0, "precision": 80.0,
                              "week_rate": None, "week_boards": 0, "played": 0, "points": 0,
                              "average": None}
    fields.update(kw)
    return RatingHistory.objects.create(week=rw, club=rw.club, player=u, **fields)


def standing(rw: RatingWeek, u: User, rate: float, played_total: int = 0,
             last_average: float | None = None, weight: float = 100.0) -> RatingStanding:
    return RatingStanding.objects.update_or_create(
        club=rw.club, player=u, defaults={"week": rw, "rate": rate, "weight": weight,
                                          "boards": played_total, "played_total": played_total,
                                          "last_average": last_average})[0]
