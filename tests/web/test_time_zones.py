"""Issue 23, finding 17: every time a page shows is in the reader's zone and says which —
a member who chose none sees their club's (Asia/Shanghai: UTC+8), a member who chose
Europe/London sees London's — in both languages; a director's form reads a start in the
director's zone, names it, and stores the right UTC instant.  The expectations are worked
from the zones' published offsets, not from the code under test."""

from __future__ import annotations

import calendar
import re
from typing import Any

from django.test import Client, TestCase

from bridgescore.web.accounts.models import User
from bridgescore.web.clubs.models import Club, Membership
from bridgescore.web.compete import services as sv
from bridgescore.web.compete.models import Competition

from .base import PASSWORD, make_user

ZH: dict[str, Any] = {"HTTP_ACCEPT_LANGUAGE": "zh-CN,zh;q=0.9"}
EN: dict[str, Any] = {"HTTP_ACCEPT_LANGUAGE": "en"}
# 2030-01-15 12:00 UTC: 20:00 in Beijing, 12:00 in London (GMT, winter).
START = float(calendar.timegm((2030, 1, 15, 12, 0, 0)))


def text(response: Any) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


class TimeZoneTests(TestCase):
    club: Club
    td: User
    beijing: User
    london: User
    c: Competition

    @classmethod
    def setUpTestData(cls) -> None:
        cls.club = Club.objects.create(slug="tz", name_en="Zone Club", name_zh="时区俱乐部",
                                       time_zone="Asia/Shanghai")
        cls.td = make_user("tztd", "Td", "裁判")
        Membership.objects.create(club=cls.club, player=cls.td.player, role="director")
        cls.beijing = make_user("bj", "Bei Jing", "北京人")
        cls.london = make_user("ldn", "Lon Don", "伦敦人")
        cls.london.time_zone = "Europe/London"
        cls.london.save()
        for u in (cls.beijing, cls.london):
            Membership.objects.create(club=cls.club, player=u.player, role="member")
        cls.c = sv.create_competition(
            cls.club, cls.td, kind="swiss", name_en="Zone Swiss", name_zh="时区瑞士移位",
            settings={"start": START, "rounds": 2, "boards_per_round": 1,
                      "round_minutes": 10, "registration_minutes": 30, "deal_seed": 1})

    def client_for(self, user: User) -> Client:
        c = Client()
        assert c.login(username=user.username, password=PASSWORD)
        return c

    def test_the_same_start_in_each_readers_zone_with_its_name(self) -> None:
        want = {
            (self.beijing, "en"): "2030-01-15 20:00 (China Standard Time)",
            (self.beijing, "zh"): "2030-01-15 20:00 (北京时间)",
            (self.london, "en"): "2030-01-15 12:00 (Greenwich Mean Time)",
            (self.london, "zh"): "2030-01-15 12:00 (格林尼治标准时间)",
        }
        for (user, lang), shown in want.items():
            client = self.client_for(user)
            headers = ZH if lang == "zh" else EN
            home = text(client.get("/compete/", **headers))
            assert shown in home, (user.username, lang, home[-800:])
            page = text(client.get(f"/compete/{self.c.pk}/", **headers))
            assert shown[:-1] in page or shown.replace(" (", ":00 (") in page, \
                (user.username, lang)
        # Nobody is shown UTC unless they chose it.
        assert "协调世界时" not in text(self.client_for(self.beijing).get("/compete/", **ZH))

    def test_a_summer_start_in_london_is_british_summer_time(self) -> None:
        summer = float(calendar.timegm((2030, 7, 1, 18, 30, 0)))
        c = sv.create_competition(
            self.club, self.td, kind="swiss", name_en="Summer Swiss", name_zh="夏季瑞士移位",
            settings={"start": summer, "rounds": 2, "boards_per_round": 1,
                      "round_minutes": 10, "registration_minutes": 30, "deal_seed": 1})
        home = text(self.client_for(self.london).get("/compete/", **EN))
        assert "2030-07-01 19:30 (British Summer Time)" in home
        home = text(self.client_for(self.beijing).get("/compete/", **ZH))
        assert "2030-07-02 02:30 (北京时间)" in home
        assert c.pk

    def test_a_start_typed_in_a_form_is_read_in_the_directors_zone(self) -> None:
        form = {"club": str(self.club.pk), "kind": "swiss", "name_en": "Typed Swiss",
                "name_zh": "输入的瑞士移位", "members_only": "on", "start": "2030-07-01 19:30",
                "rounds": "5", "boards_per_round": "2", "round_minutes": "15",
                "scoring": "mp", "completion": "75", "hold_seconds": "20",
                "registration_minutes": "45", "winners": "1", "pairs_scoring": "mp",
                "pairs_boards": "2", "pairs_round_minutes": "15"}
        td = self.client_for(self.td)
        # The club's zone (the director chose none): the form says so, in both languages.
        assert "China Standard Time (UTC+08:00)" in text(td.get("/compete/new/", **EN))
        assert "北京时间（UTC+08:00）" in text(td.get("/compete/new/", **ZH))
        r = td.post("/compete/new/", form, **EN)
        assert r.status_code == 302, text(r)[-600:]
        made = Competition.objects.get(name_en="Typed Swiss")
        # 19:30 in Beijing (UTC+8) is 11:30 UTC.
        assert made.settings["start"] == calendar.timegm((2030, 7, 1, 11, 30, 0))
        # The director moves to London (summer: UTC+1): the same typed time is 18:30 UTC.
        self.td.time_zone = "Europe/London"
        self.td.save()
        # (named as London's zone is today: GMT or BST, UTC+00:00 or UTC+01:00)
        assert re.search(r"(Greenwich Mean|British Summer) Time \(UTC\+0[01]:00\)",
                         text(td.get("/compete/new/", **EN)))
        r = td.post("/compete/new/", {**form, "name_en": "London Swiss",
                                      "name_zh": "伦敦瑞士移位"}, **EN)
        assert r.status_code == 302
        made = Competition.objects.get(name_en="London Swiss")
        assert made.settings["start"] == calendar.timegm((2030, 7, 1, 18, 30, 0))

    def test_the_zone_is_a_setting_of_the_account(self) -> None:
        client = self.client_for(self.beijing)
        page = text(client.get("/account/", **EN))
        assert "Time zone" in page
        assert "My club&#x27;s: China Standard Time (UTC+08:00)" in page
        assert "时区" in text(client.get("/account/", **ZH))
        r = client.post("/account/", {"time_zone": "Europe/London"}, **EN)
        assert r.status_code == 302
        self.beijing.refresh_from_db()
        assert self.beijing.time_zone == "Europe/London"
        assert "2030-01-15 12:00 (Greenwich Mean Time)" in text(client.get("/compete/", **EN))
        # Not a zone: refused, nothing changed.
        r = client.post("/account/", {"time_zone": "Mars/Olympus"}, **EN)
        assert r.status_code == 200
        self.beijing.refresh_from_db()
        assert self.beijing.time_zone == "Europe/London"
        # Back to the club's.
        client.post("/account/", {"time_zone": ""}, **EN)
        self.beijing.refresh_from_db()
        assert self.beijing.time_zone == ""
        assert "2030-01-15 20:00 (China Standard Time)" in text(client.get("/compete/", **EN))

    def test_the_club_s_zone_is_its_directors_setting(self) -> None:
        director = self.client_for(self.td)
        # Linked from the club's page for its directors only.
        assert 'id="club-settings-link"' in director.get("/clubs/tz/", **EN).content.decode()
        member = self.client_for(self.beijing)
        assert 'id="club-settings-link"' not in member.get("/clubs/tz/", **EN).content.decode()
        page = text(director.get("/clubs/tz/settings/", **ZH))
        assert "俱乐部的时区" in page and "北京时间 (UTC+08:00)" in page
        # A member (and an outsider) is refused whatever they send; nothing changes.
        assert member.get("/clubs/tz/settings/", **EN).status_code == 403
        assert member.post("/clubs/tz/settings/", {"time_zone": "Europe/London"},
                           **EN).status_code == 403
        assert Client().get("/clubs/tz/settings/").status_code == 302  # to log in
        self.club.refresh_from_db()
        assert self.club.time_zone == "Asia/Shanghai"
        # Not a zone: the form says so in the reader's language, nothing changes.
        r = director.post("/clubs/tz/settings/", {"time_zone": "Mars/Olympus"}, **EN)
        assert r.status_code == 200 and "Select a valid choice" in text(r)
        # London: every member without a zone of their own now reads London's time
        # (12:00 UTC is 12:00 GMT in January), the one who chose London still does.
        r = director.post("/clubs/tz/settings/", {"time_zone": "Europe/London"}, **EN)
        assert r.status_code == 302
        self.club.refresh_from_db()
        assert self.club.time_zone == "Europe/London"
        assert "2030-01-15 12:00 (Greenwich Mean Time)" in text(member.get("/compete/", **EN))
        assert "2030-01-15 12:00 (格林尼治标准时间)" in text(member.get("/compete/", **ZH))
