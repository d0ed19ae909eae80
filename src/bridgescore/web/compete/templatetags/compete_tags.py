"""The competitions' template filters: ``clock`` (a countdown's text)."""

from __future__ import annotations

from django import template

register = template.Library()


@register.filter
def clock(seconds: int | None) -> str:
    """Seconds as ``m:ss`` (``h:mm:ss`` from an hour): a countdown's text."""
    if seconds is None:
        return ""
    s = max(0, int(seconds))
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"
