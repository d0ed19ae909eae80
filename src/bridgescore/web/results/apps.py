from __future__ import annotations

from django.apps import AppConfig


class ResultsConfig(AppConfig):
    name = "bridgescore.web.results"
    label = "results"
    verbose_name = "results"

    def ready(self) -> None:
        from . import live

        live.connect()
