"""The leaderboard page (/ratings/leaderboards/): by masterpoints, places with ties, pages,
the club filter and who may use it, bad input answered on the page, both languages.

The people (tests/web/base.py) and their masterpoints, worked by hand:
bob 5 (Intermediate Player), alice 3, charlie 3 (Ranked Player), dave 1/2 + 1/2 = 1
(Ranked Player).  Places: bob 1, alice 2, charlie 2 (a tie; alice first, the lower id), dave 4.
The North club's members: alice and bob.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any
from unittest import mock

from bridgescore.web.ratings import views

from ..base import BaseTestCase
from .helpers import award, event


def rows(response: Any) -> list[tuple[str, str, str, str]]:
    """(place, name, rank, masterpoints) of each row, as shown."""
    html = response.content.decode()
    return re.findall(r'<td class="num place">([^<]*)</td>\s*<td class="who">(?:<a [^>]*>)?([^<]*)'
                      r'(?:</a>)?</td>\s*<td class="rank"><span class="rank rank-\d+">'
                      r'([^<]*)</span></td><td class="masterpoints num">([^<]*)</td>', html)


class LeaderboardTests(BaseTestCase):
    @classmethod
    def setUpTestData(cls) -> None:
        super().setUpTestData()
        c = [event(cls.north, cls.alice, f"Swiss {i}") for i in range(3)]
        award(cls.bob, c[0], 5)
        award(cls.alice, c[0], 3, place=2)
        award(cls.charlie, c[1], 3)
        award(cls.dave, c[1], Fraction(1, 2), place=5)
        award(cls.dave, c[2], Fraction(1, 2), place=5)

    def test_anyone_sees_every_player_s_masterpoints(self) -> None:
        r = self.client.get("/ratings/leaderboards/")
        assert r.status_code == 200
        assert rows(r) == [("1", "Bob Li", "Intermediate Player", "5"),
                           ("2", "Alice Wang", "Ranked Player", "3"),
                           ("2", "Charlie Zhang", "Ranked Player", "3"),
                           ("4", "Dave Chen", "Ranked Player", "1")]
        self.assertContains(r, "1–4 of 4")
        self.assertNotContains(r, "@example.org")
        self.assertNotContains(r, 'id="club-filter"')  # a visitor belongs to no club
        assert rows(self.client.get("/ratings/leaderboards/?by=masterpoints")) == rows(r)

    def test_in_chinese_with_the_other_language_s_rank_name_beside(self) -> None:
        r = self.client.get("/ratings/leaderboards/", headers=self.zh())
        assert rows(r)[0] == ("1", "李博", "中级牌手", "5")
        self.assertContains(r, '<span class="rank rank-2">中级牌手</span>', html=False)
        self.assertContains(r, "<h1>排行榜</h1>", html=True)
        self.assertContains(r, "第 1–4 名，共 4 人")

    def test_a_club_s_members_only(self) -> None:
        self.client.force_login(self.bob)
        r = self.client.get("/ratings/leaderboards/?club=north")
        assert rows(r) == [("1", "Bob Li", "Intermediate Player", "5"),
                           ("2", "Alice Wang", "Ranked Player", "3")]
        self.assertContains(r, "<h1>Leaderboards: North Club</h1>", html=True)
        self.assertContains(r, '<option value="north" selected>Members of North Club</option>',
                            html=True)
        # The tabs and the pages keep the club.
        self.assertContains(r, 'href="/ratings/leaderboards/?by=masterpoints&amp;club=north"')

    def test_who_may_see_a_club_s_leaderboard(self) -> None:
        url = "/ratings/leaderboards/?club=north"
        self.assertRedirects(self.client.get(url),
                             "/account/login/?next=/ratings/leaderboards/%3Fclub%3Dnorth",
                             fetch_redirect_response=False)
        for outsider in (self.charlie, self.dave):  # in no club; another club's director
            self.client.force_login(outsider)
            r = self.client.get(url)
            self.assertContains(r, "Only the club&#x27;s members see its leaderboards.",
                                status_code=403)
        self.client.force_login(self.dave)
        self.assertContains(self.client.get(url, headers=self.zh()), "只有本俱乐部会员可以查看其排行榜",
                            status_code=403)
        for insider in (self.alice, self.bob, self.root):  # director, member, administrator
            self.client.force_login(insider)
            assert self.client.get(url).status_code == 200
        self.client.force_login(self.root)
        self.assertContains(self.client.get(url), '<option value="south">', html=False)

    def test_an_unknown_club_is_404(self) -> None:
        self.client.force_login(self.root)
        assert self.client.get("/ratings/leaderboards/?club=nowhere").status_code == 404
        assert self.client.get("/ratings/leaderboards/?club=" + "n" * 60).status_code == 404

    def test_an_unknown_leaderboard_is_answered_on_the_page(self) -> None:
        r = self.client.get("/ratings/leaderboards/?by=%3Cb%3Erate")
        self.assertContains(r, "There is no leaderboard &#x27;&lt;b&gt;rate&#x27;: choose one "
                               "of Masterpoints, Rate, This week&#x27;s points.", status_code=400)
        zh = self.client.get("/ratings/leaderboards/?by=nope", headers=self.zh())
        self.assertContains(zh, "没有排行榜 &#x27;nope&#x27;：请从以下选择：大师分, 牌技指数, 本周积分。", status_code=400)

    def test_a_bad_page_number_is_answered_on_the_page(self) -> None:
        for bad in ("0", "x", "-1", "1.5", "9999999", "١"):
            r = self.client.get("/ratings/leaderboards/", {"page": bad})
            self.assertContains(r, "is not valid: expected a whole number from 1.", status_code=400)
            assert repr(bad) in r.content.decode().replace("&#x27;", "'")
        r = self.client.get("/ratings/leaderboards/?page=2")
        self.assertContains(r, "There is no page 2: the last is 1.", status_code=400)
        zh = self.client.get("/ratings/leaderboards/?page=x", headers=self.zh())
        self.assertContains(zh, "页码 &#x27;x&#x27; 无效", status_code=400)

    def test_pages_keep_a_tie_s_place(self) -> None:
        with mock.patch.object(views, "PAGE_SIZE", 2):
            one = self.client.get("/ratings/leaderboards/")
            two = self.client.get("/ratings/leaderboards/?page=2")
        assert [r[:2] for r in rows(one)] == [("1", "Bob Li"), ("2", "Alice Wang")]
        assert [r[:2] for r in rows(two)] == [("2", "Charlie Zhang"), ("4", "Dave Chen")]
        self.assertContains(one, 'href="/ratings/leaderboards/?by=masterpoints&amp;page=2" rel="next"')
        self.assertContains(two, 'href="/ratings/leaderboards/?by=masterpoints" rel="prev"')
        self.assertContains(two, "3–4 of 4")

    def test_your_place_and_the_way_to_it(self) -> None:
        self.client.force_login(self.charlie)
        with mock.patch.object(views, "PAGE_SIZE", 2):
            r = self.client.get("/ratings/leaderboards/")
            self.assertContains(r, "Your place: 2")
            self.assertContains(r, '<a href="/ratings/leaderboards/?by=masterpoints&amp;page=2#me">'
                                   'show it</a>', html=False)
            two = self.client.get("/ratings/leaderboards/?page=2")
        self.assertContains(two, f'<tr data-user="{self.charlie.pk}" class="mine" id="me">',
                            html=False)
        self.assertNotContains(two, "show it")
        self.client.force_login(self.root)  # no masterpoints: no place
        self.assertNotContains(self.client.get("/ratings/leaderboards/"), 'id="my-place"')

    def test_only_get(self) -> None:
        assert self.client.post("/ratings/leaderboards/").status_code == 405


class EmptyLeaderboardTests(BaseTestCase):
    def test_nobody_yet(self) -> None:
        r = self.client.get("/ratings/leaderboards/")
        self.assertContains(r, "Nobody is on this leaderboard yet.")
        self.assertContains(self.client.get("/ratings/leaderboards/", headers=self.zh()),
                            "排行榜上还没有人。")


class RegistryTests(BaseTestCase):
    """Another leaderboard is added by registering it (the Rate's and this week's points
    will be): its tab appears, ``by`` selects it, places follow its own order."""

    def test_another_leaderboard(self) -> None:
        from django.db.models import F

        from bridgescore.web.compete import ledger
        from bridgescore.web.ratings import boards

        c = event(self.north, self.alice, "Swiss")
        award(self.bob, c, 5)
        award(self.alice, c, 1, place=5)
        saved = dict(boards.BOARDS)

        def restore() -> None:
            boards.BOARDS.clear()
            boards.BOARDS.update(saved)

        self.addCleanup(restore)
        boards.register(boards.Leaderboard(
            "fewest", "Fewest masterpoints", "Lowest first.", "masterpoints",
            lambda _club, pop: ledger.leaders(pop).order_by("points", "user_id")
            .values("user_id", value=F("points")),
            lambda _club, pop, v: ledger.leaders(pop).filter(points__lt=v).count(),
            lambda v: {"value": float(v)}))
        r = self.client.get("/ratings/leaderboards/?by=fewest")
        assert [(p, n) for p, n, _, _ in rows(r)] == [("1", "Alice Wang"), ("2", "Bob Li")]
        self.assertContains(r, '<a href="/ratings/leaderboards/?by=fewest" aria-current="page">'
                               'Fewest masterpoints</a>', html=False)
        self.assertContains(r, '<a href="/ratings/leaderboards/?by=masterpoints">Masterpoints</a>',
                            html=False)
        api = self.client.get("/api/leaderboards/fewest").json()
        assert [(x["place"], x["value"]) for x in api["rows"]] == [(1, 1.0), (2, 5.0)]
