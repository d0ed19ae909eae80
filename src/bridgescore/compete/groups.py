"""Player groups' rules (队 teams and 帮派 player clubs, seed 002 §4; docs/competitions.md,
"Player groups"): pure functions on plain facts.

The web layer (``web/compete/online/groups.py``) reads the facts from its database — counts, ids,
whether a player is a member, the names to show — and asks these functions; each returns
what the rule decides or raises a :class:`GroupRefusal` (``code``, ``en``, ``zh``, and the
form's ``field`` it is about), which the web answers with its own refusal of the same code
and texts.  What stays in the web: who is logged in, seeing a club's pages, finding what a
request names, locks, rows and the log.

The rules:

- a group is a ``team`` (at most ``Limits.team_max`` members, 6) or a ``club`` (player club,
  at most ``Limits.club_max``, 50); pending invitations count toward its size;
- a player belongs to at most ``Limits.per_player`` (3) groups of one club, led or not;
- an invitation ``Limits.invitation_days`` (14) days old or older is expired;
- names: at least one of the two, spaces collapsed, at most :data:`NAME_MAX` characters
  each; no two groups of a club not dissolved share a name, in either language, whatever
  the letter case;
- the leader alone renames, invites, withdraws an invitation, removes a member, hands the
  leadership over, enters a ladder and chooses a line-up; the invited player alone answers;
  the leader or a director of the club dissolves;
- a dissolved group no longer changes;
- a member goes (leaves, or is removed) unless they play in one of the group's ladder
  matches not finished, or the group would have fewer than four while a challenge is open;
  the leader neither leaves nor is removed;
- a group with a challenge open or a ladder match not finished is not dissolved;
- a line-up is four different members of the group, in seat order.

It imports the core and ``compete`` only (never ``web``, Django, ``render`` or ``cli``).

>>> check_room(3, 3)
Traceback (most recent call last):
...
bridgescore.compete.groups.GroupRefusal: You are already in 3 groups of this club, the most a player may belong to.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..core.frozen import FrozenMap
from ..core.text import excerpt
from .refusal import Refusal
from .teammatch import TEAM_SIZE

__all__ = [
    "KINDS",
    "NAME_MAX",
    "STATUS_EN",
    "STATUS_ZH",
    "TEAM_SIZE",
    "GroupRefusal",
    "Label",
    "Limits",
    "check_active",
    "check_answerer",
    "check_club_member",
    "check_invitee",
    "check_kind",
    "check_leader",
    "check_leavable",
    "check_may_dissolve",
    "check_may_go",
    "check_names",
    "check_new_leader",
    "check_not_busy",
    "check_not_full",
    "check_open",
    "check_removable",
    "check_room",
    "check_size",
    "check_withdrawable",
    "clean_name",
    "expired",
    "lineup",
    "name_taken_meanwhile",
]

NAME_MAX = 60
KINDS = ("team", "club")
# A kind as a sentence names it ("a team has at most…", "每个队最多…").
KIND_EN = FrozenMap({"team": "team", "club": "player club"})
KIND_ZH = FrozenMap({"team": "队", "club": "帮派"})
PENDING = "pending"
EXPIRED = "expired"
# An answered invitation's status as "This invitation was … already." says it.
STATUS_EN = FrozenMap({"accepted": "accepted", "declined": "declined", "withdrawn": "withdrawn",
                       "expired": "expired"})
STATUS_ZH = FrozenMap({"accepted": "接受", "declined": "谢绝", "withdrawn": "撤回", "expired": "过期"})


class GroupRefusal(Refusal):
    """A player group's refusal: ``code``, ``en``, ``zh``, and ``field``, the form's field
    it is about (``None``: the form as a whole)."""

    def __init__(self, code: str, en: str, zh: str, field: str | None = None) -> None:
        super().__init__(code, en, zh)
        self.field = field


@dataclass(frozen=True)
class Label:
    """How a group, a player or a competition is named in an English text (``en``) and in a
    Chinese one (``zh``), as the caller shows it (each falls back on the other language)."""

    en: str
    zh: str


@dataclass(frozen=True)
class Limits:
    """The sizes and the invitations' life (the web's settings)."""

    per_player: int = 3
    team_max: int = 6
    club_max: int = 50
    invitation_days: int = 14

    def max_size(self, kind: str) -> int:
        """The most members of a group of ``kind`` (anything but ``club`` is a team)."""
        return self.club_max if kind == "club" else self.team_max


# ---------------------------------------------------------------------------- rights


def check_leader(is_leader: bool) -> None:
    if not is_leader:
        raise GroupRefusal("not_leader", "Only the group's leader may do this.",
                           "只有团体的队长（帮主）可以执行此操作。")


def check_club_member(is_member: bool) -> None:
    if not is_member:
        raise GroupRefusal("not_member", "Only the club's members may do this.",
                           "只有本俱乐部的会员可以执行此操作。")


def check_answerer(is_invited: bool) -> None:
    """Nobody is put in a group without consent: the invited player alone answers."""
    if not is_invited:
        raise GroupRefusal("not_yours", "Only the invited player may answer this invitation.",
                           "只有被邀请的牌手可以答复此邀请。")


def check_may_dissolve(is_leader: bool, is_director: bool) -> None:
    """The leader, or a director of the club (a group whose leader has gone)."""
    if not (is_leader or is_director):
        raise GroupRefusal("not_leader", "Only the group's leader (or a director of the club) "
                           "may dissolve it.", "只有团体的队长（或本俱乐部裁判）可以解散团体。")


def check_active(dissolved: bool, group: Label) -> None:
    # The Chinese text names the group as the English one does (it always has).
    if dissolved:
        raise GroupRefusal("dissolved", f"{group.en} was dissolved: it can no longer change.",
                           f"{group.en} 已解散，不能再更改。")


# ---------------------------------------------------------------------------- names


def check_kind(kind: object) -> str:
    if kind not in KINDS:
        raise GroupRefusal("bad_kind", f"invalid kind {excerpt(kind)}: expected 'team' or 'club'",
                           f"无效的类型 {excerpt(kind)}：应为 'team'（队）或 'club'（帮派）", "kind")
    assert isinstance(kind, str)
    return kind


def clean_name(value: object) -> str:
    """Spaces collapsed (``None`` and the empty string: no name)."""
    return " ".join(str(value or "").split())


def check_names(name_en: object, name_zh: object,
                others: Iterable[tuple[str, str]] = ()) -> tuple[str, str]:
    """The two names cleaned, refused when both are empty, one is too long, or one is another
    group's (``others``: the English and Chinese names of the club's other groups not
    dissolved) in either language, whatever the letter case."""
    en, zh = clean_name(name_en), clean_name(name_zh)
    if not (en or zh):
        raise GroupRefusal("no_name", "A group needs a name, in English or in Chinese (or both).",
                           "团体需要名称（英文或中文，或两者）。", "name_en")
    for value, field, en_word, zh_word in ((en, "name_en", "English", "英文"),
                                           (zh, "name_zh", "Chinese", "中文")):
        if len(value) > NAME_MAX:
            raise GroupRefusal("name_too_long", f"The name in {en_word} {excerpt(value)} is "
                               f"{len(value)} characters long: at most {NAME_MAX}.",
                               f"{zh_word}名称 {excerpt(value)} 长 {len(value)} 个字符：最多 "
                               f"{NAME_MAX} 个。", field)
    taken = list(others)
    for value, field in ((en, "name_en"), (zh, "name_zh")):
        if not value:
            continue
        key = value.casefold()
        clash = next(((o_en, o_zh) for o_en, o_zh in taken
                      if key in (o_en.casefold(), o_zh.casefold())), None)
        if clash is not None:
            o_en, o_zh = clash
            raise GroupRefusal("name_taken", f"The name {excerpt(value)} is taken in this club "
                               f"(by {o_en or o_zh}): choose another.",
                               f"名称 {excerpt(value)} 在本俱乐部已被使用（{o_zh or o_en}）"
                               "：请另选一个。", field)
    return en, zh


def name_taken_meanwhile(en: str, zh: str, *, with_field: bool = True) -> GroupRefusal:
    """The refusal when another group took the name between the check and the writing (the
    database's unique constraint said so); ``with_field``: about the name's field (creating)
    or the form as a whole (renaming)."""
    field = ("name_en" if en else "name_zh") if with_field else None
    return GroupRefusal("name_taken", f"The name {excerpt(en or zh)} is taken in this club: "
                        "choose another.", f"名称 {excerpt(en or zh)} 在本俱乐部已被使用：请另选一个。",
                        field)


# ---------------------------------------------------------------------------- sizes


def check_room(groups: int, per_player: int, whom: Label | None = None) -> None:
    """A player (``whom``; ``None``: the one asking) in ``groups`` groups of the club may join
    one more while under ``per_player``."""
    if groups >= per_player:
        who_en, who_zh = ("You are", "您") if whom is None else (f"{whom.en} is", f"{whom.zh} ")
        raise GroupRefusal("too_many_groups", f"{who_en} already in {per_player} groups of this "
                           "club, the most a player may belong to.",
                           f"{who_zh}已在本俱乐部的 {per_player} 个团体中，已达每名牌手的上限。")


def check_size(kind: str, max_size: int, members: int, pending: int, group: Label,
               adding: int = 1) -> None:
    """Inviting ``adding`` more: pending invitations count toward the size (each may be
    accepted).  Both texts name the group as the English one does (they always have)."""
    if members + pending + adding > max_size:
        raise GroupRefusal("group_full", f"{group.en} has {members} members and {pending} "
                           f"invitations waiting: a {KIND_EN.get(kind, 'team')} has at most "
                           f"{max_size} members.", f"{group.en} 已有 {members} 名成员和 "
                           f"{pending} 份待答复的邀请：每个{KIND_ZH.get(kind, '队')}最多 "
                           f"{max_size} 名成员。")


def check_not_full(max_size: int, members: int, group: Label) -> None:
    """Accepting: only the members count (the invitation being accepted was counted)."""
    if members >= max_size:
        raise GroupRefusal("group_full", f"{group.en} is full ({max_size} members).",
                           f"{group.zh} 已满（{max_size} 人）。")


# ---------------------------------------------------------------------------- invitations


def expired(created: datetime.datetime, now: datetime.datetime, days: int) -> bool:
    """An invitation made at ``created`` is expired from ``days`` days later on."""
    return created + datetime.timedelta(days=days) <= now


def check_open(status: str, is_expired: bool, days: int) -> None:
    """An invitation may be answered while pending and not expired (``is_expired``)."""
    if status == EXPIRED or (status == PENDING and is_expired):
        raise GroupRefusal("expired", f"This invitation has expired (after {days} days): ask "
                           "the leader for a new one.", f"此邀请已过期（{days} 天）：请队长重新邀请。")
    if status != PENDING:
        raise GroupRefusal("answered", f"This invitation was {STATUS_EN.get(status, status)} "
                           "already.", f"此邀请已{STATUS_ZH.get(status, status)}。")


def check_withdrawable(status: str, days: int) -> None:
    """The leader withdraws a pending invitation, expired or not (not an answered one)."""
    if status != PENDING:
        check_open(status, False, days)


def check_invitee(invitee: Label, group: Label, *, in_club: bool, member: bool,
                  invited: bool) -> None:
    """Only the club's members join its groups; not a member twice, nor invited twice while
    an invitation waits (``invited``: one pending, not expired)."""
    if not in_club:
        raise GroupRefusal("not_member", f"{invitee.en} is not a member of the club: only its "
                           "members may join its groups.", f"{invitee.zh} 不是本俱乐部会员：只有"
                           "会员可以加入本俱乐部的团体。", "user")
    if member:
        raise GroupRefusal("already_member", f"{invitee.en} is already a member of {group.en}.",
                           f"{invitee.zh} 已是 {group.zh} 的成员。", "user")
    if invited:
        raise GroupRefusal("already_invited", f"{invitee.en} has already been invited and has "
                           "not answered yet.", f"已邀请 {invitee.zh}，对方尚未答复。", "user")


# ---------------------------------------------------------------------------- members


def check_may_go(leaving: Label, group: Label, *, playing_in: Label | None,
                 challenge_open: bool, members: int) -> None:
    """A member goes unless they play in one of the group's ladder matches not finished
    (``playing_in``: the first such match), or the group, left with ``members - 1``, would
    have fewer than four while it has a challenge open (it could not play its match)."""
    if playing_in is not None:
        raise GroupRefusal("in_lineup", f"{leaving.en} plays for {group.en} in {playing_in.en}: "
                           "change the line-up before it starts, or wait for its end.",
                           f"{leaving.zh} 在 {playing_in.zh} 中代表 {group.zh} 出赛："
                           "请在开赛前更改出场阵容，或等比赛结束。")
    if challenge_open and members - 1 < TEAM_SIZE:
        raise GroupRefusal("too_few", f"{group.en} has a ladder challenge open and would have "
                           "fewer than four members: it could not play its match.",
                           f"{group.zh} 有未结束的梯级挑战，少于四人将无法出赛。")


def check_removable(whom: Label, group: Label, *, is_leader: bool, is_member: bool) -> None:
    """The leader is not removed (hands the leadership over, or dissolves); nor is one who is
    not a member.  ``check_may_go`` follows."""
    if is_leader:
        raise GroupRefusal("leader", "The leader cannot be removed: hand the leadership to "
                           "another member first, or dissolve the group.",
                           "不能移除队长：请先把队长职务交给其他成员，或解散团体。")
    if not is_member:
        raise GroupRefusal("not_in_group", f"{whom.en} is not a member of {group.en}.",
                           f"{whom.zh} 不是 {group.zh} 的成员。", "user")


def check_leavable(group: Label, *, is_member: bool, is_leader: bool) -> None:
    """A member leaves, the leader does not.  ``check_may_go`` follows."""
    if not is_member:
        raise GroupRefusal("not_in_group", f"You are not a member of {group.en}.",
                           f"您不是 {group.zh} 的成员。")
    if is_leader:
        raise GroupRefusal("leader", "The leader cannot leave: hand the leadership to another "
                           "member first, or dissolve the group.",
                           "队长不能退出：请先把队长职务交给其他成员，或解散团体。")


def check_new_leader(whom: Label, group: Label, *, same: bool, is_member: bool,
                     in_club: bool) -> None:
    """The leadership goes to another member of the group who is still a member of the
    club."""
    if same:
        raise GroupRefusal("same", "You lead this group already.", "您已是本团体的队长。", "user")
    if not is_member:
        raise GroupRefusal("not_in_group", f"{whom.en} is not a member of {group.en}: only a "
                           "member can lead it.", f"{whom.zh} 不是 {group.zh} 的成员：只有成员可以"
                           "担任队长。", "user")
    if not in_club:
        raise GroupRefusal("not_member", f"{whom.en} is no longer a member of the club.",
                           f"{whom.zh} 已不是本俱乐部会员。", "user")


def check_not_busy(challenges: Sequence[tuple[Label, int]], matches: Sequence[Label]) -> None:
    """A group is dissolved only with no challenge open (``challenges``: the ladder and the
    challenge's number) and no ladder match not finished (``matches``)."""
    if challenges or matches:
        what_en = [f"challenge {n} on {c.en}" for c, n in challenges] + [m.en for m in matches]
        what_zh = [f"{c.zh} 第 {n} 号挑战" for c, n in challenges] + [m.zh for m in matches]
        raise GroupRefusal("busy", "The group cannot be dissolved while it has a ladder "
                           f"challenge or match in progress ({'; '.join(what_en)}).",
                           f"团体有进行中的梯级挑战或比赛（{'；'.join(what_zh)}），不能解散。")


# ---------------------------------------------------------------------------- line-ups


def lineup(players: Sequence[object], members: Mapping[str, Label],
           group: Label) -> tuple[str, ...]:
    """The captain's four (``players``, ids in seat order) checked against the group's
    ``members`` (id → name): four, none empty, every one a member, none twice."""
    ids = [str(p).strip() for p in players]
    if len(ids) != TEAM_SIZE or any(not p for p in ids):
        raise GroupRefusal("bad_lineup", f"A line-up has {TEAM_SIZE} players: choose a member "
                           "for every seat.", f"出场阵容为 {TEAM_SIZE} 人：请为每个座位选择一名成员。")
    outside = [p for p in ids if p not in members]
    if outside:
        raise GroupRefusal("not_in_group", f"{excerpt(outside[0])} is not a member of "
                           f"{group.en}: a line-up is made of the group's members.",
                           f"{excerpt(outside[0])} 不是 {group.zh} 的成员：出场阵容须由本团体成员"
                           "组成。")
    if len(set(ids)) != len(ids):
        twice = members[next(p for p in ids if ids.count(p) > 1)]
        raise GroupRefusal("bad_lineup", f"{twice.en} is chosen for two seats.",
                           f"{twice.zh} 被选在两个座位上。")
    return tuple(ids)
