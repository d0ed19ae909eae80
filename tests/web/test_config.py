"""Settings from the environment: each variable's parsing and its errors."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from bridgescore.web import config


def test_flags() -> None:
    assert config.flag({}, "X") is False
    assert config.flag({"X": "yes"}, "X") is True
    assert config.flag({"X": "0"}, "X", default=True) is False
    with pytest.raises(ImproperlyConfigured, match=r"BRIDGESCORE_DEBUG='maybe'.*1 or 0.*环境变量"):
        config.flag({"BRIDGESCORE_DEBUG": "maybe"}, "BRIDGESCORE_DEBUG")


def test_integers() -> None:
    assert config.integer({"N": " 12 "}, "N", 5) == 12
    assert config.integer({}, "N", 5) == 5
    with pytest.raises(ImproperlyConfigured, match=r"N='-1'.*>= 1.*不小于 1 的整数"):
        config.integer({"N": "-1"}, "N", 5, minimum=1)
    with pytest.raises(ImproperlyConfigured, match="N='ten'"):
        config.integer({"N": "ten"}, "N", 5)


def test_hosts_are_a_list() -> None:
    assert config.words({"H": "a.example, b.example  c"}, "H", "") == ["a.example", "b.example",
                                                                     "c"]


def test_sqlite_by_default_in_the_data_directory(tmp_path: Path) -> None:
    db = config.databases({}, tmp_path)["default"]
    assert db["ENGINE"] == "django.db.backends.sqlite3"
    assert db["NAME"] == tmp_path / "bridgescore.sqlite3"
    options = db["OPTIONS"]
    assert isinstance(options, dict)
    assert "PRAGMA journal_mode=WAL" in options["init_command"]
    assert "PRAGMA busy_timeout=5000" in options["init_command"]
    assert options["transaction_mode"] == "IMMEDIATE"


def test_database_url_selects_postgresql(tmp_path: Path) -> None:
    db = config.databases({"DATABASE_URL": "postgres://club:pw@db.internal:5433/bridge"},
                          tmp_path)["default"]
    assert db["ENGINE"] == "django.db.backends.postgresql"
    assert (db["HOST"], db["PORT"], db["NAME"], db["USER"]) == ("db.internal", 5433, "bridge",
                                                                 "club")


def test_a_database_url_of_another_kind_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ImproperlyConfigured, match=r"DATABASE_URL='mysql://x/y'.*postgres://"):
        config.databases({"DATABASE_URL": "mysql://x/y"}, tmp_path)


def test_redis_url_selects_the_redis_layer_and_cache() -> None:
    env = {"REDIS_URL": "redis://cache.internal:6379/2"}
    layer = config.channel_layers(env)["default"]
    assert layer["BACKEND"] == "bridgescore.web.core.redislayer.SharingRedisPubSubLayer"
    assert layer["CONFIG"] == {
        "hosts": [{"address": "redis://cache.internal:6379/2", "socket_timeout": 30.0,
                   "max_connections": 4000}],
        "prefix": "bridgescore"}
    assert config.caches(env)["default"]["BACKEND"] == "django.core.cache.backends.redis.RedisCache"
    assert config.channel_layers({})["default"]["BACKEND"] == (
        "bridgescore.web.core.layers.LeanInMemoryChannelLayer")
    with pytest.raises(ImproperlyConfigured, match="REDIS_URL='localhost:6379'"):
        config.channel_layers({"REDIS_URL": "localhost:6379"})


def test_a_secret_key_is_generated_once_and_kept_private(tmp_path: Path) -> None:
    key = config.secret_key({}, tmp_path / "data")
    assert len(key) >= 50
    path = tmp_path / "data" / "secret_key"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert config.secret_key({}, tmp_path / "data") == key


def test_a_secret_key_from_the_environment_wins(tmp_path: Path) -> None:
    key = "k" * 40
    assert config.secret_key({"BRIDGESCORE_SECRET_KEY": key}, tmp_path) == key
    assert not (tmp_path / "secret_key").exists()
    with pytest.raises(ImproperlyConfigured, match="at least 32 characters"):
        config.secret_key({"BRIDGESCORE_SECRET_KEY": "short"}, tmp_path)


def test_shared_servers_must_share_a_given_key(tmp_path: Path) -> None:
    with pytest.raises(ImproperlyConfigured, match="must be set when DATABASE_URL is set"):
        config.secret_key({"DATABASE_URL": "postgres://x@y/z"}, tmp_path)


def test_the_data_directory(tmp_path: Path) -> None:
    assert config.data_dir({"BRIDGESCORE_DATA_DIR": str(tmp_path)}) == tmp_path.resolve()
    assert config.data_dir({}) == (Path.cwd() / "var").resolve()


def test_failure_throttles_from_the_environment() -> None:
    prefix = "BRIDGESCORE_TABLE_SECRET_FAILURE"
    assert config.failure_throttle({}, prefix, limit=30, window=600) == (30, 600)
    env = {f"{prefix}_LIMIT": "100", f"{prefix}_WINDOW": " 3600 "}
    assert config.failure_throttle(env, prefix, limit=30, window=600) == (100, 3600)
    for name, raw in (("LIMIT", "0"), ("LIMIT", "ten"), ("LIMIT", "1000001"),
                      ("WINDOW", "-5"), ("WINDOW", "604801"), ("WINDOW", "1.5")):
        with pytest.raises(ImproperlyConfigured,
                           match=rf"{prefix}_{name}='{raw}': expected a whole number from 1 "
                                 rf"to \d+ / 环境变量 .* 1 到 \d+ 之间的整数"):
            config.failure_throttle({f"{prefix}_{name}": raw}, prefix, limit=30, window=600)


def test_a_huge_number_is_refused_quoting_only_its_start() -> None:
    with pytest.raises(ImproperlyConfigured) as refused:
        config.integer({"N": "9" * 5000}, "N", 5, maximum=10)
    assert len(str(refused.value)) < 300


def test_the_settings_read_the_table_secret_throttle(tmp_path: Path) -> None:
    # A fresh interpreter: the settings module reads the environment once, at import.
    code = ("import django; from django.conf import settings; django.setup(); "
            "print(settings.TABLE_SECRET_FAILURE_LIMIT, settings.TABLE_SECRET_FAILURE_WINDOW)")
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "bridgescore.web.settings",
           "BRIDGESCORE_DATA_DIR": str(tmp_path), "BRIDGESCORE_TABLE_SECRET_FAILURE_LIMIT": "7",
           "BRIDGESCORE_TABLE_SECRET_FAILURE_WINDOW": "120"}
    env.pop("DATABASE_URL", None)
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["7", "120"]
    # A bad value: the command line says which variable and what it should be, in one line.
    env["BRIDGESCORE_TABLE_SECRET_FAILURE_WINDOW"] = "a week"
    # In the run's language only (the settings word it in both: web/cli.py picks one).
    for lang, expected in (("en", "expected a whole number from 1 to 604800"),
                           ("zh", "1 到 604800 之间的整数")):
        done = subprocess.run([sys.executable, "-m", "bridgescore", "web", "manage", "check",
                               "--lang", lang],
                              env=env, capture_output=True, text=True, timeout=60, check=False)
        assert done.returncode == 2, done.stderr
        assert "BRIDGESCORE_TABLE_SECRET_FAILURE_WINDOW='a week'" in done.stderr
        assert expected in done.stderr and "Traceback" not in done.stderr
        assert done.stderr.count("\n") == 1 and " / " not in done.stderr


def test_rank_thresholds() -> None:
    from bridgescore.compete.ranks import DEFAULT_THRESHOLDS

    name = "BRIDGESCORE_RANK_THRESHOLDS"
    assert config.rank_thresholds({}) == DEFAULT_THRESHOLDS
    assert config.rank_thresholds({name: "  "}) == DEFAULT_THRESHOLDS
    assert config.rank_thresholds({name: "0,2, 4 8 16 32 64 128 256 512 1024 2048"}) == (
        0, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048)
    with pytest.raises(ImproperlyConfigured, match=r"='0 1 2'.*twelve whole numbers.*expected 12 "
                                                   r".*got 3.*十二个整数"):
        config.rank_thresholds({name: "0 1 2"})
    with pytest.raises(ImproperlyConfigured, match=r"not above Ranked Player.*严格递增"):
        config.rank_thresholds({name: "0 5 5 15 30 60 100 150 250 400 600 1000"})
    with pytest.raises(ImproperlyConfigured, match=r"the first \(Unranked\) must be 0"):
        config.rank_thresholds({name: "1 2 5 15 30 60 100 150 250 400 600 1000"})
    for bad in ("0 1 x", "0 -1 5", "0 1.5 5", "0 " + "9" * 40, " ".join(["1"] * 13)):
        with pytest.raises(ImproperlyConfigured, match="twelve whole numbers"):
            config.rank_thresholds({name: bad})
