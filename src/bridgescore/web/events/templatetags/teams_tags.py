"""``{{ text|suits }}``: suit symbols coloured (♥♦ red), by the library's rendering helper."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString, mark_safe

from ....render.templates import suits as _suits

register = template.Library()


@register.filter
def suits(text: object) -> SafeString:
    # The library escapes the text and wraps each symbol in a span: safe as it comes back.
    return mark_safe(str(_suits(text)))
