"""``{{ text|suits }}``: ♥ and ♦ in red (the site's ``.red``), everything else escaped;
``{{ code|card }}``: a stored card (``CA``) in the reader's notation (``♣A``)."""

from __future__ import annotations

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from ..director.readable import card_text

register = template.Library()


@register.filter
def suits(value: object) -> SafeString:
    text = str(conditional_escape("" if value is None else str(value)))
    for red in ("♥", "♦"):
        text = text.replace(red, f'<span class="red">{red}</span>')
    return mark_safe(text)  # escaped above; only our own spans are added


@register.filter
def card(code: object) -> SafeString:
    zh = (get_language() or "").startswith("zh")
    return suits(card_text(str(code or ""), "zh" if zh else "en"))


@register.filter
def signed(value: int | None) -> str:
    if value is None:
        return ""
    return f"+{value}" if value > 0 else str(value)
