"""``{{ moment|local_time:"Y-m-d H:i" }}``: a moment in the reader's zone (the zone the
request activated: ``core.middleware.LocalTimeMiddleware``), with the zone named in the
page's language, "2030-03-01 19:30 (北京时间)" — a time without its zone is ambiguous to a
club whose players live in several."""

from __future__ import annotations

import datetime

from django import template
from django.utils import timezone
from django.utils.dateformat import format as date_format
from django.utils.translation import get_language

from ...timezones_web import zone_label

register = template.Library()


@register.filter
def local_time(value: datetime.datetime | None, fmt: str = "Y-m-d H:i") -> str:
    if not isinstance(value, datetime.datetime):
        return "" if value is None else str(value)
    if timezone.is_naive(value):
        value = timezone.make_aware(value, datetime.UTC)
    local = timezone.localtime(value)
    return f"{date_format(local, fmt)} ({zone_label(local, get_language() or 'en')})"
