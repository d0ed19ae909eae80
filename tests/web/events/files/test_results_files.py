"""Results files out of an event and into one: the library's writers and readers, every
imported result through the services (source import, audited), all or nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from bridgescore.sessions.files.any_format import read_results
from bridgescore.web.events import entries as ev_entries
from bridgescore.web.events import replay as ev_replay
from bridgescore.web.events import services as sv
from bridgescore.web.events.models import AuditRecord, Event, ResultEntry

from ...base import PASSWORD, BaseTestCase
from .helpers import make_event

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse

# Round 1 of a 3-table Mitchell: table 1 NS 1 v EW 4 boards 1-2, table 2 NS 2 v EW 5 boards
# 3-4, table 3 NS 3 v EW 6 boards 5-6.
ENTRIES = [
    (1, 1, {"board": 1, "contract": "4S", "declarer": "N", "result": "=", "lead": "HK"}),
    (1, 1, {"board": 2, "contract": "3NT", "declarer": "E", "tricks": 8, "lead": "S4"}),
    (1, 2, {"board": 3, "contract": "pass"}),
    (1, 2, {"board": 4, "contract": "2HX", "declarer": "S", "result": "-2"}),
]


def _results(event: Event) -> set[tuple[object, ...]]:
    """What the event's live state holds: one tuple per board result in force."""
    return {(r.board, r.table, r.round, r.ns_pair, r.ew_pair,
             None if r.result is None else str(r.result), r.lead, r.ns_award, r.ew_award)
            for r in ev_replay.state(event).in_force().values()}


class ResultsFilesTest(BaseTestCase):
    def setUp(self) -> None:
        self.event = make_event(self.north, self.alice)
        self.director = sv.Actor(self.alice)
        self.client = Client()
        assert self.client.login(username="alice", password=PASSWORD)

    def fill(self, event: Event) -> None:
        for rnd, table, fields in ENTRIES:
            ev_entries.enter(event, self.director, round=rnd, table=table, fields=fields)
        # Boards 5 and 6 at table 3: adjusted scores, average plus to NS and average minus to
        # EW; then 55% and 45%.
        ev_entries.adjust(event, self.director, round=1, table=3, board=5, ns_award="A+",
                          ew_award="A-", reason="slow play")
        ev_entries.adjust(event, self.director, round=1, table=3, board=6, ns_award="55%",
                          ew_award="45%", reason="a fouled board")

    def upload(self, event: Event, data: bytes, name: str, **headers: str) -> _MonkeyPatchedWSGIResponse:
        return self.client.post(f"/events/{event.pk}/director/import",
                                {"file": SimpleUploadedFile(name, data)}, headers=headers)

    def test_exports_are_the_library_files_as_attachments(self) -> None:
        self.fill(self.event)
        for fmt, ext, kind in (("csv", "csv", "text/csv"), ("usebio", "xml", "application/xml"),
                               ("pbn", "pbn", "text/plain")):
            r = self.client.get(f"/events/{self.event.pk}/export/{fmt}")
            assert r.status_code == 200 and r["Content-Type"].startswith(kind)
            assert r["Content-Disposition"] == (
                f'attachment; filename="north-2026-12-01-{self.event.pk}.{ext}"')
            back = read_results(r.content, name=f"x.{ext}")
            assert back.format == fmt and len(back.item.results) == 6
        assert self.client.get(f"/events/{self.event.pk}/export/lin").status_code == 404

    def test_export_then_import_gives_the_same_results(self) -> None:
        self.fill(self.event)
        want = _results(self.event)
        # Checked by hand against what was entered: 4S N = with ♥K led, …
        assert (1, 1, 1, "1", "4", "4S N =", "HK", None, None) in want
        assert (5, 3, 1, "3", "6", None, None, "A+", "A-") in want
        assert (6, 3, 1, "3", "6", None, None, 55.0, 45.0) in want
        for fmt in ("csv", "usebio", "pbn"):
            data = self.client.get(f"/events/{self.event.pk}/export/{fmt}").content
            other = make_event(self.north, self.alice, name=f"copy {fmt}")
            r = self.upload(other, data, f"results.{fmt}")
            assert r.status_code == 302, r.content.decode()[-3000:]
            assert _results(other) == want, fmt
            rows = ResultEntry.objects.filter(event=other)
            assert rows.count() == 6 and {row.source for row in rows} == {"import"}
            assert AuditRecord.objects.filter(event=other, action="result.enter").count() == 6

    def test_imports_in_chinese_encodings(self) -> None:
        text = ("board,table,round,ns,ew,contract,declarer,result,lead\n"
                "1,1,1,1,4,4S,北,正好,红心K\n2,1,1,1,4,3NT,东,宕1,黑桃4\n")
        for i, encoding in enumerate(("utf-8", "gb18030", "utf-16")):
            event = make_event(self.north, self.alice, name=f"enc {i}")
            r = self.upload(event, text.encode(encoding), "results.csv")
            assert r.status_code == 302, r.content.decode()[-2000:]
            assert _results(event) == {
                (1, 1, 1, "1", "4", "4S N =", "HK", None, None),
                (2, 1, 1, "1", "4", "3NT E -1", "S4", None, None)}, encoding

    def test_a_bad_line_stores_nothing_and_is_named_in_both_languages(self) -> None:
        # Line 4: board 2 at table 2 is not played there in round 1 (boards 3-4 are).
        text = ("board,table,round,ns,ew,contract,declarer,result\n"
                "1,1,1,1,4,4S,N,=\n2,1,1,1,4,3NT,E,-1\n2,2,1,2,5,3NT,E,-1\n")
        r = self.upload(self.event, text.encode(), "results.csv")
        assert r.status_code == 200
        en = r.content.decode()
        assert "results.csv:4: " in en
        r = self.upload(self.event, text.encode(), "results.csv", **self.zh())
        assert "results.csv:4：" in r.content.decode()
        assert not ResultEntry.objects.filter(event=self.event).exists()
        assert not AuditRecord.objects.filter(event=self.event, action__startswith="result").exists()
        # The live state forgot the rolled-back rows: the next entry is number 1.
        stored = ev_entries.enter(self.event, self.director, round=1, table=1,
                                  fields={"board": 1, "contract": "4S", "declarer": "N",
                                          "result": "="})
        assert stored.row.seq == 1 and len(ev_replay.state(self.event).in_force()) == 1

    def test_a_malformed_file_names_its_line(self) -> None:
        text = "board,table,round,ns,ew,contract,declarer,result\n1,1,1,1,4,4S,N,=\n1,1,1,1,4,9S,N,=\n"
        r = self.upload(self.event, text.encode(), "results.csv")
        assert r.status_code == 200 and "results.csv:3" in r.content.decode()
        r = self.upload(self.event, b"", "empty.csv", **self.zh())
        assert "结果文件是空的" in r.content.decode()
        assert not ResultEntry.objects.filter(event=self.event).exists()

    def test_an_import_meets_an_entered_result(self) -> None:
        ev_entries.enter(self.event, self.director, round=1, table=1,
                         fields={"board": 1, "contract": "3NT", "declarer": "S", "result": "+1"})
        text = "board,table,round,ns,ew,contract,declarer,result\n2,1,1,1,4,4S,N,=\n1,1,1,1,4,4S,N,=\n"
        r = self.upload(self.event, text.encode(), "results.csv")
        assert r.status_code == 200 and "results.csv:3" in r.content.decode()
        assert ResultEntry.objects.filter(event=self.event).count() == 1

    def test_a_closed_session_takes_no_import(self) -> None:
        sv.set_status(self.event, self.director, Event.Status.CLOSED)
        text = "board,table,round,ns,ew,contract,declarer,result\n1,1,1,1,4,4S,N,=\n"
        r = self.upload(self.event, text.encode(), "results.csv")
        assert r.status_code == 200 and "closed" in r.content.decode()
        assert not ResultEntry.objects.filter(event=self.event).exists()

    def test_only_directors_import(self) -> None:
        c = Client()
        assert c.login(username="bob", password=PASSWORD)
        text = b"board,table,round,ns,ew,contract,declarer,result\n1,1,1,1,4,4S,N,=\n"
        r = c.post(f"/events/{self.event.pk}/director/import",
                   {"file": SimpleUploadedFile("r.csv", text)})
        assert r.status_code == 403
        assert not ResultEntry.objects.filter(event=self.event).exists()




class EmptyAndTeamFilesTest(BaseTestCase):
    def setUp(self) -> None:
        self.event = make_event(self.north, self.alice)
        self.client = Client()
        assert self.client.login(username="alice", password=PASSWORD)

    def test_an_event_with_no_results_exports_an_empty_file(self) -> None:
        for fmt in ("csv", "usebio", "pbn"):
            r = self.client.get(f"/events/{self.event.pk}/export/{fmt}")
            assert r.status_code == 200 and r["Content-Disposition"].startswith("attachment")
            # Read back into a session, it is a form error, not a crash: there is nothing.
            back = self.client.post(f"/events/{self.event.pk}/director/import",
                                    {"file": SimpleUploadedFile(f"x.{fmt}", r.content)})
            assert back.status_code == 200 and 'class="errorlist"' in back.content.decode()

    def test_a_team_event_s_export_is_explained_not_a_server_error(self) -> None:
        # Its results are its match pages'; the export answered 500 (issue 23's crawl).
        import datetime

        from bridgescore.web.events.teams import services as teams

        event = teams.create_team_event(
            self.north, sv.Actor(self.alice), name_en="Match", name_zh="对抗赛",
            date=datetime.date(2026, 12, 1), movement=Event.Movement.MATCH, boards=2,
            teams=[teams.TeamSpec(en, zh, tuple(teams.Guest(f"{en} {i}", f"{zh}{i}")
                                                for i in range(1, 5)))
                   for en, zh in (("Lions", "狮队"), ("Tigers", "虎队"))])
        for fmt in ("usebio", "pbn", "csv"):
            r = self.client.get(f"/events/{event.pk}/export/{fmt}", follow=True)
            assert r.status_code == 200 and "a team event has no pairs ranking" in r.content.decode()
        r = self.client.get(f"/events/{event.pk}/export/usebio", follow=True,
                            headers={"Accept-Language": "zh-CN"})
        assert "队式赛没有双人赛排名" in r.content.decode()

    def test_a_team_match_file_is_refused_in_a_pairs_session(self) -> None:
        text = ("# home: H, Home\n# away: A, Away\nboard,room,contract,declarer,result\n"
                "1,open,4S,N,=\n1,closed,4S,N,-1\n")
        r = self.client.post(f"/events/{self.event.pk}/director/import",
                             {"file": SimpleUploadedFile("match.csv", text.encode())},
                             headers=self.zh())
        assert r.status_code == 200 and "队式赛" in r.content.decode()
        assert not ResultEntry.objects.filter(event=self.event).exists()
