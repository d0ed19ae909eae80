from __future__ import annotations

from django.apps import AppConfig


class VugraphConfig(AppConfig):
    name = "bridgescore.web.vugraph"
    label = "vugraph"
    verbose_name = "vugraph"
