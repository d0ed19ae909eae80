from __future__ import annotations

from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "bridgescore.web.events"
    label = "events"
    verbose_name = "club sessions"

    def ready(self) -> None:
        # A session's live results reach the results pages' sockets as soon as the app is
        # loaded (every server, command and test).
        from .results import live

        live.connect()
