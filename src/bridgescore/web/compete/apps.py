from __future__ import annotations

from django.apps import AppConfig


class CompeteConfig(AppConfig):
    name = "bridgescore.web.compete"
    label = "compete"
    verbose_name = "online competitions"

    def ready(self) -> None:
        # The board-end hook and the sweep are registered by the services module: loaded
        # with the app, so that every process that plays (servers, commands, tests) posts
        # its competitions' results.
        from . import privacy, services  # noqa: F401

        # Every table a competition made answers the play rules (who may watch or sit, whose
        # eyes a board's record may reach) and, a team match's room, the vugraph.
        privacy.register()
