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
        from ..play import matches
        from . import rooms, services  # noqa: F401

        # A competition's team match is a match for the play rules and the vugraph.
        matches.register(rooms.rooms_of)
