"""A finished board's result flows on: stored on the board, entered into the table's event
(as its table's phone would: once, keyed by the board); and a dropped player's seat, past
the grace period, is recorded as a disconnection exactly once."""

from __future__ import annotations

import random

from asgiref.sync import async_to_sync
from django.test import TransactionTestCase, override_settings

from bridgescore.core.seat import Seat
from bridgescore.web.clubs.models import Club, Membership
from bridgescore.web.events import services as ev
from bridgescore.web.events.models import ResultEntry
from bridgescore.web.play import live, presence, results, services, tables
from bridgescore.web.play.models import Disconnection, PlayBoard, PlaySeat, PlayTable, Room

from ..base import tuesday_pairs
from .helpers import Socket, cookie, play_out, table, users
from .test_sockets import FAST


@override_settings(**FAST)
class ResultsFlowTests(TransactionTestCase):
    def test_an_event_tables_boards_are_entered_into_the_event(self) -> None:
        club = Club.objects.create(slug="north", name_en="North", name_zh="北方")
        director, *people = users("dir", "ann", "bob", "cat", "dan")
        Membership.objects.create(club=club, player=director.player, role="director")
        for u in people:
            Membership.objects.create(club=club, player=u.player, role="member")
        event = tuesday_pairs(club, ev.Actor(user=director))
        # Round 2, table 3 of the Mitchell: boards 5 and 6 (pairs 3 NS v 5 EW).
        line = ev.assignment_at(event, 2, 3)
        assert line is not None
        t = tables.create_table(Room.objects.create(club=club, name_en="Club"), director,
                                boards=2, first_board=line.boards[0], event=event,
                                event_round=2, event_table=3)
        for u, s in zip(people, Seat, strict=False):
            services.sit(t, u, s)
        auth = {s.letter: cookie(u) for u, s in zip(people, Seat, strict=False)}

        async def run() -> None:
            socks = {k: await Socket.open(t.pk, a, k) for k, a in auth.items()}
            for s in socks.values():
                await s.next()
            rng = random.Random(3)
            await play_out(socks, [], rng)
            for s in socks.values():
                await s.until(lambda m: m["type"] == "board" and m["board_index"] == 2)
            await play_out(socks, [], rng)
            for s in socks.values():
                await s.until(lambda m: m["type"] == "finished")
                await s.close()

        async_to_sync(run)()
        boards = list(PlayBoard.objects.filter(table=t).order_by("index"))
        rows = {int(r.board or 0): r for r in ResultEntry.objects.filter(event=event)}
        assert sorted(rows) == list(line.boards)
        for b in boards:
            row = rows[b.number]
            assert (row.round, row.table, row.ns_pair, row.ew_pair) == (
                2, 3, line.ns_pair, line.ew_pair)
            assert b.entry_seq == row.seq
            if b.result == "pass":
                assert row.result.lower().startswith("pass") or row.result == "", row.result
            else:
                assert row.result == b.result
        # Entering again (a sweep after a restart) stores nothing twice.
        PlayBoard.objects.filter(pk=boards[0].pk).update(entry_seq=None)
        again = PlayBoard.objects.select_related("table").get(pk=boards[0].pk)
        assert results.enter_result(again) == boards[0].entry_seq
        assert ResultEntry.objects.filter(event=event).count() == 2

    def test_a_player_away_past_the_grace_period_is_a_disconnection_once(self) -> None:
        people = users("ann", "bob", "cat", "dan")
        t = table(people[0], grace_seconds=0)
        for u, s in zip(people, Seat, strict=False):
            services.sit(t, u, s)
        west = cookie(people[3])

        async def run() -> None:
            sock = await Socket.open(t.pk, west, "W")
            await sock.next()
            await sock.close()
            row = await live.submit(lambda: PlaySeat.objects.get(table=t, seat=3))
            assert row.away_since is not None and not row.robot
            await live.submit(presence.sweep)
            await live.submit(presence.sweep)  # once only
            row = await live.submit(lambda: PlaySeat.objects.get(table=t, seat=3))
            assert row.robot and row.user_id == people[3].pk
            sock = await Socket.open(t.pk, west, "W")
            hello = await sock.next()
            seats = {s["seat"]: s for s in hello["table"]["seats"]}
            assert seats["W"]["robot"] is False and seats["W"]["away"] is False
            await sock.close()

        async_to_sync(run)()
        (d,) = Disconnection.objects.filter(table=t)
        assert (d.user_id, d.seat, d.board) == (people[3].pk, 3,
                                                PlayBoard.objects.get(table=t, index=1))
        assert PlayTable.objects.get(pk=t.pk).status == PlayTable.Status.PLAYING
