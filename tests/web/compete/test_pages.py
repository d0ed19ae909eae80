"""The competitions' pages through the test client, in both languages: the home, a
director's new competition (errors quoting the input), the Swiss's registration room by
raising hands, its rounds and "your table", withdrawal, the results and a board's
comparison (its arithmetic worked by hand below), the profile's masterpoints; and the
rights: a non-member cannot open a members-only competition, only a director sees the
controls."""

from __future__ import annotations

import calendar
import re
from typing import Any

from django.test import Client, TransactionTestCase

from bridgescore.web.compete import clock
from bridgescore.web.compete import services as sv
from bridgescore.web.compete.models import Competition

from ..base import PASSWORD, make_user
from .helpers import T0, club_with, tables

ZH: dict[str, Any] = {"HTTP_ACCEPT_LANGUAGE": "zh-CN,zh;q=0.9"}
EN: dict[str, Any] = {"HTTP_ACCEPT_LANGUAGE": "en"}
START_UTC = float(calendar.timegm((2030, 3, 1, 11, 30, 0)))


def text(response: Any) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


class PagesTests(TransactionTestCase):
    def setUp(self) -> None:
        clock.set(T0)
        self.addCleanup(clock.real)
        sv.forget()
        self.club, self.td, self.people = club_with(8)
        self.outsider = make_user("out", "Outsider", "外人")
        self.c = sv.create_competition(
            self.club, self.td, kind="swiss", name_en="Evening Swiss", name_zh="晚间瑞士移位",
            settings={"start": T0 + 600, "rounds": 2, "boards_per_round": 1,
                      "round_minutes": 10, "completion": 0.0, "hold_seconds": 30,
                      "deal_seed": 3})

    def client_for(self, user: Any) -> Client:
        c = Client()
        assert c.login(username=user.username, password=PASSWORD)
        return c

    def post(self, client: Client, **data: Any) -> Any:
        return client.post(f"/compete/{self.c.pk}/act/", data, **EN)

    # -- the home and the nav ------------------------------------------------------------

    def test_the_home_lists_what_the_user_may_open_in_both_languages(self) -> None:
        m = self.client_for(self.people[0])
        en = text(m.get("/compete/", **EN))
        assert "Competitions" in en and "Evening Swiss" in en and "Upcoming" in en
        assert 'href="/compete/"' in en  # the nav
        zh = text(m.get("/compete/", **ZH))
        assert "竞赛" in zh and "晚间瑞士移位" in zh and "即将开始" in zh
        assert "瑞士移位自动双人赛" in zh and "报名中" in zh
        # A non-member does not see a members-only competition; no "new" for a member.
        out = text(self.client_for(self.outsider).get("/compete/", **EN))
        assert "Evening Swiss" not in out
        assert "new-competition" not in en
        assert "new-competition" in text(self.client_for(self.td).get("/compete/", **EN))
        lobby = text(m.get("/play/", **ZH))
        assert 'id="to-competitions" href="/compete/"' in lobby

    def test_a_non_member_cannot_open_a_members_only_competition(self) -> None:
        for path in (f"/compete/{self.c.pk}/", f"/compete/{self.c.pk}/results/",
                     f"/compete/{self.c.pk}/?part=live"):
            assert self.client_for(self.outsider).get(path).status_code == 403
            r = Client().get(path)
            assert r.status_code == 302 and "/account/login/" in r["Location"]
        r = self.post(self.client_for(self.outsider), do="sit", table="1", seat="N")
        assert r.status_code == 403

    # -- a new competition --------------------------------------------------------------

    def form(self, **over: str) -> dict[str, str]:
        data = {"club": str(self.club.pk), "kind": "swiss", "name_en": "Friday Swiss",
                "name_zh": "周五瑞士移位", "members_only": "on", "start": "2030-03-01 19:30",
                "rounds": "5", "boards_per_round": "2", "round_minutes": "14.5",
                "scoring": "mp", "completion": "75", "hold_seconds": "20",
                "registration_minutes": "45", "winners": "1", "pairs_scoring": "mp",
                "pairs_boards": "2", "pairs_round_minutes": "15"}
        data.update(over)
        return data

    def test_a_director_sets_up_a_swiss(self) -> None:
        td = self.client_for(self.td)
        assert "Minutes a round" in text(td.get("/compete/new/", **EN))
        assert "每轮时间" in text(td.get("/compete/new/", **ZH))
        r = td.post("/compete/new/", self.form(), **EN)
        assert r.status_code == 302, text(r)
        c = Competition.objects.get(name_en="Friday Swiss")
        assert r["Location"] == f"/compete/{c.pk}/"
        # 2030-03-01 19:30 in Asia/Shanghai (UTC+8) is 11:30 UTC.
        assert c.settings["start"] == START_UTC
        assert (c.settings["rounds"], c.settings["boards_per_round"], c.settings["scoring"],
                c.settings["round_minutes"], c.settings["completion"],
                c.settings["hold_seconds"]) == (5, 2, "mp", 14.5, 0.75, 20.0)
        assert c.members_only and c.kind == "swiss"

    def test_a_director_sets_up_a_pairs_event(self) -> None:
        td = self.client_for(self.td)
        r = td.post("/compete/new/", self.form(kind="pairs", name_en="Pairs night",
                                               winners="2"), **EN)
        assert r.status_code == 302, text(r)
        c = Competition.objects.get(name_en="Pairs night")
        assert c.kind == "pairs" and c.settings["winners"] == 2
        assert c.settings["round_time"] == 900.0 and c.settings["start_at"] == START_UTC

    def test_form_errors_quote_the_input_in_both_languages(self) -> None:
        td = self.client_for(self.td)
        bad = self.form(rounds="six", round_minutes="0", start="tomorrow", name_en="",
                        name_zh="", completion="120")
        en = text(td.post("/compete/new/", bad, **EN))
        assert "“six” is not a whole number from 1 to 200." in en
        assert "“0” is not a number above 0 and at most 600." in en
        assert "“tomorrow” is not a date and time" in en
        assert "“120” is not a number from 0 to 100." in en
        assert "Give a name in English or in Chinese." in en
        zh = text(td.post("/compete/new/", bad, **ZH))
        assert "“six”不是 1 到 200 之间的整数。" in zh
        assert "“tomorrow”不是日期和时间" in zh
        assert Competition.objects.count() == 1
        # Only a director opens the form.
        assert self.client_for(self.people[0]).get("/compete/new/").status_code == 403

    # -- the registration room -----------------------------------------------------------

    def test_a_pair_registers_by_raising_hands(self) -> None:
        a, b = self.people[0], self.people[1]
        ca, cb = self.client_for(a), self.client_for(b)
        page = text(ca.get(f"/compete/{self.c.pk}/", **EN))
        assert "Registration room" in page and 'id="sit-1-N"' in page
        assert f'hx-get="/compete/{self.c.pk}/?part=live"' in page
        assert "robot_pair" not in page  # the director's control is not shown
        assert "robot_pair" in text(self.client_for(self.td).get(f"/compete/{self.c.pk}/"))
        self.post(ca, do="sit", table="1", seat="N")
        self.post(cb, do="sit", table="1", seat="S")
        live = text(cb.get(f"/compete/{self.c.pk}/?part=live", **EN))
        assert "You sit South at registration table 1." in live
        assert "Opposite you: Member 1." in live and 'id="raise"' in live
        assert 'id="ask"' not in live  # b sat second: only a may ask b to leave
        assert 'id="ask"' in text(ca.get(f"/compete/{self.c.pk}/?part=live", **EN))
        self.post(ca, do="raise")
        r = cb.post(f"/compete/{self.c.pk}/act/", {"do": "raise"}, HTTP_HX_REQUEST="true", **ZH)
        live = text(r)  # the live part, at once, in Chinese
        assert "两人都已举手：报名确认倒计时" in live and 'data-left="30"' in live
        clock.set(T0 + 31)
        sv.sweep()
        live = text(ca.get(f"/compete/{self.c.pk}/?part=live", **EN))
        assert "You are registered as pair 1." in live
        assert "Member 1 &amp; Member 2" in live  # the registered pairs
        zh = text(cb.get(f"/compete/{self.c.pk}/?part=live", **ZH))
        assert "您已报名，为第1对。" in zh

    def test_a_refusal_is_shown_in_the_readers_language(self) -> None:
        a, b = self.client_for(self.people[0]), self.client_for(self.people[1])
        self.post(a, do="sit", table="1", seat="N")
        r = b.post(f"/compete/{self.c.pk}/act/", {"do": "sit", "table": "1", "seat": "N"},
                   HTTP_HX_REQUEST="true", **ZH)
        assert "报名桌 1 的北座已有人" in text(r)
        r = b.post(f"/compete/{self.c.pk}/act/", {"do": "raise"}, follow=True, **EN)
        assert "is not at a registration table" in text(r)

    def test_asking_and_making_the_player_opposite_leave(self) -> None:
        a, b = self.client_for(self.people[0]), self.client_for(self.people[1])
        self.post(a, do="sit", table="2", seat="S")
        self.post(b, do="sit", table="2", seat="N")
        self.post(a, do="ask")
        assert "The player opposite asks you to leave." in text(
            b.get(f"/compete/{self.c.pk}/?part=live", **EN))
        self.post(a, do="send_away")
        live = text(b.get(f"/compete/{self.c.pk}/?part=live", **EN))
        assert "You sit" not in live and 'id="sit-2-N"' in live

    # -- the rounds, the results, a board ------------------------------------------------

    def register_all(self) -> None:
        for table, (a, b) in enumerate(zip(self.people[::2], self.people[1::2], strict=True), 1):
            for who, seat in ((a, "N"), (b, "S")):
                sv.act(self.c, {"type": "Sit", "player": str(who.pk), "table": table,
                                "seat": seat}, who)
            for who in (a, b):
                sv.act(self.c, {"type": "RaiseHand", "player": str(who.pk)}, who)
        clock.set(T0 + 31)
        sv.sweep()

    def test_a_swiss_from_the_round_to_the_results_and_a_board(self) -> None:
        from bridgescore.core.result import Result

        self.register_all()
        clock.set(T0 + 600.5)
        sv.sweep()
        m = self.client_for(self.people[0])
        live = text(m.get(f"/compete/{self.c.pk}/?part=live", **EN))
        table = tables(self.c, 1)[0].play_table
        assert "Round 1 of 2" in live
        assert f'id="your-table" href="/play/tables/{table.pk}/"' in live
        assert 'id="ends-in" data-left="600"' in live  # the bell: 10 minutes on
        assert "第1轮（共2轮）" in text(m.get(f"/compete/{self.c.pk}/?part=live", **ZH))
        # Round 1 (board 1, dealer N, none vulnerable): table 1 (pair 1 NS v pair 2)
        # 4♠ by N made at table 1 (+420), one down at table 2 (−50), entered by the director.
        for t, res in ((1, "4S N ="), (2, "4S N -1")):
            sv.act(self.c, {"type": "BoardDone", "round": 1, "table": t, "board": 1,
                            "result": Result.parse(res).to_dict()}, self.td)
        assert m.get(f"/compete/{self.c.pk}/boards/1/").status_code == 403  # in play
        clock.set(T0 + 1200.5)
        sv.sweep()  # round 1 ends; round 2 is drawn
        # Pair 3 (people 4, 5) withdraws with a confirmation.
        w = self.client_for(self.people[4])
        assert 'id="withdraw-confirm"' in text(w.get(f"/compete/{self.c.pk}/?part=live"))
        self.post(w, do="withdraw")
        assert "withdrew" in text(w.get(f"/compete/{self.c.pk}/?part=live", **EN))
        clock.set(T0 + 1800.5)
        sv.sweep()  # the end: round 2's boards cut
        # Board 1, cross-IMPs: +420 against −50 is 470 → 10 IMPs (the table: 430–490) to table 1's NS (pair 1);
        # table 2's NS (pair 3) −50 against +420 is −10.  One comparison each: the average
        # is the comparison itself.
        r = text(m.get(f"/compete/{self.c.pk}/results/", **EN))
        rows = re.findall(r'<tr class="[^"]*" data-pair="(\d)"><td [^>]*class="key place">([^<]*)</td>'
                          r'.*?<td [^>]*class="key num total">([^<]*)</td><td [^>]*class="num">(\d+)</td>'
                          r'<td [^>]*class="num mp">([^<]*)</td>', r)
        # Pairs 1 and 4 +10, 2 and 3 −10: ties go to the earlier registration; 4 pairs
        # completed (fewer than 20): the top half (2 places) get 3 and 2.
        assert rows == [("1", "1", "10", "1", "3"), ("4", "2", "10", "1", "2"),
                        ("2", "3", "-10", "1", "0"), ("3", "4", "-10", "1", "0")], rows
        assert f'href="/compete/{self.c.pk}/boards/1/"' in r
        assert "✂" in r  # round 2's boards were cut
        board = text(m.get(f"/compete/{self.c.pk}/boards/1/", **EN))
        assert "4♠" in board and "+420" in board and "+50" in board
        assert "NS score 4×30+300=420" in board  # the seeds' arithmetic
        assert "v table 2: +420 − -50 = 470 → +10 IMPs" in board
        assert "Double dummy" in board and ('id="dd"' in board or 'id="dd-note"' in board)
        zh = text(m.get(f"/compete/{self.c.pk}/boards/1/", **ZH))
        assert "南北得 4×30+300=420分" in zh and "对第2桌" in zh
        home = text(m.get("/compete/results/", **ZH))
        assert "晚间瑞士移位" in home and f"/compete/{self.c.pk}/results/" in home
        # Masterpoints on the profile: pair 1 won (3), in both languages.
        p = text(self.client_for(self.people[0]).get("/account/", **EN))
        assert 'id="masterpoints"' in p and '<strong id="mp-total">3</strong>' in p
        assert "Evening Swiss" in p and "Ranked Player" in p  # the first rank: 1 masterpoint
        zh = text(self.client_for(self.people[0]).get("/account/", **ZH))
        assert "大师分" in zh and "有级牌手" in zh
        assert "No masterpoints yet" in text(self.client_for(self.outsider).get("/account/"))
