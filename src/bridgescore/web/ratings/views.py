"""The ratings' pages: the leaderboards, and a player's whole masterpoints ledger.

Who sees what (docs/ranks.md, "On the platform"):
- a leaderboard of all players: anyone, as a federation publishes its masterpoint ranking
  (names, ranks and totals; never the e-mail or the awards themselves);
- a club's leaderboard: that club's members and directors and the site's administrators,
  as the club's member list is (a leaderboard of a club lists who belongs to it);
- a player's ledger: the player alone, as the account page is.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from ...core.text import excerpt
from ..clubs.models import Club, Membership
from ..clubs.roles import is_administrator, is_member
from ..core.bilingual import lang as _lang
from . import boards
from .profile import masterpoints_context

PAGE_SIZE = 50
MAX_PAGE = 100_000


def my_clubs(user: Any) -> list[Club]:
    """The clubs whose leaderboards the user may see (an administrator: every club)."""
    if not user.is_authenticated:
        return []
    if is_administrator(user):
        return list(Club.objects.order_by("slug"))
    ids = Membership.objects.filter(player__user_id=user.pk).values_list("club_id", flat=True)
    return list(Club.objects.filter(pk__in=list(ids)).order_by("slug"))


def may_see_club_board(user: Any, club: Club) -> bool:
    return bool(user.is_authenticated and is_member(user, club))


class _Bad(Exception):
    def __init__(self, message: str) -> None:
        self.message = message


def _page_number(raw: str | None) -> int:
    if raw is None or raw == "":
        return 1
    text = raw.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 6 or not 1 <= int(text) <= MAX_PAGE:
        raise _Bad(_("The page number %(page)s is not valid: expected a whole number from 1.")
                   % {"page": excerpt(raw)})
    return int(text)


@require_GET
def leaderboard(request: HttpRequest) -> HttpResponse:
    lang = _lang()
    by = request.GET.get("by") or "masterpoints"
    board = boards.BOARDS.get(by)
    slug = request.GET.get("club") or ""
    club = None
    if slug:
        if len(slug) > 50:  # no club has a longer short name
            raise Http404
        club = get_object_or_404(Club, slug=slug)
    context: dict[str, Any] = {"boards": list(boards.BOARDS.values()), "board": board,
                               "club": club, "clubs": my_clubs(request.user), "by": by}
    if club is not None and not may_see_club_board(request.user, club):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        context.update(error=_("Only the club's members see its leaderboards."), club=None)
        return render(request, "ratings/leaderboard.html", context, status=403)
    try:
        if board is None:
            raise _Bad(_("There is no leaderboard %(by)s: choose one of %(known)s.") % {
                "by": excerpt(by), "known": ", ".join(str(b.title) for b in boards.BOARDS.values())})
        number = _page_number(request.GET.get("page"))
    except _Bad as e:
        context["error"] = e.message
        return render(request, "ratings/leaderboard.html", context, status=400)
    p = boards.page(board, club, (number - 1) * PAGE_SIZE, PAGE_SIZE, lang)
    pages = max(1, -(-p.count // PAGE_SIZE))
    if number > pages:
        context["error"] = _("There is no page %(page)s: the last is %(last)s.") % {
            "page": number, "last": pages}
        return render(request, "ratings/leaderboard.html", context, status=400)

    def link(n: int) -> str:
        query: dict[str, str] = {"by": board.key, **({"club": club.slug} if club else {}),
                                 **({"page": str(n)} if n > 1 else {})}
        return f"{request.path}?{urlencode(query)}"

    mine = None
    if request.user.is_authenticated:
        found = boards.place_of(board, club, int(request.user.pk))
        if found is not None:
            place, index = found
            mine = {"place": place, "link": link(index // PAGE_SIZE + 1) + "#me",
                    "here": (number - 1) * PAGE_SIZE <= index < number * PAGE_SIZE}
    context.update({
        "page": p, "number": number, "pages": pages,
        "first": p.offset + 1, "last": p.offset + len(p.rows),
        "previous": link(number - 1) if number > 1 else None,
        "next": link(number + 1) if number < pages else None,
        "me": int(request.user.pk) if request.user.is_authenticated else None,
        "mine": mine,
        "tabs": [{"board": b, "link": f"{request.path}?" + urlencode(
            {"by": b.key, **({"club": club.slug} if club else {})}), "current": b.key == board.key}
            for b in boards.BOARDS.values()],
    })
    response = render(request, "ratings/leaderboard.html", context)
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_GET
def ledger(request: HttpRequest) -> HttpResponse:
    """The whole ledger of the player who asks (the profile shows the newest awards)."""
    return render(request, "ratings/ledger.html",
                  masterpoints_context(request.user, _lang(), limit=None))
