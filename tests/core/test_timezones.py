"""A zone's name in the reader's language at a moment, and the UTC offset otherwise; the
expectations are the zones' rules as published (China: UTC+8 all year; the UK: GMT in
winter, BST from the last Sunday of March; Kolkata: UTC+5:30)."""

from __future__ import annotations

import datetime

from bridgescore.core.timezones import COMMON, DEFAULT, is_zone, offset_text, zone_name

UTC = datetime.UTC
WINTER = datetime.datetime(2030, 1, 15, 12, 0, tzinfo=UTC)
SUMMER = datetime.datetime(2030, 7, 15, 12, 0, tzinfo=UTC)


def test_china_is_beijing_time_all_year() -> None:
    for moment in (WINTER, SUMMER):
        assert zone_name("Asia/Shanghai", moment, "zh-hans") == "北京时间"
        assert zone_name("Asia/Shanghai", moment, "en") == "China Standard Time"


def test_london_names_its_summer_time() -> None:
    assert zone_name("Europe/London", WINTER, "en") == "Greenwich Mean Time"
    assert zone_name("Europe/London", SUMMER, "en") == "British Summer Time"
    assert zone_name("Europe/London", SUMMER, "zh") == "英国夏令时间"
    # 2030's change: Sunday 31 March at 01:00 UTC.
    before = datetime.datetime(2030, 3, 31, 0, 59, tzinfo=UTC)
    after = datetime.datetime(2030, 3, 31, 1, 0, tzinfo=UTC)
    assert zone_name("Europe/London", before, "en") == "Greenwich Mean Time"
    assert zone_name("Europe/London", after, "en") == "British Summer Time"


def test_a_zone_without_a_written_name_is_its_offset() -> None:
    assert zone_name("Asia/Kolkata", WINTER, "zh") == "UTC+05:30"
    assert zone_name("America/Sao_Paulo", WINTER, "en") == "UTC-03:00"
    assert offset_text(WINTER) == "UTC+00:00"
    assert offset_text(WINTER.astimezone(datetime.timezone(datetime.timedelta(hours=-9,
                                                                             minutes=-30))))\
        == "UTC-09:30"


def test_zones_are_checked() -> None:
    assert is_zone(DEFAULT) and is_zone("Europe/London") and is_zone("UTC")
    for bad in ("", "Mars/Olympus", " Asia/Shanghai", "../etc/passwd", "Asia/"):
        assert not is_zone(bad), bad
    assert all(is_zone(z) for z in COMMON)
