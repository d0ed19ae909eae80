"""The Rate (牌技指数) and the weekly figures of seed 002 §2 as figures and leaderboards.

Five figures join the registry (``figures.register``): the Rate, this week's points, this
week's boards, total boards and last week's average, each a club's (``memo["club"]``;
``standing.club_figures`` reads them for every player of a call at once).  Two leaderboards
join ``boards``: by Rate and by this week's points.  A club's board ranks its members by their
figures in that club.  The Rate is a club's (its players are rated against each other), so the
board of all players lists each rated player once, by their highest Rate, with the club it is
from; this week's points of all players are the sums over every club's open week.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Exists, F, IntegerField, OuterRef, Q, QuerySet, Subquery, Sum
from django.db.models.functions import Coalesce
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ...core.figures import fixed
from ...core.i18n import Lang
from ..accounts.models import User
from ..clubs.models import Club
from ..compete.models import PoolPenalty, PoolScore, PoolWeek
from . import boards, figures, standing
from .figures import Cell, Figure
from .models import RatingStanding

__all__ = ["rate_text", "week_points_text"]


def rate_text(rate: float) -> str:
    """A Rate as shown: two decimals, a minus sign for a negative one."""
    return fixed(rate, 2).replace("-", "−")


def week_points_text(points: int) -> str:
    return f"+{points}" if points > 0 else str(points).replace("-", "−")


def _club_figures(ids: list[int], memo: dict[str, Any]) -> dict[int, standing.Figures] | None:
    club = memo.get("club")
    if club is None:
        return None
    if "rate" not in memo:
        memo["rate"] = standing.club_figures(club, ids)
    out: dict[int, standing.Figures] = memo["rate"]
    return out


def _week_all(ids: list[int], memo: dict[str, Any]) -> dict[int, tuple[int, int]]:
    if "week_all" not in memo:
        memo["week_all"] = standing.week_points(PoolWeek.objects.filter(closed=False), ids)
    out: dict[int, tuple[int, int]] = memo["week_all"]
    return out


def _rate(ids: list[int], lang: Lang, memo: dict[str, Any]) -> dict[int, Cell]:
    got = _club_figures(ids, memo)
    if got is None:  # every club: the highest Rate, with its club
        return {uid: Cell(rate_text(s.rate), round(s.rate, 2), "rate",
                          extra={"club": s.club.slug, "club_name": s.club.name_in(lang)})
                for uid, s in standing.best_rates(ids).items()}
    out = {}
    for uid, f in got.items():
        if f.rate is None:
            out[uid] = Cell(_("%(rate)s (provisional)") % {"rate": rate_text(f.shown_rate)},
                            None, "rate provisional")
        else:
            out[uid] = Cell(rate_text(f.rate), round(f.rate, 2), "rate")
    return out


def _week_points(ids: list[int], _lang: Lang, memo: dict[str, Any]) -> dict[int, Cell]:
    got = _club_figures(ids, memo)
    pairs = ({u: (f.week_points, f.week_boards) for u, f in got.items()} if got is not None
             else _week_all(ids, memo))
    return {uid: Cell(week_points_text(p), p) for uid, (p, _n) in pairs.items()}


def _week_boards(ids: list[int], _lang: Lang, memo: dict[str, Any]) -> dict[int, Cell]:
    got = _club_figures(ids, memo)
    pairs = ({u: (f.week_points, f.week_boards) for u, f in got.items()} if got is not None
             else _week_all(ids, memo))
    return {uid: Cell(str(n), n) for uid, (_p, n) in pairs.items()}


def _total_boards(ids: list[int], _lang: Lang, memo: dict[str, Any]) -> dict[int, Cell]:
    got = _club_figures(ids, memo)
    if got is None:  # a club's figure only
        return {}
    return {uid: Cell(str(f.total_boards), f.total_boards) for uid, f in got.items()}


def _last_average(ids: list[int], _lang: Lang, memo: dict[str, Any]) -> dict[int, Cell]:
    got = _club_figures(ids, memo)
    if got is None:
        return {}
    return {uid: Cell("—" if f.last_average is None else rate_text(f.last_average),
                      None if f.last_average is None else round(f.last_average, 2))
            for uid, f in got.items()}


figures.register(Figure("rate", gettext_lazy("Rate"), _rate))
figures.register(Figure("week_points", gettext_lazy("This week's points"), _week_points))
figures.register(Figure("week_boards", gettext_lazy("This week's boards"), _week_boards))
figures.register(Figure("total_boards", gettext_lazy("Total boards"), _total_boards))
figures.register(Figure("last_average", gettext_lazy("Last week's average"), _last_average))


# ------------------------------------------------------------------------------ leaderboards


def _rate_ranked(club: Club | None, population: QuerySet[Any] | None) -> QuerySet[Any]:
    rows = RatingStanding.objects.all()
    if club is not None:
        rows = rows.filter(club=club)
    else:  # each player once: their best club (between equal Rates, the lower club id)
        better = RatingStanding.objects.filter(player_id=OuterRef("player_id")).filter(
            Q(rate__gt=OuterRef("rate")) | Q(rate=OuterRef("rate"), club_id__lt=OuterRef("club_id")))
        rows = rows.filter(~Exists(better))
    if population is not None:
        rows = rows.filter(player_id__in=population)
    return (rows.annotate(user_id=F("player_id"), value=F("rate")).values("user_id", "value")
            .order_by("-value", "user_id"))


def _rate_better(club: Club | None, population: QuerySet[Any] | None, value: Any) -> int:
    return _rate_ranked(club, population).filter(value__gt=value).count()


def _open_weeks(club: Club | None) -> QuerySet[PoolWeek]:
    weeks = PoolWeek.objects.filter(closed=False)
    if club is None:
        return weeks
    latest = weeks.filter(club=club).order_by("-number").values("pk")[:1]
    return PoolWeek.objects.filter(pk__in=latest)


def _points_ranked(club: Club | None, population: QuerySet[Any] | None) -> QuerySet[Any]:
    weeks = _open_weeks(club)
    scores = PoolScore.objects.filter(week__in=weeks)
    pens = PoolPenalty.objects.filter(week__in=weeks)
    users = User.objects.filter(Q(pk__in=scores.values("player_id"))
                                | Q(pk__in=pens.values("player_id")))
    if population is not None:
        users = users.filter(pk__in=population)

    def total(rows: QuerySet[Any], field: str) -> Coalesce:
        one = (rows.filter(player_id=OuterRef("pk")).order_by().values("player_id")
               .annotate(s=Sum(field)).values("s")[:1])
        return Coalesce(Subquery(one, output_field=IntegerField()), 0)

    return (users.annotate(user_id=F("pk"), value=total(scores, "imps") + total(pens, "points"))
            .values("user_id", "value").order_by("-value", "user_id"))


def _points_better(club: Club | None, population: QuerySet[Any] | None, value: Any) -> int:
    return _points_ranked(club, population).filter(value__gt=value).count()


boards.register(boards.Leaderboard(
    "rate", gettext_lazy("Rate"),
    gettext_lazy("The Rate measures how well a player plays the club's board pool, against "
          "the strength of the partner and the opponents: 50 is a new player's start, and a "
          "higher Rate is stronger play. It is worked out at each week's close. A club's Rate is "
          "its own; all players are listed by their highest Rate, with its club."),
    "rate", _rate_ranked, _rate_better, lambda v: {"value": round(float(v), 2)},
    also=("total_boards",)))
boards.register(boards.Leaderboard(
    "week_points", gettext_lazy("This week's points"),
    gettext_lazy("This week's points (本周积分) are the IMPs won on the board pool's boards this week, "
          "less disconnection penalties; they start again each week. All players: the sum over "
          "every club's week."),
    "week_points", _points_ranked, _points_better, lambda v: {"value": int(v)},
    also=("week_boards",)))
