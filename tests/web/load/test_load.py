"""Load and crash test, small: tables entering at once through the real ASGI server, a
``kill -9`` of the server in the middle, a restart, and a count of the database.

``benchmarks/bench_web_entry.py`` runs the same driver at full size and prints the figures.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from benchmarks.load import entry_load
from benchmarks.load.entry_load import Plan, count, key_for, result_for

from .. import servers


def _check(report: entry_load.Report, plan: Plan) -> None:
    # A 10-table Mitchell of 3 rounds and 2 boards: 10 × 3 × 2 = 60 boards to enter.
    assert report.expected == plan.tables * plan.rounds * plan.boards_per_round == 60
    assert report.refused == [] and report.server_errors == 0  # never a 500
    assert report.acknowledged == 60 and report.filled == 60
    assert (report.missing, report.wrong_seq, report.duplicates) == (0, 0, 0)
    # The kill came while entries were still coming in, and some had to be sent again.
    assert report.kills == 1 and 0 < report.acknowledged_before_kill < 60
    # The ranking probes corrected entries through the API: 2 rows each, on top of the 60.
    assert report.stored == 60 + 2 * plan.ranking_probes
    assert len(report.ranking) == 2 * plan.ranking_probes
    assert report.sound


@pytest.mark.skipif(bool(os.environ.get("DATABASE_URL")),
                    reason="the PostgreSQL run (make web-test): SQLite's ran in the first pass")
def test_kill_under_load_loses_nothing_on_sqlite(tmp_path: Path) -> None:
    plan = Plan(tables=10, rounds=3, kill_at=0.5, ranking_probes=2, timeout=120,
                static_root=servers.STATIC_ROOT)
    _check(entry_load.run(plan, tmp_path), plan)


@pytest.mark.services
def test_kill_under_load_loses_nothing_on_postgresql(services: tuple[str, str],
                                                     tmp_path: Path) -> None:
    plan = Plan(tables=10, rounds=3, kill_at=0.5, ranking_probes=2, timeout=120,
                database_url=services[0], static_root=servers.STATIC_ROOT)
    _check(entry_load.run(plan, tmp_path), plan)


def test_the_count_finds_missing_renumbered_and_duplicate_entries() -> None:
    acks = {"a": 1, "b": 2, "c": 3, "d": 4}
    rows = [("a", 1, 1, 1, 1, "enter"), ("b", 5, 1, 1, 2, "enter"),  # b under another number
            ("c", 3, 1, 2, 3, "enter"), (None, 4, 1, 2, 3, "enter"),  # board 3 twice
            (None, 6, 1, 1, 1, "correct")]  # a correction is no second result
    got = count(acks, rows)  # d is missing
    assert (got.missing, got.wrong_seq, got.duplicates, got.stored, got.filled) == (1, 1, 1, 5, 3)
    assert count({"a": 1}, [("a", 1, 1, 1, 1, "enter")]).missing == 0


def test_sections_of_a_large_field_and_the_entries_sent() -> None:
    assert Plan(tables=200).sections() == [200]
    assert Plan(tables=200, section=50).sections() == [50, 50, 50, 50]
    assert Plan(tables=101, section=50).sections() == [50, 48, 3]  # a Mitchell needs three tables
    assert Plan(tables=10).sections() == [10]
    # A retry sends the same body; every result is a possible one.
    body = result_for(key_for(1, 2, 3, 4))
    assert body == result_for("load-e1-t2-r3-b4")
    for i in range(200):
        r = result_for(f"k{i}")
        level, outcome = int(r["contract"][0]), 0 if r["result"] == "=" else int(r["result"])
        assert 1 <= level <= 5 and -2 <= outcome <= 7 - level
