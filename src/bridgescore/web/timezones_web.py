"""The active zone's name (``django.utils.timezone``) for the library's ``timezones``."""

from __future__ import annotations

import datetime

from django.utils import timezone

from ..timezones import zone_name


def current_zone() -> str:
    """The IANA name of the zone activated for this request (the reader's)."""
    return str(timezone.get_current_timezone_name())


def zone_label(moment: datetime.datetime, lang: str) -> str:
    """The active zone's name at ``moment`` in ``lang`` ("北京时间", "British Summer Time")."""
    return zone_name(current_zone(), moment, lang)
