"""The account page's rank and masterpoints (the ratings' profile section), and the whole
ledger's page: the player's own, in both languages."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from django.test import override_settings

from bridgescore.compete.ranks import DEFAULT_THRESHOLDS
from bridgescore.web.accounts.models import User
from bridgescore.web.compete.models import Competition
from bridgescore.web.ratings import profile
from bridgescore.web.ratings.profile import Section

from ..base import BaseTestCase, make_user
from .helpers import Row, Shown, award, check_ledger_page, event, ledger_page


def text(r: Any) -> str:
    return re.sub(r"\s+", " ", r.content.decode())


def ledger_rows(r: Any) -> list[tuple[str, str, str, str, str]]:
    """(date, competition, place, points, running total) of each ledger row."""
    return re.findall(r'<tr data-award="\d+"> <td class="date">([^<]*)</td> <td class="event">'
                      r'<a href="[^"]*">([^<]*)</a>.*?</td> <td class="num place"[^>]*>(\d+)</td>'
                      r'<td class="num points">([^<]*)</td><td class="num total"[^>]*>([^<]*)</td></tr>',
                      text(r))


class ProfileRankTests(BaseTestCase):
    c: list[Competition]

    @classmethod
    def setUpTestData(cls) -> None:
        super().setUpTestData()
        cls.c = [event(cls.north, cls.alice, f"Swiss {i}", f"瑞士赛{i}") for i in range(1, 4)]
        award(cls.bob, cls.c[0], 3, place=1, day=0)  # Ranked Player
        award(cls.bob, cls.c[1], 1, place=6, day=7)
        award(cls.bob, cls.c[2], 2, place=3, day=14)  # 6: Intermediate Player

    def test_the_rank_the_total_and_the_way_to_the_next(self) -> None:
        self.client.force_login(self.bob)
        r = self.client.get("/account/")
        # The rank in the reader's language only (issue 23, finding 16).
        self.assertContains(r, '<dd id="my-rank"><span class="rank rank-2">Intermediate Player'
                               '</span></dd>', html=False)
        self.assertNotContains(r, "中级牌手")
        self.assertContains(r, '<strong id="mp-total">6</strong>', html=False)
        # 6 on the way from 5 to 15: 1/10 of it (10%); 9 more.
        self.assertContains(r, '<progress max="100" value="10"', html=False)
        self.assertContains(r, "9 more to Advanced Player")

    def test_the_ledger_newest_first_with_links_to_the_results(self) -> None:
        self.client.force_login(self.bob)
        r = self.client.get("/account/")
        assert ledger_rows(r) == [("2030-03-15", "Swiss 3", "3", "+2", "6"),
                                  ("2030-03-08", "Swiss 2", "6", "+1", "4"),
                                  ("2030-03-01", "Swiss 1", "1", "+3", "3")]
        for c in self.c:
            self.assertContains(r, f'<a href="/compete/{c.pk}/results/">', html=False)
        self.assertNotContains(r, 'id="whole-ledger"')

    def test_the_promotions_newest_first(self) -> None:
        self.client.force_login(self.bob)
        t = text(self.client.get("/account/"))
        found = re.findall(r'<li><span><span class="rank rank-(\d)">([^<]*)</span>.*?'
                           r'<span class="when">([^ ]*) · <a href="/compete/(\d+)/results/">', t)
        assert found == [("2", "Intermediate Player", "2030-03-15", str(self.c[2].pk)),
                         ("1", "Ranked Player", "2030-03-01", str(self.c[0].pk))]
        assert "6 in all" in t and "3 in all" in t
        # The awards that promoted are marked in the ledger.
        assert t.count('<span class="reached">↑') == 2

    def test_in_chinese(self) -> None:
        self.client.force_login(self.bob)
        r = self.client.get("/account/", headers=self.zh())
        t = text(r)
        assert "等级与大师分" in t and "大师分记录" in t and "晋级记录" in t
        assert '<dd id="my-rank"><span class="rank rank-2">中级牌手</span></dd>' in t
        assert "Intermediate Player" not in t
        assert "再得 9 分晋升为高级牌手" in t
        assert [row[1] for row in ledger_rows(r)] == ["瑞士赛3", "瑞士赛2", "瑞士赛1"]

    def test_no_masterpoints_yet(self) -> None:
        self.client.force_login(self.charlie)
        r = self.client.get("/account/")
        self.assertContains(r, '<dd id="my-rank"><span class="rank rank-0">Unranked</span></dd>',
                            html=False)
        self.assertContains(r, "1 more to Ranked Player")
        self.assertContains(r, "No masterpoints yet: they are won in the platform's competitions.")
        self.assertContains(r, "No promotion yet")
        zh = self.client.get("/account/", headers=self.zh())
        self.assertContains(zh, "还没有大师分")
        self.assertContains(zh, "再得 1 分晋升为有级牌手")

    @override_settings(BRIDGESCORE_RANK_THRESHOLDS=(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11))
    def test_the_top_rank(self) -> None:
        award(self.charlie, self.c[0], 12)
        self.client.force_login(self.charlie)
        r = self.client.get("/account/")
        self.assertContains(r, "Professional Player")
        self.assertContains(r, "The highest rank.")
        self.assertNotContains(r, "<progress")


class WholeLedgerTests(BaseTestCase):
    def test_more_than_the_profile_shows(self) -> None:
        cs = [event(self.north, self.alice, f"Week {i}") for i in range(1, 24)]
        for i, c in enumerate(cs):
            award(self.bob, c, 1, place=7, day=i)
        self.client.force_login(self.bob)
        r = self.client.get("/account/")
        assert len(ledger_rows(r)) == profile.PROFILE_LEDGER_ROWS == 20
        self.assertContains(r, '<a href="/ratings/ledger/" id="whole-ledger">The whole ledger: '
                               '23 awards</a>', html=False)
        self.assertContains(self.client.get("/account/", headers=self.zh()), "全部记录：共 23 次获分")
        whole = self.client.get("/ratings/ledger/")
        rows = ledger_rows(whole)
        assert len(rows) == 23 and rows[0][1] == "Week 23" and rows[-1][1] == "Week 1"
        assert [row[4] for row in rows] == [str(n) for n in range(23, 0, -1)]

    def test_the_ledger_page_is_the_player_s_own(self) -> None:
        self.assertRedirects(self.client.get("/ratings/ledger/"),
                             "/account/login/?next=/ratings/ledger/")
        self.client.force_login(self.charlie)
        self.assertContains(self.client.get("/ratings/ledger/"), "No masterpoints yet")
        assert self.client.post("/ratings/ledger/").status_code == 405


class OutOfOrderLedgerTests(BaseTestCase):
    """Issue 23, finding 1: the same dated awards stored in another order give the same
    ledger page, and its ↑ marks agree with its running totals.  Bob's awards arrive in date
    order; Erin's the same awards, the latest first (a late correction, a backdated import);
    Fay's with two of the same day stored the second first."""

    # (competition, points, day): Swiss 1 (day 0) 3; Swiss 2 (day 7) 3; Swiss 3 (day 14) 3;
    # Swiss 4 (day 14, the same day: after Swiss 3 by its id) 3; Swiss 5 (day 21) 4.
    AWARDS = ((0, 3, 0), (1, 3, 7), (2, 3, 14), (3, 3, 14), (4, 4, 21))
    c: list[Competition]
    erin: User
    fay: User

    @classmethod
    def setUpTestData(cls) -> None:
        super().setUpTestData()
        cls.c = [event(cls.north, cls.alice, f"Swiss {i}", f"瑞士赛{i}") for i in range(1, 6)]
        cls.erin = make_user("erin", "Erin Sun", "孙艾琳")
        cls.fay = make_user("fay", "Fay Hu", "胡菲")
        for user, order in ((cls.bob, (0, 1, 2, 3, 4)), (cls.erin, (4, 3, 2, 1, 0)),
                            (cls.fay, (1, 0, 4, 3, 2))):
            for k in order:
                c, points, day = cls.AWARDS[k]
                award(user, cls.c[c], points, day=day)

    def page(self, user: User, zh: bool = False) -> tuple[list[Row], list[Shown]]:
        self.client.force_login(user)
        r = self.client.get("/ratings/ledger/", headers=self.zh() if zh else {})
        assert r.status_code == 200
        return ledger_page(r.content.decode())

    def test_the_page_is_the_dated_ledger_whatever_the_order_stored(self) -> None:
        c = [x.pk for x in self.c]
        for zh in (False, True):
            rows, shown = self.page(self.bob, zh)
            # 3 → Ranked Player (1); 6 → Intermediate (5); 9, 12; 16 → Advanced (15).
            assert rows == [("2030-03-22", c[4], "+4", "16", [3]),
                            ("2030-03-15", c[3], "+3", "12", []),
                            ("2030-03-15", c[2], "+3", "9", []),
                            ("2030-03-08", c[1], "+3", "6", [2]),
                            ("2030-03-01", c[0], "+3", "3", [1])], zh
            assert shown == [(3, "2030-03-22", c[4], "16"), (2, "2030-03-08", c[1], "6"),
                             (1, "2030-03-01", c[0], "3")], zh
            check_ledger_page(rows, shown, DEFAULT_THRESHOLDS)
            for other in (self.erin, self.fay):
                assert self.page(other, zh) == (rows, shown), (other, zh)

    def test_the_account_page_too(self) -> None:
        for zh in (False, True):
            pages = []
            for user in (self.bob, self.erin, self.fay):
                self.client.force_login(user)
                r = self.client.get("/account/", headers=self.zh() if zh else {})
                rows, shown = ledger_page(r.content.decode())
                check_ledger_page(rows, shown, DEFAULT_THRESHOLDS)
                pages.append((rows, shown))
            assert len(pages[0][0]) == 5 and len(pages[0][1]) == 3
            assert pages[1] == pages[0] and pages[2] == pages[0], zh


def _with_test_templates() -> list[dict[str, Any]]:
    """The site's template settings, and this folder's templates/ besides."""
    from django.conf import settings

    out: list[dict[str, Any]] = []
    for t in settings.TEMPLATES:
        dirs: list[Any] = list(t["DIRS"])  # type: ignore[call-overload]
        out.append({**t, "DIRS": [*dirs, Path(__file__).parent / "templates"]})
    return out


class SectionRegistryTests(BaseTestCase):
    def test_another_section_takes_its_place(self) -> None:
        with self.settings(TEMPLATES=_with_test_templates()):
            self._another_section()

    def _another_section(self) -> None:
        """The Rate's sections will be added so: a template and its context, in order."""
        saved = list(profile.SECTIONS)
        self.addCleanup(lambda: profile.SECTIONS.__setitem__(slice(None), saved))
        profile.register(Section("rate", "ratings/_test_section.html",
                                 lambda user, lang: {"who": user.username, "lang": lang}),
                         before="masterpoints")
        assert [s.key for s in profile.SECTIONS] == ["rate", "masterpoints"]
        self.client.force_login(self.bob)
        t = text(self.client.get("/account/", headers=self.zh()))
        assert '<section id="test-section">bob zh</section>' in t
        assert t.index('id="test-section"') < t.index('id="masterpoints"')
