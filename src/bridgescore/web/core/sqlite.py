"""SQLite: check that every connection really runs in WAL mode.

The PRAGMAs themselves are the connection's ``init_command`` (settings); this catches a
file system where WAL cannot work (some network shares), which would otherwise show up
later as "database is locked" under load.
"""

from __future__ import annotations

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


connection_created.connect(check_wal, dispatch_uid="bridgescore-sqlite-wal")
