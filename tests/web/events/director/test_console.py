"""The director console's pages and actions: rights, forms, bad input, the audit trail.

Expected scores are worked out by hand from Law 77, not by the code under test."""

from __future__ import annotations

import datetime
import re

from django.test import Client

from bridgescore.web.events import entries as ev_entries
from bridgescore.web.events import services as sv
from bridgescore.web.events.models import AuditRecord, Entrant, Event, ResultEntry

from ...base import PASSWORD, BaseTestCase, unwrap_arith


class ConsoleTestCase(BaseTestCase):
    def setUp(self) -> None:
        self.director = sv.Actor(self.alice)
        # A 3-table Mitchell: 3 rounds of 2 boards; pairs 1-3 NS, 4-6 EW.
        self.event = sv.create_event(self.north, self.director, name_en="Tuesday pairs",
                                     name_zh="周二双人赛", date=datetime.date(2026, 12, 1),
                                     movement="mitchell", tables=3, boards_per_round=2)
        self.url = f"/events/{self.event.pk}/director/"

    def login(self, user: object) -> Client:
        c = Client()
        assert c.login(username=user.get_username(), password=PASSWORD)  # type: ignore[attr-defined]
        return c

    def run_event(self) -> None:
        sv.set_status(self.event, self.director, Event.Status.RUNNING)

    def phone_enter(self, round: int, table: int, board: int, result: str) -> ResultEntry:
        t = self.event.table_set.get(number=table)
        return ev_entries.enter(self.event, sv.Actor(table=t), round=round, table=table,
                                fields={"board": board, "contract": result}).row

    def audits(self) -> list[str]:
        return list(AuditRecord.objects.filter(event=self.event).order_by("id")
                    .values_list("action", flat=True))


PAGES = ["", "grid", "settings", "pairs", "pairs/1", "results", "results/1/1/1", "movement",
         "audit"]
POSTS = ["status", "publish", "close-round", "settings", "pairs/1", "results/1/1/1",
         "movement"]


class RightsTest(ConsoleTestCase):
    def test_every_page_and_action_refused_to_bob_charlie_dave(self) -> None:
        before = self.audits()
        for user in (self.bob, self.charlie, self.dave):
            c = self.login(user)
            for page in PAGES:
                r = c.get(self.url + page)
                assert r.status_code == 403, (user, page, r.status_code)
            for page in POSTS:
                r = c.post(self.url + page, {"status": "running", "round": 1, "do": "save",
                                             "result": "4S N =", "reason": "x"})
                assert r.status_code == 403, (user, page)
            assert c.get("/clubs/north/sessions/new").status_code == 403
            assert c.post("/clubs/north/sessions/new", {"do": "create"}).status_code == 403
        self.event.refresh_from_db()
        assert self.event.status == Event.Status.SETUP and not self.event.published
        assert self.audits() == before

    def test_the_403_page_speaks_both_languages(self) -> None:
        c = self.login(self.bob)
        r = c.get(self.url)
        assert r.status_code == 403
        assert "You do not have permission to see this page." in r.content.decode()
        r = c.post(self.url + "publish", {"published": "1"}, headers=self.zh())
        assert r.status_code == 403 and "您没有权限查看此页面。" in r.content.decode()

    def test_alice_and_the_administrator_reach_every_page(self) -> None:
        for user in (self.alice, self.root):
            c = self.login(user)
            for page in PAGES:
                r = c.get(self.url + page)
                assert r.status_code == 200, (user, page, r.status_code)

    def test_not_signed_in_goes_to_the_log_in_page(self) -> None:
        r = Client().get(self.url)
        assert r.status_code == 302 and "/account/login/" in r["Location"]

    def test_forms_need_csrf(self) -> None:
        c = Client(enforce_csrf_checks=True)
        c.login(username="alice", password=PASSWORD)
        r = c.post(self.url + "status", {"status": "running"})
        assert r.status_code == 403
        self.event.refresh_from_db()
        assert self.event.status == Event.Status.SETUP
        page = c.get(self.url).content.decode()
        assert page.count('name="csrfmiddlewaretoken"') >= 3

    def test_unknown_event_is_404(self) -> None:
        assert self.login(self.alice).get("/events/999999/director/").status_code == 404


class CreateTest(ConsoleTestCase):
    def form(self, **over: object) -> dict[str, object]:
        return {"name_en": "Friday pairs", "name_zh": "周五双人赛", "date": "2026-12-04",
                "movement": "howell", "tables": 4, "boards_per_round": 3, "rounds": "",
                "scoring": "ximp", **over}

    def test_check_shows_the_movement_then_create_makes_it(self) -> None:
        c = self.login(self.alice)
        r = c.post("/clubs/north/sessions/new", self.form(do="check"))
        page = r.content.decode()
        # A complete 4-table Howell: 2×4−1 = 7 rounds; 7×3 = 21 boards; 8 pairs.
        assert re.search(r'data-testid="rounds">7<', page)
        assert re.search(r'data-testid="boards">21<', page)
        assert not Event.objects.filter(name_en="Friday pairs").exists()
        r = c.post("/clubs/north/sessions/new", self.form(do="create"))
        event = Event.objects.get(name_en="Friday pairs")
        assert r.status_code == 302 and r["Location"] == f"/events/{event.pk}/director/pairs"
        assert (event.movement, event.tables, event.rounds, event.boards_per_round,
                event.scoring) == ("howell", 4, 7, 3, "ximp")
        assert event.entrants.count() == 8 and event.table_set.count() == 4
        assert list(event.audit.values_list("action", flat=True)) == ["event.create"]

    def test_a_movement_the_library_refuses_is_a_form_error_in_both_languages(self) -> None:
        c = self.login(self.alice)
        count = Event.objects.count()
        r = c.post("/clubs/north/sessions/new", self.form(do="create", movement="mitchell",
                                                          tables=2))
        assert r.status_code == 200
        assert "invalid number of tables 2: expected a whole number from 3 to 200" in (
            r.content.decode())
        r = c.post("/clubs/north/sessions/new", self.form(do="create", rounds=99),
                   headers=self.zh())
        assert "无效的轮数 99：应为 1 到 7 的整数" in r.content.decode()
        assert Event.objects.count() == count

    def test_a_number_or_date_that_does_not_read_is_quoted(self) -> None:
        c = self.login(self.alice)
        count = Event.objects.count()
        r = c.post("/clubs/north/sessions/new", self.form(do="create", tables="three",
                                                          date="31/02/2026"))
        page = r.content.decode()
        assert "“three” is not a whole number." in page
        assert "“31/02/2026” is not a date: expected year-month-day, e.g. 2026-12-01." in page
        r = c.post("/clubs/north/sessions/new", self.form(do="create", tables="three"),
                   headers=self.zh())
        assert "“three” 不是整数。" in r.content.decode()
        assert Event.objects.count() == count

    def test_a_name_is_needed(self) -> None:
        c = self.login(self.alice)
        r = c.post("/clubs/north/sessions/new", self.form(do="create", name_en="", name_zh=""))
        assert "Give the session a name in Chinese or in English." in r.content.decode()
        r = c.post("/clubs/north/sessions/new", self.form(do="create", name_en="", name_zh=""),
                   headers=self.zh())
        assert "请为比赛填写中文或英文名称。" in r.content.decode()

    def test_the_name_fields_name_a_session_not_a_person(self) -> None:
        # The accounts app's "Name in English" is a person's (英文姓名); a session's is 名称.
        page = self.login(self.alice).get("/clubs/north/sessions/new",
                                          headers=self.zh()).content.decode()
        assert "英文名称" in page and "中文名称" in page and "姓名" not in page


class RunTest(ConsoleTestCase):
    def test_start_close_reopen_publish_close_round_are_audited(self) -> None:
        c = self.login(self.alice)
        for wanted in ("running", "closed", "running"):
            r = c.post(self.url + "status", {"status": wanted, "confirmed": "yes"})
            assert r.status_code == 302
            self.event.refresh_from_db()
            assert self.event.status == wanted
        c.post(self.url + "publish", {"published": "1"})
        c.post(self.url + "close-round", {"round": "2", "confirmed": "yes"})
        self.event.refresh_from_db()
        assert self.event.published and self.event.closed_round == 2
        c.post(self.url + "publish", {"published": "0"})
        self.event.refresh_from_db()
        assert not self.event.published
        assert self.audits() == ["event.create", "event.status", "event.status", "event.status",
                                 "event.publish", "event.close_round", "event.publish"]

    def test_closing_the_session_or_rounds_asks_first_saying_what_it_does(self) -> None:
        self.run_event()
        self.phone_enter(1, 1, 1, "4S N =")
        c = self.login(self.alice)
        missing = self.event.tables * 2 * self.event.rounds - 1  # every board but one
        for headers, says in (
                ({}, ("Close the session", "every table&#x27;s phone stops taking",
                      f"{missing} results of the session are still missing",
                      "You can reopen the session")),
                (self.zh(), ("结束比赛", "每张桌子的手机", f"本场比赛还有 {missing} 个结果未录入",
                             "之后可以重新开始本场比赛"))):
            r = c.post(self.url + "status", {"status": "closed"}, headers=headers)
            page = r.content.decode()
            assert r.status_code == 200, page
            for text in says:
                assert text in page, (text, page)
            assert 'name="status" value="closed"' in page and 'name="confirmed"' in page
            self.event.refresh_from_db()
            assert self.event.status == "running"
        r = c.post(self.url + "close-round", {"round": "1"}, headers=self.zh())
        page = r.content.decode()
        assert r.status_code == 200 and "结束第 1 轮及以前各轮" in page, page
        assert "这些轮次还有 5 个结果未录入" in page
        self.event.refresh_from_db()
        assert self.event.closed_round == 0
        assert self.audits()[-1] == "result.enter"  # nothing done by asking
        # Confirmed, each is done; opening rounds again (closing fewer) is not asked.
        assert c.post(self.url + "close-round", {"round": "1", "confirmed": "yes"}).status_code == 302
        assert c.post(self.url + "close-round", {"round": "0"}).status_code == 302
        assert c.post(self.url + "status", {"status": "closed", "confirmed": "yes"}).status_code == 302
        self.event.refresh_from_db()
        assert self.event.status == "closed" and self.event.closed_round == 0

    def test_bad_status_and_round_change_nothing(self) -> None:
        c = self.login(self.alice)
        r = c.post(self.url + "status", {"status": "flying"}, follow=True)
        assert "Unknown status &#x27;flying&#x27;." in r.content.decode()
        r = c.post(self.url + "close-round", {"round": "9"}, follow=True, headers=self.zh())
        assert "9 不是本场比赛的轮次：应为 0 到 3。" in r.content.decode()
        self.event.refresh_from_db()
        assert self.event.status == "setup" and self.event.closed_round == 0
        assert self.audits() == ["event.create"]

    def test_grid_shows_what_is_in_and_the_late_table(self) -> None:
        self.run_event()
        # Tables 1 and 2 finish round 1 (boards 1-2 and 3-4); table 3 enters nothing.
        self.phone_enter(1, 1, 1, "4S N =")
        self.phone_enter(1, 1, 2, "3NT S +1")
        self.phone_enter(1, 2, 3, "2H E =")
        self.phone_enter(1, 2, 4, "pass")
        c = self.login(self.alice)
        page = c.get(self.url + "grid").content.decode()
        assert "4 of 18 results in." in page
        assert "Late tables: 3" in page
        late = re.findall(r'<tr class="late">\s*<th scope="row"><a[^>]*>(\d+)</a>', page)
        assert late == ["3"]
        cells = re.findall(r'<td class="cell (\w+)[^"]*">', page)
        # Rows: table 1 (done, empty, empty), table 2 (done, empty, empty), table 3 (empty×3).
        assert cells == ["done", "empty", "empty", "done", "empty", "empty",
                         "empty", "empty", "empty"]
        # The console page polls the grid by itself.
        assert f'hx-get="/events/{self.event.pk}/director/grid" hx-trigger="every 4s"' in (
            c.get(self.url).content.decode())

    def test_a_team_event_links_to_its_match_page(self) -> None:
        team = Event.objects.create(club=self.north, name_en="Cup", date=datetime.date(2026, 12, 2),
                                    kind="teams", movement="match", tables=2,
                                    boards_per_round=8, rounds=1, scoring="imp")
        c = self.login(self.alice)
        page = c.get(f"/events/{team.pk}/director/").content.decode()
        assert f'href="/events/{team.pk}/match/"' in page
        club = c.get("/clubs/north/").content.decode()
        assert f'href="/events/{team.pk}/match/"' in club
        assert f'href="/events/{self.event.pk}/director/"' in club


class SettingsTest(ConsoleTestCase):
    def form(self, **over: object) -> dict[str, object]:
        return {"name_en": "Tuesday pairs", "name_zh": "周二双人赛", "date": "2026-12-01",
                "auto_accept_seconds": "60", "travellers_live": "on", **over}

    def test_settings_saved_through_the_service_and_audited(self) -> None:
        c = self.login(self.alice)
        page = c.get(self.url + "settings").content.decode()
        assert 'name="check_leads"' in page and "checked" not in re.search(
            r'<input[^>]*name="check_leads"[^>]*>', page).group(0)  # type: ignore[union-attr]
        r = c.post(self.url + "settings", self.form())
        assert r.status_code == 302
        self.event.refresh_from_db()
        assert (self.event.auto_accept_seconds, self.event.travellers_live,
                self.event.traveller_at_table, self.event.check_leads) == (60, True, False, False)
        rec = AuditRecord.objects.get(event=self.event, action="event.settings")
        assert rec.before is not None and rec.after is not None
        assert rec.before["auto_accept_seconds"] is None and rec.after["auto_accept_seconds"] == 60
        assert rec.by_user == self.alice

    def test_bad_seconds_is_a_form_error_and_changes_nothing(self) -> None:
        c = self.login(self.alice)
        r = c.post(self.url + "settings", self.form(auto_accept_seconds="2"))
        assert "2 seconds: expected 5 to 3600, or empty" in r.content.decode()
        r = c.post(self.url + "settings", self.form(auto_accept_seconds="2"), headers=self.zh())
        assert "2 秒：应为 5 到 3600，或留空" in r.content.decode()
        self.event.refresh_from_db()
        assert self.event.auto_accept_seconds is None
        assert self.audits() == ["event.create"]


class PairsTest(ConsoleTestCase):
    def test_seat_two_members_then_a_guest(self) -> None:
        c = self.login(self.alice)
        page = c.get(self.url + "pairs/1", headers=self.zh()).content.decode()
        assert "王爱丽" in page and "李博" in page  # members' names in the reader's language
        assert "@example.org" not in page
        r = c.post(self.url + "pairs/1", {"p1-player": self.alice.player.pk,
                                          "p2-player": self.bob.player.pk})
        assert r.status_code == 302
        r = c.post(self.url + "pairs/2", {"p1-player": "", "p1-guest_zh": "孙华",
                                          "p1-guest_en": "Sun Hua", "p2-player": "",
                                          "p2-guest_zh": "朱兰"})
        assert r.status_code == 302
        e2 = Entrant.objects.get(event=self.event, number="2")
        assert [s.player.name_in("zh") for s in e2.seats.all()] == ["孙华", "朱兰"]
        assert [s.player.user for s in e2.seats.all()] == [None, None]
        listing = c.get(self.url + "pairs").content.decode()
        assert "Alice Wang" in listing and "Sun Hua" in listing and "朱兰" in listing
        recs = AuditRecord.objects.filter(event=self.event, action="entrant.change")
        assert [r.subject for r in recs] == ["pair 1", "pair 2"]
        assert recs[0].after == [{"en": "Alice Wang", "zh": "王爱丽"},
                                 {"en": "Bob Li", "zh": "李博"}]

    def test_a_player_in_two_pairs_or_twice_is_refused(self) -> None:
        c = self.login(self.alice)
        c.post(self.url + "pairs/1", {"p1-player": self.alice.player.pk,
                                      "p2-player": self.bob.player.pk})
        r = c.post(self.url + "pairs/2", {"p1-player": self.bob.player.pk,
                                          "p2-guest_en": "Sun Hua"})
        assert "Bob Li already plays in pair 1" in r.content.decode()
        r = c.post(self.url + "pairs/2", {"p1-player": self.bob.player.pk,
                                          "p2-guest_en": "Sun Hua"}, headers=self.zh())
        assert "李博已在第 1 对中" in r.content.decode()
        r = c.post(self.url + "pairs/3", {"p1-player": self.alice.player.pk,
                                          "p2-player": self.alice.player.pk})
        assert "1" in r.content.decode()
        r = c.post(self.url + "pairs/3", {"p1-player": "", "p2-player": ""})
        assert "Choose a player or type a guest&#x27;s name." in r.content.decode()
        assert not Entrant.objects.get(event=self.event, number="2").seats.exists()
        assert not Entrant.objects.get(event=self.event, number="3").seats.exists()
        assert self.audits().count("entrant.change") == 1


class ResultsTest(ConsoleTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.run_event()
        self.first = self.phone_enter(1, 1, 1, "4S N =")
        self.slot = self.url + "results/1/1/1"

    def test_listing_shows_the_result_score_and_arithmetic(self) -> None:
        c = self.login(self.alice)
        page = unwrap_arith(c.get(self.url + "results?table=1").content.decode())
        # Board 1, none vulnerable: 4×30 = 120, + 300 game bonus = 420.
        assert "4♠ N =" in page and "+420" in page and "4×30+300=420" in page
        zh = unwrap_arith(c.get(self.url + "results?board=1", headers=self.zh()).content.decode())
        assert "北打4♠，正好完成" in zh and "南北得 4×30+300=420分" in zh

    def test_correct_shows_the_score_before_saving_then_saves_and_audits(self) -> None:
        c = self.login(self.alice)
        # Chinese notation: 4♥ by North, one off, none vulnerable → EW +50.
        r = c.post(self.slot, {"do": "check", "result": "北打4H宕1", "lead": "",
                               "reason": "table miscounted"})
        page = unwrap_arith(r.content.decode())
        assert "EW score 50" in page and "NS -50" in page
        assert ResultEntry.objects.filter(event=self.event).count() == 1
        r = c.post(self.slot, {"do": "save", "result": "北打4H宕1", "lead": "",
                               "reason": "table miscounted"})
        assert r.status_code == 302
        row = ResultEntry.objects.filter(event=self.event).order_by("-seq").first()
        assert row is not None
        assert (row.kind, row.replaces, row.result, row.source, row.by_user, row.reason) == (
            "correct", self.first.seq, "4H N -1", "director", self.alice, "table miscounted")
        rec = AuditRecord.objects.filter(event=self.event, action="result.correct").get()
        assert rec.before is not None and rec.after is not None
        assert rec.before["result"] == "4S N =" and rec.after["result"] == "4H N -1"
        page = c.get(self.slot).content.decode()
        # Who entered what: the table's entry and the director's correction.
        assert "at the table" in page and "by a director" in page and "alice" in page

    def test_an_impossible_result_is_refused_in_both_languages(self) -> None:
        c = self.login(self.alice)
        r = c.post(self.slot, {"do": "save", "result": "7NT N +1", "reason": "x"})
        assert r.status_code == 200 and "errorlist" in r.content.decode()
        assert "7NT N +1" in r.content.decode() or "+1" in r.content.decode()
        r = c.post(self.slot, {"do": "save", "result": "7NT N +1", "reason": "x"},
                   headers=self.zh())
        assert "errorlist" in r.content.decode()
        r = c.post(self.slot, {"do": "save", "result": "4S N =", "reason": ""})
        assert "This field is required." in r.content.decode()
        assert ResultEntry.objects.filter(event=self.event).count() == 1

    def test_adjust_split_and_percentages(self) -> None:
        c = self.login(self.alice)
        r = c.post(self.slot, {"do": "adjust", "adjust-ns_award": "A+",
                               "adjust-ew_award": "A-", "adjust-reason": "slow play"})
        assert r.status_code == 302
        row = ev_entries.live_row(self.event, 1, 1, 1)
        assert row is not None and (row.ns_award, row.ew_award) == ("A+", "A-")
        c.post(self.url + "results/1/2/3", {"do": "adjust", "adjust-ns_award": "55%",
                                            "adjust-ew_award": "平均减",
                                            "adjust-reason": "fouled board"})
        row = ev_entries.live_row(self.event, 1, 2, 3)
        assert row is not None and (row.ns_award, row.ew_award) == ("55%", "A-")
        assert self.audits()[-2:] == ["result.correct", "result.enter"]

    def test_bad_award_is_a_form_error_and_changes_nothing(self) -> None:
        c = self.login(self.alice)
        r = c.post(self.slot, {"do": "adjust", "adjust-ns_award": "B+",
                               "adjust-ew_award": "A", "adjust-reason": "x"})
        assert ("invalid adjusted score &#x27;B+&#x27;: expected A+, A, A- (avg+, avg, avg-) "
                "or a percentage such as 55%") in r.content.decode()
        r = c.post(self.slot, {"do": "adjust", "adjust-ns_award": "B+",
                               "adjust-ew_award": "A", "adjust-reason": "x"}, headers=self.zh())
        assert "无效的调整分 &#x27;B+&#x27;" in r.content.decode()
        assert ResultEntry.objects.filter(event=self.event).count() == 1

    def test_cancel_needs_a_reason_and_makes_the_board_outstanding(self) -> None:
        c = self.login(self.alice)
        r = c.post(self.slot, {"do": "cancel", "cancel-reason": ""})
        assert ResultEntry.objects.filter(event=self.event).count() == 1
        r = c.post(self.slot, {"do": "cancel", "cancel-reason": "wrong board"})
        assert r.status_code == 302
        assert ev_entries.live_row(self.event, 1, 1, 1) is None
        assert self.audits()[-1] == "result.cancel"

    def test_director_enters_a_missing_result(self) -> None:
        c = self.login(self.alice)
        r = c.post(self.url + "results/1/1/2", {"do": "save", "result": "3NT S +1",
                                                "reason": ""})
        assert r.status_code == 302
        row = ev_entries.live_row(self.event, 1, 1, 2)
        assert row is not None and row.source == "director" and row.result == "3NT S +1"

    def test_a_slot_not_in_the_movement_is_404(self) -> None:
        c = self.login(self.alice)
        assert c.get(self.url + "results/1/1/5").status_code == 404
        assert c.get(self.url + "results/9/1/1").status_code == 404


class AuditPageTest(ConsoleTestCase):
    def test_lists_who_when_action_before_and_after(self) -> None:
        self.run_event()
        row = self.phone_enter(1, 1, 1, "4S N =")
        ev_entries.correct(self.event, self.director, row.seq, {"contract": "4S N +1"}, reason="r")
        sv.change_settings(self.event, self.director, auto_accept_seconds=30)
        c = self.login(self.alice)
        page = c.get(self.url + "audit").content.decode()
        assert "result corrected" in page and "#1 4♠ N =" in page and "#2 4♠ N +1" in page
        assert "board 1, table 1, round 1" in page
        # Only the setting that changed, by its label.
        assert "accept an entry by itself after (seconds): —" in page
        assert "accept an entry by itself after (seconds): 30" in page
        assert "travellers" not in page.split("settings changed")[1].split("</tr>")[0]
        assert "alice" in page
        zh = c.get(self.url + "audit", headers=self.zh()).content.decode()
        assert "更正成绩" in zh and "第1轮第1桌第1副" in zh and "#1 北打4♠，正好完成" in zh
        assert "进行中" in zh  # the status by its name


class PublishOfferTest(ConsoleTestCase):
    """Issue 23, finding 3: "Publish the results" is offered once the session is closed, not
    before or during play; a published session can always be withdrawn."""

    def test_publish_is_offered_only_when_closed(self) -> None:
        c = self.login(self.alice)
        assert "Publish the results" not in c.get(self.url).content.decode()  # set-up
        self.run_event()
        assert "Publish the results" not in c.get(self.url).content.decode()  # in play
        sv.set_status(self.event, self.director, Event.Status.CLOSED)
        page = c.get(self.url).content.decode()
        assert "Publish the results" in page
        zh = c.get(self.url, HTTP_ACCEPT_LANGUAGE="zh-CN").content.decode()
        assert "发布成绩" in zh or "发布结果" in zh, zh[:2000]
        c.post(self.url + "publish", {"published": "1"})
        sv.set_status(self.event, self.director, Event.Status.RUNNING)  # reopened
        assert "Withdraw the results" in c.get(self.url).content.decode()
