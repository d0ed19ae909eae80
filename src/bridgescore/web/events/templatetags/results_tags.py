"""``{{ text|suits }}``: suit symbols as on the cards, hearts and diamonds red."""

from __future__ import annotations

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

_RED = {"♥": '<span class="red">♥</span>', "♦": '<span class="red">♦</span>'}


@register.filter(is_safe=True)
def suits(value: object) -> SafeString:
    text = str(conditional_escape(value if isinstance(value, str) else str(value)))  # escaped first: the spans are the only markup
    for symbol, html in _RED.items():
        text = text.replace(symbol, html)
    return mark_safe(text)


@register.filter
def side(value: str) -> str:
    """``NS``/``EW`` in the page's language (the library's names)."""
    from ....core.seat import Side
    from ...core.bilingual import lang

    return Side[value].name_in(lang()) if value in ("NS", "EW") else value
