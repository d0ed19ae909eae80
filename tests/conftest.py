"""Shared test settings."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

# No per-example deadline: CI machines are shared and slow runs are not failures.
settings.register_profile(
    "bridgescore", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("bridgescore")


# ---- What runs where (tests/phases.py) ------------------------------------------------------
# The web suite runs on SQLite; these modules run a second time on PostgreSQL because they
# exercise what differs between the two: row locks (select_for_update, skip_locked), raw
# SQL, the transactions of the weekly closes and ledgers, migrations, the health report.
# Each line names the code it covers.  A module marked `postgres` by hand counts too.
POSTGRES_MODULES = (
    # core/sqlite.py, core/health.py, core/fastsql.py, web/config.py, migrations
    "tests/web/test_sqlite.py", "tests/web/test_database.py", "tests/web/test_healthz.py",
    "tests/web/test_fast_path.py", "tests/web/test_prepare.py",
    # accounts/throttle.py, entry/throttle.py
    "tests/web/test_login.py", "tests/web/test_throttle_sweep.py",
    "tests/web/events/entry/test_api_throttle.py",
    # events/services.py, entries.py, replay.py, events/tables.py (a result's row lock, the
    # table API)
    "tests/web/events/test_services.py", "tests/web/events/entry/test_views.py",
    "tests/web/events/results/test_views.py", "tests/web/events/results/test_api.py",
    "tests/web/load/test_tables_api.py",
    # director/moves.py, director/pairs.py
    "tests/web/events/director/test_moves.py", "tests/web/events/director/test_console.py",
    "tests/web/test_director_api.py",
    # online/groups.py
    "tests/web/compete/online/test_groups_race.py", "tests/web/compete/online/test_groups_flow.py",
    "tests/web/compete/online/test_groups_lineup.py", "tests/web/compete/online/test_groups_api.py",
    "tests/web/compete/online/test_ladder_flow.py", "tests/web/compete/online/test_handicap_room.py",
    # play/services.py (and tables.py, presence.py, robots.py, results.py), play/live.py
    "tests/web/play/test_sockets.py", "tests/web/play/test_robot_play.py", "tests/web/play/test_results_flow.py",
    "tests/web/play/test_kill.py",
    "tests/web/play/test_team_rooms.py", "tests/web/load/test_play_load_small.py",
    # compete/ledger.py, compete/services.py, compete/models.py
    "tests/web/compete/test_masterpoints.py", "tests/web/compete/test_swiss_flow.py",
    "tests/web/compete/test_pairs_flow.py", "tests/web/compete/test_clock_race.py",
    "tests/web/compete/test_swiss_robots.py", "tests/web/compete/test_kinds.py",
    # pool/services.py
    "tests/web/compete/pool/test_services.py", "tests/web/compete/pool/test_week_race.py",
    # ratings/weekly.py, copy_io.py, boards.py, rate_figures.py
    "tests/web/ratings/test_weekly.py", "tests/web/ratings/test_rate_weekly.py",
    "tests/web/ratings/test_rate.py", "tests/web/ratings/test_bench_quick.py",
    "tests/web/ratings/test_ledger.py", "tests/web/ratings/test_promotion_race.py",
    "tests/web/ratings/test_leaderboard.py", "tests/web/ratings/test_profile.py",
)


# Test time per module in seconds (two workers, 2026-12-06), for the modules that take long:
# pytest-xdist (--dist loadfile) hands out whole modules in collection order, so the longest
# go first and the short ones fill the gaps at the end.  Only the order depends on these.
LONG_MODULES = {
    "tests/web/events/director/test_console_browser.py": 170, "tests/web/events/teams/test_teams_browser.py": 150,
    "tests/web/test_compete_browser.py": 140, "tests/web/test_groups_browser.py": 100,
    "tests/web/test_vugraph_online_browser.py": 95, "tests/web/test_pool_browser.py": 80,
    "tests/web/test_play_browser.py": 90, "tests/web/events/results/test_browser.py": 80,
    "tests/render/test_handrecord_browser.py": 65, "tests/web/test_ladder_browser.py": 50,
    "tests/web/test_browser.py": 60, "tests/web/play/test_security.py": 60,
    "tests/sessions/test_movement_results.py": 60, "tests/web/test_prepare.py": 50,
    "tests/core/test_serial.py": 50, "tests/web/events/entry/test_table_browser.py": 50,
    "tests/web/test_catalogues.py": 45, "tests/robots/test_robots.py": 45, "tests/table/test_state.py": 45,
    "tests/web/play/test_kill.py": 40, "tests/web/events/files/test_print_browser.py": 40,
    "tests/table/test_views.py": 33, "tests/web/test_vugraph_browser.py": 30,
    "tests/web/test_wheel.py": 45,
}


def _module(item: pytest.Item) -> str:
    root = item.config.rootpath
    return item.path.relative_to(root).as_posix() if item.path.is_relative_to(root) else ""


def kind(item: pytest.Item) -> str:
    """The part of the suite a test is in, as tests/phases.py reports it: ``browser`` (drives
    Chromium), ``web`` (the platform without a browser) or ``library``."""
    if item.get_closest_marker("browser") is not None:
        return "browser"
    return "web" if _module(item).startswith("tests/web/") else "library"


def pytest_itemcollected(item: pytest.Item) -> None:
    # Marked as collected, before `-m` selects (pytest's own collection_modifyitems).
    if _module(item) in POSTGRES_MODULES:
        item.add_marker(pytest.mark.postgres)
    # Written into the JUnit report (a property of the test case), whichever worker ran it.
    item.user_properties.append(("kind", kind(item)))


@pytest.hookimpl(trylast=True)  # after pytest-django's own ordering (by kind of test case)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # A stable sort: within a module the order stays as collected.
    items.sort(key=lambda item: -LONG_MODULES.get(_module(item), 0))
