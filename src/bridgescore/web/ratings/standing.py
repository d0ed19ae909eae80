"""The five figures a pool player carries in a club (seed 002 §2), read for many at once.

- the Rate (牌技指数): the club's ``RatingStanding`` (none: not yet rated; the first rated
  week starts from the library's start Rate, 50, so it is shown as provisional until then);
- this week's points (本周积分) and boards (本周副数): live, from the club's open pool week
  (the scores' IMPs plus the disconnection penalties, as ``pool.services.leaderboard`` sums
  them);
- total boards (总副数): the pool results of the rated weeks (``played_total``) plus those
  of the club's weeks not rated yet (the open week, and a closed one the weekly job has not
  reached);
- last week's average (上周平均分): the standing's ``last_average``.

``club_figures`` reads a club's figures of many players in five queries whatever their
number; ``player_figures`` gives one player's in every club they have a standing or a pool
result in.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Exists, OuterRef, Q, QuerySet, Sum

from ..clubs.models import Club
from ..compete.models import PoolPenalty, PoolScore, PoolWeek
from .models import RatingStanding

__all__ = ["START_RATE", "Figures", "best_rates", "club_figures", "player_clubs",
           "player_figures", "week_points"]

START_RATE = 50.0  # RateSettings().start_rate: a new player's first week starts from it


@dataclass(frozen=True)
class Figures:
    club_id: int
    player_id: int
    rate: float | None  # None: not yet rated
    weight: float | None
    week_points: int
    week_boards: int
    total_boards: int
    last_average: float | None

    @property
    def rated(self) -> bool:
        return self.rate is not None

    @property
    def shown_rate(self) -> float:
        """The Rate, or the start Rate a new player is rated from (provisional)."""
        return START_RATE if self.rate is None else self.rate


def _open_week(club: Club) -> PoolWeek | None:
    return PoolWeek.objects.filter(club=club, closed=False).order_by("-number").first()


def week_points(weeks: QuerySet[PoolWeek] | list[PoolWeek], ids: list[int] | None
                ) -> dict[int, tuple[int, int]]:
    """Each player's points (IMPs plus penalties) and boards in the given weeks."""
    scores = PoolScore.objects.filter(week__in=weeks)
    pens = PoolPenalty.objects.filter(week__in=weeks)
    if ids is not None:
        scores, pens = scores.filter(player_id__in=ids), pens.filter(player_id__in=ids)
    out: dict[int, tuple[int, int]] = {}
    for p, pts, n in scores.values_list("player_id").annotate(pts=Sum("imps"), n=Count("pk")):
        out[int(p)] = (int(pts or 0), int(n))
    for p, s in pens.values_list("player_id").annotate(s=Sum("points")):
        pts, n = out.get(int(p), (0, 0))
        out[int(p)] = (pts + int(s or 0), n)
    return out


def club_figures(club: Club, ids: list[int]) -> dict[int, Figures]:
    """The figures of the given players in ``club``: every one of them (a player with
    nothing there: not yet rated, zeros)."""
    ids = sorted(set(ids))
    if not ids:
        return {}
    standings = {int(s.player_id): s for s in
                 RatingStanding.objects.filter(club=club, player_id__in=ids)}
    week = _open_week(club)
    live = week_points([week], ids) if week is not None else {}
    unrated = dict(PoolScore.objects.filter(week__club=club, week__rating__isnull=True,
                                            player_id__in=ids)
                   .values_list("player_id").annotate(n=Count("pk")))
    out = {}
    for uid in ids:
        s = standings.get(uid)
        pts, n = live.get(uid, (0, 0))
        out[uid] = Figures(
            int(club.pk), uid, None if s is None else s.rate, None if s is None else s.weight,
            pts, n, (0 if s is None else s.played_total) + int(unrated.get(uid, 0)),
            None if s is None else s.last_average)
    return out


def player_clubs(user_id: int) -> list[Club]:
    """The clubs where a player has a Rate or a pool result, by short name."""
    has = Q(Exists(RatingStanding.objects.filter(club=OuterRef("pk"), player_id=user_id))) | Q(
        Exists(PoolScore.objects.filter(week__club=OuterRef("pk"), player_id=user_id)))
    return list(Club.objects.filter(has).order_by("slug"))


def player_figures(user_id: int, clubs: list[Club] | None = None) -> list[tuple[Club, Figures]]:
    """The player's figures in each of their clubs (``player_clubs``, or those given)."""
    return [(c, club_figures(c, [user_id])[user_id])
            for c in (player_clubs(user_id) if clubs is None else clubs)]


def best_rates(ids: list[int]) -> dict[int, RatingStanding]:
    """Each player's highest Rate over their clubs (between equal Rates, the club first
    rated in: the lower club id), with its club."""
    out: dict[int, RatingStanding] = {}
    for s in (RatingStanding.objects.filter(player_id__in=ids).select_related("club")
              .order_by("player_id", "-rate", "club_id")):
        out.setdefault(int(s.player_id), s)
    return out
