"""``PATCH /api/events/{id}/match/settings``: a team event's VP scale and bye through the JSON
API — the settings page's service (re-scoring, audited), its club's directors only, every
refusal a 4xx JSON error in both languages.

The figures are test_team_settings' (worked out there by hand): three teams twice round, one
board a round, team 1 beating 2 and 3, team 2 beating 3.  WBF: 80 + 24, 40 + 24, 0 + 24;
ACBL 20-VP: 71, 39 and 10 from the matches, plus two byes of 12 (the default), of 10, or of
the team's own average (71/4, 39/4, 10/4 a match).
"""

from __future__ import annotations

import datetime
import json
from typing import Any

from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgescore.web.accounts import tokens
from bridgescore.web.accounts.models import User
from bridgescore.web.events import services as sv
from bridgescore.web.events.models import AuditRecord, Event, TeamSettings
from bridgescore.web.events.teams import services as teams

from .test_team_settings import DoubleRoundRobinCase
from .test_teams import _guests


class SettingsApiCase(DoubleRoundRobinCase):
    def setUp(self) -> None:
        self.event = self.make_double()
        self.url = f"/api/events/{self.event.pk}/match/settings"

    def token(self, user: User) -> dict[str, str]:
        return {"Authorization": f"Bearer {tokens.issue(user, 'test')}"}

    def patch(self, body: object, headers: dict[str, str] | None = None,
              url: str | None = None, client: Client | None = None) -> Any:
        return (client or self.client).patch(
            url or self.url, json.dumps(body), content_type="application/json",
            headers=headers if headers is not None else self.token(self.alice))

    def eight_boards(self) -> Event:
        """A match of 8 boards (in 2 segments), which the ACBL 30-VP scale covers."""
        return teams.create_team_event(
            self.north, sv.Actor(self.alice), name_en="Eight boards",
            date=datetime.date(2026, 12, 2), movement="match", boards=8, segments=2,
            teams=[teams.TeamSpec("Lions", "狮队", _guests("Lion", 4)),
                   teams.TeamSpec("Tigers", "虎队", _guests("Tiger", 4))])

    def rules(self) -> tuple[str, str]:
        r = TeamSettings.objects.get(event=self.event)
        return r.vp_scale, r.bye_vp

    def records(self) -> int:
        return AuditRecord.objects.filter(event=self.event, action="teams.settings").count()


class ChangeTest(SettingsApiCase):
    def test_a_new_scale_rescores_what_is_in_and_is_audited(self) -> None:
        self.play_all(self.event)
        with self.captureOnCommitCallbacks(execute=False) as pushed:
            r = self.patch({"vp_scale": "acbl-20"})
        assert r.status_code == 200, r.json()
        assert r.json() == {"event": self.event.pk, "vp_scale": "acbl-20",
                            "vp_scale_title": "ACBL discrete 20-VP scale", "vp_max": 20,
                            "bye_vp": "12", "bye_vp_setting": None, "double": True,
                            "changed": True}
        assert pushed  # the live pages are told (after the commit)
        assert self.standings(self.event) == [("1", "95"), ("2", "63"), ("3", "34")]
        record = AuditRecord.objects.get(event=self.event, action="teams.settings")
        assert record.by_user == self.alice
        assert isinstance(record.before, dict) and isinstance(record.after, dict)
        assert (record.before["vp_scale"], record.after["vp_scale"]) == ("wbf", "acbl-20")
        assert record.before["standings"] == {"1": 104, "2": 64, "3": 24}
        assert record.after["standings"] == {"1": 95, "2": 63, "3": 34}
        # The match API reads the new scale.
        data = self.client.get(f"/api/events/{self.event.pk}/match",
                               headers=self.token(self.alice)).json()
        assert (data["vp_scale"], data["matches"][0]["vp"]) == (
            "acbl-20", {"home": "3", "away": "17", "scale": "acbl-20"})
        # The same settings again: nothing changes, nothing is recorded, nobody is told.
        with self.captureOnCommitCallbacks(execute=False) as pushed:
            r = self.patch({"vp_scale": "ACBL-20"})
        assert r.status_code == 200 and r.json()["changed"] is False and not pushed
        assert self.records() == 1

    def test_the_bye_a_number_average_or_the_default(self) -> None:
        self.play_all(self.event)
        self.patch({"vp_scale": "acbl-20", "bye_vp": 10})
        assert self.rules() == ("acbl-20", "10")
        assert self.standings(self.event) == [("1", "91"), ("2", "59"), ("3", "30")]
        # A field left out stays as it is.
        r = self.patch({"vp_scale": "acbl-20"})
        assert r.json()["changed"] is False and self.rules() == ("acbl-20", "10")
        r = self.patch({"bye_vp": "平均"})
        assert r.status_code == 200
        assert (r.json()["bye_vp"], r.json()["bye_vp_setting"]) == ("average", "average")
        assert self.rules() == ("acbl-20", "average")
        assert self.standings(self.event) == [("1", "106.5"), ("2", "58.5"), ("3", "15")]
        r = self.patch({"bye_vp": 12.5})
        assert (r.json()["bye_vp"], r.json()["bye_vp_setting"]) == ("12.5", "12.5")
        for default in (None, ""):  # back to the scale's default, 12 of 20
            self.patch({"bye_vp": 12.5})
            r = self.patch({"bye_vp": default})
            assert (r.json()["bye_vp"], r.json()["bye_vp_setting"]) == ("12", None)
            assert self.rules() == ("acbl-20", "")
        before = self.records()
        assert self.patch({}).json()["changed"] is False and self.records() == before
        last = AuditRecord.objects.filter(event=self.event, action="teams.settings").latest("id")
        assert isinstance(last.before, dict) and isinstance(last.after, dict)
        assert (last.before["bye_vp"], last.after["bye_vp"]) == ("12.5", None)

    def test_the_page_s_session_works_too_and_the_answer_is_in_its_language(self) -> None:
        self.client.force_login(self.alice)
        r = self.patch({"vp_scale": "wbf-whole"}, headers=self.zh())
        assert r.status_code == 200
        assert r.json()["vp_scale_title"] == "WBF 2013 整数 VP 换算表"
        assert self.rules() == ("wbf-whole", "")

    def test_an_administrator_may(self) -> None:
        assert self.patch({"vp_scale": "acbl-20"}, self.token(self.root)).status_code == 200
        record = AuditRecord.objects.get(event=self.event, action="teams.settings")
        assert record.by_user == self.root


class RefusedTest(SettingsApiCase):
    def assert_refused(self, r: Any, status: int, code: str, en: str | None = None,
                       zh: str | None = None) -> None:
        assert r.status_code == status, r.content
        body = r.json()
        assert body["code"] == code and {"message", "en", "zh"} <= set(body)
        if en is not None:
            assert body["en"] == en and body["message"] == en
        if zh is not None:
            assert body["zh"] == zh

    def test_only_the_clubs_directors(self) -> None:
        for headers in ({}, {"Authorization": "Bearer bst_" + "x" * 43}):
            r = self.patch({"vp_scale": "acbl-20"}, headers)
            self.assert_refused(r, 401, "not_authenticated")
        # A member is told what only a director may do; an outsider, at the gate (before the
        # body is read), that the session is not theirs to see.
        n = self.event.pk
        gate = (f"Session {n} belongs to another club and is not published: you may not see "
                f"it or act on it.", f"第 {n} 场比赛属于其他俱乐部且尚未发布：您不能查看或操作。")
        director = ("Only a director of this club may do this.", "只有本俱乐部的裁判可以执行此操作。")
        for user in (self.bob, self.charlie, self.dave):
            en, zh = director if user == self.bob else gate
            r = self.patch({"vp_scale": "acbl-20"}, self.token(user))
            self.assert_refused(r, 403, "not_allowed", en)
            r = self.patch({"vp_scale": "acbl-20"}, {**self.token(user), **self.zh()})
            assert r.json()["message"] == zh
            # A stranger learns nothing from what it sent: still 403, not the bye's error.
            r = self.patch({"bye_vp": "lots"}, self.token(user))
            self.assert_refused(r, 403, "not_allowed")
        client = Client()
        client.force_login(self.bob)
        r = self.patch({"vp_scale": "acbl-20"}, {}, client=client)
        self.assert_refused(r, 403, "not_allowed")
        assert self.rules() == ("wbf", "") and self.records() == 0

    def test_a_scale_that_does_not_cover_the_matches(self) -> None:
        r = self.patch({"vp_scale": "acbl-30"})
        self.assert_refused(r, 400, "bad_vp_scale",
                            "the acbl-30 scale covers matches of 6-8 boards, not 1",
                            "acbl-30 换算表适用于 6-8 副牌的比赛，不适用于 1 副")
        r = self.patch({"vp_scale": "acbl-30"}, {**self.token(self.alice), **self.zh()})
        assert r.json()["message"] == "acbl-30 换算表适用于 6-8 副牌的比赛，不适用于 1 副"
        r = self.patch({"vp_scale": "bogus"})
        self.assert_refused(r, 400, "bad_vp_scale")
        assert "'bogus'" in r.json()["en"] and "'bogus'" in r.json()["zh"]
        assert self.rules() == ("wbf", "") and self.records() == 0

    def test_a_bye_the_scale_cannot_score(self) -> None:
        cases = [({"bye_vp": 25},
                  "bad_settings",
                  "a bye of 25 VPs is more than the WBF 2013 continuous 20-VP scale gives "
                  "(at most 20)",
                  "轮空 25 VP 超过WBF 2013 连续 20 VP 换算表的满分（最多 20）"),
                 ({"bye_vp": "lots"}, "bad_bye_vp",
                  "invalid bye score 'lots': expected VPs (a number) or 'average'",
                  "无效的轮空得分 'lots'：应为胜利分数值或 'average'（平均）"),
                 ({"bye_vp": -1}, "bad_settings",
                  "invalid bye score -1.0: expected VPs (a number) or 'average'",
                  "无效的轮空得分 -1.0：应为胜利分数值或 'average'（平均）")]
        for body, code, en, zh in cases:
            self.assert_refused(self.patch(body), 400, code, en, zh)
            r = self.patch(body, {**self.token(self.alice), **self.zh()})
            assert r.json()["message"] == zh
        # A bye of 25 fits the 30-VP scale; a move to a 20-VP scale that keeps it would
        # leave it over the top.
        event = self.eight_boards()
        url = f"/api/events/{event.pk}/match/settings"
        assert self.patch({"vp_scale": "acbl-30", "bye_vp": 25}, url=url).status_code == 200
        r = self.patch({"vp_scale": "wbf"}, url=url)
        self.assert_refused(r, 400, "bad_settings",
                            "a bye of 25 VPs is more than the WBF 2013 continuous 20-VP "
                            "scale gives (at most 20)")
        assert TeamSettings.objects.get(event=event).vp_scale == "acbl-30"
        assert self.rules() == ("wbf", "") and self.records() == 0

    def test_input_that_is_not_a_setting(self) -> None:
        for body in ({"vp_scale": "x" * 41}, {"bye_vp": True}, {"bye_vp": "1" * 13},
                     {"vp_scale": 20}, {"vp_scal": "acbl-20"}, [1], "acbl-20", None):
            r = self.patch(body)
            self.assert_refused(r, 422, "invalid_input")
        r = self.client.patch(self.url, "{", content_type="application/json",
                              headers=self.token(self.alice))
        assert r.status_code == 400 and {"code", "message", "en", "zh"} <= set(r.json())
        assert self.rules() == ("wbf", "") and self.records() == 0

    def test_no_such_team_event(self) -> None:
        r = self.patch({"vp_scale": "wbf"}, url="/api/events/999999/match/settings")
        self.assert_refused(r, 404, "not_found", "There is no session 999999.",
                            "没有编号为 999999 的比赛。")
        pairs = sv.create_event(self.north, sv.Actor(self.alice), name_en="Pairs",
                                date=datetime.date(2026, 12, 1), movement="mitchell",
                                tables=3, boards_per_round=2)
        r = self.patch({"vp_scale": "wbf"}, {**self.token(self.alice), **self.zh()},
                       url=f"/api/events/{pairs.pk}/match/settings")
        self.assert_refused(r, 404, "not_a_team_event",
                            zh=f"第 {pairs.pk} 场比赛不是队式赛")
        for bad in ("0", "x", "99999999999"):
            r = self.patch({}, url=f"/api/events/{bad}/match/settings")
            assert 400 <= r.status_code < 500 and "zh" in r.json()

    def test_the_schema_documents_it(self) -> None:
        schema = self.client.get("/api/openapi.json").json()
        op = schema["paths"]["/api/events/{event_id}/match/settings"]["patch"]
        assert {"200", "400", "401", "403", "404", "422"} <= set(op["responses"])
        assert op.get("security")  # token or session, as the other director endpoints


# Anything a script might send: mostly the two fields, with the scale names and bye
# spellings among values of every JSON type, and now and then no object at all or a key
# that is no field.
_NAMES = st.sampled_from(["wbf", "acbl-20", "acbl-30", "wbf-whole", "ACBL-20 ", "bogus"])
_BYES = st.one_of(st.floats(0, 35), st.integers(-5, 40), st.sampled_from(
    ["average", "平均", "avg", "12", "25", "-1", "nan", "1e400", "", None]))
_ANY = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=15))


def _mostly(likely: st.SearchStrategy[Any], other: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """``likely`` three times in four (``one_of`` would weigh each of ``other``'s branches
    as much as ``likely``)."""
    return st.integers(0, 3).flatmap(lambda i: other if i == 0 else likely)


_FIELDS = st.fixed_dictionaries({}, optional={"vp_scale": _mostly(_NAMES, _ANY),
                                              "bye_vp": _mostly(_BYES, _ANY)})
_BODIES = _mostly(_FIELDS, st.one_of(st.dictionaries(st.text(max_size=8), _ANY, max_size=3),
                                     st.lists(_ANY, max_size=2), _ANY))


class AnyBodyTest(SettingsApiCase):
    def test_no_body_gets_a_server_error(self) -> None:
        headers = self.token(self.alice)
        self.play_all(self.event)

        @given(body=_BODIES)
        @settings(max_examples=150, deadline=None, database=None,
                  suppress_health_check=[HealthCheck.too_slow])
        def check(body: object) -> None:
            r = self.client.patch(self.url, json.dumps(body), content_type="application/json",
                                  headers=headers)
            assert r.status_code in (200, 400, 422), (body, r.status_code)
            answer = r.json()
            if r.status_code != 200:
                assert {"code", "message", "en", "zh"} <= set(answer), answer
                return
            # Whatever was accepted is what is stored, and the library scores on it.
            assert (answer["vp_scale"], answer["bye_vp_setting"] or "") == self.rules()
            standings = self.standings(self.event)
            assert len(standings) == 3

        check()
