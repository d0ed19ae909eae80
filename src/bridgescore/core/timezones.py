"""Time zones as a reader meets them: a zone's name in the reader's language at a moment
(standard or summer time), and the zones a club or a player may choose.

Pages show every time in the reader's zone with that zone named, "20:00 (北京时间)" or
"20:00 China Standard Time", so that two players in different zones read the same start
correctly.  The names of the zones most of the platform's players live in are written out
here in both languages (the IANA database has no names, and no locale data ships with the
standard library); any other zone is named by its offset from UTC at that moment
("UTC+05:30"), which is exact in every language.
"""

from __future__ import annotations

import datetime
import zoneinfo
from functools import cache

__all__ = ["COMMON", "DEFAULT", "is_zone", "offset_text", "zone_name"]

DEFAULT = "Asia/Shanghai"

# zone → (standard time in English, in Chinese, summer time in English, in Chinese).
_NAMES: dict[str, tuple[str, str, str, str]] = {
    "Asia/Shanghai": ("China Standard Time", "北京时间", "China Daylight Time", "北京夏令时间"),
    "Asia/Hong_Kong": ("Hong Kong Time", "香港时间", "Hong Kong Summer Time", "香港夏令时间"),
    "Asia/Taipei": ("Taipei Time", "台北时间", "Taipei Daylight Time", "台北夏令时间"),
    "Asia/Macau": ("Macao Time", "澳门时间", "Macao Summer Time", "澳门夏令时间"),
    "Asia/Singapore": ("Singapore Time", "新加坡时间", "Singapore Time", "新加坡时间"),
    "Asia/Kuala_Lumpur": ("Malaysia Time", "马来西亚时间", "Malaysia Time", "马来西亚时间"),
    "Asia/Tokyo": ("Japan Standard Time", "日本标准时间", "Japan Daylight Time", "日本夏令时间"),
    "Asia/Seoul": ("Korean Standard Time", "韩国标准时间", "Korean Daylight Time",
                   "韩国夏令时间"),
    "Europe/London": ("Greenwich Mean Time", "格林尼治标准时间", "British Summer Time",
                      "英国夏令时间"),
    "Europe/Paris": ("Central European Standard Time", "欧洲中部标准时间",
                     "Central European Summer Time", "欧洲中部夏令时间"),
    "America/New_York": ("Eastern Standard Time", "北美东部标准时间", "Eastern Daylight Time",
                         "北美东部夏令时间"),
    "America/Chicago": ("Central Standard Time", "北美中部标准时间", "Central Daylight Time",
                        "北美中部夏令时间"),
    "America/Los_Angeles": ("Pacific Standard Time", "北美太平洋标准时间",
                            "Pacific Daylight Time", "北美太平洋夏令时间"),
    "Australia/Sydney": ("Australian Eastern Standard Time", "澳大利亚东部标准时间",
                         "Australian Eastern Daylight Time", "澳大利亚东部夏令时间"),
    "Pacific/Auckland": ("New Zealand Standard Time", "新西兰标准时间",
                         "New Zealand Daylight Time", "新西兰夏令时间"),
    "UTC": ("Coordinated Universal Time", "协调世界时", "Coordinated Universal Time",
            "协调世界时"),
}

# The zones a member or a club may choose (a zone set otherwise, any IANA name, is still
# shown, named by its offset).
COMMON: tuple[str, ...] = tuple(_NAMES)


@cache
def is_zone(name: str) -> bool:
    """``name`` is a zone of the IANA database (``Asia/Shanghai``)."""
    if not isinstance(name, str) or not name or name != name.strip():
        return False
    try:
        zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return False
    return True


def offset_text(moment: datetime.datetime) -> str:
    """An aware moment's offset from UTC: ``UTC+08:00``, ``UTC-04:00``, ``UTC+05:30``."""
    offset = moment.utcoffset() or datetime.timedelta(0)
    minutes = int(offset.total_seconds()) // 60
    sign = "+" if minutes >= 0 else "-"
    hours, mins = divmod(abs(minutes), 60)
    return f"UTC{sign}{hours:02d}:{mins:02d}"


def zone_name(zone: str, moment: datetime.datetime, lang: str) -> str:
    """The name of ``zone`` at ``moment`` (aware) in ``lang`` ('zh…' or 'en'): its
    standard or summer time name when written out here, else its offset from UTC."""
    local = moment.astimezone(zoneinfo.ZoneInfo(zone))
    names = _NAMES.get(zone)
    if names is None:
        return offset_text(local)
    summer = bool(local.dst())
    zh = lang.lower().startswith("zh")
    return names[(2 if summer else 0) + (1 if zh else 0)]
