from __future__ import annotations

from django.apps import AppConfig


class ClubsConfig(AppConfig):
    name = "bridgescore.web.clubs"
    label = "clubs"
    verbose_name = "clubs"
