"""Two app servers sharing PostgreSQL and Redis: the four players of one table on different
servers play a board together, and a spectator on either server sees every move live.
Needs PostgreSQL and Redis (marked ``services``: ``make web-test``)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from .. import servers
from .helpers import pick
from .real import QUERY, SETUP, RealSocket, run_script

pytestmark = pytest.mark.services
DATABASE = "bridgescore_two_servers_play"


@pytest.fixture
def shared(services: tuple[str, str]) -> Iterator[dict[str, str]]:
    with servers.shared_services(*services, DATABASE, redis_db=14) as env:
        yield env


def test_four_players_on_two_servers_play_a_board(shared: dict[str, str],
                                                   tmp_path: Path) -> None:
    pace = {"BRIDGESCORE_PLAY_ROBOT_SECONDS": "0", "BRIDGESCORE_PLAY_NEXT_BOARD_SECONDS": "0"}
    env_a = servers.server_env(tmp_path / "a", **shared, **pace)
    env_b = servers.server_env(tmp_path / "b", **shared, **pace)
    a = servers.start(env_a, tmp_path)
    try:
        b = servers.start(env_b, tmp_path, migrate=False)
        try:
            made = run_script(env_a, SETUP, {"tables": [
                {"players": ["nn", "ee", "ss", "ww"], "watchers": ["wa", "wb"]}]})
            tokens, (table_id,) = made["tokens"], made["tables"]
            ports = {"N": a.port, "E": b.port, "S": a.port, "W": b.port}

            async def run() -> list[int]:
                socks = {s: await RealSocket.open(ports[s], table_id, tokens[n], s)
                         for s, n in zip("NESW", ["nn", "ee", "ss", "ww"], strict=False)}
                on_a = await RealSocket.open(a.port, table_id, tokens["wa"], "spectator A")
                on_b = await RealSocket.open(b.port, table_id, tokens["wb"], "spectator B")
                for s in [*socks.values(), on_a, on_b]:
                    assert (await s.next())["type"] == "hello"
                rng = random.Random(5)
                acked: list[int] = []
                while socks["N"].view["phase"] != "done":  # type: ignore[index]
                    v = socks["N"].view
                    sock = socks[v["to_act"][0]]  # type: ignore[index]
                    ack = await sock.ask({**pick(sock.view, rng), "id": len(acked)})  # type: ignore[arg-type]
                    assert ack["type"] == "ack", ack
                    acked.append(ack["seq"])
                    for s in [*socks.values(), on_a, on_b]:
                        await s.until(lambda m, q=ack["seq"]: m["type"] == "update"
                                      and m["seq"] == q)
                for spectator in (on_a, on_b):
                    seen = [m["seq"] for m in spectator.got if m["type"] == "update"]
                    assert seen == acked  # every move, in order, on either server
                for s in [*socks.values(), on_a, on_b]:
                    await s.close()
                return acked

            acked = asyncio.run(run())
            (board,) = run_script(env_a, QUERY, [table_id])[str(table_id)]
            assert board["finished"] and [m[0] for m in board["moves"]] == acked
        finally:
            b.stop()
    finally:
        a.stop()
