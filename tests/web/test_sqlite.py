"""Every SQLite connection runs in WAL mode with a busy timeout (the settings' own options)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.db.backends.sqlite3.base import DatabaseWrapper

from bridgescore.web import config


@pytest.fixture(autouse=True)
def _own_databases(django_db_blocker: pytest.FixtureRequest) -> Iterator[None]:
    # These tests open their own files, not the test database.
    with django_db_blocker.unblock():  # type: ignore[attr-defined]
        yield


def connect(path: Path, env: dict[str, str] | None = None) -> DatabaseWrapper:
    settings_dict = config.databases(env or {}, path)["default"]
    wrapper = DatabaseWrapper({**_DEFAULTS, **settings_dict}, alias="probe")
    wrapper.ensure_connection()
    return wrapper


_DEFAULTS: dict[str, object] = {"ATOMIC_REQUESTS": False, "AUTOCOMMIT": True, "CONN_MAX_AGE": 0,
             "CONN_HEALTH_CHECKS": False, "TIME_ZONE": None, "USER": "", "PASSWORD": "",
             "HOST": "", "PORT": "", "TEST": {}}


def pragma(wrapper: DatabaseWrapper, name: str) -> object:
    with wrapper.cursor() as cursor:
        cursor.execute(f"PRAGMA {name}")
        return cursor.fetchone()[0]


def test_each_connection_is_in_wal_mode_with_a_busy_timeout(tmp_path: Path) -> None:
    for _ in range(2):  # the second connection too, not only the one that created the file
        wrapper = connect(tmp_path)
        assert pragma(wrapper, "journal_mode") == "wal"
        assert pragma(wrapper, "busy_timeout") == 5000
        assert pragma(wrapper, "synchronous") == 2  # FULL
        wrapper.close()
    assert (tmp_path / "bridgescore.sqlite3").exists()


def test_the_timeout_and_synchronous_are_settings(tmp_path: Path) -> None:
    wrapper = connect(tmp_path, {"BRIDGESCORE_SQLITE_BUSY_TIMEOUT_MS": "750",
                                 "BRIDGESCORE_SQLITE_SYNCHRONOUS": "normal"})
    assert pragma(wrapper, "busy_timeout") == 750
    assert pragma(wrapper, "synchronous") == 1  # NORMAL
    wrapper.close()


def test_a_second_writer_waits_instead_of_failing(tmp_path: Path) -> None:
    first = connect(tmp_path)
    with first.cursor() as c:
        c.execute("CREATE TABLE t (n INTEGER)")
    errors: list[BaseException] = []

    def write(n: int) -> None:
        wrapper = connect(tmp_path)
        try:
            for i in range(20):
                with wrapper.cursor() as c:
                    c.execute("INSERT INTO t VALUES (%s)", [n * 100 + i])
        except BaseException as e:  # pragma: no cover - the failure being tested for
            errors.append(e)
        finally:
            wrapper.close()

    threads = [threading.Thread(target=write, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert pragma(first, "journal_mode") == "wal"
    with first.cursor() as c:
        c.execute("SELECT COUNT(*) FROM t")
        assert c.fetchone()[0] == 80
    first.close()
