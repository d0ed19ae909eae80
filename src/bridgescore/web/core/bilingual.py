"""The one rule for the page's language as the library names it (``lang()``), for a name
kept in both languages (the reader's, else the other one), and the one name of a robot, by its
seat, in the reader's language."""

from __future__ import annotations

from django.utils.translation import get_language

from ...core.i18n import Lang
from ...core.seat import Seat


def lang_of(code: str | None) -> Lang:
    """The library's language (``"zh"`` or ``"en"``) for a Django language code."""
    return "zh" if (code or "").startswith("zh") else "en"


def lang() -> Lang:
    """The language of the page being made (Django's active language), as the library names
    it: every view, API and template tag asks here."""
    return lang_of(get_language())


def pick(name_en: str, name_zh: str, lang: str) -> str:
    """``name_zh`` for a Chinese reader (``lang`` 'zh…'), ``name_en`` otherwise; when the
    one wanted is empty, the other."""
    if lang.startswith("zh"):
        return name_zh or name_en
    return name_en or name_zh


def robot_name(seat: Seat | None, lang: str) -> str:
    """A robot as the reader sees it: by the seat it plays (``机器人（北）``, ``Robot (North)``),
    or plainly ``机器人`` / ``Robot`` where no seat is meant.  Never its internal label."""
    zh = lang.startswith("zh")
    if seat is None:
        return "机器人" if zh else "Robot"
    return f"机器人（{seat.name_in('zh')}）" if zh else f"Robot ({seat.name_in('en')})"


def robots_name(count: int, lang: str) -> str:
    """Two or more robots together (a pair of them), where no seat is meant."""
    return "机器人" if lang.startswith("zh") else ("Robots" if count > 1 else "Robot")
