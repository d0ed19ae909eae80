"""A competition's board page shows the deal's double-dummy table and par as the background
stored them, and never waits for the solver (issue 22): from the analysis of a table that
played the board; before it, a note; for a deal no table analysed (the director entered the
results, or the only table passed it out) the page queues the deal, and the sweep solves it.

The Howell of ``pairs_played``: board 2 was passed out at its play table in round 3 (its
other results the director entered), board 4 never started at a table (its deal is the
competition's)."""

from __future__ import annotations

import html
import re
from typing import Any

from django.test import Client

from bridgescore.core.board import Board
from bridgescore.core.contract import Contract
from bridgescore.core.deal import Deal
from bridgescore.core.i18n import Lang
from bridgescore.core.play import Play
from bridgescore.core.seat import Seat
from bridgescore.deals.analysis import analyse
from bridgescore.deals.boardset import read_board_set
from bridgescore.deals.dd import DD_SEATS, DD_STRAINS, DDSolver, DDTable, par
from bridgescore.web.compete.models import Competition
from bridgescore.web.play import analysis
from bridgescore.web.play.models import DealDoubleDummy, PlayBoard, PlayBoardAnalysis
from tests.solver import needs_endplay

from ..base import PASSWORD
from .pairs_played import PlayedCase, play_howell

ZH: dict[str, Any] = {"HTTP_ACCEPT_LANGUAGE": "zh-CN,zh;q=0.9"}
EN: dict[str, Any] = {"HTTP_ACCEPT_LANGUAGE": "en"}
NOTE = {"en": "The double-dummy table and par appear here once the deal has been analysed",
        "zh": "双明手分析和标准分稍后显示"}
PAR = {"en": "Par: ", "zh": "标准分（par）: "}
LANGS: tuple[Lang, ...] = ("en", "zh")


def flat(table: DDTable) -> list[int]:
    """The table in the page's order: a row a strain (notrump first), North, South, East, West."""
    return [table[s, seat] for s in DD_STRAINS for seat in DD_SEATS]


class Shown:
    """What a board page shows of double dummy: the table's figures, par, the note."""

    def __init__(self, page: str) -> None:
        dd = re.search(r'<table class="list dd" id="dd">(.*?)</table>', page, re.S)
        self.tricks = ([int(n) for n in re.findall(r'<td class="num">(\d+)</td>', dd.group(1))]
                       if dd else None)
        p = re.search(r'<p id="par">(.*?)</p>', page, re.S)
        self.par = html.unescape(re.sub(r"<[^>]+>", "", p.group(1))) if p else None
        n = re.search(r'<p class="muted" id="dd-note">(.*?)</p>', page, re.S)
        self.note = html.unescape(n.group(1)) if n else None


@needs_endplay
class BoardDoubleDummyTests(PlayedCase):
    def setUp(self) -> None:
        super().setUp()
        self.c: Competition = play_howell(self.club, self.td, self.people, publish=True)
        self.member = Client()
        assert self.member.login(username=self.people[0].username, password=PASSWORD)

    def shown(self, number: int, lang: str) -> Shown:
        r = self.member.get(f"/compete/{self.c.pk}/boards/{number}/", **(ZH if lang == "zh" else EN))
        assert r.status_code == 200
        return Shown(r.content.decode())

    def deal_of(self, number: int) -> Deal:
        """The competition's deal of board ``number`` (the one its tables were given)."""
        assert self.c.board_set is not None
        return read_board_set(self.c.board_set.pbn).deals[number]

    def test_the_page_shows_the_stored_analysis_and_not_a_solved_one(self) -> None:
        passed = PlayBoard.objects.get(table__competition_table__competition=self.c, number=2,
                                       finished__isnull=False)
        deal = Deal.from_pbn(passed.deal)
        assert self.deal_of(2) == deal
        # A stored analysis of the deal whose table is not the deal's (every figure n made
        # 13 − n, and par worked out from that): what the page shows can only come from it.
        real = DDSolver().table(deal)
        fake = DDTable.from_dict({s: {seat: 13 - n for seat, n in row.items()}
                                  for s, row in real.to_dict().items()})
        assert all(a != b for a, b in zip(flat(fake), flat(real), strict=True))
        lead = Play(deal, Contract.parse("3NT"), Seat.SOUTH).legal_cards()[0]
        done = analyse(deal, "3NT", Seat.SOUTH, [lead], board=2, table=fake)
        assert done.par is not None
        PlayBoardAnalysis.objects.create(board=passed, data=done.to_dict())
        for lang in LANGS:
            shown = self.shown(2, lang)
            assert shown.tricks == flat(fake), lang
            assert shown.par == PAR[lang] + done.par.format(lang, symbols=True)
            assert shown.note is None
        assert not DealDoubleDummy.objects.exists()  # nothing queued: the table was there

    def test_before_the_analysis_a_note_and_the_sweep_fills_it(self) -> None:
        # Board 2: its one play table passed it out, and that board is still to be analysed:
        # the note, and nothing queued (the board's analysis may bring the table).
        for lang in LANGS:
            shown = self.shown(2, lang)
            assert shown.tricks is None and shown.par is None
            assert shown.note is not None and NOTE[lang] in shown.note, shown.note
        assert not DealDoubleDummy.objects.exists()
        # Board 4: no table played it; asking queues its deal, once.
        for lang in ("en", "zh", "en"):
            assert NOTE[lang] in (self.shown(4, lang).note or "")
        deal4 = self.deal_of(4)
        assert list(DealDoubleDummy.objects.values_list("deal", "data")) == [(deal4.pbn(), None)]
        # The server's sweep: its thread solves the asked deal and analyses the passed-out
        # board (which cannot be analysed: the deal of board 2 is then asked for too).
        assert analysis.sweep() == 1
        analysis._worker[0].join(120)
        assert PlayBoardAnalysis.objects.get(board__number=2,
                                             board__table__competition_table__competition=self.c
                                             ).data is None
        assert NOTE["en"] in (self.shown(2, "en").note or "")
        assert DealDoubleDummy.objects.filter(data__isnull=True).count() == 1
        assert analysis.sweep() == 1
        analysis._worker[0].join(120)
        assert analysis.sweep() == 0  # nothing left
        for number in (2, 4):
            deal = self.deal_of(number)
            table = DDSolver().table(deal)
            b = Board(number)
            want = par(table, b.vulnerability, b.dealer)
            for lang in LANGS:
                shown = self.shown(number, lang)
                assert shown.tricks == flat(table), (number, lang)
                assert shown.par == PAR[lang] + want.format(lang, symbols=True)
                assert shown.note is None
        # Every dealer and vulnerability's par is stored: any board number of the deal is read.
        row = DealDoubleDummy.objects.get(deal=deal4.pbn())
        assert row.data is not None and len(row.data["par"]) == 16 and row.made is not None
