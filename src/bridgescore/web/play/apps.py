from __future__ import annotations

from django.apps import AppConfig


class PlayConfig(AppConfig):
    name = "bridgescore.web.play"
    label = "play"
    verbose_name = "online play, game records and the vugraph"

    def ready(self) -> None:
        # Every finished board is analysed card by card in the background, by each server's
        # sweep (a thread of its own; the solver loads at the first analysis, not with Django).
        from . import live

        def sweep() -> int:
            from .analysis import sweep as analyse

            return analyse()

        live.register_sweep("analysis", sweep)
