"""Leaderboards: a registry of rankings of players by one figure, filterable by club.

A ``Leaderboard`` names its figure (``figures.FIGURES``) and gives the ranked rows of a
population of players: ``ranked(club, population)`` is a queryset of ``{"user_id",
"value"}`` best first (``club``: the club asked for, or None; a club's own figure such as the
Rate is ranked in it); ``better(club, population, value)`` counts the rows strictly better
than a value (so a page starting anywhere knows its first place).  Tied values share a place, the next place
skips (1, 2, 2, 4).  ``masterpoints`` is registered here; the Rate and this week's points are
added the same way (``register``).

``page(board, club, offset, limit, lang)`` is what the page and the API call.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db.models import F, QuerySet
from django.utils.translation import gettext_lazy as _

from ...core.i18n import Lang
from ..accounts.models import User
from ..clubs.models import Club, Membership
from ..compete import ledger
from . import figures

__all__ = ["BOARDS", "Leaderboard", "Page", "Row", "names_of", "page", "place_of", "population",
           "register"]


@dataclass(frozen=True)
class Leaderboard:
    key: str  # the page's "by"
    title: Any  # lazy texts
    note: Any
    figure: str  # the figure it ranks by (a key of figures.FIGURES)
    # {"user_id", "value"} rows of the population, best first (ties: the lower user id).
    ranked: Callable[[Club | None, QuerySet[Any] | None], QuerySet[Any]]
    # How many rows of the population are strictly better than a value.
    better: Callable[[Club | None, QuerySet[Any] | None, Any], int]
    # A row's value (the figure cell's) as JSON fields: {"value": …, …}.
    to_json: Callable[[Any], dict[str, Any]]
    also: tuple[str, ...] = ()  # more figures shown beside it


BOARDS: dict[str, Leaderboard] = {}


def register(board: Leaderboard) -> None:
    BOARDS[board.key] = board


def _mp_ranked(_club: Club | None, population: QuerySet[Any] | None) -> QuerySet[Any]:
    return ledger.leaders(population).values("user_id", value=F("points"))


def _mp_better(_club: Club | None, population: QuerySet[Any] | None, value: Any) -> int:
    return ledger.leaders(population).filter(points__gt=value).count()


register(Leaderboard(
    "masterpoints", _("Masterpoints"),
    _("Masterpoints are won in the platform's competitions: 3 for a Swiss pairs win, "
      "2 or 1 for the next places. They only ever add up, and they set each player's rank."),
    "masterpoints", _mp_ranked, _mp_better,
    lambda v: {"value": figures.mp_number(v), "exact": ledger.exact_text(v)}))


def population(club: Club | None) -> QuerySet[Any] | None:
    """The user ids a board ranks: everyone (None), or the club's members with an account."""
    if club is None:
        return None
    return (Membership.objects.filter(club=club, player__user__isnull=False)
            .values("player__user_id"))


def names_of(user_ids: list[int], lang: Lang) -> dict[int, tuple[str, str, str]]:
    """Each player's name in the reader's language, in English and in Chinese (a user with
    no player entry: the user name)."""
    out = {}
    for u in User.objects.filter(pk__in=user_ids).select_related("player"):
        p = getattr(u, "player", None)
        if p is None:
            out[int(u.pk)] = (u.username, u.username, "")
        else:
            out[int(u.pk)] = (p.name_in(lang), p.name_en, p.name_zh)
    return out


@dataclass(frozen=True)
class Row:
    place: int
    user_id: int
    name: str  # in the reader's language
    name_en: str
    name_zh: str
    value: Any  # the board's exact value
    cells: dict[str, figures.Cell]


@dataclass(frozen=True)
class Page:
    board: Leaderboard
    club: Club | None
    rows: list[Row]
    count: int  # rows in the whole board
    offset: int
    limit: int
    figures: list[figures.Figure]


def page(board: Leaderboard, club: Club | None, offset: int, limit: int, lang: Lang) -> Page:
    pop = population(club)
    ranked = board.ranked(club, pop)
    count = ranked.count()
    chunk = list(ranked[offset:offset + limit])
    ids = [int(r["user_id"]) for r in chunk]
    names = names_of(ids, lang)
    # The title, the figure, and those shown beside it.
    shown = ["rank", *(k for k in (board.figure, *board.also) if k != "rank")]
    figs, cells = figures.cells(ids, lang, shown, club)
    # A figure beside the board's with nothing to show here (a club's own, on a board of
    # every club) is left out.
    figs = [f for f in figs if f.key in ("rank", board.figure)
            or any(f.key in c for c in cells.values())]
    rows: list[Row] = []
    for i, r in enumerate(chunk):
        v = r["value"]
        if i and v == chunk[i - 1]["value"]:
            place = rows[-1].place  # a tie shares the place
        else:
            place = offset + i + 1 if i else board.better(club, pop, v) + 1
        uid = int(r["user_id"])
        name, name_en, name_zh = names.get(uid, ("?", "", ""))
        own = cells.get(uid, {})
        figure = own.get(board.figure)
        rows.append(Row(place, uid, name, name_en, name_zh, v if figure is None else figure.value,
                        own))
    return Page(board, club, rows, count, offset, limit, figs)


def place_of(board: Leaderboard, club: Club | None, user_id: int) -> tuple[int, int] | None:
    """The player's place on the board and position in its order (0-based: the row's index),
    or None when they are not on it."""
    pop = population(club)
    ranked = board.ranked(club, pop)
    own = ranked.filter(user_id=user_id).first()
    if own is None:
        return None
    v = own["value"]
    better = board.better(club, pop, v)
    ties_before = ranked.filter(value=v, user_id__lt=user_id).count()
    return better + 1, better + ties_before
