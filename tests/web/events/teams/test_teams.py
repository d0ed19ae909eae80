"""Team events on the web: creating a match or a round robin (rights, form errors in both
languages), entering at the tables through the events services, the match pages (both
languages, what a reader may see while in play) and the JSON API.

The expected IMPs are worked out by hand (Law 77 scores, the Law 78B IMP table):
board 1 (none vulnerable): open 4♠ N = +420 (4×30 + 300), closed 4♠ N −1 −50: 470 → 10 IMPs
to the home team.  Board 2 (NS vulnerable): 3NT S +1 +630 in both rooms: 0.  Board 3 (EW
vulnerable): open 2♥ W = −110, closed 4♥ W = −620: 510 → 11 to home.  Board 4 (both
vulnerable): open 4♠ N +2 +680, closed 6♠ N = +1430: −750 → 13 to away.  Home 21, away 13;
8 IMPs over 4 boards is 14.18–5.82 VPs (WBF 2013: 10 + 10·(1 − τ^(24/30))/(1 − τ³)).
"""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from bridgescore.core.errors import BridgeError
from bridgescore.web.events import entries as ev_entries
from bridgescore.web.events import replay as ev_replay
from bridgescore.web.events import services as sv
from bridgescore.web.events.models import AuditRecord, Event, ResultEntry
from bridgescore.web.events.teams import services as teams

from ...base import BaseTestCase, unwrap_arith

MATCH = [(1, 1, ("4S", "N", "="), ("4S", "N", "-1")), (1, 2, ("3NT", "S", "+1"), ("3NT", "S", "+1")),
         (2, 3, ("2H", "W", "="), ("4H", "W", "=")), (2, 4, ("4S", "N", "+2"), ("6S", "N", "="))]


def _guests(prefix: str, n: int) -> tuple[teams.Guest, ...]:
    return tuple(teams.Guest(f"{prefix} {i}", f"{prefix}{i}号") for i in range(1, n + 1))


class TeamsTestCase(BaseTestCase):
    def make_match(self, **kw: Any) -> Event:
        return teams.create_team_event(
            self.north, sv.Actor(self.alice), name_en="Club match", name_zh="俱乐部对抗赛",
            date=datetime.date(2026, 12, 1), movement="match", boards=4, segments=2,
            teams=[teams.TeamSpec("Lions", "狮队", (self.alice.player, *_guests("Lion", 3))),
                   teams.TeamSpec("Tigers", "虎队", (self.bob.player, *_guests("Tiger", 4)))],
            **kw)

    def play(self, event: Event, boards: list[Any] = MATCH) -> None:
        for rnd, board, open_, closed in boards:
            for table, play in ((1, open_), (2, closed)):
                if play is None:  # that room not played (or entered otherwise)
                    continue
                contract, declarer, result = play
                phone = sv.Actor(table=event.table_set.get(number=table))
                ev_entries.enter(event, phone, round=rnd, table=table,
                                 fields={"board": board, "contract": contract, "declarer": declarer,
                                         "result": result})

    def started(self) -> Event:
        event = self.make_match()
        sv.set_status(event, sv.Actor(self.alice), Event.Status.RUNNING)
        return event


class NewMatchPageTest(TeamsTestCase):
    url = "/clubs/north/matches/new"

    def form(self, **extra: str) -> dict[str, str]:
        data = {"name_en": "Friday teams", "name_zh": "周五队式赛", "date": "2026-12-04",
                "movement": "match", "boards": "8", "segments": "2",
                "team-TOTAL_FORMS": "8", "team-INITIAL_FORMS": "0",
                "team-MIN_NUM_FORMS": "0", "team-MAX_NUM_FORMS": "8",
                "team-0-name_en": "Lions", "team-0-name_zh": "狮队",
                "team-0-members": str(self.alice.player.pk),
                "team-0-guests": "Lin Tao / 林涛\nMa Li / 马丽\n王芳",
                "team-1-name_en": "Tigers", "team-1-name_zh": "",
                "team-1-members": str(self.bob.player.pk),
                "team-1-guests": "Guo Jing\nHuang Rong / 黄蓉\nYang Guo / 杨过\nXiao Long / 小龙"}
        data.update(extra)
        return data

    def test_only_the_clubs_directors(self) -> None:
        r = self.client.get(self.url)
        assert r.status_code == 302 and "/account/login/" in r["Location"]
        for user in (self.bob, self.charlie, self.dave):
            self.client.force_login(user)
            assert self.client.get(self.url).status_code == 403
            assert self.client.post(self.url, self.form()).status_code == 403
        assert not Event.objects.exists()
        self.client.force_login(self.alice)
        assert "New team match or round robin" in self.client.get(self.url).content.decode()
        zh = self.client.get(self.url, headers=self.zh()).content.decode()
        assert "新建队式对抗赛或循环赛" in zh and "北方俱乐部" in zh

    def test_a_match_with_members_and_guests(self) -> None:
        self.client.force_login(self.alice)
        r = self.client.post(self.url, self.form())
        event = Event.objects.get()
        assert r.status_code == 302 and r["Location"] == f"/events/{event.pk}/match/"
        assert (event.kind, event.movement, event.scoring) == ("teams", "match", "imp")
        assert (event.tables, event.rounds, event.boards_per_round) == (2, 2, 4)
        a = sv.assignment_at(event, 2, 2)
        assert a is not None and (a.ns_pair, a.ew_pair, a.boards) == ("2", "1", (5, 6, 7, 8))
        lions, tigers = event.entrants.order_by("number")
        assert [s.player.name_in("en") for s in lions.seats.all()] == [
            "Alice Wang", "Lin Tao", "Ma Li", "王芳"]
        assert [s.player.name_zh for s in lions.seats.all()][1:] == ["林涛", "马丽", "王芳"]
        assert tigers.name_in("zh") == "Tigers" and len(tigers.seats.all()) == 5
        assert AuditRecord.objects.filter(event=event, action="event.create").count() == 1
        assert event.table_set.count() == 2

    def test_bad_input_is_answered_in_both_languages(self) -> None:
        self.client.force_login(self.alice)
        few = self.form(**{"team-1-guests": "Guo Jing"})
        assert "This team has 2 players: a team has 4 to 6." in self.client.post(
            self.url, few).content.decode()
        assert "该队有 2 名队员：每队应有 4 到 6 名。" in self.client.post(
            self.url, few, headers=self.zh()).content.decode()
        uneven = self.form(boards="9")
        assert "9 boards do not split into 2 equal segments." in self.client.post(
            self.url, uneven).content.decode()
        twice = self.form(**{"team-1-members": str(self.alice.player.pk)})
        assert "Alice Wang 王爱丽 is in team 1 and in team 2." in self.client.post(
            self.url, twice).content.decode()
        rr = self.form(movement="round-robin")
        assert "A round robin takes 3 to 8 teams: 2 are filled in." in self.client.post(
            self.url, rr).content.decode()
        assert "循环赛需要 3 到 8 个队：已填写 2 个。" in self.client.post(
            self.url, rr, headers=self.zh()).content.decode()
        assert not Event.objects.exists()


class TableEntryTest(TeamsTestCase):
    def test_the_events_services_take_team_entries(self) -> None:
        event = self.started()
        phone = sv.Actor(table=event.table_set.get(number=2))
        p = ev_entries.preview(event, 1, 2, {"board": 1, "contract": "4S", "declarer": "N",
                                             "result": "-1"})
        assert p.ok and p.entry is not None and p.entry.ns_score == -50
        assert (p.entry.ns_pair, p.entry.ew_pair) == ("2", "1")  # the away team NS
        first = ev_entries.enter(event, phone, round=1, table=2, key="k1",
                                 fields={"board": 1, "contract": "4S", "declarer": "N",
                                         "result": "-1"})
        assert first.created and first.row.ns_pair == "2"
        try:
            ev_entries.enter(event, phone, round=1, table=2,
                             fields={"board": 1, "contract": "3NT", "declarer": "S", "result": "="})
        except ev_entries.Conflict as e:
            assert e.existing.seq == first.row.seq
        else:
            raise AssertionError("a second entry for the board is a conflict")
        # The table corrects its own entry; a director awards A+/A- in the open room.
        ev_entries.correct(event, phone, first.row.seq,
                           {"contract": "4S", "declarer": "N", "result": "="})
        ev_entries.adjust(event, sv.Actor(self.alice), round=1, table=1, board=1, ns_award="A+",
                          ew_award="A-")
        (m,) = ev_replay.team_state(event).matches()
        (b,) = ev_replay.team_state(event).match_state(m).score.boards
        # The open room's A+/A-: the home team (NS there) +3, the away team -3 → 3 IMPs.
        assert (b.difference, b.imps) == (None, 3)
        assert ResultEntry.objects.filter(event=event).count() == 3


class MatchPageTest(TeamsTestCase):
    def test_the_scorecard_by_hand_in_both_languages(self) -> None:
        event = self.started()
        self.play(event)
        self.client.force_login(self.alice)
        page = unwrap_arith(self.client.get(f"/events/{event.pk}/match/").content.decode())
        for text in ("+420 − (-50) = +470: 10 IMPs to Lions", "-110 − (-620) = +510: 11 IMPs to Lions",
                     "+680 − (+1430) = -750: 13 IMPs to Tigers", "<strong>21</strong> – <strong>13</strong>",
                     "<strong>14.18</strong> – <strong>5.82</strong>", "NS score 4×30+300=420",
                     '4<span class="suit black">♠</span> N =', '2<span class="suit red">♥</span> W ='):
            assert text in page, text
        assert "As a director you see every board" in page
        zh = unwrap_arith(self.client.get(f"/events/{event.pk}/match/", headers=self.zh()).content.decode())
        for text in ("+420 − (-50) = +470：狮队得 10 IMP", "您是裁判，可以看到所有牌", "+680 − (+1430) = -750：虎队得 13 IMP",
                     "胜利分", "开室", "闭室", '北打4<span class="suit black">♠</span>'):
            assert text in zh, text

    def test_in_play_a_board_shows_once_both_rooms_have_it(self) -> None:
        event = self.started()
        self.play(event, MATCH[:1])
        phone = sv.Actor(table=event.table_set.get(number=1))
        ev_entries.enter(event, phone, round=1, table=1,
                         fields={"board": 2, "contract": "3NT", "declarer": "S", "result": "+1"})
        self.client.force_login(self.bob)  # a member: board 1 only, board 2 waits
        page = unwrap_arith(self.client.get(f"/events/{event.pk}/match/").content.decode())
        assert "10 IMPs to Lions" in page and "+630" not in page
        assert "As a director" not in page
        assert "Still to come: 2, 3, 4" in page
        # The page follows the event over the WebSocket (no timed poll while it is up).
        assert f'data-live-socket="/ws/events/{event.pk}/match"' in page
        assert 'hx-trigger="every' not in page
        self.client.force_login(self.charlie)  # no member, not published
        assert self.client.get(f"/events/{event.pk}/match/").status_code == 403
        self.client.logout()
        assert self.client.get(f"/events/{event.pk}/match/").status_code == 403
        sv.publish(event, sv.Actor(self.alice))
        assert "10 IMPs to Lions" in unwrap_arith(
            self.client.get(f"/events/{event.pk}/match/").content.decode())

    def test_the_events_results_address_leads_to_the_match_page(self) -> None:
        event = self.started()
        self.client.force_login(self.bob)
        for path in ("", "boards/1/", "screen/"):
            got = self.client.get(f"/events/{event.pk}/{path}")
            assert got.status_code == 302 and got["Location"] == f"/events/{event.pk}/match/"

    def test_a_pairs_event_has_no_match_page(self) -> None:
        pairs = sv.create_event(self.north, sv.Actor(self.alice), name_en="Pairs",
                                date=datetime.date(2026, 12, 1), movement="mitchell",
                                tables=3, boards_per_round=2)
        self.client.force_login(self.alice)
        assert self.client.get(f"/events/{pairs.pk}/match/").status_code == 404
        assert self.client.get(f"/api/events/{pairs.pk}/match").status_code == 404


class RoundRobinTest(TeamsTestCase):
    def test_standings_and_cross_table(self) -> None:
        specs = [teams.TeamSpec(f"Team {c}", f"{c}队", _guests(c, 4)) for c in "ABC"]
        event = teams.create_team_event(
            self.north, sv.Actor(self.alice), name_en="Round robin", date=datetime.date(2026, 12, 1),
            movement="round-robin", boards=1, teams=specs)
        sv.set_status(event, sv.Actor(self.alice), Event.Status.RUNNING)
        assert (event.tables, event.rounds) == (2, 3)
        live = ev_replay.team_state(event)
        # Team 1 beats 2 and 3, team 2 beats 3: the winner's NS makes 7NT, the loser's goes
        # one down.  Boards 1 and 3 (NS not vulnerable) 1520 + 50 = 1570 → 17 IMPs, board 2
        # (NS vulnerable) 2220 + 100 = 2320 → 20: above the 1-board blitz of 15, so 20-0.
        # By hand: 1: 20+20+12 (bye) = 52, 2: 0+20+12 = 32, 3: 0+0+12 = 12.
        beats = {frozenset("12"): "1", frozenset("13"): "1", frozenset("23"): "2"}
        for m in live.matches():
            b = m.boards[0]
            won = beats[frozenset((m.home, m.away))]
            for (rnd, table), ns in ((m.open[b], m.home), (m.closed[b], m.away)):
                phone = sv.Actor(table=event.table_set.get(number=table))
                ev_entries.enter(event, phone, round=rnd, table=table,
                                 fields={"board": b, "contract": "7NT", "declarer": "N",
                                         "result": "=" if ns == won else "-1"})
        self.client.force_login(self.bob)
        data = self.client.get(f"/api/events/{event.pk}/match").json()
        assert [(s["team"], s["vp"], s["byes"]) for s in data["standings"]] == [
            ("1", "52", 1), ("2", "32", 1), ("3", "12", 1)]
        row1 = data["cross_table"][0]
        assert row1["team"] == "1" and [c.get("vp") for c in row1["cells"]] == [None, "20", "20"]
        page = self.client.get(f"/events/{event.pk}/match/", headers=self.zh()).content.decode()
        assert "名次" in page and "交叉表" in page and "A队" in page
        detail = unwrap_arith(self.client.get(f"/events/{event.pk}/match/1/").content.decode())
        assert "17 IMPs to" in detail


class ApiTest(TeamsTestCase):
    def test_the_match_as_json_and_its_rights(self) -> None:
        event = self.started()
        self.play(event)
        url = f"/api/events/{event.pk}/match"
        assert self.client.get(url).status_code == 401  # a visitor: log in first
        self.client.force_login(self.charlie)  # in no club
        r = self.client.get(url)
        assert r.status_code == 403 and r.json()["code"] == "not_allowed"
        assert r.json()["zh"] == f"第 {event.pk} 场比赛属于其他俱乐部且尚未发布：您不能查看或操作。"
        self.client.force_login(self.bob)
        data = self.client.get(url).json()
        (m,) = data["matches"]
        assert [(b["board"], b["difference"], b["imps"]) for b in m["scored"]] == [
            (1, 470, 10), (2, 0, 0), (3, 510, 11), (4, -750, -13)]
        assert (m["home_total"], m["away_total"], m["vp"]) == (
            "21", "13", {"home": "14.18", "away": "5.82", "scale": "wbf"})
        assert m["scored"][0]["open"]["arithmetic"] == "NS score 4×30+300=420"
        assert self.client.get("/api/events/999999/match").status_code == 404


class MoreTest(TeamsTestCase):
    def test_the_page_fetches_only_its_live_part(self) -> None:
        event = self.started()
        self.play(event, MATCH[:1])
        self.client.force_login(self.bob)
        for r in (self.client.get(f"/events/{event.pk}/match/?part=live"),
                  self.client.get(f"/events/{event.pk}/match/", headers={"HX-Request": "true"})):
            body = unwrap_arith(r.content.decode())
            assert "<html" not in body and 'id="live"' not in body
            assert "10 IMPs to Lions" in body and r["Cache-Control"] == "no-store"
        page = self.client.get(f"/events/{event.pk}/match/").content.decode()
        assert f'data-live-url="/events/{event.pk}/match/?part=live"' in page
        assert 'data-live-when="any"' in page
        detail = self.client.get(f"/events/{event.pk}/match/1/").content.decode()
        assert 'data-live-when="match:1"' in detail
        part = unwrap_arith(
            self.client.get(f"/events/{event.pk}/match/1/?part=live").content.decode())
        assert "<html" not in part and "10 IMPs to Lions" in part
        sv.set_status(event, sv.Actor(self.alice), Event.Status.CLOSED)
        body = self.client.get(f"/events/{event.pk}/match/").content.decode()
        # A closed event is still followed (a director may correct it, or publish it), but
        # never polled on a timer while the socket is up.
        assert "data-live-socket" in body and 'hx-trigger="every' not in body

    def test_a_cancelled_entry_leaves_the_board_to_come(self) -> None:
        event = self.started()
        self.play(event, MATCH[:1])
        row = ev_entries.live_row(event, 1, 2, 1)
        assert row is not None
        ev_entries.cancel(event, sv.Actor(self.alice), row.seq, reason="wrong table")
        m = teams.scoreboard(event, self.alice, "en")["matches"][0]
        assert m["scored"] == [] and m["waiting"] == [1, 2, 3, 4]
        assert [(s.table, s.board) for s in ev_replay.team_state(event).outstanding(1)] == [
            (1, 2), (2, 1), (2, 2)]

    def test_the_pairs_state_refuses_a_team_event_clearly(self) -> None:
        event = self.started()
        with pytest.raises(BridgeError) as got:
            ev_replay.state(event)
        assert got.value.en == "a team event has no pairs ranking: see its match page"

    def test_the_demo_match(self) -> None:
        from bridgescore.web.events.teams.demo import load_team_match

        event = load_team_match(self.north, self.alice, datetime.date(2026, 12, 1))
        assert load_team_match(self.north, self.alice).pk == event.pk  # made once
        m = teams.scoreboard(event, self.alice, "en")["matches"][0]
        # The first four boards are this file's MATCH: 10, 0, 11 to home, 13 to away.
        assert [b["imps"] for b in m["scored"]] == [10, 0, 11, -13]
        assert m["waiting"] == [5, 6, 7, 8] and (m["home_total"], m["away_total"]) == ("21", "13")
        lions = event.entrants.get(number="1")
        assert len(lions.seats.all()) == 4

    def test_the_schedule_and_the_lead(self) -> None:
        event = self.started()
        phone = sv.Actor(table=event.table_set.get(number=1))
        ev_entries.enter(event, phone, round=1, table=1, fields={
            "board": 1, "contract": "4S", "declarer": "N", "result": "=", "lead": "HK"})
        self.play(event, [(1, 1, None, ("4S", "N", "-1"))])
        self.client.force_login(self.bob)
        page = self.client.get(f"/events/{event.pk}/match/").content.decode()
        assert 'lead <span class="suit red">♥</span>K' in page
        assert "table 1 (open room): Lions N–S v Tigers E–W" in page
        assert "table 2 (closed room): Tigers N–S v Lions E–W" in page
        assert "boards 1-2" in page and "boards 3-4" in page
        zh = self.client.get(f"/events/{event.pk}/match/", headers=self.zh()).content.decode()
        assert "第2桌（闭室）：虎队 南北 对 狮队 东西" in zh and "首攻" in zh

    def test_a_schedule_that_makes_no_match_is_explained_not_a_500(self) -> None:
        event = self.started()
        lines = list(event.assignments or [])
        lines[1] = {**lines[1], "boards": [9, 10]}  # the closed room plays other boards
        event.assignments = lines
        event.version += 1
        event.save()
        self.client.force_login(self.alice)
        r = self.client.get(f"/events/{event.pk}/match/")
        assert r.status_code == 200
        assert "round 1, table 1: teams 1 v 2 have no other room" in r.content.decode()
        zh = self.client.get(f"/events/{event.pk}/match/", headers=self.zh()).content.decode()
        assert "无法按此赛程计分：第1轮第1桌：1队对2队没有另一个房间" in zh
        api = self.client.get(f"/api/events/{event.pk}/match")
        assert api.status_code == 400 and "no other room" in api.json()["en"]
