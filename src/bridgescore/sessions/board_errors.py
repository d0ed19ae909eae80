"""The error about one board of an event, shared by the event model and the checks of
results against seating and movements (in a module of its own, which imports neither, so
that the checks and the model do not import each other)."""

from __future__ import annotations

from ..core.errors import BridgeError, FileFormatError

__all__ = ["board_error"]


def board_error(
    board: int | None, en: str, zh: str, *, source: str | None = None, line: int | None = None
) -> BridgeError:
    """An error naming the board and, when known, the file and line."""
    if board is not None:
        en, zh = f"board {board}: {en}", f"第{board}副：{zh}"
    if source is not None or line is not None:
        return FileFormatError(en, zh, path=source, line=line)
    return BridgeError(en, zh)
