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
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from django.conf import settings as django_settings
from django.db import IntegrityError, connection, transaction
from django.db.models import Max, Q
from django.utils import timezone

from ...compete import ladder as lad
from ...compete import teammatch as tm
from ...text import excerpt
from ..accounts.models import User
from ..clubs.models import Club
from ..clubs.roles import AnyUser, can_direct, is_member
from ..compete import services as sv
from ..compete.models import Competition
from ..core import refusals
from ..core.bilingual import pick
from .ladder_kind import SetCaptain
from .models import GroupInvitation, GroupLog, GroupMember, PlayerGroup

NAME_MAX = 60
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


# ---------------------------------------------------------------------------- settings


def per_player() -> int:
    return int(getattr(django_settings, "BRIDGESCORE_GROUPS_PER_PLAYER", 3))


def max_size(kind: str) -> int:
    if kind == PlayerGroup.Kind.CLUB:
        return int(getattr(django_settings, "BRIDGESCORE_GROUP_CLUB_MAX", 50))
    return int(getattr(django_settings, "BRIDGESCORE_GROUP_TEAM_MAX", 6))


def invitation_days() -> int:
    return int(getattr(django_settings, "BRIDGESCORE_GROUP_INVITATION_DAYS", 14))


# ---------------------------------------------------------------------------- rights


def may_see(user: AnyUser, club: Club) -> bool:
    return bool(user.is_authenticated and (is_member(user, club) or can_direct(user, club)))


def _signed_in(by: AnyUser) -> User:
    if not by.is_authenticated or not isinstance(by, User):
        raise GroupRefused("Log in first.", "请先登录。", "not_authenticated")
    return by


def _member_of_club(by: AnyUser, club: Club) -> User:
    user = _signed_in(by)
    if not is_member(user, club):
        raise GroupRefused("Only the club's members may do this.",
                           "只有本俱乐部的会员可以执行此操作。", "not_member")
    return user


def _leader(group: PlayerGroup, by: AnyUser) -> User:
    user = _member_of_club(by, group.club)
    if group.leader_id != user.pk:
        raise GroupRefused("Only the group's leader may do this.",
                           "只有团体的队长（帮主）可以执行此操作。", "not_leader")
    return user


def _active(group: PlayerGroup) -> None:
    if group.dissolved is not None:
        raise GroupRefused(f"{group} was dissolved: it can no longer change.",
                           f"{group} 已解散，不能再更改。", "dissolved")


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


def clean_name(value: object) -> str:
    return " ".join(str(value or "").split())


def _check_names(club: Club, name_en: str, name_zh: str,
                 group: PlayerGroup | None = None) -> tuple[str, str]:
    en, zh = clean_name(name_en), clean_name(name_zh)
    if not (en or zh):
        raise GroupRefused("A group needs a name, in English or in Chinese (or both).",
                           "团体需要名称（英文或中文，或两者）。", "no_name", "name_en")
    for value, field, en_word, zh_word in ((en, "name_en", "English", "英文"),
                                           (zh, "name_zh", "Chinese", "中文")):
        if len(value) > NAME_MAX:
            raise GroupRefused(f"The name in {en_word} {excerpt(value)} is {len(value)} "
                               f"characters long: at most {NAME_MAX}.",
                               f"{zh_word}名称 {excerpt(value)} 长 {len(value)} 个字符：最多 "
                               f"{NAME_MAX} 个。", "name_too_long", field)
    others = PlayerGroup.objects.filter(club=club, dissolved__isnull=True)
    if group is not None:
        others = others.exclude(pk=group.pk)
    for value, field in ((en, "name_en"), (zh, "name_zh")):
        if not value:
            continue
        key = value.casefold()
        clash = next((g for g in others.filter(Q(name_en__iexact=value) | Q(name_zh__iexact=value))
                      if key in (g.name_en.casefold(), g.name_zh.casefold())), None)
        if clash is not None:
            raise GroupRefused(f"The name {excerpt(value)} is taken in this club (by "
                               f"{clash.name_in('en')}): choose another.",
                               f"名称 {excerpt(value)} 在本俱乐部已被使用（{clash.name_in('zh')}）"
                               "：请另选一个。", "name_taken", field)
    return en, zh


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
    return inv.created + datetime.timedelta(days=invitation_days()) <= timezone.now()


def club_members(club: Club) -> list[User]:
    return list(User.objects.filter(player__memberships__club=club)
                .select_related("player").order_by("player__name_en", "username").distinct())


# ---------------------------------------------------------------------------- limits


def _count_groups(user: User, club: Club) -> int:
    return int(active_groups(club).filter(members__user=user).count())


def _check_room_for(user: User, club: Club, who_en: str, who_zh: str) -> None:
    """Refuse a player already in the most groups allowed.  Called inside the joining
    transaction: the player's row is locked first (PostgreSQL), so two joins of the same
    player at the same instant are counted one after the other, never both under the limit."""
    if connection.features.has_select_for_update:
        list(User.objects.select_for_update().filter(pk=user.pk).values_list("pk", flat=True))
    n = per_player()
    if _count_groups(user, club) >= n:
        raise GroupRefused(f"{who_en} already in {n} groups of this club, the most a player "
                           "may belong to.", f"{who_zh}已在本俱乐部的 {n} 个团体中，已达每名牌手的"
                           "上限。", "too_many_groups")


def _check_size(group: PlayerGroup, adding: int = 1) -> None:
    n = max_size(group.kind)
    taken = group.members.count() + group.invitations.filter(status="pending").count()
    if taken + adding > n:
        raise GroupRefused(f"{group} has {group.members.count()} members and "
                           f"{taken - group.members.count()} invitations waiting: a "
                           f"{group.get_kind_display()} has at most {n} members.",
                           f"{group} 已有 {group.members.count()} 名成员和 "
                           f"{taken - group.members.count()} 份待答复的邀请：每个"
                           f"{'帮派' if group.kind == 'club' else '队'}最多 {n} 名成员。",
                           "group_full")


# ---------------------------------------------------------------------------- writing


def create(club: Club, by: AnyUser, *, kind: str, name_en: str = "",
           name_zh: str = "") -> PlayerGroup:
    user = _member_of_club(by, club)
    if kind not in PlayerGroup.Kind.values:
        raise GroupRefused(f"invalid kind {excerpt(kind)}: expected 'team' or 'club'",
                           f"无效的类型 {excerpt(kind)}：应为 'team'（队）或 'club'（帮派）",
                           "bad_kind", "kind")
    with transaction.atomic():
        en, zh = _check_names(club, name_en, name_zh)
        _check_room_for(user, club, "You are", "您")
        try:
            with transaction.atomic():
                g = PlayerGroup.objects.create(club=club, kind=kind, name_en=en, name_zh=zh,
                                               leader=user)
        except IntegrityError:  # a group of the same name was made meanwhile
            raise GroupRefused(f"The name {excerpt(en or zh)} is taken in this club: choose "
                               "another.", f"名称 {excerpt(en or zh)} 在本俱乐部已被使用：请另选一个。",
                               "name_taken", "name_en" if en else "name_zh") from None
        GroupMember.objects.create(group=g, user=user, order=0)
        _log(g, user, "create", user, kind=kind, name_en=en, name_zh=zh)
    return g


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
            raise GroupRefused(f"The name {excerpt(en or zh)} is taken in this club: choose "
                               "another.", f"名称 {excerpt(en or zh)} 在本俱乐部已被使用：请另选一个。",
                               "name_taken") from None
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


def invite(group: PlayerGroup, by: AnyUser, whom: object) -> GroupInvitation:
    with transaction.atomic():
        g = _locked(group)
        user = _leader(g, by)
        _active(g)
        invitee = whom if isinstance(whom, User) else _user(whom)
        name = user_name(invitee, "en")
        name_zh = user_name(invitee, "zh")
        if not is_member(invitee, g.club):
            raise GroupRefused(f"{name} is not a member of the club: only its members may "
                               "join its groups.", f"{name_zh} 不是本俱乐部会员：只有会员可以加入"
                               "本俱乐部的团体。", "not_member", "user")
        if g.members.filter(user=invitee).exists():
            raise GroupRefused(f"{name} is already a member of {g}.",
                               f"{name_zh} 已是 {g.name_in('zh')} 的成员。", "already_member",
                               "user")
        for old in g.invitations.filter(user=invitee, status="pending"):
            if not _expired(old):
                raise GroupRefused(f"{name} has already been invited and has not answered yet.",
                                   f"已邀请 {name_zh}，对方尚未答复。", "already_invited", "user")
            old.status, old.answered = GroupInvitation.Status.EXPIRED, timezone.now()
            old.save(update_fields=["status", "answered"])
        _check_size(g)
        _check_room_for(invitee, g.club, f"{name} is", f"{name_zh} ")
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


STATUS_EN = {"accepted": "accepted", "declined": "declined", "withdrawn": "withdrawn",
             "expired": "expired"}
STATUS_ZH = {"accepted": "接受", "declined": "谢绝", "withdrawn": "撤回", "expired": "过期"}


def _open(inv: GroupInvitation) -> None:
    if inv.status == GroupInvitation.Status.EXPIRED or (
            inv.status == GroupInvitation.Status.PENDING and _expired(inv)):
        raise GroupRefused(f"This invitation has expired (after {invitation_days()} days): "
                           "ask the leader for a new one.",
                           f"此邀请已过期（{invitation_days()} 天）：请队长重新邀请。", "expired")
    if inv.status != GroupInvitation.Status.PENDING:
        raise GroupRefused(f"This invitation was {STATUS_EN.get(inv.status, inv.status)} "
                           "already.", f"此邀请已{STATUS_ZH.get(inv.status, inv.status)}。",
                           "answered")


def withdraw(invitation: object, by: AnyUser) -> None:
    inv = invitation if isinstance(invitation, GroupInvitation) else _invitation(invitation)
    with transaction.atomic():
        g = _locked(inv.group)
        user = _leader(g, by)
        inv = GroupInvitation.objects.select_related("user").get(pk=inv.pk)
        if inv.status != GroupInvitation.Status.PENDING:
            _open(inv)  # refused: answered already
        inv.status, inv.answered = GroupInvitation.Status.WITHDRAWN, timezone.now()
        inv.save(update_fields=["status", "answered"])
        _log(g, user, "withdraw_invitation", inv.user, invitation=int(inv.pk))


def answer(invitation: object, by: AnyUser, accept: bool) -> GroupInvitation:
    inv = invitation if isinstance(invitation, GroupInvitation) else _invitation(invitation)
    user = _signed_in(by)
    if inv.user_id != user.pk:
        raise GroupRefused("Only the invited player may answer this invitation.",
                           "只有被邀请的牌手可以答复此邀请。", "not_yours")
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
            n = max_size(g.kind)
            if g.members.count() >= n:
                raise GroupRefused(f"{g} is full ({n} members).", f"{g.name_in('zh')} 已满（{n} 人）。",
                                   "group_full")
            _check_room_for(user, g.club, "You are", "您")
            last = g.members.aggregate(m=Max("order"))["m"]
            GroupMember.objects.create(group=g, user=user, order=0 if last is None else last + 1)
        inv.status = GroupInvitation.Status.ACCEPTED if accept else GroupInvitation.Status.DECLINED
        inv.answered = timezone.now()
        inv.save(update_fields=["status", "answered"])
        _log(g, user, "accept" if accept else "decline", user, invitation=int(inv.pk))
    return inv


def _check_may_go(g: PlayerGroup, leaving: User) -> None:
    """A member may go unless they play in one of the group's ladder matches not finished,
    or the group would then have fewer than four while it has a challenge open."""
    for m in unfinished_matches(g):
        if str(leaving.pk) in side_of(m, g)[1]:
            raise GroupRefused(f"{user_name(leaving, 'en')} plays for {g} in {m}: change the "
                               "line-up before it starts, or wait for its end.",
                               f"{user_name(leaving, 'zh')} 在 {m.name_in('zh')} 中代表 "
                               f"{g.name_in('zh')} 出赛：请在开赛前更改出场阵容，或等比赛结束。",
                               "in_lineup")
    if open_challenges(g) and g.members.count() - 1 < TEAM_SIZE:
        raise GroupRefused(f"{g} has a ladder challenge open and would have fewer than four "
                           "members: it could not play its match.",
                           f"{g.name_in('zh')} 有未结束的梯级挑战，少于四人将无法出赛。",
                           "too_few")


def remove(group: PlayerGroup, by: AnyUser, whom: object) -> None:
    with transaction.atomic():
        g = _locked(group)
        user, row = _removable(g, by, whom)
        row.delete()
        _log(g, user, "remove", row.user)


def check_remove(group: PlayerGroup, by: AnyUser, whom: object) -> None:
    """Raises what :func:`remove` would refuse (a page asks to confirm only what can be done)."""
    _removable(group, by, whom)


def _removable(g: PlayerGroup, by: AnyUser, whom: object) -> tuple[User, GroupMember]:
    user = _leader(g, by)
    _active(g)
    member = whom if isinstance(whom, User) else _user(whom)
    if member.pk == g.leader_id:
        raise GroupRefused("The leader cannot be removed: hand the leadership to another "
                           "member first, or dissolve the group.",
                           "不能移除队长：请先把队长职务交给其他成员，或解散团体。", "leader")
    row = g.members.filter(user=member).select_related("user").first()
    if row is None:
        raise GroupRefused(f"{user_name(member, 'en')} is not a member of {g}.",
                           f"{user_name(member, 'zh')} 不是 {g.name_in('zh')} 的成员。",
                           "not_in_group", "user")
    _check_may_go(g, member)
    return user, row


def leave(group: PlayerGroup, by: AnyUser) -> None:
    with transaction.atomic():
        g = _locked(group)
        user, row = _leaving(g, by)
        row.delete()
        _log(g, user, "leave", user)


def check_leave(group: PlayerGroup, by: AnyUser) -> None:
    """Raises what :func:`leave` would refuse."""
    _leaving(group, by)


def _leaving(g: PlayerGroup, by: AnyUser) -> tuple[User, GroupMember]:
    user = _signed_in(by)
    _active(g)
    row = g.members.filter(user=user).first()
    if row is None:
        raise GroupRefused(f"You are not a member of {g}.",
                           f"您不是 {g.name_in('zh')} 的成员。", "not_in_group")
    if g.leader_id == user.pk:
        raise GroupRefused("The leader cannot leave: hand the leadership to another member "
                           "first, or dissolve the group.",
                           "队长不能退出：请先把队长职务交给其他成员，或解散团体。", "leader")
    _check_may_go(g, user)
    return user, row


def _act_on(competition: Competition, make: Callable[[Any, float], Any], by: User) -> None:
    sv._act(int(competition.pk), make, by)


def transfer(group: PlayerGroup, by: AnyUser, whom: object) -> PlayerGroup:
    """The leadership to another member; the group's ladders learn their new captain."""
    with transaction.atomic():
        g = _locked(group)
        user = _leader(g, by)
        _active(g)
        new = whom if isinstance(whom, User) else _user(whom)
        if new.pk == user.pk:
            raise GroupRefused("You lead this group already.", "您已是本团体的队长。", "same",
                               "user")
        if not g.members.filter(user=new).exists():
            raise GroupRefused(f"{user_name(new, 'en')} is not a member of {g}: only a member "
                               "can lead it.", f"{user_name(new, 'zh')} 不是 {g.name_in('zh')} "
                               "的成员：只有成员可以担任队长。", "not_in_group", "user")
        if not is_member(new, g.club):
            raise GroupRefused(f"{user_name(new, 'en')} is no longer a member of the club.",
                               f"{user_name(new, 'zh')} 已不是本俱乐部会员。", "not_member",
                               "user")
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


def dissolve(group: PlayerGroup, by: AnyUser) -> PlayerGroup:
    """No longer a group: it leaves its ladders (those below it move up one), its pending
    invitations are withdrawn, its names become free; its members, log, ladder history and
    past matches stay as they were.  Refused while it has a challenge open or a ladder
    match not finished."""
    user = _signed_in(by)
    with transaction.atomic():
        g = _locked(group)
        if g.leader_id != user.pk and not can_direct(user, g.club):
            raise GroupRefused("Only the group's leader (or a director of the club) may "
                               "dissolve it.", "只有团体的队长（或本俱乐部裁判）可以解散团体。",
                               "not_leader")
        _active(g)
        challenges = open_challenges(g)
        matches = unfinished_matches(g)
        if challenges or matches:
            what_en = [f"challenge {n} on {c.name_in('en')}" for c, n in challenges] + \
                [m.name_in("en") for m in matches]
            what_zh = [f"{c.name_in('zh')} 第 {n} 号挑战" for c, n in challenges] + \
                [m.name_in("zh") for m in matches]
            raise GroupRefused("The group cannot be dissolved while it has a ladder challenge "
                               f"or match in progress ({'; '.join(what_en)}).",
                               f"团体有进行中的梯级挑战或比赛（{'；'.join(what_zh)}），不能解散。",
                               "busy")
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
        ids = [str(p).strip() for p in players]
        if len(ids) != TEAM_SIZE or any(not p for p in ids):
            raise GroupRefused(f"A line-up has {TEAM_SIZE} players: choose a member for every "
                               "seat.", f"出场阵容为 {TEAM_SIZE} 人：请为每个座位选择一名成员。",
                               "bad_lineup")
        known = {str(u) for u in g.members.values_list("user_id", flat=True)}
        outside = [p for p in ids if p not in known]
        if outside:
            raise GroupRefused(f"{excerpt(outside[0])} is not a member of {g}: a line-up is "
                               "made of the group's members.",
                               f"{excerpt(outside[0])} 不是 {g.name_in('zh')} 的成员：出场阵容须"
                               "由本团体成员组成。", "not_in_group")
        if len(set(ids)) != len(ids):
            twice = next(p for p in ids if ids.count(p) > 1)
            who = User.objects.filter(pk=int(twice)).select_related("player").first()
            raise GroupRefused(f"{user_name(who, 'en')} is chosen for two seats.",
                               f"{user_name(who, 'zh')} 被选在两个座位上。", "bad_lineup")
        eid = g.entrant_id
        chosen = tuple(ids)
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
