"""The vugraph pages: the list of team matches played online, a match's two rooms and the
comparison (the teams app's scorecard) filled as both rooms finish a board; who may follow;
and what the tables' sockets give a spectator (every hand) and a player of the other room
(nothing: refused)."""

from __future__ import annotations

import random

from asgiref.sync import async_to_sync
from django.test import TransactionTestCase

from bridgescore.scoring.imps import imps
from bridgescore.web.clubs.models import Club, Membership
from bridgescore.web.events import services as sv
from bridgescore.web.events.models import Event
from bridgescore.web.play import position
from bridgescore.web.play.consumers import CLOSE_NOT_ALLOWED
from bridgescore.web.play.models import PlayTable

from ...base import BaseTestCase, make_user
from ...play.helpers import Socket, cookie
from .helpers import FAST, TeamMatchCase, play_board, script_json, team_match


class VugraphPagesTest(TeamMatchCase):

    def test_the_list(self) -> None:
        self.client.force_login(self.bob)
        text = self.client.get("/vugraph/").content.decode()
        self.assertIn("Live matches", text)
        self.assertIn(self.page(), text)
        zh = self.client.get("/vugraph/", headers=self.zh()).content.decode()
        self.assertIn("正在进行的比赛", zh)
        self.assertIn("网上对抗赛", zh)
        # Not the club's: the event is not published, so it is not listed.
        self.client.force_login(self.charlie)
        self.assertNotIn(self.page(), self.client.get("/vugraph/").content.decode())

    def test_both_rooms_and_the_comparison_filling_in(self) -> None:
        self.client.force_login(self.bob)
        r = self.client.get(self.page())
        self.assertEqual(r.status_code, 200)
        text = r.content.decode()
        self.assertIn(f'data-table-socket="/ws/play/tables/{self.open.pk}"', text)
        self.assertIn(f'data-table-socket="/ws/play/tables/{self.closed.pk}"', text)
        self.assertIn("vugraph/vugraph.js", text)
        self.assertIn('id="vugraph-words"', text)
        self.assertIn(f'data-live-socket="/ws/events/{self.event.pk}/match"', text)
        self.assertIn("No board has been played in both rooms yet.", text)
        self.assertIn("Lions", text)
        # Board 1 in the open room only: still nothing to compare.
        o1 = play_board(self.open, self.people[0:4], random.Random(11))
        part = self.client.get(self.page() + "?part=live").content.decode()
        self.assertIn("No board has been played in both rooms yet.", part)
        c1 = play_board(self.closed, self.people[4:8], random.Random(12))
        part = self.client.get(self.page() + "?part=live").content.decode()
        self.assertNotIn("<html", part)
        self.assertIn("Board 1", part)
        # The IMPs of the difference of the two rooms' NS scores (WBF scale).
        assert o1.score_ns is not None and c1.score_ns is not None
        diff = o1.score_ns - c1.score_ns
        won = imps(abs(diff))
        self.assertIn(f"<strong>{won}</strong>" if won else "(0)", part)
        zh = self.client.get(self.page() + "?part=live", headers=self.zh()).content.decode()
        self.assertIn("第1副", zh)

    def test_one_state_on_every_page_once_every_board_is_played(self) -> None:
        # Issue 23, finding 2: the vugraph's header, its comparison and the match page say
        # the same of a match played out while the director has not closed the session.
        for rng in (1, 2):
            play_board(self.open, self.people[0:4], random.Random(30 + rng))
            play_board(self.closed, self.people[4:8], random.Random(40 + rng))
        self.client.force_login(self.bob)  # a member: not every board's rights a director has
        for headers, said in (({}, "All boards played: the director closes the session"),
                              (self.zh(), "所有牌已打完：由裁判结束比赛")):
            vugraph = self.client.get(self.page(), headers=headers).content.decode()
            match = self.client.get(f"/events/{self.event.pk}/match/",
                                    headers=headers).content.decode()
            for page in (vugraph, match):
                assert f'<span data-testid="phase">{said}</span>' in page, page
            assert ("Final result" in vugraph or "最终结果" in vugraph)
            assert "In play:" not in vugraph and "比赛进行中" not in vugraph
        sv.set_status(self.event, sv.Actor(self.alice), Event.Status.CLOSED)
        vugraph = self.client.get(self.page()).content.decode()
        assert '<span data-testid="phase">closed</span>' in vugraph, vugraph
        # Closed: the comparison says it is final, as the match page does, and never "Live".
        for headers, over, live in (({}, "The session is over: these are its final results.",
                                     "Live: updated as results are entered."),
                                    (self.zh(), "比赛已结束：以下为最终成绩。", "实时：")):
            for path in (self.page(), f"/events/{self.event.pk}/match/"):
                page = self.client.get(path, headers=headers).content.decode()
                assert over in page and live not in page, path

    def test_chinese_page(self) -> None:
        self.client.force_login(self.bob)
        zh = self.client.get(self.page(), headers=self.zh()).content.decode()
        self.assertIn("开室", zh)
        self.assertIn("闭室", zh)
        self.assertIn("比较", zh)
        words = script_json(zh, "vugraph-words")
        self.assertEqual((words["N"], words["pass"], words["lang"]), ("北", "不叫", "zh"))

    def test_who_may_follow(self) -> None:
        self.client.force_login(self.charlie)
        self.assertEqual(self.client.get(self.page()).status_code, 403)
        self.client.logout()
        r = self.client.get(self.page())
        self.assertEqual(r.status_code, 302)
        self.assertEqual(self.client.get(f"/vugraph/{self.event.pk}/1/9/").status_code, 404)
        # A player of the match is told the page shows a player's view.
        self.client.force_login(self.people[5])
        text = self.client.get(self.page()).content.decode()
        self.assertIn("You play in this match", text)


@FAST
class VugraphSocketsTest(TransactionTestCase):
    """What the vugraph's two sockets receive (the play consumer decides; the page asks no
    more than a spectator's connection)."""

    def test_spectator_sees_every_hand_the_other_rooms_player_nothing(self) -> None:
        club = Club.objects.create(slug="vg", name_en="VG", name_zh="转播")
        director = make_user("director", "Dir", "裁判")
        Membership.objects.create(club=club, player=director.player, role="director")
        fan = make_user("fan", "Fan", "球迷")
        Membership.objects.create(club=club, player=fan.player)
        _event, open_, closed, people = team_match(club, director, see_hands=True)
        play_board(open_, people[0:4], random.Random(5), stop_after=4)
        auth_fan, auth_other = cookie(fan), cookie(people[4])

        async def run() -> None:
            fan_socket = await Socket.open(open_.pk, auth_fan, "fan")
            other = await Socket.open(open_.pk, auth_other, "closed-room north")
            hello_fan = await fan_socket.next()
            refused = await other.next()
            assert hello_fan["type"] == "hello"
            assert sorted(hello_fan["view"]["hands"]) == ["E", "N", "S", "W"]
            # A player of the closed room may not watch the open room at all.
            assert refused["type"] == "error" and refused["code"] == "not_allowed", refused
            assert (await other.next()) == {"type": "closed", "code": CLOSE_NOT_ALLOWED}
            await fan_socket.close()

        async_to_sync(run)()
        board = position.current_board(closed)
        assert board is not None and board.index == 1


@FAST
class SpectatorDelayTest(BaseTestCase):
    """With a spectators' delay, neither the comparison nor a board's record tells a
    spectator a result before the delayed rooms show the board's end (a director sees it
    at once; the players have played it)."""

    def test_the_delay_holds_results_back(self) -> None:
        import datetime

        from bridgescore.web.play.models import PlayBoard

        event, open_, closed, people = team_match(self.north, self.alice, delay=300)
        o1 = play_board(open_, people[0:4], random.Random(21))
        play_board(closed, people[4:8], random.Random(22))
        page = f"/vugraph/{event.pk}/1/1/?part=live"
        self.client.force_login(self.bob)
        self.assertIn("No board has been played in both rooms yet.",
                      self.client.get(page).content.decode())
        r = self.client.get(f"/play/boards/{o1.pk}/")
        self.assertEqual(r.status_code, 403)
        self.assertIn("delay", r.content.decode())
        self.client.force_login(people[0])  # a player of the board: at once
        self.assertEqual(self.client.get(f"/play/boards/{o1.pk}/").status_code, 200)
        self.client.force_login(self.alice)  # the director: at once
        self.assertNotIn("No board has been played in both rooms yet.",
                         self.client.get(page).content.decode())
        # Five minutes later, for everyone.
        assert o1.finished is not None
        earlier = o1.finished - datetime.timedelta(seconds=301)
        PlayBoard.objects.filter(table__in=[open_, closed], number=1).update(finished=earlier)
        self.client.force_login(self.bob)
        part = self.client.get(page).content.decode()
        self.assertNotIn("No board has been played in both rooms yet.", part)
        self.assertIn("Board 1", part)
        self.assertEqual(self.client.get(f"/play/boards/{o1.pk}/").status_code, 200)


@FAST
class OwnTablesTest(BaseTestCase):
    def test_rooms_that_name_their_own_event_tables_pair_up(self) -> None:
        event, open_, closed, people = team_match(self.north, self.alice)
        PlayTable.objects.filter(pk=closed.pk).update(event_table=2)
        self.client.force_login(self.bob)
        text = self.client.get(f"/vugraph/{event.pk}/1/1/").content.decode()
        self.assertIn(f"/ws/play/tables/{closed.pk}", text)
        self.assertIn(f"/ws/play/tables/{open_.pk}", text)
        self.assertEqual(self.client.get(f"/vugraph/{event.pk}/1/2/").status_code, 404)
        listing = self.client.get("/vugraph/").content.decode()
        self.assertEqual(listing.count(f"/vugraph/{event.pk}/1/1/"), 1)
        # The records know the other room too: its players wait for board 1.
        b1 = play_board(open_, people[0:4], random.Random(31))
        self.client.force_login(people[4])
        r = self.client.get(f"/play/boards/{b1.pk}/")
        self.assertEqual(r.status_code, 403)
        self.assertIn("other room", r.content.decode())
