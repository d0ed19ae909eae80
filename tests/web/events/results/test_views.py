"""The live results pages: who may see what, and the figures, against the hand-worked session
of ``scenario.py`` (expected values from its docstring, not from the code under test)."""

from __future__ import annotations

import re

from django.test import Client

from bridgescore.web.events import services as sv
from bridgescore.web.events.models import Event

from ...base import BaseTestCase
from . import scenario as sc


def cells(html: str, pair: str) -> list[str]:
    """The text of each cell of the ranking row of ``pair`` (a total's arithmetic, opened
    beside it, left out: test_explain.py reads it)."""
    row = re.search(rf'<tr data-pair="{pair}">(.*?)</tr>', html, re.S)
    assert row is not None, f"no row for pair {pair}"
    return [re.sub(r"<[^>]+>", "", re.sub(r"<pre>.*?</pre>", "", c, flags=re.S)).strip()
            for c in re.findall(r"<td[^>]*>(.*?)</td>", row.group(1), re.S)]


class ResultsTestCase(BaseTestCase):
    def setUp(self) -> None:
        self.event = sc.make_event(self.north, self.alice, travellers_live=True)
        sc.enter(self.event, self.alice, sc.BOARD1 + sc.BOARD2 + sc.BOARD3_FIRST)
        self.url = f"/events/{self.event.pk}/"

    def as_(self, user: object | None) -> Client:
        c = Client()
        if user is not None:
            c.force_login(user)  # type: ignore[arg-type]
        return c


class VisibilityTest(ResultsTestCase):
    def test_the_movement_is_the_one_the_scenario_worked_out(self) -> None:
        lines = {(a.round, a.table): (a.ns_pair, a.ew_pair, a.boards)
                 for a in sv.assignments_of(self.event)}
        assert lines[(1, 1)] == ("1", "4", (1,)) and lines[(2, 3)] == ("3", "5", (1,))
        assert lines[(3, 2)] == ("2", "6", (1,)) and lines[(2, 1)] == ("1", "6", (2,))
        assert lines[(1, 3)] == ("3", "6", (3,)) and lines[(2, 2)] == ("2", "4", (3,))

    def test_in_play_members_and_directors_only(self) -> None:
        anonymous = self.as_(None).get(self.url)
        assert anonymous.status_code == 302 and "/account/login/" in anonymous["Location"]
        assert self.as_(self.charlie).get(self.url).status_code == 403  # in no club
        assert self.as_(self.dave).get(self.url).status_code == 403  # another club's director
        assert self.as_(self.bob).get(self.url).status_code == 200  # a member
        assert self.as_(self.alice).get(self.url).status_code == 200  # the director
        for path in ("boards/1/", "pairs/1/", "screen/"):
            assert self.as_(self.charlie).get(self.url + path).status_code == 403
            assert self.as_(None).get(self.url + path).status_code == 302

    def test_setup_directors_only(self) -> None:
        event = sc.make_event(self.north, self.alice, status=Event.Status.SETUP)
        url = f"/events/{event.pk}/"
        assert self.as_(self.bob).get(url).status_code == 403
        assert self.as_(self.alice).get(url).status_code == 200
        assert self.as_(self.root).get(url).status_code == 200

    def test_published_anyone(self) -> None:
        sv.publish(self.event, sv.Actor(self.alice))
        for who in (None, self.charlie, self.dave):
            page = self.as_(who).get(self.url)
            assert page.status_code == 200
            assert cells(page.content.decode(), "1")[0] == "1"

    def test_a_board_is_shown_once_played_by_all_with_travellers_live(self) -> None:
        bob = self.as_(self.bob)
        done = bob.get(self.url + "boards/1/").content.decode()
        assert "4♠" in done and "+450" in done
        partial = bob.get(self.url + "boards/3/").content.decode()
        # Board 3 has one result of three: a member must not learn it.
        assert "1NT" not in partial and "+120" not in partial
        assert "once every table has played it" in partial
        # The director sees it.
        assert "+120" in self.as_(self.alice).get(self.url + "boards/3/").content.decode()
        sc.enter(self.event, self.alice, sc.BOARD3_REST)
        assert "+120" in bob.get(self.url + "boards/3/").content.decode()

    def test_without_travellers_live_no_board_until_the_session_is_closed(self) -> None:
        sv.change_settings(self.event, sv.Actor(self.alice), travellers_live=False)
        bob = self.as_(self.bob)
        page = bob.get(self.url + "boards/1/").content.decode()
        assert "+450" not in page and "when the session is over" in page
        card = bob.get(self.url + "pairs/1/").content.decode()
        assert "+420" not in card and "4♠" not in card
        sv.set_status(self.event, sv.Actor(self.alice), Event.Status.CLOSED)
        assert "+450" in bob.get(self.url + "boards/1/").content.decode()
        assert "+420" in bob.get(self.url + "pairs/1/").content.decode()

    def test_the_fragment_follows_the_same_rules(self) -> None:
        part = self.as_(self.bob).get(self.url + "boards/3/?part=board").content.decode()
        assert "+120" not in part and "<html" not in part
        assert self.as_(self.charlie).get(self.url + "?part=ranking").status_code == 403

    def test_unknown_event_board_and_pair(self) -> None:
        alice = self.as_(self.alice)
        assert alice.get("/events/999999/").status_code == 404
        assert alice.get(self.url + "boards/4/").status_code == 404
        assert alice.get(self.url + "pairs/7/").status_code == 404


class FiguresTest(ResultsTestCase):
    def test_ranking_two_fields_in_hand_worked_order(self) -> None:
        html = self.as_(self.bob).get(self.url).content.decode()
        ns = html.index("North–South")
        ew = html.index("East–West")
        assert ns < ew
        # place, pair, names, %, MP, boards
        assert cells(html, "1") == ["1", "1", sc.PAIR1_EN.replace("–", "–"), "62.50", "5", "2"]
        assert cells(html, "3")[:2] == ["2", "3"] and cells(html, "3")[3:] == ["50.00", "6", "3"]
        assert cells(html, "2")[:2] == ["3", "2"] and cells(html, "2")[3:] == ["37.50", "3", "2"]
        assert cells(html, "4")[:2] == ["1", "4"] and cells(html, "4")[3] == "75.00"
        assert cells(html, "6")[:2] == ["2", "6"] and cells(html, "6")[3] == "58.33"
        assert cells(html, "5")[:2] == ["3", "5"] and cells(html, "5")[3] == "12.50"
        # NS rows before EW rows, each field in place order.
        order = [m for m in re.findall(r'<tr data-pair="(\d)">', html)]
        assert order == ["1", "3", "2", "4", "6", "5"]
        assert "Results in: 7 of 9 (78%)" in html

    def test_ranking_in_chinese(self) -> None:
        html = self.as_(self.bob).get(self.url, headers=self.zh()).content.decode()
        assert "周二双人赛" in html and "南北" in html and "东西" in html
        assert cells(html, "1")[2] == sc.PAIR1_ZH
        assert "已录入：9 个中的 7 个（78%）" in html
        assert "名次" in html

    def test_traveller_scores_arithmetic_and_red_suits(self) -> None:
        html = self.as_(self.bob).get(self.url + "boards/1/").content.decode()
        tables = re.findall(r'<li class="result" data-table="(\d)">(.*?)</li>\s*(?=<li|</ol>)',
                            html, re.S)
        by_table = {int(t): body for t, body in tables}
        assert sorted(by_table) == [1, 2, 3]

        def dd(body: str, cls: str) -> str:
            m = re.search(rf'<dd class="{cls}">(.*?)</dd>', body, re.S)
            assert m is not None, cls
            return re.sub(r"<[^>]+>", "", m.group(1)).strip()

        # Table 1 (1 v 4): 4S N = +420, 2 MP each; table 3 (3 v 5): +450, 4/0; table 2: -50.
        assert dd(by_table[1], "ns-score") == "+420" and dd(by_table[1], "ns-value") == "2 (50.00%)"
        assert dd(by_table[3], "ns-score") == "+450" and dd(by_table[3], "ns-value") == "4 (100.00%)"
        assert dd(by_table[2], "ew-score") == "+50" and dd(by_table[2], "ew-value") == "4 (100.00%)"
        assert dd(by_table[2], "ns-value") == "0 (0.00%)"
        # The score's arithmetic, openable: 4×30 + 300 = 420.
        assert "<details" in by_table[1] and "4×30+300=420" in by_table[1]
        assert "4×30+30+300=450" in by_table[3]
        # Suits as symbols, hearts and diamonds red: the lead ♥K at table 1, ♦2 at table 3.
        assert '<span class="red">♥</span>K' in by_table[1]
        assert '<span class="red">♦</span>2' in by_table[3]
        assert "4♠" in by_table[1] and '<span class="red">♠' not in html

    def test_traveller_in_chinese(self) -> None:
        html = self.as_(self.bob).get(self.url + "boards/1/", headers=self.zh()).content.decode()
        assert "第1副：北发牌" in html
        assert "南北得 4×30+300=420分" in html
        assert "定约" in html and "首攻" in html

    def test_scorecard_board_by_board_and_running_chart(self) -> None:
        html = self.as_(self.bob).get(self.url + "pairs/1/").content.decode()
        rows = dict(re.findall(r'<tr data-board="(\d)">(.*?)</tr>', html, re.S))
        assert sorted(rows) == ["1", "2", "3"]
        assert "+420" in rows["1"] and "+600" in rows["2"]
        assert "to play" in rows["3"]  # pair 1 plays board 3 in round 3
        # Running %: round 1 2 of 4 = 50 %, round 2 5 of 8 = 62.5 %.
        assert "<svg" in html and "<title>1: 50.00%</title>" in html
        assert "<title>2: 62.50%</title>" in html
        assert '<dd class="pct">62.50</dd>' in html

    def test_scorecard_hides_a_board_not_played_by_all(self) -> None:
        html = self.as_(self.bob).get(self.url + "pairs/3/").content.decode()
        rows = dict(re.findall(r'<tr data-board="(\d)">(.*?)</tr>', html, re.S))
        assert "+120" not in rows["3"] and "not shown yet" in rows["3"]
        # The chart stops before a round it may not show: rounds 1 (board 3) is hidden.
        assert "<title>1:" not in html

    def test_big_screen_pages(self) -> None:
        html = self.as_(self.bob).get(self.url + "screen/").content.decode()
        assert 'class="big-screen"' in html and html.count('class="screen-page"') == 2
        assert "62.50" in html

    def test_butler_imps_and_datum(self) -> None:
        event = sc.make_event(self.north, self.alice, scoring="butler", travellers_live=True)
        sc.enter(event, self.alice, sc.BOARD1)
        html = self.as_(self.bob).get(f"/events/{event.pk}/boards/1/").content.decode()
        assert "Datum: NS 270" in html
        values = re.findall(r'<dd class="ns-value">(.*?)</dd>', html)
        tables = re.findall(r'data-table="(\d)"', html)
        assert dict(zip(tables, values, strict=True)) == {"1": "4", "3": "5", "2": "-8"}
        ranking = self.as_(self.bob).get(f"/events/{event.pk}/").content.decode()
        assert "IMPs" in ranking and cells(ranking, "6")[3] == "8"


class FinalTest(ResultsTestCase):
    """Issue 23, finding 3: a closed session's pages say its results are final, never that
    they are live, in both languages (they still follow the socket: a director may reopen
    and correct, and the page then shows it at once)."""

    def test_a_closed_session_says_its_results_are_final(self) -> None:
        for path in ("", "?part=ranking", "pairs/1/", "boards/1/"):
            running = self.as_(self.bob).get(self.url + path)
            if running.status_code != 200 or "live-state" not in running.content.decode():
                continue
            assert "data-live-socket" in running.content.decode(), path
        sv.set_status(self.event, sv.Actor(self.alice), Event.Status.CLOSED)
        for lang, final in (("en", "The session is over: these are its final results."),
                            ("zh-CN", "比赛已结束：以下为最终成绩。")):
            page = self.as_(self.bob).get(self.url, HTTP_ACCEPT_LANGUAGE=lang).content.decode()
            assert final in page, lang
            assert "Live: updated" not in page and "Connection lost" not in page, lang
            assert "实时" not in page and "连接中断" not in page, lang
