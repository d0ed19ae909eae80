"""Online play under load, small: four tables of four players, each seat its own WebSocket
to the real ASGI server, every board played out, nothing refused, every move stored.

Not a timing test: ``benchmarks/bench_web_play.py`` runs the same driver at full size and
prints the figures.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from benchmarks.load import play_load
from benchmarks.load.play_load import Plan, choose

from .. import servers


def _check(report: play_load.Report, plan: Plan) -> None:
    assert report.errors == [] and report.server_errors == 0
    # Every table played both its boards to the end, seen by the players and stored.
    assert report.boards_done == report.stored_finished == plan.tables * plan.boards == 8
    assert report.tables_finished == plan.tables
    # A board is at least four calls; every move sent was acknowledged and stored once.
    assert report.moves >= 4 * 8 and report.acks == report.moves == report.stored_moves
    # Each move reached the table's three other seats, and each of the two spectators.
    assert len(report.latencies) == 3 * report.moves
    assert 0 < report.spectated_moves < report.moves
    assert len(report.spectator_latencies) == 2 * report.spectated_moves
    assert report.sound


@pytest.mark.skipif(bool(os.environ.get("DATABASE_URL")),
                    reason="the PostgreSQL run (make web-test): SQLite's ran in the first pass")
def test_four_tables_play_out_on_sqlite(tmp_path: Path) -> None:
    plan = Plan(tables=4, boards=2, pace=0, spectators=2, timeout=120,
                static_root=servers.STATIC_ROOT)
    _check(play_load.run(plan, tmp_path), plan)


@pytest.mark.services
def test_four_tables_play_out_on_postgresql_and_redis(services: tuple[str, str],
                                                      tmp_path: Path) -> None:
    plan = Plan(tables=4, boards=2, pace=0, spectators=2, timeout=120,
                database_url=services[0], redis_url=services[1],
                static_root=servers.STATIC_ROOT)
    report = play_load.run(plan, tmp_path)
    assert report.backend == "PostgreSQL + Redis"
    _check(report, plan)


def _view(phase: str, **kw: object) -> dict[str, object]:
    return {"phase": phase, "auction": [], "legal_calls": [], "legal_cards": [], **kw}


def test_the_choice_is_legal_and_mostly_reaches_play() -> None:
    rng = random.Random(7)
    opening = _view("auction", legal_calls=["P", "1C", "1D", "7NT", "X"][:4])
    calls = [choose(opening, rng, 0.85)["call"] for _ in range(400)]
    assert set(calls) == {"1C", "P"} and 300 < calls.count("1C") < 380  # ≈ 85 % open 1♣
    later = _view("auction", auction=[{"call": "1C"}], legal_calls=["P", "X", "1D"])
    assert choose(later, rng, 1.0) == {"type": "call", "call": "P"}
    play = _view("play", legal_cards=["HA", "H10", "H2", "HK"])
    assert choose(play, rng, 1.0) == {"type": "card", "card": "H2"}
    assert choose(_view("play", legal_cards=["SA", "ST", "SJ"]), rng, 1.0)["card"] == "ST"
