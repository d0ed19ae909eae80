"""``{{ player|local_name }}``: a name in the page's language, else the other one."""

from __future__ import annotations

from typing import Protocol

from django import template
from django.utils.translation import get_language

register = template.Library()


class Named(Protocol):
    def name_in(self, lang: str) -> str: ...


@register.filter
def local_name(value: Named) -> str:
    return value.name_in(get_language() or "en")
