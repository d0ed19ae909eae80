"""Do PostgreSQL and Redis answer?  ``python -m bridgescore.web.service_check PG_URL REDIS_URL``.

Used by ``make web-test`` before the runs that need them and by the tests' fixtures, so a
machine without them is told so in one clear paragraph instead of a wall of tracebacks.
Exit status 0 when both answer, 1 otherwise.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

HOW_TO_START = {
    "PostgreSQL": "pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start",
    "Redis": "redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save ''",
}


def check_postgres(url: str) -> str | None:
    """None when a connection works, else why not."""
    try:
        import psycopg
    except ModuleNotFoundError:
        return "psycopg is not installed (pip install 'bridgescore[web]')"
    try:
        with psycopg.connect(url, connect_timeout=3) as conn:
            conn.execute("SELECT 1")
    except Exception as e:
        return " ".join(str(e).split())[:300]
    return None


def check_redis(url: str) -> str | None:
    try:
        import redis
    except ModuleNotFoundError:
        return "redis is not installed (pip install 'bridgescore[web]')"
    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=3)
        client.ping()
        client.close()
    except Exception as e:
        return " ".join(str(e).split())[:300]
    return None


def report(pg_url: str, redis_url: str) -> list[str]:
    """One line per service that does not answer (empty when both do)."""
    problems = []
    for name, url, check in (("PostgreSQL", pg_url, check_postgres),
                             ("Redis", redis_url, check_redis)):
        why = check(url)
        if why is not None:
            problems.append(f"{name} at {url} is not reachable: {why}\n"
                            f"    start it with: {HOW_TO_START[name]}")
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 2:
        print("usage: python -m bridgescore.web.service_check PG_URL REDIS_URL", file=sys.stderr)
        return 2
    problems = report(args[0], args[1])
    for line in problems:
        print(line, file=sys.stderr)
    if problems:
        print("The tests that need PostgreSQL and Redis cannot run here.", file=sys.stderr)
        return 1
    print(f"PostgreSQL ({args[0]}) and Redis ({args[1]}) answer.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
