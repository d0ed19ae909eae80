"""Numbers as people type them, read safely: the one parser behind every number the command
line takes (board counts, IMP figures, shares such as ``1/3``).

It accepts ASCII and full-width digits, Chinese numerals for whole numbers (``十六``), a sign
(``-3``, ``−3``, ``+2``), decimals (``0.5``) and, where asked, fractions (``1/3``).  A value that is
not such a number, or that is too long to be one (thousands of digits would otherwise meet
Python's int-string limit, a ``ValueError`` with a traceback), is a ``BridgeError`` that names
the option and quotes the value (cut short if it is long).

>>> read_number("16", "--boards", whole=True), read_number("十六", "--boards", whole=True)
(16, 16)
>>> read_number("-0.5", "--avg-minus"), read_number("1/3", "--carry-fraction", fraction=True)
(Fraction(-1, 2), Fraction(1, 3))
>>> read_number("2.5", "--boards", whole=True)
Traceback (most recent call last):
...
bridgescore.core.errors.BridgeError: --boards '2.5': expected a whole number
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Literal, overload

from .errors import BridgeError
from .text import normalize, parse_int

__all__ = ["MAX_DIGITS", "read_number"]

#: Digits a number may have.  No count or score in bridge comes near it; the limit is what
#: keeps a hostile value from reaching ``int()``.
MAX_DIGITS = 30
_DECIMAL = re.compile(r"(\d+)(?:\.(\d+))?|\.(\d+)")


def _parse(text: str, whole: bool, fraction: bool) -> Fraction | None:
    key = normalize(text).replace(" ", "").replace("−", "-").replace("／", "/")
    if not key or len(key) > 2 * MAX_DIGITS + 3:
        return None
    sign = 1
    if key[0] in "+-":
        sign, key = (-1 if key[0] == "-" else 1), key[1:]
    if fraction and "/" in key:
        top, _, bottom = key.partition("/")
        a, b = _parse(top, False, False), _parse(bottom, False, False)
        if a is None or b is None or b == 0 or top[:1] in "+-" or bottom[:1] in "+-":
            return None
        return sign * a / b
    m = _DECIMAL.fullmatch(key)
    if m is None:
        # Chinese numerals (十六) are whole numbers.
        n = parse_int(key)
        return None if n is None else Fraction(sign * n)
    digits = (m[1] or "") + (m[2] or m[3] or "")
    if len(digits) > MAX_DIGITS:
        return None
    if whole and (m[2] or m[3]) and int(m[2] or m[3]) != 0:
        return None
    value = Fraction(int(m[1] or "0"))
    if m[2] or m[3]:
        frac = m[2] or m[3]
        value += Fraction(int(frac), 10 ** len(frac))
    return sign * value


@overload
def read_number(text: str, what: str, what_zh: str | None = None, *,
                whole: Literal[True], fraction: bool = False, minimum: float | None = None,
                maximum: float | None = None, expected: tuple[str, str] | None = None) -> int: ...
@overload
def read_number(text: str, what: str, what_zh: str | None = None, *,
                whole: Literal[False] = False, fraction: bool = False,
                minimum: float | None = None, maximum: float | None = None,
                expected: tuple[str, str] | None = None) -> Fraction: ...
def read_number(text: str, what: str, what_zh: str | None = None, *, whole: bool = False,
                fraction: bool = False, minimum: float | None = None,
                maximum: float | None = None,
                expected: tuple[str, str] | None = None) -> int | Fraction:
    """``text`` as a whole number (``whole=True``: an ``int``) or an exact ``Fraction``, within
    ``minimum``–``maximum`` when given; ``what`` names the value in the message (an option such
    as ``--boards``, or words: "number of boards" / "牌数"); ``expected`` words what is
    expected, in English and Chinese, when "a number from 0 to 1" would say it less well."""
    value = _parse(str(text), whole, fraction)
    kind_en = "a whole number" if whole else "a number"
    kind_zh = "整数" if whole else "数"
    if minimum is not None and maximum is not None:
        span_en, span_zh = f" from {_show(minimum)} to {_show(maximum)}", \
            f"（{_show(minimum)} 到 {_show(maximum)}）"
    elif minimum is not None:
        span_en, span_zh = f" of at least {_show(minimum)}", f"（不小于 {_show(minimum)}）"
    elif maximum is not None:
        span_en, span_zh = f" of at most {_show(maximum)}", f"（不大于 {_show(maximum)}）"
    else:
        span_en = span_zh = ""
    if value is not None and (minimum is None or value >= Fraction(minimum)) and \
            (maximum is None or value <= Fraction(maximum)):
        return int(value) if whole else value
    example_en = " such as 24, 0.5 or 1/3" if fraction else ""
    example_zh = "，如 24、0.5 或 1/3" if fraction else ""
    zh_name = what_zh if what_zh is not None else what
    if what.startswith("-"):  # an option: --boards 'x'
        head_en, head_zh = f"{what} {text!r}", f"{zh_name} {text!r}"
    else:  # words: invalid number of boards 'x'
        head_en, head_zh = f"invalid {what} {text!r}", f"无效的{zh_name} {text!r}"
    if expected is not None:
        raise BridgeError(f"{head_en}: expected {expected[0]}", f"{head_zh}：应为{expected[1]}")
    raise BridgeError(
        f"{head_en}: expected {kind_en}{span_en}{example_en}",
        f"{head_zh}：应为{kind_zh}{span_zh}{example_zh}",
    )


def _show(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)
