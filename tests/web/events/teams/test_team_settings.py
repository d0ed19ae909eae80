"""A team event's VP scale and bye (the director's settings, audited, re-scoring what is in)
and the double round robin, through the services, the pages (both languages, rights, form
errors) and the JSON API.

By hand (Law 77 scores, the Law 78B IMP table, rules.md section 3):

* the 4-board match of test_teams (home 21, away 13, margin 8): WBF 2013 continuous 14.18–5.82
  (blitz 15·√4 = 30); ACBL 20-VP up to 8 boards, steps 1, 3, 5, 8: 14–6.
* three teams twice round, one board a round, in rounds 1 … 6 (the library's circle method
  for 1, 2, 3: 2 v 1, 1 v 3, 3 v 2, then the same home and away swapped: 1 v 2, 3 v 1, 2 v 3).
  Team 1 beats 2 and 3, team 2 beats 3: the winner's NS makes 7NT, the loser's goes one
  down.  NS not vulnerable (boards 1, 3, 6) 1520 + 50 = 1570 → 17 IMPs; vulnerable (2, 4,
  5) 2220 + 100 = 2320 → 20.  WBF, one board: past the blitz of 15, 20–0 every time; team 1
  80, team 2 40, team 3 0, plus two byes each.  ACBL 20-VP: 17 IMPs → 17–3, 20 → 18–2;
  team 1 17 + 18 + 18 + 18 = 71, team 2 3 + 17 + 2 + 17 = 39, team 3 2 + 3 + 2 + 3 = 10.
"""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from bridgescore.core.errors import BridgeError
from bridgescore.web.events import entries as ev_entries
from bridgescore.web.events import replay as ev_replay
from bridgescore.web.events import services as sv
from bridgescore.web.events.models import AuditRecord, Event, TeamSettings
from bridgescore.web.events.teams import services as teams

from .test_teams import MATCH, TeamsTestCase, _guests

BEATS = {frozenset("12"): "1", frozenset("13"): "1", frozenset("23"): "2"}


def _data(stored: object) -> dict[str, Any]:
    """An audit record's before or after (a JSON object)."""
    assert isinstance(stored, dict)
    return stored


class DoubleRoundRobinCase(TeamsTestCase):
    def make_double(self, **kw: Any) -> Event:
        specs = [teams.TeamSpec(f"Team {c}", f"{c}队", _guests(c, 4)) for c in "ABC"]
        event = teams.create_team_event(
            self.north, sv.Actor(self.alice), name_en="Twice round", name_zh="双循环",
            date=datetime.date(2026, 12, 1), movement="round-robin", boards=1, teams=specs,
            legs=2, **kw)
        sv.set_status(event, sv.Actor(self.alice), Event.Status.RUNNING)
        return event

    def play_all(self, event: Event) -> None:
        for m in ev_replay.team_state(event).matches():
            b = m.boards[0]
            won = BEATS[frozenset((m.home, m.away))]
            for (rnd, table), ns in ((m.open[b], m.home), (m.closed[b], m.away)):
                phone = sv.Actor(table=event.table_set.get(number=table))
                ev_entries.enter(event, phone, round=rnd, table=table,
                                 fields={"board": b, "contract": "7NT", "declarer": "N",
                                         "result": "=" if ns == won else "-1"})

    def standings(self, event: Event) -> list[tuple[str, str]]:
        # A fresh event, as a request has: the settings are read with it.
        board = teams.scoreboard(Event.objects.get(pk=event.pk), self.alice, "en")
        return [(s["team"], s["vp"]) for s in board["standings"]]


class DoubleRoundRobinTest(DoubleRoundRobinCase):
    def test_through_the_form(self) -> None:
        self.client.force_login(self.alice)
        data = {"name_en": "Twice round", "name_zh": "", "date": "2026-12-04",
                "movement": "double-round-robin", "boards": "2", "segments": "1",
                "vp_scale": "wbf", "bye_vp": "",
                "team-TOTAL_FORMS": "8", "team-INITIAL_FORMS": "0",
                "team-MIN_NUM_FORMS": "0", "team-MAX_NUM_FORMS": "8"}
        for i, c in enumerate("ABC"):
            data[f"team-{i}-name_en"] = f"Team {c}"
            data[f"team-{i}-guests"] = "\n".join(f"{c} {n}" for n in range(1, 5))
        r = self.client.post("/clubs/north/matches/new", data)
        event = Event.objects.get()
        assert r.status_code == 302 and r["Location"] == f"/events/{event.pk}/match/"
        assert (event.movement, event.rounds, event.tables) == ("round-robin", 6, 2)
        assert TeamSettings.objects.get(event=event).legs == 2
        plans = ev_replay.team_state(event).matches()
        assert len(plans) == 6
        met = sorted((p.home, p.away) for p in plans)
        assert met == [("1", "2"), ("1", "3"), ("2", "1"), ("2", "3"), ("3", "1"), ("3", "2")]
        created = _data(AuditRecord.objects.get(event=event, action="event.create").after)
        assert (created["legs"], created["vp_scale"], created["bye_vp"]) == (2, "wbf", None)
        page = self.client.get(f"/events/{event.pk}/match/").content.decode()
        assert "double round robin" in page
        zh = self.client.get(f"/events/{event.pk}/match/", headers=self.zh()).content.decode()
        assert "双循环赛" in zh

    def test_standings_and_the_cross_table_count_both_meetings(self) -> None:
        event = self.make_double()
        self.play_all(event)
        assert self.standings(event) == [("1", "104"), ("2", "64"), ("3", "24")]
        self.client.force_login(self.bob)
        data = self.client.get(f"/api/events/{event.pk}/match").json()
        assert data["double"] is True and len(data["matches"]) == 6
        row1 = data["cross_table"][0]
        v2, v3 = row1["cells"][1], row1["cells"][2]
        assert (v2["vp"], v2["imps"]) == ("40", "37–0")
        assert v2["meetings"] == [{"match": 1, "vp": "20", "imps": "17–0"},
                                  {"match": 4, "vp": "20", "imps": "20–0"}]
        assert [m["match"] for m in v3["meetings"]] == [2, 5]
        row3 = data["cross_table"][2]
        assert row3["cells"][1]["meetings"] == [{"match": 3, "vp": "0", "imps": "0–17"},
                                                {"match": 6, "vp": "0", "imps": "0–17"}]
        page = self.client.get(f"/events/{event.pk}/match/").content.decode()
        assert '<span class="meeting">20 (17–0)</span><span class="meeting">20 (20–0)</span>' in page
        assert "each match's VPs and IMPs" in page

    def test_a_match_is_played_once(self) -> None:
        with pytest.raises(BridgeError) as got:
            self.make_match(legs=2)
        assert got.value.zh == "对抗赛只进行一次：双循环赛需要至少 3 个队"
        with pytest.raises(BridgeError, match="once or twice"):
            self.make_match(legs=3)
        assert not Event.objects.exists()


class ScaleSettingTest(DoubleRoundRobinCase):
    url = "/events/{}/match/settings"

    def test_the_scale_chosen_at_creation_scores_the_match(self) -> None:
        event = self.make_match(vp_scale="acbl-20")
        sv.set_status(event, sv.Actor(self.alice), Event.Status.RUNNING)
        self.play(event)
        self.client.force_login(self.bob)
        data = self.client.get(f"/api/events/{event.pk}/match").json()
        assert (data["vp_scale"], data["vp_scale_title"], data["vp_max"]) == (
            "acbl-20", "ACBL discrete 20-VP scale", 20)
        assert data["matches"][0]["vp"] == {"home": "14", "away": "6", "scale": "acbl-20"}
        zh = self.client.get(f"/events/{event.pk}/match/", headers=self.zh()).content.decode()
        assert "ACBL 20 VP 整数换算表" in zh and "<strong>14</strong> – <strong>6</strong>" in zh

    def test_changing_it_after_results_are_in_rescores_and_is_audited(self) -> None:
        event = self.make_double()
        self.play_all(event)
        self.client.force_login(self.alice)
        page = self.client.get(self.url.format(event.pk)).content.decode()
        assert "Results are in: a change scores every match again" in page
        assert '<option value="wbf" selected>WBF 2013 continuous 20-VP scale</option>' in page
        r = self.client.post(self.url.format(event.pk), {"vp_scale": "acbl-20", "bye_vp": ""})
        assert r.status_code == 302 and r["Location"] == f"/events/{event.pk}/match/"
        # Byes default to 12 on any 20-VP scale: 71 + 24, 39 + 24, 10 + 24.
        assert self.standings(event) == [("1", "95"), ("2", "63"), ("3", "34")]
        record = AuditRecord.objects.get(event=event, action="teams.settings")
        before, after = _data(record.before), _data(record.after)
        assert record.by_user == self.alice
        assert before["vp_scale"] == "wbf" and after["vp_scale"] == "acbl-20"
        assert before["standings"] == {"1": 104, "2": 64, "3": 24}
        assert after["standings"] == {"1": 95, "2": 63, "3": 34}
        # Match 1 is 2 v 1, the home team losing by 17: 0–20, then 3–17.
        assert before["matches"]["1"] == [0, 20] and after["matches"]["1"] == [3, 17]
        # A bye of 10 VPs: 71 + 20, 39 + 20, 10 + 20.
        self.client.post(self.url.format(event.pk), {"vp_scale": "acbl-20", "bye_vp": "10"})
        assert self.standings(event) == [("1", "91"), ("2", "59"), ("3", "30")]
        bye = AuditRecord.objects.filter(event=event, action="teams.settings").latest("id")
        assert (_data(bye.before)["bye_vp"], _data(bye.after)["bye_vp"]) == (None, "10")
        page = self.client.get(f"/events/{event.pk}/match/").content.decode()
        assert "Victory points on the ACBL discrete 20-VP scale; a bye scores 10." in page
        zh = self.client.get(f"/events/{event.pk}/match/", headers=self.zh()).content.decode()
        assert "胜利分按ACBL 20 VP 整数换算表计算；轮空得 10 分。" in zh
        # The director's audit page reads it in both languages.
        audit = self.client.get(f"/events/{event.pk}/director/audit").content.decode()
        assert "VP scale or bye changed" in audit
        assert "VP scale: ACBL discrete 20-VP scale" in audit  # the scale by its title
        assert "each team&#x27;s VPs: 1: 104, 2: 64, 3: 24" in audit
        assert "each team&#x27;s VPs: 1: 95, 2: 63, 3: 34" in audit
        assert "each complete match&#x27;s VPs: 1: 0–20" in audit
        zh = self.client.get(f"/events/{event.pk}/director/audit", headers=self.zh()).content.decode()
        assert "VP 换算表或轮空分已更改" in zh and "轮空所得胜利分: 10" in zh
        assert "VP 换算表: ACBL 20 VP 整数换算表" in zh
        # The same settings again change nothing and leave no record.
        self.client.post(self.url.format(event.pk), {"vp_scale": "acbl-20", "bye_vp": "10"})
        assert AuditRecord.objects.filter(event=event, action="teams.settings").count() == 2
        self.client.post(self.url.format(event.pk), {"vp_scale": "acbl-20", "bye_vp": "平均"})
        assert TeamSettings.objects.get(event=event).bye_vp == "average"
        page = self.client.get(f"/events/{event.pk}/match/").content.decode()
        assert "a bye scores the team's own average" in page

    def test_only_the_clubs_directors(self) -> None:
        event = self.make_double()
        url = self.url.format(event.pk)
        r = self.client.get(url)
        assert r.status_code == 302 and "/account/login/" in r["Location"]
        for user in (self.bob, self.charlie, self.dave):
            self.client.force_login(user)
            assert self.client.get(url).status_code == 403
            assert self.client.post(url, {"vp_scale": "acbl-20"}).status_code == 403
        with pytest.raises(sv.NotAllowed):
            teams.change_team_settings(event, sv.Actor(self.bob), vp_scale="acbl-20")
        assert TeamSettings.objects.get(event=event).vp_scale == "wbf"
        assert not AuditRecord.objects.filter(action="teams.settings").exists()
        self.client.force_login(self.bob)  # a member sees the match page, without the link
        assert url not in self.client.get(f"/events/{event.pk}/match/").content.decode()
        self.client.force_login(self.alice)
        assert url in self.client.get(f"/events/{event.pk}/match/").content.decode()
        pairs = sv.create_event(self.north, sv.Actor(self.alice), name_en="Pairs",
                                date=datetime.date(2026, 12, 1), movement="mitchell",
                                tables=3, boards_per_round=2)
        assert self.client.get(self.url.format(pairs.pk)).status_code == 404
        with pytest.raises(BridgeError, match="not a team event"):
            teams.change_team_settings(pairs, sv.Actor(self.alice), vp_scale="wbf")

    def test_bad_settings_are_form_errors_in_both_languages(self) -> None:
        event = self.make_double()
        self.client.force_login(self.alice)
        url = self.url.format(event.pk)
        cases = [({"vp_scale": "acbl-30"},
                  "the acbl-30 scale covers matches of 6-8 boards, not 1",
                  "acbl-30 换算表适用于 6-8 副牌的比赛，不适用于 1 副"),
                 ({"vp_scale": "wbf", "bye_vp": "25"},
                  "a bye of 25 VPs is more than the WBF 2013 continuous 20-VP scale gives (at most 20)",
                  "轮空 25 VP 超过WBF 2013 连续 20 VP 换算表的满分（最多 20）"),
                 ({"vp_scale": "wbf", "bye_vp": "lots"},
                  "invalid bye score &#x27;lots&#x27;: expected VPs (a number) or &#x27;average&#x27;",
                  "无效的轮空得分 &#x27;lots&#x27;：应为胜利分数值或 &#x27;average&#x27;（平均）"),
                 ({"vp_scale": "bogus"}, "Select a valid choice.", "选择一个有效的选项")]
        for form, en, zh in cases:
            r = self.client.post(url, form)
            assert r.status_code == 200 and en in r.content.decode(), en
            assert zh in self.client.post(url, form, headers=self.zh()).content.decode(), zh
        assert TeamSettings.objects.get(event=event).vp_scale == "wbf"
        assert not AuditRecord.objects.filter(action="teams.settings").exists()

    def test_the_create_form_checks_the_scale_against_the_match(self) -> None:
        self.client.force_login(self.alice)
        data = {"name_en": "Friday teams", "date": "2026-12-04", "movement": "match",
                "boards": "16", "segments": "1", "vp_scale": "acbl-30", "bye_vp": "",
                "team-TOTAL_FORMS": "8", "team-INITIAL_FORMS": "0",
                "team-MIN_NUM_FORMS": "0", "team-MAX_NUM_FORMS": "8"}
        for i, name in enumerate(("Lions", "Tigers")):
            data[f"team-{i}-name_en"] = name
            data[f"team-{i}-guests"] = "\n".join(f"{name} {n}" for n in range(1, 5))
        r = self.client.post("/clubs/north/matches/new", data)
        assert "the acbl-30 scale covers matches of 6-8 boards, not 16" in r.content.decode()
        zh = self.client.post("/clubs/north/matches/new", data, headers=self.zh()).content.decode()
        assert "acbl-30 换算表适用于 6-8 副牌的比赛，不适用于 16 副" in zh
        assert "ACBL 30 VP 换算表" in zh  # the choices in the reader's language
        assert not Event.objects.exists()
        data.update(boards="8", bye_vp="20")
        assert self.client.post("/clubs/north/matches/new", data).status_code == 302
        rules = TeamSettings.objects.get()
        assert (rules.vp_scale, rules.bye_vp, rules.legs) == ("acbl-30", "20", 1)

    def test_an_event_from_before_the_settings_has_the_defaults(self) -> None:
        event = self.started()
        self.play(event, MATCH)
        TeamSettings.objects.filter(event=event).delete()
        event = Event.objects.get(pk=event.pk)
        board = teams.scoreboard(event, self.alice, "en")
        assert (board["vp_scale"], board["bye_vp"], board["double"]) == ("wbf", "12", False)
        assert board["matches"][0]["vp"]["home"] == "14.18"
        teams.change_team_settings(event, sv.Actor(self.alice), vp_scale="wbf-whole")
        assert TeamSettings.objects.get(event=event).vp_scale == "wbf-whole"
        event = Event.objects.get(pk=event.pk)
        assert teams.scoreboard(event, self.alice, "en")["matches"][0]["vp"]["home"] == "14"
