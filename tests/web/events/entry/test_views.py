"""The table's phone pages: every path, in both languages.

The session is a 3-table Mitchell of 2 boards a round (the library's movement): in round 1
table 1 has NS 1 v EW 4 on boards 1 and 2, in round 2 NS 1 v EW 6 on boards 3 and 4; board
1 comes to table 3 (NS 3 v EW 5) in round 2.  Board 1: dealer North, nobody vulnerable;
board 2: dealer East, NS vulnerable (Law 2).  Every expected score is worked out by hand
from Law 77, never by the code under test.
"""

from __future__ import annotations

import datetime
import re
from typing import Any

from django.test import override_settings
from django.test.client import Client

from bridgescore.web.events import entries as ev_entries
from bridgescore.web.events import services as sv
from bridgescore.web.events import tables
from bridgescore.web.events.models import Event, ResultEntry, SecretFailure
from bridgescore.web.events.models import Seat as EntrantSeat

from ...base import BaseTestCase, unwrap_arith

FOUR_SPADES = {"round": "1", "board": "1", "level": "4", "strain": "S", "dbl": "",
               "declarer": "N", "lead_suit": "H", "lead_rank": "K", "result": "="}
KEY = "0b7f6c2e-4f1a-4c3e-9a55-6a0d2f0e9b11"
OTHER_KEY = "5d0c9b4a-1e2f-4a6b-8c7d-3e4f5a6b7c8d"


def text_of(html: bytes) -> str:
    """The page's visible text, tags removed and spaces squeezed (for readable asserts)."""
    body = unwrap_arith(html.decode())  # an arithmetic's numbers read as one text
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", body, flags=re.S)
    body = re.sub(r"<[^>]+>", " ", body)
    return re.sub(r"\s+", " ", body.replace("&amp;", "&").replace("&#x27;", "'")
                  .replace("&quot;", '"')).strip()


def form_fields(html: bytes, marker: str) -> dict[str, str]:
    """The inputs a browser would send from the form marked ``marker`` (hidden and checked
    ones; no buttons)."""
    body = html.decode()
    start = body.index(marker)
    form = body[body.rindex("<form", 0, start):body.index("</form>", start)]
    out: dict[str, str] = {}
    for tag in re.findall(r"<input\b[^>]*>", form):
        name = re.search(r'name="([^"]*)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        if name and ('type="hidden"' in tag or " checked" in tag):
            out[name[1]] = value[1].replace("&#x27;", "'").replace("&amp;", "&") if value else ""
    return out


def checked(html: bytes, name: str) -> list[str]:
    """The values of the radio buttons called ``name`` that are checked."""
    return re.findall(rf'name="{name}" value="([^"]*)" checked', html.decode())


class TableEntryTest(BaseTestCase):
    def setUp(self) -> None:
        self.director = sv.Actor(self.alice)
        self.event = sv.create_event(self.north, self.director, name_en="Tuesday pairs",
                                     name_zh="周二双人赛", date=datetime.date(2026, 12, 1),
                                     movement="mitchell", tables=3, boards_per_round=2)
        sv.set_status(self.event, self.director, Event.Status.RUNNING)
        # Pair 1 (NS at table 1) is Bob and Charlie; pair 4 (EW) has its own name.
        pair1 = self.event.entrants.get(number="1")
        EntrantSeat.objects.create(entrant=pair1, player=self.bob.player, position=1)
        EntrantSeat.objects.create(entrant=pair1, player=self.charlie.player, position=2)
        self.event.entrants.filter(number="4").update(name_en="The Owls", name_zh="猫头鹰")
        self.t1 = self.event.table_set.get(number=1)
        self.t3 = self.event.table_set.get(number=3)
        self.url = f"/t/{tables.secret(self.t1)}/"

    # ------------------------------------------------------------------ helpers
    def post(self, path: str, data: dict[str, str], **headers: str) -> Any:
        return self.client.post(self.url + path, data, headers=headers)

    def accept(self, data: dict[str, str], key: str = KEY) -> Any:
        return self.post("accept", {**data, "key": key})

    def rows(self) -> int:
        return ResultEntry.objects.filter(event=self.event).count()

    # ------------------------------------------------------------------ the page
    def test_page_shows_session_table_round_board_pairs_dealer_and_vulnerability(self) -> None:
        r = self.client.get(self.url)
        assert r.status_code == 200
        page = text_of(r.content)
        assert "Tuesday pairs · Table 1 · Round 1" in page
        assert "Board 1 · dealer North · none vulnerable" in page
        assert "NS 1 Bob Li – Charlie Zhang" in page and "EW 4 The Owls" in page
        html = r.content.decode()
        # A form with its CSRF token, the language switch, our script and htmx's.
        assert 'name="csrfmiddlewaretoken"' in html and 'action="/i18n/setlang/"' in html
        assert "entry/entry.js" in html and 'hx-boost="true"' in html
        # The bidding box: levels 1-7 and the strains with ♥♦ red, X, XX and pass.
        for level in "1234567":
            assert f'name="level" value="{level}"' in html
        assert '<span class="suit red">♥</span>' in html
        assert '<span class="suit black">♠</span>' in html
        assert 'name="level" value="pass"' in html and "All pass" in page
        assert 'name="dbl" value="XX"' in html
        for seat in ("North", "East", "South", "West"):
            assert seat in page
        assert checked(r.content, "board") == ["1"]

    def test_page_in_chinese_when_the_browser_asks(self) -> None:
        r = self.client.get(self.url, headers=self.zh())
        assert r.status_code == 200
        assert '<html lang="zh-Hans">' in r.content.decode()
        page = text_of(r.content)
        assert "周二双人赛 · 第1桌 · 第1轮" in page
        assert "北发牌 · 双方无局" in page
        assert "南北 1 李博、张查理" in page and "东西 4 猫头鹰" in page
        for word in ("定约", "定约人", "首攻", "四家不叫", "北 东 南 西", "超1", "宕13",
                     "核对成绩"):
            assert word in page, word

    def test_board_two_is_dealt_by_east_with_ns_vulnerable(self) -> None:
        page = text_of(self.client.get(self.url + "?board=2").content)
        assert "Board 2 · dealer East · NS vulnerable" in page

    def test_round_choice_shows_another_round_of_the_table(self) -> None:
        page = text_of(self.client.get(self.url + "?round=2").content)
        assert "Round 2" in page and "Board 3 · dealer South" in page
        assert "EW 6" in page
        page = text_of(self.client.get(self.url + "?round=9").content)
        assert "Table 1 does not play round 9." in page and "Round 1" in page

    # ------------------------------------------------------------------ secrets
    def test_unknown_secret_is_a_bilingual_404(self) -> None:
        r = self.client.get("/t/not-a-real-secret/")
        assert r.status_code == 404
        page = text_of(r.content)
        assert "Unknown table link" in page and "未知的桌号链接" in page
        r = self.client.get("/t/not-a-real-secret/", headers=self.zh())
        page = text_of(r.content)
        assert page.index("未知的桌号链接") < page.index("Unknown table link")

    def test_closed_session_says_so_and_counts_no_failure(self) -> None:
        sv.set_status(self.event, self.director, Event.Status.CLOSED)
        r = self.client.get(self.url)
        assert r.status_code == 404
        page = text_of(r.content)
        assert "This session is closed" in page and "本场比赛已结束" in page
        assert not SecretFailure.objects.exists()

    @override_settings(TABLE_SECRET_FAILURE_LIMIT=3, TABLE_SECRET_FAILURE_WINDOW=600)
    def test_failed_lookups_are_rate_limited_per_address(self) -> None:
        for n in range(3):
            assert self.client.get(f"/t/guess{n:012d}/").status_code == 404
        # The count is in the database: another server (a new client) sees it too.
        assert SecretFailure.objects.get().failures == 3
        r = Client().get(f"/t/guess{99:012d}/")
        assert r.status_code == 429 and r["Retry-After"] == "600"
        page = text_of(r.content)
        assert "Too many wrong table links" in page and "错误的桌号链接过多" in page
        assert "Wait 10 minutes" in page
        # Locked out: even a real secret is not looked up from this address …
        assert self.client.get(self.url).status_code == 429
        assert self.post("accept", {**FOUR_SPADES, "key": KEY}).status_code == 429
        assert self.rows() == 0
        # … while another address is served.
        assert Client(REMOTE_ADDR="10.0.0.9").get(self.url).status_code == 200

    # ------------------------------------------------------------------ East's check
    def test_check_shows_the_score_with_its_arithmetic(self) -> None:
        # 4♠ by North making, nobody vulnerable: 4×30 trick score + 300 game = 420.
        r = self.post("check", FOUR_SPADES)
        assert r.status_code == 200
        page = text_of(r.content)
        assert "East: check the entry" in page
        assert "NS +420 · EW -420" in page
        assert "NS score 4×30+300=420" in page and "trick score 4×30=120" in page
        assert "game bonus 300" in page
        html = r.content.decode()
        assert '<span class="suit black">♠</span>' in html and '<span class="suit red">♥</span>K' in html
        assert 'action="/t/' in html and "data-accept" in html
        assert self.rows() == 0  # nothing is stored before East accepts

    def test_check_in_chinese(self) -> None:
        r = self.post("check", FOUR_SPADES, **self.zh())
        page = text_of(r.content)
        assert "东家：请核对成绩" in page
        assert "南北得 4×30+300=420分" in page and "北打4 ♠ ，正好完成" in page

    def test_typed_notation_in_chinese_is_read_by_the_library(self) -> None:
        # Board 2, NS vulnerable: 3NT by South with an overtrick = 40+2×30 = 100 trick
        # score, 30 for the overtrick, 500 for a vulnerable game: 630.
        r = self.post("check", {"round": "1", "board": "2", "typed": "南打3NT超1"})
        assert r.status_code == 200
        assert "NS score 40+2×30+30+500=630" in text_of(r.content)
        r = self.post("check", {"round": "1", "board": "2", "typed": "4S N =",
                                "lead_text": "黑桃10"})
        # 4♠ by North making, vulnerable: 120 + 500 = 620.
        page = text_of(r.content)
        assert "NS score 4×30+500=620" in page and "10" in page

    def test_impossible_result_is_shown_beside_the_result_and_input_is_kept(self) -> None:
        data = {**FOUR_SPADES, "level": "7", "strain": "NT", "result": "+1"}
        r = self.post("check", data)
        assert r.status_code == 400
        html = r.content.decode()
        error = re.search(r'id="err-result">(.*?)</ul>', html, re.S)
        assert error is not None and "impossible result &#x27;+1&#x27; for 7NT" in error[1]
        assert checked(r.content, "level") == ["7"] and checked(r.content, "strain") == ["NT"]
        assert checked(r.content, "result") == ["+1"] and checked(r.content, "declarer") == ["N"]
        assert checked(r.content, "lead_suit") == ["H"] and checked(r.content, "lead_rank") == ["K"]
        r = self.post("check", data, **self.zh())
        assert "7NT 不可能的结果" in text_of(r.content)
        r = self.accept(data)
        assert r.status_code == 400 and self.rows() == 0

    def test_board_not_in_the_round_is_refused_beside_the_board(self) -> None:
        r = self.post("check", {**FOUR_SPADES, "board": "3"})
        assert r.status_code == 400
        error = re.search(r'id="err-board">(.*?)</ul>', r.content.decode(), re.S)
        assert error is not None
        assert "board 3 is not played here in this round: expected 1, 2" in error[1]
        assert checked(r.content, "board") == ["3"]  # kept, with its error
        r = self.post("check", {**FOUR_SPADES, "board": "3"}, **self.zh())
        assert "本轮这里不打第3副：应为 1, 2" in text_of(r.content)

    def test_typed_errors_go_beside_the_text_box_quoting_it(self) -> None:
        r = self.post("check", {"round": "1", "board": "1", "typed": "5Q N ="})
        assert r.status_code == 400
        error = re.search(r'id="err-typed">(.*?)</ul>', r.content.decode(), re.S)
        assert error is not None and "5Q N =" in error[1]
        assert 'value="5Q N ="' in r.content.decode()

    def test_missing_fields_are_named(self) -> None:
        r = self.post("check", {"round": "1", "board": "1", "level": "4", "strain": "S"})
        assert r.status_code == 400
        page = text_of(r.content)
        assert "the declarer is missing" in page and "the result is missing" in page

    def test_send_back_returns_to_the_form_with_the_input(self) -> None:
        r = self.post("check", {**FOUR_SPADES, "step": "back"})
        assert r.status_code == 200
        assert checked(r.content, "level") == ["4"] and checked(r.content, "result") == ["="]
        assert "data-entry-form" in r.content.decode() and self.rows() == 0

    def test_passed_out_board(self) -> None:
        r = self.post("check", {"round": "1", "board": "1", "level": "pass"})
        assert r.status_code == 200
        assert "Passed out: both sides score 0" in text_of(r.content)
        r = self.accept({"round": "1", "board": "1", "level": "pass"})
        assert r.status_code == 303
        assert ResultEntry.objects.get(event=self.event).result == "pass"

    def test_auto_accept_setting_is_in_east_s_screen(self) -> None:
        html = self.post("check", FOUR_SPADES).content.decode()
        assert "data-auto-accept" not in html and "data-countdown" not in html
        sv.change_settings(self.event, self.director, auto_accept_seconds=45)
        r = self.post("check", FOUR_SPADES)
        html = r.content.decode()
        assert 'data-auto-accept="45"' in html
        assert "Accepted by itself in 45 seconds unless sent back." in text_of(r.content)
        r = self.post("check", FOUR_SPADES, **self.zh())
        assert "如不退回， 45 秒后自动确认。" in text_of(r.content)

    # ------------------------------------------------------------------ acceptance
    def test_the_pages_own_forms_carry_the_entry_through(self) -> None:
        # What a browser sends: the table page's form as filled in, then East's form, with
        # the CSRF check on (a post without the page's token is refused).
        self.client = Client(enforce_csrf_checks=True)
        assert self.post("check", FOUR_SPADES).status_code == 403
        page = self.client.get(self.url)
        sent = {**form_fields(page.content, "data-entry-form"), "level": "4", "strain": "S",
                "declarer": "N", "result": "=", "lead_suit": "H", "lead_rank": "K"}
        assert sent["round"] == "1" and sent["board"] == "1" and sent["csrfmiddlewaretoken"]
        east = self.client.post(self.url + "check", sent)
        fields = form_fields(east.content, "data-accept")
        assert fields["result"] == "=" and fields["level"] == "4" and fields["lead_rank"] == "K"
        assert re.fullmatch(r"[0-9a-f-]{36}", fields["key"])
        back = self.client.post(self.url + "check", {**fields, "step": "back"})
        assert checked(back.content, "level") == ["4"] and checked(back.content, "result") == ["="]
        r = self.client.post(self.url + "accept", fields)
        assert r.status_code == 303
        row = ResultEntry.objects.get(event=self.event)
        assert (row.result, row.lead, row.idempotency_key) == ("4S N =", "HK", fields["key"])

    def test_accept_stores_once_and_a_retry_with_the_same_key_gets_the_same_row(self) -> None:
        r = self.accept(FOUR_SPADES)
        assert r.status_code == 303
        row = ResultEntry.objects.get(event=self.event)
        assert (row.result, row.lead, row.round, row.table, row.board) == ("4S N =", "HK", 1, 1, 1)
        assert row.idempotency_key == KEY and row.source == "table"
        assert r["Location"] == f"{self.url}?stored={row.seq}"
        again = self.accept(FOUR_SPADES)
        assert again.status_code == 303 and again["Location"] == r["Location"]
        assert self.rows() == 1
        # The next page: board 1 done with its score, board 2 next.
        page = self.client.get(r["Location"])
        text = text_of(page.content)
        assert "Board 1 stored: 4 ♠ N = · NS +420" in text
        assert "Board 2 · dealer East · NS vulnerable" in text
        assert checked(page.content, "board") == ["2"]

    def test_a_retry_is_answered_even_after_the_round_closed(self) -> None:
        self.accept(FOUR_SPADES)
        sv.close_round(self.event, self.director, 1)
        r = self.accept(FOUR_SPADES)
        assert r.status_code == 303 and self.rows() == 1

    def test_a_key_that_no_page_makes_is_refused(self) -> None:
        for key in ("", "short", "x" * 65, "<script>alert(1)</script>"):
            r = self.accept(FOUR_SPADES, key=key)
            assert r.status_code == 400, key
            assert "The entry could not be sent" in text_of(r.content)
        assert self.rows() == 0

    def test_a_key_of_another_table_is_refused(self) -> None:
        ev_entries.enter(self.event, sv.Actor(table=self.t3), round=2, table=3, key=KEY,
                         fields={"board": 1, "contract": "3NT", "declarer": "N", "result": "="})
        r = self.accept(FOUR_SPADES)
        assert r.status_code == 400 and "another table" in text_of(r.content)
        assert self.rows() == 1

    def test_conflict_shows_what_the_other_phone_entered(self) -> None:
        self.accept(FOUR_SPADES)
        r = self.accept({**FOUR_SPADES, "level": "3", "strain": "NT", "result": "+1"},
                        key=OTHER_KEY)
        assert r.status_code == 409
        page = text_of(r.content)
        assert "Board 1 was already entered" in page
        assert "4 ♠ N = · NS +420" in page and "NS score 4×30+300=420" in page
        assert self.rows() == 1

    def test_conflict_in_chinese(self) -> None:
        self.accept(FOUR_SPADES)
        r = self.client.post(self.url + "accept", {**FOUR_SPADES, "result": "+1",
                                                   "key": OTHER_KEY}, headers=self.zh())
        assert r.status_code == 409
        page = text_of(r.content)
        assert "第1副已经录入" in page and "北打4 ♠ ，正好完成" in page

    def test_session_not_started_takes_no_entry(self) -> None:
        sv.set_status(self.event, self.director, Event.Status.SETUP)
        page = text_of(self.client.get(self.url).content)
        assert "The session is not in play yet" in page
        r = self.accept(FOUR_SPADES)
        assert r.status_code == 403 and self.rows() == 0
        assert "The session is not in play" in text_of(r.content)
        r = self.post("check", FOUR_SPADES, **self.zh())
        assert r.status_code == 403 and "比赛尚未开始" in text_of(r.content)

    def test_htmx_request_gets_the_same_page(self) -> None:
        r = self.post("check", FOUR_SPADES, **{"HX-Request": "true", "HX-Boosted": "true"})
        assert r.status_code == 200 and 'id="table-app"' in r.content.decode()

    # ------------------------------------------------------------------ after acceptance
    def test_traveller_at_the_table_when_the_director_allows_it(self) -> None:
        # Table 3 played board 1 in round 2: 3NT by North making, nobody vulnerable:
        # 40+2×30 = 100 trick score + 300 game = 400.
        ev_entries.enter(self.event, sv.Actor(table=self.t3), round=2, table=3,
                         fields={"board": 1, "contract": "3NT", "declarer": "N", "result": "="})
        sv.change_settings(self.event, self.director, traveller_at_table=True)
        r = self.accept(FOUR_SPADES)
        seq = ResultEntry.objects.get(event=self.event, table=1).seq
        assert r.status_code == 303 and r["Location"] == f"{self.url}done/{seq}"
        page = text_of(self.client.get(r["Location"]).content)
        assert "Board 1: the results so far" in page
        # Two results: NS +420 beats NS +400: 2 matchpoints to 0 (2 a comparison), factored
        # up to the 3 results the board will have (Neuberg: (2+1)×3/2−1 = 3.5 and
        # (0+1)×3/2−1 = 0.5).
        assert "+420" in page and "+400" in page
        assert "NS score 4×30+300=420" in page and "NS score 40+2×30+300=400" in page
        assert "3.50–0.50" in page and "0.50–3.50" in page
        assert "Next board" in page

    def test_no_traveller_unless_the_director_allows_it(self) -> None:
        r = self.accept(FOUR_SPADES)
        seq = ResultEntry.objects.get(event=self.event).seq
        page = text_of(self.client.get(f"{self.url}done/{seq}").content)
        assert "the results so far" not in page and "Board 1 stored" in page
        assert r["Location"].endswith(f"?stored={seq}")

    # ------------------------------------------------------------------ corrections
    def test_a_form_sent_back_offers_only_the_results_its_level_allows(self) -> None:
        # 4♠ with no declarer: the form again, its result buttons at level 4 (7 − 4 = 3 over
        # at most, 6 + 4 = 10 down at most); each button says its levels for the script.
        r = self.post("check", {**FOUR_SPADES, "declarer": ""})
        page = r.content.decode()
        assert r.status_code == 400
        assert re.search(r'value="\+3" data-levels="1-4">', page), page
        assert re.search(r'value="\+4" disabled data-levels="1-3">', page)
        assert re.search(r'value="-10" data-levels="4-7">', page)
        assert re.search(r'value="-11" disabled data-levels="5-7">', page)

    def test_table_corrects_its_own_entry_while_the_round_is_open(self) -> None:
        self.accept(FOUR_SPADES)
        first = ResultEntry.objects.get(event=self.event)
        r = self.client.get(f"{self.url}correct/{first.seq}")
        assert r.status_code == 200
        assert checked(r.content, "level") == ["4"] and checked(r.content, "strain") == ["S"]
        assert checked(r.content, "declarer") == ["N"] and checked(r.content, "result") == ["="]
        assert checked(r.content, "lead_suit") == ["H"] and checked(r.content, "lead_rank") == ["K"]
        assert f'name="seq" value="{first.seq}"' in r.content.decode()
        fixed = {**FOUR_SPADES, "result": "+1", "seq": str(first.seq)}
        # 4♠+1 not vulnerable: 120 + 30 + 300 = 450.
        checked_page = text_of(self.post("check", fixed).content)
        assert "NS score 4×30+30+300=450" in checked_page
        # East sees what changes: the result in force and the new one, each with its scores.
        assert "A correction: what changes" in checked_page
        assert "Was 4 ♠ N = · NS +420 · EW -420" in checked_page, checked_page
        assert "Now 4 ♠ N +1 · NS +450 · EW -450" in checked_page
        zh_page = text_of(self.post("check", fixed, **{"Accept-Language": "zh-CN"}).content)
        assert "更正：改了什么" in zh_page, zh_page
        was, now = zh_page.split("原为", 1)[1].split("现为", 1)
        assert "420" in was and "450" not in was and "450" in now, zh_page
        assert "A correction" not in text_of(self.post("check", FOUR_SPADES).content)
        r = self.accept(fixed, key=OTHER_KEY)
        assert r.status_code == 303
        new = ResultEntry.objects.get(event=self.event, kind="correct")
        assert new.replaces == first.seq and new.result == "4S N +1" and new.board == 1
        assert self.accept(fixed, key=OTHER_KEY).status_code == 303 and self.rows() == 2
        # The old entry cannot be corrected again: it has been replaced.
        r = self.client.get(f"{self.url}correct/{first.seq}")
        assert r.status_code == 404 and "has been replaced" in text_of(r.content)

    def test_after_the_round_closes_only_the_director_corrects(self) -> None:
        self.accept(FOUR_SPADES)
        seq = ResultEntry.objects.get(event=self.event).seq
        sv.close_round(self.event, self.director, 1)
        r = self.client.get(f"{self.url}correct/{seq}")
        assert r.status_code == 403
        page = text_of(r.content)
        assert "only the director can change its results now" in page
        assert "现在只有裁判可以修改本轮成绩" in page
        r = self.post("check", {**FOUR_SPADES, "result": "+1", "seq": str(seq)})
        assert r.status_code == 403 and "Round 1 is closed" in text_of(r.content)
        r = self.accept({**FOUR_SPADES, "result": "+1", "seq": str(seq)}, key=OTHER_KEY)
        assert r.status_code == 403 and self.rows() == 1
        page = text_of(self.client.get(self.url + "?round=1").content)
        assert "This round is closed" in page and "Correct" not in page
        # The table is now in round 2.
        assert "Round 2" in text_of(self.client.get(self.url).content)

    def test_director_s_entry_is_not_the_table_s_to_correct(self) -> None:
        stored = ev_entries.enter(self.event, self.director, round=1, table=1,
                                  fields={"board": 1, "contract": "3NT", "declarer": "N",
                                          "result": "="}, source=ResultEntry.Source.DIRECTOR)
        r = self.client.get(f"{self.url}correct/{stored.row.seq}")
        assert r.status_code == 403 and "only the director" in text_of(r.content)

    def test_a_correction_with_a_bad_entry_keeps_its_board(self) -> None:
        self.accept(FOUR_SPADES)
        seq = ResultEntry.objects.get(event=self.event).seq
        # The board sent is ignored (a correction is of its entry's board); the impossible
        # result is refused beside the result.
        bad = {**FOUR_SPADES, "board": "junk", "level": "7", "strain": "NT", "result": "+1",
               "seq": str(seq)}
        for path in ("check", "accept"):
            r = self.post(path, {**bad, "key": OTHER_KEY})
            assert r.status_code == 400
            assert "impossible result" in text_of(r.content)
            assert "Correcting board 1" in text_of(r.content)
        assert self.rows() == 1

    def test_another_table_s_entry_is_out_of_reach(self) -> None:
        stored = ev_entries.enter(self.event, sv.Actor(table=self.t3), round=2, table=3,
                                  fields={"board": 1, "contract": "3NT", "declarer": "N",
                                          "result": "="})
        for path in (f"correct/{stored.row.seq}", f"done/{stored.row.seq}"):
            assert self.client.get(self.url + path).status_code == 404
        r = self.accept({**FOUR_SPADES, "seq": str(stored.row.seq)}, key=OTHER_KEY)
        assert r.status_code == 404 and self.rows() == 1

    def test_every_board_entered(self) -> None:
        for board, key in ((1, KEY), (2, OTHER_KEY)):
            assert self.accept({**FOUR_SPADES, "board": str(board)}, key=key).status_code == 303
        page = text_of(self.client.get(self.url + "?round=1").content)
        assert "Every board of round 1 is entered." in page and "Go to round 2" in page

    def test_a_whole_result_typed_replaces_every_button(self) -> None:
        # Buttons say 4♠ by North made; the typed text says 3NT by South +1 (board 1, not
        # vulnerable: 100 + 30 + 300 = 430): the typed text wins.
        r = self.post("check", {**FOUR_SPADES, "typed": "3NT S +1"})
        assert "NS score 40+2×30+30+300=430" in text_of(r.content)
        # A contract typed alone takes the declarer and result buttons: 5♦ by North made,
        # 5×20 = 100 + 300 = 400.
        r = self.post("check", {**FOUR_SPADES, "typed": "5D"})
        assert "NS score 5×20+300=400" in text_of(r.content)

    def test_a_reload_of_a_form_address_goes_to_the_table_page(self) -> None:
        for path in ("check", "accept"):
            r = self.client.get(self.url + path)
            assert r.status_code == 303 and r["Location"] == self.url
        assert self.client.put(self.url + "check").status_code == 405


class TablePhoneFollowsResultsTest(BaseTestCase):
    """A phone that opened a table follows the session's live results without an account
    (issue 23, finding 13), as far as a member may: a board's traveller only under the
    director's settings; for as long as its table card holds."""

    def setUp(self) -> None:
        self.event = sv.create_event(self.north, sv.Actor(self.alice), name_en="Tuesday pairs",
                                     name_zh="周二双人赛", date=datetime.date(2026, 12, 1),
                                     movement="mitchell", tables=3, boards_per_round=2)
        sv.set_status(self.event, sv.Actor(self.alice), Event.Status.RUNNING)
        self.t1 = self.event.table_set.get(number=1)
        self.url = f"/t/{tables.secret(self.t1)}/"

    def test_the_table_page_links_the_live_results_and_the_phone_may_follow_them(self) -> None:
        ranking = f"/events/{self.event.pk}/"
        r = self.client.get(ranking)
        assert r.status_code == 302 and "/account/login/" in r["Location"]  # a stranger
        page = self.client.get(self.url).content.decode()
        assert f'href="{ranking}" data-testid="live-results"' in page
        assert "Follow the session's results" in page
        assert "关注本场比赛的成绩" in self.client.get(self.url, headers=self.zh()).content.decode()
        r = self.client.get(ranking)
        assert r.status_code == 200 and "Tuesday pairs" in r.content.decode()
        # A board's traveller: the phone is answered exactly as a member is.
        ev_entries.enter(self.event, sv.Actor(self.alice), round=1, table=1,
                         fields={"board": 1, "contract": "4S", "declarer": "N", "result": "="})
        phone = self.client.get(f"/events/{self.event.pk}/boards/1/")
        member = Client()
        member.force_login(self.bob)
        as_member = member.get(f"/events/{self.event.pk}/boards/1/")
        assert (phone.status_code, "+420" in phone.content.decode()) == (
            as_member.status_code, "+420" in as_member.content.decode())
        # A new table card ends it: the old secret opens nothing.
        tables.renew(self.t1)
        r = self.client.get(ranking)
        assert r.status_code == 302 and "/account/login/" in r["Location"]
