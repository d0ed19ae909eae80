"""Issue 23, finding 14: every figure of the results pages opens its arithmetic, in the
reader's language: a pair's matchpoints on a board counted from its own side (beaten, tied, of
how many) with its percentage, its session total and percentage from its boards, a traveller's
matchpoints with both sides' percentages, Butler IMPs against the datum.

The session is ``scenario.py``'s; every expected line is worked out by hand from its
docstring (a 3-table Mitchell, top 4 a board), not by the code under test.
"""

from __future__ import annotations

import html
import re

from . import scenario as sc
from .test_views import ResultsTestCase


def details(page: str) -> list[str]:
    """The lines of each arithmetic (``<details class="explain…">``'s ``<pre>``) on ``page``,
    their markup (the arith filter's spans and break points) taken out."""
    return [html.unescape(re.sub(r"<[^>]+>", "", body)) for body in re.findall(
        r'<details class="explain[^"]*"><summary[^>]*>.*?</summary><pre>(.*?)</pre></details>',
        page, re.S)]


def row(page: str, board: int) -> str:
    found = re.search(rf'<tr data-board="{board}">(.*?)</tr>', page, re.S)
    assert found is not None, f"no row for board {board}"
    return found.group(1)


class ScorecardArithmeticTest(ResultsTestCase):
    def test_a_north_south_pairs_boards_and_total(self) -> None:
        page = self.as_(self.bob).get(self.url + "pairs/1/").content.decode()
        # Board 1: +420 against +450 and -50 (top 4): beats one, 2 MP, 50%.
        one = details(row(page, 1))
        assert one[-1].split("\n") == [
            "NS +420 against 2 other results:", "beats 1 (-50): 1 × 2 = 2",
            "loses to 1 (+450): 0", "in all 2 MP (top 4)", "2 ÷ 4 = 50.00%", ""], one
        # The score's own arithmetic opens beside it: 4×30 + 300 = 420.
        assert "4×30+300=420" in one[0]
        # Board 2: +600 against +600 and -110: beats one, ties one: 2 + 1 = 3, 75%.
        two = details(row(page, 2))[-1]
        assert "beats 1 (-110): 1 × 2 = 2\nties 1 (+600): 1 × 1 = 1\n" in two
        assert "in all 2 + 1 = 3 MP (top 4)\n3 ÷ 4 = 75.00%" in two
        # The session: 2 + 3 = 5 of 2 × 4 = 8, 62.50% (the docstring's).
        total = details(page.split("<table", 1)[0])
        assert total == ["2 boards: 2 + 3 = 5 MP\ntops: 2 × 4 = 8\n5 ÷ 8 = 62.50%\n"], total
        assert "How the total and the percentage are worked out" in page
        # Each board a block on a phone: its board, contract, score and figures first.
        assert 'data-label="MP" class="key num value"' in row(page, 1)
        assert 'class="key contract"' in row(page, 1) and 'data-label="Round"' in row(page, 1)

    def test_an_east_west_pair_counts_its_own_scores_in_chinese(self) -> None:
        page = self.as_(self.bob).get(self.url + "pairs/4/", headers=self.zh()).content.decode()
        # Board 1 (v pair 1): East-West -420 against -450 and +50: beats one, 2 of 4.
        assert details(row(page, 1))[-1] == (
            "东西 -420，与其他 2 个结果比较：\n胜 1 个（-450）：1 × 2 = 2\n负 1 个（+50）：0\n"
            "合计 2 比赛分（满分 4）\n2 ÷ 4 = 50.00%\n")
        # Board 2 (v pair 3): +110 against -600 twice: beats both, 4 of 4.
        assert details(row(page, 2))[-1] == (
            "东西 +110，与其他 2 个结果比较：\n胜 2 个（-600、-600）：2 × 2 = 4\n负 0 个\n"
            "合计 4 比赛分（满分 4）\n4 ÷ 4 = 100.00%\n")
        total = details(page.split("<table", 1)[0])
        assert total == ["2 副牌：2 + 4 = 6 比赛分\n满分：2 × 4 = 8\n6 ÷ 8 = 75.00%\n"], total
        assert "总分和得分率如何计算" in page and "比赛分和得分率" not in page

    def test_a_total_is_not_worked_out_while_one_of_its_boards_is_hidden(self) -> None:
        # Pair 3 played board 3, not yet shown to a member: its sum would tell that board.
        page = self.as_(self.bob).get(self.url + "pairs/3/").content.decode()
        assert "How the total" not in page and "tops:" not in page
        assert "4 ÷ 4 = 100.00%" in details(row(page, 1))[-1]  # board 1: +450 beats both

    def test_butler_against_the_datum_from_each_side(self) -> None:
        event = sc.make_event(self.north, self.alice, scoring="butler", travellers_live=True)
        sc.enter(event, self.alice, sc.BOARD1)
        url = f"/events/{event.pk}/"
        # Datum (420 + 450 − 50) / 3 = 273.3 → 270.  Pair 1: +420 − 270 = 150 → 4 IMPs.
        page = self.as_(self.bob).get(url + "pairs/1/").content.decode()
        assert details(row(page, 1))[-1] == "NS +420 − datum +270 = 150 → +4 IMPs\n"
        # Pair 6 (EW v pair 2, NS -50): +50 against the datum seen from East-West, -270.
        page = self.as_(self.bob).get(url + "pairs/6/", headers=self.zh()).content.decode()
        assert details(row(page, 1))[-1] == "东西 +50 − 基准分 -270 = 320 → +8 IMP\n"
        assert details(page.split("<table", 1)[0]) == ["1 副牌：8 IMP\n"]
        # The traveller: each table's IMPs, North-South's.
        board = self.as_(self.bob).get(url + "boards/1/").content.decode()
        assert "NS -50 − datum +270 = -320 → -8 IMPs" in "".join(details(board))


class TravellerArithmeticTest(ResultsTestCase):
    def test_each_tables_matchpoints_and_both_percentages(self) -> None:
        for headers, at_2 in (
                ({}, "NS -50 against 2 other results:\nloses to 2 (+450, +420): 0\n"
                     "in all 0 MP (top 4)\nEW: 4 − 0 = 4 MP\nNS: 0 ÷ 4 = 0.00%\n"
                     "EW: 4 ÷ 4 = 100.00%\n"),
                (self.zh(), "南北 -50，与其他 2 个结果比较：\n负 2 个（+450、+420）：0\n"
                            "合计 0 比赛分（满分 4）\n东西：4 − 0 = 4 比赛分\n南北：0 ÷ 4 = 0.00%\n"
                            "东西：4 ÷ 4 = 100.00%\n")):
            page = self.as_(self.bob).get(self.url + "boards/1/", headers=headers).content.decode()
            tables = re.findall(r'<li class="result" data-table="(\d)">(.*?)</li>', page, re.S)
            by_table = {t: details(body) for t, body in tables}
            assert by_table["2"][-1].endswith(at_2), by_table["2"]
            # Table 1: +420 beats -50 only: 2 of 4 each side.
            assert by_table["1"][-1].endswith("2 ÷ 4 = 50.00%\n"), by_table["1"]


class RankingArithmeticTest(ResultsTestCase):
    def pair_row(self, page: str, pair: str) -> str:
        found = re.search(rf'<tr data-pair="{pair}">(.*?)</tr>', page, re.S)
        assert found is not None, f"no ranking row for pair {pair}"
        return found.group(1)

    def test_each_total_opens_its_sum_unless_one_of_its_boards_is_hidden(self) -> None:
        page = self.as_(self.bob).get(self.url).content.decode()
        # The scorecards' sums (worked out above): pair 1 2 + 3 of 8, pair 4 2 + 4 of 8.
        assert details(self.pair_row(page, "1")) == [
            "2 boards: 2 + 3 = 5 MP\ntops: 2 × 4 = 8\n5 ÷ 8 = 62.50%\n"]
        assert details(self.pair_row(page, "4")) == [
            "2 boards: 2 + 4 = 6 MP\ntops: 2 × 4 = 8\n6 ÷ 8 = 75.00%\n"]
        # Pair 3 played board 3, hidden from a member for now: its total is shown, not summed.
        assert details(self.pair_row(page, "3")) == []
        zh = self.as_(self.bob).get(self.url, headers=self.zh()).content.decode()
        assert details(self.pair_row(zh, "4")) == [
            "2 副牌：2 + 4 = 6 比赛分\n满分：2 × 4 = 8\n6 ÷ 8 = 75.00%\n"]
