"""The two languages and the spellings people type for them: the one parser behind
``i18n.check_lang`` and ``BridgeError.message`` (a module of its own, importing nothing, so that
the errors and the text helpers can both use it without importing each other)."""

from __future__ import annotations

from typing import Literal

__all__ = ["LANGS", "Lang", "parse_lang", "shown"]

Lang = Literal["en", "zh"]
LANGS: tuple[Lang, ...] = ("en", "zh")

_EN = frozenset({"en", "eng", "english", "en-us", "en-gb", "en_us", "en_gb", "英文", "英语"})
# Simplified Chinese only: zh-TW or zh-Hant would be a promise of traditional characters.
_ZH = frozenset({"zh", "zh-cn", "zh-hans", "zh_cn", "zh_hans", "cn", "chinese", "中文", "汉语",
                 "简体中文"})


def parse_lang(lang: object) -> Lang | None:
    """``"en"`` or ``"zh"`` for a language as people write it, ``None`` for anything else."""
    if lang == "en":
        return "en"
    if lang == "zh":
        return "zh"
    if isinstance(lang, str):
        low = lang.strip().lower()
        if low in _EN:
            return "en"
        if low in _ZH:
            return "zh"
    return None


def shown(lang: object) -> str:
    """A value that is not a language, quoted short for a message."""
    if isinstance(lang, str):
        return repr(lang if len(lang) <= 40 else lang[:30] + "…")
    return repr(lang)[:40]
