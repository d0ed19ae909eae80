"""Real app servers for the tests: ``bridgescore web serve`` in a subprocess on a free port.

The servers of one test run share one directory of collected static files (under ./var, kept
between runs: collectstatic runs again only when a static file changed).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
STATIC_ROOT = REPO / "var" / "test-static"
SECRET = "test-only-secret-key-not-for-any-real-server-0123456789"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def server_env(data_dir: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DATABASE_URL", "REDIS_URL", "BRIDGESCORE_SECRET_KEY")}
    env.update(BRIDGESCORE_DATA_DIR=str(data_dir), BRIDGESCORE_STATIC_ROOT=str(STATIC_ROOT),
               BRIDGESCORE_LOG_LEVEL="warning", DJANGO_SETTINGS_MODULE="bridgescore.web.settings")
    env.update(extra)
    return env


@contextmanager
def shared_services(pg_url: str, redis_url: str, database: str,
                    redis_db: int) -> Iterator[dict[str, str]]:
    """A scratch PostgreSQL database and a Redis database for app servers to share: the
    environment they all get (dropped afterwards).  The name carries the test run's own
    database (``PG_URL``'s), so runs from two checkouts on one server keep apart."""
    import psycopg

    base, own = pg_url.rsplit("/", 1)
    name = database if own in ("", "test") else f"{database}_{own}"
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {name}")
    try:
        yield {"DATABASE_URL": f"{base}/{name}",
               "REDIS_URL": redis_url.rsplit("/", 1)[0] + f"/{redis_db}",
               "BRIDGESCORE_SECRET_KEY": SECRET}
    finally:
        with psycopg.connect(pg_url, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def bridgescore(env: dict[str, str], *args: str) -> str:
    """Run the CLI in ``env``; its standard output."""
    result = subprocess.run([sys.executable, "-m", "bridgescore", *args], env=env,
                            capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        raise AssertionError(f"bridgescore {' '.join(args)}: {result.stderr}")
    return result.stdout


@dataclass
class Server:
    url: str
    port: int
    process: subprocess.Popen[bytes]
    log: Path

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(5)


def start(env: dict[str, str], log_dir: Path, *, migrate: bool = True,
          timeout: float = 90.0, port: int | None = None) -> Server:
    """``port``: a given one (a server restarted where its clients expect it), else a free one."""
    port = port or free_port()
    log = log_dir / f"server-{port}.log"
    args = [sys.executable, "-m", "bridgescore", "web", "serve", "--port", str(port)]
    if not migrate:
        args.append("--no-migrate")
    with log.open("wb") as out:
        process = subprocess.Popen(args, env=env, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"server exited ({process.returncode}):\n{log.read_text()}")
        try:
            with urllib.request.urlopen(url + "/healthz", timeout=2) as r:
                if r.status == 200:
                    return Server(url, port, process, log)
        except OSError:
            time.sleep(0.2)
    process.kill()
    raise AssertionError(f"server did not answer in {timeout} s:\n{log.read_text()}")
