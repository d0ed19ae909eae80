"""Load test of online play: many tables of four players over real WebSockets against the
real ASGI server (``bridgescore web serve`` on loopback), each seat a socket of its own.

The driver (this process) needs no Django: it starts the server against a fresh SQLite data
directory or a scratch PostgreSQL database (with Redis as the channel layer), has a
subprocess (``python -m benchmarks.load.play_load setup``) create the accounts, their session
cookies and the tables (four players seated through ``play.services``, so the first board is
dealt), then opens one ``websockets`` connection a seat in one asyncio loop.  A seat acts
when its view says so (``to_act`` and the legal lists the server sent): the dealer opens
1♣ most of the time (else passes; a passed-out board is a short one), everyone else passes,
and in the play each seat (declarer for dummy too) plays its lowest legal card.

Pacing: each table makes one call or card every ``Plan.pace`` seconds (tables spread evenly
over that interval), or as soon as the last move arrived (``pace`` 0: the ceiling).
Latency: from a move sent to its ``update`` arriving at each of the table's other three
seats (and at each spectator).  Spectators: ``Plan.spectators`` more accounts watching table
0 over the same route.  At the end a ``count`` subprocess reads the database: every board
of every table finished, with as many stored moves as the players made.

Used by ``tests/web/load/test_play_load_small.py`` (small) and
``benchmarks/bench_web_play.py`` (full size).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .entry_load import Plan as _EntryPlan
from .entry_load import Server, scratch_database, server_env, step_env

RANKS = "23456789TJQKA"


@dataclass(frozen=True, slots=True)
class Plan:
    """What to run."""

    tables: int = 4
    boards: int = 1  # boards each table plays
    pace: float = 2.0  # seconds between two moves of one table; 0: as fast as answered
    spectators: int = 0  # accounts watching table 0 (the vugraph's crowd)
    open_share: float = 0.85  # boards the dealer opens 1♣ (else passed out: a short board)
    database_url: str = ""  # a PostgreSQL server's URL (a scratch database is made); "" SQLite
    reset_database: bool = False  # use database_url's own database, emptied first (its
    # public schema dropped: only for a database kept for this benchmark)
    redis_url: str = ""  # the channel layer with PostgreSQL ("" in-memory: one server only)
    duration: float | None = None  # stop measuring after this many seconds (None: all boards)
    timeout: float = 900.0  # the whole load, seconds
    connect_at_once: int = 20  # sockets opened at the same time while connecting
    deflate: bool = True  # permessage-deflate, as browsers negotiate it
    static_root: Path | None = None
    seed: int = 1
    db_threads: int = 0  # the server's BRIDGESCORE_DB_THREADS (0: its default)
    profile: Path | None = None  # py-spy's raw profile of the server (--gil) while it plays
    robot_tables: int = 0  # of the tables, how many seat a robot in West (the others people)
    robot_solver: str = "fair"  # those robots' card play (the platform's default: fair)
    robot_seconds: float = 0.6  # a robot's pause before it acts (the platform's default)


@dataclass
class Report:
    backend: str
    plan: Plan
    moves: int = 0  # calls and cards sent (and acknowledged)
    acks: int = 0
    errors: list[str] = field(default_factory=list)  # error messages, unexpected closes
    latencies: list[float] = field(default_factory=list)  # seconds, move → other seats
    # seconds from the update before a robot's move to the robot's move (its pause + thinking)
    robot_gaps: list[float] = field(default_factory=list)
    robot_moves: int = 0
    spectator_latencies: list[float] = field(default_factory=list)  # move → spectators
    spectated_moves: int = 0  # moves made at table 0, the spectators' table
    seconds: float = 0.0  # the measured window (first move to last update)
    connect_seconds: float = 0.0  # opening every socket
    boards_done: int = 0  # boards the players saw finish (the last update)
    boards_expected: int = 0
    stored_moves: int = 0  # Move rows in the database
    stored_finished: int = 0  # PlayBoard rows finished
    tables_finished: int = 0  # tables whose session is over (in the database)
    server_cpu: float = 0.0
    client_cpu: float = 0.0
    load_average: float = 0.0
    server_errors: int = 0  # tracebacks in the server's log
    server_pid: int = 0

    def percentile(self, p: float, values: Sequence[float] | None = None) -> float:
        xs = sorted(self.latencies if values is None else values)
        if not xs:
            return float("nan")
        k = max(0, min(len(xs) - 1, -(-len(xs) * p // 100) - 1))  # nearest rank
        return xs[int(k)]

    @property
    def rate(self) -> float:
        return self.moves / self.seconds if self.seconds > 0 else 0.0

    @property
    def offered(self) -> float:
        return self.plan.tables / self.plan.pace if self.plan.pace else 0.0

    @property
    def complete(self) -> bool:
        """Every table played every board (only asked of a run without a time bound)."""
        return (self.boards_done == self.boards_expected == self.stored_finished
                and self.tables_finished == self.plan.tables)

    @property
    def sound(self) -> bool:
        ok = not self.errors and self.server_errors == 0 and self.stored_moves >= self.acks
        return ok and (self.complete if self.plan.duration is None else self.boards_done > 0)

    def lines(self) -> list[str]:
        ms = [1000 * self.percentile(p) for p in (50, 95, 99)]
        paced = (f"one move a table every {self.plan.pace:g} s (offered {self.offered:.0f}/s)"
                 if self.plan.pace else "no pacing (each table as fast as it is answered)")
        crowd = f", {self.plan.spectators} spectators on table 0" if self.plan.spectators else ""
        out = [f"{self.backend}: {self.plan.tables} tables ({4 * self.plan.tables} players"
               f"{crowd}), {paced}",
               f"  {self.moves} calls and cards in {self.seconds:.1f} s: {self.rate:.1f}/s; "
               f"move → other seats p50 {ms[0]:.1f} ms, p95 {ms[1]:.1f} ms, p99 {ms[2]:.1f} ms "
               f"({len(self.latencies)} arrivals)"]
        if self.spectator_latencies:
            s = [1000 * self.percentile(p, self.spectator_latencies) for p in (50, 95, 99)]
            out.append(f"  move → spectators p50 {s[0]:.1f} ms, p95 {s[1]:.1f} ms, "
                       f"p99 {s[2]:.1f} ms ({len(self.spectator_latencies)} arrivals)")
        if self.robot_gaps:
            g = [1000 * self.percentile(p, self.robot_gaps) for p in (50, 95, 99)]
            out.append(f"  {self.plan.robot_tables} tables with a {self.plan.robot_solver} robot "
                       f"in West: {self.robot_moves} robot moves, the update before → the "
                       f"robot's p50 {g[0]:.0f} ms, p95 {g[1]:.0f} ms, p99 {g[2]:.0f} ms (its "
                       f"pause {1000 * self.plan.robot_seconds:.0f} ms included)")
        if self.moves:
            out.append(f"  server CPU {1000 * self.server_cpu / self.moves:.2f} ms a move "
                       f"(≈ {self.moves / self.server_cpu if self.server_cpu else 0:.0f} moves/s "
                       f"on a core of its own); driver CPU "
                       f"{1000 * self.client_cpu / self.moves:.2f} ms a move; load average "
                       f"{self.load_average:.1f}")
        out.append(f"  boards finished {self.boards_done} of {self.boards_expected} seen "
                   f"({self.stored_finished} in the database, {self.tables_finished} tables "
                   f"over); {self.stored_moves} moves stored, {self.acks} acknowledged; "
                   f"{len(self.errors)} errors, {self.server_errors} server errors; sockets "
                   f"opened in {self.connect_seconds:.1f} s")
        out += [f"  error: {e}" for e in self.errors[:5]]
        return out


# ---------------------------------------------------------------------------- choosing


def choose(view: Mapping[str, Any], rng: random.Random, open_share: float) -> dict[str, Any]:
    """The seat's message for its turn: a call or a card from the view's legal lists."""
    if view["phase"] == "auction":
        legal = view["legal_calls"]
        bids = [c for c in legal if c[:1].isdigit()]
        if not view["auction"] and bids and rng.random() < open_share:
            return {"type": "call", "call": bids[0]}  # the lowest bid (1♣)
        return {"type": "call", "call": "P" if "P" in legal else legal[0]}
    cards = view["legal_cards"]
    return {"type": "card", "card": min(cards, key=lambda c: RANKS.find(c[1:].replace("10", "T")))}


# ---------------------------------------------------------------------------- the sockets


@dataclass
class _Table:
    index: int
    id: int
    offset: float  # where in the pacing interval its moves fall
    next_at: float = 0.0
    sent: dict[tuple[int, int], float] = field(default_factory=dict)  # (board, seq) → time
    sender: dict[tuple[int, int], str] = field(default_factory=dict)  # (board, seq) → seat
    done: asyncio.Event = field(default_factory=asyncio.Event)
    boards_done: int = 0
    moves: int = 0
    unacked: int = 0  # moves sent and not yet acknowledged
    sockets: int = 4  # the table's sockets (its spectators' too)
    robot: bool = False  # West is a robot
    arrived: dict[tuple[int, int], float] = field(default_factory=dict)  # North's updates
    finished: int = 0  # sockets told the session is over

    def check_done(self) -> None:
        # Over once every socket was told so (each got every update before, in order) and
        # every move was acknowledged (an ack may come after the updates it caused).
        if self.finished == self.sockets and self.unacked == 0:
            self.done.set()


@dataclass
class _Load:
    plan: Plan
    report: Report
    url: str
    cookie_name: str
    started: float = 0.0
    last: float = 0.0
    go: asyncio.Event = field(default_factory=asyncio.Event)
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    measuring: bool = False


def _say(what: str) -> None:
    """Progress on stderr when BRIDGESCORE_PLAYLOAD_VERBOSE is set (a long run's phases)."""
    if os.environ.get("BRIDGESCORE_PLAYLOAD_VERBOSE"):
        print(f"{time.strftime('%H:%M:%S')} playload: {what}", file=sys.stderr, flush=True)


def _loads(text: str | bytes) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(text)
    return data


async def _connect(load: _Load, table_id: int, session: str) -> Any:
    from websockets.asyncio.client import connect

    host = load.url.removeprefix("http://")
    return await connect(
        f"ws://{host}/ws/play/tables/{table_id}", origin=f"http://{host}",  # type: ignore[arg-type]
        additional_headers={"Cookie": f"{load.cookie_name}={session}"},
        compression="deflate" if load.plan.deflate else None, proxy=None,
        open_timeout=60, ping_interval=None, max_queue=None)


async def _seat(load: _Load, table: _Table, ws: Any, seat: str, rng: random.Random) -> None:
    """One player: read every message; act when the latest view says it is this seat's turn."""
    plan, report = load.plan, load.report
    acted: tuple[int, int] | None = None
    last: dict[str, Any] | None = None  # the last message sent
    try:
        async for raw in ws:
            m = _loads(raw)
            kind = m.get("type")
            now = time.perf_counter()
            if kind == "error":
                report.errors.append(f"table {table.index} {seat}: {m.get('code')} {m.get('en')}")
                if m.get("code") == "busy" and last is not None and not load.stop.is_set():
                    # Not stored (the server said so): sent again, as a client would, so
                    # the table goes on; the error still counts against the run.
                    await asyncio.sleep(0.05)
                    await ws.send(json.dumps(last))
                continue
            if kind == "ack":
                report.acks += 1
                table.unacked -= 1
                table.check_done()
                continue
            if kind == "finished":
                table.finished += 1
                table.check_done()
                continue
            view = m.get("view")
            if view is None:
                continue
            at = (int(m.get("board_index", 0)), int(m.get("seq", 0)))
            if kind == "update" and table.robot and seat == "N":
                table.arrived[at] = now
                before = table.arrived.get((at[0], at[1] - 1))
                if at not in table.sender and before is not None and load.measuring:
                    report.robot_gaps.append(now - before)
                    report.robot_moves += 1
            if kind == "update":
                t0 = table.sent.get(at)
                if t0 is not None and load.measuring and table.sender.get(at) != seat:
                    report.latencies.append(now - t0)
                    load.last = now
                if view["phase"] == "done" and seat == "N":
                    table.boards_done += 1
                    report.boards_done += 1
            if seat not in view["to_act"] or view["claim"] or view["undo"] or acted == at:
                continue
            if load.stop.is_set():
                continue
            await load.go.wait()
            acted = at
            message = choose(view, rng, plan.open_share)
            message["id"] = f"{at[0]}.{at[1]}"
            if plan.pace:
                when = max(table.next_at, time.perf_counter())
                table.next_at = when + plan.pace
                delay = when - time.perf_counter()
                if delay > 0:
                    await asyncio.sleep(delay)
            if load.stop.is_set():
                continue
            table.sent[(at[0], at[1] + 1)] = time.perf_counter()
            table.sender[(at[0], at[1] + 1)] = seat
            table.unacked += 1
            last = message
            await ws.send(json.dumps(message))
            if load.measuring:
                report.moves += 1
                table.moves += 1
    except Exception as e:  # a dropped socket is an error of the run, not of the driver
        if not load.stop.is_set():
            report.errors.append(f"table {table.index} {seat}: {type(e).__name__}: {e}")


async def _spectator(load: _Load, table: _Table, ws: Any) -> None:
    report = load.report
    try:
        async for raw in ws:
            m = _loads(raw)
            if m.get("type") == "error":
                report.errors.append(f"spectator: {m.get('code')} {m.get('en')}")
            elif m.get("type") == "finished":
                table.finished += 1
                table.check_done()
            elif m.get("type") == "update" and load.measuring:
                t0 = table.sent.get((int(m["board_index"]), int(m["seq"])))
                if t0 is not None:
                    report.spectator_latencies.append(time.perf_counter() - t0)
    except Exception as e:
        if not load.stop.is_set():
            report.errors.append(f"spectator: {type(e).__name__}: {e}")


async def _drive(server: Server, setup: Mapping[str, Any], plan: Plan, report: Report) -> None:
    from websockets.exceptions import InvalidHandshake

    load = _Load(plan, report, server.url, setup["cookie_name"])
    rng = random.Random(plan.seed)
    tables = [_Table(i, t["id"], plan.pace * i / max(1, len(setup["tables"])),
                     sockets=len(t["sessions"]), robot=len(t["sessions"]) == 3)
              for i, t in enumerate(setup["tables"])]
    if tables:
        tables[0].sockets += len(setup["spectators"])
    gate = asyncio.Semaphore(plan.connect_at_once)

    async def opened(table_id: int, session: str) -> Any:
        # A refused handshake (a 500) is an error of the run; the socket is tried again, as
        # a browser reconnects, so that one refusal does not end the whole run.
        for attempt in range(5):
            try:
                async with gate:
                    return await _connect(load, table_id, session)
            except (OSError, TimeoutError, InvalidHandshake) as e:
                report.errors.append(f"table {table_id}: connect: {type(e).__name__}: {e}")
                await asyncio.sleep(0.2 * 2 ** attempt)
        return await _connect(load, table_id, session)

    t0 = time.perf_counter()
    _say(f"opening {sum(len(t['sessions']) for t in setup['tables'])} sockets and "
         f"{len(setup['spectators'])} spectators'")
    sockets = await asyncio.gather(*(
        opened(t["id"], s) for t in setup["tables"] for s in t["sessions"]))
    crowd = await asyncio.gather(*(opened(tables[0].id, s) for s in setup["spectators"]))
    report.connect_seconds = time.perf_counter() - t0
    _say(f"sockets open in {report.connect_seconds:.1f} s")
    tasks = []
    k = 0
    for table, t in zip(tables, setup["tables"], strict=True):
        for seat in "NESW"[:len(t["sessions"])]:
            tasks.append(asyncio.create_task(
                _seat(load, table, sockets[k], seat, random.Random(rng.random()))))
            k += 1
    watchers = [asyncio.create_task(_spectator(load, tables[0], ws)) for ws in crowd]
    await asyncio.sleep(0.5)  # every hello read: the sockets are all in their groups
    profiler = None
    if plan.profile is not None:
        # py-spy beside this interpreter (pip install py-spy), sampling the server only.
        spy = Path(sys.executable).with_name("py-spy")
        profiler = subprocess.Popen(
            [str(spy if spy.exists() else "py-spy"), "record", "--gil", "--nonblocking", "-f",
             "raw", "-r", "50",
             "-o", str(plan.profile), "--pid", str(report.server_pid)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    cpu0, server0 = time.process_time(), server.cpu()
    load.started = load.last = time.perf_counter()
    for table in tables:
        table.next_at = load.started + table.offset
    load.measuring = True
    load.go.set()
    waiting = [asyncio.create_task(t.done.wait()) for t in tables]
    try:
        await asyncio.wait(waiting, timeout=plan.duration or plan.timeout)
        _say(f"{sum(t.done.is_set() for t in tables)} of {len(tables)} tables finished; "
             f"{report.moves} moves, {len(report.errors)} errors")
    finally:
        load.measuring = False
        load.stop.set()
        report.client_cpu = time.process_time() - cpu0
        report.server_cpu = server.cpu() - server0
        report.load_average = os.getloadavg()[0]
        report.seconds = load.last - load.started
        report.spectated_moves = tables[0].moves if tables else 0
        for w in waiting:
            w.cancel()
        if profiler is not None:
            profiler.send_signal(signal.SIGINT)  # py-spy writes its profile on SIGINT
            await asyncio.to_thread(profiler.wait, 60)
        # Bounded: a socket the server never closes, or a player stuck, ends the run anyway.
        await asyncio.wait([asyncio.create_task(ws.close()) for ws in [*sockets, *crowd]],
                           timeout=30)
        _say("sockets closed")
        _, stuck = await asyncio.wait([*tasks, *watchers], timeout=30)
        for task in stuck:
            task.cancel()
        if stuck:
            report.errors.append(f"{len(stuck)} sockets still open after the close")
        _say("players done")
    if plan.duration is None and not all(t.done.is_set() for t in tables):
        report.errors.append(f"{sum(not t.done.is_set() for t in tables)} tables did not "
                             f"finish in {plan.timeout:.0f} s")


# ---------------------------------------------------------------------------- a run


def _django_step(env: dict[str, str], step: str, payload: Any) -> Any:
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(payload, f)
    try:
        done = subprocess.run([sys.executable, "-m", "benchmarks.load.play_load", step, f.name],
                              env=step_env(env), capture_output=True, text=True, timeout=1800)
    finally:
        os.unlink(f.name)
    if done.returncode != 0:
        raise RuntimeError(f"playload {step} failed:\n{done.stderr[-4000:]}")
    return json.loads(done.stdout)


def run(plan: Plan, work: Path | None = None) -> Report:
    """Run ``plan``; the report (check ``report.sound``)."""
    with tempfile.TemporaryDirectory(prefix="bridgescore-playload-") as tmp:
        base = Path(work or tmp)
        base.mkdir(parents=True, exist_ok=True)
        name = "PostgreSQL + Redis" if plan.redis_url else "PostgreSQL"
        if plan.database_url and plan.reset_database:
            _empty(plan.database_url)
            return _run(plan, base, plan.database_url, name)
        if plan.database_url:
            with scratch_database(plan.database_url) as url:
                return _run(plan, base, url, name)
        return _run(plan, base, "", "SQLite")


def _run(plan: Plan, base: Path, database_url: str, backend: str) -> Report:
    (base / "data").mkdir(exist_ok=True)
    env = server_env(base / "data", _EntryPlan(static_root=plan.static_root), database_url)
    if plan.db_threads:
        env["BRIDGESCORE_DB_THREADS"] = str(plan.db_threads)
    if plan.robot_tables:
        env["BRIDGESCORE_PLAY_ROBOT_SOLVER"] = plan.robot_solver
        env["BRIDGESCORE_PLAY_ROBOT_SECONDS"] = str(plan.robot_seconds)
    if plan.redis_url:
        env["REDIS_URL"] = plan.redis_url
        _flush_redis(plan.redis_url)
    server = Server(env, base / "server.log")
    report = Report(backend, plan, boards_expected=plan.tables * plan.boards)
    server.start(migrate=True)
    report.server_pid = server.process.pid if server.process else 0
    try:
        _say(f"server up; setting up {plan.tables} tables")
        setup = _django_step(env, "setup", {"tables": plan.tables, "boards": plan.boards,
                                            "spectators": plan.spectators,
                                            "robot_tables": plan.robot_tables})
        asyncio.run(asyncio.wait_for(_drive(server, setup, plan, report), plan.timeout + 300))
        counted = _django_step(env, "count", {"tables": [t["id"] for t in setup["tables"]]})
    finally:
        server.stop()
        log = server.log.read_text(errors="replace")
        report.server_errors = log.count("Traceback") + log.count("Internal Server Error")
    report.stored_moves = counted["moves"]
    report.stored_finished = counted["finished"]
    report.tables_finished = counted["tables_finished"]
    return report


def _empty(url: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("DROP SCHEMA IF EXISTS public CASCADE")
        conn.execute("CREATE SCHEMA public")


def _flush_redis(url: str) -> None:
    """The channel layer's keys of an earlier run in this Redis database go first."""
    import redis

    client = redis.Redis.from_url(url)
    try:
        for key in client.scan_iter("bridgescore*"):
            client.delete(key)
    finally:
        client.close()


# ---------------------------------------------------------------------------- Django steps


def _setup(payload: Mapping[str, Any]) -> dict[str, Any]:
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    from bridgescore.core.seat import Seat
    from bridgescore.web.accounts.models import Player, User
    from bridgescore.web.play import services
    from bridgescore.web.play import tables as play_tables
    from bridgescore.web.play.models import Room

    n, extra = int(payload["tables"]), int(payload["spectators"])
    tag = f"pl{os.getpid()}"
    users = User.objects.bulk_create(
        [User(username=f"{tag}-{i}", email=f"{tag}-{i}@example.org", password="!")
         for i in range(4 * n + extra)])
    if users and users[0].pk is None:  # a backend that does not give the keys back
        users = list(User.objects.filter(username__startswith=f"{tag}-").order_by("pk"))
    Player.objects.bulk_create([Player(user=u, name_en=f"Player {i}", name_zh=f"牌手 {i}")
                                for i, u in enumerate(users)])

    def session(user: User) -> str:
        s = SessionStore()
        s[SESSION_KEY] = str(user.pk)
        s[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
        s[HASH_SESSION_KEY] = user.get_session_auth_hash()
        s.create()
        assert s.session_key is not None
        return s.session_key

    room = Room.objects.create(name_en="Load", name_zh="负载")
    tables = []
    for i in range(n):
        four = users[4 * i:4 * i + 4]
        table = play_tables.create_table(room, four[0], name=f"load {i + 1}",
                                         boards=int(payload["boards"]))
        robot = i < int(payload.get("robot_tables", 0))
        people = four[:3] if robot else four
        for user, seat in zip(people, Seat, strict=False):
            services.sit(table, user, seat)
        if robot:
            services.fill_with_robots(table, four[0])  # West
        tables.append({"id": int(table.pk), "sessions": [session(u) for u in people]})
    return {"cookie_name": settings.SESSION_COOKIE_NAME, "tables": tables,
            "spectators": [session(u) for u in users[4 * n:]]}


def _count(payload: Mapping[str, Any]) -> dict[str, int]:
    from bridgescore.web.play.models import Move, PlayBoard, PlayTable

    ids = payload["tables"]
    return {"moves": Move.objects.filter(board__table_id__in=ids).count(),
            "finished": PlayBoard.objects.filter(table_id__in=ids,
                                                 finished__isnull=False).count(),
            "tables_finished": PlayTable.objects.filter(
                pk__in=ids, status=PlayTable.Status.FINISHED).count()}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.load.play_load")
    parser.add_argument("step", choices=["setup", "count"])
    parser.add_argument("payload", type=Path)
    args = parser.parse_args(argv)
    import django

    django.setup()
    payload = json.loads(args.payload.read_text())
    step = {"setup": _setup, "count": _count}[args.step]
    json.dump(step(payload), sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
