from __future__ import annotations

from django.apps import AppConfig


class EntryConfig(AppConfig):
    name = "bridgescore.web.entry"
    label = "entry"
    verbose_name = "entry"
