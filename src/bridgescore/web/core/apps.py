from __future__ import annotations

from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "bridgescore.web.core"
    label = "core"
    verbose_name = "bridgescore"

    def ready(self) -> None:
        # The system checks (htmx, the catalogues) and the per-connection check, by importing.
        from . import checks, sqlite  # noqa: F401
