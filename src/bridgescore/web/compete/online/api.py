"""The player groups' part of the JSON API (mounted at /api/ by bridgescore.web.api).

Everything the groups' pages do, for a script with a bearer token (or a page's session),
through the same service (``groups``, which checks the rights):

- ``GET /api/clubs/{slug}/groups``: the club's groups (not dissolved), with their leaders,
  members and places on the club's ladders; ``POST`` makes one {kind, name_en, name_zh}.
- ``GET /api/groups/{id}``: one group (also a dissolved one); ``PATCH`` renames it;
  ``GET /api/groups/{id}/log``: its log, newest first.
- ``POST /api/groups/{id}/invitations`` {user}; ``POST /api/invitations/{id}/accept``,
  ``…/decline``, ``…/withdraw``; ``GET /api/invitations``: the caller's, waiting.
- ``DELETE /api/groups/{id}/members/{user}``: the leader removes a member, or a member
  leaves (their own id); ``POST /api/groups/{id}/leader`` {user}: the leadership handed
  over; ``POST /api/groups/{id}/dissolve``.
- ``POST /api/groups/{id}/ladders/{ladder}``: entered on a ladder of the club;
  ``PUT /api/groups/{id}/matches/{match}/lineup`` {players: four user ids in seat order}.

Answers: 200 (201 for something new), 400 with the service's words (a limit, a name taken,
a line-up refused), 401 without a log-in, 403 for a right the caller lacks (not a member of
the club, not the leader, not the invited player), 404 for what does not exist, 422 for a
request the schema refuses.  Every error is ``{code, message, en, zh}``.
"""

from __future__ import annotations

from typing import Annotated, Any

from django.http import HttpRequest
from ninja import Path, Router, Schema
from ninja.responses import Status

from ...accounts.models import User
from ...clubs.models import Club
from .. import services as sv
from ..models import Competition, GroupInvitation, PlayerGroup
from . import groups

router = Router()

Id = Annotated[int, Path(ge=1, le=2_147_483_647)]


class ErrorOut(Schema):
    code: str
    message: str
    en: str
    zh: str


_ERRORS: dict[int, type[ErrorOut]] = {400: ErrorOut, 403: ErrorOut, 404: ErrorOut}


class NewGroupIn(Schema):
    kind: str = "team"
    name_en: str = ""
    name_zh: str = ""


class NamesIn(Schema):
    name_en: str = ""
    name_zh: str = ""


class UserIn(Schema):
    user: int


class LineupIn(Schema):
    players: list[int]


def _club(request: HttpRequest, slug: str) -> Club:
    club = Club.objects.filter(slug=slug).first()
    if club is None:
        raise groups.NotFound(f"There is no club {slug[:40]!r}.", f"没有俱乐部 {slug[:40]!r}。")
    if not groups.may_see(request.user, club):
        raise groups.GroupRefused("Only the club's members see its player groups.",
                                  "只有本俱乐部会员可以查看其牌手团体。", "not_member")
    return club


def _group(request: HttpRequest, pk: int) -> PlayerGroup:
    g = PlayerGroup.objects.select_related("club", "leader__player").filter(pk=pk).first()
    if g is None:
        raise groups.NotFound(f"There is no player group {pk}.", f"没有编号为 {pk} 的牌手团体。")
    _club(request, g.club.slug)
    return g


def _person(u: User | None) -> dict[str, Any] | None:
    if u is None:
        return None
    p = getattr(u, "player", None)
    return {"id": int(u.pk), "username": u.get_username(),
            "name_en": p.name_en if p is not None else "",
            "name_zh": p.name_zh if p is not None else ""}


def group_out(g: PlayerGroup, user: Any, detail: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": int(g.pk), "club": g.club.slug, "kind": g.kind, "name_en": g.name_en,
        "name_zh": g.name_zh, "entrant": g.entrant_id, "leader": _person(g.leader),
        "members": [{**(_person(m.user) or {}), "joined": m.joined.isoformat()}
                    for m in groups.members(g)],
        "created": g.created.isoformat(),
        "dissolved": None if g.dissolved is None else g.dissolved.isoformat(),
        "ladders": [{"ladder": int(p["ladder"].pk), "place": p["place"], "of": p["of"]}
                    for p in groups.places(g, groups.ladders(g.club))],
        "page": f"/groups/{g.pk}/"}
    if detail:
        leader = user.is_authenticated and g.leader_id == user.pk
        out["invitations"] = [
            {"id": int(i.pk), "user": _person(i.user), "created": i.created.isoformat()}
            for i in groups.pending_invitations(g) if leader or i.user_id == user.pk]
        matches = []
        if g.dissolved is None:
            for m in groups.unfinished_matches(g):
                side, players = groups.side_of(m, g)
                st = sv.state_of(m)
                matches.append({"match": int(m.pk), "side": side, "status": m.status,
                                "starts": st.settings.start_at,
                                "lineup_locked": st.match.phase.value != "ready",
                                "lineup": [int(p) if p.isdigit() else p for p in players]})
        out["matches"] = matches
    return out


def _invitation_out(i: GroupInvitation) -> dict[str, Any]:
    return {"id": int(i.pk), "group": int(i.group_id), "user": _person(i.user),
            "status": i.status, "created": i.created.isoformat(),
            "answered": None if i.answered is None else i.answered.isoformat()}


@router.get("/clubs/{slug}/groups", response={200: list[dict[str, Any]], **_ERRORS},
            summary="A club's player groups (teams 队 and player clubs 帮派)")
def club_groups(request: HttpRequest, slug: str) -> Any:
    club = _club(request, slug)
    return [group_out(g, request.user) for g in groups.active_groups(club)
            .select_related("club", "leader__player").order_by("pk")]


@router.post("/clubs/{slug}/groups", response={201: dict[str, Any], **_ERRORS},
             summary="Make a player group: the caller leads it")
def create_group(request: HttpRequest, slug: str, data: NewGroupIn) -> Any:
    club = _club(request, slug)
    g = groups.create(club, request.user, kind=data.kind, name_en=data.name_en,
                      name_zh=data.name_zh)
    return Status(201, group_out(g, request.user, True))


@router.get("/groups/{group_id}", response={200: dict[str, Any], **_ERRORS},
            summary="A player group: leader, members, ladders, matches, invitations")
def group_detail(request: HttpRequest, group_id: Id) -> Any:
    return group_out(_group(request, group_id), request.user, True)


@router.patch("/groups/{group_id}", response={200: dict[str, Any], **_ERRORS},
              summary="Rename a group (its leader)")
def rename_group(request: HttpRequest, group_id: Id, data: NamesIn) -> Any:
    g = groups.rename(_group(request, group_id), request.user, data.name_en, data.name_zh)
    return group_out(g, request.user, True)


@router.get("/groups/{group_id}/log", response={200: list[dict[str, Any]], **_ERRORS},
            summary="A group's log: who changed what, when (newest first)")
def group_log(request: HttpRequest, group_id: Id) -> Any:
    g = _group(request, group_id)
    return [{"at": r.at.isoformat(), "action": r.action,
             "by": None if r.by_user_id is None else int(r.by_user_id),
             "user": None if r.user_id is None else int(r.user_id), "data": r.data}
            for r in g.log.order_by("-id")[:500]]


@router.post("/groups/{group_id}/invitations", response={201: dict[str, Any], **_ERRORS},
             summary="Invite a member of the club (the leader); they join when they accept")
def invite(request: HttpRequest, group_id: Id, data: UserIn) -> Any:
    inv = groups.invite(_group(request, group_id), request.user, str(data.user))
    return Status(201, _invitation_out(inv))


@router.get("/invitations", response={200: list[dict[str, Any]], **_ERRORS},
            summary="The caller's invitations waiting for an answer")
def my_invitations(request: HttpRequest) -> Any:
    return [_invitation_out(i) for i in groups.invitations_for(request.user)]


def _inv(request: HttpRequest, pk: int) -> GroupInvitation:
    inv = GroupInvitation.objects.select_related("group__club", "user__player").filter(
        pk=pk).first()
    if inv is None or not (inv.user_id == request.user.pk
                           or groups.may_see(request.user, inv.group.club)):
        raise groups.NotFound(f"There is no invitation {pk}.", f"没有编号为 {pk} 的邀请。")
    return inv


@router.post("/invitations/{invitation_id}/{answer}", response={200: dict[str, Any], **_ERRORS},
             summary="Answer an invitation (accept, decline: the invited player) or withdraw "
                     "it (the leader)")
def answer(request: HttpRequest, invitation_id: Id, answer: str) -> Any:
    inv = _inv(request, invitation_id)
    if answer == "withdraw":
        groups.withdraw(inv, request.user)
    elif answer in ("accept", "decline"):
        groups.answer(inv, request.user, answer == "accept")
    else:
        raise groups.NotFound(f"no such answer {answer[:20]!r}: accept, decline or withdraw",
                              f"没有 {answer[:20]!r} 这种答复：accept、decline 或 withdraw")
    return _invitation_out(GroupInvitation.objects.select_related("user__player")
                           .get(pk=inv.pk))


@router.delete("/groups/{group_id}/members/{user_id}", response={200: dict[str, Any], **_ERRORS},
               summary="Remove a member (the leader), or leave (a member, their own id)")
def remove_member(request: HttpRequest, group_id: Id, user_id: Id) -> Any:
    g = _group(request, group_id)
    if user_id == request.user.pk:
        groups.leave(g, request.user)
    else:
        groups.remove(g, request.user, str(user_id))
    return group_out(PlayerGroup.objects.get(pk=g.pk), request.user, True)


@router.post("/groups/{group_id}/leader", response={200: dict[str, Any], **_ERRORS},
             summary="Hand the leadership to another member (the leader)")
def transfer(request: HttpRequest, group_id: Id, data: UserIn) -> Any:
    g = groups.transfer(_group(request, group_id), request.user, str(data.user))
    return group_out(g, request.user, True)


@router.post("/groups/{group_id}/dissolve", response={200: dict[str, Any], **_ERRORS},
             summary="Dissolve a group (its leader or a director; not while it has a "
                     "challenge or match in progress)")
def dissolve(request: HttpRequest, group_id: Id) -> Any:
    g = groups.dissolve(_group(request, group_id), request.user)
    return group_out(g, request.user, True)


@router.post("/groups/{group_id}/ladders/{ladder_id}", response={200: dict[str, Any], **_ERRORS},
             summary="Enter the group on a ladder of its club (the leader)")
def enter_ladder(request: HttpRequest, group_id: Id, ladder_id: Id) -> Any:
    g = _group(request, group_id)
    ladder = Competition.objects.filter(pk=ladder_id, kind="ladder", club=g.club).first()
    if ladder is None:
        raise groups.NotFound(f"There is no ladder {ladder_id} in this club.",
                              f"本俱乐部没有编号为 {ladder_id} 的梯级赛。")
    groups.enter_ladder(g, request.user, ladder)
    return group_out(g, request.user, True)


@router.put("/groups/{group_id}/matches/{match_id}/lineup",
            response={200: dict[str, Any], **_ERRORS},
            summary="Choose a ladder match's line-up (the leader, before the start): four "
                    "members in seat order, the first two in the open room")
def lineup(request: HttpRequest, group_id: Id, match_id: Id, data: LineupIn) -> Any:
    g = _group(request, group_id)
    match = Competition.objects.filter(pk=match_id, kind="teams", club=g.club).first()
    if match is None:
        raise groups.NotFound(f"There is no match {match_id} in this club.",
                              f"本俱乐部没有编号为 {match_id} 的比赛。")
    chosen = groups.choose_lineup(match, g, request.user, [str(p) for p in data.players])
    return {"match": int(match.pk), "lineup": [int(p) for p in chosen]}
