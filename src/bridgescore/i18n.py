"""Languages.  Output is English by default; Chinese with ``lang="zh"``."""

from __future__ import annotations

from typing import Literal

from .errors import NotationError

__all__ = ["LANGS", "Lang", "check_lang", "pick"]

Lang = Literal["en", "zh"]
LANGS: tuple[Lang, ...] = ("en", "zh")


def check_lang(lang: str) -> Lang:
    low = lang.strip().lower()
    if low in ("en", "english", "英文", "英语"):
        return "en"
    if low in ("zh", "zh-cn", "zh-hans", "zh_cn", "cn", "chinese", "中文", "汉语"):
        return "zh"
    raise NotationError(
        f"invalid language {lang!r}: expected 'en' or 'zh'",
        f"无效的语言 {lang!r}：应为 'en' 或 'zh'",
    )


def pick(lang: str, en: str, zh: str) -> str:
    """The text for ``lang``: keeps call sites short and both languages side by side."""
    return zh if lang == "zh" else en
