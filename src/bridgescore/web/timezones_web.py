"""The active zone's name (``django.utils.timezone``) for the library's ``timezones``."""

from __future__ import annotations

import datetime

from django.utils import timezone

from ..core.timezones import COMMON, offset_text, zone_name


def current_zone() -> str:
    """The IANA name of the zone activated for this request (the reader's)."""
    return str(timezone.get_current_timezone_name())


def zone_label(moment: datetime.datetime, lang: str) -> str:
    """The active zone's name at ``moment`` in ``lang`` ("北京时间", "British Summer Time")."""
    return zone_name(current_zone(), moment, lang)


def zone_choice_label(zone: str, now: datetime.datetime, lang: str) -> str:
    """A zone as a choice shows it: its name and its offset now, in the reader's language
    only (no IANA name on a Chinese page): "北京时间 (UTC+08:00)"."""
    import zoneinfo

    return f"{zone_name(zone, now, lang)} ({offset_text(now.astimezone(zoneinfo.ZoneInfo(zone)))})"


def zone_choices(lang: str) -> list[tuple[str, str]]:
    """The zones a setting offers (the library's common ones), labelled as above."""
    now = timezone.now()
    return [(z, zone_choice_label(z, now, lang)) for z in COMMON]
