"""The ranks in the JSON API: a player's masterpoints, rank, ledger and promotions; the
leaderboards; the rights, and errors as JSON in both languages.

bob: 3 (Ranked Player) then 2 → 5 (Intermediate Player); dave 1/2 + 1/2 = 1 (Ranked Player);
charlie nothing.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from bridgescore.web.accounts import tokens
from bridgescore.web.compete.models import Competition

from ..base import BaseTestCase
from .helpers import award, event

RANKED = {"code": "ranked_player", "value": 1, "name_en": "Ranked Player", "name_zh": "有级牌手",
          "name": "Ranked Player"}
INTERMEDIATE = {"code": "intermediate", "value": 2, "name_en": "Intermediate Player",
                "name_zh": "中级牌手", "name": "Intermediate Player"}
ADVANCED = {"code": "advanced", "value": 3, "name_en": "Advanced Player", "name_zh": "高级牌手",
            "name": "Advanced Player"}


class RanksApiTests(BaseTestCase):
    c: list[Competition]

    @classmethod
    def setUpTestData(cls) -> None:
        super().setUpTestData()
        cls.c = [event(cls.north, cls.alice, f"Swiss {i}", f"瑞士赛{i}") for i in (1, 2)]
        award(cls.bob, cls.c[0], 3, place=1, day=0)
        award(cls.bob, cls.c[1], 2, place=2, day=7)
        award(cls.dave, cls.c[0], Fraction(1, 2), place=5)
        award(cls.dave, cls.c[1], Fraction(1, 2), place=5, day=7)

    def get(self, path: str, user: Any = None, **headers: str) -> Any:
        if user is not None:
            headers["Authorization"] = f"Bearer {tokens.issue(user, 'test')}"
        return self.client.get(path, headers=headers)

    def test_my_masterpoints(self) -> None:
        r = self.get("/api/me/masterpoints", self.bob)
        assert r.status_code == 200
        body = r.json()
        c1, c2 = (c.pk for c in self.c)
        assert body == {
            "player": {"id": str(self.bob.pk), "name_en": "Bob Li", "name_zh": "李博",
                       "name": "Bob Li"},
            "masterpoints": 5.0, "exact": "5", "rank": INTERMEDIATE, "next_rank": ADVANCED,
            "to_next": 10.0, "thresholds": [0, 1, 5, 15, 30, 60, 100, 150, 250, 400, 600, 1000],
            "ledger": [
                {"competition": c1, "name_en": "Swiss 1", "name_zh": "瑞士赛1", "name": "Swiss 1",
                 "place": 1, "masterpoints": 3.0, "exact": "3", "total": 3.0,
                 "awarded_at": "2030-03-01T12:00:00+00:00", "results": f"/compete/{c1}/results/"},
                {"competition": c2, "name_en": "Swiss 2", "name_zh": "瑞士赛2", "name": "Swiss 2",
                 "place": 2, "masterpoints": 2.0, "exact": "2", "total": 5.0,
                 "awarded_at": "2030-03-08T12:00:00+00:00", "results": f"/compete/{c2}/results/"}],
            "promotions": [
                {"rank": RANKED, "threshold": 1, "competition": c1, "place": 1, "before": 0.0,
                 "after": 3.0, "promoted_at": "2030-03-01T12:00:00+00:00"},
                {"rank": INTERMEDIATE, "threshold": 5, "competition": c2, "place": 2,
                 "before": 3.0, "after": 5.0, "promoted_at": "2030-03-08T12:00:00+00:00"}],
        }

    def test_in_chinese_and_in_fractions(self) -> None:
        body = self.get("/api/me/masterpoints", self.dave, **self.zh()).json()
        assert body["player"]["name"] == "陈大卫" and body["rank"]["name"] == "有级牌手"
        assert [(a["exact"], a["masterpoints"], a["total"], a["name"]) for a in body["ledger"]] \
            == [("1/2", 0.5, 0.5, "瑞士赛1"), ("1/2", 0.5, 1.0, "瑞士赛2")]
        assert (body["exact"], body["masterpoints"]) == ("1", 1.0)
        assert [p["competition"] for p in body["promotions"]] == [self.c[1].pk]

    def test_nothing_yet(self) -> None:
        body = self.get("/api/me/masterpoints", self.charlie).json()
        assert (body["masterpoints"], body["exact"], body["rank"]["code"], body["to_next"],
                body["ledger"], body["promotions"]) == (0.0, "0", "unranked", 1.0, [], [])

    def test_my_masterpoints_need_a_log_in(self) -> None:
        r = self.client.get("/api/me/masterpoints")
        assert r.status_code == 401
        assert r.json()["code"] == "not_authenticated" and r.json()["zh"].startswith("需要身份验证")
        bad = self.client.get("/api/me/masterpoints", headers={"Authorization": "Bearer bst_x"})
        assert bad.status_code == 401
        self.client.force_login(self.bob)  # the session, as a page calls it
        assert self.client.get("/api/me/masterpoints").json()["exact"] == "5"

    def test_a_player_s_ledger_is_the_player_s_own(self) -> None:
        url = f"/api/players/{self.bob.pk}/masterpoints"
        assert self.get(url, self.bob).json()["exact"] == "5"
        assert self.get(url, self.root).json()["exact"] == "5"  # the administrator
        for other in (self.alice, self.charlie):  # bob's club's director; a stranger
            r = self.get(url, other)
            assert r.status_code == 403
            body = r.json()
            assert body["code"] == "forbidden" and body["en"].startswith("A player's ledger")
            assert body["zh"] == "牌手的大师分记录仅本人可见。"
        assert self.client.get(url).status_code == 401
        missing = self.get("/api/players/999999/masterpoints", self.root)
        assert missing.status_code == 404 and missing.json()["zh"] == "没有编号为 999999 的牌手。"

    def test_the_leaderboard(self) -> None:
        r = self.client.get("/api/leaderboards/masterpoints")  # anyone
        assert r.status_code == 200
        body = r.json()
        assert (body["by"], body["club"], body["count"], body["offset"], body["limit"]) == (
            "masterpoints", None, 2, 0, 50)
        assert body["rows"] == [
            {"place": 1, "player": {"id": str(self.bob.pk), "name_en": "Bob Li",
                                    "name_zh": "李博", "name": "Bob Li"},
             "value": 5.0, "exact": "5", "rank": INTERMEDIATE},
            {"place": 2, "player": {"id": str(self.dave.pk), "name_en": "Dave Chen",
                                    "name_zh": "陈大卫", "name": "Dave Chen"},
             "value": 1.0, "exact": "1", "rank": RANKED}]
        page = self.client.get("/api/leaderboards/masterpoints?offset=1&limit=1").json()
        assert [(x["place"], x["exact"]) for x in page["rows"]] == [(2, "1")]
        zh = self.client.get("/api/leaderboards/masterpoints", headers=self.zh()).json()
        assert zh["rows"][0]["player"]["name"] == "李博" and zh["rows"][0]["rank"]["name"] == "中级牌手"

    def test_a_club_s_leaderboard_and_its_rights(self) -> None:
        url = "/api/leaderboards/masterpoints?club=north"
        body = self.get(url, self.bob).json()
        assert body["club"] == "north" and [x["exact"] for x in body["rows"]] == ["5"]
        assert self.get(url, self.root).status_code == 200
        assert self.client.get(url).status_code == 401
        for outsider in (self.charlie, self.dave):
            r = self.get(url, outsider)
            assert r.status_code == 403 and r.json()["zh"] == "只有本俱乐部会员可以查看其排行榜。"
        r = self.get("/api/leaderboards/masterpoints?club=nowhere", self.root)
        assert r.status_code == 404 and r.json()["en"] == "No club 'nowhere'."

    def test_bad_requests_are_json_in_both_languages(self) -> None:
        r = self.client.get("/api/leaderboards/speed")
        assert r.status_code == 404
        assert r.json()["en"] == ("There is no leaderboard 'speed': expected one of masterpoints, "
                                  "rate, week_points.")
        assert r.json()["zh"] == "没有排行榜 'speed'：应为以下之一：masterpoints, rate, week_points。"
        for query in ("limit=0", "limit=501", "offset=-1", "limit=x"):
            r = self.client.get(f"/api/leaderboards/masterpoints?{query}")
            assert r.status_code == 422, query
            assert r.json()["code"] == "invalid_input" and r.json()["zh"].startswith("请求数据无效")
