"""JSON: the table's structured form (``Table.to_dict``), Chinese kept as characters."""

from __future__ import annotations

import json

from ..core.i18n import Lang
from ..scoring.score_tables import Table

__all__ = ["render_json"]


def render_json(table: Table, lang: Lang = "en") -> str:
    return json.dumps({"lang": lang, **table.to_dict(lang)}, ensure_ascii=False, indent=2)
