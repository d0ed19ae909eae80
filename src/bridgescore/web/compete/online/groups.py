"""Player groups (队 teams and 帮派 player clubs, seed 002 §4): what their pages and the API
do.  Every function checks the rights it needs here, so a page, the API and a test all meet
the same rules; a refusal is ``GroupRefused`` (``code``, ``en``, ``zh``, the input quoted).

Who may do what (docs/competitions.md, "Player groups"):

- see a club's groups, a group's page and its log: the club's members (its directors and
  the site's administrators too);
- create a group: any member of the club (the creator becomes its leader and first member);
- rename, invite, withdraw an invitation, remove a member, hand the leadership to another
  member, enter the group on a ladder, choose a ladder match's line-up: the leader only
  (a director has no say in another's group);
- accept or decline an invitation: the invited player only — nobody is put in a group
  without consent;
- leave: any member but the leader (who hands the leadership over first, or dissolves);
- dissolve: the leader, or a director of the club (a group whose leader has gone);
  refused while the group has a challenge open or a ladder match not finished.

Limits (Django settings, from the environment; README "Settings"):
``BRIDGESCORE_GROUPS_PER_PLAYER`` (3: groups a player belongs to in one club, led or not),
``BRIDGESCORE_GROUP_TEAM_MAX`` (6 members of a team), ``BRIDGESCORE_GROUP_CLUB_MAX`` (50 of a
player club), ``BRIDGESCORE_GROUP_INVITATION_DAYS`` (14: an invitation older is expired).
Pending invitations count toward a group's size.  Names: at least one of the two, at most
``NAME_MAX`` characters each, spaces collapsed; no two groups of a club not dissolved share
a name, in either language, whatever the letter case (``Tigers`` in English clashes with
another group's ``tigers`` in English or in Chinese).

Every change writes a ``GroupLog`` row in its own transaction (who, when, what).

The rules themselves are the library's (``compete.groups``): this module reads the facts
they need, asks them, and maps their refusal to ``GroupRefused`` (same code, texts, field).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ParamSpec, TypeVar

from django.conf import settings as django_settings
from django.db import IntegrityError, connection, transaction
from django.db.models import Max, Q
from django.utils import timezone

from ....compete import groups as rules
from ....compete import ladder as lad
from ....compete import teammatch as tm
from ....core.text import excerpt
from ...accounts.models import User
from ...clubs.models import Club
from ...clubs.roles import AnyUser, can_direct, is_member
from ...core import refusals
from ...core.bilingual import pick
from .. import services as sv
from ..models import Competition, GroupInvitation, GroupLog, GroupMember, PlayerGroup
from .ladder_kind import SetCaptain

NAME_MAX = rules.NAME_MAX
TEAM_SIZE = tm.TEAM_SIZE
UNFINISHED = ("open", "running")


class GroupRefused(refusals.Refused):
    """A player group's refusal; its code says its kind (``refusals.family``), ``field`` the
    form's field it is about."""

    code = "not_allowed"

    def __init__(self, en: str, zh: str, code: str | None = None,
                 field: str | None = None) -> None:
        super().__init__(en, zh, code)  # no code: the class's (``not_allowed``, ``not_found``)
        self.field = field


class NotFound(GroupRefused, refusals.Missing):
    """What was named does not exist (or the caller may not see it): a 404."""

    code = "not_found"


refusals.family(GroupRefused, Missing=NotFound)

P = ParamSpec("P")
R = TypeVar("R")


def _refused(e: rules.GroupRefusal) -> GroupRefused:
    """The library's refusal as the web's: the same code, texts and field."""
    return GroupRefused(e.en, e.zh, e.code, e.field)


def _asks_rules(fn: Callable[P, R]) -> Callable[P, R]:
    """A service that asks ``compete.groups``: its refusals leave as ``GroupRefused``."""
    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return fn(*args, **kwargs)
        except rules.GroupRefusal as e:
            raise _refused(e) from e
    return wrapper


def _label(named: PlayerGroup | Competition) -> rules.Label:
    return rules.Label(named.name_in("en"), named.name_in("zh"))


def _person(user: User | None) -> rules.Label:
    return rules.Label(user_name(user, "en"), user_name(user, "zh"))


# ---------------------------------------------------------------------------- settings


def limits() -> rules.Limits:
    """The library's limits from the settings (read each time: tests override them)."""
    d = rules.Limits()
    return rules.Limits(
        per_player=int(getattr(django_settings, "BRIDGESCORE_GROUPS_PER_PLAYER", d.per_player)),
        team_max=int(getattr(django_settings, "BRIDGESCORE_GROUP_TEAM_MAX", d.team_max)),
        club_max=int(getattr(django_settings, "BRIDGESCORE_GROUP_CLUB_MAX", d.club_max)),
        invitation_days=int(getattr(django_settings, "BRIDGESCORE_GROUP_INVITATION_DAYS",
                                    d.invitation_days)))


def per_player() -> int:
    return limits().per_player


def max_size(kind: str) -> int:
    return limits().max_size(kind)


def invitation_days() -> int:
    return limits().invitation_days


# ---------------------------------------------------------------------------- rights


def may_see(user: AnyUser, club: Club) -> bool:
    return bool(user.is_authenticated and (is_member(user, club) or can_direct(user, club)))


def _signed_in(by: AnyUser) -> User:
    if not by.is_authenticated or not isinstance(by, User):
        raise GroupRefused("Log in first.", "请先登录。", "not_authenticated")
    return by


def _member_of_club(by: AnyUser, club: Club) -> User:
    user = _signed_in(by)
    rules.check_club_member(is_member(user, club))
    return user


def _leader(group: PlayerGroup, by: AnyUser) -> User:
    user = _member_of_club(by, group.club)
    rules.check_leader(group.leader_id == user.pk)
    return user


def _active(group: PlayerGroup) -> None:
    rules.check_active(group.dissolved is not None, _label(group))


def _locked(group: PlayerGroup) -> PlayerGroup:
    """The group's row again, locked until the transaction ends (PostgreSQL; SQLite's
    write transaction serialises anyway)."""
    qs = PlayerGroup.objects.select_related("club", "leader")
    if connection.features.has_select_for_update:
        # Only the group's row: locking the joined club and leader rows too would serialise
        # every group of the club and could deadlock with a player's own row lock
        # (``_check_room_for``), taken in the other order by ``create``.
        qs = qs.select_for_update(of=("self",))
    return qs.get(pk=group.pk)


def _log(group: PlayerGroup, by: User | None, action: str, user: User | None = None,
         **data: Any) -> None:
    GroupLog.objects.create(group=group, by_user=by, action=action, user=user, data=data)


# ---------------------------------------------------------------------------- names


clean_name = rules.clean_name


def _check_names(club: Club, name_en: str, name_zh: str,
                 group: PlayerGroup | None = None) -> tuple[str, str]:
    # The club's other groups not dissolved whose names may clash: the database narrows by
    # letter case, the library decides.  The query is lazy: the library reads it only once
    # the names' form is right.
    en, zh = clean_name(name_en), clean_name(name_zh)
    others = PlayerGroup.objects.filter(club=club, dissolved__isnull=True)
    if group is not None:
        others = others.exclude(pk=group.pk)
    near = Q()
    for value in (v for v in (en, zh) if v):
        near |= Q(name_en__iexact=value) | Q(name_zh__iexact=value)
    return rules.check_names(en, zh, others.filter(near).order_by("pk")
                             .values_list("name_en", "name_zh"))


# ---------------------------------------------------------------------------- reading


def active_groups(club: Club) -> Any:
    return PlayerGroup.objects.filter(club=club, dissolved__isnull=True)


def groups_of(user: AnyUser, club: Club) -> list[PlayerGroup]:
    """The groups (not dissolved) the user belongs to in the club."""
    if not user.is_authenticated:
        return []
    return list(active_groups(club).filter(members__user_id=user.pk).order_by("pk"))


def members(group: PlayerGroup) -> list[GroupMember]:
    """The leader first, then the others in the order they joined."""
    rows = list(group.members.select_related("user__player").order_by("order", "id"))
    return sorted(rows, key=lambda m: m.user_id != group.leader_id)


def user_name(user: User | None, lang: str) -> str:
    if user is None:
        return "—"
    p = getattr(user, "player", None)
    return (p.name_in(lang) if p is not None else "") or user.get_username()


def ladders(club: Club) -> list[Competition]:
    return list(Competition.objects.filter(club=club, kind="ladder")
                .exclude(status="cancelled").order_by("pk"))


def places(group: PlayerGroup, club_ladders: Iterable[Competition]) -> list[dict[str, Any]]:
    """Each ladder of the club with the group's place on it (None: not entered)."""
    out = []
    for c in club_ladders:
        order = sv.state_of(c).ladder.order
        eid = group.entrant_id
        out.append({"ladder": c, "place": order.index(eid) + 1 if eid in order else None,
                    "of": len(order)})
    return out


def open_challenges(group: PlayerGroup) -> list[tuple[Competition, int]]:
    """The ladders' challenges (asked or accepted) the group is in."""
    out = []
    for c in ladders(group.club):
        for ch in sv.state_of(c).ladder.challenges.values():
            if group.entrant_id in (ch.challenger, ch.defender):
                out.append((c, ch.id))
    return out


def unfinished_matches(group: PlayerGroup) -> list[Competition]:
    """The ladder matches of the group not yet finished (not started, or in play)."""
    eid = group.entrant_id
    return list(Competition.objects.filter(club=group.club, kind="teams",
                                           status__in=UNFINISHED)
                .filter(Q(settings__home__id=eid) | Q(settings__away__id=eid)).order_by("pk"))


def side_of(match: Competition, group: PlayerGroup) -> tuple[str, tuple[str, ...]]:
    """``home`` or ``away``, and the group's line-up in that match as it stands (seat
    order)."""
    st = sv.state_of(match).settings
    if st.home.id == group.entrant_id:
        return "home", tuple(st.home.players)
    if st.away.id == group.entrant_id:
        return "away", tuple(st.away.players)
    raise NotFound(f"{group} does not play in {match}.", f"{group} 不在 {match} 中出赛。",
                   "not_found")


def pending_invitations(group: PlayerGroup) -> list[GroupInvitation]:
    return [i for i in group.invitations.filter(status="pending").select_related(
        "user__player", "invited_by__player").order_by("created", "pk") if not _expired(i)]


def invitations_for(user: AnyUser, club: Club | None = None) -> list[GroupInvitation]:
    """The user's invitations waiting for an answer (not expired)."""
    if not user.is_authenticated:
        return []
    qs = GroupInvitation.objects.filter(user_id=user.pk, status="pending",
                                        group__dissolved__isnull=True)
    if club is not None:
        qs = qs.filter(group__club=club)
    rows = qs.select_related("group__club", "group__leader__player", "invited_by__player")
    return [i for i in rows.order_by("created", "pk") if not _expired(i)]


def _expired(inv: GroupInvitation) -> bool:
    return rules.expired(inv.created, timezone.now(), invitation_days())


def club_members(club: Club) -> list[User]:
    return list(User.objects.filter(player__memberships__club=club)
                .select_related("player").order_by("player__name_en", "username").distinct())


# ---------------------------------------------------------------------------- limits


def _count_groups(user: User, club: Club) -> int:
    return int(active_groups(club).filter(members__user=user).count())


def _check_room_for(user: User, club: Club, *, named: bool = False) -> None:
    """Refuse a player already in the most groups allowed (``named``: by name, another than
    the one asking).  Called inside the joining transaction: the player's row is locked first
    (PostgreSQL), so two joins of the same player at the same instant are counted one after
    the other, never both under the limit."""
    if connection.features.has_select_for_update:
        list(User.objects.select_for_update().filter(pk=user.pk).values_list("pk", flat=True))
    rules.check_room(_count_groups(user, club), per_player(),
                     _person(user) if named else None)


def _check_size(group: PlayerGroup, adding: int = 1) -> None:
    members = group.members.count()
    pending = group.invitations.filter(status="pending").count()
    rules.check_size(group.kind, max_size(group.kind), members, pending, _label(group), adding)


# ---------------------------------------------------------------------------- writing


@_asks_rules
def create(club: Club, by: AnyUser, *, kind: str, name_en: str = "",
           name_zh: str = "") -> PlayerGroup:
    user = _member_of_club(by, club)
    rules.check_kind(kind)
    with transaction.atomic():
        en, zh = _check_names(club, name_en, name_zh)
        _check_room_for(user, club)
        try:
            with transaction.atomic():
                g = PlayerGroup.objects.create(club=club, kind=kind, name_en=en, name_zh=zh,
                                               leader=user)
        except IntegrityError:  # a group of the same name was made meanwhile
            raise _refused(rules.name_taken_meanwhile(en, zh)) from None
        GroupMember.objects.create(group=g, user=user, order=0)
        _log(g, user, "create", user, kind=kind, name_en=en, name_zh=zh)
    return g


@_asks_rules
def rename(group: PlayerGroup, by: AnyUser, name_en: str, name_zh: str) -> PlayerGroup:
    with transaction.atomic():
        g = _locked(group)
        user = _leader(g, by)
        _active(g)
        en, zh = _check_names(g.club, name_en, name_zh, g)
        if (en, zh) == (g.name_en, g.name_zh):
            return g
        before = {"name_en": g.name_en, "name_zh": g.name_zh}
        g.name_en, g.name_zh = en, zh
        try:
            with transaction.atomic():
                g.save(update_fields=["name_en", "name_zh"])
        except IntegrityError:
            raise _refused(rules.name_taken_meanwhile(en, zh, with_field=False)) from None
        _log(g, user, "rename", before=before, after={"name_en": en, "name_zh": zh})
    return g


def _user(value: object, field: str = "user") -> User:
    text = str(value if value is not None else "").strip()
    user = User.objects.filter(pk=int(text)).select_related("player").first() \
        if text.isdigit() and len(text) <= 18 else None
    if user is None:
        raise GroupRefused(f"no player {excerpt(text)}: choose one from the list",
                           f"没有牌手 {excerpt(text)}：请从列表中选择", "no_player", field)
    return user


@_asks_rules
def invite(group: PlayerGroup, by: AnyUser, whom: object) -> GroupInvitation:
    with transaction.atomic():
        g = _locked(group)
        user = _leader(g, by)
        _active(g)
        invitee = whom if isinstance(whom, User) else _user(whom)
        waiting = list(g.invitations.filter(user=invitee, status="pending"))
        rules.check_invitee(_person(invitee), _label(g), in_club=is_member(invitee, g.club),
                            member=g.members.filter(user=invitee).exists(),
                            invited=any(not _expired(old) for old in waiting))
        for old in waiting:  # every one expired: recorded so
            old.status, old.answered = GroupInvitation.Status.EXPIRED, timezone.now()
            old.save(update_fields=["status", "answered"])
        _check_size(g)
        _check_room_for(invitee, g.club, named=True)
        inv = GroupInvitation.objects.create(group=g, user=invitee, invited_by=user)
        _log(g, user, "invite", invitee, invitation=int(inv.pk))
    return inv


def _invitation(pk: object) -> GroupInvitation:
    text = str(pk)
    inv = GroupInvitation.objects.filter(pk=int(text)).select_related("group__club").first() \
        if text.isdigit() and len(text) <= 18 else None
    if inv is None:
        raise NotFound(f"no invitation {excerpt(text)}", f"没有邀请 {excerpt(text)}", "not_found")
    return inv


STATUS_EN = rules.STATUS_EN
STATUS_ZH = rules.STATUS_ZH


def _open(inv: GroupInvitation) -> None:
    pending = inv.status == GroupInvitation.Status.PENDING
    rules.check_open(inv.status, pending and _expired(inv), invitation_days())


@_asks_rules
def withdraw(invitation: object, by: AnyUser) -> None:
    inv = invitation if isinstance(invitation, GroupInvitation) else _invitation(invitation)
    with transaction.atomic():
        g = _locked(inv.group)
        user = _leader(g, by)
        inv = GroupInvitation.objects.select_related("user").get(pk=inv.pk)
        rules.check_withdrawable(inv.status, invitation_days())
        inv.status, inv.answered = GroupInvitation.Status.WITHDRAWN, timezone.now()
        inv.save(update_fields=["status", "answered"])
        _log(g, user, "withdraw_invitation", inv.user, invitation=int(inv.pk))


@_asks_rules
def answer(invitation: object, by: AnyUser, accept: bool) -> GroupInvitation:
    inv = invitation if isinstance(invitation, GroupInvitation) else _invitation(invitation)
    user = _signed_in(by)
    rules.check_answerer(inv.user_id == user.pk)
    inv = GroupInvitation.objects.get(pk=inv.pk)
    if inv.status == GroupInvitation.Status.PENDING and _expired(inv):
        # Recorded as expired (outside the refusal's transaction), then refused.
        GroupInvitation.objects.filter(pk=inv.pk, status="pending").update(
            status=GroupInvitation.Status.EXPIRED, answered=timezone.now())
    with transaction.atomic():
        g = _locked(inv.group)
        inv = GroupInvitation.objects.get(pk=inv.pk)
        _open(inv)
        if accept:
            _active(g)
            _member_of_club(user, g.club)
            rules.check_not_full(max_size(g.kind), g.members.count(), _label(g))
            _check_room_for(user, g.club)
            last = g.members.aggregate(m=Max("order"))["m"]
            GroupMember.objects.create(group=g, user=user, order=0 if last is None else last + 1)
        inv.status = GroupInvitation.Status.ACCEPTED if accept else GroupInvitation.Status.DECLINED
        inv.answered = timezone.now()
        inv.save(update_fields=["status", "answered"])
        _log(g, user, "accept" if accept else "decline", user, invitation=int(inv.pk))
    return inv


def _check_may_go(g: PlayerGroup, leaving: User) -> None:
    """The facts of ``rules.check_may_go``: the first ladder match not finished the member
    plays in, and — only when none — whether a challenge is open and how many members."""
    playing_in = next((m for m in unfinished_matches(g) if str(leaving.pk) in side_of(m, g)[1]),
                      None)
    challenge_open = playing_in is None and bool(open_challenges(g))
    rules.check_may_go(_person(leaving), _label(g),
                       playing_in=None if playing_in is None else _label(playing_in),
                       challenge_open=challenge_open,
                       members=g.members.count() if challenge_open else 0)


@_asks_rules
def remove(group: PlayerGroup, by: AnyUser, whom: object) -> None:
    with transaction.atomic():
        g = _locked(group)
        user, row = _removable(g, by, whom)
        row.delete()
        _log(g, user, "remove", row.user)


@_asks_rules
def check_remove(group: PlayerGroup, by: AnyUser, whom: object) -> None:
    """Raises what :func:`remove` would refuse (a page asks to confirm only what can be done)."""
    _removable(group, by, whom)


def _removable(g: PlayerGroup, by: AnyUser, whom: object) -> tuple[User, GroupMember]:
    user = _leader(g, by)
    _active(g)
    member = whom if isinstance(whom, User) else _user(whom)
    is_leader = member.pk == g.leader_id
    row = None if is_leader else g.members.filter(user=member).select_related("user").first()
    rules.check_removable(_person(member), _label(g), is_leader=is_leader,
                          is_member=row is not None)
    assert row is not None
    _check_may_go(g, member)
    return user, row


@_asks_rules
def leave(group: PlayerGroup, by: AnyUser) -> None:
    with transaction.atomic():
        g = _locked(group)
        user, row = _leaving(g, by)
        row.delete()
        _log(g, user, "leave", user)


@_asks_rules
def check_leave(group: PlayerGroup, by: AnyUser) -> None:
    """Raises what :func:`leave` would refuse."""
    _leaving(group, by)


def _leaving(g: PlayerGroup, by: AnyUser) -> tuple[User, GroupMember]:
    user = _signed_in(by)
    _active(g)
    row = g.members.filter(user=user).first()
    rules.check_leavable(_label(g), is_member=row is not None, is_leader=g.leader_id == user.pk)
    assert row is not None
    _check_may_go(g, user)
    return user, row


def _act_on(competition: Competition, make: Callable[[Any, float], Any], by: User) -> None:
    sv._act(int(competition.pk), make, by)


@_asks_rules
def transfer(group: PlayerGroup, by: AnyUser, whom: object) -> PlayerGroup:
    """The leadership to another member; the group's ladders learn their new captain."""
    with transaction.atomic():
        g = _locked(group)
        user = _leader(g, by)
        _active(g)
        new = whom if isinstance(whom, User) else _user(whom)
        same = new.pk == user.pk
        # Each fact read only when the ones before it let the transfer go on.
        in_group = not same and g.members.filter(user=new).exists()
        rules.check_new_leader(_person(new), _label(g), same=same, is_member=in_group,
                               in_club=in_group and is_member(new, g.club))
        g.leader = new
        g.save(update_fields=["leader"])
        eid = g.entrant_id
        for c in ladders(g.club):
            if eid in sv.state_of(c).ladder.entrants:
                _act_on(c, lambda state, now: SetCaptain(eid, str(new.pk), now), user)
        _log(g, user, "transfer", new, before=int(user.pk), after=int(new.pk))
    return g


def busy(group: PlayerGroup) -> dict[str, Any]:
    """Why the group cannot be dissolved now: its open challenges (ladder, number) and its
    ladder matches not finished (both empty: it can)."""
    return {"challenges": open_challenges(group), "matches": unfinished_matches(group)}


@_asks_rules
def dissolve(group: PlayerGroup, by: AnyUser) -> PlayerGroup:
    """No longer a group: it leaves its ladders (those below it move up one), its pending
    invitations are withdrawn, its names become free; its members, log, ladder history and
    past matches stay as they were.  Refused while it has a challenge open or a ladder
    match not finished."""
    user = _signed_in(by)
    with transaction.atomic():
        g = _locked(group)
        leads = g.leader_id == user.pk
        # The club's directors are asked only when the user does not lead the group.
        rules.check_may_dissolve(leads, not leads and can_direct(user, g.club))
        _active(g)
        rules.check_not_busy([(_label(c), n) for c, n in open_challenges(g)],
                             [_label(m) for m in unfinished_matches(g)])
        eid = g.entrant_id
        left = []
        for c in ladders(g.club):
            if eid in sv.state_of(c).ladder.entrants:
                _act_on(c, lambda state, now: lad.Leave(eid, now), user)
                left.append(int(c.pk))
        now = timezone.now()
        g.invitations.filter(status="pending").update(status="withdrawn", answered=now)
        g.dissolved = now
        g.save(update_fields=["dissolved"])
        _log(g, user, "dissolve", ladders=left)
    return g


@_asks_rules
def enter_ladder(group: PlayerGroup, by: AnyUser, ladder: Competition) -> None:
    """The leader enters the group at the bottom of one of the club's ladders (the ladder's
    own rules: four players at least, the club's members for a members-only ladder)."""
    with transaction.atomic():
        g = _locked(group)
        user = _leader(g, by)
        _active(g)
        if ladder.kind != "ladder" or ladder.club_id != g.club_id:
            raise NotFound("no such ladder in this club", "本俱乐部没有这个梯级赛", "not_found")
        data = {"type": "join", "entrant": g.entrant_id, "kind": g.kind,
                "captain": str(user.pk)}
        sv.kind_of(ladder).verify(ladder, data, user)  # a director-leader too
        sv.act(ladder, data, user)
        _log(g, user, "ladder_join", ladder=int(ladder.pk))


@_asks_rules
def choose_lineup(match: Competition, group: PlayerGroup, by: AnyUser,
                  players: Sequence[object]) -> tuple[str, ...]:
    """The captain's four for a ladder match, in seat order (``teammatch.seating``: the
    first two play in the open room, the last two in the closed room), before it starts."""
    with transaction.atomic():
        g = _locked(group)
        user = _leader(g, by)
        _active(g)
        if match.kind != "teams" or match.club_id != g.club_id:
            raise NotFound("no such match in this club", "本俱乐部没有这场比赛", "not_found")
        side_of(match, g)
        # The members with their names (one query): a name is shown if one is chosen twice.
        known = {str(m.user_id): _person(m.user)
                 for m in g.members.select_related("user__player")}
        chosen = rules.lineup(players, known, _label(g))
        eid = g.entrant_id
        _act_on(match, lambda state, now: tm.Lineup(eid, chosen, now), user)
        _log(g, user, "lineup", match=int(match.pk), players=list(chosen))
    return chosen


# ---------------------------------------------------------------------------- views' data


def log_rows(group: PlayerGroup, lang: str) -> list[dict[str, Any]]:
    rows = group.log.select_related("by_user__player", "user__player").order_by("-id")[:200]
    comps = {c.pk: c for c in Competition.objects.filter(pk__in={
        r.data.get("match") or r.data.get("ladder") for r in rows
        if isinstance(r.data.get("match") or r.data.get("ladder"), int)})}
    ids = {int(p) for r in rows for p in r.data.get("players", ()) if str(p).isdigit()}
    ids |= {r.data[k] for r in rows for k in ("before", "after") if isinstance(r.data.get(k), int)}
    people = {u.pk: user_name(u, lang) for u in User.objects.filter(pk__in=ids)
              .select_related("player")}
    out = []
    for r in rows:
        d = r.data
        c = comps.get(d.get("match") or d.get("ladder"))
        out.append({"at": r.at, "action": r.action, "by": user_name(r.by_user, lang),
                    "user": user_name(r.user, lang) if r.user_id else "",
                    "competition": c, "competition_name": c.name_in(lang) if c else "",
                    "players": [people.get(int(p), str(p)) for p in d.get("players", ())
                                if str(p).isdigit()],
                    "before": d.get("before"), "after": d.get("after"),
                    "name_before": pick(d["before"]["name_en"], d["before"]["name_zh"], lang)
                    if isinstance(d.get("before"), dict) else "",
                    "name_after": pick(d["after"]["name_en"], d["after"]["name_zh"], lang)
                    if isinstance(d.get("after"), dict) else ""})
    return out
