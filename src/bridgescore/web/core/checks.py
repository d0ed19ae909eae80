"""Django's system checks of ours: ``bridgescore web manage check`` runs them (and so does any
management command that checks first)."""

from __future__ import annotations

from typing import Any

from django.core.checks import CheckMessage, Error, register


@register()
def assets(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """htmx and the compiled translations, without which the pages open quietly broken."""
    from ..setup import missing_assets

    ids = {"htmx": "bridgescore.E001", "catalogues": "bridgescore.E002"}
    return [Error(f"{en} / {zh}", id=ids[what]) for what, (en, zh) in missing_assets().items()]
