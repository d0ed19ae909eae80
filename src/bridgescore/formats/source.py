"""Where the text of a deal file comes from: a file name, or an open text stream.

A file is read with :func:`bridgescore.formats.textfile.read_text`, the reader every user file goes
through (UTF-8, UTF-8 with a byte-order mark, GB18030, else a clear error).  A ``str`` given
where a file name is expected is always a file name, never file contents: text that was
meant as contents (it holds a line break, or starts the way the format's text does and names
no file) is refused with a message pointing to the function that reads text.

>>> read_source('[Event "Club"]\\n[Board "1"]\\n', "PBN", "pbn")
Traceback (most recent call last):
...
bridgescore.core.errors.FileFormatError: expected the name of a PBN file, got PBN text '[Event "Club"]\\n[Board "1"]\\n': use pbn.loads(text) for text
"""

from __future__ import annotations

import os
from typing import IO

from ..core.errors import FileFormatError
from .textfile import read_text

__all__ = ["read_source", "refuse_path"]

# How the text of each format starts (a file name rarely does, and then only one that exists).
_TEXT_STARTS = {"PBN": ("[", "%", "{", ";"), "LIN": ()}


def _looks_like_text(source: str, kind: str) -> bool:
    if "\n" in source or "\r" in source:
        return True
    head = source.lstrip()
    marked = head.startswith(_TEXT_STARTS[kind]) or (kind == "LIN" and "|" in head)
    # os.path.exists is False (never an error) for a name too long or holding a NUL
    return marked and not os.path.exists(source)


def read_source(source: str | os.PathLike[str] | IO[str], kind: str,
                module: str) -> tuple[str, str | None]:
    """The text of ``source`` and the file name to put in messages.  ``kind`` is the format
    (``PBN``, ``LIN``), ``module`` the name of the module whose ``loads`` reads text."""
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        if not isinstance(path, str):
            raise FileFormatError(f"expected the name of a {kind} file as text, not {path!r}",
                                  f"{kind} 文件名应为文本，而不是 {path!r}")
        if "\x00" in path:
            raise FileFormatError(f"invalid {kind} file name {path[:60]!r}: it holds a NUL character",
                                  f"无效的 {kind} 文件名 {path[:60]!r}：其中含有 NUL 字符")
        if _looks_like_text(path, kind):
            excerpt = repr(path[:60]) + ("…" if len(path) > 60 else "")
            raise FileFormatError(
                f"expected the name of a {kind} file, got {kind} text {excerpt}: "
                f"use {module}.loads(text) for text",
                f"应为 {kind} 文件名，却得到 {kind} 文本 {excerpt}：文本请用 {module}.loads(text) 读取",
            )
        return read_text(path, f"{kind} file", f"{kind} 文件"), path
    read = getattr(source, "read", None)
    if read is None:
        raise FileFormatError(
            f"expected a {kind} file name or an open text file, not {type(source).__name__}",
            f"应为 {kind} 文件名或已打开的文本文件，而不是 {type(source).__name__}")
    text = read()
    name = getattr(source, "name", None)
    name = name if isinstance(name, str) else None
    if not isinstance(text, str):
        raise FileFormatError(
            f"the {kind} file is open in binary mode: open it as text, or give its name",
            f"{kind} 文件是以二进制方式打开的：请以文本方式打开，或直接给出文件名", path=name)
    return text, name


def refuse_path(text: object, kind: str, module: str, path: str | None) -> None:
    """The check at the top of ``loads``: it reads text, and says where a file name goes."""
    if isinstance(text, str):
        return
    if isinstance(text, os.PathLike):
        raise FileFormatError(
            f"{module}.loads reads {kind} text, not a file name ({os.fspath(text)!r}): "
            f"use {module}.load(path) for a file",
            f"{module}.loads 读取的是 {kind} 文本而不是文件名（{os.fspath(text)!r}）："
            f"文件请用 {module}.load(path) 读取", path=path)
    raise FileFormatError(f"{kind} input must be text, not {type(text).__name__}",
                          f"{kind} 输入必须是文本，而不是 {type(text).__name__}", path=path)
