"""Shared fixtures of the web tests."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from django.test.utils import override_settings

from bridgescore.web.service_check import report

PG_URL = os.environ.get("BRIDGESCORE_TEST_PG_URL", "postgres://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("BRIDGESCORE_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


@pytest.fixture(scope="session", autouse=True)
def _test_settings(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    # The real hasher takes a large fraction of a second per password on this machine;
    # the tests create dozens.  Static files are served from the apps (no collectstatic,
    # no manifest); the servers the browser tests start use the real storage.
    static_root = tmp_path_factory.mktemp("static")
    with override_settings(
        PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
        STORAGES={
            "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
            "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
        },
        STATIC_ROOT=static_root,
    ):
        yield


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix: None,
                                 tmp_path_factory: pytest.TempPathFactory) -> None:
    # On SQLite the test database is a file in WAL mode, as the site's own: Django's default
    # for tests, an in-memory database in shared-cache mode, locks whole tables and fails a
    # reader at once ("database table is locked") while another thread writes, where the
    # real database lets the reader go on and makes a second writer wait (busy_timeout).
    # The race tests must meet the database the site runs on.
    from django.conf import settings

    db = settings.DATABASES["default"]
    if db["ENGINE"] == "django.db.backends.sqlite3":
        name = tmp_path_factory.getbasetemp() / "test-database.sqlite3"
        test = db.get("TEST")
        db["TEST"] = {**(test if isinstance(test, dict) else {}), "NAME": str(name)}


@pytest.fixture(scope="session", autouse=True)
def _database_threads_closed(django_db_setup: None) -> Iterator[None]:
    # Torn down before the test database is dropped (this fixture stands on its set-up):
    # the table API's threads keep their connections open (core/dbthreads.py), and
    # PostgreSQL refuses to drop a database that has one.
    yield
    from bridgescore.web.core import dbthreads

    dbthreads.shutdown()


@pytest.fixture(scope="session")
def services() -> tuple[str, str]:
    """PostgreSQL and Redis URLs, after checking that both answer (else one clear failure)."""
    problems = report(PG_URL, REDIS_URL)
    if problems:
        pytest.fail("\n".join(problems) + "\nThese tests need PostgreSQL and Redis.",
                    pytrace=False)
    return PG_URL, REDIS_URL
