"""A live vugraph match's finished boards (issue 22: each board's analysis "for vugraph after
the board"): the match's ``boards/`` (JSON) lists each room's finished boards that the reader
may see, newest first, with the result, the double-dummy summary in the reader's language
once the background has analysed the board ("being analysed" until then) and the game
record's address; what the live page carries for its script; the JSON refusals.

Every expected summary is read from the stored analysis row, every expected result from
the stored board (``records.result_text`` of ``PlayBoard.result``), never from the view."""

from __future__ import annotations

import datetime
import random
from typing import Any

from bridgescore.core.i18n import Lang
from bridgescore.web.accounts.models import User
from bridgescore.web.play import analysis, records
from bridgescore.web.play.models import PlayBoard, PlayBoardAnalysis, PlayTable
from tests.solver import needs_endplay

from ...base import BaseTestCase
from .helpers import FAST, TeamMatchCase, play_board, script_json, team_match


class LiveBoardsTest(TeamMatchCase):

    def boards(self, user: User | None, headers: dict[str, str] | None = None,
               path: str | None = None) -> tuple[int, dict[str, Any]]:
        if user is None:
            self.client.logout()
        else:
            self.client.force_login(user)
        r = self.client.get(path or self.page() + "boards/", headers=headers or {})
        assert r["Content-Type"] == "application/json", r["Content-Type"]
        assert r["Cache-Control"] == "no-store"
        return r.status_code, r.json()

    def rooms(self, got: dict[str, Any]) -> dict[int, list[dict[str, Any]]]:
        return {r["table"]: r["boards"] for r in got["rooms"]}

    def play_both(self, seed: int) -> tuple[PlayBoard, PlayBoard]:
        return (play_board(self.open, self.people[0:4], random.Random(seed)),
                play_board(self.closed, self.people[4:8], random.Random(seed + 100)))

    def test_the_live_page_carries_what_its_script_needs(self) -> None:
        self.client.force_login(self.bob)
        for headers, heading, words_of in (
                ({}, "Finished boards", ("Being analysed…", "Double dummy: %(summary)s")),
                (self.zh(), "已打完的牌", ("分析中…", "双明手：%(summary)s"))):
            text = self.client.get(self.page(), headers=headers).content.decode()
            assert f'data-boards-url="{self.page()}boards/"' in text
            for t in (self.open, self.closed):
                assert f'data-table="{t.pk}"' in text
            assert text.count('class="vg-done-list"') == 2 and heading in text
            words = script_json(text, "vugraph-words")
            assert (words["analysing"], words["dd_line"]) == words_of
            for key in ("board", "result", "game_record", "done_none", "passed"):
                assert words[key], key
        # A finished match shows its rooms from the record: no list to fetch.
        PlayTable.objects.filter(pk__in=[self.open.pk, self.closed.pk]).update(
            status=PlayTable.Status.FINISHED)
        text = self.client.get(self.page()).content.decode()
        assert "data-boards-url" not in text and "vg-done-list" not in text
        assert text.count("data-record=") == 2

    @needs_endplay
    def test_finished_boards_newest_first_then_their_analysis_in_both_languages(self) -> None:
        o1, c1 = self.play_both(1)
        status, got = self.boards(self.bob)
        assert status == 200 and not got["finished"]
        assert [r["table"] for r in got["rooms"]] == [self.open.pk, self.closed.pk]
        for board, listed in ((o1, self.rooms(got)[self.open.pk]),
                              (c1, self.rooms(got)[self.closed.pk])):
            assert [b["number"] for b in listed] == [1]
            b = listed[0]
            # Not analysed yet: "being analysed" (the page's word for pending), no summary.
            assert b["pending"] and b["analysis"] == ""
            assert b["href"] == f"/play/boards/{board.pk}/"
            assert b["result"] == records.result_text(board.result, "en")
            assert b["score_ns"] == board.score_ns and b["passed"] == (board.result == "pass")
        o2, c2 = self.play_both(2)
        assert analysis.analyse_due(100) == 4
        langs: tuple[tuple[Lang, dict[str, str]], ...] = (("en", {}), ("zh", self.zh()))
        for lang, headers in langs:
            status, got = self.boards(self.bob, headers)
            assert status == 200
            for t, stored in ((self.open, (o2, o1)), (self.closed, (c2, c1))):
                listed = self.rooms(got)[t.pk]
                assert [b["number"] for b in listed] == [2, 1]  # newest first
                for b, board in zip(listed, stored, strict=True):
                    row = PlayBoardAnalysis.objects.get(board=board)
                    want = row.data["summary"][lang] if row.data is not None else ""
                    assert b["analysis"] == want and not b["pending"]
                    assert b["href"] == f"/play/boards/{board.pk}/"
                    assert b["result"] == records.result_text(board.result, lang)
        # The texts are the reader's: the Chinese summary is not the English one.
        analysed = [b for b in (o1, c1, o2, c2)
                    if PlayBoardAnalysis.objects.get(board=b).data is not None]
        assert analysed, "every board passed out"
        _, en = self.boards(self.bob)
        _, zh = self.boards(self.bob, self.zh())
        assert en != zh

    def test_a_board_before_the_analysis_then_with_its_reason(self) -> None:
        # Without the solver too: a row with a reason (a board passed out) is no longer
        # pending, and shows no summary.
        o1, _c1 = self.play_both(3)
        _, got = self.boards(self.bob)
        assert self.rooms(got)[self.open.pk][0]["pending"]
        PlayBoardAnalysis.objects.create(board=o1, data=None, note_en="passed out",
                                         note_zh="四家不叫")
        _, got = self.boards(self.bob)
        first = self.rooms(got)[self.open.pk][0]
        assert not first["pending"] and first["analysis"] == ""
        assert self.rooms(got)[self.closed.pk][0]["pending"]

    def test_only_the_boards_the_reader_may_see(self) -> None:
        o1 = play_board(self.open, self.people[0:4], random.Random(5))
        # Played in the open room only: a member watching learns nothing of it yet, nor
        # does a player of the closed room (still to play it); the open room's North has
        # played it; the director sees it at once.
        for user in (self.bob, self.people[4]):
            status, got = self.boards(user)
            assert status == 200 and all(not b for b in self.rooms(got).values()), user
        for user in (self.people[0], self.alice):
            _, got = self.boards(user)
            assert [b["href"] for b in self.rooms(got)[self.open.pk]] == [
                f"/play/boards/{o1.pk}/"], user
            assert self.rooms(got)[self.closed.pk] == []
        # Both rooms have played it: the member sees both.
        c1 = play_board(self.closed, self.people[4:8], random.Random(6))
        _, got = self.boards(self.bob)
        assert [b["href"] for b in self.rooms(got)[self.closed.pk]] == [f"/play/boards/{c1.pk}/"]
        assert len(self.rooms(got)[self.open.pk]) == 1

    def test_refusals_are_json_in_both_languages(self) -> None:
        pk = self.event.pk
        for path in (f"/vugraph/{pk + 1000}/1/1/boards/", f"/vugraph/{pk}/1/9/boards/",
                     f"/vugraph/{pk}/1/{2**40}/boards/", f"/vugraph/{2**70}/1/1/boards/",
                     "/vugraph/online/999999/boards/", f"/vugraph/online/{2**70}/boards/",
                     "/vugraph/nosuch/1/boards/"):
            status, got = self.boards(self.bob, path=path)
            assert status == 404 and got["code"] == "not_found", path
            assert got["en"] == got["message"] == "No such vugraph match." and got["zh"], path
        status, got = self.boards(self.bob, self.zh(), path=f"/vugraph/{pk + 1000}/1/1/boards/")
        assert status == 404 and got["message"] == "没有这场转播比赛。"
        # Not a member of the club: refused; not signed in (the event is not published):
        # asked to sign in.
        status, got = self.boards(self.charlie)
        assert status == 403 and got["code"] == "not_allowed" and got["en"] and got["zh"]
        status, got = self.boards(None, self.zh())
        assert status == 401 and got["code"] == "log_in" and got["message"] == got["zh"]
        # The page itself: a made-up number is a 404, not a server error.
        self.client.force_login(self.bob)
        assert self.client.get(f"/vugraph/{2**70}/1/1/").status_code == 404
        assert self.client.post(self.page() + "boards/").status_code == 405


@FAST
class DelayTest(BaseTestCase):
    """With a spectators' delay, the list tells a spectator of a board no sooner than the
    rooms show its end (as the comparison and the game record)."""

    def test_the_spectators_delay_holds_the_list_back(self) -> None:
        event, open_, closed, people = team_match(self.north, self.alice, delay=300)
        o1 = play_board(open_, people[0:4], random.Random(21))
        play_board(closed, people[4:8], random.Random(22))
        path = f"/vugraph/{event.pk}/1/1/boards/"
        self.client.force_login(self.bob)
        got = self.client.get(path).json()
        assert [r["boards"] for r in got["rooms"]] == [[], []]
        assert o1.finished is not None
        earlier = o1.finished - datetime.timedelta(seconds=301)
        PlayBoard.objects.filter(table__in=[open_, closed], number=1).update(finished=earlier)
        got = self.client.get(path).json()
        assert [len(r["boards"]) for r in got["rooms"]] == [1, 1]
