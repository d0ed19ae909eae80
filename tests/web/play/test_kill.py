"""``kill -9`` mid-board: a real server (SQLite file, ``bridgescore web serve``) with tables
being played over real WebSockets is killed with a move in flight and started again; every
table resumes at the same position (the hello), no acknowledged move is lost and none is
stored twice (the Move rows against the acks), and the boards are played to their end.
With the robots installed, a table of four robots is killed mid-board too and finishes by
itself after the restart (the sweep wakes it: nobody is connected)."""

from __future__ import annotations

import asyncio
import importlib.util
import random
import signal
import time
from pathlib import Path
from typing import Any

from .. import servers
from .helpers import pick
from .real import QUERY, SETUP, RealSocket, run_script

ROBOTS = importlib.util.find_spec("bridgescore.robots") is not None
PEOPLE = [["an", "bo", "cy", "di"], ["ed", "fa", "gu", "ha"]]


def test_a_server_killed_mid_board_resumes_every_table(tmp_path: Path) -> None:
    env = servers.server_env(tmp_path / "data", BRIDGESCORE_PLAY_ROBOT_SECONDS="0.05",
                             BRIDGESCORE_PLAY_NEXT_BOARD_SECONDS="0",
                             BRIDGESCORE_PLAY_ROBOT_SOLVER="simple")
    server = servers.start(env, tmp_path)
    try:
        spec: list[dict[str, Any]] = [{"players": p, "boards": 1} for p in PEOPLE]
        if ROBOTS:
            spec.append({"players": [None] * 4, "boards": 2})
        made = run_script(env, SETUP, {"tables": spec})
        tokens, tables = made["tokens"], made["tables"]
        acked: dict[int, list[tuple[int, dict[str, Any]]]] = {t: [] for t in tables[:2]}
        in_flight: dict[int, dict[str, Any]] = {}

        async def first_half() -> None:
            async def one(i: int) -> None:
                t = tables[i]
                socks = {s: await RealSocket.open(server.port, t, tokens[n], s)
                         for s, n in zip("NESW", PEOPLE[i], strict=False)}
                for s in socks.values():
                    await s.next()
                rng = random.Random(i)
                for k in range(30 + 7 * i):
                    v = socks["N"].view
                    assert v is not None and v["phase"] != "done"
                    sock = socks[v["to_act"][0]]
                    msg = {**pick(sock.view, rng), "id": k}  # type: ignore[arg-type]
                    ack = await sock.ask(msg)
                    assert ack["type"] == "ack", ack
                    acked[t].append((ack["seq"], msg))
                    for s in socks.values():
                        await s.until(lambda m, q=ack["seq"]: m.get("seq") == q
                                      and m["type"] == "update")
                v = socks["N"].view
                sock = socks[v["to_act"][0]]  # type: ignore[index]
                in_flight[t] = {**pick(sock.view, rng), "id": "last"}  # type: ignore[arg-type]
                await sock.send(in_flight[t])  # and the server dies before (or after) it

            await asyncio.gather(one(0), one(1))

        asyncio.run(first_half())
        if ROBOTS:
            time.sleep(0.5)  # the robots' table is mid-board
        server.process.send_signal(signal.SIGKILL)
        server.process.wait(10)
        before = run_script(env, QUERY, tables)
        for t in tables[:2]:
            rows = before[str(t)][0]["moves"]
            got = {seq: data for seq, _, data, _ in rows}
            assert [r[0] for r in rows] == list(range(1, len(rows) + 1))
            for seq, msg in acked[t]:  # every acknowledged move is stored, as sent
                stored = got[seq]
                assert stored["type"] == msg["type"]
                assert stored.get("call", stored.get("card")) == msg.get("call", msg.get("card"))
            # The move in flight: stored once or not at all.
            assert len(rows) in (len(acked[t]), len(acked[t]) + 1)
        if ROBOTS:
            robots_before = before[str(tables[2])]
            assert robots_before and not robots_before[-1]["finished"]

        server = servers.start(env, tmp_path, migrate=False)

        async def second_half() -> None:
            async def one(i: int) -> None:
                t = tables[i]
                rows = before[str(t)][0]["moves"]
                socks = {s: await RealSocket.open(server.port, t, tokens[n], s)
                         for s, n in zip("NESW", PEOPLE[i], strict=False)}
                for s in socks.values():
                    hello = await s.next()
                    assert hello["type"] == "hello" and hello["seq"] == len(rows)
                    assert hello["view"]["moves"] <= len(rows)
                rng = random.Random(100 + i)
                k = 0
                while socks["N"].view["phase"] != "done":  # type: ignore[index]
                    v = socks["N"].view
                    sock = socks[v["to_act"][0]]  # type: ignore[index]
                    ack = await sock.ask({**pick(sock.view, rng), "id": f"r{k}"})  # type: ignore[arg-type]
                    assert ack["type"] == "ack", ack
                    for s in socks.values():
                        await s.until(lambda m, q=ack["seq"]: m.get("seq") == q
                                      and m["type"] == "update")
                    k += 1
                for s in socks.values():
                    await s.close()

            await asyncio.gather(one(0), one(1))

        asyncio.run(second_half())
        if ROBOTS:
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                after = run_script(env, QUERY, [tables[2]])[str(tables[2])]
                if len(after) == 2 and after[-1]["finished"]:
                    break
                time.sleep(1)
            else:
                raise AssertionError(f"the robots' table did not finish: {after}")
            first = robots_before[-1]
            again = after[first["index"] - 1]["moves"]
            assert again[: len(first["moves"])] == first["moves"]  # nothing lost, nothing redone
        final = run_script(env, QUERY, tables[:2])
        for t in tables[:2]:
            (board,) = final[str(t)]
            assert board["finished"] and board["result"]
            assert board["moves"][: len(before[str(t)][0]["moves"])] == before[str(t)][0]["moves"]
    finally:
        server.stop()
