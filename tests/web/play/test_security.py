"""The security property (issue 10): over many complete boards, every message sent to every
seat and to the spectators contains no card that connection may not see at that moment.

Each message of an update, a new board or a hello names its position (board, seq); the
reference is the library's ``visible_cards`` for that viewer at that position, with the cards
already played, rebuilt here from the stored moves.  Every card-looking string anywhere in the
message counts (hands, legal cards, tricks, events).  Other messages (acks, errors, seats,
pongs) must name no card at all.  The view itself must be exactly the library's view for that
connection's viewer (never a view made for someone else).

Players here are scripted clients making random legal calls and cards (now and then a
claim); ``BRIDGESCORE_TEST_PLAY_BOARDS`` sets how many boards (200 by default).  The same
property holds at an online competition's tables (a Swiss round, a pairs event), whose other
players are refused as spectators and whose boards' records wait until no table can play
them (``CompetitionTablesSecurityTests``)."""

from __future__ import annotations

import asyncio
import json
import random
import time
from typing import Any

from asgiref.sync import async_to_sync
from django.test import TransactionTestCase, override_settings

from bridgescore.core.seat import Seat
from bridgescore.table.state import TableState
from bridgescore.table.views import Viewer, view, visible_cards
from bridgescore.web.play import access, services
from bridgescore.web.play import position as play_position
from bridgescore.web.play.consumers import CLOSE_NOT_ALLOWED
from bridgescore.web.play.models import PlayBoard, PlayTable
from tests.sizes import size

from .helpers import Socket, cards_in, cookie, play_out, table, users
from .test_sockets import FAST

# Boards the four tables play through real sockets: 60, 200 under CI, or
# BRIDGESCORE_TEST_PLAY_BOARDS=….
BOARDS = size(60, 200, "BRIDGESCORE_TEST_PLAY_BOARDS")
TABLES = 4


@override_settings(**FAST)
class SecurityPropertyTests(TransactionTestCase):
    def test_no_connection_ever_gets_a_card_it_may_not_see(self) -> None:
        per_table = max(1, BOARDS // TABLES)
        tables: list[PlayTable] = []
        auth: list[dict[str, tuple[bytes, bytes]]] = []
        watch: list[tuple[bytes, bytes]] = []
        for i in range(TABLES):
            people = users(*(f"p{i}{s.letter.lower()}" for s in Seat))
            t = table(people[0], boards=per_table, spectators_see_hands=i % 2 == 1)
            for u, s in zip(people, Seat, strict=False):
                services.sit(t, u, s)
            tables.append(t)
            auth.append({s.letter: cookie(u) for u, s in zip(people, Seat, strict=False)})
            watch.append(cookie(users(f"w{i}")[0]))

        async def one(i: int) -> list[tuple[Viewer, Socket]]:
            t = tables[i]
            socks = {k: await Socket.open(t.pk, a, k) for k, a in auth[i].items()}
            spectator = await Socket.open(t.pk, watch[i], "spectator")
            for s in [*socks.values(), spectator]:
                await s.next()
            rng = random.Random(i)
            for index in range(1, per_table + 1):
                if index > 1:
                    for s in [*socks.values(), spectator]:
                        await s.until(lambda m, index=index: m["type"] == "board"
                                      and m["board_index"] == index)
                await play_out(socks, [spectator], rng, claims=True)
            for s in [*socks.values(), spectator]:
                await s.until(lambda m: m["type"] == "finished")
                await s.quiet()
                await s.close()
            viewers = [(Viewer(Seat.parse(k)), s) for k, s in socks.items()]
            return [*viewers, (Viewer(None, sees_all=t.spectators_see_hands), spectator)]

        async def run() -> list[list[tuple[Viewer, Socket]]]:
            return list(await asyncio.gather(*(one(i) for i in range(TABLES))))

        start = time.monotonic()
        connections = async_to_sync(run)()
        took = time.monotonic() - start
        checked = cards_seen = 0
        for t, conns in zip(tables, connections, strict=False):
            positions: dict[int, list[TableState]] = {
                b.index: list(play_position.states_of(b))
                for b in PlayBoard.objects.filter(table=t)}
            assert len(positions) == per_table
            for viewer, sock in conns:
                for raw in sock.raw:
                    message = json.loads(raw)
                    cards = cards_in(raw)
                    checked += 1
                    if "view" not in message or message["view"] is None:
                        assert not cards, (sock.name, message)
                        continue
                    state = positions[message["board_index"]][message["seq"]]
                    allowed = {str(c) for c in visible_cards(state, viewer)}
                    allowed |= {str(c) for c in state.cards}
                    assert cards <= allowed, (sock.name, message["seq"], cards - allowed)
                    assert message["view"] == view(state, viewer), (sock.name, message["seq"])
                    cards_seen += len(cards)
        moves = sum(len(p) - 1 for t in tables
                    for p in [list(play_position.states_of(b))
                              for b in PlayBoard.objects.filter(table=t)])
        print(f"\n{per_table * TABLES} boards, {moves} moves, {checked} messages checked "
              f"({cards_seen} cards named) in {took:.1f} s")
        assert checked > per_table * TABLES * 40


def robot_tables(prefix: str, boards: int) -> list[PlayTable]:
    """Two tables of one person (South) and three robots, a spectator at each (the second
    table's sees every hand): ``boards`` boards played out through their sockets, and every
    message of the person and the spectator checked (``_check_messages``).  The tables."""
    from .helpers import autoplay, watch

    tables, auth, watch_auth = [], [], []
    for i in range(2):
        person, spectator = users(f"{prefix}{i}", f"{prefix}w{i}")
        t = table(person, boards=boards, spectators_see_hands=i == 1)
        services.sit(t, person, Seat.SOUTH)
        tables.append(t)
        auth.append(cookie(person))
        watch_auth.append(cookie(spectator))

    async def one(i: int) -> list[tuple[Viewer, Socket]]:
        t = tables[i]
        sock = await Socket.open(t.pk, auth[i], "S")
        spectator = await Socket.open(t.pk, watch_auth[i], "spectator")
        await spectator.next()
        await sock.next()
        await sock.send({"type": "fill_robots", "id": "fill"})
        await asyncio.gather(autoplay(sock, "S", random.Random(i), timeout=120),
                             watch(spectator, timeout=120))
        await sock.quiet()
        await spectator.quiet()
        await sock.close()
        await spectator.close()
        return [(Viewer(Seat.SOUTH), sock),
                (Viewer(None, sees_all=t.spectators_see_hands), spectator)]

    async def run() -> list[list[tuple[Viewer, Socket]]]:
        return list(await asyncio.gather(*(one(i) for i in range(2))))

    connections = async_to_sync(run)()
    checked = 0
    for t, conns in zip(tables, connections, strict=True):
        assert PlayBoard.objects.filter(table=t, finished__isnull=False).count() == boards
        checked += _check_messages(conns, t)
    print(f"\n{boards * 2} robot boards, {checked} messages checked")
    assert checked > 40 * boards
    return tables


@override_settings(**FAST, BRIDGESCORE_PLAY_ROBOT_SOLVER="simple")
class RobotTablesSecurityTests(TransactionTestCase):
    def test_with_robots_no_connection_gets_a_card_it_may_not_see(self) -> None:
        """Three robots and one person (South) at each table, a spectator watching: the
        person's and the spectator's every message checked as above."""
        robot_tables("r", max(1, BOARDS // (2 * TABLES)))


def _check_messages(conns: list[tuple[Viewer, Socket]], table: PlayTable) -> int:
    """Every message of every connection at ``table`` against the library's view (as the
    tests above); the number checked."""
    positions = {b.index: list(play_position.states_of(b))
                 for b in PlayBoard.objects.filter(table=table)}
    checked = 0
    for viewer, sock in conns:
        for raw in sock.raw:
            message = json.loads(raw)
            cards = cards_in(raw)
            checked += 1
            if message.get("view") is None:
                assert not cards, (sock.name, message)
                continue
            state = positions[message["board_index"]][message["seq"]]
            allowed = {str(c) for c in visible_cards(state, viewer)}
            allowed |= {str(c) for c in state.cards}
            assert cards <= allowed, (sock.name, message["seq"], cards - allowed)
            assert message["view"] == view(state, viewer), (sock.name, message["seq"])
    return checked


@override_settings(**FAST)
class CompetitionTablesSecurityTests(TransactionTestCase):
    """A Swiss round and a pairs event (``web.compete.privacy``): a table's four play a
    board through their sockets while a member who does not play watches; the players of
    the event's other tables — the Swiss round's other table, which plays the same board,
    and a pairs event's pair that plays it in a later round — who try to watch are refused
    (an error, then close code 4403, and no card); every message to the table's sockets is
    exactly the library's view; the board's record is refused to those players until no
    table can play it any more, and shown after by the usual rules."""

    def setUp(self) -> None:
        from bridgescore.web.compete import clock
        from bridgescore.web.compete import services as sv

        from ..compete.helpers import T0, club_with

        clock.set(T0)
        self.addCleanup(clock.real)
        sv.forget()
        self.club, self.td, self.people = club_with(13)

    def play_watched(self, table: PlayTable, intruders: list[Any],
                     fan: Any) -> list[tuple[Viewer, Socket]]:
        seats = {s.seat: s.user for s in table.seats.select_related("user") if s.user}
        auth = {Seat(n).letter: cookie(u) for n, u in seats.items()}
        intruder_auth = [(cookie(u), u.username) for u in intruders]
        fan_auth = cookie(fan)

        async def run() -> tuple[dict[str, Socket], Socket, list[Socket]]:
            socks = {k: await Socket.open(table.pk, a, k) for k, a in auth.items()}
            watcher = await Socket.open(table.pk, fan_auth, "fan")
            refused = [await Socket.open(table.pk, a, name) for a, name in intruder_auth]
            for s in [*socks.values(), watcher]:
                await s.until(lambda m: m["type"] == "hello" and m["view"] is not None)
            for s in refused:
                error = await s.next()
                assert error["type"] == "error" and error["code"] == "not_allowed", error
                assert (await s.next()) == {"type": "closed", "code": CLOSE_NOT_ALLOWED}
            await play_out(socks, [watcher], random.Random(table.pk), claims=True)
            for s in [*socks.values(), watcher]:
                await s.quiet()
                await s.close()
            return socks, watcher, refused

        socks, watcher, refused = async_to_sync(run)()
        for s in refused:
            assert [m["type"] for m in s.got] == ["error", "closed"], s.got
            assert all(not cards_in(r) for r in s.raw), s.name
        conns = [(Viewer(Seat.parse(k)), s) for k, s in socks.items()]
        conns.append((Viewer(None, sees_all=table.spectators_see_hands), watcher))
        assert _check_messages(conns, table) >= 5 * 4  # five sockets, a board each
        assert any(len((json.loads(r).get("view") or {}).get("hands") or {}) == 4
                   for r in watcher.raw)  # the board's end: every hand, to the fan too
        return conns

    def record_codes(self, user: Any, board: PlayBoard) -> set[int]:
        from django.test import Client

        from ..compete.privacy_cases import pages_of

        c = Client()
        c.force_login(user)
        return {c.get(p).status_code for p in pages_of(board)}

    def test_a_swiss_round(self) -> None:
        from ..compete.helpers import tables
        from ..compete.privacy_cases import swiss, swiss_bell

        eight, fan = self.people[:8], self.people[8]
        c = swiss(self.club, self.td, eight)
        t1, t2 = (t.play_table for t in tables(c, 1))
        # Table 2's North and West (the same board, not yet played there) try table 1.
        self.play_watched(t1, [eight[4], eight[6]], fan)
        board = PlayBoard.objects.get(table=t1, number=1)
        assert board.finished is not None
        assert self.record_codes(eight[4], board) == {403}
        assert self.record_codes(fan, board) == {403}
        assert self.record_codes(eight[0], board) == {200}
        assert access.viewer_for(t2, eight[0]) is None  # and table 1's players table 2
        swiss_bell(c, 1)  # no table can play board 1 any more
        assert self.record_codes(eight[4], board) == {200}
        assert self.record_codes(fan, board) == {200}

    def test_a_pairs_event(self) -> None:
        from bridgescore.web.compete import services as sv

        from ..compete.helpers import tables
        from ..compete.privacy_cases import howell, record_round

        twelve, fan = self.people[:12], self.people[12]
        c = howell(self.club, self.td, twelve)
        t1 = tables(c, 1)[0].play_table  # pairs 6 v 1, board 1
        # Pair 2 plays board 1 in round 3, pair 3 in round 4; pair 4 sits at round 1's
        # table 2.
        self.play_watched(t1, [twelve[2], twelve[4], twelve[7]], fan)
        board = PlayBoard.objects.get(table=t1, number=1)
        assert self.record_codes(twelve[2], board) == {403}
        assert self.record_codes(fan, board) == {403}
        for r in (1, 2, 3):
            record_round(c, self.td, r, skip=(1,) if r == 1 else ())
        assert self.record_codes(twelve[2], board) == {403}  # round 4 plays it still
        for r in (4, 5):
            record_round(c, self.td, r)
        assert self.record_codes(twelve[2], board) == {403}  # not published
        sv.act(c, {"type": "publish"}, self.td)
        assert self.record_codes(twelve[2], board) == {200}
        assert self.record_codes(fan, board) == {200}
