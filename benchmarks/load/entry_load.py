"""Load and crash test of score entry: many tables entering a session at once against the
real ASGI server, a ``kill -9`` of the server in the middle, and a count of what survived.

The driver (this process) needs no Django: it starts ``bridgescore web serve`` on loopback
against a fresh SQLite data directory or a scratch PostgreSQL database, has a subprocess
(``python -m benchmarks.load.entry_load setup``) create the sessions through the services,
then runs one asyncio task per table that enters its boards round by round through the
JSON API (``POST /api/tables/{secret}/entries``) on a keep-alive connection of its own, as a
phone would, each entry with its own idempotency key;
a connection error or a 5xx is retried with the same key until it is acknowledged.  Every
acknowledged (2xx) entry is recorded with its sequence number; at the end another
subprocess (``count``) reads the database and checks that every acknowledged entry is
there with its number, that no board got two results and that every board was entered.

A field can be split into several sessions of at most ``Plan.section`` tables (a library
Mitchell has at most ``MAX_MITCHELL_TABLES``, 200), all played at once on the one server.
With ``ranking_probes``, another Django process (another app server) times the ranking of
the biggest session after entries it makes while the tables are entering.

Used by ``tests/web/load`` (small) and ``benchmarks/bench_web_entry.py`` (full size).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SECRET_KEY = "load-test-only-secret-key-not-for-any-real-server-0123456789"
CHECKOUT = Path(__file__).resolve().parents[2]  # benchmarks.load.* is importable from here
MAX_SECTION = 200  # the library's MAX_MITCHELL_TABLES (checked by the setup step)


@dataclass(frozen=True, slots=True)
class Plan:
    """What to run.  ``tables`` in all (sessions of at most ``section`` tables each)."""

    tables: int = 10
    rounds: int = 3
    boards_per_round: int = 2
    section: int = MAX_SECTION
    database_url: str = ""  # a PostgreSQL server's URL (a scratch database is made); "" SQLite
    kill_at: float | None = None  # SIGKILL the server once this share of entries is in
    ranking_probes: int = 0  # entries timed from POST to a ranking that shows them
    probe_start: float = 0.2  # the probes begin once this share of the session is in
    rate: float | None = None  # entries a second offered by all tables together (paced);
    # None: each table sends its next entry as soon as the last is answered (the most the
    # server takes: latency is then the queue of all tables, Little's law)
    timeout: float = 600.0  # the whole load, seconds
    static_root: Path | None = None  # collected static files (shared between runs)
    sqlite_synchronous: str = ""  # BRIDGESCORE_SQLITE_SYNCHRONOUS for the server ("" default)

    def sections(self) -> list[int]:
        full, rest = divmod(self.tables, self.section)
        sizes = [self.section] * full + ([rest] if rest else [])
        if sizes and sizes[-1] < 3:  # a Mitchell needs 3 tables: even the last two out
            sizes[-2:] = [sizes[-2] - (3 - sizes[-1]), 3]
        return sizes


@dataclass
class Report:
    """What happened, and what the database holds afterwards."""

    backend: str
    plan: Plan
    sessions: int = 0
    expected: int = 0  # boards to enter
    acknowledged: int = 0
    attempts: int = 0
    retries: int = 0
    refused: list[str] = field(default_factory=list)  # unexpected 4xx answers
    latencies: list[float] = field(default_factory=list)  # seconds, acknowledged requests
    seconds: float = 0.0  # first request to last acknowledgement
    kills: int = 0
    acknowledged_before_kill: int = 0
    downtime: float = 0.0  # kill to the restarted server's first acknowledgement
    server_start: float = 0.0
    missing: int = 0  # acknowledged, not in the database
    wrong_seq: int = 0  # in the database under another number than acknowledged
    duplicates: int = 0  # boards with more than one result
    stored: int = 0  # result rows in the database
    filled: int = 0  # boards with a result
    ranking: list[float] = field(default_factory=list)  # seconds, POST → ranking showing it
    ranking_cold: float = 0.0  # a new process's first ranking of the full session
    ranking_tables: int = 0
    server_errors: int = 0  # "Internal Server Error" lines in the server's log (5xx)
    server_cpu: float = 0.0  # CPU seconds the server processes used during the load
    client_cpu: float = 0.0  # CPU seconds this driver used
    load_average: float = 0.0  # the machine's (other work shares its two cores)

    def percentile(self, p: float, values: Sequence[float] | None = None) -> float:
        xs = sorted(self.latencies if values is None else values)
        if not xs:
            return float("nan")
        # Nearest rank: the smallest value with at least p % of the values at or below it.
        k = max(0, min(len(xs) - 1, -(-len(xs) * p // 100) - 1))
        return xs[int(k)]

    @property
    def rate(self) -> float:
        """Acknowledged entries a second over the load (the restart's downtime left out)."""
        busy = self.seconds - self.downtime
        return self.acknowledged / busy if busy > 0 else 0.0

    @property
    def sound(self) -> bool:
        return (self.missing == 0 and self.wrong_seq == 0 and self.duplicates == 0
                and not self.refused and self.server_errors == 0
                and self.acknowledged == self.expected == self.filled)

    def lines(self) -> list[str]:
        ms = [1000 * self.percentile(p) for p in (50, 95, 99)]
        paced = (f", offered at {self.plan.rate:.0f} entries/s" if self.plan.rate
                 else ", each table as fast as the server answers")
        out = [
            f"{self.backend}: {self.plan.tables} tables ({self.sessions} sessions) × "
            f"{self.plan.rounds} rounds × {self.plan.boards_per_round} boards = "
            f"{self.expected} entries{paced}",
            f"  acknowledged {self.acknowledged} in {self.seconds:.1f} s: "
            f"{self.rate:.0f} confirmed entries/s; latency p50 {ms[0]:.1f} ms, "
            f"p95 {ms[1]:.1f} ms, p99 {ms[2]:.1f} ms ({self.attempts} requests, "
            f"{self.retries} retried)",
        ]
        if self.acknowledged:
            per_core = self.acknowledged / self.server_cpu if self.server_cpu else 0.0
            out.append(f"  server CPU {1000 * self.server_cpu / self.acknowledged:.2f} ms an "
                       f"entry (≈ {per_core:.0f}"
                       f" entries/s on a core of its own), {self.server_errors} server "
                       f"errors; driver CPU "
                       f"{1000 * self.client_cpu / self.acknowledged:.2f} ms; load average "
                       f"{self.load_average:.1f}")
        if self.kills:
            out.append(f"  kill -9 after {self.acknowledged_before_kill} acknowledged; "
                       f"back in {self.downtime:.1f} s (server start {self.server_start:.1f} s)")
        out.append(f"  database: {self.stored} rows, {self.filled} boards entered; "
                   f"{self.missing} acknowledged missing, {self.wrong_seq} under another "
                   f"number, {self.duplicates} duplicates, {len(self.refused)} refused")
        if self.ranking:
            r = [1000 * self.percentile(p, self.ranking) for p in (50, 95)]
            out.append(f"  ranking of a {self.ranking_tables}-table session after an entry: "
                       f"median {r[0]:.0f} ms, p95 {r[1]:.0f} ms, max "
                       f"{1000 * max(self.ranking):.0f} ms (first ranking in a new process "
                       f"{1000 * self.ranking_cold:.0f} ms)")
        return out


# ---------------------------------------------------------------------------- what to enter


def result_for(key: str) -> dict[str, str]:
    """A possible result, the same for the same key (a retry sends the same body)."""
    rng = random.Random(key)
    level = rng.randint(1, 5)
    strain = rng.choice(["C", "D", "H", "S", "NT"])
    outcome = rng.randint(-2, min(2, 7 - level))
    suit, rank = rng.choice("SHDC"), rng.choice("23456789TJQKA")
    return {"contract": f"{level}{strain}", "declarer": rng.choice("NESW"),
            "lead": suit + rank, "result": "=" if outcome == 0 else f"{outcome:+d}"}


def key_for(event: int, table: int, round: int, board: int) -> str:
    return f"load-e{event}-t{table}-r{round}-b{board}"


# ---------------------------------------------------------------------------- counting


@dataclass(frozen=True, slots=True)
class Counts:
    missing: int
    wrong_seq: int
    duplicates: int
    stored: int
    filled: int


Row = tuple[str | None, int, int | None, int | None, int | None, str]


def count(acks: Mapping[str, int], rows: Iterable[Row]) -> Counts:
    """Check the database's rows (key, seq, round, table, board, kind) of one session
    against the acknowledged entries (key → seq)."""
    by_key: dict[str, int] = {}
    slots: dict[tuple[int | None, int | None, int | None], int] = {}
    stored = 0
    for key, seq, round, table, board, kind in rows:
        stored += 1
        if key is not None:
            by_key[key] = seq
        if kind == "enter":
            slots[(round, table, board)] = slots.get((round, table, board), 0) + 1
    missing = sum(1 for k in acks if k not in by_key)
    wrong = sum(1 for k, seq in acks.items() if k in by_key and by_key[k] != seq)
    duplicates = sum(n - 1 for n in slots.values() if n > 1)
    return Counts(missing, wrong, duplicates, stored, len(slots))


# ---------------------------------------------------------------------------- the server


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    env: dict[str, str]
    log: Path
    port: int = 0
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, migrate: bool, timeout: float = 120.0) -> float:
        """Start ``bridgescore web serve`` and wait for its health check; seconds taken."""
        t0 = time.perf_counter()
        self.port = self.port or free_port()
        args = [sys.executable, "-m", "bridgescore", "web", "serve", "--port", str(self.port)]
        if not migrate:
            args.append("--no-migrate")
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(args, env=self.env, stdout=out,
                                            stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited ({self.process.returncode}):\n"
                                   f"{self.log.read_text(errors='replace')[-3000:]}")
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=2) as r:
                    if r.status == 200:
                        return time.perf_counter() - t0
            except OSError:
                time.sleep(0.05)
        self.kill()
        raise RuntimeError(f"server did not answer in {timeout} s")

    cpu_before: float = 0.0  # CPU seconds of processes killed or stopped

    def cpu(self) -> float:
        """CPU seconds the server processes have used (from /proc, Linux)."""
        used = self.cpu_before
        if self.process is not None and self.process.poll() is None:
            try:
                fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1]
                utime, stime = fields.split()[11:13]
                used += (int(utime) + int(stime)) / os.sysconf("SC_CLK_TCK")
            except (OSError, ValueError):
                # The process ended between the check and the read: its last figure is in
                # cpu_before when it was killed or stopped; an exit of its own adds nothing.
                return used
        return used

    def kill(self) -> None:
        """``kill -9``: no chance to flush or finish anything."""
        if self.process is not None and self.process.poll() is None:
            self.cpu_before = self.cpu()
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


def server_env(data_dir: Path, plan: Plan, database_url: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DATABASE_URL", "REDIS_URL", "BRIDGESCORE_SECRET_KEY")}
    env.update(BRIDGESCORE_DATA_DIR=str(data_dir), BRIDGESCORE_LOG_LEVEL="warning",
               BRIDGESCORE_SECRET_KEY=SECRET_KEY,
               BRIDGESCORE_STATIC_ROOT=str(plan.static_root or data_dir / "static"),
               DJANGO_SETTINGS_MODULE="bridgescore.web.settings")
    if database_url:
        env["DATABASE_URL"] = database_url
    if plan.sqlite_synchronous:
        env["BRIDGESCORE_SQLITE_SYNCHRONOUS"] = plan.sqlite_synchronous
    return env


@contextmanager
def scratch_database(admin_url: str) -> Iterator[str]:
    """A new PostgreSQL database on the server ``admin_url`` names; dropped afterwards."""
    import psycopg

    name = f"bridgescore_load_{os.getpid()}"
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {name}")
    try:
        yield admin_url.rsplit("/", 1)[0] + "/" + name
    finally:
        with psycopg.connect(admin_url, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def step_env(env: dict[str, str]) -> dict[str, str]:
    """``env`` for a Django step, run as ``python -m benchmarks.load.…``: the checkout on the
    ``PYTHONPATH`` (the driver is not in the package; whatever directory the run started in)."""
    path = env.get("PYTHONPATH")
    return {**env, "PYTHONPATH": str(CHECKOUT) + (os.pathsep + path if path else "")}


def _django_step(env: dict[str, str], step: str, payload: Any) -> Any:
    """Run one Django step of this module in a subprocess (JSON in, JSON out)."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(payload, f)
    try:
        done = subprocess.run([sys.executable, "-m", "benchmarks.load.entry_load", step, f.name],
                              env=step_env(env), capture_output=True, text=True, timeout=900)
    finally:
        os.unlink(f.name)
    if done.returncode != 0:
        raise RuntimeError(f"loadtest {step} failed:\n{done.stderr[-4000:]}")
    return json.loads(done.stdout)


# ---------------------------------------------------------------------------- the tables


@dataclass
class _Load:
    report: Report
    acks: dict[int, dict[str, int]]  # event → key → seq
    started: float = 0.0
    last_ack: float = 0.0
    down_since: float | None = None


class _Connection:
    """One phone's keep-alive HTTP/1.1 connection, on asyncio's streams.

    A general client (httpx) spends more CPU a request than the server's whole entry once
    there are hundreds of connections in one pool, and the driver shares the machine's two
    cores with the server: so each table has one plain connection, as a phone would.  Any
    failure closes it; the caller sends the same entry again (the same idempotency key)."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self, path: str, body: bytes) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        try:
            self.writer.write(
                f"POST {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
                .encode() + body)
            head = await self.reader.readuntil(b"\r\n\r\n")
            lines = head.decode("latin-1").split("\r\n")
            status = int(lines[0].split(" ", 2)[1])
            length, close = 0, False
            for line in lines[1:]:
                name, _, value = line.partition(":")
                name = name.strip().lower()
                if name == "content-length":
                    length = int(value)
                elif name == "connection" and value.strip().lower() == "close":
                    close = True
            data = await self.reader.readexactly(length)
        except BaseException:
            self.close()
            raise
        if close:
            self.close()
        return status, data

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


_TRANSPORT_ERRORS = (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError,
                     ValueError, IndexError)


async def _table(server: Server, load: _Load, event: int,
                 table: Mapping[str, Any], pace: tuple[float, float] | None) -> None:
    """One table's phone: its boards in order, each retried until acknowledged.  ``pace``:
    (first send, seconds between sends) on the clock of ``time.perf_counter``."""
    report = load.report
    connection = _Connection("127.0.0.1", server.port)
    path = f"/api/tables/{table['secret']}/entries"
    k = 0
    try:
        for round, boards in table["rounds"]:
            for board in boards:
                if pace is not None:
                    delay = pace[0] + k * pace[1] - time.perf_counter()
                    if delay > 0:
                        await asyncio.sleep(delay)
                k += 1
                key = key_for(event, table["number"], round, board)
                body = json.dumps({"round": round, "board": board, **result_for(key),
                                   "idempotency_key": key}).encode()
                tries = 0
                while True:
                    report.attempts += 1
                    t0 = time.perf_counter()
                    answer: tuple[int, bytes] | None
                    try:
                        answer = await asyncio.wait_for(connection.post(path, body), 30.0)
                    except (TimeoutError, *_TRANSPORT_ERRORS):
                        answer = None
                    t1 = time.perf_counter()
                    if answer is not None and answer[0] in (200, 201):
                        seq = int(json.loads(answer[1])["seq"])
                        load.acks[event][key] = seq
                        report.acknowledged += 1
                        report.latencies.append(t1 - t0)
                        load.last_ack = t1
                        if load.down_since is not None and t0 > load.down_since:
                            # The first answer to a request sent after the kill.
                            report.downtime += t1 - load.down_since
                            load.down_since = None
                        break
                    if answer is not None and answer[0] < 500:
                        report.refused.append(
                            f"{key}: {answer[0]} {answer[1][:200].decode(errors='replace')}")
                        break
                    # Connection refused or reset, or a 5xx: the same entry again, same key.
                    report.retries += 1
                    tries += 1
                    await asyncio.sleep(min(0.5, 0.02 * 2 ** min(tries, 5)))
    finally:
        connection.close()


async def _killer(server: Server, load: _Load, at: int) -> None:
    report = load.report
    while report.acknowledged < at:
        await asyncio.sleep(0.002)
    server.kill()
    load.down_since = time.perf_counter()
    report.kills += 1
    report.acknowledged_before_kill = report.acknowledged
    report.server_start = await asyncio.to_thread(server.start, False)


async def _drive(server: Server, sessions: Sequence[Mapping[str, Any]], plan: Plan,
                 load: _Load, env: dict[str, str],
                 probe: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """Run the tables (and the kill); the ranking probes' figures, if asked for."""
    prober = None
    if probe is not None:
        # The other app server is up before the session starts (its start-up is no part of
        # the load): the tables begin once it says it is ready.
        prober = await _Prober.start(env, probe)
    tables = [(s["event"], t) for s in sessions for t in s["tables"]]
    cpu0, server0 = time.process_time(), server.cpu()
    load.started = time.perf_counter()
    interval = len(tables) / plan.rate if plan.rate else 0.0
    tasks = [asyncio.create_task(_table(
        server, load, e, t,
        (load.started + interval * i / len(tables), interval) if plan.rate else None))
        for i, (e, t) in enumerate(tables)]
    if plan.kill_at is not None:
        tasks.append(asyncio.create_task(
            _killer(server, load, max(1, int(plan.kill_at * load.report.expected)))))
    await asyncio.wait_for(asyncio.gather(*tasks), plan.timeout)
    load.report.client_cpu = time.process_time() - cpu0
    load.report.server_cpu = server.cpu() - server0
    load.report.load_average = os.getloadavg()[0]
    load.report.seconds = load.last_ack - load.started
    return await prober.result() if prober is not None else None


@dataclass
class _Prober:
    """The ranking probes' process (``python -m benchmarks.load.entry_load probe``)."""

    process: asyncio.subprocess.Process
    payload_file: str

    @classmethod
    async def start(cls, env: dict[str, str], payload: Mapping[str, Any]) -> _Prober:
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump(payload, f)
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "benchmarks.load.entry_load", "probe", f.name, env=step_env(env),
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        assert process.stdout is not None
        line = await asyncio.wait_for(process.stdout.readline(), 300)
        if line.strip() != b"ready":
            err = await process.stderr.read() if process.stderr else b""
            raise RuntimeError(f"loadtest probe did not start:\n{err.decode()[-4000:]}")
        return cls(process, f.name)

    async def result(self) -> dict[str, Any]:
        try:
            out, err = await asyncio.wait_for(self.process.communicate(), 900)
        finally:
            os.unlink(self.payload_file)
        if self.process.returncode != 0:
            raise RuntimeError(f"loadtest probe failed:\n{err.decode()[-4000:]}")
        result: dict[str, Any] = json.loads(out)
        return result


def run(plan: Plan, work: Path | None = None) -> Report:
    """Run ``plan``; the report (check ``report.sound``)."""
    with tempfile.TemporaryDirectory(prefix="bridgescore-load-") as tmp:
        base = Path(work or tmp)
        base.mkdir(parents=True, exist_ok=True)
        if plan.database_url:
            with scratch_database(plan.database_url) as url:
                return _run(plan, base, url, "PostgreSQL")
        return _run(plan, base, "", "SQLite")


def _run(plan: Plan, base: Path, database_url: str, backend: str) -> Report:
    env = server_env(base / "data", plan, database_url)
    (base / "data").mkdir(exist_ok=True)
    server = Server(env, base / "server.log")
    report = Report(backend, plan)
    probed: dict[str, Any] | None = None
    server.start(migrate=True)
    try:
        sessions = _django_step(env, "setup", {"sections": plan.sections(),
                                               "rounds": plan.rounds,
                                               "boards_per_round": plan.boards_per_round})
        report.sessions = len(sessions)
        report.expected = sum(len(b) for s in sessions for t in s["tables"]
                              for _, b in t["rounds"])
        load = _Load(report, {s["event"]: {} for s in sessions})
        # The ranking probes run in a Django process of their own (another app server
        # reading the rows), while the tables enter: once a share of the biggest session's
        # boards is in.
        biggest = max(sessions, key=lambda s: len(s["tables"]))
        share = sum(len(b) for t in biggest["tables"] for _, b in t["rounds"])
        probe = None
        if plan.ranking_probes:
            probe = {"url": server.url, "event": biggest["event"], "tables": biggest["tables"],
                     "n": plan.ranking_probes, "start_rows": int(plan.probe_start * share)}
        probed = asyncio.run(_drive(server, sessions, plan, load, env, probe))
        # One more: the count of what the database holds.
        counted = _django_step(env, "count", {str(e): a for e, a in load.acks.items()})
    finally:
        server.stop()
        report.server_errors = server.log.read_text(errors="replace").count(
            "Internal Server Error")
    if probed is not None:
        report.ranking, report.ranking_cold = probed["times"], probed["cold"]
        report.ranking_tables = len(biggest["tables"])
    for c in counted:
        report.missing += c["missing"]
        report.wrong_seq += c["wrong_seq"]
        report.duplicates += c["duplicates"]
        report.stored += c["stored"]
        report.filled += c["filled"]
    return report


# ---------------------------------------------------------------------------- Django steps


def _setup(payload: Mapping[str, Any]) -> list[dict[str, Any]]:
    import datetime

    from bridgescore.sessions.movements import MAX_MITCHELL_TABLES
    from bridgescore.web.accounts.models import User
    from bridgescore.web.accounts.services import create_user
    from bridgescore.web.clubs.models import Club
    from bridgescore.web.events import services
    from bridgescore.web.events import tables as secrets
    from bridgescore.web.events.models import Event

    if max(payload["sections"]) > MAX_MITCHELL_TABLES:
        raise SystemExit(f"a section has at most {MAX_MITCHELL_TABLES} tables")
    create_user("load-director", role="director", club="load", with_token=False)
    director = services.Actor(User.objects.get(username="load-director"))
    club = Club.objects.get(slug="load")
    out = []
    for i, size in enumerate(payload["sections"], 1):
        event = services.create_event(
            club, director, name_en=f"Load section {i}", date=datetime.date.today(),
            movement="mitchell", tables=size, boards_per_round=payload["boards_per_round"],
            rounds=payload["rounds"])
        services.set_status(event, director, Event.Status.RUNNING)
        lines = services.assignments_of(event)
        out.append({"event": event.pk, "tables": [
            {"number": t.number, "secret": secrets.secret(t),
             "rounds": [[a.round, list(a.boards)] for a in sorted(lines, key=lambda a: a.round)
                        if a.table == t.number]}
            for t in event.table_set.all()]})
    return out


def _count(payload: Mapping[str, Mapping[str, int]]) -> list[dict[str, int]]:
    from bridgescore.web.events.models import ResultEntry

    out = []
    for event, acks in payload.items():
        rows = ResultEntry.objects.filter(event_id=int(event)).values_list(
            "idempotency_key", "seq", "round", "table", "board", "kind")
        c = count(acks, rows)
        out.append({"missing": c.missing, "wrong_seq": c.wrong_seq, "duplicates": c.duplicates,
                    "stored": c.stored, "filled": c.filled})
    return out


def _probe(payload: Mapping[str, Any]) -> dict[str, Any]:
    """Time from an entry's POST to a ranking (``replay.state(...).standings()``, in this
    process: another app server) that includes it, while the tables are entering.  Each
    probe corrects a stored result to a passed-out board, the next one back, so the
    board's scores really change; a correction the server did not answer (the kill) is sent
    again with the same idempotency key."""
    import httpx

    from bridgescore.web.events import entries as ev_entries
    from bridgescore.web.events import replay
    from bridgescore.web.events.models import Event, ResultEntry

    event = Event.objects.get(pk=payload["event"])
    replay.state(event)  # warm: the event's movement, the library's tables
    print("ready", flush=True)
    deadline = time.monotonic() + 600
    while (ResultEntry.objects.filter(event=event).count() < payload["start_rows"]
           and time.monotonic() < deadline):
        time.sleep(0.05)
    t0 = time.perf_counter()
    replay.state(event).standings()
    cold = time.perf_counter() - t0
    secrets = {t["number"]: t["secret"] for t in payload["tables"]}
    rows = list(ResultEntry.objects.filter(event=event, kind="enter").order_by("?")[:payload["n"]])
    times = []
    with httpx.Client(timeout=30) as client:
        for i, row in enumerate(rows):
            if i:
                # A results page ranks again when it is told of a change, not all the time:
                # probing back to back would be a third process ranking flat out on the
                # machine's two cores, beside the server and the tables.
                time.sleep(payload.get("interval", 0.3))
            for j, fields in enumerate(({"contract": "pass"}, {"contract": row.result})):
                current = ev_entries.live_row(event, int(row.round or 0), int(row.table or 0),
                                              int(row.board or 0))
                assert current is not None
                url = (f"{payload['url']}/api/tables/{secrets[row.table]}/entries/"
                       f"{current.seq}/correct")
                body = {**fields, "idempotency_key": f"probe-{i}-{j}"}
                t0 = time.perf_counter()
                while True:
                    try:
                        r = client.post(url, json=body)
                    except httpx.TransportError:
                        time.sleep(0.05)
                        continue
                    if r.status_code < 500:
                        break
                    time.sleep(0.05)
                if r.status_code not in (200, 201):
                    raise SystemExit(f"probe correction refused: {r.status_code} {r.text}")
                seq = int(r.json()["seq"])
                live = replay.state(event)
                after = live.standings()
                times.append(time.perf_counter() - t0)
                if seq not in live.in_force() or not after:
                    raise SystemExit(f"the ranking does not show entry {seq}")
    return {"times": times, "cold": cold}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.load.entry_load")
    parser.add_argument("step", choices=["setup", "probe", "count"])
    parser.add_argument("payload", type=Path)
    args = parser.parse_args(argv)
    import django

    django.setup()
    payload = json.loads(args.payload.read_text())
    step = {"setup": _setup, "probe": _probe, "count": _count}[args.step]
    json.dump(step(payload), sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())

