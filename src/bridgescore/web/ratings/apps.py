from __future__ import annotations

from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "bridgescore.web.ratings"
    label = "ratings"
    verbose_name = "ratings and leaderboards"
