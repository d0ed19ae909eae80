"""Every bad line of a results file in one message: the first in full, the others by number.

The readers (CSV, USEBIO, PBN) go on past a bad result so that the director can mend them all
at once, not one run at a time.

>>> from bridgescore.core.errors import FileFormatError
>>> bad = BadLines()
>>> for n in (3, 7, 9):
...     bad.add(FileFormatError("invalid score 'x'", "无效的得分 'x'", path="r.csv", line=n))
>>> bad.raise_if_any()
Traceback (most recent call last):
...
bridgescore.core.errors.FileFormatError: r.csv:3: invalid score 'x' (and 2 more bad lines: 7, 9)
"""

from __future__ import annotations

from ...core.errors import FileFormatError

__all__ = ["BadLines"]

# Line numbers listed after the first error; the count says how many more there are.
_LISTED = 10


class BadLines:
    """Collects the errors of a file's lines; keeps the first and a few line numbers only, so
    a file of a million bad lines costs no more memory than one of ten."""

    def __init__(self) -> None:
        self.first: FileFormatError | None = None
        self.lines: list[int | None] = []
        self.count = 0

    def add(self, error: FileFormatError) -> None:
        if self.first is None:
            self.first = error
        elif len(self.lines) < _LISTED:
            self.lines.append(error.line)
        self.count += 1

    def __bool__(self) -> bool:
        return self.first is not None

    def raise_if_any(self) -> None:
        first = self.first
        if first is None:
            return
        if self.count == 1:
            raise first
        others = self.count - 1
        more = others > len(self.lines)
        shown = [str(n) for n in self.lines if n is not None]
        listed = ", ".join(shown) + (", …" if more else "")
        listed_zh = "、".join(f"第{n}行" for n in shown) + ("等" if more else "")
        combined = FileFormatError(
            f"{first.en} (and {others} more bad line{'s' if others > 1 else ''}: {listed})",
            f"{first.zh}（另有 {others} 行有误：{listed_zh}）")
        combined.path, combined.line = first.path, first.line
        raise combined
