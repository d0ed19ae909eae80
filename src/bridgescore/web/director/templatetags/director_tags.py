"""``{{ text|suits }}``: ♥ and ♦ in red (the site's ``.red``), everything else escaped."""

from __future__ import annotations

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.filter
def suits(value: object) -> SafeString:
    text = str(conditional_escape("" if value is None else str(value)))
    for red in ("♥", "♦"):
        text = text.replace(red, f'<span class="red">{red}</span>')
    return mark_safe(text)  # escaped above; only our own spans are added


@register.filter
def signed(value: int | None) -> str:
    if value is None:
        return ""
    return f"+{value}" if value > 0 else str(value)
