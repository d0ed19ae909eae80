from __future__ import annotations

from django.apps import AppConfig


class TeamsConfig(AppConfig):
    name = "bridgescore.web.teams"
    label = "teams"
    verbose_name = "teams"
