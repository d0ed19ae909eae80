"""Reading the text files users give us: results, tables, session files, standings.

Users' files come in UTF-8 (with or without a byte-order mark), UTF-16 (Excel's "Unicode
text", with a mark or without), GB18030/GBK (Chinese Windows), Big5 (Taiwan, Hong Kong) and
Latin-1/Windows-1252 (Western Windows); an XML file may declare its own encoding.  How the
encoding is told is :mod:`bridgescore.formats.charsets`; when it cannot be, or a file is binary, the
answer is a :class:`FileFormatError` naming the file, never a ``UnicodeDecodeError`` and never
garbled names with success.  ``encoding=`` names the encoding and skips the guessing.

>>> decode_text("王小明".encode("big5")), decode_text("王小明".encode("gb18030"))
('王小明', '王小明')
>>> decode_text("Müller, François".encode("cp1252"))
'Müller, François'
>>> decode_text(b"\\xcd\\xf5", encoding="gbk")
'王'
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from ..core.errors import FileFormatError
from ..core.i18n import os_error_text
from .charsets import Decoded, DecodeProblem, decode, display_name, double_encoded, is_wide

__all__ = ["Decoded", "decode_text", "display_name", "excerpt", "json_error", "read_decoded",
           "read_text"]

# Control characters never found in a text file; NUL alone decodes in every encoding, so a
# binary file would otherwise pass as text.
_BINARY = re.compile("[\x00-\x08\x0e-\x19\x1b-\x1f]")


def read_text(path: str | os.PathLike[str], what_en: str = "file", what_zh: str = "文件", *,
              encoding: str | None = None) -> str:
    """The text of the file at ``path``, its encoding told as the module says.

    ``what_en``/``what_zh`` name the file in the message when it cannot be read."""
    return read_decoded(path, what_en, what_zh, encoding=encoding).text


def read_decoded(path: str | os.PathLike[str], what_en: str = "file", what_zh: str = "文件", *,
                 encoding: str | None = None) -> Decoded:
    """Like :func:`read_text`, with the encoding that read it (``Decoded.encoding``)."""
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError as e:
        raise FileFormatError(f"cannot read the {what_en}: {e.strerror or e}",
                              f"无法读取{what_zh}：{os_error_text(e, 'zh')}",
                              path=str(p)) from None
    return decode_bytes(raw, what_en, what_zh, encoding=encoding, source=str(p))


def decode_text(raw: bytes, what_en: str = "file", what_zh: str = "文件", *,
                encoding: str | None = None, source: str | None = None) -> str:
    """The text of a file's bytes (an upload, say); ``source`` names it in messages."""
    return decode_bytes(raw, what_en, what_zh, encoding=encoding, source=source).text


def decode_bytes(raw: bytes, what_en: str = "file", what_zh: str = "文件", *,
                 encoding: str | None = None, source: str | None = None) -> Decoded:
    wide = is_wide(raw, encoding)
    # Control characters are the same bytes in UTF-8, GB18030, Big5 and Latin-1 (no multi-byte
    # character has a byte below 0x20): a binary file is told before any decoding, and
    # bytes.translate checks 60 MB in milliseconds where a regular expression takes seconds.
    if not wide and raw.translate(None, _TEXT_BYTES):
        m = _BINARY_BYTES.search(raw)
        assert m is not None
        raise _binary(what_en, what_zh, source, m.group()[0], raw.count(b"\n", 0, m.start()) + 1)
    try:
        decoded = decode(raw, encoding)
    except DecodeProblem as e:
        raise FileFormatError(f"cannot read the {what_en}: {e.en}",
                              f"无法读取{what_zh}：{e.zh}", path=source) from None
    if wide:
        found = _BINARY.search(decoded.text)
        if found is not None:
            raise _binary(what_en, what_zh, source, ord(found.group()),
                          decoded.text.count("\n", 0, found.start()) + 1)
    fixed = None if encoding is not None or decoded.text.isascii() else \
        double_encoded(decoded.text)
    if fixed is not None:
        at, meant = _first_change(decoded.text, fixed)
        raise FileFormatError(
            f"cannot read the {what_en}: the text is garbled, UTF-8 read as Latin-1 and saved "
            f"again ({at!r} was {meant!r}); save it again as UTF-8 from the program that made it",
            f"无法读取{what_zh}：文本是乱码，UTF-8 被当作 Latin-1 读入后又保存了"
            f"（{at!r} 原为 {meant!r}）；请用生成它的程序重新另存为 UTF-8", path=source)
    return decoded


def _binary(what_en: str, what_zh: str, source: str | None, code: int,
            line: int) -> FileFormatError:
    return FileFormatError(
        f"cannot read the {what_en}: not a text file (control character U+{code:04X} on line "
        f"{line}; expected text in UTF-8, UTF-16, GB18030, Big5 or Latin-1)",
        f"无法读取{what_zh}：不是文本文件（第{line}行有控制字符 U+{code:04X}；"
        "应为 UTF-8、UTF-16、GB18030、Big5 或 Latin-1 编码的文本）", path=source)


_TEXT_BYTES = bytes(b for b in range(256) if b >= 0x20 or chr(b) in "\t\n\r\f\v\x1a")
_BINARY_BYTES = re.compile(b"[\x00-\x08\x0e-\x19\x1b-\x1f]")


def _first_change(garbled: str, fixed: str) -> tuple[str, str]:
    """An excerpt of the garbled text where it first differs, and what it meant."""
    m = re.search(r"[\u0080-\uffff]+", garbled)
    start = m.start() if m else 0
    cut = garbled[start:start + 12]
    return cut, cut.encode("cp1252", "replace").decode("utf-8", "replace").rstrip("\ufffd")


def excerpt(text: str, limit: int = 40) -> str:
    """``text`` itself when short, else its start and end with the length between: what a
    message quotes of a huge bad value.

    >>> excerpt("9" * 5000)
    '99999999999999999999…(5000 characters)…9999999999'
    """
    if len(text) <= limit:
        return text
    head = limit // 2
    return f"{text[:head]}…({len(text)} characters)…{text[-(limit // 4):]}"


def json_error(error: json.JSONDecodeError) -> tuple[str, str]:
    """What is wrong with malformed JSON, in English and Chinese.

    The decoder's own text is English only, so the Chinese names just the place."""
    return (f"invalid JSON: {error.msg} (line {error.lineno}, column {error.colno})",
            f"JSON 格式错误（第{error.lineno}行第{error.colno}列）")
