"""Shared pieces of the online-play tests: users, a table, and a socket client that keeps
every message it receives (the security property checks them all)."""

from __future__ import annotations

import asyncio
import json
import re
from dataclasses import dataclass, field
from typing import Any

from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from bridgescore.web.accounts.models import User
from bridgescore.web.play import tables as play_tables
from bridgescore.web.play.models import PlayTable, Room

from ..base import make_user

ORIGIN = (b"origin", b"http://localhost")
CARD = re.compile(r"^[SHDC](?:[2-9TJQKA]|10)$")


def users(*names: str) -> list[User]:
    return [make_user(n, n.title(), n) for n in names]


@dataclass
class MatchRooms:
    """A club's running two-team match (guests on both teams) and its two rooms, each a table
    of the match's round in one room of the club."""

    director: User
    members: list[User]
    event: Any
    room: Room
    tables: dict[str, PlayTable]  # "open", "closed"


def match_rooms(*members: str, **table: Any) -> MatchRooms:
    """``members`` (user names) join the club beside its director ("dir"); ``table``: the
    rooms' table options (spectators)."""
    import datetime

    from bridgescore.web.clubs.models import Club, Membership
    from bridgescore.web.events import services as ev
    from bridgescore.web.events.teams import services as teams

    club = Club.objects.create(slug="north", name_en="North", name_zh="北方")
    director, *people = users("dir", *members)
    Membership.objects.create(club=club, player=director.player, role="director")
    for u in people:
        Membership.objects.create(club=club, player=u.player, role="member")
    squads = [teams.TeamSpec(en, zh, tuple(teams.Guest(f"{en[:-1]} {i}", "") for i in range(4)))
              for en, zh in (("Lions", "狮队"), ("Tigers", "虎队"))]
    event = teams.create_team_event(club, ev.Actor(director), name_en="Match",
                                    date=datetime.date(2026, 12, 2), movement="match",
                                    boards=2, segments=1, teams=squads)
    ev.set_status(event, ev.Actor(director), "running")
    room = Room.objects.create(club=club, name_en="Match room")
    # Both rooms name table 1 of the match, as a vugraph set-up may: the label decides.
    tables = {label: play_tables.create_table(room, director, boards=2, event=event,
                                              event_round=1, event_table=1, room_label=label,
                                              **table)
              for label in ("open", "closed")}
    return MatchRooms(director, people, event, room, tables)


def cookie(user: User) -> tuple[bytes, bytes]:
    client = Client()
    client.force_login(user)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    return (b"cookie", f"{settings.SESSION_COOKIE_NAME}={session}".encode())


def table(host: User | None = None, **options: Any) -> PlayTable:
    room = Room.objects.create(name_en="Practice", name_zh="练习")
    return play_tables.create_table(room, host, **options)


@dataclass
class Socket:
    """A client of /ws/play/tables/<id>: every message it got, in order."""

    ws: WebsocketCommunicator
    name: str
    got: list[dict[str, Any]] = field(default_factory=list)
    raw: list[str] = field(default_factory=list)

    @classmethod
    async def open(cls, table_id: int, auth: tuple[bytes, bytes] | None, name: str = "",
                   timeout: float = 10) -> Socket:
        """``auth``: a ``cookie(user)`` made before the test's loop runs (or None).
        ``timeout``: for the handshake (a busy shared machine can take more than a second)."""
        from bridgescore.web.asgi import application

        headers = [ORIGIN] + ([auth] if auth is not None else [])
        ws = WebsocketCommunicator(application, f"/ws/play/tables/{table_id}", headers=headers)
        connected, _ = await ws.connect(timeout)
        assert connected
        return cls(ws, name or "anonymous")

    async def next(self, timeout: float = 5) -> dict[str, Any]:
        out = await self.ws.receive_output(timeout)
        if out["type"] == "websocket.close":
            message = {"type": "closed", "code": out.get("code")}
        else:
            self.raw.append(out["text"])
            message = json.loads(out["text"])
        self.got.append(message)
        return message

    async def until(self, pred: Any, timeout: float = 10) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            left = end - loop.time()
            if left <= 0:
                raise AssertionError(f"{self.name}: not received; last: {self.got[-3:]}")
            try:
                m = await self.next(left)
            except TimeoutError:
                raise AssertionError(f"{self.name}: not received in {timeout} s; "
                                     f"last: {self.got[-3:]}") from None
            if pred(m):
                return m

    async def send(self, data: dict[str, Any]) -> None:
        await self.ws.send_json_to(data)

    async def ask(self, data: dict[str, Any], timeout: float = 10) -> dict[str, Any]:
        """Send and wait for its ack or error (other messages are kept)."""
        await self.send(data)
        ident = data.get("id")
        return await self.until(lambda m: m["type"] in ("ack", "error")
                                and m.get("id") == ident, timeout)

    async def quiet(self, seconds: float = 0.05) -> list[dict[str, Any]]:
        """Whatever arrives within ``seconds``."""
        out = []
        # (receive_nothing, not a timed-out receive: that would cancel the application)
        while not await self.ws.receive_nothing(seconds):
            out.append(await self.next(seconds))
        return out

    @property
    def view(self) -> dict[str, Any] | None:
        for m in reversed(self.got):
            if m.get("view") is not None:
                shown: dict[str, Any] = m["view"]
                return shown
        return None

    async def close(self) -> None:
        await self.ws.disconnect()


def cards_in(text: str) -> set[str]:
    """Every card-looking string anywhere in a JSON message."""
    found: set[str] = set()

    def walk(x: Any) -> None:
        if isinstance(x, str):
            if CARD.match(x):
                found.add(x)
        elif isinstance(x, dict):
            for k, v in x.items():
                walk(k)
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(json.loads(text))
    return found


def pick(view: dict[str, Any], rng: Any, claims: bool = False) -> dict[str, Any]:
    """A legal call or card for the seat whose view this is (a scripted player, not a robot:
    mostly passes, so auctions end; any legal card)."""
    me = view["you"]
    if view["claim"] is not None:
        return {"type": "claim_answer", "accept": rng.random() < 0.6}
    if view["undo"] is not None:
        return {"type": "undo_answer", "accept": rng.random() < 0.5}
    started = view["current"] is not None and (view["current"]["cards"] or view["tricks"])
    if (claims and view["phase"] == "play" and started and me != view["dummy"]
            and rng.random() < 0.03):
        left = 13 - len(view["tricks"])
        return {"type": "claim", "tricks": rng.randint(0, left), "statement": "as you see"}
    if view["phase"] == "auction":
        calls = view["legal_calls"]
        bids = [c for c in calls if c[0].isdigit()]
        if bids and rng.random() < 0.3:
            return {"type": "call", "call": bids[0]}
        return {"type": "call", "call": "Pass"}
    return {"type": "card", "card": rng.choice(view["legal_cards"])}


async def play_out(socks: dict[str, Socket], watchers: list[Socket], rng: Any,
                   *, claims: bool = False, limit: int = 10_000) -> int:
    """Play with legal moves until the board ends (``claims``: now and then a claim, which
    the deciders accept or reject at random):
    each move by the socket of the seat the table waits for, every socket waiting for its
    update.  The moves made."""
    made = 0
    while made < limit:
        v = next(iter(socks.values())).view
        assert v is not None
        if v["phase"] == "done":
            return made
        actor = v["to_act"][0]
        sock = socks[actor]
        mine = sock.view
        assert mine is not None
        msg = {**pick(mine, rng, claims), "id": f"m{made}"}
        ack = await sock.ask(msg)
        while ack["type"] == "error" and ack["code"] == "rate_limited":
            # One declarer plays two hands as fast as a test can: past a person's limit.
            await asyncio.sleep(0.1)
            ack = await sock.ask(msg)
        assert ack["type"] == "ack", (msg, ack)
        seq = ack["seq"]
        for s in [*socks.values(), *watchers]:
            await s.until(lambda m, seq=seq: m["type"] == "update" and m["seq"] == seq)
        made += 1
    raise AssertionError("the board did not end")


async def autoplay(sock: Socket, seat: str, rng: Any, *, until: str = "finished",
                   timeout: float = 30) -> int:
    """A scripted player in one seat (robots in the others): a legal move whenever a new
    position waits for this seat, until the table says ``until``.  The moves sent."""
    sent = 0
    last: dict[str, Any] = {}
    while True:
        m = await sock.next(timeout)
        if m["type"] == until or m["type"] == "closed":
            return sent
        if m["type"] == "error" and m["code"] == "rate_limited" and m["id"] == last.get("id"):
            # Robots with no pause are faster than the limit a person's socket has.
            await asyncio.sleep(0.1)
            await sock.send(last)
            continue
        v = m.get("view")
        if (m["type"] in ("hello", "update", "board") and v is not None
                and v["phase"] != "done" and seat in v["to_act"]):
            last = {**pick(v, rng), "id": f"move-{sent}"}
            await sock.send(last)
            sent += 1


async def watch(sock: Socket, *, until: str = "finished", timeout: float = 30) -> None:
    while (await sock.next(timeout))["type"] not in (until, "closed"):
        pass
