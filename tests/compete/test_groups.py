"""The player groups' rules (``compete.groups``): every case of each small domain, with the
code and texts expected written out by hand (the web's texts of before, byte for byte)."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterator

import pytest

from bridgescore.compete import groups as g
from bridgescore.compete.refusal import Refusal

TIGERS = g.Label("Tigers", "猛虎")
ANN = g.Label("Ann", "安")
MATCH = g.Label("Ladder match 3", "梯级赛第 3 场")
LADDER = g.Label("Spring ladder", "春季梯级赛")


def refusal(call: Callable[[], object]) -> tuple[str, str, str, str | None]:
    with pytest.raises(g.GroupRefusal) as info:
        call()
    e = info.value
    return e.code, e.en, e.zh, e.field


def test_a_group_refusal_is_a_competition_refusal() -> None:
    e = g.GroupRefusal("x", "en", "中", "name_en")
    assert isinstance(e, Refusal)
    assert (e.code, e.en, e.zh, e.field) == ("x", "en", "中", "name_en")
    assert g.GroupRefusal("x", "en", "中").field is None


def test_limits() -> None:
    assert g.Limits() == g.Limits(per_player=3, team_max=6, club_max=50, invitation_days=14)
    limits = g.Limits(team_max=5, club_max=40)
    assert [limits.max_size(k) for k in ("team", "club", "other")] == [5, 40, 5]
    assert g.NAME_MAX == 60 and g.TEAM_SIZE == 4 and g.KINDS == ("team", "club")


# ---------------------------------------------------------------------------- rights


LEADER = ("not_leader", "Only the group's leader may do this.",
          "只有团体的队长（帮主）可以执行此操作。", None)


def test_leader() -> None:
    g.check_leader(True)
    assert refusal(lambda: g.check_leader(False)) == LEADER


def test_club_member() -> None:
    g.check_club_member(True)
    assert refusal(lambda: g.check_club_member(False)) == (
        "not_member", "Only the club's members may do this.", "只有本俱乐部的会员可以执行此操作。",
        None)


def test_answerer() -> None:
    g.check_answerer(True)
    assert refusal(lambda: g.check_answerer(False)) == (
        "not_yours", "Only the invited player may answer this invitation.",
        "只有被邀请的牌手可以答复此邀请。", None)


@pytest.mark.parametrize(("leader", "director", "allowed"), [
    (False, False, False), (False, True, True), (True, False, True), (True, True, True)])
def test_who_dissolves(leader: bool, director: bool, allowed: bool) -> None:
    if allowed:
        g.check_may_dissolve(leader, director)
    else:
        assert refusal(lambda: g.check_may_dissolve(leader, director)) == (
            "not_leader", "Only the group's leader (or a director of the club) may dissolve it.",
            "只有团体的队长（或本俱乐部裁判）可以解散团体。", None)


def test_active() -> None:
    g.check_active(False, TIGERS)
    # Both texts name the group as the English one does.
    assert refusal(lambda: g.check_active(True, TIGERS)) == (
        "dissolved", "Tigers was dissolved: it can no longer change.", "Tigers 已解散，不能再更改。",
        None)


# ---------------------------------------------------------------------------- names


def test_kinds() -> None:
    assert g.check_kind("team") == "team" and g.check_kind("club") == "club"
    assert refusal(lambda: g.check_kind("Team")) == (
        "bad_kind", "invalid kind 'Team': expected 'team' or 'club'",
        "无效的类型 'Team'：应为 'team'（队）或 'club'（帮派）", "kind")
    for bad, shown in (("", "''"), (None, "None"), (1, "1"), (["team"], "['team']")):
        code, en, _, field = refusal(lambda bad=bad: g.check_kind(bad))  # type: ignore[misc]
        assert (code, en, field) == ("bad_kind", f"invalid kind {shown}: expected 'team' or "
                                     "'club'", "kind")


def test_clean_name() -> None:
    assert g.clean_name("  Red   \t Tigers \n") == "Red Tigers"
    assert g.clean_name(None) == "" and g.clean_name("") == "" and g.clean_name("   ") == ""
    assert g.clean_name("猛虎　队") == "猛虎 队"  # the ideographic space is a space


def test_names_cleaned() -> None:
    assert g.check_names(" Red  Tigers ", "") == ("Red Tigers", "")
    assert g.check_names("", " 猛虎 ") == ("", "猛虎")
    assert g.check_names("A" * 60, "虎" * 60) == ("A" * 60, "虎" * 60)


def test_no_name() -> None:
    for en, zh in (("", ""), ("  ", "\t"), (None, None)):
        assert refusal(lambda en=en, zh=zh: g.check_names(en, zh)) == (  # type: ignore[misc]
            "no_name", "A group needs a name, in English or in Chinese (or both).",
            "团体需要名称（英文或中文，或两者）。", "name_en")


def test_names_too_long() -> None:
    assert refusal(lambda: g.check_names("A" * 61, "")) == (
        "name_too_long", "The name in English 'AAAAAAAAAAAAAAAAAAAA…' is 61 characters long: "
        "at most 60.", "英文名称 'AAAAAAAAAAAAAAAAAAAA…' 长 61 个字符：最多 60 个。", "name_en")
    assert refusal(lambda: g.check_names("Tigers", "虎" * 61)) == (
        "name_too_long", f"The name in Chinese '{'虎' * 20}…' is 61 characters long: at most 60.",
        f"中文名称 '{'虎' * 20}…' 长 61 个字符：最多 60 个。", "name_zh")


def test_names_taken() -> None:
    others = [("Lions", ""), ("", "猛虎"), ("Bears", "熊")]
    assert g.check_names("Tigers", "老虎", others) == ("Tigers", "老虎")
    # Whatever the letter case, in either language; the clash named in the reader's language.
    assert refusal(lambda: g.check_names("LIONS", "", others)) == (
        "name_taken", "The name 'LIONS' is taken in this club (by Lions): choose another.",
        "名称 'LIONS' 在本俱乐部已被使用（Lions）：请另选一个。", "name_en")
    assert refusal(lambda: g.check_names("猛虎", "", others)) == (
        "name_taken", "The name '猛虎' is taken in this club (by 猛虎): choose another.",
        "名称 '猛虎' 在本俱乐部已被使用（猛虎）：请另选一个。", "name_en")
    assert refusal(lambda: g.check_names("Wolves", "bears", others)) == (
        "name_taken", "The name 'bears' is taken in this club (by Bears): choose another.",
        "名称 'bears' 在本俱乐部已被使用（熊）：请另选一个。", "name_zh")
    # The English name is looked at first; the first group that clashes is named.
    assert refusal(lambda: g.check_names("Bears", "猛虎", others))[1] == (
        "The name 'Bears' is taken in this club (by Bears): choose another.")
    assert refusal(lambda: g.check_names("x", "", [("y", "X"), ("X", "")]))[2] == (
        "名称 'x' 在本俱乐部已被使用（X）：请另选一个。")
    # The others are read only once the names' form is right.
    def never() -> Iterator[tuple[str, str]]:
        raise AssertionError("read")
        yield ("", "")
    assert refusal(lambda: g.check_names("", "", never()))[0] == "no_name"
    assert refusal(lambda: g.check_names("A" * 61, "", never()))[0] == "name_too_long"


def test_name_taken_meanwhile() -> None:
    assert (lambda e: (e.code, e.en, e.zh, e.field))(g.name_taken_meanwhile("Tigers", "猛虎")) == (
        "name_taken", "The name 'Tigers' is taken in this club: choose another.",
        "名称 'Tigers' 在本俱乐部已被使用：请另选一个。", "name_en")
    e = g.name_taken_meanwhile("", "猛虎")
    assert (e.en, e.zh, e.field) == ("The name '猛虎' is taken in this club: choose another.",
                                     "名称 '猛虎' 在本俱乐部已被使用：请另选一个。", "name_zh")
    assert g.name_taken_meanwhile("Tigers", "", with_field=False).field is None


# ---------------------------------------------------------------------------- sizes


@pytest.mark.parametrize("groups", range(6))
def test_room(groups: int) -> None:
    # Three groups at most: the fourth is refused.
    if groups < 3:
        g.check_room(groups, 3)
        g.check_room(groups, 3, ANN)
        return
    assert refusal(lambda: g.check_room(groups, 3)) == (
        "too_many_groups", "You are already in 3 groups of this club, the most a player may "
        "belong to.", "您已在本俱乐部的 3 个团体中，已达每名牌手的上限。", None)
    assert refusal(lambda: g.check_room(groups, 3, ANN)) == (
        "too_many_groups", "Ann is already in 3 groups of this club, the most a player may "
        "belong to.", "安 已在本俱乐部的 3 个团体中，已达每名牌手的上限。", None)


# (members, pending) of a team of at most 6, inviting one more: refused from 6 taken.
SIZES = {(m, p): m + p >= 6 for m in range(1, 7) for p in range(0, 7 - m)}


@pytest.mark.parametrize(("members", "pending"), sorted(SIZES))
def test_size(members: int, pending: int) -> None:
    if not SIZES[members, pending]:
        g.check_size("team", 6, members, pending, TIGERS)
        return
    assert refusal(lambda: g.check_size("team", 6, members, pending, TIGERS)) == (
        "group_full", f"Tigers has {members} members and {pending} invitations waiting: a team "
        "has at most 6 members.", f"Tigers 已有 {members} 名成员和 {pending} 份待答复的邀请："
        "每个队最多 6 名成员。", None)


def test_size_of_a_club_and_adding_more() -> None:
    assert refusal(lambda: g.check_size("club", 50, 45, 5, TIGERS))[1:3] == (
        "Tigers has 45 members and 5 invitations waiting: a player club has at most 50 "
        "members.", "Tigers 已有 45 名成员和 5 份待答复的邀请：每个帮派最多 50 名成员。")
    g.check_size("club", 50, 45, 3, TIGERS, adding=2)
    assert refusal(lambda: g.check_size("club", 50, 45, 3, TIGERS, adding=3))[0] == "group_full"


@pytest.mark.parametrize("members", range(8))
def test_not_full(members: int) -> None:
    if members < 6:
        g.check_not_full(6, members, TIGERS)
    else:
        assert refusal(lambda: g.check_not_full(6, members, TIGERS)) == (
            "group_full", "Tigers is full (6 members).", "猛虎 已满（6 人）。", None)


# ---------------------------------------------------------------------------- invitations


def test_expired() -> None:
    made = datetime.datetime(2026, 3, 1, 12, 0, tzinfo=datetime.UTC)
    day = datetime.timedelta(days=1)
    second = datetime.timedelta(microseconds=1)
    assert not g.expired(made, made, 14)
    assert not g.expired(made, made + 14 * day - second, 14)
    assert g.expired(made, made + 14 * day, 14)  # at the 14th day: expired
    assert g.expired(made, made + 15 * day, 14)
    assert g.expired(made, made, 0)


EXPIRED = ("expired", "This invitation has expired (after 14 days): ask the leader for a new "
           "one.", "此邀请已过期（14 天）：请队长重新邀请。", None)
ANSWERED = {"accepted": ("This invitation was accepted already.", "此邀请已接受。"),
            "declined": ("This invitation was declined already.", "此邀请已谢绝。"),
            "withdrawn": ("This invitation was withdrawn already.", "此邀请已撤回。")}
STATUSES = ("pending", "accepted", "declined", "withdrawn", "expired")


@pytest.mark.parametrize("status", STATUSES)
@pytest.mark.parametrize("is_expired", [False, True])
def test_open(status: str, is_expired: bool) -> None:
    if status == "pending" and not is_expired:
        g.check_open(status, is_expired, 14)
    elif status == "expired" or status == "pending":
        assert refusal(lambda: g.check_open(status, is_expired, 14)) == EXPIRED
    else:  # answered: whether the time has passed does not matter
        en, zh = ANSWERED[status]
        assert refusal(lambda: g.check_open(status, is_expired, 14)) == ("answered", en, zh,
                                                                         None)


def test_an_unknown_status_is_quoted() -> None:
    assert refusal(lambda: g.check_open("lost", False, 14)) == (
        "answered", "This invitation was lost already.", "此邀请已lost。", None)


@pytest.mark.parametrize("status", STATUSES)
def test_withdrawable(status: str) -> None:
    # A pending invitation is withdrawn, expired or not; an answered one is not.
    if status == "pending":
        g.check_withdrawable(status, 14)
    elif status == "expired":
        assert refusal(lambda: g.check_withdrawable(status, 14)) == EXPIRED
    else:
        assert refusal(lambda: g.check_withdrawable(status, 14))[:3] == (
            "answered", *ANSWERED[status])


INVITEE = {
    "not_member": ("Ann is not a member of the club: only its members may join its groups.",
                   "安 不是本俱乐部会员：只有会员可以加入本俱乐部的团体。"),
    "already_member": ("Ann is already a member of Tigers.", "安 已是 猛虎 的成员。"),
    "already_invited": ("Ann has already been invited and has not answered yet.",
                        "已邀请 安，对方尚未答复。"),
}
# (in the club, a member of the group, invited and waiting) → the refusal, in that order.
INVITEES = {
    (True, False, False): None,
    (True, False, True): "already_invited",
    (True, True, False): "already_member",
    (True, True, True): "already_member",
    (False, False, False): "not_member",
    (False, False, True): "not_member",
    (False, True, False): "not_member",
    (False, True, True): "not_member",
}


@pytest.mark.parametrize(("in_club", "member", "invited"), sorted(INVITEES))
def test_invitee(in_club: bool, member: bool, invited: bool) -> None:
    code = INVITEES[in_club, member, invited]

    def ask() -> None:
        g.check_invitee(ANN, TIGERS, in_club=in_club, member=member, invited=invited)
    if code is None:
        ask()
    else:
        assert refusal(ask) == (code, *INVITEE[code], "user")


# ---------------------------------------------------------------------------- members


IN_LINEUP = ("in_lineup", "Ann plays for Tigers in Ladder match 3: change the line-up before it "
             "starts, or wait for its end.", "安 在 梯级赛第 3 场 中代表 猛虎 出赛：请在开赛前更改出场"
             "阵容，或等比赛结束。", None)
TOO_FEW = ("too_few", "Tigers has a ladder challenge open and would have fewer than four "
           "members: it could not play its match.", "猛虎 有未结束的梯级挑战，少于四人将无法出赛。",
           None)


@pytest.mark.parametrize("playing", [False, True])
@pytest.mark.parametrize("challenge", [False, True])
@pytest.mark.parametrize("members", range(1, 8))
def test_may_go(playing: bool, challenge: bool, members: int) -> None:
    def ask() -> None:
        g.check_may_go(ANN, TIGERS, playing_in=MATCH if playing else None,
                       challenge_open=challenge, members=members)
    if playing:
        assert refusal(ask) == IN_LINEUP
    elif challenge and members <= 4:  # four left after going is enough: five members
        assert refusal(ask) == TOO_FEW
    else:
        ask()


@pytest.mark.parametrize(("leader", "member"), [(False, False), (False, True), (True, False),
                                                (True, True)])
def test_removable(leader: bool, member: bool) -> None:
    def ask() -> None:
        g.check_removable(ANN, TIGERS, is_leader=leader, is_member=member)
    if leader:
        assert refusal(ask) == (
            "leader", "The leader cannot be removed: hand the leadership to another member "
            "first, or dissolve the group.", "不能移除队长：请先把队长职务交给其他成员，或解散团体。", None)
    elif not member:
        assert refusal(ask) == ("not_in_group", "Ann is not a member of Tigers.",
                                "安 不是 猛虎 的成员。", "user")
    else:
        ask()


@pytest.mark.parametrize(("member", "leader"), [(False, False), (False, True), (True, False),
                                                (True, True)])
def test_leavable(member: bool, leader: bool) -> None:
    def ask() -> None:
        g.check_leavable(TIGERS, is_member=member, is_leader=leader)
    if not member:
        assert refusal(ask) == ("not_in_group", "You are not a member of Tigers.",
                                "您不是 猛虎 的成员。", None)
    elif leader:
        assert refusal(ask) == (
            "leader", "The leader cannot leave: hand the leadership to another member first, "
            "or dissolve the group.", "队长不能退出：请先把队长职务交给其他成员，或解散团体。", None)
    else:
        ask()


NEW_LEADER = {
    "same": ("You lead this group already.", "您已是本团体的队长。"),
    "not_in_group": ("Ann is not a member of Tigers: only a member can lead it.",
                     "安 不是 猛虎 的成员：只有成员可以担任队长。"),
    "not_member": ("Ann is no longer a member of the club.", "安 已不是本俱乐部会员。"),
}
# (the leader themself, a member of the group, a member of the club) → the refusal.
NEW_LEADERS = {
    (False, True, True): None,
    (False, True, False): "not_member",
    (False, False, True): "not_in_group",
    (False, False, False): "not_in_group",
    (True, True, True): "same",
    (True, True, False): "same",
    (True, False, True): "same",
    (True, False, False): "same",
}


@pytest.mark.parametrize(("same", "member", "in_club"), sorted(NEW_LEADERS))
def test_new_leader(same: bool, member: bool, in_club: bool) -> None:
    code = NEW_LEADERS[same, member, in_club]

    def ask() -> None:
        g.check_new_leader(ANN, TIGERS, same=same, is_member=member, in_club=in_club)
    if code is None:
        ask()
    else:
        assert refusal(ask) == (code, *NEW_LEADER[code], "user")


def test_not_busy() -> None:
    g.check_not_busy([], [])
    assert refusal(lambda: g.check_not_busy([(LADDER, 7)], [])) == (
        "busy", "The group cannot be dissolved while it has a ladder challenge or match in "
        "progress (challenge 7 on Spring ladder).",
        "团体有进行中的梯级挑战或比赛（春季梯级赛 第 7 号挑战），不能解散。", None)
    assert refusal(lambda: g.check_not_busy([], [MATCH]))[1:3] == (
        "The group cannot be dissolved while it has a ladder challenge or match in progress "
        "(Ladder match 3).", "团体有进行中的梯级挑战或比赛（梯级赛第 3 场），不能解散。")
    assert refusal(lambda: g.check_not_busy([(LADDER, 7), (LADDER, 9)], [MATCH]))[1:3] == (
        "The group cannot be dissolved while it has a ladder challenge or match in progress "
        "(challenge 7 on Spring ladder; challenge 9 on Spring ladder; Ladder match 3).",
        "团体有进行中的梯级挑战或比赛（春季梯级赛 第 7 号挑战；春季梯级赛 第 9 号挑战；梯级赛第 3 场），"
        "不能解散。")


# ---------------------------------------------------------------------------- line-ups


MEMBERS = {"1": g.Label("Ann", "安"), "2": g.Label("Bob", "鲍勃"), "3": g.Label("Cy", "赛"),
           "4": g.Label("Di", "迪"), "5": g.Label("Ed", "艾德")}
BAD_LINEUP = ("bad_lineup", "A line-up has 4 players: choose a member for every seat.",
              "出场阵容为 4 人：请为每个座位选择一名成员。", None)


def test_lineup() -> None:
    assert g.lineup(["1", "2", "3", "4"], MEMBERS, TIGERS) == ("1", "2", "3", "4")
    assert g.lineup([5, " 3 ", "1", 2], MEMBERS, TIGERS) == ("5", "3", "1", "2")


@pytest.mark.parametrize("players", [[], ["1", "2", "3"], ["1", "2", "3", "4", "5"],
                                     ["1", "2", " ", "4"], ["1", "", "3", "9"]])
def test_lineup_of_four(players: list[str]) -> None:
    assert refusal(lambda: g.lineup(players, MEMBERS, TIGERS)) == BAD_LINEUP


def test_lineup_of_members_once_each() -> None:
    assert refusal(lambda: g.lineup(["1", "9", "2", "8"], MEMBERS, TIGERS)) == (
        "not_in_group", "'9' is not a member of Tigers: a line-up is made of the group's members.",
        "'9' 不是 猛虎 的成员：出场阵容须由本团体成员组成。", None)
    assert refusal(lambda: g.lineup(["1", "2", "3", "2"], MEMBERS, TIGERS)) == (
        "bad_lineup", "Bob is chosen for two seats.", "鲍勃 被选在两个座位上。", None)
    # An outsider is named before a player chosen twice.
    assert refusal(lambda: g.lineup(["2", "2", "3", "x"], MEMBERS, TIGERS))[0] == "not_in_group"
