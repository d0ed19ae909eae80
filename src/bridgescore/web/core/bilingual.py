"""The one rule for a name kept in both languages: the reader's, else the other one."""

from __future__ import annotations


def pick(name_en: str, name_zh: str, lang: str) -> str:
    """``name_zh`` for a Chinese reader (``lang`` 'zh…'), ``name_en`` otherwise; when the
    one wanted is empty, the other."""
    if lang.startswith("zh"):
        return name_zh or name_en
    return name_en or name_zh
