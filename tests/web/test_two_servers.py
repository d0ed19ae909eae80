"""Two app servers on different ports share nothing but PostgreSQL and Redis.

A WebSocket message published through one reaches a client of the other (Redis channel
layer); a session made on one is valid on the other (database sessions, one secret key).
Needs PostgreSQL and Redis (marked `services`; run by `make web-test`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests
from websockets.sync.client import connect
from websockets.typing import Origin

from . import servers

pytestmark = pytest.mark.services
DATABASE = "bridgescore_two_servers"


@pytest.fixture
def shared(services: tuple[str, str]) -> Iterator[dict[str, str]]:
    with servers.shared_services(*services, DATABASE, redis_db=15) as env:
        yield env


def test_two_servers_share_live_messages_and_sessions(shared: dict[str, str],
                                                     tmp_path: Path) -> None:
    # Each server has its own data directory: nothing on disk is shared.
    env_a = servers.server_env(tmp_path / "a", **shared)
    env_b = servers.server_env(tmp_path / "b", **shared)
    a = servers.start(env_a, tmp_path)  # migrates the shared database
    try:
        token = _createuser(env_a)
        b = servers.start(env_b, tmp_path, migrate=False)
        try:
            for server in (a, b):
                health = requests.get(server.url + "/healthz", timeout=5).json()
                assert health["database"]["backend"] == "postgresql"
                assert health["channel_layer"]["backend"] == "SharingRedisPubSubLayer"

            auth = {"Authorization": f"Bearer {token}"}
            with connect(f"ws://127.0.0.1:{b.port}/ws/ping", additional_headers=auth,
                         origin=Origin(f"http://127.0.0.1:{b.port}")) as on_b, \
                    connect(f"ws://127.0.0.1:{a.port}/ws/ping", additional_headers=auth,
                            origin=Origin(f"http://127.0.0.1:{a.port}")) as on_a:
                on_b.send(json.dumps({"type": "ping", "data": "ready?"}))
                assert json.loads(on_b.recv(timeout=5)) == {"type": "pong", "data": "ready?"}
                on_a.send(json.dumps({"type": "publish", "data": {"board": 3, "from": "A"}}))
                assert json.loads(on_b.recv(timeout=5)) == {
                    "type": "published", "data": {"board": 3, "from": "A"}}
                assert json.loads(on_a.recv(timeout=5))["type"] == "published"

            # Log in on A (with its CSRF cookie), then use the session on B.
            web = requests.Session()
            page = web.get(a.url + "/account/login/", timeout=5).text
            match = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
            assert match is not None
            r = web.post(a.url + "/account/login/", timeout=5, allow_redirects=False,
                         data={"username": "bob", "password": PASSWORD,
                               "csrfmiddlewaretoken": match.group(1)},
                         headers={"Referer": a.url + "/account/login/"})
            assert r.status_code == 302, r.text[:500]
            me = web.get(b.url + "/api/me", timeout=5)
            assert me.status_code == 200 and me.json()["username"] == "bob"
            assert me.json()["clubs"][0]["slug"] == "north"
        finally:
            b.stop()
    finally:
        a.stop()


PASSWORD = "two-servers-one-database"


def _createuser(env: dict[str, str]) -> str:
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-m", "bridgescore", "web", "createuser", "bob", "--role", "member",
         "--club", "north", "--password-stdin"],
        env=env, input=PASSWORD + "\n", capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()
