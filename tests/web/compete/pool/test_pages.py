"""Each pool page in both languages: what it shows, and a Chinese page with no English left
(people's names set in Chinese; contracts and seat letters are the game's notation)."""

from __future__ import annotations

import random

from django.test import TestCase, override_settings
from django.utils.html import escape

from bridgescore.web.accounts.models import User
from bridgescore.web.clubs.models import Club
from bridgescore.web.compete import clock
from bridgescore.web.compete.models import PoolWeek
from tests.solver import needs_endplay

from ...test_pages_chinese import english_words
from .helpers import club_with, play_out, seat_four, start

ZH = {"Accept-Language": "zh-CN,zh;q=0.9"}
EN = {"Accept-Language": "en"}
# Notation that stays as it is: seat letters, strains and doubles in a contract, the names
# of the test people's accounts (m1 …), the fake clock's time zone.
NOTATION = {"NT", "UTC", "td", "NS", "EW", "XX", "IMP"}


@override_settings(BRIDGESCORE_PLAY_NEXT_BOARD_SECONDS=0)
class PoolPagesTests(TestCase):
    club: Club
    td: User
    people: list[User]
    week: PoolWeek

    @classmethod
    def setUpTestData(cls) -> None:
        cls.club, cls.td, cls.people = club_with(24)
        cls.week = start(cls.club, cls.td, boards=10)
        rng = random.Random(5)
        tables = [seat_four(cls.club, cls.people[4 * i:4 * i + 4]) for i in range(6)]
        for t in tables:
            play_out(t, rng)  # board 1 at six tables: 24 players scored
        play_out(tables[0], rng)  # board 2: one provisional result
        clock.real()

    def setUp(self) -> None:
        self.client.force_login(self.people[0])

    def zh_clean(self, path: str, status: int = 200) -> str:
        r = self.client.get(path, headers=ZH)
        assert r.status_code == status, (path, r.status_code)
        html = r.content.decode()
        left = {w for w in english_words(html) if w not in NOTATION and not w.startswith("m")
                and not set(w) <= set("AKQJT")}  # card ranks in the hands
        assert left == set(), (path, left)
        return html

    def test_the_room(self) -> None:
        en = self.client.get("/pool/online/", headers=EN).content.decode()
        assert "Duplicate room" in en and "Your table: 1" in en and "Open a new table" in en
        zh = self.zh_clean("/pool/online/")
        assert "复式室" in zh and "您的牌桌：1" in zh
        assert self.client.get("/pool/", headers=EN).status_code == 200
        self.zh_clean("/pool/")

    def test_my_boards(self) -> None:
        en = self.client.get("/pool/online/boards/", headers=EN).content.decode()
        assert "This week's points" in en and "provisional (1 of 6 results)" in en
        assert 'data-board="1" class="final"' in en and 'data-board="2" class="provisional"' in en
        zh = self.zh_clean("/pool/online/boards/")
        assert "本周积分" in zh and "暂记" in zh
        live = self.client.get("/pool/online/boards/live?week=1", headers=EN)
        assert live.status_code == 200 and b"<html" not in live.content

    def test_the_leaderboard(self) -> None:
        en = self.client.get("/pool/online/weeks/1/", headers=EN).content.decode()
        assert "Week 1: leaderboard" in en and "Member 1" in en
        zh = self.zh_clean("/pool/online/weeks/1/")
        assert "排行榜" in zh and "会员1" in zh

    def test_a_board_s_results_with_the_arithmetic(self) -> None:
        en = self.client.get("/pool/online/weeks/1/boards/1/", headers=EN).content.decode()
        assert en.count('data-arrival="') == 6 and "dropped from each end" in en
        zh = self.zh_clean("/pool/online/weeks/1/boards/1/")
        assert "基准分" in zh
        # Board 3 is being played at table 1 (its third board): hidden, even from its
        # players until their result is in (the page shows the hands).
        r = self.client.get("/pool/online/weeks/1/boards/3/", headers=EN)
        assert r.status_code == 403 and b"once you have played it" in r.content
        self.zh_clean("/pool/online/weeks/1/boards/3/", status=403)

    @needs_endplay
    def test_a_board_s_results_show_each_table_s_play_against_double_dummy(self) -> None:
        from bridgescore.web.compete.models import PoolResult
        from bridgescore.web.play import analysis
        from bridgescore.web.play.models import PlayBoardAnalysis

        path = "/pool/online/weeks/1/boards/1/"
        assert 'class="dd-summary"' not in self.client.get(path, headers=EN).content.decode()
        analysis.analyse_due(100)
        results = list(PoolResult.objects.filter(board__number=1, board__week=self.week))
        stored = {r.play_board_id: PlayBoardAnalysis.objects.get(board_id=r.play_board_id)
                  for r in results}
        en = self.client.get(path, headers=EN).content.decode()
        zh = self.zh_clean(path)
        for board_id, row in stored.items():
            assert f'href="/play/boards/{board_id}/"' in en  # each table's game record
            if row.data is not None:  # the summary, in the reader's language
                assert escape(row.data["summary"]["en"]) in en
                assert escape(row.data["summary"]["zh"]) in zh
        assert en.count('class="dd-summary"') == sum(r.data is not None for r in stored.values())
        assert zh.count("双明手：") == en.count("Double dummy:")

    def test_non_members_are_refused(self) -> None:
        from ...base import make_user

        self.client.force_login(make_user("zz", "Zed", "陌生人"))
        for path in ("/pool/online/", "/pool/online/boards/", "/pool/online/weeks/1/",
                     "/pool/online/weeks/1/boards/1/"):
            assert self.client.get(path, headers=EN).status_code == 403, path
        assert self.client.post("/pool/online/tables/new", headers=EN).status_code == 403
