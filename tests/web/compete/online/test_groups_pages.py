"""The player groups' pages, each reader in turn: anonymous (to the log-in page), a player
outside the club (403), a member of the club, the group's leader and a director; every
action of ``/groups/<id>/act`` the same way; errors beside the form with the input quoted;
both languages."""

from __future__ import annotations

from django.test import TestCase

from bridgescore.web.compete import services as sv
from bridgescore.web.compete.models import GroupInvitation, PlayerGroup
from bridgescore.web.compete.online import groups

from ...base import make_user
from .helpers import club_with

ZH = {"Accept-Language": "zh-CN,zh;q=0.9"}
HX = {"HX-Request": "true"}


class GroupPagesTests(TestCase):
    def setUp(self) -> None:
        self.club, self.td, self.p = club_with(6)
        self.leader, self.member, self.other = self.p[0], self.p[1], self.p[2]
        self.g = groups.create(self.club, self.leader, kind="team", name_en="Aces",
                               name_zh="王牌队")
        groups.answer(groups.invite(self.g, self.leader, str(self.member.pk)), self.member, True)
        self.out = make_user("out", "Out Sider", "外人")
        self.url = f"/groups/{self.g.pk}/"
        self.act = f"/groups/{self.g.pk}/act"

    def as_(self, user: object) -> None:
        self.client.logout()
        if user is not None:
            self.client.force_login(user)  # type: ignore[arg-type]

    # -- the club's list ------------------------------------------------------------

    def test_list_rights(self) -> None:
        url = "/clubs/online/groups/"
        self.as_(None)
        r = self.client.get(url)
        assert r.status_code == 302 and r["Location"].startswith("/account/login/")
        self.as_(self.out)
        assert self.client.get(url).status_code == 403
        for who in (self.other, self.leader, self.td):
            self.as_(who)
            page = self.client.get(url).content.decode()
            # The group by its name in the reader's language only (issue 23, finding 16).
            assert "Aces" in page and "王牌队" not in page and "Member 1" in page, who
            assert 'id="new-group"' in page
        assert self.client.get("/clubs/nowhere/groups/").status_code == 404

    def test_list_in_chinese_with_invitations(self) -> None:
        inv = groups.invite(self.g, self.leader, str(self.other.pk))
        self.as_(self.other)
        page = self.client.get("/clubs/online/groups/", headers=ZH).content.decode()
        assert "的牌手团体" in page and "王牌队" in page and "您的邀请" in page
        assert f'id="invitation-{inv.pk}"' in page and "接受" in page

    def test_making_a_group_from_the_page(self) -> None:
        self.as_(self.out)
        assert self.client.post("/clubs/online/groups/", {"kind": "team", "name_en": "X"}) \
            .status_code == 403
        self.as_(None)
        assert self.client.post("/clubs/online/groups/", {"kind": "team", "name_en": "X"}) \
            .status_code == 302
        self.as_(self.other)
        # A clash: 400, the input kept and quoted, the field marked.
        r = self.client.post("/clubs/online/groups/", {"kind": "club", "name_en": "aces",
                                                      "name_zh": "新帮"})
        page = r.content.decode()
        assert r.status_code == 400
        assert "The name &#x27;aces&#x27; is taken" in page and 'value="aces"' in page
        assert 'value="新帮"' in page and 'aria-invalid="true"' in page
        assert 'value="club" checked' in page
        r = self.client.post("/clubs/online/groups/", {"kind": "club", "name_en": "aces"},
                             headers={**ZH, **HX})
        assert r.status_code == 200 and "名称 &#x27;aces&#x27; 在本俱乐部已被使用" in r.content.decode()
        r = self.client.post("/clubs/online/groups/", {"kind": "club", "name_en": "Spades",
                                                      "name_zh": "黑桃帮"})
        g = PlayerGroup.objects.get(name_en="Spades")
        assert r.status_code == 302 and r["Location"] == f"/groups/{g.pk}/"
        assert g.leader_id == self.other.pk and g.kind == "club"

    # -- a group's page -------------------------------------------------------------

    def test_group_page_rights(self) -> None:
        self.as_(None)
        assert self.client.get(self.url).status_code == 302
        self.as_(self.out)
        assert self.client.get(self.url).status_code == 403
        self.as_(self.other)  # a member of the club, not of the group
        page = self.client.get(self.url).content.decode()
        assert "Aces" in page and "Member 2" in page and "made the group" in page
        assert "rename-form" not in page and "dissolve-form" not in page
        assert "Leave the group" not in page
        self.as_(self.member)
        page = self.client.get(self.url).content.decode()
        assert "Leave the group" in page and "rename-form" not in page
        self.as_(self.leader)
        page = self.client.get(self.url).content.decode()
        assert "rename-form" in page and "invite-form" in page and "dissolve-form" in page
        assert "transfer-form" in page
        self.as_(self.td)
        page = self.client.get(self.url).content.decode()
        assert "dissolve-form" in page and "rename-form" not in page
        assert self.client.get("/groups/999999/").status_code == 404
        assert self.client.get(self.act).status_code == 405

    def test_group_page_in_chinese(self) -> None:
        self.as_(self.leader)
        page = self.client.get(self.url, headers=ZH).content.decode()
        for text in ("王牌队", "成员", "队长", "邀请本俱乐部会员", "解散团体", "记录", "创建了本团体"):
            assert text in page, text

    # -- every action, every reader -------------------------------------------------

    def post(self, data: dict[str, str], **headers: str) -> tuple[int, str]:
        r = self.client.post(self.act, data, headers=headers)
        return r.status_code, r.content.decode()

    def data(self) -> dict[str, dict[str, str]]:
        inv = groups.invite(self.g, self.leader, str(self.p[3].pk))
        lad = sv.create_competition(self.club, self.td, kind="ladder", name_en="Ladder",
                                    name_zh="梯级赛", settings={})
        return {"rename": {"do": "rename", "name_en": "Kings", "name_zh": "国王队"},
                "invite": {"do": "invite", "user": str(self.p[4].pk)},
                "withdraw": {"do": "withdraw", "invitation": str(inv.pk)},
                "accept": {"do": "accept", "invitation": str(inv.pk)},
                "decline": {"do": "decline", "invitation": str(inv.pk)},
                "remove": {"do": "remove", "user": str(self.member.pk)},
                "leave": {"do": "leave"},
                "transfer": {"do": "transfer", "user": str(self.member.pk)},
                "enter": {"do": "enter", "ladder": str(lad.pk)},
                "lineup": {"do": "lineup", "match": "999999", "seat1": "1"},
                "dissolve": {"do": "dissolve", "confirm": "yes"}}

    def test_nobody_outside_acts(self) -> None:
        for what, data in self.data().items():
            self.as_(None)
            status, _ = self.post(data)
            assert status == 302, what  # to the log-in page
            self.as_(self.out)
            assert self.post(data)[0] == 403, what

    def test_a_member_of_the_club_does_only_what_is_theirs(self) -> None:
        data = self.data()
        self.as_(self.other)  # in the club, not in the group, not invited
        for what in ("rename", "invite", "withdraw", "remove", "transfer", "enter", "dissolve",
                     "accept", "decline", "leave"):
            status, page = self.post(data[what])
            assert status == 400, (what, status)
            assert 'class="messages"' in page
        assert self.post(data["lineup"])[0] == 404  # no such match
        g = PlayerGroup.objects.get(pk=self.g.pk)
        assert g.name_en == "Aces" and g.dissolved is None and g.leader_id == self.leader.pk
        assert GroupInvitation.objects.filter(status="pending").count() == 1

    def test_the_invited_player_answers(self) -> None:
        data = self.data()
        self.as_(self.p[3])
        r = self.client.post(self.act, data["accept"])
        assert r.status_code == 302 and r["Location"] == self.url
        assert self.g.members.filter(user=self.p[3]).exists()

    def test_the_leader_does_everything(self) -> None:
        data = self.data()
        self.as_(self.leader)
        for what in ("rename", "invite", "withdraw"):
            r = self.client.post(self.act, data[what])
            assert r.status_code == 302 and r["Location"] == self.url, what
        # Removing a member asks first, naming them; only the confirmed post removes.
        name = groups.user_name(self.member, "en")
        status, page = self.post(data["remove"])
        assert status == 200 and f"Remove {name} from Kings" in page, page
        assert f'name="user" value="{self.member.pk}"' in page  # posted again as it was
        assert self.g.members.filter(user=self.member).exists()
        r = self.client.post(self.act, {**data["remove"], "confirmed": "yes"})
        assert r.status_code == 302 and r["Location"] == self.url
        assert not self.g.members.filter(user=self.member).exists()
        assert self.post(data["leave"])[0] == 400  # the leader hands over first: refused, not asked
        assert self.post(data["accept"])[0] == 400  # not the invited player
        assert self.post(data["transfer"])[0] == 400  # removed above: no longer a member
        status, page = self.post(data["enter"])
        assert status == 400 and "four" in page  # a team of one enters no ladder
        assert self.post({"do": "dissolve"})[0] == 400  # not confirmed
        assert self.post(data["dissolve"])[0] == 302
        g = PlayerGroup.objects.get(pk=self.g.pk)
        assert (g.name_en, g.name_zh) == ("Kings", "国王队") and g.dissolved is not None
        page = self.client.get(self.url).content.decode()
        assert "was dissolved" in page and "dissolved the group" in page
        assert "rename-form" not in page

    def test_a_member_leaving_is_asked_first_in_their_language(self) -> None:
        self.as_(self.member)
        r = self.client.post(self.act, {"do": "leave"}, headers=ZH)
        page = r.content.decode()
        assert r.status_code == 200 and "退出 王牌队" in page and "队长再次邀请" in page, page
        assert "Leave" not in page and "Aces" not in page  # the page in one language
        assert self.g.members.filter(user=self.member).exists()
        r = self.client.post(self.act, {"do": "leave", "confirmed": "yes"})
        assert r.status_code == 302
        assert not self.g.members.filter(user=self.member).exists()

    def test_the_director(self) -> None:
        data = self.data()
        self.as_(self.td)
        for what in ("rename", "invite", "withdraw", "remove", "transfer", "enter"):
            assert self.post(data[what])[0] == 400, what
        r = self.client.post(self.act, data["dissolve"])
        assert r.status_code == 302
        assert PlayerGroup.objects.get(pk=self.g.pk).dissolved is not None

    def test_errors_quote_the_input(self) -> None:
        self.as_(self.leader)
        status, page = self.post({"do": "rename", "name_en": "", "name_zh": "x" * 70})
        assert status == 400 and "70 个字符" not in page and "is 70 characters long" in page
        assert f'value="{"x" * 70}"' in page  # the input kept in the form
        status, page = self.post({"do": "invite", "user": "12abc"})
        assert status == 400 and "no player &#x27;12abc&#x27;" in page
        status, page = self.post({"do": "bogus"})
        assert status == 400 and "unknown action" in page
        status, page = self.post({"do": "rename", "name_en": "", "name_zh": ""}, **HX)
        assert status == 200 and "needs a name" in page
        status, page = self.post({"do": "rename", "name_en": "", "name_zh": "x" * 70},
                                 HTTP_ACCEPT_LANGUAGE="zh-CN")
        assert "长 70 个字符" in self.client.post(
            self.act, {"do": "rename", "name_zh": "x" * 70}, headers=ZH).content.decode()
        assert self.client.post(self.act, {"do": "withdraw", "invitation": "9" * 40}) \
            .status_code == 404
