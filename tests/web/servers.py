"""Real app servers for the tests: ``bridgescore web serve`` in a subprocess on a free port.

The servers of one pytest-xdist worker share one directory of collected static files (under
./var, one a worker, kept between runs: collectstatic runs again only when a static file
changed).  The demo club is loaded once a test run, into a template directory that every
demo site copies (``demo_site``): loading it takes far longer than copying its database.
Servers start with the robots' and the next board's pauses at 0; a test about a pause sets
its own.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
# The pytest-xdist worker ("gw0", "gw1", …; "main" without xdist): its own static files and
# its own scratch databases, so that two workers never write the same place.
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "main")
STATIC_ROOT = REPO / "var" / f"test-static-{WORKER}"
# The test servers' settings module (the site's, with a fast password hasher).
SERVER_PATH = Path(__file__).resolve().parent / "serverpath"
SECRET = "test-only-secret-key-not-for-any-real-server-0123456789"


def worker_redis_db(number: int) -> int:
    """A test's Redis database number moved down by 4 for each worker after the first (gw1:
    14 → 10), so that two workers' servers never share channel groups."""
    index = int(WORKER[2:]) if WORKER.startswith("gw") else 0
    return number - 4 * index


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def server_env(data_dir: Path, **extra: str) -> dict[str, str]:
    """A server's environment: its data directory, the worker's static files, no pauses
    (robots act and the next board comes at once) unless ``extra`` says otherwise, the
    rule-of-thumb robots (the pages' tests script the person's moves and answer no robot's
    claim; the fair robots on the platform are tested at the socket, test_thinking.py), and
    the test servers' settings (serverpath/bridgescore_test_server.py: a fast password
    hasher)."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("DATABASE_URL", "REDIS_URL", "BRIDGESCORE_SECRET_KEY")}
    env.update(BRIDGESCORE_DATA_DIR=str(data_dir), BRIDGESCORE_STATIC_ROOT=str(STATIC_ROOT),
               BRIDGESCORE_LOG_LEVEL="warning", DJANGO_SETTINGS_MODULE="bridgescore_test_server",
               PYTHONPATH=os.pathsep.join(p for p in (str(SERVER_PATH), os.environ.get("PYTHONPATH"))
                                          if p),
               BRIDGESCORE_PLAY_ROBOT_SECONDS="0", BRIDGESCORE_PLAY_NEXT_BOARD_SECONDS="0",
               BRIDGESCORE_PLAY_ROBOT_SOLVER="simple")
    env.update(extra)
    return env


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Held by one process at a time (the workers of a run wait on each other)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The directory the whole test run shares: the workers' common parent under xdist."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if WORKER != "main" else base


# The demo's robot team match (vugraph.demo) played to its end once, in the template: else
# every server started on a copy would have its eight robots play it again from the start
# (about 5 s of a core each time, beside the test that server is for).  The vugraph's browser
# test makes its own match.
PLAY_OUT = """
import django
django.setup()
from django.conf import settings
from bridgescore.web.play import services as play
from bridgescore.web.play import robots as play_robots
from bridgescore.web.play.models import PlayTable
from bridgescore.web.play.vugraph.demo import NAME_EN
settings.BRIDGESCORE_PLAY_ROBOT_SECONDS = 0
settings.BRIDGESCORE_PLAY_NEXT_BOARD_SECONDS = 0
settings.BRIDGESCORE_PLAY_ROBOT_SOLVER = "simple"
tables = list(PlayTable.objects.filter(event__name_en=NAME_EN))
assert len(tables) == 2, tables
for t in tables:
    for _ in range(5000):
        if play_robots.robot_turn(int(t.pk)) is None and play_robots.wake(int(t.pk)) is None:
            break
    assert t.played.filter(finished__isnull=False).count() == t.boards, t
"""


def demo_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data directory with the demo club loaded (``web prepare`` then ``web demo``), made
    by the first worker that asks and then kept for the run; copy it, never serve it.
    ``make test`` names it in ``BRIDGESCORE_TEST_DEMO`` and has it made before the workers
    start (tests/phases.py), beside the lint, the types and the collection."""
    given = os.environ.get("BRIDGESCORE_TEST_DEMO")
    return build_template(Path(given) if given else
                          run_dir(tmp_path_factory) / "demo-template")


# Kept between runs under the hash of everything the demo's database is made from: the
# package's source, this file, the test servers' settings, Python and every installed
# distribution's version.  A change to any of them makes it again; a second run of unchanged
# code copies it (the demo's load is tested by tests/web/test_cli_web.py every run).  The
# demo's data is dated from the moment it is loaded (its upcoming Swiss opens two hours later,
# its weeks end on the day it was made), so a kept copy serves only while it is young and of
# the same UTC day: from an older one, the Swiss the pages list as upcoming has begun.
MAX_AGE = 30 * 60
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "bridgescore"


def template_key() -> str:
    import hashlib
    from importlib import metadata

    h = hashlib.sha256(sys.version.encode())
    for path in sorted([*(REPO / "src" / "bridgescore").rglob("*"), Path(__file__),
                        *SERVER_PATH.glob("*.py")]):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            h.update(path.relative_to(REPO).as_posix().encode())
            h.update(path.read_bytes())
    for name in sorted(f"{d.metadata['Name']}=={d.version}" for d in metadata.distributions()):
        h.update(name.encode())
    return h.hexdigest()[:20]


def build_template(root: Path) -> Path:
    """``root``/data made once (the others wait on ``root``.lock, then find it ready)."""
    with _locked(root.with_name(root.name + ".lock")):
        if not (root / "ready").exists():
            shutil.rmtree(root, ignore_errors=True)
            kept = CACHE / f"demo-{template_key()}"
            if _young(kept / "ready"):
                shutil.copytree(kept / "data", root / "data")
            else:
                (root / "data").mkdir(parents=True)
                env = server_env(root / "data")
                bridgescore(env, "web", "prepare", "--quiet")
                bridgescore(env, "web", "demo")
                played = subprocess.run([sys.executable, "-c", PLAY_OUT], env=env,
                                        capture_output=True, text=True, timeout=300)
                assert played.returncode == 0, played.stderr
                _keep(root / "data", kept)
            (root / "ready").touch()
    return root / "data"


def _young(ready: Path) -> bool:
    """Whether the kept template marked by ``ready`` may still be served (see MAX_AGE)."""
    import datetime as dt

    if not ready.exists():
        return False
    made = ready.stat().st_mtime
    day = dt.datetime.fromtimestamp(made, dt.UTC).date()
    return (time.time() - made < MAX_AGE
            and day == dt.datetime.now(dt.UTC).date())


def _keep(data: Path, kept: Path) -> None:
    """``data`` copied to the cache as ``kept`` (whole or not at all), the older ones gone."""
    for old in CACHE.glob("demo-*"):
        shutil.rmtree(old, ignore_errors=True)
    part = kept.with_name(kept.name + ".part")
    shutil.rmtree(part, ignore_errors=True)
    shutil.copytree(data, part / "data")
    (part / "ready").touch()
    part.rename(kept)


def demo_site(tmp_path_factory: pytest.TempPathFactory, name: str,
              **extra: str) -> tuple[Server, dict[str, str], Path]:
    """A server on a copy of the demo club: the server, its environment, its data directory."""
    data = tmp_path_factory.mktemp(name)
    template = demo_template(tmp_path_factory)
    for f in template.iterdir():  # the SQLite file (the demo's process closed it) and the key
        shutil.copy2(f, data / f.name)
    env = server_env(data, **extra)
    # The worker's static files may be older than the template's (another worker made it).
    return start(env, data, migrate=True), env, data


@contextmanager
def shared_services(pg_url: str, redis_url: str, database: str,
                    redis_db: int) -> Iterator[dict[str, str]]:
    """A scratch PostgreSQL database and a Redis database for app servers to share: the
    environment they all get (dropped afterwards).  The name carries the test run's own
    database (``PG_URL``'s), so runs from two checkouts on one server keep apart."""
    import psycopg

    base, own = pg_url.rsplit("/", 1)
    name = database if own in ("", "test") else f"{database}_{own}"
    if WORKER != "main":
        name = f"{name}_{WORKER}"
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {name}")
    try:
        yield {"DATABASE_URL": f"{base}/{name}",
               "REDIS_URL": redis_url.rsplit("/", 1)[0] + f"/{worker_redis_db(redis_db)}",
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


if __name__ == "__main__":  # python -m tests.web.servers DIR: the demo template, made ahead
    build_template(Path(sys.argv[1]))
