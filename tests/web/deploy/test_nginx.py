"""The grown-up layout, tried without Docker: what deploy/compose.yaml runs, as processes.

The compose file's ``migrate`` command once (``bridgescore web prepare``: schema, static
files with hashed names and gzip copies into one directory), two app servers with
``--no-migrate`` sharing PostgreSQL and Redis, and Debian's nginx with a configuration generated from the committed
deploy/nginx.conf.  Then, through nginx: health from both upstreams and failover when one
stops, static files served by nginx itself (with the gzip copy), a log-in valid on either
server, a WebSocket whose message reaches a socket on the other server, and the client's
address passed on to the log-in throttle without letting a client choose it.
Needs PostgreSQL, Redis and nginx (marked `services`; run by `make web-test`).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from requests.adapters import HTTPAdapter
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

from .. import servers
from . import proxy

pytestmark = pytest.mark.services
DATABASE = "bridgescore_deploy"
PASSWORD = "behind-the-proxy-42"
LOCKED = "Too many failed log-ins"
WRONG = "Please enter a correct"
LIMIT = 2  # log-in failures per (name, address) before the lock


@pytest.fixture
def shared(services: tuple[str, str]) -> Iterator[dict[str, str]]:
    """The environment every container of the compose file gets (x-app's variables), with
    a scratch database named after the run's own (checkouts keep apart)."""
    with servers.shared_services(*services, DATABASE, redis_db=14) as env:
        yield env


# The static directory is kept between runs, as the compose file's volume is kept between
# upgrades: `bridgescore web prepare` collects the files again only when one of them (or the
# storage) changed, which on a fresh checkout (CI) is always.
STATIC_ROOT = servers.REPO / "var" / "deploy-static"


def env_for(data_dir: Path, static_root: Path, shared: dict[str, str]) -> dict[str, str]:
    # `bridgescore` on PATH as in the image; its own data directory per process as each
    # container has; the static directory shared as the compose file's volume is.
    env = servers.server_env(data_dir, **shared)
    env.update(BRIDGESCORE_STATIC_ROOT=str(static_root), BRIDGESCORE_LOG_LEVEL="info",
               BRIDGESCORE_LOGIN_FAILURE_LIMIT=str(LIMIT), PYTHONUNBUFFERED="1",
               PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    return env


def launch(command: list[str], env: dict[str, str], log: Path) -> servers.Server:
    port = servers.free_port()
    command = [str(port) if word == "8000" else "127.0.0.1" if word == "0.0.0.0" else word
               for word in command]
    if "--port" not in command:
        command += ["--port", str(port)]
    with log.open("wb") as out:
        process = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT)
    return servers.Server(f"http://127.0.0.1:{port}", port, process, log)


def wait_healthy(server: servers.Server, timeout: float = 90.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise AssertionError(f"server exited ({server.process.returncode}):\n"
                                 f"{server.log.read_text()}")
        try:
            with urllib.request.urlopen(server.url + "/healthz", timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"server did not answer in {timeout} s:\n{server.log.read_text()}")


class FromAddress(HTTPAdapter):
    """Connections from one loopback address: a client elsewhere on the network."""

    def __init__(self, address: str) -> None:
        self.address = address
        super().__init__()

    def init_poolmanager(self, *args: Any, **kwargs: Any) -> None:
        kwargs["source_address"] = (self.address, 0)
        super().init_poolmanager(*args, **kwargs)


def client(address: str = "127.0.0.1") -> requests.Session:
    session = requests.Session()
    session.mount("http://", FromAddress(address))
    return session


def log_in(web: requests.Session, site: str, username: str, password: str,
           attempt: str = "", **headers: str) -> requests.Response:
    """The log-in form as a browser sends it (with its Origin), from ``site``.

    ``attempt`` marks the post in the servers' access logs (?try=…, which the view ignores).
    """
    page = web.get(site + "/account/login/", timeout=10, headers=headers).text
    match = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert match is not None, page[:500]
    query = f"?try={attempt}" if attempt else ""
    return web.post(site + "/account/login/" + query, timeout=30, allow_redirects=False,
                    data={"username": username, "password": password,
                          "csrfmiddlewaretoken": match.group(1)},
                    headers={"Origin": site, "Referer": site + "/account/login/", **headers})


def refusal(response: requests.Response) -> str:
    """The log-in form's error, as plain text ("" when there is none)."""
    found = re.search(r'<ul class="errorlist[^"]*">(.*?)</ul>', response.text, re.DOTALL)
    return re.sub(r"<[^>]+>", "", found.group(1)).strip() if found else ""


def socket_on(site: str, cookie: str) -> ClientConnection:
    port = site.rsplit(":", 1)[1]
    return connect(f"ws://127.0.0.1:{port}/ws/ping", origin=Origin(site),
                   additional_headers={"Cookie": cookie}, open_timeout=10)


def test_the_compose_layout_behind_nginx(shared: dict[str, str], tmp_path: Path) -> None:
    proxy.nginx_binary()  # skip (or fail on CI) before any work when nginx is missing
    started = time.monotonic()

    # 1. The compose file's `migrate` service, once: schema, sweeping and static files.
    command, static_root = proxy.migrate_command(), STATIC_ROOT
    migrate = subprocess.run(command, env=env_for(tmp_path / "m", static_root, shared),
                             capture_output=True, text=True, timeout=300, check=False)
    assert migrate.returncode == 0, migrate.stderr
    assert "database: 0 migration(s)" not in migrate.stdout, migrate.stdout  # a new database
    manifest = json.loads((static_root / "staticfiles.json").read_text())["paths"]
    # No Brotli copies: no proxy here serves them (docs/deploy.md, "Static files").
    assert not list(static_root.rglob("*.br"))
    migrated = time.monotonic()
    created = subprocess.run(
        ["bridgescore", "web", "createuser", "bob", "--role", "member", "--club", "north",
         "--password-stdin", "--no-token"], input=PASSWORD + "\n", capture_output=True,
        text=True, timeout=60, check=False, env=env_for(tmp_path / "m", static_root, shared))
    assert created.returncode == 0, created.stderr

    # 2. Two app servers: A as docs/deploy.md's recipe without Docker starts them (the
    #    proxy on the same machine, trusted by its address), B exactly as the image's CMD
    #    (trusting any address: in compose only the proxy can reach it).
    a_cmd = ["bridgescore", "web", "serve", "--no-migrate"]
    b_cmd = proxy.image_command()
    assert b_cmd[:3] == a_cmd[:3] and "--no-migrate" in b_cmd
    a = launch(a_cmd, env_for(tmp_path / "a", static_root, shared), tmp_path / "a.log")
    b = launch(b_cmd, env_for(tmp_path / "b", static_root, shared), tmp_path / "b.log")
    nginx: proxy.Nginx | None = None
    try:
        wait_healthy(a)
        wait_healthy(b)
        nginx = proxy.start_nginx(tmp_path / "nginx", (a.port, b.port), static_root)
        site = nginx.url
        serving = time.monotonic()

        # 3. Health through nginx reaches both upstreams, with the client's address passed
        #    on (each server's access log shows the client, not nginx).
        far = client("127.0.0.5")
        for _ in range(4):
            r = far.get(site + "/healthz", timeout=10)
            assert r.status_code == 200
            assert r.json()["database"]["backend"] == "postgresql"
            assert r.json()["channel_layer"]["backend"] == "SharingRedisPubSubLayer"
        for server in (a, b):
            assert re.search(r'127\.0\.0\.5:\d+ - "GET /healthz HTTP/1\.\d" 200',
                             server.log.read_text()), f"no health check via nginx on {server.url}"

        # 4. Static files: the names the pages ask for are hashed, and nginx serves them
        #    from the shared directory with its own headers and the gzip copy.
        web = client()
        home = web.get(site + "/", timeout=10)
        assert home.status_code == 200
        assets = re.findall(r'(?:href|src)="(/static/[^"]+)"', home.text)
        assert any(path.endswith(".css") for path in assets), home.text[:1000]
        for path in assets:
            name = path.removeprefix("/static/")
            assert name in manifest.values(), f"{path} is not a collected, hashed name"
            assert re.search(r"\.[0-9a-f]{12}\.\w+$", name), path
        css = next(path for path in assets if path.endswith(".css"))
        on_disk = static_root / css.removeprefix("/static/")
        plain = web.get(site + css, headers={"Accept-Encoding": "identity"}, timeout=10)
        assert plain.status_code == 200 and plain.content == on_disk.read_bytes()
        assert plain.headers["Content-Type"].startswith("text/css")
        assert "Content-Encoding" not in plain.headers
        # `expires 365d` gives Expires and max-age=31536000; WhiteNoise sends neither.
        assert "Expires" in plain.headers
        assert "max-age=31536000" in plain.headers["Cache-Control"]
        assert "immutable" in plain.headers["Cache-Control"]
        direct = web.get(a.url + css, timeout=10)
        assert direct.status_code == 200 and "Expires" not in direct.headers
        zipped = web.get(site + css, headers={"Accept-Encoding": "gzip"}, timeout=10, stream=True)
        assert zipped.headers.get("Content-Encoding") == "gzip"
        assert zipped.raw.read(decode_content=False) == on_disk.with_name(
            on_disk.name + ".gz").read_bytes()

        # 5. A log-in through nginx, as a browser posts it (Origin with the proxy's port):
        #    the session is valid on either server.
        r = log_in(web, site, "bob", PASSWORD)
        assert r.status_code == 302, r.text[:500]
        for server in (a, b):
            me = web.get(server.url + "/api/me", timeout=10)
            assert me.status_code == 200 and me.json()["username"] == "bob", server.url
        cookie = f"sessionid={web.cookies['sessionid']}"

        # 6. A WebSocket through nginx (the upgrade passed on), and one on each server:
        #    a message published through nginx reaches both, so also the server that the
        #    proxy did not pick for it.
        with socket_on(site, cookie) as via, socket_on(a.url, cookie) as on_a, \
                socket_on(b.url, cookie) as on_b:
            for n, ws in enumerate((via, on_a, on_b)):
                ws.send(json.dumps({"type": "ping", "data": n}))
                assert json.loads(ws.recv(timeout=10)) == {"type": "pong", "data": n}
            via.send(json.dumps({"type": "publish", "data": {"board": 7, "via": "nginx"}}))
            for ws in (via, on_a, on_b):
                assert json.loads(ws.recv(timeout=10)) == {
                    "type": "published", "data": {"board": 7, "via": "nginx"}}

        # 7. The throttle counts by the client's address that nginx passes on; a client
        #    cannot choose it, neither through nginx nor by talking to a server directly.
        def served(attempt: str) -> list[str]:
            """Which servers' access logs show the log-in marked ``attempt``."""
            return [name for name, server in (("A", a), ("B", b))
                    if f"?try={attempt} " in server.log.read_text()]

        # Each attempt is two requests (the form, the post); one more request in between
        # shifts the round robin, so the next post goes to the other server.
        locked_out = client("127.0.0.2")
        for n in range(LIMIT):
            r = log_in(locked_out, site, "mallory", "guess", attempt=f"fail-{n}")
            assert r.status_code == 200 and refusal(r).startswith(WRONG), refusal(r)
            far.get(site + "/healthz", timeout=10)
        assert sorted(served("fail-0") + served("fail-1")) == ["A", "B"]
        assert refusal(log_in(locked_out, site, "mallory", "guess")).startswith(LOCKED)
        for n in range(2):
            r = log_in(locked_out, site, "mallory", "guess", attempt=f"forged-{n}",
                       **{"X-Forwarded-For": "198.51.100.7"})
            assert refusal(r).startswith(LOCKED), refusal(r)
            far.get(site + "/healthz", timeout=10)
        assert sorted(served("forged-0") + served("forged-1")) == ["A", "B"]
        assert refusal(log_in(locked_out, a.url, "mallory", "guess")).startswith(LOCKED)
        # Another client through the same nginx is not locked: the count is by client.
        r = log_in(client("127.0.0.3"), site, "mallory", "guess")
        assert refusal(r).startswith(WRONG), refusal(r)
        # A server believes X-Forwarded-For only from the proxy's address (A's default).
        r = log_in(client("127.0.0.4"), a.url, "mallory", "guess",
                   **{"X-Forwarded-For": "127.0.0.2"})
        assert refusal(r).startswith(WRONG), refusal(r)

        # 8. One app server stops: nginx passes its requests to the other.
        a.stop()
        for _ in range(4):
            assert far.get(site + "/healthz", timeout=10).status_code == 200
            me = web.get(site + "/api/me", timeout=10)
            assert me.status_code == 200 and me.json()["username"] == "bob"
        assert f"127.0.0.1:{a.port}" in nginx.error_log(), "nginx never tried the stopped server"

        # 9. Both stopped: the pages are gone, the static files are still served by nginx.
        b.stop()
        assert web.get(site + "/healthz", timeout=10).status_code == 502
        assert web.get(site + css, timeout=10).content == on_disk.read_bytes()
        finished = time.monotonic()
        print(f"\n{' '.join(command)}: {migrated - started:.1f} s, servers up "
              f"{serving - migrated:.1f} s, checks {finished - serving:.1f} s")
    finally:
        if nginx is not None:
            nginx.stop()
        b.stop()
        a.stop()
