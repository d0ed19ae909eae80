"""SQLite: check that every connection really runs in WAL mode.

The PRAGMAs themselves are the connection's ``init_command`` (settings); this catches a
file system where WAL cannot work (some network shares), which would otherwise show up
later as "database is locked" under load.
"""

from __future__ import annotations

import sqlite3
import threading
from typing import Any

from django.core.exceptions import ImproperlyConfigured
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.signals import connection_created


def check_wal(sender: Any, connection: BaseDatabaseWrapper, **kwargs: Any) -> None:
    if connection.vendor != "sqlite" or connection.settings_dict["NAME"] in ("", ":memory:"):
        return
    if connection.is_in_memory_db():  # type: ignore[attr-defined]
        return
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        mode = str(cursor.fetchone()[0]).lower()
    if mode != "wal":
        raise ImproperlyConfigured(
            f"SQLite database {connection.settings_dict['NAME']}: journal mode is {mode!r}, "
            "expected 'wal' (put BRIDGESCORE_DATA_DIR on a local disk) / SQLite 数据库日志模式"
            f"为 {mode!r}，应为 'wal'（请把 BRIDGESCORE_DATA_DIR 放在本地磁盘上）"
        )


# Database file → a connection this process keeps open to it.  Under ASGI each request runs
# in a thread of its own with a connection of its own, closed at the request's end; when the
# last connection to a WAL database closes, SQLite checkpoints the log into the database
# and removes it (several disk flushes) — on every request, unless another connection is
# still open.  This one is: it never reads or writes, it only keeps the log in place (the
# regular checkpoints every 1000 pages still run).
_keepers: dict[str, sqlite3.Connection] = {}
_keepers_lock = threading.Lock()


def keep_open(sender: Any, connection: BaseDatabaseWrapper, **kwargs: Any) -> None:
    if connection.vendor != "sqlite" or connection.is_in_memory_db():  # type: ignore[attr-defined]
        return
    name = str(connection.settings_dict["NAME"])
    with _keepers_lock:
        if name not in _keepers:
            _keepers[name] = sqlite3.connect(name, check_same_thread=False)


connection_created.connect(check_wal, dispatch_uid="bridgescore-sqlite-wal")
connection_created.connect(keep_open, dispatch_uid="bridgescore-sqlite-keep-open")
