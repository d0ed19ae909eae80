"""``{{ text|suits }}``: suit symbols coloured (♥♦ red) by the library's own helper."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString, mark_safe

from ....render.templates import suits as library_suits

register = template.Library()


@register.filter
def suits(text: object) -> SafeString:
    # The library escapes the text and wraps each suit symbol in a span (class "suit red").
    return mark_safe(str(library_suits(text)))  # escaped by the library
