from __future__ import annotations

from django.apps import AppConfig


class DirectorConfig(AppConfig):
    name = "bridgescore.web.director"
    label = "director"
    verbose_name = "director"
