from __future__ import annotations

from django.apps import AppConfig


class FilesConfig(AppConfig):
    name = "bridgescore.web.files"
    label = "files"
    verbose_name = "files"
