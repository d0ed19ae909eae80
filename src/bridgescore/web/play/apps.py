from __future__ import annotations

from django.apps import AppConfig


class PlayConfig(AppConfig):
    name = "bridgescore.web.play"
    label = "play"
    verbose_name = "online play, game records and the vugraph"
