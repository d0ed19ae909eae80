"""One family of errors.  Every message exists in English and Chinese.

``str(error)`` is English (so tracebacks and logs read the same everywhere);
``error.message("zh")`` gives the Chinese text for user-facing output.
"""

from __future__ import annotations

__all__ = [
    "BridgeError",
    "FileFormatError",
    "IllegalCallError",
    "IllegalPlayError",
    "ImpossibleResultError",
    "InvalidDealError",
    "NotationError",
    "ScaleError",
]


class BridgeError(ValueError):
    """Base of every error bridgescore raises on bad input."""

    def __init__(self, en: str, zh: str | None = None) -> None:
        super().__init__(en)
        self.en = en
        self.zh = zh if zh is not None else en

    def message(self, lang: str = "en") -> str:
        return self.zh if lang == "zh" else self.en


class NotationError(BridgeError):
    """Text that is not valid notation for a contract, result, seat, board, …"""


class ImpossibleResultError(NotationError):
    """Well-formed notation describing a result that cannot happen (e.g. ``7S+1``)."""


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
