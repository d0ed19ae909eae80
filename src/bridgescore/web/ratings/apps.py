from __future__ import annotations

from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "bridgescore.web.ratings"
    label = "ratings"
    verbose_name = "ratings and leaderboards"

    def ready(self) -> None:
        # The Rate's weekly close joins each server's sweep after the pool's (the pool app
        # comes first in INSTALLED_APPS, so its sweep is registered, and runs, first): the
        # pool knows nothing of the ratings, which read its closed weeks.
        # NumPy and the job load at the first sweep, not with Django.
        # The Rate's figures, leaderboards and profile section join the registries.
        from ..play import live
        from . import rate_figures, rate_profile  # noqa: F401

        def sweep() -> int:
            from .weekly import sweep as rate

            return rate()

        live.register_sweep("ratings", sweep)
