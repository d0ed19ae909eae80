"""The Rate's weekly-close benchmark in its quick form (100,000 results, about 12 s) runs
and prints its figures: on a scratch PostgreSQL database of its own (PostgreSQL only)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ..conftest import PG_URL

BENCH = Path(__file__).resolve().parents[3] / "benchmarks" / "bench_web_ratings.py"


def test_quick_bench_runs() -> None:
    if not os.environ.get("BRIDGESCORE_TEST_PG_URL"):
        pytest.skip("the benchmark needs PostgreSQL (BRIDGESCORE_TEST_PG_URL)")
    import psycopg

    base, _, _ = PG_URL.rpartition("/")
    name = f"bench_web_ratings_{os.getpid()}"
    with psycopg.connect(PG_URL, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {name}")
    try:
        env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
        done = subprocess.run([sys.executable, str(BENCH), "--quick", "--pg-url",
                               f"{base}/{name}"], env=env, capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 0, done.stderr
        assert "100,000 results of 10,000 players" in done.stdout
        assert "rate_week_of:" in done.stdout and "slower" in done.stdout
    finally:
        with psycopg.connect(PG_URL, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
