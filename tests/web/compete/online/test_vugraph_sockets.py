"""The security property of the play tables (``tests/web/play/test_security.py``) on an
online competition's VP team match, as the vugraph follows it: both rooms' sockets, a member
watching both rooms (the public view in the open room; every hand in the closed room, whose
table allows it), and the players of each room trying to watch the other room.

Over several boards in both rooms, every message to every connection names no card that
connection may not see at that position (the library's ``visible_cards`` for its viewer,
with the cards already played), and its view is exactly the library's view for that
viewer; a player of the match who tries the other room gets a refusal and nothing else.
``BRIDGESCORE_TEST_PLAY_BOARDS`` (200 by default) sets the boards: a fiftieth of it a room,
at least two."""

from __future__ import annotations

import json
import os
import random
from typing import Any

from asgiref.sync import async_to_sync
from django.test import TransactionTestCase, override_settings

from bridgescore.core.seat import Seat
from bridgescore.table.state import TableState
from bridgescore.table.views import Viewer, view, visible_cards
from bridgescore.web.compete import clock
from bridgescore.web.compete import services as sv
from bridgescore.web.play import position as play_position
from bridgescore.web.play.consumers import CLOSE_NOT_ALLOWED
from bridgescore.web.play.models import PlayBoard, PlayTable

from ...play.helpers import Socket, cards_in, cookie, play_out
from ...play.test_sockets import FAST
from .helpers import T0, club_with, tables_of, team_match

BOARDS = max(2, int(os.environ.get("BRIDGESCORE_TEST_PLAY_BOARDS", "200")) // 50)


@override_settings(**FAST)
class OnlineMatchSocketsTests(TransactionTestCase):
    def test_no_connection_gets_a_card_it_may_not_see(self) -> None:
        clock.set(T0)
        self.addCleanup(clock.real)
        sv.forget()
        club, td, people = club_with(9)
        players, fan = people[:8], people[8]
        p = [str(u.pk) for u in players]
        c = team_match(club, td, p[:4], p[4:])
        sv.act(c, {"type": "start"}, td)
        open_, closed = (t.play_table for t in tables_of(c))
        PlayTable.objects.filter(pk=closed.pk).update(spectators_see_hands=True)
        closed.refresh_from_db()
        u = players
        seats = {open_.pk: [u[0], u[4], u[1], u[5]], closed.pk: [u[6], u[2], u[7], u[3]]}
        rooms = (open_, closed)
        auth = {t.pk: {s.letter: cookie(user) for user, s in zip(seats[t.pk], Seat, strict=True)}
                for t in rooms}
        fan_auth = cookie(fan)
        # Each room's players try the other room (North and West of each).
        intruders = [(other.pk, auth[t.pk][k], f"{t.room_label} {k}")
                     for t, other in ((open_, closed), (closed, open_)) for k in ("N", "W")]

        async def run() -> tuple[dict[int, dict[str, Socket]], dict[int, Socket], list[Socket]]:
            socks = {t.pk: {k: await Socket.open(t.pk, a, f"{t.room_label} {k}")
                            for k, a in auth[t.pk].items()} for t in rooms}
            fans = {t.pk: await Socket.open(t.pk, fan_auth, f"fan in {t.room_label}")
                    for t in rooms}
            refused = [await Socket.open(tid, a, name) for tid, a, name in intruders]
            for s in [*(x for t in rooms for x in socks[t.pk].values()), *fans.values()]:
                await s.until(lambda m: m["type"] == "hello" and m["view"] is not None)
            for s in refused:
                error = await s.next()
                assert error["type"] == "error" and error["code"] == "not_allowed", error
                assert (await s.next()) == {"type": "closed", "code": CLOSE_NOT_ALLOWED}
            rng = random.Random(2030)
            for index in range(1, BOARDS + 1):
                for t in rooms:
                    everyone = [*socks[t.pk].values(), fans[t.pk]]
                    if index > 1:
                        for s in everyone:
                            await s.until(lambda m, index=index: m["type"] == "board"
                                          and m["board_index"] == index)
                    await play_out(socks[t.pk], [fans[t.pk]], rng, claims=True)
            for s in [*(x for t in rooms for x in socks[t.pk].values()), *fans.values()]:
                await s.quiet()
                await s.close()
            return socks, fans, refused

        socks, fans, refused = async_to_sync(run)()
        checked = named = 0
        for t in rooms:
            positions: dict[int, list[TableState]] = {
                b.index: list(play_position.states_of(b))
                for b in PlayBoard.objects.filter(table=t)}
            assert len([b for b in PlayBoard.objects.filter(table=t, finished__isnull=False)]) \
                == BOARDS
            conns = [(Viewer(Seat.parse(k)), s) for k, s in socks[t.pk].items()]
            conns.append((Viewer(None, sees_all=t.pk == closed.pk), fans[t.pk]))
            for viewer, sock in conns:
                for raw in sock.raw:
                    message = json.loads(raw)
                    cards = cards_in(raw)
                    checked += 1
                    if message.get("view") is None:
                        assert not cards, (sock.name, message)
                        continue
                    state = positions[message["board_index"]][message["seq"]]
                    allowed = {str(x) for x in visible_cards(state, viewer)}
                    allowed |= {str(x) for x in state.cards}
                    assert cards <= allowed, (sock.name, message["seq"], cards - allowed)
                    assert message["view"] == view(state, viewer), (sock.name, message["seq"])
                    named += len(cards)
        # The fan in the closed room saw every hand; in the open room, never more than a
        # spectator's public view (checked above: its viewer sees no hand but dummy's).
        assert any(len((json.loads(r).get("view") or {}).get("hands") or {}) == 4
                   for r in fans[closed.pk].raw)
        for s in refused:
            assert all(not cards_in(r) for r in s.raw), s.name
            assert [m["type"] for m in s.got] == ["error", "closed"], s.got
        assert checked > BOARDS * 2 * 5 * 40, checked
        print(f"\n{BOARDS} boards in each room, {checked} messages checked, {named} cards named")


@override_settings(**FAST)
class CompetitionTablesOnTheVugraphTests(TransactionTestCase):
    """A Swiss round and a pairs event are no team match: the vugraph has no match of them
    (not listed, its address 404), and their tables' own sockets — the vugraph's path to a
    room — refuse every player of the event but those seated there (``not_allowed``, close
    4403, no card), while a member who does not play gets a spectator's public view.  The
    whole board played out under such watch is ``play/test_security``'s
    ``CompetitionTablesSecurityTests``."""

    def setUp(self) -> None:
        clock.set(T0)
        self.addCleanup(clock.real)
        sv.forget()
        self.club, self.td, self.people = club_with(13)

    def check(self, c: Any, table: PlayTable, intruders: list[Any], fan: Any) -> None:
        from django.test import Client

        from bridgescore.web.play.vugraph import services as vg

        client = Client()
        client.force_login(fan)
        assert client.get(f"/vugraph/online/{c.pk}/").status_code == 404
        assert all(m.holder.pk != c.pk for m in vg.matches(fan))
        seats = {s.seat: s.user for s in table.seats.select_related("user") if s.user}
        auth = [(cookie(u), f"player {u.username}") for u in intruders]
        fan_auth, north = cookie(fan), cookie(seats[0])

        async def run() -> tuple[Socket, Socket, list[Socket]]:
            watcher = await Socket.open(table.pk, fan_auth, "fan")
            player = await Socket.open(table.pk, north, "N")
            refused = [await Socket.open(table.pk, a, name) for a, name in auth]
            for s in refused:
                error = await s.next()
                assert error["type"] == "error" and error["code"] == "not_allowed", error
                assert (await s.next()) == {"type": "closed", "code": CLOSE_NOT_ALLOWED}
            for s in (watcher, player):
                await s.until(lambda m: m["type"] == "hello")
                await s.quiet()
                await s.close()
            return watcher, player, refused

        watcher, player, refused = async_to_sync(run)()
        for s in refused:
            assert all(not cards_in(r) for r in s.raw), s.name
        board = PlayBoard.objects.get(table=table, index=1)
        state = play_position.state_of(board)
        for viewer, sock in ((Viewer(None), watcher), (Viewer(Seat.NORTH), player)):
            hello = json.loads(sock.raw[0])
            assert hello["type"] == "hello" and hello["view"] == view(state, viewer)
            allowed = {str(x) for x in visible_cards(state, viewer)}
            assert cards_in(sock.raw[0]) <= allowed, sock.name
        assert cards_in(player.raw[0]) and not cards_in(watcher.raw[0])  # no card led yet

    def test_a_swiss_round(self) -> None:
        from ...compete.helpers import tables
        from ...compete.privacy_cases import swiss

        eight = self.people[:8]
        c = swiss(self.club, self.td, eight)
        t1 = tables(c, 1)[0].play_table
        # Table 2's four play the same board: none of them watches table 1.
        self.check(c, t1, eight[4:8], self.people[12])

    def test_a_pairs_event(self) -> None:
        from ...compete.helpers import tables
        from ...compete.privacy_cases import howell

        twelve = self.people[:12]
        c = howell(self.club, self.td, twelve)
        t1 = tables(c, 1)[0].play_table  # pairs 6 v 1, board 1 (again in rounds 3 and 4)
        # Pairs 2 and 3 play board 1 later; pair 4 and 5 play other boards this round.
        self.check(c, t1, [twelve[2], twelve[5], twelve[6], twelve[9]], self.people[12])
