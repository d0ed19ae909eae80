"""Masterpoints, ranks and leaderboards in the JSON API (mounted at /api/ by
bridgescore.web.api).

- ``GET /api/me/masterpoints``: the caller's masterpoints, rank, ledger and promotions.
- ``GET /api/players/{user_id}/masterpoints``: the same for a player: the player themself
  or a site administrator (the account page's rule: a ledger is its player's).
- ``GET /api/leaderboards/{by}?club=&limit=&offset=``: a leaderboard (``by``:
  ``masterpoints``, ``rate``, ``week_points``), the pages' rules: all players for anyone, a
  club's members for that club's members.  On ``rate`` of all players each row names the
  club of the player's highest Rate (``club``).
- ``GET /api/me/rate``: the caller's five figures (seed 002 §2) in each of their clubs, and
  the Rate's history there.
- ``GET /api/players/{user_id}/rate``: the same for a player, in the clubs the caller belongs
  to (all of them for the player and for a site administrator).

Masterpoints are numbers with a fraction part (``3.0``) and their exact value as text
(``"3"``, ``"3/2"``); a rank is ``{code, value, name_en, name_zh, name}``, ``name`` in the
request's language.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from django.http import HttpRequest, JsonResponse
from ninja import Query, Router, Schema
from ninja.errors import AuthenticationError
from pydantic import Field

from ...compete.ranks import Rank
from ...core.i18n import Lang
from ...core.text import excerpt
from ..accounts.bearer import who_asks
from ..accounts.models import User
from ..clubs.models import Club
from ..clubs.roles import is_administrator
from ..compete import ledger
from ..core.bilingual import lang as _lang
from ..core.errors import api_error
from . import boards
from .figures import mp_number
from .views import may_see_club_board

router = Router(auth=who_asks)


def _error(status: int, code: str, en: str, zh: str) -> JsonResponse:
    return JsonResponse(api_error(code, en, zh), status=status,
                        json_dumps_params={"ensure_ascii": False})


def _exact(x: Fraction) -> str:
    return ledger.exact_text(x)


def rank_json(rank: Rank, lang: Lang) -> dict[str, Any]:
    return {"code": rank.code, "value": rank.value, "name_en": rank.name_en,
            "name_zh": rank.name_zh, "name": rank.name_in(lang)}


def masterpoints_json(user: User, lang: Lang) -> dict[str, Any]:
    s = ledger.rank_settings()
    standing = ledger.standing_of(user)
    player = getattr(user, "player", None)
    history = ledger.history_of(user)  # totals and promotions from one dated ledger
    awards = [{
        "competition": e.award.competition_id, "name_en": e.award.competition.name_en,
        "name_zh": e.award.competition.name_zh, "name": e.award.competition.name_in(lang),
        "place": e.award.place, "masterpoints": mp_number(e.points), "exact": e.award.exact,
        "total": mp_number(e.total), "awarded_at": e.award.awarded_at.isoformat(),
        "results": f"/compete/{e.award.competition_id}/results/"}
        for e in history.entries]
    return {
        "player": {"id": str(user.pk), "name_en": player.name_en if player else user.username,
                   "name_zh": player.name_zh if player else "",
                   "name": player.name_in(lang) if player else user.username},
        "masterpoints": mp_number(standing.points), "exact": _exact(standing.points),
        "rank": rank_json(standing.rank, lang),
        "next_rank": None if standing.next is None else rank_json(standing.next, lang),
        "to_next": None if standing.to_next is None else mp_number(standing.to_next),
        "thresholds": list(s.thresholds),
        "ledger": awards,
        "promotions": [{"rank": rank_json(p.rank, lang), "threshold": p.threshold,
                        "competition": p.award.competition_id, "place": p.award.place,
                        "before": mp_number(p.before), "after": mp_number(p.after),
                        "promoted_at": p.promoted_at.isoformat()}
                       for p in history.promotions],
    }


@router.get("/me/masterpoints", summary="Your masterpoints, rank, ledger and promotions")
def my_masterpoints(request: HttpRequest) -> Any:
    if not request.user.is_authenticated:
        raise AuthenticationError()
    user = User.objects.select_related("player").get(pk=request.user.pk)
    return masterpoints_json(user, _lang())


@router.get("/players/{user_id}/masterpoints",
            summary="A player's masterpoints, rank, ledger and promotions (the player or an "
                    "administrator)")
def player_masterpoints(request: HttpRequest, user_id: int) -> Any:
    if not request.user.is_authenticated:
        raise AuthenticationError()
    if request.user.pk != user_id and not is_administrator(request.user):
        return _error(403, "forbidden", "A player's ledger is shown to that player only.",
                      "牌手的大师分记录仅本人可见。")
    user = User.objects.select_related("player").filter(pk=user_id).first()
    if user is None:
        return _error(404, "not_found", f"No player {user_id}.", f"没有编号为 {user_id} 的牌手。")
    return masterpoints_json(user, _lang())


class BoardQuery(Schema):
    club: str = Field("", max_length=200, description="a club's short name: its members only")
    limit: int = Field(50, ge=1, le=500)
    offset: int = Field(0, ge=0, le=10_000_000)


@router.get("/leaderboards/{by}",
            summary="A leaderboard: masterpoints, rate or week_points (filterable by club)")
def leaderboard(request: HttpRequest, by: str, q: Query[BoardQuery]) -> Any:
    board = boards.BOARDS.get(by)
    if board is None:
        known = ", ".join(boards.BOARDS)
        return _error(404, "not_found",
                      f"There is no leaderboard {excerpt(by)}: expected one of {known}.",
                      f"没有排行榜 {excerpt(by)}：应为以下之一：{known}。")
    club = None
    if q.club:
        club = Club.objects.filter(slug=q.club).first()
        if club is None:
            return _error(404, "not_found", f"No club {excerpt(q.club)}.",
                          f"没有俱乐部 {excerpt(q.club)}。")
        if not may_see_club_board(request.user, club):
            if not request.user.is_authenticated:
                raise AuthenticationError()
            return _error(403, "forbidden", "Only the club's members see its leaderboards.",
                          "只有本俱乐部会员可以查看其排行榜。")
    lang = _lang()
    p = boards.page(board, club, q.offset, q.limit, lang)
    rank_of_row = {r.user_id: r.cells.get("rank") for r in p.rows}
    return {
        "by": board.key, "club": club.slug if club else None, "count": p.count,
        "offset": q.offset, "limit": q.limit,
        "rows": [{"place": r.place,
                  "player": {"id": str(r.user_id), "name_en": r.name_en, "name_zh": r.name_zh,
                             "name": r.name},
                  **board.to_json(r.value),
                  **({"club": r.cells[board.figure].extra["club"]}
                     if board.figure in r.cells and "club" in r.cells[board.figure].extra else {}),
                  "rank": None if rank_of_row.get(r.user_id) is None
                  else rank_json(Rank(rank_of_row[r.user_id].value), lang)}  # type: ignore[union-attr]
                 for r in p.rows],
    }


# ------------------------------------------------------------------------------- the Rate


def _rate_number(x: float | None) -> float | None:
    return None if x is None else round(float(x), 2)


def rate_json(user: User, clubs: list[Club] | None, lang: Lang) -> dict[str, Any]:
    """The five figures in each club (``clubs``: those shown; None: all the player's), with
    the Rate's history there, oldest week first."""
    from .models import RatingHistory
    from .standing import player_figures

    player = getattr(user, "player", None)
    uid = int(user.pk)
    out = []
    figures = player_figures(uid, clubs)
    history: dict[int, list[dict[str, Any]]] = {}
    for h in (RatingHistory.objects.filter(player_id=uid, club_id__in=[c.pk for c, _f in figures])
              .select_related("week").order_by("club_id", "week__number")):
        history.setdefault(int(h.club_id), []).append({
            "week": h.week.number, "rate": _rate_number(h.rate), "weight": _rate_number(h.weight),
            "week_rate": _rate_number(h.week_rate), "week_boards": h.week_boards,
            "boards": h.played, "points": h.points, "average": _rate_number(h.average),
            "rated_at": h.week.rated_at.isoformat()})
    for c, f in figures:
        out.append({
            "club": {"slug": c.slug, "name_en": c.name_en, "name_zh": c.name_zh,
                     "name": c.name_in(lang)},
            "rate": _rate_number(f.rate), "rated": f.rated,
            "shown_rate": _rate_number(f.shown_rate),
            "week_points": f.week_points, "week_boards": f.week_boards,
            "total_boards": f.total_boards, "last_average": _rate_number(f.last_average),
            "history": history.get(int(c.pk), [])})
    return {"player": {"id": str(user.pk), "name_en": player.name_en if player else user.username,
                       "name_zh": player.name_zh if player else "",
                       "name": player.name_in(lang) if player else user.username},
            "clubs": out}


@router.get("/me/rate", summary="Your Rate and weekly figures in each of your clubs, with the "
                                "Rate's history")
def my_rate(request: HttpRequest) -> Any:
    if not request.user.is_authenticated:
        raise AuthenticationError()
    user = User.objects.select_related("player").get(pk=request.user.pk)
    return rate_json(user, None, _lang())


@router.get("/players/{user_id}/rate",
            summary="A player's Rate and weekly figures in the clubs you belong to (all of them "
                    "for the player and administrators)")
def player_rate(request: HttpRequest, user_id: int) -> Any:
    from .standing import player_clubs

    if not request.user.is_authenticated:
        raise AuthenticationError()
    user = User.objects.select_related("player").filter(pk=user_id).first()
    if user is None:
        return _error(404, "not_found", f"No player {user_id}.", f"没有编号为 {user_id} 的牌手。")
    clubs = player_clubs(user_id)
    if request.user.pk != user_id and not is_administrator(request.user):
        # A club both belong to is shown even before the player's first pool board there
        # (the figures say "not yet rated"), as the club's members page shows them.
        member_of = Club.objects.filter(memberships__player__user_id=user_id)
        known = {int(c.pk) for c in clubs}
        clubs = sorted([*clubs, *(c for c in member_of if int(c.pk) not in known)],
                       key=lambda c: c.slug)
        clubs = [c for c in clubs if may_see_club_board(request.user, c)]
        if not clubs:
            return _error(403, "forbidden",
                          "A player's Rate is shown to the members of the player's clubs only.",
                          "牌手的牌技指数仅其所在俱乐部的会员可见。")
    return rate_json(user, clubs, _lang())
