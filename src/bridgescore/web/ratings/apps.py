from __future__ import annotations

from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "bridgescore.web.ratings"
    label = "ratings"
    verbose_name = "ratings and leaderboards"

    def ready(self) -> None:
        # The Rate's figures, leaderboards and profile section join the registries.
        from . import rate_figures, rate_profile  # noqa: F401
