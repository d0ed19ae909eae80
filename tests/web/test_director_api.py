"""The director's JSON API (``director/api.py``): every endpoint, who may call it, its errors
in both languages, the audit records it writes, and a fuzz of its endpoints against a real
session with a director's token (no 500)."""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable
from typing import Any

import pytest
import schemathesis
from django.core.wsgi import get_wsgi_application
from django.db import DatabaseError, connection
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.core.result import Ok
from schemathesis.generation import GenerationMode

from bridgescore.core.errors import BridgeError
from bridgescore.web.accounts import tokens
from bridgescore.web.accounts.models import Player, User
from bridgescore.web.clubs.models import Club, Membership
from bridgescore.web.events import entries as ev_entries
from bridgescore.web.events import services as sv
from bridgescore.web.events import tables as table_secrets
from bridgescore.web.events.director import moves
from bridgescore.web.events.models import AuditRecord, CreateRequest, Entrant, Event
from bridgescore.web.events.teams import services as teams

from .base import PASSWORD, BaseTestCase, make_user
from .test_api_fuzz import errors_are_bilingual_json, keep_the_test_connection  # noqa: F401

DAY = datetime.date(2026, 12, 1)


class DirectorApiCase(BaseTestCase):
    def setUp(self) -> None:
        self.director = sv.Actor(self.alice)
        # A 3-table Mitchell: 3 rounds of 2 boards; pairs 1-3 NS, 4-6 EW.
        self.event = sv.create_event(self.north, self.director, name_en="Tuesday pairs",
                                     name_zh="周二双人赛", date=DAY, movement="mitchell",
                                     tables=3, boards_per_round=2)
        self.base = f"/api/events/{self.event.pk}"
        self.tokens: dict[str, str] = {}

    def token(self, user: User) -> str:
        if user.username not in self.tokens:
            self.tokens[user.username] = tokens.issue(user, "script")
        return self.tokens[user.username]

    def call(self, method: str, path: str, body: Any = None, user: User | None = None,
             lang: str | None = None, bearer: str | None = None) -> Any:
        headers: dict[str, str] = {}
        if user is not None:
            headers["Authorization"] = f"Bearer {self.token(user)}"
        if bearer is not None:
            headers["Authorization"] = f"Bearer {bearer}"
        if lang is not None:
            headers["Accept-Language"] = lang
        send: Callable[..., Any] = getattr(self.client, method)
        if method == "get":
            return send(path, body or {}, headers=headers)
        return send(path, json.dumps(body if body is not None else {}),
                    content_type="application/json", headers=headers)

    def ok(self, method: str, path: str, body: Any = None, status: int = 200,
           user: User | None = None) -> Any:
        r = self.call(method, path, body, user or self.alice)
        assert r.status_code == status, (r.status_code, r.content.decode())
        return r.json()

    def refused(self, method: str, path: str, body: Any, status: int, code: str,
                en: str, zh: str, user: User | None = None) -> None:
        """Refused in both languages: each reader's message, both texts in each answer."""
        for lang, text in (("en", en), ("zh-hans", zh)):
            r = self.call(method, path, body, user or self.alice, lang=lang)
            assert r.status_code == status, (lang, r.status_code, r.content.decode())
            got = r.json()
            assert got["code"] == code, got
            assert text in got["message"], (text, got)
            assert en in got["en"] and zh in got["zh"], got

    def audits(self, event: Event | None = None) -> list[str]:
        return list(AuditRecord.objects.filter(event=event or self.event).order_by("id")
                    .values_list("action", flat=True))

    def last_audit(self) -> AuditRecord:
        record = AuditRecord.objects.filter(event=self.event).order_by("-id").first()
        assert record is not None
        return record

    def pairs_body(self, **over: Any) -> dict[str, Any]:
        return {"kind": "pairs", "club": "north", "name_en": "Friday pairs",
                "name_zh": "周五双人赛", "date": "2026-12-04", "movement": "mitchell",
                "tables": 4, "boards_per_round": 3, "scoring": "mp", **over}


# Every endpoint, with a request that a director may make (the rights are checked first).
def endpoints(base: str) -> list[tuple[str, str, Any]]:
    return [
        ("get", f"{base}/settings", None),
        ("patch", f"{base}/settings", {"auto_accept_seconds": 60}),
        ("post", f"{base}/status", {"status": "running"}),
        ("post", f"{base}/publish", {"published": True}),
        ("post", f"{base}/close-round", {"round": 1}),
        ("get", f"{base}/pairs", None),
        ("post", f"{base}/pairs", {"players": [{"name_en": "Gu Est"}, {"name_zh": "客人"}]}),
        ("patch", f"{base}/pairs/2", {"players": [{"name_en": "A"}, {"name_en": "B"}]}),
        ("get", f"{base}/movement", None),
        ("post", f"{base}/movement/swap", {"round": 1, "pair_a": "1", "pair_b": "2"}),
        ("post", f"{base}/movement/sit-out", {"pair": "1", "round": 3}),
        ("post", f"{base}/movement/withdraw", {"pair": "3", "from_round": 3}),
        ("post", f"{base}/movement/late", {"pair": "3", "from_round": 3}),
        ("get", f"{base}/tables", None),
        ("get", f"{base}/grid", None),
        ("get", f"{base}/audit", None),
    ]


class RightsTest(DirectorApiCase):
    def test_anonymous_a_wrong_token_and_a_table_secret_get_401(self) -> None:
        secret = table_secrets.secret(self.event.table_set.get(number=1))
        for method, path, body in [*endpoints(self.base), ("get", "/api/events", None),
                                   ("post", "/api/events", self.pairs_body())]:
            for bearer in (None, "bst_" + "x" * 43, secret):
                r = self.call(method, path, body, bearer=bearer)
                assert r.status_code == 401, (method, path, bearer, r.status_code)
                assert r.json()["code"] == "not_authenticated"
        assert self.audits() == ["event.create"]

    def test_a_member_a_player_and_another_club_s_director_get_403(self) -> None:
        for user in (self.bob, self.charlie, self.dave):
            for method, path, body in endpoints(self.base):
                r = self.call(method, path, body, user)
                assert r.status_code == 403, (user, method, path, r.status_code)
                assert r.json()["code"] == "not_allowed"
            r = self.call("post", "/api/events", self.pairs_body(), user)
            assert r.status_code == 403
        self.event.refresh_from_db()
        assert self.event.status == Event.Status.SETUP and not self.event.published
        assert self.event.assignments is None and self.event.auto_accept_seconds is None
        assert self.audits() == ["event.create"]
        assert Event.objects.count() == 1

    def test_the_refusal_speaks_both_languages(self) -> None:
        self.refused("get", f"{self.base}/tables", None, 403, "not_allowed",
                     "Only a director of this club may do this.",
                     "只有本俱乐部的裁判可以执行此操作。", user=self.bob)
        r = self.call("get", f"{self.base}/tables", lang="zh-hans")
        assert r.status_code == 401 and r.json()["message"].startswith("需要身份验证")

    def test_an_unknown_session_is_404_in_both_languages(self) -> None:
        missing = f"/api/events/{self.event.pk + 1000}"
        self.refused("get", f"{missing}/settings", None, 404, "not_found",
                     f"There is no session {self.event.pk + 1000}.",
                     f"没有编号为 {self.event.pk + 1000} 的比赛。")
        for method, path, body in endpoints(missing):
            assert self.call(method, path, body, self.alice).status_code == 404, path

    def test_the_administrator_and_the_director_reach_every_endpoint(self) -> None:
        for user in (self.root, self.alice):
            for method, path, body in endpoints(self.base):
                if method == "get":
                    r = self.call(method, path, body, user)
                    assert r.status_code == 200, (user, path, r.content)
        # The writes, once each, by the administrator: each is audited as his.
        for method, path, body in endpoints(self.base):
            if method != "get":
                r = self.call(method, path, body, self.root)
                assert r.status_code in (200, 201), (path, r.content.decode())
        by = set(AuditRecord.objects.filter(event=self.event).exclude(action="event.create")
                 .values_list("by_user__username", flat=True))
        assert by == {"root"}

    def test_a_page_session_works_too(self) -> None:
        c = Client()
        assert c.login(username="alice", password=PASSWORD)
        assert c.get(f"{self.base}/settings").status_code == 200
        r = c.post(f"{self.base}/publish", json.dumps({"published": True}),
                   content_type="application/json")
        assert r.status_code == 200 and r.json()["published"] is True


class EventListTest(DirectorApiCase):
    def setUp(self) -> None:
        super().setUp()
        self.south_event = sv.create_event(self.south, sv.Actor(self.dave), name_en="South",
                                           date=DAY, movement="howell", tables=3,
                                           boards_per_round=2)
        self.later = sv.create_event(self.north, self.director, name_zh="周三", date=DAY
                                     + datetime.timedelta(days=1), movement="mitchell",
                                     tables=3, boards_per_round=2)
        sv.set_status(self.later, self.director, Event.Status.RUNNING)

    def ids(self, user: User, **query: Any) -> list[int]:
        r = self.call("get", "/api/events", query, user)
        assert r.status_code == 200, r.content
        return [e["id"] for e in r.json()]

    def test_each_director_sees_the_sessions_of_the_clubs_they_direct(self) -> None:
        assert self.ids(self.alice) == [self.later.pk, self.event.pk]
        assert self.ids(self.dave) == [self.south_event.pk]
        assert set(self.ids(self.root)) == {self.later.pk, self.event.pk, self.south_event.pk}
        assert self.ids(self.bob) == [] and self.ids(self.charlie) == []

    def test_filters_and_paging(self) -> None:
        assert self.ids(self.alice, status="running") == [self.later.pk]
        assert self.ids(self.alice, status="setup") == [self.event.pk]
        assert self.ids(self.alice, status="closed") == []
        assert self.ids(self.alice, kind="teams") == []
        assert self.ids(self.root, club="south") == [self.south_event.pk]
        assert self.ids(self.alice, limit=1) == [self.later.pk]
        assert self.ids(self.alice, limit=1, offset=1) == [self.event.pk]

    def test_what_a_session_says(self) -> None:
        r = self.call("get", "/api/events", {"status": "running"}, self.alice, lang="zh-hans")
        (e,) = r.json()
        assert e["name"] == "周三" and e["club"] == "north" and e["kind"] == "pairs"
        assert (e["movement"], e["tables"], e["rounds"], e["boards_per_round"]) == (
            "mitchell", 3, 3, 2)
        assert e["pages"]["console"] == f"/events/{self.later.pk}/director/"

    def test_bad_filters(self) -> None:
        self.refused("get", "/api/events", {"club": "south"}, 403, "not_allowed",
                     "Only a director of 'south'", "只有 'south' 的裁判", user=self.alice)
        self.refused("get", "/api/events", {"club": "nowhere"}, 404, "not_found",
                     "There is no club 'nowhere'.", "没有俱乐部 'nowhere'。")
        for query in ({"status": "finished"}, {"limit": 0}, {"limit": 501}, {"offset": -1},
                      {"club": "a b"}, {"kind": "swiss"}):
            r = self.call("get", "/api/events", query, self.alice, lang="zh-hans")
            assert r.status_code == 422, query
            assert r.json()["message"] == "请求数据无效：详见 'errors'。"


class CreateTest(DirectorApiCase):
    def test_a_mitchell_a_howell_and_each_scoring(self) -> None:
        got = self.ok("post", "/api/events", self.pairs_body(), 201)
        event = Event.objects.get(pk=got["id"])
        assert (event.movement, event.tables, event.boards_per_round, event.scoring,
                event.kind, event.created_by) == ("mitchell", 4, 3, "mp", "pairs", self.alice)
        assert got["name"] == "Friday pairs" and got["status"] == "setup"
        assert event.table_set.count() == 4 and event.entrants.count() == 8
        record = AuditRecord.objects.get(event=event)
        assert record.action == "event.create" and record.by_user == self.alice
        assert record.after is not None and record.after["tables"] == 4
        # A complete 4-table Howell: 2×4−1 = 7 rounds, 8 pairs.
        got = self.ok("post", "/api/events", self.pairs_body(movement="howell", scoring="ximp"),
                      201)
        assert (got["movement"], got["rounds"], got["scoring"]) == ("howell", 7, "ximp")
        assert Entrant.objects.filter(event_id=got["id"]).count() == 8
        got = self.ok("post", "/api/events", self.pairs_body(scoring="butler", rounds=2,
                                                             name_en=""), 201)
        assert (got["scoring"], got["rounds"], got["name"]) == ("butler", 2, "周五双人赛")

    def test_the_library_s_words_for_a_size_it_refuses(self) -> None:
        self.refused("post", "/api/events", self.pairs_body(tables=2), 400, "bad_input",
                     "invalid number of tables 2", "2")
        r = self.call("post", "/api/events", self.pairs_body(tables=2), self.alice,
                      lang="zh-hans")
        assert r.json()["message"] == r.json()["zh"] != r.json()["en"]
        self.refused("post", "/api/events", self.pairs_body(name_en=" ", name_zh=""), 400,
                     "bad_input", "give the session a name", "请填写比赛的中文名或英文名")
        assert Event.objects.count() == 1

    def test_every_field_is_checked(self) -> None:
        for over in ({"movement": "swiss"}, {"scoring": "imp"}, {"tables": 0},
                     {"tables": 10**9}, {"boards_per_round": 0}, {"rounds": 0},
                     {"date": "2026-13-01"}, {"date": "tomorrow"}, {"name_en": "x" * 201},
                     {"name_zh": "周\x00五"}, {"club": ""}, {"kind": "swiss"},
                     {"idempotency_key": ""}, {"idempotency_key": "k" * 65},
                     {"idempotency_key": "with space"}):
            r = self.call("post", "/api/events", self.pairs_body(**over), self.alice)
            assert r.status_code == 422, (over, r.status_code, r.content)
            assert r.json()["code"] == "invalid_input" and r.json()["errors"]
        r = self.call("post", "/api/events", self.pairs_body(club="nowhere"), self.alice)
        assert r.status_code == 404
        assert Event.objects.count() == 1

    def test_a_retry_with_the_same_key_gets_the_same_session(self) -> None:
        body = self.pairs_body(idempotency_key="friday-2026-12-04")
        first = self.ok("post", "/api/events", body, 201)
        again = self.ok("post", "/api/events", body, 200)
        assert again == first
        assert Event.objects.filter(name_en="Friday pairs").count() == 1
        assert CreateRequest.objects.get(key="friday-2026-12-04").event_id == first["id"]
        # The same key with another request is a script's bug: refused, nothing made.
        self.refused("post", "/api/events", {**body, "tables": 5}, 409,
                     "idempotency_key_reused", "was used for another request", "已用于另一个请求")
        # Another director's key of the same text is theirs.
        Membership.objects.create(club=self.north, player=self.root.player, role="director")
        other = self.ok("post", "/api/events", body, 201, user=self.root)
        assert other["id"] != first["id"]
        # Without a key, every request is a new session.
        self.ok("post", "/api/events", self.pairs_body(), 201)
        self.ok("post", "/api/events", self.pairs_body(), 201)
        assert Event.objects.filter(name_en="Friday pairs").count() == 4

    def team(self, name: str, members: list[int], guests: list[dict[str, str]]) -> dict[str, Any]:
        return {"name_en": name, "members": members, "guests": guests}

    def test_a_team_match_and_a_round_robin(self) -> None:
        guests = [{"name_en": "Lin Tao", "name_zh": "林涛"}, {"name_zh": "赵敏"},
                  {"name_en": "Sun Li"}]
        body = {"kind": "teams", "club": "north", "name_zh": "队式赛", "date": "2026-12-05",
                "movement": "match", "boards": 8, "segments": 2,
                "teams": [self.team("Home", [self.alice.player.pk], guests),
                          self.team("Away", [self.bob.player.pk], guests)]}
        got = self.ok("post", "/api/events", body, 201)
        assert (got["kind"], got["movement"], got["scoring"], got["rounds"]) == (
            "teams", "match", "imp", 2)
        assert got["pages"]["results"] == f"/events/{got['id']}/match/"
        event = Event.objects.get(pk=got["id"])
        home = event.entrants.get(number="1")
        assert [p.name_zh for p in home.players.order_by("seats__position")] == [
            "王爱丽", "林涛", "赵敏", ""]
        assert self.audits(event) == ["event.create"]
        pairs = self.ok("get", f"/api/events/{event.pk}/pairs")
        assert [p["name"] for p in pairs] == ["Home", "Away"]
        assert [p["guest"] for p in pairs[0]["players"]] == [False, True, True, True]
        now = self.ok("get", f"/api/events/{event.pk}/match/settings")
        assert (now["vp_scale"], now["bye_vp_setting"], now["double"]) == ("wbf", None, False)
        body.update(movement="round-robin", segments=1, legs=2, vp_scale="acbl-20",
                    bye_vp="average",
                    teams=[self.team(f"T{i}", [], [*guests, {"name_en": f"P{i}"}])
                           for i in range(3)])
        got = self.ok("post", "/api/events", body, 201)
        assert got["movement"] == "round-robin"
        # A double round robin of 3 teams: each meets each twice, a bye a round.
        assert got["rounds"] == 6
        # The settings it was created with, read and changed through the teams API.
        rr = f"/api/events/{got['id']}/match/settings"
        now = self.ok("get", rr)
        assert (now["vp_scale"], now["bye_vp"], now["double"]) == ("acbl-20", "average", True)
        changed = self.ok("patch", rr, {"bye_vp": 12})
        assert (changed["vp_scale"], changed["bye_vp_setting"], changed["changed"]) == (
            "acbl-20", "12", True)
        record = AuditRecord.objects.filter(event_id=got["id"]).order_by("-id").first()
        assert record is not None and record.action == "teams.settings"
        assert record.before is not None and record.before["bye_vp"] == "average"
        assert self.ok("patch", rr, {"vp_scale": "wbf", "bye_vp": None})["bye_vp_setting"] is None
        for bad in ({"vp_scale": "nope"}, {"bye_vp": -1}, {"bye_vp": "half"}, {"bye_vp": 25}):
            r = self.call("patch", rr, bad, self.alice)
            assert r.status_code in (400, 422), (bad, r.status_code)
        assert self.call("get", rr, user=self.bob).status_code == 403
        r = self.call("get", f"{self.base}/match/settings", None, self.alice)
        assert r.status_code == 404 and r.json()["code"] == "not_a_team_event"

    def test_team_events_refused_in_both_languages(self) -> None:
        guests = [{"name_en": f"G{i}"} for i in range(3)]
        team_list = [self.team("A", [self.charlie.player.pk], guests),
                     self.team("B", [], [*guests, {"name_en": "G4"}])]
        body: dict[str, Any] = {"kind": "teams", "club": "north", "name_en": "Match",
                                "date": "2026-12-05", "movement": "match", "boards": 8,
                                "teams": team_list}
        self.refused("post", "/api/events", body, 400, "bad_input",
                     f"player {self.charlie.player.pk} is not a member of this club",
                     "不是本俱乐部会员")
        team_list[0]["members"] = [10**6]
        self.refused("post", "/api/events", body, 400, "bad_input", "there is no player 1000000",
                     "没有编号为 1000000 的选手")
        team_list[0]["members"] = []
        self.refused("post", "/api/events", body, 400, "bad_input",
                     "team 1 has 3 players", "第1队有 3 名队员")
        team_list[0]["guests"] = [*guests, {"name_en": " "}]
        self.refused("post", "/api/events", body, 400, "bad_input",
                     "team 1: a guest needs a name", "第1队：来宾需要中文名或英文名")
        team_list[0]["guests"] = [*guests, {"name_en": "G5"}]
        team_list.append(self.team("C", [], [*guests, {"name_en": "G6"}]))
        self.refused("post", "/api/events", body, 400, "bad_input",
                     "a match is between 2 teams, not 3", "一场比赛由 2 个队进行")
        bad: dict[str, Any]
        self.refused("post", "/api/events", {**body, "teams": team_list[:2], "legs": 2}, 400,
                     "bad_input", "a match is played once", "对抗赛只进行一次")
        self.refused("post", "/api/events", {**body, "teams": team_list[:2], "vp_scale": "nope"},
                     400, "bad_input", "unknown VP scale 'nope'", "nope")
        for bad in ({"boards": 0}, {"segments": 9}, {"teams": []}, {"legs": 3},
                    {"bye_vp": 101}, {"bye_vp": "none"}, {"movement": "mitchell"}):
            r = self.call("post", "/api/events", {**body, **bad}, self.alice)
            assert r.status_code == 422, bad
        assert Event.objects.count() == 1 and not Player.objects.filter(name_en="G1").exists()


class SettingsTest(DirectorApiCase):
    def test_get_and_change_some_settings(self) -> None:
        got = self.ok("get", f"{self.base}/settings")
        assert got == {**sv.settings_of(self.event)}
        assert got["auto_accept_seconds"] is None and got["check_leads"] is False
        got = self.ok("patch", f"{self.base}/settings",
                      {"auto_accept_seconds": 45, "travellers_live": True, "check_leads": True,
                       "traveller_at_table": True, "name_en": " Tuesday pairs (B) "})
        assert (got["auto_accept_seconds"], got["travellers_live"], got["check_leads"],
                got["traveller_at_table"], got["name_en"]) == (45, True, True, True,
                                                               "Tuesday pairs (B)")
        assert got["name_zh"] == "周二双人赛"  # not given: unchanged
        record = self.last_audit()
        assert record.action == "event.settings" and record.by_user == self.alice
        assert record.before is not None and record.after is not None
        assert record.before["auto_accept_seconds"] is None
        assert record.after["auto_accept_seconds"] == 45
        # null turns auto-accept off again; a date moves the session.
        got = self.ok("patch", f"{self.base}/settings",
                      {"auto_accept_seconds": None, "date": "2026-12-08"})
        assert got["auto_accept_seconds"] is None and got["date"] == "2026-12-08"
        self.event.refresh_from_db()
        assert self.event.date == datetime.date(2026, 12, 8)
        assert self.audits() == ["event.create", "event.settings", "event.settings"]

    def test_bad_settings_are_refused_and_change_nothing(self) -> None:
        path = f"{self.base}/settings"
        self.refused("patch", path, {"name_en": "", "name_zh": " "}, 400, "bad_input",
                     "give the session a name in Chinese or in English",
                     "请填写比赛的中文名或英文名")
        self.refused("patch", path, {}, 400, "bad_input", "give at least one setting",
                     "请至少给出一项要修改的设置")
        self.refused("patch", path, {"check_leads": None}, 400, "bad_input",
                     "check_leads cannot be null", "check_leads 不能为空值")
        for bad in ({"auto_accept_seconds": 4}, {"auto_accept_seconds": 3601},
                    {"auto_accept_seconds": "soon"}, {"name_en": "x" * 201},
                    {"date": "2026-02-30"}, {"travellers_live": "perhaps"}):
            r = self.call("patch", path, bad, self.alice)
            assert r.status_code == 422, (bad, r.content)
        assert self.audits() == ["event.create"]

    def test_the_settings_page_is_checked_by_the_same_service(self) -> None:
        with pytest.raises(BridgeError) as got:
            sv.change_settings(self.event, self.director, auto_accept_seconds=3)
        assert got.value.zh == "3 秒后自动确认：应为 5 到 3600 秒，或不设"


class StatusTest(DirectorApiCase):
    def test_start_close_reopen_publish_and_unpublish(self) -> None:
        got = self.ok("post", f"{self.base}/status", {"status": "running"})
        assert got["status"] == "running"
        secret = table_secrets.secret(self.event.table_set.get(number=2))
        assert self.client.get(f"/api/tables/{secret}").status_code == 200
        got = self.ok("post", f"{self.base}/status", {"status": "closed"})
        assert got["status"] == "closed"
        # A closed session's table secrets open nothing.
        assert self.client.get(f"/api/tables/{secret}").status_code == 404
        assert self.ok("post", f"{self.base}/publish", {})["published"] is True
        assert self.ok("post", f"{self.base}/publish", {"published": False})["published"] is False
        assert self.ok("post", f"{self.base}/status", {"status": "setup"})["status"] == "setup"
        assert self.audits() == ["event.create", "event.status", "event.status",
                                 "event.publish", "event.publish", "event.status"]
        record = AuditRecord.objects.filter(event=self.event, action="event.status").first()
        assert record is not None and (record.before, record.after) == ("setup", "running")
        for bad in ({"status": "finished"}, {}, {"published": "maybe"}):
            path = f"{self.base}/status" if "published" not in bad else f"{self.base}/publish"
            assert self.call("post", path, bad, self.alice).status_code == 422, bad

    def test_close_rounds(self) -> None:
        got = self.ok("post", f"{self.base}/close-round", {"round": 2})
        assert got["closed_round"] == 2
        record = self.last_audit()
        assert (record.action, record.before, record.after) == ("event.close_round", 0, 2)
        self.refused("post", f"{self.base}/close-round", {"round": 4}, 400, "bad_input",
                     "4 is not a round of this session: expected 0 to 3",
                     "4 不是本场比赛的轮次：应为 0 到 3")
        assert self.call("post", f"{self.base}/close-round", {"round": -1},
                         self.alice).status_code == 422
        assert self.ok("post", f"{self.base}/close-round", {"round": 0})["closed_round"] == 0
        assert self.audits().count("event.close_round") == 2


class PairsTest(DirectorApiCase):
    def test_list_the_pairs(self) -> None:
        got = self.ok("get", f"{self.base}/pairs")
        assert [p["number"] for p in got] == ["1", "2", "3", "4", "5", "6"]
        assert all(p["players"] == [] and p["sits_out"] == [] for p in got)

    def test_add_pairs_of_members_and_guests(self) -> None:
        body = {"players": [{"player": self.alice.player.pk}, {"name_zh": "林涛"}]}
        got = self.ok("post", f"{self.base}/pairs", body, 201)
        assert got["number"] == "1"
        assert [(p["name_en"], p["name_zh"], p["guest"]) for p in got["players"]] == [
            ("Alice Wang", "王爱丽", False), ("", "林涛", True)]
        r = self.call("post", f"{self.base}/pairs",
                      {"players": [{"player": self.bob.player.pk},
                                   {"name_en": "Sun Li", "name_zh": "孙丽"}]},
                      self.alice, lang="zh-hans")
        assert r.status_code == 201 and r.json()["number"] == "2"
        assert r.json()["name"] == "李博、孙丽"
        got = self.ok("post", f"{self.base}/pairs",
                      {"number": "5", "players": [{"name_en": "A"}, {"name_en": "B"}]}, 201)
        assert got["number"] == "5"
        record = self.last_audit()
        assert (record.action, record.subject) == ("entrant.change", "pair 5")
        assert record.before == [] and record.after == [{"en": "A", "zh": ""},
                                                        {"en": "B", "zh": ""}]

    def test_refused_pairs(self) -> None:
        path = f"{self.base}/pairs"
        self.ok("post", path, {"number": "1", "players": [{"name_en": "A"}, {"name_en": "B"}]},
                201)
        self.refused("post", path, {"number": "1", "players": [{"name_en": "C"},
                                                              {"name_en": "D"}]},
                     409, "pair_taken", "pair 1 already has players", "第 1 对已有选手")
        self.refused("post", path, {"number": "9", "players": [{"name_en": "C"},
                                                              {"name_en": "D"}]},
                     400, "pair_refused", "there is no pair '9'", "本场比赛没有第 '9' 对")
        self.refused("post", path, {"players": [{"player": self.charlie.player.pk},
                                                {"name_en": "D"}]},
                     400, "pair_refused",
                     f"player {self.charlie.player.pk} is not a member of this club",
                     "不是本俱乐部会员")
        self.refused("post", path, {"players": [{"player": self.bob.player.pk},
                                                {"player": self.bob.player.pk}]},
                     400, "pair_refused", "the same player cannot sit twice",
                     "同一名选手不能在一对中出现两次")
        self.refused("post", path, {"players": [{"name_en": "C"}]}, 400, "pair_refused",
                     "a pair has 2 players, not 1", "一对有 2 名选手，而不是 1 名")
        self.refused("post", path, {"players": [{"player": self.bob.player.pk,
                                                 "name_en": "Bob"}, {"name_en": "D"}]},
                     400, "pair_refused", "seat 1: give a player or a guest's name, not both",
                     "第 1 个座位")
        self.refused("post", path, {"players": [{"name_en": " "}, {"name_en": "D"}]},
                     400, "pair_refused", "seat 1: give a player or a guest's name",
                     "第 1 个座位：请给出选手或来宾姓名")
        for bad in ({"players": [{"name_en": "x" * 101}, {"name_en": "D"}]},
                    {"players": [{"name_en": "a\nb"}, {"name_en": "D"}]},
                    {"players": [{"player": 0}, {"name_en": "D"}]},
                    {"number": "1 2", "players": []}, {"players": "alice"}):
            assert self.call("post", path, bad, self.alice).status_code == 422, bad
        assert not Player.objects.filter(name_en="D").exists()  # no stray guest
        for number in "23456":
            self.ok("post", path, {"players": [{"name_en": f"P{number}a"},
                                               {"name_en": f"P{number}b"}]}, 201)
        self.refused("post", path, {"players": [{"name_en": "E"}, {"name_en": "F"}]}, 409,
                     "no_free_pair", "every pair of this session has players (6 pairs)",
                     "本场比赛的每一对都已有选手（共 6 对）")

    def test_change_a_pair(self) -> None:
        self.ok("post", f"{self.base}/pairs",
                {"players": [{"name_en": "A"}, {"name_en": "B"}]}, 201)
        guest = Player.objects.get(name_en="B")
        # A player already in this session (a guest entered before) may be seated again.
        got = self.ok("patch", f"{self.base}/pairs/2",
                      {"players": [{"player": self.bob.player.pk}, {"name_zh": "客人"}]})
        assert [p["name_zh"] for p in got["players"]] == ["李博", "客人"]
        self.refused("patch", f"{self.base}/pairs/3",
                     {"players": [{"player": self.bob.player.pk}, {"player": guest.pk}]},
                     400, "pair_refused", "Bob Li already plays in pair 2", "李博已在第 2 对中")
        got = self.ok("patch", f"{self.base}/pairs/1",
                      {"players": [{"player": guest.pk}, {"player": self.alice.player.pk}]})
        assert [p["id"] for p in got["players"]] == [guest.pk, self.alice.player.pk]
        assert self.audits() == ["event.create"] + ["entrant.change"] * 3
        self.refused("patch", f"{self.base}/pairs/9",
                     {"players": [{"name_en": "X"}, {"name_en": "Y"}]}, 400, "pair_refused",
                     "there is no pair '9'", "本场比赛没有第 '9' 对")
        assert self.call("patch", f"{self.base}/pairs/{'9' * 9}",
                         {"players": []}, self.alice).status_code == 422

    def test_a_team_event_s_players_are_not_changed_here(self) -> None:
        specs = [teams.TeamSpec(f"T{i}", "", tuple(teams.Guest(f"G{i}{j}", "")
                                                   for j in range(4))) for i in (1, 2)]
        event = teams.create_team_event(self.north, self.director, name_en="M", date=DAY,
                                        movement="match", boards=4, teams=specs)
        self.refused("patch", f"/api/events/{event.pk}/pairs/1",
                     {"players": [{"name_en": "X"}, {"name_en": "Y"}]}, 400, "pair_refused",
                     "a team event's players are entered when it is created",
                     "队式赛的队员在创建比赛时录入")
        for path in ("movement", "grid"):
            r = self.call("get", f"/api/events/{event.pk}/{path}", user=self.alice)
            assert r.status_code == 404 and "team event" in r.json()["en"]
        r = self.call("post", f"/api/events/{event.pk}/movement/swap",
                      {"round": 1, "pair_a": "1", "pair_b": "2"}, self.alice)
        assert r.status_code == 404
        assert self.audits(event) == ["event.create"]

    def test_the_pair_page_seats_through_the_same_service(self) -> None:
        c = Client()
        assert c.login(username="alice", password=PASSWORD)
        r = c.post(f"/events/{self.event.pk}/director/pairs/1",
                   {"p1-player": self.bob.player.pk, "p2-guest_zh": "客人"})
        assert r.status_code == 302
        # The same player twice: refused, and the guest typed beside it is not created.
        r = c.post(f"/events/{self.event.pk}/director/pairs/2",
                   {"p1-player": self.alice.player.pk, "p2-guest_en": "Stray Guest"})
        assert r.status_code == 302
        r = c.post(f"/events/{self.event.pk}/director/pairs/3",
                   {"p1-player": self.bob.player.pk, "p2-guest_en": "Second Stray"})
        assert r.status_code == 200 and "already plays in pair 1" in r.content.decode()
        assert not Player.objects.filter(name_en="Second Stray").exists()


class MovementTest(DirectorApiCase):
    def lines(self, round: int) -> set[tuple[int, str, str]]:
        got = self.ok("get", f"{self.base}/movement")
        (r,) = [x for x in got["rounds"] if x["round"] == round]
        return {(x["table"], x["ns_pair"], x["ew_pair"]) for x in r["lines"]}

    def test_the_movement_as_it_is(self) -> None:
        got = self.ok("get", f"{self.base}/movement")
        assert got["changed"] is False and [r["round"] for r in got["rounds"]] == [1, 2, 3]
        assert sum(len(r["lines"]) for r in got["rounds"]) == 9
        assert all(r["sitting_out"] == [] for r in got["rounds"])
        assert all(len(x["boards"]) == 2 for r in got["rounds"] for x in r["lines"])

    def test_swap_sit_out_withdraw_and_late_pair(self) -> None:
        before = self.lines(2)
        (t1,) = [x for x in before if x[1] == "1"]
        got = self.ok("post", f"{self.base}/movement/swap",
                      {"round": 2, "pair_a": "1", "pair_b": "2", "onward": False})
        assert got["changed"] is True
        after = self.lines(2)
        assert (t1[0], "2", t1[2]) in after
        record = self.last_audit()
        assert (record.action, record.subject) == ("pairs.swap", "pairs 1 and 2, round 2")
        assert record.before and record.after

        got = self.ok("post", f"{self.base}/movement/sit-out", {"pair": "3", "round": 1})
        (r1,) = [r for r in got["rounds"] if r["round"] == 1]
        assert "3" in r1["sitting_out"] and len(r1["sitting_out"]) == 2
        assert self.last_audit().action == "pairs.sit_out"

        got = self.ok("post", f"{self.base}/movement/withdraw", {"pair": "4", "from_round": 2})
        assert Entrant.objects.get(event=self.event, number="4").withdrawn
        pairs = {p["number"]: p for p in self.ok("get", f"{self.base}/pairs")}
        assert pairs["4"]["withdrawn"] and pairs["4"]["sits_out"] == [2, 3]
        assert self.last_audit().action == "pairs.withdraw"

        self.ok("post", f"{self.base}/movement/late", {"pair": "4", "from_round": 3})
        assert not Entrant.objects.get(event=self.event, number="4").withdrawn
        assert self.ok("get", f"{self.base}/pairs")[3]["sits_out"] == [2]
        assert self.audits()[-4:] == ["pairs.swap", "pairs.sit_out", "pairs.withdraw",
                                      "pairs.late"]

    def test_a_move_the_results_do_not_fit_is_refused_in_both_languages(self) -> None:
        sv.set_status(self.event, self.director, Event.Status.RUNNING)
        ev_entries.enter(self.event, sv.Actor(table=self.event.table_set.get(number=1)), round=1,
                         table=1, fields={"board": 1, "contract": "4S N ="})
        body = {"round": 1, "pair_a": "1", "pair_b": "2"}
        self.refused("post", f"{self.base}/movement/swap", body, 400, "move_refused",
                     "the results already entered no longer fit", "已录入的成绩与此更改不符")
        self.refused("post", f"{self.base}/movement/swap", {**body, "pair_b": "1"}, 400,
                     "move_refused", "pair 1 cannot change places with itself",
                     "第 1 对不能与自己交换位置")
        self.refused("post", f"{self.base}/movement/withdraw", {"pair": "7"}, 400,
                     "move_refused", "there is no pair '7'", "本场比赛没有第 '7' 对")
        self.refused("post", f"{self.base}/movement/sit-out", {"pair": "1", "round": 4}, 400,
                     "move_refused", "there is no round 4: rounds are 1-3", "没有第 4 轮")
        self.refused("post", f"{self.base}/movement/late", {"pair": "1", "from_round": 1},
                     400, "move_refused", "has no free place", "没有空位")
        for path, bad in (("swap", {"round": 0, "pair_a": "1", "pair_b": "2"}),
                          ("sit-out", {"pair": "", "round": 1}),
                          ("withdraw", {"pair": "1", "from_round": 1001}),
                          ("late", {"pair": "1"})):
            assert self.call("post", f"{self.base}/movement/{path}", bad,
                             self.alice).status_code == 422, path
        self.event.refresh_from_db()
        assert self.event.assignments is None
        assert not any(a.startswith("pairs.") for a in self.audits())

    def test_withdrawing_is_one_transaction_with_its_audit_record(self) -> None:
        # The database refuses the pair's flag: the lines and the audit record are not
        # stored either (they were stored before, outside the flag's transaction).
        def refuse_the_flag(execute: Any, sql: str, params: Any, many: bool,
                            context: Any) -> Any:
            if sql.lstrip().upper().startswith("UPDATE") and "events_entrant" in sql:
                raise DatabaseError("refused for the test")
            return execute(sql, params, many, context)

        with connection.execute_wrapper(refuse_the_flag), pytest.raises(DatabaseError):
            moves.withdraw(self.event, self.director, "4", 2)
        self.event.refresh_from_db()
        assert self.event.assignments is None
        assert not Entrant.objects.get(event=self.event, number="4").withdrawn
        assert self.audits() == ["event.create"]
        # And when nothing fails, both are there together.
        moves.withdraw(self.event, self.director, "4", 2)
        assert Entrant.objects.get(event=self.event, number="4").withdrawn
        assert self.audits() == ["event.create", "pairs.withdraw"]


class TablesGridAuditTest(DirectorApiCase):
    def test_each_table_s_secret_and_address(self) -> None:
        got = self.ok("get", f"{self.base}/tables")
        assert [t["table"] for t in got] == [1, 2, 3]
        for t in got:
            table = table_secrets.table_for_token(t["secret"])
            assert table is not None and table.number == t["table"]
            assert t["url"] == f"http://testserver/t/{t['secret']}/"
            assert t["api"] == f"/api/tables/{t['secret']}" and t["active"] is True
        assert self.client.get(got[0]["api"]).status_code == 200
        sv.set_status(self.event, self.director, Event.Status.CLOSED)
        assert all(not t["active"] for t in self.ok("get", f"{self.base}/tables"))

    def test_the_grid_shows_what_is_in_and_the_late_tables(self) -> None:
        sv.set_status(self.event, self.director, Event.Status.RUNNING)
        lines = {(x["table"], r["round"]): x for r in self.ok("get", f"{self.base}/movement")
                 ["rounds"] for x in r["lines"]}

        def enter(round: int, table: int, board: int) -> None:
            phone = sv.Actor(table=self.event.table_set.get(number=table))
            ev_entries.enter(self.event, phone, round=round, table=table,
                             fields={"board": board, "contract": "3NT S ="})

        for table in (2, 3):
            for round in (1,):
                for board in lines[(table, round)]["boards"]:
                    enter(round, table, board)
        enter(1, 1, lines[(1, 1)]["boards"][0])
        got = self.ok("get", f"{self.base}/grid")
        assert got["rounds"] == [1, 2, 3] and got["expected"] == 18 and got["entered"] == 5
        rows = {r["table"]: r for r in got["rows"]}
        cell = rows[1]["cells"][0]
        assert cell["state"] == "part" and cell["missing"] == lines[(1, 1)]["boards"][1:]
        assert rows[2]["cells"][0]["state"] == "done" and rows[2]["cells"][1]["state"] == "empty"
        # Tables 2 and 3 are in round 2, table 1 still in round 1: late.
        assert got["field_round"] == 2 and got["late_tables"] == [1]
        assert rows[1]["late"] and rows[1]["current_round"] == 1

    def test_the_audit_trail_in_the_reader_s_language(self) -> None:
        sv.set_status(self.event, self.director, Event.Status.RUNNING)
        self.ok("patch", f"{self.base}/settings", {"auto_accept_seconds": 30})
        r = self.call("get", f"{self.base}/audit", user=self.alice, lang="zh-hans")
        assert r.status_code == 200
        got = r.json()
        assert [a["action"] for a in got] == ["event.create", "event.status", "event.settings"]
        status = got[1]
        assert (status["user"], status["table"], status["before"], status["after"]) == (
            "alice", None, "setup", "running")
        assert status["action_text"] != "status changed" and status["after_text"] == "进行中"
        settings_ = got[2]
        assert settings_["before"]["auto_accept_seconds"] is None
        assert "30" in settings_["after_text"] and "travellers" not in settings_["after_text"]
        en = self.ok("get", f"{self.base}/audit")
        assert en[1]["action_text"] == "status changed" and en[1]["after_text"] == "in play"
        # Paging: only the records after a given id.
        later = self.ok("get", f"{self.base}/audit", {"after": got[0]["id"], "limit": 1})
        assert [a["action"] for a in later] == ["event.status"]
        assert self.call("get", f"{self.base}/audit", {"limit": 0},
                         self.alice).status_code == 422


# ---------------------------------------------------------------------------- fuzz


@pytest.mark.django_db
@pytest.mark.usefixtures("keep_the_test_connection")
def test_the_director_endpoints_never_fail_on_a_real_session() -> None:
    """Schemathesis on every director endpoint with a director's token, aimed at a real
    session (a generated session number would almost never exist): no 500, every error
    the API's bilingual JSON."""
    club = Club.objects.create(slug="fuzz", name_en="Fuzz Club", name_zh="模糊俱乐部")
    user = make_user("fuzzdirector", "Fuzz Director", "模糊裁判")
    Membership.objects.create(club=club, player=user.player, role="director")
    event = sv.create_event(club, sv.Actor(user), name_en="Fuzz pairs", date=DAY,
                            movement="mitchell", tables=3, boards_per_round=2)
    headers = {"Authorization": f"Bearer {tokens.issue(user, 'fuzz')}"}
    schema = schemathesis.openapi.from_wsgi("/api/openapi.json", get_wsgi_application())
    operations = []
    for result in schema.get_all_operations():
        assert isinstance(result, Ok), result
        op = result.ok()
        if "director" in (op.tags or ()):
            operations.append(op)
    paths = {f"{op.method.upper()} {op.path}" for op in operations}
    assert paths >= {"GET /api/events", "POST /api/events",
                     "PATCH /api/events/{event_id}/settings", "GET /api/events/{event_id}/grid",
                     "POST /api/events/{event_id}/movement/late"}, paths
    seen: set[int] = set()
    # Valid requests (which reach the services) and invalid ones (which the schema refuses).
    for op, mode in [(op, mode) for op in operations for mode in GenerationMode]:
        @given(case=op.as_strategy(mode), number=st.sampled_from(["1", "2", "6", "7"]))
        @settings(max_examples=15, deadline=None, database=None,
                  suppress_health_check=[HealthCheck.too_slow])
        def fuzz(case: Any, number: str) -> None:
            if case.path_parameters is not None and "event_id" in case.path_parameters:
                case.path_parameters = {**case.path_parameters, "event_id": event.pk}
                if "number" in case.path_parameters:
                    case.path_parameters["number"] = number
            response = case.call_and_validate(headers=headers, checks=[not_a_server_error],
                                              additional_checks=[errors_are_bilingual_json])
            seen.add(response.status_code)

        fuzz()
    assert {200, 400, 422} <= seen, seen
