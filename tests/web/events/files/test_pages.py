"""The director's paper and files: rights, table cards and their QR codes, the movement,
the board set and hand records, lead checking, export and import.

Expected values are written by hand: the 3-table Mitchell's lines from the movement's
definition (EW pairs move up a table, boards down), scores from Law 77."""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING

import pytest
from django.test import Client

from bridgescore.web.events import entries as ev_entries
from bridgescore.web.events import services as sv
from bridgescore.web.events import tables
from bridgescore.web.events.models import AuditRecord, BoardSet, ResultEntry

from ...base import PASSWORD, BaseTestCase
from .helpers import PBN, decode_qr, make_event

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse


class FilesPagesTest(BaseTestCase):
    def setUp(self) -> None:
        self.event = make_event(self.north, self.alice)
        self.director = sv.Actor(self.alice)

    def login(self, user: object) -> Client:
        c = Client()
        assert c.login(username=user.get_username(), password=PASSWORD)  # type: ignore[attr-defined]
        return c

    def urls(self) -> list[str]:
        e = self.event.pk
        return [f"/events/{e}/print/tables", f"/events/{e}/print/movement",
                f"/events/{e}/director/boards", f"/events/{e}/director/import",
                f"/events/{e}/export/csv", f"/events/{e}/export/usebio",
                f"/events/{e}/export/pbn", f"/events/{e}/print/hands"]

    def load_board_set(self, client: Client, data: bytes, name: str = "set.pbn",
                       **headers: str) -> _MonkeyPatchedWSGIResponse:
        from django.core.files.uploadedfile import SimpleUploadedFile

        return client.post(f"/events/{self.event.pk}/director/boards",
                           {"file": SimpleUploadedFile(name, data)}, headers=headers)

    # ------------------------------------------------------------------ rights

    def test_only_the_clubs_directors(self) -> None:
        anonymous = Client()
        for url in self.urls():
            r = anonymous.get(url)
            assert r.status_code == 302 and "/account/login" in r["Location"], url
        for user in (self.bob, self.charlie, self.dave):
            c = self.login(user)
            for url in self.urls():
                assert c.get(url).status_code == 403, (user, url)
            assert c.post(f"/events/{self.event.pk}/print/tables/1/renew").status_code == 403
        alice, root = self.login(self.alice), self.login(self.root)
        for url in self.urls():
            # Hand records need a board set first: the page sends the director to load one.
            want = 302 if url.endswith("hands") else 200
            assert alice.get(url).status_code == want, url
            assert root.get(url).status_code == want, url
        assert alice.get("/events/999999/print/tables").status_code == 404

    # ------------------------------------------------------------------ table cards

    def test_table_cards_show_each_tables_rounds_and_code(self) -> None:
        r = self.login(self.alice).get(f"/events/{self.event.pk}/print/tables")
        html = r.content.decode()
        cards = html.split('<section class="card table-card"')[1:]
        assert len(cards) == 3
        # Table 1 of a 3-table Mitchell: NS 1 stays; EW 4, then 6, then 5; boards 1-2, 3-4, 5-6.
        rows = re.findall(r'<tr><th scope="row">(\d)</th><td>(\d)</td><td>(\d)</td>'
                          r"<td>([\d-]+)</td></tr>", cards[0])
        assert rows == [("1", "1", "4", "1-2"), ("2", "1", "6", "3-4"), ("3", "1", "5", "5-6")]
        for number, card in enumerate(cards, 1):
            table = self.event.table_set.get(number=number)
            url = f"http://testserver/t/{tables.secret(table)}/"
            assert f">{url}</a>" in card
            svg = re.search(r"<svg.*?</svg>", card, re.DOTALL)
            assert svg is not None
            # A real decoder reads the drawn code back as the printed address.
            assert decode_qr(svg.group()) == url
        assert "Content-Security-Policy" in r.headers and "style=" not in html

    def test_table_cards_in_chinese(self) -> None:
        html = self.login(self.alice).get(f"/events/{self.event.pk}/print/tables",
                                          headers=self.zh()).content.decode()
        assert "第1桌" in html and "南北" in html and "周二双人赛" in html
        assert "Table 1" not in html

    def test_renewing_a_secret(self) -> None:
        table = self.event.table_set.get(number=2)
        old = tables.secret(table)
        c = self.login(self.alice)
        assert c.get(f"/events/{self.event.pk}/print/tables/2/renew").status_code == 405
        r = c.post(f"/events/{self.event.pk}/print/tables/2/renew")
        assert r.status_code == 302
        table.refresh_from_db()
        new = tables.secret(table)
        assert new != old and tables.table_for_token(old) is None
        assert tables.table_for_token(new) == table
        record = AuditRecord.objects.get(event=self.event, action="table.renew")
        assert record.by_user == self.alice and record.subject == "table 2"
        assert old not in str(record.after) and new not in str(record.after)
        # The other tables keep theirs; the card shows the new address.
        html = c.get(f"/events/{self.event.pk}/print/tables").content.decode()
        assert f"/t/{new}/" in html and f"/t/{old}/" not in html
        assert c.post(f"/events/{self.event.pk}/print/tables/9/renew").status_code == 404

    # ------------------------------------------------------------------ movement

    def test_movement_and_pair_cards_in_both_languages(self) -> None:
        c = self.login(self.alice)
        en = c.get(f"/events/{self.event.pk}/print/movement").content.decode()
        assert en.count('class="card pair-card"') == 6
        assert "Mitchell" in en and "Pair 6" in en and "Boards next" in en
        # Pair 4 (EW) starts at table 1, then moves up to table 2, then table 3.
        card4 = en.split('id="pair-4"')[1].split("</section>")[0]
        assert re.findall(r'<tr><th scope="row">(\d)</th><td>(\d)</td>', card4) == [
            ("1", "1"), ("2", "2"), ("3", "3")]
        zh = c.get(f"/events/{self.event.pk}/print/movement",
                   headers=self.zh()).content.decode()
        assert "米切尔" in zh and "第6对" in zh and "牌去向" in zh

    # ------------------------------------------------------------------ board set

    def test_board_set_uploads_in_each_encoding(self) -> None:
        c = self.login(self.alice)
        for encoding in ("utf-8", "gb18030", "utf-16"):
            r = self.load_board_set(c, PBN.encode(encoding), f"set-{encoding}.pbn")
            assert r.status_code == 302, r.content.decode()[:2000]
            self.event.refresh_from_db()
            assert self.event.board_set is not None
            assert self.event.board_set.boards == 2 and "周二双人赛" in self.event.board_set.pbn
        assert BoardSet.objects.filter(club=self.north).count() == 3
        assert AuditRecord.objects.filter(event=self.event, action="event.board_set").count() == 3
        html = c.get(f"/events/{self.event.pk}/director/boards").content.decode()
        # Boards 3-6 of the session are not in a 2-board set.
        assert "3-6" in html

    def test_a_malformed_board_set_is_a_form_error_with_its_line(self) -> None:
        bad = PBN.replace(".432 T98", ".432 T9Z", 1).encode()
        c = self.login(self.alice)
        r = self.load_board_set(c, bad, "bad.pbn")
        assert r.status_code == 200
        assert "bad.pbn:5: " in r.content.decode()
        r = self.load_board_set(c, bad, "bad.pbn", **self.zh())
        text = r.content.decode()
        assert "bad.pbn:5：" in text and "无效" in text
        self.event.refresh_from_db()
        assert self.event.board_set is None and not BoardSet.objects.exists()

    def test_hand_records(self) -> None:
        c = self.login(self.alice)
        self.load_board_set(c, PBN.encode())  # starts the double-dummy solver
        url = f"/events/{self.event.pk}/print/hands"
        deadline = time.monotonic() + 60
        while True:
            r = c.get(url)
            html = r.content.decode()
            if "Double-dummy tricks" in html or time.monotonic() > deadline:
                break
            assert "being worked out" in html
            time.sleep(0.2)
        assert r.status_code == 200 and "Board 1" in html and "Board 2" in html
        assert "size: A4" in html and "Double-dummy tricks" in html
        # The library's page keeps its own style sheet, allowed by its hash alone.
        assert "'sha256-" in r["Content-Security-Policy"]
        assert "unsafe-inline" not in r["Content-Security-Policy"]
        # (The solver's figures are the library's, tested in tests/deals/test_dd.py.)
        zh = c.get(url, headers=self.zh()).content.decode()
        assert "第1副" in zh and "发牌：北" in zh and "双明手墩数" in zh

    def test_hand_records_without_the_solver_say_so(self) -> None:
        import sys

        c = self.login(self.alice)
        saved = sys.modules.get("endplay")
        # As where endplay is not installed: importlib finds no module.
        sys.modules["endplay"] = None  # type: ignore[assignment]
        try:
            # Deals no other test solves (so no solver thread of theirs fills the cache).
            self.load_board_set(c, PBN.replace('"N:', '"S:').encode())
            r = c.get(f"/events/{self.event.pk}/print/hands")
            zh = c.get(f"/events/{self.event.pk}/print/hands", headers=self.zh())
        finally:
            if saved is None:
                sys.modules.pop("endplay", None)
            else:
                sys.modules["endplay"] = saved
        assert r.status_code == 200 and "solver (endplay) is not installed" in r.content.decode()
        assert "Double-dummy tricks" not in r.content.decode()
        assert "没有安装求解器" in zh.content.decode()

    # ------------------------------------------------------------------ lead checking

    def test_leads_checked_only_when_the_director_says_so(self) -> None:
        c = self.login(self.alice)
        self.load_board_set(c, PBN.encode())
        self.event.refresh_from_db()
        phone = sv.Actor(table=self.event.table_set.get(number=1))
        # N declares, E leads; N holds the spade ace.
        fields = {"board": 1, "contract": "3NT", "declarer": "N", "tricks": 9, "lead": "SA"}
        assert ev_entries.preview(self.event, 1, 1, fields).ok  # off by default
        r = c.post(f"/events/{self.event.pk}/director/boards", {"check_leads": "on"})
        assert r.status_code == 302
        self.event.refresh_from_db()
        assert self.event.check_leads
        p = ev_entries.preview(self.event, 1, 1, fields)
        assert [e.code for e in p.errors] == ["lead.not_held"]
        with pytest.raises(ev_entries.EntryRefused) as refused:
            ev_entries.enter(self.event, phone, round=1, table=1, fields=fields)
        for text in (refused.value.message("en"), refused.value.message("zh")):
            for word in ("North", "East", "South", "West", "北", "东", "南", "西", "SA", "♠"):
                assert word not in text
        assert not ResultEntry.objects.filter(event=self.event).exists()
        # A card East holds is taken (♣A), and a board the set lacks is not checked.
        assert ev_entries.enter(self.event, phone, round=1, table=1,
                                fields={**fields, "lead": "CA"}).created
        # Board 3 (round 2 at table 1... no: board 3 is table 2's in round 1).
        t2 = sv.Actor(table=self.event.table_set.get(number=2))
        assert ev_entries.enter(self.event, t2, round=1, table=2,
                                fields={**fields, "board": 3}).created
        c.post(f"/events/{self.event.pk}/director/boards", {"check_leads": "off"})
        self.event.refresh_from_db()
        assert not self.event.check_leads and ev_entries.preview(self.event, 1, 1, fields).ok
        assert AuditRecord.objects.filter(event=self.event, action="event.settings").count() == 2
