"""Reading the text files users give us: results, tables, session files, standings.

Files written on Chinese Windows are often GB18030 (GBK) rather than UTF-8, so UTF-8 (with or
without a byte-order mark) is tried first and GB18030 second.  Anything else, or a binary file,
is a :class:`FileFormatError` naming the file, never a ``UnicodeDecodeError`` traceback.
"""

from __future__ import annotations

import json
from pathlib import Path

from .errors import FileFormatError
from .i18n import os_error_text

__all__ = ["json_error", "read_text"]

# Control characters never found in a text file; NUL alone decodes in both encodings, so a
# binary file would otherwise pass as text.
_BINARY = frozenset(chr(c) for c in range(32) if chr(c) not in "\t\n\r\f\v\x1a")


def read_text(path: str | Path, what_en: str = "file", what_zh: str = "文件") -> str:
    """The text of ``path`` (UTF-8, UTF-8 with BOM, or GB18030).

    ``what_en``/``what_zh`` name the file in the message when it cannot be read."""
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError as e:
        raise FileFormatError(f"cannot read the {what_en}: {e.strerror or e}",
                              f"无法读取{what_zh}：{os_error_text(e, 'zh')}",
                              path=str(p)) from None
    text = _decode(raw)
    if text is None or any(c in _BINARY for c in text):
        raise FileFormatError(
            f"cannot read the {what_en}: not a text file (expected UTF-8 or GB18030)",
            f"无法读取{what_zh}：不是文本文件（应为 UTF-8 或 GB18030 编码）", path=str(p),
        )
    return text


def _decode(raw: bytes) -> str | None:
    for encoding in ("utf-8-sig", "gb18030"):
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError:
            continue
    return None


def json_error(error: json.JSONDecodeError) -> tuple[str, str]:
    """What is wrong with malformed JSON, in English and Chinese.

    The decoder's own text is English only, so the Chinese names just the place."""
    return (f"invalid JSON: {error.msg} (line {error.lineno}, column {error.colno})",
            f"JSON 格式错误（第{error.lineno}行第{error.colno}列）")
