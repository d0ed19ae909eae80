from __future__ import annotations

from django.apps import AppConfig


class OnlineConfig(AppConfig):
    name = "bridgescore.web.online"
    label = "online"
    verbose_name = "team matches, the ladder, HCP-handicap rooms and player groups"

    def ready(self) -> None:
        # The kinds join the competitions' registry, and their effects its handlers, as
        # soon as the apps are loaded (every server, command and test); the VP team matches
        # join the vugraph's sources.
        from ..vugraph import services as vugraph
        from . import register  # noqa: F401
        from .vugraph_source import ONLINE

        vugraph.register(ONLINE)
