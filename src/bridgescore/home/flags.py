"""Checking the yes/no arguments of the home tools where they are given.

The core's ``score()`` refuses a vulnerability that is not a real ``bool``; the home tools
check their own flags when they are built, so that the message names the argument the caller
wrote (``we_vulnerable``) rather than surfacing later from inside the scoring.
"""

from __future__ import annotations

from ..core.errors import NotationError
from ..core.text import excerpt

__all__ = ["require_flag"]


def require_flag(value: object, name: str, meaning_en: str, meaning_zh: str) -> bool:
    """``value`` if it is ``True`` or ``False``; otherwise a clear error naming ``name``.

    ``"no"``, ``0`` or ``Vulnerability.NONE`` are refused: read as truthy or falsy they would
    silently give a wrong score.
    """
    if type(value) is bool:
        return value
    hint_en = hint_zh = ""
    if type(value).__name__ == "Vulnerability":
        hint_en = " (this is a board's vulnerability: pass vulnerability.is_vulnerable(seat))"
        hint_zh = "（这是一副牌的局况：请传 局况.is_vulnerable(方位)）"
    raise NotationError(
        f"invalid {name} {excerpt(value)}: expected True or False ({meaning_en}){hint_en}",
        f"无效的 {name} {excerpt(value)}：应为 True 或 False（{meaning_zh}）{hint_zh}",
    )
