"""``{% profile_sections user %}``: the profile's sections about play (``profile.SECTIONS``),
in order; ``{% rank_badge cell %}``: a rank's name in the reader's language."""

from __future__ import annotations

from typing import Any

from django import template
from django.template.loader import render_to_string
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from ...core.bilingual import lang as _lang

register = template.Library()


@register.simple_tag(takes_context=True)
def profile_sections(context: Any, user: Any) -> SafeString:
    from ..profile import SECTIONS

    lang = _lang()
    request = context.get("request")
    parts = [render_to_string(s.template, s.context(user, lang), request=request)
             for s in SECTIONS]
    return mark_safe("".join(parts))  # our own templates, which escape what they show


@register.simple_tag
def rank_badge(cell: Any) -> SafeString:
    """The rank's name (a ``figures.Cell``), in the reader's language only."""
    if cell is None:
        return mark_safe("")
    return format_html('<span class="{}">{}</span>', cell.css, cell.text)


@register.filter
def get_cell(cells: Any, key: str) -> Any:
    """A row's cell of one figure (None when the figure has none for that player)."""
    return cells.get(key) if isinstance(cells, dict) else None
