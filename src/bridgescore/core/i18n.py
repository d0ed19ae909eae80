"""Languages.  Output is English by default; Chinese with ``lang="zh"``.

One parser for the language a user asks for (:func:`check_lang`: ``en``, ``zh`` and the
spellings people type, such as ``chinese`` or ``中文``), used by the command line and by every
library function that takes ``lang``: anything else is a :class:`~bridgescore.core.errors.BridgeError`,
never a silent fall-back to English.  Text is chosen through :func:`pick` or :func:`is_zh`,
which check the language on the way (``"en"`` and ``"zh"`` themselves cost one comparison).
"""

from __future__ import annotations

import errno

from .errors import invalid_language
from .langs import LANGS, Lang, parse_lang

__all__ = ["LANGS", "Lang", "check_lang", "is_zh", "noun", "os_error_text", "pick", "plural",
           "signed"]

def check_lang(lang: object) -> Lang:
    """``"en"`` or ``"zh"`` for a language as people write it; a ``BridgeError`` otherwise.

    >>> check_lang("zh"), check_lang(" Chinese "), check_lang("中文"), check_lang("EN")
    ('zh', 'zh', 'zh', 'en')
    >>> check_lang("fr")
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.NotationError: invalid language 'fr': expected 'en' (English) or 'zh' (Chinese)
    """
    found = parse_lang(lang)
    if found is None:
        raise invalid_language(lang)
    return found


def is_zh(lang: object) -> bool:
    """Whether ``lang`` is Chinese; refuses anything that is not a language."""
    if lang == "zh":
        return True
    if lang == "en":
        return False
    return check_lang(lang) == "zh"


def pick(lang: object, en: str, zh: str) -> str:
    """The text for ``lang``: keeps call sites short and both languages side by side."""
    return zh if is_zh(lang) else en


def plural(n: float, one: str, many: str) -> str:
    """``1 board``, ``2 boards``, ``0 boards``: the English count and noun (Chinese needs none).

    >>> plural(1, "board", "boards"), plural(16, "board", "boards"), plural(0, "deal", "deals")
    ('1 board', '16 boards', '0 deals')
    """
    return f"{n} {noun(n, one, many)}"


def noun(n: float, one: str, many: str) -> str:
    """The English noun for a count: ``noun(1, "IMP", "IMPs")`` is ``IMP``, and -1 IMP too."""
    return one if abs(n) == 1 else many


def signed(n: float, digits: int | None = None) -> str:
    """A signed score or difference as printed in score sheets: ``+420``, ``-50``, and ``0``
    without a sign (a passed-out board or a tie is neither side's score).

    >>> signed(420), signed(-50), signed(0), signed(2.5, 2), signed(-0.001, 2)
    ('+420', '-50', '0', '+2.50', '0.00')
    """
    if digits is not None:
        text = f"{n:+.{digits}f}"
    else:
        text = f"{n:+d}" if isinstance(n, int) else f"{n:+g}"
    # "+0", "-0.00": a zero has no side.
    return text[1:] if text[1:].strip("0.") == "" else text


# Operating-system errors by errno: the system's own text is English only.
_OS_ZH = {
    errno.ENOENT: "文件或目录不存在",
    errno.EACCES: "没有权限",
    errno.EISDIR: "这是一个目录",
    errno.ENOTDIR: "不是目录",
    errno.EEXIST: "已经存在",
    errno.ENOSPC: "磁盘空间不足",
    errno.EROFS: "只读文件系统",
}


def os_error_text(error: OSError, lang: Lang = "en") -> str:
    """The reason of an ``OSError`` in ``lang`` (``No such file or directory`` / ``文件或目录不存在``)."""
    reason = error.strerror or str(error)
    if is_zh(lang):
        return _OS_ZH.get(error.errno or 0, reason)
    return reason
