"""Online play against real app servers (``tests/web/servers.py``): tables set up in the
servers' database by a script run with their environment, and socket clients over real
WebSockets (bearer tokens) with the same interface as ``helpers.Socket``."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

SETUP = r'''
import json, sys
import django
django.setup()
from bridgescore.core.seat import Seat
from bridgescore.web.accounts import tokens
from bridgescore.web.accounts.models import Player, User
from bridgescore.web.play import services
from bridgescore.web.play import tables as play_tables
from bridgescore.web.play.models import Room

spec = json.loads(sys.argv[1])
room = Room.objects.create(name_en="Test room", name_zh="测试室")
out = {"tables": [], "tokens": {}}
def user(name):
    u = User.objects.filter(username=name).first()
    if u is None:
        u = User.objects.create_user(name, f"{name}@example.org", "x-" + name)
        Player.objects.create(user=u, name_en=name.title(), name_zh=name)
        out["tokens"][name] = tokens.issue(u, "test")
    return u
for i, t in enumerate(spec["tables"]):
    host = user(t["players"][0] or "host")
    table = play_tables.create_table(room, host, boards=t.get("boards", 1),
                                     spectators_see_hands=t.get("see_hands", False))
    for seat, name in zip(Seat, t["players"]):
        if name is None:
            services.seat_robot(table, host, seat)
        else:
            services.sit(table, user(name), seat)
    for name in t.get("watchers", []):
        user(name)
    out["tables"].append(table.pk)
print(json.dumps(out))
'''

QUERY = r'''
import json, sys
import django
django.setup()
from bridgescore.web.play.models import Move, PlayBoard
out = {}
for table_id in json.loads(sys.argv[1]):
    boards = []
    for b in PlayBoard.objects.filter(table_id=table_id).order_by("index"):
        boards.append({"index": b.index, "result": b.result, "finished": b.finished is not None,
                       "moves": [[m.seq, m.seat, m.data, m.by_robot]
                                 for m in Move.objects.filter(board=b).order_by("seq")]})
    out[str(table_id)] = boards
print(json.dumps(out))
'''


def run_script(env: dict[str, str], script: str, arg: Any) -> Any:
    result = subprocess.run([sys.executable, "-c", script, json.dumps(arg)], env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


@dataclass
class RealSocket:
    ws: ClientConnection
    name: str
    got: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    async def open(cls, port: int, table_id: int, token: str, name: str) -> RealSocket:
        ws = await connect(f"ws://127.0.0.1:{port}/ws/play/tables/{table_id}",
                           additional_headers={"Authorization": f"Bearer {token}"},
                           origin=f"http://127.0.0.1:{port}")  # type: ignore[arg-type]
        return cls(ws, name)

    async def next(self, timeout: float = 10) -> dict[str, Any]:
        raw = await asyncio.wait_for(self.ws.recv(), timeout)
        message: dict[str, Any] = json.loads(raw)
        self.got.append(message)
        return message

    async def until(self, pred: Any, timeout: float = 20) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            left = end - loop.time()
            if left <= 0:
                raise AssertionError(f"{self.name}: not received; last: {self.got[-3:]}")
            m = await self.next(left)
            if pred(m):
                return m

    async def send(self, data: dict[str, Any]) -> None:
        await self.ws.send(json.dumps(data))

    async def ask(self, data: dict[str, Any], timeout: float = 20) -> dict[str, Any]:
        await self.send(data)
        ident = data.get("id")
        return await self.until(lambda m: m["type"] in ("ack", "error")
                                and m.get("id") == ident, timeout)

    @property
    def view(self) -> dict[str, Any] | None:
        for m in reversed(self.got):
            if m.get("view") is not None:
                shown: dict[str, Any] = m["view"]
                return shown
        return None

    async def close(self) -> None:
        await self.ws.close()
