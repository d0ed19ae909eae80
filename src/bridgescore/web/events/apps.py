from __future__ import annotations

from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "bridgescore.web.events"
    label = "events"
    verbose_name = "events"
