"""``{% masterpoints_box user %}``: a player's masterpoint awards (the profile's box)."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import get_language

register = template.Library()


@register.inclusion_tag("compete/_masterpoints.html")
def masterpoints_box(user: Any) -> dict[str, Any]:
    from ..pages import lang_of
    from ..services import masterpoints_of

    lang = lang_of(get_language())
    awards = masterpoints_of(user)
    total = sum((a.points for a in awards), start=0)
    return {"awards": [(a, a.competition.name_in(lang)) for a in awards],
            "total": f"{total:g}" if awards else "0"}


@register.filter
def clock(seconds: int | None) -> str:
    """Seconds as ``m:ss`` (``h:mm:ss`` from an hour): a countdown's text."""
    if seconds is None:
        return ""
    s = max(0, int(seconds))
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"
