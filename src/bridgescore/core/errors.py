"""One family of errors.  Every message exists in English and Chinese.

``str(error)`` is English (so tracebacks and logs read the same everywhere);
``error.message("zh")`` gives the Chinese text for user-facing output.

A message quotes the input, but never a huge one in full: a quoted value or a number of more
than a few hundred characters is cut to its ends with the length in between
(``'99999…99999' (5000 characters)``), so a hostile value cannot flood a terminal or a log.

:class:`MissingDependencyError` is not a ``BridgeError``: a missing optional package is not
the user's input being wrong (the command line gives it its own exit status, 3).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .langs import parse_lang, shown

if TYPE_CHECKING:
    from .langs import Lang

__all__ = [
    "BridgeError",
    "FileFormatError",
    "IllegalCallError",
    "IllegalPlayError",
    "ImpossibleResultError",
    "InvalidDealError",
    "MissingDependencyError",
    "NotationError",
    "ScaleError",
    "UnlikelyResultError",
    "excerpt",
    "invalid_language",
]

_LONG = 120  # characters of a quoted value kept whole
_HEAD, _TAIL = 40, 12
# A quoted value (as repr() writes it) or a bare run of digits, too long to repeat.
_TOO_LONG = re.compile(rf"'[^'\n]{{{_LONG},}}'|\"[^\"\n]{{{_LONG},}}\"|\d{{{_LONG},}}")


def excerpt(text: str, lang: Lang = "en") -> str:
    """``text`` if it is short, else its first and last characters and its length.

    >>> excerpt("4S N =")
    '4S N ='
    >>> excerpt("9" * 5000)
    '9999999999999999999999999999999999999999…999999999999 (5000 characters)'
    """
    if len(text) <= _LONG:
        return text
    # A quoted value keeps its quotes; the count is of the value itself.
    quote = text[0] if text[0] in "'\"" and text[-1] == text[0] else ""
    inner = text[1:-1] if quote else text
    where = f"（{len(inner)} 个字符）" if lang == "zh" else f" ({len(inner)} characters)"
    return f"{quote}{inner[:_HEAD]}…{inner[-_TAIL:]}{quote}{where}"


def _shorten(message: str, lang: Lang) -> str:
    if len(message) <= _LONG:
        return message
    return _TOO_LONG.sub(lambda m: excerpt(m[0], lang), message)


def _check_lang(lang: object) -> bool:
    """Whether ``lang`` asks for Chinese (``langs.parse_lang``, the one parser); a value that
    is not a language is an error here too."""
    found = parse_lang(lang)
    if found is None:
        raise invalid_language(lang)
    return found == "zh"


def invalid_language(lang: object) -> NotationError:
    """The error for a value that is not a language, in both languages."""
    text = shown(lang)
    return NotationError(
        f"invalid language {text}: expected 'en' (English) or 'zh' (Chinese)",
        f"无效的语言 {text}：应为 'en'（英文）或 'zh'（中文）",
    )


class BridgeError(ValueError):
    """Base of every error bridgescore raises on bad input."""

    def __init__(self, en: str, zh: str | None = None) -> None:
        en = _shorten(en, "en")
        zh = _shorten(zh, "zh") if zh is not None else en
        super().__init__(en)
        self.en = en
        self.zh = zh

    def message(self, lang: Lang = "en") -> str:
        return self.zh if _check_lang(lang) else self.en


class NotationError(BridgeError):
    """Text that is not valid notation for a contract, result, seat, board, …"""


class ImpossibleResultError(NotationError):
    """Well-formed notation describing a result that cannot happen (e.g. ``7S+1``)."""


class UnlikelyResultError(BridgeError):
    """A result the cards allow but other facts make unlikely (贴点: the points held), not
    recorded until it is confirmed; the message says why and how to confirm."""


class ScaleError(BridgeError):
    """A bad IMP or VP scale, or a value outside what a scale accepts."""


class IllegalCallError(BridgeError):
    """A call that the Laws do not allow at that point of the auction."""


class IllegalPlayError(BridgeError):
    """A card that may not be played."""


class InvalidDealError(BridgeError):
    """A deal that is not 52 distinct cards, 13 to each seat."""


class FileFormatError(BridgeError):
    """A malformed file; carries the file name and line number when known."""

    def __init__(
        self, en: str, zh: str | None = None, *, path: str | None = None, line: int | None = None
    ) -> None:
        where = ""
        where_zh = ""
        if path is not None:
            where = f"{path}"
            where_zh = f"{path}"
        if line is not None:
            where = f"{where}:{line}" if where else f"line {line}"
            where_zh = f"{where_zh}:{line}" if where_zh else f"第{line}行"
        if where:
            zh = f"{where_zh}：{zh if zh is not None else en}"
            en = f"{where}: {en}"
        super().__init__(en, zh)
        self.path = path
        self.line = line


class MissingDependencyError(ImportError):
    """An optional package that a feature needs is not installed (or cannot load): the
    double-dummy solver for ``dd``, WeasyPrint for PDF.  ``extra`` names what to install:
    ``pip install 'bridgescore[<extra>]'``."""

    def __init__(self, en: str, zh: str, *, package: str, extra: str) -> None:
        super().__init__(en, name=package)
        self.en = en
        self.zh = zh
        self.package = package
        self.extra = extra

    def message(self, lang: Lang = "en") -> str:
        return self.zh if _check_lang(lang) else self.en
