from __future__ import annotations

from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "bridgescore.web.core"
    label = "core"
    verbose_name = "bridgescore"

    def ready(self) -> None:
        from . import sqlite  # noqa: F401  (connects the per-connection check)
