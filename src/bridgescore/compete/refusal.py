"""What the competition state machines share: the refusal error and the clock checks.

A refused action raises :class:`Refusal`: ``code`` names the reason for programs (as
``table.actions.TableActionError`` does for a table), ``en``/``zh`` say it to people, and the
state the action was applied to is unchanged (states are immutable).

Time is an argument, in seconds on any fixed origin (the web layer passes Unix time).  An
action's time may equal the last one's but never go back: a replayed log then gives the same
state as the live one did.

>>> check_time(5, 7.5)
Traceback (most recent call last):
...
bridgescore.compete.refusal.Refusal: time 5 is before the last action's time 7.5: time cannot go back
"""

from __future__ import annotations

import math

from ..core.errors import BridgeError
from ..core.text import excerpt

__all__ = ["Refusal", "check_duration", "check_time", "hours"]


class Refusal(BridgeError):
    """An action a competition refuses.  ``code`` is stable (programs branch on it);
    ``en``/``zh`` quote the input and say what was expected."""

    def __init__(self, code: str, en: str, zh: str) -> None:
        super().__init__(en, zh)
        self.code = code


def _is_number(value: object) -> bool:
    return (isinstance(value, int | float) and not isinstance(value, bool)
            and math.isfinite(value))


def check_time(now: object, last: float) -> float:
    """``now`` as a float, refused if it is not a finite number or is before ``last``."""
    if not _is_number(now):
        raise Refusal("bad_time", f"invalid time {excerpt(now)}: expected a number of seconds",
                      f"无效的时间 {excerpt(now)}：应为秒数")
    assert isinstance(now, int | float)
    if now < last:
        raise Refusal("time_backwards",
                      f"time {now:g} is before the last action's time {last:g}: time cannot go "
                      "back",
                      f"时间 {now:g} 早于上一操作的时间 {last:g}：时间不能倒退")
    return float(now)


def check_duration(name: str, name_zh: str, value: object, *, optional: bool = False,
                   zero: bool = False) -> None:
    """A setting in seconds: a finite number above 0 (or from 0 with ``zero``); ``None`` too
    when ``optional``."""
    if value is None and optional:
        return
    ok = _is_number(value) and (value >= 0 if zero else value > 0)  # type: ignore[operator]
    if not ok:
        low, low_zh = ("0 or more", "不小于 0") if zero else ("above 0", "大于 0")
        none, none_zh = (" or None (no limit)", "或 None（不限）") if optional else ("", "")
        raise Refusal("bad_settings",
                      f"invalid {name} {excerpt(value)}: expected a number of seconds {low}{none}",
                      f"无效的{name_zh} {excerpt(value)}：应为{low_zh}的秒数{none_zh}")


def hours(seconds: float) -> str:
    """``72`` for 259200 seconds, ``1.5`` for 5400: a duration in a message."""
    return f"{seconds / 3600:g}"
