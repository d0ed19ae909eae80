"""The results API: the pages' rules and figures, as JSON (hand-worked in ``scenario.py``)."""

from __future__ import annotations

from typing import Any

from django.test import Client

from bridgescore.web.accounts import tokens
from bridgescore.web.events import services as sv

from . import scenario as sc
from .test_views import ResultsTestCase


class ApiTest(ResultsTestCase):
    def api(self, path: str, user: object | None = None, **headers: str) -> tuple[int, dict[str, Any]]:
        r = self.as_(user).get(f"/api/events/{self.event.pk}{path}", headers=headers)
        assert r["Content-Type"].startswith("application/json"), r.content[:200]
        return r.status_code, r.json()

    def test_event_settings_and_progress(self) -> None:
        status, body = self.api("", self.bob)
        assert status == 200
        assert body["name_en"] == "Tuesday pairs" and body["status"] == "running"
        assert body["settings"]["travellers_live"] is True
        assert body["settings"]["scoring"] == "mp" and body["settings"]["tables"] == 3
        assert body["progress"]["played"] == 7 and body["progress"]["total"] == 9
        assert body["progress"]["rounds"] == [{"round": 1, "played": 3, "total": 3},
                                              {"round": 2, "played": 2, "total": 3},
                                              {"round": 3, "played": 2, "total": 3}]
        assert body["progress"]["boards_played_by_all"] == [1, 2]
        assert body["boards_shown"] == [1, 2]

    def test_ranking(self) -> None:
        status, body = self.api("/ranking", self.bob)
        assert status == 200 and body["unit"] == "matchpoints"
        ns, ew = body["fields"]
        assert ns["field"] == "NS" and ew["field"] == "EW"
        assert [(r["pair"], r["place"], r["total"], r["percentage"]) for r in ns["rows"]] == [
            ("1", "1", 5, 62.5), ("3", "2", 6, 50), ("2", "3", 3, 37.5)]
        assert [(r["pair"], r["percentage"]) for r in ew["rows"]] == [
            ("4", 75), ("6", 58.33), ("5", 12.5)]
        assert ns["rows"][0]["name"] == sc.PAIR1_EN

    def test_board_shown_only_when_allowed(self) -> None:
        status, body = self.api("/boards/1", self.bob)
        assert status == 200 and body["top"] == 4
        by_table = {r["table"]: r for r in body["results"]}
        assert by_table[1]["ns_score"] == 420 and by_table[1]["ns"] == 2
        assert by_table[3]["ns_score"] == 450 and by_table[3]["ns"] == 4
        assert by_table[2]["ns_score"] == -50 and by_table[2]["ew"] == 4
        assert by_table[1]["lead"] == "HK" and by_table[1]["explain"][0] == \
            "NS score 4×30+300=420"
        status, body = self.api("/boards/3", self.bob)
        assert status == 403 and body["code"] == "not_yet"
        assert "results" not in body and "120" not in str(body)
        status, body = self.api("/boards/3", self.bob, **self.zh())
        assert body["message"] == "每张桌都打完这副牌后才显示其成绩。"
        assert self.api("/boards/3", self.alice)[0] == 200  # the director
        assert self.api("/boards/9", self.alice)[0] == 404

    def test_who_may_ask(self) -> None:
        assert self.api("/ranking")[0] == 401  # a visitor, in play
        status, body = self.api("/ranking", self.charlie)
        assert status == 403 and body["code"] == "not_allowed"
        token = tokens.issue(self.bob, "script")
        r = Client().get(f"/api/events/{self.event.pk}/ranking",
                         headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 200
        wrong = Client().get(f"/api/events/{self.event.pk}/ranking",
                             headers={"Authorization": "Bearer bst_wrong"})
        assert wrong.status_code == 401
        sv.publish(self.event, sv.Actor(self.alice))
        assert self.api("/ranking")[0] == 200
        assert self.api("/boards/3")[0] == 200  # published: every board
        assert Client().get("/api/events/999999").status_code == 404
