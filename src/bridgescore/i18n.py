"""Languages.  Output is English by default; Chinese with ``lang="zh"``."""

from __future__ import annotations

import errno
from typing import Literal

from .errors import NotationError

__all__ = ["LANGS", "Lang", "check_lang", "os_error_text", "pick"]

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


def os_error_text(error: OSError, lang: str = "en") -> str:
    """The reason of an ``OSError`` in ``lang`` (``No such file or directory`` / ``文件或目录不存在``)."""
    reason = error.strerror or str(error)
    if lang == "zh":
        return _OS_ZH.get(error.errno or 0, reason)
    return reason
