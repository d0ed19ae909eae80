"""``bridgescore web prepare``: what a deployment runs before starting its servers.

Through the real command in a subprocess on a fresh SQLite data directory: the first run
migrates and collects; a second changes nothing but sweeping the throttles' expired counts
(log-ins and table secrets), keeping the counts still in their window; ``web serve`` sweeps
at its start too.  In process: the sweep itself, and the catalogues of an install that its
user may not write.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from django.test import override_settings
from django.utils import timezone

from bridgescore.core.errors import BridgeError
from bridgescore.web import setup
from bridgescore.web.accounts.models import LoginFailure
from bridgescore.web.events.models import SecretFailure

from . import servers

# Rows of both throttles: one whose window ended long ago and one still counting.
ADD_COUNTS = """
import datetime, django
django.setup()
from django.utils import timezone
from bridgescore.web.accounts.models import LoginFailure
from bridgescore.web.events.models.entry import SecretFailure
now = timezone.now()
for model, prefix in ((LoginFailure, "login"), (SecretFailure, "secret")):
    model.objects.create(key=prefix + "-old", failures=9,
                         window_start=now - datetime.timedelta(days=2))
    model.objects.create(key=prefix + "-new", failures=2, window_start=now)
"""
COUNT_KEYS = """
import django
django.setup()
from bridgescore.web.accounts.models import LoginFailure
from bridgescore.web.events.models.entry import SecretFailure
print(" ".join(sorted([*LoginFailure.objects.values_list("key", flat=True),
                       *SecretFailure.objects.values_list("key", flat=True)])))
"""


def run(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], env=env, capture_output=True, text=True,
                          timeout=300, check=False)


def keys(env: dict[str, str]) -> list[str]:
    done = run(env, "-c", COUNT_KEYS)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


@pytest.fixture
def install(tmp_path: Path) -> Iterator[dict[str, str]]:
    # Its own static directory (not the servers' shared one): the first run must collect.
    yield servers.server_env(tmp_path / "data", BRIDGESCORE_STATIC_ROOT=str(tmp_path / "static"))


def test_prepare_migrates_collects_and_sweeps_and_then_changes_nothing(
        install: dict[str, str], tmp_path: Path) -> None:
    first = run(install, "-m", "bridgescore", "web", "prepare")
    assert first.returncode == 0, first.stderr
    lines = first.stdout.splitlines()
    assert "static files: collected" in lines
    assert any(line.startswith("database: ") and not line.startswith("database: 0 ")
               for line in lines), lines
    assert (tmp_path / "static" / "staticfiles.json").exists()
    assert (tmp_path / "data" / "bridgescore.sqlite3").exists()
    # A gzip copy of each text file, no Brotli copy (no proxy of ours serves them).
    assert list((tmp_path / "static").rglob("site.*.css.gz"))
    assert not list((tmp_path / "static").rglob("*.br"))

    done = run(install, "-c", ADD_COUNTS)
    assert done.returncode == 0, done.stderr
    second = run(install, "-m", "bridgescore", "web", "prepare")
    assert second.returncode == 0, second.stderr
    assert second.stdout.splitlines() == [
        "translations: 0 catalogue(s) compiled",
        "database: 0 migration(s) applied",
        "static files: unchanged",
        "throttle: 1 expired log-in count(s) and 1 expired table-secret count(s) removed",
    ]
    assert keys(install) == ["login-new", "secret-new"]

    # Again, in Chinese: nothing left to do.
    third = run(install, "-m", "bridgescore", "--lang", "zh", "web", "prepare")
    assert third.returncode == 0, third.stderr
    assert third.stdout.splitlines() == [
        "翻译：编译了 0 个目录", "数据库：应用了 0 个迁移", "静态文件：未变，跳过",
        "限流计数：清除了 0 条过期的登录失败记录、0 条过期的桌号密钥失败记录"]
    assert run(install, "-m", "bridgescore", "web", "prepare", "--quiet").stdout == ""

    # An emptied static directory is collected again, whatever its stamp says; a Brotli copy
    # left by an earlier collection (WhiteNoise's own storage) goes, so none is served.
    (tmp_path / "static" / "staticfiles.json").unlink()
    (css,) = (tmp_path / "static").rglob("site.*.css")
    css.with_name(css.name + ".br").write_bytes(b"left over")
    again = run(install, "-m", "bridgescore", "web", "prepare")
    assert "static files: collected" in again.stdout.splitlines(), again.stdout
    assert (tmp_path / "static" / "staticfiles.json").exists()
    assert not list((tmp_path / "static").rglob("*.br"))


def test_a_database_that_cannot_be_opened_is_one_clear_line(tmp_path: Path) -> None:
    # (SQLite in a directory that is not there: a PostgreSQL server that is not there would
    # make the connection pool wait its 20 s first.)
    env = servers.server_env(tmp_path, DATABASE_URL=f"sqlite:///{tmp_path}/missing/db.sqlite3",
                             BRIDGESCORE_SECRET_KEY=servers.SECRET)
    done = run(env, "-m", "bridgescore", "web", "prepare")
    assert done.returncode == 2
    assert done.stderr == "error: database: unable to open database file\n"


def test_serve_sweeps_at_its_start(tmp_path: Path) -> None:
    env = servers.server_env(tmp_path)  # the servers' shared static directory
    prepared = run(env, "-m", "bridgescore", "web", "prepare", "--quiet")
    assert prepared.returncode == 0, prepared.stderr
    assert run(env, "-c", ADD_COUNTS).returncode == 0
    server = servers.start(env, tmp_path)
    try:
        assert keys(env) == ["login-new", "secret-new"]
        assert "1 expired log-in count(s) and 1 expired table-secret count(s)" in (
            server.log.read_text())
    finally:
        server.stop()


@pytest.mark.django_db
@override_settings(LOGIN_FAILURE_WINDOW=900, TABLE_SECRET_FAILURE_WINDOW=600)
def test_the_sweep_keeps_every_count_still_in_its_window() -> None:
    now = timezone.now()
    # Each throttle by its own window: 700 s ago is past the secrets' 600, not the log-ins' 900.
    for model in (LoginFailure, SecretFailure):
        for age in (0, 599, 700, 901, 86400):
            model.objects.create(key=f"{age}", failures=1,
                                 window_start=now - timedelta(seconds=age))
    assert setup.forget_expired_counts() == (2, 3)
    assert sorted(LoginFailure.objects.values_list("key", flat=True)) == ["0", "599", "700"]
    assert sorted(SecretFailure.objects.values_list("key", flat=True)) == ["0", "599"]
    assert setup.forget_expired_counts() == (0, 0)


def test_a_read_only_install_keeps_its_catalogues(monkeypatch: pytest.MonkeyPatch,
                                                  tmp_path: Path) -> None:
    """pip writes each .po after its .mo, so an install looks stale everywhere; where its
    user may not write, the shipped .mo is kept (the command goes on) instead of failing."""
    source = setup.catalogues()[0]
    po = tmp_path / "LC_MESSAGES" / "django.po"
    po.parent.mkdir()
    shutil.copy(source.with_suffix(".mo"), po.with_suffix(".mo"))
    shutil.copy(source, po)
    os.utime(po.with_suffix(".mo"), (1, 1))  # older than its .po
    assert setup.stale(po)
    monkeypatch.setattr(setup, "catalogues", lambda: [po])
    po.parent.chmod(0o555)
    try:
        if os.geteuid() == 0:
            # Root may write anywhere (and the test's interpreter is not another user's to
            # run): the directory is made unwritable in the answer of os.access alone.
            real_access = os.access
            monkeypatch.setattr(os, "access", lambda path, mode: False if (
                Path(path) == po.parent and mode == os.W_OK) else real_access(path, mode))
        assert setup.compile_catalogues() == []
        assert po.with_suffix(".mo").stat().st_mtime == 1
        # Unless asked to: then msgfmt's own refusal is the error (as root it succeeds).
        if os.geteuid() != 0:
            with pytest.raises(BridgeError, match=r"django\.po"):
                setup.compile_catalogues(force=True)
    finally:
        po.parent.chmod(0o755)
        monkeypatch.undo()
    # Where it may write, the stale one is compiled; a missing one always is.
    monkeypatch.setattr(setup, "catalogues", lambda: [po])
    assert setup.compile_catalogues() == [po]
    assert not setup.stale(po)
    po.with_suffix(".mo").unlink()
    assert setup.compile_catalogues() == [po] and po.with_suffix(".mo").exists()
