"""A name kept in both languages: the reader's, else the other one."""

from __future__ import annotations

import pytest

from bridgescore.core.seat import Seat
from bridgescore.web.core.bilingual import pick, robot_name, robots_name


@pytest.mark.parametrize(("en", "zh", "lang", "shown"), [
    ("Wang Wei", "王伟", "zh-hans", "王伟"), ("Wang Wei", "王伟", "en", "Wang Wei"),
    ("Wang Wei", "", "zh-hans", "Wang Wei"), ("", "王伟", "en", "王伟"), ("", "", "en", ""),
])
def test_the_readers_name_else_the_other(en: str, zh: str, lang: str, shown: str) -> None:
    assert pick(en, zh, lang) == shown


def test_a_robot_is_named_by_its_seat_in_the_readers_language() -> None:
    assert robot_name(Seat.NORTH, "zh-hans") == "机器人（北）"
    assert robot_name(Seat.WEST, "en") == "Robot (West)"
    assert (robot_name(None, "zh"), robot_name(None, "en")) == ("机器人", "Robot")
    assert (robots_name(2, "zh"), robots_name(2, "en")) == ("机器人", "Robots")
