"""The club's members page (the club's page, for its members): each member's rank and
masterpoints beside the name and role, in both languages; a guest (no account) has none."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from bridgescore.web.accounts.models import Player
from bridgescore.web.clubs.models import Membership

from ..base import BaseTestCase
from .helpers import award, event


def members(r: Any) -> list[tuple[str, str, str, str]]:
    """(name, role, rank, masterpoints) of each member's row."""
    html = re.sub(r"\s+", " ", r.content.decode())
    body = html.split('<table class="list members">')[1].split("</table>")[0]
    out = []
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body.split("<tbody>")[1]):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row)
        out.append((cells[0], cells[1], re.sub(r"<[^>]+>", "", cells[2]), cells[3]))
    return out


class ClubMembersTests(BaseTestCase):
    @classmethod
    def setUpTestData(cls) -> None:
        super().setUpTestData()
        c = [event(cls.north, cls.alice, "Swiss 1"), event(cls.north, cls.alice, "Swiss 2")]
        award(cls.bob, c[0], 3)
        award(cls.bob, c[1], Fraction(5, 2), place=4)
        guest = Player.objects.create(name_en="Guest Gu", name_zh="顾客")
        Membership.objects.create(club=cls.north, player=guest, role="member")

    def test_a_member_sees_each_member_s_rank_and_masterpoints(self) -> None:
        self.client.force_login(self.bob)
        r = self.client.get("/clubs/north/")
        assert members(r) == [("Alice Wang", "director", "Unranked", "0"),
                              ("Bob Li", "member", "Intermediate Player", "5.50"),
                              ("Guest Gu", "member", "—", "—")]
        self.assertContains(r, '<th scope="col" class="rank">Rank</th>', html=False)
        self.assertContains(r, '<a href="/ratings/leaderboards/?club=north" id="club-leaderboard">',
                            html=False)

    def test_in_chinese(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.get("/clubs/north/", headers=self.zh())
        rows = members(r)
        assert [(n, k, m) for n, _, k, m in rows] == [
            ("王爱丽", "无等级", "0"), ("李博", "中级牌手", "5.50"), ("顾客", "—", "—")]
        self.assertContains(r, '<th scope="col" class="rank">等级</th>', html=False)
        self.assertContains(r, "会员排行榜")
        # The director's e-mail column is still last.
        self.assertContains(r, "bob@example.org")

    def test_a_visitor_sees_no_members_nor_their_figures(self) -> None:
        r = self.client.get("/clubs/north/")
        self.assertNotContains(r, 'class="list members"')
        self.assertNotContains(r, "Intermediate Player")
        self.client.force_login(self.dave)  # another club's director
        self.assertNotContains(self.client.get("/clubs/north/"), "club-leaderboard")
