from __future__ import annotations

from django.apps import AppConfig


class CompeteConfig(AppConfig):
    name = "bridgescore.web.compete"
    label = "compete"
    verbose_name = "online competitions: their kinds, the pool, player groups"

    def ready(self) -> None:
        # The board-end hook and the sweep are registered by the services module: loaded
        # with the app, so that every process that plays (servers, commands, tests) posts
        # its competitions' results.
        from . import privacy, services  # noqa: F401

        # Every table a competition made answers the play rules (who may watch or sit, whose
        # eyes a board's record may reach) and, a team match's room, the vugraph.
        privacy.register()

        # The pool: its board source, board-end hook and sweep are registered by its services
        # module; its tables answer the play rules with the pool's own rule.
        from .pool import privacy as pool_privacy
        from .pool import services as pool_services  # noqa: F401

        pool_privacy.register()

        # The kinds of the online module (team matches, the ladder, 贴点 rooms) join the
        # competitions' registry and their effects its handlers; the VP team matches join
        # the vugraph's sources.
        from ..play.vugraph import services as vugraph
        from .online import register  # noqa: F401
        from .online.vugraph_source import ONLINE

        vugraph.register(ONLINE)
