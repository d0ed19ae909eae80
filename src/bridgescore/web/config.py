"""Reading settings from the environment (12-factor), with clear errors.

Kept apart from ``settings.py`` so the parsing rules are small functions that tests call
directly, and so a bad value names the variable and what it should be, in both languages.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

TRUE = frozenset({"1", "true", "yes", "on"})
FALSE = frozenset({"0", "false", "no", "off", ""})


def bad(name: str, value: str, expected_en: str, expected_zh: str) -> ImproperlyConfigured:
    return ImproperlyConfigured(
        f"environment variable {name}={value!r}: expected {expected_en} / "
        f"环境变量 {name}={value!r} 无效：应为{expected_zh}"
    )


def flag(env: Mapping[str, str], name: str, default: bool = False) -> bool:
    raw = env.get(name)
    if raw is None:
        return default
    low = raw.strip().lower()
    if low in TRUE:
        return True
    if low in FALSE:
        return False
    raise bad(name, raw, "1 or 0 (true/false, yes/no, on/off)", " 1 或 0（true/false、yes/no、on/off）")


def integer(env: Mapping[str, str], name: str, default: int, minimum: int = 0,
            maximum: int | None = None) -> int:
    raw = env.get(name)
    if raw is None or not raw.strip():
        return default
    if maximum is None:
        expected = (f"a whole number >= {minimum}", f"不小于 {minimum} 的整数")
    else:
        expected = (f"a whole number from {minimum} to {maximum}",
                    f" {minimum} 到 {maximum} 之间的整数")
    try:
        # The length check first: int() of thousands of digits is slow, and refused anyway.
        value = int(raw.strip()) if len(raw.strip()) <= 30 else None
    except ValueError:
        value = None
    if value is None or value < minimum or (maximum is not None and value > maximum):
        raise bad(name, raw[:40], *expected)
    return value


def seconds(env: Mapping[str, str], name: str, default: float, maximum: float = 3600) -> float:
    """A duration in seconds, fractions allowed (0.6), from 0 to ``maximum``."""
    raw = env.get(name)
    if raw is None or not raw.strip():
        return default
    try:
        value = float(raw.strip()) if len(raw.strip()) <= 30 else None
    except ValueError:
        value = None
    if value is None or not 0 <= value <= maximum:  # (NaN fails both comparisons)
        raise bad(name, raw[:40], f"a number of seconds from 0 to {maximum:g}",
                  f" 0 到 {maximum:g} 之间的秒数")
    return value


# The longest window a failure count may have: a week (a longer one would lock a club's
# shared address out for days after one bad evening; far longer ones overflow the dates).
MAX_WINDOW = 7 * 24 * 3600


def failure_throttle(env: Mapping[str, str], prefix: str, limit: int,
                     window: int) -> tuple[int, int]:
    """``{prefix}_LIMIT`` failures per address within ``{prefix}_WINDOW`` seconds."""
    return (integer(env, f"{prefix}_LIMIT", limit, minimum=1, maximum=1_000_000),
            integer(env, f"{prefix}_WINDOW", window, minimum=1, maximum=MAX_WINDOW))


def words(env: Mapping[str, str], name: str, default: str) -> list[str]:
    """A comma- or space-separated list."""
    raw = env.get(name, default)
    return [w for w in raw.replace(",", " ").split() if w]


def rank_thresholds(env: Mapping[str, str], name: str = "BRIDGESCORE_RANK_THRESHOLDS") -> tuple[int, ...]:
    """The masterpoints at which each of the 12 ranks begins (docs/ranks.md): twelve whole
    numbers, comma- or space-separated, the first 0, strictly increasing; unset, the
    library's defaults."""
    from ..compete.ranks import DEFAULT_THRESHOLDS, RankSettings
    from ..core.errors import BridgeError

    raw = env.get(name, "")
    if not raw.strip():
        return DEFAULT_THRESHOLDS
    parts = raw.replace(",", " ").split()
    expected = ("twelve whole numbers, the first 0, strictly increasing (e.g. "
                + " ".join(map(str, DEFAULT_THRESHOLDS)) + ")",
                "十二个整数，第一个为 0，严格递增（如 " + " ".join(map(str, DEFAULT_THRESHOLDS)) + "）")
    if len(parts) > 12 or not all(p.isascii() and p.isdigit() and len(p) <= 12 for p in parts):
        raise bad(name, raw[:80], *expected)
    try:
        return RankSettings(tuple(int(p) for p in parts)).thresholds
    except BridgeError as e:
        raise bad(name, raw[:80], f"{expected[0]}: {e.en}", f"{expected[1]}：{e.zh}") from None


def choice(env: Mapping[str, str], name: str, default: str, choices: tuple[str, ...]) -> str:
    raw = env.get(name, default).strip().upper() or default
    if raw not in choices:
        listed = ", ".join(choices)
        raise bad(name, raw, f"one of {listed}", f"以下之一：{listed}")
    return raw


def data_dir(env: Mapping[str, str]) -> Path:
    return Path(env.get("BRIDGESCORE_DATA_DIR") or "var").expanduser().resolve()


def secret_key(env: Mapping[str, str], directory: Path) -> str:
    """``BRIDGESCORE_SECRET_KEY``, or one generated once and kept in the data directory.

    Several app servers must share one key (sessions, password-reset links), so when
    ``DATABASE_URL`` is set — the shared-server layout — the key must come from the
    environment: a key generated in each server's own directory would differ.
    """
    key = env.get("BRIDGESCORE_SECRET_KEY", "").strip()
    if key:
        if len(key) < 32:
            raise bad("BRIDGESCORE_SECRET_KEY", key[:4] + "…", "at least 32 characters",
                      "至少 32 个字符")
        return key
    if env.get("DATABASE_URL"):
        raise ImproperlyConfigured(
            "BRIDGESCORE_SECRET_KEY must be set when DATABASE_URL is set (app servers that "
            "share a database must share one secret key) / 设置了 DATABASE_URL 时必须设置 "
            "BRIDGESCORE_SECRET_KEY（共用数据库的多台应用服务器必须使用同一个密钥）"
        )
    path = directory / "secret_key"
    try:
        return path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        pass
    directory.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(50)
    # Created readable by the owner only, and never overwritten if another process won.
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text(encoding="ascii").strip()
    with os.fdopen(fd, "w", encoding="ascii") as f:
        f.write(key + "\n")
    return key


def databases(env: Mapping[str, str], directory: Path) -> dict[str, dict[str, object]]:
    """SQLite in the data directory, or the database ``DATABASE_URL`` names."""
    url = env.get("DATABASE_URL", "").strip()
    if url:
        import dj_database_url

        if not url.startswith(("postgres://", "postgresql://", "sqlite://")):
            raise bad("DATABASE_URL", url, "postgres://user@host:5432/name (or sqlite:///path)",
                      " postgres://user@host:5432/name（或 sqlite:///path）")
        config: dict[str, object] = dict(dj_database_url.parse(url, conn_max_age=0,
                                                               conn_health_checks=True))
        if config["ENGINE"] == "django.db.backends.sqlite3":
            config["OPTIONS"] = sqlite_options(env)
        else:
            # Under ASGI a page's request runs in a thread of its own that ends with it, so a
            # connection kept past the request would only wait to be collected: the
            # requests borrow connections from one pool a process instead (psycopg's), at
            # most BRIDGESCORE_DB_POOL_SIZE of them; a request that finds none free waits.
            # The table API's database threads keep theirs (core/dbthreads.py).
            size = integer(env, "BRIDGESCORE_DB_POOL_SIZE", 20, minimum=2)
            options = dict(config.get("OPTIONS") or {})  # type: ignore[call-overload]
            options["pool"] = {"min_size": 2, "max_size": size, "timeout": 20}
            config["OPTIONS"] = options
        return {"default": config}
    return {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": directory / "bridgescore.sqlite3",
            "OPTIONS": sqlite_options(env),
        }
    }


def sqlite_options(env: Mapping[str, str]) -> dict[str, object]:
    # Run on every new connection: WAL lets readers go on while one writer writes; the
    # busy timeout makes a second writer wait instead of failing at once; IMMEDIATE
    # transactions take the write lock up front, so two writers never deadlock on upgrade.
    busy_ms = integer(env, "BRIDGESCORE_SQLITE_BUSY_TIMEOUT_MS", 5000, minimum=1)
    synchronous = choice(env, "BRIDGESCORE_SQLITE_SYNCHRONOUS", "FULL", ("FULL", "NORMAL"))
    return {
        "init_command": (
            f"PRAGMA journal_mode=WAL; PRAGMA busy_timeout={busy_ms}; "
            f"PRAGMA synchronous={synchronous};"
        ),
        "transaction_mode": "IMMEDIATE",
        "timeout": busy_ms / 1000,
    }


REDIS_READ_TIMEOUT = 30.0  # seconds: a hung Redis shows, an idle socket does not fail
REDIS_MAX_CONNECTIONS = 4000  # a server's pool (connections open as they are needed)


def channel_layers(env: Mapping[str, str]) -> dict[str, dict[str, object]]:
    url = env.get("REDIS_URL", "").strip()
    if url:
        check_redis_url(url)
        return {
            "default": {
                # Redis publish/subscribe: a group message is one PUBLISH, which every app
                # server subscribed to the group fans out to its own sockets.  (The list
                # layer, channels_redis.core, costs four round trips a group and a member,
                # and keeps one server's waiting messages under one key capped at
                # ``capacity``: with 1,000 sockets it dropped updates silently and tables
                # stalled; the load benchmark measured 11.3 ms of server CPU a move there,
                # 7.9 ms here.)  Nothing is lost that matters: a socket that misses a
                # message gets the whole position again when it reconnects.  (Ours unpacks
                # an online table's move once per server, not once a socket.)
                "BACKEND": "bridgescore.web.core.redislayer.SharingRedisPubSubLayer",
                # redis-py 8 changed two defaults: reads time out after 5 s (the list
                # layer's blocking pop is 5 s: every idle consumer died with "Timeout
                # reading from …"), and a pool refuses its 101st connection at once ("Too
                # many connections", when a thousand sockets join their groups together).
                "CONFIG": {"hosts": [{"address": url, "socket_timeout": REDIS_READ_TIMEOUT,
                                      "max_connections": REDIS_MAX_CONNECTIONS}],
                           "prefix": "bridgescore"},
            }
        }
    return {"default": {"BACKEND": "bridgescore.web.core.layers.LeanInMemoryChannelLayer"}}


def caches(env: Mapping[str, str]) -> dict[str, dict[str, object]]:
    url = env.get("REDIS_URL", "").strip()
    if url:
        check_redis_url(url)
        return {
            "default": {
                "BACKEND": "django.core.cache.backends.redis.RedisCache",
                "LOCATION": url,
                "KEY_PREFIX": "bridgescore",
            }
        }
    return {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}


def check_redis_url(url: str) -> None:
    if not url.startswith(("redis://", "rediss://", "unix://")):
        raise bad("REDIS_URL", url, "redis://host:6379/0", " redis://host:6379/0")
