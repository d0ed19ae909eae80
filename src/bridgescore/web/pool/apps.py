from __future__ import annotations

from django.apps import AppConfig


class PoolConfig(AppConfig):
    name = "bridgescore.web.pool"
    label = "pool"
    verbose_name = "duplicate board pool"

    def ready(self) -> None:
        # The board source, the board-end hook and the sweep are registered by the services
        # module: loaded with the app, so every process that plays serves and scores; the
        # pool's tables answer the play rules (records, watching) with the pool's own rule.
        from . import privacy, services  # noqa: F401

        privacy.register()
