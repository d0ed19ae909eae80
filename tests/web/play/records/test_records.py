"""Game records of boards played online: the record page in both languages, the PBN and LIN
downloads read back by the library's readers, the replay and the session pages, and who may
see a board (never in progress; the other room of a match only once it has played the board
too; the event's readers on the event's rules; nobody else)."""

from __future__ import annotations

import random
import re
from typing import ClassVar

from django.test import override_settings

from bridgescore.core.deal import Deal
from bridgescore.core.seat import Seat
from bridgescore.formats import lin
from bridgescore.formats.pbn_records import loads_records
from bridgescore.web.accounts.models import User
from bridgescore.web.events import services as sv
from bridgescore.web.events.models import Event
from bridgescore.web.play import position, services
from bridgescore.web.play import tables as play_tables
from bridgescore.web.play.models import PlayBoard, PlayTable, Room

from ...base import BaseTestCase
from .helpers import play_board, script_json, team_match

FAST = override_settings(BRIDGESCORE_PLAY_ROBOT_SECONDS=0, BRIDGESCORE_PLAY_NEXT_BOARD_SECONDS=0)


@FAST
class RecordsTest(BaseTestCase):
    event: ClassVar[Event]
    open: ClassVar[PlayTable]
    closed: ClassVar[PlayTable]
    people: ClassVar[list[User]]
    open_1: ClassVar[PlayBoard]

    @classmethod
    def setUpTestData(cls) -> None:
        super().setUpTestData()
        with FAST:
            cls.event, cls.open, cls.closed, cls.people = team_match(cls.north, cls.alice)
            cls.open_1 = play_board(cls.open, cls.people[0:4], random.Random(1))

    def url(self, board: PlayBoard, tail: str = "/") -> str:
        return f"/play/boards/{board.pk}{tail}"

    def as_user(self, user: User | None) -> None:
        self.client.logout()
        if user is not None:
            self.client.force_login(user)

    # -- the page -------------------------------------------------------------------------

    def test_record_page_in_both_languages(self) -> None:
        b = self.open_1
        state = position.state_of(b)
        self.as_user(self.people[0])
        r = self.client.get(self.url(b))
        self.assertEqual(r.status_code, 200)
        text = r.content.decode()
        self.assertIn("<h1>Board 1</h1>", text)
        self.assertIn("Auction", text)
        self.assertIn("Player 1", text)  # North, as the board started
        if state.contract is not None and not state.contract.is_passed_out:
            self.assertIn("Play", text)
            self.assertIn("Won by", text)
            assert state.play is not None
            self.assertEqual(text.count('<td class="won">'), len(state.play.tricks))
        self.assertIn(f"<strong>{state.score_ns:+d}</strong>" if state.score_ns else "0", text)
        zh = self.client.get(self.url(b), headers=self.zh()).content.decode()
        self.assertIn("<h1>第1副</h1>", zh)
        self.assertIn("叫牌", zh)
        self.assertIn("牌手1", zh)
        self.assertNotIn("Auction", zh)

    def test_every_hand_is_on_the_page(self) -> None:
        b = self.open_1
        self.as_user(self.people[0])
        text = self.client.get(self.url(b)).content.decode()
        deal = Deal.from_pbn(b.deal)
        for seat in Seat:
            spades = " ".join(c.rank.display for c in sorted(
                (c for c in deal[seat] if c.suit.letter == "S"),
                key=lambda c: -c.rank.value)) or "—"
            self.assertIn(f"♠</span> {spades}</li>", text)

    def test_score_arithmetic(self) -> None:
        # A board of our own, whose score is known: 3NT by North making 10 tricks
        # not vulnerable is 40+2×30 = 100, +30 overtrick, +300 game = 430 (the seeds write
        # the arithmetic so).
        from bridgescore.core.auction import Call
        from bridgescore.table.actions import MakeCall, PlayCard
        from bridgescore.table.state import BoardDeal, TableState, apply

        room = Room.objects.create(club=self.north, name_en="Casual", name_zh="休闲")
        t = play_tables.create_table(room, self.alice, boards=1)
        deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.T98 T987.JT9.JT9.AKQ 6543.876.876.J76 2.5432.5432.5432")
        s = TableState.start(BoardDeal.numbered(1, deal))
        for text in ["3NT", "Pass", "Pass", "Pass"]:
            seat = s.auction.next_seat
            assert seat is not None
            s, _ = apply(s, MakeCall(seat, Call.parse(text)))
        board = PlayBoard.objects.create(table=t, index=1, number=1, deal=deal.pbn(), players={})
        from bridgescore.web.play.models import Move

        seq = 0
        for call in s.calls:
            seq += 1
            Move.objects.create(board=board, seq=seq, seat=(seq - 1) % 4,
                                data={"type": "call", "call": str(call)})
        # East cashes three clubs, then North wins the other ten tricks.
        while s.phase.value == "play":
            hand = s.to_act[0] if s.next_seat is not s.dummy else s.dummy
            assert hand is not None
            legal = s.legal_cards()
            card = max(legal, key=lambda c: (c.suit.letter == "C" and hand is Seat.EAST,
                                             c.rank.value))
            seq += 1
            Move.objects.create(board=board, seq=seq, seat=s.to_act[0].value,
                                data={"type": "card", "card": str(card)})
            s, _ = apply(s, PlayCard(s.to_act[0], card))
        self.assertEqual(str(s.result), "3NT N +1")
        PlayBoard.objects.filter(pk=board.pk).update(finished=board.started, result="3NT N +1",
                                                     score_ns=430)
        self.as_user(self.alice)
        text = self.client.get(self.url(board)).content.decode()
        self.assertIn("<strong>+430</strong>", text)
        # The arithmetic wraps between its terms on a phone (the arith filter's markup).
        self.assertIn("40+2×30+30+300=430", re.sub(r"<[^>]+>", "", text))
        self.assertIn('<span class="nb">300</span>', text)
        self.assertIn("game bonus", text)
        self.assertIn("3NT by North", text)
        zh = self.client.get(self.url(board), headers=self.zh()).content.decode()
        self.assertIn("北打3NT", zh)  # the library writes a contract so in Chinese
        self.assertIn("超1", zh)

    # -- downloads ------------------------------------------------------------------------

    def test_downloads_read_back(self) -> None:
        b = self.open_1
        state = position.state_of(b)
        self.as_user(self.people[1])
        r = self.client.get(self.url(b, ".pbn"))
        self.assertEqual(r.status_code, 200)
        self.assertTrue(r["Content-Disposition"].startswith("attachment;"))
        self.assertIn(".pbn", r["Content-Disposition"])
        records, errors = loads_records(r.content.decode())
        self.assertEqual(errors, [])
        (rec,) = records
        self.assertEqual(rec.deal, Deal.from_pbn(b.deal))
        self.assertEqual(list(rec.auction.calls if rec.auction else []), list(state.calls))
        self.assertEqual([c for c in rec.play if c is not None], list(state.cards))
        self.assertEqual(rec.score(), b.score_ns)
        self.assertEqual(rec.players[Seat.NORTH], "Player 1")
        # The alerts (the helper alerts one call in five as "natural"): notes in PBN, "an" in LIN.
        alerted = sum(1 for a in state.alerts if a)
        self.assertGreater(alerted, 0)
        self.assertEqual(r.content.decode().count('[Note "'), alerted)
        r = self.client.get(self.url(b, ".lin"))
        self.assertEqual(r.status_code, 200)
        self.assertIn(".lin", r["Content-Disposition"])
        self.assertEqual(r.content.decode().count("|an|natural|"), alerted)
        (back,) = lin.loads(r.content.decode(), strict=True)
        self.assertEqual(back.deal, Deal.from_pbn(b.deal))
        self.assertEqual(list(back.auction.calls if back.auction else []), list(state.calls))
        self.assertEqual(list(back.play), list(state.cards))
        self.assertEqual(back.score(), b.score_ns)

    # -- rights ---------------------------------------------------------------------------

    def test_a_board_in_progress_is_never_shown(self) -> None:
        board2 = position.current_board(self.open)
        assert board2 is not None and board2.index == 2 and board2.finished is None
        play_board(self.open, self.people[0:4], random.Random(2), stop_after=6)
        for user in (self.people[0], self.alice, self.root):
            self.as_user(user)
            for tail in ("/", ".pbn", ".lin", "/replay"):
                r = self.client.get(self.url(board2, tail))
                self.assertEqual(r.status_code, 403, (user, tail))
            self.assertIn("still being played", self.client.get(self.url(board2)).content.decode())
        self.as_user(self.people[0])
        zh = self.client.get(self.url(board2), headers=self.zh()).content.decode()
        self.assertIn("这副牌还在进行中", zh)
        # The table's replay leaves it out.
        r = self.client.get(f"/play/tables/{self.open.pk}/replay")
        data = script_json(r.content.decode(), "replay-data")
        self.assertEqual([d["index"] for d in data], [1])

    def test_the_other_room_waits_until_it_has_played_the_board(self) -> None:
        b = self.open_1
        closed_north = self.people[4]
        self.as_user(closed_north)
        r = self.client.get(self.url(b))
        self.assertEqual(r.status_code, 403)
        self.assertIn("other room", r.content.decode())
        self.assertEqual(self.client.get(self.url(b, ".pbn")).status_code, 403)
        self.as_user(self.bob)  # a member: the board is not played everywhere yet
        self.assertEqual(self.client.get(self.url(b)).status_code, 403)
        play_board(self.closed, self.people[4:8], random.Random(3))
        self.as_user(closed_north)
        self.assertEqual(self.client.get(self.url(b)).status_code, 200)
        self.as_user(self.bob)
        self.assertEqual(self.client.get(self.url(b)).status_code, 200)

    def test_strangers_and_anonymous(self) -> None:
        play_board(self.closed, self.people[4:8], random.Random(4))
        b = self.open_1
        self.as_user(self.charlie)  # in no club
        self.assertEqual(self.client.get(self.url(b)).status_code, 403)
        self.assertEqual(self.client.get(self.url(b, ".lin")).status_code, 403)
        self.as_user(None)
        r = self.client.get(self.url(b))
        self.assertEqual(r.status_code, 302)
        self.assertIn("/account/login/", r["Location"])
        self.assertEqual(self.client.get(f"/play/tables/{self.open.pk}/session").status_code, 302)
        # Once the results are published, anyone may read the record.
        sv.publish(self.event, sv.Actor(self.alice))
        self.assertEqual(self.client.get(self.url(b)).status_code, 200)
        self.as_user(self.charlie)
        self.assertEqual(self.client.get(self.url(b, ".pbn")).status_code, 200)

    def test_a_director_sees_a_finished_board(self) -> None:
        self.as_user(self.alice)
        self.assertEqual(self.client.get(self.url(self.open_1)).status_code, 200)
        self.as_user(self.dave)  # another club's director
        self.assertEqual(self.client.get(self.url(self.open_1)).status_code, 403)

    def test_the_table_page_s_link_leads_to_the_record_for_whoever_may_see_it(self) -> None:
        # The table page links a finished board by the table and its index (issue 23, 15).
        link = f"/play/tables/{self.open.pk}/boards/1/"
        self.as_user(self.people[0])
        r = self.client.get(link)
        self.assertEqual((r.status_code, r["Location"]), (302, self.url(self.open_1)))
        board2 = position.current_board(self.open)
        assert board2 is not None and board2.finished is None
        self.assertEqual(self.client.get(f"/play/tables/{self.open.pk}/boards/2/").status_code,
                         403)  # still in play: refused, as on the record's page
        self.assertEqual(self.client.get(f"/play/tables/{self.open.pk}/boards/9/").status_code,
                         404)
        self.as_user(self.charlie)  # in no club: refused, in play or not
        self.assertEqual(self.client.get(link).status_code, 403)
        self.assertEqual(self.client.get(f"/play/tables/{self.open.pk}/boards/2/").status_code,
                         403)

    def test_missing_board(self) -> None:
        self.as_user(self.alice)
        self.assertEqual(self.client.get("/play/boards/999999/").status_code, 404)
        self.assertEqual(self.client.get("/play/tables/999999/session").status_code, 404)

    # -- replay and session -----------------------------------------------------------------

    def test_replay_has_every_call_and_card(self) -> None:
        b = self.open_1
        state = position.state_of(b)
        self.as_user(self.people[2])
        for lang in ({}, self.zh()):
            r = self.client.get(self.url(b, "/replay"), headers=lang)
            self.assertEqual(r.status_code, 200)
            text = r.content.decode()
            data = script_json(text, "replay-data")
            (d,) = data
            self.assertEqual([c["code"] for c in d["calls"]], [str(c) for c in state.calls])
            self.assertEqual([c["code"] for c in d["cards"]], [str(c) for c in state.cards])
            self.assertEqual(sum(len(h) for h in d["hands"].values()), 52)
            self.assertIn("play/replay.js", text)
        self.assertIn("步", text)  # the Chinese page's words

    def test_session_page(self) -> None:
        self.as_user(self.people[0])
        r = self.client.get(f"/play/tables/{self.open.pk}/session")
        self.assertEqual(r.status_code, 200)
        text = r.content.decode()
        self.assertIn(self.url(self.open_1), text)
        self.assertIn("being played", text)  # board 2
        zh = self.client.get(f"/play/tables/{self.open.pk}/session", headers=self.zh())
        self.assertIn("牌局记录", zh.content.decode())
        # The other room's player sees the open room's session, without board 1's result.
        self.as_user(self.people[4])
        text = self.client.get(f"/play/tables/{self.open.pk}/session").content.decode()
        self.assertNotIn(self.url(self.open_1), text)
        self.assertIn("not shown yet", text)


@FAST
class CasualTableTest(BaseTestCase):
    """A table outside any event: a passed-out board and a claimed one, and who sees them
    (its players; the room's club members, the table taking spectators)."""

    def test_passed_out_and_claimed(self) -> None:
        from bridgescore.web.clubs.models import Membership

        from ...base import make_user

        people = [make_user(f"c{i}", f"Casual {i}", f"休闲{i}") for i in range(4)]
        for p in people:
            Membership.objects.create(club=self.north, player=p.player)
        room = Room.objects.create(club=self.north, name_en="Casual", name_zh="休闲")
        t = play_tables.create_table(room, people[0], boards=2)
        for user, seat in zip(people, Seat, strict=True):
            services.sit(t, user, seat)
        board1 = position.current_board(t)
        assert board1 is not None
        for _ in range(4):
            state = position.state_of(board1)
            services.act(t, people[state.to_act[0].value], {"type": "call", "call": "Pass"})
        board1.refresh_from_db()
        self.assertEqual(board1.result, "pass")
        # Board 2 (East deals): 1NT by East, the lead, then East claims 7 of the 13 tricks.
        board2 = position.current_board(t)
        assert board2 is not None and board2.index == 2
        for call in ["1NT", "Pass", "Pass", "Pass"]:
            state = position.state_of(board2)
            services.act(t, people[state.to_act[0].value], {"type": "call", "call": call})
        state = position.state_of(board2)
        leader = state.to_act[0]
        services.act(t, people[leader.value],
                     {"type": "card", "card": str(state.legal_cards()[0])})
        services.act(t, people[Seat.EAST.value],
                     {"type": "claim", "tricks": 7, "statement": "cash the top cards"})
        for seat in position.state_of(board2).to_act:
            services.act(t, people[seat.value], {"type": "claim_answer", "accept": True})
        board2.refresh_from_db()
        self.assertEqual(board2.result, "1NT E =")

        self.client.force_login(people[1])
        text = self.client.get(f"/play/boards/{board1.pk}/").content.decode()
        self.assertIn("Passed out", text)
        self.assertIn("Passed out: no score.", text)
        zh = self.client.get(f"/play/boards/{board1.pk}/", headers=self.zh()).content.decode()
        self.assertIn("四家不叫", zh)
        text = self.client.get(f"/play/boards/{board2.pk}/").content.decode()
        self.assertIn("Claim: declarer's side takes 7 tricks in all.", text)
        self.assertIn("1NT by East", text)
        self.assertIn("<q>cash the top cards</q>", text)
        (rec,) = lin.loads(self.client.get(f"/play/boards/{board2.pk}.lin").content.decode())
        self.assertEqual((rec.claim, rec.score()), (7, -90))  # 1NT made, EW not vulnerable
        (prec,), _ = loads_records(self.client.get(f"/play/boards/{board2.pk}.pbn")
                                   .content.decode())
        self.assertEqual((prec.claimed, prec.tricks, prec.score()), (True, 7, -90))
        # The club's members may watch this table, so they may read its records; not others.
        self.client.force_login(self.bob)
        self.assertEqual(self.client.get(f"/play/boards/{board2.pk}/").status_code, 200)
        self.client.force_login(self.charlie)
        self.assertEqual(self.client.get(f"/play/boards/{board2.pk}/").status_code, 403)
        self.client.logout()
        self.assertEqual(self.client.get(f"/play/boards/{board2.pk}/").status_code, 302)


@FAST
class LeftTheTableTest(BaseTestCase):
    def test_a_player_who_left_keeps_the_boards_played(self) -> None:
        _event, open_, _closed, people = team_match(self.north, self.alice)
        b1 = play_board(open_, people[0:4], random.Random(9))
        services.stand(open_, people[0])
        self.client.force_login(people[0])
        self.assertEqual(self.client.get(f"/play/boards/{b1.pk}/").status_code, 200)
        self.client.force_login(self.bob)  # a member, the closed room not done yet
        self.assertEqual(self.client.get(f"/play/boards/{b1.pk}/").status_code, 403)
