"""Two app servers sharing only PostgreSQL and Redis: an entry stored with server A's
configuration reaches a results socket on server B within seconds, and B's page and API
show the new ranking (issue 9: "an entry made through one shows up live on a results page
served by the other").

The entry is made through the services by ``bridgescore web manage shell`` in A's
environment (no HTTP entry endpoint is part of this app); the push goes from that process
through Redis to B, exactly as it would from A's own request handler.  Needs PostgreSQL and
Redis (marked ``services``; run by ``make web-test``).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests
from websockets.sync.client import connect
from websockets.typing import Origin

from ... import servers

pytestmark = pytest.mark.services
DATABASE = "bridgescore_two_servers_live"
TESTS = Path(__file__).resolve().parents[3]
PASSWORD = "two-servers-live-results"


@pytest.fixture
def shared(services: tuple[str, str]) -> Iterator[dict[str, str]]:
    with servers.shared_services(*services, DATABASE, redis_db=14) as env:
        yield env


def run(env: dict[str, str], *args: str, stdin: str | None = None) -> str:
    result = subprocess.run([sys.executable, "-m", "bridgescore", *args],
                            env={**env, "PYTHONPATH": os.pathsep.join((str(TESTS),
                                                                       env.get("PYTHONPATH", "")))},
                            input=stdin,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


MAKE = """
from bridgescore.web.accounts.models import User
from bridgescore.web.clubs.models import Club
from web.events.results import scenario as sc
d = User.objects.get(username="director")
e = sc.make_event(Club.objects.get(slug="demo"), d, travellers_live=True)
sc.enter(e, d, sc.BOARD1 + sc.BOARD2 + sc.BOARD3_FIRST)
print(e.pk)
"""

ENTER = """
from bridgescore.web.accounts.models import User
from bridgescore.web.events.models.session import Event
from web.events.results import scenario as sc
sc.enter(Event.objects.get(pk={id}), User.objects.get(username="director"), sc.BOARD3_REST[:1])
"""


def pct(ranking: dict[str, object], pair: str) -> float:
    for field in ranking["fields"]:  # type: ignore[attr-defined]
        for row in field["rows"]:
            if row["pair"] == pair:
                return float(row["percentage"])
    raise AssertionError(f"no pair {pair}")


def test_an_entry_through_a_shows_up_live_on_b(shared: dict[str, str], tmp_path: Path) -> None:
    env_a = servers.server_env(tmp_path / "a", **shared)
    env_b = servers.server_env(tmp_path / "b", **shared)
    a = servers.start(env_a, tmp_path)  # migrates the shared database
    try:
        # A club with a director (bridgescore web demo would do, but plays whole sessions).
        run(env_a, "web", "createuser", "director", "--role", "director", "--club", "demo",
            "--password-stdin", stdin=PASSWORD + "\n")
        token = run(env_a, "web", "createuser", "viewer", "--role", "member", "--club", "demo",
                    "--password-stdin", stdin=PASSWORD + "\n")
        event_id = int(run(env_a, "web", "manage", "shell", "-c", MAKE).splitlines()[-1])
        b = servers.start(env_b, tmp_path, migrate=False)
        try:
            auth = {"Authorization": f"Bearer {token}"}
            api = f"{b.url}/api/events/{event_id}/ranking"
            before = requests.get(api, headers=auth, timeout=5).json()
            # Hand-worked in scenario.py: pair 2 has 0 + 3 of 8 = 37.5 %.
            assert pct(before, "2") == 37.5
            with connect(f"ws://127.0.0.1:{b.port}/ws/events/{event_id}",
                         additional_headers=auth,
                         origin=Origin(f"http://127.0.0.1:{b.port}")) as on_b:
                hello = json.loads(on_b.recv(timeout=5))
                assert hello["type"] == "hello" and hello["seq"] == 7
                run(env_a, "web", "manage", "shell", "-c", ENTER.format(id=event_id))
                stored = time.monotonic()
                message = json.loads(on_b.recv(timeout=10))
                took = time.monotonic() - stored
                assert message["type"] == "changed" and message["seq"] == 8
                # Board 3 has two results of three: a member is not told its number.
                assert message["boards"] == []
                # Well under a second on an idle machine; generous for a loaded one.
                assert took < 8, f"the socket on B heard of the entry {took:.1f} s later"
            # 3NT N = (+400) against 120: pair 2 gets (2 + 1)·3/2 − 1 = 3.5, 6.5 of 12.
            after = requests.get(api, headers=auth, timeout=5).json()
            assert pct(after, "2") == 54.17 and pct(after, "3") == 37.5
            # B's page (a session made on B) shows the new ranking.
            web = requests.Session()
            page = web.get(b.url + "/account/login/", timeout=5).text
            match = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
            assert match is not None
            r = web.post(b.url + "/account/login/", timeout=5, allow_redirects=False,
                         data={"username": "viewer", "password": PASSWORD,
                               "csrfmiddlewaretoken": match.group(1)},
                         headers={"Referer": b.url + "/account/login/"})
            assert r.status_code == 302, r.text[:300]
            html = web.get(f"{b.url}/events/{event_id}/?part=ranking", timeout=5).text
            row = re.search(r'<tr data-pair="2">(.*?)</tr>', html, re.S)
            assert row is not None and "54.17" in row.group(1)
        finally:
            b.stop()
    finally:
        a.stop()
