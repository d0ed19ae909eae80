"""Races for the exactly-once tests: the same call by three threads at once, and three worker
processes on PostgreSQL released together."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

from django.db import connection


def in_threads(call: Callable[[], int], n: int = 3) -> list[int]:
    """``call`` in ``n`` threads released at once (each closing its own connection); what each
    returned, sorted.  An exception in any thread fails the test."""
    go = threading.Barrier(n)
    counts: list[int] = []
    errors: list[BaseException] = []

    def worker() -> None:
        try:
            go.wait()
            counts.append(call())
        except BaseException as e:  # reported below
            errors.append(e)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors, errors
    return sorted(counts)


def pg_url() -> str:
    """The test database's address, for worker processes."""
    s = connection.settings_dict
    return (f"postgres://{s['USER']}:{s['PASSWORD'] or ''}@{s['HOST'] or '127.0.0.1'}:"
            f"{s['PORT'] or 5432}/{s['NAME']}")


def in_processes(worker: str, args: list[str], cwd: Path, n: int = 3) -> list[int]:
    """``n`` processes running the code ``worker`` (which prints "ready", waits for a line,
    does its work and prints a count), released as close together as pipes allow; their
    counts, sorted."""
    env = {**os.environ, "DATABASE_URL": pg_url(),
           "DJANGO_SETTINGS_MODULE": "bridgescore.web.settings", "BRIDGESCORE_LOG_LEVEL": "WARNING"}
    env.pop("BRIDGESCORE_TEST_PG_URL", None)
    procs = [subprocess.Popen([sys.executable, "-c", worker, *args], env=env,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=cwd)
             for _ in range(n)]
    try:
        for p in procs:
            assert p.stdout is not None and p.stdout.readline().strip() == "ready"
        for p in procs:
            assert p.stdin is not None
            p.stdin.write("go\n")
            p.stdin.flush()
        return sorted(int(p.communicate(timeout=60)[0].strip()) for p in procs)
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
